# numpy's files: .npy, .npz and text that numpy 1.24 wrote (numpy_fixtures/,
# made by make_fixture.py) load here, and what cgrad writes is byte for byte
# numpy's (the bytes printed are numpy's own) and loads back.
import io
import os
import tempfile
import numpy as np

print('--- numpy wrote')
print(repr(np.load('numpy_fixtures/numpy_f64.npy')))
f = np.load('numpy_fixtures/numpy_fortran.npy')
print(repr(f), f.flags['C_CONTIGUOUS'])
with np.load('numpy_fixtures/numpy_arrays.npz') as z:
    print(sorted(z.files), repr(z['arr_0']), repr(z['weights']), 'weights' in z, len(z))
c = np.load('numpy_fixtures/numpy_compressed.npz')
print(c['big'].sum(), c['big'].dtype, list(c.keys()))
c.close()
print(repr(np.loadtxt('numpy_fixtures/numpy_table.csv', delimiter=',')))
print(np.loadtxt('numpy_fixtures/numpy_table.csv', delimiter=',', usecols=(0, 2)))
print(np.loadtxt(io.StringIO('1 2\n3 4\n5 6'), max_rows=2))
print(open('numpy_fixtures/numpy_table.csv').read())

print('--- bytes written')
for a in [np.arange(6.0).reshape(2, 3), np.array(3, dtype=np.int32), np.zeros((2, 3)).T, np.array([True, False]),
          np.arange(5, dtype=np.float32), np.zeros((0,)), np.arange(12).reshape(2, 3, 2)]:
    b = io.BytesIO()
    np.save(b, a)
    data = b.getvalue()
    print(len(data), data[:10], data[10:data.index(b'\n') + 1].rstrip(), data[-16:])
    print(repr(np.load(io.BytesIO(data))))

print('--- round trips')
d = tempfile.mkdtemp()
a = np.arange(6.0).reshape(2, 3) / 3
np.save(os.path.join(d, 'x'), a)
print(sorted(os.listdir(d)), np.array_equal(np.load(os.path.join(d, 'x.npy')), a))
np.savez(os.path.join(d, 'z.npz'), a, w=np.array([True, False]))
with np.load(os.path.join(d, 'z.npz')) as z:
    print(sorted(z.files), z['arr_0'], z['w'])
np.savez_compressed(os.path.join(d, 'c'), k=np.arange(100))
print(np.load(os.path.join(d, 'c.npz'))['k'].sum())
np.savetxt(os.path.join(d, 't.txt'), a)
print(open(os.path.join(d, 't.txt')).read())
np.savetxt(os.path.join(d, 't.csv'), a, delimiter=',', fmt='%.3f', header='x,y,z', footer='end')
print(open(os.path.join(d, 't.csv')).read())
print(np.loadtxt(os.path.join(d, 't.csv'), delimiter=','), np.loadtxt(os.path.join(d, 't.txt'), usecols=1))
np.savetxt(os.path.join(d, 'v.txt'), np.arange(3), fmt='%d')
print(open(os.path.join(d, 'v.txt')).read(), np.loadtxt(os.path.join(d, 'v.txt'), dtype=int))
print(np.loadtxt(io.StringIO('1 2\n3 4\n# c\n5 6'), dtype=int),
      np.loadtxt(io.StringIO('1,2\n3,4'), delimiter=',', unpack=True), np.loadtxt(io.StringIO('7 8 9')),
      np.loadtxt(io.StringIO('h\n1\n2'), skiprows=1), np.loadtxt(io.StringIO('1 2'), ndmin=2))
print(np.genfromtxt(io.StringIO('1,2,\n4,,6'), delimiter=','),
      np.genfromtxt(io.StringIO('a b\n1 2\n3 4'), skip_header=1), np.genfromtxt(io.StringIO('1,x\n3,4'), delimiter=','))
print(a.tobytes()[:16], np.frombuffer(a.tobytes(), dtype=np.float64).reshape(2, 3))

print('--- errors')
for f in [lambda: np.loadtxt(io.StringIO('1 2\n3 x')), lambda: np.loadtxt(io.StringIO('1 2\n3 4 5')),
          lambda: np.load(io.BytesIO(b'\x80\x04K\x01.')), lambda: np.load(os.path.join(d, 'missing.npy')),
          lambda: np.savetxt(io.StringIO(), np.zeros((2, 2, 2))), lambda: np.frombuffer(b'abc', dtype=np.float32)]:
    try:
        f()
        print('no error')
    except Exception as e:
        print(type(e).__name__, str(e).replace(d, 'DIR'))
