# torch/optim/sparse_adam.py: SparseAdam as PyTorch 1.13 checks it: its
# hyperparameters, dense parameters only, and sparse gradients only.
#
# Note [SparseAdam without sparse tensors]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# Tensors here are all strided: no sparse layout, so no sparse gradient
# (nn.Embedding(sparse=True) gives a dense one). Every step that finds a
# gradient therefore ends in PyTorch's error for a dense gradient; the
# update over a sparse gradient's values (coalesce, sparse_mask) waits
# for sparse tensors.
import torch
from torch.optim.optimizer import Optimizer, _closure_loss, _no_grad

__all__ = ['SparseAdam']


class SparseAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, maximize=False):
        if not 0.0 < lr:
            raise ValueError("Invalid learning rate: {}".format(lr))
        if not 0.0 < eps:
            raise ValueError("Invalid epsilon value: {}".format(eps))
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError("Invalid beta parameter at index 0: {}".format(betas[0]))
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError("Invalid beta parameter at index 1: {}".format(betas[1]))
        params = list(params)
        sparse_params = []
        for index, param in enumerate(params):
            if isinstance(param, dict):
                for d_index, d_param in enumerate(param.get("params", [])):
                    if d_param.is_sparse:
                        sparse_params.append([index, d_index])
            elif param.is_sparse:
                sparse_params.append(index)
        if sparse_params:
            raise ValueError(f"Sparse params at indices {sparse_params}: SparseAdam requires dense parameter tensors")
        defaults = dict(lr=lr, betas=betas, eps=eps, maximize=maximize)
        super(SparseAdam, self).__init__(params, defaults)

    @_no_grad
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            for p in group['params']:
                if p.grad is not None and not p.grad.is_sparse:  # Note [SparseAdam without sparse tensors]
                    raise RuntimeError('SparseAdam does not support dense gradients, please consider Adam instead')
        return loss
