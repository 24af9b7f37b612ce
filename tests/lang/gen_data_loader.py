# A generator as a data loader: shuffled mini-batches of tensors feeding a
# training loop, and a generator of running averages.
import torch
import torch.nn as nn

torch.manual_seed(0)
X = torch.randn(64, 3)
y = X @ torch.tensor([[1.0], [-2.0], [0.5]]) + 0.1


def batches(X, y, size, shuffle=True):
    n = X.shape[0]
    order = torch.randperm(n) if shuffle else torch.arange(n)
    for start in range(0, n, size):
        idx = order[start:start + size]
        yield X[idx], y[idx]


def running_mean():
    total, count = 0.0, 0
    value = yield
    while True:
        total += value
        count += 1
        value = yield total / count


model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(3):
    avg = running_mean()
    next(avg)
    for xb, yb in batches(X, y, 16):
        opt.zero_grad()
        loss = ((model(xb) - yb) ** 2).mean()
        loss.backward()
        opt.step()
        mean = avg.send(loss.item())
    print(f"epoch {epoch}: mean loss {mean:.4f}")
print(sum(1 for _ in batches(X, y, 10, shuffle=False)))
print([tuple(xb.shape) for xb, _ in batches(X, y, 30, shuffle=False)])
