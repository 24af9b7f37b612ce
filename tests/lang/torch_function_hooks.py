# Node hooks: grad_fn.register_hook(fn) (fn(grad_inputs, grad_outputs),
# after the node) and grad_fn.register_prehook(fn) (fn(grad_outputs),
# before it), on built-in nodes and on a custom Function's; what they may
# return; their handles
import torch


def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, k):
        ctx.k = k
        return a * k + b

    @staticmethod
    def backward(ctx, g):
        print("Scale backward got", g)
        return g * ctx.k, g, None


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
y = Scale.apply(a, b, 3.0)
h = y.grad_fn.register_hook(lambda gi, go: print("hook", gi, go))
print(type(h).__name__, type(h).__module__)
y.sum().backward(retain_graph=True)
print(a.grad)

h2 = y.grad_fn.register_hook(lambda gi, go: (gi[0] * 10, None))
a.grad = None
y.sum().backward(retain_graph=True)
print(a.grad)
h2.remove()
h.remove()
h.remove()

p = y.grad_fn.register_prehook(lambda go: print("prehook", go))
p2 = y.grad_fn.register_prehook(lambda go: (go[0] * 5,))
a.grad = None
y.sum().backward(retain_graph=True)
print(a.grad)
p.remove()
p2.remove()
a.grad = None
y.sum().backward(retain_graph=True)
print(a.grad)

# handles as context managers
with y.grad_fn.register_hook(lambda gi, go: print("inside with", gi)):
    y.sum().backward(retain_graph=True)
y.sum().backward()

# built-in nodes: MulBackward0 has an edge for the Python number too
x = torch.ones(2, requires_grad=True)
m = x * 2
print(len(m.grad_fn.next_functions))
m.grad_fn.register_prehook(lambda go: print("Mul prehook", go))
m.grad_fn.register_hook(lambda gi, go: print("Mul hook", gi, go))
s = m.sum()
s.grad_fn.register_hook(lambda gi, go: print("Sum hook", gi, go))
s.backward()
print(x.grad)


def hooked(register, hook):
    def run():
        t = torch.ones(2, requires_grad=True)
        out = t * 2
        register(out.grad_fn, hook)
        out.sum().backward()
        print("grad", t.grad)
    show(run)


post = lambda node, fn: node.register_hook(fn)
pre = lambda node, fn: node.register_prehook(fn)
hooked(post, lambda gi, go: 5)
hooked(post, lambda gi, go: (gi[0],))
hooked(post, lambda gi, go: ("a", None))
hooked(post, lambda gi, go: (None, None))
hooked(pre, lambda go: (go[0], go[0]))
hooked(pre, lambda go: [go[0] * 3])
hooked(pre, lambda go: ("a",))
hooked(pre, lambda go: (None,))


def bad(gi, go):
    raise KeyError("in hook")


hooked(post, bad)

# a leaf's AccumulateGrad: its prehook, the tensor hook, the accumulation,
# its hook (no input gradients)
x = torch.ones(2, requires_grad=True)
y = x * 2
acc = y.grad_fn.next_functions[0][0]
print(acc.name())
acc.register_prehook(lambda go: print("acc prehook", go))
acc.register_hook(lambda gi, go: print("acc hook", gi, go, x.grad))
x.register_hook(lambda g: print("tensor hook", g))
y.sum().backward()
print(x.grad)
