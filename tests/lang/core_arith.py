print(7 // 2, -7 // 2, 7 % 3, -7 % 3, 7 % -3, 2 ** 10, 2 ** -1, 7 / 2)
print(1 + 2 * 3 - 4, (1 + 2) * 3, 10 - 2 - 3, 2 ** 3 ** 2)
print(0.1 + 0.2, 1e16, 1e-5, 1.5e300 * 1e10, -0.0, 3.0, 1 / 3)
print(True + True, True * 3.5, 5 // 2.0, -5.5 // 2, 5.5 % -2)
print(1 < 2 < 3, 3 > 2 > 2, 1 == 1.0, None is None, 2 != 3)
print(not 0, not [], 0 or 'x', '' and 1, 3 and 4, None or 0)
print(divmod(17, 5), divmod(-17, 5), abs(-3), abs(-2.5), round(2.5), round(3.5), round(2.675, 2))
print(int('42'), int(3.9), int(-3.9), float('1.5'), float(2), str(10), bool(0), bool('a'))
print(min(3, 1, 2), max([4, 9, 2]), sum([1, 2, 3]), sum([0.5, 0.25], 1))
print(pow(2, 10), pow(2, 10, 1000), 10 ** 18, -2 ** 2, (-2) ** 2)
x = 5
x += 3
x *= 2
x -= 1
x //= 3
x **= 2
print(x)
print(0x1f, 0o17, 0b101, 1_000_000, 1 << 10, 1024 >> 3, 6 & 3, 6 | 3, 6 ^ 3, ~5)
