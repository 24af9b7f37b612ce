# The decoder half of a U-Net or a GAN generator: ConvTranspose2d
# [16, 64, 32, 32] -> 32 channels (k4 s2 p1) forward and backward, 3 times,
# and bilinear F.interpolate x2 of [16, 64, 64, 64] forward and backward,
# 3 times. Prints the two parts' times and their sum.
import time
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
deconv = nn.ConvTranspose2d(64, 32, 4, stride=2, padding=1)
x = torch.randn(16, 64, 32, 32, requires_grad=True)
img = torch.randn(16, 64, 64, 64, requires_grad=True)
deconv(x).sum().backward()  # warm-up
t0 = time.perf_counter()
for _ in range(3):
    y = deconv(x)
    y.backward(torch.ones_like(y))
t1 = time.perf_counter()
for _ in range(3):
    z = F.interpolate(img, scale_factor=2, mode='bilinear')
    z.backward(torch.ones_like(z))
t2 = time.perf_counter()
print(f"seconds {t2 - t0:.6f}")
print(f"conv_transpose2d {t1 - t0:.3f} s, bilinear {t2 - t1:.3f} s")
