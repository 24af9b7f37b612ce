# asyncio.coroutines: what asyncio takes for a coroutine.
import collections.abc
import inspect

__all__ = ('iscoroutinefunction', 'iscoroutine')

_is_coroutine = object()


def iscoroutinefunction(func):
    """A coroutine function: async def, or marked by asyncio."""
    return inspect.iscoroutinefunction(func) or getattr(func, '_is_coroutine', None) is _is_coroutine


def iscoroutine(obj):
    """A coroutine object (or anything registered as a Coroutine)."""
    return type(obj).__name__ == 'coroutine' or isinstance(obj, collections.abc.Coroutine)


def _format_coroutine(coro):
    name = getattr(coro, '__qualname__', None) or getattr(coro, '__name__', None) or type(coro).__name__
    code = getattr(coro, 'cr_code', None)
    frame = getattr(coro, 'cr_frame', None)
    filename = code.co_filename if code is not None else '<unknown>'
    if frame is not None:
        return f'{name}() running at {filename}:{frame.f_lineno}'
    lineno = code.co_firstlineno if code is not None else 0
    return f'{name}() done, defined at {filename}:{lineno}'
