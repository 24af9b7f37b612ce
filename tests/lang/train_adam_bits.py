# Small ReLU MLPs trained with Adam (plain, weight_decay, amsgrad, maximize
# on a negated loss) print PyTorch's losses at every step, as .item() and
# :.6f, and PyTorch's final parameters to the last bit.
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
    return nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 8), nn.ReLU(), nn.Linear(8, 1))


def data(seed, n=64):
    torch.manual_seed(seed)
    x = torch.randn(n, 4)
    y = x[:, :1] * x[:, 1:2] - 0.5 * x[:, 2:3] + 0.1 * torch.randn(n, 1)
    return x, y


def train(name, model, opt, loss_fn, steps, sign=1.0):
    print(name)
    x, y = data(1)
    for step in range(steps):
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        (sign * loss).backward()
        opt.step()
        print(step, loss.item(), f"{loss.item():.6f}")
    for p in model.parameters():
        print(p.detach().flatten().tolist())


m = mlp(0)
train("adam mse", m, torch.optim.Adam(m.parameters(), lr=0.01), nn.MSELoss(), 200)
m = mlp(2)
train("adam l1 weight_decay", m, torch.optim.Adam(m.parameters(), lr=0.005, weight_decay=0.01), nn.L1Loss(), 150)
m = mlp(3)
train("adam amsgrad smooth_l1", m, torch.optim.Adam(m.parameters(), lr=0.02, betas=(0.8, 0.99), amsgrad=True),
      nn.SmoothL1Loss(), 150)
m = mlp(4)
opt = torch.optim.Adam(m.parameters(), lr=0.003, maximize=True)
train("adam maximize", m, opt, nn.MSELoss(), 100, sign=-1.0)
print(opt.state[m[0].weight]["step"])
