# torch.distributions: StickBreakingTransform (values, inverse, log|det J|,
# gradient), LogisticNormal and CorrCholeskyTransform, which need cumprod.
import torch
import torch.distributions as D
import torch.distributions.transforms as T
torch.manual_seed(8)
v = torch.tensor([[0.2, -0.4, 1.0], [1.5, 0.3, -2.0]], requires_grad=True)
sb = T.StickBreakingTransform()
s = sb(v)
print(s, s.sum(-1), sb.inv(s), sb.log_abs_det_jacobian(v, s))
s.pow(2).sum().backward()
print(v.grad)
tds = D.TransformedDistribution(D.Independent(D.Normal(torch.zeros(3), torch.ones(3)), 1), T.StickBreakingTransform())
smp = tds.sample((2,))
print(smp, tds.log_prob(smp))
ln = D.LogisticNormal(torch.tensor([0.0, 0.5]), torch.tensor([1.0, 2.0]))
x = ln.rsample((2,))
print(x, ln.log_prob(x), ln.sample())
print(D.biject_to(D.constraints.simplex)(torch.tensor([0.1, -0.5])))
cc = T.CorrCholeskyTransform()
y = cc(torch.tensor([0.3, -0.2, 0.8]))
print(y, cc.inv(y), cc.log_abs_det_jacobian(torch.tensor([0.3, -0.2, 0.8]), y), D.constraints.corr_cholesky.check(y))
