# torch.optim.swa_utils (AveragedModel with its default and a custom
# avg_fn, use_buffers, update_bn, SWALR's cosine and linear annealing) and
# torch.optim.SparseAdam's checks, bit for bit against PyTorch 1.13 on
# small models in float32 and float64.
import warnings
import torch
import torch.nn as nn
from torch.optim.swa_utils import AveragedModel, SWALR, update_bn


def digest(t):
    flat = t.detach().flatten().tolist()
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"


def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


def model(dtype):
    return nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Tanh(), nn.Linear(4, 2)).to(dtype)


for dtype in (torch.float32, torch.float64):
    print("--", dtype)
    torch.manual_seed(0)
    net = model(dtype)
    swa = AveragedModel(net)
    ema = AveragedModel(net, avg_fn=lambda avg, p, n: 0.9 * avg + 0.1 * p, use_buffers=True)
    print(swa)
    print(list(swa.state_dict().keys()), swa.n_averaged, swa.use_buffers, ema.use_buffers)
    opt = torch.optim.SGD(net.parameters(), lr=0.5, momentum=0.9)
    sched = SWALR(opt, swa_lr=0.05, anneal_epochs=3)
    print(sched.get_last_lr(), opt.param_groups[0]['swa_lr'])
    data = [torch.randn(8, 3, dtype=dtype) for _ in range(5)]
    for i, x in enumerate(data):
        opt.zero_grad()
        loss = net(x).pow(2).mean()
        loss.backward()
        opt.step()
        swa.update_parameters(net)
        ema.update_parameters(net)
        sched.step()
        print(i, repr(sched.get_last_lr()[0]), swa.n_averaged.item(), digest(swa.module[0].weight),
              digest(ema.module[0].weight), digest(ema.module[1].running_mean))
    print(digest(swa.module[1].running_mean), swa.module[1].num_batches_tracked, ema.module[1].num_batches_tracked)
    update_bn(data, swa)
    print(digest(swa.module[1].running_mean), digest(swa.module[1].running_var), swa.module[1].momentum,
          swa.module[1].num_batches_tracked, swa.training)
    swa.eval()
    update_bn([(x, 0) for x in data[:2]], swa)
    print(digest(swa.module[1].running_mean), swa.training, swa.module[1].training)
    out = swa(data[0])
    print(digest(out), out.grad_fn.name())

print("-- SWALR schedules")
for strategy in ('cos', 'linear'):
    for epochs in (0, 1, 4):
        w = torch.zeros(2, requires_grad=True)
        opt = torch.optim.SGD([{'params': [w]}, {'params': [torch.zeros(1, requires_grad=True)], 'lr': 0.3}], lr=1.0)
        sched = SWALR(opt, swa_lr=[0.1, 0.01], anneal_epochs=epochs, anneal_strategy=strategy)
        lrs = [sched.get_last_lr()]
        for _ in range(6):
            opt.step()
            sched.step()
            lrs.append(sched.get_last_lr())
        print(strategy, epochs, lrs)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(sched.get_lr())
print([(x.category.__name__, str(x.message)) for x in w])
opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)
attempt("strategy", lambda: SWALR(opt, 0.1, anneal_strategy='exp'))
attempt("epochs", lambda: SWALR(opt, 0.1, anneal_epochs=-1))
attempt("epochs float", lambda: SWALR(opt, 0.1, anneal_epochs=2.0))
attempt("swa_lr list", lambda: SWALR(opt, [0.1, 0.2]))
attempt("update_bn no bn", lambda: update_bn([torch.zeros(1, 2)], nn.Linear(2, 1)))

print("-- SparseAdam")
w = nn.Parameter(torch.ones(3))
attempt("lr", lambda: torch.optim.SparseAdam([w], lr=0.0))
attempt("eps", lambda: torch.optim.SparseAdam([w], eps=0.0))
attempt("beta0", lambda: torch.optim.SparseAdam([w], betas=(1.0, 0.9)))
attempt("beta1", lambda: torch.optim.SparseAdam([w], betas=(0.9, -0.1)))
opt = torch.optim.SparseAdam([w], lr=0.01)
print(opt)
print(opt.defaults, opt.state_dict())
print(opt.step(), opt.step(lambda: 5))
w.sum().backward()
attempt("dense grad", lambda: opt.step())
print(torch.zeros(2).is_sparse, w.is_sparse, w.grad.is_sparse)
