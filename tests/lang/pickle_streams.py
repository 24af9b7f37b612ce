# pickle: Pickler/Unpickler over files, persistent_id/persistent_load, find_class, dispatch_table, reducer_override, PickleBuffer and out-of-band buffers, Python 2 strings.
import copyreg
import io
import os
import pickle
import tempfile


class Pt:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return 'Pt(%r, %r)' % (self.x, self.y)


class P(pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, Pt):
            return ('Pt', obj.x)
        return None


class U(pickle.Unpickler):
    def persistent_load(self, pid):
        return 'loaded-%r' % (pid,)


for p in range(6):
    f = io.BytesIO()
    P(f, p).dump([Pt(1, 2), 'z', Pt(5, 6)])
    print('pers', p, f.getvalue())
    f.seek(0)
    print('  ->', U(f).load())


class P0(pickle.Pickler):
    def persistent_id(self, obj):
        return 'id%d' % obj if obj == 7 else None


f = io.BytesIO()
P0(f, 0).dump([7, 8])
print(f.getvalue())
f.seek(0)
print(U(f).load())
try:
    pickle.loads(f.getvalue())
except pickle.UnpicklingError as e:
    print('UnpicklingError', e)


class Safe(pickle.Unpickler):
    def find_class(self, module, name):
        if module == 'builtins' and name == 'set':
            return super().find_class(module, name)
        raise pickle.UnpicklingError("global '%s.%s' is forbidden" % (module, name))


print(Safe(io.BytesIO(pickle.dumps({1, 2}, 3))).load())
try:
    Safe(io.BytesIO(pickle.dumps(Pt(1, 2)))).load()
except pickle.UnpicklingError as e:
    print('UnpicklingError', e)


class DT(pickle.Pickler):
    dispatch_table = copyreg.dispatch_table.copy()
    dispatch_table[Pt] = lambda p: (Pt, (p.y, p.x))


f = io.BytesIO()
DT(f, 2).dump(Pt(1, 2))
print(f.getvalue(), pickle.loads(f.getvalue()))
f = io.BytesIO()
pk = pickle.Pickler(f, 2)
pk.dispatch_table = {Pt: lambda p: (str, ('instance table',))}
pk.dump(Pt(1, 2))
print(f.getvalue(), pickle.loads(f.getvalue()))
copyreg.pickle(Pt, lambda p: (Pt, (p.x * 10, p.y)))
print(pickle.loads(pickle.dumps(Pt(1, 2), 2)))
del copyreg.dispatch_table[Pt]


class RO(pickle.Pickler):
    def reducer_override(self, obj):
        if isinstance(obj, Pt):
            return (str, ('pt',))
        return NotImplemented


f = io.BytesIO()
RO(f, 4).dump([Pt(1, 2), 3, 'a'])
print(f.getvalue(), pickle.loads(f.getvalue()))

# several pickles in one file, read back one by one
f = io.BytesIO()
for p in range(6):
    pickle.dump({'p': p, 'l': list(range(p)), 's': 'x' * p}, f, p)
f.seek(0)
for p in range(6):
    print(pickle.load(f))
try:
    pickle.load(f)
except EOFError as e:
    print('EOFError', e)

# a real file in a fresh directory
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, 'data.pkl')
    big = {'ints': list(range(20000)), 'strs': ['s%d' % i for i in range(20000)], 'pt': Pt(1, [2])}
    with open(path, 'wb') as fh:
        pickle.dump(big, fh)
        pickle.dump('second', fh, 0)
    with open(path, 'rb') as fh:
        back = pickle.load(fh)
        print(back['ints'] == big['ints'], back['strs'][-1], back['pt'], pickle.load(fh))
    with open(path, 'rb') as fh:
        print(fh.read() [:40])

# protocol 5 buffers
ba = bytearray(b'abc' * 10)
bufs = []
d = pickle.dumps([pickle.PickleBuffer(ba), pickle.PickleBuffer(b'ro')], 5, buffer_callback=bufs.append)
print(d, len(bufs), [bytes(b.raw()) for b in bufs])
r = pickle.loads(d, buffers=bufs)
print(bytes(r[0].raw()), bytes(r[1].raw()), type(r[0]).__name__, r[0] is bufs[0])
print(pickle.dumps(pickle.PickleBuffer(b'in'), 5), pickle.loads(pickle.dumps(pickle.PickleBuffer(bytearray(b'in')), 5)))
d = pickle.dumps(pickle.PickleBuffer(b'cb'), 5, buffer_callback=lambda b: True)
print(d)
for proto in (2, 4):
    try:
        pickle.dumps(pickle.PickleBuffer(b'x'), proto)
    except pickle.PicklingError as e:
        print('PicklingError', e)
try:
    pickle.loads(pickle.dumps(pickle.PickleBuffer(b'x'), 5, buffer_callback=lambda b: False))
except pickle.UnpicklingError as e:
    print('UnpicklingError', e)
try:
    pickle.loads(pickle.dumps(pickle.PickleBuffer(b'x'), 5, buffer_callback=lambda b: False), buffers=[])
except pickle.UnpicklingError as e:
    print('UnpicklingError', e)
pb = pickle.PickleBuffer(b'rel')
print(bytes(pb.raw()))
pb.release()
try:
    pb.raw()
except ValueError as e:
    print('ValueError', e)

# Python 2 strings and fix_imports
print(pickle.loads(b'\x80\x02U\x03abcq\x00.', encoding='bytes'), pickle.loads(b"S'a\\nb\\x41'\np0\n.", encoding='latin1'))
print(pickle.loads(b'\x80\x02U\x03abcq\x00.'), pickle.loads(b'\x80\x02T\x02\x00\x00\x00\xc3\xa9.', encoding='utf-8'))
print(pickle.loads(b'c__builtin__\nxrange\np0\n(I1\nI5\nI1\ntp1\nRp2\n.'), pickle.loads(b'cexceptions\nValueError\n.'))
print(pickle.loads(b'c__builtin__\nset\n.', fix_imports=True))
try:
    pickle.loads(b'c__builtin__\nset\n.', fix_imports=False)
except ModuleNotFoundError as e:
    print('ModuleNotFoundError', e)
print(pickle.dumps([range(3), str, int, ValueError, FileNotFoundError, zip], 2))
print(pickle.dumps([range(3), str, int, ValueError], 2, fix_imports=False))
print(pickle.dumps(b'bytes', 2), pickle.loads(pickle.dumps(b'bytes\xff', 2)), pickle.dumps(b'', 0))
print(pickle.dumps(bytearray(b'ab'), 2), pickle.loads(pickle.dumps(bytearray(b'ab'), 1)))
print(pickle.Pickler, pickle.Unpickler, pickle.PickleError, pickle.PicklingError, pickle.UnpicklingError)
