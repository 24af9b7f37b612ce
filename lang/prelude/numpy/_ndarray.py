# numpy/_ndarray.py: numpy.ndarray, an array with numpy's rules over an
# engine tensor (`_t`). torch.from_numpy and Tensor.numpy() hand the same
# tensor across, so the two share memory as in PyTorch. Views (basic
# indexing, reshape, transpose) are views of the tensor; `base` is the
# array (or tensor) whose memory a view shares.
#
# The arithmetic and comparison operators are added by numpy/_ufunc.py,
# the methods that reduce by numpy/_methods.py, printing by numpy/_print.py.
import builtins
import torch
from numpy._fast import wrap as _cwrap, reshape as _creshape, getitem as _cgetitem, transpose as _ctranspose
from numpy._dtypes import dtype, generic, _dtype_of, _engine, _from_engine, _BY_NAME, _scalar_default, \
    _SCALAR_TYPES


class flagsobj:
    __slots__ = ('_a',)

    def __init__(self, a):
        self._a = a

    @property
    def c_contiguous(self):
        return self._a._t.is_contiguous()

    @property
    def f_contiguous(self):
        t = self._a._t
        return t.ndim <= 1 and t.is_contiguous() or t.permute(*range(t.ndim - 1, -1, -1)).is_contiguous()

    @property
    def contiguous(self):
        return self.c_contiguous

    @property
    def owndata(self):
        return self._a._base is None

    @property
    def writeable(self):
        return True

    @property
    def aligned(self):
        return True

    @property
    def writebackifcopy(self):
        return False

    _KEYS = {'C_CONTIGUOUS': 'c_contiguous', 'C': 'c_contiguous', 'CONTIGUOUS': 'c_contiguous',
             'F_CONTIGUOUS': 'f_contiguous', 'F': 'f_contiguous', 'FORTRAN': 'f_contiguous',
             'OWNDATA': 'owndata', 'O': 'owndata', 'WRITEABLE': 'writeable', 'W': 'writeable',
             'ALIGNED': 'aligned', 'A': 'aligned', 'WRITEBACKIFCOPY': 'writebackifcopy', 'X': 'writebackifcopy'}

    def __getitem__(self, key):
        if key not in flagsobj._KEYS:
            raise KeyError('Unknown flag')
        return getattr(self, flagsobj._KEYS[key])

    def __repr__(self):
        rows = [('C_CONTIGUOUS', self.c_contiguous), ('F_CONTIGUOUS', self.f_contiguous),
                ('OWNDATA', self.owndata), ('WRITEABLE', True), ('ALIGNED', True), ('WRITEBACKIFCOPY', False)]
        return ''.join('  %s : %s\n' % row for row in rows)


