# Annotations: `name: T` in a module or class body is evaluated and kept in __annotations__; in a function it is not evaluated.
x: int = 3
y: "str"
class C:
    a: int
    b: float = 1.5
    c: list = []
    def f(self):
        z: undefined_name = 1
        return z
print(C.__annotations__, C.b, hasattr(C, 'a'), C().f())
print(__annotations__)
class D(C):
    d: bool = True
print(D.__annotations__)
try:
    w: undefined_thing = 1
except NameError as e:
    print(e, w)
