"""threading: Thread, the locks and the other synchronisation objects, over
_thread's real OS threads (one runs Python at a time: the interpreter lock,
runtime/gil.h). Names, messages, reprs and the default thread names
("Thread-1 (target)") are CPython 3.11's.

Not here: fork handling, threading._DummyThread's registration of threads
that _thread started directly (current_thread() there gives a dummy made
on the spot, as CPython's does)."""

import _thread
import functools
import sys as _sys
from itertools import count as _count_from
from time import monotonic as _time
from weakref import WeakSet

__all__ = ['get_ident', 'active_count', 'Condition', 'current_thread', 'enumerate', 'main_thread', 'TIMEOUT_MAX',
           'Event', 'Lock', 'RLock', 'Semaphore', 'BoundedSemaphore', 'Thread', 'Barrier', 'BrokenBarrierError',
           'Timer', 'ThreadError', 'ExceptHookArgs', 'setprofile', 'settrace', 'local', 'stack_size',
           'excepthook', 'get_native_id', 'getprofile', 'gettrace']

_start_new_thread = _thread.start_new_thread
_allocate_lock = _thread.allocate_lock
_set_sentinel = _thread._set_sentinel
get_ident = _thread.get_ident
get_native_id = _thread.get_native_id
ThreadError = _thread.error
TIMEOUT_MAX = _thread.TIMEOUT_MAX
Lock = _allocate_lock


def _deprecated(old, new):
    import warnings
    warnings.warn(f'{old}() is deprecated, use {new}() instead', DeprecationWarning, stacklevel=3)


# ---- tracing and profiling hooks for threads started from here on -------------

_trace_hook = None
_profile_hook = None


def settrace(func):
    """Have threads started from here on run under this trace function."""
    global _trace_hook
    _trace_hook = func


def gettrace():
    """The trace function threads started from here on get (settrace's)."""
    return _trace_hook


def setprofile(func):
    """Have threads started from here on run under this profile function."""
    global _profile_hook
    _profile_hook = func


def getprofile():
    """The profile function threads started from here on get (setprofile's)."""
    return _profile_hook


# ---- RLock --------------------------------------------------------------------


class _RLock:
    """A lock its owner may take again; each acquire needs its release."""

    def __init__(self):
        self._block = _allocate_lock()
        self._owner = None
        self._count = 0

    def __repr__(self):
        state = "locked" if self._block.locked() else "unlocked"
        return "<%s %s.%s object owner=%r count=%d at %s>" % (
            state, self.__class__.__module__, self.__class__.__qualname__, self._owner, self._count, hex(id(self)))

    def _at_fork_reinit(self):
        self._block._at_fork_reinit()
        self._owner = None
        self._count = 0

    def acquire(self, blocking=True, timeout=-1):
        me = get_ident()
        if self._owner == me:
            self._count += 1
            return True
        got = self._block.acquire(blocking, timeout)
        if got:
            self._owner = me
            self._count = 1
        return got

    __enter__ = acquire

    def release(self):
        if self._owner != get_ident():
            raise RuntimeError("cannot release un-acquired lock")
        self._count -= 1
        if self._count == 0:
            self._owner = None
            self._block.release()

    def __exit__(self, t, v, tb):
        self.release()

    # what Condition.wait uses to let go of a lock held several times over
    def _release_save(self):
        if self._count == 0:
            raise RuntimeError("cannot release un-acquired lock")
        state = (self._count, self._owner)
        self._count = 0
        self._owner = None
        self._block.release()
        return state

    def _acquire_restore(self, state):
        self._block.acquire()
        self._count, self._owner = state

    def _is_owned(self):
        return self._owner == get_ident()


_PyRLock = _RLock
_CRLock = None


def RLock(*args, **kwargs):
    """A new reentrant lock."""
    return _RLock(*args, **kwargs)


# ---- Condition ----------------------------------------------------------------


