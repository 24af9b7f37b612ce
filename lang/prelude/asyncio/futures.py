# asyncio.futures: Future, a result that arrives later, awaited by yielding
# the Future itself up to the Task that drives the coroutine (tasks.py).
import asyncio.events as events
import asyncio.exceptions as exceptions

__all__ = ('Future', 'wrap_future', 'isfuture')

_PENDING = 'PENDING'
_CANCELLED = 'CANCELLED'
_FINISHED = 'FINISHED'


def isfuture(obj):
    """An asyncio Future, or an object that behaves as one."""
    return hasattr(obj.__class__, '_asyncio_future_blocking') and obj._asyncio_future_blocking is not None


def _format_callbacks(cb):
    size = len(cb)
    names = [events._callback_name(c) for c, _ in cb]
    if size == 0:
        return 'cb=[]'
    if size <= 2:
        return 'cb=[%s]' % ', '.join(names)
    return 'cb=[%s, <%d more>, %s]' % (names[0], size - 2, names[-1])


def _reprlib_repr(value):
    r = repr(value)
    return r if len(r) <= 40 else r[:18] + '...' + r[-19:]


class Future:
    """A result that is set later; `await fut` waits for it."""

    _state = _PENDING
    _result = None
    _exception = None
    _loop = None
    _source_traceback = None
    _cancel_message = None
    _cancelled_exc = None
    _asyncio_future_blocking = False
    __log_traceback = False

    def __init__(self, *, loop=None):
        self._loop = events.get_event_loop() if loop is None else loop
        self._callbacks = []

    def _repr_info(self):
        info = [self._state.lower()]
        if self._state == _FINISHED:
            if self._exception is not None:
                info.append(f'exception={self._exception!r}')
            else:
                info.append(f'result={_reprlib_repr(self._result)}')
        if self._callbacks:
            info.append(_format_callbacks(self._callbacks))
        return info

    def __repr__(self):
        return '<{} {}>'.format(self.__class__.__name__, ' '.join(self._repr_info()))

    def __class_getitem__(cls, item):
        return cls

    @property
    def _log_traceback(self):
        return self.__log_traceback

    @_log_traceback.setter
    def _log_traceback(self, val):
        if val:
            raise ValueError('_log_traceback can only be set to False')
        self.__log_traceback = False

    def get_loop(self):
        loop = self._loop
        if loop is None:
            raise RuntimeError('Future object is not initialized.')
        return loop

    def _make_cancelled_error(self):
        if self._cancelled_exc is not None:
            exc = self._cancelled_exc
            self._cancelled_exc = None
            return exc
        if self._cancel_message is None:
            return exceptions.CancelledError()
        return exceptions.CancelledError(self._cancel_message)

    def cancel(self, msg=None):
        """Cancels a pending future; False when it is done already."""
        self.__log_traceback = False
        if self._state != _PENDING:
            return False
        self._state = _CANCELLED
        self._cancel_message = msg
        self.__schedule_callbacks()
        return True

    def __schedule_callbacks(self):
        callbacks = self._callbacks[:]
        if not callbacks:
            return
        self._callbacks[:] = []
        for callback, ctx in callbacks:
            self._loop.call_soon(callback, self, context=ctx)

    def cancelled(self):
        return self._state == _CANCELLED

    def done(self):
        return self._state != _PENDING

    def result(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise exceptions.InvalidStateError('Result is not set.')
        self.__log_traceback = False
        if self._exception is not None:
            raise self._exception.with_traceback(self._exception_tb)
        return self._result

    def exception(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise exceptions.InvalidStateError('Exception is not set.')
        self.__log_traceback = False
        return self._exception

    def add_done_callback(self, fn, *, context=None):
        """fn(future) runs (through the loop) once the future is done."""
        if self._state != _PENDING:
            self._loop.call_soon(fn, self, context=context)
        else:
            self._callbacks.append((fn, context))

    def remove_done_callback(self, fn):
        filtered = [(f, ctx) for (f, ctx) in self._callbacks if f != fn]
        removed = len(self._callbacks) - len(filtered)
        if removed:
            self._callbacks[:] = filtered
        return removed

    def set_result(self, result):
        if self._state != _PENDING:
            raise exceptions.InvalidStateError(f'{self._state}: {self!r}')
        self._result = result
        self._state = _FINISHED
        self.__schedule_callbacks()

    def set_exception(self, exception):
        if self._state != _PENDING:
            raise exceptions.InvalidStateError(f'{self._state}: {self!r}')
        if isinstance(exception, type):
            exception = exception()
        if type(exception) is StopIteration:
            raise TypeError('StopIteration interacts badly with generators and cannot be raised into a Future')
        self._exception = exception
        self._exception_tb = exception.__traceback__
        self._state = _FINISHED
        self.__schedule_callbacks()
        self.__log_traceback = True

    def __await__(self):
        if not self.done():
            self._asyncio_future_blocking = True
            yield self
        if not self.done():
            raise RuntimeError("await wasn't used with future")
        return self.result()

    __iter__ = __await__


def _get_loop(fut):
    try:
        get_loop = fut.get_loop
    except AttributeError:
        return fut._loop
    return get_loop()


def _set_result_unless_cancelled(fut, result):
    if fut.cancelled():
        return
    fut.set_result(result)


def _set_exception_unless_cancelled(fut, exc):
    if fut.cancelled():
        return
    fut.set_exception(exc)


def _copy_state(dest, source):
    """Copies a done future's outcome into dest (asyncio's or a thread's)."""
    if source.cancelled():
        dest.cancel()
        return
    exc = source.exception()
    if exc is not None:
        dest.set_exception(exc)
    else:
        dest.set_result(source.result())


def wrap_future(future, *, loop=None):
    """An asyncio Future that follows a future from a thread pool."""
    if isfuture(future):
        return future
    if loop is None:
        loop = events.get_event_loop()
    new_future = loop.create_future()

    def _done(source):
        if not loop.is_closed():
            loop.call_soon_threadsafe(lambda: None if new_future.done() else _copy_state(new_future, source))

    def _cancel(dest):
        if dest.cancelled():
            future.cancel()

    new_future.add_done_callback(_cancel)
    future.add_done_callback(_done)
    return new_future
