# asyncio.locks: Lock, Event, Condition, Semaphore, BoundedSemaphore and
# Barrier for tasks of one loop. Waiters are Futures in FIFO order.
import collections
import enum

import asyncio.exceptions as exceptions
import asyncio.mixins as mixins

__all__ = ('Lock', 'Event', 'Condition', 'Semaphore', 'BoundedSemaphore', 'Barrier')


class _ContextManagerMixin:
    async def __aenter__(self):
        await self.acquire()
        return None

    async def __aexit__(self, exc_type, exc, tb):
        self.release()


def _object_repr(obj, extra):
    return f'<{type(obj).__module__}.{type(obj).__qualname__} object at {id(obj):#x} [{extra}]>'


def _new_waiter(obj):
    """A Future queued on obj._waiters, for obj to set when its turn comes."""
    if obj._waiters is None:
        obj._waiters = collections.deque()
    fut = obj._get_loop().create_future()
    obj._waiters.append(fut)
    return fut


async def _await_waiter(obj, fut):
    try:
        return await fut
    finally:
        obj._waiters.remove(fut)


class Lock(_ContextManagerMixin, mixins._LoopBoundMixin):
    """A mutual-exclusion lock for tasks."""

    def __init__(self):
        self._waiters = None
        self._locked = False

    def __repr__(self):
        extra = 'locked' if self._locked else 'unlocked'
        if self._waiters:
            extra = f'{extra}, waiters:{len(self._waiters)}'
        return _object_repr(self, extra)

    def locked(self):
        return self._locked

    async def acquire(self):
        """Waits until the lock is free, then takes it; True."""
        if not self._locked and (self._waiters is None or all(w.cancelled() for w in self._waiters)):
            self._locked = True
            return True
        fut = _new_waiter(self)
        try:
            await _await_waiter(self, fut)
        except exceptions.CancelledError:
            if not self._locked:
                self._wake_up_first()
            raise
        self._locked = True
        return True

    def release(self):
        if self._locked:
            self._locked = False
            self._wake_up_first()
        else:
            raise RuntimeError('Lock is not acquired.')

    def _wake_up_first(self):
        if not self._waiters:
            return
        fut = next(iter(self._waiters))
        if not fut.done():
            fut.set_result(True)


class Event(mixins._LoopBoundMixin):
    """A flag tasks can wait for."""

    def __init__(self):
        self._waiters = collections.deque()
        self._value = False

    def __repr__(self):
        extra = 'set' if self._value else 'unset'
        if self._waiters:
            extra = f'{extra}, waiters:{len(self._waiters)}'
        return _object_repr(self, extra)

    def is_set(self):
        return self._value

    def set(self):
        if not self._value:
            self._value = True
            for fut in self._waiters:
                if not fut.done():
                    fut.set_result(True)

    def clear(self):
        self._value = False

    async def wait(self):
        """Waits until the flag is set; True."""
        if self._value:
            return True
        await _await_waiter(self, _new_waiter(self))
        return True


class Condition(_ContextManagerMixin, mixins._LoopBoundMixin):
    """Tasks wait() until another notify()s them, holding a lock."""

    def __init__(self, lock=None):
        if lock is None:
            lock = Lock()
        self._lock = lock
        self.locked = lock.locked
        self.acquire = lock.acquire
        self.release = lock.release
        self._waiters = collections.deque()

    def __repr__(self):
        extra = 'locked' if self.locked() else 'unlocked'
        if self._waiters:
            extra = f'{extra}, waiters:{len(self._waiters)}'
        return _object_repr(self, extra)

    async def wait(self):
        """Releases the lock, waits to be notified, takes the lock again."""
        if not self.locked():
            raise RuntimeError('cannot wait on un-acquired lock')
        self.release()
        try:
            await _await_waiter(self, _new_waiter(self))
            return True
        finally:
            cancelled = False
            while True:
                try:
                    await self.acquire()
                    break
                except exceptions.CancelledError:
                    cancelled = True
            if cancelled:
                raise exceptions.CancelledError

    async def wait_for(self, predicate):
        """Waits until predicate() is true; its value."""
        result = predicate()
        while not result:
            await self.wait()
            result = predicate()
        return result

    def notify(self, n=1):
        if not self.locked():
            raise RuntimeError('cannot notify on un-acquired lock')
        idx = 0
        for fut in self._waiters:
            if idx >= n:
                break
            if not fut.done():
                idx += 1
                fut.set_result(False)

    def notify_all(self):
        self.notify(len(self._waiters))


