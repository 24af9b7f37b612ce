# str methods with Python's results and messages
s = "  Hello, World!  "
print(s.strip(), s.lstrip(), s.rstrip(), s.strip(" !H"), s.lower(), s.upper(), s.swapcase())
print(s.split(), s.split(","), s.split(None, 1), s.rsplit(None, 1), "a,b,,c".split(",", 2), "a,b,c".rsplit(",", 1))
print("line1\nline2\r\nline3\rline4".splitlines(), "x\ny\n".splitlines(True), "".split(), "".split(","))
print("hello".find("l"), "hello".rfind("l"), "hello".find("z"), "hello".find("l", 3), "hello".find("", 10))
print("hello".count("l"), "aaaa".count("aa"), "hello".count(""), "hello".index("e"), "hello".rindex("l"))
print("hello".replace("l", "L"), "hello".replace("l", "L", 1), "abc".replace("", "-"), "hello".startswith(("x", "he")))
print("hello".endswith("lo"), "hello".startswith("l", 2), "hello".endswith("l", 0, 4))
print("they're bill's friends".title(), "hELLO wORLD".capitalize(), "ǅungla".lower() if False else "ok")
print("abc".center(9), "abc".center(8, "*"), "abc".ljust(6, "."), "abc".rjust(6), "-42".zfill(6), "+7".zfill(4))
print("a.b.c".partition("."), "a.b.c".rpartition("."), "abc".partition("x"), "abc".rpartition("x"))
print("123".isdigit(), "12a".isalnum(), "abc".isalpha(), " \t\n".isspace(), "ABC".isupper(), "abC".islower())
print("_var1".isidentifier(), "1var".isidentifier(), "Title Case".istitle(), "²".isdigit(), "½".isnumeric())
print("ß".upper(), "straße".casefold(), "ﬁle".upper(), "ÉCOLE".lower(), "αβγ".upper(), "Ёж".swapcase())
print(", ".join(["a", "b", "c"]), "".join(map(str, range(5))), "-".join("xyz"), "x".join([]))
print("prefix_name".removeprefix("prefix_"), "name.py".removesuffix(".py"), "a\tb\tc".expandtabs(4))
print("héllo wörld"[1], "héllo wörld"[-1], "héllo wörld"[::-1], "héllo wörld"[2:7], len("héllo wörld"))
print(repr("it's"), repr('say "hi"'), repr("both ' and \""), repr("tab\tnl\n\\"), repr("\x00\x7f"), repr("é😀"))
print("abc" * 3, "-" * 0, "ab" + "cd", "b" in "abc", "" in "abc", "abc" < "abd", "Z" < "a", "é" > "z")
for f in [lambda: "abc".index("z"), lambda: "a".split(""), lambda: ",".join([1]), lambda: "a".center(5, "ab"),
          lambda: "a" + 1, lambda: "a" * 1.5, lambda: 1 in "a", lambda: "abc"[5], lambda: "abc"[str(1)],
          lambda: "a".startswith(1), lambda: "a".strip(1), lambda: "a".partition(""), lambda: ord("ab"),
          lambda: chr(-1), lambda: "a".find(1)]:
    try:
        print(f())
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__, e)
print(str(12), str(1.5), str([1, "a"]), str(None), str(True), str((1,)), str({"k": "v"}))
print(ascii("héllo"), repr("\u2028"), chr(0x1F600), ord("€"), hex(ord("a")))
