# numpy/_npyio.py: numpy's files: .npy (format 1.0, headers byte for byte
# numpy 1.24's, so that files move both ways), .npz archives (savez,
# savez_compressed, np.load's NpzFile), and text (loadtxt, savetxt,
# genfromtxt).
import ast
import builtins
import io
import os
import struct
import torch
from numpy._dtypes import _dtype_of, _engine, _BY_NAME
from numpy._ndarray import ndarray, _wrap
from numpy._creation import asarray, array

_MAGIC = b'\x93NUMPY'
_PACK = {'b': '?', 'i1': 'b', 'i2': 'h', 'i4': 'i', 'i8': 'q', 'u1': 'B', 'u2': 'H', 'u4': 'I', 'u8': 'Q',
         'f2': 'e', 'f4': 'f', 'f8': 'd'}


def _code(d):
    if d.kind == 'b':
        return '?'
    if d.kind == 'c':
        raise TypeError('cgrad: complex arrays cannot be saved yet')
    return _PACK[d.kind + str(d.itemsize)]


def _tobytes(a):
    vals = a._t.reshape(-1).tolist()
    return struct.pack('<%d%s' % (len(vals), _code(a.dtype)), *vals)


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    d = _dtype_of(dtype)
    data = bytes(buffer)[offset:]
    n = len(data) // d.itemsize if count < 0 else count
    if count < 0 and len(data) % d.itemsize:
        raise ValueError('buffer size must be a multiple of element size')
    if n * d.itemsize > len(data):
        raise ValueError('buffer is smaller than requested size')
    vals = struct.unpack('<%d%s' % (n, _code(d)), data[:n * d.itemsize])
    return _wrap(torch.tensor(list(vals), dtype=_engine(d)) if n else torch.empty(0, dtype=_engine(d)))


def _header(a, fortran):
    shape = tuple(reversed(a.shape)) if fortran else a.shape
    if fortran:
        shape = a.shape
    text = "{'descr': " + repr(a.dtype.str) + ", 'fortran_order': " + repr(fortran) + ", 'shape': " + \
        repr(shape) + ', }'
    # numpy leaves room to grow the first axis's size in place
    if len(shape) > 0:
        text += ' ' * (21 - len(repr(shape[-1 if fortran else 0])))
    hlen = len(text) + 1
    pad = 64 - ((len(_MAGIC) + 2 + 2 + hlen) % 64)
    return _MAGIC + b'\x01\x00' + struct.pack('<H', hlen + pad) + (text + ' ' * pad + '\n').encode('latin1')


def _write_npy(f, a):
    a = asarray(a)
    fortran = a.ndim > 1 and not a.flags.c_contiguous and a.flags.f_contiguous
    f.write(_header(a, fortran))
    f.write(_tobytes(a.T if fortran else a))


