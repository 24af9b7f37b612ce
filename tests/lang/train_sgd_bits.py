# Small ReLU MLPs trained with SGD (plain, momentum with dampening,
# Nesterov with weight_decay, maximize on a negated loss) print PyTorch's
# losses at every step, as .item() and :.6f, and PyTorch's final parameters
# to the last bit.
# Expects PyTorch 1.13's results on a CPU where it reports "CPU capability
# usage: AVX2" (its kernels sum in 8-lane vectors and fuse multiply-adds
# there; another capability gives other last bits).
# The batches hold a power-of-two number of elements: smooth_l1_loss's
# derivative scales by 1/numel, which PyTorch rounds as
# (1/numel) * (d/beta or +-1) * grad and cgrad does not yet (exact alike
# when numel is a power of two).
import torch
import torch.nn as nn


def mlp(seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(5, 24), nn.ReLU(), nn.Linear(24, 12), nn.ReLU(), nn.Linear(12, 2))


torch.manual_seed(20)
x = torch.randn(64, 5)
y = torch.cat([x[:, :1] - x[:, 1:2] * x[:, 2:3], x[:, 3:4] * 0.3 + x[:, 4:5]], 1)


def train(name, model, opt, loss_fn, steps, sign=1.0):
    print(name)
    for step in range(steps):
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        (sign * loss).backward()
        opt.step()
        print(step, loss.item(), f"{loss.item():.6f}")
    for p in model.parameters():
        print(p.detach().flatten().tolist())


m = mlp(0)
train("sgd mse", m, torch.optim.SGD(m.parameters(), lr=0.05), nn.MSELoss(), 200)
m = mlp(1)
train("sgd momentum dampening l1", m, torch.optim.SGD(m.parameters(), lr=0.02, momentum=0.9, dampening=0.1),
      nn.L1Loss(), 150)
m = mlp(2)
opt = torch.optim.SGD(m.parameters(), lr=0.03, momentum=0.8, nesterov=True, weight_decay=0.001)
train("sgd nesterov weight_decay smooth_l1", m, opt, nn.SmoothL1Loss(), 150)
m = mlp(3)
train("sgd maximize", m, torch.optim.SGD(m.parameters(), lr=0.01, momentum=0.5, maximize=True), nn.MSELoss(), 100,
      sign=-1.0)
