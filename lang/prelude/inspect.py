"""Looking at live objects: what kind of thing something is, a callable's
signature, the source of functions and classes, the frames of the running
stack, as CPython 3.11's inspect module.

Sources come through linecache: a file's lines from disk, a notebook
cell's from the source the runtime kept when it ran. Frames are the
runtime's frame objects (snapshots made on demand). There are no
coroutines or async generators in this runtime: the predicates for them
answer False for everything it has."""
import abc
import builtins
import collections
import collections.abc
import enum
import functools
import importlib
import itertools
import linecache
import os
import re
import sys
import types
from collections import OrderedDict
from operator import attrgetter, itemgetter as _itemgetter

try:
    from collections import namedtuple
except ImportError:
    def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
        """A tuple subclass whose items are also attributes (the part of
        collections.namedtuple this module's results need, until
        collections has its own)."""
        if isinstance(field_names, str):
            field_names = field_names.replace(',', ' ').split()
        fields = tuple(map(str, field_names))
        defaults = tuple(defaults) if defaults is not None else ()

        def __new__(cls, *args, **kwargs):
            if len(args) > len(fields):
                raise TypeError(f'{typename}.__new__() takes {len(fields) + 1} positional arguments '
                                f'but {len(args) + 1} were given')
            values = list(args)
            for name in fields[len(args):]:
                if name in kwargs:
                    values.append(kwargs.pop(name))
                elif len(fields) - len(values) <= len(defaults):
                    values.append(defaults[len(defaults) - (len(fields) - len(values))])
                else:
                    raise TypeError(f"{typename}.__new__() missing 1 required positional argument: '{name}'")
            if kwargs:
                raise TypeError(f"{typename}.__new__() got an unexpected keyword argument "
                                f"'{next(iter(kwargs))}'")
            return tuple.__new__(cls, values)

        def __repr__(self):
            return self.__class__.__name__ + '(' + ', '.join(
                f'{name}={value!r}' for name, value in zip(self._fields, self)) + ')'

        def _asdict(self):
            return dict(zip(self._fields, self))

        def _replace(self, **kwargs):
            return type(self)(**{**self._asdict(), **kwargs})

        def __getnewargs__(self):
            return tuple(self)

        namespace = {'__slots__': (), '_fields': fields, '__new__': __new__, '__repr__': __repr__,
                     '_asdict': _asdict, '_replace': _replace, '__getnewargs__': __getnewargs__,
                     '_field_defaults': dict(zip(fields[len(fields) - len(defaults):], defaults))}
        for index, name in enumerate(fields):
            namespace[name] = property(_itemgetter(index))
        cls = type(typename, (tuple,), namespace)
        cls.__module__ = module if module is not None else sys._getframe(1).f_globals.get('__name__', '__main__')
        return cls

# the code flags a function's __code__.co_flags may carry
CO_OPTIMIZED = 1
CO_NEWLOCALS = 2
CO_VARARGS = 4
CO_VARKEYWORDS = 8
CO_NESTED = 16
CO_GENERATOR = 32
CO_NOFREE = 64
CO_COROUTINE = 128
CO_ITERABLE_COROUTINE = 256
CO_ASYNC_GENERATOR = 512

TPFLAGS_IS_ABSTRACT = 1 << 20

GEN_CREATED = 'GEN_CREATED'
GEN_RUNNING = 'GEN_RUNNING'
GEN_SUSPENDED = 'GEN_SUSPENDED'
GEN_CLOSED = 'GEN_CLOSED'

CORO_CREATED = 'CORO_CREATED'
CORO_RUNNING = 'CORO_RUNNING'
CORO_SUSPENDED = 'CORO_SUSPENDED'
CORO_CLOSED = 'CORO_CLOSED'

_KEYWORDS = frozenset("""False None True and as assert async await break class continue def del
elif else except finally for from global if import in is lambda nonlocal not or pass raise return
try while with yield""".split())


def iskeyword(s):
    """Whether s is one of Python's keywords."""
    return s in _KEYWORDS


def get_annotations(obj, *, globals=None, locals=None, eval_str=False):
    """The annotations dict of a class, module or callable (a new dict);
    with eval_str, string annotations are evaluated."""
    if isinstance(obj, type):
        obj_dict = getattr(obj, '__dict__', None)
        if obj_dict and hasattr(obj_dict, 'get'):
            ann = obj_dict.get('__annotations__', None)
            if isinstance(ann, types.GetSetDescriptorType):
                ann = None
        else:
            ann = None
        obj_globals = None
        module_name = getattr(obj, '__module__', None)
        if module_name:
            module = sys.modules.get(module_name, None)
            if module:
                obj_globals = getattr(module, '__dict__', None)
        obj_locals = dict(vars(obj))
        unwrap = obj
    elif isinstance(obj, types.ModuleType):
        ann = getattr(obj, '__annotations__', None)
        obj_globals = getattr(obj, '__dict__')
        obj_locals = None
        unwrap = None
    elif callable(obj):
        ann = getattr(obj, '__annotations__', None)
        obj_globals = getattr(obj, '__globals__', None)
        obj_locals = None
        unwrap = obj
    else:
        raise TypeError(f"{obj!r} is not a module, class, or callable.")
    if ann is None:
        return {}
    if not isinstance(ann, dict):
        raise ValueError(f"{obj!r}.__annotations__ is neither a dict nor None")
    if not ann:
        return {}
    if not eval_str:
        return dict(ann)
    if unwrap is not None:
        while True:
            if hasattr(unwrap, '__wrapped__'):
                unwrap = unwrap.__wrapped__
                continue
            if isinstance(unwrap, functools.partial):
                unwrap = unwrap.func
                continue
            break
        if hasattr(unwrap, "__globals__"):
            obj_globals = unwrap.__globals__
    if globals is None:
        globals = obj_globals
    if locals is None:
        locals = obj_locals
    return {key: value if not isinstance(value, str) else eval(value, globals, locals)
            for key, value in ann.items()}


# ---- what kind of object -----------------------------------------------------------

def ismodule(object):
    """A module."""
    return isinstance(object, types.ModuleType)


def isclass(object):
    """A class."""
    return isinstance(object, type)


def ismethod(object):
    """A bound method (a function bound to an instance or class)."""
    return isinstance(object, types.MethodType)


def ismethoddescriptor(object):
    """A descriptor with __get__ and no __set__ that is not a class, a
    method or a function (int.__add__, str.join)."""
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, "__get__") and not hasattr(tp, "__set__")


def isdatadescriptor(object):
    """A descriptor with __set__ or __delete__ (property, a slot)."""
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, "__set__") or hasattr(tp, "__delete__")


def ismemberdescriptor(object):
    """A member descriptor (a __slots__ entry)."""
    return isinstance(object, types.MemberDescriptorType) and object.__class__.__name__ == 'member_descriptor'


def isgetsetdescriptor(object):
    """A getset descriptor (an attribute of a type written in C)."""
    return isinstance(object, types.GetSetDescriptorType) and object.__class__.__name__ == 'getset_descriptor'


def isfunction(object):
    """A function written in Python (def or lambda)."""
    return isinstance(object, types.FunctionType)


def _has_code_flag(f, flag):
    while ismethod(f):
        f = f.__func__
    f = _unwrap_partial(f)
    if not (isfunction(f) or _signature_is_functionlike(f)):
        return False
    return bool(f.__code__.co_flags & flag)


def _unwrap_partial(func):
    while isinstance(func, functools.partial):
        func = func.func
    return func


def isgeneratorfunction(obj):
    """A function whose body has yield: calling it makes a generator."""
    return _has_code_flag(obj, CO_GENERATOR)


def iscoroutinefunction(obj):
    """An `async def` function (there are none here)."""
    return _has_code_flag(obj, CO_COROUTINE)


def isasyncgenfunction(obj):
    """An async generator function (there are none here)."""
    return _has_code_flag(obj, CO_ASYNC_GENERATOR)


def isasyncgen(object):
    """An async generator."""
    return type(object).__name__ == 'async_generator'


def isgenerator(object):
    """A generator."""
    return isinstance(object, types.GeneratorType)


def iscoroutine(object):
    """A coroutine."""
    return type(object).__name__ == 'coroutine'


def isawaitable(object):
    """Something `await` accepts: a coroutine or an object with
    __await__."""
    return (iscoroutine(object) or
            (isinstance(object, types.GeneratorType) and
             bool(getattr(getattr(object, 'gi_code', None), 'co_flags', 0) & CO_ITERABLE_COROUTINE)) or
            isinstance(object, collections.abc.Awaitable))


