# A property subclass whose __init__ takes its own (keyword-only) arguments
# and calls property.__init__ itself, as torch.distributions'
# dependent_property does: property.__new__ must accept whatever it is given.
class Tagged(property):
    def __init__(self, fn=None, *, tag=None):
        property.__init__(self, fn)
        self.tag = tag

    def __call__(self, fn):
        return Tagged(fn, tag=self.tag)


class C:
    @Tagged(tag="t")
    def x(self):
        return 5

    y = Tagged(lambda self: 6, tag="u")


print(C().x, C().y, C.x.tag, C.y.tag, isinstance(C.x, property), type(C.x).__name__)


class Plain(property):
    pass


class E:
    z = Plain(lambda self: 7)


print(E().z, type(E.z).__name__)
try:
    property(1, 2, 3, 4, 5)
except TypeError as e:
    print("TypeError:", e)