class ndarray:
    """An array of one dtype, numpy's rules over cgrad's engine."""
    __slots__ = ('_t', '_base', '_dt', '__weakref__')
    __array_priority__ = 0.0

    def __new__(cls, shape, dtype=float, buffer=None, offset=0, strides=None, order=None):
        if buffer is not None or strides is not None:
            raise TypeError('cgrad: ndarray(buffer=..., strides=...) is not supported')
        d = _dtype_of(dtype)
        return _wrap(torch.empty(_shape_arg(shape), dtype=_engine(d)), None, cls)

    # ---- attributes ----------------------------------------------------
    @property
    def shape(self):
        return tuple(self._t.shape)

    @shape.setter
    def shape(self, value):
        t = self._t
        try:
            self._t = t.view(_shape_arg(value))
        except RuntimeError:
            raise AttributeError('Incompatible shape for in-place modification. Use `.reshape()` to make a '
                                 'copy with the desired shape.')

    @property
    def dtype(self):
        return self._dt

    @property
    def ndim(self):
        return self._t.ndim

    @property
    def size(self):
        return self._t.numel()

    @property
    def itemsize(self):
        return self._dt.itemsize

    @property
    def nbytes(self):
        return self._t.numel() * self._dt.itemsize

    @property
    def strides(self):
        n = self._dt.itemsize
        return tuple(s * n for s in self._t.stride())

    @property
    def base(self):
        return self._base

    @property
    def flags(self):
        return flagsobj(self)

    @property
    def T(self):
        r = _ctranspose(self)  # Note [ndarray fast paths]
        return self.transpose() if r is None else r

    @property
    def mT(self):
        if self.ndim < 2:
            raise ValueError('matrix transpose with ndim < 2 is undefined')
        return self.swapaxes(-1, -2)

    @property
    def real(self):
        return self

    @property
    def imag(self):
        return _wrap(torch.zeros_like(self._t))

    @property
    def flat(self):
        return flatiter(self)

    @property
    def data(self):
        return memoryview(bytes(self.tobytes()))

    # ---- conversion ----------------------------------------------------
    def __array__(self, dtype=None):
        return self if dtype is None else self.astype(dtype)

    def __len__(self):
        if self._t.ndim == 0:
            raise TypeError('len() of unsized object')
        return self._t.shape[0]

    def __bool__(self):
        if self._t.numel() != 1:
            if self._t.numel() == 0:
                return False
            raise ValueError('The truth value of an array with more than one element is ambiguous. '
                             'Use a.any() or a.all()')
        return builtins.bool(self._t.item())

    def __float__(self):
        if self._t.numel() != 1:
            raise TypeError('only size-1 arrays can be converted to Python scalars')
        return builtins.float(self._t.item())

    def __int__(self):
        if self._t.numel() != 1:
            raise TypeError('only size-1 arrays can be converted to Python scalars')
        return builtins.int(self._t.item())

    def __complex__(self):
        return builtins.complex(self.__float__())

    def __index__(self):
        if self._t.ndim != 0 or self._dt.kind not in 'iub':
            raise TypeError('only integer scalar arrays can be converted to a scalar index')
        return builtins.int(self._t.item())

    def __iter__(self):
        if self._t.ndim == 0:
            raise TypeError('iteration over a 0-d array')
        get = _cgetitem  # element by element: a loop may write ahead of itself
        for i in range(self._t.shape[0]):
            r = get(self, i)
            yield self[i] if r is None else r

    def __contains__(self, value):
        return builtins.bool((self == value).any())

    def __hash__(self):
        raise TypeError("unhashable type: 'numpy.ndarray'")

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo=None):
        return self.copy()

    def __reduce__(self):
        return (_reconstruct, (self.tolist(), self._dt.name, self.shape))

    def tolist(self):
        return self._t.tolist()

    def item(self, *args):
        if not args:
            if self._t.numel() != 1:
                raise ValueError('can only convert an array of size 1 to a Python scalar')
            return self._t.reshape(-1)[0].item()
        if len(args) == 1 and not isinstance(args[0], tuple):
            i = _index_int(args[0])
            n = self._t.numel()
            if i < -n or i >= n:
                raise IndexError('index ' + str(i) + ' is out of bounds for size ' + str(n))
            return self._t.reshape(-1)[i].item()
        idx = args[0] if len(args) == 1 else args
        return self._t[tuple(idx)].item()

    def tobytes(self, order='C'):
        from numpy._npyio import _tobytes
        return _tobytes(self.T if order == 'F' else self)

    def tofile(self, fid, sep='', format='%s'):
        if sep:
            text = sep.join(format % v for v in self._t.reshape(-1).tolist())
            data = text.encode()
        else:
            data = self.tobytes()
        if hasattr(fid, 'write'):
            fid.write(data)
        else:
            with open(fid, 'wb') as f:
                f.write(data)

    def dump(self, file):
        import pickle
        with open(file, 'wb') as f:
            pickle.dump(self, f)

    def dumps(self):
        import pickle
        return pickle.dumps(self)

    def astype(self, dtype, order='K', casting='unsafe', subok=True, copy=True):
        d = _dtype_of(dtype)
        if d is self._dt and not copy:
            return self
        return _wrap(_cast(self._t, d))

    def copy(self, order='C'):
        t = self._t
        return _wrap(t.clone() if t.is_contiguous() else t.contiguous())

    def view(self, dtype=None, type=None):
        if dtype is not None and isinstance(dtype, builtins.type) and issubclass(dtype, ndarray):
            dtype, type = None, dtype
        if dtype is not None and _dtype_of(dtype) is not self._dt:
            raise TypeError('cgrad: ndarray.view with another dtype is not supported')
        return _wrap(self._t.view(self._t.shape), self._owner(), type or ndarray)

    def fill(self, value):
        self._t.fill_(_fill_value(value, self._dt))

    def _owner(self):
        return self if self._base is None else self._base

    def __repr__(self):
        from numpy._print import array_repr
        return array_repr(self)

    def __str__(self):
        from numpy._print import array_str
        return array_str(self)

    def __format__(self, spec):
        if self._t.ndim == 0:
            return format(self.item(), spec)
        if spec:
            raise TypeError('unsupported format string passed to numpy.ndarray.__format__')
        return str(self)

    # ---- indexing ------------------------------------------------------
    def __getitem__(self, key):
        r = _cgetitem(self, key)  # Note [ndarray fast paths]
        if r is not None:
            return r
        t = self._t
        if type(key) is builtins.int and t.ndim == 1:
            n = t.shape[0]
            if -n <= key < n:
                return _scalar(t[key].item(), self._dt)
        k, basic = _index(key, t)
        try:
            r = k.t[k.rest] if isinstance(k, _Preindexed) else t[k]
        except IndexError as e:
            raise IndexError(_axis_message(e, key)) from None
        if basic and r.ndim == 0 and not _has_ellipsis(key):
            return _scalar(r.item(), self._dt)
        if basic:
            return _wrap(r, self._owner())
        return _wrap(r)

    def __setitem__(self, key, value):
        t = self._t
        k, basic = _index(key, t)
        v = _value_tensor(value, self._dt)
        if isinstance(k, _Preindexed):
            # negative steps: write through the positions the key selects
            pos = torch.arange(t.numel()).reshape(t.shape)
            sel = _wrap(pos)[key]
            sel = sel._t if isinstance(sel, ndarray) else torch.tensor(builtins.int(sel))
            flat = t.reshape(-1) if t.is_contiguous() else None
            src = v.expand(sel.shape).reshape(-1)
            if flat is None:
                copy = t.reshape(-1).clone()
                copy[sel.reshape(-1)] = src
                t.copy_(copy.reshape(t.shape))
            else:
                flat[sel.reshape(-1)] = src
            return
        try:
            t[k] = v
        except IndexError as e:
            raise IndexError(_axis_message(e)) from None
        except RuntimeError as e:
            msg = str(e)
            if 'shape mismatch' in msg or 'expand' in msg or 'must match' in msg:
                target = t[k]
                raise ValueError('could not broadcast input array from shape ' + _shape_str(tuple(v.shape)) +
                                 ' into shape ' + _shape_str(tuple(target.shape))) from None
            raise

    # ---- shape ---------------------------------------------------------
    def reshape(self, *shape, order='C'):
        if len(shape) == 1:
            shape = shape[0]
        if order == 'C':
            r = _creshape(self, shape)  # Note [ndarray fast paths]
            if r is not None:
                return r
        shape = _shape_arg(shape)
        return _reshape(self, shape)

    def resize(self, *new_shape, refcheck=True):
        if len(new_shape) == 1:
            new_shape = new_shape[0]
        shape = _shape_arg(new_shape)
        n = 1
        for s in shape:
            n *= s
        flat = self._t.reshape(-1)
        out = torch.zeros(n, dtype=self._t.dtype)
        m = min(n, flat.numel())
        out[:m] = flat[:m]
        self._t = out.reshape(shape)
        self._base = None

    def ravel(self, order='C'):
        return _reshape(self, (-1,))

    def flatten(self, order='C'):
        return _wrap(self._t.reshape(-1).clone())

    def transpose(self, *axes):
        n = self._t.ndim
        if not axes or axes == (None,):
            axes = tuple(range(n - 1, -1, -1))
        elif len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        if len(axes) != n:
            raise ValueError("axes don't match array")
        axes = tuple(_norm_axis(a, n) for a in axes)
        if len(set(axes)) != n:
            raise ValueError('repeated axis in transpose')
        return _wrap(self._t.permute(*axes), self._owner())

    def swapaxes(self, axis1, axis2):
        n = self._t.ndim
        return _wrap(self._t.transpose(_norm_axis(axis1, n), _norm_axis(axis2, n)), self._owner())

    def squeeze(self, axis=None):
        t = self._t
        if axis is None:
            return _wrap(t.reshape([s for s in t.shape if s != 1]), self._owner())
        axes = axis if isinstance(axis, tuple) else (axis,)
        axes = [_norm_axis(a, t.ndim) for a in axes]
        for a in axes:
            if t.shape[a] != 1:
                raise ValueError('cannot select an axis to squeeze out which has size not equal to one')
        return _wrap(t.reshape([s for i, s in enumerate(t.shape) if i not in axes]), self._owner())

    def diagonal(self, offset=0, axis1=0, axis2=1):
        # numpy's diagonal is a read-only view; here it is a copy (the
        # engine has no strided views yet)
        t = self._t
        a1 = _norm_axis(axis1, t.ndim)
        a2 = _norm_axis(axis2, t.ndim)
        if a1 == a2:
            raise ValueError('axis1 and axis2 cannot be the same')
        rest = [i for i in range(t.ndim) if i not in (a1, a2)]
        p = t.permute(*(rest + [a1, a2]))
        r0 = builtins.max(-offset, 0)
        c0 = builtins.max(offset, 0)
        n = builtins.max(builtins.min(p.shape[-2] - r0, p.shape[-1] - c0), 0)
        i = torch.arange(n)
        return _wrap(p[..., i + r0, i + c0])

    def nonzero(self):
        t = self._t
        if t.ndim == 0:
            raise ValueError('Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() '
                             'instead.')
        idx = torch.nonzero(t)
        return tuple(_wrap(idx[:, i].contiguous()) for i in range(t.ndim))

    def __array_namespace__(self, api_version=None):
        import numpy
        return numpy


