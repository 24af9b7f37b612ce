# operator, heapq and bisect: the functions, itemgetter/attrgetter/
# methodcaller, heaps (with ties and keys) and sorted insertion.
import bisect
import heapq
import operator
from operator import attrgetter, itemgetter, methodcaller

print(operator.add(2, 3), operator.sub(2, 3), operator.mul("ab", 2), operator.truediv(7, 2),
      operator.floordiv(7, 2), operator.mod(7, 3), operator.pow(2, 10), operator.neg(4),
      operator.pos(-4), operator.abs(-3), operator.inv(5), operator.invert(0),
      operator.lshift(1, 4), operator.rshift(64, 2), operator.and_(6, 3), operator.or_(6, 3),
      operator.xor(6, 3), operator.not_(0), operator.truth([]), operator.index(7))
print(operator.lt(1, 2), operator.le(2, 2), operator.eq(1, 1.0), operator.ne(1, 2),
      operator.ge(1, 2), operator.gt(3, 2), operator.is_(None, None), operator.is_not(1, None))
print(operator.concat([1], [2]), operator.contains("abc", "b"), operator.countOf([1, 2, 1], 1),
      operator.indexOf([5, 6, 7], 7), operator.getitem({"a": 1}, "a"), operator.length_hint([1, 2]),
      operator.call(max, 1, 5, 2))
class Hint:
    def __length_hint__(self):
        return 5


print(operator.length_hint(Hint()), operator.length_hint(object(), 4))
lst = [1, 2, 3]
operator.setitem(lst, 0, 9)
operator.delitem(lst, 1)
print(lst, operator.iadd(lst, [4]), lst, operator.iconcat([1], [2]), operator.imul([0], 3),
      operator.isub(5, 2), operator.ipow(2, 3), operator.ior({1}, {2}), operator.__add__(1, 1))
for bad in [lambda: operator.concat(1, 2), lambda: operator.indexOf([1], 3),
            lambda: operator.itemgetter(5)([1]), lambda: attrgetter(1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)

rows = [("b", 2, 3.0), ("a", 3, 1.0), ("c", 1, 2.0)]
print(sorted(rows, key=itemgetter(1)), itemgetter(0, 2)(rows[0]), itemgetter(slice(1, None))(rows[0]))
print(repr(itemgetter(1)), repr(itemgetter("a", "b")), repr(attrgetter("x.y", "z")),
      repr(methodcaller("split", ",", maxsplit=1)))


class P:
    def __init__(self, name, inner=None):
        self.name = name
        self.inner = inner


pt = P("outer", P("inner"))
print(attrgetter("name")(pt), attrgetter("inner.name")(pt), attrgetter("name", "inner.name")(pt))
print(methodcaller("upper")("abc"), methodcaller("split", ",", maxsplit=1)("a,b,c"))
print(list(map(operator.mul, [1, 2, 3], [4, 5, 6])))

h = []
for x in [5, 1, 8, 3, 9, 2, 7]:
    heapq.heappush(h, x)
print(h, heapq.heappop(h), h)
data = [9, 4, 7, 1, 8, 2, 2, 6]
heapq.heapify(data)
print(data, heapq.heapreplace(data, 5), data, heapq.heappushpop(data, 0), heapq.heappushpop(data, 10), data)
print([heapq.heappop(data) for _ in range(len(data))])
print(heapq.nlargest(3, [5, 1, 8, 3, 9]), heapq.nsmallest(3, [5, 1, 8, 3, 9]),
      heapq.nlargest(2, rows, key=itemgetter(2)), heapq.nsmallest(1, rows, key=itemgetter(1)),
      heapq.nsmallest(0, [1]), heapq.nlargest(10, [3, 1, 2]))
print(list(heapq.merge([1, 4, 7], [2, 5, 8], [3, 6, 9])),
      list(heapq.merge([7, 4, 1], [8, 5], reverse=True)),
      list(heapq.merge(["bb", "a"], ["ccc"], key=len)), list(heapq.merge()))
pq = []
heapq.heappush(pq, (2, "write"))
heapq.heappush(pq, (1, "read"))
heapq.heappush(pq, (3, "exit"))
print([heapq.heappop(pq)[1] for _ in range(3)])
for bad in [lambda: heapq.heappop([]), lambda: heapq.heappush((), 1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)

a = [1, 2, 4, 4, 4, 8]
print(bisect.bisect(a, 4), bisect.bisect_left(a, 4), bisect.bisect_right(a, 4),
      bisect.bisect_left(a, 4, 4), bisect.bisect_right(a, 4, 0, 3), bisect.bisect_left(a, 0),
      bisect.bisect(a, 100))
bisect.insort(a, 3)
bisect.insort_left(a, 4)
bisect.insort_right(a, 9, lo=2)
print(a)
recs = [("a", 1), ("b", 3), ("c", 5)]
print(bisect.bisect_left(recs, 3, key=itemgetter(1)), bisect.bisect_right(recs, 3, key=itemgetter(1)))
bisect.insort(recs, ("z", 4), key=itemgetter(1))
print(recs)
try:
    bisect.bisect([1], 1, -1)
except ValueError as e:
    print("ValueError", e)
grades = "FDCBA"
print([grades[bisect.bisect([60, 70, 80, 90], s)] for s in [33, 99, 77, 70, 89, 90, 100]])
