# unittest: TextTestRunner's output at verbosity 0, 1 and 2 (the time line left out), fixtures, cleanups, skips, expected failures, subtests
import io
import unittest

log = []


def run(suite, verbosity=1, **kw):
    buf = io.StringIO()
    result = unittest.TextTestRunner(stream=buf, verbosity=verbosity, **kw).run(suite)
    for line in buf.getvalue().splitlines():
        if not line.startswith("Ran "):
            print(line)
    return result


class Mixed(unittest.TestCase):
    def test_ok(self):
        self.assertEqual(1, 1)

    def test_fail(self):
        self.assertEqual(1, 2)

    def test_error(self):
        {}["x"]

    @unittest.skip("not today")
    def test_skip(self):
        pass

    @unittest.skipIf(True, "condition held")
    def test_skip_if(self):
        pass

    @unittest.skipUnless(True, "never shown")
    def test_skip_unless_runs(self):
        pass

    @unittest.expectedFailure
    def test_expected_failure(self):
        self.assertTrue(False)

    @unittest.expectedFailure
    def test_unexpected_success(self):
        pass

    def test_subtests(self):
        for i in range(4):
            with self.subTest(i=i):
                self.assertLess(i, 2)

    def test_skip_inside(self):
        self.skipTest("decided at run time")

    def test_doc(self):
        """First line of the doc.

        More lines."""


loader = unittest.TestLoader()
for v in (0, 1, 2):
    print(f"--- verbosity {v}")
    r = run(loader.loadTestsFromTestCase(Mixed), verbosity=v)
    print(r.testsRun, len(r.failures), len(r.errors), len(r.skipped), len(r.expectedFailures),
          len(r.unexpectedSuccesses), r.wasSuccessful())
print([str(t) for t, _ in r.skipped], [reason for _, reason in r.skipped])


class Fixtures(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        log.append("setUpClass")
        cls.addClassCleanup(log.append, "class cleanup")

    @classmethod
    def tearDownClass(cls):
        log.append("tearDownClass")

    def setUp(self):
        log.append("setUp " + self._testMethodName)
        self.addCleanup(log.append, "cleanup " + self._testMethodName)

    def tearDown(self):
        log.append("tearDown " + self._testMethodName)

    def test_a(self):
        log.append("a")

    def test_b(self):
        log.append("b")


print("--- fixtures")
r = run(loader.loadTestsFromTestCase(Fixtures))
print(log)


class BadSetUp(unittest.TestCase):
    def setUp(self):
        raise ValueError("setUp broke")

    def test_never(self):
        log.append("never")


class BadClass(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise RuntimeError("class setup broke")

    def test_never(self):
        pass


@unittest.skip("whole class")
class Skipped(unittest.TestCase):
    def test_a(self):
        pass

    def test_b(self):
        pass


print("--- broken fixtures")
r = run(unittest.TestSuite([loader.loadTestsFromTestCase(c) for c in (BadSetUp, BadClass, Skipped)]), verbosity=2)
print("never" in log, r.testsRun, [str(t) for t, _ in r.errors])


class Stop(unittest.TestCase):
    def test_1(self):
        self.fail("first")

    def test_2(self):
        self.fail("second")


print("--- failfast")
r = run(loader.loadTestsFromTestCase(Stop), failfast=True)
print(r.testsRun, r.shouldStop)

print("--- plain TestResult")
res = unittest.TestResult()
Mixed("test_fail").run(res)
Mixed("test_ok").run(res)
print(res, res.wasSuccessful(), res.failures[0][0])
print(res.failures[0][1].splitlines()[-1])
t = Mixed("test_ok")
print(t.id(), str(t), repr(t), t.countTestCases(), t.shortDescription(), Mixed("test_doc").shortDescription())
print(t == Mixed("test_ok"), t != Mixed("test_fail"))
try:
    Mixed("nope")
except ValueError as e:
    print("ValueError:", e)
suite = unittest.TestSuite([Mixed("test_ok"), unittest.TestSuite([Mixed("test_fail")])])
print(suite.countTestCases(), [type(x).__name__ for x in suite])
try:
    suite.addTest(5)
except TypeError as e:
    print("TypeError:", e)
try:
    suite.addTests("abc")
except TypeError as e:
    print("TypeError:", e)
f = unittest.FunctionTestCase(lambda: None, description="a function test")
print(run(unittest.TestSuite([f]), verbosity=2).wasSuccessful())
