# statistics: averages, spread and the two-variable functions on ints,
# floats, Fractions and Decimals (results exact as CPython's, of the data's
# type), NormalDist, and the StatisticsError messages.
import statistics as st
from statistics import StatisticsError
from fractions import Fraction as F
from decimal import Decimal as D
import math

ints = [1, 2, 2, 3, 4, 7, 9]
floats = [2.5, 3.25, 5.5, 11.25, 0.1, 0.7]
fracs = [F(1, 2), F(3, 4), F(5, 6), F(7, 8)]
decs = [D('0.5'), D('1.75'), D('3.25'), D('1.1')]
mixed = [1, 2.5, True, 4]
for data in [ints, floats, fracs, decs, mixed, [1e300, 3e300, -2e300], [0.1] * 10, range(1, 8), [5]]:
    print(repr(st.mean(data)), repr(st.fmean(data)), repr(st.median(data)), repr(st.median_low(data)),
          repr(st.median_high(data)), repr(st.median_grouped(data)), repr(st.median_grouped(data, 2)))
for data in [ints, floats, fracs, decs, mixed, [0.1] * 10, range(1, 8), [1.5, 2.5], [10**20, 10**20 + 1]]:
    print(repr(st.variance(data)), repr(st.pvariance(data)), repr(st.stdev(data)), repr(st.pstdev(data)))
print(repr(st.variance(ints, 3)), repr(st.pvariance(floats, 4.0)), repr(st.stdev(fracs, F(3, 4))),
      repr(st.pstdev(decs, D(2))))
for data in [[1, 2, 4], [2.5, 3.5, 4.5], fracs, decs, [1, 0, 5], [40, 60]]:
    print(repr(st.harmonic_mean(data)), repr(st.geometric_mean([x for x in data if x] or [1])))
print(repr(st.harmonic_mean([40, 60], weights=[5, 30])), repr(st.harmonic_mean([2.5]), ), repr(st.fmean([1, 2, 3], weights=[0.25, 0.25, 0.5])))
print(st.mode([1, 1, 2, 3, 3]), st.mode('aabbbbccddddeeffffgg'), st.mode(['red', 'blue', 'blue', 'red']),
      st.multimode('aabbbbccddddeeffffgg'), st.multimode([]), st.multimode(iter([3, 1, 3, 1, 2])))
data = [105, 129, 87, 86, 111, 111, 89, 81, 108, 92, 110, 100, 75, 105, 103, 109, 76, 119, 99, 91, 103, 129,
        106, 101, 84, 111, 74, 87, 86, 103, 103, 106, 86, 111, 75, 87, 102, 121, 111, 88, 89, 101, 106, 95,
        103, 107, 101, 81, 109, 104]
print(st.quantiles(data), st.quantiles(data, n=10), st.quantiles(data, n=10, method='inclusive'))
print(st.quantiles([1.5, 2.5], n=3), st.quantiles(fracs, n=5), st.quantiles(decs, n=2), st.quantiles([1, 2], n=1))
x = [1, 2, 3, 4, 5, 6, 7, 8, 9]
y = [1, 2, 3, 1, 2, 3, 1, 2, 3]
z = [9, 8, 7, 6, 5, 4, 3, 2, 1]
print(st.covariance(x, y), st.covariance(z, x), st.covariance(x, x), st.correlation(x, x), st.correlation(x, z),
      st.correlation(x, y))
r = st.linear_regression(x, y)
print(r, r.slope, r.intercept, st.linear_regression(x, z), st.linear_regression([1, 2, 3], [2.1, 3.9, 6.2], proportional=True))
print(tuple(r), r == (r.slope, r.intercept), type(r).__name__)

nd = st.NormalDist(100, 15)
print(nd, nd.mean, nd.median, nd.mode, nd.stdev, nd.variance)
print(nd.pdf(110), nd.cdf(130), nd.inv_cdf(0.975), nd.inv_cdf(0.5), nd.inv_cdf(1e-10), nd.inv_cdf(0.9999),
      nd.zscore(85), nd.quantiles(), nd.quantiles(10))
print(nd.overlap(st.NormalDist(110, 20)), nd.overlap(st.NormalDist(90, 15)), st.NormalDist(0, 1).overlap(st.NormalDist(0, 1)))
print(nd + 10, nd - 5, nd * 2, nd / -3, 2 * nd, 10 - nd, -nd, +nd, nd + st.NormalDist(0, 20), nd - st.NormalDist(5, 8))
print(nd == st.NormalDist(100.0, 15.0), nd == st.NormalDist(100, 16), nd == 3, hash(nd) == hash(st.NormalDist(100, 15)))
print(st.NormalDist.from_samples([2.5, 3.1, 2.1, 2.4, 2.7, 3.5]), st.NormalDist(5, 2).samples(4, seed=42))
print(st.NormalDist().inv_cdf(0.3), st.NormalDist(-2, 0.5).cdf(-2), st.NormalDist(1, 3).pdf(1))

for f in [lambda: st.mean([]), lambda: st.fmean([]), lambda: st.median([]), lambda: st.median_low([]),
          lambda: st.median_high([]), lambda: st.median_grouped([]), lambda: st.mode([]), lambda: st.variance([1]),
          lambda: st.pvariance([]), lambda: st.stdev([1]), lambda: st.pstdev([]), lambda: st.harmonic_mean([]),
          lambda: st.harmonic_mean([1, -1]), lambda: st.harmonic_mean([-2]), lambda: st.harmonic_mean([1, 2], weights=[1]),
          lambda: st.geometric_mean([1, -2]), lambda: st.geometric_mean([]), lambda: st.quantiles([1], n=4),
          lambda: st.quantiles([1, 2], n=0), lambda: st.quantiles([1, 2], method='x'), lambda: st.covariance([1, 2], [1]),
          lambda: st.covariance([1], [1]), lambda: st.correlation([1, 1, 1], [1, 2, 3]), lambda: st.correlation([1], [2, 3]),
          lambda: st.linear_regression([1, 1], [1, 2]), lambda: st.linear_regression([1], [1]),
          lambda: st.fmean([1, 2], weights=[1]), lambda: st.fmean([1, 2], weights=[1, -1]),
          lambda: st.NormalDist(0, -1), lambda: st.NormalDist(0, 0).pdf(1), lambda: st.NormalDist(0, 0).cdf(1),
          lambda: st.NormalDist().inv_cdf(1.0), lambda: st.NormalDist(0, 0).inv_cdf(0.5),
          lambda: st.NormalDist(0, 0).zscore(1), lambda: st.NormalDist().overlap(3),
          lambda: st.NormalDist(0, 0).overlap(st.NormalDist()), lambda: st.mean([1.5, D('1.5')]),
          lambda: st.mean(['a', 'b']), lambda: st.harmonic_mean(['x']), lambda: st.median_grouped(['a', 'b'])]:
    try:
        print(f())
    except (StatisticsError, TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(issubclass(StatisticsError, ValueError), sorted(n for n in st.__all__))
print(st.mean([math.inf, 1]), st.mean([math.nan, 1]), st.variance([math.inf, 1.0]), st.mean([F(1, 3), 0.5]), st.mean([2, F(1, 3)]))
