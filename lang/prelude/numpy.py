# numpy.py: cgrad's numpy (`import numpy as np`), numpy 1.24's behaviour
# over cgrad's engine: arrays are engine tensors seen through numpy's rules,
# so torch.from_numpy and Tensor.numpy() share memory with them.
# docs/numpy.md lists what is here.
from numpy._dtypes import dtype, promote_types, can_cast, min_scalar_type, generic, number, integer, \
    signedinteger, unsignedinteger, inexact, floating, complexfloating, flexible, character, bool_, int8, uint8, \
    int16, uint16, int32, uint32, int64, uint64, float16, float32, float64, complex64, complex128
from numpy._scalars import _coerce
from numpy._ndarray import ndarray, flagsobj, flatiter
from numpy._exceptions import AxisError, ComplexWarning, VisibleDeprecationWarning, TooHardError, RankWarning
from numpy._creation import array, asarray, asanyarray, ascontiguousarray, asfortranarray, copy, zeros, ones, \
    empty, full, zeros_like, ones_like, empty_like, full_like, arange, linspace, logspace, eye, identity
from numpy._ufunc import ufunc, add, subtract, multiply, true_divide, divide, floor_divide, remainder, mod, \
    power, maximum, minimum, equal, not_equal, less, less_equal, greater, greater_equal, logical_and, \
    logical_or, logical_xor, logical_not, bitwise_and, bitwise_or, bitwise_xor, invert, bitwise_not, negative, \
    positive, absolute, sign, square, reciprocal, isnan, isinf, isfinite, sqrt, exp, log, log1p, sin, cos, tanh
from numpy._reduce import sum, prod, mean, var, std, amax, amin, max, min, ptp, argmax, argmin, all, any, \
    count_nonzero, cumsum, cumprod
from numpy._funcs import shape, ndim, size, reshape, ravel, transpose, swapaxes, moveaxis, squeeze, \
    expand_dims, atleast_1d, atleast_2d, atleast_3d, concatenate, stack, vstack, row_stack, hstack, dstack, \
    column_stack, array_split, split, where, clip, around, round_, dot, matmul, vdot, inner, outer, isclose, \
    allclose, array_equal, array_equiv, sort, argsort, unique, argwhere, flatnonzero, nonzero, diag, trace, \
    copyto, result_type, broadcast_shapes, broadcast_to, broadcast_arrays, tile, repeat, flip, fliplr, \
    flipud, roll, append, diff, tril, triu, meshgrid, take
from numpy._more import floor, ceil, trunc, rint, fix, rad2deg, deg2rad, degrees, radians, fmax, fmin, signbit, \
    finfo, iinfo, quantile, percentile, median, average, nansum, nanprod, nanmean, nanvar, nanstd, nanmax, nanmin, \
    nanargmax, nanargmin, nanmedian, nancumsum, cov, corrcoef, histogram, bincount, searchsorted, digitize, isin, \
    in1d, intersect1d, union1d, setdiff1d, setxor1d, interp, polyval, cross, kron, convolve, correlate, gradient, \
    pad, rot90, fromfunction, indices, isscalar, iterable, shares_memory, may_share_memory, seterr, geterr, \
    errstate, seterrcall, geterrcall, ndindex, ndenumerate, vectorize, apply_along_axis, lexsort
