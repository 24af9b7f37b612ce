# Warnings raised under a module's forward point at the line that called
# the module, as PyTorch's stacklevel does for nn.Softmax without dim
# called from the cell. (Called from inside a Sequential, PyTorch points
# into its own container.py; cgrad points at the cell's line.)
import torch
import torch.nn as nn

x = torch.tensor([[1.0, 2.0, 3.0]])
print(nn.Softmax()(x))
print(nn.LogSoftmax()(x))
print(nn.Softmin()(x))
print(nn.Softmax(dim=1)(x))
