# numpy functions composed from the core (rounding, finfo/iinfo, statistics, searching,
# sets, interp, polynomials, pad, ...) against numpy 1.24.
import numpy as np
print(np.finfo(np.float32)); print(repr(np.finfo(np.float64))); print(np.iinfo(np.int32)); print(repr(np.iinfo('int64')))
f=np.finfo(np.float32); print(f.eps, f.max, f.min, f.tiny, f.resolution, f.bits, f.dtype, f.precision, f.smallest_normal, type(f.eps).__name__)
print(np.percentile(np.arange(10.), [25, 50]), np.median(np.array([3,1,2,4])), np.quantile(np.arange(5), 0.3))
print(np.histogram(np.array([1,2,2,3,5.]), bins=3))
print(np.bincount(np.array([0,1,1,3])), np.digitize(np.array([0.2,6.4,3.0]), np.array([0.,1.,2.5,4.])), np.searchsorted(np.array([1,2,3]), [2, 5], side='right'))
print(np.interp([0.5, 2.5], [0,1,2,3], [0,10,20,30]), np.cov(np.array([[1.,2,3],[2,4,7]])), np.corrcoef(np.array([1.,2,3]), np.array([2.,4,7])))
print(np.polyval([1,2,3], 2), np.cross([1,0,0],[0,1,0]), np.kron([1,2],[1,10]), np.convolve([1,2,3],[0,1,.5]), np.gradient(np.array([1.,2,4,7])))
print(np.nansum([1, np.nan]), np.nanmean([1,np.nan,3]), np.nanmax([1,np.nan]), np.isin([1,2,5],[2,5]), np.average([1,2,3], weights=[3,2,1]))
print(np.pad(np.arange(3), 2), np.pad(np.arange(3), (1,2), mode='edge'), np.rot90(np.arange(4).reshape(2,2)), np.floor(np.array([-1.5, 2.5])), np.ceil(np.array([-1.5])), np.trunc(np.array([-1.7])), np.rint(np.array([0.5,1.5,2.5])))
x = np.array([-2.5, -1.5, -0.5, -0.3, 0.0, -0.0, 0.3, 0.5, 1.5, 2.5, 1e30, -np.inf, np.nan, 4503599627370497.0, 0.49999999999999994])
for f in (np.floor, np.ceil, np.trunc, np.rint, np.signbit):
    print(f.__name__, f(x), f(x.astype(np.float32)))
print(np.floor(np.arange(3)), np.rad2deg(np.pi), np.fmax([1, np.nan], [np.nan, 2]))
print(np.median(np.arange(12.).reshape(3, 4), axis=1), np.percentile(np.arange(12).reshape(3, 4), 75, axis=0), np.nanmedian([1, np.nan, 3]))
print(np.unique(np.array([1, 1, 2])), np.union1d([1, 3], [2, 3]), np.intersect1d([1, 2, 3], [2, 3, 4]), np.setdiff1d([1, 2, 3], [2]))
print(np.fromfunction(lambda i, j: i + j, (2, 3)), np.indices((2, 2)), np.pad(np.ones((2, 2)), 1), np.lexsort(([1, 2, 1], [0, 0, 1])))
print(np.vectorize(lambda a, b: a * b + 1)(np.arange(3), 2), np.apply_along_axis(np.sum, 1, np.arange(6).reshape(2, 3)))
print(list(np.ndindex(2, 2)), [(i, int(v)) for i, v in np.ndenumerate(np.array([[1, 2]]))], np.isscalar(3.0), np.isscalar([1]))
with np.errstate(divide='ignore'):
    print(np.geterr()['divide'])
print(np.histogram(np.arange(10), bins=[0, 3, 10]), np.histogram(np.array([1., 2, 3]), bins=2, density=True))
print(np.average(np.arange(6).reshape(2, 3), axis=1, weights=[1, 0, 1]))