def istraceback(object):
    """A traceback object."""
    return isinstance(object, types.TracebackType)


def isframe(object):
    """A frame object."""
    return isinstance(object, types.FrameType)


def iscode(object):
    """A code object."""
    return isinstance(object, types.CodeType)


def isbuiltin(object):
    """A function or method written in C (len, [].append)."""
    return isinstance(object, types.BuiltinFunctionType)


def ismethodwrapper(object):
    """A method-wrapper (object().__str__)."""
    return isinstance(object, types.MethodWrapperType) and type(object).__name__ == 'method-wrapper'


def isroutine(object):
    """Any function or method, Python's or C's."""
    return (isbuiltin(object)
            or isfunction(object)
            or ismethod(object)
            or ismethoddescriptor(object)
            or ismethodwrapper(object))


def isabstract(object):
    """A class with abstract methods left (it cannot be instantiated)."""
    if not isinstance(object, type):
        return False
    if getattr(object, '__abstractmethods__', None):
        return True
    if not issubclass(type(object), abc.ABCMeta):
        return False
    if hasattr(object, '__abstractmethods__'):
        return False
    # a class whose ABCMeta.__new__ has not finished yet
    for name, value in object.__dict__.items():
        if getattr(value, "__isabstractmethod__", False):
            return True
    for base in object.__bases__:
        for name in getattr(base, "__abstractmethods__", ()):
            value = getattr(object, name, None)
            if getattr(value, "__isabstractmethod__", False):
                return True
    return False


# ---- members ------------------------------------------------------------------------

def _getmembers(object, predicate, getter):
    results = []
    processed = set()
    names = dir(object)
    if isclass(object):
        mro = (object,) + getmro(object)
        try:
            for base in object.__bases__:
                for k, v in base.__dict__.items():
                    if isinstance(v, types.DynamicClassAttribute):
                        names.append(k)
        except AttributeError:
            pass
    else:
        mro = ()
    for key in names:
        try:
            value = getter(object, key)
            if key in processed:
                raise AttributeError
        except AttributeError:
            for base in mro:
                if key in base.__dict__:
                    value = base.__dict__[key]
                    break
            else:
                continue
        if not predicate or predicate(value):
            results.append((key, value))
        processed.add(key)
    results.sort(key=lambda pair: pair[0])
    return results


def getmembers(object, predicate=None):
    """(name, value) for each attribute of object, sorted by name; only
    those predicate(value) accepts when given."""
    return _getmembers(object, predicate, getattr)


def getmembers_static(object, predicate=None):
    """getmembers without running properties or __getattr__."""
    return _getmembers(object, predicate, getattr_static)


Attribute = namedtuple('Attribute', 'name kind defining_class object')


def classify_class_attrs(cls):
    """Attribute(name, kind, defining_class, object) for each attribute of
    a class; kind is 'class method', 'static method', 'property',
    'method' or 'data'."""
    mro = getmro(cls)
    metamro = getmro(type(cls))
    metamro = tuple(c for c in metamro if c not in (type, object))
    class_bases = (cls,) + mro
    all_bases = class_bases + metamro
    names = dir(cls)
    for base in mro:
        for k, v in base.__dict__.items():
            if isinstance(v, types.DynamicClassAttribute) and v.fget is not None:
                names.append(k)
    result = []
    processed = set()
    for name in names:
        homecls = None
        get_obj = None
        dict_obj = None
        if name not in processed:
            try:
                if name == '__dict__':
                    raise Exception("__dict__ is special, don't want the proxy")
                get_obj = getattr(cls, name)
            except Exception:
                pass
            else:
                homecls = getattr(get_obj, "__objclass__", homecls)
                if homecls not in class_bases:
                    homecls = None
                    last_cls = None
                    for srch_cls in class_bases:
                        srch_obj = getattr(srch_cls, name, None)
                        if srch_obj is get_obj:
                            last_cls = srch_cls
                    for srch_cls in metamro:
                        try:
                            srch_obj = srch_cls.__getattr__(cls, name)
                        except AttributeError:
                            continue
                        if srch_obj is get_obj:
                            last_cls = srch_cls
                    if last_cls is not None:
                        homecls = last_cls
        for base in all_bases:
            if name in base.__dict__:
                dict_obj = base.__dict__[name]
                if homecls not in metamro:
                    homecls = base
                break
        if homecls is None:
            continue
        obj = get_obj if get_obj is not None else dict_obj
        if isinstance(dict_obj, (staticmethod, types.BuiltinMethodType)) and not isinstance(dict_obj, types.BuiltinFunctionType):
            kind = "static method"
            obj = dict_obj
        elif isinstance(dict_obj, staticmethod):
            kind = "static method"
            obj = dict_obj
        elif isinstance(dict_obj, (classmethod, types.ClassMethodDescriptorType)):
            kind = "class method"
            obj = dict_obj
        elif isinstance(dict_obj, property):
            kind = "property"
            obj = dict_obj
        elif isroutine(obj):
            kind = "method"
        else:
            kind = "data"
        result.append(Attribute(name, kind, homecls, obj))
        processed.add(name)
    return result


def getmro(cls):
    """The class and its bases in method resolution order."""
    return cls.__mro__


def unwrap(func, *, stop=None):
    """The function under a chain of __wrapped__ attributes (what
    functools.wraps leaves); stop(f) true ends the walk early."""
    f = func
    memo = {id(f): f}
    recursion_limit = sys.getrecursionlimit()
    while not isinstance(func, type) and hasattr(func, '__wrapped__'):
        if stop is not None and stop(func):
            break
        func = func.__wrapped__
        id_func = id(func)
        if (id_func in memo) or (len(memo) >= recursion_limit):
            raise ValueError('wrapper loop when unwrapping {!r}'.format(f))
        memo[id_func] = func
    return func


def indentsize(line):
    """The width of a line's leading whitespace, tabs expanded."""
    expline = line.expandtabs()
    return len(expline) - len(expline.lstrip())


def _findclass(func):
    cls = sys.modules.get(func.__module__)
    if cls is None:
        return None
    for name in func.__qualname__.split('.')[:-1]:
        cls = getattr(cls, name)
    if not isclass(cls):
        return None
    return cls


def _finddoc(obj):
    if ismethod(obj):
        name = obj.__func__.__name__
        self = obj.__self__
        if isclass(self) and getattr(getattr(self, name, None), '__func__') is obj.__func__:
            cls = self
        else:
            cls = self.__class__
    elif isfunction(obj):
        name = obj.__name__
        cls = _findclass(obj)
        if cls is None or getattr(cls, name) is not obj:
            return None
    elif isbuiltin(obj):
        name = obj.__name__
        self = obj.__self__
        if isclass(self) and self.__qualname__ + '.' + name == obj.__qualname__:
            cls = self
        else:
            cls = self.__class__
    elif isinstance(obj, property):
        func = obj.fget
        name = func.__name__
        cls = _findclass(func)
        if cls is None or getattr(cls, name) is not obj:
            return None
    elif ismethoddescriptor(obj) or isdatadescriptor(obj):
        name = obj.__name__
        cls = obj.__objclass__
        if getattr(cls, name) is not obj:
            return None
        if ismemberdescriptor(obj):
            slots = getattr(cls, '__slots__', None)
            if isinstance(slots, dict) and name in slots:
                return slots[name]
    else:
        return None
    for base in cls.__mro__:
        try:
            doc = getattr(base, name).__doc__
        except AttributeError:
            continue
        if doc is not None:
            return doc
    return None


def getdoc(object):
    """The object's docstring with its indentation cleaned (cleandoc);
    a method without one gets the one it overrides."""
    try:
        doc = object.__doc__
    except AttributeError:
        return None
    if doc is None:
        try:
            doc = _finddoc(object)
        except (AttributeError, TypeError):
            return None
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def cleandoc(doc):
    """A docstring with its first line's and the common indentation of
    the others removed, and blank lines at both ends dropped."""
    try:
        lines = doc.expandtabs().split('\n')
    except UnicodeError:
        return None
    margin = sys.maxsize
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = min(margin, indent)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin < sys.maxsize:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


# ---- files and source ----------------------------------------------------------------

