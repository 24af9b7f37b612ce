# torch/optim.py: the torch.optim package (`import torch.optim as optim`):
# Optimizer, SGD, Adam, AdamW and the lr_scheduler submodule, gathered from
# lang/prelude/torch/optim/ as PyTorch's torch/optim/__init__.py does.
# Not here: the other optimizers (RMSprop, Adagrad, LBFGS, ...).
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW
import torch.optim.lr_scheduler as lr_scheduler
