# torch.distributions: Pareto, Weibull, HalfCauchy, RelaxedBernoulli,
# RelaxedOneHotCategorical, MixtureSameFamily, ContinuousBernoulli,
# NegativeBinomial, Kumaraswamy, FisherSnedecor (fixed-seed samples, densities,
# moments, repr, validation) and cross-family kl_divergence pairs.
import torch
import torch.distributions as D
torch.manual_seed(4)
p = D.Pareto(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 1.5]))
print(p, p.support, p.sample(), p.rsample((2,)), p.log_prob(torch.tensor([1.5, 2.5])), p.entropy(), p.mean, p.mode, p.variance)
w = D.Weibull(torch.tensor([1.0, 2.0]), torch.tensor([0.5, 3.0]))
print(w, w.sample(), w.log_prob(torch.tensor([0.5, 1.5])), w.entropy(), w.mode, w.cdf(torch.tensor([0.5, 1.5])))
hc = D.HalfCauchy(torch.tensor([1.0, 2.0]))
print(hc, hc.support, hc.log_prob(torch.tensor([0.5, 3.0])), hc.entropy(), hc.mean, hc.mode, hc.variance)
rb = D.RelaxedBernoulli(torch.tensor(0.5), torch.tensor([0.2, 0.8]))
print(rb, rb.support, rb.sample(), rb.rsample((2,)), rb.log_prob(torch.tensor([0.3, 0.9])), rb.temperature, rb.logits)
rc = D.RelaxedOneHotCategorical(torch.tensor(0.7), torch.tensor([0.2, 0.3, 0.5]))
print(rc, rc.support, rc.batch_shape, rc.event_shape, rc.sample(), rc.rsample((2,)), rc.probs)
mix = D.MixtureSameFamily(D.Categorical(torch.tensor([0.3, 0.7])), D.Normal(torch.tensor([-1.0, 2.0]), torch.tensor([0.5, 1.0])))
print(mix, mix.batch_shape, mix.event_shape, mix.sample(), mix.sample((4,)))
print(mix.log_prob(torch.tensor([0.0, 1.5])), mix.mean, mix.variance, mix.cdf(torch.tensor([0.0, 1.5])))
mix2 = D.MixtureSameFamily(D.Categorical(torch.ones(3, 2)), D.Independent(D.Normal(torch.zeros(3, 2, 4), torch.ones(3, 2, 4)), 1))
print(mix2.batch_shape, mix2.event_shape, mix2.sample((2,)).shape, mix2.log_prob(torch.zeros(3, 4)), mix2.mean.shape)
cb = D.ContinuousBernoulli(torch.tensor([0.2, 0.5, 0.9]))
print(cb, cb.sample(), cb.rsample((2,)), cb.log_prob(torch.tensor([0.1, 0.5, 0.7])), cb.cdf(torch.tensor([0.1, 0.5, 0.7])))
print(cb.icdf(torch.tensor([0.1, 0.5, 0.7])), cb.entropy(), cb.mean, cb.variance, cb.stddev)
nb = D.NegativeBinomial(torch.tensor([3.0, 5.0]), torch.tensor([0.3, 0.6]))
print(nb, nb.mean, nb.mode, nb.variance, nb.support)
k = D.Kumaraswamy(torch.tensor([2.0, 0.5]), torch.tensor([3.0, 2.0]))
print(k, k.sample(), k.log_prob(torch.tensor([0.3, 0.6])), k.mode)
f = D.FisherSnedecor(torch.tensor([3.0, 6.0]), torch.tensor([5.0, 2.0]))
print(f, f.mean, f.mode, f.variance)
print(D.kl_divergence(cb, D.ContinuousBernoulli(torch.tensor([0.3, 0.6, 0.6]))))
for bad in [lambda: D.MixtureSameFamily(D.Normal(0., 1.), D.Normal(torch.zeros(2), torch.ones(2))),
            lambda: D.MixtureSameFamily(D.Categorical(torch.ones(3)), D.Normal(torch.zeros(2), torch.ones(2))),
            lambda: D.ContinuousBernoulli(torch.tensor([1.5]), validate_args=True),
            lambda: D.Pareto(torch.tensor([1.0]), torch.tensor([-1.0]))]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
pa = D.Pareto(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 0.5]))
ex = D.Exponential(torch.tensor([1.0, 2.0]))
no = D.Normal(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0]))
un = D.Uniform(torch.tensor([1.5, 2.5]), torch.tensor([2.0, 4.0]))
print(D.kl_divergence(pa, ex), D.kl_divergence(pa, no), D.kl_divergence(un, pa), D.kl_divergence(pa, D.Pareto(torch.tensor([0.5, 3.0]), torch.tensor([1.0, 1.0]))))
cb2 = D.ContinuousBernoulli(torch.tensor([0.2, 0.7]))
print(D.kl_divergence(cb2, no), D.kl_divergence(cb2, ex), D.kl_divergence(cb2, D.Uniform(torch.tensor([-1.0, 0.0]), torch.tensor([2.0, 1.0]))))
print(D.kl_divergence(D.Uniform(torch.tensor([0.1, 0.2]), torch.tensor([0.5, 0.9])), cb2))
po1, po2 = D.Poisson(torch.tensor([1.0, 3.0])), D.Poisson(torch.tensor([2.0, 2.0]))
print(D.kl_divergence(po1, po2), D.kl_divergence(D.Bernoulli(torch.tensor([0.3, 0.6])), po1), D.kl_divergence(po1, D.Bernoulli(torch.tensor([0.3, 0.6]))))
print(D.kl_divergence(ex, D.Pareto(torch.tensor([1.0, 1.0]), torch.tensor([1.0, 1.0]))), D.kl_divergence(no, D.Gamma(torch.ones(2), torch.ones(2))))
print(D.kl_divergence(D.Laplace(torch.zeros(2), torch.ones(2)), pa), D.kl_divergence(D.Gumbel(torch.zeros(2), torch.ones(2)), ex))
print(D.kl_divergence(D.Gamma(torch.ones(2), torch.ones(2)), un))