def _read_npy(f, allow_pickle):
    magic = f.read(6)
    if magic != _MAGIC:
        if allow_pickle:
            import pickle
            f.seek(f.tell() - len(magic))
            return pickle.load(f)
        raise ValueError('Cannot load file containing pickled data when allow_pickle=False')
    major, minor = f.read(2)
    if major == 1:
        hlen = struct.unpack('<H', f.read(2))[0]
    elif major in (2, 3):
        hlen = struct.unpack('<I', f.read(4))[0]
    else:
        raise ValueError('we only support format version (1,0), (2,0), and (3,0), not (%d, %d)' % (major, minor))
    header = f.read(hlen).decode('latin1' if major < 3 else 'utf8')
    d = ast.literal_eval(header)
    descr = d['descr']
    if not isinstance(descr, str) or descr[1:2] == 'O' or descr == '|O':
        if not allow_pickle:
            raise ValueError('Object arrays cannot be loaded when allow_pickle=False')
        raise TypeError('cgrad: object arrays cannot be loaded')
    if descr[0] == '>' and descr[1:] not in ('b1', 'i1', 'u1'):
        raise TypeError('cgrad: big-endian arrays cannot be loaded yet')
    dt = _dtype_of('<' + descr[1:] if descr[0] == '>' else descr)
    shape = tuple(d['shape'])
    n = 1
    for s in shape:
        n *= s
    data = f.read(n * dt.itemsize)
    if len(data) < n * dt.itemsize:
        raise ValueError('cannot reshape array of size ' + str(len(data) // dt.itemsize) + ' into shape ' +
                         str(shape))
    flat = frombuffer(data, dt)
    if d['fortran_order']:
        return flat.reshape(tuple(reversed(shape))).T
    return flat.reshape(shape)


def _open(file, mode):
    if hasattr(file, 'read') or hasattr(file, 'write'):
        return file, False
    name = os.fspath(file)
    return builtins.open(name, mode), True


def save(file, arr, allow_pickle=True, fix_imports=True):
    if not hasattr(file, 'write'):
        file = os.fspath(file)
        if not file.endswith('.npy'):
            file = file + '.npy'
    f, own = _open(file, 'wb')
    try:
        _write_npy(f, arr)
    finally:
        if own:
            f.close()


def _savez(file, args, kwds, compress):
    import zipfile
    if not hasattr(file, 'write'):
        file = os.fspath(file)
        if not file.endswith('.npz'):
            file = file + '.npz'
    names = dict(kwds)
    for i, a in enumerate(args):
        key = 'arr_%d' % i
        if key in names:
            raise ValueError('Cannot use un-named variables and keyword %s' % key)
        names[key] = a
    mode = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    with zipfile.ZipFile(file, mode='w', compression=mode, allowZip64=True) as z:
        for key, val in names.items():
            buf = io.BytesIO()
            _write_npy(buf, val)
            z.writestr(key + '.npy', buf.getvalue())


def savez(file, *args, **kwds):
    _savez(file, args, kwds, False)


def savez_compressed(file, *args, **kwds):
    _savez(file, args, kwds, True)


class NpzFile:
    """The arrays of an .npz archive, read as they are asked for."""

    def __init__(self, fid, own_fid=False, allow_pickle=False):
        import zipfile
        self.zip = zipfile.ZipFile(fid)
        self._files = self.zip.namelist()
        self.files = [f[:-4] if f.endswith('.npy') else f for f in self._files]
        self.allow_pickle = allow_pickle
        self.fid = fid if own_fid else None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.zip is not None:
            self.zip.close()
            self.zip = None
        if self.fid is not None:
            self.fid.close()
            self.fid = None

    def __len__(self):
        return len(self.files)

    def __iter__(self):
        return iter(self.files)

    def keys(self):
        return list(self.files)

    def values(self):
        return [self[k] for k in self.files]

    def items(self):
        return [(k, self[k]) for k in self.files]

    def __contains__(self, key):
        return key in self.files

    def get(self, key, default=None):
        return self[key] if key in self.files else default

    def __getitem__(self, key):
        member = key + '.npy' if key in self.files and key + '.npy' in self._files else key
        if member not in self._files:
            raise KeyError('%s is not a file in the archive' % key)
        data = self.zip.read(member)
        if data.startswith(_MAGIC):
            return _read_npy(io.BytesIO(data), self.allow_pickle)
        return data

    def __repr__(self):
        return '<numpy.lib.npyio.NpzFile object at 0x%x>' % id(self)


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding='ASCII', *, max_header_size=10000):
    f, own = _open(file, 'rb')
    try:
        start = f.tell() if hasattr(f, 'tell') else 0
        magic = f.read(6)
        f.seek(start)
        if magic.startswith(b'PK\x03\x04') or magic.startswith(b'PK\x05\x06'):
            own = False
            return NpzFile(f, own_fid=hasattr(file, 'read') is False, allow_pickle=allow_pickle)
        return _read_npy(f, allow_pickle)
    finally:
        if own:
            f.close()


# ---- text ---------------------------------------------------------------

def _lines(fname, encoding):
    if isinstance(fname, (str, bytes, os.PathLike)):
        name = os.fspath(fname)
        if isinstance(name, bytes):
            name = name.decode()
        if name.endswith('.gz'):
            import gzip
            with gzip.open(name, 'rt') as g:
                return g.read().splitlines()
        with builtins.open(name, encoding=encoding if encoding not in (None, 'bytes') else None) as f:
            return f.read().splitlines()
    if hasattr(fname, 'read'):
        text = fname.read()
        if isinstance(text, bytes):
            text = text.decode('latin1')
        return text.splitlines()
    return [x.decode('latin1') if isinstance(x, bytes) else x for x in fname]


