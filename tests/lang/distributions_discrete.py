# torch.distributions: Bernoulli, Categorical, OneHotCategorical: fixed-seed
# samples, log_prob, entropy, moments, shapes, repr, support, validation.
import torch
import torch.distributions as D

torch.manual_seed(3)
b = D.Bernoulli(torch.tensor([0.1, 0.5, 0.9]))
print(b, b.batch_shape, b.event_shape, b.support)
print(b.sample(), b.sample((2,)))
print(b.log_prob(torch.tensor([1., 0., 1.])), b.entropy())
print(b.mean, b.mode, b.variance, b.stddev)
print(b.logits, b)
print(b.enumerate_support(), b.enumerate_support(expand=False).shape)
bl = D.Bernoulli(logits=torch.tensor([-1.0, 2.0]))
print(bl, bl.probs, bl.expand((3, 2)).sample())
print(D.Bernoulli(0.3), D.Bernoulli(0.3).batch_shape)
for bad in [lambda: D.Bernoulli(), lambda: D.Bernoulli(torch.tensor([0.5]), torch.tensor([0.1])),
            lambda: D.Bernoulli(torch.tensor([1.5, 0.2])),
            lambda: b.log_prob(torch.tensor([0.5, 1., 1.])),
            lambda: b.log_prob(torch.tensor([1., 0.])),
            lambda: b.log_prob([1., 0., 1.])]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)

c = D.Categorical(torch.tensor([[1., 2., 3., 4.], [4., 3., 2., 1.]]))
print(c, c.batch_shape, c.event_shape, c.support, c.param_shape)
print(c.probs, c.sample(), c.sample((3,)), c.sample((2, 1)).shape)
print(c.log_prob(torch.tensor([0, 3])), c.log_prob(torch.tensor([[1], [2]])))
print(c.entropy(), c.mode, c.mean, c.variance)
print(c.logits, c)
print(c.enumerate_support())
cl = D.Categorical(logits=torch.tensor([0.5, -1.0, 2.0]))
print(cl.probs, cl.sample((5,)), cl.expand((2,)).sample())
print(D.Categorical(torch.tensor([0., 1., 0.])).entropy())
for bad in [lambda: D.Categorical(torch.tensor(0.3)), lambda: D.Categorical(logits=torch.tensor(0.3)),
            lambda: D.Categorical(torch.tensor([0.5, -0.5, 1.0])),
            lambda: c.log_prob(torch.tensor([0, 4]))]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)

o = D.OneHotCategorical(torch.tensor([0.2, 0.3, 0.5]))
print(o, o.batch_shape, o.event_shape, o.support)
print(o.sample(), o.sample((4,)))
print(o.log_prob(torch.tensor([0., 1., 0.])), o.entropy(), o.mean, o.mode, o.variance)
print(o.enumerate_support(), o.expand((2,)).sample())
try:
    o.log_prob(torch.tensor([1., 1., 0.]))
except ValueError as e:
    print("ValueError:", e)
