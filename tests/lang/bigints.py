# Python's unbounded int: literals, conversions, text, hashing, methods.
import sys

# literals of every base past 64 bits, and their one canonical form
print(9223372036854775808, -9223372036854775809, 0x1_0000_0000_0000_0000, 0o2_000_000_000_000_000_000_000)
print(0b1_0000000000000000000000000000000000000000000000000000000000000000, 123_456_789_012_345_678_901_234)
print(type(2 ** 100) is int, isinstance(2 ** 100, int), type(2 ** 64 - 2 ** 64), 2 ** 64 - 2 ** 64 == 0)
print(2 ** 63 - 1, type(2 ** 63 - 1), 2 ** 63, -2 ** 63, -2 ** 63 - 1, (2 ** 63) - 1 == 9223372036854775807)
print([2 ** 70, -2 ** 70], (2 ** 65,), {2 ** 66: 2 ** 67}, {2 ** 68})

# str and repr, int() of text in every base
x = 3 ** 200
print(str(x), repr(-x), len(str(x)))
for base in [0, 2, 3, 8, 10, 16, 36]:
    t = {0: "0x" + "f" * 30, 2: "1" * 90, 3: "2" * 50, 8: "7" * 30, 10: "9" * 40, 16: "a" * 25, 36: "z" * 20}[base]
    print(base, int(t, base), int("-" + t, base), int("  +" + t + "\n", base))
print(int("1_000_000_000_000_000_000_000"), int("0b" + "1" * 70, 0), int("0o" + "7" * 25, 8), int("0X" + "F" * 20, 16))
print(int(" -99999999999999999999999 "), int("000000000000000000000000000001"))

# int() of floats, floats of ints: exact and correctly rounded
print(int(1e19), int(-1e30), int(1.5e300) == 15 * 10 ** 299, int(2.0 ** 100))
print(float(2 ** 64), float(-(2 ** 100)), float(2 ** 53 + 1), float(2 ** 54 + 3), float(10 ** 308))
print(float(2 ** 1023 * (2 ** 53 - 1) // 2 ** 52), float(12345678901234567890123456789))
print(float(2 ** 64 + 2 ** 11), float(2 ** 64 + 2 ** 11 + 1), float(2 ** 64 + 3 * 2 ** 11))

# comparisons with ints and floats, exactly
print(2 ** 53 + 1 > float(2 ** 53), 2 ** 53 + 1 == float(2 ** 53), 2 ** 64 == 2.0 ** 64, 2 ** 64 + 1 > 2.0 ** 64)
print(10 ** 400 > 1e308, -10 ** 400 < -1e308, 10 ** 400 < float("inf"), 10 ** 400 == float("nan"), 2 ** 70 > 2 ** 69)
print(-2 ** 70 < 5, 5 < 2 ** 70, 2 ** 70 != 2 ** 70 + 1, 2 ** 100 == 2 ** 100, 2 ** 64 >= 2 ** 64, 1.5 < 2 ** 64)
print(sorted([2 ** 70, -2 ** 70, 0, 1.5, 2 ** 64, -3]), max(2 ** 80, 2 ** 79), min(-2 ** 80, 7))

# hashing: CPython's, and equal numbers hash alike
for v in [2 ** 61 - 1, 2 ** 61, 2 ** 64, -2 ** 64, 2 ** 100, -2 ** 100 - 1, 10 ** 30, -(2 ** 61 - 1) - 1]:
    print(hash(v), end=" ")
print(hash(2 ** 64) == hash(2.0 ** 64), hash(-1) == -2)
d = {2 ** 64: "a", 2.0 ** 70: "b"}
print(d[2.0 ** 64], d[2 ** 70], 2 ** 64 in {2 ** 64}, 2 ** 64 + 1 in {2 ** 64})

# methods and attributes
y = -(2 ** 100) - 12345
print(y.bit_length(), (2 ** 100).bit_count(), y.bit_count(), (255).bit_count(), (2 ** 64).as_integer_ratio())
print(y.conjugate(), y.numerator, y.denominator, y.real, y.imag, (2 ** 70).__index__())
print(abs(y), -y, +y, bool(2 ** 64), bool(2 ** 64 - 2 ** 64), not 2 ** 64)
print(round(2 ** 70 + 5, -1), round(2 ** 70 + 15, -1), round(10 ** 25 + 5 * 10 ** 5, -6), round(2 ** 70, 5))
print(round(-(10 ** 25) - 5 * 10 ** 5, -6), round(123456789012345678901234, -30), round(5, -1), round(15, -1))
print(int(2 ** 70), int(True), float(2 ** 70), complex_free := True)

# format() and f-strings
z = 2 ** 70 + 123
print(format(z, "d"), format(z, "x"), format(-z, "X"), format(z, "o"), format(z, "b"), format(z, "n"))
print(f"{z:,}", f"{z:_}", f"{z:_x}", f"{-z:+,}", f"{z: }", f"{z:>40}|", f"{z:<40}|", f"{z:^40}|")
print(f"{z:040}", f"{-z:=+40}", f"{z:#x}", f"{z:#o}", f"{z:#b}", f"{z:e}", f"{z:.3f}", f"{z:%}", f"{z:g}")
print("%d %x %X %o %i" % (z, z, z, -z, z), "%30d|" % z, "%-30d|" % -z, "%.25d" % z, "%#x" % z)
print(hex(-2 ** 70), oct(2 ** 70), bin(2 ** 65), hex(2 ** 64 - 1))

# sums, math
print(sum([2 ** 64, 2 ** 64, -1]), sum(range(10), 2 ** 64), sum([2 ** 63, 0.5]))
print(pow(2, 100), pow(-3, 41), pow(2, -2), pow(2 ** 70, -1), 2 ** 70 * 0.5, 2 ** 70 / 2 ** 69)

# sys's digit limit
print(sys.get_int_max_str_digits())
sys.set_int_max_str_digits(5000)
print(len(str(10 ** 4500)), int("1" * 4900) % 97)
sys.set_int_max_str_digits(0)
print(len(str(10 ** 10000)))
sys.set_int_max_str_digits(4300)
print(len(hex(10 ** 5000)), len(str(10 ** 4299)))