def _strip_comment(line, comments):
    if comments is None:
        return line
    for c in ([comments] if isinstance(comments, str) else comments):
        i = line.find(c)
        if i >= 0:
            line = line[:i]
    return line


def _parse_value(text, kind):
    s = text.strip()
    if kind == 'b':
        return s.lower() in ('true', '1')
    if kind in 'iu':
        try:
            return builtins.int(s)
        except ValueError:
            return builtins.int(builtins.float(s))
    return builtins.float(s)


def loadtxt(fname, dtype=float, comments='#', delimiter=None, converters=None, skiprows=0, usecols=None,
            unpack=False, ndmin=0, encoding='bytes', max_rows=None, *, quotechar=None, like=None):
    d = _dtype_of(dtype)
    if ndmin not in (0, 1, 2):
        raise ValueError('Illegal value of ndmin keyword: %s' % ndmin)
    if delimiter is not None and not (isinstance(delimiter, str) and len(delimiter) == 1):
        raise TypeError('Text reading control character must be a single unicode character or None; '
                        'but got: %r' % (delimiter,))
    if comments == '':
        raise ValueError('comments cannot be an empty string. Use comments=None to disable comments.')
    if converters is None and quotechar is None and d.kind == 'f' and (comments is None or isinstance(comments, str)) \
            and (delimiter is None or isinstance(delimiter, str)):
        fast = _loadtxt_fast(fname, d, comments, delimiter, skiprows, usecols, unpack, ndmin, encoding, max_rows)
        if fast is not None:
            return fast
    lines = _lines(fname, encoding)[skiprows:]
    rows = []
    if isinstance(usecols, builtins.int):
        usecols = [usecols]
    ncols = None
    for lineno, line in enumerate(lines, skiprows + 1):
        line = _strip_comment(line, comments).strip('\r\n')
        if not line.strip():
            continue
        fields = line.split(delimiter) if delimiter is not None else line.split()
        if usecols is not None:
            try:
                fields = [fields[i] for i in usecols]
            except IndexError:
                raise ValueError('invalid column index %d at row %d with %d columns' %
                                 (builtins.max(usecols), lineno, len(fields))) from None
        vals = []
        for j, fld in enumerate(fields):
            conv = converters.get(usecols[j] if usecols is not None else j) if isinstance(converters, dict) \
                else converters
            try:
                vals.append(conv(fld) if conv is not None else _parse_value(fld, d.kind))
            except ValueError:
                raise ValueError("could not convert string '%s' to %s at row %d, column %d." %
                                 (fld.strip(), d.name, lineno - skiprows - 1, j + 1)) from None
        if ncols is None:
            ncols = len(vals)
        elif len(vals) != ncols:
            raise ValueError('the number of columns changed from %d to %d at row %d; use `usecols` to select a '
                             'subset and avoid this error' % (ncols, len(vals), lineno))
        rows.append(vals)
        if max_rows is not None and len(rows) >= max_rows:
            break
    if not rows:
        import warnings
        warnings.warn('loadtxt: input contained no data: "%s"' % (fname if isinstance(fname, str) else '<file>'),
                      UserWarning, stacklevel=2)
        arr = _wrap(torch.empty(0, dtype=_engine(d)))
    else:
        arr = array(rows, dtype=d)
    if arr.ndim > ndmin:
        arr = arr.squeeze()
    while arr.ndim < ndmin:
        arr = arr.reshape((1,) + arr.shape)
    if ndmin == 2 and arr.ndim == 2 and len(rows) > 1 and ncols == 1 and arr.shape[0] == 1:
        arr = arr.T
    if unpack:
        return arr.T
    return arr


def _text_of(fname, encoding):
    if isinstance(fname, (str, os.PathLike)):
        name = os.fspath(fname)
        if name.endswith('.gz') or name.endswith('.bz2') or name.endswith('.xz'):
            return None
        with builtins.open(name, encoding=encoding if encoding not in (None, 'bytes') else None) as f:
            return f.read()
    if hasattr(fname, 'read'):
        text = fname.read()
        return text.decode('latin1') if isinstance(text, bytes) else text
    return None


