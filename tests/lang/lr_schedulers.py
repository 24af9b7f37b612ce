# Every learning-rate scheduler of PyTorch 1.13 over many steps: the lrs
# (full precision), the momentums or betas the cycling ones set, verbose
# prints, step(epoch)'s closed forms, state_dict round trips, the
# warnings (recorded here: PyTorch's name its own file) and the errors.
import math
import warnings
import torch
from torch.optim import lr_scheduler as L

# Warnings print as category and message: PyTorch's name its own file.
warnings.simplefilter("always")
warnings.showwarning = lambda message, category, *rest: print("warning:", category.__name__, message)

w = torch.ones(2, requires_grad=True)
v = torch.ones(2, requires_grad=True)


def sgd(lr=0.1, momentum=0.9):
    return torch.optim.SGD([{"params": [w]}, {"params": [v], "lr": 0.5}], lr=lr, momentum=momentum)


def adam(lr=0.01):
    return torch.optim.Adam([{"params": [w]}, {"params": [v], "lr": 0.02}], lr=lr)


def train_step(opt):
    opt.zero_grad()
    (w * v).sum().backward()
    opt.step()


def momenta(opt):
    return [g.get("momentum", g.get("betas")) for g in opt.param_groups]


def run(name, opt, make, steps, **kw):
    """Prints the lrs (and momentums) at construction and after each step."""
    sched = make(opt, **kw)
    print(name, sched.get_last_lr(), momenta(opt))
    for _ in range(steps):
        train_step(opt)
        sched.step()
        print(" ", getattr(sched, "last_epoch", None), sched.get_last_lr(), momenta(opt))
    return sched


def show_warnings(caught):
    for x in caught:
        print("warning:", x.category.__name__, str(x.message))


def expect_error(fn):
    try:
        fn()
    except Exception as e:
        print("error:", type(e).__name__, e)


run("MultiplicativeLR", sgd(), L.MultiplicativeLR, 5, lr_lambda=lambda e: 0.9)
run("MultiplicativeLR list", sgd(), L.MultiplicativeLR, 4, lr_lambda=[lambda e: 0.5, lambda e: 1.0 / (e + 1)])
run("ConstantLR", sgd(), L.ConstantLR, 7)
run("ConstantLR 0.5", sgd(), L.ConstantLR, 5, factor=0.5, total_iters=2)
run("LinearLR", sgd(), L.LinearLR, 8)
run("LinearLR down", sgd(), L.LinearLR, 6, start_factor=1.0, end_factor=0.1, total_iters=4)
run("PolynomialLR", sgd(), L.PolynomialLR, 7)
run("PolynomialLR 2", sgd(), L.PolynomialLR, 5, total_iters=4, power=2.0)
run("MultiStepLR dup", sgd(), L.MultiStepLR, 6, milestones=[2, 4, 4], gamma=0.5)
run("CosineAnnealingWarmRestarts", sgd(), L.CosineAnnealingWarmRestarts, 12, T_0=3)
run("CosineAnnealingWarmRestarts mult", sgd(), L.CosineAnnealingWarmRestarts, 16, T_0=2, T_mult=2, eta_min=0.001)
run("CyclicLR", sgd(), L.CyclicLR, 10, base_lr=0.01, max_lr=0.1, step_size_up=3)
run("CyclicLR triangular2", sgd(), L.CyclicLR, 14, base_lr=[0.01, 0.02], max_lr=0.1, step_size_up=2,
    step_size_down=3, mode="triangular2")
run("CyclicLR exp_range", sgd(), L.CyclicLR, 10, base_lr=0.01, max_lr=0.1, step_size_up=2, mode="exp_range",
    gamma=0.9, base_momentum=0.7, max_momentum=[0.95, 0.9])
run("CyclicLR scale_fn", sgd(), L.CyclicLR, 8, base_lr=0.01, max_lr=0.1, step_size_up=2,
    scale_fn=lambda x: 0.5 ** x, scale_mode="iterations", cycle_momentum=False)
