# Writes the pickles that tests/lang/pickle_interop.py loads, with CPython:
#   /usr/bin/python3 make_fixture.py   (from this folder)
# cpython_3_11.pickle: one value at protocols 0 to 5, one after another;
# cpython_big_3_11.pickle: a list of 60000 small ints, floats and strs at
# protocol 4 (several frames).
import pickle

VALUE = {'ints': [0, 1, -1, 255, 65536, 2**31, -2**63, 2**100], 'floats': [0.5, -1e300, float('inf')],
         'text': ['', 'abc', 'é€😀', 'x' * 300], 'bytes': [b'', b'\x00\xff', bytearray(b'ba')],
         'tuples': [(), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4)], 'sets': [set(), {1, 2}, frozenset({3})],
         'complex': 1 + 2j, 'none': None, 'bools': [True, False], 'types': [int, str, range, ValueError],
         'range': range(1, 10, 3), 'nested': {'a': {'b': [{'c': (None,)}]}}}

with open('cpython_3_11.pickle', 'wb') as f:
    for proto in range(6):
        pickle.dump(VALUE, f, proto)

BIG = [i % 1000 if i % 3 == 0 else (i * 0.5 if i % 3 == 1 else 's%d' % (i % 5000)) for i in range(60000)]
with open('cpython_big_3_11.pickle', 'wb') as f:
    pickle.dump(BIG, f, 4)
