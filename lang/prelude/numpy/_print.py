# numpy/_print.py: numpy 1.24's text for arrays: repr (`array([1. , 2.5])`),
# str (`[1.  2.5]`), array2string, the print options and their context
# manager, format_float_positional/scientific.
#
# Note [How numpy lays out an array]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# One format serves every element of an array, chosen from all the values
# shown (the edges only, when an array of more than `threshold` elements
# is summarised):
# - floats print their shortest round-trip digits, at most `precision`
#   after the point; all positionally, unless the largest magnitude is
#   1e8 or more or the smallest non-zero one under 1e-4 or the ratio of
#   the two over 1000 (then all in scientific form). Positional values are
#   aligned on the point: the integer parts padded on the left to the
#   widest, the fractions on the right; trailing zeros dropped (`1.`).
# - integers are right-aligned to the widest; booleans print ` True` so
#   that they line up with `False`.
# Rows wrap at `linewidth` (75) less the closing text, continuation lines
# indented under the first element; each further dimension adds a bracket,
# a separator line per dimension beyond the last, and `...` marks the
# elided middle of a summarised axis.
import builtins
import contextlib
import struct

_options = {'precision': 8, 'threshold': 1000, 'edgeitems': 3, 'linewidth': 75, 'suppress': False,
            'nanstr': 'nan', 'infstr': 'inf', 'sign': '-', 'floatmode': 'maxprec', 'legacy': False,
            'formatter': None}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None,
                     nanstr=None, infstr=None, formatter=None, sign=None, floatmode=None, *, legacy=None):
    new = {'precision': precision, 'threshold': threshold, 'edgeitems': edgeitems, 'linewidth': linewidth,
           'suppress': suppress, 'nanstr': nanstr, 'infstr': infstr, 'sign': sign, 'floatmode': floatmode}
    if sign is not None and sign not in ('-', '+', ' '):
        raise ValueError("sign option must be one of ' ', '+', or '-'")
    if floatmode is not None and floatmode not in ('fixed', 'unique', 'maxprec', 'maxprec_equal'):
        raise ValueError('floatmode option must be one of ' +
                         ', '.join('"{}"'.format(m) for m in ('fixed', 'unique', 'maxprec', 'maxprec_equal')))
    if threshold is not None and threshold != threshold:
        raise ValueError('threshold must be non-NAN, try sys.maxsize for untruncated representation')
    if precision is not None:
        try:
            precision = builtins.int(precision.__index__())
        except AttributeError:
            raise TypeError('precision must be an integer')
        new['precision'] = precision
    for k, v in new.items():
        if v is not None:
            _options[k] = v
    if formatter is not None or 'formatter' in _options and formatter is None:
        _options['formatter'] = formatter
    if legacy is not None:
        _options['legacy'] = legacy


def get_printoptions():
    d = dict(_options)
    return d


@contextlib.contextmanager
def printoptions(*args, **kwargs):
    saved = dict(_options)
    try:
        set_printoptions(*args, **kwargs)
        yield get_printoptions()
    finally:
        _options.clear()
        _options.update(saved)


# ---- digits -------------------------------------------------------------

from numpy._scalars import _to_float32 as _f32, _to_float16 as _f16


def _shortest(v, size):
    """(digits, exponent) of the shortest decimal that reads back as v in a
    float of `size` bytes: v = d.ddd x 10**exponent. v finite, not zero."""
    if size == 8:
        s = '%r' % v
        return _parse_digits(s)
    back = _f32 if size == 4 else _f16
    for p in range(1, 18):
        s = '%.*e' % (p - 1, v)
        if back(builtins.float(s)) == v:
            return _parse_digits(s)
    return _parse_digits('%r' % v)


def _parse_digits(s):
    s = s.lstrip('-')
    if 'e' in s:
        mant, exp = s.split('e')
        exp = builtins.int(exp)
    else:
        mant, exp = s, 0
    if '.' in mant:
        ip, fp = mant.split('.')
    else:
        ip, fp = mant, ''
    digits = (ip + fp).lstrip('0')
    # position of the first significant digit
    if ip.strip('0'):
        e = len(ip.lstrip('0')) - 1 + exp
    else:
        e = -(len(fp) - len(fp.lstrip('0'))) - 1 + exp
    digits = digits.rstrip('0') or '0'
    return digits, e


def _is_neg(v):
    return v < 0 or v == 0 and struct.pack('<d', v)[7] & 0x80


