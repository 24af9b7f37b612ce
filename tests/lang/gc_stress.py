# The collector at its most eager: with thresholds of 1 a collection runs
# at almost every loop head and call, in the middle of everything a
# program does (building classes and closures, generators suspended and
# resumed, weak references dying with callbacks that allocate, exceptions
# caught and kept, tensors with hooks, autograd). Nothing reachable may be
# freed: the program computes what CPython computes.
import gc
import weakref

import torch
import torch.nn as nn

gc.set_threshold(1, 1, 1)

log = []


class Node:
    def __init__(self, name, parent=None):
        self.name = name
        self.parent = parent
        self.kids = []
        if parent is not None:
            parent.kids.append(self)

    def path(self):
        return self.name if self.parent is None else self.parent.path() + "/" + self.name


def tree(depth, parent=None, name="r"):
    n = Node(name, parent)
    if depth:
        for i in range(2):
            tree(depth - 1, n, name + str(i))
    return n


paths = []
for rep in range(20):
    root = tree(4)
    leaf = root
    while leaf.kids:
        leaf = leaf.kids[-1]
    paths.append(leaf.path())
print(paths[-1], len(set(paths)))


def counter():
    count = 0

    def inc():
        nonlocal count
        count += 1
        return count

    return inc


incs = [counter() for _ in range(50)]
print(sum(f() + f() for f in incs))


def gen(n):
    held = [Node("g%d" % i) for i in range(3)]
    for i in range(n):
        yield i * len(held)


gens = [gen(5) for _ in range(20)]
print(sum(next(g) + next(g) for g in gens), sum(sum(g) for g in gens))


class Dying:
    def __init__(self, n):
        self.n = n
        self.me = self


refs = []
for i in range(100):
    d = Dying(i)
    refs.append(weakref.ref(d, lambda r, i=i: log.append([i] * 3)))
    del d
gc.collect()
print(len(log), all(r() is None for r in refs))


class Boom(Exception):
    pass


kept = []
for i in range(30):
    try:
        raise Boom(i)
    except Boom as e:
        e.owner = Dying(i)
        kept.append(e)
print(sum(e.args[0] for e in kept), kept[-1].owner.n)

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
seen = []
model[0].register_forward_hook(lambda m, i, o: seen.append(o.shape[0]))
x = torch.randn(16, 4)
y = torch.randn(16, 1)
for step in range(20):
    opt.zero_grad()
    out = model(x)
    out.register_hook(lambda g: g * 1.0)
    loss = ((out - y) ** 2).mean()
    loss.backward()
    opt.step()
print(round(loss.item(), 4), len(seen))

table = {}
for i in range(200):
    table[i % 17] = [table.get((i - 1) % 17), i]
print(sum(v[1] for v in table.values()))

gc.set_threshold(700, 10, 10)
gc.collect()
print(gc.get_threshold())
