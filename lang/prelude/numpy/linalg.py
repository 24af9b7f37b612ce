# numpy/linalg.py: numpy.linalg over OpenBLAS's LAPACK (numpy._lapack, the
# library Debian's numpy links too), calling the routines numpy 1.24's
# umath_linalg calls with the same arguments, so results carry numpy's
# bits: inv and solve by gesv, det and slogdet by getrf (det as
# sign * exp(logdet), as numpy), eigh/eigvalsh by syevd, eig/eigvals by
# geev, svd by gesdd, qr by geqrf + orgqr, cholesky by potrf, lstsq by
# gelsd; the rest (norm, pinv, matrix_rank, matrix_power, multi_dot, cond)
# composed as numpy composes them. Stacked matrices (..., M, N) are
# handled one matrix at a time. Complex results are not supported yet.
import builtins
import math
import torch
import numpy._lapack as _lapack
from numpy._dtypes import _BY_NAME, promote_types
from numpy._ndarray import ndarray, _wrap, _scalar, _norm_axis
from numpy._creation import asarray, array, zeros, eye, empty
import numpy._ufunc as _uf
from numpy._reduce import sum as _sum, amax as _amax, amin as _amin, count_nonzero as _count_nonzero


class LinAlgError(ValueError):
    """numpy's error for a failed linear-algebra computation."""


LinAlgError.__module__ = 'numpy.linalg'


def _as_float(*arrays):
    """The arrays in float64, which numpy.linalg computes in whatever the
    input (numpy's _commonType), and the dtype its results take: float32
    when every input is float32, else float64."""
    arrs = [asarray(a) for a in arrays]
    for a in arrs:
        if a.dtype.kind == 'c':
            raise TypeError('cgrad: complex arrays are not supported by numpy.linalg yet')
        if a.dtype.name == 'float16':
            raise TypeError('array type float16 is unsupported in linalg')
    single = all(a.dtype.name == 'float32' for a in arrs)
    d = _BY_NAME['float32'] if single else _BY_NAME['float64']
    f64 = _BY_NAME['float64']
    return [a.astype(f64) if a.dtype is not f64 else a for a in arrs], d


def _res(v, d):
    """A result in the result dtype d (numpy casts at the end)."""
    if d.name == 'float64':
        return v
    if isinstance(v, tuple):
        return tuple(_res(x, d) for x in v)
    if isinstance(v, ndarray):
        return v.astype(d) if v.dtype.kind == 'f' else v
    return d.type(v) if isinstance(v, (builtins.float,)) or getattr(v, 'dtype', None) is not None and \
        v.dtype.kind == 'f' else v


def _stacked_2d(*arrays):
    for a in arrays:
        if a.ndim < 2:
            raise LinAlgError('%d-dimensional array given. Array must be at least two-dimensional' % a.ndim)


def _stacked_square(*arrays):
    for a in arrays:
        if a.shape[-1] != a.shape[-2]:
            raise LinAlgError('Last 2 dimensions of the array must be square')


def _fortran(t):
    """A contiguous tensor holding matrix t (rows x cols) column by column."""
    return t.transpose(0, 1).contiguous()


def _from_fortran(t, rows, cols):
    """The rows x cols matrix stored column by column in t."""
    return t.reshape(cols, rows).transpose(0, 1).contiguous()


def _batch(a):
    """a's matrices, one by one, and a function to stack results back."""
    lead = a.shape[:-2]
    flat = a._t.reshape((-1,) + tuple(a.shape[-2:]))
    return [flat[i] for i in range(flat.shape[0])], lead


def _restack(mats, lead, tail):
    if not mats:
        return torch.empty(tuple(lead) + tuple(tail))
    t = torch.stack(mats, 0)
    return t.reshape(tuple(lead) + tuple(t.shape[1:]))


def inv(a):
    (a,), d = _as_float(a)
    _stacked_2d(a)
    _stacked_square(a)
    n = a.shape[-1]
    mats, lead = _batch(a)
    out = []
    for m in mats:
        f = _fortran(m)
        b = torch.eye(n, dtype=m.dtype)
        if _lapack.gesv(f, b, n, n) > 0:
            raise LinAlgError('Singular matrix')
        out.append(_from_fortran(b, n, n))
    return _res(_wrap(_restack(out, lead, (n, n)).to(m.dtype if mats else torch.float64)), d)


