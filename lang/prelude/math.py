# math.py: a stand-in for Python's math module, only what torch.nn.init and
# torch.optim.lr_scheduler need, until the C math module (stdlib branch)
# lands; modules.c prefers a C module of the same name, so this file is
# dead once that one exists and can then be deleted.
# Each function rounds through the engine's float64 kernels, which call the
# same libm functions CPython's math does, so the results are the same bits.
import torch

pi = 3.141592653589793
e = 2.718281828459045
tau = 6.283185307179586
inf = float('inf')
nan = float('nan')


def _f64(x):
    return torch.tensor(float(x), dtype=torch.float64)


def sqrt(x):
    if x < 0:
        raise ValueError('math domain error')
    return _f64(x).sqrt().item()


def cos(x):
    return _f64(x).cos().item()


def sin(x):
    return _f64(x).sin().item()


def exp(x):
    return _f64(x).exp().item()


def log(x):
    if x <= 0:
        raise ValueError('math domain error')
    return _f64(x).log().item()


def isnan(x):
    return x != x


def isinf(x):
    return x == inf or x == -inf


def floor(x):
    i = int(x)
    return i - 1 if i > x else i


def ceil(x):
    i = int(x)
    return i + 1 if i < x else i
