# A CNN training step as an MNIST notebook runs it: batch 64 of 1x28x28,
# conv-bn-relu-pool twice, a linear head, cross entropy, SGD; 20 steps.
import time
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(64, 1, 28, 28)
y = torch.randint(0, 10, (64,))
model = nn.Sequential(
    nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(32 * 7 * 7, 10))
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
t0 = time.perf_counter()
for step in range(20):
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    if step == 0:
        first = loss.item()
print(f"seconds {time.perf_counter() - t0:.6f}")
print(f"first loss {first:.4g}, final loss {loss.item():.2g}")