def getfile(object):
    """The file (or cell name) an object was defined in."""
    if ismodule(object):
        if getattr(object, '__file__', None):
            return object.__file__
        raise TypeError('{!r} is a built-in module'.format(object))
    if isclass(object):
        if hasattr(object, '__module__'):
            module = sys.modules.get(object.__module__)
            if getattr(module, '__file__', None):
                return module.__file__
            if object.__module__ == '__main__':
                raise OSError('source code not available')
        raise TypeError('{!r} is a built-in class'.format(object))
    if ismethod(object):
        object = object.__func__
    if isfunction(object):
        object = object.__code__
    if istraceback(object):
        object = object.tb_frame
    if isframe(object):
        object = object.f_code
    if iscode(object):
        return object.co_filename
    raise TypeError('module, class, method, function, traceback, frame, or '
                    'code object was expected, got {}'.format(type(object).__name__))


def getmodulename(path):
    """The module name a file path would be imported as, or None."""
    fname = os.path.basename(path)
    suffixes = [(-len(suffix), suffix) for suffix in
                ['.py', '.pyc', '.cpython-311-x86_64-linux-gnu.so', '.abi3.so', '.so']]
    suffixes.sort()
    for neglen, suffix in suffixes:
        if fname.endswith(suffix):
            return fname[:neglen]
    return None


def getsourcefile(object):
    """The source file of an object (None when it has none to read)."""
    filename = getfile(object)
    if filename.endswith(('.pyc', '.so')):
        filename = filename[:-1] if filename.endswith('.pyc') else None
        if filename is None:
            return None
    if os.path.exists(filename):
        return filename
    module = getmodule(object, filename)
    if getattr(module, '__loader__', None) is not None:
        return filename
    if filename in linecache.cache or linecache.getlines(filename):
        return filename
    return None


def getabsfile(object, _filename=None):
    """The normalized absolute path of an object's file."""
    if _filename is None:
        _filename = getsourcefile(object) or getfile(object)
    return os.path.normcase(os.path.abspath(_filename))


modulesbyfile = {}
_filesbymodname = {}


def getmodule(object, _filename=None):
    """The module an object was defined in, or None."""
    if ismodule(object):
        return object
    if hasattr(object, '__module__'):
        return sys.modules.get(object.__module__)
    if _filename is not None and _filename in modulesbyfile:
        return sys.modules.get(modulesbyfile[_filename])
    try:
        file = getabsfile(object, _filename)
    except (TypeError, FileNotFoundError):
        return None
    if file in modulesbyfile:
        return sys.modules.get(modulesbyfile[file])
    for modname, module in sys.modules.copy().items():
        if ismodule(module) and hasattr(module, '__file__'):
            f = module.__file__
            if f == _filesbymodname.get(modname, None):
                continue
            _filesbymodname[modname] = f
            f = getabsfile(module)
            modulesbyfile[f] = modulesbyfile[os.path.realpath(f)] = module.__name__
    if file in modulesbyfile:
        return sys.modules.get(modulesbyfile[file])
    main = sys.modules['__main__']
    if not hasattr(object, '__name__'):
        return None
    if hasattr(main, object.__name__):
        mainobject = getattr(main, object.__name__)
        if mainobject is object:
            return main
    builtin = sys.modules['builtins']
    if hasattr(builtin, object.__name__):
        builtinobject = getattr(builtin, object.__name__)
        if builtinobject is object:
            return builtin


class ClassFoundException(Exception):
    pass


class EndOfBlock(Exception):
    pass


def findsource(object):
    """(all the lines of the object's file, the index of its first line);
    OSError when the source cannot be found."""
    file = getsourcefile(object)
    if file:
        linecache.checkcache(file)
    else:
        file = getfile(object)
        if not (file.startswith('<') and file.endswith('>')):
            raise OSError('source code not available')
    module = getmodule(object, file)
    if module:
        lines = linecache.getlines(file, module.__dict__)
    else:
        lines = linecache.getlines(file)
    if not lines:
        raise OSError('could not get source code')
    if ismodule(object):
        return lines, 0
    if isclass(object):
        return lines, _find_class_line(object, lines)
    if ismethod(object):
        object = object.__func__
    if isfunction(object):
        object = object.__code__
    if istraceback(object):
        object = object.tb_frame
    if isframe(object):
        object = object.f_code
    if iscode(object):
        if not hasattr(object, 'co_firstlineno'):
            raise OSError('could not find function definition')
        lnum = object.co_firstlineno - 1
        pat = re.compile(r'^(\s*def\s)|(\s*async\s+def\s)|(.*(?<!\w)lambda(:|\s))|^(\s*@)')
        while lnum > 0:
            try:
                line = lines[lnum]
            except IndexError:
                raise OSError('lineno is out of bounds')
            if pat.match(line):
                break
            lnum = lnum - 1
        return lines, lnum
    raise OSError('could not find code object')


def _find_class_line(cls, lines):
    """The index of the line of `class Name` that defines cls: nested
    classes are found inside the classes their __qualname__ names."""
    parts = cls.__qualname__.split('.')
    start, indent_min = 0, -1
    for depth, name in enumerate(parts):
        if name == '<locals>':
            continue
        pat = re.compile(r'^(\s*)class\s+' + re.escape(name) + r'\b')
        found = None
        for i in range(start, len(lines)):
            m = pat.match(lines[i])
            if m and len(m.group(1).expandtabs()) > indent_min:
                found = i
                indent_min = len(m.group(1).expandtabs())
                break
        if found is None:
            raise OSError('could not find class definition')
        start = found
    # the decorators above belong to it
    while start > 0 and lines[start - 1].lstrip().startswith('@'):
        start -= 1
    return start


def getcomments(object):
    """The comment lines just above an object's source (or at the top of
    a module's), joined; None when there are none."""
    try:
        lines, lnum = findsource(object)
    except (OSError, TypeError):
        return None
    if ismodule(object):
        start = 0
        if lines and lines[0][:2] == '#!':
            start = 1
        while start < len(lines) and lines[start].strip() in ('', '#'):
            start = start + 1
        if start < len(lines) and lines[start][:1] == '#':
            comments = []
            end = start
            while end < len(lines) and lines[end][:1] == '#':
                comments.append(lines[end].expandtabs())
                end = end + 1
            return ''.join(comments)
    elif lnum > 0:
        indent = indentsize(lines[lnum])
        end = lnum - 1
        if end >= 0 and lines[end].lstrip()[:1] == '#' and indentsize(lines[end]) == indent:
            comments = [lines[end].expandtabs().lstrip()]
            if end > 0:
                end = end - 1
                comment = lines[end].expandtabs().lstrip()
                while comment[:1] == '#' and indentsize(lines[end]) == indent:
                    comments[:0] = [comment]
                    end = end - 1
                    if end < 0:
                        break
                    comment = lines[end].expandtabs().lstrip()
            while comments and comments[0].strip() == '#':
                comments[:1] = []
            while comments and comments[-1].strip() == '#':
                comments[-1:] = []
            return ''.join(comments)
    return None


def _strip_strings(line, state):
    """The line without its string literals and comment (for counting
    brackets), and whether a triple-quoted string is still open."""
    out = []
    i = 0
    quote = state
    while i < len(line):
        if quote:
            if line.startswith(quote, i):
                i += len(quote)
                quote = None
                continue
            if line[i] == '\\':
                i += 2
                continue
            i += 1
            continue
        c = line[i]
        if c == '#':
            break
        if c in '"\'':
            q = line[i:i + 3] if line[i:i + 3] in ('"""', "'''") else c
            quote = q
            i += len(q)
            continue
        out.append(c)
        i += 1
    if quote in ('"', "'"):
        quote = None  # an unfinished one-line string: the line ends it
    return ''.join(out), quote


def getblock(lines):
    """The lines of the block that starts at lines[0] (a def, a class,
    their decorators, or a lambda's line)."""
    if not lines:
        return lines
    first = lines[0]
    base = indentsize(first)
    depth = 0
    quote = None
    i = 0
    header_done = False
    body_start = None
    # the header: decorators and the def/class line(s) up to the colon
    while i < len(lines):
        code, quote = _strip_strings(lines[i], quote)
        for c in code:
            if c in '([{':
                depth += 1
            elif c in ')]}':
                depth -= 1
        stripped = code.strip()
        i += 1
        if depth > 0 or quote:
            continue
        if stripped.startswith('@') and not header_done:
            continue
        if not stripped.startswith(('def ', 'class ', 'async ')) and not header_done:
            # a lambda or another one-line construct
            return lines[:i]
        if stripped.endswith(':'):
            header_done = True
            body_start = i
            break
        # `def f(): return 1` on one line
        return lines[:i]
    if body_start is None:
        return lines[:i]
    # the body: every line indented deeper, and blank lines inside it
    end = body_start
    quote = None
    while i < len(lines):
        line = lines[i]
        if quote is None and depth <= 0:
            if not line.strip():
                i += 1
                continue
            if line.lstrip().startswith('#') and indentsize(line) <= base:
                i += 1
                continue
            if indentsize(line) <= base:
                break
        code, quote = _strip_strings(line, quote)
        for c in code:
            if c in '([{':
                depth += 1
            elif c in ')]}':
                depth -= 1
        i += 1
        end = i
    return lines[:end]


