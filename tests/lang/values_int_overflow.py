# ints are unbounded: results past 64 bits are exact, as Python's.
big = 9223372036854775807
print(big, -big - 1, big // 2 * 2 + 1)
for f in [lambda: big + 1, lambda: -big - 2, lambda: big * 2, lambda: 2 ** 64, lambda: 1 << 63,
          lambda: abs(-big - 1), lambda: -(-big - 1), lambda: (-big - 1) // -1, lambda: int("9" * 20),
          lambda: int(1e19), lambda: sum([big, 1]), lambda: round(big, -19)]:
    try:
        print(f())
    except OverflowError as e:
        print("OverflowError:", e)
print(2 ** 62 + (2 ** 62 - 1), (-2) ** 63, 3 ** 39)
