"""ast: Python's syntax trees as objects, as CPython 3.11's module: the node
classes with their _fields and _attributes, parse, dump, literal_eval, the
walkers and visitors, the location helpers and unparse.

parse() takes the parser's own tree through _ast: its positioned dump is the
text of the node constructors (Note [ast.parse over the dump] in
runtime/interp.c), evaluated here over the classes below. compile() of a tree
runs the source unparse() gives back (Note [compile() of an AST] in
runtime/builtins_exec.c)."""

import sys
import _ast
from contextlib import contextmanager, nullcontext
from enum import IntEnum, auto

PyCF_ONLY_AST = 1024
PyCF_TYPE_COMMENTS = 4096
PyCF_ALLOW_TOP_LEVEL_AWAIT = 8192

_POSITIONS = ('lineno', 'col_offset', 'end_lineno', 'end_col_offset')


# ---- the node classes ----------------------------------------------------

class AST:
    _fields = ()
    _attributes = ()

    def __init__(self, *args, **kwargs):
        fields = type(self)._fields
        if len(args) > len(fields):
            n = len(fields)
            raise TypeError('%s constructor takes at most %d positional argument%s'
                            % (type(self).__name__, n, '' if n == 1 else 's'))
        for name, value in zip(fields, args):
            setattr(self, name, value)
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __reduce__(self):
        return type(self), (), dict(self.__dict__)


def _node_class(name, base, fields=(), attributes=None, optional=(), doc=None):
    """One concrete or abstract class: optional fields ('?' in the grammar)
    and end positions read None until set, as CPython's classes do."""
    ns = {'_fields': tuple(fields), '__match_args__': tuple(fields), '__module__': 'ast'}
    if attributes is not None:
        ns['_attributes'] = tuple(attributes)
        if attributes:
            ns['end_lineno'] = None
            ns['end_col_offset'] = None
    for f in optional:
        ns[f] = None
    if doc:
        ns['__doc__'] = doc
    cls = type(name, (base,), ns)
    globals()[name] = cls
    return cls


mod = _node_class('mod', AST, attributes=())
stmt = _node_class('stmt', AST, attributes=_POSITIONS)
expr = _node_class('expr', AST, attributes=_POSITIONS)
expr_context = _node_class('expr_context', AST, attributes=())
boolop = _node_class('boolop', AST, attributes=())
operator = _node_class('operator', AST, attributes=())
unaryop = _node_class('unaryop', AST, attributes=())
cmpop = _node_class('cmpop', AST, attributes=())
excepthandler = _node_class('excepthandler', AST, attributes=_POSITIONS)
pattern = _node_class('pattern', AST, attributes=_POSITIONS)
type_ignore = _node_class('type_ignore', AST, attributes=())

