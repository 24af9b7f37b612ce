# pickle: instances through __reduce__, __getstate__/__setstate__, __getnewargs(_ex)__, __slots__, builtin subclasses, shared and recursive structure, against CPython's bytes.
import pickle


class R:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def __reduce__(self):
        return (R, (self.a, self.b))

    def __repr__(self):
        return 'R(%r, %r)' % (self.a, self.b)


class S:
    def __init__(self):
        self.v = 5
        self.hidden = 'x'

    def __getstate__(self):
        return {'v': self.v}

    def __setstate__(self, st):
        self.v = st['v'] * 10

    def __repr__(self):
        return 'S(%r)' % self.__dict__


class NA(int):
    def __new__(cls, v, extra):
        o = int.__new__(cls, v)
        o.extra = extra
        return o

    def __getnewargs__(self):
        return (int(self), self.extra)


class NX:
    def __new__(cls, *, k):
        o = object.__new__(cls)
        o.k = k
        return o

    def __getnewargs_ex__(self):
        return ((), {'k': self.k})

    def __repr__(self):
        return 'NX(k=%r)' % self.k


class Sl:
    __slots__ = ('a', 'b')

    def __init__(self):
        self.a = 1
        self.b = 2


class SlState:
    __slots__ = ('a',)

    def __init__(self):
        self.a = [1]

    def __getstate__(self):
        return (None, {'a': self.a})


class ML(list):
    pass


class MD(dict):
    pass


class Pt:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return 'Pt(%r, %r)' % (self.x, self.y)


class Setter:
    def __init__(self):
        self.v = 1

    def __reduce__(self):
        return (Setter, (), {'v': 2}, None, None, Setter.set_state)

    @staticmethod
    def set_state(obj, state):
        obj.v = state['v'] + 100


class Items:
    def __init__(self):
        self.items = []
        self.d = {}

    def append(self, x):
        self.items.append(x)

    def __setitem__(self, k, v):
        self.d[k] = v

    def __reduce__(self):
        return (Items, (), None, iter([1, 2, 3]), iter([('a', 1)]))


def show(tag, v, protos=range(6), dump=True):
    for p in protos:
        d = pickle.dumps(v, p)
        if dump:
            print(tag, p, d)
        r = pickle.loads(d)
        if isinstance(r, (Sl, SlState)):
            print('  ->', r.a, getattr(r, 'b', None))
        elif isinstance(r, (Setter, Items)):
            print('  ->', vars(r))
        else:
            print('  ->', repr(r), getattr(r, '__dict__', None) if not isinstance(r, type) else '')


show('R', R(1, 'x'))
show('S', S())
show('NA', NA(7, 'e'))
show('NX', NX(k=3), protos=(4, 5))
show('NX', NX(k=3), protos=(2, 3), dump=False)
show('Sl', Sl(), protos=(2, 3, 4, 5))
show('SlState', SlState())
ml = ML([1, 2])
ml.tag = 't'
show('ML', ml)
show('MD', MD(a=1))
show('Pt', [Pt(1, 2), Pt(3, 4)])
show('Setter', Setter(), protos=(2, 4))
show('Items', Items(), protos=(0, 1, 2, 4))

a = [1, 2]
show('shared', [a, a, (a, a)])
rec = [1]
rec.append(rec)
for p in range(6):
    d = pickle.dumps(rec, p)
    r = pickle.loads(d)
    print('rec', p, d, r[1] is r)
dd = {}
dd['self'] = dd
for p in range(6):
    d = pickle.dumps(dd, p)
    print('recd', p, d, pickle.loads(d)['self'] is not None)
t = ([],)
t[0].append(t)
for p in range(6):
    d = pickle.dumps(t, p)
    r = pickle.loads(d)
    print('rect', p, d, r[0][0] is r)
t4 = ([], 1, 2, 3)
t4[0].append(t4)
for p in range(6):
    d = pickle.dumps(t4, p)
    r = pickle.loads(d)
    print('rect4', p, d, r[0][0] is r)
fs = Pt(frozenset(), None)
fs.y = fs
d = pickle.dumps(fs, 4)
print(d, pickle.loads(d).y.y.x)
o = Pt(1, 2)
o.me = o
for p in (0, 2, 4):
    d = pickle.dumps(o, p)
    r = pickle.loads(d)
    print('self', p, d, r.me is r)
