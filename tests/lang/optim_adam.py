# Adam and AdamW over several steps, with their options (weight decay,
# amsgrad, maximize, betas, eps), printing parameters and state: the step
# count is a float tensor as in PyTorch 1.13.
import torch
import torch.nn as nn


def train(cls, steps=6, **kwargs):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    opt = cls(model.parameters(), **kwargs)
    x = torch.randn(16, 3)
    y = torch.randn(16, 1)
    for step in range(steps):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
    print(cls.__name__, kwargs, f"{loss.item():.5f}")
    print(model[0].weight)
    print(model[2].bias)
    state = opt.state[model[2].bias]
    print(sorted(state.keys()), state["step"], state["exp_avg"], state["exp_avg_sq"])


train(torch.optim.Adam)
train(torch.optim.Adam, lr=0.01)
train(torch.optim.Adam, lr=0.01, weight_decay=0.1)
train(torch.optim.Adam, lr=0.01, amsgrad=True)
train(torch.optim.Adam, lr=0.01, betas=(0.5, 0.9), eps=1e-4, maximize=True)
train(torch.optim.AdamW)
train(torch.optim.AdamW, lr=0.01, weight_decay=0.5)
train(torch.optim.AdamW, lr=0.01, amsgrad=True, maximize=True)

# many steps on one parameter
w = torch.tensor([1.0, -1.0, 0.5], requires_grad=True)
opt = torch.optim.Adam([w], lr=0.1)
for i in range(50):
    opt.zero_grad()
    (w ** 2 + w).sum().backward()
    opt.step()
print(w, opt.state[w]["step"])
