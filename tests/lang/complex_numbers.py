# complex: literals, construction, arithmetic with ints and floats, repr, format, hash, errors
import math


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


print(1j, 2.5J, 1e3j, 0j, 1_0j, .5j, 3.j, type(1j), isinstance(1j, complex))
print(1 + 2j, 1 - 2j, -1j, -(1j), (-0.0 - 1j), 1j * 1j, (1 + 2j) * (3 - 4j), (1 + 2j) / (3 - 4j), 2j / 2)
print(complex(), complex(1), complex(1.5, -2), complex(1j), complex(1, 1j), complex(1j, 1j), complex(real=2, imag=3), complex(True))
for s in ('1+2j', ' (1-2j) ', '3', '-4.5', 'j', '-j', '+1.5e3J', '1e-3+1e3j', 'inf+nanj', '  2j', '(3)', '1+j'):
    print(repr(s), complex(s))
for s in ('', '1+', 'j1', '1 + 2j', '((1))', 'x', '1+2i', '1j+2', '1+2j)'):
    show(lambda: complex(s))
show(lambda: complex('1', 2))
show(lambda: complex(1, '2'))
show(lambda: complex(None))
show(lambda: complex(1, None))
show(lambda: complex([1]))


class C:
    def __complex__(self):
        return 3 + 4j


class F:
    def __float__(self):
        return 2.5


print(complex(C()), complex(F()), complex(F(), F()))

z = 3 + 4j
print(z.real, z.imag, z.conjugate(), abs(z), abs(-1j), bool(0j), bool(1e-300j), bool(complex(0, -0.0)))
print(z + 1, 1 + z, z - 1.5, 2.5 - z, z * 2, 2 * z, z / 2, 2 / z, z ** 2, 2 ** z, z ** 0.5, z ** -1, z ** 0, 0j ** 0, (1 + 1j) ** 100)
print(z ** z, (2 + 0j) ** 0.5, 1j ** 2, (-8 + 0j) ** (1 / 3), pow(z, 2), pow(1j, -3))
show(lambda: z / 0)
show(lambda: z / 0j)
show(lambda: 1 / 0j)
show(lambda: 0j ** -1)
show(lambda: 0j ** 1j)
show(lambda: z // 2)
show(lambda: z % 2)
show(lambda: divmod(z, 2))
show(lambda: z < z)
show(lambda: 1 > z)
show(lambda: pow(z, 2, 3))
show(lambda: (1e200 + 1e200j) ** 2)
show(lambda: abs(complex(1e308, 1e308)))
show(lambda: int(z))
show(lambda: float(z))
show(lambda: math.sqrt(z))
print(z == 3 + 4j, z != 3 + 4j, 1 + 0j == 1, 1.5 + 0j == 1.5, 1j == 1, 2 == 2 + 0j, z == 'x', (1 + 0j) in [1], {1: 'a'}[1 + 0j])
print(hash(1 + 0j) == hash(1), hash(2.5 + 0j) == hash(2.5), hash(0j) == 0, hash(z) == hash(3 + 4j), hash(1j) == hash(complex(0, 1)))
print(hash(1 + 2j), hash(-1j), hash(3.5 - 2j), hash(complex(-1, 0)))
print([repr(c) for c in (1j, -1j, 1 + 0j, -0.0 + 0j, complex(-0.0, 0.0), complex(0.0, -0.0), complex(-0.0, -0.0), 1.5e20j, 1e-7 + 1j, 1e16 + 2j)])
inf, nan = float('inf'), float('nan')
print(complex(inf, nan), complex(nan, inf), complex(-inf, -inf), complex(0, nan), complex(nan, -inf), complex(inf, 0))
print(str(1 + 2j), f'{z}', f'{z!r}', '%s' % z, '{}'.format(-1j))
for spec in ('', '.2f', '10.3f', '<20', '>20', '^20', '*^20.1f', '+', '+.2e', 'g', '.3g', '.3', 'E', ' ', '#.0f', '-', '12', 'n'):
    print(repr(spec), repr(format(z, spec)), repr(format(-1.5j, spec)), repr(format(complex(1, -0.0), spec)))
show(lambda: format(z, '010'))
show(lambda: format(z, '=10'))
show(lambda: format(z, 'd'))
show(lambda: format(z, 'x'))
c = 1 + 1j
c += 1
c *= 1j
c -= 2j
c /= 2
c **= 2
print(c, sum([1j, 2, 3.5]), [x.imag for x in (1j, 2 + 3j)], sorted([3j, 1j], key=abs))
