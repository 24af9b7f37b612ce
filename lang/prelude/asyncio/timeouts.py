# asyncio.timeouts: `async with timeout(delay):` (3.11) cancels the task
# when the time is up and turns that cancellation into TimeoutError.
import enum

import asyncio.events as events
import asyncio.exceptions as exceptions
import asyncio.tasks as tasks

__all__ = ('Timeout', 'timeout', 'timeout_at')


class _State(enum.Enum):
    CREATED = 'created'
    ENTERED = 'active'
    EXPIRING = 'expiring'
    EXPIRED = 'expired'
    EXITED = 'finished'


class Timeout:
    """A deadline (loop.time() `when`, or None) for the block it guards."""

    def __init__(self, when):
        self._state = _State.CREATED
        self._timeout_handler = None
        self._task = None
        self._when = when

    def when(self):
        return self._when

    def reschedule(self, when):
        """Moves the deadline (None: no deadline)."""
        if self._state is not _State.ENTERED:
            raise RuntimeError(f'Cannot change state of {self._state.value} Timeout')
        self._when = when
        if self._timeout_handler is not None:
            self._timeout_handler.cancel()
        if when is None:
            self._timeout_handler = None
            return
        loop = events.get_running_loop()
        if when <= loop.time():
            self._timeout_handler = loop.call_soon(self._on_timeout)
        else:
            self._timeout_handler = loop.call_at(when, self._on_timeout)

    def expired(self):
        return self._state in (_State.EXPIRING, _State.EXPIRED)

    def __repr__(self):
        info = ['']
        if self._state is _State.ENTERED:
            when = round(self._when, 3) if self._when is not None else None
            info.append(f'when={when}')
        return f"<Timeout [{self._state.value}]{' '.join(info)}>"

    async def __aenter__(self):
        self._state = _State.ENTERED
        self._task = tasks.current_task()
        if self._task is None:
            raise RuntimeError('Timeout should be used inside a task')
        self.reschedule(self._when)
        return self

    async def __aexit__(self, exc_type, exc_val, exc_tb):
        if self._timeout_handler is not None:
            self._timeout_handler.cancel()
            self._timeout_handler = None
        if self._state is _State.EXPIRING:
            self._state = _State.EXPIRED
            if self._task.uncancel() == 0 and exc_type is exceptions.CancelledError:
                raise TimeoutError
        elif self._state is _State.ENTERED:
            self._state = _State.EXITED
        return None

    def _on_timeout(self):
        self._task.cancel()
        self._state = _State.EXPIRING
        self._timeout_handler = None


def timeout(delay):
    """A Timeout delay seconds from now (None: none)."""
    loop = events.get_running_loop()
    return Timeout(loop.time() + delay if delay is not None else None)


def timeout_at(when):
    """A Timeout at loop.time() `when`."""
    return Timeout(when)
