# A tutorial's classifier: Linear/BatchNorm1d/ReLU/Dropout layers fed by a
# shuffling DataLoader, SGD with momentum and weight decay, StepLR, accuracy
# in eval mode; losses with :.6f, final weights and running statistics in
# full: PyTorch 1.13's output (CPU capability AVX2; one thread).
import torch, torch.nn as nn, torch.nn.functional as F
torch.set_num_threads(1)
from torch.utils.data import TensorDataset, DataLoader
torch.manual_seed(42)
N = 1000
X = torch.randn(N, 20)
w = torch.randn(20, 1)
y = (X @ w + 0.1 * torch.randn(N, 1) > 0).float().squeeze(1).long()
ds = TensorDataset(X, y)
dl = DataLoader(ds, batch_size=64, shuffle=True)
model = nn.Sequential(nn.Linear(20, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Dropout(0.2), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=1e-4)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
for epoch in range(15):
    model.train()
    tot = 0.0
    for xb, yb in dl:
        opt.zero_grad()
        loss = F.cross_entropy(model(xb), yb)
        loss.backward()
        opt.step()
        tot += loss.item() * xb.size(0)
    sched.step()
    model.eval()
    with torch.no_grad():
        acc = (model(X).argmax(1) == y).float().mean().item()
    print(f"epoch {epoch} loss {tot / N:.6f} acc {acc:.4f} lr {sched.get_last_lr()[0]}")
print(model[0].weight[0, :5].tolist())
print(model[1].running_mean[:4].tolist(), model[1].running_var[:4].tolist())
