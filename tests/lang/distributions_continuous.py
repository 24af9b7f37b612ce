# torch.distributions: Normal, Uniform, Exponential, Laplace, Independent:
# fixed-seed samples, rsample gradients, log_prob/cdf/icdf/entropy,
# moments, shapes, repr, expand, and PyTorch's validation messages.
import torch
import torch.distributions as D

torch.manual_seed(0)
loc = torch.tensor([0., 1., 2.], requires_grad=True)
scale = torch.tensor([1., 2., 3.], requires_grad=True)
n = D.Normal(loc, scale)
print(n, n.batch_shape, n.event_shape, n.has_rsample, n.support, n.arg_constraints)
print(n.sample(), n.sample((2,)))
x = n.rsample((4,))
print(x)
(x ** 2).sum().backward()
print(loc.grad, scale.grad)
v = torch.tensor([0.5, 0.2, 1.0])
print(n.log_prob(v), n.cdf(v), n.icdf(torch.tensor([0.1, 0.5, 0.9])), n.entropy())
print(n.mean, n.mode, n.stddev, n.variance)
print(D.Normal(0., 1.), D.Normal(0., 1.).entropy(), D.Normal(0., 1.).batch_shape)
print(D.Normal(torch.tensor(0.5), 2.).log_prob(torch.tensor(1.0)))
e = n.expand((2, 3))
print(e, e.sample().shape, e.log_prob(v))
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(n.sample_n(2).shape, [str(m.message) for m in w])
print(D.Normal(0., 1.).perplexity())
for bad in [lambda: D.Normal(torch.tensor([0., 1., 2.]), torch.tensor([1., -1., 0.])),
            lambda: D.Normal(torch.tensor([0., float('nan')]), 1.),
            lambda: n.log_prob(torch.tensor([1., 2.]))]:
    try:
        bad()
    except ValueError as err:
        print("ValueError:", err)
print(D.Normal(torch.tensor([0.]), torch.tensor([-1.]), validate_args=False).scale)

u = D.Uniform(torch.tensor([0., 1.]), torch.tensor([2., 5.]))
print(u, u.support, u.sample(), u.rsample((3,)))
print(u.log_prob(torch.tensor([1., 2.])), u.cdf(torch.tensor([1., 1.5])), u.icdf(torch.tensor([0.25, 0.5])))
print(u.entropy(), u.mean, u.mode, u.stddev, u.variance)
for bad in [lambda: D.Uniform(torch.tensor([1., 1.]), torch.tensor([2., 0.])),
            lambda: u.log_prob(torch.tensor([3., 2.]))]:
    try:
        bad()
    except ValueError as err:
        print("ValueError:", err)

rate = torch.tensor([0.5, 2.0], requires_grad=True)
ex = D.Exponential(rate)
print(ex, ex.support, ex.sample(), ex.sample((3,)))
y = ex.rsample((2,))
y.sum().backward()
print(y, rate.grad)
print(ex.log_prob(torch.tensor([1., 0.5])), ex.cdf(torch.tensor([1., 0.5])), ex.icdf(torch.tensor([0.3, 0.6])))
print(ex.entropy(), ex.mean, ex.mode, ex.stddev, ex.variance)
try:
    ex.log_prob(torch.tensor([-1., 0.5]))
except ValueError as err:
    print("ValueError:", err)

la = D.Laplace(torch.tensor([0., 1.]), torch.tensor([1., 0.5]))
print(la, la.sample(), la.rsample((2,)))
print(la.log_prob(torch.tensor([0.3, 2.])), la.icdf(torch.tensor([0.2, 0.7])), la.entropy())
print(la.mean, la.mode, la.stddev, la.variance)

ind = D.Independent(D.Normal(torch.zeros(2, 3), torch.ones(2, 3)), 1)
print(ind, ind.batch_shape, ind.event_shape, ind.support, ind.has_rsample)
print(ind.sample(), ind.log_prob(torch.ones(2, 3)), ind.entropy(), ind.mean.shape, ind.variance.shape)
print(ind.expand((4, 2)).batch_shape)
try:
    D.Independent(D.Normal(torch.zeros(3), torch.ones(3)), 2)
except ValueError as err:
    print("ValueError:", err)
