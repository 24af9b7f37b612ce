# torch.combinations as PyTorch's composite (meshgrid, masked_select, stack): values, graph, grads, r and with_replacement, errors
import torch
def walk(fn, d=0):
    if fn is None or d > 6: return
    print(' ' * d + type(fn).__name__)
    for f, _ in fn.next_functions: walk(f, d + 1)
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
r = torch.combinations(x); print(r); walk(r.grad_fn)
(r * torch.arange(12.).view(6, 2)).sum().backward(); print(x.grad)
print(torch.combinations(x, 3), torch.combinations(x, 2, with_replacement=True), torch.combinations(x, 1), torch.combinations(x, 0), torch.combinations(torch.tensor([], dtype=torch.int64)), torch.combinations(torch.tensor([5, 7]), 3))
print(torch.combinations(torch.arange(3), 3, True))
for f in [lambda: torch.combinations(torch.ones(2, 2)), lambda: torch.combinations(x, -1)]:
    try: f()
    except RuntimeError as e: print("RuntimeError", e)
