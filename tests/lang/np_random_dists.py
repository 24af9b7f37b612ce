# numpy.random's legacy distributions added for issue 22 (noncentral chi-square and F, von Mises, Zipf,
# log-series, hypergeometric by HRUA and by sampling, tomaxint): numpy 1.24's numbers for several seeds,
# scalar and array arguments, and numpy's errors (scalar and array messages differ).
import numpy as np
for sd in (0, 7, 12345):
    np.random.seed(sd)
    print(np.random.noncentral_chisquare(3, 2, 4), np.random.noncentral_chisquare(0.5, 1.5, 3), np.random.noncentral_chisquare(2.0, 0.0))
    print(np.random.noncentral_f(3, 5, 1.5, 3), np.random.noncentral_f(0.7, 2, 0.3))
    print(np.random.vonmises(0.5, 4.0, 4), np.random.vonmises(-3, 1e-6, 2), np.random.vonmises(3.0, 1e-9), np.random.vonmises([0, 1, 2], 2.0))
    print(np.random.zipf(2.0, 6), np.random.zipf(1.3, 4), np.random.zipf(5))
    print(np.random.logseries(0.6, 6), np.random.logseries(0.99, 4), np.random.logseries(0.01))
    print(np.random.hypergeometric(10, 5, 4, 6), np.random.hypergeometric(100, 200, 50, 4), np.random.hypergeometric(3, 900, 40),
          np.random.hypergeometric([5, 50], [5, 60], [3, 20]), np.random.hypergeometric(5, 5, 10, 2))
    print(np.random.RandomState(sd).tomaxint(3), np.random.rayleigh(2.0, 3))
    rs = np.random.RandomState(sd)
    print(rs.tomaxint(), rs.zipf(3.0), rs.logseries(0.3), rs.noncentral_chisquare([1.0, 4.0], 1.0), rs.noncentral_f(2, 3, [0.0, 1.0]))
np.random.seed(1)
x = np.random.hypergeometric(400, 300, 200, 20000)
print(x.sum(), x[-4:])
x = np.random.vonmises(1.0, 0.5, 20000)
print(x.sum(), x[-2:])
x = np.random.zipf(1.5, 20000)
print(x.max(), x[-4:], np.random.logseries(0.9, 20000).sum())
for f in [lambda: np.random.zipf(1.0), lambda: np.random.zipf([2.0, 0.5]), lambda: np.random.zipf(float('nan')),
          lambda: np.random.logseries(1.0), lambda: np.random.logseries([0.5, -0.1]), lambda: np.random.vonmises(0, -1),
          lambda: np.random.noncentral_chisquare(0, 1), lambda: np.random.noncentral_chisquare(1, -1), lambda: np.random.noncentral_f(1, 0, 1),
          lambda: np.random.noncentral_f(1, 2, -1), lambda: np.random.hypergeometric(2, 2, 5), lambda: np.random.hypergeometric(-1, 2, 1),
          lambda: np.random.hypergeometric(2, 2, 0), lambda: np.random.hypergeometric([2, 3], 2, [0, 1]), lambda: np.random.hypergeometric(2, -2, 0)]:
    try: f(); print('ok')
    except ValueError as e: print('ValueError', e)
