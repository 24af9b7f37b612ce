# asyncio.threads: to_thread, a blocking call in the loop's thread pool.
import functools

import asyncio.events as events

__all__ = ('to_thread',)


async def to_thread(func, /, *args, **kwargs):
    """Runs func(*args, **kwargs) in a thread and awaits its result."""
    loop = events.get_running_loop()
    return await loop.run_in_executor(None, functools.partial(func, *args, **kwargs))
