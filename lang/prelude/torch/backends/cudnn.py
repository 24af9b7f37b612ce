# torch/backends/cudnn.py: cuDNN's switches. cgrad calls no cuDNN (its
# CUDA kernels are its own and deterministic but for accumulating index
# puts), so is_available() is False and the flags, settable as in PyTorch,
# change nothing.
enabled = True
benchmark = False
deterministic = False
allow_tf32 = True


def is_available():
    """Returns a bool indicating if CUDNN is currently available."""
    return False


def version():
    """Returns the version of cuDNN"""
    return None