def getsourcelines(object):
    """(the lines of an object's source, the number of its first line);
    a module's lines start at 0."""
    object = unwrap(object)
    lines, lnum = findsource(object)
    if istraceback(object):
        object = object.tb_frame
    if ismodule(object) or (isframe(object) and object.f_code.co_name == "<module>"):
        return lines, 0
    return getblock(lines[lnum:]), lnum + 1


def getsource(object):
    """The source text of a module, class, function, method, frame or
    traceback; OSError when it cannot be found."""
    lines, lnum = getsourcelines(object)
    return ''.join(lines)


def walktree(classes, children, parent):
    """getclasstree's nesting, for the classes under one parent."""
    results = []
    classes.sort(key=attrgetter('__module__', '__name__'))
    for c in classes:
        results.append((c, c.__bases__))
        if c in children:
            results.append(walktree(children[c], children, c))
    return results


def getclasstree(classes, unique=False):
    """The classes arranged as nested lists by inheritance: each entry a
    (class, bases) tuple, followed by a list of its subclasses' entries."""
    children = {}
    roots = []
    for c in classes:
        if c.__bases__:
            for parent in c.__bases__:
                if parent not in children:
                    children[parent] = []
                if c not in children[parent]:
                    children[parent].append(c)
                if unique and parent in classes:
                    break
        elif c not in roots:
            roots.append(c)
    for parent in children:
        if parent not in classes:
            roots.append(parent)
    return walktree(roots, children, None)


# ---- arguments of code and frames ----------------------------------------------------

Arguments = namedtuple('Arguments', 'args, varargs, varkw')


def getargs(co):
    """Arguments(args, varargs, varkw) of a code object."""
    if not iscode(co):
        raise TypeError('{!r} is not a code object'.format(co))
    names = co.co_varnames
    nargs = co.co_argcount
    nkwargs = co.co_kwonlyargcount
    args = list(names[:nargs])
    kwonlyargs = list(names[nargs:nargs + nkwargs])
    nargs += nkwargs
    varargs = None
    if co.co_flags & CO_VARARGS:
        varargs = co.co_varnames[nargs]
        nargs = nargs + 1
    varkw = None
    if co.co_flags & CO_VARKEYWORDS:
        varkw = co.co_varnames[nargs]
    return Arguments(args + kwonlyargs, varargs, varkw)


FullArgSpec = namedtuple('FullArgSpec',
                         'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations')


def getfullargspec(func):
    """FullArgSpec(args, varargs, varkw, defaults, kwonlyargs,
    kwonlydefaults, annotations) of a callable; a bound method keeps its
    first parameter."""
    try:
        sig = _signature_from_callable(func, follow_wrapper_chains=False, skip_bound_arg=False,
                                       sigcls=Signature, eval_str=False)
    except Exception as ex:
        raise TypeError('unsupported callable') from ex
    args = []
    varargs = None
    varkw = None
    posonlyargs = []
    kwonlyargs = []
    annotations = {}
    defaults = ()
    kwdefaults = {}
    if sig.return_annotation is not sig.empty:
        annotations['return'] = sig.return_annotation
    for param in sig.parameters.values():
        kind = param.kind
        name = param.name
        if kind is _POSITIONAL_ONLY:
            posonlyargs.append(name)
            if param.default is not param.empty:
                defaults += (param.default,)
        elif kind is _POSITIONAL_OR_KEYWORD:
            args.append(name)
            if param.default is not param.empty:
                defaults += (param.default,)
        elif kind is _VAR_POSITIONAL:
            varargs = name
        elif kind is _KEYWORD_ONLY:
            kwonlyargs.append(name)
            if param.default is not param.empty:
                kwdefaults[name] = param.default
        elif kind is _VAR_KEYWORD:
            varkw = name
        if param.annotation is not param.empty:
            annotations[name] = param.annotation
    if not kwdefaults:
        kwdefaults = None
    if not defaults:
        defaults = None
    return FullArgSpec(posonlyargs + args, varargs, varkw, defaults,
                       kwonlyargs, kwdefaults, annotations)


ArgInfo = namedtuple('ArgInfo', 'args varargs keywords locals')


def getargvalues(frame):
    """ArgInfo(args, varargs, keywords, locals) of a frame."""
    args, varargs, varkw = getargs(frame.f_code)
    return ArgInfo(args, varargs, varkw, frame.f_locals)


def formatannotation(annotation, base_module=None):
    """An annotation as signatures print it: a class by its (qualified)
    name, typing's objects without 'typing.', anything else by repr."""
    if getattr(annotation, '__module__', None) == 'typing':
        def repl(match):
            text = match.group()
            return text.removeprefix('typing.')
        return re.sub(r'[\w\.]+', repl, repr(annotation))
    if isinstance(annotation, types.GenericAlias) and not isinstance(annotation, type):
        return str(annotation)
    if isinstance(annotation, type):
        if annotation.__module__ in ('builtins', base_module):
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


def formatannotationrelativeto(object):
    """formatannotation with object's module left out of class names."""
    module = getattr(object, '__module__', None)

    def _formatannotation(annotation):
        return formatannotation(annotation, module)
    return _formatannotation


def formatargvalues(args, varargs, varkw, locals,
                    formatarg=str,
                    formatvarargs=lambda name: '*' + name,
                    formatvarkw=lambda name: '**' + name,
                    formatvalue=lambda value: '=' + repr(value)):
    """'(a=1, *args=(), **kw={})' from getargvalues' parts."""
    def convert(name, locals=locals, formatarg=formatarg, formatvalue=formatvalue):
        return formatarg(name) + formatvalue(locals[name])
    specs = []
    for i in range(len(args)):
        specs.append(convert(args[i]))
    if varargs:
        specs.append(formatvarargs(varargs) + formatvalue(locals[varargs]))
    if varkw:
        specs.append(formatvarkw(varkw) + formatvalue(locals[varkw]))
    return '(' + ', '.join(specs) + ')'


def _missing_arguments(f_name, argnames, pos, values):
    names = [repr(name) for name in argnames if name not in values]
    missing = len(names)
    if missing == 1:
        s = names[0]
    elif missing == 2:
        s = "{} and {}".format(*names)
    else:
        tail = ", {} and {}".format(*names[-2:])
        del names[-2:]
        s = ", ".join(names) + tail
    raise TypeError("%s() missing %i required %s argument%s: %s" %
                    (f_name, missing,
                     "positional" if pos else "keyword-only",
                     "" if missing == 1 else "s", s))


def _too_many(f_name, args, kwonly, varargs, defcount, given, values):
    atleast = len(args) - defcount
    kwonly_given = len([arg for arg in kwonly if arg in values])
    if varargs:
        plural = atleast != 1
        sig = "at least %d" % (atleast,)
    elif defcount:
        plural = True
        sig = "from %d to %d" % (atleast, len(args))
    else:
        plural = len(args) != 1
        sig = str(len(args))
    kwonly_sig = ""
    if kwonly_given:
        msg = " positional argument%s (and %d keyword-only argument%s)"
        kwonly_sig = (msg % ("s" if given != 1 else "", kwonly_given,
                             "s" if kwonly_given != 1 else ""))
    raise TypeError("%s() takes %s positional argument%s but %d%s %s given" %
                    (f_name, sig, "s" if plural else "", given, kwonly_sig,
                     "was" if given == 1 and not kwonly_given else "were"))


