# Builtin classmethods called on a subclass or an instance make the subclass
# (int.from_bytes, float.fromhex, dict.fromkeys, bytes.fromhex); the static
# maketrans is the same through any class.
import collections


class I(int):
    pass


class J(int):
    def __new__(cls, v):
        return super().__new__(cls, v + 1)


class F(float):
    pass


class D(dict):
    pass


class B(bytes):
    pass


class BA(bytearray):
    pass


class S(str):
    pass


made = [I.from_bytes(b'\x01\x02', 'big'), I(5).from_bytes(b'\x01', 'little'), int.from_bytes(b'\xff' * 20, 'big'),
        bool.from_bytes(b'\x01', 'big'), J.from_bytes(b'\x05', 'big'), F.fromhex('0x1p3'), F(1.0).fromhex('0x1p-1'),
        float.fromhex('1.8'), D.fromkeys('ab', 0), D().fromkeys([1]), dict.fromkeys('x'), B.fromhex('6162'),
        BA.fromhex('61 62'), bytes.fromhex('00ff'), bytearray.fromhex('01'), B(b'x').fromhex('41'),
        S.maketrans('a', 'b'), 'q'.maketrans({'a': None}), B.maketrans(b'a', b'b')[97], bytearray.maketrans(b'x', b'y')[120]]
for x in made:
    print(type(x).__name__, x)
print(type(dict.__dict__['fromkeys']).__name__ in ('classmethod', 'classmethod_descriptor'))
print(collections.deque[int], collections.deque().__class_getitem__(str))
