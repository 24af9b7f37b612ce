#!/usr/bin/python3
"""Writes the files numpy 1.24 made that np_io.py loads: run with Debian's
python3 (python3-numpy) from this folder."""
import numpy as np

np.save('numpy_f64.npy', np.linspace(-1, 1, 7).reshape(7, 1))
np.save('numpy_fortran.npy', np.asfortranarray(np.arange(12, dtype=np.int32).reshape(3, 4)))
np.savez('numpy_arrays.npz', np.array([True, False, True]), weights=np.arange(6, dtype=np.float32).reshape(2, 3))
np.savez_compressed('numpy_compressed.npz', big=np.arange(1000, dtype=np.int64))
np.savetxt('numpy_table.csv', np.arange(12.0).reshape(4, 3) / 7, delimiter=',', header='a,b,c')
