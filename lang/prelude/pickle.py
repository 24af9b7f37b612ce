# pickle.py: Python's pickle module, protocols 0 to 5, as CPython 3.11's.
#
# The walk over a value and the opcode loop are C (`_pickle`,
# lang/stdlib/pickle_dump.c and pickle_load.c), which writes the same
# bytes as CPython's C pickler (Note [Same bytes as CPython's pickler]).
# This side holds what a program subclasses or configures: Pickler and
# Unpickler (persistent_id, persistent_load, reducer_override,
# dispatch_table, find_class), PickleBuffer, the module functions, the
# opcode names, and the lookups the C core asks for: where a class or
# function lives (Pickler._c_global), how an object reduces
# (Pickler._c_reduce, through copyreg), and how an imported name maps
# between Python 2 and 3 (fix_imports).
# Not here: the "fast" mode, a memo given as a dict, and pickletools.

import sys
import io
import re
from itertools import islice
from functools import partial
from struct import pack, unpack
from types import FunctionType
from copyreg import dispatch_table
from copyreg import _extension_registry, _inverted_registry, _extension_cache
import copyreg as _copyreg
import _pickle

__all__ = ["PickleError", "PicklingError", "UnpicklingError", "Pickler",
           "Unpickler", "dump", "dumps", "load", "loads", "PickleBuffer"]

bytes_types = (bytes, bytearray)

format_version = "4.0"
compatible_formats = ["1.0", "1.1", "1.2", "1.3", "2.0", "3.0", "4.0", "5.0"]

HIGHEST_PROTOCOL = 5
DEFAULT_PROTOCOL = 4

maxsize = sys.maxsize

PyStringMap = None


class PickleError(Exception):
    pass


class PicklingError(PickleError):
    pass


class UnpicklingError(PickleError):
    pass


# The opcodes, by their names in the pickle format.
MARK = b'('
STOP = b'.'
POP = b'0'
POP_MARK = b'1'
DUP = b'2'
FLOAT = b'F'
INT = b'I'
BININT = b'J'
BININT1 = b'K'
LONG = b'L'
BININT2 = b'M'
NONE = b'N'
PERSID = b'P'
BINPERSID = b'Q'
REDUCE = b'R'
STRING = b'S'
BINSTRING = b'T'
SHORT_BINSTRING = b'U'
UNICODE = b'V'
BINUNICODE = b'X'
APPEND = b'a'
BUILD = b'b'
GLOBAL = b'c'
DICT = b'd'
EMPTY_DICT = b'}'
APPENDS = b'e'
GET = b'g'
BINGET = b'h'
INST = b'i'
LONG_BINGET = b'j'
LIST = b'l'
EMPTY_LIST = b']'
OBJ = b'o'
PUT = b'p'
BINPUT = b'q'
LONG_BINPUT = b'r'
SETITEM = b's'
TUPLE = b't'
EMPTY_TUPLE = b')'
SETITEMS = b'u'
BINFLOAT = b'G'
TRUE = b'I01\n'
FALSE = b'I00\n'
PROTO = b'\x80'
NEWOBJ = b'\x81'
EXT1 = b'\x82'
EXT2 = b'\x83'
EXT4 = b'\x84'
TUPLE1 = b'\x85'
TUPLE2 = b'\x86'
TUPLE3 = b'\x87'
NEWTRUE = b'\x88'
NEWFALSE = b'\x89'
LONG1 = b'\x8a'
LONG4 = b'\x8b'
BINBYTES = b'B'
SHORT_BINBYTES = b'C'
SHORT_BINUNICODE = b'\x8c'
BINUNICODE8 = b'\x8d'
BINBYTES8 = b'\x8e'
EMPTY_SET = b'\x8f'
ADDITEMS = b'\x90'
FROZENSET = b'\x91'
NEWOBJ_EX = b'\x92'
STACK_GLOBAL = b'\x93'
MEMOIZE = b'\x94'
FRAME = b'\x95'
BYTEARRAY8 = b'\x96'
NEXT_BUFFER = b'\x97'
READONLY_BUFFER = b'\x98'

__all__.extend([x for x in dir() if re.match("[A-Z][A-Z0-9_]+$", x)])


# ---- Python 2 names (fix_imports) -------------------------------------------
# Below protocol 3, globals are written under their Python 2 module and
# name, and read back under their Python 3 ones.

