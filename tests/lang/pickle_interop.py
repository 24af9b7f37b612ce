# pickle: a file that CPython wrote (pickle_fixtures/, made by make_fixture.py) loads here, and what this build writes CPython reads back the same (the bytes printed here are CPython's own).
import pickle

with open('pickle_fixtures/cpython_3_11.pickle', 'rb') as f:
    loaded = [pickle.load(f) for _ in range(6)]
for proto, value in enumerate(loaded):
    print(proto, value)
print(all(v == loaded[0] for v in loaded))
with open('pickle_fixtures/cpython_3_11.pickle', 'rb') as f:
    raw = f.read()
again = b''.join(pickle.dumps(v, proto) for proto, v in enumerate(loaded))
print(again == raw, len(raw))
with open('pickle_fixtures/cpython_big_3_11.pickle', 'rb') as f:
    big = pickle.load(f)
print(len(big), big[:3], big[-3:], sum(x for x in big if isinstance(x, int)))
data = pickle.dumps(big, 4)
with open('pickle_fixtures/cpython_big_3_11.pickle', 'rb') as f:
    print(data == f.read())
