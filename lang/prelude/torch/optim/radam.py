# torch/optim/radam.py: RAdam, following PyTorch 1.13's _single_tensor_radam
# op for op: the variance rectification once the approximated SMA's length
# passes 5, plain bias-corrected momentum before.
import math
import torch
from torch.optim.optimizer import Optimizer, _no_grad, _closure_loss
from torch.optim._checks import check_nonnegative, check_betas, params_with_grads

__all__ = ['RAdam', 'radam']


class RAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None):
        check_nonnegative(lr=lr, eps=eps)
        check_betas(betas)
        check_nonnegative(weight_decay=weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach)
        super(RAdam, self).__init__(params, defaults)

    @_no_grad
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            params, grads = params_with_grads(group, 'RAdam')
            exp_avgs, exp_avg_sqs, steps = [], [], []
            for p in params:
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = torch.tensor(0.)
                    state['exp_avg'] = torch.zeros_like(p)
                    state['exp_avg_sq'] = torch.zeros_like(p)
                exp_avgs.append(state['exp_avg'])
                exp_avg_sqs.append(state['exp_avg_sq'])
                steps.append(state['step'])
            beta1, beta2 = group['betas']
            radam(params, grads, exp_avgs, exp_avg_sqs, steps, beta1=beta1, beta2=beta2, lr=group['lr'],
                  weight_decay=group['weight_decay'], eps=group['eps'])
        return loss


def radam(params, grads, exp_avgs, exp_avg_sqs, state_steps, foreach=None, *, beta1, beta2,
          lr, weight_decay, eps):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError("API has changed, `state_steps` argument must contain a list of singleton tensors")
    for param, grad, exp_avg, exp_avg_sq, step_t in zip(params, grads, exp_avgs, exp_avg_sqs, state_steps):
        step_t += 1
        step = step_t.item()
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        bias_corrected_exp_avg = exp_avg / bias_correction1
        # the approximated SMA's length, and its limit
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
        if rho_t > 5.:
            rect = math.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
            exp_avg_sq_sqrt = exp_avg_sq.sqrt().add_(eps)
            adaptive_lr = math.sqrt(bias_correction2) / exp_avg_sq_sqrt
            param.add_(bias_corrected_exp_avg * lr * adaptive_lr * rect, alpha=-1.0)
        else:
            param.add_(bias_corrected_exp_avg * lr, alpha=-1.0)