class Condition:
    """Lets threads wait until another notifies them, under a lock."""

    def __init__(self, lock=None):
        if lock is None:
            lock = RLock()
        self._lock = lock
        self.acquire = lock.acquire
        self.release = lock.release
        for name in ('_release_save', '_acquire_restore', '_is_owned'):
            method = getattr(lock, name, None)
            if method is not None:
                setattr(self, name, method)
        self._waiters = []

    def _at_fork_reinit(self):
        self._lock._at_fork_reinit()
        self._waiters.clear()

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *args):
        return self._lock.__exit__(*args)

    def __repr__(self):
        return "<Condition(%s, %d)>" % (self._lock, len(self._waiters))

    def _release_save(self):
        self._lock.release()

    def _acquire_restore(self, state):
        self._lock.acquire()

    def _is_owned(self):
        # a plain lock cannot say who holds it: held by someone is the best answer
        if self._lock.acquire(False):
            self._lock.release()
            return False
        return True

    def wait(self, timeout=None):
        """Release the lock, sleep until notified or timed out, take it again."""
        if not self._is_owned():
            raise RuntimeError("cannot wait on un-acquired lock")
        waiter = _allocate_lock()
        waiter.acquire()
        self._waiters.append(waiter)
        saved = self._release_save()
        woken = False
        try:
            if timeout is None:
                waiter.acquire()
                woken = True
            elif timeout > 0:
                woken = waiter.acquire(True, timeout)
            else:
                woken = waiter.acquire(False)
            return woken
        finally:
            self._acquire_restore(saved)
            if not woken and waiter in self._waiters:
                self._waiters.remove(waiter)

    def wait_for(self, predicate, timeout=None):
        """Wait until predicate() is true, or the timeout passes."""
        end = None
        left = timeout
        result = predicate()
        while not result:
            if left is not None:
                if end is None:
                    end = _time() + left
                else:
                    left = end - _time()
                    if left <= 0:
                        break
            self.wait(left)
            result = predicate()
        return result

    def notify(self, n=1):
        """Wake up to n threads waiting on this condition."""
        if not self._is_owned():
            raise RuntimeError("cannot notify on un-acquired lock")
        while self._waiters and n > 0:
            waiter = self._waiters.pop(0)
            try:
                waiter.release()
            except RuntimeError:  # its wait timed out meanwhile
                continue
            n -= 1

    def notify_all(self):
        """Wake every thread waiting on this condition."""
        self.notify(len(self._waiters))

    def notifyAll(self):
        """Wake every thread waiting on this condition (deprecated: use notify_all)."""
        _deprecated('notifyAll', 'notify_all')
        self.notify_all()


# ---- Semaphore, BoundedSemaphore ------------------------------------------------


class Semaphore:
    """A counter that acquire() decrements, waiting while it is zero."""

    def __init__(self, value=1):
        if value < 0:
            raise ValueError("semaphore initial value must be >= 0")
        self._cond = Condition(Lock())
        self._value = value

    def __repr__(self):
        cls = self.__class__
        return (f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}:"
                f" value={self._value}>")

    def acquire(self, blocking=True, timeout=None):
        """Take one unit, waiting (up to timeout) while there is none."""
        if not blocking and timeout is not None:
            raise ValueError("can't specify timeout for non-blocking acquire")
        end = None
        with self._cond:
            while self._value == 0:
                if not blocking:
                    return False
                if timeout is not None:
                    if end is None:
                        end = _time() + timeout
                    else:
                        timeout = end - _time()
                        if timeout <= 0:
                            return False
                self._cond.wait(timeout)
            self._value -= 1
            return True

    __enter__ = acquire

    def release(self, n=1):
        """Give n units back, waking as many waiters."""
        if n < 1:
            raise ValueError('n must be one or more')
        with self._cond:
            self._value += n
            self._cond.notify(n)

    def __exit__(self, t, v, tb):
        self.release()


class BoundedSemaphore(Semaphore):
    """A semaphore that refuses to go above its initial value."""

    def __init__(self, value=1):
        Semaphore.__init__(self, value)
        self._initial_value = value

    def __repr__(self):
        cls = self.__class__
        return (f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}:"
                f" value={self._value}/{self._initial_value}>")

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        with self._cond:
            if self._value + n > self._initial_value:
                raise ValueError("Semaphore released too many times")
            self._value += n
            self._cond.notify(n)


# ---- Event ----------------------------------------------------------------------


