# The composites that join, split, move and repeat dims, and the tests on
# values: hstack/vstack/row_stack/dstack/column_stack, atleast_Nd,
# tensor_split/hsplit/vsplit/dsplit, movedim/moveaxis/swapdims, tile,
# broadcast_to/broadcast_tensors/broadcast_shapes, isnan/isinf/isfinite/
# isposinf/isneginf/isreal, count_nonzero: values, the nodes of their
# graphs, gradients, and PyTorch's errors.
import torch

torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
v = torch.randn(4, requires_grad=True)
s = torch.tensor(2.0, requires_grad=True)
xt = torch.randn(4, 3).t()  # non-contiguous
i64 = torch.arange(12).reshape(3, 4)


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
        print(label, tuple(r.shape), r.dtype, chain(r))
        print(r)
    elif isinstance(r, tuple) and r and isinstance(r[0], torch.Tensor):
        print(label, len(r), [tuple(q.shape) for q in r], [chain(q) for q in r])
        for q in r:
            print(q)
    else:
        print(label, r)


for name in ["hstack", "vstack", "row_stack", "dstack", "column_stack"]:
    f = getattr(torch, name)
    t(name + " 2d", lambda: f([x, x]))
    t(name + " 1d", lambda: f((v, v)))
    t(name + " 0d", lambda: f([s, s]))
    t(name + " ints", lambda: f([i64, i64]))
    t(name + " strided", lambda: f([xt, xt.double()]))
    t(name + " empty", lambda: f([]))
    t(name + " tensor", lambda: f(x))
t("hstack mismatch", lambda: torch.hstack([x, torch.randn(2, 4)]))
t("vstack mixed", lambda: torch.vstack([v, x]))
t("column_stack mixed", lambda: torch.column_stack([torch.randn(3), x, torch.randn(3, 1)]))

for k in (1, 2, 3):
    f = getattr(torch, "atleast_%dd" % k)
    for name, val in [("0d", s), ("1d", v), ("2d", x), ("3d", torch.randn(2, 3, 4))]:
        t("atleast_%dd %s" % (k, name), lambda: f(val))
    t("atleast_%dd several" % k, lambda: f(s, v))
    t("atleast_%dd list" % k, lambda: f([s, x]))
    t("atleast_%dd one in tuple" % k, lambda: f((v,)))
    t("atleast_%dd int" % k, lambda: f(1))
print(torch.atleast_2d(x) is x, torch.atleast_1d(v) is v)

t("tensor_split 3", lambda: torch.tensor_split(x, 3, dim=1))
t("tensor_split 5", lambda: torch.tensor_split(x, 5, dim=1))
t("tensor_split idx", lambda: torch.tensor_split(x, [1, 2]))
t("tensor_split backwards idx", lambda: torch.tensor_split(x, [3, 1]))
t("tensor_split negative idx", lambda: torch.tensor_split(x, [-1], dim=1))
t("tensor_split tensor idx", lambda: torch.tensor_split(x, torch.tensor([1, 2])))
t("tensor_split tensor sections", lambda: torch.tensor_split(x, torch.tensor(2)))
t("tensor_split kw sections", lambda: torch.tensor_split(x, sections=2))
t("tensor_split kw indices", lambda: torch.tensor_split(x, indices=[1], dim=1))
t("tensor_split kw tensor", lambda: torch.tensor_split(x, tensor_indices_or_sections=torch.tensor([1])))
t("tensor_split method", lambda: xt.tensor_split(2, 1))
t("tensor_split 0", lambda: torch.tensor_split(x, 0))
t("tensor_split -1", lambda: torch.tensor_split(x, -1))
t("tensor_split 0d", lambda: torch.tensor_split(s, 2))
t("tensor_split 2d idx", lambda: torch.tensor_split(x, torch.tensor([[1]])))
t("tensor_split float idx", lambda: torch.tensor_split(x, torch.tensor([1.0])))
t("tensor_split dim", lambda: torch.tensor_split(x, 2, dim=2))
for name in ["hsplit", "vsplit", "dsplit"]:
    f = getattr(torch, name)
    for shape in [(), (4,), (4, 6), (2, 4, 6)]:
        y = torch.arange(float(torch.tensor(shape).prod())).reshape(shape)
        t("%s %s 2" % (name, shape), lambda: f(y, 2))
        t("%s %s [1, 3]" % (name, shape), lambda: f(y, [1, 3]))
    t(name + " 3", lambda: f(torch.randn(4, 4, 4), 3))
    t(name + " 0", lambda: f(torch.randn(4, 4, 4), 0))
t("hsplit method", lambda: x.hsplit([1]))

t("movedim", lambda: torch.movedim(x, 0, 1))
t("movedim 4d", lambda: torch.movedim(torch.arange(120.).reshape(2, 3, 4, 5), (0, 2), (3, 0)))
t("movedim 4d neg", lambda: torch.movedim(torch.arange(120.).reshape(2, 3, 4, 5), 1, -1))
t("moveaxis method", lambda: x.moveaxis(0, 1))
t("movedim kw", lambda: torch.movedim(x, source=[0, 1], destination=[1, 0]))
t("movedim 1d", lambda: torch.movedim(v, 0, 0))
t("movedim 0d", lambda: torch.movedim(s, 0, 0))
t("movedim 0d empty", lambda: torch.movedim(s, (), ()))
t("movedim repeated", lambda: torch.movedim(x, (0, 0), (1, 0)))
t("movedim repeated neg", lambda: torch.movedim(x, (0, -2), (1, 0)))
t("movedim repeated dst", lambda: torch.movedim(x, (0, 1), (0, 0)))
t("movedim count", lambda: torch.movedim(x, (0, 1), (1,)))
t("movedim range", lambda: torch.movedim(x, 2, 0))
t("movedim range dst", lambda: torch.movedim(x, 0, -3))
t("swapdims", lambda: torch.swapdims(x, 0, 1))
t("swapdims method", lambda: xt.swapdims(1, 0))
t("swapdims range", lambda: torch.swapdims(x, 0, 2))

