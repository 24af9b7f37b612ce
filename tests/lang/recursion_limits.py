# C code that recurses through the data (comparisons, `in`, list.count,
# repr, hash) ends in RecursionError, as CPython's guard does, instead of
# overflowing the C stack: containers that hold themselves, and containers
# nested 100,000 deep compared inside a generator (whose C stack is small).


def show(name, f):
    try:
        print(name, f())
    except RecursionError as e:
        print(name, type(e).__name__, e)


a = []
a.append(a)
b = []
b.append(b)
show("list ==", lambda: a == b)
show("list !=", lambda: a != b)
show("list <", lambda: a < b)
show("list >=", lambda: a >= b)
show("list in", lambda: a in b)
show("list not in", lambda: a not in b)
show("list.count", lambda: b.count(a))
show("list.index", lambda: b.index(a))
show("list.remove", lambda: b.remove(a))
show("max", lambda: max(a, b))
show("sorted", lambda: sorted([a, b]))
show("list is itself", lambda: a == a)

t = (a,)
u = (b,)
show("tuple ==", lambda: t == u)
show("tuple <", lambda: t < u)
show("tuple in", lambda: t in [u])
show("tuple.count", lambda: u.count(t[0]))

d = {}
d["k"] = d
e = {}
e["k"] = e
show("dict ==", lambda: d == e)
show("dict values in", lambda: d in [e])
show("dict repr", lambda: repr(d))
show("list repr", lambda: repr(a))

# Hash of nested tuples is not guarded in CPython: a moderate depth works.
tt = ()
for i in range(5000):
    tt = (tt,)
show("hash of nested tuple", lambda: hash(tt) == hash(tt))


def deepcopy_deep():
    import copy

    x = []
    for i in range(20000):
        x = [x]
    try:
        copy.deepcopy(x)
        return "copied"
    except RecursionError as e:  # CPython adds " while calling a Python object"
        return type(e).__name__


print("deepcopy deep", deepcopy_deep())


def deep(n, make):
    x = make(None)
    for i in range(n):
        x = make(x)
    return x


def compare_in_generator():
    x = deep(100000, lambda x: [x])
    y = deep(100000, lambda x: [x])
    show("deep list ==", lambda: x == y)
    show("deep list <", lambda: x < y)
    show("deep list in", lambda: x in [y])
    show("deep list repr", lambda: repr(x))
    show("deep list str", lambda: str(x))
    p = deep(100000, lambda x: (x,))
    q = deep(100000, lambda x: (x,))
    show("deep tuple ==", lambda: p == q)
    m = deep(100000, lambda x: {"k": x})
    n = deep(100000, lambda x: {"k": x})
    show("deep dict ==", lambda: m == n)
    show("deep dict repr", lambda: repr(m))
    yield "done"


for r in compare_in_generator():
    print(r)

# Break the cycles: nothing collects them yet.
a.clear()
b.clear()
d.clear()
e.clear()
print("end")
