# Assignments that change what an object or a class is: obj.__class__,
# obj.__dict__, C.__bases__, C.__name__, with Python's checks (issue 19).
class A:
    def who(self):
        return 'A'


class B:
    def who(self):
        return 'B'


class MyError(ValueError):
    pass


class OtherError(Exception):
    pass


def attempt(f):
    try:
        print('ok', f())
    except Exception as e:
        print(type(e).__name__ + ':', e)


def set_class(o, c):
    o.__class__ = c
    return type(o).__name__, isinstance(o, c), o.who() if hasattr(o, 'who') else None


def del_class(o):
    del o.__class__


a = A()
a.x = 1
attempt(lambda: set_class(a, B))
attempt(lambda: (a.x, type(a) is B, B.__name__))
attempt(lambda: set_class(a, A))
attempt(lambda: set_class(a, int))
attempt(lambda: set_class(a, 5))
attempt(lambda: set_class(a, MyError))
attempt(lambda: set_class(1, A))
attempt(lambda: set_class([], A))
attempt(lambda: set_class(object(), A))
attempt(lambda: del_class(a))
attempt(lambda: type(set_class(MyError('m'), OtherError)))


class YourError(ValueError):
    pass


e = MyError('message')
e.__class__ = YourError
attempt(lambda: (type(e).__name__, e.args, isinstance(e, ValueError), isinstance(e, MyError)))


def set_dict(o, d):
    o.__dict__ = d
    return vars(o)


def del_dict(o):
    del o.__dict__
    return vars(o)


b = B()
b.x = 1
attempt(lambda: set_dict(b, {'y': 2}))
attempt(lambda: (b.y, hasattr(b, 'x')))
shared = {'z': 3}
c = A()
c.__dict__ = shared
c.w = 4
attempt(lambda: sorted(shared.items()))
attempt(lambda: set_dict(b, 5))
attempt(lambda: set_dict(b, [('y', 1)]))
attempt(lambda: set_dict(object(), {}))
attempt(lambda: del_dict(b))
attempt(lambda: (b.__dict__, hasattr(b, 'y')))


class D(A):
    pass


class E:
    def who(self):
        return 'E'


def set_bases(c, bases):
    c.__bases__ = bases
    return c.__bases__, c.__mro__, c().who(), issubclass(c, bases[0])


def del_bases(c):
    del c.__bases__


attempt(lambda: (A.__bases__, D.__bases__, object.__bases__))
attempt(lambda: set_bases(D, (E,)))
attempt(lambda: (issubclass(D, A), isinstance(D(), E)))
attempt(lambda: set_bases(D, 5))
attempt(lambda: set_bases(D, ()))
attempt(lambda: set_bases(D, (5,)))
attempt(lambda: set_bases(D, (D,)))
attempt(lambda: set_bases(E, (D,)))
attempt(lambda: set_bases(A, (D,)))
attempt(lambda: set_bases(MyError, (OtherError,)))
attempt(lambda: set_bases(int, (object,)))
attempt(lambda: del_bases(D))


def set_name(c, name):
    c.__name__ = name
    return c.__name__


def del_name(c):
    del c.__name__


attempt(lambda: set_name(D, 'Renamed'))
attempt(lambda: type(D()).__name__)
attempt(lambda: set_name(D, 5))
attempt(lambda: set_name(D, 'a\0b'))
attempt(lambda: set_name(int, 'x'))
attempt(lambda: del_name(D))

# __module__ set in the body or assigned later names the class's module
class Moved:
    __module__ = "elsewhere"


print(Moved, Moved.__module__, repr(Moved()).split(" object")[0])
Moved.__module__ = "again"
print(Moved, Moved.__module__)
