# numpy.random's legacy functions and RandomState: the same numbers as numpy 1.24 for the same
# seeds (MT19937, the polar normal, masked bounded ints, Fisher-Yates, PTRS Poisson, Marsaglia-Tsang
# gamma and the distributions built on it), and its errors.
import numpy as np
np.random.seed(0)
print(np.random.rand(3), np.random.randn(2, 2), np.random.rand(), np.random.randn())
np.random.seed(42)
print(np.random.randint(10, size=5), np.random.randint(-5, 5, (2, 3)), np.random.randint(3), np.random.randint(0, 2**40, 3))
print(np.random.normal(1.0, 2.0, 3), np.random.uniform(-1, 1, 2), np.random.uniform(), np.random.normal(size=(1, 2)))
print(np.random.choice(5, 3), np.random.choice(['a'] and [10, 20, 30], 4), np.random.choice(5, 3, replace=False),
      np.random.choice(4, 6, p=[0.1, 0.2, 0.3, 0.4]), np.random.choice(4, 2, replace=False, p=[0.1, 0.2, 0.3, 0.4]))
a = np.arange(10)
np.random.shuffle(a)
print(a, np.random.permutation(6), np.random.permutation(np.arange(6).reshape(3, 2)))
l = [1, 2, 3, 4, 5]
np.random.shuffle(l)
print(l, np.random.exponential(2.0, 3), np.random.standard_exponential(2), np.random.poisson(3.0, 5), np.random.poisson(25.0, 5), np.random.poisson(1000.5, 3))
rs = np.random.RandomState(123)
print(rs.rand(2), rs.randint(100, size=3), rs.randn(3), rs.random_sample((2,)), rs.bytes(6))
st = rs.get_state()
x1 = rs.randn(3)
rs.set_state(st)
print(x1, rs.randn(3), st[0], st[2], st[3], repr(st[4]))
np.random.seed([1, 2, 3])
print(np.random.rand(2))
np.random.seed(2**32 - 1)
print(np.random.rand(2), np.random.randint(2**31, size=2, dtype=np.int32), np.random.random(2), np.random.sample(), np.random.ranf(1))
for f in [lambda: np.random.randint(5, 3), lambda: np.random.randint(0), lambda: np.random.seed(-1), lambda: np.random.choice(0), lambda: np.random.choice([1,2],p=[0.5,0.6]), lambda: np.random.choice(5, 6, replace=False), lambda: np.random.normal(0, -1), lambda: np.random.choice([[1,2]]), lambda: np.random.uniform(0, np.inf), lambda: np.random.poisson(-1), lambda: np.random.randint(2**63)]:
    try: f(); print('ok')
    except Exception as e: print(type(e).__name__, e)
np.random.seed(7)
big = np.random.randn(100000)
print(big.sum(), big.mean(), big.std(), big[-3:], np.random.randint(1000, size=100000).sum())
import numpy as np
np.random.seed(3)
print(np.random.lognormal(0.5, 0.3, 3), np.random.laplace(1, 2, 3), np.random.logistic(0, 1, 2), np.random.gumbel(0, 1, 2))
print(np.random.weibull(1.5, 3), np.random.pareto(3.0, 2), np.random.power(2.0, 2), np.random.standard_cauchy(2))
print(np.random.triangular(0, 1, 3, 3), np.random.standard_gamma(2.5, 3), np.random.standard_gamma(0.5, 3), np.random.gamma(2.0, 3.0, 2))
print(np.random.beta(2, 3, 3), np.random.beta(0.5, 0.5, 3), np.random.chisquare(4, 2), np.random.f(3, 5, 2), np.random.standard_t(5, 2))
print(np.random.wald(1.0, 2.0, 3), np.random.geometric(0.5, 5), np.random.geometric(0.1, 5), np.random.gamma(2.0), np.random.lognormal())
print(np.random.normal([0, 10], [1, 2]), np.random.gamma([1.0, 2.0, 3.0]), np.random.exponential([1.0, 5.0]))
x = np.random.standard_gamma(3.3, 100000)
print(x.sum(), x[-2:])
for f in [lambda: np.random.beta(0, 1), lambda: np.random.gamma(-1), lambda: np.random.triangular(2, 1, 3), lambda: np.random.geometric(1.5), lambda: np.random.pareto(0), lambda: np.random.lognormal(0, -1)]:
    try: f(); print('ok')
    except ValueError as e: print('ValueError', e)
