# re.sub, subn and split: templates, functions, counts, groups, empty
# matches, as CPython 3.11.
import re

s = "John Smith, Jane Doe; Bob  Stone"
print(re.sub(r"(\w+) (\w+)", r"\2 \1", s))
print(re.sub(r"(?P<f>\w+) (?P<l>\w+)", r"\g<l>, \g<f>", s))
print(re.sub(r"(\w+) (\w+)", r"\g<2>-\g<0>-\g<1>", s))
print(re.sub(r"(\w+)", r"[\1]", s, count=2), re.subn(r"o", "0", s), re.subn(r"o", "0", s, 1))
print(re.sub(r"\s+", " ", s), re.sub(r"[,;]", r"\n", s), re.sub(r",", r"\t|\\|\a\b\f\v\r", "a,b"))
print(re.sub(r"(a)|b", r"<\1>", "abab"), re.sub(r"x*", "-", "abxd"), re.sub(r"", "-", "abc"))
print(re.sub(r"(\d)", r"\1\0", "a1b"), re.sub(r"(\d)", r"\g<1>0", "a1b"), re.sub("a", r"\0", "bab"))
print(re.sub("a", r"\141\0101", "bab"), re.sub("a", r"\-\.\ é", "bab"), re.sub("a", "\\\\", "bab"))
print(re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "a1 b22 c333"))
print(re.sub(r"(?P<w>\w+)", lambda m: m["w"].upper() if m.start() else m["w"], "one two three"))
print(re.subn(r"\b", "|", "ab cd"), re.sub(r"(?m)^", "> ", "line1\nline2\n"), re.sub("$", "!", "a\n"))
print(re.sub("é", "e", "café crème"), re.sub(".", lambda m: m.group() * 2, "aé中"))
p = re.compile(r"(\w)(\w)?")
print(p.sub(r"\2\1", "abc"), p.subn(lambda m: str(m.lastindex), "abc de f"))
print(re.compile(r"(\d+)-(\d+)").sub(r"\2-\1", "10-20 30-40", count=1))
m = re.search(r"(?P<a>\w+)=(?P<b>\w+)?", "key= rest")
print(m.expand(r"\g<a> is \g<b>!"), m.expand(r"[\1][\2]"), repr(m.expand("")))

print(re.split(r"\W+", "Words, words, words."), re.split(r"(\W+)", "Words, words, words."))
print(re.split(r"\W+", "Words, words, words.", 1), re.split(r"\W+", "Words, words, words.", maxsplit=2))
print(re.split("[a-f]+", "0a3B9", flags=re.I), re.split(r"(\W+)?", "a, b"), re.split(r"x*", "axbc"))
print(re.split(r"\b", "ab cd"), re.split(r"(?=b)", "abab"), re.split(",", ""), re.split("", "ab"))
print(re.split(r"(a)|(b)", "1a2b3"), re.split("é", "aébéc"), re.compile(r"\s").split("a b\tc\nd", 2))

for bad in [r"\q", r"\g", r"\g<", r"\g<1", r"\g<>", r"\g<a b>", r"\g<9>", r"\3", "\\", r"\g<-1>", r"\g<1a>"]:
    try:
        re.sub(r"(a)(b)", bad, "ab")
    except re.error as e:
        print(repr(bad), "error:", e)
    except IndexError as e:
        print(repr(bad), "IndexError:", e)
try:
    re.sub(r"(a)", r"\g<nope>", "a")
except IndexError as e:
    print("IndexError:", e)
try:
    re.sub("a", lambda m: 1, "a")
except TypeError as e:
    print("TypeError:", e)
try:
    re.sub("a", 3, "a")
except TypeError as e:
    print("TypeError:", e)
try:
    re.split("a", 5)
except TypeError as e:
    print("TypeError:", e)
