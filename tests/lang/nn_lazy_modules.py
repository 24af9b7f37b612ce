# Lazy modules as PyTorch 1.13 has them: uninitialized parameters and
# buffers until the first forward, then the shapes of the input, PyTorch's
# initial weights from the global generator (bit for bit), the class the
# module becomes, reprs before and after, the UserWarning on construction,
# state_dict of an uninitialized module, load_state_dict into one, and the
# errors of an uninitialized tensor or a wrong input.
import copy
import warnings
import torch
import torch.nn as nn
from torch.nn.parameter import UninitializedParameter, UninitializedBuffer, is_lazy


def digest(t):
    flat = t.detach().flatten().tolist()
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}" if flat else "empty"


def show(m):
    print(type(m).__name__, m)
    for name, t in list(m.named_parameters()) + list(m.named_buffers()):
        if is_lazy(t):
            print(" ", name, t, t.dtype, t.requires_grad)
        else:
            print(" ", name, type(t).__name__, tuple(t.shape), t.dtype, digest(t))


def make(ctor):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        m = ctor()
    print([(x.category.__name__, str(x.message)) for x in w])
    return m


print("-- uninitialized tensors")
p = UninitializedParameter()
b = UninitializedBuffer()
print(p, b, type(p).__name__, type(b).__name__, p.requires_grad, b.requires_grad)
print(isinstance(p, nn.Parameter), isinstance(b, torch.Tensor), is_lazy(p), is_lazy(b), is_lazy(torch.zeros(1)))
print(nn.UninitializedParameter is UninitializedParameter, nn.UninitializedBuffer is UninitializedBuffer)
for t in (p, b):
    try:
        t.shape
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    p.share_memory_()
except RuntimeError as e:
    print("RuntimeError:", e)
q = copy.deepcopy(p)
print(type(q).__name__, q is p)
p.materialize((2, 3))
print(type(p).__name__, p.shape, p.requires_grad)
b.materialize(4, dtype=torch.float64)
print(type(b).__name__, b.shape, b.dtype)
print(UninitializedParameter(requires_grad=False, dtype=torch.float64).requires_grad)

for dtype in (torch.float32, torch.float64):
    print("-- LazyLinear", dtype)
    torch.manual_seed(0)
    m = make(lambda: nn.LazyLinear(3, dtype=dtype))
    show(m)
    print(m.state_dict())
    print(m.has_uninitialized_params(), isinstance(m, nn.Linear), isinstance(m, nn.modules.lazy.LazyModuleMixin))
    x = torch.randn(2, 5, dtype=dtype)
    y = m(x)
    show(m)
    print(digest(y), y.grad_fn.name(), m.has_uninitialized_params() if hasattr(m, 'has_uninitialized_params') else '-')
    print(list(m.state_dict().keys()), m._forward_pre_hooks)
    y.sum().backward()
    print(digest(m.weight.grad), digest(m.bias.grad))

print("-- LazyLinear without bias, 3-d input")
torch.manual_seed(1)
m = make(lambda: nn.LazyLinear(4, bias=False))
print(m)
show(m)
print(digest(m(torch.randn(2, 3, 6))))
show(m)

print("-- load_state_dict into a lazy module")
torch.manual_seed(2)
src = nn.Linear(4, 2)
m = make(lambda: nn.LazyLinear(2))
print(m.load_state_dict(src.state_dict()))
show(m)
x = torch.randn(3, 4)
print(torch.equal(m(x), src(x)), type(m).__name__)
lazy = make(lambda: nn.LazyLinear(2))
print(lazy.load_state_dict(make(lambda: nn.LazyLinear(2)).state_dict()))
print(type(lazy.weight).__name__)
try:
    nn.Linear(3, 2).load_state_dict(make(lambda: nn.LazyLinear(2)).state_dict())
except RuntimeError as e:
    print("RuntimeError:", e)

print("-- convolutions")
for ctor, shape in [(lambda: nn.LazyConv1d(4, 3), (2, 3, 10)),
                    (lambda: nn.LazyConv1d(4, 3, stride=2, padding=1, dilation=2, groups=2, bias=False,
                                           padding_mode='reflect'), (2, 6, 11)),
                    (lambda: nn.LazyConv2d(5, (3, 5), padding='same'), (1, 3, 7, 6)),
                    (lambda: nn.LazyConv2d(3, 3), (2, 7, 7)),
                    (lambda: nn.LazyConvTranspose1d(2, 3, stride=2, output_padding=1), (1, 4, 5)),
                    (lambda: nn.LazyConvTranspose2d(3, 2, groups=3, dilation=2), (2, 6, 4, 4))]:
    torch.manual_seed(3)
    m = make(ctor)
    print(m)
    x = torch.randn(*shape)
    y = m(x)
    show(m)
    print(tuple(y.shape), digest(y), y.grad_fn.name())
m = make(lambda: nn.LazyConv2d(4, 3, groups=2))
try:
    m(torch.randn(1, 3, 5, 5))
except ValueError as e:
    print("ValueError:", e)
m = make(lambda: nn.LazyConv2d(4, 3))
try:
    m(torch.randn(5, 5))
except RuntimeError as e:
    print("RuntimeError:", e)
print(type(m).__name__, m.has_uninitialized_params())

