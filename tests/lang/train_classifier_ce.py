# A tutorial-style classifier: an MLP with tanh (then ReLU) trained with Adam
# on cross_entropy, printing every step's loss in full and as :.4f, the
# accuracy, the softmax of a few rows and the final parameters. Bit for bit
# PyTorch 1.13's CPU results with its default capability on x86 (AVX2): its
# products, SLEEF's exp/log/tanh, log_softmax's vector loops and its fused
# backward, nll_loss's cascade, Adam's addcmul/addcdiv.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
X = torch.randn(300, 20)
y = (X[:, 0] * 2 + X[:, 1] - X[:, 2] > 0).long() + (X[:, 3] > 0.5).long()
for act in [nn.Tanh(), nn.ReLU()]:
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(20, 64), act, nn.Linear(64, 3))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    for step in range(100):
        opt.zero_grad()
        out = model(X)
        loss = F.cross_entropy(out, y)
        loss.backward()
        opt.step()
        acc = (out.argmax(1) == y).float().mean()
        print(step, loss.item(), f"{loss.item():.4f}", acc.item())
    with torch.no_grad():
        print(F.softmax(model(X[:4]), 1).tolist())
    for name, p in model.named_parameters():
        print(name, p.flatten()[:6].tolist())
