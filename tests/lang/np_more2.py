# More of numpy's namespace against numpy 1.24: index tricks, einsum and
# tensordot, insert/delete, splitting, take_along_axis, triangles, windows,
# trapz, polynomials, dtype predicates, and the math ufuncs (printed to 12
# decimals: numpy's vector math and the C library's can differ in the
# last bit).
import numpy as np

x = np.array([-2.0, -0.5, 0.0, 0.25, 0.9, 3.0])
p = np.array([0.5, 1.0, 2.0, 10.0])
for f in (np.arcsin, np.arccos, np.arctan, np.arcsinh, np.arctanh, np.sinh, np.cosh, np.tan, np.exp2, np.expm1,
          np.cbrt, np.fabs, np.sinc):
    with np.errstate(invalid='ignore', divide='ignore'):
        v = np.clip(x, -0.9, 0.9) if f in (np.arcsin, np.arccos, np.arctanh) else x
        print(f.__name__, np.round(f(v), 12))
print(np.round(np.log2(p), 12), np.round(np.log10(p), 12), np.round(np.arccosh(p + 1), 12))
print(np.round(np.arctan2(x, 2.0), 12), np.hypot(3.0, 4.0), np.copysign(2.0, x), np.fmod(np.array([7, -7]), 3),
      np.fmod(np.array([7.5, -7.5]), 2), np.round(np.logaddexp(x, 1.0), 12), np.heaviside(x, 0.5),
      np.gcd(np.array([12, 18]), 8), np.lcm(4, np.array([6, 10])), np.left_shift(1, np.arange(4)),
      np.right_shift(np.array([16, 8]), 2), np.ldexp(1.5, np.arange(3)), np.frexp(np.array([8.0, 3.0])),
      np.modf(np.array([2.5, -1.25])), np.divmod(np.array([7, -7]), 2), np.spacing(1.0) == np.finfo(float).eps)
print(np.nan_to_num(np.array([np.nan, np.inf, -np.inf, 1.0])), np.isposinf(np.array([np.inf, 1])),
      np.isneginf(np.array([-np.inf, 1])), np.conj(np.arange(3)), np.angle(np.array([-1.0, 1.0])), np.real(np.arange(2)),
      np.imag(np.arange(2)), np.isreal(np.ones(2)), np.iscomplexobj(np.ones(2)))
print(np.mgrid[0:3, 0:2], np.ogrid[0:2, 0:3], np.mgrid[0:1:5j], np.r_[1:4, 7, np.array([8, 9])], np.r_[0:1:3j],
      np.c_[np.arange(2), np.arange(2, 4)], np.s_[1:3], np.index_exp[2], np.ix_([0, 1], [2, 3]))
a = np.arange(12).reshape(3, 4)
print(np.unravel_index(7, (3, 4)), np.unravel_index(np.array([1, 11]), (3, 4)), np.ravel_multi_index(([0, 2], [1, 3]), (3, 4)),
      np.diag_indices(2), np.tri(3, 4, 1), np.tril_indices(3), np.triu_indices(3, 1), np.triu_indices_from(a))
b = np.zeros((3, 3))
np.fill_diagonal(b, [1, 2, 3])
print(b, np.hsplit(a, 2), np.vsplit(a, 3), np.rollaxis(np.ones((2, 3, 4)), 2).shape, np.resize(np.arange(3), (2, 4)))
print(np.delete(a, 1, axis=0), np.delete(np.arange(6), [0, 2]), np.insert(np.arange(4), 1, 9), np.insert(a, 2, 0, axis=1),
      np.compress([True, False, True], a, axis=0), np.choose([0, 1, 0], [[1, 2, 3], [10, 20, 30]]),
      np.select([x < 0, x > 1], [x * 10, x * 100], -1), np.extract(a % 5 == 0, a))
