# An LSTM language-model step: 2 layers, hidden 256, sequence 50, batch 32
# (input 128), forward and backward, 5 times after one warm-up.
import time
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.LSTM(128, 256, num_layers=2)
x = torch.randn(50, 32, 128)
out, _ = model(x)
out.sum().backward()
t0 = time.perf_counter()
for _ in range(5):
    model.zero_grad()
    out, (h, c) = model(x)
    out.pow(2).mean().backward()
print(f"seconds {time.perf_counter() - t0:.6f}")
print(f"grad {model.weight_hh_l0.grad.abs().sum().item():.4g}")
