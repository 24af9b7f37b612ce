# torch/_linalg_norms.py: torch.linalg.matrix_norm, norm, cond and
# matrix_rank, composites over vector_norm, svdvals, eigvalsh, amax/amin
# and inv_ex in PyTorch 1.13's order of operations, so that their values
# and graphs (the nodes of their parts) are PyTorch's.
import torch

_inf = float('inf')
_dtype_names = {torch.float16: "Half", torch.bfloat16: "BFloat16", torch.float32: "Float", torch.float64: "Double",
                torch.complex64: "ComplexFloat", torch.complex128: "ComplexDouble", torch.int64: "Long",
                torch.int32: "Int", torch.int16: "Short", torch.int8: "Char", torch.uint8: "Byte", torch.bool: "Bool"}


def _name(dt):
    return _dtype_names.get(dt, str(dt))


def _fmt_num(v):
    # a Scalar as c10 prints it: integers bare, floats as %g
    if isinstance(v, bool) or isinstance(v, int):
        return str(int(v))
    return "%g" % v


def _dims_list(dim):
    if isinstance(dim, int):
        return [dim]
    return list(dim)


def _wrap(d, n):
    if d < -n or d >= n:
        raise IndexError("Dimension out of range (expected to be in range of [%d, %d], but got %d)" % (-n, n - 1, d))
    return d + n if d < 0 else d


def _matrix_norm_checks(A, dim, dtype, low_precision):
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    if not (A.is_floating_point() or A.is_complex()):
        raise RuntimeError("linalg.matrix_norm: Expected a floating point or complex tensor as input. Got "
                           + _name(A.dtype))
    if not low_precision and A.dtype in (torch.float16, torch.bfloat16):
        raise RuntimeError("linalg.matrix_norm: Low precision dtypes not supported. Got " + _name(A.dtype))
    if len(dim) != 2:
        raise RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got " + " ".join(str(d) for d in dim))
    dim = [_wrap(d, A.dim()) for d in dim]
    if dim[0] == dim[1]:
        raise RuntimeError("linalg.matrix_norm: dims must be different. Got (%d, %d)" % (dim[0], dim[1]))
    if dtype is not None:
        if not (dtype.is_floating_point or dtype.is_complex):
            raise RuntimeError("linalg.matrix_norm: dtype should be floating point or complex, but got " + _name(dtype))
        if torch.promote_types(A.dtype, dtype) != dtype:
            raise RuntimeError("linalg.matrix_norm: the dtype of the input (%s) should be convertible without "
                               "narrowing to the specified dtype (%s)" % (_name(A.dtype), _name(dtype)))
    return dim


def _backshift(d0, d1, n):
    # the other dims in order, then d0 and d1
    return [d for d in range(n) if d != d0 and d != d1] + [d0, d1]


def _inverse(perm):
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


def _over_svdvals(A, dim, keepdim, dtype, reduce):
    # reduce(svdvals) over dims moved to the end, then put back
    perm = _backshift(dim[0], dim[1], A.dim())
    A_ = A.to(dtype) if dtype is not None else A
    r = reduce(torch.linalg.svdvals(A_.permute(perm)))  # keeps the dim when keepdim
    if keepdim:
        r = r.unsqueeze(-1).permute(_inverse(perm))
    return r


def matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    """Computes a matrix norm."""
    if isinstance(ord, str):
        if ord != 'fro' and ord != 'nuc':
            raise RuntimeError("linalg.matrix_norm: Order %s not supported." % ord)
        dim = _matrix_norm_checks(A, _dims_list(dim), dtype, ord != 'nuc')
        if ord == 'fro':
            r = torch.linalg.vector_norm(A, 2, dim, keepdim, dtype=dtype)
        else:
            r = _over_svdvals(A, dim, keepdim, dtype, lambda s: s.sum(-1, keepdim))
    else:
        if isinstance(ord, torch.Tensor) or not isinstance(ord, (int, float)):
            raise TypeError("linalg_matrix_norm(): argument 'ord' (position 2) must be Number, not "
                            + type(ord).__name__)
        a = abs(ord)
        if a != 2 and a != 1 and a != _inf:
            raise RuntimeError("linalg.matrix_norm: Order %s not supported." % _fmt_num(ord))
        dim = _matrix_norm_checks(A, _dims_list(dim), dtype, a != 2)

        def max_min(t, d):
            return t.amax(d, keepdim) if ord > 0 else t.amin(d, keepdim)
        if a == 2:
            r = _over_svdvals(A, dim, keepdim, dtype, lambda s: max_min(s, -1))
        else:
            if a == _inf:
                dim = [dim[1], dim[0]]
            if not keepdim and dim[0] < dim[1]:
                dim[1] -= 1
            r = max_min(torch.linalg.vector_norm(A, 1, dim[0], keepdim, dtype=dtype), dim[1])
    return r if out is None else out.copy_(r)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):
    """Computes a vector or matrix norm."""
    if dim is not None:
        dims = _dims_list(dim)
        if len(dims) not in (1, 2):
            raise RuntimeError("linalg.norm: If dim is specified, it m%st be of length 1 or 2. Got %s"
                               % ("u" if isinstance(ord, str) else "us", dims))
    elif ord is not None and A.dim() not in (1, 2):
        raise RuntimeError("linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got %dD."
                           % A.dim())
    if isinstance(ord, str) or (ord is not None and ((dim is not None and len(dims) == 2)
                                                     or (dim is None and A.dim() == 2))):
        r = matrix_norm(A, ord, dims if dim is not None else (0, 1), keepdim, dtype=dtype)
    else:
        r = torch.linalg.vector_norm(A, 2 if ord is None else ord, dim, keepdim, dtype=dtype)
    return r if out is None else out.copy_(r)


