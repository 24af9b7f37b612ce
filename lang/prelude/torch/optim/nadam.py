# torch/optim/nadam.py: NAdam, following PyTorch 1.13's _single_tensor_nadam
# op for op: the step count and the product of the momentum cache are float
# tensors, so the step's coefficients are float32 arithmetic where 1.13's
# are.
import torch
from torch.optim.optimizer import Optimizer, _no_grad, _closure_loss
from torch.optim._checks import check_nonnegative, check_betas, params_with_grads

__all__ = ['NAdam', 'nadam']


class NAdam(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
                 foreach=None):
        check_nonnegative(lr=lr, eps=eps)
        check_betas(betas)
        check_nonnegative(weight_decay=weight_decay, momentum_decay=momentum_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, momentum_decay=momentum_decay,
                        foreach=foreach)
        super(NAdam, self).__init__(params, defaults)

    @_no_grad
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            params, grads = params_with_grads(group, 'NAdam')
            exp_avgs, exp_avg_sqs, mu_products, steps = [], [], [], []
            for p in params:
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = torch.tensor(0.)
                    state['mu_product'] = torch.tensor(1.)
                    state['exp_avg'] = torch.zeros_like(p)
                    state['exp_avg_sq'] = torch.zeros_like(p)
                exp_avgs.append(state['exp_avg'])
                exp_avg_sqs.append(state['exp_avg_sq'])
                mu_products.append(state['mu_product'])
                steps.append(state['step'])
            beta1, beta2 = group['betas']
            nadam(params, grads, exp_avgs, exp_avg_sqs, mu_products, steps, beta1=beta1, beta2=beta2,
                  lr=group['lr'], weight_decay=group['weight_decay'], momentum_decay=group['momentum_decay'],
                  eps=group['eps'])
        return loss


def nadam(params, grads, exp_avgs, exp_avg_sqs, mu_products, state_steps, foreach=None, *,
          beta1, beta2, lr, weight_decay, momentum_decay, eps):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError("API has changed, `state_steps` argument must contain a list of singleton tensors")
    for param, grad, exp_avg, exp_avg_sq, mu_product, step_t in zip(params, grads, exp_avgs, exp_avg_sqs,
                                                                      mu_products, state_steps):
        step_t += 1
        step = step_t.item()
        bias_correction2 = 1 - beta2 ** step
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        # the momentum cache at this step and the next
        mu = beta1 * (1. - 0.5 * (0.96 ** (step * momentum_decay)))
        mu_next = beta1 * (1. - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
        mu_product *= mu
        # 1.13's product for the next step counts mu twice; kept for its bits
        mu_product_next = mu_product * mu * mu_next
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        denom = exp_avg_sq.div(bias_correction2).sqrt().add_(eps)
        param.addcdiv_(grad, denom, value=-lr * (1. - mu) / (1. - mu_product.item()))
        param.addcdiv_(exp_avg, denom, value=-lr * mu_next / (1. - mu_product_next.item()))