def getcallargs(func, /, *positional, **named):
    """The dict of parameter names to values a call func(*positional,
    **named) would bind (a bound method's self included)."""
    spec = getfullargspec(func)
    args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, ann = spec
    f_name = func.__name__
    arg2value = {}
    if ismethod(func) and func.__self__ is not None:
        positional = (func.__self__,) + positional
    num_pos = len(positional)
    num_args = len(args)
    num_defaults = len(defaults) if defaults else 0
    n = min(num_pos, num_args)
    for i in range(n):
        arg2value[args[i]] = positional[i]
    if varargs:
        arg2value[varargs] = tuple(positional[n:])
    possible_kwargs = set(args + kwonlyargs)
    if varkw:
        arg2value[varkw] = {}
    for kw, value in named.items():
        if kw not in possible_kwargs:
            if not varkw:
                raise TypeError("%s() got an unexpected keyword argument %r" % (f_name, kw))
            arg2value[varkw][kw] = value
            continue
        if kw in arg2value:
            raise TypeError("%s() got multiple values for argument %r" % (f_name, kw))
        arg2value[kw] = value
    if num_pos > num_args and not varargs:
        _too_many(f_name, args, kwonlyargs, varargs, num_defaults, num_pos, arg2value)
    if num_pos < num_args:
        req = args[:num_args - num_defaults]
        for arg in req:
            if arg not in arg2value:
                _missing_arguments(f_name, req, True, arg2value)
        for i, arg in enumerate(args[num_args - num_defaults:]):
            if arg not in arg2value:
                arg2value[arg] = defaults[i]
    missing = 0
    for kwarg in kwonlyargs:
        if kwarg not in arg2value:
            if kwonlydefaults and kwarg in kwonlydefaults:
                arg2value[kwarg] = kwonlydefaults[kwarg]
            else:
                missing += 1
    if missing:
        _missing_arguments(f_name, kwonlyargs, False, arg2value)
    return arg2value


ClosureVars = namedtuple('ClosureVars', 'nonlocals globals builtins unbound')


def getclosurevars(func):
    """ClosureVars(nonlocals, globals, builtins, unbound) of a function:
    the values of the variables it captures, and of the global and
    builtin names its code uses that exist (the names are read from its
    source, as this runtime's code objects keep no name table)."""
    if ismethod(func):
        func = func.__func__
    if not isfunction(func):
        raise TypeError("{!r} is not a Python function".format(func))
    code = func.__code__
    if func.__closure__ is None:
        nonlocal_vars = {}
    else:
        nonlocal_vars = {var: cell.cell_contents
                         for var, cell in zip(code.co_freevars, func.__closure__)}
    global_ns = func.__globals__
    builtin_ns = global_ns.get("__builtins__", builtins.__dict__)
    if ismodule(builtin_ns):
        builtin_ns = builtin_ns.__dict__
    global_vars = {}
    builtin_vars = {}
    unbound_names = set()
    try:
        source = getsource(func)
    except (OSError, TypeError):
        source = ''
    body = source.split(':', 1)[1] if ':' in source else ''
    local = set(code.co_varnames) | set(code.co_freevars) | set(code.co_cellvars)
    for name in re.findall(r'(?<![\w.])([A-Za-z_]\w*)', _strip_all_strings(body)):
        if name in local or iskeyword(name):
            continue
        if name in global_ns:
            global_vars[name] = global_ns[name]
        elif name in builtin_ns:
            builtin_vars[name] = builtin_ns[name]
        else:
            unbound_names.add(name)
    return ClosureVars(nonlocal_vars, global_vars, builtin_vars, unbound_names)


def _strip_all_strings(text):
    out = []
    quote = None
    for line in text.splitlines():
        code, quote = _strip_strings(line, quote)
        out.append(code)
    return '\n'.join(out)


# ---- frames and the stack --------------------------------------------------------------

_Traceback = namedtuple('_Traceback', 'filename lineno function code_context index')


class Traceback(_Traceback):
    """(filename, lineno, function, code_context, index) of a frame, and
    its positions."""

    def __new__(cls, filename, lineno, function, code_context, index, *, positions=None):
        instance = super().__new__(cls, filename, lineno, function, code_context, index)
        instance.positions = positions
        return instance

    def __repr__(self):
        return ('Traceback(filename={!r}, lineno={!r}, function={!r}, '
                'code_context={!r}, index={!r}, positions={!r})'.format(
                    self.filename, self.lineno, self.function, self.code_context,
                    self.index, self.positions))


def getframeinfo(frame, context=1):
    """Traceback(filename, lineno, function, code_context, index) of a
    frame or traceback, with `context` lines of source around the line."""
    if istraceback(frame):
        lineno = frame.tb_lineno
        frame = frame.tb_frame
    else:
        lineno = frame.f_lineno
    if not isframe(frame):
        raise TypeError('{!r} is not a frame or traceback object'.format(frame))
    filename = getsourcefile(frame) or getfile(frame)
    if context > 0:
        start = lineno - 1 - context // 2
        try:
            lines, lnum = findsource(frame)
        except OSError:
            lines = index = None
        else:
            start = max(0, min(start, len(lines) - context))
            lines = lines[start:start + context]
            index = lineno - 1 - start
    else:
        lines = index = None
    positions = (lineno, lineno, None, None)
    return Traceback(filename, lineno, frame.f_code.co_name, lines, index, positions=positions)


def getlineno(frame):
    """The line a frame is at."""
    return frame.f_lineno


_FrameInfo = namedtuple('_FrameInfo', ('frame',) + Traceback._fields)


class FrameInfo(_FrameInfo):
    """(frame, filename, lineno, function, code_context, index), and
    positions."""

    def __new__(cls, frame, filename, lineno, function, code_context, index, *, positions=None):
        instance = super().__new__(cls, frame, filename, lineno, function, code_context, index)
        instance.positions = positions
        return instance

    def __repr__(self):
        return ('FrameInfo(frame={!r}, filename={!r}, lineno={!r}, function={!r}, '
                'code_context={!r}, index={!r}, positions={!r})'.format(
                    self.frame, self.filename, self.lineno, self.function,
                    self.code_context, self.index, self.positions))


def getouterframes(frame, context=1):
    """FrameInfo for a frame and each frame that called it, innermost
    first."""
    framelist = []
    while frame:
        traceback_info = getframeinfo(frame, context)
        frameinfo = (frame,) + tuple(traceback_info)
        framelist.append(FrameInfo(*frameinfo, positions=traceback_info.positions))
        frame = frame.f_back
    return framelist


def getinnerframes(tb, context=1):
    """FrameInfo for each entry of a traceback, outermost first."""
    framelist = []
    while tb:
        traceback_info = getframeinfo(tb, context)
        frameinfo = (tb.tb_frame,) + tuple(traceback_info)
        framelist.append(FrameInfo(*frameinfo, positions=traceback_info.positions))
        tb = tb.tb_next
    return framelist


def currentframe():
    """The caller's frame."""
    return sys._getframe(1)


def stack(context=1):
    """FrameInfo of the caller's frame and those outside it."""
    return getouterframes(sys._getframe(1), context)


def trace(context=1):
    """FrameInfo of the frames between here and where the exception being
    handled was raised."""
    return getinnerframes(sys.exc_info()[2], context)


def getgeneratorstate(generator):
    """GEN_CREATED, GEN_RUNNING, GEN_SUSPENDED or GEN_CLOSED."""
    if generator.gi_running:
        return GEN_RUNNING
    if generator.gi_suspended:
        return GEN_SUSPENDED
    if generator.gi_frame is None:
        return GEN_CLOSED
    return GEN_CREATED


def getgeneratorlocals(generator):
    """The local variables of a suspended generator (a dict)."""
    if not isgenerator(generator):
        raise TypeError("{!r} is not a Python generator".format(generator))
    frame = getattr(generator, "gi_frame", None)
    if frame is not None:
        return generator.gi_frame.f_locals
    return {}


def getcoroutinestate(coroutine):
    """CORO_CREATED, CORO_RUNNING, CORO_SUSPENDED or CORO_CLOSED."""
    if coroutine.cr_running:
        return CORO_RUNNING
    if coroutine.cr_suspended:
        return CORO_SUSPENDED
    if coroutine.cr_frame is None:
        return CORO_CLOSED
    return CORO_CREATED


def getcoroutinelocals(coroutine):
    """The local variables of a suspended coroutine."""
    frame = getattr(coroutine, "cr_frame", None)
    if frame is not None:
        return frame.f_locals
    return {}


# ---- static attribute lookup -------------------------------------------------------

_sentinel = object()


def _static_getmro(klass):
    return type.__dict__['__mro__'].__get__(klass) if '__mro__' in type.__dict__ else klass.__mro__


def _check_instance(obj, attr):
    try:
        instance_dict = object.__getattribute__(obj, "__dict__")
    except AttributeError:
        instance_dict = {}
    return dict.get(instance_dict, attr, _sentinel)


def _check_class(klass, attr):
    for entry in klass.__mro__:
        d = entry.__dict__
        if attr in d:
            return d[attr]
    return _sentinel


