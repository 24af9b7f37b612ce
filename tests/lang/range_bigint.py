# range past 64 bits: bounds and lengths beyond int64 (len's OverflowError,
# indexing, slicing, in, index, count, reversed, repr, ==, hash,
# iteration), next to the int64 form they must agree with.


def attempt(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


big = range(10**20)
print(big, big.start, big.stop, big.step, bool(big), bool(range(10**20, 10**20)))
attempt(lambda: len(big))
attempt(lambda: len(range(-2**63, 2**63)))
print(len(range(2**70, 2**70 + 5)), list(range(2**70, 2**70 + 5)))
print(big[0], big[-1], big[10**19], big[-10**19])
attempt(lambda: big[10**20])
attempt(lambda: big[-10**20 - 1])
attempt(lambda: big["a"])
attempt(lambda: big[1.5])
r = range(0, 2**70, 2**65)
print(r, len(r), list(r), list(reversed(r)))
print(r[3], r[-1], r[1:5], r[::-1], r[::2], r[-3:], r[100:], r[5:1:-2])
print(big[10**19:], big[::10**19], big[::-1], big[2**64:2**64 + 3])
attempt(lambda: big[::0])
print(2**66 in r, 2**65 in r, 2**65 + 1 in r, -1 in r, 2**70 in r, 1.0 * 2**65 in r, "x" in r)
print(5 in big, 10**20 - 1 in big, 10**20 in big, -1 in big, True in big)
print(r.index(2**66), r.count(2**66), r.count(3), r.count(2.0**66))
attempt(lambda: r.index(7))
attempt(lambda: r.index(2**66 + 1))
print(big.index(12345678901234567890123 // 1000))
neg = range(2**70, -2**70, -2**68)
print(neg, len(neg), list(neg)[:3], neg[-1], 0 in neg, 2**68 in neg, neg[1:3])
print(list(reversed(range(2**64, 2**64 + 3))), list(reversed(range(2**64 + 2, 2**64 - 1, -1))))
it = iter(big)
print(next(it), next(it), type(it).__name__, type(iter(range(3))).__name__)
it = reversed(big)
print(next(it), next(it))
print(range(2**64, 2**64 + 10, 3) == range(2**64, 2**64 + 12, 3), range(2**64, 2**64) == range(0),
      range(2**64, 2**64 + 1) == range(2**64, 2**64 + 2, 5), big == range(10**20), big != range(10**20 + 1))
print(hash(range(2**64, 2**64 + 1)) == hash(range(2**64, 2**64 + 2, 5)), hash(range(2**64, 2**64)) == hash(range(0)),
      hash(big) == hash(range(0, 10**20, 1)))
print(range(9223372036854775807, 9223372036854775809), len(range(9223372036854775807, 9223372036854775809)))
print(list(range(9223372036854775806, 9223372036854775809)))
print(range(-2**63, 2**63)[2**63], range(-2**63, 2**63, 2**62)[-1])
print(sum(range(2**64, 2**64 + 4)), [x for x in range(2**100, 2**100 + 3)])
print(list(zip(range(3), range(10**30, 10**31))), list(enumerate(range(10**25, 10**25 + 2))))
attempt(lambda: range(0, 10**20, 0))
attempt(lambda: range(1.5))
attempt(lambda: range(10**20, "a"))


class Idx:
    def __index__(self):
        return 2**65


print(range(Idx()), range(Idx())[Idx() // 2 if False else 3], big[Idx()])
for i in range(2**64, 2**64 + 2):
    print(i)
print(range(10)[-100:100], range(10)[2**70:], 2**70 in range(10), range(10).count(2**70))