# name, base, fields, optional fields ('?'), attributes (None: the base's)
_GRAMMAR = [
    ('Module', mod, 'body type_ignores', ''),
    ('Interactive', mod, 'body', ''),
    ('Expression', mod, 'body', ''),
    ('FunctionType', mod, 'argtypes returns', ''),
    ('FunctionDef', stmt, 'name args body decorator_list returns type_comment', 'returns type_comment'),
    ('AsyncFunctionDef', stmt, 'name args body decorator_list returns type_comment', 'returns type_comment'),
    ('ClassDef', stmt, 'name bases keywords body decorator_list', ''),
    ('Return', stmt, 'value', 'value'),
    ('Delete', stmt, 'targets', ''),
    ('Assign', stmt, 'targets value type_comment', 'type_comment'),
    ('AugAssign', stmt, 'target op value', ''),
    ('AnnAssign', stmt, 'target annotation value simple', 'value'),
    ('For', stmt, 'target iter body orelse type_comment', 'type_comment'),
    ('AsyncFor', stmt, 'target iter body orelse type_comment', 'type_comment'),
    ('While', stmt, 'test body orelse', ''),
    ('If', stmt, 'test body orelse', ''),
    ('With', stmt, 'items body type_comment', 'type_comment'),
    ('AsyncWith', stmt, 'items body type_comment', 'type_comment'),
    ('Match', stmt, 'subject cases', ''),
    ('Raise', stmt, 'exc cause', 'exc cause'),
    ('Try', stmt, 'body handlers orelse finalbody', ''),
    ('TryStar', stmt, 'body handlers orelse finalbody', ''),
    ('Assert', stmt, 'test msg', 'msg'),
    ('Import', stmt, 'names', ''),
    ('ImportFrom', stmt, 'module names level', 'module level'),
    ('Global', stmt, 'names', ''),
    ('Nonlocal', stmt, 'names', ''),
    ('Expr', stmt, 'value', ''),
    ('Pass', stmt, '', ''),
    ('Break', stmt, '', ''),
    ('Continue', stmt, '', ''),
    ('BoolOp', expr, 'op values', ''),
    ('NamedExpr', expr, 'target value', ''),
    ('BinOp', expr, 'left op right', ''),
    ('UnaryOp', expr, 'op operand', ''),
    ('Lambda', expr, 'args body', ''),
    ('IfExp', expr, 'test body orelse', ''),
    ('Dict', expr, 'keys values', ''),
    ('Set', expr, 'elts', ''),
    ('ListComp', expr, 'elt generators', ''),
    ('SetComp', expr, 'elt generators', ''),
    ('DictComp', expr, 'key value generators', ''),
    ('GeneratorExp', expr, 'elt generators', ''),
    ('Await', expr, 'value', ''),
    ('Yield', expr, 'value', 'value'),
    ('YieldFrom', expr, 'value', ''),
    ('Compare', expr, 'left ops comparators', ''),
    ('Call', expr, 'func args keywords', ''),
    ('FormattedValue', expr, 'value conversion format_spec', 'format_spec'),
    ('JoinedStr', expr, 'values', ''),
    ('Constant', expr, 'value kind', 'kind'),
    ('Attribute', expr, 'value attr ctx', ''),
    ('Subscript', expr, 'value slice ctx', ''),
    ('Starred', expr, 'value ctx', ''),
    ('Name', expr, 'id ctx', ''),
    ('List', expr, 'elts ctx', ''),
    ('Tuple', expr, 'elts ctx', ''),
    ('Slice', expr, 'lower upper step', 'lower upper step'),
    ('Load', expr_context, '', ''),
    ('Store', expr_context, '', ''),
    ('Del', expr_context, '', ''),
    ('And', boolop, '', ''),
    ('Or', boolop, '', ''),
    ('Add', operator, '', ''),
    ('Sub', operator, '', ''),
    ('Mult', operator, '', ''),
    ('MatMult', operator, '', ''),
    ('Div', operator, '', ''),
    ('Mod', operator, '', ''),
    ('Pow', operator, '', ''),
    ('LShift', operator, '', ''),
    ('RShift', operator, '', ''),
    ('BitOr', operator, '', ''),
    ('BitXor', operator, '', ''),
    ('BitAnd', operator, '', ''),
    ('FloorDiv', operator, '', ''),
    ('Invert', unaryop, '', ''),
    ('Not', unaryop, '', ''),
    ('UAdd', unaryop, '', ''),
    ('USub', unaryop, '', ''),
    ('Eq', cmpop, '', ''),
    ('NotEq', cmpop, '', ''),
    ('Lt', cmpop, '', ''),
    ('LtE', cmpop, '', ''),
    ('Gt', cmpop, '', ''),
    ('GtE', cmpop, '', ''),
    ('Is', cmpop, '', ''),
    ('IsNot', cmpop, '', ''),
    ('In', cmpop, '', ''),
    ('NotIn', cmpop, '', ''),
    ('comprehension', AST, 'target iter ifs is_async', '', ()),
    ('ExceptHandler', excepthandler, 'type name body', 'type name'),
    ('arguments', AST, 'posonlyargs args vararg kwonlyargs kw_defaults kwarg defaults', 'vararg kwarg', ()),
    ('arg', AST, 'arg annotation type_comment', 'annotation type_comment', _POSITIONS),
    ('keyword', AST, 'arg value', 'arg', _POSITIONS),
    ('alias', AST, 'name asname', 'asname', _POSITIONS),
    ('withitem', AST, 'context_expr optional_vars', 'optional_vars', ()),
    ('match_case', AST, 'pattern guard body', 'guard', ()),
    ('MatchValue', pattern, 'value', ''),
    ('MatchSingleton', pattern, 'value', ''),
    ('MatchSequence', pattern, 'patterns', ''),
    ('MatchMapping', pattern, 'keys patterns rest', 'rest'),
    ('MatchClass', pattern, 'cls patterns kwd_attrs kwd_patterns', ''),
    ('MatchStar', pattern, 'name', 'name'),
    ('MatchAs', pattern, 'pattern name', 'pattern name'),
    ('MatchOr', pattern, 'patterns', ''),
    ('TypeIgnore', type_ignore, 'lineno tag', ''),
]