_PY2_EXCEPTIONS = (
    "ArithmeticError AssertionError AttributeError BaseException BufferError "
    "BytesWarning DeprecationWarning EOFError EnvironmentError Exception "
    "FloatingPointError FutureWarning GeneratorExit IOError ImportError "
    "ImportWarning IndentationError IndexError KeyError KeyboardInterrupt "
    "LookupError MemoryError NameError NotImplementedError OSError "
    "OverflowError PendingDeprecationWarning ReferenceError RuntimeError "
    "RuntimeWarning StopIteration SyntaxError SyntaxWarning SystemError "
    "SystemExit TabError TypeError UnboundLocalError UnicodeDecodeError "
    "UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning "
    "UserWarning ValueError Warning ZeroDivisionError").split()

# OSError's Python 3 subclasses were OSError in Python 2.
_PY3_OSERRORS = (
    "BrokenPipeError ChildProcessError ConnectionAbortedError "
    "ConnectionError ConnectionRefusedError ConnectionResetError "
    "FileExistsError FileNotFoundError InterruptedError IsADirectoryError "
    "NotADirectoryError PermissionError ProcessLookupError "
    "TimeoutError").split()

_TO_PY2_NAME = {
    ('builtins', 'range'): ('__builtin__', 'xrange'),
    ('builtins', 'chr'): ('__builtin__', 'unichr'),
    ('builtins', 'str'): ('__builtin__', 'unicode'),
    ('builtins', 'int'): ('__builtin__', 'long'),
    ('builtins', 'zip'): ('itertools', 'izip'),
    ('builtins', 'map'): ('itertools', 'imap'),
    ('builtins', 'filter'): ('itertools', 'ifilter'),
    ('itertools', 'filterfalse'): ('itertools', 'ifilterfalse'),
    ('itertools', 'zip_longest'): ('itertools', 'izip_longest'),
    ('functools', 'reduce'): ('__builtin__', 'reduce'),
    ('sys', 'intern'): ('__builtin__', 'intern'),
    ('collections', 'UserList'): ('UserList', 'UserList'),
    ('collections', 'UserDict'): ('UserDict', 'IterableUserDict'),
    ('collections', 'UserString'): ('UserString', 'UserString'),
    ('builtins', 'ModuleNotFoundError'): ('exceptions', 'ImportError'),
}
for _name in _PY2_EXCEPTIONS:
    _TO_PY2_NAME[('builtins', _name)] = ('exceptions', _name)
for _name in _PY3_OSERRORS:
    _TO_PY2_NAME[('builtins', _name)] = ('exceptions', 'OSError')

_TO_PY2_MODULE = {
    'builtins': '__builtin__', 'copyreg': 'copy_reg', 'queue': 'Queue',
    'socketserver': 'SocketServer', 'configparser': 'ConfigParser',
    'reprlib': 'repr', '_thread': 'thread', 'subprocess': 'commands',
    'urllib.parse': 'urlparse', 'urllib.request': 'urllib2',
    'http.client': 'httplib', 'html.parser': 'HTMLParser',
    'collections.abc': '_abcoll', '_functools': 'functools',
    '_pickle': 'pickle', 'dbm': 'anydbm',
}

_FROM_PY2_NAME = {v: k for k, v in _TO_PY2_NAME.items()
                  if v[1] not in ('OSError', 'ImportError')}
_FROM_PY2_NAME.update({
    ('exceptions', 'OSError'): ('builtins', 'OSError'),
    ('exceptions', 'ImportError'): ('builtins', 'ImportError'),
    ('exceptions', 'StandardError'): ('builtins', 'Exception'),
    ('UserDict', 'UserDict'): ('collections', 'UserDict'),
    ('__builtin__', 'basestring'): ('builtins', 'str'),
})
_FROM_PY2_MODULE = {v: k for k, v in _TO_PY2_MODULE.items()}
_FROM_PY2_MODULE.update({'cPickle': 'pickle', 'cStringIO': 'io',
                         'StringIO': 'io', '__builtin__': 'builtins',
                         'exceptions': 'builtins'})
for _name in ('pickle', 'functools'):
    del _FROM_PY2_MODULE[_name]


def _codecs_encode(obj, encoding='utf-8', errors='strict'):
    """Stands for _codecs.encode in pickles of bytes below protocol 3."""
    return obj.encode(encoding, errors)