class Event:
    """A flag threads can wait on until another sets it."""

    def __init__(self):
        self._cond = Condition(Lock())
        self._flag = False

    def __repr__(self):
        cls = self.__class__
        status = 'set' if self._flag else 'unset'
        return f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}: {status}>"

    def _at_fork_reinit(self):
        self._cond._at_fork_reinit()

    def is_set(self):
        """Whether the flag is set."""
        return self._flag

    def isSet(self):
        """Whether the flag is set (deprecated: use is_set)."""
        _deprecated('isSet', 'is_set')
        return self.is_set()

    def set(self):
        """Set the flag, waking every waiting thread."""
        with self._cond:
            self._flag = True
            self._cond.notify_all()

    def clear(self):
        """Reset the flag to false."""
        with self._cond:
            self._flag = False

    def wait(self, timeout=None):
        """Block until the flag is true or the timeout passes; return the flag."""
        with self._cond:
            if self._flag:
                return True
            return self._cond.wait(timeout)


# ---- Barrier --------------------------------------------------------------------


class BrokenBarrierError(RuntimeError):
    pass


_FILLING, _DRAINING, _RESETTING, _BROKEN = 0, 1, -1, -2


class Barrier:
    """Lets a fixed number of threads wait until all of them have arrived."""

    def __init__(self, parties, action=None, timeout=None):
        self._cond = Condition(Lock())
        self._action = action
        self._timeout = timeout
        self._parties = parties
        self._state = _FILLING
        self._count = 0

    def __repr__(self):
        cls = self.__class__
        if self.broken:
            return f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}: broken>"
        return (f"<{cls.__module__}.{cls.__qualname__} at {id(self):#x}:"
                f" waiters={self.n_waiting}/{self.parties}>")

    def wait(self, timeout=None):
        """Wait for the other parties; return this thread's arrival index."""
        if timeout is None:
            timeout = self._timeout
        with self._cond:
            # a barrier still letting the last round out, or being reset, is not ready
            while self._state in (_DRAINING, _RESETTING):
                self._cond.wait()
            if self._state < 0:
                raise BrokenBarrierError
            index = self._count
            self._count += 1
            try:
                if index + 1 == self._parties:
                    self._trip()
                else:
                    if not self._cond.wait_for(lambda: self._state != _FILLING, timeout):
                        self._break()
                        raise BrokenBarrierError
                    if self._state < 0:
                        raise BrokenBarrierError
                return index
            finally:
                self._count -= 1
                if self._count == 0 and self._state in (_DRAINING, _RESETTING):
                    self._state = _FILLING
                    self._cond.notify_all()

    def _trip(self):
        try:
            if self._action:
                self._action()
            self._state = _DRAINING
            self._cond.notify_all()
        except BaseException:
            self._break()
            raise

    def reset(self):
        """Put the barrier back to its empty state; waiters get BrokenBarrierError."""
        with self._cond:
            if self._count > 0:
                if self._state in (_FILLING, _BROKEN):
                    self._state = _RESETTING
            else:
                self._state = _FILLING
            self._cond.notify_all()

    def abort(self):
        """Break the barrier: current and future waiters get BrokenBarrierError."""
        with self._cond:
            self._break()

    def _break(self):
        self._state = _BROKEN
        self._cond.notify_all()

    @property
    def parties(self):
        """The number of threads required to trip the barrier."""
        return self._parties

    @property
    def n_waiting(self):
        """The number of threads currently waiting at the barrier."""
        return self._count if self._state == _FILLING else 0

    @property
    def broken(self):
        """Whether the barrier is in a broken state."""
        return self._state == _BROKEN


# ---- the registry of running threads ----------------------------------------------

_counter = _count_from(1).__next__


def _newname(name_template):
    return name_template % _counter()


_active_limbo_lock = RLock()
_active = {}  # ident -> Thread, for threads running
_limbo = {}   # Thread -> Thread, for threads starting
_dangling = WeakSet()
_shutdown_locks_lock = _allocate_lock()
_shutdown_locks = set()  # the sentinel locks of the non-daemon threads that run


# ---- excepthook ------------------------------------------------------------------


