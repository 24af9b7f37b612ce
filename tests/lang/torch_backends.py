# torch.backends and the float32 matmul precision: the set-up lines of
# PyTorch scripts (TF32 on, cuDNN determinism, "mps" if available) run,
# and allow_tf32 is set_float32_matmul_precision's other face.
import torch

print(torch.get_float32_matmul_precision(), torch.backends.cuda.matmul.allow_tf32)
torch.set_float32_matmul_precision("high")
print(torch.get_float32_matmul_precision(), torch.backends.cuda.matmul.allow_tf32)
torch.backends.cuda.matmul.allow_tf32 = False
print(torch.get_float32_matmul_precision())
torch.set_float32_matmul_precision("medium")
print(torch.backends.cuda.matmul.allow_tf32)
torch.backends.cuda.matmul.allow_tf32 = True
print(torch.get_float32_matmul_precision())
print(torch.set_float32_matmul_precision("highest"))

# CPU products are float32 whatever the setting
a = torch.arange(12.0).reshape(3, 4) / 7
b = torch.arange(8.0).reshape(4, 2) / 3
torch.set_float32_matmul_precision("medium")
print(a @ b)
torch.set_float32_matmul_precision("highest")
print(a @ b)

try:
    torch.set_float32_matmul_precision(3)
except RuntimeError as e:
    print("RuntimeError:", e)

m = torch.backends.cuda.matmul
try:
    m.allow_tf33
except AssertionError as e:
    print("AssertionError:", e)
try:
    m.allow_tf33 = True
except AssertionError as e:
    print("AssertionError:", e)
print(m.allow_fp16_reduced_precision_reduction)
m.allow_fp16_reduced_precision_reduction = False
print(m.allow_fp16_reduced_precision_reduction)

cudnn = torch.backends.cudnn
print(cudnn.enabled, cudnn.benchmark, cudnn.deterministic, cudnn.allow_tf32)
cudnn.deterministic = True
cudnn.benchmark = False
print(torch.backends.cudnn.deterministic, cudnn.is_available(), cudnn.version())
print(torch.backends.mps.is_available(), torch.backends.mps.is_built())
device = "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
print(device)
import torch.backends.cudnn as cd
print(cd.deterministic)
from torch.backends import mps
print(mps.is_available())
