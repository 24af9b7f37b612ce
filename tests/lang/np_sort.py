# numpy's sort, argsort (stable) and unique against numpy 1.24: NaN last, every axis.
import numpy as np
x = np.array([3.0, np.nan, -1.0, 2.0, np.nan, -0.0, 0.0, np.inf, -np.inf, 2.0])
print(np.sort(x), np.argsort(x, kind='stable'), np.unique(x), np.unique(x, return_index=True, return_inverse=True, return_counts=True))
m = np.array([[3, 1, 2], [9, 7, 8], [0, 0, -1]])
print(np.sort(m), np.sort(m, axis=0), np.sort(m, axis=None), np.argsort(m, axis=0, kind='stable'), np.sort(m.astype(np.float32)))
print(np.unique(np.array([True, False, True])), np.unique(np.array([], dtype=np.int64)), np.sort(np.array([], dtype=float)))
b = np.linspace(0, 1, 50000)[::-1].copy()
print(np.sort(b)[:3], np.argsort(b)[:3], np.unique(np.round(b * 10)), np.median(b))
