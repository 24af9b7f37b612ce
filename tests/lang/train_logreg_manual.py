# A tutorial's logistic regression written out by hand: sigmoid, the
# log-likelihood with logs, SGD, accuracy; losses with :.6f and in full:
# PyTorch 1.13's output (CPU capability AVX2; one thread).
import torch
torch.set_num_threads(1)
torch.manual_seed(3)
N = 500
X = torch.cat([torch.randn(N // 2, 2) + 2, torch.randn(N // 2, 2) - 2])
y = torch.cat([torch.ones(N // 2), torch.zeros(N // 2)])
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
opt = torch.optim.SGD([w, b], lr=0.5)
for it in range(200):
    p = torch.sigmoid(X @ w + b)
    loss = -(y * torch.log(p + 1e-9) + (1 - y) * torch.log(1 - p + 1e-9)).mean()
    opt.zero_grad(); loss.backward(); opt.step()
    if it % 20 == 0:
        acc = ((p > 0.5).float() == y).float().mean()
        print(it, f"{loss.item():.6f}", loss.item(), acc.item())
print(w.tolist(), b.tolist())