def solve(a, b):
    (a, b), d = _as_float(a, b)
    _stacked_2d(a)
    _stacked_square(a)
    n = a.shape[-1]
    vector = b.ndim == 1 or (b.ndim == a.ndim - 1 and b.shape == a.shape[:-1])
    bb = b.reshape(b.shape + (1,)) if vector else b
    if bb.shape[-2] != n:
        raise ValueError('solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature '
                         '(m,m),(m)->(m) (size ' + str(bb.shape[-2]) + ' is different from ' + str(n) + ')'
                         if vector else
                         'solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature '
                         '(m,m),(m,n)->(m,n) (size ' + str(bb.shape[-2]) + ' is different from ' + str(n) + ')')
    lead = a.shape[:-2]
    from numpy._funcs import broadcast_to
    if bb.shape[:-2] != lead:
        shape = tuple(torch.broadcast_shapes(torch.Size(lead), torch.Size(bb.shape[:-2]))) \
            if hasattr(torch, 'broadcast_shapes') else lead
        a = broadcast_to(a, shape + a.shape[-2:])
        bb = broadcast_to(bb, shape + bb.shape[-2:])
        lead = shape
    am, _ = _batch(a)
    bm, _ = _batch(bb)
    k = bb.shape[-1]
    out = []
    for ma, mb in zip(am, bm):
        fa = _fortran(ma)
        fb = _fortran(mb)
        if _lapack.gesv(fa, fb, n, k) > 0:
            raise LinAlgError('Singular matrix')
        out.append(_from_fortran(fb, n, k))
    r = _restack(out, lead, (n, k))
    if vector:
        r = r.reshape(tuple(lead) + (n,))
    return _res(_wrap(r), d)


def _slogdet_one(m, n):
    f = _fortran(m)
    piv = torch.zeros(builtins.max(n, 1), dtype=torch.int32)
    info = _lapack.getrf(f, piv, n, n)
    if info > 0:
        return 0.0, float('-inf')
    p = piv.tolist()
    sign = -1.0 if builtins.sum(1 for i in range(n) if p[i] != i + 1) % 2 else 1.0
    diag = f.reshape(n, n).diagonal(0, 0, 1).tolist() if hasattr(f, 'diagonal') else \
        [f.reshape(-1)[i * n + i].item() for i in range(n)]
    logdet = 0.0
    for v in diag:
        if v < 0:
            sign = -sign
            v = -v
        logdet += math.log(v) if v > 0 else float('-inf')
    return sign, logdet


def slogdet(a):
    (a,), d = _as_float(a)
    _stacked_2d(a)
    _stacked_square(a)
    n = a.shape[-1]
    mats, lead = _batch(a)
    res = [_slogdet_one(m, n) for m in mats]
    if not lead:
        s, l = res[0]
        return _res((_scalar(s, _BY_NAME['float64']), _scalar(l, _BY_NAME['float64'])), d)
    return _res((array([r[0] for r in res]).reshape(lead), array([r[1] for r in res]).reshape(lead)), d)


def det(a):
    (a,), d = _as_float(a)
    _stacked_2d(a)
    _stacked_square(a)
    n = a.shape[-1]
    mats, lead = _batch(a)
    vals = []
    for m in mats:
        s, l = _slogdet_one(m, n)
        vals.append(s * math.exp(l) if l != float('-inf') else s * 0.0)
    if not lead:
        return _res(_scalar(vals[0], _BY_NAME['float64']), d)
    return _res(array(vals).reshape(lead), d)


