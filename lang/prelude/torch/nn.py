# torch/nn.py: the torch.nn package (`import torch.nn as nn`): Module,
# Parameter, the layers, containers and losses, and the init, functional
# and modules submodules, as PyTorch's torch/nn/__init__.py gathers them.
# Not here: transformers, 3-d convolutions and
# pooling, the lazy modules.
import torch.nn.functional as functional
import torch.nn.init as init
import torch.nn.parameter as parameter
import torch.nn.modules as modules
import torch.nn.utils as utils
from torch.nn.parameter import Parameter
from torch.nn.modules import *
