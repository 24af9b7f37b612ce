# A convolution with a kernel of size zero is built (kaiming_uniform_ warns
# that its empty weight is left as it is) but refuses to run, as in PyTorch
# 1.13, instead of computing (issue 19, item 8).
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def attempt(name, f):
    try:
        print(name, f())
    except RuntimeError as e:
        print(name, type(e).__name__, e)


for make in [lambda: nn.Conv2d(3, 4, kernel_size=0), lambda: nn.Conv2d(3, 4, kernel_size=(0, 3)),
             lambda: nn.Conv2d(3, 4, kernel_size=(3, 0)), lambda: nn.Conv1d(3, 4, kernel_size=0)]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        conv = make()
    print(conv, tuple(conv.weight.shape), [str(w.message) for w in caught])
    x = torch.randn(1, 3, 5, 5) if isinstance(conv, nn.Conv2d) else torch.randn(1, 3, 5)
    attempt('forward', lambda: conv(x).shape)

attempt('F.conv2d', lambda: F.conv2d(torch.randn(1, 3, 5, 5), torch.randn(4, 3, 0, 0)).shape)
attempt('F.conv1d', lambda: F.conv1d(torch.randn(1, 3, 5), torch.randn(4, 3, 0)).shape)
