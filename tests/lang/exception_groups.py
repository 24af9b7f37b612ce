# ExceptionGroup and BaseExceptionGroup (PEP 654): construction and its
# checks, message/exceptions, split/subgroup/derive with their metadata,
# subclasses, notes, and the boxed traceback of a group.
import traceback


def attempt(f):
    try:
        r = f()
        print(type(r).__name__, repr(r))
    except Exception as e:
        print(type(e).__name__, e)


print("-- construction")
attempt(lambda: ExceptionGroup("a"))
attempt(lambda: ExceptionGroup("a", [], 3))
attempt(lambda: ExceptionGroup(1, [ValueError()]))
attempt(lambda: ExceptionGroup("a", 5))
attempt(lambda: ExceptionGroup("a", {1: 2}))
attempt(lambda: ExceptionGroup("a", []))
attempt(lambda: ExceptionGroup("a", [ValueError(), 2]))
attempt(lambda: ExceptionGroup("a", [KeyboardInterrupt()]))
attempt(lambda: BaseExceptionGroup("a", [KeyboardInterrupt()]))
attempt(lambda: BaseExceptionGroup("a", (ValueError(),)))
attempt(lambda: ExceptionGroup("a", [ValueError()], x=1))
print(ExceptionGroup.__mro__)
print(BaseExceptionGroup.__mro__, ExceptionGroup.__bases__)
print(issubclass(ExceptionGroup, Exception), issubclass(BaseExceptionGroup, Exception))

print("-- attributes")
eg = ExceptionGroup("eg", [ValueError(1), TypeError(2)])
print(str(eg), repr(eg))
print(eg.args, eg.message, eg.exceptions, type(eg.exceptions).__name__)
print(str(ExceptionGroup("x", [ValueError()])))
print(vars(eg))
attempt(lambda: setattr(eg, "message", 3))
attempt(lambda: setattr(eg, "exceptions", 3))
print(ExceptionGroup[int])

print("-- split and subgroup")
attempt(lambda: eg.split(3))
attempt(lambda: eg.subgroup(int))
attempt(lambda: eg.split(ValueError))
attempt(lambda: eg.split((ValueError, TypeError)))
attempt(lambda: eg.split(lambda x: isinstance(x, TypeError)))
attempt(lambda: eg.subgroup(KeyError))
attempt(lambda: eg.derive([KeyboardInterrupt()]))
print(eg.split(ExceptionGroup)[0] is eg, eg.subgroup(lambda x: True) is eg)
print(eg.subgroup(lambda x: not isinstance(x, ExceptionGroup)) is eg)

nested = ExceptionGroup("top", [ValueError("a"), ExceptionGroup("mid", [TypeError("b"), ValueError("c")]),
                                KeyError("d")])
m, r = nested.split(ValueError)
print(repr(m))
print(repr(r))
print(repr(nested.subgroup(lambda e: isinstance(e, ExceptionGroup) and e.message == "mid")))

print("-- metadata of the parts")
try:
    try:
        raise KeyError("ctx")
    except KeyError:
        raise ExceptionGroup("meta", [ValueError(1), TypeError(2)]) from OSError("cause")
except ExceptionGroup as e:
    e.add_note("note one")
    caught = e
m, r = caught.split(ValueError)
for part in (m, r):
    print(repr(part), repr(part.__cause__), repr(part.__context__), part.__notes__,
          part.__traceback__ is not None, part.__suppress_context__)
print(m.__notes__ is not caught.__notes__, m.__notes__ is not r.__notes__)

print("-- subclasses")


class MyGroup(ExceptionGroup):
    def __new__(cls, message, excs, code):
        self = super().__new__(cls, message, excs)
        self.code = code
        return self

    def __init__(self, message, excs, code):
        super().__init__(message, excs)

    def derive(self, excs):
        return MyGroup(self.message, excs, self.code)


g = MyGroup("mine", [ValueError(1), TypeError(2)], 42)
m, r = g.split(ValueError)
print(type(m).__name__, m.code, repr(m.exceptions), type(r).__name__, r.code)


class Plain(ExceptionGroup):
    pass


m, r = Plain("p", [ValueError(1), TypeError(2)]).split(TypeError)
print(type(m).__name__, type(r).__name__)
attempt(lambda: Plain("p", [KeyboardInterrupt()]))


class BaseG(BaseExceptionGroup):
    pass


print(repr(BaseG("b", [ValueError()])), repr(BaseG("b", [SystemExit()])))


class BadDerive(ExceptionGroup):
    def derive(self, excs):
        return 3


attempt(lambda: BadDerive("bad", [ValueError(), TypeError()]).split(ValueError))

print("-- notes on any exception")
e = ValueError("v")
e.add_note("first")
e.add_note("second")
print(e.__notes__)
attempt(lambda: e.add_note(3))
print(hasattr(KeyError(), "__notes__"))

print("-- catching a group with except")
try:
    raise ExceptionGroup("caught", [OSError(1)])
except Exception as e:
    print(type(e).__name__, e)
try:
    raise BaseExceptionGroup("base", [KeyboardInterrupt()])
except Exception:
    print("not here")
except BaseException as e:
    print(type(e).__name__, e)

print("-- printed")


def leaf():
    raise ValueError("deep")


def make():
    try:
        leaf()
    except ValueError as e:
        e.add_note("a note")
        inner = ExceptionGroup("inner", [e, KeyError("k")])
    raise ExceptionGroup("outer", [inner, TypeError(2)] + [OSError(i) for i in range(16)])


try:
    make()
except ExceptionGroup as e:
    print("".join(traceback.format_exception(e)), end="")
    traceback.print_exception(e, limit=1)
deep = ValueError("bottom")
for i in range(12):
    deep = ExceptionGroup(f"level {i}", [deep])
traceback.print_exception(deep)
print("".join(traceback.format_exception_only(eg)), end="")
try:
    raise ExceptionGroup("uncaught", [ValueError(1), ExceptionGroup("sub", [TypeError(2)])])
except ExceptionGroup as e:
    raise RuntimeError("while handling") from e
