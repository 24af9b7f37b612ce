# torch.autograd.Function outputs: several, not tensors, non-differentiable,
# materialized or not, an input returned as it is, and an input modified in
# place (mark_dirty)
import torch


class Split(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k, x + 1, "tag", 3

    @staticmethod
    def backward(ctx, g1, g2, g3, g4):
        print("Split grads", g1, g2, g3, g4)
        return g1 * ctx.k + g2, None


x = torch.ones(2, requires_grad=True)
a, b, s, n = Split.apply(x, 3)
print(a, b, s, n)
print(a.grad_fn is b.grad_fn, a.grad_fn.name())
a.sum().backward(retain_graph=True)
print(x.grad)
(a * b).sum().backward()
print(x.grad)


# a list is one output, passed through; so is a number
class Listed(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return [x * 2]


class Number(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return 5


print(Listed.apply(x), Number.apply(x))


class NonDiff(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        idx = torch.argmax(x)
        v = x.max()
        w = x * 2
        ctx.mark_non_differentiable(idx, w)
        return v, idx, w

    @staticmethod
    def backward(ctx, gv, gi, gw):
        print("NonDiff grads", gv, gi, gw)
        return gv * torch.ones(3)


x = torch.tensor([1.0, 3.0, 2.0], requires_grad=True)
v, i, w = NonDiff.apply(x)
print(v, i, w)
print(v.requires_grad, i.requires_grad, w.requires_grad, w.grad_fn)
v.backward()
print(x.grad)


# integer outputs never require grad
class ArgAndTwice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.argmax(), x * 2

    @staticmethod
    def backward(ctx, gi, g):
        print("ArgAndTwice grads", gi, g)
        return g * 2


i, t = ArgAndTwice.apply(x)
print(i, t, i.requires_grad)
t.sum().backward()
print(x.grad)


class NoMaterialize(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print("NoMaterialize grads", g1, g2)
        return g1 * 2 if g2 is None else g1 * 2 + g2 * 3


x = torch.ones(2, requires_grad=True)
p, q = NoMaterialize.apply(x)
p.sum().backward()
print(x.grad)


class Ident(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 2


x = torch.ones(2, requires_grad=True)
y = Ident.apply(x)
print(y is x, y, y._base is x, y.is_leaf, x.grad_fn)
y.sum().backward()
print(x.grad)
plain = torch.ones(2)
alias = Ident.apply(plain)
print(alias is plain, alias._base is plain, alias.requires_grad)
with torch.no_grad():
    d = Ident.apply(x)
print(d is x, d.requires_grad, d.grad_fn)


class Double_(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 2


x = torch.ones(2, requires_grad=True)
h = x.clone()
r = Double_.apply(h)
print(r is h, r, h.grad_fn.name())
print([type(f).__name__ for f, _ in h.grad_fn.next_functions])
r.sum().backward()
print(x.grad)
try:
    Double_.apply(x)
except RuntimeError as e:
    print("RuntimeError:", e)


class DirtyNotReturned(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_dirty(x)
        return x * 2


try:
    DirtyNotReturned.apply(x.clone())
except RuntimeError as e:
    print("RuntimeError:", e)


# saving an output: unpacked it has the node as its grad_fn
class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, g):
        y, = ctx.saved_tensors
        print("Exp saved output's grad_fn is the node:", y.grad_fn is ctx)
        return g * y


x = torch.zeros(2, requires_grad=True)
y = Exp.apply(x)
print(y.grad_fn.saved_tensors[0].grad_fn is y.grad_fn)
y.sum().backward()
print(x.grad)
