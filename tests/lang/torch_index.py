# Subscripts: ints, slices with steps and negatives, None, Ellipsis, bool
# masks, int tensors and lists, tuples of these; assignment through them
import torch


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


x = torch.arange(24).view(2, 3, 4)
print(x[0], x[-1, -1], x[1, 2, 3], x[0, :, 1])
print(x[:, 1:], x[..., ::2], x[0, -2:])
print(x[None].shape, x[:, None].shape, x[..., None].shape, x[0, ..., 1])
print(x[x > 20], x[0][x[0] % 2 == 0])
print(x[[1, 0]].shape, x[0, [2, 0]], x[:, [0, 2], 1], x[[0, 1], [1, 2]])
print(x[torch.tensor([1])].shape, x[torch.tensor(1)].shape, x[0, torch.tensor([True, False, True])])
print(x[True].shape, x[False].shape, x[1:2, None, ..., 0])
print(x[1:100].shape, x[5:].shape, x[:, -100:2].shape)
show(lambda: x[2])
show(lambda: x[1.5])
show(lambda: x[0, 0, 0, 0])
show(lambda: x[::-1])
show(lambda: x['a'])
show(lambda: torch.tensor(5)[0])

y = torch.zeros(3, 4)
y[0] = 1
y[1, 1:3] = torch.tensor([5., 6.])
y[:, -1] = 9
y[y == 0] = -1
y[[2, 2], [0, 1]] = torch.tensor([7., 8.])
print(y)
z = torch.zeros(2, 3, dtype=torch.long)
z[0] = 2.7
z[1, ...] = torch.tensor([1, 2, 3])
print(z)


def assign(t, key, value):
    t[key] = value
    return t


show(lambda: assign(y, 0, [1, 2, 3, 4]))
show(lambda: assign(y, 0, 'a'))

w = torch.ones(3, requires_grad=True)
v = w * 1
v[0] = 5
print(v, v.grad_fn.name())
v.sum().backward()
print(w.grad)
r = w[1:] * 2
r.sum().backward()
print(w.grad, r.grad_fn.next_functions[0][0].name())