run("CyclicLR scale_fn cycle", sgd(), L.CyclicLR, 8, base_lr=0.01, max_lr=0.1, step_size_up=2,
    scale_fn=lambda x: 1.0 / x)
run("OneCycleLR", sgd(), L.OneCycleLR, 10, max_lr=0.1, total_steps=10)
run("OneCycleLR linear", sgd(), L.OneCycleLR, 12, max_lr=[0.1, 0.2], epochs=3, steps_per_epoch=4,
    anneal_strategy="linear", pct_start=0.25)
run("OneCycleLR three_phase", sgd(), L.OneCycleLR, 10, max_lr=0.1, total_steps=10, three_phase=True,
    div_factor=10.0, final_div_factor=100.0)
run("OneCycleLR adam", adam(), L.OneCycleLR, 6, max_lr=0.05, total_steps=6, base_momentum=0.8, max_momentum=0.9)
run("OneCycleLR no momentum", adam(), L.OneCycleLR, 4, max_lr=0.05, total_steps=5, cycle_momentum=False)
run("CosineAnnealingLR adam", adam(), L.CosineAnnealingLR, 5, T_max=3)

# SequentialLR and ChainedScheduler over the others
opt = sgd()
s1 = L.ConstantLR(opt, factor=0.1, total_iters=2)
s2 = L.ExponentialLR(opt, gamma=0.9)
seq = run("SequentialLR", opt, lambda o: L.SequentialLR(o, [s1, s2], milestones=[2]), 6)
print(seq.state_dict())
opt = sgd()
s1 = L.LinearLR(opt, start_factor=0.5, total_iters=3)
s2 = L.StepLR(opt, step_size=2, gamma=0.5)
s3 = L.CosineAnnealingLR(opt, T_max=4)
seq = run("SequentialLR 3", opt, lambda o: L.SequentialLR(o, [s1, s2, s3], milestones=[3, 6]), 10)
opt = sgd()
chain = run("ChainedScheduler", opt, lambda o: L.ChainedScheduler(
    [L.ConstantLR(o, factor=0.1, total_iters=2), L.ExponentialLR(o, gamma=0.9)]), 5)
print(chain.state_dict())
chain.load_state_dict(chain.state_dict())
print(chain._schedulers[1].last_epoch, chain.get_last_lr())

# ReduceLROnPlateau
def plateau(metrics, **kw):
    opt = sgd()
    sched = L.ReduceLROnPlateau(opt, **kw)
    for m in metrics:
        sched.step(m)
        print(" ", sched.last_epoch, sched._last_lr, sched.best, sched.num_bad_epochs, sched.cooldown_counter,
              sched.in_cooldown)
    return sched


losses = [1.0, 0.9, 0.95, 0.95, 0.95, 0.91, 0.95, 0.95, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8]
print("ReduceLROnPlateau")
plateau(losses, patience=1)
print("ReduceLROnPlateau max abs cooldown")
plateau([0.1, 0.2, 0.25, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3], mode="max", threshold=0.1, threshold_mode="abs",
        patience=1, cooldown=2, factor=0.5)
print("ReduceLROnPlateau min_lr list, eps, verbose")
s = plateau([torch.tensor(1.0)] * 8, patience=0, min_lr=[0.05, 0.2], factor=0.5, eps=0.01, verbose=True)
print("ReduceLROnPlateau max rel")
s = plateau([1.0, 1.05, 1.2, 1.21, 1.22], mode="max", threshold=0.1, patience=0)
state = s.state_dict()
print(state)
s2 = L.ReduceLROnPlateau(sgd(), mode="min")
s2.load_state_dict(state)
print(s2.mode, s2.mode_worse, s2.best, s2.last_epoch, s2.is_better(2.0, 1.5))
expect_error(lambda: s2.get_last_lr())

# verbose prints and step(epoch)
opt = sgd()
s = L.StepLR(opt, step_size=2, verbose=True)
train_step(opt)
s.step()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    s.step(5)
    s.step(2.5)
