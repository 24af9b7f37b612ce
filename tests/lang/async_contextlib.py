# contextlib's async half: asynccontextmanager (as a factory and a
# decorator), aclosing, AsyncExitStack, nullcontext, and athrow with an
# exception instance.
import asyncio, contextlib

@contextlib.asynccontextmanager
async def resource(name):
    print("open", name)
    try:
        yield name.upper()
    finally:
        print("close", name)

async def gen():
    try:
        yield 1
        yield 2
    finally:
        print("gen closed")

async def main():
    async with resource("a") as r:
        print("using", r)
    try:
        async with resource("b"):
            raise KeyError("x")
    except KeyError as e:
        print("caught", e)
    async with contextlib.aclosing(gen()) as g:
        async for v in g:
            print(v); break
    async with contextlib.AsyncExitStack() as stack:
        x = await stack.enter_async_context(resource("c"))
        stack.push_async_callback(asyncio.sleep, 0)
        stack.callback(print, "sync cb")
        print("stack", x)
    async with contextlib.nullcontext(5) as n:
        print(n)
    @resource("deco")
    async def f():
        print("in f")
    await f()
    print(isinstance(resource("z"), contextlib.AbstractAsyncContextManager))
    try:
        async with contextlib.AsyncExitStack() as stack:
            await stack.enter_async_context(resource("d"))
            raise ValueError("inside stack")
    except ValueError as e:
        print("stack passed on", e)
    try:
        await contextlib.AsyncExitStack().enter_async_context(object())
    except TypeError as e:
        print("TypeError:", e)

    @contextlib.asynccontextmanager
    async def no_yield():
        if False:
            yield
    try:
        async with no_yield():
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)

asyncio.run(main())
