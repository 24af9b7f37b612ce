# torch/backends/mps.py: Apple's Metal backend, which cgrad does not have,
# so that `"mps" if torch.backends.mps.is_available() else "cpu"` runs.


def is_available():
    """Returns a bool indicating if MPS is currently available."""
    return False


def is_built():
    """Returns whether PyTorch is built with MPS support."""
    return False
