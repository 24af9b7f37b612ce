# Python operators on tensors: numbers, promotion, reflected forms and their
# autograd nodes, comparisons, unary operators, in-place forms
import torch


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


a = torch.tensor([1, 2, 3])
b = torch.tensor([0.5, 1.5, 2.5])
print(a + 1, a + 0.5, a * True, a / 2, a // 2, a % 2, a ** 2, 2 ** a)
print(a + b, a - b, b * a, b / a, (a > 1) + 1, (a > 1) & (a < 3), (a > 1) | (a < 2))
print(a & 6, a | 4, a ^ 1, ~a, ~(a > 1), -a, +a, abs(-b))
print(-7 // a, -7 % a, 7 - a, 1 / a, 2.5 * a)
print(a == 2, a != 2, a < 2, 2 < a, a >= b, 1.5 <= b)
print(a == None, a != None, a == 'x')
show(lambda: a @ 2)
show(lambda: a + 'x')
show(lambda: b < 'x')
show(lambda: ~b)

x = torch.ones(2, requires_grad=True)
for y in [x + 2, 2 + x, x - 2, 2 - x, x * 2, 2 * x, x / 2, 2 / x, x ** 2, 2 ** x, x ** x, -x, abs(x), x @ x]:
    print(y.grad_fn.name(), [(None if f is None else f.name(), i) for f, i in y.grad_fn.next_functions])
r = 2 / x
print(r.grad_fn.next_functions[0][0].next_functions[0][0].name())
m = torch.ones(2, 3)
n = torch.ones(3, 4)
print((m @ n).shape, (m @ torch.ones(3)).shape, (torch.ones(5, 2, 3) @ n).shape)

c = torch.zeros(3)
c += 1
c *= 3
c -= torch.tensor([1., 2., 3.])
c /= 2
print(c, c._version)
d = c
d += 1
print(c, d is c)
i = torch.tensor([5, 7])
i //= 2
i %= 2
print(i)


def iadd(t, v):
    t += v
    return t


show(lambda: iadd(i, 0.5))
show(lambda: x.add_(1))
w = torch.ones(3, requires_grad=True)
with torch.no_grad():
    w -= 0.1 * torch.ones(3)
print(w, w.is_leaf)
q = torch.zeros(2)
q += torch.tensor(True)
print(q)
