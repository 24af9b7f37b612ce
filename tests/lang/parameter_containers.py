# nn.ParameterList and nn.ParameterDict as PyTorch 1.13 has them: tensors
# become Parameters the module sees (parameters(), state_dict, optimizers),
# indexing and slicing, the dict's methods and merge operators, other
# objects kept as they are, reprs, and PyTorch's errors; nn.Container's
# deprecation warning.
import warnings
from collections import OrderedDict

import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ws = nn.ParameterList([nn.Parameter(torch.ones(2, 3)), torch.zeros(4)])
        self.bs = nn.ParameterDict({'b': torch.ones(3), 'a': nn.Parameter(torch.zeros(2, 2, dtype=torch.float64))})

    def forward(self, x):
        return x @ self.ws[0].t() + self.bs['a'].sum()


net = Net()
print(net)
print([(n, tuple(p.shape), type(p).__name__) for n, p in net.named_parameters()])
print(list(net.state_dict().keys()))
out = net(torch.ones(5, 3)).sum()
out.backward()
print(net.ws[0].grad, net.bs['a'].grad)
pl = net.ws
pl.append(torch.randn(1))
pl.extend([torch.ones(2), 'text'])
pl += [3]
print(len(pl), [type(p).__name__ for p in pl], type(pl[-3]).__name__, pl[1].shape)
print(pl[1:3])
print(pl[-1], pl[::2])
pl[0] = torch.zeros(1)
print(type(pl[0]).__name__, '0' in dir(pl), 'append' in dir(pl))
pd = net.bs
pd['c'] = torch.ones(1)
pd.update([('d', torch.zeros(2)), ('e', 5)])
pd.update(OrderedDict([('z', torch.ones(1)), ('y', torch.ones(1))]))
print(list(pd.keys()), len(pd), 'c' in pd, pd.get('nope', 'dflt'), pd.setdefault('f', torch.ones(3)).shape)
print(pd.pop('e'), pd.popitem()[0], list(reversed(pd)), [type(v).__name__ for v in pd.values()])
print(pd)
cp = pd.copy()
print(list(cp.keys()), list((pd | nn.ParameterDict({'q': torch.ones(1)})).keys()))
pd |= {'r': torch.zeros(1)}
print(list(pd.keys()), list(pd.fromkeys(['u', 'v'], torch.ones(1)).keys()))
del pd['r']
print(list(pd.keys()))
pd.clear()
print(len(pd), len(list(net.parameters())))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
print(len(opt.param_groups[0]['params']))


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


err(lambda: pl[10])
err(lambda: pl.extend(torch.ones(2)))
err(lambda: pl(1))
err(lambda: pd(1))
err(lambda: pd[3])
err(lambda: pd.update(5))
err(lambda: pd.update([(1, 2, 3)]))
err(lambda: pd.update([5]))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    c = nn.Container(lin=nn.Linear(2, 3))
    print(c, [str(w.message) for w in caught])