def _codecs_module():
    try:
        import _codecs
        return _codecs
    except ImportError:
        return None


# ---- lookups ----------------------------------------------------------------

def _getattribute(obj, name):
    for subpath in name.split('.'):
        if subpath == '<locals>':
            raise AttributeError("Can't get local attribute {!r} on {!r}"
                                 .format(name, obj))
        try:
            parent = obj
            obj = getattr(obj, subpath)
        except AttributeError:
            raise AttributeError("Can't get attribute {!r} on {!r}"
                                 .format(name, obj)) from None
    return obj, parent


def whichmodule(obj, name):
    """The name of the module obj lives in, as name."""
    module_name = getattr(obj, '__module__', None)
    if module_name is not None:
        return module_name
    for module_name, module in sys.modules.copy().items():
        if (module_name == '__main__' or module_name == '__mp_main__'
                or module is None):
            continue
        try:
            if _getattribute(module, name)[0] is obj:
                return module_name
        except AttributeError:
            pass
    return '__main__'


def encode_long(x):
    """x as pickle's LONG1 and LONG4 hold it: two's complement,
    little-endian, in the fewest bytes (b'' for 0)."""
    if x == 0:
        return b''
    data = x.to_bytes((x.bit_length() >> 3) + 1, 'little', signed=True)
    if x < 0 and len(data) > 1 and data[-1] == 0xff and data[-2] & 0x80:
        data = data[:-1]
    return data


def decode_long(data):
    """The int that encode_long gave data for."""
    return int.from_bytes(data, 'little', signed=True)


# ---- PickleBuffer ---------------------------------------------------------------

class PickleBuffer:
    """A buffer that protocol 5 may pickle out of band."""

    def __init__(self, buffer):
        self._view = memoryview(buffer)
        self._released = False

    def raw(self):
        """A memoryview of the raw bytes underneath the buffer."""
        if self._released:
            raise ValueError("operation forbidden on released PickleBuffer "
                             "object")
        return self._view

    def release(self):
        """Releases the underlying buffer."""
        self._released = True

    def __buffer__(self, flags=0):
        return self.raw()

    def __reduce_ex__(self, protocol):
        raise TypeError("cannot pickle 'pickle.PickleBuffer' object")


# ---- Pickler ----------------------------------------------------------------------

def _check_protocol(protocol):
    if protocol is None:
        return DEFAULT_PROTOCOL
    if protocol < 0:
        return HIGHEST_PROTOCOL
    if protocol > HIGHEST_PROTOCOL:
        raise ValueError("pickle protocol must be <= %d" % HIGHEST_PROTOCOL)
    return protocol


