# Sequential, ModuleList and ModuleDict: indexing, slicing, len,
# iteration, append/insert/extend/pop/del, + and *, the OrderedDict form,
# and forward through them.
from collections import OrderedDict

import torch
import torch.nn as nn

torch.manual_seed(0)
seq = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
print(len(seq), seq[0], seq[-1], type(seq[1]).__name__)
print(seq[1:])
print(type(seq[:2]).__name__, len(seq[::2]), [type(m).__name__ for m in seq[::-1]])
print([type(m).__name__ for m in seq])
x = torch.tensor([[1.0, -1.0]])
print(torch.equal(seq(x), seq[2](seq[1](seq[0](x)))))
seq.append(nn.Sigmoid())
print(len(seq), list(seq._modules.keys()))
seq.insert(1, nn.Tanh())
print(seq)
seq.insert(-1, nn.Identity())
print([type(m).__name__ for m in seq])
seq.extend(nn.Sequential(nn.ReLU(), nn.ReLU()))
print(len(seq))
del seq[1]
print(list(seq._modules.keys()), [type(m).__name__ for m in seq])
del seq[-3:]
print([type(m).__name__ for m in seq])
p = seq.pop(0)
print(type(p).__name__, len(seq))
seq[0] = nn.GELU()
print(seq)
both = nn.Sequential(nn.ReLU()) + nn.Sequential(nn.Tanh(), nn.Sigmoid())
print(both)
tripled = nn.Sequential(nn.ReLU(), nn.Tanh()) * 2
print(tripled, len(tripled), tripled[0] is tripled[2])
print(len(3 * nn.Sequential(nn.ReLU())))
s2 = nn.Sequential(nn.ReLU())
s2 += nn.Sequential(nn.Tanh())
s2 *= 2
print([type(m).__name__ for m in s2])
named = nn.Sequential(OrderedDict([("fc", nn.Linear(2, 2)), ("act", nn.ReLU())]))
print(named, named.fc, named[1], [n for n, _ in named.named_parameters()])
print(named[:1])

ml = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
print(len(ml), [n for n, _ in ml.named_parameters()][:3])
ml.append(nn.ReLU())
ml.extend([nn.Tanh(), nn.Sigmoid()])
ml.insert(0, nn.Identity())
print([type(m).__name__ for m in ml], type(ml[1:3]).__name__, len(ml[1:3]))
print(ml[-1], ml[0])
del ml[0]
print([type(m).__name__ for m in ml])
ml[0] = nn.GELU()
print(ml[0], type(ml.pop(-1)).__name__, len(ml))
y = x
for layer in ml[1:3]:
    y = layer(y)
print(y.shape)
print(len(ml + nn.ModuleList([nn.ReLU()])))

md = nn.ModuleDict({"enc": nn.Linear(2, 4), "dec": nn.Linear(4, 2)})
md["act"] = nn.ReLU()
print(md)
print(list(md.keys()), [type(m).__name__ for m in md.values()], "enc" in md, len(md))
print([k for k in md], [k for k, _ in md.items()])
print(md["dec"](md["act"](md["enc"](x))).shape)
print(type(md.pop("act")).__name__, list(md))
md.update([("extra", nn.Tanh())])
print(list(md))
md.clear()
print(len(md))


class Stack(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(n)])
        self.heads = nn.ModuleDict({"a": nn.Linear(2, 1), "b": nn.Linear(2, 3)})

    def forward(self, x, head):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return self.heads[head](x)


st = Stack(2)
print([n for n, _ in st.named_parameters()])
print(st(x, "a").shape, st(x, "b").shape)
print(st)