show_warnings(caught)
print(s.get_last_lr())
opt = sgd()
s = L.CosineAnnealingWarmRestarts(opt, T_0=4, T_mult=2, verbose=True)
for e in [0.5, 1.25, 5, 13, 30.5, 3]:
    s.step(e)
    print(" ", s.last_epoch, s.T_cur, s.T_i, s.get_last_lr())
expect_error(lambda: s.step(-1))
opt = sgd()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for make in [lambda o: L.LinearLR(o, total_iters=4), lambda o: L.ConstantLR(o, total_iters=3),
                 lambda o: L.PolynomialLR(o, total_iters=4, power=0.5), lambda o: L.MultiStepLR(o, [1, 3, 3]),
                 lambda o: L.MultiplicativeLR(o, lambda e: 0.5)]:
        opt = sgd()
        s = make(opt)
        for e in [2, 5, 1, 3]:
            s.step(e)
            print(type(s).__name__, e, s.get_last_lr())
print(len(caught), set(str(x.message) == L.EPOCH_DEPRECATION_WARNING for x in caught))

# the warnings: step order, get_lr outside step, overridden optimizer.step
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    opt = sgd()
    s = L.ExponentialLR(opt, gamma=0.5)
    s.step()
    s.step()
    print(s.get_lr(), s.get_last_lr())
    opt = sgd()
    s = L.OneCycleLR(opt, max_lr=0.1, total_steps=4)
    print(s.get_lr())
    opt = sgd()
    s = L.LinearLR(opt)
    opt.step = lambda: None
    s.step()
show_warnings(caught)

# state_dict round trips
opt = sgd()
s = run("StepLR", opt, L.StepLR, 3, step_size=2)
print(s.state_dict())
opt = sgd()
s = run("MultiStepLR", opt, L.MultiStepLR, 3, milestones=[1, 3, 3])
print(s.state_dict())


class Factor:
    def __init__(self, f):
        self.f = f

    def __call__(self, epoch):
        return self.f ** epoch


opt = sgd()
s = run("LambdaLR", opt, L.LambdaLR, 3, lr_lambda=[Factor(0.5), lambda e: 1.0])
state = s.state_dict()
print(state)
state["lr_lambdas"][0]["f"] = 0.25
s2 = L.LambdaLR(sgd(), lr_lambda=[Factor(0.5), lambda e: 2.0])
s2.load_state_dict(state)
print(s2.lr_lambdas[0].f, s2.last_epoch, "lr_lambdas" in state)
s = L.MultiplicativeLR(sgd(), lr_lambda=Factor(0.9))
print(s.state_dict())
opt = sgd()
s = run("CosineAnnealingWarmRestarts", opt, L.CosineAnnealingWarmRestarts, 3, T_0=2)
print(s.state_dict())
opt = sgd()
s = run("CyclicLR", opt, L.CyclicLR, 3, base_lr=0.01, max_lr=0.1, step_size_up=2)
print(sorted(k for k in s.state_dict()))
print({k: x for k, x in s.state_dict().items() if k != "_scale_fn_ref"})
opt = adam()
s = run("OneCycleLR", opt, L.OneCycleLR, 3, max_lr=0.1, total_steps=5)
print({k: x for k, x in s.state_dict().items() if k != "anneal_func"})
s2 = L.OneCycleLR(adam(), max_lr=0.1, total_steps=5)
s2.load_state_dict(s.state_dict())
print(s2.last_epoch, s2.get_last_lr())
expect_error(lambda: [s.step() for _ in range(5)])

# resuming with last_epoch
opt = sgd()
L.StepLR(opt, step_size=2)
opt.param_groups[0]["lr"] = 0.05
s = L.StepLR(opt, step_size=2, last_epoch=3)
print(s.get_last_lr(), s.base_lrs, s.last_epoch)
opt = sgd()
s = L.OneCycleLR(opt, max_lr=0.1, total_steps=10)
s = L.OneCycleLR(opt, max_lr=0.1, total_steps=10, last_epoch=4)
print(s.get_last_lr(), momenta(opt))

