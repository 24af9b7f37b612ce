# asyncio.tasks: Task, which drives a coroutine on the loop, and the
# functions that combine awaitables (gather, wait, wait_for, shield, ...).
#
# A Task steps its coroutine with send()/throw(). What the coroutine
# yields up is the Future it awaits (futures.Future.__await__); the Task
# asks that Future to wake it when done, and steps again with its
# outcome. A bare yield (sleep(0)) just steps again on the next turn.
import functools
import itertools
import weakref

import asyncio.coroutines as coroutines
import asyncio.events as events
import asyncio.exceptions as exceptions
import asyncio.futures as futures
from asyncio.futures import _get_loop

__all__ = ('Task', 'create_task', 'FIRST_COMPLETED', 'FIRST_EXCEPTION', 'ALL_COMPLETED', 'wait', 'wait_for',
           'as_completed', 'sleep', 'gather', 'shield', 'ensure_future', 'run_coroutine_threadsafe',
           'current_task', 'all_tasks', '_register_task', '_unregister_task', '_enter_task', '_leave_task')

FIRST_COMPLETED = 'FIRST_COMPLETED'
FIRST_EXCEPTION = 'FIRST_EXCEPTION'
ALL_COMPLETED = 'ALL_COMPLETED'

_task_name_counter = itertools.count(1).__next__
_all_tasks = weakref.WeakSet()
_current_tasks = {}


def current_task(loop=None):
    """The Task running on loop (the running loop by default), or None."""
    if loop is None:
        loop = events.get_running_loop()
    return _current_tasks.get(loop)


def all_tasks(loop=None):
    """The Tasks of loop that are not done."""
    if loop is None:
        loop = events.get_running_loop()
    return {t for t in list(_all_tasks) if futures._get_loop(t) is loop and not t.done()}


def _register_task(task):
    _all_tasks.add(task)


def _unregister_task(task):
    _all_tasks.discard(task)


def _enter_task(loop, task):
    current = _current_tasks.get(loop)
    if current is not None:
        raise RuntimeError(f'Cannot enter into task {task!r} while another task {current!r} is being executed.')
    _current_tasks[loop] = task


def _leave_task(loop, task):
    current = _current_tasks.get(loop)
    if current is not task:
        raise RuntimeError(f'Leaving task {task!r} does not match the current task {current!r}.')
    del _current_tasks[loop]


def _set_task_name(task, name):
    if name is not None:
        task.set_name(name)


