# train()/eval() and what depends on them (Dropout), zero_grad, apply,
# requires_grad_, and conversions (double, float, to, cpu).
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5), nn.Sequential(nn.ReLU(), nn.Dropout()))
print(model.training, [m.training for m in model.modules()])
r = model.eval()
print(r is model, model.training, [m.training for m in model.modules()])
model.train()
print([m.training for m in model.modules()])
model[2].eval()
print([m.training for m in model.modules()])
model.train(False)
print(model.training)

drop = nn.Dropout(0.5)
x = torch.ones(2, 8)
print(drop(x))
print(drop(x))
drop.eval()
print(drop(x), drop(x) is x)
drop.train()
print(nn.Dropout(0.0)(x).sum(), nn.Dropout(1.0)(x).sum())
t = torch.ones(6)
nn.Dropout(0.5, inplace=True)(t)
print(t)

# zero_grad keeps the grad tensors (set_to_none=False in 1.13)
lin = nn.Linear(3, 1)
lin(torch.ones(2, 3)).sum().backward()
print(lin.weight.grad, lin.bias.grad)
g = lin.weight.grad
lin.zero_grad()
print(lin.weight.grad, lin.weight.grad is g)
lin.zero_grad(set_to_none=True)
print(lin.weight.grad, lin.bias.grad)
lin.zero_grad()
print(lin.weight.grad)

# apply visits children first, then the module
names = []
model.apply(lambda m: names.append(type(m).__name__))
print(names)


def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.constant_(m.weight, 0.5)
        nn.init.zeros_(m.bias)


net = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
print(net.apply(init_weights) is net)
print(net[0].weight, net[2].bias)

# requires_grad_
net.requires_grad_(False)
print([p.requires_grad for p in net.parameters()])
net[0].requires_grad_()
print([p.requires_grad for p in net.parameters()])

# conversions keep the Parameter objects
w = net[0].weight
net.double()
print(net[0].weight.dtype, net[0].weight is w, type(net[0].weight).__name__, net[0].weight.requires_grad)
print(net(torch.ones(1, 2, dtype=torch.float64)))
net.float()
print(net[0].weight.dtype, net[0].weight is w)
print(net.to(torch.float64)[2].bias.dtype, net.to("cpu") is net, net.to(dtype=torch.float32)[2].bias.dtype)
print(net.to(torch.zeros(1, dtype=torch.float64))[0].weight.dtype)
print(net.cpu() is net, net[0].weight.device)
lin = nn.Linear(2, 1)
lin(torch.ones(1, 2)).sum().backward()
lin.double()
print(lin.weight.grad.dtype, lin.weight.dtype)
buf = nn.BCEWithLogitsLoss(pos_weight=torch.ones(2))
print(buf.double().pos_weight.dtype)