class Semaphore(_ContextManagerMixin, mixins._LoopBoundMixin):
    """A counter of free slots: acquire() waits while it is 0."""

    def __init__(self, value=1):
        if value < 0:
            raise ValueError('Semaphore initial value must be >= 0')
        self._waiters = None
        self._value = value

    def __repr__(self):
        extra = f'locked' if self.locked() else f'unlocked, value:{self._value}'
        if self._waiters:
            extra = f'{extra}, waiters:{len(self._waiters)}'
        return _object_repr(self, extra)

    def locked(self):
        return self._value == 0 or any(not w.cancelled() for w in (self._waiters or ()))

    async def acquire(self):
        if not self.locked():
            self._value -= 1
            return True
        fut = _new_waiter(self)
        try:
            await _await_waiter(self, fut)
        except exceptions.CancelledError:
            if not fut.cancelled():
                self._value += 1
                self._wake_up_next()
            raise
        if self._value > 0:
            self._wake_up_next()
        return True

    def release(self):
        self._value += 1
        self._wake_up_next()

    def _wake_up_next(self):
        if not self._waiters:
            return False
        for fut in self._waiters:
            if not fut.done():
                self._value -= 1
                fut.set_result(True)
                return True
        return False


class BoundedSemaphore(Semaphore):
    """A Semaphore that may not be released above its initial value."""

    def __init__(self, value=1):
        self._bound_value = value
        super().__init__(value)

    def release(self):
        if self._value >= self._bound_value:
            raise ValueError('BoundedSemaphore released too many times')
        super().release()


class _BarrierState(enum.Enum):
    FILLING = 'filling'
    DRAINING = 'draining'
    RESETTING = 'resetting'
    BROKEN = 'broken'


class Barrier(mixins._LoopBoundMixin):
    """Lets `parties` tasks go on together once all have called wait()."""

    def __init__(self, parties):
        if parties < 1:
            raise ValueError('parties must be > 0')
        self._cond = Condition()
        self._parties = parties
        self._state = _BarrierState.FILLING
        self._count = 0

    def __repr__(self):
        extra = f'{self._state.value}'
        if not self.broken:
            extra += f', waiters:{self.n_waiting}/{self.parties}'
        return _object_repr(self, extra)

    async def __aenter__(self):
        return await self.wait()

    async def __aexit__(self, *args):
        pass

    async def wait(self):
        """Waits for the others; this task's index among them."""
        async with self._cond:
            await self._block()
            try:
                index = self._count
                self._count += 1
                if index + 1 == self._parties:
                    self._state = _BarrierState.DRAINING
                    self._cond.notify_all()
                else:
                    await self._cond.wait_for(lambda: self._state is not _BarrierState.FILLING)
                if self._state is _BarrierState.BROKEN or self._state is _BarrierState.RESETTING:
                    raise exceptions.BrokenBarrierError
                return index
            finally:
                self._count -= 1
                if self._count == 0 and self._state in (_BarrierState.RESETTING, _BarrierState.DRAINING):
                    self._state = _BarrierState.FILLING
                    self._cond.notify_all()

    async def _block(self):
        await self._cond.wait_for(
            lambda: self._state not in (_BarrierState.DRAINING, _BarrierState.RESETTING))
        if self._state is _BarrierState.BROKEN:
            raise exceptions.BrokenBarrierError('Barrier aborted')

    async def reset(self):
        async with self._cond:
            if self._count > 0:
                if self._state is not _BarrierState.RESETTING:
                    self._state = _BarrierState.RESETTING
            else:
                self._state = _BarrierState.FILLING
            self._cond.notify_all()

    async def abort(self):
        async with self._cond:
            self._state = _BarrierState.BROKEN
            self._cond.notify_all()

    @property
    def parties(self):
        return self._parties

    @property
    def n_waiting(self):
        return self._count if self._state is _BarrierState.FILLING else 0

    @property
    def broken(self):
        return self._state is _BarrierState.BROKEN
