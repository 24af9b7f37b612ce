# torch/_windows.py: the window functions of signal processing (hann,
# hamming, blackman, bartlett, kaiser), built as PyTorch's factories build them:
# an arange scaled and passed through cos in the window's dtype, so that
# the values are PyTorch's bits.
import math

import torch


def _checks(name, window_length, dtype, layout):
    if window_length < 0:
        raise RuntimeError("%s requires non-negative window_length, got window_length=%d" % (name, window_length))
    if layout is not None and layout != torch.strided:
        raise RuntimeError("%s is not implemented for sparse types, got: %s" % (name, layout))
    if not (dtype.is_floating_point or dtype.is_complex):
        raise RuntimeError("%s expects floating point dtypes, got: TensorOptions(dtype=%s, device=cpu, "
                           "layout=Strided (default), requires_grad=false (default), pinned_memory=false, "
                           "memory_format=(nullopt))" % (name, _cpp_name(dtype)))


def _cpp_name(dtype):
    return {torch.int64: "long int", torch.int32: "int", torch.int16: "short int", torch.int8: "signed char",
            torch.uint8: "unsigned char", torch.bool: "bool"}.get(dtype, str(dtype))


def _window(name, window_length, periodic, dtype, layout, device, requires_grad, body):
    dtype = torch.get_default_dtype() if dtype is None else dtype
    _checks(name, window_length, dtype, layout)
    if window_length == 0:
        w = torch.empty(0, dtype=dtype, device=device)
    elif window_length == 1:
        w = torch.ones(1, dtype=dtype, device=device)
    else:
        n = window_length + 1 if periodic else window_length
        w = body(torch.arange(n, dtype=dtype, device=device), n)
        if periodic:
            w = w.narrow(0, 0, n - 1)
    return w.requires_grad_(requires_grad) if requires_grad else w


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None, layout=None, device=None,
                   pin_memory=False, requires_grad=False):
    """The Hamming window: alpha - beta cos(2 pi n / (N - 1))."""
    def body(w, n):
        return w.mul_(math.pi * 2. / (n - 1)).cos().mul_(-beta).add_(alpha)
    return _window("hamming_window", window_length, periodic, dtype, layout, device, requires_grad, body)


def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                requires_grad=False):
    """The Hann window: the Hamming window with alpha = beta = 1/2."""
    def body(w, n):
        return w.mul_(math.pi * 2. / (n - 1)).cos().mul_(-0.5).add_(0.5)
    return _window("hann_window", window_length, periodic, dtype, layout, device, requires_grad, body)


def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    """The Blackman window: 0.42 - 0.5 cos(2 pi n / (N - 1)) + 0.08 cos(4 pi n / (N - 1))."""
    def body(w, n):
        w = w.mul_(math.pi / (n - 1))
        return w.mul(4).cos().mul_(0.08) - w.mul(2).cos().mul_(0.5) + 0.42
    return _window("blackman_window", window_length, periodic, dtype, layout, device, requires_grad, body)


def bartlett_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    """The Bartlett (triangular) window."""
    def body(w, n):
        w = w.mul_(2. / (n - 1))
        first_half = ((n - 1) >> 1) + 1
        w.narrow(0, first_half, n - first_half).mul_(-1).add_(2)
        return w
    return _window("bartlett_window", window_length, periodic, dtype, layout, device, requires_grad, body)


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None, layout=None, device=None,
                  pin_memory=False, requires_grad=False):
    """The Kaiser window: i0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta), alpha = (N - 1) / 2."""
    out_dtype = torch.get_default_dtype() if dtype is None else dtype

    def body(w, n):
        if out_dtype == torch.float16:
            raise RuntimeError("\"kaiser_window_cpu\" not implemented for 'Half'")
        # PyTorch's kernel computes in the window's dtype (bfloat16 rounds
        # each step); its divisions are true ones, not by a reciprocal
        calc = out_dtype
        alpha = torch.full((n,), (n - 1) / 2.0, dtype=calc, device=w.device)
        x = (w - alpha) / alpha
        if calc == torch.float32:  # its compiled float kernel fuses 1 - x * x into one fma
            ratio = torch.sqrt(torch.addcmul(torch.ones_like(x), x, x, value=-1))
        else:
            ratio = torch.sqrt(1 - torch.pow(x, 2))
        top = torch.i0(ratio * beta)
        bottom = torch.i0(torch.full((n,), beta, dtype=calc, device=w.device))
        return (top / bottom).to(out_dtype)
    return _window("kaiser_window", window_length, periodic, dtype, layout, device, requires_grad, body)
