# torch.distributions: VonMises (density, moments), LKJCholesky and Wishart
# (construction, shapes, moments), LogisticNormal's shapes, and the
# CatTransform / StackTransform / CumulativeDistributionTransform transforms.
import torch
import torch.distributions as D
import torch.distributions.transforms as T
from torch.distributions import constraints

vm = D.VonMises(torch.tensor([0.0, 1.0, -2.0]), torch.tensor([0.5, 2.0, 5.0]))
print(vm, vm.batch_shape, vm.support, vm.has_rsample)
print(vm.log_prob(torch.tensor([0.3, 1.0, 3.0])), vm.mean, vm.mode, vm.variance)
print(vm.expand((2, 3)).batch_shape)

lkj = D.LKJCholesky(3, torch.tensor([0.5, 2.0]))
print(lkj, lkj.batch_shape, lkj.event_shape, lkj.support, lkj._beta.batch_shape)
print(lkj._beta.concentration1, lkj._beta.concentration0)
print(lkj.expand((3, 2)).batch_shape)
try:
    D.LKJCholesky(1)
except ValueError as e:
    print("ValueError:", e)

L = torch.tensor([[1.0, 0.0], [0.5, 2.0]])
w = D.Wishart(torch.tensor([3.0, 4.5]), scale_tril=L)
print(w.batch_shape, w.event_shape, w.df, w.support)
print(w.mean, w.mode, w.variance, w.covariance_matrix)
print(w._dist_chi2.batch_shape, w._dist_chi2.df, w.expand((3, 2)).batch_shape)
print(D.Wishart.arg_constraints['df'])
try:
    D.Wishart(torch.tensor([0.5]), scale_tril=L)
except ValueError as e:
    print("ValueError:", e)

ln = D.LogisticNormal(torch.zeros(3), torch.ones(3))
print(ln, ln.batch_shape, ln.event_shape, ln.support, ln.loc, ln.scale)
print(D.LogisticNormal(0., 1.).event_shape)

x = torch.tensor([[-1.0, 0.5, 2.0, 0.1], [0.3, -0.2, 1.0, 1.5]])
ct = T.CatTransform([T.ExpTransform(), T.AffineTransform(1.0, 3.0)], dim=1, lengths=[1, 3])
y = ct(x)
print(y, ct.inv(y), ct.log_abs_det_jacobian(x, y), ct.bijective, ct.event_dim, ct.length)
print(ct.domain.check(x), ct.codomain.check(y))
st = T.StackTransform([T.ExpTransform(), T.SigmoidTransform()], dim=0)
y2 = st(x)
print(y2, st.inv(y2), st.log_abs_det_jacobian(x, y2), st.bijective)
print(st.domain.check(x), st.codomain.check(y2))
cdt = T.CumulativeDistributionTransform(D.Normal(torch.tensor(0.0), torch.tensor(2.0)))
z = torch.tensor([-1.0, 0.0, 1.5])
print(cdt(z), cdt.inv(cdt(z)), cdt.log_abs_det_jacobian(z, cdt(z)), cdt.domain, cdt.codomain, cdt.sign)
print(D.biject_to(constraints.cat([constraints.positive, constraints.real], 0, [1, 2])))
print(D.transform_to(constraints.stack([constraints.positive, constraints.unit_interval], 0)))
print(D.biject_to(constraints.corr_cholesky))
cc = T.CorrCholeskyTransform()
print(cc.forward_shape(torch.Size([6])), cc.inverse_shape(torch.Size([4, 4])))
try:
    cc.forward_shape(torch.Size([5]))
except ValueError as e:
    print("ValueError:", e)
