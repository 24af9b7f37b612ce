# Learning-rate schedulers: the lr sequences of StepLR and
# CosineAnnealingLR (chainable form, several param groups, eta_min, past
# T_max), get_last_lr, the initial step made by the constructor, and
# state_dict. (lr_schedulers.py has the other schedulers and the warnings.)
import torch
from torch.optim.lr_scheduler import StepLR, CosineAnnealingLR, ExponentialLR, MultiStepLR, LambdaLR

w = torch.ones(2, requires_grad=True)
v = torch.ones(2, requires_grad=True)


def run(make, epochs, **kw):
    opt = torch.optim.SGD([{"params": [w]}, {"params": [v], "lr": 0.5}], lr=0.1, momentum=0.9)
    sched = make(opt, **kw)
    print(type(sched).__name__, {k: x for k, x in kw.items() if k != "lr_lambda"}, sched.get_last_lr(), sched.last_epoch, opt._step_count)
    lrs = []
    for epoch in range(epochs):
        opt.zero_grad()
        (w * v).sum().backward()
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr())
    for lr in lrs:
        print(lr)
    print(opt.param_groups[0]["initial_lr"], opt._step_count, sched._step_count, sched.base_lrs)
    return sched


run(StepLR, 7, step_size=3)
run(StepLR, 5, step_size=2, gamma=0.5)
s = run(CosineAnnealingLR, 12, T_max=5)
print(s.state_dict())
run(CosineAnnealingLR, 6, T_max=4, eta_min=0.01)
run(ExponentialLR, 4, gamma=0.9)
run(MultiStepLR, 6, milestones=[2, 4, 4], gamma=0.1)
run(LambdaLR, 4, lr_lambda=lambda e: 1.0 / (e + 1))

# a training loop printing the lr each epoch, in the usual form
model = torch.nn.Linear(2, 1)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
sched = CosineAnnealingLR(opt, T_max=10)
for epoch in range(10):
    opt.zero_grad()
    model(torch.ones(4, 2)).pow(2).mean().backward()
    opt.step()
    sched.step()
    print(f"epoch {epoch}: lr {opt.param_groups[0]['lr']:.6f}")

opt = torch.optim.SGD([w], lr=1.0)
print(StepLR(opt, 3).state_dict())


def show(f):
    try:
        print("no error:", f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: StepLR("opt", 3))
show(lambda: StepLR(torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=0.1), 3, last_epoch=4))