def getattr_static(obj, attr, default=_sentinel):
    """obj.attr found without running descriptors, __getattr__ or
    __getattribute__: an instance's own value, else what its class's
    __dict__ (along the MRO) holds."""
    instance_result = _sentinel
    if not isinstance(obj, type):
        klass = type(obj)
        instance_result = _check_instance(obj, attr)
        dict_attr = _check_class(klass, attr)
        if (dict_attr is not _sentinel and instance_result is not _sentinel
                and (hasattr(type(dict_attr), '__set__') or hasattr(type(dict_attr), '__delete__'))):
            return dict_attr
    else:
        klass = obj
    klass_result = _check_class(klass, attr)
    if instance_result is not _sentinel and klass_result is not _sentinel:
        if (hasattr(type(klass_result), '__get__') and
                (hasattr(type(klass_result), '__set__') or hasattr(type(klass_result), '__delete__'))):
            return klass_result
    if instance_result is not _sentinel:
        return instance_result
    if klass_result is not _sentinel:
        return klass_result
    if obj is klass:
        for entry in type(klass).__mro__:
            if attr in entry.__dict__:
                return entry.__dict__[attr]
    if default is not _sentinel:
        return default
    raise AttributeError(attr)


# ---- signatures --------------------------------------------------------------------------

class _void:
    """A private marker: 'no value'."""


class _empty:
    """Marks a parameter without a default or annotation."""


class _ParameterKind(enum.IntEnum):
    POSITIONAL_ONLY = 'positional-only'
    POSITIONAL_OR_KEYWORD = 'positional or keyword'
    VAR_POSITIONAL = 'variadic positional'
    KEYWORD_ONLY = 'keyword-only'
    VAR_KEYWORD = 'variadic keyword'

    def __new__(cls, description):
        value = len(cls.__members__)
        member = int.__new__(cls, value)
        member._value_ = value
        member.description = description
        return member

    def __str__(self):
        return self.name


_POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
_POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
_VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
_KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
_VAR_KEYWORD = _ParameterKind.VAR_KEYWORD


class Parameter:
    """One parameter of a Signature: name, kind, default and annotation
    (Parameter.empty when absent). Immutable; replace() makes a changed
    copy."""

    __slots__ = ('_name', '_kind', '_default', '_annotation')

    POSITIONAL_ONLY = _POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _VAR_POSITIONAL
    KEYWORD_ONLY = _KEYWORD_ONLY
    VAR_KEYWORD = _VAR_KEYWORD

    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        try:
            self._kind = _ParameterKind(kind)
        except ValueError:
            raise ValueError(f'value {kind!r} is not a valid Parameter.kind')
        if default is not _empty:
            if self._kind in (_VAR_POSITIONAL, _VAR_KEYWORD):
                msg = '{} parameters cannot have default values'
                msg = msg.format(self._kind.description)
                raise ValueError(msg)
        self._default = default
        self._annotation = annotation
        if name is _empty:
            raise ValueError('name is a required attribute for Parameter')
        if not isinstance(name, str):
            msg = 'name must be a str, not a {}'.format(type(name).__name__)
            raise TypeError(msg)
        if name[0] == '.' and name[1:].isdigit():
            if self._kind != _POSITIONAL_OR_KEYWORD:
                msg = ('implicit arguments must be passed as positional or keyword '
                       'arguments, not {}')
                msg = msg.format(self._kind.description)
                raise ValueError(msg)
            self._kind = _POSITIONAL_ONLY
            name = 'implicit{}'.format(name[1:])
        is_keyword = iskeyword(name) and self._kind is not _POSITIONAL_ONLY
        if is_keyword or not name.isidentifier():
            raise ValueError('{!r} is not a valid parameter name'.format(name))
        self._name = name

    def __reduce__(self):
        return (type(self), (self._name, self._kind),
                {'_default': self._default, '_annotation': self._annotation})

    def __setstate__(self, state):
        self._default = state['_default']
        self._annotation = state['_annotation']

    @property
    def name(self):
        return self._name

    @property
    def default(self):
        return self._default

    @property
    def annotation(self):
        return self._annotation

    @property
    def kind(self):
        return self._kind

    def replace(self, *, name=_void, kind=_void, annotation=_void, default=_void):
        """A copy with the given fields changed."""
        if name is _void:
            name = self._name
        if kind is _void:
            kind = self._kind
        if annotation is _void:
            annotation = self._annotation
        if default is _void:
            default = self._default
        return type(self)(name, kind, default=default, annotation=annotation)

    def __str__(self):
        kind = self.kind
        formatted = self._name
        if self._annotation is not _empty:
            formatted = '{}: {}'.format(formatted, formatannotation(self._annotation))
        if self._default is not _empty:
            if self._annotation is not _empty:
                formatted = '{} = {}'.format(formatted, repr(self._default))
            else:
                formatted = '{}={}'.format(formatted, repr(self._default))
        if kind == _VAR_POSITIONAL:
            formatted = '*' + formatted
        elif kind == _VAR_KEYWORD:
            formatted = '**' + formatted
        return formatted

    def __repr__(self):
        return '<{} "{}">'.format(self.__class__.__name__, self)

    def __hash__(self):
        return hash((self.name, self.kind, self.annotation, self.default))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and
                self._kind == other._kind and
                self._default == other._default and
                self._annotation == other._annotation)


class BoundArguments:
    """The result of Signature.bind: arguments (an ordered dict of
    parameter names to values), and args and kwargs to call with."""

    __slots__ = ('arguments', '_signature', '__weakref__')

    def __init__(self, signature, arguments):
        self.arguments = arguments
        self._signature = signature

    @property
    def signature(self):
        return self._signature

    @property
    def args(self):
        args = []
        for param_name, param in self._signature.parameters.items():
            if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                break
            try:
                arg = self.arguments[param_name]
            except KeyError:
                break
            else:
                if param.kind == _VAR_POSITIONAL:
                    args.extend(arg)
                else:
                    args.append(arg)
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        kwargs_started = False
        for param_name, param in self._signature.parameters.items():
            if not kwargs_started:
                if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                    kwargs_started = True
                else:
                    if param_name not in self.arguments:
                        kwargs_started = True
                        continue
            if not kwargs_started:
                continue
            try:
                arg = self.arguments[param_name]
            except KeyError:
                pass
            else:
                if param.kind == _VAR_KEYWORD:
                    kwargs.update(arg)
                else:
                    kwargs[param_name] = arg
        return kwargs

    def apply_defaults(self):
        """Fills in the defaults of the parameters not bound (() and {}
        for *args and **kwargs)."""
        arguments = self.arguments
        new_arguments = []
        for name, param in self._signature.parameters.items():
            try:
                new_arguments.append((name, arguments[name]))
            except KeyError:
                if param.default is not _empty:
                    val = param.default
                elif param.kind is _VAR_POSITIONAL:
                    val = ()
                elif param.kind is _VAR_KEYWORD:
                    val = {}
                else:
                    continue
                new_arguments.append((name, val))
        self.arguments = dict(new_arguments)

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return (self.signature == other.signature and
                self.arguments == other.arguments)

    def __setstate__(self, state):
        self._signature = state['_signature']
        self.arguments = state['arguments']

    def __getstate__(self):
        return {'_signature': self._signature, 'arguments': self.arguments}

    def __repr__(self):
        args = []
        for arg, value in self.arguments.items():
            args.append('{}={!r}'.format(arg, value))
        return '<{} ({})>'.format(self.__class__.__name__, ', '.join(args))


