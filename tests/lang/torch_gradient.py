# torch.gradient as PyTorch's composite: uniform spacing and coordinates, edge_order 1 and 2, dims, bits, nodes (CatBackward0 over DivBackward1), errors
import torch, hashlib
def h(t): return hashlib.md5(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]
x = torch.tensor([[1., 2, 4, 8], [10, 20, 40, 80.]])
print(torch.gradient(x))
for f in [lambda: torch.gradient(x, spacing=2.), lambda: torch.gradient(x, dim=1), lambda: torch.gradient(x, spacing=[2.], dim=1), lambda: torch.gradient(x, spacing=[1., 2.]),
          lambda: torch.gradient(x, spacing=(torch.tensor([0., 1.5]), torch.tensor([0., 1, 3, 7]))), lambda: torch.gradient(x, edge_order=2, dim=1),
          lambda: torch.gradient(x, edge_order=3), lambda: torch.gradient(x, edge_order=2), lambda: torch.gradient(torch.tensor([1, 2, 4])),
          lambda: torch.gradient(x, spacing=(torch.tensor([0., 1, 3, 7]),), dim=1, edge_order=2), lambda: torch.gradient(x, dim=(0, 1)), lambda: torch.gradient(torch.tensor(3.)),
          lambda: torch.gradient(x, spacing=[1., 2., 3.]), lambda: torch.gradient(x, spacing=[1., 2.], dim=1), lambda: torch.gradient(x, dim=-1, spacing=0.3), lambda: torch.gradient(x, spacing=[1.])]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    y = torch.randn(6, 37, 5, dtype=dt)
    c = torch.rand(37, dtype=dt).cumsum(0)
    print([h(g) for g in torch.gradient(y)], [h(g) for g in torch.gradient(y, spacing=0.37, edge_order=2)], [h(g) for g in torch.gradient(y, spacing=(c,), dim=1)], [h(g) for g in torch.gradient(y, spacing=(c,), dim=1, edge_order=2)])
y = torch.randn(5, requires_grad=True); g = torch.gradient(y)[0]; print(g.grad_fn.name(), [type(f).__name__ for f, _ in g.grad_fn.next_functions])
g.sum().backward(); print(y.grad)