# errors
expect_error(lambda: L.ConstantLR(sgd(), factor=1.5))
expect_error(lambda: L.LinearLR(sgd(), start_factor=-0.1))
expect_error(lambda: L.LinearLR(sgd(), end_factor=2))
expect_error(lambda: L.MultiplicativeLR(sgd(), lr_lambda=[lambda e: 1.0]))
expect_error(lambda: L.LambdaLR(sgd(), lr_lambda=[lambda e: 1.0] * 3))
expect_error(lambda: L.StepLR(sgd(), step_size=2, last_epoch=4))
expect_error(lambda: L.StepLR([w], step_size=2))
expect_error(lambda: L.CosineAnnealingWarmRestarts(sgd(), T_0=0))
expect_error(lambda: L.CosineAnnealingWarmRestarts(sgd(), T_0=2.0))
expect_error(lambda: L.CosineAnnealingWarmRestarts(sgd(), T_0=2, T_mult=0))
expect_error(lambda: L.CosineAnnealingWarmRestarts(sgd(), T_0=2, T_mult=1.5))
expect_error(lambda: L.CyclicLR(sgd(), 0.01, 0.1, mode="square"))
expect_error(lambda: L.CyclicLR(adam(), 0.01, 0.1))
expect_error(lambda: L.CyclicLR(sgd(), [0.01], 0.1))
expect_error(lambda: L.CyclicLR(sgd(), 0.01, [0.1, 0.2, 0.3]))
expect_error(lambda: L.CyclicLR("opt", 0.01, 0.1))
expect_error(lambda: L.OneCycleLR(sgd(), 0.1))
expect_error(lambda: L.OneCycleLR(sgd(), 0.1, total_steps=0))
expect_error(lambda: L.OneCycleLR(sgd(), 0.1, total_steps=2.0))
expect_error(lambda: L.OneCycleLR(sgd(), 0.1, epochs=-1, steps_per_epoch=2))
expect_error(lambda: L.OneCycleLR(sgd(), 0.1, epochs=2, steps_per_epoch=0))
expect_error(lambda: L.OneCycleLR(sgd(), 0.1, total_steps=10, pct_start=1))
expect_error(lambda: L.OneCycleLR(sgd(), 0.1, total_steps=10, pct_start=1.5))
expect_error(lambda: L.OneCycleLR(sgd(), 0.1, total_steps=10, anneal_strategy="exp"))
expect_error(lambda: L.OneCycleLR(sgd(), [0.1], total_steps=10))
expect_error(lambda: L.OneCycleLR(sgd(), 0.1, total_steps=10, max_momentum=[0.9]))
expect_error(lambda: L.ReduceLROnPlateau(sgd(), factor=1.0))
expect_error(lambda: L.ReduceLROnPlateau(sgd(), mode="avg"))
expect_error(lambda: L.ReduceLROnPlateau(sgd(), threshold_mode="pct"))
expect_error(lambda: L.ReduceLROnPlateau(sgd(), min_lr=[0.1]))
expect_error(lambda: L.ReduceLROnPlateau(None))
opt = sgd()
expect_error(lambda: L.SequentialLR(opt, [L.StepLR(opt, 2), L.StepLR(sgd(), 2)], milestones=[2]))
expect_error(lambda: L.SequentialLR(opt, [L.StepLR(opt, 2), L.StepLR(opt, 2)], milestones=[2, 3]))
expect_error(lambda: L.ChainedScheduler([L.StepLR(opt, 2), L.StepLR(sgd(), 2)]))
print(L.__all__)
print(L.EPOCH_DEPRECATION_WARNING)
print(issubclass(L.CyclicLR, L._LRScheduler), L.ReduceLROnPlateau.__mro__[1], L.inf)
