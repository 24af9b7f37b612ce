# ast.parse and ast.dump against CPython: trees of many programs, with
# and without positions, indented, unannotated, and the node classes.
import ast

PROGRAMS = [
    "x = 1",
    "a, *b = c = d[1:2, ::3] = 'text'",
    "x += 1; y @= z; del a.b, c[0]",
    "x: int = 5\n(y): str\nz.w: float",
    "def f(a, /, b: int = 2, *args, c, d=4, **kw) -> None:\n    'doc'\n    return a",
    "@dec\n@dec2(1)\nclass C(Base, metaclass=M):\n    x = 1\n    def m(self): pass",
    "for i, (j, k) in enumerate(z):\n    if i: break\n    elif j: continue\n    else: pass\nelse:\n    x = 2",
    "while x < 10 <= y is not None:\n    x = x + 1 if x else -x",
    "try:\n    f()\nexcept (A, B) as e:\n    raise X from e\nexcept C:\n    raise\nelse:\n    g()\nfinally:\n    h()",
    "with open('f') as fh, lock:\n    data = fh.read()",
    "import os, os.path as p\nfrom .. import mod\nfrom a.b import (c as d, e)",
    "global g\ndef f():\n    nonlocal_ = 1\n    def inner():\n        nonlocal nonlocal_\n        global g",
    "lambda x, *y, z=1, **w: (x, y, z, w)",
    "[x for x in range(3) if x for y in x]\n{x: y for x, y in z}\n{s for s in t}\n(g for g in h)",
    "f(a, *b, c=1, **d)\nf(x for x in y)",
    "print(f'{x!r:>{w}} {y:.2f} {{lit}} {z=}')",
    "x = b'bytes' + 'str' 'cat' + u'uni'",
    "y = (1, 2.5, 3j, 1e100, 0x1f, 10**100, True, False, None, ...)",
    "assert x, 'message'",
    "if (n := len(a)) > 10: pass",
    "x = not a and b or c and not d",
    "x = a if b else c if d else e",
    "x = {**a, 'b': 1}\ny = {1, 2}\nz = {}",
    "def g():\n    yield 1\n    yield\n    x = yield from h()",
    "x = a[1]\ny = a[1:2]\nz = a[::2]\nw = a[1, 2]\nv = a[...]",
    "x = ~a + -b * +c ** d // e % f @ g << h >> i & j ^ k | l",
]

for src in PROGRAMS:
    tree = ast.parse(src)
    print(ast.dump(tree))
    print(ast.dump(tree, include_attributes=True))

print(ast.dump(ast.parse(PROGRAMS[4]), indent=2))
print(ast.dump(ast.parse(PROGRAMS[5]), indent='\t', include_attributes=True))
print(ast.dump(ast.parse(PROGRAMS[1]), annotate_fields=False))
print(ast.dump(ast.parse("1 + 2", mode="eval")))
print(ast.dump(ast.parse("x.y", mode="eval"), include_attributes=True))
print(ast.dump(ast.parse("x = 1; y = 2", mode="single")))
try:
    ast.parse("x = 1\ny = 2", mode="single")
except SyntaxError as e:
    print('SyntaxError', e.msg)
print(ast.dump(ast.parse("(int, str) -> List[int]", mode="func_type")))
print(ast.dump(ast.parse(b"b = 'from bytes'")))

# the classes
print(ast.Name._fields, ast.Name._attributes, ast.Name.__match_args__)
print(ast.FunctionDef._fields, ast.arguments._attributes, ast.keyword._attributes)
print([c.__name__ for c in ast.BinOp.__mro__])
print(issubclass(ast.Add, ast.operator), issubclass(ast.Load, ast.expr_context), issubclass(ast.Match, ast.stmt))
print(isinstance(ast.parse("x").body[0].value, ast.expr))
n = ast.Name('x', ast.Load(), lineno=3)
print(n.id, n.lineno, n.end_lineno, ast.dump(n, include_attributes=True))
print(ast.Return().value, ast.FunctionDef().returns)
try:
    ast.Name().id
except AttributeError as e:
    print('AttributeError', e)
for args in [(1, 2, 3), (1,)]:
    try:
        (ast.Name if len(args) > 1 else ast.Load)(*args)
    except TypeError as e:
        print('TypeError', e)
print(ast.dump(ast.Name()), ast.dump(ast.BinOp(left=ast.Constant(1), op=ast.Add())))
print(ast.dump(ast.Constant(value=1, kind=None), annotate_fields=False))
try:
    ast.dump(42)
except TypeError as e:
    print('TypeError', e)

# syntax errors come as compile()'s
for bad in ["x = (", "def f(:\n pass", "  x = 1"]:
    try:
        ast.parse(bad)
    except SyntaxError as e:
        print(type(e).__name__, e.msg, e.lineno)
try:
    ast.parse("x = 1", mode="nope")
except ValueError as e:
    print('ValueError', e)

# deprecated aliases
print(isinstance(ast.Constant(1), ast.Num), isinstance(ast.Constant(True), ast.Num),
      isinstance(ast.Constant('s'), ast.Str), isinstance(ast.Constant(b's'), ast.Bytes),
      isinstance(ast.Constant(None), ast.NameConstant), isinstance(ast.Constant(...), ast.Ellipsis))
print(type(ast.Num(5)).__name__, ast.Num(5).n, ast.Str('s').s, ast.dump(ast.Bytes(b'x')), ast.dump(ast.Ellipsis()))
print(ast.dump(ast.Index(ast.Name('x'))), ast.dump(ast.ExtSlice([ast.Name('x')])))
print(ast.PyCF_ONLY_AST, ast.PyCF_TYPE_COMMENTS, ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
