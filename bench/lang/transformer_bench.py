# A transformer encoder training step: 4 layers, d_model 256, 8 heads,
# feed-forward 1024, sequence 128, batch 16 (batch_first), forward and
# backward, 3 times after one warm-up.
import time
import torch
import torch.nn as nn

torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(256, 8, dim_feedforward=1024, dropout=0.0, batch_first=True)
model = nn.TransformerEncoder(layer, num_layers=4)
x = torch.randn(16, 128, 256)
model(x).sum().backward()
t0 = time.perf_counter()
for _ in range(3):
    model.zero_grad()
    model(x).pow(2).mean().backward()
print(f"seconds {time.perf_counter() - t0:.6f}")
print(f"grad {model.layers[0].linear1.weight.grad.abs().sum().item():.4g}")