c = np.arange(6)
np.put(c, [0, 2], [-1, -2])
np.putmask(c, c > 3, 0)
print(c, np.take_along_axis(a, np.array([[0], [3], [1]]), 1), np.trim_zeros(np.array([0, 0, 1, 2, 0])),
      np.ediff1d(np.array([1, 4, 9]), to_end=[0]), np.block([[np.ones((2, 2)), np.zeros((2, 1))], [np.zeros((1, 3))]]))
print(np.msort(np.array([[3, 1], [1, 2]])))
print(np.einsum('ij,jk->ik', a, a.T), np.einsum('ii', np.eye(3) * 2), np.einsum('i,i', p, p), np.einsum('ij->ji', a),
      np.einsum('ij', a).shape, np.einsum('bij,bjk->bik', np.ones((2, 2, 3)), np.ones((2, 3, 1))).shape,
      np.tensordot(np.ones((2, 3, 4)), np.ones((3, 4, 5))).shape, np.tensordot(a, a, axes=([1], [1])))
print(np.round(np.hanning(5), 12), np.hamming(1), np.round(np.blackman(4), 12), np.bartlett(5), np.round(np.kaiser(4, 5.0), 10),
      np.trapz([1, 2, 3]), np.trapz([1.0, 2.0], x=[0.0, 0.5]), np.vander(np.array([1, 2, 3])), np.geomspace(1, 1000, 4))
q = np.poly1d([1, -3, 2])
print(q(2), q.order, q.deriv().coeffs, np.polyadd([1, 2], [1, 0, 0]), np.polysub([1, 2], [3]), np.polymul([1, 1], [1, -1]),
      np.polyder([1, 2, 3]), np.polyint([3, 2, 1]))
print(np.issubdtype(np.float32, np.floating), np.issubdtype(np.int32, np.integer), np.issubdtype('f8', float),
      np.issubdtype(np.int64, np.signedinteger), np.issubdtype(np.bool_, np.number), np.common_type(np.arange(2)),
      np.mintypecode(['d', 'f']), np.typename('d'), np.base_repr(255, 16), np.binary_repr(5, 8), np.binary_repr(-3, 4),
      np.asfarray([1, 2]).dtype, np.isfortran(np.ones((2, 2)).T), np.fromiter(range(4), dtype=float),
      np.fromstring('1 2 3', dtype=int, sep=' '), np.typecodes['AllFloat'], np.sctypeDict['f8'].__name__)
print(np.piecewise(x, [x < 0, x >= 0], [-1, 1]), np.piecewise(x, [x < 0], [lambda v: -v, lambda v: v * 2]),
      np.unwrap(np.array([0.0, 3.0, 6.5, -3.0])), np.histogram_bin_edges(np.arange(5), 2), np.nanpercentile([1, np.nan, 3], 50),
      np.nanquantile(np.array([1.0, 2.0, np.nan]), 0.5), np.nancumprod(np.array([2.0, np.nan, 3.0])), np.product([2, 3]),
      np.alltrue([1, 1]), np.sometrue([0, 0]), np.diagflat([1, 2]), np.diagonal(a, 1))
bc = np.broadcast(np.arange(3).reshape(3, 1), np.arange(2))
print(bc.shape, bc.size, list(bc)[:3])
try:
    np.asarray_chkfinite([1.0, np.nan])
except ValueError as e:
    print(e)
m = np.arange(6).reshape(2, 3).T
m.itemset(4, 99)
m.itemset((0, 1), -5)
print(m, m.searchsorted(3) if False else np.arange(5).searchsorted([1, 3]), np.arange(4.0).byteswap().byteswap(),
      np.array([3, 1, 2]).argpartition(1), m.compress([True, False], axis=1), np.array([0, 1]).choose([[5, 6], [7, 8]]))
n = np.array([3, 1, 2])
n.partition(1)
n.put([0], [7])
print(n, tuple(m.ctypes.shape), np.arange(3).tostring() == np.arange(3).tobytes())
