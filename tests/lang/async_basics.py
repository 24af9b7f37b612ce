# async def, await, coroutine objects and their methods, async with,
# async for over classes, aiter/anext, types.coroutine, inspect and
# collections.abc on coroutines.
import collections.abc as cabc
import inspect
import re
import types


def masked(obj):
    return re.sub(r"0x[0-9a-f]+", "0x...", repr(obj))


async def add_one(x):
    return x + 1


coro = add_one(1)
print(type(coro).__name__, masked(coro))
print(inspect.iscoroutinefunction(add_one), inspect.iscoroutine(coro), inspect.isawaitable(coro))
print(isinstance(coro, cabc.Coroutine), isinstance(coro, cabc.Awaitable), isinstance(coro, types.CoroutineType))
print(coro.cr_running, coro.cr_await, coro.cr_code.co_name, coro.__name__, coro.__qualname__)
try:
    coro.send(None)
except StopIteration as e:
    print("returned", e.value, coro.cr_frame)
try:
    coro.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)


class Ticket:
    """An awaitable: __await__ is a generator."""

    def __init__(self, n):
        self.n = n

    def __await__(self):
        got = yield ("ticket", self.n)
        return (got or 0) * 10


async def chain():
    a = await Ticket(1)
    b = await Ticket(2)
    c = await add_one(a + b)
    return [a, b, c]


def drive(coro, replies):
    """Runs coro by hand: each value it yields up is answered from replies."""
    replies = iter(replies)
    value = None
    while True:
        try:
            out = coro.send(value)
        except StopIteration as stop:
            return stop.value
        print("  yielded", out)
        value = next(replies)


print(drive(chain(), [1, 2]))


async def with_throw():
    try:
        await Ticket(5)
    except KeyError as e:
        print("  caught", repr(e))
        return "recovered"


c = with_throw()
print(c.send(None))
try:
    c.throw(KeyError("k"))
except StopIteration as e:
    print("throw ->", e.value)


async def with_finally():
    try:
        await Ticket(7)
    finally:
        print("  finally ran")


c = with_finally()
c.send(None)
print("suspended", c.cr_suspended if hasattr(c, "cr_suspended") else None, masked(c.cr_await))
c.close()
print("closed", c.cr_frame)


class Resource:
    def __init__(self, name, swallow=False):
        self.name = name
        self.swallow = swallow

    async def __aenter__(self):
        await Ticket(0)
        print("  enter", self.name)
        return self.name.upper()

    async def __aexit__(self, et, e, tb):
        print("  exit", self.name, et.__name__ if et else None)
        return self.swallow


class Countdown:
    def __init__(self, n):
        self.n = n

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self.n == 0:
            raise StopAsyncIteration
        self.n -= 1
        return self.n


async def protocols():
    async with Resource("a") as a, Resource("b") as b:
        print("  inside", a, b)
    async with Resource("quiet", swallow=True):
        raise ValueError("swallowed")
    try:
        async with Resource("loud"):
            raise ValueError("propagates")
    except ValueError as e:
        print("  got", e)
    out = []
    async for i in Countdown(3):
        out.append(i)
    else:
        out.append("else")
    print("  countdown", out)
    it = aiter(Countdown(2))
    print("  anext", await anext(it), await anext(it), await anext(it, "done"))
    print("  comprehension", [i * i async for i in Countdown(4) if i % 2 == 0])
    print("  await in comprehension", [await add_one(i) for i in range(3)])
    print("  dict", {i: await add_one(i) async for i in Countdown(2)})
    return "protocols done"


print(drive(protocols(), [None] * 10))


@types.coroutine
def legacy():
    got = yield "legacy"
    return got


async def uses_legacy():
    return await legacy()


print(drive(uses_legacy(), ["answer"]))


class Method:
    async def m(self, x):
        return x * 2

    @staticmethod
    async def s():
        return "static"


obj = Method()
print(inspect.iscoroutinefunction(Method.m), inspect.iscoroutinefunction(obj.m), drive(obj.m(21), []))
print(drive(Method.s(), []), Method.m.__qualname__, obj.m(1).__qualname__)
print(add_one.__code__.co_flags & 0x80 != 0, inspect.isasyncgenfunction(add_one))


async def nested():
    async def inner(v):
        return v + "!"
    return await inner("hi")


print(drive(nested(), []))
add_one(5)  # never awaited: RuntimeWarning on stderr
print("end")
