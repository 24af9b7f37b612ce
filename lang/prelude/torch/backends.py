# torch/backends.py: the torch.backends package: the switches PyTorch
# scripts set for the libraries under its kernels. cgrad's CUDA products
# use cuBLAS (torch.backends.cuda.matmul), and it has no cuDNN and no MPS:
# their modules are here so that the usual set-up lines run, and they say
# so when asked (is_available() is False).
# Not here: mkldnn, openmp, opt_einsum, xnnpack, the flags() context
# managers.
import torch.backends.cuda as cuda
import torch.backends.cudnn as cudnn
import torch.backends.mps as mps
