# torch/version.py: what the build is: its version, and no CUDA or ROCm
# version of PyTorch's own build (cgrad's CUDA backend is its own).
__version__ = "1.13.0"
debug = False
cuda = None
git_version = "Unknown"
hip = None