def _positional(v, size, precision, unique, trim, min_digits, pad_left, pad_right, sign=False):
    neg = _is_neg(v)
    a = -v if neg else v
    if a == 0:
        ip, fp = '0', ''
    elif unique:
        digits, e = _shortest(a, size)
        if e >= 0:
            ip = (digits[:e + 1] + '0' * (e + 1 - len(digits)))
            fp = digits[e + 1:]
        else:
            ip = '0'
            fp = '0' * (-e - 1) + digits
        if precision is not None and len(fp) > precision:
            ip, fp = _round_fixed(a, precision)
    else:
        ip, fp = _round_fixed(a, precision)
    if trim in ('.', '-', '0'):
        fp = fp.rstrip('0') if unique or trim != 'k' else fp
    if min_digits is not None and len(fp) < min_digits:
        fp = fp + '0' * (min_digits - len(fp))
    if trim == '0' and not fp:
        fp = '0'
    s = ip
    if neg:
        s = '-' + s
    elif sign:
        s = '+' + s
    if pad_left is not None and len(s) < pad_left:
        s = ' ' * (pad_left - len(s)) + s
    if trim == '-' and not fp:
        out = s
    else:
        out = s + '.' + fp
    if pad_right is not None and len(fp) < pad_right:
        out = out + ' ' * (pad_right - len(fp))
    return out


def _round_fixed(a, precision):
    s = '%.*f' % (precision, a)
    if '.' in s:
        ip, fp = s.split('.')
    else:
        ip, fp = s, ''
    return ip, fp


def _scientific(v, size, precision, unique, trim, min_digits, pad_left, exp_digits, sign=False):
    neg = _is_neg(v)
    a = -v if neg else v
    if a == 0:
        digits, e = '0', 0
    elif unique:
        digits, e = _shortest(a, size)
        if precision is not None and len(digits) - 1 > precision:
            digits, e = _parse_digits('%.*e' % (precision, a))
    else:
        digits, e = _parse_digits('%.*e' % (precision, a))
        digits = digits + '0' * (precision + 1 - len(digits))
    ip = digits[0]
    fp = digits[1:]
    if trim in ('.', '-') and unique:
        fp = fp.rstrip('0')
    if min_digits is not None and len(fp) < min_digits:
        fp = fp + '0' * (min_digits - len(fp))
    s = ip
    if neg:
        s = '-' + s
    elif sign:
        s = '+' + s
    if pad_left is not None and len(s) < pad_left:
        s = ' ' * (pad_left - len(s)) + s
    ed = str(builtins.abs(e))
    width = builtins.max(exp_digits if exp_digits is not None and exp_digits > 0 else 2, 1)
    if len(ed) < width:
        ed = '0' * (width - len(ed)) + ed
    body = s + '.' + fp if not (trim == '-' and not fp) else s
    return body + 'e' + ('-' if e < 0 else '+') + ed


def format_float_positional(x, precision=None, unique=True, fractional=True, trim='k', sign=False,
                            pad_left=None, pad_right=None, min_digits=None):
    size = _float_size(x)
    v = builtins.float(x)
    if v != v:
        return 'nan'
    if v in (float('inf'), float('-inf')):
        return ('-' if v < 0 else '+' if sign else '') + 'inf'
    return _positional(v, size, precision, unique, trim, min_digits, pad_left, pad_right, sign)


def format_float_scientific(x, precision=None, unique=True, trim='k', sign=False, pad_left=None,
                            exp_digits=None, min_digits=None):
    size = _float_size(x)
    v = builtins.float(x)
    if v != v:
        return 'nan'
    if v in (float('inf'), float('-inf')):
        return ('-' if v < 0 else '+' if sign else '') + 'inf'
    return _scientific(v, size, precision, unique, trim, min_digits, pad_left, exp_digits, sign)


def _float_size(x):
    d = getattr(x, 'dtype', None)
    return d.itemsize if d is not None and d.kind == 'f' else 8


# ---- element formats ----------------------------------------------------

