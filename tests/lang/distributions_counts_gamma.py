# torch.distributions: Multinomial (fixed-seed samples), Poisson, Binomial, Gamma,
# Chi2, Dirichlet, Beta, StudentT: repr, shapes, support, moments and
# validation (their densities need torch.lgamma, which cgrad lacks yet).
import torch
import torch.distributions as D
torch.manual_seed(2)
m = D.Multinomial(10, torch.tensor([0.2, 0.3, 0.5]))
print(m, m.sample(), m.sample((2,)), m.mean, m.variance, m.support, m.batch_shape, m.event_shape)
p = D.Poisson(torch.tensor([1.0, 4.0]))
print(p, p.mean, p.mode, p.variance, p.support)
b = D.Binomial(5, torch.tensor([0.2, 0.7]))
print(b, b.mean, b.mode, b.variance, b.support, b.enumerate_support())
g = D.Gamma(torch.tensor([2.0, 3.0]), torch.tensor([1.0, 0.5]))
print(g, g.mean, g.mode, g.variance)
c = D.Chi2(torch.tensor([3.0]))
print(c, c.df, c.mean, c.variance)
d = D.Dirichlet(torch.tensor([0.5, 2.0, 3.0]))
print(d, d.mean, d.mode, d.variance, D.Dirichlet(torch.tensor([0.5, 0.2, 0.3])).mode)
be = D.Beta(torch.tensor([2.0, 0.5]), torch.tensor([3.0, 0.5]))
print(be, be.mean, be.variance, be.concentration1, be.concentration0)
s = D.StudentT(torch.tensor([0.5, 1.5, 3.0]))
print(s, s.mean, s.mode, s.variance)
try:
    D.Gamma(torch.tensor([-1.0]), 1.0)
except ValueError as e:
    print("ValueError:", e)
try:
    D.Multinomial(torch.tensor(3), torch.tensor([0.5, 0.5]))
except NotImplementedError as e:
    print("NotImplementedError:", e)
