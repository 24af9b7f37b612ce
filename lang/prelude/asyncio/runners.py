# asyncio.runners: run() and Runner, which make a loop, run a coroutine
# to its end on it, and close it after cancelling what is left.
import asyncio.coroutines as coroutines
import asyncio.events as events
import asyncio.exceptions as exceptions
import asyncio.tasks as tasks

__all__ = ('Runner', 'run')


class Runner:
    """A loop for several run() calls; closed on leaving `with`."""

    def __init__(self, *, debug=None, loop_factory=None):
        self._state = 'created'
        self._debug = debug
        self._loop_factory = loop_factory
        self._loop = None
        self._set_event_loop = False

    def __enter__(self):
        self._lazy_init()
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.close()

    def close(self):
        if self._state != 'initialized':
            return
        try:
            loop = self._loop
            _cancel_all_tasks(loop)
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            if self._set_event_loop:
                events.set_event_loop(None)
            loop.close()
            self._loop = None
            self._state = 'closed'

    def get_loop(self):
        self._lazy_init()
        return self._loop

    def run(self, coro, *, context=None):
        """Runs coro to its end on the runner's loop; its result."""
        if not coroutines.iscoroutine(coro):
            raise ValueError(f'a coroutine was expected, got {coro!r}')
        if events._get_running_loop() is not None:
            raise RuntimeError('Runner.run() cannot be called from a running event loop')
        self._lazy_init()
        task = self._loop.create_task(coro)
        return self._loop.run_until_complete(task)

    def _lazy_init(self):
        if self._state == 'closed':
            raise RuntimeError('Runner is closed')
        if self._state == 'initialized':
            return
        if self._loop_factory is None:
            self._loop = events.new_event_loop()
            if not self._set_event_loop:
                events.set_event_loop(self._loop)
                self._set_event_loop = True
        else:
            self._loop = self._loop_factory()
        if self._debug is not None:
            self._loop.set_debug(self._debug)
        self._state = 'initialized'


def run(main, *, debug=None):
    """Runs the coroutine main on a new event loop and returns its result."""
    if events._get_running_loop() is not None:
        raise RuntimeError('asyncio.run() cannot be called from a running event loop')
    with Runner(debug=debug) as runner:
        return runner.run(main)


def _cancel_all_tasks(loop):
    to_cancel = tasks.all_tasks(loop)
    if not to_cancel:
        return
    for task in to_cancel:
        task.cancel()
    loop.run_until_complete(tasks.gather(*to_cancel, return_exceptions=True))
    for task in to_cancel:
        if task.cancelled():
            continue
        if task.exception() is not None:
            loop.call_exception_handler({'message': 'unhandled exception during asyncio.run() shutdown',
                                         'exception': task.exception(), 'task': task})


# Note [Top-level await] (runtime/interp.c): a notebook cell with await at
# its top level runs here, on one loop kept for the session's cells.
_cell_loop = None


def _autoawait(coro):
    global _cell_loop
    if events._get_running_loop() is not None:
        coro.close()
        raise RuntimeError('a cell with top-level await cannot run while an event loop is running')
    if _cell_loop is None or _cell_loop.is_closed():
        _cell_loop = events.new_event_loop()
    events.set_event_loop(_cell_loop)
    return _cell_loop.run_until_complete(coro)
