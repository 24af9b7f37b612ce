# timeit as CPython 3.11 runs it: Timer with text and callable statements,
# setup, globals, number, repeat and autorange, the module functions, and
# main()'s printed lines, measured with a fake timer that advances a fixed
# step per reading so that the figures are the same everywhere.
import io
import sys
import timeit


class FakeTimer:
    """Each reading moves the clock by step seconds."""

    def __init__(self, step=0.001):
        self.now = 0.0
        self.step = step
        self.calls = 0

    def __call__(self):
        self.calls += 1
        self.now += self.step
        return self.now


class SlowingTimer(FakeTimer):
    """Each reading moves the clock further than the last: autorange's
    tries take longer and longer."""

    def __call__(self):
        self.calls += 1
        self.now += self.step * self.calls
        return self.now


print(timeit.default_number, timeit.default_repeat, timeit.dummy_src_name, timeit.default_timer is __import__("time").perf_counter)
print(repr(timeit.reindent("a\nb\nc", 4)))

count = []
t = timeit.Timer("count.append(1)", globals={"count": count})
r = t.timeit(number=7)
print(type(r).__name__, len(count), r >= 0)
print(len(t.repeat(repeat=3, number=4)), len(count))

calls = []
t = timeit.Timer(lambda: calls.append("stmt"), setup=lambda: calls.append("setup"))
t.timeit(3)
print(calls)

ft = FakeTimer(0.5)
t = timeit.Timer("x = 1", "y = 2", timer=ft)
print(t.timeit(10), t.repeat(3, 5), ft.calls)
seen = []
print(timeit.Timer("pass", timer=SlowingTimer(0.01)).autorange(lambda n, s: seen.append((n, round(s, 6)))), seen)
print(timeit.Timer("pass", timer=FakeTimer(0.5)).autorange())

g = {"value": 21}
print(timeit.timeit("value * 2", number=5, globals=g) >= 0, len(timeit.repeat("pass", repeat=4, number=2)))
print(timeit.timeit("z = a + 1", setup="a = 5", number=3, timer=FakeTimer(2.0)))
print(timeit.repeat(stmt="pass", setup="pass", timer=FakeTimer(1), repeat=2, number=1))
print(type(timeit.Timer()).__name__, "inner" in timeit.Timer("pass").src, timeit.Timer("pass").src.count("\n"))
print(timeit.timeit("for i in range(3):\n    s = i\nt = s", number=2) >= 0)

# the statement raises: print_exc names the error last
t = timeit.Timer("1/0")
try:
    t.timeit(1)
except ZeroDivisionError:
    out = io.StringIO()
    t.print_exc(out)
    print(out.getvalue().strip().splitlines()[-1])

errors = [
    lambda: timeit.Timer(5), lambda: timeit.Timer("pass", 5), lambda: timeit.Timer("x = (", "pass"),
    lambda: timeit.Timer("return 5"), lambda: timeit.timeit("undefined_name", number=1),
    lambda: timeit.Timer("pass", "x = )"),
]
for f in errors:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__)

# main(), as `python -m timeit`
wrap = lambda timer: FakeTimer(0.5)
for args in (["-n", "10", "-r", "3", "pass"], ["-n", "1", "x = 1"], ["-n", "2", "-u", "msec", "pass"],
             ["-n", "1000", "-u", "usec", "pass"], ["-n", "5", "-s", "a = 1", "-s", "b = 2", "a + b"],
             ["--number=3", "--repeat", "2", "pass"], ["-v", "-n", "4", "pass"], ["-vv", "-n", "4", "pass"],
             ["pass"], ["-v", "pass"], ["-n1", "-r1", "-p", "pass"], ["-r", "0", "-n", "2", "pass"],
             ["-u", "nsec", "-n", "3", "pass"], ["--num", "3", "pass"], []):
    print(args, "->", timeit.main(args, _wrap_timer=wrap if "-v" not in args else lambda t: SlowingTimer(0.01)))
    sys.stdout.flush()
for args in (["-x"], ["-n"], ["--bogus"], ["--number"], ["-u", "hours", "pass"], ["--proc=1", "pass"]):
    print(args, "->", timeit.main(args))
    sys.stdout.flush()
    sys.stderr.flush()
print(timeit.main(["-n", "1", "-s", "import sys", "sys.stdout.write('')"], _wrap_timer=wrap))


class Skewed:
    """Slow first reading pairs, then fast: main warns the results are unreliable."""

    def __init__(self):
        self.steps = iter([0, 10, 10, 11, 11, 12, 12, 13, 13, 14] + [14] * 10)

    def __call__(self):
        return float(next(self.steps))


print(timeit.main(["-n", "1", "pass"], _wrap_timer=lambda t: Skewed()))

# the globals dict given keeps its names (exec adds only __builtins__)
g = {"value": 3, "inner": "mine"}
timeit.timeit("value + 1", number=2, globals=g)
timeit.timeit(lambda: None, setup=lambda: None, number=2, globals=g)
print(sorted(k for k in g if k != "__builtins__"), g["inner"])
