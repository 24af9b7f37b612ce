# numpy's unsigned types past uint8 (engine dtypes uint16/uint32/uint64 that
# PyTorch 1.13 lacks): values past 2^63, wrap-around, promotion with signed
# types, unsigned sums, float casts with negatives.
import numpy as np
a = np.array([2**63, 2**64 - 1, 5], dtype=np.uint64)
print(repr(a), a.tolist(), a[0], a.sum(), a.max(), a.dtype)
b = np.array([1, 2, 3], dtype=np.uint16); print(repr(b * 40000), repr(b - 5), (b + np.int16(-1)).dtype, (b + np.int32(1)).dtype, b.sum().dtype, np.cumsum(b).dtype)
c = np.array([4000000000], dtype=np.uint32); print(repr(c), repr(c + c), c.astype(np.float64), np.array([-1.0, 3.7]).astype(np.uint32), np.array([-1.0, 1e19]).astype(np.uint64))
print(np.iinfo(np.uint64), np.array([1, 2], np.uint8).sum(), np.array([7, 9], np.uint32).prod(), np.sort(np.array([3, 2**64 - 2, 1], dtype=np.uint64)))
