# Small ReLU MLPs trained with AdamW (its default weight_decay, a larger
# one, amsgrad) print PyTorch's losses at every step, as .item() and :.6f,
# and PyTorch's final parameters to the last bit.
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
    return nn.Sequential(nn.Linear(3, 32), nn.ReLU(), nn.Linear(32, 1))


torch.manual_seed(10)
x = torch.randn(128, 3)
y = (x * torch.tensor([0.5, -1.0, 2.0])).sum(1, keepdim=True) + 0.05 * torch.randn(128, 1)


def train(name, model, opt, loss_fn, steps):
    print(name)
    for step in range(steps):
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        print(step, loss.item(), f"{loss.item():.6f}")
    for p in model.parameters():
        print(p.detach().flatten().tolist())


m = mlp(0)
train("adamw mse", m, torch.optim.AdamW(m.parameters(), lr=0.01), nn.MSELoss(), 200)
m = mlp(1)
train("adamw weight_decay 0.1 l1", m, torch.optim.AdamW(m.parameters(), lr=0.01, weight_decay=0.1), nn.L1Loss(), 150)
m = mlp(2)
opt = torch.optim.AdamW(m.parameters(), lr=0.005, betas=(0.85, 0.995), eps=1e-6, weight_decay=0.05, amsgrad=True)
train("adamw amsgrad smooth_l1", m, opt, nn.SmoothL1Loss(beta=0.5), 150)
print(opt.state[m[0].bias]["step"], opt.state[m[0].bias]["max_exp_avg_sq"][:4].tolist())
