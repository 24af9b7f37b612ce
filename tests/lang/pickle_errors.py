# pickle: PicklingError/UnpicklingError and the other errors of dumps and loads, with CPython's messages.
import pickle
import sys


def attempt(f, *args, **kw):
    try:
        r = f(*args, **kw)
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e)


try:
    pickle.dumps(lambda: 0)
except pickle.PicklingError as e:
    msg = str(e)
    print('PicklingError', msg.split(' at ')[0], '...', msg.split('>:')[1])


def outer():
    def inner():
        pass

    class Loc:
        pass
    return inner, Loc


Fake2 = outer()[1]
del Fake2
for v in outer():
    attempt(pickle.dumps, v)
attempt(pickle.dumps, outer()[1]())
attempt(pickle.dumps, sys)
attempt(pickle.dumps, (x for x in []))


class BadR:
    def __init__(self, r):
        self.r = r

    def __reduce__(self):
        return self.r


for r in [42, (1,), (42, ()), (list, [1, 2]), (list, (), None, 5), (dict, (), None, None, [1]),
          (list, (), None, None, None, 3), (1, 2, 3, 4, 5, 6, 7)]:
    attempt(pickle.dumps, BadR(r), 2)


class Fake:
    pass


Fake.__module__ = 'no_such_module_here'
attempt(pickle.dumps, Fake)


class NewobjWrong:
    def __reduce__(self):
        import copyreg
        return (copyreg.__newobj__, (int,))


attempt(pickle.dumps, NewobjWrong(), 2)
attempt(pickle.dumps, 1, 6)
attempt(pickle.dumps, [1], 4, buffer_callback=print)
attempt(pickle.Pickler, 3)
attempt(pickle.Unpickler, 3)

for bad in [b'', b'\x80\x06N.', b'\x80\x02X\x05\x00\x00\x00ab', b'\x80\x02N', b'\xff', b'Z', b'\x80\x02h\x05.',
            b'\x80\x020.', b'\x80\x02e.', b'(.', b'I12\n.', b'cbuiltins\nnope\n.',
            b'\x80\x04\x8c\x08builtins\x8c\x04nope\x93.', b'\x80\x04\x8c\x08builtins\x8c\x04list\x93\x8c\x04x.y\x93.',
            b'\x80\x02Q.', b'P1\n.', b'N(0.', b'N(1.', b'\x80\x02K\x01K\x02s.', b'\x80\x02]K\x01a.', b'\x80\x02K\x01\x85K\x01b.',
            b'\x80\x02\x82\x09.', b'\x80\x02\x97.', b'\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00N.', b"S'abc\n.",
            b'\x80\x02K\x01K\x02\x81.', b'\x80\x02cbuiltins\nint\nK\x01\x81.', b'\x80\x02\x8b\xff\xff\xff\xff.',
            b'\x80\x02T\xff\xff\xff\xff.', b'\x80\x02(K\x01K\x02d.', b'\x80\x02(K\x01\x91.',
            b'\x80\x02}(K\x01u.']:
    attempt(pickle.loads, bad)
attempt(pickle.loads, 'abc')
attempt(pickle.loads, b'N.', encoding=3)


class NoInit(pickle.Pickler):
    def __init__(self):
        pass


attempt(NoInit().dump, 1)


class NoInitU(pickle.Unpickler):
    def __init__(self):
        pass


attempt(NoInitU().load)
print(issubclass(pickle.PicklingError, pickle.PickleError), issubclass(pickle.UnpicklingError, pickle.PickleError),
      issubclass(pickle.PickleError, Exception))
deep = []
cur = deep
for _ in range(100000):
    cur.append([])
    cur = cur[0]
try:
    pickle.dumps(deep)
except RecursionError as e:
    print('RecursionError', e)
