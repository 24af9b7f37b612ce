# Triangles, diagonals, flips and rolls: tril/triu (and in place),
# diagonal, diag_embed, diag, diagflat, trace, flip/fliplr/flipud, roll,
# rot90: values in every dtype, layouts (strides, contiguity, views),
# nodes, gradients (and double backward), PyTorch's errors.
import torch

torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
v = torch.randn(3, requires_grad=True)
s = torch.tensor(1.5, requires_grad=True)
b = torch.randn(2, 3, 4)
inf, nan = float("inf"), float("nan")
special = torch.tensor([[1.0, -0.0, inf], [-inf, nan, 2.0], [0.5, -1.0, nan]])


def chain(t):
    out = []
    f = t.grad_fn
    while f is not None:
        out.append(type(f).__name__)
        f = f.next_functions[0][0] if f.next_functions else None
    return out


def t(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    if isinstance(r, torch.Tensor):
        print(label, tuple(r.shape), r.stride(), r.is_contiguous(), r.dtype, chain(r), r._base is not None)
        print(r)
    else:
        print(label, r)


for name, f in [("tril", lambda y, k: y.tril(k)), ("triu", lambda y, k: torch.triu(y, k))]:
    for k in (0, 1, -1, 10, -10):
        t("%s %d" % (name, k), lambda: f(x, k))
    t(name + " 3d", lambda: f(b, 0))
    t(name + " transposed", lambda: f(x.t(), 0))
    t(name + " permuted", lambda: f(b.permute(2, 0, 1), -1))
    t(name + " special", lambda: f(special, 0))
    for dt in [torch.float64, torch.int64, torch.int32, torch.uint8, torch.bool, torch.float16]:
        t("%s %s" % (name, dt), lambda: f((b * 3).to(dt), 1))
    t(name + " 1d", lambda: f(v, 0))
    t(name + " 0d", lambda: f(s, 0))
    t(name + " empty", lambda: f(torch.empty(0, 3), 0))
y = torch.randn(4, 4)
z = y.clone()
print(z.tril_() is z, z.equal(y.tril()))
z = y.clone()
z.triu_(1)
print(z.equal(y.triu(1)))
w = x.detach().clone().requires_grad_()
q = w * 2
q.tril_(-1)
print(chain(q))

for args in [(), (1,), (-1,), (5,), (-5,), (0, 1, 0), (-1, 1, 0), (1, -1, -2)]:
    t("diagonal %s" % (args,), lambda: x.diagonal(*args))
t("diagonal 3d", lambda: torch.diagonal(b, offset=1, dim1=2, dim2=1))
t("diagonal 3d neg", lambda: torch.diagonal(b, 0, -1, 0))
t("diagonal same", lambda: x.diagonal(0, 0, 0))
t("diagonal 1d", lambda: v.diagonal())
t("diagonal range", lambda: x.diagonal(dim1=3))
d = x.detach().clone()
d.diagonal().fill_(7)
print(d)

for args in [(), (1,), (-2,), (0, 0, 2), (1, 2, 0), (0, -1, 0)]:
    t("diag_embed v %s" % (args,), lambda: v.diag_embed(*args))
    t("diag_embed x %s" % (args,), lambda: torch.diag_embed(x, *args))
t("diag_embed same", lambda: v.diag_embed(0, 0, 0))
t("diag_embed 0d", lambda: s.diag_embed())
t("diag_embed bool", lambda: torch.tensor([True, False]).diag_embed())

for k in (0, 1, -1, 2, -3):
    t("diag v %d" % k, lambda: v.diag(k))
    t("diag x %d" % k, lambda: torch.diag(x, k))
t("diag x 7", lambda: x.diag(7))
t("diag 0d", lambda: s.diag())
t("diag 3d", lambda: b.diag())
t("diag half", lambda: x.half().diag())
t("diag int", lambda: torch.arange(6).reshape(2, 3).diag())
t("diag kw", lambda: torch.diag(v, diagonal=1))
t("diagflat", lambda: x.diagflat())
t("diagflat offset", lambda: torch.diagflat(v, -1))
t("diagflat transposed", lambda: x.t().diagflat(1))

t("trace", lambda: x.trace())
t("trace tall", lambda: torch.randn(5, 2, dtype=torch.float64).trace())
t("trace wide transposed", lambda: torch.randn(7, 3).t().trace())
t("trace int", lambda: torch.arange(9).reshape(3, 3).trace())
t("trace uint8", lambda: torch.full((3, 3), 200, dtype=torch.uint8).trace())
t("trace int32", lambda: torch.ones(2, 2, dtype=torch.int32).trace())
t("trace empty", lambda: torch.empty(0, 3).trace())
t("trace special", lambda: special.trace())
t("trace 1d", lambda: v.trace())
t("trace half", lambda: x.half().trace())
t("trace bool", lambda: torch.ones(3, 3, dtype=torch.bool).trace())
big = torch.randn(300, 300)
print(big.trace().item(), big.double().trace().item())

t("flip 0", lambda: x.flip(0))
t("flip 0 1", lambda: x.flip(0, 1))
t("flip list", lambda: torch.flip(b, [2, 0]))
t("flip transposed", lambda: x.t().flip(0))
t("flip empty dims", lambda: x.flip([]))
t("flip 0d", lambda: s.flip(0))
t("flip dup", lambda: x.flip(0, 0))
t("flip range", lambda: x.flip(2))
t("flip none", lambda: x.flip())
t("flip int", lambda: torch.arange(5).flip(0))
t("flip bool", lambda: torch.tensor([True, False, False]).flip(0))
t("fliplr", lambda: x.fliplr())
t("flipud", lambda: torch.flipud(v))
t("fliplr 1d", lambda: v.fliplr())
t("flipud 0d", lambda: s.flipud())

t("roll flat", lambda: x.roll(1))
t("roll flat neg", lambda: x.roll(-5))
t("roll dim", lambda: x.roll(1, 0))
t("roll dims", lambda: torch.roll(x, (1, 2), (0, 1)))
t("roll big", lambda: x.roll(13, 1))
t("roll same dim twice", lambda: x.roll((1, 1), (0, 0)))
t("roll transposed", lambda: x.t().roll(5))
t("roll empty", lambda: torch.empty(0, 3).roll(1, 0))
t("roll 0d", lambda: s.roll(1))
t("roll int", lambda: torch.arange(6).reshape(2, 3).roll(1, -1))
t("roll misaligned", lambda: x.roll(1, (0, 1)))
t("roll misaligned 2", lambda: x.roll((1, 2), 0))
t("roll no shifts", lambda: x.roll([]))
t("roll range", lambda: x.roll(1, 2))

for k in (0, 1, 2, 3, -1, 5, -6):
    t("rot90 %d" % k, lambda: x.rot90(k))
t("rot90 3d", lambda: torch.rot90(b, 1, [2, 0]))
t("rot90 dims kw", lambda: torch.rot90(b, k=-1, dims=(0, -1)))
t("rot90 same", lambda: x.rot90(1, (0, 0)))
t("rot90 three", lambda: x.rot90(1, (0, 1, 2)))
t("rot90 1d", lambda: v.rot90())
t("rot90 wrap same", lambda: x.rot90(1, (0, -2)))
t("rot90 far", lambda: x.rot90(1, (0, 2)))
t("rot90 range", lambda: b.rot90(1, (0, 3)))
r = x.detach().rot90()
r.add_(1)
print(r)

# gradients, and double backward where PyTorch has it
torch.manual_seed(1)
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
u = torch.randn(3, dtype=torch.float64, requires_grad=True)
m = torch.randn(5, 5, dtype=torch.float64)
outs = [a.tril(-1), a.triu(1), a.diagonal(1), u.diag_embed(1), u.diag(), a.diag(-1), a.trace(), a.flip(0, 1),
        a.fliplr(), a.roll(1), a.roll((2, -1), (0, 1)), a.rot90(1), a.rot90(2), a.rot90(3), a.diagflat()]
for o in outs:
    g = torch.autograd.grad((o * torch.arange(float(o.numel()), dtype=torch.float64).view(o.shape)).sum(), [a, u],
                            allow_unused=True, create_graph=True)
    print(chain(o), [None if q is None else q for q in g])
h = torch.autograd.grad((a.diagonal() ** 3).sum(), a, create_graph=True)[0]
print(torch.autograd.grad(h.sum(), a)[0])
