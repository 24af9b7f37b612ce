# Generator expressions are lazy generators: an infinite source, the
# order of production and consumption, iter() of the first iterable up
# front, a traceback through <genexpr>.
def naturals():
    n = 0
    while True:
        yield n
        n += 1
print(next(x for x in naturals() if x * x > 50))
g = (i * 2 for i in range(3))
print(g.__name__, g.__qualname__, repr(g)[:24])
print(list(g), list(g))
try:
    (x for x in 5)
except TypeError as e:
    print("TypeError:", e)
order = []
def src():
    for i in range(3):
        order.append("produce %d" % i)
        yield i
for v in (x for x in src()):
    order.append("consume %d" % v)
print(order)
print(sum(x * x for x in range(10)), any(x > 5 for x in range(10)), max(len(w) for w in "a bb ccc".split()))
def f():
    return list((y for y in (1 / x for x in [1, 0])))
try:
    f()
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
def tb():
    return sum(1 / x for x in [1, 0])
tb()
