# torch.cov/corrcoef and the Tensor methods: PyTorch's composite bit for bit, weights, nodes, errors and the degrees-of-freedom warning
import torch
import warnings
torch.manual_seed(0)
x = torch.randn(3, 8, requires_grad=True)
def show(r):
    print(tuple(r.shape), r.dtype, [float(v).hex() for v in r.detach().double().flatten()[:6].tolist()], type(r.grad_fn).__name__ if r.grad_fn else None)
show(torch.cov(x)); show(torch.cov(x, correction=0)); show(torch.cov(x[0]))
fw = torch.randint(1, 5, (8,)); aw = torch.rand(8)
show(torch.cov(x, fweights=fw)); show(torch.cov(x, aweights=aw)); show(torch.cov(x, fweights=fw, aweights=aw)); show(torch.cov(x, correction=3, aweights=aw))
show(torch.corrcoef(x)); show(torch.corrcoef(x[0])); show(x.cov()); show(x.corrcoef())
show(torch.cov(torch.arange(12).reshape(3, 4))); show(torch.cov(x.double()))
torch.corrcoef(x).sum().backward(); print(x.grad[0, :4])
for f in [lambda: torch.cov(torch.ones(2, 2, 2)), lambda: torch.cov(torch.ones(3, dtype=torch.bool)), lambda: torch.cov(x, fweights=torch.rand(8)),
          lambda: torch.cov(x, aweights=torch.ones(8, dtype=torch.long)), lambda: torch.cov(x, fweights=torch.ones(7, dtype=torch.long)),
          lambda: torch.cov(x, fweights=-torch.ones(8, dtype=torch.long)), lambda: torch.cov(x, aweights=torch.zeros(8))]:
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError", e)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    show(torch.cov(torch.ones(2, 1)))
    print(len(w), [str(i.message) for i in w])
