# contextlib: contextmanager (values, exceptions, cleanup), suppress,
# closing, nullcontext, ExitStack (order, callbacks, pop_all, exceptions),
# redirect_stdout/redirect_stderr, ContextDecorator and chdir.
import contextlib
import io
import os
import sys


@contextlib.contextmanager
def tag(name):
    print("<%s>" % name)
    try:
        yield name.upper()
    except KeyError as e:
        print("caught", repr(e))
    finally:
        print("</%s>" % name)


with tag("a") as t:
    print("inside", t)
with tag("b"):
    raise KeyError("k")
try:
    with tag("c"):
        raise ValueError("v")
except ValueError as e:
    print("outside", e)


@tag("deco")
def work(x):
    print("work", x)
    return x * 2


print(work(3), work(4))


@contextlib.contextmanager
def noyield():
    if False:
        yield


try:
    with noyield():
        pass
except RuntimeError as e:
    print("RuntimeError", e)


@contextlib.contextmanager
def twice():
    yield
    yield


try:
    with twice():
        pass
except RuntimeError as e:
    print("RuntimeError", e)

with contextlib.suppress(KeyError, IndexError):
    [][1]
print("suppressed")
try:
    with contextlib.suppress(KeyError):
        1 / 0
except ZeroDivisionError:
    print("not suppressed")


class Res:
    def __init__(self, name):
        self.name = name

    def close(self):
        print("close", self.name)

    def __enter__(self):
        print("enter", self.name)
        return self

    def __exit__(self, *exc):
        print("exit", self.name, exc[0].__name__ if exc[0] else None)
        return False


with contextlib.closing(Res("r")) as r:
    print("using", r.name)
with contextlib.nullcontext(5) as v:
    print("null", v)
with contextlib.nullcontext() as v:
    print("null", v)

with contextlib.ExitStack() as stack:
    rs = [stack.enter_context(Res(n)) for n in "xyz"]
    stack.callback(print, "callback", 1, end="!\n")
    print("body", [r.name for r in rs])
with contextlib.ExitStack() as stack:
    stack.enter_context(Res("kept"))
    moved = stack.pop_all()
print("after pop_all")
moved.close()


def swallow(*exc):
    print("swallow", exc[0].__name__)
    return True


with contextlib.ExitStack() as stack:
    stack.push(swallow)
    stack.enter_context(Res("inner"))
    raise OSError("boom")
print("swallowed")
try:
    with contextlib.ExitStack() as stack:
        stack.callback(lambda: print("cb runs"))
        stack.enter_context(Res("e"))
        raise TypeError("t")
except TypeError as e:
    print("TypeError", e)
try:
    contextlib.ExitStack().enter_context(object())
except TypeError as e:
    print("TypeError", e)

buf = io.StringIO()
with contextlib.redirect_stdout(buf) as target:
    print("to buffer")
    print(target is buf)
print("captured", repr(buf.getvalue()))
err = io.StringIO()
with contextlib.redirect_stderr(err):
    print("to stderr", file=sys.stderr)
    sys.stderr.write("written\n")
print("captured", repr(err.getvalue()))
print("back", sys.stdout is sys.__stdout__)


class Deco(contextlib.ContextDecorator):
    def __enter__(self):
        print("deco enter")
        return self

    def __exit__(self, *exc):
        print("deco exit")
        return False


@Deco()
def decorated():
    print("decorated body")


decorated()


class Mine(contextlib.AbstractContextManager):
    def __exit__(self, *exc):
        print("mine exit")


with Mine() as m:
    print(type(m).__name__)

here = os.getcwd()
with contextlib.chdir("/tmp"):
    print(os.getcwd())
print(os.getcwd() == here)
