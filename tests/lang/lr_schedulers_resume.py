# Schedulers resumed and driven in training loops: last_epoch given at
# construction, step(epoch) jumps, verbose prints of every kind, a
# SequentialLR loaded from a state_dict, and the parameters SGD and Adam
# reach while OneCycleLR and CyclicLR move their lr, momentum and betas.
import warnings
import torch
from torch.optim import lr_scheduler as L

# Warnings print as category and message: PyTorch's name its own file.
warnings.simplefilter("always")
warnings.showwarning = lambda message, category, *rest: print("warning:", category.__name__, message)

torch.manual_seed(0)
model = torch.nn.Linear(3, 2)
x = torch.randn(8, 3)
y = torch.randn(8, 2)


def train(opt, sched, steps, metric=False):
    for i in range(steps):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        sched.step(loss) if metric else sched.step()
        g = opt.param_groups[0]
        print(i, loss.item(), g["lr"], g.get("momentum", g.get("betas")))
    print(model.weight.data.tolist())


train(opt := torch.optim.Adam(model.parameters(), lr=0.01), L.OneCycleLR(opt, max_lr=0.05, total_steps=12), 12)
train(opt := torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9, nesterov=True),
      L.CyclicLR(opt, 0.001, 0.05, step_size_up=3, mode="triangular2"), 12)
train(opt := torch.optim.AdamW(model.parameters(), lr=0.01),
      L.OneCycleLR(opt, max_lr=0.02, total_steps=8, three_phase=True, anneal_strategy="linear"), 8)
train(opt := torch.optim.SGD(model.parameters(), lr=0.5), L.ReduceLROnPlateau(opt, patience=1, factor=0.5,
                                                                              verbose=True), 10, metric=True)

# verbose prints
for make in [lambda o: L.LinearLR(o, total_iters=2, verbose=True),
             lambda o: L.CyclicLR(o, 0.01, 0.1, step_size_up=1, verbose=True),
             lambda o: L.OneCycleLR(o, 0.1, total_steps=3, verbose=True),
             lambda o: L.PolynomialLR(o, total_iters=2, verbose=True)]:
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.5)
    s = make(opt)
    opt.step()
    s.step()
    s.step()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
s = L.ReduceLROnPlateau(opt, patience=0, verbose=True)
s.step(1.0, epoch=2.5)
s.step(1.0, epoch=7)
s = L.ExponentialLR(opt, 0.5, verbose=True)
s.step(3.0)

# resumed schedules (initial_lr left by the first scheduler)
for make in [lambda o, e: L.CosineAnnealingLR(o, T_max=6, eta_min=0.01, last_epoch=e),
             lambda o, e: L.CyclicLR(o, 0.01, 0.1, step_size_up=2, last_epoch=e),
             lambda o, e: L.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2, last_epoch=e),
             lambda o, e: L.LinearLR(o, total_iters=6, last_epoch=e),
             lambda o, e: L.MultiplicativeLR(o, lambda k: 0.9, last_epoch=e)]:
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    make(opt, -1)
    s = make(opt, 2)
    lrs = [s.get_last_lr()]
    for _ in range(6):
        opt.step()
        s.step()
        lrs.append(s.get_last_lr())
    print(type(s).__name__, s.last_epoch, lrs, opt.param_groups[0]["momentum"])

# CosineAnnealingLR jumping with step(epoch), then stepping on
opt = torch.optim.SGD(model.parameters(), lr=0.1)
s = L.CosineAnnealingLR(opt, T_max=4)
for e in [3, 4, 9]:
    s.step(e)
    print(e, s.get_last_lr())
for _ in range(4):
    s.step()
    print(s.last_epoch, s.get_last_lr())

# SequentialLR saved and loaded halfway
def sequential():
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    warm = L.LinearLR(opt, start_factor=0.2, total_iters=3)
    decay = L.CosineAnnealingLR(opt, T_max=5)
    return opt, L.SequentialLR(opt, [warm, decay], milestones=[3])


opt, s = sequential()
for _ in range(4):
    opt.step()
    s.step()
state = s.state_dict()
opt2, s2 = sequential()
s2.load_state_dict(state)
opt2.param_groups[0]["lr"] = opt.param_groups[0]["lr"]
for _ in range(4):
    s.step()
    s2.step()
    print(s.get_last_lr(), s2.get_last_lr(), s2.last_epoch, s2._schedulers[1].last_epoch)
