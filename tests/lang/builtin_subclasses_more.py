# Subclasses of bytes, bytearray, complex, set and frozenset: their values, methods, buffers and
# reprs (S({1}), BA(b"x")), and fromhex as a classmethod, as CPython 3.11.
class B(bytes):
    def tag(self): return "B" + self.hex()
b = B(b"ab")
print(b, repr(b), type(b).__name__, b.tag(), b + b"c", len(b), b[0], b.upper(), isinstance(b, bytes), b == b"ab", hash(b) == hash(b"ab"))
print(bytes(b), bytearray(b), memoryview(b).tobytes(), b.decode(), b"x" + b, B.fromhex("41"), type(B.fromhex("41")).__name__)
class BA(bytearray): pass
ba = BA(b"xy"); ba.append(122); ba += b"!"
print(ba, type(ba).__name__, ba[1:], bytes(ba))
class C(complex):
    def norm(self): return abs(self)
c = C(3, 4)
print(c, c.norm(), c + 1, c.real, c.imag, c.conjugate(), type(c + 1).__name__, isinstance(c, complex))
class S(set): pass
class F(frozenset): pass
class L(list): pass
class D(dict): pass
class T(tuple): pass
print(S({1, 2}), S(), F({1}), F(), L([1]), D(a=1), T((1,)), repr(S()), str(S({3})))
print(bytes.fromhex("41 42"), bytearray.fromhex("41"), b"x".fromhex("43"), float.fromhex("0x1p1"))
class G(float): pass
print(type(G.fromhex("0x1p1")).__name__, G.fromhex("0x1p1"))
