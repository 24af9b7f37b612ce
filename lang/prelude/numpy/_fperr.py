# numpy/_fperr.py: numpy's floating-point error handling: seterr, geterr,
# errstate, and the RuntimeWarning ("divide by zero encountered in
# divide") an operation gives, at the line of the user's code that ran it.
#
# numpy reads the processor's status flags after each loop; cgrad looks at
# the values instead: a result that is infinite where its inputs were
# finite is a division by zero (for dividing functions) or an overflow, a
# NaN where the inputs had none is an invalid value.
import sys
import warnings
import torch
import numpy._umath as _umath

_err = {'divide': 'warn', 'over': 'warn', 'under': 'ignore', 'invalid': 'warn'}
_call = [None]
_WORDS = {'divide': 'divide by zero', 'over': 'overflow', 'invalid': 'invalid value', 'under': 'underflow'}


def seterr(all=None, divide=None, over=None, under=None, invalid=None):
    old = dict(_err)
    for k, v in (('divide', divide), ('over', over), ('under', under), ('invalid', invalid)):
        v = v if v is not None else all
        if v is not None:
            if v not in ('ignore', 'warn', 'raise', 'call', 'print', 'log'):
                raise ValueError("Invalid value for err %r" % v)
            _err[k] = v
    return old


def geterr():
    return dict(_err)


def seterrcall(func):
    old = _call[0]
    _call[0] = func
    return old


def geterrcall():
    return _call[0]


class errstate:
    def __init__(self, *, call=None, **kwargs):
        self.call = call
        self.kwargs = kwargs

    def __enter__(self):
        self.old = seterr(**self.kwargs)
        if self.call is not None:
            self.oldcall = seterrcall(self.call)

    def __exit__(self, *exc):
        _err.clear()
        _err.update(self.old)
        if self.call is not None:
            seterrcall(self.oldcall)

    def __call__(self, func):
        import functools

        @functools.wraps(func)
        def inner(*a, **k):
            with self:
                return func(*a, **k)
        return inner


def _user_level():
    """The stacklevel of the first frame outside numpy's own files."""
    k = 2
    while True:
        try:
            f = sys._getframe(k)
        except ValueError:
            return k
        name = f.f_code.co_filename
        if 'prelude/numpy' not in name and not name.endswith('numpy.py'):
            return k
        k += 1


def report(kind, ufunc_name):
    """numpy's reaction to one kind of floating-point error in a ufunc."""
    mode = _err[kind]
    if mode == 'ignore':
        return
    msg = _WORDS[kind] + ' encountered in ' + ufunc_name
    if mode == 'raise':
        raise FloatingPointError(msg)
    if mode == 'print':
        print('Warning: ' + msg)
        return
    if mode == 'call':
        if _call[0] is not None:
            f = _call[0]
            (f.write if hasattr(f, 'write') else f)(msg) if hasattr(f, 'write') else f(msg, 0)
        return
    warnings.warn(msg, RuntimeWarning, stacklevel=_user_level())


_DIVIDING = ('divide', 'true_divide', 'floor_divide', 'remainder', 'log', 'log2', 'log10', 'log1p', 'reciprocal',
             'arctanh', 'power', 'fmod', 'divmod')


def check(result, inputs, ufunc_name):
    """Warns as numpy would for the float result of ufunc_name over the
    input tensors (or Python numbers)."""
    if not _umath.nonfinite(result):
        return
    finite_in = True
    nan_in = False
    for x in inputs:
        if isinstance(x, torch.Tensor):
            if x.dtype.is_floating_point and _umath.nonfinite(x):
                finite_in = False
                nan_in = nan_in or bool((x != x).any())
        elif isinstance(x, float) and (x != x or x in (float('inf'), float('-inf'))):
            finite_in = False
            nan_in = nan_in or x != x
    has_nan = bool((result != result).any())
    if not finite_in:  # inf - inf, 0 * inf: a NaN made from no NaN is invalid
        if has_nan and not nan_in:
            report('invalid', ufunc_name)
        return
    has_inf = bool((result.abs() == float('inf')).any())
    if has_inf:
        base = ufunc_name[7:] if ufunc_name.startswith('scalar ') else ufunc_name
        report('divide' if base in _DIVIDING and _zero_divisor(inputs, base) else 'over', ufunc_name)
    if has_nan:
        report('invalid', ufunc_name)


def _zero_divisor(inputs, name):
    if name in ('log', 'log2', 'log10', 'log1p', 'arctanh', 'reciprocal'):
        return True
    d = inputs[-1] if name != 'power' else inputs[0]
    if isinstance(d, torch.Tensor):
        return bool((d == 0).any())
    return d == 0