class ExceptHookArgs(tuple):
    """What threading.excepthook receives: exc_type, exc_value, exc_traceback, thread."""

    n_fields = 4
    n_sequence_fields = 4
    n_unnamed_fields = 0
    _fields = ('exc_type', 'exc_value', 'exc_traceback', 'thread')

    def __new__(cls, args):
        args = tuple(args)
        if len(args) != 4:
            raise TypeError(f"_thread._ExceptHookArgs() takes a 4-sequence ({len(args)}-sequence given)")
        return tuple.__new__(cls, args)

    exc_type = property(lambda self: self[0])
    exc_value = property(lambda self: self[1])
    exc_traceback = property(lambda self: self[2])
    thread = property(lambda self: self[3])

    def __repr__(self):
        return "_thread._ExceptHookArgs(%s)" % ", ".join(
            f"{name}={value!r}" for name, value in zip(self._fields, self))


def _print_exception(exc, file):
    try:
        import traceback
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=file)
    except ImportError:
        file.write(_thread._format_exception(exc))


def excepthook(args, /):
    """Print an exception that ended a thread, as Python's default does."""
    if args.exc_type == SystemExit:
        return  # silently ends the thread
    stderr = _sys.stderr
    if stderr is None and args.thread is not None:
        stderr = args.thread._stderr
    if stderr is None:
        return
    name = args.thread.name if args.thread is not None else get_ident()
    print(f"Exception in thread {name}:", file=stderr, flush=True)
    _print_exception(args.exc_value, stderr)
    stderr.flush()


__excepthook__ = excepthook


def _invoke_excepthook(thread, exc):
    hook = excepthook
    try:
        hook(ExceptHookArgs([type(exc), exc, exc.__traceback__, thread]))
    except BaseException as hook_exc:
        print("Exception in threading.excepthook:", file=_sys.stderr, flush=True)
        _print_exception(hook_exc, _sys.stderr)


# ---- Thread ----------------------------------------------------------------------


