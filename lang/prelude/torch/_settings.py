# torch/_settings.py: the switches and facts at the top of torch that old
# and careful code asks for: deterministic algorithms, warn-always, the
# build's features (has_lapack, ...), vitals, torch.range.
import warnings

import torch

_deterministic = False
_deterministic_warn_only = False
_warn_always = False

# What this build has: LAPACK (OpenBLAS's) and oneDNN; no MKL, cuDNN, MPS,
# OpenMP (cgrad's threads are its own) or FFT yet.
has_cuda = torch.cuda.is_available()
has_cudnn = False
has_lapack = True
has_mkl = False
has_mkldnn = True
has_mps = False
has_openmp = False
has_spectral = False


def use_deterministic_algorithms(mode, *, warn_only=False):
    """Sets whether PyTorch operations must use "deterministic" algorithms.
    Every CPU kernel of cgrad is deterministic: the switch is kept for
    code that asks for it."""
    global _deterministic, _deterministic_warn_only
    _deterministic = bool(mode)
    _deterministic_warn_only = bool(warn_only)


def are_deterministic_algorithms_enabled():
    """Returns True if the global deterministic flag is turned on."""
    return _deterministic


def is_deterministic_algorithms_warn_only_enabled():
    """Returns True if the global deterministic flag is set to warn only."""
    return _deterministic_warn_only


def set_deterministic_debug_mode(debug_mode):
    """Sets the debug mode for deterministic operations: 'default' (0),
    'warn' (1) or 'error' (2)."""
    if isinstance(debug_mode, str):
        modes = {"default": 0, "warn": 1, "error": 2}
        if debug_mode not in modes:
            raise RuntimeError("invalid value of debug_mode, expected one of `default`, `warn`, `error`, but got "
                               + debug_mode)
        debug_mode = modes[debug_mode]
    elif not isinstance(debug_mode, int):
        raise TypeError("debug_mode must be str or int, but got %s" % type(debug_mode))
    if debug_mode not in (0, 1, 2):
        raise RuntimeError("invalid value of debug_mode, expected 0, 1, or 2, but got %d" % debug_mode)
    use_deterministic_algorithms(debug_mode != 0, warn_only=debug_mode == 1)


def get_deterministic_debug_mode():
    """Returns the current value of the debug mode for deterministic operations."""
    if not _deterministic:
        return 0
    return 1 if _deterministic_warn_only else 2


def set_warn_always(b):
    """When on, warnings PyTorch gives once are given every time."""
    global _warn_always
    _warn_always = bool(b)


def is_warn_always_enabled():
    """Returns True if the global warn_always flag is turned on."""
    return _warn_always


def compiled_with_cxx11_abi():
    """Returns whether PyTorch was built with _GLIBCXX_USE_CXX11_ABI=1."""
    return True


def is_storage(obj):
    """Returns True if obj is a PyTorch storage object."""
    return isinstance(obj, torch.storage.TypedStorage)


def init_num_threads():
    """Initializes the number of parallel threads (nothing to do: cgrad's
    pool starts with torch.get_num_threads() threads)."""
    return None


def is_vulkan_available():
    return False


def vitals_enabled():
    return False


def set_vital(category, name, value):
    return False


def read_vitals():
    return ""


def range(start, end, step=1, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    """The numbers from start to end inclusive, step apart (deprecated: use
    torch.arange, which leaves end out)."""
    warnings.warn("torch.range is deprecated and will be removed in a future release because its behavior is "
                  "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in "
                  "[start, end).", UserWarning, stacklevel=2)
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if (step > 0 and start > end) or (step < 0 and start < end):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    n = int((end - start) / step) + 1
    dtype = torch.get_default_dtype() if dtype is None else dtype
    r = torch.arange(n, dtype=torch.float64, device=device).mul_(step).add_(start).to(dtype)
    if out is not None:
        return out.copy_(r)
    return r.requires_grad_(requires_grad)


def scalar_tensor(s, *, dtype=None, layout=None, device=None, pin_memory=None, requires_grad=False):
    """A 0-d tensor holding the number s, of the default dtype."""
    dtype = torch.get_default_dtype() if dtype is None else dtype
    return torch.full((), s, dtype=dtype, device=device, requires_grad=requires_grad)


def fill(input, value):
    """A tensor like input, filled with value."""
    return input.clone().fill_(value)


def fill_(input, value):
    return input.fill_(value)


def zero_(input):
    return input.zero_()
