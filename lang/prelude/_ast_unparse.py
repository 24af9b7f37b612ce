"""_ast_unparse: ast.unparse, the source text of a tree in CPython 3.11's
layout: its parentheses (only where precedence needs them), its quotes and
its blank lines before definitions."""

import sys

ast = None  # the ast module, bound on the first call (ast imports this module)

_INFSTR = '1e309'  # past the largest float's exponent (308)

# Precedence levels, lowest first (BOR shares EXPR's level).
(NAMED_EXPR, TUPLE, YIELD, TEST, OR, AND, NOT, CMP, EXPR, BXOR, BAND, SHIFT, ARITH, TERM, FACTOR,
 POWER, AWAIT, ATOM) = range(1, 19)
BOR = EXPR

_UNARY = {'Invert': ('~', FACTOR), 'Not': ('not', NOT), 'UAdd': ('+', FACTOR), 'USub': ('-', FACTOR)}
_BINARY = {'Add': ('+', ARITH), 'Sub': ('-', ARITH), 'Mult': ('*', TERM), 'MatMult': ('@', TERM),
           'Div': ('/', TERM), 'Mod': ('%', TERM), 'LShift': ('<<', SHIFT), 'RShift': ('>>', SHIFT),
           'BitOr': ('|', BOR), 'BitXor': ('^', BXOR), 'BitAnd': ('&', BAND), 'FloorDiv': ('//', TERM),
           'Pow': ('**', POWER)}
_COMPARE = {'Eq': '==', 'NotEq': '!=', 'Lt': '<', 'LtE': '<=', 'Gt': '>', 'GtE': '>=', 'Is': 'is',
            'IsNot': 'is not', 'In': 'in', 'NotIn': 'not in'}
_BOOL = {'And': ('and', AND), 'Or': ('or', OR)}

_SINGLE_QUOTES = ("'", '"')
_MULTI_QUOTES = ('"""', "'''")
_ALL_QUOTES = _SINGLE_QUOTES + _MULTI_QUOTES


def _name(node):
    return type(node).__name__


def _escape_literal(text, quotes, escape_whitespace=False):
    """text made fit to sit between one of quotes without backslashes where
    possible: (the escaped text, the quotes it may use, best first)."""
    out = []
    for c in text:
        if c in '\n\t' and not escape_whitespace:
            out.append(c)
        elif c == '\\' or not c.isprintable():
            out.append(c.encode('unicode_escape').decode('ascii'))
        else:
            out.append(c)
    escaped = ''.join(out)
    usable = list(quotes)
    if '\n' in escaped:
        usable = [q for q in usable if q in _MULTI_QUOTES]
    usable = [q for q in usable if q not in escaped]
    if not usable:
        r = repr(text)
        quote = next((q for q in quotes if r[0] in q), r[0])
        return r[1:-1], [quote]
    if escaped:
        usable.sort(key=lambda q: q[0] == escaped[-1])
        if usable[0][0] == escaped[-1]:
            escaped = escaped[:-1] + '\\' + escaped[-1]
    return escaped, usable