for _row in _GRAMMAR:
    _node_class(_row[0], _row[1], _row[2].split(), _row[4] if len(_row) > 4 else None, _row[3].split())
del _row


# Deprecated classes kept as 3.11 keeps them.
class slice(AST):
    """Deprecated AST node class."""


class Index(slice):
    """Deprecated AST node class. Unused in Python 3.9+."""
    def __new__(cls, value, **kwargs):
        return value


class ExtSlice(slice):
    """Deprecated AST node class. Unused in Python 3.9+."""
    def __new__(cls, dims=(), **kwargs):
        return Tuple(list(dims), Load(), **kwargs)


class Suite(mod):
    """Deprecated AST node class.  Unused in Python 3."""


class AugLoad(expr_context):
    """Deprecated AST node class.  Unused in Python 3."""


class AugStore(expr_context):
    """Deprecated AST node class.  Unused in Python 3."""


class Param(expr_context):
    """Deprecated AST node class.  Unused in Python 3."""


# Num, Str, Bytes, NameConstant and Ellipsis: make Constants, and a
# Constant of the right value type is an instance of them.
def _get_value(self):
    return self.value


def _set_value(self, value):
    self.value = value


Constant.n = property(_get_value, _set_value)
Constant.s = property(_get_value, _set_value)


class _ABC(type):
    def __init__(cls, *args):
        cls.__doc__ = """Deprecated AST node class. Use ast.Constant instead"""

    def __instancecheck__(cls, inst):
        if not isinstance(inst, Constant):
            return False
        if cls in _const_types:
            try:
                value = inst.value
            except AttributeError:
                return False
            return isinstance(value, _const_types[cls]) and not isinstance(value, _const_types_not.get(cls, ()))
        return type.__instancecheck__(cls, inst)


def _new(cls, *args, **kwargs):
    for key in kwargs:
        if key in cls._fields and cls._fields.index(key) < len(args):
            raise TypeError(f"{cls.__name__} got multiple values for argument {key!r}")
    if cls in _const_types:
        return Constant(*args, **kwargs)
    return Constant.__new__(cls)


class Num(Constant, metaclass=_ABC):
    _fields = ('n',)
    __new__ = _new


class Str(Constant, metaclass=_ABC):
    _fields = ('s',)
    __new__ = _new


class Bytes(Constant, metaclass=_ABC):
    _fields = ('s',)
    __new__ = _new


class NameConstant(Constant, metaclass=_ABC):
    __new__ = _new


class Ellipsis(Constant, metaclass=_ABC):
    _fields = ()

    def __new__(cls, *args, **kwargs):
        if cls is Ellipsis:
            return Constant(..., *args, **kwargs)
        return Constant.__new__(cls)


_const_types = {Num: (int, float, complex), Str: (str,), Bytes: (bytes,),
                NameConstant: (type(None), bool), Ellipsis: (type(...),)}
