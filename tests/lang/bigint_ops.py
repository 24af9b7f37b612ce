# Arithmetic on unbounded ints: every operator, both signs, mixed with
# small ints and floats, pow with a modulus, true division's rounding.
import math

A = [0, 1, -1, 7, -7, 2 ** 63 - 1, -2 ** 63, 2 ** 64 + 3, -(2 ** 64) - 3, 3 ** 50, -(5 ** 40), 2 ** 130 + 1]
ops = [("+", lambda a, b: a + b), ("-", lambda a, b: a - b), ("*", lambda a, b: a * b),
       ("//", lambda a, b: a // b), ("%", lambda a, b: a % b), ("divmod", divmod),
       ("&", lambda a, b: a & b), ("|", lambda a, b: a | b), ("^", lambda a, b: a ^ b),
       ("/", lambda a, b: a / b)]
for name, f in ops:
    out = []
    for a in A:
        for b in A:
            try:
                out.append(f(a, b))
            except ZeroDivisionError as e:
                out.append("ZeroDivisionError: " + str(e))
    print(name, out)

for a in A:
    print(a, -a, ~a, abs(a), a << 3, a >> 3, a << 70, a >> 70, a >> 200, a ** 3, a ** 0, a ** 1)

# pow: big results, negative exponents give floats, modulus of any sign
print(2 ** 1000 % 10 ** 9, (-3) ** 99, 7 ** 77, (2 ** 70) ** 3, 10 ** -3, (-2) ** -3)
print(pow(3, 10 ** 5, 10 ** 9 + 7), pow(2 ** 100, 2 ** 70, 10 ** 30 + 57), pow(-5, 3, 7), pow(5, 3, -7))
print(pow(3, -1, 7), pow(3, -5, 2 ** 80 + 1), pow(-3, -1, -7), pow(2 ** 70, -1, 3 ** 40), pow(5, 0, 1), pow(5, -1, 1))
print(pow(0, 0, 5), pow(2, 2 ** 70, 1000), pow(10, 30, 10 ** 30 + 1))

# true division: correctly rounded and exact where CPython is
print((10 ** 30) / (10 ** 15), (2 ** 64 + 1) / 2, 1 / (10 ** 400), -(10 ** 400) / (3 * 10 ** 399), (2 ** 53 + 1) / 1)
print(2 ** 1100 / 2 ** 100, (2 ** 1024 - 1) / 2 ** 1, 10 ** 300 / 10 ** 310, 1 / 2 ** 1074, 3 / 2 ** 1075, 1 / 2 ** 1076)
print((2 ** 54 + 1) / 3, 12345678901234567890123 / 98765432109876543, (2 ** 63 - 1) / 3, 9007199254740993 / 1)

# mixed with floats
print(2 ** 70 + 0.5, 2 ** 70 * 1.5, 2 ** 70 - 1e21, 1e21 // 2 ** 60, 2 ** 70 % 1e10, 2.0 ** 70 == 2 ** 70)

# in-place forms and loops that cross 64 bits
s = 1
for i in range(1, 30):
    s *= i
print(s)
acc = 2 ** 62
acc += acc
acc -= 2 ** 64
acc *= -1
print(acc, type(acc))
f = [0, 1]
for _ in range(150):
    f.append(f[-1] + f[-2])
print(f[-1], f[100] % 1000007)

# math over big ints
print(math.factorial(30), math.factorial(100) % (10 ** 9 + 7), len(str(math.factorial(1000))))
print(math.gcd(2 ** 100, 6 ** 50), math.gcd(), math.gcd(-2 ** 70, 0), math.lcm(2 ** 70, 3 ** 40), math.lcm(0, 2 ** 70))
print(math.isqrt(10 ** 50), math.isqrt(2 ** 127 - 1), math.comb(100, 50), math.perm(50, 30), math.comb(2 ** 70, 2))
print(math.log(10 ** 400), math.log2(2 ** 1000), math.log10(10 ** 500), math.log(2 ** 70, 2), math.log(2 ** 64 + 1))
print(math.floor(1e300) == 10 ** 300, math.ceil(-1.5e20), math.trunc(2.5e25), math.floor(2 ** 70), math.ceil(-2 ** 70))
print(math.sqrt(2 ** 100), math.ldexp(1.0, 2 ** 70 - 2 ** 70 + 5), math.fsum([2 ** 60, 1.0]))

# where big ints meet bytes and complex
print((2**70).to_bytes(10, "big"), int.from_bytes(b"\x01" + b"\x00" * 9, "big"), (-1).to_bytes(12, "little", signed=True))
for f in [lambda: bytes([2**70]), lambda: bytearray([-(2**70)]), lambda: 2**70 in b"abc", lambda: b"abc"[2**70],
          lambda: (2**64).to_bytes(8, "big"), lambda: complex(2**70, 1) + 2**70, lambda: 2**2000 + 1j]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(2**2000 == 1j, 2**70 == complex(2**70), 2**53 + 1 == complex(2**53 + 1))
