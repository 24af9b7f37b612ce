# unittest over asyncio: IsolatedAsyncioTestCase (async setUp/tearDown,
# cleanups, a loop per test) and mock.AsyncMock.
import asyncio
import inspect
import io
import unittest
from unittest.mock import AsyncMock, MagicMock, call, patch

events = []


def run(case):
    buf = io.StringIO()
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(case)
    result = unittest.TextTestRunner(stream=buf, verbosity=2).run(suite)
    for line in buf.getvalue().splitlines():
        if not line.startswith("Ran "):
            print(line)
    return result


class Service:
    async def fetch(self, key):
        await asyncio.sleep(0)
        return f"real {key}"

    def sync(self):
        return "sync"


class AsyncCase(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        events.append("asyncSetUp")
        self.loop = asyncio.get_running_loop()
        self.addAsyncCleanup(self.cleanup, "async cleanup")

    def setUp(self):
        events.append("setUp")

    async def cleanup(self, what):
        await asyncio.sleep(0)
        events.append(what)

    async def test_sleeps(self):
        self.assertIs(asyncio.get_running_loop(), self.loop)
        self.assertEqual(await asyncio.sleep(0, "slept"), "slept")
        events.append("test_sleeps")

    async def test_context(self):
        class CM:
            async def __aenter__(self):
                events.append("enter")
                return 5

            async def __aexit__(self, *exc):
                events.append("exit")

        self.assertEqual(await self.enterAsyncContext(CM()), 5)

    def test_plain(self):
        events.append("plain test")

    async def asyncTearDown(self):
        events.append("asyncTearDown")

    def tearDown(self):
        events.append("tearDown")


result = run(AsyncCase)
print(result.wasSuccessful(), result.testsRun)
print(events)


class MockCase(unittest.TestCase):
    def test_asyncmock(self):
        m = AsyncMock(return_value=5)
        self.assertTrue(inspect.iscoroutinefunction(m))
        coro = m(1, x=2)
        self.assertTrue(inspect.iscoroutine(coro))
        self.assertEqual(asyncio.run(coro), 5)
        m.assert_awaited_once_with(1, x=2)
        m.assert_called_once_with(1, x=2)
        self.assertEqual((m.await_count, m.await_args), (1, call(1, x=2)))
        with self.assertRaises(AssertionError) as cm:
            m.assert_awaited_with(2)
        print(cm.exception)
        with self.assertRaises(AssertionError) as cm:
            m.assert_not_awaited()
        print(cm.exception)
        m.reset_mock()
        m.assert_not_awaited()

    def test_side_effects(self):
        boom = AsyncMock(side_effect=ValueError("boom"))
        with self.assertRaises(ValueError):
            asyncio.run(boom())
        seq = AsyncMock(side_effect=[1, 2])

        async def two():
            return [await seq("a"), await seq("b")]

        self.assertEqual(asyncio.run(two()), [1, 2])
        seq.assert_has_awaits([call("a"), call("b")])
        seq.assert_any_await("b")

        async def effect(v):
            return v * 3

        self.assertEqual(asyncio.run(AsyncMock(side_effect=effect)(4)), 12)

    def test_patching_an_async_method(self):
        with patch.object(Service, "fetch") as fetch:
            self.assertIsInstance(fetch, AsyncMock)
            fetch.return_value = "mocked"
            self.assertEqual(asyncio.run(Service().fetch("k")), "mocked")
        with patch.object(Service, "sync") as sync:
            self.assertIsInstance(sync, MagicMock)
            self.assertNotIsInstance(sync, AsyncMock)
        self.assertEqual(asyncio.run(Service().fetch("k")), "real k")


result = run(MockCase)
print(result.wasSuccessful(), result.testsRun)