_const_types_not = {Num: (bool,)}


# ---- parse ----------------------------------------------------------------

def _constructors():
    """The names the parser's dump uses: each class, with the contexts and
    operators shared as CPython's parser shares them."""
    ns = {'__builtins__': {}, 'inf': float('inf'), 'infj': complex(0, float('inf')),
          'Ellipsis': ..., 'None': None, 'True': True, 'False': False}
    for row in _GRAMMAR:
        cls = globals()[row[0]]
        if not cls._fields and row[1] in (expr_context, boolop, operator, unaryop, cmpop):
            shared = cls()
            ns[row[0]] = (lambda s: lambda: s)(shared)
        else:
            ns[row[0]] = cls
    return ns


_NAMESPACE = None


def _tree_of(source, filename):
    global _NAMESPACE
    if _NAMESPACE is None:
        _NAMESPACE = _constructors()
    return eval(_ast._parse_dump(source, filename), _NAMESPACE)


def _parse_eval(source, filename):
    tree = _tree_of(source, filename)
    body = tree.body
    if len(body) != 1 or not isinstance(body[0], Expr):
        err = SyntaxError('invalid syntax')
        err.filename, err.lineno = filename, body[1].lineno if len(body) > 1 else 1
        raise err
    return Expression(body[0].value)


def _split_arrow(source):
    depth = 0
    for i, c in enumerate(source):
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
        elif c == '-' and depth == 0 and source[i + 1:i + 2] == '>':
            return source[:i], source[i + 2:]
    raise SyntaxError('invalid syntax')


def _parse_func_type(source, filename):
    left, right = _split_arrow(source.strip())
    left = left.strip()
    if not (left.startswith('(') and left.endswith(')')):
        raise SyntaxError('invalid syntax')
    inner = left[1:-1].strip()
    argtypes = []
    if inner:
        args = _parse_eval('(' + inner + ',)', filename).body
        argtypes = args.elts
    return FunctionType(argtypes, _parse_eval(right.strip(), filename).body)


def parse(source, filename='<unknown>', mode='exec', *, type_comments=False, feature_version=None):
    """Parse the source into an AST node (compile(source, filename, mode,
    PyCF_ONLY_AST) as CPython has it)."""
    if isinstance(source, AST):
        return _compile_source(source, filename, mode, PyCF_ONLY_AST)
    if isinstance(source, (bytes, bytearray, memoryview)):
        source = bytes(source).decode('utf-8')
    elif not isinstance(source, str):
        raise TypeError('compile() arg 1 must be a string, bytes or AST object')
    if isinstance(filename, bytes):
        filename = filename.decode()
    if mode == 'exec':
        return _tree_of(source, filename)
    if mode == 'eval':
        return _parse_eval(source, filename)
    if mode == 'single':
        body = _tree_of(source, filename).body
        if body and any(s.lineno > body[0].end_lineno for s in body[1:]):
            err = SyntaxError('multiple statements found while compiling a single statement')
            err.filename, err.lineno = filename, 1
            raise err
        return Interactive(body)
    if mode == 'func_type':
        return _parse_func_type(source, filename)
    raise ValueError("compile() mode must be 'exec', 'eval', 'single' or 'func_type'")


_MODE_NODES = {'exec': 'Module', 'eval': 'Expression', 'single': 'Interactive', 'func_type': 'FunctionType'}


def _check_positions(tree):
    for node in walk(tree):
        for name in ('lineno', 'col_offset'):
            if name in node._attributes and not hasattr(node, name):
                base = type(node).__mro__[1] if type(node).__mro__[1] is not AST else type(node)
                raise TypeError('required field "%s" missing from %s' % (name, base.__name__))


