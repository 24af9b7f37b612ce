# An engine error that nothing catches: PyTorch's message under Python's
# traceback, exit status 1
import torch


def bad(a, b):
    return a @ b


x = torch.ones(2, 3)
print(x.sum())
print(bad(x, x))
