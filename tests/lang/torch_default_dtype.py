# torch.set_default_dtype / set_default_tensor_type: what the default
# floating dtype changes (Python floats, factories without dtype=, integer
# division and promotion with floats, parameters' initialisation, printing's
# dtype= suffix, finfo()), and PyTorch's errors.
import torch
import torch.nn as nn


def show():
    fs = [torch.get_default_dtype, lambda: torch.tensor([1.5, 2]).dtype, lambda: torch.tensor(2.5).dtype,
          lambda: torch.zeros(2).dtype, lambda: torch.ones(1).dtype, lambda: torch.empty(1).dtype,
          lambda: torch.full((2,), 1.5).dtype, lambda: torch.full((2,), 1).dtype, lambda: torch.rand(1).dtype,
          lambda: torch.randn(1).dtype, lambda: torch.arange(0, 1, 0.5).dtype, lambda: torch.arange(3).dtype,
          lambda: torch.linspace(0, 1, 3).dtype, lambda: torch.logspace(0, 1, 3).dtype, lambda: torch.eye(2).dtype,
          lambda: torch.Tensor(2).dtype, lambda: torch.Tensor([1, 2]).dtype,
          lambda: (torch.tensor([1, 2]) * 1.5).dtype, lambda: (torch.tensor([1, 2]) / 2).dtype,
          lambda: torch.tensor(1j).dtype, lambda: torch.finfo().bits, lambda: torch.normal(0.0, 1.0, (1,)).dtype,
          lambda: torch.zeros(2).mean().dtype]
    out = []
    for f in fs:
        try:
            out.append(str(f()))
        except Exception as e:
            out.append("%s(%s)" % (type(e).__name__, e))
    print(" ".join(out))


show()
for dt in [torch.float64, torch.float16, torch.bfloat16, torch.float32]:
    torch.set_default_dtype(dt)
    show()

torch.set_default_dtype(torch.float64)
torch.manual_seed(0)
lin = nn.Linear(3, 2)
print(lin.weight.dtype, lin.weight, lin.bias)
print(torch.tensor([1.5, 2]), torch.tensor([1.5], dtype=torch.float32), torch.tensor([1, 2]))
x = torch.randn(4, 3, requires_grad=True)
loss = lin(x).pow(2).mean()
loss.backward()
print(loss, lin.weight.grad)
print(torch.tensor([1, 2]).float().dtype, torch.tensor([1.0], dtype=torch.float16) + 1.5)

for name, f in [("int64", lambda: torch.set_default_dtype(torch.int64)),
                ("complex", lambda: torch.set_default_dtype(torch.complex64)),
                ("str", lambda: torch.set_default_dtype("float64")),
                ("half complex", lambda: (torch.set_default_dtype(torch.float16), torch.tensor(1j))),
                ("tensor type str", lambda: torch.set_default_tensor_type("torch.DoubleTensor")),
                ("tensor type float", lambda: torch.set_default_tensor_type("torch.FloatTensor")),
                ("tensor type long", lambda: torch.set_default_tensor_type("torch.LongTensor")),
                ("tensor type unknown", lambda: torch.set_default_tensor_type("float")),
                ("tensor type missing", lambda: torch.set_default_tensor_type("torch.NoSuchTensor"))]:
    try:
        f()
        print(name, "ok", torch.get_default_dtype())
    except Exception as e:
        print(name, type(e).__name__, e, torch.get_default_dtype())
