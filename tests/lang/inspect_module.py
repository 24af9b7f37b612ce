# inspect against CPython 3.11: signatures (str, bind, partial, methods,
# classes), source and comments of functions and classes, members,
# predicates, generator states, frames and the stack.
import inspect, functools
import sys

def loop():
    pass


loop.__wrapped__ = loop

def f(a, b: int = 2, *args, c, d: "str" = "x", **kw) -> bool:
    """Docstring here.

        Indented more.
    """
    return True

def g(x, y, /, z=3):
    pass

sig = inspect.signature(f)
print(sig)
print(repr(sig))
for p in sig.parameters.values():
    print(p.name, p.kind, p.kind.description, p.default, p.annotation, repr(p))
print(inspect.signature(g))
ba = sig.bind(1, 2, 3, c=4, e=5)
print(ba, ba.args, ba.kwargs)
ba.apply_defaults()
print(ba.arguments)
for call in [lambda: sig.bind(), lambda: inspect.signature(g).bind(1, 2, y=3),
             lambda: inspect.signature(g).bind(1, 2, 3, 4), lambda: inspect.signature(g).bind(1, 2, q=1)]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
print(inspect.signature(g).bind_partial(1))

class C:
    def __init__(self, a, b=1):
        self.a = a
    def meth(self, x, *, y=2):
        return x
    @classmethod
    def cm(cls, q):
        pass
    @staticmethod
    def sm(r, s=0):
        pass
    @property
    def prop(self):
        return 5

print(inspect.signature(C), inspect.signature(C.meth), inspect.signature(C(1).meth), inspect.signature(C.cm), inspect.signature(C.sm))
p = functools.partial(f, 1, c=3)
print(inspect.signature(p))
def deco(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k)
    return wrapper
@deco
def h(p, q=5):
    "h doc"
print(inspect.signature(h), inspect.unwrap(h) is not h, h.__name__)
print(inspect.signature(lambda x, *, y=1: 0))
print(inspect.getfullargspec(f))
print(inspect.getcallargs(f, 1, c=2))
print(inspect.getdoc(f))
print(inspect.cleandoc("  a\n    b\n   c\n"))
print(inspect.isfunction(f), inspect.isclass(C), inspect.ismethod(C(1).meth), inspect.ismodule(inspect), inspect.isbuiltin(len))
print(inspect.isroutine(len), inspect.isroutine(f), inspect.isdatadescriptor(C.__dict__['prop']), inspect.isgeneratorfunction(f))
def gen():
    yield 1
print(inspect.isgeneratorfunction(gen), inspect.isgenerator(gen()), inspect.iscoroutinefunction(f), inspect.isawaitable(1))
gg = gen()
print(inspect.getgeneratorstate(gg)); next(gg); print(inspect.getgeneratorstate(gg)); gg.close(); print(inspect.getgeneratorstate(gg))
print(inspect.getsource(f), end="")
print(inspect.getsource(C.meth), end="")
print(inspect.getsourcelines(g)[1])
print(inspect.getsource(h), end="")
print([n for n, v in inspect.getmembers(C) if not n.startswith('__')])
print(inspect.getmembers(C(1), inspect.ismethod)[0][0])
print(inspect.getmro(C))
import abc
class A(abc.ABC):
    @abc.abstractmethod
    def m(self): ...
class B(A):
    def m(self): return 1
print(inspect.isabstract(A), inspect.isabstract(B))
fr = inspect.currentframe()
print(fr.f_code.co_name, inspect.getframeinfo(fr).function, inspect.getframeinfo(fr.f_back or fr).filename == __file__)
def where():
    return [fi.function for fi in inspect.stack()]
print(where())
print(inspect.getfile(f) == __file__, inspect.getsourcefile(C) == __file__, inspect.getmodule(f).__name__)
print(type(inspect.getattr_static(C(1), 'prop')).__name__, type(inspect.getattr_static(C, 'cm')).__name__)
print(inspect.formatannotation(int), inspect.formatannotation(C), inspect.Parameter.empty, inspect.Signature.empty)
print(inspect.getmodulename("/a/b/foo.py"), inspect.indentsize("    x"))
try:
    inspect.signature(5)
except TypeError as e:
    print(e)
try:
    inspect.Parameter("1x", inspect.Parameter.POSITIONAL_ONLY)
except ValueError as e:
    print(e)
try:
    inspect.Signature([inspect.Parameter("a", inspect.Parameter.KEYWORD_ONLY), inspect.Parameter("b", inspect.Parameter.POSITIONAL_ONLY)])
except ValueError as e:
    print(e)
print(inspect.Parameter("x", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=int))
print(sig.replace(return_annotation=inspect.Signature.empty))
# comment for k
# second line
def k():
    pass
print(repr(inspect.getcomments(k)))
print(inspect.getclasstree([B, A]))
print([a.kind for a in inspect.classify_class_attrs(C) if a.name in ('meth', 'cm', 'sm', 'prop')])

class Obj:
    x = 1

    def __init__(self):
        self.y = 2

    def method(self):
        "method doc"


class Sub(Obj):
    def method(self):
        return 1


print(inspect.getdoc(Sub.method), inspect.getdoc(Sub))
print(inspect.getsource(Obj), end="")
print(inspect.getsourcelines(Sub)[1], inspect.getmodule(Sub).__name__)
print(inspect.getattr_static(Obj(), "y"), inspect.getattr_static(Obj(), "x"), inspect.getattr_static(Obj(), "z", "dflt"))
try:
    inspect.getattr_static(Obj(), "z")
except AttributeError as e:
    print("AttributeError:", e)
print(inspect.getfullargspec(Obj.method))
print(inspect.getargvalues(fr).args, inspect.getargs(f.__code__))


def locals_gen(a):
    b = a * 2
    yield b


lg = locals_gen(3)
print(inspect.getgeneratorlocals(lg))
next(lg)
print(sorted(inspect.getgeneratorlocals(lg).items()))
print(inspect.isbuiltin(print))
print(inspect.iskeyword("for"), inspect.iskeyword("fore"), inspect.CO_GENERATOR, inspect.CO_VARARGS)
print(inspect.ismodule(1), inspect.isframe(fr), inspect.iscode(f.__code__), inspect.istraceback(None))


def caller():
    return callee()


def callee():
    return [(fi.function, fi.lineno) for fi in inspect.stack()[:2]], inspect.currentframe().f_back.f_code.co_name


print(caller())
try:
    1 / 0
except ZeroDivisionError:
    print([fi.function for fi in inspect.trace()])
    print([fi.function for fi in inspect.getinnerframes(sys.exc_info()[2])])
for bad in [lambda: inspect.getsource(1), lambda: inspect.getfile(len), lambda: inspect.signature(C).bind(1, 2, 3),
            lambda: inspect.getcallargs(f), lambda: inspect.unwrap(loop)]:
    try:
        bad()
    except (TypeError, ValueError, OSError) as e:
        print(type(e).__name__ + ":", str(e).split(" <function")[0])
