# ast's helpers against CPython: literal_eval and its errors, walk,
# iter_fields, visitors and transformers, locations, docstrings, source
# segments, and compile()/exec of trees.
import ast

for text in ["42", "-3.5", "1+2j", "-1-2j", "'s'", "b'b'", "[1, (2, 3), {4: 5}]", "{1, 2}", "set()",
             "None", "True", "...", "  (1,)", "{'a': [1, {'b': None}]}", "+7"]:
    print(repr(ast.literal_eval(text)))
print(ast.literal_eval(ast.parse("[1, 2]", mode="eval")))
print(ast.literal_eval(ast.Constant(5)))
for bad in ["x", "1 + x", "f()", "[1, a]", "2 * 3", "1j + 2", "{1: 2, **x}", "'a' + 'b'", "-'s'"]:
    try:
        ast.literal_eval(bad)
    except ValueError as e:
        print('ValueError', str(e).split(': <')[0])
for bad in ["1 +", "import os"]:
    try:
        ast.literal_eval(bad)
    except SyntaxError as e:
        print('SyntaxError', e.msg)

tree = ast.parse("def f(x):\n    return x + 1\nprint(f(2))")
print([type(n).__name__ for n in ast.walk(tree)])
print([name for name, _ in ast.iter_fields(tree.body[0])])
print([type(n).__name__ for n in ast.iter_child_nodes(tree.body[0])])


class Names(ast.NodeVisitor):
    def __init__(self):
        self.seen = []

    def visit_Name(self, node):
        self.seen.append((node.id, type(node.ctx).__name__))

    def visit_FunctionDef(self, node):
        self.seen.append(('def', node.name))
        self.generic_visit(node)


v = Names()
v.visit(tree)
print(v.seen)


class Doubler(ast.NodeTransformer):
    def visit_Constant(self, node):
        if isinstance(node.value, int):
            return ast.copy_location(ast.Constant(node.value * 2), node)
        return node

    def visit_Expr(self, node):
        self.generic_visit(node)
        return [node, ast.Expr(ast.Call(ast.Name('print', ast.Load()), [ast.Constant('after')], []))]

    def visit_Pass(self, node):
        return None


src = "x = 1\nprint(x + 20)\nif x:\n    pass\n    y = 3"
new = Doubler().visit(ast.parse(src))
ast.fix_missing_locations(new)
print(ast.unparse(new))
exec(compile(new, "<ast>", "exec"))
print(y)
print(ast.dump(new.body[1], include_attributes=True))

# locations
node = ast.parse("a = 1\nb = 2").body[1]
print(node.lineno, ast.increment_lineno(node, 3).lineno, node.value.end_lineno)
n2 = ast.copy_location(ast.Name('z', ast.Load()), node)
print(n2.lineno, n2.col_offset, n2.end_lineno, n2.end_col_offset)
bare = ast.Expr(ast.BinOp(ast.Constant(1), ast.Add(), ast.Constant(2)))
try:
    compile(ast.Module([bare], []), "<ast>", "exec")
except TypeError as e:
    print('TypeError', e)
m = ast.fix_missing_locations(ast.Module([bare], []))
print(ast.dump(m, include_attributes=True))
print(eval(compile(ast.Expression(bare.value), "<e>", "eval")))
try:
    compile(ast.Module([], []), "<ast>", "eval")
except TypeError as e:
    print('TypeError', e)
try:
    compile(42, "<x>", "exec")
except TypeError as e:
    print('TypeError', e)
t = compile("q = 7", "<s>", "exec", ast.PyCF_ONLY_AST)
print(type(t).__name__, ast.dump(t))
ns = {}
exec(compile(t, "<s>", "exec"), ns)
print(ns['q'])
print(compile(t, "<s>", "exec", ast.PyCF_ONLY_AST) is t)

# docstrings and segments
src = '''"""Module doc."""
def f():
    """  First line.

        Indented more.
    Back.
    """
class C:
    x = 1
    def g(self): return "héllo" + 'wörld'
'''
tree = ast.parse(src)
print(repr(ast.get_docstring(tree)), repr(ast.get_docstring(tree.body[1])))
print(repr(ast.get_docstring(tree.body[1], clean=False)), ast.get_docstring(tree.body[2]))
try:
    ast.get_docstring(tree.body[2].body[0])
except TypeError as e:
    print('TypeError', e)
g = tree.body[2].body[1]
print(repr(ast.get_source_segment(src, g)))
print(repr(ast.get_source_segment(src, g.body[0].value)))
print(repr(ast.get_source_segment(src, tree.body[2], padded=True)))
print(repr(ast.get_source_segment(src, g.body[0].value.right)))
print(ast.get_source_segment(src, ast.Name('x')))
