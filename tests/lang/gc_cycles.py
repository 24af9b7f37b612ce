# The cycle collector: the reference cycles real programs make are freed,
# __del__ runs once (for objects in cycles too), and the gc module's
# functions answer as CPython's.
import gc
from dataclasses import dataclass, field

import torch
import torch.nn as nn

freed = []


class Tracked:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        freed.append(self.name)


def report(what):
    gc.collect()
    print(what, sorted(freed))
    freed.clear()


# a child with a back-reference to its parent
class Parent(Tracked):
    def __init__(self, name):
        super().__init__(name)
        self.children = [Tracked(name + ".a"), Tracked(name + ".b")]
        for c in self.children:
            c.parent = self


p = Parent("p")
del p
report("parent/child:")

# a model whose forward hook captures the model itself
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.marker = Tracked("net")
        self.fc.register_forward_hook(lambda m, i, o: self.seen.append(o.shape))
        self.seen = []

    def forward(self, x):
        return self.fc(x)


net = Net()
net(torch.ones(1, 3))
print(net.seen)
del net
report("hook captures self:")

# a module registering its own bound method as a hook
class Logger(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.marker = Tracked("logger")
        self.fc.register_forward_hook(self.log)
        self.calls = 0

    def log(self, m, i, o):
        self.calls += 1


lg = Logger()
lg.fc(torch.ones(2))
print(lg.calls)
lg = None
report("bound method hook:")

# an exception kept with a reference back to what raised it
class Failure(Exception):
    def __init__(self, owner):
        super().__init__("failed")
        self.owner = owner


class Worker(Tracked):
    def run(self):
        try:
            raise Failure(self)
        except Failure as e:
            self.error = e


w = Worker("worker")
w.run()
print(type(w.error).__name__, w.error)
del w
report("exception in a cycle:")


# a dataclass tree with parent pointers
@dataclass
class TreeNode:
    label: str
    parent: "TreeNode" = None
    kids: list = field(default_factory=list)
    marker: Tracked = None

    def add(self, label):
        kid = TreeNode(label, self, [], Tracked(label))
        self.kids.append(kid)
        return kid


root = TreeNode("root", marker=Tracked("root"))
root.add("x").add("y")
root.add("z")
del root
report("dataclass tree:")

# a closure that refers to itself, a list that holds itself, a dict cycle
def make_closure():
    marker = Tracked("closure")

    def again():
        return again, marker

    return again


f = make_closure()
del f
a = [Tracked("list")]
a.append(a)
del a
d = {"m": Tracked("dict")}
d["self"] = d
del d
report("closures and containers:")

# a class and its instances, dropped together
def make_class():
    class Local(Tracked):
        pass

    obj = Local("instance")
    obj.cls = Local
    return obj


o = make_class()
del o
report("local class:")

# iterators and views over what holds them
for i in range(3):
    owner = Tracked("iter%d" % i)
    owner.items = [owner]
    owner.its = [iter(owner.items), enumerate(owner.items), zip(owner.items, owner.items), map(id, owner.items),
                 filter(None, owner.items), {owner: 1}.keys(), reversed((owner,)), iter(owner.items.pop, None)]
    del owner
report("iterators:")
print(gc.is_tracked(iter([])), gc.is_tracked(iter(range(3))))

# a suspended generator that holds its owner: closed (its finally runs)
class Stream(Tracked):
    def __init__(self, name):
        super().__init__(name)
        self.gen = self.run()
        next(self.gen)

    def run(self):
        try:
            while True:
                yield self
        finally:
            freed.append(self.name + " closed")


s = Stream("stream")
del s
report("generator in a cycle:")

# tensors whose hooks capture them: a leaf's, a computed tensor's, its grad_fn's
for i in range(3):
    leaf = torch.ones(3, requires_grad=True)
    mark = Tracked("leaf%d" % i)
    leaf.register_hook(lambda g: g if (mark, leaf) else g)
    out = leaf * 2
    mark2 = Tracked("out%d" % i)
    out.register_hook(lambda g: g if (mark2, out) else g)
    loss = out.sum()
    mark3 = Tracked("grad_fn%d" % i)
    loss.grad_fn.register_hook(lambda gi, go: None if (mark3, loss) else None)
    del leaf, mark, out, mark2, loss, mark3
report("tensor hooks:")
x = torch.ones(3, requires_grad=True)
y = x * 2
seen = []
y.register_hook(lambda g: seen.append(g.sum().item()))
y.grad_fn.register_hook(lambda gi, go: seen.append("post"))
gc.collect()
y.sum().backward()
print(seen, x.grad)

# a custom Function whose ctx keeps its output as an attribute
class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark = Tracked("ctx")
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2


inp = torch.ones(2, requires_grad=True)
res = Double.apply(inp)
res.grad_fn.out = res
del inp, res
report("Function ctx:")
inp = torch.ones(2, requires_grad=True)
res = Double.apply(inp)
gc.collect()
res.sum().backward()
print(inp.grad)
del inp, res
gc.collect()
freed.clear()

# __del__ runs once, even when it resurrects its object
class Phoenix:
    count = 0

    def __del__(self):
        Phoenix.count += 1
        global ashes
        ashes = self


bird = Phoenix()
bird.me = bird
del bird
gc.collect()
print(Phoenix.count, type(ashes).__name__, gc.is_finalized(ashes))
ashes = None
gc.collect()
print(Phoenix.count)

# re-running a cell that builds a cyclic model leaves the heap flat
def cell():
    m = Net()
    m(torch.ones(4, 3))
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    opt.zero_grad()
    m(torch.ones(4, 3)).sum().backward()
    opt.step()
    return m


for i in range(50):
    cell()
gc.collect()
freed.clear()
before = len(gc.get_objects())
for i in range(200):
    cell()
gc.collect()
print("flat:", len(gc.get_objects()) - before < 50, len(freed))
freed.clear()

# the gc module
print(gc.isenabled(), gc.get_threshold())
gc.disable()
print(gc.isenabled())
gc.enable()
gc.set_threshold(500, 5)
print(gc.get_threshold())
gc.set_threshold(700, 10, 10)
print(len(gc.get_count()), len(gc.get_stats()), sorted(gc.get_stats()[0]))
lst = []
print(gc.is_tracked(lst), gc.is_tracked(1), gc.is_tracked("s"), gc.is_tracked({}), gc.is_tracked({"a": []}))
holder = [lst]
print(any(r is holder for r in gc.get_referrers(lst)), gc.get_referents(holder) == [lst])
print(gc.DEBUG_STATS, gc.DEBUG_COLLECTABLE, gc.DEBUG_UNCOLLECTABLE, gc.DEBUG_SAVEALL, gc.DEBUG_LEAK)
print(gc.collect(0) >= 0, gc.collect(1) >= 0, gc.collect() >= 0)
for bad in (3, -1):
    try:
        gc.collect(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    gc.set_threshold()
except TypeError as e:
    print("TypeError:", e)
try:
    gc.get_objects(3)
except ValueError as e:
    print("ValueError:", e)

phases = []
gc.callbacks.append(lambda phase, info: phases.append((phase, info["generation"])))
gc.collect(1)
gc.callbacks.clear()
print(phases)

gc.set_debug(gc.DEBUG_SAVEALL)
cyc = [1]
cyc.append(cyc)
del cyc
gc.collect()
gc.set_debug(0)
print(len(gc.garbage), gc.garbage[0][0])
gc.garbage.clear()

gc.collect()
gc.freeze()
print(gc.get_freeze_count() > 0)
gc.unfreeze()
print(gc.get_freeze_count())

# a callback's own allocations do not start collections of their own
import gc as _gc
_phases = []
_gc.callbacks.append(lambda phase, info: _phases.append([phase] * 3))
_junk = [[] for i in range(3000)]
_gc.collect()
_gc.callbacks.clear()
print("callbacks ran", len(_phases) >= 2, _phases[-1][0])
