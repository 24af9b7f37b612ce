# numpy 1.24's type promotion over every pair of real dtypes, for + and /
# (arrays with arrays, arrays with 0-d arrays and with numpy scalars),
# and numpy's value-based casting of Python numbers against arrays of each
# dtype; np.result_type, np.promote_types and np.can_cast on the same.
import numpy as np

names = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
         "float16", "float32", "float64"]
arrays = {n: np.ones(2, dtype=n) for n in names}
print("-- array + array, array / array")
for a in names:
    print(a.ljust(8), " ".join((arrays[a] + arrays[b]).dtype.str[1:].ljust(3) for b in names),
          "|", " ".join((arrays[a] / arrays[b]).dtype.str[1:] for b in names))
print("-- array + 0-d array, array + numpy scalar")
for a in names:
    print(a.ljust(8), " ".join((arrays[a] + np.array(1, dtype=b)).dtype.str[1:].ljust(3) for b in names),
          "|", " ".join((arrays[a] + np.dtype(b).type(1)).dtype.str[1:] for b in names))
print("-- array + Python number")
values = [0, 1, -1, 127, 128, 255, 256, -129, 300, -300, 32767, 65535, 65536, 70000, -70000, 2 ** 31, 2 ** 40,
          2 ** 63 - 1, 2 ** 63, True, 1.5, -1.5, 6e4, 6.6e4, 1e5, 3.3e38, 3.5e38, 1e300, float("inf"), float("nan")]
for a in names:
    row = []
    for v in values:
        try:
            row.append((arrays[a] + v).dtype.str[1:])
        except Exception as e:
            row.append(type(e).__name__[:6])
    print(a.ljust(8), " ".join(row))
print("-- result_type, promote_types, can_cast")
for a in names:
    print(a.ljust(8), " ".join(np.promote_types(a, b).str[1:] for b in names),
          "".join("1" if np.can_cast(a, b) else "0" for b in names),
          "".join("1" if np.can_cast(a, b, "same_kind") else "0" for b in names),
          np.result_type(a, 1), np.result_type(a, 1.0), np.result_type(a, 300), np.result_type(arrays[a], -1))
