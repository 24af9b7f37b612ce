# ast.unparse against CPython: parentheses by precedence, quotes, f-strings,
# docstrings, blank lines before definitions, and round trips.
import ast

PROGRAMS = [
    "x = 1, 2\n(a, b) = c\nfor (i, j) in k: pass",
    "x = (a + b) * c - d / (e - f) ** -g ** h",
    "x = (a, b)[0] + (-1) ** 2 + (not a) + -(a + b)",
    "x = a if (b if c else d) else (e if f else g)",
    "y = lambda: (yield)\nz = (lambda x: x)(1)",
    "f((x for x in y))\nf(*a, *b, k=1, **c)",
    "x = a and (b or c) and not (d and e)\ny = (a or b) and c or d",
    "x = a < b < c\ny = (a < b) < c\nz = not a < b",
    "print(f'{a!r} {b:>{w}} {{}} {c + 1:.3}' f\"{'q'}\")",
    "s = 'it\\'s'\nt = \"say \\\"hi\\\"\"\nu = 'both \\' and \"'\nv = '\\n\\t\\x00\\u1234'",
    "b = b'\\x00\\xff' + rb'\\d'",
    "n = 1e400 * -1e400j + 1 .real + 1.5.real",
    "def f():\n    '''Doc with \"quotes\" and \\'\\'\\' '''\n    return",
    "\"\"\"Module doc.\"\"\"\nimport a\n\nclass C:\n    'doc'\n    x = 1\n\n    @property\n    def p(self) -> int:\n        return 1\ny = 2",
    "if a:\n    pass\nelif b:\n    pass\nelif c:\n    x = 1\nelse:\n    if d:\n        pass",
    "try:\n    pass\nexcept Exception as e:\n    pass\nexcept:\n    raise\nelse:\n    pass\nfinally:\n    pass",
    "with a as (b, c), d: pass\nwhile 1:\n    continue\nelse:\n    pass",
    "del a, b[1], c.d\nglobal x, y\nassert a, (b, c)\nraise E from None",
    "from ... import a as b, c\nimport x.y as z",
    "x: 'List[int]' = []\n(y): int\nz[0]: int = 1",
    "a[1:2, 3]\na[:, ::2]\na[()]\na[(1, 2)]\na[x:=1] if False else 0",
    "def f(a, b=1, /, c=2, *d, e, f=3, **g): pass\ndef h(*, k): pass\ndef i(a, /): pass",
    "x = {1: 2, **d}\ny = {*a, 1}\nz = set()\nw = [*a, *b]",
    "x = [y for y in z if y if not y]\nd = {k: v for (k, v) in items}",
    "(x := 1)\nif (y := f()) is not None: pass\nprint(z := 3)",
    "x = -1 ** 2\ny = (-1) ** 2\nz = 2 ** -1\nw = a ** b ** c\nv = (a ** b) ** c",
    "x = a | b ^ c & d << e + f * g\ny = ((a | b) ^ c) & d",
    "x = ~(a + b)\ny = not not a\nz = -(-a)",
    "x = 'a' 'b'\ny = f'{x}' 'lit'\nz = f'{x!s}{y!a}'",
    "match cmd:\n    case [x, y, *rest] if x > 0:\n        pass\n    case {'k': v, **kw}:\n        pass\n"
    "    case Point(1, y=2) | None:\n        pass\n    case (1 | 2) as n:\n        pass\n    case _:\n        pass",
]

for src in PROGRAMS:
    tree = ast.parse(src)
    text = ast.unparse(tree)
    print(text)
    again = ast.unparse(ast.parse(text))
    print('round trip:', again == text, ast.dump(ast.parse(text)) == ast.dump(tree))
    print('-----')

# nodes built by hand
tree = ast.Module(body=[ast.Expr(ast.BinOp(ast.BinOp(ast.Name('a'), ast.Add(), ast.Name('b')), ast.Mult(),
                                           ast.Constant(3)))], type_ignores=[])
print(ast.unparse(tree))
print(ast.unparse(ast.Tuple([], ast.Load())), ast.unparse(ast.Tuple([ast.Constant(1)], ast.Load())))
print(ast.unparse(ast.Set([])), ast.unparse(ast.Constant((1, 'a'))), ast.unparse(ast.Constant(1.0)))
print(ast.unparse(ast.parse("x", mode="eval")), ast.unparse(ast.parse("(int) -> str", mode="func_type")))
try:
    ast.unparse(ast.Raise(cause=ast.Name('x')))
except ValueError as e:
    print('ValueError', e)

# the test's own source comes back as a program with the same tree
src = open(__file__).read()
tree = ast.parse(src)
print(ast.dump(ast.parse(ast.unparse(tree))) == ast.dump(tree), len(ast.unparse(tree).splitlines()))