def _reconstruct(values, name, shape):
    from numpy._creation import array
    return array(values, dtype=name).reshape(shape)


class flatiter:
    __slots__ = ('base', '_flat', '_i')

    def __init__(self, a):
        self.base = a
        self._flat = _reshape(a, (-1,)) if a._t.is_contiguous() else _wrap(a._t.reshape(-1))
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._i >= self._flat.size:
            raise StopIteration
        self._i += 1
        return self._flat[self._i - 1]

    def __len__(self):
        return self._flat.size

    def __getitem__(self, key):
        return self._flat[key]

    def __setitem__(self, key, value):
        if self.base._t.is_contiguous():
            self._flat[key] = value
        else:
            t = self.base._t.reshape(-1).clone()
            t[_index(key, t)[0]] = _value_tensor(value, self.base._dt)
            self.base._t.copy_(t.reshape(self.base._t.shape))

    def copy(self):
        return self._flat.copy()


# ---- helpers shared by the other modules ------------------------------

def _wrap(t, base=None, cls=None):
    if base is None and cls is None:
        a = _cwrap(t)  # Note [ndarray fast paths]
        if a is not None:
            return a
    a = object.__new__(cls or ndarray)
    a._t = t
    a._base = base
    a._dt = _from_engine(t.dtype)
    return a


