# SGD over several steps, for each option (momentum, dampening, Nesterov,
# weight decay, maximize), printing the parameters as PyTorch's repr and
# the momentum buffer.
import torch
import torch.nn as nn


def train(**kwargs):
    torch.manual_seed(0)
    model = nn.Linear(3, 2)
    opt = torch.optim.SGD(model.parameters(), **kwargs)
    x = torch.randn(8, 3)
    y = torch.randn(8, 2)
    for step in range(5):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        r = opt.step()
    print(kwargs, r)
    print(model.weight)
    print(model.bias)
    state = opt.state[model.weight]
    print(list(state.keys()), state.get("momentum_buffer"))


train(lr=0.1)
train(lr=0.1, momentum=0.9)
train(lr=0.1, momentum=0.9, dampening=0.5)
train(lr=0.1, momentum=0.9, nesterov=True)
train(lr=0.1, weight_decay=0.01)
train(lr=0.05, momentum=0.5, weight_decay=0.1, maximize=True)

# a closure is called once and its loss returned
torch.manual_seed(0)
w = torch.tensor([1.0, -2.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.5)


def closure():
    opt.zero_grad()
    loss = (w ** 2).sum()
    loss.backward()
    print("closure", loss.item())
    return loss


print(opt.step(closure), w)
# parameters without a gradient are skipped
u = torch.ones(2, requires_grad=True)
opt2 = torch.optim.SGD([u, w], lr=1.0)
(w * 3).sum().backward()
opt2.step()
print(u, w)
