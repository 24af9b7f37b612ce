# Sizes no machine can hold fail at once with Python's errors, instead of
# growing until the machine's memory is gone (issue 19).
def repeat_in_place(l, n):
    l *= n


cases = [
    lambda: 'a'.center(10**12),
    lambda: 'a'.ljust(10**12, '*'),
    lambda: 'abc'.rjust(10**13),
    lambda: 'a'.zfill(10**12),
    lambda: 'a' * 10**12,
    lambda: [0] * 10**12,
    lambda: (0,) * 10**12,
    lambda: '\t'.expandtabs(10**12),
    lambda: 'x\ty'.expandtabs(-10**12),
    # a range's length is known before its items are made
    lambda: list(range(10**10)),
    lambda: tuple(range(10**10)),
    lambda: sorted(range(10**10)),
    lambda: [*range(10**10)],
    lambda: [0].extend(range(-10**10, 10**10, 3)),
    lambda: [1, 2] * 10**12,
    lambda: repeat_in_place([0], 10**12),
]
for f in cases:
    try:
        f()
        print('ok')
    except (MemoryError, OverflowError) as e:
        print(type(e).__name__, e)
print('x'.center(7, '-'), 'ab\tc'.expandtabs(4), 'a'.rjust(3))
print(list(range(3)), sorted(range(5, 0, -2)), [9, *range(2)])
