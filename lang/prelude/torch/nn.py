# torch/nn.py: the torch.nn package (`import torch.nn as nn`): Module,
# Parameter, the layers, containers and losses, and the init and
# functional submodules, gathered from lang/prelude/torch/nn/ as PyTorch's
# torch/nn/__init__.py gathers them from torch/nn/modules/.
# Not here: convolutions, pooling, recurrent layers, batch norm,
# nn.utils, the lazy modules.
import torch.nn.functional as functional
import torch.nn.init as init
import torch.nn.parameter as parameter
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module, register_module_forward_pre_hook, \
    register_module_forward_hook, register_module_full_backward_hook
from torch.nn.modules.container import Sequential, ModuleList, ModuleDict
from torch.nn.modules.linear import Identity, Linear
from torch.nn.modules.activation import ReLU, LeakyReLU, GELU, Tanh, Sigmoid, Softmax, Softmin, LogSoftmax
from torch.nn.modules.dropout import Dropout
from torch.nn.modules.flatten import Flatten
from torch.nn.modules.sparse import Embedding
from torch.nn.modules.normalization import LayerNorm
from torch.nn.modules.loss import L1Loss, MSELoss, NLLLoss, CrossEntropyLoss, BCELoss, \
    BCEWithLogitsLoss, SmoothL1Loss
