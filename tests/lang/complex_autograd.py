# gradients with respect to complex leaves, in PyTorch's convention (the
# conjugate Wirtinger derivative: for a real loss L of z = x + iy, z.grad
# is dL/dx + i dL/dy), through the complex ops cgrad has.
import torch

torch.manual_seed(5)
z0 = torch.randn(8, dtype=torch.complex128)
w0 = torch.randn(8, dtype=torch.complex128)

def grads(f):
    z = z0.clone().requires_grad_()
    w = w0.clone().requires_grad_()
    f(z, w).backward()
    return z.grad, w.grad

cases = [
    ('|z|^2', lambda z, w: (z.abs() ** 2).sum()),
    ('view_as_real', lambda z, w: torch.view_as_real(z * w).sum()),
    ('|z w|', lambda z, w: (z * w).abs().sum()),
    ('real of z / w', lambda z, w: (z / w).real.sum()),
    ('imag of exp', lambda z, w: z.exp().imag.sum()),
    ('log z * w', lambda z, w: (z.log() * w).real.sum()),
    ('|sqrt z|', lambda z, w: z.sqrt().abs().sum()),
    ('sin, cos', lambda z, w: z.sin().real.sum() + w.cos().imag.sum()),
    ('tanh', lambda z, w: z.tanh().imag.sum()),
    ('reciprocal', lambda z, w: z.reciprocal().real.sum()),
    ('conj', lambda z, w: (z.conj() * w).imag.sum()),
    ('conj_physical', lambda z, w: (torch.conj_physical(z) * w).real.sum()),
    ('neg and sub', lambda z, w: (-z + w - 2 * z).real.sum()),
    ('abs', lambda z, w: z.abs().sum()),
    ('parts', lambda z, w: (z.real * 2 + w.imag).sum()),
    ('mean', lambda z, w: (z * w).mean().abs()),
    ('scalars', lambda z, w: ((z + 1j) * (2 - 1j) / 3).imag.sum()),
]
for name, f in cases:
    gz, gw = grads(f)
    print(name, gz, gw)

# a real leaf through complex ops gets a real gradient
x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
(x * (1 + 2j)).abs().sum().backward()
print(x.grad)
x = torch.tensor([[1.0, 2.0], [3.0, -1.0]], requires_grad=True)
c = torch.view_as_complex(x)
(c * c).real.sum().backward()
print(x.grad, c.grad_fn.name(), torch.view_as_real(c).grad_fn.name())

# graphs and leaves
z = torch.randn(3, dtype=torch.complex64, requires_grad=True)
print(z.requires_grad, z.is_leaf, (z * z).grad_fn.name(), z.abs().grad_fn.name(), z.conj().grad_fn.name(),
      z.real.grad_fn.name(), z.sum().grad_fn.name())
y = (z * z).sum()
y.backward()
print(y.dtype, torch.allclose(z.grad, 2 * z.detach().conj()))
print(torch.zeros(2, dtype=torch.complex64, requires_grad=True))

# products: grad @ other^H and self^H @ grad
torch.manual_seed(0)
A = torch.randn(3, 4, dtype=torch.complex64, requires_grad=True)
B = torch.randn(4, 5, dtype=torch.complex64, requires_grad=True)
V = torch.randn(4, dtype=torch.complex64, requires_grad=True)
(A @ B).abs().sum().backward()
print(A.grad, B.grad)
(A.detach() @ V).real.sum().backward()
print(V.grad)
X = torch.randn(2, 3, 4, dtype=torch.complex128, requires_grad=True)
torch.view_as_real(X @ X.detach().transpose(1, 2)).sum().backward()
print(X.grad)

# complex and polar: the parts' gradients
a = torch.tensor([2.0, 1, 0], requires_grad=True)
b = torch.tensor([0.5, 3.0, 1], requires_grad=True)
p = torch.polar(a, b)
print(p.grad_fn.name())
(p * torch.tensor([1 + 2j, 3 - 1j, 2j])).real.sum().backward()
print(a.grad, b.grad)
a.grad = None
b.grad = None
c = torch.complex(a, b)
print(c.grad_fn.name())
(c * c).imag.sum().backward()
print(a.grad, b.grad)
