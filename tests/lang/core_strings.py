s = "hello world"
print(s.upper(), s.title(), s.split(), s.split("o"), s.replace("l", "L"))
print(len(s), s[0], s[-1], s[1:5], s[::-1], s[::2], "wor" in s, s.find("o"), s.count("l"))
print(s.startswith("he"), s.endswith("x"), "  pad  ".strip(), "a,b,,c".split(","))
print("-".join(["a", "b", "c"]), "x" * 3, "a" + "b", "abc" < "abd")
name, n = "Ada", 3.14159
print(f"{name} has {n:.2f} and {n:8.3f}| {42:5d}|{42:<5}|{42:^7}|{'r':>4}")
print(f"{name!r} {n=} {1+1} {[1, 2]} {{braces}} {255:x} {255:#b} {1234567:,}")
print("%s is %d years, %.1f%%" % ("Bo", 30, 99.5), "%5s|%-5s|" % ("a", "b"))
print("{} and {}".format(1, 2), "{1}{0}".format("a", "b"), "{x}-{y}".format(x=1, y=2))
print(repr("it's"), repr('say "hi"'), repr("tab\there"), str(1.0), repr(0.1))
print("multi\nline", 'single', """triple
quoted""")
print("ünïcödé", len("ünïcödé"), "ünïcödé"[2], "ünïcödé".upper())
print(ord("a"), chr(98), "abc".index("c"), "  x".lstrip(), "x  ".rstrip() + "|")
