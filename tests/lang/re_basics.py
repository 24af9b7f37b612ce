# re: compile, match, search, fullmatch, findall, finditer, the flags and
# inline flags, Python's syntax (named groups, \Z, possessive and atomic
# groups, look-arounds) as CPython 3.11 runs it.
import re

text = "The rain in Spain stays mainly in the plain. Singing, dancing; 42 cats, 7 dogs\nsecond line here\n"
for pattern in [r"ain", r"\bS\w+", r"\d+", r"(\d+) (\w+)", r"(?P<n>\d+) (?P<what>\w+)", r"^\w+", r"\w+$", r"\w+\Z",
                r"[aeiou]{2}", r"in(?=g)", r"(?<=S)\w+", r"(?<!\w)in\b", r"(a|b)?c", r"x*", r"\s", r"[^\w\s]",
                r"(?:ing|ly)\b", r"\w+ing\b", r"(\w)\1", r"(?P<c>\w)(?P=c)", r"a++in", r"(?>ai|a)n", r"\Ath",
                r"[A-Z][a-z]+", r"\D{3}", r"\W+", r"\S+\.", r"a.c|n.y", r"(?#comment)rain"]:
    p = re.compile(pattern)
    print(repr(pattern), p.groups, p.findall(text)[:6], p.search(text), p.match(text))

for flags in [0, re.I, re.M, re.S, re.I | re.M, re.X, re.A]:
    print(int(flags), re.findall(r"^s\w+", text, flags), re.findall(r"the", text, flags), re.findall(".$", text, flags),
          len(re.findall(".", text, flags)))
print(re.findall(r"""(\d+)   # a number
                     \s+     # space
                     (\w+)   # a word""", text, re.X))
print(re.findall(r"(?i)spain", text), re.findall(r"(?i:S)pain|(?-i:s)tays", "SPAIN Spain stays Stays"))
print(re.findall(r"(?m)^\w+", text), re.findall(r"(?s)plain.{3}", text), re.findall(r"(?x) d o g s", text))
print(re.findall(r"\w+", "héllo wörld ñ 中文 _x1"), re.findall(r"(?a)\w+", "héllo wörld"), re.findall(r"(?a:\w+)|\d", "héllo ٣"))
print(re.findall(r"(?u:\w+\s\d)", "héllo ٣", re.A), re.findall(r"(?a:[\w\s]+)", "héllo wörld"), re.findall(r"(?a:\W+)", "héllo"))
print(re.findall(r"\d", "1²٣"), re.findall(r"(?a)\d", "1²٣"), re.findall(r"\s", "a\u00a0b\tc"))
print(re.search("É", "café É", re.I), re.findall("straße", "STRASSE straße", re.I))

# match, fullmatch, search with pos and endpos
p = re.compile(r"\d+")
s = "ab12cd345ef"
print(p.match(s), p.match(s, 2), p.search(s, 5), p.search(s, 2, 3), p.fullmatch(s, 2, 4), p.fullmatch(s, 2, 5))
print(p.findall(s, 3), p.findall(s, 0, 7), [m.group() for m in p.finditer(s, 3)], p.search(s, 20), p.search(s, -5))
print(re.compile("^ab").search("xab", 1), re.compile("ab$").search("abx", 0, 2), re.fullmatch("a*", ""))
print(re.match("a|ab", "ab"), re.fullmatch("a|ab", "ab"), re.fullmatch(r"a+?", "aaa"), re.match("", "x"))
print(re.search(r"$", "ab\n"), re.findall(r"$", "ab\n"), re.findall(r"\Z", "ab\n"), re.findall("(?m)$", "a\nb\n"))

# findall's groups, empty matches
print(re.findall(r"(a)(b)?", "ab a"), re.findall(r"(a)|b", "ab"), re.findall(r"", "abc"), re.findall(r"x*", "axxb"))
print(re.findall(r"\b", "ab cd"), re.findall(r"(?=a)", "aa"), [m.span() for m in re.finditer(r"x*", "axxb")])
it = re.finditer(r"\w+", "one two")
print(next(it), next(it), next(it, "end"))

# Pattern attributes
p = re.compile(r"(?P<first>\w+) (?P<last>\w+)(?: (x))?", re.I | re.M)
print(p.pattern, p.flags, p.groups, p.groupindex, p.groupindex["last"], dict(p.groupindex), len(p.groupindex))
print(p, re.compile("a"), re.compile("a", re.S | re.X), re.compile("a", re.A), re.compile("(?i)a"))
print(re.compile("a") == re.compile("a"), re.compile("a") == re.compile("a", re.I), hash(p) == hash(re.compile(p.pattern, re.I | re.M)))
print(re.compile(p) is p, re.compile("x" * 3) is re.compile("xxx"), re.compile("\n\t"))
print([int(f) for f in [re.I, re.IGNORECASE, re.M, re.S, re.X, re.A, re.U, re.L, re.NOFLAG, re.DEBUG, re.VERBOSE, re.T]])
re.purge()
print(re.compile("xxx").pattern)

# escape
print(re.escape("a.b*c?d+e(f)[g]{h}|i^j$k\\l m-n#o&p~q\tz_9é"))
print(re.match(re.escape("1+1=2?"), "1+1=2?"))

print(sorted(n for n in ["A", "ASCII", "DEBUG", "DOTALL", "I", "IGNORECASE", "L", "LOCALE", "M", "MULTILINE",
                         "Match", "NOFLAG", "Pattern", "RegexFlag", "S", "Scanner", "T", "TEMPLATE", "U", "UNICODE",
                         "VERBOSE", "X", "compile", "error", "escape", "findall", "finditer", "fullmatch", "functools",
                         "match", "purge", "search", "split", "sub", "subn", "template"] if not hasattr(re, n)))
scanner = re.Scanner([(r"\d+", lambda s, t: ("num", t)), (r"\w+", lambda s, t: ("word", t)), (r"\s+", None)])
print(scanner.scan("abc 12 de 7 !x"))
