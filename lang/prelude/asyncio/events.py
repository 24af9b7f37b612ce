# asyncio.events: callback handles, the event loop's interface, and which
# loop is current (the policy) and running (per thread).
import threading

__all__ = ('AbstractEventLoopPolicy', 'AbstractEventLoop', 'AbstractServer', 'Handle', 'TimerHandle',
           'get_event_loop_policy', 'set_event_loop_policy', 'get_event_loop', 'set_event_loop', 'new_event_loop',
           'get_child_watcher', 'set_child_watcher', '_set_running_loop', 'get_running_loop', '_get_running_loop')


def _callback_name(cb):
    name = getattr(cb, '__qualname__', None) or getattr(cb, '__name__', None)
    if name is None and hasattr(cb, 'func'):  # functools.partial
        return _callback_name(cb.func)
    return name or repr(cb)


class Handle:
    """A callback scheduled on a loop: cancel() keeps it from running."""

    __slots__ = ('_callback', '_args', '_cancelled', '_loop', '_repr', '__weakref__', '_context')

    def __init__(self, callback, args, loop, context=None):
        self._loop = loop
        self._callback = callback
        self._args = args
        self._cancelled = False
        self._repr = None
        self._context = context

    def _repr_info(self):
        info = [type(self).__name__]
        if self._cancelled:
            info.append('cancelled')
        if self._callback is not None:
            info.append(_callback_name(self._callback) + '()')
        return info

    def __repr__(self):
        return '<{}>'.format(' '.join(self._repr_info()))

    def cancel(self):
        if not self._cancelled:
            self._cancelled = True
            self._callback = None
            self._args = None

    def cancelled(self):
        return self._cancelled

    def _run(self):
        try:
            self._callback(*self._args)
        except (SystemExit, KeyboardInterrupt):
            raise
        except BaseException as exc:
            self._loop.call_exception_handler({
                'message': f'Exception in callback {_callback_name(self._callback)}()',
                'exception': exc,
                'handle': self,
            })
        self = None


class TimerHandle(Handle):
    """A callback scheduled for a time of loop.time()."""

    __slots__ = ['_scheduled', '_when']

    def __init__(self, when, callback, args, loop, context=None):
        super().__init__(callback, args, loop, context)
        self._when = when
        self._scheduled = False

    def _repr_info(self):
        info = super()._repr_info()
        info.insert(1 + self._cancelled, f'when={self._when}')
        return info

    def __hash__(self):
        return hash(self._when)

    def __lt__(self, other):
        return self._when < other._when if isinstance(other, TimerHandle) else NotImplemented

    def __le__(self, other):
        return self._when <= other._when if isinstance(other, TimerHandle) else NotImplemented

    def __gt__(self, other):
        return self._when > other._when if isinstance(other, TimerHandle) else NotImplemented

    def __ge__(self, other):
        return self._when >= other._when if isinstance(other, TimerHandle) else NotImplemented

    def __eq__(self, other):
        if isinstance(other, TimerHandle):
            return (self._when == other._when and self._callback == other._callback
                    and self._args == other._args and self._cancelled == other._cancelled)
        return NotImplemented

    def cancel(self):
        if not self._cancelled:
            self._loop._timer_handle_cancelled(self)
        super().cancel()

    def when(self):
        return self._when


class AbstractServer:
    """A server listening on sockets (none here)."""

    def close(self):
        raise NotImplementedError

    def get_loop(self):
        raise NotImplementedError

    def is_serving(self):
        raise NotImplementedError

    async def start_serving(self):
        raise NotImplementedError

    async def serve_forever(self):
        raise NotImplementedError

    async def wait_closed(self):
        raise NotImplementedError

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        self.close()
        await self.wait_closed()


