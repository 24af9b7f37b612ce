# The errors torch.nn raises, with PyTorch's exception types and texts.
import torch
import torch.nn as nn


def show(f):
    try:
        r = f()
        print("no error:", r)
    except Exception as e:
        print(type(e).__name__ + ":", e)


class NoInit(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(1, 1)


class NoInitParam(nn.Module):
    def __init__(self):
        self.w = nn.Parameter(torch.ones(1))


class NoInitBuffer(nn.Module):
    def __init__(self):
        self.register_buffer("b", torch.ones(1))


class NoForward(nn.Module):
    pass


show(NoInit)
show(NoInitParam)
show(NoInitBuffer)
show(lambda: NoForward()(torch.ones(1)))

m = nn.Linear(2, 2)
show(lambda: m.nothing)
show(lambda: setattr(m, "weight", torch.ones(2, 2)))
show(lambda: setattr(m, "weight", 3))
s = nn.Sequential(nn.ReLU())
show(lambda: setattr(s, "0", 5))
m.register_buffer("buf", torch.ones(1))
show(lambda: setattr(m, "buf", [1]))
show(lambda: m.register_buffer("a.b", None))
show(lambda: m.register_buffer("", None))
show(lambda: m.register_buffer("weight", None))
show(lambda: m.register_buffer("x", 3))
show(lambda: m.register_buffer(1, None))
show(lambda: m.register_parameter("a.b", None))
show(lambda: m.register_parameter("", None))
show(lambda: m.register_parameter("in_features", None))
show(lambda: m.register_parameter("x", torch.ones(1)))
show(lambda: m.register_parameter("y", nn.Parameter(torch.ones(1)) * 2))
w = torch.ones(1, requires_grad=True)
show(lambda: m.add_module("x", 3))
show(lambda: m.add_module("a.b", nn.ReLU()))
show(lambda: m.add_module("", nn.ReLU()))
show(lambda: m.add_module("weight", nn.ReLU()))
show(lambda: m.add_module(5, nn.ReLU()))
show(lambda: m.get_submodule("x"))
show(lambda: s.get_submodule("0.x"))
show(lambda: m.get_parameter("in_features"))
show(lambda: m.get_buffer("weight"))
show(lambda: m.train("yes"))
show(lambda: m.to(torch.int64))
show(lambda: s[1])
show(lambda: s[-2])
show(lambda: s["a"])
show(lambda: nn.ModuleList([nn.ReLU()])[3])
show(lambda: nn.Dropout(1.5))
show(lambda: nn.Dropout(-0.1))
show(lambda: s + nn.ReLU())
show(lambda: s * 0)
show(lambda: nn.Sequential().insert(3, nn.ReLU()))
show(lambda: nn.init.calculate_gain("foo"))
show(lambda: nn.init.calculate_gain("leaky_relu", "x"))
show(lambda: nn.init.kaiming_uniform_(torch.empty(3)))
show(lambda: nn.init.kaiming_uniform_(torch.empty(3, 3), mode="fan"))
show(lambda: nn.Parameter(torch.tensor([1, 2])))
show(lambda: nn.LayerNorm(5)(torch.ones(2, 3)))
e = nn.Embedding(10, 3)
show(lambda: e(torch.tensor([10])))
show(lambda: e(torch.tensor([-1])))
show(lambda: e(torch.tensor([1.0])))
show(lambda: nn.BCEWithLogitsLoss()(torch.ones(2), torch.ones(3)))
show(lambda: nn.Linear(3, 2)(torch.ones(2, 4)))
