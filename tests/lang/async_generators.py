# Async generators: async for over them, asend/athrow/aclose, finally
# blocks, async generator expressions, and their types.
import collections.abc as cabc
import inspect
import re
import types


def masked(obj):
    return re.sub(r"0x[0-9a-f]+", "0x...", repr(obj))


class Pause:
    def __await__(self):
        yield "pause"


def run(coro):
    """Drives coro, answering every pause with None; its result."""
    while True:
        try:
            coro.send(None)
        except StopIteration as stop:
            return stop.value


async def ticker(n):
    try:
        for i in range(n):
            await Pause()
            got = yield i
            if got is not None:
                print("  sent", got)
    finally:
        print("  ticker cleanup")


ag = ticker(3)
print(type(ag).__name__, masked(ag), inspect.isasyncgen(ag), inspect.isasyncgenfunction(ticker))
print(isinstance(ag, cabc.AsyncGenerator), isinstance(ag, cabc.AsyncIterator), isinstance(ag, types.AsyncGeneratorType))
print(ag.__aiter__() is ag, ag.ag_running, ag.__name__, masked(ag.__anext__()))


async def consume():
    out = []
    async for v in ticker(3):
        out.append(v)
    return out


print(run(consume()))


async def protocol():
    g = ticker(5)
    print("  first", await g.asend(None))
    print("  second", await g.asend("hello"))
    print("  anext", await g.__anext__())
    try:
        await g.athrow(ValueError("boom"))
    except ValueError as e:
        print("  athrow raised", e)
    try:
        await g.__anext__()
    except StopAsyncIteration:
        print("  exhausted")
    g2 = ticker(5)
    await g2.__anext__()
    await g2.aclose()
    print("  closed", g2.ag_frame)
    await g2.aclose()
    try:
        await g2.asend(None)
    except StopAsyncIteration:
        print("  closed generator stops")
    return "ok"


print(run(protocol()))


async def catcher():
    while True:
        try:
            yield "value"
        except KeyError:
            yield "caught KeyError"


async def throw_and_catch():
    g = catcher()
    print("  ", await g.__anext__())
    print("  ", await g.athrow(KeyError))
    await g.aclose()


run(throw_and_catch())


async def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2


async def ignore_exit():
    g = stubborn()
    await g.__anext__()
    try:
        await g.aclose()
    except RuntimeError as e:
        print("  RuntimeError:", e)


run(ignore_exit())


async def comprehensions():
    squares = [x * x async for x in ticker(4)]
    evens = {x async for x in ticker(6) if x % 2 == 0}
    pairs = [(x, y) async for x in ticker(2) for y in "ab"]
    gen = (x + 100 async for x in ticker(3))
    print("  genexpr", type(gen).__name__, [v async for v in gen])
    return squares, sorted(evens), pairs


print(run(comprehensions()))


async def early_exit():
    async for v in ticker(10):
        if v == 1:
            break
    return "broke out"


print(run(early_exit()))


async def raises_stop():
    yield 1
    raise StopAsyncIteration


async def bad():
    try:
        async for _ in raises_stop():
            pass
    except RuntimeError as e:
        print("  RuntimeError:", e)


run(bad())


async def anext_default():
    g = ticker(1)
    print("  ", await anext(g, "none"), await anext(g, "none"))
    try:
        await anext(g)
    except StopAsyncIteration:
        print("  StopAsyncIteration")


run(anext_default())
