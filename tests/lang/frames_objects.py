# Frames, tracebacks and code objects as Python objects: sys._getframe,
# f_back/f_locals/f_globals, e.__traceback__ chains, with_traceback,
# add_note, __suppress_context__, a function's __code__ and defaults.
import sys
import types


def f(a, b=2, *args, c, d=4, **kw):
    "doc"
    x = a + b
    return sys._getframe()


fr = f(1, c=3)
co = fr.f_code
print(type(fr).__name__, type(co).__name__, fr is not None)
print(co.co_name, co.co_qualname, co.co_filename, co.co_firstlineno)
print(co.co_varnames, co.co_argcount, co.co_posonlyargcount, co.co_kwonlyargcount)
print(co.co_flags & 4 != 0, co.co_flags & 8 != 0, co.co_nlocals)
print(fr.f_lineno, sorted(fr.f_locals.items()), fr.f_globals is globals())
print(fr.f_back.f_code.co_name, fr.f_back.f_back, fr.f_back.f_locals is globals())
print(fr.f_trace, fr.f_builtins["len"] is len)
fr.f_trace = print
print(fr.f_trace is print)
fr.clear()
print(isinstance(fr, types.FrameType), isinstance(co, types.CodeType))


def outer():
    def inner(v):
        return sys._getframe(1).f_code.co_name, sys._getframe(0).f_code.co_qualname
    return inner(1)


print(outer())
try:
    sys._getframe(500)
except ValueError as e:
    print("ValueError:", e)


def nested():
    y = 1

    def g():
        return y
    return g


print(nested().__code__.co_freevars, nested.__code__.co_cellvars, nested.__code__.co_flags & 16)
print(nested().__code__.co_flags & 16)


def gen():
    yield 1


print(gen.__code__.co_flags & 32 != 0, (lambda: 0).__code__.co_name)
print(f.__defaults__, f.__kwdefaults__, gen.__defaults__, gen.__kwdefaults__)


def ann(x: int, *rest: str, y: "float" = 1.0, **kw: bool) -> list:
    pass


print(ann.__annotations__, gen.__annotations__)
lam = lambda p, *, q=5: p + q
print(lam(1), lam.__kwdefaults__)


def boom(n):
    return [1][n]


def middle():
    return boom(3) + 1


try:
    middle()
except IndexError as e:
    tb = e.__traceback__
    chain = []
    while tb is not None:
        chain.append((tb.tb_frame.f_code.co_name, tb.tb_lineno, tb.tb_frame.f_code.co_filename))
        tb = tb.tb_next
    print(chain)
    print(type(e.__traceback__).__name__, isinstance(e.__traceback__, types.TracebackType))
    t, v, tb = sys.exc_info()
    print(t.__name__, v is e, tb.tb_lineno, sys.exception() is e)
    print(e.__traceback__.tb_frame.f_globals is globals(), e.__traceback__.tb_lasti >= 0)
print(sys.exc_info(), sys.exception())

e2 = ValueError("fresh")
print(e2.__traceback__)
try:
    middle()
except IndexError as e:
    saved = e.__traceback__
e3 = KeyError("k").with_traceback(saved)
print(e3.__traceback__.tb_next.tb_frame.f_code.co_name)
e3.__traceback__ = None
print(e3.__traceback__)
try:
    e3.__traceback__ = 5
except TypeError as err:
    print("TypeError:", err)

try:
    raise ValueError("x") from None
except ValueError as e:
    print(e.__suppress_context__, e.__cause__, e.__context__)
try:
    try:
        raise KeyError("a")
    except KeyError as inner:
        raise RuntimeError("b") from inner
except RuntimeError as e:
    print(e.__suppress_context__, repr(e.__cause__), repr(e.__context__))
e4 = TypeError("t")
print(e4.__suppress_context__)
e4.__suppress_context__ = True
print(e4.__suppress_context__)
try:
    e4.__cause__ = 3
except TypeError as err:
    print("TypeError:", err)

n = ValueError("noted")
n.add_note("first note")
n.add_note("second note")
print(n.__notes__)
try:
    n.add_note(3)
except TypeError as err:
    print("TypeError:", err)


def run_with_note():
    try:
        raise n
    finally:
        pass


try:
    raise OSError("outer") from None
except OSError:
    pass
run_with_note()