def _square_check(A, what):
    if A.size(-1) != A.size(-2):
        raise RuntimeError("%s: A must be batches of square matrices, but they are %d by %d matrices"
                           % (what, A.size(-2), A.size(-1)))


def cond(A, p=None, *, out=None):
    """Computes the condition number of a matrix with respect to a matrix norm."""
    if A.dim() < 2:
        raise RuntimeError("linalg.cond: The input tensor must have at least 2 dimensions.")
    ord = 2 if p is None else p
    if isinstance(ord, str):
        _square_check(A, "linalg.cond(ord=%s)" % ord)
        if ord != 'fro' and ord != 'nuc':
            raise RuntimeError("linalg.cond got an invalid norm type: " + ord)
        if A.numel() == 0:
            return torch.zeros(A.shape[:-2], dtype=A.dtype, device=A.device)
        if ord == 'nuc':
            # its definition, as PyTorch (matrix_norm would fail on the inverse's infinities)
            s = torch.linalg.svdvals(A)
            return s.sum(-1) * s.reciprocal().sum(-1)
    elif abs(ord) not in (1, 2, _inf):
        raise RuntimeError("linalg.cond got an invalid norm type: " + _fmt_num(ord))
    if A.numel() == 0:
        r = torch.zeros(A.shape[:-2], dtype=A.abs().dtype if A.is_complex() else A.dtype, device=A.device)
    elif not isinstance(ord, str) and abs(ord) == 2:
        s = torch.linalg.svdvals(A)
        s_max, s_min = s.narrow(-1, 0, 1), s.narrow(-1, -1, 1)
        r = (s_min / s_max if ord == -2 else s_max / s_min).squeeze(-1)
    else:
        if not isinstance(ord, str):
            # c10 prints an integral order bare, a floating one as std::to_string does
            shown = "%d" % ord if not isinstance(ord, float) else ("%f" % ord if abs(ord) != _inf else "%g" % ord)
            _square_check(A, "linalg.cond(ord=%s)" % shown)
        inv, info = torch.linalg.inv_ex(A)
        info = info.unsqueeze(-1).unsqueeze(-1)
        inv.masked_fill_(info > 0, _inf)
        r = matrix_norm(A, ord) * matrix_norm(inv, ord)
        r.nan_to_num_(_inf, _inf, -_inf)  # 0 * inf of a singular matrix is inf, as NumPy
    return r if out is None else out.copy_(r)


def _atol_rtol(A, atol, rtol, fn):
    kw = dict(dtype=torch.float64, device=A.device)
    if atol is not None and not isinstance(atol, torch.Tensor):
        atol = torch.tensor(float(atol), **kw)
    if rtol is not None and not isinstance(rtol, torch.Tensor):
        rtol = torch.tensor(float(rtol), **kw)
    a = atol if atol is not None else torch.zeros((), **kw)
    if a.is_complex():
        raise RuntimeError("%s: atol tensor of complex type is not supported. Got %s" % (fn, _name(a.dtype)))
    if rtol is not None:
        if rtol.is_complex():
            raise RuntimeError("%s: rtol tensor of complex type is not supported. Got %s" % (fn, _name(rtol.dtype)))
        r = rtol
    else:
        if not (A.is_floating_point() or A.is_complex()):
            raise RuntimeError("This function doesn't handle types other than float and double")
        real = A.abs().dtype if A.is_complex() else A.dtype
        eps = torch.finfo(real).eps * max(A.size(-1), A.size(-2))
        default = torch.full((), eps, **kw)
        r = torch.where(atol > 0, torch.zeros((), **kw), default) if atol is not None else default
    return a, r


def matrix_rank(A, tol=None, hermitian=False, *, atol=None, rtol=None, out=None):
    """Computes the numerical rank of a matrix."""
    if tol is not None:
        atol, rtol = tol, 0.0
    if A.dim() < 2:
        raise RuntimeError("torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.")
    atol_, rtol_ = _atol_rtol(A, atol, rtol, "torch.linalg.matrix_rank")
    if not (A.is_floating_point() or A.is_complex()):
        raise RuntimeError("linalg.svd: Expected a floating point or complex tensor as input. Got " + _name(A.dtype))
    if A.numel() == 0:
        r = torch.zeros(A.shape[:-2], dtype=torch.int64, device=A.device)
    else:
        if not hermitian:
            s = torch.linalg.svdvals(A)
            max_s = s.narrow(-1, 0, 1)
        else:
            s = torch.linalg.eigvalsh(A).abs()
            max_s = s.amax(-1, True)
        tol_ = torch.max(atol_.unsqueeze(-1), rtol_.unsqueeze(-1) * max_s)
        r = (s > tol_).sum(-1)
    return r if out is None else out.copy_(r)
