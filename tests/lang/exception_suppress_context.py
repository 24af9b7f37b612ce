# raise ... from: __cause__, __context__ and __suppress_context__, their setters and errors, and
# the traceback of `raise ... from None`, as CPython 3.11.
import sys
def show(f):
    try:
        f()
    except BaseException as e:
        print(repr(e), repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
def a():
    try:
        {}["k"]
    except KeyError:
        raise ValueError("v") from None
def b():
    try:
        {}["k"]
    except KeyError as k:
        raise ValueError("v") from k
def c():
    raise ValueError("v") from TypeError
def d():
    raise ValueError("v") from 5
show(a); show(b); show(c); show(d)
e = ValueError()
e.__cause__ = KeyError(1)
print(e.__suppress_context__)
e.__suppress_context__ = False
print(e.__suppress_context__)
try:
    e.__context__ = 5
except TypeError as t:
    print(t)
try:
    e.__cause__ = "x"
except TypeError as t:
    print(t)
a()