class _FloatFormat:
    def __init__(self, values, size, opts):
        self.size = size
        self.precision = opts['precision']
        self.floatmode = opts['floatmode']
        self.suppress = opts['suppress']
        self.sign = opts['sign']
        self.nanstr = opts['nanstr']
        self.infstr = opts['infstr']
        if self.floatmode == 'unique':
            self.precision = None
        self._fill(values)

    def _fill(self, values):
        finite = [v for v in values if v == v and v not in (float('inf'), float('-inf'))]
        nonzero = [builtins.abs(v) for v in finite if v != 0]
        exp_format = False
        if nonzero:
            mx = builtins.max(nonzero)
            mn = builtins.min(nonzero)
            if mx >= 1.e8 or (not self.suppress and (mn < 0.0001 or mx / mn > 1000.)):
                exp_format = True
        if not finite:
            self.pad_left = 0
            self.pad_right = 0
            self.trim = '.'
            self.exp_size = -1
            self.unique = True
            self.min_digits = None
        elif exp_format:
            trim, unique = '.', True
            if self.floatmode == 'fixed':
                trim, unique = 'k', False
            strs = [_scientific(v, self.size, self.precision, unique, trim, None, None, None, self.sign == '+')
                    for v in finite]
            mants = [s.partition('e')[0] for s in strs]
            exps = [s.partition('e')[2] for s in strs]
            ints = [m.split('.')[0] for m in mants]
            fracs = [m.split('.')[1] if '.' in m else '' for m in mants]
            self.exp_size = builtins.max(len(s) for s in exps) - 1
            self.trim = 'k'
            self.precision = builtins.max(len(s) for s in fracs)
            self.min_digits = self.precision
            self.unique = unique
            self.pad_left = builtins.max(len(s) for s in ints)
            self.pad_right = self.exp_size + 2 + self.precision
        else:
            trim, unique = '.', True
            if self.floatmode == 'fixed':
                trim, unique = 'k', False
            strs = [_positional(v, self.size, self.precision, unique, trim, None, None, None, self.sign == '+')
                    for v in finite]
            ints = [s.split('.')[0] for s in strs]
            fracs = [s.split('.')[1] if '.' in s else '' for s in strs]
            self.pad_left = builtins.max(len(s) for s in ints)
            self.pad_right = builtins.max(len(s) for s in fracs)
            self.exp_size = -1
            self.unique = unique
            if self.floatmode in ('fixed', 'maxprec_equal'):
                self.precision = self.min_digits = self.pad_right
                self.trim = 'k'
            else:
                self.trim = '.'
                self.min_digits = 0
        if self.sign == ' ' and not builtins.any(_is_neg(v) for v in finite):
            self.pad_left += 1
        if len(finite) != len(values):
            neginf = self.sign != '-' or builtins.any(v == float('-inf') for v in values)
            offset = self.pad_right + 1
            self.pad_left = builtins.max(self.pad_left, len(self.nanstr) - offset,
                                         len(self.infstr) + neginf - offset)

    def __call__(self, v):
        if v != v or v in (float('inf'), float('-inf')):
            if v != v:
                ret = ('+' if self.sign == '+' else '') + self.nanstr
            else:
                ret = ('-' if v < 0 else '+' if self.sign == '+' else '') + self.infstr
            return ' ' * (self.pad_left + self.pad_right + 1 - len(ret)) + ret
        if self.exp_size >= 0:
            return _scientific(v, self.size, self.precision, self.unique, self.trim, self.min_digits,
                               self.pad_left, self.exp_size, self.sign == '+')
        return _positional(v, self.size, self.precision, self.unique, self.trim, self.min_digits,
                           self.pad_left, self.pad_right, self.sign == '+')


class _IntFormat:
    def __init__(self, values, opts):
        if values:
            self.width = builtins.max(len(str(builtins.max(values))), len(str(builtins.min(values))))
        else:
            self.width = 0
        self.sign = opts['sign']

    def __call__(self, v):
        s = str(v)
        if self.sign == '+' and v >= 0:
            s = '+' + s
        return ' ' * (self.width - len(s)) + s


class _BoolFormat:
    def __init__(self, scalar):
        self.true = 'True' if scalar else ' True'

    def __call__(self, v):
        return self.true if v else 'False'


def _format_function(values, d, scalar, opts):
    fmt = opts.get('formatter')
    if fmt:
        kinds = {'b': 'bool', 'i': 'int', 'u': 'int', 'f': 'float', 'c': 'complexfloat'}
        f = fmt.get(kinds[d.kind]) or fmt.get('all') or (fmt.get('int_kind') if d.kind in 'iu' else None) \
            or (fmt.get('float_kind') if d.kind == 'f' else None)
        if f is not None:
            return f
    if d.kind == 'b':
        return _BoolFormat(scalar)
    if d.kind in 'iu':
        return _IntFormat(values, opts)
    return _FloatFormat(values, d.itemsize, opts)


# ---- layout ---------------------------------------------------------------

def _edges(nested, shape, edge, summarise):
    """The nested list cut to its edge items along summarised axes, and the
    flat list of the values kept."""
    flat = []

    def cut(x, axis):
        if axis == len(shape):
            flat.append(x)
            return x
        n = shape[axis]
        if summarise and n > 2 * edge:
            items = x[:edge] + x[n - edge:]
        else:
            items = x
        return [cut(y, axis + 1) for y in items]
    return cut(nested, 0), flat