def _compile_source(source, filename, mode, flags=0):
    """compile()'s way for what is not a str, and for PyCF_ONLY_AST: the
    tree to return, or the text to compile."""
    if isinstance(source, AST):
        want = _MODE_NODES.get(mode)
        if want is None:
            raise ValueError("compile() mode must be 'exec', 'eval' or 'single'")
        if type(source).__name__ != want or not isinstance(source, mod):
            raise TypeError('expected %s node, got %s' % (want, type(source).__name__))
        if flags & PyCF_ONLY_AST:
            return source
        _check_positions(source)
        if mode == 'single':
            return '\n'.join(unparse(s) for s in source.body) + '\n'
        return unparse(source) + '\n'
    if isinstance(source, (bytes, bytearray, memoryview)):
        source = bytes(source).decode('utf-8')
    elif not isinstance(source, str):
        raise TypeError('compile() arg 1 must be a string, bytes or AST object')
    if flags & PyCF_ONLY_AST:
        return parse(source, filename, mode)
    return source


# ---- dump -------------------------------------------------------------------

def dump(node, annotate_fields=True, include_attributes=False, *, indent=None):
    """The text of a tree; fields that hold their default None are left out,
    and with annotate_fields=False the fields before a left-out one are
    positional."""
    if not isinstance(node, AST):
        raise TypeError('expected AST, got %r' % node.__class__.__name__)
    if indent is not None and not isinstance(indent, str):
        indent = ' ' * indent

    def fmt(value, level):
        if indent is not None:
            level += 1
            prefix = '\n' + indent * level
            sep = ',\n' + indent * level
        else:
            prefix, sep = '', ', '
        if isinstance(value, list):
            if not value:
                return '[]', True
            return '[' + prefix + sep.join(fmt(x, level)[0] for x in value) + ']', False
        if not isinstance(value, AST):
            return repr(value), True
        cls = type(value)
        parts, simple, named = [], True, annotate_fields
        for name in cls._fields:
            if not hasattr(value, name):
                named = True
                continue
            v = getattr(value, name)
            if v is None and getattr(cls, name, ...) is None:
                named = True
                continue
            text, s = fmt(v, level)
            simple = simple and s
            parts.append(name + '=' + text if named else text)
        if include_attributes and cls._attributes:
            for name in cls._attributes:
                if not hasattr(value, name):
                    continue
                v = getattr(value, name)
                if v is None and getattr(cls, name, ...) is None:
                    continue
                text, s = fmt(v, level)
                simple = simple and s
                parts.append(name + '=' + text)
        if simple and len(parts) <= 3:
            return '%s(%s)' % (cls.__name__, ', '.join(parts)), not parts
        return '%s(%s%s)' % (cls.__name__, prefix, sep.join(parts)), False

    return fmt(node, 0)[0]


# ---- literal_eval -----------------------------------------------------------

def literal_eval(node_or_string):
    """The value of a str or tree holding only literals: numbers, strings,
    bytes, tuples, lists, dicts, sets, booleans, None and Ellipsis, and
    sums and differences of a real and a complex number."""
    if isinstance(node_or_string, str):
        node_or_string = parse(node_or_string.lstrip(' \t'), mode='eval')
    if isinstance(node_or_string, Expression):
        node_or_string = node_or_string.body

    def malformed(node):
        msg = 'malformed node or string'
        line = getattr(node, 'lineno', None)
        if line:
            msg += f' on line {line}'
        raise ValueError(msg + f': {node!r}')

    def number(node):
        if not isinstance(node, Constant) or type(node.value) not in (int, float, complex):
            malformed(node)
        return node.value

    def signed(node):
        if isinstance(node, UnaryOp) and isinstance(node.op, (UAdd, USub)):
            v = number(node.operand)
            return +v if isinstance(node.op, UAdd) else -v
        return number(node)

    def convert(node):
        if isinstance(node, Constant):
            return node.value
        if isinstance(node, Tuple):
            return tuple(map(convert, node.elts))
        if isinstance(node, List):
            return list(map(convert, node.elts))
        if isinstance(node, Set):
            return set(map(convert, node.elts))
        if (isinstance(node, Call) and isinstance(node.func, Name) and node.func.id == 'set'
                and node.args == node.keywords == []):
            return set()
        if isinstance(node, Dict):
            if len(node.keys) != len(node.values):
                malformed(node)
            return dict(zip(map(convert, node.keys), map(convert, node.values)))
        if isinstance(node, BinOp) and isinstance(node.op, (Add, Sub)):
            left, right = signed(node.left), number(node.right)
            if isinstance(left, (int, float)) and isinstance(right, complex):
                return left + right if isinstance(node.op, Add) else left - right
        return signed(node)

    return convert(node_or_string)


