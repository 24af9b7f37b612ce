# numpy/testing.py: numpy.testing's assertions, with numpy 1.24's failure
# messages (the header, the mismatch counts and differences, the arrays).
import builtins
import contextlib
import warnings
import numpy as np


def _repr(a):
    if isinstance(a, np.ndarray):
        return np.array_repr(a)
    return repr(a)


def build_err_msg(arrays, err_msg, header='Items are not equal:', verbose=True, names=('ACTUAL', 'DESIRED'),
                  precision=8):
    msg = ['\n' + header]
    if err_msg:
        if err_msg.find('\n') == -1 and len(err_msg) < 79 - len(header):
            msg = [msg[0] + ' ' + err_msg]
        else:
            msg.append(err_msg)
    if verbose:
        for i, a in enumerate(arrays):
            r = _repr(a)
            if r.count('\n') > 3:
                r = '\n'.join(r.splitlines()[:3]) + '...'
            msg.append(' %s: %s' % (names[i], r))
    return '\n'.join(msg)


def assert_(val, msg=''):
    if not val:
        raise AssertionError(msg() if callable(msg) else msg)


def _scalar_text(v):
    return np.array2string(np.asarray(v))


def assert_array_compare(comparison, x, y, err_msg='', verbose=True, header='', precision=6, equal_nan=True,
                         equal_inf=True, *, strict=False):
    x = np.asanyarray(x)
    y = np.asanyarray(y)

    def fail(remarks):
        msg = build_err_msg([x, y], err_msg + ('\n' + '\n'.join(remarks) if remarks else ''), verbose=verbose,
                            header=header, names=('x', 'y'), precision=precision)
        raise AssertionError(msg)

    if not (x.shape == y.shape or x.shape == () or y.shape == ()) or strict and x.shape != y.shape:
        msg = build_err_msg([x, y], err_msg + '\n(shapes %s, %s mismatch)' % (x.shape, y.shape), verbose=verbose,
                            header=header, names=('x', 'y'), precision=precision)
        raise AssertionError(msg)
    flagged = np.zeros(np.broadcast_shapes(x.shape, y.shape), dtype=bool) if x.shape or y.shape else np.bool_(False)
    if equal_nan and x.dtype.kind == 'f' or equal_nan and y.dtype.kind == 'f':
        xn = np.isnan(x)
        yn = np.isnan(y)
        if not np.array_equal(np.broadcast_to(xn, np.shape(flagged)), np.broadcast_to(yn, np.shape(flagged))):
            fail(['x and y nan location mismatch'])
        flagged = np.logical_or(flagged, np.logical_and(xn, yn))
    val = comparison(x, y)
    val = np.logical_or(val, flagged)
    ok = bool(np.all(val))
    if ok:
        return
    reduced = np.asarray(val).ravel()
    n_mismatch = reduced.size - int(reduced.sum())
    n_elements = np.asarray(flagged).size if np.ndim(flagged) != 0 else reduced.size
    percent = 100 * n_mismatch / n_elements
    remarks = ['Mismatched elements: {} / {} ({:.3g}%)'.format(n_mismatch, n_elements, percent)]
    with np.errstate(all='ignore'):
        try:
            error = np.abs(np.subtract(x, y))
            remarks.append('Max absolute difference: ' + _scalar_text(np.max(error)))
            nonzero = np.not_equal(y, 0)
            if not np.any(nonzero):
                rel = np.array(np.inf)
            else:
                e = np.broadcast_to(error, np.shape(nonzero))[nonzero] if np.ndim(nonzero) else error
                yy = np.broadcast_to(y, np.shape(nonzero))[nonzero] if np.ndim(nonzero) else y
                rel = np.max(np.true_divide(e, np.abs(yy)))
            remarks.append('Max relative difference: ' + _scalar_text(rel))
        except TypeError:
            pass
    fail(remarks)


def assert_array_equal(x, y, err_msg='', verbose=True, *, strict=False):
    assert_array_compare(np.equal, x, y, err_msg=err_msg, verbose=verbose, header='Arrays are not equal',
                         strict=strict)


def assert_array_less(x, y, err_msg='', verbose=True):
    assert_array_compare(np.less, x, y, err_msg=err_msg, verbose=verbose,
                         header='Arrays are not less-ordered', equal_inf=False)


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg='', verbose=True):
    def compare(x, y):
        return np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)
    actual = np.asanyarray(actual)
    desired = np.asanyarray(desired)
    header = 'Not equal to tolerance rtol=%g, atol=%g' % (rtol, atol)
    assert_array_compare(compare, actual, desired, err_msg=str(err_msg), verbose=verbose, header=header,
                         equal_nan=equal_nan)


def assert_array_almost_equal(x, y, decimal=6, err_msg='', verbose=True):
    def compare(x, y):
        z = np.abs(np.subtract(x, y))
        return np.less(z, 1.5 * 10.0 ** (-decimal))
    assert_array_compare(compare, x, y, err_msg=err_msg, verbose=verbose,
                         header=('Arrays are not almost equal to %d decimals' % decimal), precision=decimal)


