# numpy's small rest: packbits/unpackbits (axis, bitorder, count), apply_over_axes,
# histogramdd (bins, range, density), issubclass_, the nbytes and cast tables,
# numpy.version, np.math, ModuleDeprecationWarning, fromfile (binary and text).
import numpy as np
import io, os, tempfile
print(np.packbits(np.array([1,0,1,1,0,0,0,1,1])), np.packbits(np.array([[1,0,1],[0,1,1]]), axis=1), np.packbits([1,0,1], bitorder='little'))
print(np.unpackbits(np.array([5, 255], dtype=np.uint8)), np.unpackbits(np.array([[5],[7]], dtype=np.uint8), axis=1), np.unpackbits(np.array([5], dtype=np.uint8), count=3), np.unpackbits(np.array([5],dtype=np.uint8), bitorder='little'), np.unpackbits(np.array([5],dtype=np.uint8), count=10))
for f in [lambda: np.unpackbits(np.array([1.0])), lambda: np.packbits(np.array([1.5]))]:
    try: f()
    except Exception as e: print(type(e).__name__, e)
print(np.apply_over_axes(np.sum, np.arange(24).reshape(2,3,4), [0,2]))
print(np.histogramdd(np.array([[0.,1],[1,2],[2,3]]), bins=2))
h, e = np.histogramdd(np.array([[0.5, 1.5], [1.5, 0.5], [1.0, 1.0], [2.0, 2.0]]), bins=(2, 4), range=((0, 2), (0, 2)), density=True)
print(h, e)
print(np.issubclass_(int, float), np.issubclass_(np.float64, float), np.issubclass_(1, int))
print(np.nbytes[np.float64], np.nbytes[np.int8], np.nbytes[np.uint16], np.cast[np.float32]([1,2]), np.cast[np.int8](np.array([1.7, -2.2])))
print(np.version.version, np.version.short_version, np.math.sqrt(4), np.ModuleDeprecationWarning.__mro__[1:])
d = tempfile.mkdtemp(); p = os.path.join(d, 'x.bin')
np.arange(6, dtype=np.int32).tofile(p) if hasattr(np.ndarray, 'tofile') else open(p, 'wb').write(np.arange(6, dtype=np.int32).tobytes())
print(np.fromfile(p, dtype=np.int32), np.fromfile(p, dtype=np.int32, count=2, offset=4), np.fromfile(p, dtype=np.int16, count=3))
with open(p, 'w') as f: f.write('1.5 2.5\n3.5')
print(np.fromfile(p, sep=' '), np.fromfile(p, dtype=np.float32, sep=' ', count=2))
