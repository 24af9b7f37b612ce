# itertools: every function of the module on small inputs.
import itertools
from itertools import (count, cycle, repeat, accumulate, chain, compress, dropwhile, filterfalse, takewhile,
                       starmap, islice, pairwise, tee, zip_longest, groupby, product, permutations,
                       combinations, combinations_with_replacement)
print(list(islice(count(), 5)), list(islice(count(10, 2.5), 3)), list(zip("abc", count(1))))
print(list(islice(cycle("AB"), 5)), list(repeat(7, 3)), list(map(pow, range(4), repeat(2))))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4, 1, 5], max)), list(accumulate([1, 2], initial=100)), list(accumulate([])))
print(list(chain("ab", [1, 2], ())), list(chain.from_iterable([[1], [2, 3]])), list(chain()))
print(list(compress("ABCDEF", [1, 0, 1, 0, 1, 1])), list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(filterfalse(lambda x: x % 2, range(10))), list(filterfalse(None, [0, 1, '', 'a'])))
print(list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])), list(starmap(pow, [(2, 5), (3, 2)])))
print(list(islice("ABCDEFG", 2)), list(islice("ABCDEFG", 2, 4)), list(islice("ABCDEFG", 2, None)), list(islice("ABCDEFG", 0, None, 2)))
try:
    islice("abc", -1)
except ValueError as e:
    print("ValueError:", e)
print(list(pairwise("ABCD")), list(pairwise("A")))
a, b = tee(iter([1, 2, 3]))
print(next(a), next(a), list(b), list(a))
print(list(zip_longest("ABCD", "xy", fillvalue="-")), list(zip_longest()))
print([(k, list(g)) for k, g in groupby("AAAABBBCCDAABBB")])
print([k for k, g in groupby("AAAABBBCCD")], [(k, len(list(g))) for k, g in groupby([1, 3, 2, 4, 5], key=lambda x: x % 2)])
print(list(product("ab", range(2))), list(product(range(2), repeat=2)), list(product()))
print(list(permutations(range(3))), list(permutations("ABCD", 2))[:5], list(permutations([1], 2)))
print(list(combinations("ABCD", 2)), list(combinations(range(4), 3)), list(combinations([1], 2)))
print(list(combinations_with_replacement("ABC", 2)), list(combinations_with_replacement([], 0)))
for i, (x, y) in enumerate(zip_longest([1, 2, 3], [4])):
    print(i, x, y)
