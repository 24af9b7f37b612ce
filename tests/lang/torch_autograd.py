# Autograd from the cell: backward, accumulation, retain_graph,
# create_graph, torch.autograd.grad, hooks, retain_grad, detach, grad
# modes as context managers and decorators, grad_fn objects
import torch


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x * x + x).sum()
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
show(lambda: y.backward())
x.grad.zero_()
z = x * 2
show(lambda: z.backward())
z.backward(torch.tensor([1.0, 0.5, 0.0]))
print(x.grad)
x.grad = None

w = torch.tensor(3.0, requires_grad=True)
f = w ** 3
(g,) = torch.autograd.grad(f, w, create_graph=True)
print(g, g.grad_fn is not None)
(h,) = torch.autograd.grad(g, w)
print(h)
a = torch.ones(2, requires_grad=True)
b = torch.ones(2, requires_grad=True)
print(torch.autograd.grad((a * 3).sum(), [a, b], allow_unused=True))
show(lambda: torch.autograd.grad((a * 3).sum(), [a, b]))
show(lambda: torch.autograd.grad((a * 3).sum(), torch.ones(2)))
torch.autograd.backward([(a * 2).sum(), (b * 3).sum()])
print(a.grad, b.grad)

t = torch.ones(3, requires_grad=True)
seen = []


def hook(grad):
    seen.append(grad.clone())
    return grad * 10


handle = t.register_hook(hook)
(t * 2).sum().backward()
print(t.grad, seen)
handle.remove()
(t * 2).sum().backward()
print(t.grad)
u = t * 3
u.retain_grad()
u.register_hook(lambda g: print("hook on u:", g))
(u * u).sum().backward()
print(u.grad, u.is_leaf, u.retains_grad)
show(lambda: torch.ones(2).register_hook(hook))
show(lambda: torch.ones(2).retain_grad())

d = t.detach()
print(d.requires_grad, d.is_leaf, (t * 2).detach().grad_fn)
e = (t * 2).detach_()
print(e.requires_grad, e.grad_fn)

print(torch.is_grad_enabled())
with torch.no_grad():
    q = t * 2
    print(torch.is_grad_enabled(), q.requires_grad, q.grad_fn)
    with torch.enable_grad():
        print(torch.is_grad_enabled(), (t * 2).requires_grad)
print(torch.is_grad_enabled())
with torch.set_grad_enabled(False):
    print((t * 2).requires_grad)
torch.set_grad_enabled(False)
print(torch.is_grad_enabled())
torch.set_grad_enabled(True)


@torch.no_grad()
def step(p):
    p -= 0.5
    return p * 2


print(step(t), t, torch.is_grad_enabled())


@torch.enable_grad()
def inside():
    return torch.is_grad_enabled()


with torch.no_grad():
    print(inside(), torch.is_grad_enabled())

p = torch.tensor([1.0, 2.0], requires_grad=True)
q = (p * 2).exp()
fn = q.grad_fn
print(fn.name(), fn is q.grad_fn, [n[0].name() for n in fn.next_functions])
print([(f if f is None else f.name(), i) for f, i in fn.next_functions[0][0].next_functions], fn._saved_result.shape)
m = p * torch.tensor([3.0, 4.0])
print(m.grad_fn._saved_other, m.grad_fn.next_functions[1])
show(lambda: m.grad_fn._saved_foo)
acc = m.grad_fn.next_functions[0][0]
print(acc.name(), acc.variable is p, acc.next_functions)
print(type(m.grad_fn).__name__)
r = p.sum()
r.backward()
show(lambda: q.grad_fn._saved_result)
print(p.grad)

v = torch.ones(2, requires_grad=True)
v2 = v.exp()
v2.add_(1)
show(lambda: v2.sum().backward())
