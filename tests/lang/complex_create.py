# complex tensors: creation, casts both ways, item/tolist, printing, and
# the views between a complex tensor and its parts.
import torch

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

t = torch.tensor([1 + 2j, 3])
print(t, t.dtype, t.tolist(), t[0].item(), type(t[1].item()))
print(torch.tensor([[1, 2.5], [1j, -0.5j]]))
print(torch.tensor([1 + 2j, 3 - 1j], dtype=torch.complex128))
print(torch.tensor([1.5, 2], dtype=torch.cfloat))
print(torch.tensor(2 + 3j), torch.tensor(2 + 3j).item())
for f in (torch.zeros, torch.ones):
    print(f(2, 3, dtype=torch.complex64))
    print(f(2, dtype=torch.complex128))
print(torch.empty(2, 2, dtype=torch.cfloat).shape)
print(torch.full((3,), 1 - 2j), torch.full((2,), 1.5, dtype=torch.cdouble))
print(torch.zeros_like(t), torch.ones_like(t, dtype=torch.cdouble))
attempt(lambda: torch.arange(3, dtype=torch.complex64))
torch.manual_seed(0)
print(torch.randn(4, dtype=torch.complex64))
print(torch.randn(2, 3, dtype=torch.complex128))
print(torch.view_as_real(torch.randn(40, dtype=torch.cfloat)).flatten().tolist()[-4:])
attempt(lambda: torch.randn(2, dtype=torch.complex64, requires_grad=True).requires_grad)

# casts: real to complex keeps the value; complex to real drops the
# imaginary part with PyTorch's warning
for d in (torch.bool, torch.uint8, torch.int32, torch.int64, torch.float16, torch.float32, torch.float64):
    print(d, torch.tensor([0, 1, 2], dtype=d).to(torch.complex64), torch.tensor([1, 0], dtype=d).to(torch.cdouble).tolist())
z = torch.tensor([1.7 - 2j, -3.2 + 0.5j, 0.5j])
print(z.to(torch.float32), z.double(), z.long(), z.bool(), z.half())
print(z.to(torch.complex128), z.to(torch.complex128).to(torch.complex64))
print(torch.zeros(3).copy_(z))

# printing: modes, widths, signs, summarising, suffixes
print(torch.tensor([1e10 + 1j, 1]))
print(torch.tensor([1e-5 + 100j, 2.5 - 3j]))
print(torch.tensor([float('nan') + 1j, complex(1, float('inf')), -0.0 - 0.0j, complex(-float('inf'), 2)]))
print(torch.tensor([[0.1 + 123.25j, -7 - 1j], [2j, 3]]))
print(torch.full((30,), 1.2345 + 2j))
print(torch.full((1500,), 1 - 2j, dtype=torch.cdouble))
print(torch.tensor([], dtype=torch.complex64), torch.zeros(0, 2, dtype=torch.cdouble))
print(torch.tensor([1 + 1j]).requires_grad_())
print(repr(torch.tensor(-1.5j, dtype=torch.cdouble)))

# views: view_as_real / view_as_complex share memory; real and imag
z = torch.tensor([1 + 2j, 3 - 4j])
r = torch.view_as_real(z)
print(r, r.dtype, r.shape, r.stride())
r[0, 1] = 7
print(z)
print(z.real, z.imag, z.real.stride(), z.imag.storage_offset(), z.real._base is z)
z.imag[1] = 0.5
print(z)
z.real = torch.tensor([9.0, 8.0])
z.imag = 0
print(z, torch.real(z), torch.imag(z))
x = torch.ones(2)
print(x.real is x, torch.real(x) is x)
c = torch.view_as_complex(torch.arange(6.0).view(3, 2))
print(c, torch.view_as_complex(torch.arange(8.0, dtype=torch.float64).view(2, 2, 2)))
print(torch.view_as_real(torch.zeros(2, 3, dtype=torch.cdouble).t()).stride())
attempt(lambda: torch.view_as_real(torch.ones(2)))
attempt(lambda: torch.view_as_complex(torch.ones(2, dtype=torch.int32)))
attempt(lambda: torch.view_as_complex(torch.ones(2, 3)))
attempt(lambda: torch.view_as_complex(torch.ones(3, 2).t()))
attempt(lambda: torch.view_as_complex(torch.ones(3, 4)[:, 1:3]))
attempt(lambda: torch.view_as_complex(torch.ones(7)[1:].view(3, 2)))
attempt(lambda: torch.view_as_complex(torch.ones(4, 2)[::3].contiguous()[:, :1]))
attempt(lambda: torch.view_as_complex(torch.ones(0, 2)))
attempt(lambda: torch.ones(2).imag)
attempt(lambda: torch.imag(torch.ones(2)))

# torch.complex and torch.polar: complex tensors made of real ones
print(torch.complex(torch.ones(2, 1), torch.tensor([1.0, 2, 3])))
print(torch.polar(torch.tensor([2.0, 1]), torch.tensor([0.5, 3.14159])))
print(torch.polar(torch.tensor([2.0, 1, 0], dtype=torch.float64), torch.tensor([0.5, 3.14159, 1], dtype=torch.float64)))
torch.manual_seed(0)
x, y = torch.randn(16), torch.randn(16)
print(torch.view_as_real(torch.polar(x.abs(), y)).flatten().tolist())
print(torch.view_as_real(torch.complex(x, y)).flatten().tolist() == torch.stack([x, y], 1).flatten().tolist())
attempt(lambda: torch.complex(torch.ones(2), torch.ones(2, dtype=torch.float64)))
attempt(lambda: torch.complex(torch.ones(2, dtype=torch.int64), torch.ones(2, dtype=torch.int64)))
attempt(lambda: torch.polar(torch.ones(2, dtype=torch.int64), torch.ones(2, dtype=torch.int64)))

# checkpoints: torch.save writes PyTorch's bytes (ComplexFloatStorage, ...)
import io, pickle, hashlib
z = torch.tensor([1 + 2j, 3 - 1j])
buf = io.BytesIO()
torch.save({'z': z, 'w': torch.tensor([[0.5j, -1]], dtype=torch.complex128), 'r': z.real.clone()}, buf)
print(len(buf.getvalue()), hashlib.sha1(buf.getvalue()).hexdigest())
buf.seek(0)
print(torch.load(buf), pickle.loads(pickle.dumps(z)), torch.ComplexFloatStorage, torch.ComplexDoubleStorage)
