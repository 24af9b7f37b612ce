# pickle: a Pickler's and an Unpickler's memo last from one dump or load to the next (later pickles name earlier objects), clear_memo, memo.copy() and memo.clear(), sharing a memo between picklers.
import pickle, io
f = io.BytesIO()
p = pickle.Pickler(f, 2)
x = [1, 2]
p.dump(x); p.dump(x); p.dump([x, 'a'])
print(f.getvalue())
f.seek(0)
u = pickle.Unpickler(f)
a = u.load(); b = u.load(); c = u.load()
print(a, b, c, a is b, c[0] is a)
p.clear_memo(); p.dump(x); print(f.getvalue()[-12:])
print(sorted(v[0] for v in p.memo.copy().values()), u.memo.copy())
u.memo.clear(); print(u.memo.copy(), type(u.memo).__name__, type(p.memo).__name__)
f2 = io.BytesIO(); p2 = pickle.Pickler(f2, 4); p2.memo = p.memo; p2.dump(x); print(f2.getvalue())
try: p2.memo = 3
except TypeError as e: print(e)
