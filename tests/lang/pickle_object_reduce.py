# pickle: object.__reduce_ex__, __reduce__ and __getstate__ as CPython 3.11 gives them (copyreg's forms), super().__reduce_ex__ in a class's own, and the builtin types' reductions.
import copyreg
import pickle


class A:
    def __init__(self):
        self.x = 1


a = A()
r = a.__reduce_ex__(2)
print(r[0] is copyreg.__newobj__, r[1:])
r = a.__reduce_ex__(0)
print(r[0] is copyreg._reconstructor, r[1:])
r = a.__reduce_ex__(1)
print(r[0] is copyreg._reconstructor, r[1:])
print(a.__reduce__()[0] is copyreg._reconstructor, a.__reduce__()[1:])
print(a.__getstate__(), a.__getstate__() is a.__dict__, A().__class__.__getstate__(A()))
print(object().__getstate__(), object().__reduce_ex__(2)[1:], object().__reduce_ex__(4)[0].__name__)


class S:
    __slots__ = ('a', 'b')


s = S()
s.a = 1
print(s.__getstate__(), s.__reduce_ex__(2)[1:])


class SD:
    __slots__ = ('a', '__dict__')


sd = SD()
sd.a = 1
sd.z = 2
print(sd.__getstate__())


class B(A):
    def __reduce_ex__(self, protocol):
        r = super().__reduce_ex__(protocol)
        print('super gave', r[0].__name__, 'for protocol', protocol)
        return r


for p in (0, 2, 4):
    print(pickle.loads(pickle.dumps(B(), p)).x)


class WithReduce:
    def __reduce__(self):
        return (str, ('made',))


print(WithReduce().__reduce_ex__(2), WithReduce().__reduce_ex__(0), pickle.loads(pickle.dumps(WithReduce())))


class Args:
    def __new__(cls, n):
        o = object.__new__(cls)
        o.n = n
        return o

    def __getnewargs__(self):
        return (self.n,)


print(Args(3).__reduce_ex__(2)[1:], Args(3).__reduce_ex__(2)[0] is copyreg.__newobj__)


class KwArgs:
    def __getnewargs_ex__(self):
        return ((1,), {'k': 2})


r = KwArgs().__reduce_ex__(4)
print(r[0] is copyreg.__newobj_ex__, r[1][1:], r[2])
print(set([1]).__reduce_ex__(2), frozenset([2]).__reduce_ex__(2), bytearray(b'x').__reduce_ex__(2),
      bytearray(b'x').__reduce_ex__(1), slice(1, 2).__reduce_ex__(2), range(3).__reduce_ex__(4))
print(len.__reduce_ex__(2), [].append.__reduce_ex__(2)[1], ValueError('m').__reduce_ex__(2), ...)
print(copyreg.dispatch_table[complex](1 + 2j), copyreg.pickle_complex(3j))
for bad in [lambda: (1 + 2j).__reduce__(), lambda: object().__reduce_ex__(), lambda: object().__reduce_ex__('2'),
            lambda: (x for x in []).__reduce_ex__(2), lambda: copyreg.pickle(A, 3), lambda: copyreg.constructor(3)]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
copyreg.add_extension('__main__', 'A', 240)
print(pickle.dumps(A, 2), pickle.loads(pickle.dumps(A, 2)) is A, pickle.dumps(A, 4))
copyreg.remove_extension('__main__', 'A', 240)
print(pickle.dumps(A, 2))
for args in [('__main__', 'A', 0), ('__main__', 'A', 2**31)]:
    try:
        copyreg.add_extension(*args)
    except ValueError as e:
        print('ValueError', e)
copyreg.add_extension('__main__', 'A', 300)
try:
    copyreg.add_extension('__main__', 'B', 300)
except ValueError as e:
    print('ValueError', e)
try:
    copyreg.remove_extension('__main__', 'A', 301)
except ValueError as e:
    print('ValueError', e)
print(pickle.dumps(A, 2), pickle.loads(b'\x80\x02\x83\x2c\x01.') is A)
copyreg.clear_extension_cache()
