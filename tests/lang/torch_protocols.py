# Tensors in Python's protocols: iteration, len, in, truth, hash, dict
# keys, formatting, sorting of items, max()/sum() builtins
import torch


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


m = torch.tensor([[1, 2], [3, 4]])
for row in m:
    print(row, row.shape)
print([v.item() for v in m[0]], list(m[1]), len(m), len(m[0]))
a, b = torch.tensor([5.0, 6.0])
print(a, b, a + b)
print(2 in m, 7 in m, torch.tensor(3) in m, torch.tensor([1, 2]) in m)
print(bool(torch.tensor(0)), bool(torch.tensor([2.5])), not torch.tensor(0.0))
if torch.tensor(1):
    print("truthy")
show(lambda: bool(torch.ones(2)))
show(lambda: bool(torch.tensor([])))
show(lambda: len(torch.tensor(1.0)))
show(lambda: iter(torch.tensor(1.0)))
show(lambda: 'a' in m)
x = torch.ones(2)
y = torch.ones(2)
d = {x: 'x', y: 'y'}
print(len(d), d[x], x is x, x is y, hash(x) == hash(x), hash(x) == hash(y))
s = torch.tensor(2.5)
print(f"{s}", f"{s:.2f}", f"{s.item():6.3f}", str(s), repr(s), "%.1f" % s.item())
print(f"{m}")
show(lambda: f"{m:.2f}")
print(sum(torch.tensor([1.0, 2.0, 3.0])), max(torch.tensor([3, 1, 2])), min(torch.tensor([3, 1, 2])))
print(sorted(torch.tensor([3, 1, 2]).tolist()), abs(torch.tensor(-2.0)), round(torch.tensor(2.567).item(), 2))
print(int(torch.tensor(7.9)), float(torch.tensor(3)), int(torch.tensor([4])))
print(list(zip(torch.tensor([1, 2]), ['a', 'b'])))
print([i * t for i, t in enumerate(torch.tensor([1.0, 2.0]))])
print(isinstance(x, torch.Tensor), type(x), type(x).__name__, torch.Tensor)
print(isinstance(x, torch.autograd.Variable), isinstance(x.shape, torch.Size))
z = torch.zeros(3, requires_grad=True)
total = 0
for v in z * 2:
    total = total + v
print(total)

# an empty Size is its own object: () stays a plain tuple after one is made
s0 = torch.zeros(3).sum().shape
print(type(s0), s0, type(()), type(tuple(s0)), tuple(s0) == (), type(torch.Size([])), type(torch.Size([2])[5:]))
