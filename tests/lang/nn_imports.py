# The ways notebooks reach torch.nn and torch.optim: attributes of torch
# after a plain `import torch`, from-imports, aliases, and submodules.
import torch

lin = torch.nn.Linear(2, 2)
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, 2)
print(type(lin).__name__, type(opt).__name__, type(sched).__name__)
print(torch.nn.functional.relu(torch.tensor([-1.0, 1.0])))
print(torch.nn.init.calculate_gain("relu"))

from torch import nn, optim
import torch.nn.functional as F
from torch.nn import Module, Parameter, Sequential, Linear
from torch.optim import Adam, AdamW, SGD
from torch.optim.lr_scheduler import CosineAnnealingLR, StepLR
import torch.nn.init as init
from torch.nn.modules.linear import Linear as L2
from torch.nn.parameter import Parameter as P2

print(nn is torch.nn, optim is torch.optim, F is nn.functional, init is nn.init)
print(Linear is nn.Linear, L2 is Linear, P2 is Parameter, Module is nn.Module, Sequential is nn.Sequential)
print(Adam is optim.Adam, StepLR is optim.lr_scheduler.StepLR, CosineAnnealingLR.__name__)
print(nn.Linear, nn.Module, nn.Parameter, nn.MSELoss, optim.Adam, optim.Optimizer)
print(nn.Linear.__module__, nn.Parameter.__module__, optim.SGD.__module__, StepLR.__module__)
print(issubclass(nn.Linear, nn.Module), issubclass(nn.Parameter, torch.Tensor), issubclass(optim.Adam, optim.Optimizer))
print(nn.modules.linear.Linear is nn.Linear, nn.modules.Module is nn.Module)
print(isinstance(torch.nn.Linear(1, 1), torch.nn.modules.module.Module))