class Pickler:
    """Writes pickles of objects to a binary file."""

    _c_picklebuffer = PickleBuffer

    def __init__(self, file, protocol=None, *, fix_imports=True,
                 buffer_callback=None):
        self._setup(protocol, fix_imports, buffer_callback)
        try:
            self._write = file.write
        except AttributeError:
            raise TypeError("file must have a 'write' attribute") from None

    def _setup(self, protocol, fix_imports, buffer_callback):
        self.proto = _check_protocol(protocol)
        if buffer_callback is not None and self.proto < 5:
            raise ValueError("buffer_callback needs protocol >= 5")
        self.bin = self.proto >= 1
        self.fast = 0
        self.fix_imports = bool(fix_imports) and self.proto < 3
        self._buffer_callback = buffer_callback
        self._memo = _pickle.PicklerMemo()

    @property
    def memo(self):
        """The objects pickled so far (kept from one dump to the next)."""
        return self._memo

    @memo.setter
    def memo(self, value):
        if not isinstance(value, _pickle.PicklerMemo):
            raise TypeError("'memo' attribute must be a PicklerMemoProxy "
                            "object or dict, not %s" % type(value).__name__)
        self._memo = value

    def dump(self, obj):
        """Writes a pickle of obj to the file."""
        if not hasattr(self, '_write'):
            raise PicklingError("Pickler.__init__() was not called by %s"
                                ".__init__()" % type(self).__name__)
        _pickle.dump(self, obj, self.proto, self._write, self.fix_imports,
                     self._buffer_callback, self._memo)

    def clear_memo(self):
        """Forgets the objects pickled so far."""
        self._memo.clear()

    # ---- what the C pickler asks ---------------------------------------------

    def _c_global(self, obj, name):
        """How to write obj by reference: (0, module, qualname) for a
        GLOBAL or STACK_GLOBAL, (1, code, None) for an extension code,
        (2, reduction, None) for getattr(parent, name) below protocol 4."""
        if obj is _codecs_encode:
            return 0, '_codecs', 'encode'
        proto = self.proto
        if name is None:
            name = getattr(obj, '__qualname__', None)
            if name is None:
                name = obj.__name__
        dotted = name.split('.')
        if '<locals>' in dotted:
            raise AttributeError("Can't pickle local object %r" % name)
        module_name = whichmodule(obj, name)
        try:
            __import__(module_name, level=0)
            module = sys.modules[module_name]
        except (ImportError, KeyError, AttributeError):
            raise PicklingError("Can't pickle %r: import of module %r failed"
                                % (obj, module_name)) from None
        try:
            obj2, parent = _getattribute(module, name)
        except AttributeError:
            raise PicklingError("Can't pickle %r: attribute lookup %s on %s "
                                "failed" % (obj, name, module_name)) from None
        if obj2 is not obj:
            raise PicklingError("Can't pickle %r: it's not the same object "
                                "as %s.%s" % (obj, module_name, name))
        if proto >= 2:
            code = _extension_registry.get((module_name, name))
            if code:
                if not 0 < code <= 0x7fffffff:
                    raise PicklingError("code %d out of range" % code)
                return 1, code, None
        if proto >= 4:
            return 0, module_name, name
        if parent is not module:
            return 2, (getattr, (parent, dotted[-1])), None
        if proto >= 3:
            return 0, module_name, name
        if self.fix_imports:
            if (module_name, name) in _TO_PY2_NAME:
                module_name, name = _TO_PY2_NAME[(module_name, name)]
            elif module_name in _TO_PY2_MODULE:
                module_name = _TO_PY2_MODULE[module_name]
        if not module_name.isascii():
            raise PicklingError("can't pickle module identifier '%s' using "
                                "pickle protocol %i" % (module_name, proto))
        if not name.isascii():
            raise PicklingError("can't pickle global identifier '%s' using "
                                "pickle protocol %i" % (name, proto))
        return 0, module_name, name

    def _c_reduce(self, obj):
        """obj's reduction, or None to write it by reference (a class)."""
        t = type(obj)
        if t is type:
            if obj is type(None):
                return type, (None,)
            if obj is type(...):
                return type, (...,)
            if obj is type(NotImplemented):
                return type, (NotImplemented,)
            return None
        table = getattr(self, 'dispatch_table', dispatch_table)
        reduce = table.get(t)
        if reduce is not None:
            return reduce(obj)
        if issubclass(t, type):
            return None
        return _copyreg._reduce(obj, self.proto)

    def _c_newobj_ex(self, argtup):
        cls, args, kwargs = argtup
        return partial(cls.__new__, cls, *args, **kwargs)


# ---- Unpickler --------------------------------------------------------------------

def _escape_decode(data):
    """The bytes a Python 2 string literal's body stands for."""
    out = bytearray()
    simple = {ord('n'): 10, ord('t'): 9, ord('r'): 13, ord('a'): 7,
              ord('b'): 8, ord('f'): 12, ord('v'): 11, ord('\\'): 92,
              ord("'"): 39, ord('"'): 34}
    i, n = 0, len(data)
    while i < n:
        c = data[i]
        i += 1
        if c != 92 or i == n:
            out.append(c)
            continue
        c = data[i]
        i += 1
        if c in simple:
            out.append(simple[c])
        elif c == 10:
            pass
        elif c == ord('x'):
            out.append(int(data[i:i + 2].decode('ascii'), 16))
            i += 2
        elif 48 <= c <= 55:
            j = i
            while j < n and j < i + 2 and 48 <= data[j] <= 55:
                j += 1
            out.append(int(data[i - 1:j].decode('ascii'), 8) & 0xff)
            i = j
        else:
            out.append(92)
            out.append(c)
    return bytes(out)