class Thread:
    """A thread of control: override run(), or pass a target to call."""

    _initialized = False

    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None):
        assert group is None, "group argument must be None for now"
        if kwargs is None:
            kwargs = {}
        if name:
            name = str(name)
        else:
            name = _newname("Thread-%d")
            if target is not None:
                target_name = getattr(target, "__name__", None)
                if target_name is not None:
                    name += f" ({target_name})"
        self._target = target
        self._name = name
        self._args = args
        self._kwargs = kwargs
        self._daemonic = current_thread().daemon if daemon is None else bool(daemon)
        self._ident = None
        self._native_id = None
        self._tstate_lock = None
        self._started = Event()
        self._is_stopped = False
        self._initialized = True
        self._stderr = _sys.stderr
        _dangling.add(self)

    def __repr__(self):
        assert self._initialized, "Thread.__init__() was not called"
        status = "initial"
        if self._started.is_set():
            status = "started"
        self.is_alive()  # notices a thread that has ended
        if self._is_stopped:
            status = "stopped"
        if self._daemonic:
            status += " daemon"
        if self._ident is not None:
            status += " %s" % self._ident
        return "<%s(%s, %s)>" % (self.__class__.__name__, self._name, status)

    def start(self):
        """Start the thread's activity: run() in a new thread of control."""
        if not self._initialized:
            raise RuntimeError("thread.__init__() not called")
        if self._started.is_set():
            raise RuntimeError("threads can only be started once")
        with _active_limbo_lock:
            _limbo[self] = self
        try:
            _start_new_thread(self._bootstrap, ())
        except Exception:
            with _active_limbo_lock:
                del _limbo[self]
            raise
        self._started.wait()

    def run(self):
        """What the thread does: call the target with its arguments."""
        try:
            if self._target is not None:
                self._target(*self._args, **self._kwargs)
        finally:
            # no cycle through the target's arguments back to the thread
            del self._target, self._args, self._kwargs

    def _bootstrap(self):
        self._ident = get_ident()
        self._tstate_lock = _set_sentinel()
        if not self._daemonic:
            with _shutdown_locks_lock:
                _shutdown_locks.add(self._tstate_lock)
        self._native_id = get_native_id()
        with _active_limbo_lock:
            _active[self._ident] = self
            del _limbo[self]
        self._started.set()
        try:
            if _trace_hook is not None and hasattr(_sys, "settrace"):
                _sys.settrace(_trace_hook)
            if _profile_hook is not None and hasattr(_sys, "setprofile"):
                _sys.setprofile(_profile_hook)
            try:
                self.run()
            except BaseException as exc:
                _invoke_excepthook(self, exc)
        finally:
            with _active_limbo_lock:
                _active.pop(self._ident, None)
            _local_thread_ended(self._ident)

    def _stop(self):
        lock = self._tstate_lock
        self._is_stopped = True
        self._tstate_lock = None
        if not self._daemonic and lock is not None:
            with _shutdown_locks_lock:
                _shutdown_locks.discard(lock)

    def _wait_for_tstate_lock(self, block=True, timeout=-1):
        lock = self._tstate_lock
        if lock is None:
            return  # ended already
        if lock.acquire(block, timeout):
            lock.release()
            self._stop()

    def join(self, timeout=None):
        """Wait until the thread ends, or until the timeout (seconds) passes."""
        if not self._initialized:
            raise RuntimeError("Thread.__init__() not called")
        if not self._started.is_set():
            raise RuntimeError("cannot join thread before it is started")
        if self is current_thread():
            raise RuntimeError("cannot join current thread")
        if timeout is None:
            self._wait_for_tstate_lock()
        else:
            self._wait_for_tstate_lock(timeout=max(timeout, 0))

    def is_alive(self):
        """Whether the thread has started and not yet ended."""
        assert self._initialized, "Thread.__init__() not called"
        if self._is_stopped or not self._started.is_set():
            return False
        self._wait_for_tstate_lock(False)
        return not self._is_stopped

    @property
    def name(self):
        """The thread's name: for people reading logs, not unique."""
        assert self._initialized, "Thread.__init__() not called"
        return self._name

    @name.setter
    def name(self, name):
        assert self._initialized, "Thread.__init__() not called"
        self._name = str(name)

    @property
    def ident(self):
        """The thread's identifier (get_ident() in it), or None before it starts."""
        assert self._initialized, "Thread.__init__() not called"
        return self._ident

    @property
    def native_id(self):
        """The thread's id as the kernel knows it, or None before it starts."""
        assert self._initialized, "Thread.__init__() not called"
        return self._native_id

    @property
    def daemon(self):
        """Whether this is a daemon thread: the program does not wait for it at exit."""
        assert self._initialized, "Thread.__init__() not called"
        return self._daemonic

    @daemon.setter
    def daemon(self, daemonic):
        if not self._initialized:
            raise RuntimeError("Thread.__init__() not called")
        if self._started.is_set():
            raise RuntimeError("cannot set daemon status of active thread")
        self._daemonic = daemonic

    def isDaemon(self):
        """Return whether this thread is a daemon (deprecated: use the daemon attribute)."""
        import warnings
        warnings.warn('isDaemon() is deprecated, get the daemon attribute instead', DeprecationWarning, stacklevel=2)
        return self.daemon

    def setDaemon(self, daemonic):
        """Set whether this thread is a daemon (deprecated: set the daemon attribute)."""
        import warnings
        warnings.warn('setDaemon() is deprecated, set the daemon attribute instead', DeprecationWarning, stacklevel=2)
        self.daemon = daemonic

    def getName(self):
        """The thread's name (deprecated: use the name attribute)."""
        import warnings
        warnings.warn('getName() is deprecated, get the name attribute instead', DeprecationWarning, stacklevel=2)
        return self.name

    def setName(self, name):
        """Set the name string for this thread (deprecated: set name)."""
        import warnings
        warnings.warn('setName() is deprecated, set the name attribute instead', DeprecationWarning, stacklevel=2)
        self.name = name


class Timer(Thread):
    """Call a function after a number of seconds, unless cancel() comes first."""

    def __init__(self, interval, function, args=None, kwargs=None):
        Thread.__init__(self)
        self.interval = interval
        self.function = function
        self.args = args if args is not None else []
        self.kwargs = kwargs if kwargs is not None else {}
        self.finished = Event()

    def cancel(self):
        """Call the function off, if the interval has not passed yet."""
        self.finished.set()

    def run(self):
        self.finished.wait(self.interval)
        if not self.finished.is_set():
            self.function(*self.args, **self.kwargs)
        self.finished.set()


class _MainThread(Thread):
    def __init__(self):
        Thread.__init__(self, name="MainThread", daemon=False)
        self._started.set()
        self._ident = get_ident()
        self._native_id = get_native_id()
        self._tstate_lock = _allocate_lock()
        self._tstate_lock.acquire()
        with _active_limbo_lock:
            _active[self._ident] = self