class AbstractEventLoop:
    """The interface of an event loop."""

    def run_forever(self):
        raise NotImplementedError

    def run_until_complete(self, future):
        raise NotImplementedError

    def stop(self):
        raise NotImplementedError

    def is_running(self):
        raise NotImplementedError

    def is_closed(self):
        raise NotImplementedError

    def close(self):
        raise NotImplementedError

    async def shutdown_asyncgens(self):
        raise NotImplementedError

    async def shutdown_default_executor(self):
        raise NotImplementedError

    def call_soon(self, callback, *args, context=None):
        raise NotImplementedError

    def call_later(self, delay, callback, *args, context=None):
        raise NotImplementedError

    def call_at(self, when, callback, *args, context=None):
        raise NotImplementedError

    def time(self):
        raise NotImplementedError

    def create_future(self):
        raise NotImplementedError

    def create_task(self, coro, *, name=None, context=None):
        raise NotImplementedError

    def call_soon_threadsafe(self, callback, *args, context=None):
        raise NotImplementedError

    def run_in_executor(self, executor, func, *args):
        raise NotImplementedError

    def set_default_executor(self, executor):
        raise NotImplementedError

    def set_task_factory(self, factory):
        raise NotImplementedError

    def get_task_factory(self):
        raise NotImplementedError

    def get_exception_handler(self):
        raise NotImplementedError

    def set_exception_handler(self, handler):
        raise NotImplementedError

    def default_exception_handler(self, context):
        raise NotImplementedError

    def call_exception_handler(self, context):
        raise NotImplementedError

    def get_debug(self):
        raise NotImplementedError

    def set_debug(self, enabled):
        raise NotImplementedError


class AbstractEventLoopPolicy:
    """Which loop is current, per context."""

    def get_event_loop(self):
        raise NotImplementedError

    def set_event_loop(self, loop):
        raise NotImplementedError

    def new_event_loop(self):
        raise NotImplementedError

    def get_child_watcher(self):
        raise NotImplementedError

    def set_child_watcher(self, watcher):
        raise NotImplementedError


class BaseDefaultEventLoopPolicy(AbstractEventLoopPolicy):
    """One current loop per thread; the main thread gets one on demand."""

    _loop_factory = None

    class _Local(threading.local):
        _loop = None
        _set_called = False

    def __init__(self):
        self._local = self._Local()

    def get_event_loop(self):
        if (self._local._loop is None and not self._local._set_called
                and threading.current_thread() is threading.main_thread()):
            self.set_event_loop(self.new_event_loop())
        if self._local._loop is None:
            raise RuntimeError('There is no current event loop in thread %r.' % threading.current_thread().name)
        return self._local._loop

    def set_event_loop(self, loop):
        self._local._set_called = True
        if loop is not None and not isinstance(loop, AbstractEventLoop):
            raise TypeError(f"loop must be an instance of AbstractEventLoop or None, not '{type(loop).__name__}'")
        self._local._loop = loop

    def new_event_loop(self):
        return self._loop_factory()


_event_loop_policy = None
_policy_lock = threading.Lock()


class _RunningLoop(threading.local):
    loop_pid = (None, None)


_running_loop = _RunningLoop()


def get_running_loop():
    """The loop running in this thread; RuntimeError when there is none."""
    loop = _get_running_loop()
    if loop is None:
        raise RuntimeError('no running event loop')
    return loop


def _get_running_loop():
    running_loop, pid = _running_loop.loop_pid
    if running_loop is not None and pid == _getpid():
        return running_loop
    return None


def _getpid():
    import os
    return os.getpid()


def _set_running_loop(loop):
    _running_loop.loop_pid = (loop, _getpid())


def _init_event_loop_policy():
    global _event_loop_policy
    with _policy_lock:
        if _event_loop_policy is None:
            from asyncio.unix_events import DefaultEventLoopPolicy
            _event_loop_policy = DefaultEventLoopPolicy()


def get_event_loop_policy():
    if _event_loop_policy is None:
        _init_event_loop_policy()
    return _event_loop_policy


def set_event_loop_policy(policy):
    global _event_loop_policy
    if policy is not None and not isinstance(policy, AbstractEventLoopPolicy):
        raise TypeError(f"policy must be an instance of AbstractEventLoopPolicy or None, not '{type(policy).__name__}'")
    _event_loop_policy = policy


def get_event_loop():
    """The running loop, else the policy's current loop."""
    current_loop = _get_running_loop()
    if current_loop is not None:
        return current_loop
    return get_event_loop_policy().get_event_loop()


def set_event_loop(loop):
    get_event_loop_policy().set_event_loop(loop)


def new_event_loop():
    return get_event_loop_policy().new_event_loop()


def get_child_watcher():
    return get_event_loop_policy().get_child_watcher()


def set_child_watcher(watcher):
    return get_event_loop_policy().set_child_watcher(watcher)
