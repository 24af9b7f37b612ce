# torch.autograd.Function: what PyTorch refuses in a backward's results and
# in ctx, an exception raised in the user's backward, backward twice.
# (Uncaught, an exception from backward shows PyTorch's own frames between
# the cell's and the user's backward; cgrad shows the cell's and the
# user's only, so that case is not compared here.)
import torch


def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


def function(forward, backward):
    class F(torch.autograd.Function):
        pass
    F.forward = staticmethod(forward)
    F.backward = staticmethod(backward)
    return F


x = torch.ones(2, 3, requires_grad=True)


class TwoArgs(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, a):
        return x * a

    @staticmethod
    def backward(ctx, g):
        return g


show(lambda: TwoArgs.apply(x, 2).sum().backward())


class WrongShape(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones(3)


show(lambda: WrongShape.apply(x).sum().backward())


class RowGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones(1, 3), None, None


show(lambda: RowGrad.apply(x).sum().backward())
print(x.grad)


# a gradient that broadcasts to the input's shape is summed back, and cast
class Broadcast(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones(4, 2, 3, dtype=torch.float64)


Broadcast.apply(x).sum().backward()
print(x.grad)
x.grad = None


class GradForNumber(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        return x * k

    @staticmethod
    def backward(ctx, g):
        return g, g


show(lambda: GradForNumber.apply(x, 2).sum().backward())


class NotATensor(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return "no"


show(lambda: NotATensor.apply(x).sum().backward())


class SaveNumber(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 3)
        return x * 2


show(lambda: SaveNumber.apply(x))


class MarkNumber(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_non_differentiable(3)
        return x * 2


show(lambda: MarkNumber.apply(x))


def failing_backward(ctx, g):
    check_gradient(g)
    return g


def check_gradient(g):
    raise ValueError("bad gradient " + str(g.shape))


Failing = function(lambda ctx, x: x * 2, failing_backward)
y = Failing.apply(x)
try:
    y.sum().backward()
except ValueError as e:
    print("ValueError:", e, e.args)


class Saves(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 2

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * 2


y = Saves.apply(x)
y.sum().backward(retain_graph=True)
print(x.grad)
y.sum().backward()
print(x.grad)
show(lambda: y.sum().backward())
show(lambda: y.grad_fn.saved_tensors)
print(y.grad_fn.needs_input_grad)


# nothing saved: backward twice is fine
class Plain(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 3

    @staticmethod
    def backward(ctx, g):
        return g * 3


x.grad = None
y = Plain.apply(x)
y.sum().backward()
y.sum().backward()
print(x.grad)
show(lambda: y.grad_fn.saved_tensors)

# saved tensors modified in place after forward
z = x * 1
y = Saves.apply(z)
with torch.no_grad():
    z.add_(1)
show(lambda: y.sum().backward())
