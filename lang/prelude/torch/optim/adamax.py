# torch/optim/adamax.py: Adamax, following PyTorch 1.13's
# _single_tensor_adamax op for op (the infinity norm the larger of the
# decayed norm and |grad| + eps, elementwise, as its amax over the two).
import torch
from torch.optim.optimizer import Optimizer, _no_grad, _closure_loss
from torch.optim._checks import check_nonnegative, check_betas, params_with_grads

__all__ = ['Adamax', 'adamax']


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False):
        check_nonnegative(lr=lr, eps=eps)
        check_betas(betas)
        check_nonnegative(weight_decay=weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach,
                        maximize=maximize)
        super(Adamax, self).__init__(params, defaults)

    @_no_grad
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            params, grads = params_with_grads(group, 'Adamax')
            exp_avgs, exp_infs, steps = [], [], []
            for p in params:
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = torch.tensor(0.)
                    state['exp_avg'] = torch.zeros_like(p)
                    state['exp_inf'] = torch.zeros_like(p)
                exp_avgs.append(state['exp_avg'])
                exp_infs.append(state['exp_inf'])
                steps.append(state['step'])
            beta1, beta2 = group['betas']
            adamax(params, grads, exp_avgs, exp_infs, steps, eps=group['eps'], beta1=beta1, beta2=beta2,
                   lr=group['lr'], weight_decay=group['weight_decay'], maximize=group['maximize'])
        return loss


def adamax(params, grads, exp_avgs, exp_infs, state_steps, foreach=None, maximize=False, *,
           eps, beta1, beta2, lr, weight_decay):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError("API has changed, `state_steps` argument must contain a list of singleton tensors")
    for param, grad, exp_avg, exp_inf, step_t in zip(params, grads, exp_avgs, exp_infs, state_steps):
        grad = grad if not maximize else -grad
        step_t += 1
        step = step_t.item()
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        exp_inf.mul_(beta2)
        exp_inf.copy_(torch.maximum(exp_inf, grad.abs().add_(eps)))
        clr = lr / (1 - beta1 ** step)
        param.addcdiv_(exp_avg, exp_inf, value=-clr)
