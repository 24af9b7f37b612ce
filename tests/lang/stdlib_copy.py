# copy: shallow and deep copies of containers, instances (__copy__, __deepcopy__, __getstate__/__setstate__), tensors and a whole nn.Module.
import copy
import torch
import torch.nn as nn

a = [1, [2, 3], {'k': (4, [5])}]
b = copy.copy(a)
c = copy.deepcopy(a)
print(b[1] is a[1], c[1] is a[1], c == a, c[2]['k'][1] is a[2]['k'][1])
r = [1]; r.append(r)
rc = copy.deepcopy(r)
print(rc[1] is rc, rc is not r)
t = (1, 2, "x")
print(copy.deepcopy(t) is t, copy.copy(t) is t)

class Point:
    def __init__(self, x, y):
        print("init", x, y)
        self.x, self.y = x, y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
p = Point([1], 2)
q = copy.copy(p); d = copy.deepcopy(p)
print(q, d, q.x is p.x, d.x is p.x)

class Custom:
    def __init__(self): self.v = [1]
    def __deepcopy__(self, memo):
        print("custom deepcopy", type(memo).__name__)
        return "copied"
    def __copy__(self):
        return "shallow"
print(copy.deepcopy(Custom()), copy.copy(Custom()))

class State:
    def __init__(self): self.a = 1; self.b = 2
    def __getstate__(self): return {'a': self.a}
    def __setstate__(self, s): self.__dict__.update(s); self.restored = True
s = copy.deepcopy(State())
print(sorted(vars(s).items()))

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))
best = copy.deepcopy(model)
print(best)
print(best[0].weight is model[0].weight, torch.equal(best[0].weight, model[0].weight))
print(type(best[0].weight).__name__, best[0].weight.requires_grad)
with torch.no_grad():
    model[0].weight.fill_(1.0)
print(best[0].weight[0].tolist() != model[0].weight[0].tolist())
print(len(list(best.parameters())), best.state_dict().keys())
model(torch.ones(4, 3)).sum().backward()
m2 = copy.deepcopy(model)
print(m2[0].weight.grad)
x = torch.ones(2, requires_grad=True)
x.grad = torch.full((2,), 3.0)
y = copy.deepcopy(x)
print(y, y.grad, y.is_leaf, y.grad is x.grad)
try:
    copy.deepcopy(x * 2)
except RuntimeError as e:
    print("RuntimeError:", e)
z = copy.copy(x)
print(z, z.requires_grad)
sd = copy.deepcopy(best.state_dict())
print(type(sd).__name__, list(sd.keys()))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
print(type(copy.deepcopy(opt.state_dict())).__name__)
try:
    copy.deepcopy((i for i in [1]))
except TypeError as e:
    print("TypeError:", e)
# cgrad has no cycle collector yet: break the cycles made above.
r.pop(); rc.pop()
