# Elementwise results laid out as PyTorch's TensorIterator lays them out
# (Note [Elementwise output layout] in engine/ew.c) and copies as
# preserve_format lays them out (Note [Preserved layout] in ops_copy.c):
# strides, contiguity, the view errors that follow, and the last bits of the
# reductions that walk the result in memory order. CPU capability AVX2.
import torch

torch.manual_seed(0)
torch.set_num_threads(1)


def show(name, y):
    print(name, tuple(y.shape), y.stride(), y.is_contiguous())


x = torch.randn(3, 4)
xt = x.t()
b = torch.randn(2, 3, 4)
p = b.permute(2, 0, 1)
cl = torch.randn(2, 3, 5, 4).permute(0, 2, 3, 1)  # channels-last strides
e = torch.randn(4, 1).expand(4, 3)
s1 = torch.randn(4, 1, 3).permute(2, 1, 0)
cases = [
    ("add_scalar", lambda: xt + 1), ("mul_self", lambda: xt * xt), ("exp", lambda: torch.exp(xt)),
    ("neg", lambda: -xt), ("slice_mul", lambda: xt[:, :2] * 2), ("step_slice", lambda: x[:, ::2].t() + 0),
    ("permute", lambda: p + 1), ("permute_pair", lambda: p * p), ("mixed", lambda: p + p.contiguous()),
    ("contig_first", lambda: xt.contiguous() + xt), ("bcast_row", lambda: xt + torch.randn(3)),
    ("bcast_col", lambda: xt + torch.randn(4, 1)), ("bcast_outer", lambda: b.transpose(1, 2) + torch.randn(4, 3)),
    ("expanded", lambda: e + 1), ("expanded_t", lambda: e + xt), ("size1", lambda: s1 + 1),
    ("size1_pair", lambda: s1 * s1), ("channels_last", lambda: cl * 2), ("channels_last_bias",
                                                                        lambda: cl + torch.randn(3)),
    ("where", lambda: torch.where(xt > 0, xt, 0.0)), ("compare", lambda: xt > 0), ("relu", lambda: xt.relu()),
    ("sigmoid", lambda: torch.sigmoid(xt)), ("clamp", lambda: xt.clamp(-0.5, 0.5)),
    ("pow", lambda: xt.pow(2)), ("addcmul", lambda: torch.addcmul(xt, xt, xt, value=0.5)),
    ("lerp", lambda: torch.lerp(xt, xt * 2, 0.25)), ("clone", lambda: xt.clone()),
    ("clone_slice", lambda: xt[:, :2].clone()), ("clone_perm", lambda: p.clone()),
    ("double", lambda: xt.double()), ("to_double", lambda: xt.to(torch.float64)),
    ("long", lambda: (xt * 10).long()), ("slice_double", lambda: xt[:, :2].double()),
    ("empty_like", lambda: torch.empty_like(xt)), ("zeros_like", lambda: torch.zeros_like(xt)),
    ("ones_like", lambda: torch.ones_like(p)), ("full_like", lambda: torch.full_like(xt, 7.0)),
    ("zeros_like_slice", lambda: torch.zeros_like(xt[:, :2])), ("rand_like", lambda: torch.rand_like(xt)),
    ("contiguous", lambda: xt.contiguous()), ("mse_none", lambda: torch.nn.functional.mse_loss(
        xt, xt * 2, reduction="none")),
]
for name, fn in cases:
    show(name, fn())

# in-place ops keep the tensor they write
y = xt.clone()
y.add_(1).mul_(2)
show("inplace", y)

# a leaf's gradient is laid out as the leaf (AccumulateGrad's layout
# contract), whatever layout it arrives in
lx = torch.randn(3, 4, requires_grad=True)
lw = torch.randn(4, 3, requires_grad=True)
(lx.t() * 2 + lw).exp().backward(torch.ones(4, 3))
show("grad_contig_leaf", lx.grad)
show("grad_bcast_leaf", lw.grad)
lz = torch.randn(4, 3).t().requires_grad_()
(lz * lz).sum().backward()
show("grad_t_leaf", lz.grad)
lz.grad = None
(lz * 3).backward(torch.ones(4, 3).t())
show("grad_t_leaf_t", lz.grad)
ls = torch.randn(4, 6)[:, ::2].requires_grad_()
(ls.t() * 2).sum().backward()
show("grad_slice_leaf", ls.grad)
la = torch.randn(3, 4, requires_grad=True)
show("autograd_grad", torch.autograd.grad((la.t() * 3).sum(), la)[0])

# a view of a transposed result fails as PyTorch's does
try:
    (xt + 1).view(12)
except RuntimeError as err:
    print("view:", err)
print("reshape", (xt + 1).reshape(12).is_contiguous())

# reductions walk the result in memory order: their last bits follow the
# layout


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


for threads in (1, 2):
    torch.set_num_threads(threads)
    torch.manual_seed(1)
    for shape in [(37, 1000), (300, 301), (5, 70001)]:
        a = torch.randn(*shape)
        at = a.t()
        for name, y in [("mul", at * 1.5), ("exp", torch.exp(at * 0.1)), ("bcast", at + torch.randn(shape[0])),
                        ("double", at.double()), ("clone", at.clone())]:
            print(threads, shape, name, digest(y.sum(0)), digest(y.sum(1)), repr(y.sum().item()),
                  repr(y.mean().item()))
