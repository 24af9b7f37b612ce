# unittest: every assert method's passing and failing cases with CPython's messages (msg and longMessage too); assertRaises/Warns as context managers
import unittest
import warnings


class T(unittest.TestCase):
    def runTest(self):
        pass


t = T()


def check(name, *args, **kw):
    try:
        getattr(t, name)(*args, **kw)
        print(name, "passed")
    except AssertionError as e:
        print(name, "failed:", e)


check("assertEqual", 1, 1)
check("assertEqual", 1, 2)
check("assertEqual", 1, 2, "custom")
check("assertEqual", 1.5, None)
check("assertEqual", {1, 2}, {2, 3})
check("assertEqual", frozenset([1]), frozenset([1, 2]))
check("assertEqual", b"a" * 100 + b"x", b"a" * 100 + b"y")
check("assertNotEqual", 1, 1)
check("assertNotEqual", 1, 2)
check("assertTrue", 0)
check("assertTrue", [1])
check("assertFalse", "x")
check("assertFalse", None)
check("assertIs", None, 0)
check("assertIsNot", None, None)
check("assertIsNone", 5)
check("assertIsNotNone", None)
check("assertIn", 3, [1, 2])
check("assertNotIn", 1, [1, 2])
check("assertIsInstance", 1, str)
check("assertNotIsInstance", 1, int)
check("assertGreater", 1, 2)
check("assertGreaterEqual", 1, 2)
check("assertLess", 2, 1)
check("assertLessEqual", 2, 1)
check("assertAlmostEqual", 1.0, 1.00000001)
check("assertAlmostEqual", 1.0, 1.1)
check("assertAlmostEqual", 1.0, 1.1, places=3)
check("assertAlmostEqual", 1.0, 1.5, delta=0.1)
check("assertAlmostEqual", 1.0, 1.05, delta=0.1)
check("assertNotAlmostEqual", 1.0, 1.00000001)
check("assertNotAlmostEqual", 1.0, 1.05, delta=0.1)
check("assertNotAlmostEqual", 1.0, 2.0)
try:
    t.assertAlmostEqual(1, 2, places=1, delta=1)
except TypeError as e:
    print("TypeError:", e)
check("assertCountEqual", [1, 2, 2], [2, 1, 2])
check("assertCountEqual", [1, 2, 2, 3], [2, 1, 1])
check("assertCountEqual", [[1], [2]], [[2], [3]])
check("assertSetEqual", {1, 2}, {1, 2})
check("assertSetEqual", set(), {1})
check("assertSetEqual", 1, {1})
check("assertRegex", "hello world", r"wor")
check("assertRegex", "hello world", r"^world")
check("assertNotRegex", "hello world", r"o w")
check("assertDictEqual", {"a": 1}, {"a": 1})
check("assertDictEqual", [], {})
check("assertSequenceEqual", [1, 2], (1, 2))
check("assertListEqual", (1,), [1])
check("assertTupleEqual", [1], (1,))
check("assertMultiLineEqual", "a\nb", "a\nb")
check("assertMultiLineEqual", 1, "a")
check("fail")
check("fail", "explicit")

t.longMessage = False
check("assertEqual", 1, 2, "only mine")
check("assertEqual", 1, 2)
t.longMessage = True

# assertRaises: context manager, callable form, regex, the exception kept
with t.assertRaises(ZeroDivisionError) as cm:
    1 / 0
print(type(cm.exception).__name__, cm.exception)
with t.assertRaises((KeyError, IndexError)):
    [][1]
try:
    with t.assertRaises(ValueError):
        pass
except AssertionError as e:
    print("failed:", e)
try:
    with t.assertRaises(ValueError, msg="wanted one"):
        pass
except AssertionError as e:
    print("failed:", e)
t.assertRaises(ValueError, int, "x")
try:
    t.assertRaises(ValueError, int, "5")
except AssertionError as e:
    print("failed:", e)
try:
    with t.assertRaises(ValueError):
        raise KeyError("other")
except KeyError as e:
    print("passed through:", repr(e))
with t.assertRaisesRegex(ValueError, r"invalid literal"):
    int("x")
try:
    with t.assertRaisesRegex(ValueError, r"^nothing"):
        int("x")
except AssertionError as e:
    print("failed:", e)
try:
    t.assertRaises(5)
except TypeError as e:
    print("TypeError:", e)
try:
    with t.assertRaises(ValueError, foo=1):
        pass
except TypeError as e:
    print("TypeError:", e)

# assertWarns
with t.assertWarns(UserWarning) as cm:
    warnings.warn("careful", UserWarning)
print(type(cm.warning).__name__, cm.warning)
with t.assertWarnsRegex(DeprecationWarning, "old"):
    warnings.warn("this is old", DeprecationWarning)
try:
    with t.assertWarns(UserWarning):
        pass
except AssertionError as e:
    print("failed:", e)
try:
    with t.assertWarnsRegex(UserWarning, "xyz"):
        warnings.warn("abc")
except AssertionError as e:
    print("failed:", e)


# the failure exception can be changed
class Mine(unittest.TestCase):
    failureException = RuntimeError

    def runTest(self):
        pass


try:
    Mine().assertEqual(1, 2)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    Mine().fail("x")
except RuntimeError as e:
    print("RuntimeError:", e)


class Point:
    def __init__(self, x):
        self.x = x


t.addTypeEqualityFunc(Point, lambda a, b, msg=None: print("compared points", a.x, b.x))
t.assertEqual(Point(1), Point(2))