# ---- walking ------------------------------------------------------------------

def iter_fields(node):
    """(name, value) for each field of node that is set."""
    for name in node._fields:
        try:
            yield name, getattr(node, name)
        except AttributeError:
            pass


def iter_child_nodes(node):
    """The nodes directly under node: its node fields and the nodes in its
    list fields."""
    for name, value in iter_fields(node):
        if isinstance(value, AST):
            yield value
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, AST):
                    yield item


def walk(node):
    """node and every node under it, breadth first."""
    todo = [node]
    i = 0
    while i < len(todo):
        node = todo[i]
        i += 1
        todo.extend(iter_child_nodes(node))
        yield node


class NodeVisitor(object):
    """Calls visit_<ClassName> for each node; generic_visit visits the
    children of a node that has no such method."""

    def visit(self, node):
        method = 'visit_' + node.__class__.__name__
        visitor = getattr(self, method, self.generic_visit)
        return visitor(node)

    def generic_visit(self, node):
        for field, value in iter_fields(node):
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, AST):
                        self.visit(item)
            elif isinstance(value, AST):
                self.visit(value)

    def visit_Constant(self, node):
        value = node.value
        for cls, types in _const_types.items():
            if isinstance(value, types) and not isinstance(value, _const_types_not.get(cls, ())):
                method = 'visit_' + cls.__name__
                visitor = getattr(self, method, None)
                if visitor is not None:
                    import warnings
                    warnings.warn(f"{method} is deprecated; add visit_Constant", DeprecationWarning, 2)
                    return visitor(node)
                break
        return self.generic_visit(node)


class NodeTransformer(NodeVisitor):
    """A NodeVisitor whose visit methods return the replacement of a node:
    None removes it, a list replaces one item of a list field by many."""

    def generic_visit(self, node):
        for field, old in iter_fields(node):
            if isinstance(old, list):
                new = []
                for value in old:
                    if isinstance(value, AST):
                        value = self.visit(value)
                        if value is None:
                            continue
                        if not isinstance(value, AST):
                            new.extend(value)
                            continue
                    new.append(value)
                old[:] = new
            elif isinstance(old, AST):
                replacement = self.visit(old)
                if replacement is None:
                    delattr(node, field)
                else:
                    setattr(node, field, replacement)
        return node


# ---- locations ------------------------------------------------------------------

def copy_location(new_node, old_node):
    """Copies the positions of old_node onto new_node; returns new_node."""
    for attr in _POSITIONS:
        if attr in old_node._attributes and attr in new_node._attributes:
            value = getattr(old_node, attr, None)
            if value is not None or (hasattr(old_node, attr) and attr.startswith('end_')):
                setattr(new_node, attr, value)
    return new_node


def fix_missing_locations(node):
    """Gives each node without a position its parent's (1 and 0 at the
    top), for compile()."""
    def fix(node, lineno, col, end_lineno, end_col):
        attrs = node._attributes
        if 'lineno' in attrs:
            if not hasattr(node, 'lineno'):
                node.lineno = lineno
            else:
                lineno = node.lineno
        if 'end_lineno' in attrs:
            if getattr(node, 'end_lineno', None) is None:
                node.end_lineno = end_lineno
            else:
                end_lineno = node.end_lineno
        if 'col_offset' in attrs:
            if not hasattr(node, 'col_offset'):
                node.col_offset = col
            else:
                col = node.col_offset
        if 'end_col_offset' in attrs:
            if getattr(node, 'end_col_offset', None) is None:
                node.end_col_offset = end_col
            else:
                end_col = node.end_col_offset
        for child in iter_child_nodes(node):
            fix(child, lineno, col, end_lineno, end_col)
    fix(node, 1, 0, 1, 0)
    return node