print("-- norms")
for ctor, shape in [(lambda: nn.LazyBatchNorm1d(), (4, 3)),
                    (lambda: nn.LazyBatchNorm1d(momentum=None, affine=False), (4, 3, 5)),
                    (lambda: nn.LazyBatchNorm2d(eps=1e-3), (2, 3, 4, 4)),
                    (lambda: nn.LazyBatchNorm3d(track_running_stats=False), (2, 2, 3, 3, 3)),
                    (lambda: nn.LazyInstanceNorm1d(), (2, 3, 6)),
                    (lambda: nn.LazyInstanceNorm2d(affine=False, track_running_stats=False), (2, 3, 4, 4)),
                    (lambda: nn.LazyInstanceNorm3d(), (2, 2, 3, 3, 3))]:
    torch.manual_seed(4)
    m = make(ctor)
    print(m)
    print(list((k, type(v).__name__) for k, v in m.state_dict().items()))
    y = m(torch.randn(*shape))
    show(m)
    print(digest(y), y.grad_fn.name() if y.grad_fn else None)
    m.eval()
    print(digest(m(torch.randn(*shape))))
m = make(lambda: nn.LazyBatchNorm2d())
try:
    m(torch.randn(2, 3))
except ValueError as e:
    print("ValueError:", e)

print("-- in a model")
torch.manual_seed(5)
model = make(lambda: nn.Sequential(nn.LazyConv2d(4, 3), nn.LazyBatchNorm2d(), nn.ReLU(), nn.Flatten(),
                                   nn.LazyLinear(2)))
print(model)
print(sum(1 for p in model.parameters() if is_lazy(p)))
out = model(torch.randn(2, 3, 6, 6))
print(model)
print(digest(out), [type(p).__name__ for p in model.parameters()])
print(list(model.state_dict().keys()))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
out.pow(2).sum().backward()
opt.step()
print(digest(model[0].weight), digest(model[4].weight))

print("-- not implemented")
class Bare(nn.modules.lazy.LazyModuleMixin, nn.Module):
    def forward(self, x):
        return x
m = make(Bare)
try:
    m(torch.zeros(1))
except NotImplementedError as e:
    print("NotImplementedError:", e)
class Half(nn.modules.lazy.LazyModuleMixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.w = UninitializedParameter()
    def initialize_parameters(self, x):
        pass
    def forward(self, x):
        return x
m = make(Half)
try:
    m(torch.zeros(1))
except RuntimeError as e:
    print("RuntimeError:", e)

print("-- an uninitialized parameter refuses ops (Tensor methods and operators)")
import re
import torch.nn.functional as F


def refused(label, f):
    try:
        r = f()
        print(label, "ok", type(r).__name__)
    except (ValueError, RuntimeError) as e:
        print(label, type(e).__name__, re.sub(' at 0x[0-9a-f]+', '', str(e)))


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    m = nn.LazyLinear(3)
    bn = nn.LazyBatchNorm1d()
p = m.weight
for label, f in [("numel", lambda: p.numel()), ("sum", lambda: p.sum()), ("add", lambda: p + 1),
                 ("radd", lambda: 1 + p), ("rsub", lambda: 1 - p), ("mul_", lambda: p.mul_(2)),
                 ("getitem", lambda: p[0]), ("setitem", lambda: p.__setitem__(0, 1.0)), ("dim", lambda: p.dim()),
                 ("len", lambda: len(p)), ("eq", lambda: p == p), ("bool", lambda: bool(p)), ("pow", lambda: p ** 2),
                 ("iter", lambda: list(p)), ("norm", lambda: p.norm()), ("detach", lambda: p.detach()),
                 ("requires_grad_", lambda: p.requires_grad_(False)), ("buffer add", lambda: bn.running_mean + 1),
                 ("size", lambda: p.size()), ("is_floating_point", lambda: p.is_floating_point()),
                 ("data", lambda: p.data), ("dtype", lambda: p.dtype), ("grad", lambda: p.grad),
                 ("is_leaf", lambda: p.is_leaf), ("hash", lambda: hash(p) is not None), ("double", lambda: p.double()),
                 ("to", lambda: p.to(torch.float64)), ("cpu", lambda: p.cpu()), ("str", lambda: str(p)),
                 ("init.normal_", lambda: nn.init.normal_(p)), ("init.uniform_", lambda: nn.init.uniform_(p)),
                 ("init.constant_", lambda: nn.init.constant_(p, 1.0)),
                 ("init.kaiming_uniform_", lambda: nn.init.kaiming_uniform_(p)),
                 ("params count", lambda: sum(q.numel() for q in m.parameters())),
                 ("optim", lambda: torch.optim.SGD(m.parameters(), lr=0.1)),
                 ("adam", lambda: torch.optim.Adam(m.parameters(), lr=0.1)), ("deepcopy", lambda: copy.deepcopy(m)),
                 ("zero_grad", lambda: m.zero_grad()), ("DataParallel", lambda: nn.DataParallel(m)),
                 ("state_dict", lambda: m.state_dict())]:
    refused(label, f)
m.double()
print(type(m.weight).__name__, m.weight.dtype)
print(digest(m(torch.ones(2, 4, dtype=torch.float64))), type(m).__name__, m.weight.dtype)

print("-- saving and loading lazy modules and their state_dicts")
import io, pickle
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    m = nn.LazyLinear(3)
    m2 = nn.LazyLinear(3)
buf = io.BytesIO()
torch.save(m.state_dict(), buf)
buf.seek(0)
sd = torch.load(buf)
print({k: type(v).__name__ for k, v in sd.items()})

print(m2.load_state_dict(sd), type(m2).__name__)
b2 = io.BytesIO(); torch.save(m, b2); b2.seek(0)
m3 = torch.load(b2)
print(type(m3).__name__, m3, type(m3.weight).__name__)
print(m3(torch.ones(1, 2)).shape, type(m3).__name__)
p = pickle.loads(pickle.dumps(nn.UninitializedParameter(requires_grad=False)))
print(type(p).__name__, p.requires_grad)
class Owner:
    def method(self):
        return 1
print(pickle.loads(pickle.dumps(Owner().method))())
