import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.rand(10000, 2) * 2 - 1
z = (x[:, 0] ** 2 + x[:, 1] ** 3).unsqueeze(1)
model = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for epoch in range(100):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), z)
    loss.backward()
    opt.step()
print(loss)