def assert_almost_equal(actual, desired, decimal=7, err_msg='', verbose=True):
    if isinstance(actual, np.ndarray) or isinstance(desired, np.ndarray) or isinstance(actual, (list, tuple)):
        return assert_array_almost_equal(actual, desired, decimal, err_msg)

    def msg():
        return build_err_msg([actual, desired], err_msg, verbose=verbose,
                             header='Arrays are not almost equal to %d decimals' % decimal)
    try:
        if not (np.isfinite(desired) and np.isfinite(actual)):
            if np.isnan(desired) or np.isnan(actual):
                if not (np.isnan(desired) and np.isnan(actual)):
                    raise AssertionError(msg())
            elif not desired == actual:
                raise AssertionError(msg())
            return
    except (NotImplementedError, TypeError):
        pass
    if abs(desired - actual) >= 1.5 * 10.0 ** (-decimal):
        raise AssertionError(msg())


def assert_approx_equal(actual, desired, significant=7, err_msg='', verbose=True):
    import math
    actual, desired = builtins.float(actual), builtins.float(desired)
    if desired == actual:
        return
    scale = 0.5 * (abs(desired) + abs(actual))
    scale = math.pow(10, math.floor(math.log10(scale)))
    if abs(desired / scale - actual / scale) >= 10.0 ** -(significant - 1):
        raise AssertionError(build_err_msg([actual, desired], err_msg, verbose=verbose,
                                           header='Items are not equal to %d significant digits:' % significant))


def assert_equal(actual, desired, err_msg='', verbose=True, *, strict=False):
    if isinstance(desired, dict):
        if not isinstance(actual, dict):
            raise AssertionError(repr(type(actual)))
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k in desired:
            if k not in actual:
                raise AssertionError(repr(k))
            assert_equal(actual[k], desired[k], 'key=%r\n%s' % (k, err_msg), verbose)
        return
    if isinstance(desired, (list, tuple)) and isinstance(actual, (list, tuple)):
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k in range(len(desired)):
            assert_equal(actual[k], desired[k], 'item=%r\n%s' % (k, err_msg), verbose)
        return
    if isinstance(actual, np.ndarray) or isinstance(desired, np.ndarray):
        return assert_array_equal(actual, desired, err_msg, verbose, strict=strict)
    msg = build_err_msg([actual, desired], err_msg, verbose=verbose)
    try:
        if np.isnan(desired) and np.isnan(actual):
            return
    except (TypeError, ValueError, NotImplementedError):
        pass
    if not (desired == actual):
        raise AssertionError(msg)


def assert_string_equal(actual, desired):
    if actual != desired:
        raise AssertionError('Differences in strings:\n- ' + desired + '\n+ ' + actual)


def assert_raises(exception_class, *args, **kwargs):
    import unittest
    tc = unittest.TestCase('__init__')
    if not args:
        return tc.assertRaises(exception_class, **kwargs)
    return tc.assertRaises(exception_class, *args, **kwargs)


def assert_raises_regex(exception_class, expected_regexp, *args, **kwargs):
    import unittest
    tc = unittest.TestCase('__init__')
    return tc.assertRaisesRegex(exception_class, expected_regexp, *args, **kwargs)


@contextlib.contextmanager
def _warns(warning_class):
    with warnings.catch_warnings(record=True) as l:
        warnings.simplefilter('always')
        yield l
    if not any(issubclass(w.category, warning_class) for w in l):
        raise AssertionError('No warning raised')


def assert_warns(warning_class, *args, **kwargs):
    if not args:
        return _warns(warning_class)
    func = args[0]
    with _warns(warning_class):
        return func(*args[1:], **kwargs)


@contextlib.contextmanager
def _no_warnings():
    with warnings.catch_warnings(record=True) as l:
        warnings.simplefilter('always')
        yield
    if l:
        raise AssertionError('Got warnings when calling : %s' % l)


def assert_no_warnings(*args, **kwargs):
    if not args:
        return _no_warnings()
    with _no_warnings():
        return args[0](*args[1:], **kwargs)


class suppress_warnings:
    def __init__(self, forwarding_rule='always'):
        self._filters = []

    def filter(self, category=Warning, message='', module=None):
        self._filters.append((category, message))

    def record(self, category=Warning, message='', module=None):
        self._filters.append((category, message))
        return []

    def __enter__(self):
        self._cm = warnings.catch_warnings()
        self._cm.__enter__()
        for category, message in self._filters:
            warnings.filterwarnings('ignore', message=message, category=category)
        return self

    def __exit__(self, *exc):
        self._cm.__exit__(*exc)

    def __call__(self, func):
        import functools

        @functools.wraps(func)
        def inner(*a, **k):
            with self:
                return func(*a, **k)
        return inner
