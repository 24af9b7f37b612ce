"""contextlib: helpers for with-statements (contextmanager, suppress,
closing, nullcontext, ExitStack, redirect_stdout/stderr, chdir, the
abstract bases and ContextDecorator), as CPython 3.11's module."""

import abc
import os
import sys
from functools import wraps


class _Bound:
    def method(self):
        pass


# CPython takes these from types, which cgrad does not have yet.
MethodType = type(_Bound().method)
GenericAlias = type(list[int])

__all__ = ["asynccontextmanager", "contextmanager", "closing", "nullcontext",
           "AbstractContextManager", "AbstractAsyncContextManager",
           "AsyncExitStack", "ContextDecorator", "ExitStack",
           "redirect_stdout", "redirect_stderr", "suppress", "aclosing",
           "chdir"]


class AbstractContextManager:
    """The base of context managers: __enter__ returns self."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None

    @classmethod
    def __subclasshook__(cls, C):
        if cls is AbstractContextManager:
            return hasattr(C, '__enter__') and hasattr(C, '__exit__') or NotImplemented
        return NotImplemented


class AbstractAsyncContextManager:
    """The base of async context managers: __aenter__ returns self."""

    __class_getitem__ = classmethod(lambda cls, item: cls)

    async def __aenter__(self):
        return self

    async def __aexit__(self, exc_type, exc_value, traceback):
        return None

    @classmethod
    def __subclasshook__(cls, C):
        if cls is AbstractAsyncContextManager:
            return all(any(m in B.__dict__ for B in C.__mro__) for m in ("__aenter__", "__aexit__")) or NotImplemented
        return NotImplemented


class ContextDecorator:
    """A context manager that also works as a decorator: the function runs
    inside a fresh `with self._recreate_cm():`."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        @wraps(func)
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        return inner


class AsyncContextDecorator:
    """An async context manager that also decorates coroutine functions."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        @wraps(func)
        async def inner(*args, **kwds):
            async with self._recreate_cm():
                return await func(*args, **kwds)
        return inner


class _GeneratorContextManagerBase:
    """The generator of a @contextmanager or @asynccontextmanager call,
    and how to make it again for each use as a decorator."""

    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds
        doc = getattr(func, "__doc__", None)
        if doc is None:
            doc = type(self).__doc__
        self.__doc__ = doc

    def _recreate_cm(self):
        return self.__class__(self.func, self.args, self.kwds)


class _GeneratorContextManager(_GeneratorContextManagerBase, ContextDecorator):
    """What @contextmanager returns: runs the generator up to its yield on
    enter, and resumes it (or throws the exception into it) on exit."""

    def __enter__(self):
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            else:
                raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                exc.__traceback__ = traceback
                return False
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                value.__traceback__ = traceback
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            exc.__traceback__ = traceback
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    """@contextmanager: a generator function that yields once becomes a
    context manager factory."""
    @wraps(func)
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    return helper


class _AsyncGeneratorContextManager(_GeneratorContextManagerBase, AbstractAsyncContextManager,
                                    AsyncContextDecorator):
    """What @asynccontextmanager returns: _GeneratorContextManager's steps
    over an async generator."""

    async def __aenter__(self):
        del self.args, self.kwds, self.func
        try:
            return await anext(self.gen)
        except StopAsyncIteration:
            raise RuntimeError("generator didn't yield") from None

    async def __aexit__(self, typ, value, traceback):
        if typ is None:
            try:
                await anext(self.gen)
            except StopAsyncIteration:
                return False
            else:
                raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            await self.gen.athrow(typ, value, traceback)
        except StopAsyncIteration as exc:
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                exc.__traceback__ = traceback
                return False
            if isinstance(value, (StopIteration, StopAsyncIteration)) and exc.__cause__ is value:
                value.__traceback__ = traceback
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            exc.__traceback__ = traceback
            return False
        raise RuntimeError("generator didn't stop after athrow()")


def asynccontextmanager(func):
    """@asynccontextmanager: an async generator function that yields once
    becomes an async context manager factory."""
    @wraps(func)
    def helper(*args, **kwds):
        return _AsyncGeneratorContextManager(func, args, kwds)
    return helper


class closing(AbstractContextManager):
    """Calls thing.close() on exit."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class aclosing(AbstractAsyncContextManager):
    """Awaits thing.aclose() on async exit."""

    def __init__(self, thing):
        self.thing = thing

    async def __aenter__(self):
        return self.thing

    async def __aexit__(self, *exc_info):
        await self.thing.aclose()


