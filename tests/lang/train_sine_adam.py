# A tutorial's curve fit: a tanh MLP fitted to a noisy sine with Adam and
# clip_grad_norm_, its MSE loss printed with :.6f and in full every 20
# steps, then the last layer's weights in full: PyTorch 1.13's output
# (CPU capability AVX2; one thread).
import torch, torch.nn as nn
torch.set_num_threads(1)
torch.manual_seed(0)
x = torch.linspace(-3, 3, 200).unsqueeze(1)
y = torch.sin(x) + 0.1 * torch.randn_like(x)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(1, 50); self.l2 = nn.Linear(50, 50); self.l3 = nn.Linear(50, 1)
    def forward(self, x):
        return self.l3(torch.tanh(self.l2(torch.tanh(self.l1(x)))))
net = Net()
opt = torch.optim.Adam(net.parameters(), lr=0.01)
lossf = nn.MSELoss()
for step in range(300):
    pred = net(x)
    loss = lossf(pred, y)
    opt.zero_grad(); loss.backward()
    torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
    opt.step()
    if step % 20 == 0:
        print(step, f"{loss.item():.6f}", loss.item())
print(net.l3.weight.flatten()[:5].tolist())
