# The traceback module against CPython 3.11: format_exc, format_exception,
# extract_tb/extract_stack, StackSummary and FrameSummary, chaining, notes,
# recursion cut-off, SyntaxError's caret, and linecache's lines.
import traceback, sys

def inner(x):
    return x["key"] + 1

def middle(d):
    return inner(d) * 2

def outer():
    try:
        middle({})
    except KeyError:
        return traceback.format_exc()

print(outer(), end="")

try:
    1 + "a"
except TypeError as e:
    print("".join(traceback.format_exception(e)), end="")
    print(traceback.format_exception_only(type(e), e))
    s = traceback.extract_tb(e.__traceback__)
    print(len(s), s[0].name, s[0].lineno, s[0].line, repr(s[0]))
    print(list(s[0]))

def f():
    raise ValueError("inner")
def g():
    try:
        f()
    except ValueError as e:
        raise RuntimeError("outer") from e
try:
    g()
except RuntimeError as e:
    traceback.print_exc(file=sys.stdout)
    te = traceback.TracebackException.from_exception(e)
    print(type(te.__cause__).__name__, te.exc_type.__name__, str(te))

try:
    try:
        {}["x"]
    except KeyError:
        raise ValueError("during")
except ValueError as e:
    print("".join(traceback.format_exception(e)), end="")
    print("".join(traceback.format_exception(e, chain=False)), end="")

e = ValueError("with note")
e.add_note("note one")
e.add_note("note two")
try:
    raise e
except ValueError as err:
    traceback.print_exception(err, file=sys.stdout)

def rec(n):
    if n == 0:
        raise OverflowError("deep")
    return rec(n - 1)
try:
    rec(10)
except OverflowError:
    print(traceback.format_exc())

def show():
    return traceback.extract_stack()
st = show()
print([(fs.name, fs.lineno) for fs in st])
print(traceback.format_list([("a.py", 3, "fn", "x = 1")]))
for fr, ln in traceback.walk_tb(sys.exc_info()[2]):
    print(fr, ln)
print(traceback.format_exception_only(SyntaxError("bad", ("f.py", 1, 4, "x = = 1\n", 1, 6))))
try:
    traceback.print_exception(5)
except TypeError as e:
    print(e)
try:
    traceback.format_exception(ValueError, ValueError("x"))
except ValueError as e:
    print(e)
class MyErr(Exception):
    pass
print(traceback.format_exception_only(MyErr("m")))
import linecache
print(repr(linecache.getline(__file__, 1)))
print(len(linecache.getlines(__file__)) > 50, linecache.getline(__file__, 100000) == "")
print(linecache.getline("/nonexistent/file.py", 1) == "", linecache.getlines("<nothing>"))
linecache.checkcache()
linecache.clearcache()
print(linecache.cache)
print(traceback.extract_tb(None), traceback.format_tb(None))
s = traceback.StackSummary.from_list([("x.py", 1, "f", "a = 1"), traceback.FrameSummary("y.py", 2, "g", line="b()")])
print(s.format())
print(s[1] == ("y.py", 2, "g", "b()"), len(s[0]))
try:
    rec(3)
except OverflowError as e:
    print(len(traceback.extract_tb(e.__traceback__, limit=2)), traceback.extract_tb(e.__traceback__, limit=-1)[0].name)
    print(traceback.format_tb(e.__traceback__, limit=1))