class Unpickler:
    """Reads pickles from a binary file."""

    def __init__(self, file, *, fix_imports=True, encoding="ASCII",
                 errors="strict", buffers=None):
        try:
            self._read = file.read
            self._readline = file.readline
        except AttributeError:
            raise TypeError("file must have 'read' and 'readline' "
                            "attributes") from None
        self._setup(fix_imports, encoding, errors, buffers)

    def _setup(self, fix_imports, encoding, errors, buffers, who='Unpickler'):
        for name, v in (('encoding', encoding), ('errors', errors)):
            if not isinstance(v, str):
                raise TypeError("%s() argument '%s' must be str, not %s"
                                % (who, name, type(v).__name__))
        self._buffers = iter(buffers) if buffers is not None else None
        self.encoding = encoding
        self.errors = errors
        self.proto = 0
        self.fix_imports = fix_imports
        self._memo = _pickle.UnpicklerMemo()

    @property
    def memo(self):
        """The objects read so far (kept from one load to the next)."""
        return self._memo

    @memo.setter
    def memo(self, value):
        if not isinstance(value, _pickle.UnpicklerMemo):
            raise TypeError("'memo' attribute must be an UnpicklerMemoProxy "
                            "object or dict, not %s" % type(value).__name__)
        self._memo = value

    def load(self):
        """Reads one pickle from the file: the object it holds."""
        if not hasattr(self, '_read'):
            raise UnpicklingError("Unpickler.__init__() was not called by "
                                  "%s.__init__()" % type(self).__name__)
        self.proto = 0
        return _pickle.load(self, None, self._read, self._readline,
                            self._buffers, self._memo)

    def find_class(self, module, name):
        """The object the global module.name refers to."""
        if self.proto < 3 and self.fix_imports:
            if (module, name) in _FROM_PY2_NAME:
                module, name = _FROM_PY2_NAME[(module, name)]
            elif module in _FROM_PY2_MODULE:
                module = _FROM_PY2_MODULE[module]
        if module == '_codecs' and name == 'encode' and _codecs_module() is None:
            return _codecs_encode
        __import__(module, level=0)
        if self.proto >= 4:
            return _getattribute(sys.modules[module], name)[0]
        module = sys.modules[module]
        try:
            return getattr(module, name)
        except AttributeError:
            raise AttributeError("Can't get attribute {!r} on {!r}"
                                 .format(name, module)) from None

    # ---- what the C unpickler asks ---------------------------------------------

    def _c_string(self, data, quoted):
        if quoted:
            data = _escape_decode(data)
        if self.encoding == "bytes":
            return data
        return data.decode(self.encoding, self.errors)

    def _c_ext(self, code):
        nil = []
        obj = _extension_cache.get(code, nil)
        if obj is not nil:
            return obj
        key = _inverted_registry.get(code)
        if not key:
            if code <= 0:
                raise UnpicklingError("EXT specifies code <= 0")
            raise ValueError("unregistered extension code %d" % code)
        obj = self.find_class(*key)
        _extension_cache[code] = obj
        return obj

    def _c_readonly(self, obj):
        view = obj.raw() if isinstance(obj, PickleBuffer) else memoryview(obj)
        return obj if view.readonly else view.toreadonly()


# ---- the functions ------------------------------------------------------------------

def dump(obj, file, protocol=None, *, fix_imports=True, buffer_callback=None):
    Pickler(file, protocol, fix_imports=fix_imports,
            buffer_callback=buffer_callback).dump(obj)


def dumps(obj, protocol=None, *, fix_imports=True, buffer_callback=None):
    p = Pickler.__new__(Pickler)
    p._setup(protocol, fix_imports, buffer_callback)
    return _pickle.dump(p, obj, p.proto, None, p.fix_imports, buffer_callback)


def load(file, *, fix_imports=True, encoding="ASCII", errors="strict",
         buffers=None):
    return Unpickler(file, fix_imports=fix_imports, buffers=buffers,
                     encoding=encoding, errors=errors).load()


def loads(data, /, *, fix_imports=True, encoding="ASCII", errors="strict",
          buffers=None):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    u = Unpickler.__new__(Unpickler)
    u._setup(fix_imports, encoding, errors, buffers, 'loads')
    return _pickle.load(u, data, None, None, u._buffers)


# CPython's classes come from its C module; their names say so.
for _cls in (PickleError, PicklingError, UnpicklingError, Pickler, Unpickler):
    _cls.__module__ = '_pickle'
del _cls