class Signature:
    """A callable's parameters (an ordered mapping of names to Parameter
    objects) and return annotation. str() is the text after the name in
    `def f(...)`; bind() checks a call against it."""

    __slots__ = ('_return_annotation', '_parameters')

    _parameter_cls = Parameter
    _bound_arguments_cls = BoundArguments

    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty,
                 __validate_parameters__=True):
        if parameters is None:
            params = OrderedDict()
        else:
            if __validate_parameters__:
                params = OrderedDict()
                top_kind = _POSITIONAL_ONLY
                seen_default = False
                for param in parameters:
                    kind = param.kind
                    name = param.name
                    if kind < top_kind:
                        msg = ('wrong parameter order: {} parameter before {} '
                               'parameter')
                        msg = msg.format(top_kind.description, kind.description)
                        raise ValueError(msg)
                    elif kind > top_kind:
                        top_kind = kind
                    if kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
                        if param.default is _empty:
                            if seen_default:
                                msg = 'non-default argument follows default argument'
                                raise ValueError(msg)
                        else:
                            seen_default = True
                    if name in params:
                        msg = 'duplicate parameter name: {!r}'.format(name)
                        raise ValueError(msg)
                    params[name] = param
            else:
                params = OrderedDict((param.name, param) for param in parameters)
        self._parameters = types.MappingProxyType(params)
        self._return_annotation = return_annotation

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
        """The signature of a callable."""
        return _signature_from_callable(obj, sigcls=cls, follow_wrapper_chains=follow_wrapped,
                                        globals=globals, locals=locals, eval_str=eval_str)

    @property
    def parameters(self):
        return self._parameters

    @property
    def return_annotation(self):
        return self._return_annotation

    def replace(self, *, parameters=_void, return_annotation=_void):
        """A copy with the parameters or return annotation changed."""
        if parameters is _void:
            parameters = self.parameters.values()
        if return_annotation is _void:
            return_annotation = self._return_annotation
        return type(self)(parameters, return_annotation=return_annotation)

    def _hash_basis(self):
        params = tuple(param for param in self.parameters.values()
                       if param.kind != _KEYWORD_ONLY)
        kwo_params = {param.name: param for param in self.parameters.values()
                      if param.kind == _KEYWORD_ONLY}
        return params, kwo_params, self.return_annotation

    def __hash__(self):
        params, kwo_params, return_annotation = self._hash_basis()
        kwo_params = frozenset(kwo_params.values())
        return hash((params, kwo_params, return_annotation))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Signature):
            return NotImplemented
        return self._hash_basis() == other._hash_basis()

    def _bind(self, args, kwargs, *, partial=False):
        arguments = {}
        parameters = iter(self.parameters.values())
        parameters_ex = ()
        arg_vals = iter(args)
        while True:
            try:
                arg_val = next(arg_vals)
            except StopIteration:
                try:
                    param = next(parameters)
                except StopIteration:
                    break
                else:
                    if param.kind == _VAR_POSITIONAL:
                        break
                    elif param.name in kwargs:
                        if param.kind == _POSITIONAL_ONLY:
                            msg = '{arg!r} parameter is positional only, ' \
                                  'but was passed as a keyword'
                            msg = msg.format(arg=param.name)
                            raise TypeError(msg) from None
                        parameters_ex = (param,)
                        break
                    elif (param.kind == _VAR_KEYWORD or param.default is not _empty):
                        parameters_ex = (param,)
                        break
                    else:
                        if partial:
                            parameters_ex = (param,)
                            break
                        else:
                            msg = 'missing a required argument: {arg!r}'
                            msg = msg.format(arg=param.name)
                            raise TypeError(msg) from None
            else:
                try:
                    param = next(parameters)
                except StopIteration:
                    raise TypeError('too many positional arguments') from None
                else:
                    if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                        raise TypeError('too many positional arguments') from None
                    if param.kind == _VAR_POSITIONAL:
                        values = [arg_val]
                        values.extend(arg_vals)
                        arguments[param.name] = tuple(values)
                        break
                    if param.name in kwargs and param.kind != _POSITIONAL_ONLY:
                        raise TypeError(
                            'multiple values for argument {arg!r}'.format(
                                arg=param.name)) from None
                    arguments[param.name] = arg_val
        kwargs_param = None
        for param in itertools.chain(parameters_ex, parameters):
            if param.kind == _VAR_KEYWORD:
                kwargs_param = param
                continue
            if param.kind == _VAR_POSITIONAL:
                continue
            param_name = param.name
            try:
                arg_val = kwargs.pop(param_name)
            except KeyError:
                if (not partial and param.kind != _VAR_POSITIONAL and
                        param.default is _empty):
                    raise TypeError('missing a required argument: {arg!r}'.format(
                        arg=param_name)) from None
            else:
                if param.kind == _POSITIONAL_ONLY:
                    raise TypeError('{arg!r} parameter is positional only, '
                                    'but was passed as a keyword'.format(arg=param.name))
                arguments[param_name] = arg_val
        if kwargs:
            if kwargs_param is not None:
                arguments[kwargs_param.name] = kwargs
            else:
                raise TypeError(
                    'got an unexpected keyword argument {arg!r}'.format(
                        arg=next(iter(kwargs))))
        return self._bound_arguments_cls(self, arguments)

    def bind(self, /, *args, **kwargs):
        """BoundArguments of a call with these arguments; TypeError when
        the call would fail."""
        return self._bind(args, kwargs)

    def bind_partial(self, /, *args, **kwargs):
        """bind, with required parameters allowed to stay unbound."""
        return self._bind(args, kwargs, partial=True)

    def __reduce__(self):
        return (type(self), (tuple(self._parameters.values()),),
                {'_return_annotation': self._return_annotation})

    def __setstate__(self, state):
        self._return_annotation = state['_return_annotation']

    def __repr__(self):
        return '<{} {}>'.format(self.__class__.__name__, self)

    def __str__(self):
        result = []
        render_pos_only_separator = False
        render_kw_only_separator = True
        for param in self.parameters.values():
            formatted = str(param)
            kind = param.kind
            if kind == _POSITIONAL_ONLY:
                render_pos_only_separator = True
            elif render_pos_only_separator:
                result.append('/')
                render_pos_only_separator = False
            if kind == _VAR_POSITIONAL:
                render_kw_only_separator = False
            elif kind == _KEYWORD_ONLY and render_kw_only_separator:
                result.append('*')
                render_kw_only_separator = False
            result.append(formatted)
        if render_pos_only_separator:
            result.append('/')
        rendered = '({})'.format(', '.join(result))
        if self.return_annotation is not _empty:
            anno = formatannotation(self.return_annotation)
            rendered += ' -> {}'.format(anno)
        return rendered


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    """The Signature of a callable: its parameters and return annotation.
    ValueError when none can be found, TypeError for a non-callable."""
    return Signature.from_callable(obj, follow_wrapped=follow_wrapped,
                                   globals=globals, locals=locals, eval_str=eval_str)


def _signature_is_functionlike(obj):
    if not callable(obj) or isclass(obj):
        return False
    name = getattr(obj, '__name__', None)
    code = getattr(obj, '__code__', None)
    defaults = getattr(obj, '__defaults__', _void)
    kwdefaults = getattr(obj, '__kwdefaults__', _void)
    annotations = getattr(obj, '__annotations__', None)
    return (isinstance(code, types.CodeType) and
            isinstance(name, str) and
            (defaults is None or isinstance(defaults, tuple)) and
            (kwdefaults is None or isinstance(kwdefaults, dict)) and
            (isinstance(annotations, (dict)) or annotations is None))


def _signature_from_function(cls, func, skip_bound_arg=True, globals=None, locals=None, eval_str=False):
    s = getattr(func, "__text_signature__", None)
    if not isfunction(func) and not _signature_is_functionlike(func):
        raise TypeError('{!r} is not a Python function'.format(func))
    func_code = func.__code__
    pos_count = func_code.co_argcount
    arg_names = func_code.co_varnames
    posonly_count = func_code.co_posonlyargcount
    positional = arg_names[:pos_count]
    keyword_only_count = func_code.co_kwonlyargcount
    keyword_only = arg_names[pos_count:pos_count + keyword_only_count]
    annotations = get_annotations(func, globals=globals, locals=locals, eval_str=eval_str)
    defaults = func.__defaults__
    kwdefaults = func.__kwdefaults__
    pos_default_count = len(defaults) if defaults else 0
    parameters = []
    non_default_count = pos_count - pos_default_count
    posonly_left = posonly_count
    for name in positional[:non_default_count]:
        kind = _POSITIONAL_ONLY if posonly_left else _POSITIONAL_OR_KEYWORD
        annotation = annotations.get(name, _empty)
        parameters.append(Parameter(name, annotation=annotation, kind=kind))
        if posonly_left:
            posonly_left -= 1
    for offset, name in enumerate(positional[non_default_count:]):
        kind = _POSITIONAL_ONLY if posonly_left else _POSITIONAL_OR_KEYWORD
        annotation = annotations.get(name, _empty)
        parameters.append(Parameter(name, annotation=annotation, kind=kind,
                                    default=defaults[offset]))
        if posonly_left:
            posonly_left -= 1
    if func_code.co_flags & CO_VARARGS:
        name = arg_names[pos_count + keyword_only_count]
        annotation = annotations.get(name, _empty)
        parameters.append(Parameter(name, annotation=annotation, kind=_VAR_POSITIONAL))
    for name in keyword_only:
        default = _empty
        if kwdefaults is not None:
            default = kwdefaults.get(name, _empty)
        annotation = annotations.get(name, _empty)
        parameters.append(Parameter(name, annotation=annotation, kind=_KEYWORD_ONLY, default=default))
    if func_code.co_flags & CO_VARKEYWORDS:
        index = pos_count + keyword_only_count
        if func_code.co_flags & CO_VARARGS:
            index += 1
        name = arg_names[index]
        annotation = annotations.get(name, _empty)
        parameters.append(Parameter(name, annotation=annotation, kind=_VAR_KEYWORD))
    return cls(parameters, return_annotation=annotations.get('return', _empty),
               __validate_parameters__=False)