def _syevd(a, jobz, UPLO):
    if UPLO not in ('L', 'U'):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    (a,), d = _as_float(a)
    _stacked_2d(a)
    _stacked_square(a)
    n = a.shape[-1]
    mats, lead = _batch(a)
    ws, vs = [], []
    for m in mats:
        f = _fortran(m)
        w = torch.zeros(builtins.max(n, 1), dtype=m.dtype)
        if _lapack.syevd(f, w, n, jobz, UPLO) > 0:
            raise LinAlgError('Eigenvalues did not converge')
        ws.append(w[:n])
        vs.append(_from_fortran(f, n, n))
    return _res((_wrap(_restack(ws, lead, (n,))), (_wrap(_restack(vs, lead, (n, n))) if jobz == 'V' else None)), d)


def eigh(a, UPLO='L'):
    w, v = _syevd(a, 'V', UPLO)
    return (w, v)


def eigvalsh(a, UPLO='L'):
    return _syevd(a, 'N', UPLO)[0]


def _geev(a, jobvr):
    (a,), d = _as_float(a)
    _stacked_2d(a)
    _stacked_square(a)
    n = a.shape[-1]
    mats, lead = _batch(a)
    ws, vs = [], []
    for m in mats:
        f = _fortran(m)
        wr = torch.zeros(builtins.max(n, 1), dtype=m.dtype)
        wi = torch.zeros(builtins.max(n, 1), dtype=m.dtype)
        vr = torch.zeros(builtins.max(n * n, 1), dtype=m.dtype)
        if _lapack.geev(f, wr, wi, vr, n, jobvr) > 0:
            raise LinAlgError('Eigenvalues did not converge')
        if builtins.bool((wi[:n] != 0).any()):
            raise TypeError('cgrad: complex eigenvalues are not supported yet (numpy would return complex arrays)')
        ws.append(wr[:n])
        vs.append(_from_fortran(vr[:n * n], n, n))
    return _res((_wrap(_restack(ws, lead, (n,))), (_wrap(_restack(vs, lead, (n, n))) if jobvr == 'V' else None)), d)


def eig(a):
    w, v = _geev(a, 'V')
    return (w, v)


def eigvals(a):
    return _geev(a, 'N')[0]


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    (a,), d = _as_float(a)
    _stacked_2d(a)
    m, n = a.shape[-2], a.shape[-1]
    k = builtins.min(m, n)
    jobz = 'N' if not compute_uv else ('A' if full_matrices else 'S')
    mats, lead = _batch(a)
    ss, us, vts = [], [], []
    ucols = m if jobz == 'A' else k
    vrows = n if jobz == 'A' else k
    for mat in mats:
        f = _fortran(mat)
        s = torch.zeros(builtins.max(k, 1), dtype=mat.dtype)
        u = torch.zeros(builtins.max(m * ucols, 1), dtype=mat.dtype) if compute_uv else None
        vt = torch.zeros(builtins.max(vrows * n, 1), dtype=mat.dtype) if compute_uv else None
        if _lapack.gesdd(f, s, u, vt, m, n, jobz) > 0:
            raise LinAlgError('SVD did not converge')
        ss.append(s[:k])
        if compute_uv:
            us.append(_from_fortran(u[:m * ucols], m, ucols))
            vts.append(_from_fortran(vt[:vrows * n], vrows, n))
    S = _wrap(_restack(ss, lead, (k,)))
    if not compute_uv:
        return _res(S, d)
    return _res((_wrap(_restack(us, lead, (m, ucols))), S, _wrap(_restack(vts, lead, (vrows, n)))), d)


def qr(a, mode='reduced'):
    if mode not in ('reduced', 'complete', 'r', 'raw'):
        raise ValueError("Unrecognized mode '%s'" % mode)
    (a,), d = _as_float(a)
    _stacked_2d(a)
    m, n = a.shape[-2], a.shape[-1]
    k = builtins.min(m, n)
    mats, lead = _batch(a)
    qs, rs, hs, taus = [], [], [], []
    for mat in mats:
        f = _fortran(mat)
        tau = torch.zeros(builtins.max(k, 1), dtype=mat.dtype)
        _lapack.geqrf(f, tau, m, n)
        h = _from_fortran(f, m, n)
        r = torch.stack([torch.where(torch.arange(n) >= i, h[i], torch.zeros_like(h[i])) for i in range(m)]) \
            if m else h
        hs.append(f.reshape(n, m))
        taus.append(tau[:k])
        if mode == 'complete' and m > n:
            qn = m
        else:
            qn = k
        rs.append(r[:qn] if mode != 'r' else r[:k])
        if mode in ('reduced', 'complete'):
            q = torch.zeros(m * qn, dtype=mat.dtype)
            q[:m * builtins.min(qn, n)] = f[:builtins.min(qn, n)].reshape(-1)
            _lapack.orgqr(q, tau, m, qn, k)
            qs.append(_from_fortran(q, m, qn))
    if mode == 'raw':
        return _res((_wrap(_restack(hs, lead, (n, m))), _wrap(_restack(taus, lead, (k,)))), d)
    R = _wrap(_restack(rs, lead, tuple(rs[0].shape) if rs else (k, n)))
    if mode == 'r':
        return _res(R, d)
    return _res((_wrap(_restack(qs, lead, tuple(qs[0].shape) if qs else (m, k))), R), d)


