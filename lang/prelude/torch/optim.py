# torch/optim.py: the torch.optim package (`import torch.optim as optim`):
# Optimizer, the optimizers and the lr_scheduler submodule, gathered from
# lang/prelude/torch/optim/ as PyTorch's torch/optim/__init__.py does.
# SparseAdam checks its arguments and refuses the dense gradients that
# are all there is here (Note [SparseAdam without sparse tensors]).
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW
from torch.optim.adadelta import Adadelta
from torch.optim.adagrad import Adagrad
from torch.optim.adamax import Adamax
from torch.optim.asgd import ASGD
from torch.optim.lbfgs import LBFGS
from torch.optim.nadam import NAdam
from torch.optim.radam import RAdam
from torch.optim.rmsprop import RMSprop
from torch.optim.rprop import Rprop
from torch.optim.sparse_adam import SparseAdam
import torch.optim.lr_scheduler as lr_scheduler
import torch.optim.swa_utils as swa_utils
