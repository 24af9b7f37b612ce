# The float math of unary ops to the last bit, as PyTorch 1.13 computes it on
# these machines: `torch.__config__.show()` reports "CPU capability usage:
# AVX2", so its kernels take SLEEF's 8-float / 4-double vector functions for
# some elements and libm's for others (Note [PyTorch's vector and scalar
# paths] in engine/ops_unary.c). On a machine where PyTorch chose another
# capability (no AVX2, or ATEN_CPU_CAPABILITY=default) these digests differ.
# Each line is an exact digest of a result: hash() of its values, which is
# exact for floats. gelu(approximate='none') of a contiguous float32 tensor
# is left out: PyTorch computes it with oneDNN (MKL-DNN), not these kernels.
import math
import torch
import torch.nn.functional as F


def digest(t):
    return hash(tuple(t.flatten().tolist()))


# the op, and its input drawn from N(0, 1) into the function's domain
OPS = [
    ('exp', torch.exp, lambda x: x * 4),
    ('log', torch.log, lambda x: x.abs() * 10 + 1e-3),
    ('log1p', torch.log1p, lambda x: x.abs() * 3 - 0.5),
    ('sin', torch.sin, lambda x: x * 5),
    ('cos', torch.cos, lambda x: x * 5),
    ('tanh', torch.tanh, lambda x: x * 2),
    ('sigmoid', torch.sigmoid, lambda x: x * 4),
    ('erf', torch.erf, lambda x: x * 1.5),
    ('sqrt', torch.sqrt, lambda x: x.abs() * 10),
    ('rsqrt', torch.rsqrt, lambda x: x.abs() * 10 + 1e-3),
    ('reciprocal', torch.reciprocal, lambda x: x * 3),
    ('gelu_tanh', lambda x: F.gelu(x, approximate='tanh'), lambda x: x * 3),
    ('gelu', F.gelu, lambda x: x * 3),
    ('cosh', torch.cosh, lambda x: x * 4),
    ('sinh', torch.sinh, lambda x: x * 4),
]


def layouts(n, dt, domain):
    """x of n elements, contiguous and every other element of 2n"""
    base = domain(torch.randn(2 * n, dtype=dt))
    yield 'contiguous', base[:n]
    yield 'stride2', base[::2]


def main():
    print('sin(linspace)', digest(torch.sin(torch.linspace(-math.pi, math.pi, 2000))))
    for threads in (1, 2):
        torch.set_num_threads(threads)
        for dt in (torch.float32, torch.float64):
            torch.manual_seed(0)
            for n in (1, 7, 8, 15, 16, 17, 31, 100, 2000, 2001, 40000, 70001):
                for name, fn, domain in OPS:
                    for layout, x in layouts(n, dt, domain):
                        if name == 'gelu' and dt == torch.float32 and layout == 'contiguous':
                            continue
                        print(threads, str(dt)[6:], n, layout, name, digest(fn(x)))
    # in place, on a view
    torch.set_num_threads(1)
    torch.manual_seed(1)
    x = torch.randn(50, 37)
    y = x.clone()
    y[:, 3:].exp_()
    y[::2].tanh_()
    y.sigmoid_()
    print('in place', digest(y))


main()
