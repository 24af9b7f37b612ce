# torch.nn.init and default initialisation: seeded draws must be PyTorch's
# bit for bit (printed as Python floats, every digit), gains and fans as
# PyTorch computes them.
import torch
import torch.nn as nn
from torch.nn import init

for nl in ["linear", "conv2d", "sigmoid", "tanh", "relu", "leaky_relu", "selu"]:
    print(nl, init.calculate_gain(nl))
print(init.calculate_gain("leaky_relu", 0.2), init.calculate_gain("leaky_relu", 1))
print(init._calculate_fan_in_and_fan_out(torch.empty(5, 3)), init._calculate_fan_in_and_fan_out(torch.empty(4, 3, 2, 2)))

torch.manual_seed(0)
lin = nn.Linear(2, 64)
print(lin.weight[:3].tolist())
print(lin.bias[:5].tolist())
print(sum(lin.weight.reshape(-1).tolist()), sum(lin.bias.tolist()))

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1))
for name, p in model.named_parameters():
    print(name, p.reshape(-1)[:2].tolist(), sum(p.reshape(-1).tolist()))

torch.manual_seed(0)
emb = nn.Embedding(4, 3, padding_idx=2)
print(emb.weight.tolist())

t = torch.empty(3, 4)
torch.manual_seed(1)
for name, f in [("uniform", lambda: init.uniform_(t)),
                ("uniform ab", lambda: init.uniform_(t, -2.0, 3.0)),
                ("normal", lambda: init.normal_(t)),
                ("normal ms", lambda: init.normal_(t, mean=1.0, std=0.1)),
                ("constant", lambda: init.constant_(t, 0.25)),
                ("zeros", lambda: init.zeros_(t)),
                ("ones", lambda: init.ones_(t)),
                ("eye", lambda: init.eye_(t)),
                ("xavier_uniform", lambda: init.xavier_uniform_(t)),
                ("xavier_uniform gain", lambda: init.xavier_uniform_(t, gain=init.calculate_gain("relu"))),
                ("xavier_normal", lambda: init.xavier_normal_(t)),
                ("kaiming_uniform", lambda: init.kaiming_uniform_(t)),
                ("kaiming_uniform fan_out relu", lambda: init.kaiming_uniform_(t, mode="fan_out", nonlinearity="relu")),
                ("kaiming_normal", lambda: init.kaiming_normal_(t)),
                ("kaiming_normal a", lambda: init.kaiming_normal_(t, a=0.1, mode="fan_out"))]:
    r = f()
    print(name, r is t, t[0].tolist())

# init functions do not record autograd history
p = nn.Parameter(torch.empty(2, 2))
init.normal_(p)
print(p.grad_fn, p.requires_grad, p.is_leaf)
