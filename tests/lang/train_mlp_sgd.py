# A tutorial-style regression: an MLP trained with SGD (momentum, then
# nesterov with weight decay) on MSELoss, printing every step's loss in full
# and as :.6f, and the final parameters. Bit for bit PyTorch 1.13's CPU
# results with its default capability on x86 (AVX2): its products (one
# OpenBLAS call each), sums in its cascade order, add with alpha as one FMA.
import torch
import torch.nn as nn

torch.manual_seed(0)
X = torch.randn(256, 10)
w_true = torch.randn(10, 1)
y = X @ w_true + 0.1 * torch.randn(256, 1)

for opt_kw in [dict(lr=0.01, momentum=0.9), dict(lr=0.01, momentum=0.9, nesterov=True, weight_decay=1e-3)]:
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), **opt_kw)
    loss_fn = nn.MSELoss()
    for step in range(150):
        opt.zero_grad()
        loss = loss_fn(model(X), y)
        loss.backward()
        opt.step()
        print(step, loss.item(), f"{loss.item():.6f}")
    for name, p in model.named_parameters():
        print(name, p.flatten()[:8].tolist())