t("tile", lambda: torch.tile(x, (2,)))
t("tile more", lambda: torch.tile(x, (2, 1, 2)))
t("tile same", lambda: torch.tile(x, (1, 1)))
t("tile empty", lambda: torch.tile(x, ()))
t("tile method ints", lambda: x.tile(2, 3))
t("tile method list", lambda: x.tile([2]))
t("tile 0d", lambda: torch.tile(s, (2,)))
t("tile none", lambda: x.tile())
t("tile int", lambda: torch.tile(x, 2))
t("tile negative", lambda: torch.tile(x, (-1,)))

t("broadcast_to", lambda: torch.broadcast_to(v, (2, 4)))
t("broadcast_to -1", lambda: torch.broadcast_to(x, (2, -1, 4)))
t("broadcast_to method", lambda: v.broadcast_to((3, 4)))
t("broadcast_to bad", lambda: torch.broadcast_to(x, (2,)))
t("broadcast_tensors", lambda: torch.broadcast_tensors(x, v))
t("broadcast_tensors 3", lambda: torch.broadcast_tensors(x, torch.randn(2, 1, 1), s))
t("broadcast_tensors bad", lambda: torch.broadcast_tensors(x, torch.randn(5)))
print(torch.broadcast_tensors(x, v)[0] is x, torch.broadcast_tensors(x)[0] is x, torch.broadcast_tensors())
for shapes in [((3, 1), (2,)), ((3, 1), (4, 2)), (3, (1,)), (3, 1, (2, 1)), (), ([2], torch.Size([1, 2])),
               (2.0,), ((0,), (1,)), ((-1,),), ((2, -3), (5, 2))]:
    t("broadcast_shapes %s" % (shapes,), lambda: torch.broadcast_shapes(*shapes))

inf, nan = float("inf"), float("nan")
special = torch.tensor([1.0, -0.0, inf, -inf, nan, 3.5])
for dt in [torch.float32, torch.float64, torch.int64, torch.bool, torch.uint8]:
    y = special.to(dt) if dt.is_floating_point else torch.tensor([0, 1, 2, 1, 0, 1]).to(dt)
    for name in ["isnan", "isinf", "isfinite", "isposinf", "isneginf", "isreal"]:
        t("%s %s" % (name, dt), lambda: getattr(torch, name)(y))
        t("%s %s method" % (name, dt), lambda: getattr(y, name)())
z = torch.tensor([1 + 0j, complex(0, inf), complex(nan, 0), 2j])
for name in ["isnan", "isinf", "isfinite", "isposinf", "isneginf", "isreal"]:
    t("%s complex" % name, lambda: getattr(torch, name)(z))
g = special.clone().requires_grad_()
t("isnan grad", lambda: torch.isnan(g))
t("isinf grad", lambda: torch.isinf(g))
t("isfinite strided", lambda: torch.isfinite(special.reshape(2, 3).t()))
t("isnan float", lambda: torch.isnan(1.0))

c = torch.tensor([[1, 0, 3], [0, 0, 2.5]])
t("count_nonzero", lambda: torch.count_nonzero(c))
t("count_nonzero dim", lambda: torch.count_nonzero(c, dim=0))
t("count_nonzero -1", lambda: torch.count_nonzero(c, -1))
t("count_nonzero dims", lambda: torch.count_nonzero(c, dim=(0, 1)))
t("count_nonzero []", lambda: torch.count_nonzero(c, dim=[]))
t("count_nonzero method", lambda: c.t().count_nonzero(dim=1))
t("count_nonzero bool", lambda: torch.count_nonzero(torch.tensor([True, False, True])))
t("count_nonzero 0d", lambda: torch.count_nonzero(torch.tensor(3.0)))
t("count_nonzero repeated", lambda: torch.count_nonzero(c, dim=(0, 0)))
t("count_nonzero range", lambda: torch.count_nonzero(c, 2))

# gradients flow through every composite as through its parts
torch.manual_seed(1)
a = torch.randn(2, 3, requires_grad=True, dtype=torch.float64)
b = torch.randn(3, requires_grad=True, dtype=torch.float64)
w = torch.randn(2, 3, dtype=torch.float64)
outs = [torch.hstack([a, a]).sum(), torch.vstack([a, b]).pow(2).sum(), torch.dstack([a, a]).mul(2).sum(),
        torch.column_stack([b, b]).sum(), sum(p.pow(2).sum() for p in torch.tensor_split(a, 2, dim=1)),
        torch.movedim(a, 0, 1).mul(w.t()).sum(), torch.tile(a, (2, 1)).mul(torch.cat([w, w])).sum(),
        sum(q.sum() for q in torch.broadcast_tensors(a, b)), torch.atleast_3d(b).pow(3).sum()]
loss = sum(outs)
loss.backward()
print(loss.item(), a.grad, b.grad)
