# torch/optim/adamw.py: AdamW (decoupled weight decay), following PyTorch
# 1.13's _single_tensor_adamw step for step (see adam.py).
# Not here: the capturable tensor-step branch, foreach, complex parameters.
import torch
from torch.optim.optimizer import Optimizer, _no_grad, _closure_loss
from torch.optim.adam import _check_hyperparameters, _group_state, _moments_step

__all__ = ['AdamW', 'adamw']


class AdamW(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
                 weight_decay=1e-2, amsgrad=False, *, maximize=False,
                 foreach=None, capturable=False):
        _check_hyperparameters(lr, betas, eps, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps,
                        weight_decay=weight_decay, amsgrad=amsgrad,
                        foreach=foreach, maximize=maximize, capturable=capturable)
        super(AdamW, self).__init__(params, defaults)

    @_no_grad
    def step(self, closure=None):
        loss = _closure_loss(closure)

        for group in self.param_groups:
            params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps = \
                _group_state(self.state, group)
            amsgrad = group['amsgrad']
            beta1, beta2 = group['betas']

            adamw(params_with_grad,
                  grads,
                  exp_avgs,
                  exp_avg_sqs,
                  max_exp_avg_sqs,
                  state_steps,
                  amsgrad=amsgrad,
                  beta1=beta1,
                  beta2=beta2,
                  lr=group['lr'],
                  weight_decay=group['weight_decay'],
                  eps=group['eps'],
                  maximize=group['maximize'])

        return loss


def adamw(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, foreach=None,
          capturable=False, *, amsgrad, beta1, beta2, lr, weight_decay, eps, maximize):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError("API has changed, `state_steps` argument must contain a list of singleton tensors")
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        exp_avg = exp_avgs[i]
        exp_avg_sq = exp_avg_sqs[i]
        step_t = state_steps[i]

        step_t += 1

        # decoupled decay: the weights shrink before the moments step
        param.mul_(1 - lr * weight_decay)

        _moments_step(param, grad, exp_avg, exp_avg_sq, max_exp_avg_sqs, i, step_t,
                      amsgrad, beta1, beta2, lr, eps)
