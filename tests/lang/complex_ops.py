# complex arithmetic, as PyTorch computes it: sums, products, quotients,
# conj, abs, the C library's functions, comparisons, reductions. Lengths
# are multiples of 8: PyTorch's scalar path (the tail of a run and
# one-element tensors) may round the last bit otherwise, and sums are
# shown to print precision, since PyTorch sums both parts in one complex
# accumulator (docs/language.md).
import torch

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

def bits(t):
    return torch.view_as_real(t.resolve_conj()).flatten().tolist() if t.is_complex() else t.flatten().tolist()

torch.manual_seed(3)
for dt in (torch.complex64, torch.complex128):
    a = torch.randn(32, dtype=dt) * 3
    b = torch.randn(32, dtype=dt)
    print(dt)
    for name, f in [('add', lambda: a + b), ('sub', lambda: a - b), ('mul', lambda: a * b), ('div', lambda: a / b),
                    ('neg', lambda: -a), ('alpha', lambda: torch.add(a, b, alpha=2)), ('sub alpha', lambda: torch.sub(a, b, alpha=-3)),
                    ('scalar', lambda: a * 2.5 + 1j), ('rdiv', lambda: 1 / a), ('abs', lambda: a.abs()),
                    ('conj', lambda: a.conj()), ('conj_physical', lambda: torch.conj_physical(a)),
                    ('sqrt', lambda: a.sqrt()), ('log', lambda: a.log()), ('cos', lambda: a.cos()), ('tanh', lambda: a.tanh()),
                    ('eq', lambda: a == b), ('ne', lambda: a != a.conj())]:
        print(name, bits(f()))
    print(a.sum(), a.view(4, 8).mean(0), a.view(4, 8).sum(1))

z = torch.tensor([1 + 2j, -3 - 0.5j, 0j, 2.5j])
print(z + 1, z * 2, z - z, z / 2, z + torch.ones(4, dtype=torch.int64), z * torch.tensor([True, False, True, True]))
print(torch.ones(4) * z, torch.ones(4, dtype=torch.float64) + z, torch.tensor(2.0, dtype=torch.float64) * z)
print(z.abs(), torch.abs(z.to(torch.complex128)), abs(z), z.abs().dtype)
print(z.exp(), z.sin(), z.reciprocal())
print(z == z.conj(), z != 0, torch.eq(z, 0j), z.conj(), z.is_conj(), z.resolve_conj(), z.resolve_neg())
x = torch.tensor([1.5, -2.0])
print(x.conj() is x, torch.conj_physical(x) is x, x.resolve_conj() is x)
w = z.clone()
w += 1j
w *= 2
w /= torch.tensor(1 - 1j)
w -= torch.ones(4)
print(w)
y = torch.zeros(4)
attempt(lambda: y.add_(z))
attempt(lambda: torch.ones(4, dtype=torch.int64).mul_(z))
m = torch.arange(12.0).view(2, 3, 2)
c = torch.view_as_complex(m)
print(c.sum(), c.sum(0), c.sum(-1, keepdim=True), c.mean(), c.mean(1), c.sum((0, 1)), torch.sum(c, dim=1))

# refusals: ordering comparisons and the kernels written for real dtypes only
for f in (lambda: z < z, lambda: z >= 1, lambda: z.max(), lambda: z.min(), lambda: z.argmax(), lambda: z.relu(),
          lambda: torch.softmax(z, 0), lambda: z.remainder(2), lambda: z.sign(), lambda: z.abs_(),
          lambda: z.floor_divide(2), lambda: z.erf(), lambda: torch.maximum(z, z), lambda: torch.minimum(z, z),
          lambda: torch.clamp(z, 0, 1), lambda: torch.arange(3, dtype=torch.complex64)):
    attempt(f)

# indexing, selection and joins move complex elements whole
z = torch.tensor([[1 + 2j, -3 - 0.5j], [0.5j, 0]])
o = torch.tensor([[1 - 1j, 2], [3j, 1]])
print(z[0], z[:, 1], z[torch.tensor([1, 0])], z[z.real > 0], z.t().contiguous(), z.repeat(1, 2))
print(torch.cat([z, o]), torch.stack([z, o], 1), torch.where(z != 0, z, o), z.masked_fill(z == 0, 5j))
print(z.index_select(1, torch.tensor([1, 1, 0])), z.gather(1, torch.tensor([[1], [0]])), torch.nonzero(z))
w = z.clone()
w[0, 0] = 7 - 1j
w[1] = torch.tensor([1j, 2j])
w[torch.tensor([0, 0]), torch.tensor([1, 1])] += 1
print(w, w.index_put((torch.tensor([1]),), torch.tensor(9j), accumulate=True))
print(torch.allclose(z, z.clone()), torch.equal(z, o), z.expand(3, 2, 2).sum(0), z.flatten(), z.unsqueeze(0).shape)
zg = z.clone().requires_grad_()
(zg[torch.tensor([1, 0, 1])] * o[0].conj()).abs().sum().backward()
print(zg.grad)

# products by cgemm/zgemm: PyTorch's BLAS calls, so its bits
torch.manual_seed(0)
a = torch.randn(3, 4, dtype=torch.complex64)
b = torch.randn(4, 5, dtype=torch.complex64)
print(bits(a @ b))
print(bits(torch.mm(a.to(torch.complex128), b.to(torch.complex128))))
print(bits(a.t().contiguous().t() @ b), bits(a @ b.t().contiguous().t()))
x = torch.randn(2, 3, 40, dtype=torch.complex64)
y = torch.randn(2, 40, 6, dtype=torch.complex64)
print(bits(torch.bmm(x, y)))
v = torch.randn(4, dtype=torch.complex64)
print(a @ v, torch.addmm(torch.ones(3, 5, dtype=torch.complex64), a, b, beta=0.5, alpha=2))
print(torch.zeros(3, 0, dtype=torch.cfloat) @ torch.zeros(0, 2, dtype=torch.cfloat))
attempt(lambda: a @ b.real)
