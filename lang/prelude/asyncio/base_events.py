# asyncio.base_events: the event loop.
#
# Note [A loop without select]
# cgrad has no sockets or select(), so the loop waits on time alone: a
# queue of ready callbacks, a heap of timers, and a condition variable that
# call_soon_threadsafe() signals, so that work finished in threads
# (run_in_executor, to_thread) wakes the loop at once. Each turn runs the
# callbacks that are ready when it starts, then sleeps until the next timer
# or the next signal.
import collections
import heapq
import os
import threading
import time

import asyncio.coroutines as coroutines
import asyncio.events as events
import asyncio.exceptions as exceptions
import asyncio.futures as futures
from asyncio.log import logger

__all__ = ('BaseEventLoop', 'Server')

# a cancelled timer is dropped from the heap once this many have piled up
_MIN_SCHEDULED_TIMER_HANDLES = 100
_MIN_CANCELLED_TIMER_HANDLES_FRACTION = 0.5
# the longest one wait lasts, so that Ctrl-C is seen
_MAXIMUM_WAIT = 0.1


def _run_until_complete_cb(fut):
    if not fut.cancelled():
        exc = fut.exception()
        if isinstance(exc, (SystemExit, KeyboardInterrupt)):
            return
    futures._get_loop(fut).stop()


class _WorkItem:
    __slots__ = ('fn', 'future')

    def __init__(self, fn, future):
        self.fn = fn
        self.future = future


class _ThreadFuture:
    """What _DefaultExecutor.submit returns: a thread's result, with the
    methods asyncio and its users call on it."""

    def __init__(self):
        self._done = threading.Event()
        self._result = None
        self._exception = None
        self._cancelled = False
        self._callbacks = []
        self._lock = threading.Lock()

    def _finish(self, result=None, exception=None, cancelled=False):
        with self._lock:
            if self._done.is_set():
                return False
            self._result, self._exception, self._cancelled = result, exception, cancelled
            self._done.set()
            callbacks, self._callbacks = self._callbacks, []
        for cb in callbacks:
            cb(self)
        return True

    def set_result(self, result):
        self._finish(result=result)

    def set_exception(self, exception):
        self._finish(exception=exception)

    def cancel(self):
        return self._finish(cancelled=True) or self._cancelled

    def cancelled(self):
        return self._cancelled

    def running(self):
        return False

    def done(self):
        return self._done.is_set()

    def add_done_callback(self, fn):
        with self._lock:
            if not self._done.is_set():
                self._callbacks.append(fn)
                return
        fn(self)

    def result(self, timeout=None):
        if not self._done.wait(timeout):
            raise TimeoutError()
        if self._cancelled:
            raise exceptions.CancelledError()
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self, timeout=None):
        if not self._done.wait(timeout):
            raise TimeoutError()
        if self._cancelled:
            raise exceptions.CancelledError()
        return self._exception


class _DefaultExecutor:
    """A pool of worker threads (concurrent.futures is not here): what
    run_in_executor(None, ...) and to_thread use."""

    def __init__(self, max_workers=None):
        self._max_workers = max_workers or min(32, (os.cpu_count() or 1) + 4)
        self._queue = collections.deque()
        self._cond = threading.Condition()
        self._threads = []
        self._idle = 0
        self._shutdown = False

    def submit(self, fn, *args, **kwargs):
        fut = _ThreadFuture()
        with self._cond:
            if self._shutdown:
                raise RuntimeError('cannot schedule new futures after shutdown')
            self._queue.append(_WorkItem(lambda: fn(*args, **kwargs), fut))
            if self._idle == 0 and len(self._threads) < self._max_workers:
                t = threading.Thread(target=self._worker, name=f'asyncio_{len(self._threads)}', daemon=True)
                self._threads.append(t)
                t.start()
            else:
                self._cond.notify()
        return fut

    def _worker(self):
        while True:
            with self._cond:
                while not self._queue and not self._shutdown:
                    self._idle += 1
                    self._cond.wait()
                    self._idle -= 1
                if not self._queue:
                    return
                item = self._queue.popleft()
            try:
                r = item.fn()
            except BaseException as exc:
                item.future.set_exception(exc)
            else:
                item.future.set_result(r)

    def shutdown(self, wait=True, *, cancel_futures=False):
        with self._cond:
            self._shutdown = True
            if cancel_futures:
                while self._queue:
                    self._queue.popleft().future.cancel()
            self._cond.notify_all()
        if wait:
            for t in self._threads:
                t.join()