from numpy._more2 import ALLOW_THREADS, BUFSIZE, CLIP, ERR_CALL, ERR_DEFAULT, ERR_IGNORE, ERR_LOG, ERR_PRINT, \
    ERR_RAISE, ERR_WARN, FLOATING_POINT_SUPPORT, FPE_DIVIDEBYZERO, FPE_INVALID, FPE_OVERFLOW, FPE_UNDERFLOW, \
    MAXDIMS, MAY_SHARE_BOUNDS, MAY_SHARE_EXACT, RAISE, SHIFT_DIVIDEBYZERO, SHIFT_INVALID, SHIFT_OVERFLOW, \
    SHIFT_UNDERFLOW, ScalarType, UFUNC_BUFSIZE_DEFAULT, UFUNC_PYVALS_NAME, WRAP, add_docstring, add_newdoc, \
    add_newdoc_ufunc, alltrue, angle, arccos, arccosh, arcsin, arcsinh, arctan, arctan2, arctanh, argpartition, \
    asarray_chkfinite, asfarray, bartlett, base_repr, binary_repr, blackman, block, broadcast, byte_bounds, c_, \
    cbrt, choose, common_type, compress, conj, conjugate, copysign, cosh, cumproduct, delete, deprecate, \
    deprecate_with_doc, diag_indices, diag_indices_from, diagflat, diagonal, disp, divmod, dsplit, ediff1d, einsum, \
    exp2, expm1, extract, fabs, fill_diagonal, find_common_type, float_power, fmod, frexp, fromiter, frompyfunc, \
    fromstring, gcd, geomspace, get_array_wrap, get_include, getbufsize, geterrobj, hamming, hanning, \
    heaviside, histogram_bin_edges, hsplit, hypot, i0, imag, index_exp, info, insert, iscomplex, iscomplexobj, \
    isfortran, isneginf, isposinf, isreal, isrealobj, issctype, issubdtype, issubsctype, ix_, kaiser, \
    kernel_version, lcm, ldexp, left_shift, log10, log2, logaddexp, logaddexp2, lookfor, mask_indices, \
    maximum_sctype, mgrid, mintypecode, modf, msort, nan_to_num, nancumprod, nanpercentile, nanquantile, nextafter, \
    obj2sctype, ogrid, partition, piecewise, place, poly1d, polyadd, polyder, polyint, polymul, polysub, product, \
    put, put_along_axis, putmask, r_, ravel_multi_index, real, real_if_close, require, resize, right_shift, \
    rollaxis, s_, safe_eval, sctype2char, sctypeDict, sctypes, select, set_string_function, setbufsize, \
    seterrobj, show_config, show_runtime, sinc, sinh, sometrue, sort_complex, source, spacing, take_along_axis, tan, \
    tensordot, tracemalloc_domain, trapz, tri, tril_indices, tril_indices_from, trim_zeros, triu_indices, \
    triu_indices_from, typecodes, typename, unravel_index, unwrap, use_hugepage, vander, vsplit, who
from numpy._npyio import save, load, savez, savez_compressed, loadtxt, savetxt, genfromtxt, frombuffer
from numpy._print import set_printoptions, get_printoptions, printoptions, array2string, array_repr, \
    array_str, format_float_positional, format_float_scientific

import numpy.linalg as linalg
import numpy.random as random
from numpy._more2 import polyfit, polydiv, roots, histogram2d, fastCopyAndTranspose
from numpy._more3 import ModuleDeprecationWarning, issubclass_, nbytes, cast, packbits, unpackbits, \
    apply_over_axes, histogramdd, fromfile
import numpy.version as version
import math
from numpy._scalars import _borrow_array_methods
_borrow_array_methods()
del _borrow_array_methods

__version__ = '1.24.2'

abs = absolute
round = around
concat = concatenate
bool8 = bool_
byte = int8
ubyte = uint8
short = int16
ushort = uint16
intc = int32
uintc = uint32
int_ = int64
intp = int64
longlong = int64
uint = uint64
uintp = uint64
ulonglong = uint64
half = float16
single = float32
double = float64
float_ = float64
longdouble = float64
csingle = complex64
cdouble = complex128
complex_ = complex128
cfloat = complex128

pi = 3.141592653589793
e = 2.718281828459045
euler_gamma = 0.5772156649015329
inf = float('inf')
Inf = inf
Infinity = inf
infty = inf
PINF = inf
NINF = float('-inf')
nan = float('nan')
NaN = nan
NAN = nan
PZERO = 0.0
NZERO = -0.0
newaxis = None
little_endian = True
True_ = bool_(True)
False_ = bool_(False)


def _from_tensor(t, base):
    """Tensor.numpy(): an array over the memory of t (an alias of the tensor
    `base`, which numpy shows as the array's base)."""
    from numpy._ndarray import _wrap
    return _wrap(t, base)


def _tensor_of(a):
    """torch.from_numpy(a): the tensor over a's memory."""
    if not isinstance(a, ndarray):
        raise TypeError('expected np.ndarray (got ' + type(a).__name__ + ')')
    return a._t


def _methods_in_c():
    # ndarray's + - * /, comparisons, indexing, len, -, abs and sum, and
    # ufunc calls, go to C first, the methods the modules above put there
    # behind them (Note [ndarray operators in C] in lang/numpy/fast_methods.c)
    from numpy._fast import methods, shape
    ndarray.shape = property(shape, ndarray.shape.fset)
    methods(ndarray, ufunc)


_methods_in_c()
del _methods_in_c
