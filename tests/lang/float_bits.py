# torch.nextafter and torch.frexp against PyTorch 1.13: values bit for bit (edges: zeros, subnormals,
# inf, nan, bfloat16 stepped in its own bits), in-place and method forms, frexp's return type and
# exponent dtype, its gradient and node, nextafter's missing derivative, errors.
import math
import struct
import torch
torch.manual_seed(0)
def bits(t):
    t = t.detach()
    if t.dtype == torch.float64:
        return [struct.pack("<d", v).hex() for v in t.flatten().tolist()]
    return [struct.pack("<f", v).hex() for v in t.float().flatten().tolist()]
E = [0.0, -0.0, 1.0, -1.0, 1e-45, 5e-324, 1e-300, 3.4e38, 1.7e308, float("inf"), float("-inf"), float("nan"), 0.1, -2.5]
for dtype in (torch.float32, torch.float64, torch.bfloat16):
    a = torch.tensor(E, dtype=torch.float64).to(dtype)
    print(dtype, bits(torch.nextafter(a, a.flip(0))), bits(torch.nextafter(a, torch.zeros(1, dtype=dtype))))
    print(bits(torch.nextafter(a, torch.full_like(a, float("inf")))), bits(a.nextafter(torch.full_like(a, float("-inf")))))
    m, e = torch.frexp(a)
    print(bits(m), e.tolist(), e.dtype)
r = torch.randn(1000, dtype=torch.float64) * 1e3
m, e = torch.frexp(r); print(hash(tuple(m.tolist())) & 0xffffff, hash(tuple(e.tolist())) & 0xffffff, (m * torch.exp2(e) == r).all().item())
m, e = r.float().frexp(); print(hash(tuple(m.tolist())) & 0xffffff, hash(tuple(e.tolist())) & 0xffffff)
print(torch.frexp(torch.tensor([8.0, -0.75, 3.0])), torch.frexp(torch.tensor([1.5], dtype=torch.float16)))
b = torch.tensor([1.0, 2.0]); print(b.nextafter_(torch.tensor([2.0, 1.0])), b)
x = torch.tensor([3.0, -0.3, 10.0], dtype=torch.float64, requires_grad=True)
m, e = torch.frexp(x)
(g,) = torch.autograd.grad(m.sum(), x)
print(m.grad_fn.name(), e.requires_grad, g.tolist())
y = torch.nextafter(x, torch.zeros(3, dtype=torch.float64)); print(y.grad_fn.name())
for f in (lambda: y.sum().backward(), lambda: torch.frexp(torch.tensor([1, 2])), lambda: torch.nextafter(b.half(), b.half()),
          lambda: torch.nextafter(torch.tensor([1, 2]), torch.tensor([2, 3])), lambda: torch.nextafter(b, 2.0),
          lambda: torch.nextafter(b, b.double())):
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
