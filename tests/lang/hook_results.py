# A tensor hook must give back a gradient of the type and size it was
# given, and a custom Function as many gradients as it has inputs, as
# PyTorch checks (issue 19, item 8).
import torch


def widen(g):
    return torch.ones(4)


cases = [
    ('size', lambda g: torch.ones(4)),
    ('named size', widen),
    ('dtype', lambda g: torch.ones(3, dtype=torch.float64)),
    ('shape', lambda g: g.reshape(3, 1)),
    ('same', lambda g: g * 10),
    ('none', lambda g: None),
]
for label, hook in cases:
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    y.register_hook(hook)
    try:
        y.sum().backward()
        print(label, x.grad)
    except RuntimeError as e:
        print(label, type(e).__name__, e)


class TooMany(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return g, g


class WrongShape(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones(5)


for fn in (TooMany, WrongShape):
    x = torch.ones(3, requires_grad=True)
    try:
        fn.apply(x).sum().backward()
    except RuntimeError as e:
        print(fn.__name__, e)
