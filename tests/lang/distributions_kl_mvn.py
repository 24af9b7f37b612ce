# torch.distributions: kl_divergence for the registered pairs (values and
# the NotImplementedError for an unregistered pair), register_kl,
# MultivariateNormal from scale_tril, and biject_to/transform_to.
import torch
import torch.distributions as D
from torch.distributions import constraints

n1 = D.Normal(torch.tensor([0., 1.]), torch.tensor([1., 2.]))
n2 = D.Normal(torch.tensor([0.5, -1.]), torch.tensor([2., 0.5]))
print(D.kl_divergence(n1, n2), D.kl_divergence(n2, n1))
b1 = D.Bernoulli(torch.tensor([0.2, 0.0, 0.7]))
b2 = D.Bernoulli(torch.tensor([0.5, 0.3, 1.0]))
print(D.kl_divergence(b1, b2))
c1 = D.Categorical(torch.tensor([[0.2, 0.3, 0.5], [0.0, 0.5, 0.5]]))
c2 = D.Categorical(logits=torch.tensor([[0.1, 0.2, 0.3], [1.0, -1.0, 0.0]]))
print(D.kl_divergence(c1, c2), D.kl_divergence(D.OneHotCategorical(c1.probs), D.OneHotCategorical(c2.probs)))
u1 = D.Uniform(torch.tensor([0., 0.]), torch.tensor([1., 3.]))
u2 = D.Uniform(torch.tensor([-1., 1.]), torch.tensor([2., 2.]))
print(D.kl_divergence(u1, u2))
e1, e2 = D.Exponential(torch.tensor([0.5, 2.])), D.Exponential(torch.tensor([1., 1.]))
print(D.kl_divergence(e1, e2), D.kl_divergence(e1, n1), D.kl_divergence(e1, u1))
l1, l2 = D.Laplace(torch.tensor([0., 1.]), torch.tensor([1., 2.])), D.Laplace(torch.tensor([1., 1.]), torch.tensor([0.5, 1.]))
print(D.kl_divergence(l1, l2), D.kl_divergence(l1, n1), D.kl_divergence(n1, l1))
g1 = D.Gumbel(torch.tensor([0., 1.]), torch.tensor([1., 2.]))
print(D.kl_divergence(g1, n1), D.kl_divergence(n1, g1), D.kl_divergence(u1, n1), D.kl_divergence(u1, g1))
print(D.kl_divergence(D.HalfNormal(torch.tensor([1., 2.])), D.HalfNormal(torch.tensor([2., 1.]))))
print(D.kl_divergence(D.Geometric(torch.tensor([0.3, 0.6])), D.Geometric(torch.tensor([0.5, 0.5]))))
print(D.kl_divergence(D.Cauchy(0., 1.), D.Cauchy(1., 2.)))
print(D.kl_divergence(D.LogNormal(n1.loc, n1.scale), D.LogNormal(n2.loc, n2.scale)))
i1, i2 = D.Independent(n1, 1), D.Independent(n2, 1)
print(D.kl_divergence(i1, i2))
loc = torch.tensor([0., 1.], requires_grad=True)
kl = D.kl_divergence(D.Normal(loc, torch.ones(2)), n2).sum()
kl.backward()
print(kl, loc.grad)
try:
    D.kl_divergence(n1, b1)
except NotImplementedError as e:
    print("NotImplementedError:", e)


class MyNormal(D.Normal):
    pass


@D.register_kl(MyNormal, D.Normal)
def _kl_mine(p, q):
    return torch.zeros(p.batch_shape)


print(D.kl_divergence(MyNormal(0., 1.), D.Normal(1., 1.)), D.kl_divergence(D.Normal(0., 1.), MyNormal(1., 1.)))

torch.manual_seed(5)
L = torch.tensor([[1.0, 0.0], [0.5, 2.0]])
mloc = torch.tensor([1.0, -1.0], requires_grad=True)
m = D.MultivariateNormal(mloc, scale_tril=L)
print(m, m.batch_shape, m.event_shape, m.support)
print(m.sample(), m.sample((3,)))
r = m.rsample((2,))
r.sum().backward()
print(r, mloc.grad)
print(m.log_prob(torch.tensor([0.5, 0.5])), m.log_prob(torch.tensor([[0., 0.], [1., 2.]])), m.entropy())
print(m.mean, m.mode, m.variance, m.covariance_matrix, m.scale_tril)
mb = D.MultivariateNormal(torch.zeros(3, 2), scale_tril=L)
print(mb.batch_shape, mb.log_prob(torch.ones(3, 2)), mb.entropy(), mb.expand((2, 3)).batch_shape)
m2 = D.MultivariateNormal(torch.tensor([0.0, 0.5]), scale_tril=torch.tensor([[2.0, 0.0], [-0.3, 1.0]]))
print(D.kl_divergence(m, m2), D.kl_divergence(m2, mb))
for bad in [lambda: D.MultivariateNormal(torch.tensor(0.), scale_tril=L),
            lambda: D.MultivariateNormal(torch.zeros(2)),
            lambda: D.MultivariateNormal(torch.zeros(2), scale_tril=torch.ones(2)),
            lambda: D.MultivariateNormal(torch.zeros(2), scale_tril=torch.tensor([[1., 1.], [0., 1.]]))]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)

for c in [constraints.real, constraints.positive, constraints.greater_than(2.), constraints.less_than(1.),
          constraints.unit_interval, constraints.interval(-1., 3.), constraints.independent(constraints.positive, 1)]:
    t = D.biject_to(c)
    x = torch.tensor([-0.5, 0.25, 1.5])
    print(c, t, t(x), c.check(t(x)), D.transform_to(c)(x))
print(D.biject_to(constraints.simplex), D.transform_to(constraints.simplex))
print(D.transform_to(constraints.simplex)(torch.tensor([0.1, 0.5, -0.2])))
try:
    D.biject_to(constraints.boolean)
except NotImplementedError as e:
    print("NotImplementedError:", e)
print(constraints.integer_interval(0, 3), constraints.integer_interval(0, 3).check(torch.tensor([0., 1.5, 3., 4.])))
print(constraints.simplex.check(torch.tensor([[0.5, 0.5], [0.3, 0.3]])), constraints.lower_cholesky.check(L))
print(constraints.one_hot.check(torch.tensor([[0., 1.], [1., 1.]])), constraints.nonnegative_integer, constraints.positive_integer)
print(constraints.real_vector, constraints.real_vector.event_dim, constraints.boolean.is_discrete, constraints.is_dependent(constraints.dependent))

# ambiguous dispatch between two registrations warns, as PyTorch does
import warnings
import torch
class A(D.Normal):
    pass
class B(D.Normal):
    pass
@D.register_kl(A, D.Normal)
def f1(p, q):
    return torch.tensor(1.)
@D.register_kl(D.Normal, B)
def f2(p, q):
    return torch.tensor(2.)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(D.kl_divergence(A(0., 1.), B(0., 1.)), [(x.category.__name__, str(x.message)) for x in w])
print(D.kl_divergence(A(0., 1.), D.Normal(0., 1.)), D.kl_divergence(D.Normal(0., 1.), B(0., 1.)), D.kl_divergence(B(0., 1.), A(0., 1.)))
print(sorted((p.__name__, q.__name__) for p, q in D.kl._KL_REGISTRY)[:5], len(D.kl._KL_REGISTRY))
