# re.error: CPython 3.11's messages and positions for bad patterns.
import re

bad = ["(", ")", "a)", "(a", "((a)", "*", "+a", "?", "a**", "a*?*", "a{2}{3}", "^*", "$+", r"\b+", r"\A*", "a|*",
       "(*)", "{1}", "a{2,1}", "[", "[a", "[]", "[^]", "[b-a]", r"[\d-z]", r"[a-\w]", r"\q", r"[\q]", r"\h", r"\K",
       r"\Q", r"\E", r"\x", r"\x1", r"\xzz", r"\u12", r"\U00110000", r"\777", "\\", "(?", "(?P", "(?P<", "(?P<a",
       "(?P<>a)", "(?P<1a>x)", "(?P<a b>x)", "(?P<a>x)(?P<a>y)", "(?P=b)", "(?P=a)(?P<a>x)", "(?P<a>(?P=a))",
       "(?Px)", "(a)\\2", "(a\\1)", r"\10", "(?z)", "(?<a>x)", "(?<x)", "(?i", "(?i-", "(?-)", "(?-a:x)", "(?au:x)",
       "a(?i)b", "(?i)a(?m)b", "(?#abc", "(?(1)a|b)", "(a)(?(1)a|b|c)", "(a)(?(1)(x|y|z)|b)", "(a)(?(2)b)", "(?(x)a)", "(?(0)a)", "(?<=a+)b",
       "(?L)a", "(?iL)a", "(?iz)x", "[a[:]", "[[:alpha:]]", "[a--b]", "[a&&b]", "[a~~b]", "[a||b]", "[--]",
       "a{1", "x{,", "a{,3}b", "a{3,}"]
for p in bad:
    try:
        c = re.compile(p)
        print(repr(p), "ok", c.findall("aaa{1x{,b[:alpha:]]"))
    except re.error as e:
        print(repr(p), "->", e, "|", e.msg, e.pos, e.lineno, e.colno, e.pattern == p)

try:
    re.compile("abc\n(de\nf")
except re.error as e:
    print(e, "|", e.pos, e.lineno, e.colno)
print(issubclass(re.error, Exception), re.error("boom").pos, str(re.error("boom")), str(re.error("x", "ab", 1)))
for call in [lambda: re.compile(3), lambda: re.search("a", 3), lambda: re.findall("a", None),
             lambda: re.compile(re.compile("a"), re.I), lambda: re.compile("a", re.L),
             lambda: re.compile("a", re.A | re.U), lambda: re.compile("a{4294967296}")]:
    try:
        call()
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__ + ":", e)
import warnings
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        re.compile("[[x]]")
    except FutureWarning as e:
        print("FutureWarning:", e)