class Task(futures.Future):
    """A coroutine scheduled on the loop, as a Future of its result."""

    _log_destroy_pending = True

    def __init__(self, coro, *, loop=None, name=None, context=None):
        super().__init__(loop=loop)
        if not coroutines.iscoroutine(coro):
            self._log_destroy_pending = False
            raise TypeError(f'a coroutine was expected, got {coro!r}')
        self._name = f'Task-{_task_name_counter()}' if name is None else str(name)
        self._num_cancels_requested = 0
        self._must_cancel = False
        self._fut_waiter = None
        self._coro = coro
        self._context = context
        self._loop.call_soon(self._step)
        _register_task(self)

    def __repr__(self):
        info = [self._state.lower(), f'name={self._name!r}']
        if self._num_cancels_requested and self._state == futures._PENDING:
            info[0] = 'cancelling'
        info.append(f'coro=<{coroutines._format_coroutine(self._coro)}>')
        if self._state == futures._FINISHED:
            if self._exception is not None:
                info.append(f'exception={self._exception!r}')
            else:
                info.append(f'result={futures._reprlib_repr(self._result)}')
        if self._callbacks:
            info.append(futures._format_callbacks(self._callbacks))
        if self._fut_waiter is not None:
            info.append(f'wait_for={self._fut_waiter!r}')
        return '<{} {}>'.format(self.__class__.__name__, ' '.join(info))

    def get_coro(self):
        return self._coro

    def get_context(self):
        return self._context

    def get_name(self):
        return self._name

    def set_name(self, value):
        self._name = str(value)

    def set_result(self, result):
        raise RuntimeError('Task does not support set_result operation')

    def set_exception(self, exception):
        raise RuntimeError('Task does not support set_exception operation')

    def get_stack(self, *, limit=None):
        frame = getattr(self._coro, 'cr_frame', None)
        return [] if frame is None else [frame]

    def print_stack(self, *, limit=None, file=None):
        import sys
        print(f'Stack for {self!r} (most recent call last):', file=file or sys.stderr)

    def cancel(self, msg=None):
        """Asks the coroutine to stop: CancelledError is thrown into it at
        its await. False when the task is done."""
        self._log_traceback = False
        if self.done():
            return False
        self._num_cancels_requested += 1
        if self._fut_waiter is not None and self._fut_waiter.cancel(msg=msg):
            return True
        self._must_cancel = True
        self._cancel_message = msg
        return True

    def cancelling(self):
        return self._num_cancels_requested

    def uncancel(self):
        if self._num_cancels_requested > 0:
            self._num_cancels_requested -= 1
        return self._num_cancels_requested

    def _step(self, exc=None):
        if self.done():
            raise exceptions.InvalidStateError(f'_step(): already done: {self!r}, {exc!r}')
        if self._must_cancel:
            if not isinstance(exc, exceptions.CancelledError):
                exc = self._make_cancelled_error()
            self._must_cancel = False
        self._fut_waiter = None
        _enter_task(self._loop, self)
        try:
            self._step_run(exc)
        finally:
            _leave_task(self._loop, self)
            self = None

    def _step_run(self, exc):
        coro = self._coro
        try:
            result = coro.send(None) if exc is None else coro.throw(exc)
        except StopIteration as stop:
            if self._must_cancel:
                self._must_cancel = False
                super().cancel(msg=self._cancel_message)
            else:
                super().set_result(stop.value)
        except exceptions.CancelledError as cancelled:
            self._cancelled_exc = cancelled
            super().cancel()
        except (KeyboardInterrupt, SystemExit) as fatal:
            super().set_exception(fatal)
            raise
        except BaseException as error:
            super().set_exception(error)
        else:
            self._wait_on(result)

    def _wait_on(self, result):
        """What the coroutine yielded: a Future to wait for, or None."""
        blocking = getattr(result, '_asyncio_future_blocking', None)
        if blocking is not None:
            if futures._get_loop(result) is not self._loop:
                error = RuntimeError(f'Task {self!r} got Future {result!r} attached to a different loop')
            elif not blocking:
                error = RuntimeError(f'yield was used instead of yield from in task {self!r} with {result!r}')
            elif result is self:
                error = RuntimeError(f'Task cannot await on itself: {self!r}')
            else:
                result._asyncio_future_blocking = False
                result.add_done_callback(self._wakeup)
                self._fut_waiter = result
                if self._must_cancel and self._fut_waiter.cancel(msg=self._cancel_message):
                    self._must_cancel = False
                return
        elif result is None:
            self._loop.call_soon(self._step)
            return
        else:
            error = RuntimeError(f'Task got bad yield: {result!r}')
        self._loop.call_soon(self._step, error)

    def _wakeup(self, future):
        try:
            future.result()
        except BaseException as exc:
            self._step(exc)
        else:
            self._step()
        self = None


def create_task(coro, *, name=None, context=None):
    """Schedules coro on the running loop: its Task."""
    loop = events.get_running_loop()
    task = loop.create_task(coro) if context is None else loop.create_task(coro, context=context)
    _set_task_name(task, name)
    return task


def ensure_future(coro_or_future, *, loop=None):
    """A Future for the argument: itself, or a Task of a coroutine, or a
    Task awaiting an awaitable."""
    if futures.isfuture(coro_or_future):
        if loop is not None and loop is not futures._get_loop(coro_or_future):
            raise ValueError('The future belongs to a different loop than the one specified as the loop argument')
        return coro_or_future
    if not coroutines.iscoroutine(coro_or_future):
        if hasattr(type(coro_or_future), '__await__'):
            coro_or_future = _wrap_awaitable(coro_or_future)
        else:
            raise TypeError('An asyncio.Future, a coroutine or an awaitable is required')
    if loop is None:
        loop = events.get_event_loop()
    return loop.create_task(coro_or_future)


async def _wrap_awaitable(awaitable):
    return await awaitable


class _Sleep0:
    """Yields once to the loop: sleep(0)."""

    def __await__(self):
        yield


