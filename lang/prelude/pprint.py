"""pprint: pretty-printing of Python data in CPython 3.11's layout.

An object whose repr() fits the room left on the line is written as its
repr; otherwise a container is broken over lines, one item per line (or
as many as fit with compact=True), dict items sorted by key unless
sort_dicts=False, long strings and bytes split into adjacent literals.
Recursion is shown as <Recursion on TYPE with id=N>."""

import re
import sys as _sys
from io import StringIO as _StringIO

__all__ = ["pprint", "pformat", "isreadable", "isrecursive", "saferepr", "PrettyPrinter", "pp"]


def pprint(object, stream=None, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True,
           underscore_numbers=False):
    """Pretty-print object to stream (sys.stdout by default), then a newline."""
    PrettyPrinter(stream=stream, indent=indent, width=width, depth=depth, compact=compact,
                  sort_dicts=sort_dicts, underscore_numbers=underscore_numbers).pprint(object)


def pformat(object, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True, underscore_numbers=False):
    """The pretty-printed text of object."""
    return PrettyPrinter(indent=indent, width=width, depth=depth, compact=compact, sort_dicts=sort_dicts,
                         underscore_numbers=underscore_numbers).pformat(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    """pprint with dicts in insertion order by default."""
    pprint(object, *args, sort_dicts=sort_dicts, **kwargs)


def saferepr(object):
    """repr() of object, with recursion shown instead of followed."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[0]


def isreadable(object):
    """Whether the repr of object reads back with eval()."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[1]


def isrecursive(object):
    """Whether object contains itself."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[2]


class _safe_key:
    """A sort key that orders values of unlike types by type name then id
    instead of raising TypeError."""
    __slots__ = ['obj']

    def __init__(self, obj):
        self.obj = obj

    def __lt__(self, other):
        try:
            return self.obj < other.obj
        except TypeError:
            return (str(type(self.obj)), id(self.obj)) < (str(type(other.obj)), id(other.obj))


def _safe_tuple(t):
    return _safe_key(t[0]), _safe_key(t[1])


def _repr_owner(typ):
    """The class whose __repr__ typ uses: which layout applies (a subclass
    with a __repr__ of its own is written as its repr)."""
    for klass in typ.__mro__:
        if '__repr__' in klass.__dict__:
            return klass
    return None


def _recursion(object):
    return "<Recursion on %s with id=%s>" % (type(object).__name__, id(object))


_builtin_scalars = frozenset({str, bytes, bytearray, float, complex, bool, type(None)})


def _wrap_bytes_repr(object, width, allowance):
    """bytes literals of object in 4-byte steps, each fitting width (the
    last one allowance less)."""
    current = b''
    last = len(object) // 4 * 4
    for i in range(0, len(object), 4):
        part = object[i:i + 4]
        candidate = current + part
        if i == last:
            width -= allowance
        if len(repr(candidate)) > width:
            if current:
                yield repr(current)
            current = part
        else:
            current = candidate
    if current:
        yield repr(current)


class PrettyPrinter:
    def __init__(self, indent=1, width=80, depth=None, stream=None, *, compact=False, sort_dicts=True,
                 underscore_numbers=False):
        indent = int(indent)
        width = int(width)
        if indent < 0:
            raise ValueError('indent must be >= 0')
        if depth is not None and depth <= 0:
            raise ValueError('depth must be > 0')
        if not width:
            raise ValueError('width must be != 0')
        self._depth = depth
        self._indent_per_level = indent
        self._width = width
        self._stream = stream if stream is not None else _sys.stdout
        self._compact = bool(compact)
        self._sort_dicts = sort_dicts
        self._underscore_numbers = underscore_numbers

    def pprint(self, object):
        if self._stream is not None:
            self._format(object, self._stream, 0, 0, {}, 0)
            self._stream.write("\n")

    def pformat(self, object):
        sio = _StringIO()
        self._format(object, sio, 0, 0, {}, 0)
        return sio.getvalue()

    def isrecursive(self, object):
        return self.format(object, {}, 0, 0)[2]

    def isreadable(self, object):
        s, readable, recursive = self.format(object, {}, 0, 0)
        return readable and not recursive

    def format(self, object, context, maxlevels, level):
        """(repr text, readable, recursive) of object; subclasses may
        override it to change how values are written."""
        return self._safe_repr(object, context, maxlevels, level)

    # -- laying out
    def _format(self, object, stream, indent, allowance, context, level):
        objid = id(object)
        if objid in context:
            stream.write(_recursion(object))
            self._recursive = True
            self._readable = False
            return
        rep = self._repr(object, context, level)
        if len(rep) > self._width - indent - allowance:
            layout = _dispatch().get(_repr_owner(type(object)))
            if layout is None and self._is_plain_dataclass(object):
                layout = PrettyPrinter._pprint_dataclass
            if layout is not None:
                context[objid] = 1
                layout(self, object, stream, indent, allowance, context, level + 1)
                del context[objid]
                return
        stream.write(rep)

    @staticmethod
    def _is_plain_dataclass(object):
        if isinstance(object, type) or not hasattr(type(object), '__dataclass_fields__'):
            return False
        params = getattr(object, '__dataclass_params__', None)
        if params is not None and not params.repr:
            return False
        wrapped = getattr(type(object).__repr__, '__wrapped__', None)
        return wrapped is None or '__create_fn__' in getattr(wrapped, '__qualname__', '__create_fn__')

    def _pprint_dataclass(self, object, stream, indent, allowance, context, level):
        import dataclasses
        cls_name = object.__class__.__name__
        indent += len(cls_name) + 1
        items = [(f.name, getattr(object, f.name)) for f in dataclasses.fields(object) if f.repr]
        stream.write(cls_name + '(')
        self._format_namespace_items(items, stream, indent, allowance, context, level)
        stream.write(')')

    def _pprint_dict(self, object, stream, indent, allowance, context, level):
        write = stream.write
        write('{')
        if self._indent_per_level > 1:
            write((self._indent_per_level - 1) * ' ')
        if len(object):
            items = sorted(object.items(), key=_safe_tuple) if self._sort_dicts else object.items()
            self._format_dict_items(items, stream, indent, allowance + 1, context, level)
        write('}')

    def _pprint_ordered_dict(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + '(')
        self._format(list(object.items()), stream, indent + len(name) + 1, allowance + 1, context, level)
        stream.write(')')

    def _pprint_list(self, object, stream, indent, allowance, context, level):
        stream.write('[')
        self._format_items(object, stream, indent, allowance + 1, context, level)
        stream.write(']')

    def _pprint_tuple(self, object, stream, indent, allowance, context, level):
        stream.write('(')
        endchar = ',)' if len(object) == 1 else ')'
        self._format_items(object, stream, indent, allowance + len(endchar), context, level)
        stream.write(endchar)

    def _pprint_set(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        typ = object.__class__
        if typ is set:
            stream.write('{')
            endchar = '}'
        else:
            stream.write(typ.__name__ + '({')
            endchar = '})'
            indent += len(typ.__name__) + 1
        items = sorted(object, key=_safe_key)
        self._format_items(items, stream, indent, allowance + len(endchar), context, level)
        stream.write(endchar)

    def _pprint_str(self, object, stream, indent, allowance, context, level):
        write = stream.write
        if not len(object):
            write(repr(object))
            return
        chunks = []
        lines = object.splitlines(True)
        if level == 1:
            indent += 1
            allowance += 1
        max_width1 = max_width = self._width - indent
        for i, line in enumerate(lines):
            rep = repr(line)
            if i == len(lines) - 1:
                max_width1 -= allowance
            if len(rep) <= max_width1:
                chunks.append(rep)
                continue
            # words with their trailing spaces, packed greedily
            parts = re.findall(r'\S*\s*', line)
            parts.pop()
            max_width2 = max_width
            current = ''
            for j, part in enumerate(parts):
                candidate = current + part
                if j == len(parts) - 1 and i == len(lines) - 1:
                    max_width2 -= allowance
                if len(repr(candidate)) > max_width2:
                    if current:
                        chunks.append(repr(current))
                    current = part
                else:
                    current = candidate
            if current:
                chunks.append(repr(current))
        if len(chunks) == 1:
            write(rep)
            return
        if level == 1:
            write('(')
        for i, rep in enumerate(chunks):
            if i > 0:
                write('\n' + ' ' * indent)
            write(rep)
        if level == 1:
            write(')')

    def _pprint_bytes(self, object, stream, indent, allowance, context, level):
        write = stream.write
        if len(object) <= 4:
            write(repr(object))
            return
        parens = level == 1
        if parens:
            indent += 1
            allowance += 1
            write('(')
        delim = ''
        for rep in _wrap_bytes_repr(object, self._width - indent, allowance):
            write(delim)
            write(rep)
            if not delim:
                delim = '\n' + ' ' * indent
        if parens:
            write(')')

    def _pprint_bytearray(self, object, stream, indent, allowance, context, level):
        stream.write('bytearray(')
        self._pprint_bytes(bytes(object), stream, indent + 10, allowance + 1, context, level + 1)
        stream.write(')')

    def _pprint_mappingproxy(self, object, stream, indent, allowance, context, level):
        stream.write('mappingproxy(')
        self._format(object.copy(), stream, indent + 13, allowance + 1, context, level)
        stream.write(')')

    def _pprint_simplenamespace(self, object, stream, indent, allowance, context, level):
        import types
        cls_name = 'namespace' if type(object) is types.SimpleNamespace else object.__class__.__name__
        indent += len(cls_name) + 1
        stream.write(cls_name + '(')
        self._format_namespace_items(list(object.__dict__.items()), stream, indent, allowance, context, level)
        stream.write(')')

    def _format_dict_items(self, items, stream, indent, allowance, context, level):
        write = stream.write
        indent += self._indent_per_level
        delimnl = ',\n' + ' ' * indent
        items = list(items)
        last_index = len(items) - 1
        for i, (key, ent) in enumerate(items):
            last = i == last_index
            rep = self._repr(key, context, level)
            write(rep)
            write(': ')
            self._format(ent, stream, indent + len(rep) + 2, allowance if last else 1, context, level)
            if not last:
                write(delimnl)

    def _format_namespace_items(self, items, stream, indent, allowance, context, level):
        write = stream.write
        delimnl = ',\n' + ' ' * indent
        last_index = len(items) - 1
        for i, (key, ent) in enumerate(items):
            last = i == last_index
            write(key)
            write('=')
            if id(ent) in context:
                write('...')  # as a dataclass's own repr shows recursion
            else:
                self._format(ent, stream, indent + len(key) + 1, allowance if last else 1, context, level)
            if not last:
                write(delimnl)

    def _format_items(self, items, stream, indent, allowance, context, level):
        write = stream.write
        indent += self._indent_per_level
        if self._indent_per_level > 1:
            write((self._indent_per_level - 1) * ' ')
        delimnl = ',\n' + ' ' * indent
        delim = ''
        width = max_width = self._width - indent + 1
        items = list(items)
        for i, ent in enumerate(items):
            last = i == len(items) - 1
            if last:
                max_width -= allowance
                width -= allowance
            if self._compact:
                rep = self._repr(ent, context, level)
                w = len(rep) + 2
                if width < w:
                    width = max_width
                    if delim:
                        delim = delimnl
                if width >= w:
                    width -= w
                    write(delim)
                    delim = ', '
                    write(rep)
                    continue
            write(delim)
            delim = delimnl
            self._format(ent, stream, indent, allowance if last else 1, context, level)

    def _repr(self, object, context, level):
        rep, readable, recursive = self.format(object, context.copy(), self._depth, level)
        if not readable:
            self._readable = False
        if recursive:
            self._recursive = True
        return rep

    def _pprint_default_dict(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        rdf = self._repr(object.default_factory, context, level)
        name = object.__class__.__name__
        indent += len(name) + 1
        stream.write('%s(%s,\n%s' % (name, rdf, ' ' * indent))
        self._pprint_dict(object, stream, indent, allowance + 1, context, level)
        stream.write(')')

    def _pprint_counter(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + '({')
        if self._indent_per_level > 1:
            stream.write((self._indent_per_level - 1) * ' ')
        self._format_dict_items(object.most_common(), stream, indent + len(name) + 1, allowance + 2, context, level)
        stream.write('})')

    def _pprint_chain_map(self, object, stream, indent, allowance, context, level):
        if not len(object.maps):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + '(')
        indent += len(name) + 1
        for i, m in enumerate(object.maps):
            if i == len(object.maps) - 1:
                self._format(m, stream, indent, allowance + 1, context, level)
                stream.write(')')
            else:
                self._format(m, stream, indent, 1, context, level)
                stream.write(',\n' + ' ' * indent)

    def _pprint_deque(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + '(')
        indent += len(name) + 1
        stream.write('[')
        if object.maxlen is None:
            self._format_items(object, stream, indent, allowance + 2, context, level)
            stream.write('])')
        else:
            self._format_items(object, stream, indent, 2, context, level)
            rml = self._repr(object.maxlen, context, level)
            stream.write('],\n%smaxlen=%s)' % (' ' * indent, rml))

    def _pprint_user_wrapper(self, object, stream, indent, allowance, context, level):
        self._format(object.data, stream, indent, allowance, context, level - 1)

    # -- one-line reprs
    def _safe_repr(self, object, context, maxlevels, level):
        typ = type(object)
        if typ in _builtin_scalars:
            return repr(object), True, False
        owner = _repr_owner(typ)
        if issubclass(typ, int) and owner in (int, None):  # None: no class on the way defines one
            if self._underscore_numbers:
                return f"{object:_d}", True, False
            return repr(object), True, False
        if issubclass(typ, dict) and owner is dict:
            if not object:
                return "{}", True, False
            objid = id(object)
            if maxlevels and level >= maxlevels:
                return "{...}", False, objid in context
            if objid in context:
                return _recursion(object), False, True
            context[objid] = 1
            readable, recursive, parts = True, False, []
            level += 1
            items = sorted(object.items(), key=_safe_tuple) if self._sort_dicts else object.items()
            for k, v in items:
                krepr, kreadable, krecur = self.format(k, context, maxlevels, level)
                vrepr, vreadable, vrecur = self.format(v, context, maxlevels, level)
                parts.append("%s: %s" % (krepr, vrepr))
                readable = readable and kreadable and vreadable
                recursive = recursive or krecur or vrecur
            del context[objid]
            return "{%s}" % ", ".join(parts), readable, recursive
        if (issubclass(typ, list) and owner is list) or (issubclass(typ, tuple) and owner is tuple):
            if issubclass(typ, list):
                if not object:
                    return "[]", True, False
                shape = "[%s]"
            elif len(object) == 1:
                shape = "(%s,)"
            else:
                if not object:
                    return "()", True, False
                shape = "(%s)"
            objid = id(object)
            if maxlevels and level >= maxlevels:
                return shape % "...", False, objid in context
            if objid in context:
                return _recursion(object), False, True
            context[objid] = 1
            readable, recursive, parts = True, False, []
            level += 1
            for o in object:
                orepr, oreadable, orecur = self.format(o, context, maxlevels, level)
                parts.append(orepr)
                readable = readable and oreadable
                recursive = recursive or orecur
            del context[objid]
            return shape % ", ".join(parts), readable, recursive
        rep = repr(object)
        return rep, bool(rep and not rep.startswith('<')), False


_DISPATCH = None


def _dispatch():
    """The layouts by the class whose __repr__ an object uses; the
    collections types that this interpreter lacks are simply absent."""
    global _DISPATCH
    if _DISPATCH is not None:
        return _DISPATCH
    P = PrettyPrinter
    table = {dict: P._pprint_dict, list: P._pprint_list, tuple: P._pprint_tuple, set: P._pprint_set,
             frozenset: P._pprint_set, str: P._pprint_str, bytes: P._pprint_bytes,
             bytearray: P._pprint_bytearray}
    import types
    for name, layout in (('SimpleNamespace', P._pprint_simplenamespace), ('MappingProxyType', P._pprint_mappingproxy)):
        cls = getattr(types, name, None)
        if cls is not None:
            table[cls] = layout
    import collections
    for name, layout in (('OrderedDict', P._pprint_ordered_dict), ('defaultdict', P._pprint_default_dict),
                         ('Counter', P._pprint_counter), ('ChainMap', P._pprint_chain_map),
                         ('deque', P._pprint_deque), ('UserDict', P._pprint_user_wrapper),
                         ('UserList', P._pprint_user_wrapper), ('UserString', P._pprint_user_wrapper)):
        cls = getattr(collections, name, None)
        if cls is not None and _repr_owner(cls) is cls:
            table[cls] = layout
    _DISPATCH = table
    return table
