# torch/utils.py: the torch.utils package. Its submodules (data, hooks)
# are imported on first use: `torch.utils.data` after `import torch`, as in
# PyTorch, where torch imports them at start-up.
