# torch/autograd/grad_mode.py: the grad-mode context managers under the
# module name PyTorch defines them in (they are torch's own, in C).
from torch import no_grad, enable_grad, set_grad_enabled, inference_mode

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "inference_mode"]
