# torch/_cuda_tensortype.py: torch.cuda.FloatTensor and the other typed
# classes of CUDA tensors (torch/_tensortype.py makes them).
from torch._tensortype import _make

globals().update(_make("torch.cuda", True))
