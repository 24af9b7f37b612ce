# The optimizers PyTorch 1.13 has beyond SGD and Adam: RMSprop (centered,
# momentum), Adagrad (lr_decay, initial accumulator), Adadelta, Adamax,
# NAdam, RAdam (before and after its rectification starts), ASGD (past t0)
# and Rprop, with weight decay and maximize where they take them: each
# step's parameters to the last bit (printed in full), their state_dicts,
# reprs, param groups with their own options, load_state_dict round trips
# and PyTorch's errors for bad arguments.
import torch

torch.manual_seed(0)
X = torch.randn(16, 5)
Y = torch.randn(16, 2)


def train(make, steps=12, two_groups=False):
    torch.manual_seed(1)
    model = torch.nn.Sequential(torch.nn.Linear(5, 4), torch.nn.Tanh(), torch.nn.Linear(4, 2))
    if two_groups:
        opt = make([{'params': model[0].parameters()}, {'params': model[2].parameters(), 'lr': 0.003}])
    else:
        opt = make(model.parameters())
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = ((model(X) - Y) ** 2).mean()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, opt, losses


CASES = [
    ('RMSprop', lambda p: torch.optim.RMSprop(p)),
    ('RMSprop centered momentum', lambda p: torch.optim.RMSprop(p, lr=0.01, alpha=0.9, momentum=0.5, centered=True,
                                                                weight_decay=0.01)),
    ('RMSprop maximize', lambda p: torch.optim.RMSprop(p, lr=0.001, maximize=True)),
    ('Adagrad', lambda p: torch.optim.Adagrad(p, lr=0.1)),
    ('Adagrad decay', lambda p: torch.optim.Adagrad(p, lr=0.1, lr_decay=0.05, weight_decay=0.1,
                                                    initial_accumulator_value=0.5)),
    ('Adadelta', lambda p: torch.optim.Adadelta(p)),
    ('Adadelta wd', lambda p: torch.optim.Adadelta(p, lr=0.5, rho=0.8, weight_decay=0.05, maximize=True)),
    ('Adamax', lambda p: torch.optim.Adamax(p)),
    ('Adamax wd', lambda p: torch.optim.Adamax(p, lr=0.01, betas=(0.8, 0.9), weight_decay=0.1)),
    ('NAdam', lambda p: torch.optim.NAdam(p)),
    ('NAdam wd', lambda p: torch.optim.NAdam(p, lr=0.01, momentum_decay=0.01, weight_decay=0.1)),
    ('RAdam', lambda p: torch.optim.RAdam(p)),
    ('RAdam wd', lambda p: torch.optim.RAdam(p, lr=0.01, betas=(0.9, 0.9), weight_decay=0.1)),
    ('ASGD', lambda p: torch.optim.ASGD(p, lr=0.05)),
    ('ASGD t0', lambda p: torch.optim.ASGD(p, lr=0.05, lambd=0.01, alpha=0.5, t0=4, weight_decay=0.1)),
    ('Rprop', lambda p: torch.optim.Rprop(p)),
    ('Rprop etas', lambda p: torch.optim.Rprop(p, lr=0.05, etas=(0.3, 1.5), step_sizes=(1e-3, 0.2), maximize=True)),
]
for name, make in CASES:
    model, opt, losses = train(make)
    print(name, [repr(v) for v in losses[::3]])
    print(' ', [repr(v) for v in model[0].weight.flatten()[:4].tolist()], repr(model[2].bias.tolist()))
    sd = opt.state_dict()
    print(' ', sd['param_groups'])
    for k, st in sd['state'].items():
        print('  state', k, {n: (repr(v.flatten()[:2].tolist()) if isinstance(v, torch.Tensor) and v.dim() else
                                 repr(v.item()) if isinstance(v, torch.Tensor) else repr(v))
                             for n, v in st.items()})
        break
    model2, opt2, _ = train(make, steps=0)
    opt2.load_state_dict(sd)
    print('  reloaded', opt2.state_dict()['param_groups'] == sd['param_groups'])
print(repr(train(CASES[1][1], 1)[1]))
model, opt, losses = train(lambda p: torch.optim.RMSprop(p, lr=0.01, momentum=0.9), two_groups=True)
print([repr(v) for v in losses[::4]], [g['lr'] for g in opt.param_groups])

for make in [lambda p: torch.optim.RMSprop(p, lr=-1), lambda p: torch.optim.RMSprop(p, alpha=-1),
             lambda p: torch.optim.RMSprop(p, momentum=-1), lambda p: torch.optim.RMSprop(p, eps=-1),
             lambda p: torch.optim.Adagrad(p, lr_decay=-1), lambda p: torch.optim.Adagrad(p, initial_accumulator_value=-1),
             lambda p: torch.optim.Adadelta(p, rho=1.5), lambda p: torch.optim.Adamax(p, betas=(1.0, 0.9)),
             lambda p: torch.optim.Adamax(p, betas=(0.9, -0.1)), lambda p: torch.optim.NAdam(p, momentum_decay=-1),
             lambda p: torch.optim.RAdam(p, weight_decay=-1), lambda p: torch.optim.ASGD(p, lr=-0.1),
             lambda p: torch.optim.Rprop(p, etas=(1.5, 1.2)), lambda p: torch.optim.Rprop(p, lr=-1)]:
    try:
        make([torch.nn.Parameter(torch.ones(2))])
    except ValueError as e:
        print('ValueError', e)
