# The seed workload of issue 3: fit z = x^2 + y^3 with a small MLP.
import time
import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.rand(10000, 2) * 2 - 1
z = (x[:, 0] ** 2 + x[:, 1] ** 3).unsqueeze(1)
model = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
loss_fn = nn.MSELoss()
t0 = time.perf_counter()
for epoch in range(200):
    opt.zero_grad()
    loss = loss_fn(model(x), z)
    loss.backward()
    opt.step()
    if epoch == 0:
        first = loss.item()
print(f"seconds {time.perf_counter() - t0:.6f}")
print(f"first loss {first:.4g}, final loss {loss.item():.2g}")
