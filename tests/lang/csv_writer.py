# csv.writer: writerow/writerows over io.StringIO and a real file, every
# quoting mode with Python's rules, None, floats, a lone empty field,
# escapechar, lineterminator, what writerow returns, and the errors
import csv
import io
import random


class Num:
    def __float__(self):
        return 2.5

    def __str__(self):
        return "num"


def out(rows, **kw):
    s = io.StringIO()
    try:
        w = csv.writer(s, **kw)
        for row in rows:
            print(w.writerow(row), end=" ")
        print(repr(s.getvalue()))
    except Exception as e:
        print(type(e).__name__, e, repr(s.getvalue()))


mixed = [["a", 1, 2.5, None, True, "", 'q"uote', "com,ma", "new\nline", "cr\rx", " sp", 1e100, 0.1]]
out(mixed)
out(mixed, quoting=csv.QUOTE_ALL)
out(mixed, quoting=csv.QUOTE_NONNUMERIC)
out([[Num(), 3, "x"]], quoting=csv.QUOTE_NONNUMERIC)
out([[1j, 2 + 3j, b"ab", bytearray(b"x")]], quoting=csv.QUOTE_NONNUMERIC)
out(mixed, quoting=csv.QUOTE_NONE)
out(mixed, quoting=csv.QUOTE_NONE, escapechar="\\")
out([["a", "b\\c", 'd"e']], escapechar="\\")
out([['d"e']], escapechar="\\", doublequote=False)
out([['d"e']], doublequote=False)
out([[""], [None], [], ["", ""], ["x"]])
out([[""]], quoting=csv.QUOTE_NONE)
out([["a", "b"]], lineterminator="\n")
out([["a!b", "c"]], lineterminator="!")
out([["a\nb", "c"]], lineterminator="!")
out([["a;b", "c", "'q'"]], delimiter=";", quotechar="'")
out([["a b", "c"]], delimiter=" ")
out([["é§", "日本"]], delimiter="§")
out([["x", "y"]], dialect="excel-tab")
out([["x", "y"]], dialect="unix")
out(["abc", range(3), (1, 2), iter(["g", "h"])])
out([5])
out([["x"], 5])
out([[1, 2]], quoting=csv.QUOTE_NONE, quotechar=None)

s = io.StringIO()
w = csv.writer(s)
print(w.writerows([[1, 2], ["a", "b"]]), repr(s.getvalue()))
try:
    w.writerows(5)
except Exception as e:
    print(type(e).__name__, e)
try:
    csv.writer(5)
except Exception as e:
    print(type(e).__name__, e)
d = w.dialect
print(type(d).__name__, d.delimiter, repr(d.lineterminator), d.quoting)


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return "wrote %d" % len(s)


sink = Sink()
w = csv.writer(sink)
print(w.writerow(["a", "b"]), w.writerows([["c"]]), sink.parts)

# a real file: written here, read back
p = "/tmp/cgrad_lang_csv_writer_%d.csv" % random.randrange(10**12)
with open(p, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["id", "text", "value"])
    w.writerows([[1, "plain", 0.5], [2, "with, comma", None], [3, 'quote " and\nnewline', -1e-7]])
with open(p, newline="") as f:
    print(repr(f.read()))
with open(p, newline="") as f:
    print(list(csv.reader(f)))
try:
    import os
    os.remove(p)
except ImportError:
    pass
