# The errors of async code: SyntaxErrors where CPython's compiler reports
# them, and the TypeErrors and RuntimeErrors of misuse.
import warnings

SOURCES = [
    "await x",
    "def f():\n    await x",
    "def f():\n    async with a: pass",
    "def f():\n    async for x in y: pass",
    "async with a: pass",
    "async for x in y: pass",
    "[await x for x in y]",
    "def f():\n    return [x async for x in y]",
    "async def f():\n    yield from x",
    "async def f():\n    yield 1\n    return 2",
    "async def f():\n    lambda: await x",
    "class C:\n    await x",
    "async def f():\n    class C:\n        await x",
    "async def f():\n    def g():\n        await x",
    "async def f():\n    await",
    "async def f():\n    async while x: pass",
    "async x = 1",
]
for src in SOURCES:
    try:
        compile(src, "<src>", "exec")
        print("compiles:", repr(src))
    except SyntaxError as e:
        print(f"{src!r}: {e.msg} (line {e.lineno}, offset {e.offset})")

# these compile
for src in ["async def f():\n    return [await x for x in y]", "async def f():\n    return (x async for x in y)",
            "(await x for x in y)", "async def f():\n    yield 1\n    return"]:
    compile(src, "<src>", "exec")
print("valid forms compile")


def run(coro):
    while True:
        try:
            coro.send(None)
        except StopIteration as stop:
            return stop.value


async def await_int():
    await 5


class NotIterator:
    def __await__(self):
        return 5


class GivesCoroutine:
    def __await__(self):
        return await_int()


class NoAnext:
    def __aiter__(self):
        return self


class BadAnext:
    def __aiter__(self):
        return self

    def __anext__(self):
        return 3


async def cases():
    for label, make in [("int", lambda: await_int()),
                        ("__await__ not an iterator", lambda: _await(NotIterator())),
                        ("__await__ gives a coroutine", lambda: _await(GivesCoroutine())),
                        ("async for int", lambda: _afor(5)),
                        ("no __anext__", lambda: _afor(NoAnext())),
                        ("__anext__ not awaitable", lambda: _afor(BadAnext())),
                        ("async with int", lambda: _awith(5)),
                        ("aiter(int)", lambda: _call(aiter, 1)),
                        ("anext(list)", lambda: _call(anext, [])),
                        ("with over async cm", lambda: _with_sync())]:
        try:
            await make()
        except TypeError as e:
            print(f"{label}: TypeError: {e}")


async def _await(x):
    return await x


async def _afor(x):
    async for _ in x:
        pass


async def _awith(x):
    async with x:
        pass


async def _call(f, *a):
    return f(*a)


class AsyncOnly:
    async def __aenter__(self):
        return self

    async def __aexit__(self, *a):
        pass


async def _with_sync():
    with AsyncOnly():
        pass


run(cases())

c = await_int.__class__
co = _await(3)
co.close()
try:
    co.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)
co = _await(3)
try:
    co.send(1)
except TypeError as e:
    print("TypeError:", e)
co.close()
try:
    iter(_call(len, []))
except TypeError as e:
    print("TypeError:", e)


async def reenter():
    await me


me = reenter()
try:
    me.send(None)
except ValueError as e:
    print("ValueError:", e)
me.close()


async def stop_inside():
    raise StopIteration


try:
    run(stop_inside())
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    _await(1)
print([str(w.message) for w in caught], [w.category.__name__ for w in caught])
warnings.simplefilter("ignore")
_await(2)
print("ignored")
