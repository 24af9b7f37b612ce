# torch/optim/adam.py: Adam, following PyTorch 1.13's _single_tensor_adam
# step for step: the step count is a float tensor, the bias corrections are
# Python floats, exp_avg_sq takes addcmul_ and the parameter addcdiv_, the
# engine's ops with PyTorch's rounding, so that a step gives PyTorch's bits
# (grad.conj() of real tensors is grad itself).
# Not here: the capturable/differentiable tensor-step branch, foreach and
# fused implementations, complex parameters.
import math
import torch
from torch.optim.optimizer import Optimizer, _use_grad_for_differentiable, _closure_loss

__all__ = ['Adam', 'adam']


def _check_hyperparameters(lr, betas, eps, weight_decay):
    """Adam's and AdamW's checks of their arguments, with PyTorch's messages."""
    if not 0.0 <= lr:
        raise ValueError("Invalid learning rate: {}".format(lr))
    if not 0.0 <= eps:
        raise ValueError("Invalid epsilon value: {}".format(eps))
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError("Invalid beta parameter at index 0: {}".format(betas[0]))
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError("Invalid beta parameter at index 1: {}".format(betas[1]))
    if not 0.0 <= weight_decay:
        raise ValueError("Invalid weight_decay value: {}".format(weight_decay))


def _group_state(state_of, group):
    """The parameters of a group that have a gradient, with their gradients
    and Adam's state (made at the first step): the lists adam() and
    adamw() take."""
    params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps = [], [], [], [], [], []
    for p in group['params']:
        if p.grad is None:
            continue
        params_with_grad.append(p)
        grads.append(p.grad)
        state = state_of[p]
        if len(state) == 0:  # the first step makes the state
            state['step'] = torch.tensor(0.)
            state['exp_avg'] = torch.zeros_like(p)  # moving average of the gradient
            state['exp_avg_sq'] = torch.zeros_like(p)  # ... of its square
            if group['amsgrad']:
                state['max_exp_avg_sq'] = torch.zeros_like(p)  # the largest exp_avg_sq so far
        exp_avgs.append(state['exp_avg'])
        exp_avg_sqs.append(state['exp_avg_sq'])
        if group['amsgrad']:
            max_exp_avg_sqs.append(state['max_exp_avg_sq'])
        if group.get('differentiable') and state['step'].requires_grad:
            raise RuntimeError('`requires_grad` is not supported for `step` in differentiable mode')
        state_steps.append(state['step'])
    return params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
                 weight_decay=0, amsgrad=False, *, foreach=None,
                 maximize=False, capturable=False,
                 differentiable=False, fused=False):
        _check_hyperparameters(lr, betas, eps, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps,
                        weight_decay=weight_decay, amsgrad=amsgrad,
                        maximize=maximize, foreach=foreach, capturable=capturable,
                        differentiable=differentiable, fused=fused)
        super(Adam, self).__init__(params, defaults)

        if fused:
            if differentiable:
                raise RuntimeError("`fused` cannot be `differentiable`")
            self._step_supports_amp_scaling = True
            # cgrad runs fused=True as the single-tensor loop on CUDA tensors
            if not all(p.is_cuda and p.is_floating_point()
                       for pg in self.param_groups for p in pg['params']):
                raise RuntimeError("FusedAdam requires all the params to be CUDA, floating point")

    @_use_grad_for_differentiable
    def step(self, closure=None, *, grad_scaler=None):
        loss = _closure_loss(closure)

        for group in self.param_groups:
            params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps = \
                _group_state(self.state, group)
            beta1, beta2 = group['betas']

            adam(params_with_grad,
                 grads,
                 exp_avgs,
                 exp_avg_sqs,
                 max_exp_avg_sqs,
                 state_steps,
                 amsgrad=group['amsgrad'],
                 beta1=beta1,
                 beta2=beta2,
                 lr=group['lr'],
                 weight_decay=group['weight_decay'],
                 eps=group['eps'],
                 maximize=group['maximize'])

        return loss


def adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, foreach=None,
         capturable=False, differentiable=False, fused=False, grad_scale=None, found_inf=None, *,
         amsgrad, beta1, beta2, lr, weight_decay, eps, maximize):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError("API has changed, `state_steps` argument must contain a list of singleton tensors")
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        exp_avg = exp_avgs[i]
        exp_avg_sq = exp_avg_sqs[i]
        step_t = state_steps[i]
        step_t += 1

        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)

        _moments_step(param, grad, exp_avg, exp_avg_sq, max_exp_avg_sqs, i, step_t,
                      amsgrad, beta1, beta2, lr, eps)


# The part of a step that Adam and AdamW share (1.13's _single_tensor_adam
# from the moments on): the running averages, the bias corrections and the
# parameter update. AdamW differs only in how it decays the weights first.
def _moments_step(param, grad, exp_avg, exp_avg_sq, max_exp_avg_sqs, i, step_t,
                  amsgrad, beta1, beta2, lr, eps):
    # the running averages of the gradient and of its square
    exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
    exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)

    step = step_t.item()

    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step

    step_size = lr / bias_correction1

    bias_correction2_sqrt = math.sqrt(bias_correction2)

    if amsgrad:
        # amsgrad divides by the largest second moment seen so far
        max_exp_avg_sqs[i].copy_(torch.maximum(max_exp_avg_sqs[i], exp_avg_sq))
        denom = (max_exp_avg_sqs[i].sqrt() / bias_correction2_sqrt).add_(eps)
    else:
        denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)

    param.addcdiv_(exp_avg, denom, value=-step_size)