async def sleep(delay, result=None):
    """Waits delay seconds; returns result."""
    if delay <= 0:
        await _Sleep0()
        return result
    loop = events.get_running_loop()
    future = loop.create_future()
    h = loop.call_later(delay, futures._set_result_unless_cancelled, future, result)
    try:
        return await future
    finally:
        h.cancel()


def _release_waiter(waiter, *args):
    if not waiter.done():
        waiter.set_result(None)


async def _cancel_and_wait(fut, loop):
    waiter = loop.create_future()
    cb = functools.partial(_release_waiter, waiter)
    fut.add_done_callback(cb)
    try:
        fut.cancel()
        await waiter
    finally:
        fut.remove_done_callback(cb)


async def wait_for(fut, timeout):
    """Waits for fut at most timeout seconds: then cancels it and raises
    TimeoutError."""
    loop = events.get_running_loop()
    if timeout is None:
        return await fut
    fut = ensure_future(fut, loop=loop)
    if timeout <= 0:
        if fut.done():
            return fut.result()
        await _cancel_and_wait(fut, loop=loop)
        try:
            return fut.result()
        except exceptions.CancelledError as exc:
            raise exceptions.TimeoutError() from exc
    waiter = loop.create_future()
    timeout_handle = loop.call_later(timeout, _release_waiter, waiter)
    cb = functools.partial(_release_waiter, waiter)
    fut.add_done_callback(cb)
    try:
        try:
            await waiter
        except exceptions.CancelledError:
            if fut.done():
                return fut.result()
            fut.remove_done_callback(cb)
            await _cancel_and_wait(fut, loop=loop)
            raise
        if fut.done():
            return fut.result()
        fut.remove_done_callback(cb)
        await _cancel_and_wait(fut, loop=loop)
        try:
            return fut.result()
        except exceptions.CancelledError as exc:
            raise exceptions.TimeoutError() from exc
    finally:
        timeout_handle.cancel()


async def wait(fs, *, timeout=None, return_when=ALL_COMPLETED):
    """Waits for the futures and tasks in fs: (done, pending) sets."""
    if futures.isfuture(fs) or coroutines.iscoroutine(fs):
        raise TypeError(f'expect a list of futures, not {type(fs).__name__}')
    if not fs:
        raise ValueError('Set of Tasks/Futures is empty.')
    if return_when not in (FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED):
        raise ValueError(f'Invalid return_when value: {return_when}')
    loop = events.get_running_loop()
    fs = set(fs)
    if any(coroutines.iscoroutine(f) for f in fs):
        raise TypeError('Passing coroutines is forbidden, use tasks explicitly.')
    fs = {ensure_future(f, loop=loop) for f in fs}
    return await _wait(fs, timeout, return_when, loop)


async def _wait(fs, timeout, return_when, loop):
    waiter = loop.create_future()
    timeout_handle = loop.call_later(timeout, _release_waiter, waiter) if timeout is not None else None
    counter = len(fs)

    def _on_completion(f):
        nonlocal counter
        counter -= 1
        if (counter <= 0 or return_when == FIRST_COMPLETED
                or return_when == FIRST_EXCEPTION and (not f.cancelled() and f.exception() is not None)):
            if timeout_handle is not None:
                timeout_handle.cancel()
            if not waiter.done():
                waiter.set_result(None)

    for f in fs:
        f.add_done_callback(_on_completion)
    try:
        await waiter
    finally:
        if timeout_handle is not None:
            timeout_handle.cancel()
        for f in fs:
            f.remove_done_callback(_on_completion)
    done, pending = set(), set()
    for f in fs:
        (done if f.done() else pending).add(f)
    return done, pending


