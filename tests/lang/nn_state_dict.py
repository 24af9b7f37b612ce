# state_dict and load_state_dict: keys in PyTorch's order, detached values,
# buffers (non-persistent ones left out), round trips into a fresh model,
# strict=False results, and the error texts of a mismatch.
from collections import OrderedDict

import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 3)
        self.seq = nn.Sequential(nn.ReLU(), nn.Linear(3, 1))
        self.register_buffer("steps", torch.zeros(1))
        self.register_buffer("cache", torch.ones(1), persistent=False)

    def forward(self, x):
        return self.seq(self.fc(x))


torch.manual_seed(0)
a = Net()
sd = a.state_dict()
print(type(sd).__name__, list(sd.keys()))
print(sd.keys())
print(sd["fc.weight"])
print(sd["fc.weight"].requires_grad, a.fc.weight.requires_grad)
print(nn.Linear(2, 1).state_dict())
kv = a.state_dict(keep_vars=True)
print(kv["fc.bias"].requires_grad, kv["fc.bias"] is a.fc.bias)
print(list(a.fc.state_dict(prefix="fc.").keys()))
print(len(sd), "fc.bias" in sd, "cache" in sd)

torch.manual_seed(1)
b = Net()
x = torch.tensor([[0.5, -1.0]])
print(torch.equal(a(x), b(x)))
print(b.load_state_dict(sd))
print(torch.equal(a(x), b(x)))
print(b.fc.weight)

# a state_dict shares storage with the model (values are detached views)
with torch.no_grad():
    a.fc.bias.fill_(2.0)
print(sd["fc.bias"])

# strict=False reports instead of raising
partial = {"fc.weight": torch.zeros(3, 2), "extra": torch.ones(1)}
r = b.load_state_dict(partial, strict=False)
print(r)
print(r.missing_keys, r.unexpected_keys)
missing, unexpected = r
print(missing == r.missing_keys, unexpected)
print(b.fc.weight.sum().item())


def show(f):
    try:
        print("no error:", f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: b.load_state_dict(partial))
bad = dict(sd)
bad["fc.weight"] = torch.zeros(2, 2)
show(lambda: b.load_state_dict(bad))
bad["fc.weight"] = 3
show(lambda: b.load_state_dict(bad))
show(lambda: b.load_state_dict([1, 2]))
show(lambda: nn.Linear(2, 3).load_state_dict({"weight": torch.ones(3, 2)}))

# an OrderedDict built by hand loads too
lin = nn.Linear(2, 1)
lin.load_state_dict(OrderedDict([("weight", torch.tensor([[1.0, 2.0]])), ("bias", torch.tensor([0.5]))]))
print(lin.weight, lin.bias)
print(lin(torch.tensor([[1.0, 1.0]])))
od = OrderedDict()
od["b"] = 1
od["a"] = 2
print(od, list(od), od.items(), od.values())
print(OrderedDict(), len(od), od == OrderedDict([("b", 1), ("a", 2)]), od == OrderedDict([("a", 2), ("b", 1)]))
