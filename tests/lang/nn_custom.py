# Custom modules as people write them: constructor arguments, Parameters
# built from tensors, plain lists (not registered) beside ModuleLists,
# forward with several inputs, keyword arguments and tuple outputs,
# submodule reuse, and class attributes.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Affine(nn.Module):
    def __init__(self, n, scale=1.0):
        super().__init__()
        self.w = nn.Parameter(torch.full((n,), scale))
        self.b = nn.Parameter(torch.zeros(n))

    def forward(self, x):
        return x * self.w + self.b

    def extra_repr(self):
        return f"n={self.w.shape[0]}"


class TwoHeads(nn.Module):
    kind = "two-headed"

    def __init__(self, d_in, d_hidden=8, heads=("mean", "logvar")):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(d_in, d_hidden), nn.Tanh())
        self.heads = nn.ModuleList([nn.Linear(d_hidden, 1) for _ in heads])
        self.names = list(heads)
        self.plain = [nn.Linear(1, 1)]  # a plain list is not registered
        self.affine = Affine(1, scale=2.0)

    def forward(self, x, mask=None, *, detach=False):
        h = self.trunk(x)
        if mask is not None:
            h = h * mask
        if detach:
            h = h.detach()
        outs = tuple(self.affine(head(h)) for head in self.heads)
        return outs


torch.manual_seed(0)
model = TwoHeads(3)
print(model)
print(TwoHeads.kind, model.kind, model.names)
print([n for n, _ in model.named_parameters()])
print(len(list(model.parameters())), sum(p.numel() for p in model.parameters() if p.requires_grad))
x = torch.randn(4, 3)
mean, logvar = model(x)
print(mean.shape, logvar.shape, mean.grad_fn.name())
m2, _ = model(x, mask=torch.zeros(1, 8))
print(m2.squeeze())
m3, _ = model(x, detach=True)
print(m3.requires_grad)
loss = F.mse_loss(mean, torch.zeros(4, 1)) + logvar.exp().mean()
loss.backward()
print(model.affine.w.grad, model.heads[1].bias.grad)
print(model.plain[0].weight.grad)

lin = nn.Linear(2, 1)
print(list(lin.parameters()))
print(dict(lin.named_parameters())["bias"].shape)


class Empty(nn.Module):
    def forward(self):
        return 42


print(Empty(), Empty()(), repr(Empty()))


class Recursive(nn.Module):
    def __init__(self, depth):
        super().__init__()
        self.child = Recursive(depth - 1) if depth > 0 else None
        self.leaf = nn.Linear(1, 1) if depth == 0 else nn.Identity()


r = Recursive(2)
print(r)
print([n for n, _ in r.named_modules()], [n for n, _ in r.named_parameters()])
print(r.child.child.child)