def _extend(s, line, word, width, prefix):
    wrap = len(line) + len(word) > width
    if len(line) <= len(prefix):
        wrap = False
    if wrap:
        s += line.rstrip() + '\n'
        line = prefix
    line += word
    return s, line


def _layout(data, shape, fmt, width, prefix, sep, edge, summary):
    ndim = len(shape)

    def rec(x, axis, hanging, curr_width):
        if axis == ndim:
            return fmt(x)
        nxt_hanging = hanging + ' '
        nxt_width = curr_width - 1
        n = shape[axis]
        show = summary and 2 * edge < n
        if show:
            lead = edge
            trail = edge
        else:
            lead = 0
            trail = len(x)
        if ndim - axis == 1:
            elem_width = curr_width - builtins.max(len(sep.rstrip()), 1)
            line = hanging
            s = ''
            for i in range(lead):
                s, line = _extend(s, line, rec(x[i], axis + 1, nxt_hanging, nxt_width), elem_width, hanging)
                line += sep
            if show:
                s, line = _extend(s, line, summary, elem_width, hanging)
                line += sep
            for i in range(trail, 1, -1):
                s, line = _extend(s, line, rec(x[-i], axis + 1, nxt_hanging, nxt_width), elem_width, hanging)
                line += sep
            s, line = _extend(s, line, rec(x[-1], axis + 1, nxt_hanging, nxt_width), elem_width, hanging)
            s += line
        else:
            s = ''
            line_sep = sep.rstrip() + '\n' * (ndim - axis - 1)
            for i in range(lead):
                s += hanging + rec(x[i], axis + 1, nxt_hanging, nxt_width) + line_sep
            if show:
                s += hanging + summary + line_sep
            for i in range(trail, 1, -1):
                s += hanging + rec(x[-i], axis + 1, nxt_hanging, nxt_width) + line_sep
            s += hanging + rec(x[-1], axis + 1, nxt_hanging, nxt_width)
        return '[' + s[len(hanging):] + ']'
    return rec(data, 0, prefix, width)


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=' ', prefix='',
                 style=None, formatter=None, threshold=None, edgeitems=None, sign=None, floatmode=None,
                 suffix='', *, legacy=None):
    from numpy._creation import asarray
    a = asarray(a)
    opts = dict(_options)
    for k, v in (('linewidth', max_line_width), ('precision', precision), ('suppress', suppress_small),
                 ('formatter', formatter), ('threshold', threshold), ('edgeitems', edgeitems), ('sign', sign),
                 ('floatmode', floatmode)):
        if v is not None:
            opts[k] = v
    opts['linewidth'] -= len(suffix)
    if a.size == 0:
        return '[]'
    return _array2string(a, opts, separator, prefix)


def _array2string(a, opts, sep, prefix):
    shape = a.shape
    d = a.dtype
    if a.ndim == 0:
        v = a._t.item()
        return _format_function([v], d, True, opts)(v)
    summarise = a.size > opts['threshold']
    edge = opts['edgeitems']
    data, flat = _edges(a._t.tolist(), shape, edge, summarise)
    fmt = _format_function(flat, d, False, opts)
    return _layout(data, shape, fmt, opts['linewidth'], ' ' + ' ' * len(prefix), sep, edge,
                   '...' if summarise else '')


_TYPELESS = ('float64', 'int64', 'bool', 'complex128')


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    from numpy._creation import asarray
    arr = asarray(arr)
    width = _options['linewidth'] if max_line_width is None else max_line_width
    name = 'array' if type(arr).__name__ == 'ndarray' else type(arr).__name__
    prefix = name + '('
    skip = arr.dtype.name in _TYPELESS and arr.size > 0
    suffix = ')' if skip else ','
    if arr.size > 0 or arr.shape == (0,):
        body = array2string(arr, max_line_width, precision, suppress_small, ', ', prefix, suffix=suffix)
    else:
        body = '[], shape=' + repr(arr.shape)
    text = prefix + body + suffix
    if skip:
        return text
    dtype_text = 'dtype=' + arr.dtype.name + ')'
    last = len(text) - (text.rfind('\n') + 1)
    spacer = ' '
    if last + len(dtype_text) + 1 > width:
        spacer = '\n' + ' ' * len(prefix)
    return text + spacer + dtype_text


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    from numpy._creation import asarray
    a = asarray(a)
    if a.ndim == 0:
        from numpy._ndarray import _scalar
        return str(_scalar(a._t.item(), a.dtype))
    return array2string(a, max_line_width, precision, suppress_small, ' ', '')
