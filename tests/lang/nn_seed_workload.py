# The seed workload: fit z = x^2 + y^3 on 10,000 random points with a small
# MLP, Adam and MSELoss, 200 full-batch epochs.
import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.rand(10000, 2) * 2 - 1
z = (x[:, 0] ** 2 + x[:, 1] ** 3).unsqueeze(1)

model = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
loss_fn = nn.MSELoss()

first = None
for epoch in range(200):
    optimizer.zero_grad()
    loss = loss_fn(model(x), z)
    loss.backward()
    optimizer.step()
    if first is None:
        first = loss.item()
final = loss.item()
print(f"first loss {first:.4g}")
print(f"final loss {final:.2g}")
print("below 0.05:", final < 0.05)
