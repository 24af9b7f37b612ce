# The generators' states: torch.get_rng_state/set_rng_state,
# Generator.get_state/set_state (PyTorch's 5056-byte layout, so states move
# between cgrad and PyTorch), torch.random and fork_rng; replays draw the
# same numbers; PyTorch's errors.
import torch
import torch.random

g = torch.Generator()
s = g.get_state()
print(s.dtype, s.shape, s[:24].tolist(), s[-16:].tolist(), g.initial_seed())

torch.manual_seed(3)
a = torch.randn(3)
st = torch.get_rng_state()
print(st[:40].tolist(), int(st.sum()))
b = torch.randn(5)  # leaves a cached normal in the state
st2 = torch.get_rng_state()
print(st2[5016:5056].tolist())
c = torch.randn(5)
torch.set_rng_state(st)
print(torch.equal(b, torch.randn(5)), torch.equal(c, torch.randn(5)))
torch.set_rng_state(st2)
print(torch.equal(c, torch.randn(5)))

g.manual_seed(11)
x = torch.rand(4, generator=g)
gs = g.get_state()
y = torch.rand(4, generator=g)
print(g.set_state(gs) is g, torch.equal(y, torch.rand(4, generator=g)))
h = torch.Generator().set_state(gs)
print(torch.equal(torch.rand(3, generator=h), torch.rand(3, generator=g.set_state(gs))), h.initial_seed())


def t(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


t("short", lambda: torch.set_rng_state(torch.zeros(10, dtype=torch.uint8)))
t("float", lambda: torch.set_rng_state(torch.zeros(5056)))
t("list", lambda: torch.set_rng_state([1, 2]))
t("zeros", lambda: g.set_state(torch.zeros(5056, dtype=torch.uint8)))
t("legacy size", lambda: g.set_state(torch.get_rng_state()[:5048]).initial_seed())
t("strided", lambda: g.set_state(torch.stack([gs, gs], 1)[:, 0]).initial_seed())
t("random module", lambda: (torch.random.get_rng_state().shape, torch.random.initial_seed()))

torch.manual_seed(7)
with torch.random.fork_rng(devices=[]):
    torch.manual_seed(5)
    inside = torch.rand(2)
after = torch.rand(2)
torch.manual_seed(7)
print(inside, torch.equal(after, torch.rand(2)))
with torch.random.fork_rng(enabled=False):
    torch.rand(1)
print(torch.rand(1))
print(sorted(n for n in dir(torch.random) if not n.startswith('_')))
