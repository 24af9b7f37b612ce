# torch.autograd.Function: apply, ctx (save_for_backward, saved_tensors,
# needs_input_grad, attributes), the grad_fn it makes, no_grad, and the
# calls PyTorch refuses
import torch


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, alpha=1.0):
        print("forward: grad enabled", torch.is_grad_enabled(), "needs", ctx.needs_input_grad)
        print("saved in forward:", ctx.saved_tensors)
        ctx.save_for_backward(x)
        ctx.alpha = alpha
        return x.clamp(min=0) * alpha

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        print("backward: grad enabled", torch.is_grad_enabled(), "needs", ctx.needs_input_grad)
        return grad * (x > 0) * ctx.alpha, None


x = torch.tensor([[1.0, -2.0, 3.0], [-1.0, 2.0, -3.0]], requires_grad=True)
y = MyReLU.apply(x, 2.0)
print(y)
print(y.requires_grad, y.is_leaf)
fn = y.grad_fn
print(type(fn))
print(type(fn).__name__, type(fn).__module__)
print(fn.name())
print(str(fn).startswith("<torch.autograd.function.MyReLUBackward object at 0x"))
print([(type(f).__name__, nr) for f, nr in fn.next_functions])
print(fn.next_functions[0][0].variable is x)
print(fn.alpha, fn.needs_input_grad)
print(fn.saved_tensors)
print(fn.saved_tensors[0] is x)
print(MyReLU._backward_cls is type(fn), fn._forward_cls is MyReLU)
print(isinstance(fn, torch.autograd.function.FunctionCtx))
y.sum().backward()
print(x.grad)
print(fn.needs_input_grad)

# a later call makes a new node of the same type
z = MyReLU.apply(x)
print(z.grad_fn is fn, type(z.grad_fn) is type(fn))
(z * z).sum().backward()
print(x.grad)

# the default alpha, a tensor argument that needs no grad, a plain number
w = torch.tensor([0.5, -0.5])
print(MyReLU.apply(w))
print(MyReLU.apply(w).grad_fn)

# no_grad: forward runs, nothing is recorded
with torch.no_grad():
    v = MyReLU.apply(x, 3.0)
print(v, v.requires_grad, v.grad_fn)


# a Function with two tensor inputs that need different grads
class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, scale, tag):
        ctx.save_for_backward(a, b)
        ctx.scale = scale
        ctx.tag = tag
        return a * b * scale

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        print("Mul backward", ctx.needs_input_grad, ctx.tag)
        ga = g * b * ctx.scale if ctx.needs_input_grad[0] else None
        gb = g * a * ctx.scale if ctx.needs_input_grad[1] else None
        return ga, gb, None, None


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
m = Mul.apply(a, b, 2.0, "first")
print(m, [(type(f).__name__ if f is not None else None, nr) for f, nr in m.grad_fn.next_functions])
m.sum().backward()
print(a.grad, b.grad)
a.grad = None
m = Mul.apply(a, a, 1.0, "same input twice")
m.sum().backward()
print(a.grad)


# one Function used twice in one graph, chained with ordinary ops
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 2 * x * g


t = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
u = Square.apply(Square.apply(t) + 1).sum()
u.backward()
print(u, t.grad)


# saving more tensors than a built-in node holds, None among them
class Many(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b, None, a * 2, b * 2, a + b)
        return a * b

    @staticmethod
    def backward(ctx, g):
        saved = ctx.saved_tensors
        print("saved", len(saved), saved[2], saved[5])
        return g * saved[1], g * saved[0]


p = torch.tensor([1.0, 2.0], requires_grad=True)
q = torch.tensor([3.0, 5.0], requires_grad=True)
Many.apply(p, q).sum().backward()
print(p.grad, q.grad)

# calling a Function the old way, or the base's forward and backward
try:
    MyReLU()(x)
except RuntimeError as e:
    print("RuntimeError:", e)


class NoForward(torch.autograd.Function):
    pass


class NoBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2


for f in (lambda: NoForward.apply(x), lambda: NoBackward.apply(x).sum().backward(),
          lambda: MyReLU.apply(x=x)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


# forward is a plain static method: any object can stand in for ctx
class FakeCtx:
    saved_tensors = ()
    needs_input_grad = None

    def save_for_backward(self, *tensors):
        print("saving", len(tensors))


print(MyReLU.forward(FakeCtx(), w))
