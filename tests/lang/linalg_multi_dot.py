# torch.linalg.multi_dot (PyTorch's bracketing of the chain: its bits and nodes, 1-d ends) and torch.chain_matmul (deprecation warned once); errors
import torch
import warnings
torch.manual_seed(0)
a = torch.randn(2, 3, requires_grad=True); b = torch.randn(3, 40); c = torch.randn(40, 5); d = torch.randn(5, 30); v = torch.randn(30)
for ts in [[a, b], [a, b, c], [a, b, c, d], [a[0], b, c, d, v], [a, b, c, d, v], [a[0], b]]:
    r = torch.linalg.multi_dot(ts)
    print(tuple(r.shape), [float(x).hex() for x in r.detach().flatten()[:4].tolist()], type(r.grad_fn).__name__)
torch.linalg.multi_dot([a, b, c, d]).sum().backward()
print(a.grad)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    r = torch.chain_matmul(a, b, c)
    print(type(r.grad_fn).__name__, [str(i.message) for i in w])
print(type(torch.chain_matmul(a).grad_fn).__name__)
for f in [lambda: torch.linalg.multi_dot([a]), lambda: torch.linalg.multi_dot([a, c]), lambda: torch.linalg.multi_dot([a, b.double()]), lambda: torch.linalg.multi_dot([torch.ones(2, 2, 2), a])]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