def _signature_bound_method(sig):
    params = tuple(sig.parameters.values())
    if not params or params[0].kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
        raise ValueError('invalid method signature')
    kind = params[0].kind
    if kind in (_POSITIONAL_OR_KEYWORD, _POSITIONAL_ONLY):
        params = params[1:]
    else:
        if kind is not _VAR_POSITIONAL:
            raise ValueError('invalid argument type')
    return sig.replace(parameters=params)


def _signature_get_partial(wrapped_sig, partial, extra_args=()):
    old_params = wrapped_sig.parameters
    new_params = OrderedDict(old_params.items())
    partial_args = partial.args or ()
    partial_keywords = partial.keywords or {}
    if extra_args:
        partial_args = extra_args + partial_args
    try:
        ba = wrapped_sig.bind_partial(*partial_args, **partial_keywords)
    except TypeError as ex:
        msg = 'partial object {!r} has incorrect arguments'.format(partial)
        raise ValueError(msg) from ex
    transform_to_kwonly = False
    for param_name, param in old_params.items():
        try:
            arg_value = ba.arguments[param_name]
        except KeyError:
            pass
        else:
            if param.kind is _POSITIONAL_ONLY:
                new_params.pop(param_name)
                continue
            if param.kind is _POSITIONAL_OR_KEYWORD:
                if param_name in partial_keywords:
                    transform_to_kwonly = True
                    new_params[param_name] = param.replace(default=arg_value)
                else:
                    new_params.pop(param.name)
                    continue
            if param.kind is _KEYWORD_ONLY:
                new_params[param_name] = param.replace(default=arg_value)
        if transform_to_kwonly:
            assert param.kind is not _POSITIONAL_ONLY
            if param.kind is _POSITIONAL_OR_KEYWORD:
                new_param = new_params[param_name].replace(kind=_KEYWORD_ONLY)
                new_params[param_name] = new_param
                new_params.move_to_end(param_name)
            elif param.kind in (_KEYWORD_ONLY, _VAR_KEYWORD):
                new_params.move_to_end(param_name)
            elif param.kind is _VAR_POSITIONAL:
                new_params.pop(param.name)
    return wrapped_sig.replace(parameters=new_params.values())


def _signature_fromstr(cls, obj, s, skip_bound_arg=True):
    """The Signature of a builtin from its text signature
    '($self, a, b=None, /, *, key=None)'."""
    text = s.strip()
    if not (text.startswith('(') and ')' in text):
        raise ValueError("no signature found for builtin {!r}".format(obj))
    inner = text[1:text.rindex(')')]
    params = []
    kind = _POSITIONAL_OR_KEYWORD
    items = [p.strip() for p in _split_params(inner) if p.strip()]
    if '/' in items:
        cut = items.index('/')
        pos_only = set(range(cut))
        items = items[:cut] + items[cut + 1:]
    else:
        pos_only = set()
    skip_first = False
    for i, item in enumerate(items):
        if item == '*':
            kind = _KEYWORD_ONLY
            continue
        if item.startswith('$'):
            skip_first = True
            continue
        if item.startswith('**'):
            params.append(Parameter(item[2:], _VAR_KEYWORD))
            continue
        if item.startswith('*'):
            params.append(Parameter(item[1:], _VAR_POSITIONAL))
            kind = _KEYWORD_ONLY
            continue
        name, eq, default = item.partition('=')
        name = name.strip()
        k = _POSITIONAL_ONLY if i in pos_only else kind
        if eq:
            try:
                value = eval(default.strip(), {}, {})
            except Exception:
                value = default.strip()
            params.append(Parameter(name, k, default=value))
        else:
            params.append(Parameter(name, k))
    if skip_first and not skip_bound_arg:
        params.insert(0, Parameter('self', _POSITIONAL_ONLY))
    return cls(params)


def _split_params(text):
    out, depth, cur = [], 0, []
    for c in text:
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
        if c == ',' and depth == 0:
            out.append(''.join(cur))
            cur = []
        else:
            cur.append(c)
    out.append(''.join(cur))
    return out


def _signature_from_builtin(cls, func, skip_bound_arg=True):
    s = getattr(func, "__text_signature__", None)
    if not s:
        raise ValueError("no signature found for builtin {!r}".format(func))
    return _signature_fromstr(cls, func, s, skip_bound_arg)


def _signature_get_user_defined_method(cls, method_name):
    try:
        meth = getattr(cls, method_name)
    except AttributeError:
        return None
    if isinstance(meth, functools.partial) or isfunction(meth) or ismethod(meth):
        return meth
    return None


def _signature_from_callable(obj, *, follow_wrapper_chains=True, skip_bound_arg=True,
                             globals=None, locals=None, eval_str=False, sigcls):
    _get_signature_of = functools.partial(_signature_from_callable,
                                          follow_wrapper_chains=follow_wrapper_chains,
                                          skip_bound_arg=skip_bound_arg,
                                          globals=globals, locals=locals, sigcls=sigcls,
                                          eval_str=eval_str)
    if not callable(obj):
        raise TypeError('{!r} is not a callable object'.format(obj))
    if isinstance(obj, types.MethodType):
        sig = _get_signature_of(obj.__func__)
        if skip_bound_arg:
            return _signature_bound_method(sig)
        return sig
    if follow_wrapper_chains:
        obj = unwrap(obj, stop=(lambda f: hasattr(f, "__signature__")))
        if isinstance(obj, types.MethodType):
            return _get_signature_of(obj)
    try:
        sig = obj.__signature__
    except AttributeError:
        pass
    else:
        if sig is not None:
            if not isinstance(sig, Signature):
                raise TypeError('unexpected object {!r} in __signature__ attribute'.format(sig))
            return sig
    if isfunction(obj) or _signature_is_functionlike(obj):
        return _signature_from_function(sigcls, obj, skip_bound_arg=skip_bound_arg,
                                        globals=globals, locals=locals, eval_str=eval_str)
    if isbuiltin(obj):
        return _signature_from_builtin(sigcls, obj, skip_bound_arg=skip_bound_arg)
    if isinstance(obj, functools.partial):
        wrapped_sig = _get_signature_of(obj.func)
        return _signature_get_partial(wrapped_sig, obj)
    if isinstance(obj, type):
        call = _signature_get_user_defined_method(type(obj), '__call__')
        if call is not None and getattr(call, '__qualname__', '').startswith('type.'):
            call = None
        if call is not None:
            sig = _get_signature_of(call)
        else:
            new = _new_or_init(obj, '__new__')
            init = _new_or_init(obj, '__init__')
            if new is not None:
                sig = _get_signature_of(new)
                return _signature_bound_method(sig) if skip_bound_arg else sig
            elif init is not None:
                sig = _get_signature_of(init)
            else:
                sig = None
        if sig is None:
            if obj.__init__ is object.__init__ and obj.__new__ is object.__new__:
                return sigcls()
            for base in obj.__mro__[:-1]:
                text = getattr(base, '__text_signature__', None)
                if text:
                    return _signature_fromstr(sigcls, base, text, skip_bound_arg)
            raise ValueError('no signature found for builtin type {!r}'.format(obj))
        if skip_bound_arg:
            return _signature_bound_method(sig)
        return sig
    call = _signature_get_user_defined_method(type(obj), '__call__')
    if call is not None:
        try:
            sig = _get_signature_of(call)
        except ValueError as ex:
            msg = 'no signature found for {!r}'.format(obj)
            raise ValueError(msg) from ex
        if skip_bound_arg:
            return _signature_bound_method(sig)
        return sig
    raise ValueError('callable {!r} is not supported by signature'.format(obj))


def _new_or_init(cls, name):
    """A class's __new__ or __init__ written in Python, looked up along
    its MRO (None when the one found is object's or a builtin's)."""
    for base in cls.__mro__:
        if name in base.__dict__:
            meth = base.__dict__[name]
            if isinstance(meth, staticmethod):
                meth = meth.__func__
            if isfunction(meth) or isinstance(meth, functools.partial):
                return meth
            return None
    return None

