# unittest.async_case: IsolatedAsyncioTestCase, a TestCase whose test
# methods, setUp/tearDown and cleanups may be coroutine functions, each
# test run on an event loop of its own (asyncio.Runner).
import asyncio
import inspect

from unittest.case import TestCase


class IsolatedAsyncioTestCase(TestCase):
    """asyncSetUp, the test and asyncTearDown run in one task of a fresh
    loop, so that they share its context; the loop closes after."""

    def __init__(self, methodName='runTest'):
        super().__init__(methodName)
        self._asyncioRunner = None
        self._asyncioTestContext = None

    async def asyncSetUp(self):
        pass

    async def asyncTearDown(self):
        pass

    def addAsyncCleanup(self, func, /, *args, **kwargs):
        """Like addCleanup, for a coroutine function."""
        self.addCleanup(*(func, *args), **kwargs)

    async def enterAsyncContext(self, cm):
        """Enters an async context manager and adds its __aexit__ as a cleanup."""
        cls = type(cm)
        try:
            enter = cls.__aenter__
            exit = cls.__aexit__
        except AttributeError:
            raise TypeError(f"'{cls.__module__}.{cls.__qualname__}' object does not support the "
                            f"asynchronous context manager protocol") from None
        result = await enter(cm)
        self.addAsyncCleanup(exit, cm, None, None, None)
        return result

    def _callSetUp(self):
        self._asyncioRunner.get_loop()
        self.setUp()
        self._callAsync(self.asyncSetUp)

    def _callTestMethod(self, method):
        if self._callMaybeAsync(method) is not None:
            import warnings
            warnings.warn(f'It is deprecated to return a value that is not None from a test case ({method})',
                          DeprecationWarning, stacklevel=4)

    def _callTearDown(self):
        self._callAsync(self.asyncTearDown)
        self.tearDown()

    def _callCleanup(self, function, *args, **kwargs):
        self._callMaybeAsync(function, *args, **kwargs)

    def _callAsync(self, func, /, *args, **kwargs):
        return self._asyncioRunner.run(func(*args, **kwargs))

    def _callMaybeAsync(self, func, /, *args, **kwargs):
        result = func(*args, **kwargs)
        if inspect.isawaitable(result):
            return self._asyncioRunner.run(_await(result))
        return result

    def _setupAsyncioRunner(self):
        self._asyncioRunner = asyncio.Runner(debug=True)

    def _tearDownAsyncioRunner(self):
        self._asyncioRunner.close()

    def run(self, result=None):
        self._setupAsyncioRunner()
        try:
            return super().run(result)
        finally:
            self._tearDownAsyncioRunner()

    def debug(self):
        self._setupAsyncioRunner()
        super().debug()
        self._tearDownAsyncioRunner()


async def _await(awaitable):
    return await awaitable
