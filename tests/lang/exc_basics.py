try:
    1 / 0
except ZeroDivisionError as e:
    print("caught", type(e).__name__, e)
try:
    [][1]
except (KeyError, IndexError) as e:
    print("caught", repr(e))
try:
    {}["k"]
except LookupError as e:
    print("lookup", e, e.args)
finally:
    print("finally")


class MyError(Exception):
    pass


def f():
    raise MyError("custom")


try:
    f()
except Exception as e:
    print(type(e).__name__, str(e), isinstance(e, MyError))
else:
    print("no")
try:
    pass
except Exception:
    print("no")
else:
    print("else runs")


def g():
    try:
        return "from try"
    finally:
        print("finally before return")


print(g())
try:
    try:
        int("x")
    except ValueError:
        raise RuntimeError("wrapped")
except RuntimeError as e:
    print(e, type(e.__context__).__name__)
try:
    undefined_name
except NameError as e:
    print(e)
try:
    None.foo
except AttributeError as e:
    print(e)
try:
    "a" + 1
except TypeError as e:
    print(e)
try:
    assert 1 == 2, "math is broken"
except AssertionError as e:
    print("assert:", e)