def cholesky(a):
    (a,), d = _as_float(a)
    _stacked_2d(a)
    _stacked_square(a)
    n = a.shape[-1]
    mats, lead = _batch(a)
    out = []
    for m in mats:
        f = _fortran(m)
        if _lapack.potrf(f, n, 'L') > 0:
            raise LinAlgError('Matrix is not positive definite')
        L = _from_fortran(f, n, n)
        mask = torch.arange(n).reshape(n, 1) >= torch.arange(n).reshape(1, n)
        out.append(torch.where(mask, L, torch.zeros_like(L)))
    return _res(_wrap(_restack(out, lead, (n, n))), d)


def lstsq(a, b, rcond='warn'):
    (a, b), d = _as_float(a, b)
    is_1d = b.ndim == 1
    if is_1d:
        b = b.reshape(-1, 1)
    _stacked_2d(a, b)
    m, n = a.shape[-2], a.shape[-1]
    m2, nrhs = b.shape[-2], b.shape[-1]
    if m != m2:
        raise LinAlgError('Incompatible dimensions')
    if rcond == 'warn':
        import warnings
        warnings.warn('`rcond` parameter will change to the default of machine precision times ``max(M, N)`` where '
                      'M and N are the input matrix dimensions.\nTo use the future default and silence this warning '
                      'we advise to pass `rcond=None`, to keep using the old, explicitly pass `rcond=-1`.',
                      FutureWarning, stacklevel=2)
        rcond = -1
    if rcond is None:
        from numpy._more import finfo
        rcond = builtins.float(finfo(d).eps) * builtins.max(n, m)
    fa = _fortran(a._t)
    ldb = builtins.max(m, n)
    bt = torch.zeros((nrhs, ldb), dtype=fa.dtype)
    bt[:, :m] = b._t.transpose(0, 1)
    bt = bt.contiguous()
    s = torch.zeros(builtins.max(builtins.min(m, n), 1), dtype=fa.dtype)
    info, rank = _lapack.gelsd(fa, bt, s, m, n, nrhs, builtins.float(rcond))
    if info > 0:
        raise LinAlgError('SVD did not converge in Linear Least Squares')
    x = bt[:, :n].transpose(0, 1)
    if rank == n and m > n:
        rows = bt[:, n:m].tolist()
        resids = [0.0] * nrhs
        for j in range(nrhs):
            acc = 0.0
            for v in rows[j]:
                acc += v * v
            resids[j] = acc
        resid = array(resids, dtype=d)
    else:
        resid = empty((0,), dtype=d)
    X = _wrap(x.contiguous())
    if is_1d:
        X = X.reshape(-1)
    return _res((X, resid), d) + (builtins.int(rank), _res(_wrap(s[:builtins.min(m, n)]), d))


