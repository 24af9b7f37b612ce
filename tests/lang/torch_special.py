# torch.special: the functions cgrad has under SciPy's names (erf, erfc, erfinv, exp2, expit, expm1, log1p, round, sinc, xlogy, logsumexp, softmax, log_softmax): values, nodes, out=
import torch
torch.manual_seed(0)
x = torch.randn(6, requires_grad=True)
y = torch.rand(6) + 0.1
for n in ["erf", "erfc", "exp2", "expit", "expm1", "log1p", "round", "sinc"]:
    r = getattr(torch.special, n)(x)
    print(n, [float(v).hex() for v in r.tolist()], type(r.grad_fn).__name__)
print(torch.special.erfinv(y.clamp(max=0.9)), torch.special.xlogy(y, y + 1), torch.special.xlogy(0.0, y))
print(torch.special.round(x, decimals=1), type(torch.special.logsumexp(x, 0).grad_fn).__name__, torch.special.softmax(x, 0), torch.special.log_softmax(x, 0, dtype=torch.float64))
print(torch.special.logsumexp(x.view(2, 3), 1, True))
import torch.special as S
print(S.expit is torch.special.expit, torch.special.__name__)
out = torch.empty(6)
print(torch.special.expm1(x.detach(), out=out) is out)