class _DummyThread(Thread):
    """A thread that _thread started directly, seen from threading."""

    def __init__(self):
        Thread.__init__(self, name=_newname("Dummy-%d"), daemon=True)
        self._started.set()
        self._ident = get_ident()
        self._native_id = get_native_id()
        with _active_limbo_lock:
            _active[self._ident] = self

    def _stop(self):
        pass

    def is_alive(self):
        assert not self._is_stopped and self._started.is_set()
        return True

    def join(self, timeout=None):
        assert False, "cannot join a dummy thread"


# ---- what is running -------------------------------------------------------------


def current_thread():
    """The Thread object of the caller's thread of control."""
    try:
        return _active[get_ident()]
    except KeyError:
        return _DummyThread()


def currentThread():
    """The Thread object of the caller's thread of control (deprecated alias)."""
    _deprecated('currentThread', 'current_thread')
    return current_thread()


def active_count():
    """The number of Thread objects currently alive."""
    with _active_limbo_lock:
        return len(_active) + len(_limbo)


def activeCount():
    """The number of Thread objects currently alive (deprecated alias)."""
    _deprecated('activeCount', 'active_count')
    return active_count()


def enumerate():
    """A list of all Thread objects currently active."""
    with _active_limbo_lock:
        return list(_active.values()) + list(_limbo.values())


def main_thread():
    """The main Thread object: the thread that started the interpreter."""
    return _main_thread


def stack_size(size=0, /):
    """Return the stack size of threads started from now on; set it with size."""
    return _thread.stack_size(size)


_main_thread = _MainThread()


def _shutdown():
    """Wait for every non-daemon thread (the interpreter's exit calls this)."""
    if _main_thread._is_stopped:
        return
    lock = _main_thread._tstate_lock
    if lock is not None and lock.locked():
        lock.release()
    _main_thread._stop()
    while True:
        with _shutdown_locks_lock:
            locks = list(_shutdown_locks)
            _shutdown_locks.clear()
        if not locks:
            break
        for lock in locks:
            lock.acquire()
            lock.release()


# ---- local ------------------------------------------------------------------------

_locals = WeakSet()


def _local_thread_ended(ident):
    for loc in list(_locals):
        object.__getattribute__(loc, '_local__dicts').pop(ident, None)


class local:
    """Attributes that each thread sees its own values of."""

    def __new__(cls, *args, **kw):
        if (args or kw) and (cls.__init__ is object.__init__):
            raise TypeError("Initialization arguments are not supported")
        self = object.__new__(cls)
        object.__setattr__(self, '_local__args', (args, kw))
        object.__setattr__(self, '_local__dicts', {get_ident(): {}})
        _locals.add(self)
        return self

    def _local__mine(self):
        dicts = object.__getattribute__(self, '_local__dicts')
        key = get_ident()
        d = dicts.get(key)
        if d is None:
            d = dicts[key] = {}
            args, kw = object.__getattribute__(self, '_local__args')
            init = type(self).__init__
            if init is not object.__init__:
                init(self, *args, **kw)
        return d

    def __getattribute__(self, name):
        if name in ('__class__', '__dict__'):
            if name == '__class__':
                return type(self)
            return local._local__mine(self)
        if name.startswith('_local__'):
            return object.__getattribute__(self, name)
        d = local._local__mine(self)
        if name in d:
            return d[name]
        for klass in type(self).__mro__:
            if name in klass.__dict__:
                value = klass.__dict__[name]
                if hasattr(value, '__get__'):
                    return value.__get__(self, type(self))
                return value
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __setattr__(self, name, value):
        if name == '__dict__':
            raise AttributeError(f"{type(self).__name__!r} object attribute '__dict__' is read-only")
        for klass in type(self).__mro__:
            attr = klass.__dict__.get(name)
            if attr is not None and hasattr(attr, '__set__'):
                attr.__set__(self, value)
                return
        local._local__mine(self)[name] = value

    def __delattr__(self, name):
        if name == '__dict__':
            raise AttributeError(f"{type(self).__name__!r} object attribute '__dict__' is read-only")
        d = local._local__mine(self)
        if name not in d:
            raise AttributeError(name)
        del d[name]
