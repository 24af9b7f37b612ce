# format specs, f-strings, str.format and %-formatting, with their errors
values = [0, 7, -42, 255, 1234567, True, 0.0, -0.0, 1.5, -2.25, 1 / 3, 1234.5678, 1e-7, 1e16,
          float("inf"), float("nan"), "abc", "héllo"]
specs = ["", ">8", "<8|", "^9", "*^11", "+", " ", "08", "010,", ",", "_", "#x", "#o", "#b", "X",
         "c", ".2f", ".0f", ".3e", "E", "g", ".3g", "#.3g", "%", ".1%", "n", ".3", "z.1f", "10.4s"]
for v in values:
    out = []
    for s in specs:
        try:
            out.append(format(v, s))
        except (ValueError, TypeError, OverflowError) as e:
            out.append(type(e).__name__)
    print(repr(v), out)

for bad in ["abc", ",,", "_,", ".", "+c", "#c", "=5", "10,s", "99999999999999999999"]:
    for v in [1, 1.5, "s"]:
        try:
            format(v, bad)
        except ValueError as e:
            print(repr(v), repr(bad), e)

x, w, p = 3.14159, 10, 3
print(f"{x:{w}.{p}f}|{x!r:>12}|{x:+.2e}|{-x:=+10.2f}|{1234567.891:,.2f}|{0.25:.0%}")
print(f"{'left':<10}|{'right':>10}|{'mid':^10}|{'fill':*^10}|{'trunc':.3}")
print(f"{42:08b} {42:o} {42:#X} {42:_b} {1_000_000:_} {2**40:,}")
print("{0} {1} {0}".format("a", "b"), "{x.real} {y[1]}".format(x=5, y=[0, 9]))
print("{:{fill}{align}{width}}".format("q", fill="-", align="^", width=7))
print("{!r} {!s} {!a}".format("é", "é", "é"), "{{literal}}".format())
for fmt in ["{", "}", "{0!x}", "{}{0}", "{0}{}", "{9}", "{a}", "{0[}", "{:{:{}}}", "{0.}"]:
    try:
        print(fmt.format(1, 2))
    except (ValueError, IndexError, KeyError) as e:
        print(repr(fmt), type(e).__name__, e)
print("%d|%5d|%-5d|%05d|%+d|% d|%x|%#X|%o|%e|%.2f|%g|%G|%r|%c|%%" %
      (1, 2, 3, 4, 5, 6, 255, 255, 8, 12345.678, 2.675, 1e-5, 1e20, "q", 65))
print("%(a)s and %(b)05.1f" % {"a": [1, 2], "b": 3.14159}, "%s" % (1,), "%s" % [1, 2])
print("%*d|%-*d|%.*f" % (5, 1, 4, 2, 2, 3.14159))
for fmt, args in [("%d", "x"), ("%d %d", (1,)), ("%d", (1, 2)), ("%z", 1), ("%(a)s", 1), ("%", 1),
                  ("%c", "ab"), ("%x", 1.5)]:
    try:
        print(fmt % args)
    except (TypeError, ValueError) as e:
        print(repr(fmt), type(e).__name__, e)

# NUL characters pass through % whole (HtmlDiff marks changes with them)
print(repr("%c|%s|%5s|%-4s|%r" % (0, "a\0b", "\0", "x\0", "\0y")))