def _scalar(value, d):
    """A numpy scalar of dtype d holding the Python value (already of d's
    kind and range: an engine element)."""
    cls = d.type
    if d.name == 'float64':
        return builtins.float.__new__(cls, value)
    if d.kind == 'c' or d.itemsize == 2 and d.kind == 'f':
        return cls(value)
    s = object.__new__(cls)
    s._v = value
    return s


def _cast(t, d):
    e = _engine(d)
    if t.dtype == e:
        return t.clone()
    # floats become ints by truncation, the engine's cast as C's (numpy's);
    # out of range, x86's conversions (Note [Float to integer casts])
    return t.to(e)


def _shape_arg(shape):
    if isinstance(shape, builtins.float):
        raise TypeError("expected a sequence of integers or a single integer, got '" + repr(shape) + "'")
    if isinstance(shape, (builtins.int, generic)) or hasattr(shape, '__index__') and not isinstance(shape, (tuple, list)):
        shape = (_index_int(shape),)
    out = []
    for s in shape:
        if isinstance(s, builtins.float):
            raise TypeError("'float' object cannot be interpreted as an integer")
        out.append(_index_int(s))
    return tuple(out)


def _index_int(v):
    if isinstance(v, builtins.bool):
        return builtins.int(v)
    if isinstance(v, builtins.int):
        return v
    if hasattr(v, '__index__'):
        return v.__index__()
    raise TypeError("'" + type(v).__name__ + "' object cannot be interpreted as an integer")


