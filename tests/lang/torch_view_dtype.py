# Tensor.view(dtype): the bytes reinterpreted, last dim and strides scaled for other element sizes, PyTorch's checks and messages, no history; view_copy(dtype)
import torch
x=torch.arange(6.).view(2,3)
for f in [lambda: x.view(torch.int32), lambda: x.view(torch.float16), lambda: x.view(torch.float64), lambda: x.view(torch.uint8).shape, lambda: x.t().view(torch.int16), lambda: torch.tensor(1.).view(torch.int16), lambda: x[:, :2].view(torch.float64), lambda: x[:, 1:].view(torch.float16).stride(), lambda: x.view(torch.bool),lambda: torch.ones(3,dtype=torch.float16).view(torch.float32), lambda: x.view(torch.complex64), lambda: torch.arange(8.).view(2,4)[:, 1:3].view(torch.float64), lambda: torch.arange(4, dtype=torch.int64).view(torch.float64), lambda: torch.ones(2,4).view(torch.complex64), lambda: torch.view_copy(torch.ones(2,2), torch.int32)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
y=torch.randn(3,requires_grad=True)
for d in [torch.int32, torch.float32, torch.float16]:
    try: r=y.view(d); print(r.requires_grad, r.grad_fn, r._base is y)
    except Exception as e: print(type(e).__name__, e)
z=torch.zeros(4); z.view(torch.int32)[1] = 1065353216; print(z)