def increment_lineno(node, n=1):
    """Moves node and everything under it n lines down."""
    for child in walk(node):
        if isinstance(child, TypeIgnore):
            child.lineno = getattr(child, 'lineno', 0) + n
            continue
        if 'lineno' in child._attributes:
            child.lineno = getattr(child, 'lineno', 0) + n
        if 'end_lineno' in child._attributes:
            end = getattr(child, 'end_lineno', 0)
            if end is not None:
                child.end_lineno = end + n
    return node


def _cleandoc(doc):
    lines = doc.expandtabs().split('\n')
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            ind = len(line) - content
            margin = ind if margin is None else min(margin, ind)
    lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


def get_docstring(node, clean=True):
    """The docstring of a function, class or module node, or None."""
    if not isinstance(node, (AsyncFunctionDef, FunctionDef, ClassDef, Module)):
        raise TypeError("%r can't have docstrings" % node.__class__.__name__)
    if not (node.body and isinstance(node.body[0], Expr)):
        return None
    node = node.body[0].value
    if not (isinstance(node, Constant) and isinstance(node.value, str)):
        return None
    return _cleandoc(node.value) if clean else node.value


def _lines_keeping_ends(source):
    """source split after \\r\\n, \\n and \\r only (not form feeds)."""
    lines, start, i, n = [], 0, 0, len(source)
    while i < n:
        c = source[i]
        if c == '\r' or c == '\n':
            if c == '\r' and source[i + 1:i + 2] == '\n':
                i += 1
            lines.append(source[start:i + 1])
            start = i + 1
        i += 1
    if start < n:
        lines.append(source[start:])
    return lines


def get_source_segment(source, node, *, padded=False):
    """The text of source that node was parsed from, or None without
    positions; padded keeps the first line's indentation as spaces."""
    try:
        if node.end_lineno is None or node.end_col_offset is None:
            return None
        first, last = node.lineno - 1, node.end_lineno - 1
        col, end_col = node.col_offset, node.end_col_offset
    except AttributeError:
        return None
    lines = _lines_keeping_ends(source)
    if first == last:
        return lines[first].encode()[col:end_col].decode()
    pad = ''
    if padded:
        pad = ''.join(c if c in '\f\t' else ' ' for c in lines[first].encode()[:col].decode())
    head = pad + lines[first].encode()[col:].decode()
    tail = lines[last].encode()[:end_col].decode()
    return ''.join([head] + lines[first + 1:last] + [tail])


# ---- unparse ----------------------------------------------------------------

from _ast_unparse import unparse  # noqa: E402


def main():
    import argparse
    parser = argparse.ArgumentParser(prog='python -m ast')
    parser.add_argument('infile', type=argparse.FileType(mode='rb'), nargs='?', default='-',
                        help='the file to parse; defaults to stdin')
    parser.add_argument('-m', '--mode', default='exec', choices=('exec', 'single', 'eval', 'func_type'),
                        help='specify what kind of code must be parsed')
    parser.add_argument('--no-type-comments', default=True, action='store_false',
                        help="don't add information about type comments")
    parser.add_argument('-a', '--include-attributes', action='store_true',
                        help='include attributes such as line numbers and column offsets')
    parser.add_argument('-i', '--indent', type=int, default=3,
                        help='indentation of nodes (number of spaces)')
    args = parser.parse_args()
    with args.infile as infile:
        source = infile.read()
    tree = parse(source, args.infile.name, args.mode, type_comments=args.no_type_comments)
    print(dump(tree, include_attributes=args.include_attributes, indent=args.indent))


if __name__ == '__main__':
    main()