class Server(events.AbstractServer):
    """A server (no sockets here: never serving)."""

    def __init__(self, loop):
        self._loop = loop

    def get_loop(self):
        return self._loop

    def is_serving(self):
        return False

    def close(self):
        pass

    async def wait_closed(self):
        pass


class BaseEventLoop(events.AbstractEventLoop):
    """The event loop (Note [A loop without select])."""

    def __init__(self):
        self._timer_cancelled_count = 0
        self._closed = False
        self._stopping = False
        self._ready = collections.deque()
        self._scheduled = []
        self._default_executor = None
        self._internal_fds = 0
        self._thread_id = None
        self._clock_resolution = 1e-09
        self._exception_handler = None
        self._debug = False
        self.slow_callback_duration = 0.1
        self._current_handle = None
        self._task_factory = None
        self._coroutine_origin_tracking_enabled = False
        self._asyncgens = set()
        self._asyncgens_shutdown_called = False
        self._executor_shutdown_called = False
        self._wakeup = threading.Condition()
        self._threadsafe = collections.deque()

    def __repr__(self):
        return f'<{self.__class__.__name__} running={self.is_running()} closed={self.is_closed()} ' \
               f'debug={self.get_debug()}>'

    def create_future(self):
        return futures.Future(loop=self)

    def create_task(self, coro, *, name=None, context=None):
        self._check_closed()
        if self._task_factory is None:
            import asyncio.tasks as tasks
            task = tasks.Task(coro, loop=self, name=name, context=context)
        else:
            task = self._task_factory(self, coro) if context is None else \
                self._task_factory(self, coro, context=context)
            if name is not None:
                task.set_name(name)
        return task

    def set_task_factory(self, factory):
        if factory is not None and not callable(factory):
            raise TypeError('task factory must be a callable or None')
        self._task_factory = factory

    def get_task_factory(self):
        return self._task_factory

    def _check_closed(self):
        if self._closed:
            raise RuntimeError('Event loop is closed')

    def _check_running(self):
        if self.is_running():
            raise RuntimeError('This event loop is already running')
        if events._get_running_loop() is not None:
            raise RuntimeError('Cannot run the event loop while another loop is running')

    def run_forever(self):
        """Runs turns of the loop until stop() is called."""
        self._check_closed()
        self._check_running()
        self._thread_id = threading.get_ident()
        events._set_running_loop(self)
        try:
            while True:
                self._run_once()
                if self._stopping:
                    break
        finally:
            self._stopping = False
            self._thread_id = None
            events._set_running_loop(None)

    def run_until_complete(self, future):
        """Runs until the future (or coroutine, made a Task) is done; its result."""
        self._check_closed()
        self._check_running()
        new_task = not futures.isfuture(future)
        import asyncio.tasks as tasks
        future = tasks.ensure_future(future, loop=self)
        if new_task:
            future._log_destroy_pending = False
        future.add_done_callback(_run_until_complete_cb)
        try:
            self.run_forever()
        except BaseException:
            if new_task and future.done() and not future.cancelled():
                future.exception()
            raise
        finally:
            future.remove_done_callback(_run_until_complete_cb)
        if not future.done():
            raise RuntimeError('Event loop stopped before Future completed.')
        return future.result()

    def stop(self):
        self._stopping = True

    def close(self):
        if self.is_running():
            raise RuntimeError('Cannot close a running event loop')
        if self._closed:
            return
        self._closed = True
        self._ready.clear()
        self._scheduled.clear()
        self._executor_shutdown_called = True
        executor = self._default_executor
        if executor is not None:
            self._default_executor = None
            executor.shutdown(wait=False)

    def is_closed(self):
        return self._closed

    def is_running(self):
        return self._thread_id is not None

    def time(self):
        return time.monotonic()

    def call_later(self, delay, callback, *args, context=None):
        if delay is None:
            raise TypeError('delay must not be None')
        return self.call_at(self.time() + delay, callback, *args, context=context)

    def call_at(self, when, callback, *args, context=None):
        if when is None:
            raise TypeError('when cannot be None')
        self._check_closed()
        timer = events.TimerHandle(when, callback, args, self, context)
        heapq.heappush(self._scheduled, timer)
        timer._scheduled = True
        return timer

    def call_soon(self, callback, *args, context=None):
        self._check_closed()
        if coroutines.iscoroutine(callback) or coroutines.iscoroutinefunction(callback):
            raise TypeError('coroutines cannot be used with call_soon()')
        handle = events.Handle(callback, args, self, context)
        self._ready.append(handle)
        return handle

    def call_soon_threadsafe(self, callback, *args, context=None):
        """call_soon from any thread: it wakes a waiting loop."""
        self._check_closed()
        handle = events.Handle(callback, args, self, context)
        with self._wakeup:
            self._threadsafe.append(handle)
            self._wakeup.notify()
        return handle

    def run_in_executor(self, executor, func, *args):
        """func(*args) in a thread; an asyncio Future of its result."""
        self._check_closed()
        if coroutines.iscoroutine(func) or coroutines.iscoroutinefunction(func):
            raise TypeError('coroutines cannot be used with run_in_executor()')
        if executor is None:
            executor = self._default_executor
            if executor is None:
                if self._executor_shutdown_called:
                    raise RuntimeError('Executor shutdown has been called')
                executor = self._default_executor = _DefaultExecutor()
        return futures.wrap_future(executor.submit(func, *args), loop=self)

    def set_default_executor(self, executor):
        if not hasattr(executor, 'submit'):
            raise TypeError('executor must be ThreadPoolExecutor')
        self._default_executor = executor

    async def shutdown_default_executor(self):
        self._executor_shutdown_called = True
        if self._default_executor is None:
            return
        future = self.create_future()
        executor = self._default_executor

        def _shutdown():
            try:
                executor.shutdown(wait=True)
                if not self.is_closed():
                    self.call_soon_threadsafe(futures._set_result_unless_cancelled, future, None)
            except Exception as ex:
                if not self.is_closed():
                    self.call_soon_threadsafe(futures._set_exception_unless_cancelled, future, ex)

        threading.Thread(target=_shutdown).start()
        try:
            await future
        finally:
            self._default_executor = None

    def _asyncgen_finalizer_hook(self, agen):
        self._asyncgens.discard(agen)
        if not self.is_closed():
            self.call_soon_threadsafe(self.create_task, agen.aclose())

    def _asyncgen_firstiter_hook(self, agen):
        self._asyncgens.add(agen)

    async def shutdown_asyncgens(self):
        self._asyncgens_shutdown_called = True
        closing, self._asyncgens = list(self._asyncgens), set()
        for ag in closing:
            try:
                await ag.aclose()
            except Exception as exc:
                self.call_exception_handler({'message': f'an error occurred during closing of asynchronous '
                                                        f'generator {ag!r}', 'exception': exc, 'asyncgen': ag})

    def get_exception_handler(self):
        return self._exception_handler

    def set_exception_handler(self, handler):
        if handler is not None and not callable(handler):
            raise TypeError(f'A callable object or None is expected, got {handler!r}')
        self._exception_handler = handler

    def default_exception_handler(self, context):
        """Logs an error from a callback or a task, with its traceback."""
        message = context.get('message') or 'Unhandled exception in event loop'
        exception = context.get('exception')
        exc_info = (type(exception), exception, exception.__traceback__) if exception is not None else False
        lines = [message]
        for key in sorted(context):
            if key in ('message', 'exception'):
                continue
            lines.append(f'{key}: {context[key]!r}')
        logger.error('\n'.join(lines), exc_info=exc_info)

    def call_exception_handler(self, context):
        if self._exception_handler is None:
            try:
                self.default_exception_handler(context)
            except (SystemExit, KeyboardInterrupt):
                raise
            except BaseException:
                logger.error('Exception in default exception handler', exc_info=True)
            return
        try:
            self._exception_handler(self, context)
        except (SystemExit, KeyboardInterrupt):
            raise
        except BaseException as exc:
            try:
                self.default_exception_handler({'message': 'Unhandled error in exception handler',
                                                'exception': exc, 'context': context})
            except (SystemExit, KeyboardInterrupt):
                raise
            except BaseException:
                logger.error('Exception in default exception handler while handling an unexpected error '
                             'in custom exception handler', exc_info=True)

    def _timer_handle_cancelled(self, handle):
        if handle._scheduled:
            self._timer_cancelled_count += 1

    def _drop_cancelled_timers(self):
        n = len(self._scheduled)
        if n > _MIN_SCHEDULED_TIMER_HANDLES and \
                self._timer_cancelled_count / n > _MIN_CANCELLED_TIMER_HANDLES_FRACTION:
            kept = []
            for handle in self._scheduled:
                if handle._cancelled:
                    handle._scheduled = False
                else:
                    kept.append(handle)
            heapq.heapify(kept)
            self._scheduled = kept
            self._timer_cancelled_count = 0
        while self._scheduled and self._scheduled[0]._cancelled:
            self._timer_cancelled_count -= 1
            handle = heapq.heappop(self._scheduled)
            handle._scheduled = False

    def _wait(self, timeout):
        """Sleeps up to timeout seconds (None: until woken), or until a
        thread calls call_soon_threadsafe; takes what threads sent."""
        with self._wakeup:
            if not self._threadsafe and timeout != 0:
                self._wakeup.wait(_MAXIMUM_WAIT if timeout is None else min(timeout, _MAXIMUM_WAIT))
            while self._threadsafe:
                self._ready.append(self._threadsafe.popleft())

    def _run_once(self):
        """One turn: wait for the first timer, then run what is ready."""
        self._drop_cancelled_timers()
        if self._ready or self._stopping or self._threadsafe:
            timeout = 0
        elif self._scheduled:
            timeout = max(0, self._scheduled[0]._when - self.time())
        else:
            timeout = None
        self._wait(timeout)
        end_time = self.time() + self._clock_resolution
        while self._scheduled:
            handle = self._scheduled[0]
            if handle._when >= end_time:
                break
            handle = heapq.heappop(self._scheduled)
            handle._scheduled = False
            self._ready.append(handle)
        for _ in range(len(self._ready)):
            handle = self._ready.popleft()
            if handle._cancelled:
                continue
            self._current_handle = handle
            try:
                handle._run()
            finally:
                self._current_handle = None
        handle = None

    def get_debug(self):
        return self._debug

    def set_debug(self, enabled):
        self._debug = enabled

    async def create_server(self, *args, **kwargs):
        raise NotImplementedError('cgrad has no sockets: asyncio servers are not available')

    async def create_connection(self, *args, **kwargs):
        raise NotImplementedError('cgrad has no sockets: asyncio connections are not available')

    async def getaddrinfo(self, *args, **kwargs):
        raise NotImplementedError('cgrad has no sockets')

    def add_signal_handler(self, sig, callback, *args):
        raise NotImplementedError('cgrad has no signal module')

    def remove_signal_handler(self, sig):
        return False