class _RedirectStream(AbstractContextManager):
    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._old_targets = []

    def __enter__(self):
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        setattr(sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    """Sends sys.stdout to another file-like object for the with-block."""
    _stream = "stdout"


class redirect_stderr(_RedirectStream):
    """Sends sys.stderr to another file-like object for the with-block."""
    _stream = "stderr"


class suppress(AbstractContextManager):
    """Swallows the given exception types raised in the with-block."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        if exctype is None:
            return False
        if issubclass(exctype, self._exceptions):
            return True
        return False


class _BaseExitStack:
    """The callback stack ExitStack unwinds."""

    @staticmethod
    def _create_exit_wrapper(cm, cm_exit):
        def _exit_wrapper(exc_type, exc, tb):
            return cm_exit(cm, exc_type, exc, tb)
        return _exit_wrapper

    @staticmethod
    def _create_cb_wrapper(callback, /, *args, **kwds):
        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        return _exit_wrapper

    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def push(self, exit):
        _cb_type = type(exit)
        try:
            exit_method = _cb_type.__exit__
        except AttributeError:
            self._push_exit_callback(exit)
        else:
            self._push_cm_exit(exit, exit_method)
        return exit

    def enter_context(self, cm):
        cls = type(cm)
        try:
            _enter = cls.__enter__
            _exit = cls.__exit__
        except AttributeError:
            raise TypeError("'%s.%s' object does not support the context manager protocol"
                            % (cls.__module__, cls.__qualname__)) from None
        result = _enter(cm)
        self._push_cm_exit(cm, _exit)
        return result

    def callback(self, callback, /, *args, **kwds):
        _exit_wrapper = self._create_cb_wrapper(callback, *args, **kwds)
        _exit_wrapper.__wrapped__ = callback
        self._push_exit_callback(_exit_wrapper)
        return callback

    def _push_cm_exit(self, cm, cm_exit):
        _exit_wrapper = self._create_exit_wrapper(cm, cm_exit)
        self._push_exit_callback(_exit_wrapper, True)

    def _push_exit_callback(self, callback, is_sync=True):
        self._exit_callbacks.append((is_sync, callback))


class ExitStack(_BaseExitStack):
    """Unwinds any number of context managers and callbacks, last in first
    out, on exit; an exception one raises is passed on to the next."""

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        # The exception being handled around the with-statement, if any
        # (cgrad's sys may lack exc_info; then no context needs fixing).
        exc_info = getattr(sys, 'exc_info', None)
        frame_exc = exc_info()[1] if exc_info is not None else None

        def _fix_exception_context(new_exc, old_exc):
            while 1:
                exc_context = new_exc.__context__
                if exc_context is None or exc_context is old_exc:
                    return
                if exc_context is frame_exc:
                    break
                new_exc = exc_context
            new_exc.__context__ = old_exc

        suppressed_exc = False
        pending_raise = False
        while self._exit_callbacks:
            is_sync, cb = self._exit_callbacks.pop()
            try:
                if cb(*exc_details):
                    suppressed_exc = True
                    pending_raise = False
                    exc_details = (None, None, None)
            except BaseException as exc:
                new_exc_details = (type(exc), exc, exc.__traceback__)
                _fix_exception_context(new_exc_details[1], exc_details[1])
                pending_raise = True
                exc_details = new_exc_details
        if pending_raise:
            try:
                fixed_ctx = exc_details[1].__context__
                raise exc_details[1]
            except BaseException:
                exc_details[1].__context__ = fixed_ctx
                raise
        return received_exc and suppressed_exc

    def close(self):
        self.__exit__(None, None, None)


class AsyncExitStack(_BaseExitStack, AbstractAsyncContextManager):
    """ExitStack for async context managers and coroutine callbacks too."""

    @staticmethod
    def _create_async_exit_wrapper(cm, cm_exit):
        async def _exit_wrapper(exc_type, exc, tb):
            return await cm_exit(cm, exc_type, exc, tb)
        return _exit_wrapper

    @staticmethod
    def _create_async_cb_wrapper(callback, /, *args, **kwds):
        async def _exit_wrapper(exc_type, exc, tb):
            await callback(*args, **kwds)
        return _exit_wrapper

    async def enter_async_context(self, cm):
        cls = type(cm)
        try:
            _enter = cls.__aenter__
            _exit = cls.__aexit__
        except AttributeError:
            raise TypeError("'%s.%s' object does not support the asynchronous context manager protocol"
                            % (cls.__module__, cls.__qualname__)) from None
        result = await _enter(cm)
        self._push_exit_callback(self._create_async_exit_wrapper(cm, _exit), False)
        return result

    def push_async_exit(self, exit):
        try:
            exit_method = type(exit).__aexit__
        except AttributeError:
            self._push_exit_callback(exit, False)
        else:
            self._push_exit_callback(self._create_async_exit_wrapper(exit, exit_method), False)
        return exit

    def push_async_callback(self, callback, /, *args, **kwds):
        _exit_wrapper = self._create_async_cb_wrapper(callback, *args, **kwds)
        _exit_wrapper.__wrapped__ = callback
        self._push_exit_callback(_exit_wrapper, False)
        return callback

    async def aclose(self):
        await self.__aexit__(None, None, None)

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc_details):
        suppressed_exc = False
        pending_raise = False
        while self._exit_callbacks:
            is_sync, cb = self._exit_callbacks.pop()
            try:
                cb_suppress = cb(*exc_details) if is_sync else await cb(*exc_details)
                if cb_suppress:
                    suppressed_exc = True
                    pending_raise = False
                    exc_details = (None, None, None)
            except BaseException as exc:
                if exc_details[1] is not None and exc.__context__ is None and exc is not exc_details[1]:
                    exc.__context__ = exc_details[1]
                pending_raise = True
                exc_details = (type(exc), exc, exc.__traceback__)
        if pending_raise:
            raise exc_details[1]
        return exc_details[0] is not None and suppressed_exc


class nullcontext(AbstractContextManager):
    """A context manager that does nothing; `as` gets enter_result."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass

    async def __aenter__(self):
        return self.enter_result

    async def __aexit__(self, *excinfo):
        pass


class chdir(AbstractContextManager):
    """Changes the working directory for the with-block."""

    def __init__(self, path):
        self.path = path
        self._old_cwd = []

    def __enter__(self):
        self._old_cwd.append(os.getcwd())
        os.chdir(self.path)

    def __exit__(self, *excinfo):
        os.chdir(self._old_cwd.pop())
