# int, float and bool: arithmetic, comparisons, conversions, reprs, errors
nums = [0, 1, -3, 7, 2**20, True, False, 0.5, -2.5, 1e300, float("inf"), float("nan")]
ops = [lambda a, b: a + b, lambda a, b: a - b, lambda a, b: a * b, lambda a, b: a / b,
       lambda a, b: a // b, lambda a, b: a % b, lambda a, b: a < b, lambda a, b: a == b]
for a in nums:
    row = []
    for b in nums:
        for op in ops:
            try:
                row.append(op(a, b))
            except ZeroDivisionError as e:
                row.append(str(e))
    print(repr(a), row)
print(2 ** 10, 2 ** -2, (-2) ** 3, 2.0 ** 0.5, 0 ** 0, (-8) ** 2, 10 ** -3)
for expr in [lambda: 0 ** -1, lambda: 1 / 0, lambda: 1 // 0, lambda: 1 % 0, lambda: 1.0 / 0,
             lambda: 1.0 // 0.0, lambda: 1.5 % 0, lambda: divmod(1, 0), lambda: divmod(1.0, 0),
             lambda: 2.0 ** 10000, lambda: 1 << -1, lambda: ~1.5, lambda: -"a", lambda: 1 + "a",
             lambda: "a" + 1, lambda: [1] * 1.5, lambda: 1 < "a"]:
    try:
        print(expr())
    except (ZeroDivisionError, OverflowError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(7 // 2, -7 // 2, 7 // -2, 7 % -2, -7.5 // 2, -7.5 % 2, 7.5 % -2, divmod(-7, 2), divmod(7.5, -2))
print(1 == 1.0 == True, 2 ** 53 == 2.0 ** 53, 2 ** 53 + 1 == 2.0 ** 53, 9007199254740993 > 2.0 ** 53)
print(hash(1) == hash(1.0) == hash(True), hash(-1), hash(0.5), hash(-0.0), hash(float("inf")))
print(0.1, 0.2 + 0.1, 1 / 3, 2 / 3, 1e22, 1e16, 123456789012345678.0, 1e-4, 1e-5, 5e-324, 1.7976931348623157e308)
print(repr(-0.0), str(2.0), 3.0 * 1e-320, float("1e500"), -float("inf"), 1e308 * 10 - 1e308 * 10)
print(int("  -42 "), int("0b101", 0), int("ff", 16), int("z", 36), int("1_000"), int(7.99), int(-7.99))
print(float(" 1.5e3 "), float("-inf"), float("nan"), float(".5"), float("5."), float(True))
for text, base in [("x", 10), ("1.5", 10), ("", 10), ("12", 1), ("9", 8), ("010", 0), ("1__0", 10)]:
    try:
        print(int(text, base))
    except ValueError as e:
        print(e)
for bad in ["abc", "1e", "1__0", ""]:
    try:
        float(bad)
    except ValueError as e:
        print(e)
for bad in [[], None, "1.5"]:
    try:
        int(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print((5).bit_length(), (255).bit_length(), (-1).bit_length(), (2.0).is_integer(), (2.5).is_integer())
print(True + True, True * 10, -True, ~True, True & False, True | False, True ^ True, int(True))
print(round(2.5), round(3.5), round(-2.5), round(0.125, 2), round(2.675, 2), round(1234, -2),
      round(1250, -2), round(1350, -2), round(123.456, -1), round(1e300, -300), round(5, 2))
print(abs(-7), abs(-7.5), abs(True), pow(3, 4, 5), pow(3, -1, 7), pow(-2, 3, -5), pow(2, 0.5))
print(min(3, 1.5, 2), max(1, True), sum([0.1] * 10), sum([1, 2], 0.5), 10 ** 18 * 9)
# seq * n: the count must be an int; another sequence is not one
for f in (lambda: 'a' * 'b', lambda: (1,) * (2,), lambda: [1] * (2,), lambda: (1,) * [1], lambda: [1] * [2]):
    try:
        f()
    except TypeError as e:
        print(e)
