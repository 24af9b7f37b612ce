# torch.distributions.Distribution: set_default_validate_args, the base
# class's NotImplementedError for what a subclass leaves out, expand on a
# subclass with its own __init__, sample validation messages, lazily built
# parameters in repr, and has_rsample / has_enumerate_support flags.
import torch
import torch.distributions as D


class Bare(D.Distribution):
    arg_constraints = {}


b = Bare()
print(b, b.batch_shape, b.event_shape, b.has_rsample, b.has_enumerate_support)
for name in ['mean', 'variance', 'support']:
    try:
        getattr(b, name)
    except NotImplementedError as e:
        print(name, "NotImplementedError", e)
try:
    b.mode
except NotImplementedError as e:
    print("mode NotImplementedError:", e)
for call in [lambda: b.rsample(), lambda: b.sample(), lambda: b.log_prob(torch.zeros(1)), lambda: b.cdf(torch.zeros(1)),
             lambda: b.icdf(torch.zeros(1)), lambda: b.entropy(), lambda: b.enumerate_support(), lambda: b.expand((2,))]:
    try:
        call()
    except NotImplementedError as e:
        print("NotImplementedError", repr(str(e)))


class MyNormal(D.Normal):
    def __init__(self, loc):
        super().__init__(loc, torch.ones_like(loc))


try:
    MyNormal(torch.zeros(2)).expand((3, 2))
except NotImplementedError as e:
    print("NotImplementedError:", e)

D.Distribution.set_default_validate_args(False)
n = D.Normal(torch.tensor([0.0]), torch.tensor([-1.0]))
print(n.scale, n.log_prob(torch.tensor([1.0])))
print(D.Uniform(torch.tensor([2.0]), torch.tensor([1.0])).low)
D.Distribution.set_default_validate_args(True)
try:
    D.Normal(torch.tensor([0.0]), torch.tensor([-1.0]))
except ValueError as e:
    print("ValueError:", e)
try:
    D.Distribution.set_default_validate_args(3)
except ValueError as e:
    print("ValueError", repr(str(e)))
print(D.Normal(torch.tensor([0.0]), torch.tensor([-1.0]), validate_args=False).scale)

c = D.Categorical(logits=torch.tensor([[0.0, 1.0], [2.0, 1.0]]))
print(c)
c.probs
print(c)
bern = D.Bernoulli(logits=torch.tensor(0.3))
print(bern, bern.probs, bern)
e = D.Exponential(torch.tensor([1.0, 2.0]))
for v in [torch.tensor([[1.0, 2.0, 3.0]]), torch.tensor([1.0, -2.0]), torch.tensor([[1.0], [2.0]])]:
    try:
        print(e.log_prob(v))
    except ValueError as err:
        print("ValueError:", err)
mvn = D.MultivariateNormal(torch.zeros(2), scale_tril=torch.eye(2))
try:
    mvn.log_prob(torch.zeros(3))
except ValueError as err:
    print("ValueError:", err)
print(D.Normal(0., 1.).has_rsample, D.Bernoulli(0.5).has_rsample, D.Categorical(torch.ones(2)).has_enumerate_support)
print(D.Independent(D.Bernoulli(torch.ones(2, 2) / 2), 1).has_enumerate_support, D.LogNormal(0., 1.).has_rsample)
print(D.Normal(torch.zeros(2), 1.).expand(torch.Size([3, 2])).batch_shape)
print(D.Normal(0., 1.)._validate_args, D.Normal(0., 1., validate_args=False)._validate_args)
print(isinstance(D.Normal(0., 1.), D.ExponentialFamily), isinstance(D.Gumbel(0., 1.), D.TransformedDistribution))
print(D.Distribution._validate_args)
print(isinstance(D.Uniform.support, property), D.constraints.is_dependent(D.Uniform.support), D.Uniform.support.is_discrete)
print(D.Uniform(0., 1.).support, D.Categorical(torch.ones(3)).support, D.Binomial(3, torch.tensor(0.2)).support)
try:
    D.Independent.support.is_discrete
except NotImplementedError as err:
    print("NotImplementedError:", err)
