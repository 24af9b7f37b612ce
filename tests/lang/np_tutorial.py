# A tutorial-style program: data made and normalised with numpy, a model trained in torch
# on torch.from_numpy, metrics back in numpy. Prints what numpy 1.24 and PyTorch 1.13 print.
import numpy as np
import torch
import torch.nn as nn

# data as numpy arrays, as tutorials make it
X = np.linspace(-3, 3, 200).reshape(-1, 1)
y = np.sin(X) * 0.5 + 0.1 * np.cos(5 * X)
print(X.shape, y.shape, X.dtype, y.mean().round(6), y.std().round(6))
Xn = (X - X.mean(axis=0)) / X.std(axis=0)
print(Xn[:3].ravel(), Xn.min(), Xn.max())
idx = np.arange(len(Xn))
train = idx % 5 != 0
Xtr, ytr, Xte, yte = Xn[train], y[train], Xn[~train], y[~train]
print(Xtr.shape, Xte.shape)
Xt = torch.from_numpy(Xtr).float()
yt = torch.from_numpy(ytr).float()
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.05)
losses = []
for epoch in range(60):
    opt.zero_grad()
    loss = ((model(Xt) - yt) ** 2).mean()
    loss.backward()
    opt.step()
    losses.append(loss.item())
losses = np.array(losses)
print(losses[::10].round(5), np.argmin(losses), losses.min().round(6))
with torch.no_grad():
    pred = model(torch.tensor(Xte, dtype=torch.float32)).numpy()
err = pred - yte
print(pred.dtype, err.shape, np.abs(err).mean().round(4), np.sqrt((err ** 2).mean()).round(4))
print(np.corrcoef(pred.ravel(), yte.ravel())[0, 1].round(4))
hist, edges = np.histogram(err, bins=5)
print(hist, edges.round(4))
print(np.percentile(np.abs(err), [50, 90]).round(4))
w = model[0].weight.detach().numpy()
print(w.shape, w.dtype, np.round(w[:3, 0], 4), type(w.sum()).__name__)
acc = np.mean((pred > 0) == (yte > 0))
print(f"sign accuracy {acc:.3f}", f"{losses[-1]:.6f}")
print(np.array2string(pred[:4].ravel(), precision=3), np.argsort(-np.abs(err.ravel()))[:5])
