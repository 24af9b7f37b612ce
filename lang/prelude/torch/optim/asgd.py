# torch/optim/asgd.py: averaged SGD, following PyTorch 1.13's
# _single_tensor_asgd op for op: step, eta and mu are float tensors, so eta
# and mu are rounded to float32 between steps as 1.13's are.
import torch
from torch.optim.optimizer import Optimizer, _no_grad, _closure_loss
from torch.optim._checks import check_nonnegative, params_with_grads

__all__ = ['ASGD', 'asgd']


class ASGD(Optimizer):
    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None,
                 maximize=False):
        check_nonnegative(lr=lr, weight_decay=weight_decay)
        defaults = dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay, foreach=foreach,
                        maximize=maximize)
        super(ASGD, self).__init__(params, defaults)

    @_no_grad
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            params, grads = params_with_grads(group, 'ASGD')
            mus, axs, etas, steps = [], [], [], []
            for p in params:
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = torch.tensor(0.)
                    state['eta'] = torch.tensor(group['lr'])
                    state['mu'] = torch.tensor(1.)
                    state['ax'] = torch.zeros_like(p)
                mus.append(state['mu'])
                axs.append(state['ax'])
                etas.append(state['eta'])
                steps.append(state['step'])
            asgd(params, grads, axs, mus, etas, steps, lambd=group['lambd'], lr=group['lr'], t0=group['t0'],
                 alpha=group['alpha'], weight_decay=group['weight_decay'], maximize=group['maximize'])
        return loss


def asgd(params, grads, axs, mus, etas, state_steps, foreach=None, maximize=False, *, lambd,
         lr, t0, alpha, weight_decay):
    for param, grad, ax, mu, eta, step_t in zip(params, grads, axs, mus, etas, state_steps):
        grad = grad if not maximize else -grad
        step_t += 1
        step = step_t.item()
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        param.mul_(1 - lambd * eta.item())  # decay
        param.add_(grad, alpha=-eta.item())
        if mu.item() != 1:  # averaging
            ax.add_(param.sub(ax).mul(mu))
        else:
            ax.copy_(param)
        eta.copy_(torch.tensor(lr / ((1 + lambd * lr * step) ** alpha)))
        mu.copy_(torch.tensor(1 / max(1, step - t0)))
