# The Optimizer base: reprs, param_groups and defaults, per-group options,
# add_param_group, zero_grad (keeps grads as zeros in 1.13), state keyed by
# parameter, state_dict/load_state_dict, and the errors.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
sgd = torch.optim.SGD(model.parameters(), lr=0.1)
adam = torch.optim.Adam(model.parameters())
adamw = torch.optim.AdamW(model.parameters(), lr=0.01, betas=(0.8, 0.9))
print(sgd)
print(adam)
print(adamw)
print(torch.optim.SGD([{"params": model[0].parameters()}, {"params": model[2].parameters(), "lr": 0.5, "momentum": 0.9}], lr=0.01))
print(len(adam.param_groups), len(adam.param_groups[0]["params"]), sorted(adam.param_groups[0].keys()))
print(adam.defaults)
print(adam.state, len(adam.state))

groups = torch.optim.SGD([{"params": [model[0].weight]}, {"params": [model[0].bias], "lr": 1.0}], lr=0.1)
print([g["lr"] for g in groups.param_groups])
groups.add_param_group({"params": model[2].parameters(), "momentum": 0.5})
print([(g["lr"], g["momentum"], len(g["params"])) for g in groups.param_groups])
print(groups.param_groups[0]["params"][0] is model[0].weight)

x = torch.tensor([[1.0, 2.0]])
model(x).sum().backward()
grads = [p.grad.clone() for p in model.parameters()]
before = [p.detach().clone() for p in model.parameters()]
groups.step()
for b, p, g, lr in zip(before, model.parameters(), grads, [0.1, 1.0, 0.1, 0.1]):
    print(torch.allclose(p, b - lr * g))
groups.zero_grad()
print([p.grad for p in model.parameters()])
groups.zero_grad(set_to_none=True)
print([p.grad for p in model.parameters()])

# state and its dict form
model(x).sum().backward()
adam.step()
print(len(adam.state), list(adam.state[model[0].weight].keys()))
sd = adam.state_dict()
print(sorted(sd.keys()), list(sd["state"].keys()), sd["param_groups"])
print(sd["state"][1]["step"], sd["state"][3]["exp_avg"])
fresh = torch.optim.Adam(model.parameters(), lr=0.5)
fresh.load_state_dict(sd)
print(fresh.param_groups[0]["lr"], fresh.state[model[2].bias]["exp_avg"], fresh.state[model[2].bias]["step"])
print(fresh.param_groups[0]["params"][0] is model[0].weight)


def show(f):
    try:
        print("no error:", f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


w = torch.ones(2, requires_grad=True)
show(lambda: torch.optim.SGD([], lr=0.1))
show(lambda: torch.optim.SGD(w, lr=0.1))
show(lambda: torch.optim.SGD([w]))
show(lambda: torch.optim.SGD([w], lr=-1))
show(lambda: torch.optim.SGD([w], lr=0.1, momentum=-1))
show(lambda: torch.optim.SGD([w], lr=0.1, weight_decay=-1))
show(lambda: torch.optim.SGD([w], lr=0.1, nesterov=True))
show(lambda: torch.optim.SGD([w * 2], lr=0.1))
show(lambda: torch.optim.SGD([1.0], lr=0.1))
show(lambda: torch.optim.SGD({w}, lr=0.1))
show(lambda: torch.optim.Adam([w], lr=-0.1))
show(lambda: torch.optim.Adam([w], eps=-1))
show(lambda: torch.optim.Adam([w], betas=(1.0, 0.9)))
show(lambda: torch.optim.Adam([w], betas=(0.9, -0.1)))
show(lambda: torch.optim.Adam([w], weight_decay=-1))
show(lambda: torch.optim.AdamW([w], lr=-1))
show(lambda: torch.optim.SGD([w], lr=0.1).add_param_group({"params": [w]}))
show(lambda: torch.optim.SGD([w], lr=0.1).load_state_dict({"state": {}, "param_groups": []}))
show(lambda: torch.optim.SGD([w], lr=0.1).load_state_dict({"state": {}, "param_groups": [{"params": [0, 1]}]}))
from torch.optim.optimizer import required

print(repr(required))