def pinv(a, rcond=1e-15, hermitian=False):
    a = asarray(a)
    if a.size == 0:
        m, n = a.shape[-2:]
        return empty(a.shape[:-2] + (n, m), dtype=a.dtype)
    u, s, vt = svd(a, full_matrices=False)
    cutoff = _uf.multiply(rcond, _amax(s, axis=-1, keepdims=True))
    large = _uf.greater(s, cutoff)
    s = _uf.true_divide(1, s, where=large, out=s)
    s[_uf.logical_not(large)] = 0
    from numpy._funcs import matmul
    return matmul(vt.swapaxes(-1, -2), _uf.multiply(s[..., None], u.swapaxes(-1, -2)))


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    A = asarray(A)
    if A.ndim < 2:
        return builtins.int(not builtins.bool(asarray(_uf.equal(A, 0)).all()))
    S = svd(A, compute_uv=False)
    if tol is None:
        from numpy._more import finfo
        tol = _uf.multiply(_amax(S, axis=-1, keepdims=True), builtins.max(A.shape[-2:]) * finfo(S.dtype).eps)
    else:
        tol = asarray(tol)[..., None]
    return _count_nonzero(_uf.greater(S, tol), axis=-1)


def matrix_power(a, n):
    a = asarray(a)
    _stacked_2d(a)
    _stacked_square(a)
    try:
        n = n.__index__()
    except AttributeError:
        raise TypeError('exponent must be an integer')
    from numpy._funcs import matmul
    if n == 0:
        r = zeros(a.shape, a.dtype)
        r[...] = eye(a.shape[-1], dtype=a.dtype)
        return r
    if n < 0:
        a = inv(a)
        n = builtins.abs(n)
    if n == 1:
        return a.copy()
    if n == 2:
        return matmul(a, a)
    if n == 3:
        return matmul(matmul(a, a), a)
    z = result = None
    while n > 0:
        z = a if z is None else matmul(z, z)
        n, bit = builtins.divmod(n, 2)
        if bit:
            result = z if result is None else matmul(result, z)
    return result


def _dot1d(x):
    x = x.ravel()
    if x.dtype.name in ('float64', 'float32'):
        t = x._t.contiguous()
        return _scalar(_lapack.dot(t, t, t.numel()), x.dtype)
    return _sum(_uf.multiply(x, x))


def norm(x, ord=None, axis=None, keepdims=False):
    x = asarray(x)
    if x.dtype.kind not in 'fc':
        x = x.astype(float)
    if axis is None:
        nd = x.ndim
        if ord is None or (ord in ('f', 'fro') and nd == 2) or (ord == 2 and nd == 1):
            ret = _uf.sqrt(_dot1d(x))
            if keepdims:
                ret = asarray(ret).reshape(nd * [1])
            return ret
    nd = x.ndim
    if axis is None:
        axis = tuple(range(nd))
    elif not isinstance(axis, tuple):
        try:
            axis = builtins.int(axis)
        except Exception:
            raise TypeError("'axis' must be None, an integer or a tuple of integers")
        axis = (axis,)
    if len(axis) == 1:
        if ord == float('inf'):
            return _amax(_uf.absolute(x), axis=axis, keepdims=keepdims)
        if ord == float('-inf'):
            return _amin(_uf.absolute(x), axis=axis, keepdims=keepdims)
        if ord == 0:
            return _sum(_uf.not_equal(x, 0).astype(x.dtype), axis=axis, keepdims=keepdims)
        if ord == 1:
            return _sum(_uf.absolute(x), axis=axis, keepdims=keepdims)
        if ord is None or ord == 2:
            s = _uf.multiply(x, x)
            return _uf.sqrt(_sum(s, axis=axis, keepdims=keepdims))
        if isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        absx = _uf.absolute(x)
        absx = _uf.power(absx, ord)
        ret = _sum(absx, axis=axis, keepdims=keepdims)
        return _uf.power(ret, _uf.reciprocal(asarray(ord, dtype=ret.dtype if isinstance(ret, ndarray) else
                                                        x.dtype)))
    if len(axis) == 2:
        row_axis, col_axis = [_norm_axis(a, nd) for a in axis]
        if row_axis == col_axis:
            raise ValueError('Duplicate axes given.')
        if ord == 2 or ord == -2:
            from numpy._funcs import moveaxis
            s = svd(moveaxis(x, (row_axis, col_axis), (-2, -1)), compute_uv=False)
            ret = _amax(s, axis=-1) if ord == 2 else _amin(s, axis=-1)
        elif ord in (1, -1):
            if col_axis > row_axis:
                col_axis -= 1
            red = _sum(_uf.absolute(x), axis=row_axis)
            ret = _amax(red, axis=col_axis) if ord == 1 else _amin(red, axis=col_axis)
        elif ord in (float('inf'), float('-inf')):
            if row_axis > col_axis:
                row_axis -= 1
            red = _sum(_uf.absolute(x), axis=col_axis)
            ret = _amax(red, axis=row_axis) if ord > 0 else _amin(red, axis=row_axis)
        elif ord in (None, 'fro', 'f'):
            ret = _uf.sqrt(_sum(_uf.multiply(x, x), axis=axis))
        elif ord == 'nuc':
            from numpy._funcs import moveaxis
            ret = _sum(svd(moveaxis(x, (row_axis, col_axis), (-2, -1)), compute_uv=False), axis=-1)
        else:
            raise ValueError('Invalid norm order for matrices.')
        if keepdims:
            shape = list(x.shape)
            shape[axis[0]] = 1
            shape[axis[1]] = 1
            ret = asarray(ret).reshape(shape)
        return ret
    raise ValueError('Improper number of dimensions to norm.')