def _loadtxt_fast(fname, d, comments, delimiter, skiprows, usecols, unpack, ndmin, encoding, max_rows):
    """loadtxt's common case in C (numpy._umath.parse_floats); None when
    the input is not plain text."""
    import numpy._umath as _umath
    text = _text_of(fname, encoding)
    if text is None:
        return None
    flat, rows, cols = _umath.parse_floats(text, delimiter, comments, skiprows,
                                            -1 if max_rows is None else max_rows)
    if rows == 0:
        import warnings
        warnings.warn('loadtxt: input contained no data: "%s"' % (fname if isinstance(fname, str) else '<file>'),
                      UserWarning, stacklevel=3)
        arr = _wrap(torch.empty(0, dtype=_engine(d)))
    else:
        arr = _wrap(flat.reshape(rows, cols))
        if usecols is not None:
            cols_ = [usecols] if isinstance(usecols, builtins.int) else list(usecols)
            for c in cols_:
                if c >= cols or c < -cols:
                    raise ValueError('invalid column index %d at row 1 with %d columns' % (c, cols))
            arr = _wrap(arr._t[:, torch.tensor(cols_, dtype=torch.int64)])
        if d.name != 'float64':
            arr = arr.astype(d)
    if arr.ndim > ndmin:
        arr = arr.squeeze()
    while arr.ndim < ndmin:
        arr = arr.reshape((1,) + arr.shape)
    if unpack:
        return arr.T
    return arr


def savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\n', header='', footer='', comments='# ',
            encoding=None):
    X = asarray(X)
    if X.ndim == 0 or X.ndim > 2:
        raise ValueError('Expected 1D or 2D array, got %dD array instead' % X.ndim)
    if X.ndim == 1:
        X = X.reshape(-1, 1)
    ncol = X.shape[1]
    if isinstance(fmt, (list, tuple)):
        if len(fmt) != ncol:
            raise AttributeError('fmt has wrong shape.  %s' % str(fmt))
        row_fmt = delimiter.join(fmt)
    elif fmt.count('%') == 1:
        row_fmt = delimiter.join([fmt] * ncol)
    else:
        row_fmt = fmt
    out = []
    if header:
        out.append(comments + header.replace('\n', '\n' + comments) + newline)
    for row in X.tolist():
        out.append(row_fmt % tuple(row) + newline)
    if footer:
        out.append(comments + footer.replace('\n', '\n' + comments) + newline)
    text = ''.join(out)
    if hasattr(fname, 'write'):
        try:
            fname.write(text)
        except TypeError:
            fname.write(text.encode('latin1'))
        return
    name = os.fspath(fname)
    if name.endswith('.gz'):
        import gzip
        with gzip.open(name, 'wt') as g:
            g.write(text)
        return
    with builtins.open(name, 'w', encoding=encoding) as f:
        f.write(text)


def genfromtxt(fname, dtype=float, comments='#', delimiter=None, skip_header=0, skip_footer=0, converters=None,
               missing_values=None, filling_values=None, usecols=None, names=None, excludelist=None,
               deletechars=None, replace_space='_', autostrip=False, case_sensitive=True, defaultfmt='f%i',
               unpack=None, usemask=False, loose=True, invalid_raise=True, max_rows=None, encoding='bytes', *,
               ndmin=0, like=None):
    if names:
        raise TypeError('cgrad: genfromtxt with names (structured arrays) is not supported')
    d = _dtype_of(dtype)
    lines = _lines(fname, encoding)[skip_header:]
    if skip_footer:
        lines = lines[:-skip_footer]
    missing = set(['']) | (set(missing_values) if isinstance(missing_values, (list, tuple, set)) else
                           ({missing_values} if isinstance(missing_values, str) else set()))
    fill = float('nan') if filling_values is None else filling_values
    rows = []
    if isinstance(usecols, builtins.int):
        usecols = [usecols]
    for line in lines:
        line = _strip_comment(line, comments)
        if not line.strip():
            continue
        fields = line.split(delimiter) if delimiter is not None else line.split()
        if usecols is not None:
            fields = [fields[i] for i in usecols]
        vals = []
        for fld in fields:
            s = fld.strip()
            if s in missing:
                vals.append(fill)
                continue
            try:
                vals.append(_parse_value(s, d.kind))
            except ValueError:
                vals.append(float('nan'))
        rows.append(vals)
        if max_rows is not None and len(rows) >= max_rows:
            break
    arr = array(rows, dtype=d)
    if arr.ndim > builtins.max(ndmin, 1) and 1 in arr.shape:
        arr = arr.squeeze()
    if unpack:
        return arr.T
    return arr
