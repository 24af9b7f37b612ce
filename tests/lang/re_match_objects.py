# re.Match: groups by number and name, spans, lastindex/lastgroup, expand,
# repr, truthiness, as CPython 3.11.
import re

m = re.search(r"(?P<user>\w+)@(?P<host>[\w.]+)(:(?P<port>\d+))?", "mail to: bob@example.com, done")
print(m)
print(m.group(), m.group(0), m.group(1), m.group("host"), m.group(1, "host", 0), m.group("port"))
print(m[0], m[1], m["user"], m[4], m.groups(), m.groups("-"), m.groupdict(), m.groupdict(0))
print(m.start(), m.end(), m.span(), m.start(2), m.end("host"), m.span("user"), m.span(3), m.start(4), m.end(4))
print(m.lastindex, m.lastgroup, m.re, m.string, m.pos, m.endpos, m.regs)
print(bool(m), m.re.pattern, m.re.groups, m.re.groupindex)
for g in [5, -1, "nope", 1.5, None]:
    try:
        m.group(g)
    except IndexError as e:
        print(repr(g), "IndexError:", e)
try:
    m.start(7)
except IndexError as e:
    print("IndexError:", e)

for pattern, s in [(r"(a)(b)", "ab"), (r"(a)|(b)", "b"), (r"((a)b)", "ab"), (r"(a(b))", "ab"), (r"(?P<x>a)", "a"),
                   (r"a", "a"), (r"(a)?b", "b"), (r"(?P<o>(?P<i>x))", "x"), (r"(a)(?P<n>b)?", "a")]:
    mm = re.match(pattern, s)
    print(pattern, mm.lastindex, mm.lastgroup, mm.groups(), mm.span(mm.lastindex or 0))

m = re.compile(r"\d+").search("abc 123 def", 2, 9)
print(m, m.pos, m.endpos, repr(m.string))
m = re.match("", "abc")
print(m, m.span(), repr(m.group()), bool(m))
m = re.search("é(.)", "café! ñé中")
print(m, m.span(), m.span(1), m.start(1), m.group(1))
long = re.search(r"x+", "a" + "x" * 100)
print(long)
print(re.search("a\nb'\"", "a\nb'\""))
print(re.search(r"(?<=(a))b", "ab").span(1), re.search(r"(?<=(a))b", "ab").group(1))
print(re.fullmatch(r"(\w+)\s(\w+)", "hello world").expand(r"\2 \1 (\g<0>)"))
print(type(m).__name__, type(re.compile("a")).__name__, isinstance(m, re.Match), isinstance(re.compile("a"), re.Pattern))
import copy
print(copy.copy(m) is m, copy.deepcopy(re.compile("a")) == re.compile("a"))
