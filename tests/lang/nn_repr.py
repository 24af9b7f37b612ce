# Module reprs: layers with extra_repr, nested containers, custom modules,
# and PyTorch's indentation of multi-line children.
from collections import OrderedDict

import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.act = nn.GELU()
        self.norm = nn.LayerNorm(d)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.drop(self.norm(self.act(self.fc(x))))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(100, 8, padding_idx=0)
        self.blocks = nn.Sequential(Block(8), Block(8))
        self.head = nn.Sequential(OrderedDict([("flat", nn.Flatten()), ("out", nn.Linear(8, 2, bias=False))]))
        self.scale = nn.Parameter(torch.ones(1))


class WithExtra(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = nn.Identity()

    def extra_repr(self):
        return "alpha=1,\nbeta=2"


print(Net())
print(WithExtra())
print(nn.Sequential())
print(nn.Linear(3, 4, bias=False))
print(nn.ReLU(inplace=True), nn.ReLU())
print(nn.LeakyReLU(), nn.LeakyReLU(0.2, inplace=True))
print(nn.GELU(approximate="tanh"), nn.Tanh(), nn.Sigmoid())
print(nn.Softmax(dim=1), nn.LogSoftmax(dim=-1), nn.Softmax())
print(nn.Dropout(), nn.Dropout(p=0.25, inplace=True))
print(nn.Flatten(), nn.Flatten(0, 2), nn.Identity(54, unused="x"))
print(nn.Embedding(10, 3), nn.Embedding(10, 3, padding_idx=-1, max_norm=1.0, norm_type=1.0, scale_grad_by_freq=True, sparse=True))
print(nn.LayerNorm(5), nn.LayerNorm([3, 4], eps=1e-6, elementwise_affine=False))
print(nn.MSELoss(), nn.L1Loss(reduction="sum"), nn.CrossEntropyLoss(), nn.NLLLoss(), nn.BCELoss(), nn.BCEWithLogitsLoss())
print(nn.ModuleList([nn.Linear(1, 1), nn.ReLU()]))
print(nn.ModuleDict({"a": nn.Tanh(), "b": nn.Sequential(nn.Linear(2, 2))}))
print(repr(nn.Linear(1, 2)) == str(nn.Linear(1, 2)))
print(type(nn.Linear(1, 1)), type(nn.Sequential()), type(nn.Parameter(torch.ones(1))))
print(nn.Linear(1, 1)._get_name(), type(Net()).__name__)
