# asyncio.taskgroups: TaskGroup (3.11), tasks that end together: leaving
# the `async with` waits for them all; the first failure cancels the rest
# and the failures leave as one BaseExceptionGroup.
import asyncio.events as events
import asyncio.exceptions as exceptions
import asyncio.tasks as tasks

__all__ = ('TaskGroup',)

try:
    _BaseExceptionGroup = BaseExceptionGroup
except NameError:  # until the runtime has exception groups
    class _BaseExceptionGroup(BaseException):
        def __init__(self, message, exceptions):
            super().__init__(message, exceptions)
            self.message = message
            self.exceptions = tuple(exceptions)

        def __str__(self):
            n = len(self.exceptions)
            return f"{self.message} ({n} sub-exception{'s' if n > 1 else ''})"


class TaskGroup:
    """async with TaskGroup() as tg: tg.create_task(coro) ..."""

    def __init__(self):
        self._entered = False
        self._exiting = False
        self._aborting = False
        self._loop = None
        self._parent_task = None
        self._parent_cancel_requested = False
        self._tasks = set()
        self._errors = []
        self._base_error = None
        self._on_completed_fut = None

    def __repr__(self):
        info = ['']
        if self._tasks:
            info.append(f'tasks={len(self._tasks)}')
        if self._errors:
            info.append(f'errors={len(self._errors)}')
        if self._aborting:
            info.append('cancelling')
        elif self._entered:
            info.append('entered')
        return f"<TaskGroup{' '.join(info)}>"

    async def __aenter__(self):
        if self._entered:
            raise RuntimeError(f'TaskGroup {self!r} has been already entered')
        self._entered = True
        if self._loop is None:
            self._loop = events.get_running_loop()
        self._parent_task = tasks.current_task(self._loop)
        if self._parent_task is None:
            raise RuntimeError(f'TaskGroup {self!r} cannot determine the parent task')
        return self

    async def __aexit__(self, et, exc, tb):
        self._exiting = True
        cancel_error = None
        if exc is not None and _is_base_error(exc) and self._base_error is None:
            self._base_error = exc
        if et is not None:
            if et is exceptions.CancelledError:
                # our own cancel of the parent (a child failed) is swallowed
                if not (self._parent_cancel_requested and not self._parent_task.uncancel()):
                    cancel_error = exc
            if not self._aborting:
                self._abort()
        while self._tasks:
            if self._on_completed_fut is None:
                self._on_completed_fut = self._loop.create_future()
            try:
                await self._on_completed_fut
            except exceptions.CancelledError as ex:
                if not self._aborting:
                    cancel_error = ex
                    self._abort()
            self._on_completed_fut = None
        if self._base_error is not None:
            raise self._base_error
        if cancel_error is not None and not self._errors:
            raise cancel_error
        if et is not None and et is not exceptions.CancelledError:
            self._errors.append(exc)
        if self._errors:
            errors, self._errors = self._errors, None
            raise _BaseExceptionGroup('unhandled errors in a TaskGroup', errors) from None

    def create_task(self, coro, *, name=None, context=None):
        """A Task of the group."""
        if not self._entered:
            raise RuntimeError(f'TaskGroup {self!r} has not been entered')
        if self._exiting and not self._tasks:
            raise RuntimeError(f'TaskGroup {self!r} is finished')
        if self._aborting:
            raise RuntimeError(f'TaskGroup {self!r} is shutting down')
        task = self._loop.create_task(coro) if context is None else self._loop.create_task(coro, context=context)
        tasks._set_task_name(task, name)
        task.add_done_callback(self._on_task_done)
        self._tasks.add(task)
        return task

    def _abort(self):
        self._aborting = True
        for t in self._tasks:
            if not t.done():
                t.cancel()

    def _on_task_done(self, task):
        self._tasks.discard(task)
        if self._on_completed_fut is not None and not self._tasks and not self._on_completed_fut.done():
            self._on_completed_fut.set_result(True)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        self._errors.append(exc)
        if _is_base_error(exc) and self._base_error is None:
            self._base_error = exc
        if self._parent_task.done():
            self._loop.call_exception_handler({'message': f'Task {task!r} has errored out but its parent task '
                                                          f'{self._parent_task} is already completed',
                                               'exception': exc, 'task': task})
            return
        if not self._aborting and not self._parent_cancel_requested:
            self._abort()
            self._parent_cancel_requested = True
            self._parent_task.cancel()


def _is_base_error(exc):
    return isinstance(exc, (SystemExit, KeyboardInterrupt))
