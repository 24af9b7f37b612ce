# torch.vander as PyTorch's composite: values, dtypes, its graph (PyTorch's own backward of it fails: not tested), errors
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
def walk(fn, d=0):
    if fn is None or d > 8:
        return
    print(' ' * d + type(fn).__name__)
    for f, _ in fn.next_functions:
        walk(f, d + 1)
r = torch.vander(x, 4)
print(r)
walk(r.grad_fn)
print(torch.vander(torch.tensor([1, 2, 3], dtype=torch.int8)), torch.vander(x, 0), torch.vander(x, 1, increasing=True), torch.vander(x.double(), increasing=True))
print(torch.vander(torch.randn(5, generator=torch.Generator().manual_seed(1)), 6))
for f in [lambda: torch.vander(torch.ones(2, 2)), lambda: torch.vander(x, -1)]:
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError", e)