def _shape_str(shape):
    if len(shape) == 1:
        return '(' + str(shape[0]) + ',)'
    return '(' + ','.join(str(s) for s in shape) + ')'


def _norm_axis(axis, ndim):
    from numpy._exceptions import AxisError
    a = _index_int(axis)
    if a < -ndim or a >= ndim:
        raise AxisError(a, ndim)
    return a + ndim if a < 0 else a


def _reshape(a, shape):
    t = a._t
    n = t.numel()
    known = 1
    unknown = 0
    for s in shape:
        if s < 0:  # numpy 1.24 takes any negative size as the unknown one
            unknown += 1
        else:
            known *= s
    if unknown > 1:
        raise ValueError('can only specify one unknown dimension')
    if (unknown and (known == 0 or n % known)) or (not unknown and known != n):
        shown = ','.join('newaxis' if s < 0 else str(s) for s in shape)
        raise ValueError('cannot reshape array of size ' + str(n) + ' into shape (' + shown +
                         (',)' if len(shape) == 1 else ')'))
    if unknown:
        shape = tuple(n // known if s < 0 else s for s in shape)
    try:
        return _wrap(t.view(shape), a._owner())
    except RuntimeError:  # a copy, which numpy makes as a view of a new array
        owner = _wrap(t.reshape(shape).clone())
        return _wrap(owner._t, owner)


def _has_ellipsis(key):
    return key is Ellipsis or isinstance(key, tuple) and any(k is Ellipsis for k in key)


def _index(key, t):
    """A torch index for numpy index key, and whether it is basic (a view)."""
    if isinstance(key, tuple):
        items = key
    else:
        items = (key,)
    out = []
    basic = True
    _check_ints(items, t)
    for k in items:
        if isinstance(k, ndarray):
            if k._dt.kind not in 'biu':
                raise IndexError('arrays used as indices must be of integer (or boolean) type')
            out.append(k._t)
            basic = False
        elif isinstance(k, generic):
            if k.dtype.kind == 'b':
                out.append(builtins.bool(k))
                basic = False
            elif k.dtype.kind in 'iu':
                out.append(builtins.int(k))
            else:
                raise IndexError('only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and '
                                 'integer or boolean arrays are valid indices')
        elif isinstance(k, builtins.float):
            raise IndexError('only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and '
                             'integer or boolean arrays are valid indices')
        elif isinstance(k, list):
            from numpy._creation import asarray
            arr = asarray(k)
            if arr.size == 0:
                arr = arr.astype('int64')
            if arr._dt.kind not in 'biu':
                raise IndexError('arrays used as indices must be of integer (or boolean) type')
            out.append(arr._t)
            basic = False
        elif isinstance(k, slice) and k.step is not None and k.step < 0:
            out.append(_NEG_SLICE(k))
            basic = False
        elif isinstance(k, builtins.bool):
            out.append(k)
            basic = False
        else:
            out.append(k)
    if any(isinstance(k, _NEG_SLICE) for k in out):
        return _negative_steps(out, t), False
    return tuple(out), basic


def _check_ints(items, t):
    """numpy's IndexError for an integer index out of range, naming the
    axis of the array indexed (the engine would name the axis left after
    the earlier integers)."""
    n_axes = 0
    for k in items:
        if k is None:
            continue
        if k is Ellipsis:
            n_axes = -1
            break
        if isinstance(k, (ndarray, list)) or isinstance(k, builtins.bool):
            n_axes = -1
            break
    if n_axes < 0:
        return
    dim = 0
    for k in items:
        if k is None:
            continue
        if isinstance(k, builtins.int) or isinstance(k, generic) and k.dtype.kind in 'iu':
            i = builtins.int(k)
            if dim >= t.ndim:
                break
            size = t.shape[dim]
            if i >= size or i < -size:
                raise IndexError('index ' + str(i) + ' is out of bounds for axis ' + str(dim) + ' with size ' +
                                 str(size))
        dim += 1
    if dim > t.ndim:
        raise IndexError('too many indices for array: array is ' + str(t.ndim) + '-dimensional, but ' + str(dim) +
                         ' were indexed')


class _NEG_SLICE:
    __slots__ = ('s',)

    def __init__(self, s):
        self.s = s


def _negative_steps(items, t):
    """Indices for a key with negative-step slices: each becomes the list of
    positions it selects (the engine has no negative strides), so the result
    is a copy where numpy's would be a view."""
    out = []
    dim = 0
    n_real = sum(1 for k in items if k is not None and k is not Ellipsis and not isinstance(k, builtins.bool))
    for k in items:
        if k is Ellipsis:
            dim += t.ndim - n_real
            out.append(k)
            continue
        if k is None or isinstance(k, builtins.bool):
            out.append(k)
            continue
        if isinstance(k, _NEG_SLICE):
            size = t.shape[dim]
            out.append(torch.tensor(list(range(size))[k.s], dtype=torch.int64))
        else:
            out.append(k)
        dim += 1 if not (isinstance(k, torch.Tensor) and k.dtype == torch.bool) else k.ndim
    # several list indices would be broadcast together; index one axis at a
    # time instead, as numpy's slices do
    r = t
    dim = 0
    rest = []
    for i, k in enumerate(out):
        if isinstance(k, torch.Tensor) and k.dtype == torch.int64 and isinstance(items[i], _NEG_SLICE):
            r = r.index_select(dim, k)
            rest.append(slice(None))
            dim += 1
        else:
            rest.append(k)
            if k is Ellipsis:
                dim += t.ndim - n_real
            elif k is not None and not isinstance(k, builtins.bool):
                dim += 1
    return _Preindexed(r, tuple(rest))


class _Preindexed:
    __slots__ = ('t', 'rest')

    def __init__(self, t, rest):
        self.t = t
        self.rest = rest


def _axis_message(e, key=None):
    msg = str(e)
    if msg.startswith('too many indices for tensor of dimension') and key is not None:
        keys = key if isinstance(key, tuple) else (key,)
        n = builtins.sum(1 for k in keys if k is not None and k is not Ellipsis)
        return ('too many indices for array: array is ' + msg.split()[-1] + '-dimensional, but ' + str(n) +
                ' were indexed')
    return msg.replace('for dimension', 'for axis')


def _fill_value(value, d):
    if isinstance(value, ndarray):
        value = value.item()
    if d.kind == 'b':
        return builtins.bool(value)
    if d.kind in 'iu':
        if isinstance(value, builtins.float):
            if value != value:
                raise ValueError('cannot convert float NaN to integer')
            return builtins.int(value)
        return builtins.int(value)
    return value


def _value_tensor(value, d):
    """value as a tensor of dtype d (for assignment into an array of d)."""
    if isinstance(value, ndarray):
        return _cast(value._t, d) if value._dt is not d else value._t
    if isinstance(value, (builtins.int, builtins.float, builtins.bool, generic)):
        if d.kind in 'iu' and isinstance(value, builtins.float) and value != value:
            raise ValueError('cannot convert float NaN to integer')
        if d.kind in 'iu' and isinstance(value, builtins.float):
            value = builtins.int(value)
        return torch.tensor(_fill_value(value, d) if d.kind == 'b' else value, dtype=_engine(d))
    from numpy._creation import asarray
    return _value_tensor(asarray(value), d)


for _cls in (ndarray, flagsobj, flatiter):
    _cls.__module__ = 'numpy'
