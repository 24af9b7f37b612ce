# collections.abc: isinstance of the builtins, the one-method ABCs recognising classes, and the mixin methods of Sequence, Mapping, Set and their mutable kinds.
from collections.abc import (Iterable, Iterator, Sized, Container, Hashable, Callable, Sequence,
                             MutableSequence, Mapping, MutableMapping, Set, MutableSet, Generator,
                             Collection, Reversible, KeysView)
import collections.abc as cabc

def gen():
    yield 1
for v in ([1], (1,), "s", {1: 2}, {1}, frozenset(), range(3), gen(), 3, 2.5, None, len, lambda: 0):
    print(type(v).__name__, [abc.__name__ for abc in (Iterable, Iterator, Sized, Container, Hashable, Callable,
                                                      Sequence, MutableSequence, Mapping, MutableMapping,
                                                      Set, MutableSet, Generator, Collection, Reversible)
                             if isinstance(v, abc)])

class Dict2(MutableMapping):
    def __init__(self): self._d = {}
    def __getitem__(self, k): return self._d[k]
    def __setitem__(self, k, v): self._d[k] = v
    def __delitem__(self, k): del self._d[k]
    def __iter__(self): return iter(self._d)
    def __len__(self): return len(self._d)
d = Dict2()
d["a"] = 1
d.update(b=2, c=3)
print(len(d), d.get("z", 0), "a" in d, sorted(d.keys()), sorted(d.values()), sorted(d.items()), d.pop("c"), d.setdefault("q", 9))
print(d == {"a": 1, "b": 2, "q": 9}, isinstance(d, Mapping), isinstance(d, dict))

class Seq(Sequence):
    def __init__(self, *xs): self.xs = xs
    def __getitem__(self, i): return self.xs[i]
    def __len__(self): return len(self.xs)
s = Seq(3, 1, 3, 2)
print(list(s), 1 in s, s.index(2), s.count(3), list(reversed(s)), isinstance(s, Reversible))

class MSeq(MutableSequence):
    def __init__(self): self.xs = []
    def __getitem__(self, i): return self.xs[i]
    def __setitem__(self, i, v): self.xs[i] = v
    def __delitem__(self, i): del self.xs[i]
    def __len__(self): return len(self.xs)
    def insert(self, i, v): self.xs.insert(i, v)
m = MSeq()
m.append(1); m.extend([2, 3]); m += [4]
m.reverse()
print(m.xs, m.pop(), m.xs)
m.remove(3)
print(m.xs)

class S(Set):
    def __init__(self, it=()): self.items = list(dict.fromkeys(it))
    def __contains__(self, x): return x in self.items
    def __iter__(self): return iter(self.items)
    def __len__(self): return len(self.items)
a, b = S([1, 2, 3]), S([2, 3, 4])
print(sorted(a & b), sorted(a | b), sorted(a - b), sorted(a ^ b), a <= S([1, 2, 3, 4]), a == S([3, 2, 1]), a.isdisjoint(S([9])))

class Sz:
    def __len__(self): return 1
class It:
    def __iter__(self): return self
    def __next__(self): raise StopIteration
class NoHash:
    __hash__ = None
print(isinstance(Sz(), Sized), isinstance(It(), Iterator), isinstance(It(), Iterable), isinstance(NoHash(), Hashable), isinstance(Sz(), Hashable))
print(issubclass(list, Sequence), issubclass(dict, Mapping), issubclass(KeysView, Set), isinstance({}.keys(), KeysView))
try:
    Seq2 = type("Seq2", (Sequence,), {})
    Seq2()
except TypeError as e: print(e)
print(sorted(n for n in dir(cabc) if not n.startswith("_"))[:5])
