# numpy.random's bit generators (MT19937, PCG64, PCG64DXSM, SFC64, Philox) seeded from SeedSequence:
# raw words, Generator(bit_generator) draws, states, advance/jumped, RandomState over a bit generator,
# get_bit_generator/set_bit_generator, the mtrand and bit_generator submodules, and numpy's errors.
import numpy as np
for cls in (np.random.MT19937, np.random.PCG64, np.random.PCG64DXSM, np.random.SFC64, np.random.Philox):
    for sd in (0, 42, [1, 2, 3], 2**70 + 5):
        bg = cls(sd)
        g = np.random.Generator(bg)
        print(cls.__name__, sd, g.random(3), g.integers(0, 1000, 4), g.standard_normal(2), g.integers(0, 2**40, 2))
        print(g.integers(0, 7, 3, dtype=np.int32), g.exponential(1.5, 2), bg.random_raw(), bg.random_raw())
    st = cls(7).state
    print(cls.__name__, sorted(st.keys()), st['bit_generator'])
g = np.random.Generator(np.random.PCG64(5))
print(g.bit_generator.state, str(g), repr(g)[:19], type(g.bit_generator).__name__)
s = np.random.PCG64(3)
s.random_raw(); st = s.state; a = s.random_raw(); s.state = st; print(a == s.random_raw())
print(np.random.PCG64(1).jumped().state, np.random.PCG64DXSM(1).jumped(3).state)
print(np.random.PCG64(1).advance(12345).random_raw(), np.random.PCG64DXSM(2).advance(2**100 + 7).random_raw())
p = np.random.Philox(4)
print(p.state['state'], p.state['buffer_pos'], p.random_raw(), p.state['buffer_pos'])
print(np.random.Philox(counter=5, key=2**64 + 3).random_raw(), np.random.Philox(1).jumped().random_raw(), np.random.Philox(1).advance(2**70).random_raw())
print(np.random.SFC64(9).state)
m = np.random.MT19937(11)
print(m.state['state']['pos'], m.state['state']['key'][:4], m.random_raw())
rs = np.random.RandomState(np.random.MT19937(3))
print(rs.rand(3), rs.randn(2), rs.randint(10, size=4), str(rs))
rs = np.random.RandomState(np.random.PCG64(3))
print(rs.rand(3), rs.randn(2), rs.randint(10, size=4), rs.standard_gamma(2.0, 2), str(rs))
m = np.random.MT19937()
m._legacy_seeding(12)
print(np.random.Generator(m).random(2), np.random.RandomState(12).random_sample(2))
old = np.random.get_bit_generator()
print(type(old).__name__)
np.random.set_bit_generator(np.random.PCG64(8))
print(np.random.rand(2), np.random.randn(2), np.random.randint(5, size=3))
np.random.set_bit_generator(old)
np.random.seed(1)
print(np.random.rand(2))
print(np.random.default_rng(np.random.SFC64(1)).random(2), np.random.default_rng(np.random.PCG64(1)).random())
for f in [lambda: np.random.Philox(1, key=2), lambda: np.random.RandomState(np.random.PCG64(1)).seed(3),
          lambda: setattr(np.random.PCG64(1), 'state', {'bit_generator': 'SFC64'}), lambda: np.random.BitGenerator(1),
          lambda: np.random.Generator(3)]:
    try: f(); print('ok')
    except Exception as e: print(type(e).__name__, e)
import numpy.random.mtrand as mt
from numpy.random.bit_generator import SeedSequence
print(mt.RandomState is np.random.RandomState, np.random.mtrand.rand is not None, SeedSequence is np.random.SeedSequence)
for cls in (np.random.MT19937, np.random.PCG64, np.random.SFC64, np.random.Philox, np.random.PCG64DXSM):
    bg = cls(99)
    print(cls.__name__, repr(bg.random_raw(3)), repr(bg.random_raw((2, 2))), bg.random_raw(2, output=False))
p = np.random.Philox(5)
p.random_raw(); st = p.state; a = p.random_raw(5); p.state = st; print((p.random_raw(5) == a).all(), p.state['buffer'], p.state['buffer_pos'])
s = np.random.SFC64(5)
st = s.state; a = s.random_raw(3); s.state = st; print((s.random_raw(3) == a).all())
rs = np.random.RandomState(4)
print(repr(rs.get_state()[1][:3]), rs.get_state(legacy=False)['state']['key'].dtype, np.random.MT19937(4).state['state']['key'][:2])
# SeedSequence.generate_state as numpy's arrays (uint32 by default, uint64), spawn
ss = np.random.SeedSequence(123)
print(repr(ss.generate_state(3)), repr(ss.generate_state(2, np.uint64)), repr(ss.generate_state(2, 'uint32')))
c = ss.spawn(2)
print(repr(c[0].generate_state(2)), c[1].spawn_key, repr(np.random.SeedSequence([1, 2**40]).generate_state(2)))