def as_completed(fs, *, timeout=None):
    """An iterator of coroutines, each giving the next result to finish."""
    if futures.isfuture(fs) or coroutines.iscoroutine(fs):
        raise TypeError(f'expect an iterable of futures, not {type(fs).__name__}')
    from asyncio.queues import Queue
    done = Queue()
    loop = events._get_running_loop() or events.get_event_loop()
    todo = {ensure_future(f, loop=loop) for f in set(fs)}
    timeout_handle = None

    def _on_timeout():
        for f in todo:
            f.remove_done_callback(_on_completion)
            done.put_nowait(None)
        todo.clear()

    def _on_completion(f):
        if not todo:
            return
        todo.remove(f)
        done.put_nowait(f)
        if not todo and timeout_handle is not None:
            timeout_handle.cancel()

    async def _wait_for_one():
        f = await done.get()
        if f is None:
            raise exceptions.TimeoutError
        return f.result()

    for f in todo:
        f.add_done_callback(_on_completion)
    if todo and timeout is not None:
        timeout_handle = loop.call_later(timeout, _on_timeout)
    for _ in range(len(todo)):
        yield _wait_for_one()


class _GatheringFuture(futures.Future):
    """gather()'s Future: cancelling it cancels its children."""

    def __init__(self, children, *, loop):
        super().__init__(loop=loop)
        self._children = children
        self._cancel_requested = False

    def cancel(self, msg=None):
        if self.done():
            return False
        ret = False
        for child in self._children:
            if child.cancel(msg=msg):
                ret = True
        if ret:
            self._cancel_requested = True
        return ret


def gather(*coros_or_futures, return_exceptions=False):
    """A Future of the list of the awaitables' results, in their order.
    The first exception is its exception, unless return_exceptions puts
    exceptions in the list."""
    if not coros_or_futures:
        loop = events.get_event_loop()
        outer = loop.create_future()
        outer.set_result([])
        return outer
    children, by_arg = [], {}
    loop = None
    for arg in coros_or_futures:
        fut = by_arg.get(id(arg), (None, None))[1]
        if fut is None:
            fut = ensure_future(arg, loop=loop)
            if loop is None:
                loop = futures._get_loop(fut)
            if fut is not arg:
                fut._log_destroy_pending = False
            by_arg[id(arg)] = (arg, fut)
        children.append(fut)
    outer = _GatheringFuture(children, loop=loop)
    unique = {id(f): f for f in children}
    remaining = len(unique)

    def _child_done(fut):
        nonlocal remaining
        remaining -= 1
        if outer.done():
            if not fut.cancelled():
                fut.exception()
            return
        if not return_exceptions:
            if fut.cancelled():
                outer.set_exception(fut._make_cancelled_error())
                return
            exc = fut.exception()
            if exc is not None:
                outer.set_exception(exc)
                return
        if remaining == 0:
            results = []
            for child in children:
                if child.cancelled():
                    msg = child._cancel_message
                    results.append(exceptions.CancelledError('' if msg is None else msg))
                else:
                    exc = child.exception()
                    results.append(child.result() if exc is None else exc)
            if outer._cancel_requested:
                outer.set_exception(fut._make_cancelled_error())
            else:
                outer.set_result(results)

    for f in unique.values():
        f.add_done_callback(_child_done)
    return outer


def shield(arg):
    """Awaits arg without letting a cancellation of the awaiter cancel it."""
    inner = ensure_future(arg)
    if inner.done():
        return inner
    loop = futures._get_loop(inner)
    outer = loop.create_future()

    def _inner_done(inner):
        if outer.cancelled():
            if not inner.cancelled():
                inner.exception()
            return
        if inner.cancelled():
            outer.cancel()
        else:
            exc = inner.exception()
            if exc is not None:
                outer.set_exception(exc)
            else:
                outer.set_result(inner.result())

    def _outer_done(outer):
        if not inner.done():
            inner.remove_done_callback(_inner_done)

    inner.add_done_callback(_inner_done)
    outer.add_done_callback(_outer_done)
    return outer


def run_coroutine_threadsafe(coro, loop):
    """Schedules coro on loop from another thread: a future to wait on."""
    if not coroutines.iscoroutine(coro):
        raise TypeError('A coroutine object is required')
    from asyncio.base_events import _ThreadFuture
    future = _ThreadFuture()

    def callback():
        try:
            task = ensure_future(coro, loop=loop)
        except (SystemExit, KeyboardInterrupt):
            raise
        except BaseException as exc:
            future.set_exception(exc)
            raise
        task.add_done_callback(lambda t: future.cancel() if t.cancelled() else
                               future.set_exception(t.exception()) if t.exception() is not None else
                               future.set_result(t.result()))

    loop.call_soon_threadsafe(callback)
    return future
