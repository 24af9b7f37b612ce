# Freeing a deeply nested structure does not recurse in C (CPython's
# trashcan; PyTorch frees a long autograd graph with a loop): lists,
# tuples, dicts, frozensets, linked instances, closures, exception chains
# and autograd graphs whose nodes saved the running total. Each is built
# and freed inside a generator, whose C stack is small, at depths that
# overflowed it when frees recursed.
import torch


class Node:
    def __init__(self, nxt):
        self.next = nxt


def nest(n, make):
    x = None
    for i in range(n):
        x = make(x)
    return x


def exception_chain(n):
    e = None
    for i in range(n):
        try:
            raise ValueError(i)
        except ValueError as x:
            x.__context__ = e
            e = x
    return e


def graph(n, step):
    x = torch.ones(1, requires_grad=True)
    loss = x
    for i in range(n):
        loss = step(loss, x)
    return loss


CASES = [
    ("list", lambda: nest(300000, lambda x: [x])),
    ("tuple", lambda: nest(300000, lambda x: (x,))),
    ("dict", lambda: nest(150000, lambda x: {"k": x})),
    ("frozenset", lambda: nest(150000, lambda x: frozenset([x]))),
    ("linked instances", lambda: nest(100000, Node)),
    ("closures", lambda: nest(100000, lambda x: (lambda: x))),
    ("exception chain", lambda: exception_chain(100000)),
    ("graph loss * x", lambda: graph(50000, lambda loss, x: loss * x)),
    ("graph loss * 1.0001", lambda: graph(50000, lambda loss, x: loss * 1.0001)),
    ("graph loss + x * 2", lambda: graph(50000, lambda loss, x: loss + x * 2)),
]


def free_all():
    for name, build in CASES:
        obj = build()
        del obj
        yield name


for name in free_all():
    print(name, "freed")

# The last graph's gradient still flows after the frees.
loss = graph(1000, lambda loss, x: loss + x * 2)
loss.backward()
print("backward ok", loss.item())
