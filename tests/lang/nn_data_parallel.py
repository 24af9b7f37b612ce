# torch.nn.DataParallel and torch.nn.parallel on a machine without CUDA,
# as PyTorch 1.13 behaves there: the wrapper only calls its module
# (device_ids is []), state_dict keys gain "module.", and the free
# functions fail where their CUDA calls would run, with PyTorch's errors.
import warnings
from collections import namedtuple
import torch
import torch.nn as nn
import torch.nn.parallel as P
from torch.nn.modules.utils import consume_prefix_in_state_dict_if_present


def digest(t):
    flat = t.detach().flatten().tolist()
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"


def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
net = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3), nn.ReLU(), nn.Linear(3, 2))
dp = nn.DataParallel(net)
print(dp)
print(dp.device_ids, dp.module is net, nn.parallel.DataParallel is nn.DataParallel, isinstance(dp, nn.Module))
print(sorted(k for k in dp.__dict__ if not k.startswith('_')), hasattr(dp, 'output_device'), hasattr(dp, 'dim'))
print(list(dp.state_dict().keys()))
print([n for n, _ in dp.named_parameters()], [n for n, _ in dp.named_modules()])
x = torch.randn(5, 4)
y = dp(x)
print(digest(y), y.grad_fn.name(), torch.equal(y, net(x)))
y.sum().backward()
print(digest(net[0].weight.grad))
dp.eval()
print(dp.training, net.training, digest(dp(x)))
print(nn.DataParallel(nn.Linear(2, 2), device_ids=[0], output_device=1, dim=1).device_ids)


class Kw(nn.Module):
    def forward(self, a, scale=1.0, extra=None):
        return a * scale if extra is None else a * scale + extra


print(nn.DataParallel(Kw())(torch.ones(2), scale=3.0, extra=torch.ones(2)))

# a DataParallel checkpoint into the bare model and back
sd = dp.state_dict()
consume_prefix_in_state_dict_if_present(sd, 'module.')
print(list(sd.keys()))
torch.manual_seed(1)
fresh = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3), nn.ReLU(), nn.Linear(3, 2))
print(fresh.load_state_dict(sd))
print(torch.equal(fresh[0].weight, net[0].weight))
print(nn.DataParallel(fresh).load_state_dict(dp.state_dict()))
try:
    fresh.load_state_dict(dp.state_dict())
except RuntimeError as e:
    print("RuntimeError:", e)

# a lazy module under DataParallel initializes on the first call
with warnings.catch_warnings(record=True):
    warnings.simplefilter("always")
    lazy = nn.DataParallel(nn.LazyLinear(2))
print(lazy)
print(lazy(torch.randn(3, 5)).shape, lazy)

attempt("replicate []", lambda: P.replicate(nn.Linear(2, 1), []))
attempt("replicate [0]", lambda: P.replicate(nn.Linear(2, 1), [0]))
attempt("scatter tensor", lambda: P.scatter(torch.zeros(2), [0]))
attempt("scatter list", lambda: P.scatter([1, 2], []))
attempt("scatter int", lambda: P.scatter(3, [0, 1]))
attempt("scatter dict", lambda: P.scatter({'a': 1, 'b': 'x'}, [0, 1]))
Pt = namedtuple('Pt', 'x y')
attempt("scatter namedtuple", lambda: P.scatter(Pt(1, 2), [0, 1]))
attempt("scatter tuple", lambda: P.scatter((1, 'a'), [0, 1, 2]))
attempt("gather int", lambda: P.gather([3], 'cpu'))
attempt("gather tensor", lambda: P.gather([torch.zeros(1)], None))
attempt("gather none", lambda: P.gather([None, None], 'cpu'))
attempt("gather dicts", lambda: P.gather([{'a': None}, {'a': None, 'b': None}], 'cpu'))
attempt("gather tuples", lambda: P.gather([(None, [None]), (None, [None])], 'cpu'))
attempt("parallel_apply []", lambda: P.parallel_apply([], []))
attempt("parallel_apply 1", lambda: P.parallel_apply([nn.Linear(2, 1)], [torch.zeros(1, 2)]))
attempt("parallel_apply len", lambda: P.parallel_apply([nn.Linear(2, 1)], []))
attempt("data_parallel", lambda: P.data_parallel(nn.Linear(2, 1), torch.zeros(1, 2)))
attempt("data_parallel []", lambda: P.data_parallel(nn.Linear(2, 1), torch.zeros(1, 2), device_ids=[]))
attempt("data_parallel [0]", lambda: P.data_parallel(nn.Linear(2, 1), torch.zeros(1, 2), device_ids=[0]))
attempt("DDP", lambda: P.DistributedDataParallel(nn.Linear(2, 1)))
attempt("DDP ids", lambda: P.DistributedDataParallel(nn.Linear(2, 1), device_ids=[0]))
attempt("DDP two ids", lambda: P.DistributedDataParallel(nn.Linear(2, 1), device_ids=[0, 1]))
attempt("DDP frozen", lambda: P.DistributedDataParallel(nn.Linear(2, 1).requires_grad_(False)))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    attempt("DDPCPU", lambda: P.DistributedDataParallelCPU(nn.Linear(2, 1)))
print([(x.category.__name__, str(x.message)) for x in w])
print(sorted(P.__all__))

# SyncBatchNorm on the CPU: built as BatchNorm, refuses CPU input
torch.manual_seed(2)
s = nn.SyncBatchNorm(3, momentum=0.2)
print(s, s.process_group, list(s.state_dict().keys()))
for mode in ("train", "eval"):
    getattr(s, mode)()
    attempt(mode, lambda: s(torch.randn(2, 3)))
attempt("1-d", lambda: s(torch.randn(3)))
model = nn.Sequential(nn.Conv1d(2, 3, 1), nn.BatchNorm1d(3), nn.Sequential(nn.BatchNorm2d(4, affine=False)))
model[1].weight.data.fill_(2.0)
model[1].qconfig = "q"
conv = nn.SyncBatchNorm.convert_sync_batchnorm(model, process_group="pg")
print(conv)
print(conv is model, conv[1].weight is model[1].weight, conv[1].running_mean is model[1].running_mean,
      conv[1].qconfig, conv[1].process_group, type(conv[2][0]).__name__, conv[2][0].weight)
print(type(nn.SyncBatchNorm.convert_sync_batchnorm(nn.BatchNorm1d(2))).__name__)

# the package's modules, as PyTorch's
from torch.nn.parallel.scatter_gather import scatter_kwargs, gather as gather2
import torch.nn.parallel.distributed
import torch.nn.parallel.replicate
print(callable(torch.nn.parallel.data_parallel), gather2 is P.gather,
      torch.nn.parallel.distributed.DistributedDataParallel is P.DistributedDataParallel)
print(scatter_kwargs((1, 'a'), {'k': 2}, [0, 1]), scatter_kwargs((), None, [0]), scatter_kwargs((3,), {}, []))