class _Unparser:
    def __init__(self, avoid_backslashes=False):
        self.out = []
        self.level = {}
        self.indent = 0
        self.avoid_backslashes = avoid_backslashes

    # -- writing
    def write(self, *texts):
        self.out.extend(texts)

    def newline_if_any(self):
        if self.out:
            self.write('\n')

    def fill(self, text=''):
        self.newline_if_any()
        self.write('    ' * self.indent + text)

    def block_open(self):
        self.write(':')
        self.indent += 1

    def block(self, body):
        self.block_open()
        self.traverse(body)
        self.indent -= 1

    def precedence(self, node):
        return self.level.get(node, TEST)

    def set_precedence(self, level, *nodes):
        for n in nodes:
            self.level[n] = level

    def paren_open(self, cond):
        if cond:
            self.write('(')
        return cond

    def paren_close(self, cond):
        if cond:
            self.write(')')

    def interleave(self, sep, items, f=None):
        f = f or self.traverse
        for i, x in enumerate(items):
            if i:
                self.write(sep)
            f(x)

    def items_view(self, items):
        if len(items) == 1:
            self.traverse(items[0])
            self.write(',')
        else:
            self.interleave(', ', items)

    def traverse(self, node):
        if isinstance(node, list):
            for item in node:
                self.traverse(item)
        else:
            method = getattr(self, 'visit_' + _name(node), None)
            if method is None:
                raise ValueError('Unexpected node type: %s' % _name(node))
            method(node)

    def visit(self, node):
        self.out = []
        self.traverse(node)
        return ''.join(self.out)

    def sub_text(self, node, level=None):
        """node's text from a fresh unparser (f-string parts)."""
        u = _Unparser(avoid_backslashes=True)
        if level is not None:
            u.set_precedence(level, node)
        return u.visit(node)

    # -- modules and statements
    def docstring_then_body(self, node):
        body = node.body
        if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            c = body[0].value
            self.fill()
            if c.kind == 'u':
                self.write('u')
            text, quotes = _escape_literal(c.value, _MULTI_QUOTES)
            self.write(quotes[0] + text + quotes[0])
            self.traverse(body[1:])
        else:
            self.traverse(body)

    def visit_Module(self, node):
        self.docstring_then_body(node)

    def visit_Interactive(self, node):
        self.traverse(node.body)

    def visit_Expression(self, node):
        self.traverse(node.body)

    def visit_FunctionType(self, node):
        self.write('(')
        self.interleave(', ', node.argtypes)
        self.write(') -> ')
        self.traverse(node.returns)

    def visit_Expr(self, node):
        self.fill()
        self.set_precedence(YIELD, node.value)
        self.traverse(node.value)

    def visit_NamedExpr(self, node):
        p = self.paren_open(self.precedence(node) > TUPLE)
        self.set_precedence(ATOM, node.target, node.value)
        self.traverse(node.target)
        self.write(' := ')
        self.traverse(node.value)
        self.paren_close(p)

    def visit_Import(self, node):
        self.fill('import ')
        self.interleave(', ', node.names)

    def visit_ImportFrom(self, node):
        self.fill('from ')
        self.write('.' * (node.level or 0))
        if node.module:
            self.write(node.module)
        self.write(' import ')
        self.interleave(', ', node.names)

    def visit_Assign(self, node):
        self.fill()
        for target in node.targets:
            self.set_precedence(TUPLE, target)
            self.traverse(target)
            self.write(' = ')
        self.traverse(node.value)
        if node.type_comment:
            self.write('  # type: ' + node.type_comment)

    def visit_AugAssign(self, node):
        self.fill()
        self.traverse(node.target)
        self.write(' ' + _BINARY[_name(node.op)][0] + '= ')
        self.traverse(node.value)

    def visit_AnnAssign(self, node):
        self.fill()
        p = self.paren_open(not node.simple and isinstance(node.target, ast.Name))
        self.traverse(node.target)
        self.paren_close(p)
        self.write(': ')
        self.traverse(node.annotation)
        if node.value:
            self.write(' = ')
            self.traverse(node.value)

    def visit_Return(self, node):
        self.fill('return')
        if node.value:
            self.write(' ')
            self.traverse(node.value)

    def visit_Pass(self, node):
        self.fill('pass')

    def visit_Break(self, node):
        self.fill('break')

    def visit_Continue(self, node):
        self.fill('continue')

    def visit_Delete(self, node):
        self.fill('del ')
        self.interleave(', ', node.targets)

    def visit_Assert(self, node):
        self.fill('assert ')
        self.traverse(node.test)
        if node.msg:
            self.write(', ')
            self.traverse(node.msg)

    def visit_Global(self, node):
        self.fill('global ')
        self.write(', '.join(node.names))

    def visit_Nonlocal(self, node):
        self.fill('nonlocal ')
        self.write(', '.join(node.names))

    def visit_Await(self, node):
        p = self.paren_open(self.precedence(node) > AWAIT)
        self.write('await')
        if node.value:
            self.write(' ')
            self.set_precedence(ATOM, node.value)
            self.traverse(node.value)
        self.paren_close(p)

    def visit_Yield(self, node):
        p = self.paren_open(self.precedence(node) > YIELD)
        self.write('yield')
        if node.value:
            self.write(' ')
            self.set_precedence(ATOM, node.value)
            self.traverse(node.value)
        self.paren_close(p)

    def visit_YieldFrom(self, node):
        p = self.paren_open(self.precedence(node) > YIELD)
        self.write('yield from ')
        if not node.value:
            raise ValueError("Node can't be used without a value attribute.")
        self.set_precedence(ATOM, node.value)
        self.traverse(node.value)
        self.paren_close(p)

    def visit_Raise(self, node):
        self.fill('raise')
        if not node.exc:
            if node.cause:
                raise ValueError("Node can't use cause without an exception.")
            return
        self.write(' ')
        self.traverse(node.exc)
        if node.cause:
            self.write(' from ')
            self.traverse(node.cause)

    def try_body(self, node, star):
        self.fill('try')
        self.block(node.body)
        for h in node.handlers:
            self.handler(h, star)
        if node.orelse:
            self.fill('else')
            self.block(node.orelse)
        if node.finalbody:
            self.fill('finally')
            self.block(node.finalbody)

    def visit_Try(self, node):
        self.try_body(node, False)

    def visit_TryStar(self, node):
        self.try_body(node, True)

    def handler(self, node, star):
        self.fill('except*' if star else 'except')
        if node.type:
            self.write(' ')
            self.traverse(node.type)
        if node.name:
            self.write(' as ')
            self.write(node.name)
        self.block(node.body)

    def visit_ExceptHandler(self, node):
        self.handler(node, False)

    def visit_ClassDef(self, node):
        self.newline_if_any()
        for deco in node.decorator_list:
            self.fill('@')
            self.traverse(deco)
        self.fill('class ' + node.name)
        p = self.paren_open(bool(node.bases or node.keywords))
        self.interleave(', ', list(node.bases) + list(node.keywords))
        self.paren_close(p)
        self.block_open()
        self.docstring_then_body(node)
        self.indent -= 1

    def function(self, node, keyword):
        self.newline_if_any()
        for deco in node.decorator_list:
            self.fill('@')
            self.traverse(deco)
        self.fill(keyword + ' ' + node.name)
        self.write('(')
        self.traverse(node.args)
        self.write(')')
        if node.returns:
            self.write(' -> ')
            self.traverse(node.returns)
        self.block_open()
        if node.type_comment:
            self.write('  # type: ' + node.type_comment)
        self.docstring_then_body(node)
        self.indent -= 1

    def visit_FunctionDef(self, node):
        self.function(node, 'def')

    def visit_AsyncFunctionDef(self, node):
        self.function(node, 'async def')

    def for_loop(self, node, keyword):
        self.fill(keyword)
        self.set_precedence(TUPLE, node.target)
        self.traverse(node.target)
        self.write(' in ')
        self.traverse(node.iter)
        self.block(node.body)
        if node.orelse:
            self.fill('else')
            self.block(node.orelse)

    def visit_For(self, node):
        self.for_loop(node, 'for ')

    def visit_AsyncFor(self, node):
        self.for_loop(node, 'async for ')

    def visit_If(self, node):
        self.fill('if ')
        self.traverse(node.test)
        self.block(node.body)
        while node.orelse and len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            node = node.orelse[0]
            self.fill('elif ')
            self.traverse(node.test)
            self.block(node.body)
        if node.orelse:
            self.fill('else')
            self.block(node.orelse)

    def visit_While(self, node):
        self.fill('while ')
        self.traverse(node.test)
        self.block(node.body)
        if node.orelse:
            self.fill('else')
            self.block(node.orelse)

    def visit_With(self, node):
        self.fill('with ')
        self.interleave(', ', node.items)
        self.block(node.body)

    def visit_AsyncWith(self, node):
        self.fill('async with ')
        self.interleave(', ', node.items)
        self.block(node.body)

    def visit_withitem(self, node):
        self.traverse(node.context_expr)
        if node.optional_vars:
            self.write(' as ')
            self.traverse(node.optional_vars)

    def visit_alias(self, node):
        self.write(node.name)
        if node.asname:
            self.write(' as ' + node.asname)

    # -- match
    def visit_Match(self, node):
        self.fill('match ')
        self.traverse(node.subject)
        self.block(node.cases)

    def visit_match_case(self, node):
        self.fill('case ')
        self.traverse(node.pattern)
        if node.guard:
            self.write(' if ')
            self.traverse(node.guard)
        self.block(node.body)

    def visit_MatchValue(self, node):
        self.traverse(node.value)

    def visit_MatchSingleton(self, node):
        self.write(repr(node.value))

    def visit_MatchSequence(self, node):
        self.write('[')
        self.interleave(', ', node.patterns)
        self.write(']')

    def visit_MatchStar(self, node):
        self.write('*' + (node.name if node.name is not None else '_'))

    def visit_MatchMapping(self, node):
        self.write('{')
        pairs = list(zip(node.keys, node.patterns))

        def pair(kv):
            self.traverse(kv[0])
            self.write(': ')
            self.traverse(kv[1])
        self.interleave(', ', pairs, pair)
        if node.rest is not None:
            if pairs:
                self.write(', ')
            self.write('**' + node.rest)
        self.write('}')

    def visit_MatchClass(self, node):
        self.set_precedence(ATOM, node.cls)
        self.traverse(node.cls)
        self.write('(')
        self.interleave(', ', node.patterns)
        for i, (attr, pat) in enumerate(zip(node.kwd_attrs, node.kwd_patterns)):
            if i or node.patterns:
                self.write(', ')
            self.write(attr + '=')
            self.traverse(pat)
        self.write(')')

    def visit_MatchAs(self, node):
        if node.pattern is None:
            self.write(node.name if node.name is not None else '_')
            return
        if node.name is None:
            self.traverse(node.pattern)
            return
        p = self.paren_open(self.precedence(node) > TEST)
        self.set_precedence(BOR, node.pattern)
        self.traverse(node.pattern)
        self.write(' as ' + node.name)
        self.paren_close(p)

    def visit_MatchOr(self, node):
        p = self.paren_open(self.precedence(node) > BOR)
        self.set_precedence(BOR + 1, *node.patterns)
        self.interleave(' | ', node.patterns)
        self.paren_close(p)

    # -- expressions
    def visit_Name(self, node):
        self.write(node.id)

    def write_constant(self, value):
        if isinstance(value, (float, complex)):
            self.write(repr(value).replace('inf', _INFSTR).replace('nan', f'({_INFSTR}-{_INFSTR})'))
        elif self.avoid_backslashes and isinstance(value, str):
            text, quotes = _escape_literal(value, _ALL_QUOTES)
            self.write(quotes[0] + text + quotes[0])
        else:
            self.write(repr(value))

    def visit_Constant(self, node):
        value = node.value
        if isinstance(value, tuple):
            self.write('(')
            if len(value) == 1:
                self.write_constant(value[0])
                self.write(',')
            else:
                self.interleave(', ', value, self.write_constant)
            self.write(')')
        elif value is ...:
            self.write('...')
        else:
            if node.kind == 'u':
                self.write('u')
            self.write_constant(value)

    def fstring_inner(self, node):
        if isinstance(node, ast.JoinedStr):
            for v in node.values:
                self.fstring_inner(v)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            self.write(node.value.replace('{', '{{').replace('}', '}}'))
        elif isinstance(node, ast.FormattedValue):
            self.visit_FormattedValue(node)
        else:
            raise ValueError(f'Unexpected node inside JoinedStr, {node!r}')

    def buffered(self, f, node):
        saved = self.out
        self.out = []
        f(node)
        text = ''.join(self.out)
        self.out = saved
        return text

    def visit_JoinedStr(self, node):
        self.write('f')
        if self.avoid_backslashes:
            text, quotes = _escape_literal(self.buffered(self.fstring_inner, node), _ALL_QUOTES)
            self.write(quotes[0] + text + quotes[0])
            return
        quotes = list(_ALL_QUOTES)
        parts = []
        for v in node.values:
            text = self.buffered(self.fstring_inner, v)
            text, quotes = _escape_literal(text, quotes, escape_whitespace=isinstance(v, ast.Constant))
            parts.append(text)
        self.write(quotes[0] + ''.join(parts) + quotes[0])

    def visit_FormattedValue(self, node):
        self.write('{')
        text = self.sub_text(node.value, TEST + 1)
        if '\\' in text:
            raise ValueError('Unable to avoid backslash in f-string expression part')
        if text.startswith('{'):
            self.write(' ')
        self.write(text)
        if node.conversion != -1:
            self.write('!' + chr(node.conversion))
        if node.format_spec:
            self.write(':')
            self.fstring_inner(node.format_spec)
        self.write('}')

    def visit_List(self, node):
        self.write('[')
        self.interleave(', ', node.elts)
        self.write(']')

    def comprehension_of(self, node, open_, close):
        self.write(open_)
        self.traverse(node.elt)
        for gen in node.generators:
            self.traverse(gen)
        self.write(close)

    def visit_ListComp(self, node):
        self.comprehension_of(node, '[', ']')

    def visit_GeneratorExp(self, node):
        self.comprehension_of(node, '(', ')')

    def visit_SetComp(self, node):
        self.comprehension_of(node, '{', '}')

    def visit_DictComp(self, node):
        self.write('{')
        self.traverse(node.key)
        self.write(': ')
        self.traverse(node.value)
        for gen in node.generators:
            self.traverse(gen)
        self.write('}')

    def visit_comprehension(self, node):
        self.write(' async for ' if node.is_async else ' for ')
        self.set_precedence(TUPLE, node.target)
        self.traverse(node.target)
        self.write(' in ')
        self.set_precedence(TEST + 1, node.iter, *node.ifs)
        self.traverse(node.iter)
        for cond in node.ifs:
            self.write(' if ')
            self.traverse(cond)

    def visit_IfExp(self, node):
        p = self.paren_open(self.precedence(node) > TEST)
        self.set_precedence(TEST + 1, node.body, node.test)
        self.traverse(node.body)
        self.write(' if ')
        self.traverse(node.test)
        self.write(' else ')
        self.set_precedence(TEST, node.orelse)
        self.traverse(node.orelse)
        self.paren_close(p)

    def visit_Set(self, node):
        if node.elts:
            self.write('{')
            self.interleave(', ', node.elts)
            self.write('}')
        else:
            self.write('{*()}')

    def visit_Dict(self, node):
        def pair(kv):
            k, v = kv
            if k is None:
                self.write('**')
                self.set_precedence(EXPR, v)
                self.traverse(v)
            else:
                self.traverse(k)
                self.write(': ')
                self.traverse(v)
        self.write('{')
        self.interleave(', ', list(zip(node.keys, node.values)), pair)
        self.write('}')

    def visit_Tuple(self, node):
        p = self.paren_open(len(node.elts) == 0 or self.precedence(node) > TUPLE)
        self.items_view(node.elts)
        self.paren_close(p)

    def visit_UnaryOp(self, node):
        symbol, level = _UNARY[_name(node.op)]
        p = self.paren_open(self.precedence(node) > level)
        self.write(symbol)
        if level != FACTOR:
            self.write(' ')
        self.set_precedence(level, node.operand)
        self.traverse(node.operand)
        self.paren_close(p)

    def visit_BinOp(self, node):
        symbol, level = _BINARY[_name(node.op)]
        p = self.paren_open(self.precedence(node) > level)
        left, right = (level + 1, level) if symbol == '**' else (level, level + 1)
        self.set_precedence(left, node.left)
        self.traverse(node.left)
        self.write(' ' + symbol + ' ')
        self.set_precedence(right, node.right)
        self.traverse(node.right)
        self.paren_close(p)

    def visit_Compare(self, node):
        p = self.paren_open(self.precedence(node) > CMP)
        self.set_precedence(CMP + 1, node.left, *node.comparators)
        self.traverse(node.left)
        for op, e in zip(node.ops, node.comparators):
            self.write(' ' + _COMPARE[_name(op)] + ' ')
            self.traverse(e)
        self.paren_close(p)

    def visit_BoolOp(self, node):
        word, level = _BOOL[_name(node.op)]
        p = self.paren_open(self.precedence(node) > level)
        # each operand binds one level tighter than the one before it
        for i, v in enumerate(node.values):
            if i:
                self.write(' ' + word + ' ')
            level += 1
            self.set_precedence(level, v)
            self.traverse(v)
        self.paren_close(p)

    def visit_Attribute(self, node):
        self.set_precedence(ATOM, node.value)
        self.traverse(node.value)
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, int):
            self.write(' ')
        self.write('.' + node.attr)

    def visit_Call(self, node):
        self.set_precedence(ATOM, node.func)
        self.traverse(node.func)
        self.write('(')
        self.interleave(', ', list(node.args) + list(node.keywords))
        self.write(')')

    def visit_Subscript(self, node):
        self.set_precedence(ATOM, node.value)
        self.traverse(node.value)
        self.write('[')
        s = node.slice
        if isinstance(s, ast.Tuple) and s.elts:
            self.items_view(s.elts)
        else:
            self.traverse(s)
        self.write(']')

    def visit_Starred(self, node):
        self.write('*')
        self.set_precedence(EXPR, node.value)
        self.traverse(node.value)

    def visit_Slice(self, node):
        if node.lower:
            self.traverse(node.lower)
        self.write(':')
        if node.upper:
            self.traverse(node.upper)
        if node.step:
            self.write(':')
            self.traverse(node.step)

    def visit_arg(self, node):
        self.write(node.arg)
        if node.annotation:
            self.write(': ')
            self.traverse(node.annotation)

    def visit_arguments(self, node):
        first = True
        positional = list(node.posonlyargs) + list(node.args)
        defaults = [None] * (len(positional) - len(node.defaults)) + list(node.defaults)
        for i, (a, d) in enumerate(zip(positional, defaults), 1):
            if not first:
                self.write(', ')
            first = False
            self.traverse(a)
            if d:
                self.write('=')
                self.traverse(d)
            if i == len(node.posonlyargs):
                self.write(', /')
        if node.vararg or node.kwonlyargs:
            if not first:
                self.write(', ')
            first = False
            self.write('*')
            if node.vararg:
                self.write(node.vararg.arg)
                if node.vararg.annotation:
                    self.write(': ')
                    self.traverse(node.vararg.annotation)
        for a, d in zip(node.kwonlyargs, node.kw_defaults):
            self.write(', ')
            self.traverse(a)
            if d:
                self.write('=')
                self.traverse(d)
        if node.kwarg:
            if not first:
                self.write(', ')
            self.write('**' + node.kwarg.arg)
            if node.kwarg.annotation:
                self.write(': ')
                self.traverse(node.kwarg.annotation)

    def visit_keyword(self, node):
        if node.arg is None:
            self.write('**')
        else:
            self.write(node.arg + '=')
        self.traverse(node.value)

    def visit_Lambda(self, node):
        p = self.paren_open(self.precedence(node) > TEST)
        self.write('lambda')
        args = self.buffered(self.traverse, node.args)
        if args:
            self.write(' ', args)
        self.write(': ')
        self.set_precedence(TEST, node.body)
        self.traverse(node.body)
        self.paren_close(p)


def unparse(ast_obj):
    """Source text that parses back to a tree equal to ast_obj."""
    global ast
    if ast is None:
        import ast
    return _Unparser().visit(ast_obj)