def cond(x, p=None):
    x = asarray(x)
    if p is None or p == 2 or p == -2:
        s = svd(x, compute_uv=False)
        if p == -2:
            return _uf.true_divide(s[..., -1], s[..., 0])
        return _uf.true_divide(s[..., 0], s[..., -1])
    return _uf.multiply(norm(x, p, axis=(-2, -1)), norm(inv(x), p, axis=(-2, -1)))


def multi_dot(arrays, *, out=None):
    from numpy._funcs import dot
    arrs = [asarray(a) for a in arrays]
    n = len(arrs)
    if n < 2:
        raise ValueError('Expecting at least two arrays.')
    if n == 2:
        return dot(arrs[0], arrs[1])
    first_1d = arrs[0].ndim == 1
    last_1d = arrs[-1].ndim == 1
    if first_1d:
        arrs[0] = arrs[0].reshape(1, -1)
    if last_1d:
        arrs[-1] = arrs[-1].reshape(-1, 1)
    _stacked_2d(*arrs)
    if n == 3:
        A, B, C = arrs
        a0, a1b0 = A.shape
        b1c0, c1 = C.shape
        cost1 = a0 * b1c0 * (a1b0 + c1)
        cost2 = a1b0 * c1 * (a0 + b1c0)
        result = dot(dot(A, B), C) if cost1 < cost2 else dot(A, dot(B, C))
    else:
        dims = [a.shape[0] for a in arrs] + [arrs[-1].shape[1]]
        m = [[0] * n for _ in range(n)]
        s = [[0] * n for _ in range(n)]
        for length in range(1, n):
            for i in range(n - length):
                j = i + length
                m[i][j] = float('inf')
                for k in range(i, j):
                    q = m[i][k] + m[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                    if q < m[i][j]:
                        m[i][j] = q
                        s[i][j] = k

        def chain(i, j):
            if i == j:
                return arrs[i]
            return dot(chain(i, s[i][j]), chain(s[i][j] + 1, j))
        result = chain(0, n - 1)
    result = asarray(result)
    if first_1d and last_1d:
        return result[0, 0]
    if first_1d or last_1d:
        return result.ravel()
    return result


def tensorinv(a, ind=2):
    a = asarray(a)
    oldshape = a.shape
    prod = 1
    invshape = oldshape[ind:] + oldshape[:ind]
    for k in oldshape[ind:]:
        prod *= k
    return inv(a.reshape(prod, -1)).reshape(invshape)


def tensorsolve(a, b, axes=None):
    a = asarray(a)
    b = asarray(b)
    an = a.ndim
    if axes is not None:
        allaxes = list(range(an))
        for k in axes:
            allaxes.remove(k)
            allaxes.insert(an, k)
        a = a.transpose(allaxes)
    oldshape = a.shape[-(an - b.ndim):]
    prod = 1
    for k in oldshape:
        prod *= k
    return solve(a.reshape(-1, prod), b.ravel()).reshape(oldshape)


def eigvalsh_(a):
    return eigvalsh(a)


del eigvalsh_
