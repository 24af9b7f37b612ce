# Tensor attributes beyond shape and dtype: layout, names, the is_* flags,
# H/mH, volatile's warning; torch.layout and the constants; dir() lists
# what getattr answers.
import math
import warnings
import torch

x = torch.arange(6.0).reshape(2, 3)
print(x.layout, type(x.layout).__name__, x.layout == torch.strided, x.layout is torch.strided)
print(sorted(n for n in dir(torch) if isinstance(getattr(torch, n), torch.layout)))
print(repr(torch.sparse_coo), repr(torch.sparse_csr), torch.strided != torch.sparse_coo)
print({torch.strided: 1}[torch.strided])
try:
    torch.layout()
except TypeError as e:
    print("TypeError", e)
try:
    torch.memory_format()
except TypeError as e:
    print("TypeError", e)

print(x.names, torch.tensor(1.0).names, torch.zeros(1, 2, 3).names)
print(x.is_cpu, x.is_meta, x.is_quantized, x.is_mkldnn, x.is_sparse, x.is_sparse_csr, x.is_nested)
print(x.is_ipu, x.is_xpu, x.is_vulkan, x.is_mps, x.is_ort, x.is_cuda)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(x.volatile)
    print([(c.category.__name__, str(c.message)) for c in w])

print(x.H)
print(x.mH.shape, torch.zeros(4, 2, 3).mH.shape)
a = torch.randn(2, 3, requires_grad=True)
print(type(a.H.grad_fn).__name__, type(a.mH.grad_fn).__name__)
a.H.sum().backward()
print(a.grad)
for t, attr in [(torch.ones(3), "H"), (torch.ones(2, 2, 2), "H"), (torch.ones(3), "mH"), (torch.ones(3), "mT")]:
    try:
        getattr(t, attr)
    except RuntimeError as e:
        print("RuntimeError", e)

d = dir(torch.Tensor)
print([n for n in ["shape", "dtype", "device", "grad", "grad_fn", "requires_grad", "is_leaf", "data", "T", "mT",
                   "H", "mH", "real", "imag", "ndim", "layout", "names", "is_cpu", "is_cuda", "output_nr",
                   "retains_grad", "volatile"] if n not in d])
print("shape" in dir(x), "layout" in dir(torch.ones(1)))

print(torch.e == math.e, torch.pi == math.pi, torch.inf, torch.nan, math.isnan(torch.nan), -torch.inf)
print(torch.full((2,), torch.pi))
