# torch/optim/adadelta.py: Adadelta, following PyTorch 1.13's
# _single_tensor_adadelta op for op (an int step count, as 1.13 keeps it).
import torch
from torch.optim.optimizer import Optimizer, _no_grad, _closure_loss
from torch.optim._checks import check_nonnegative, params_with_grads

__all__ = ['Adadelta', 'adadelta']


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, maximize=False):
        check_nonnegative(lr=lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError("Invalid rho value: {}".format(rho))
        check_nonnegative(eps=eps, weight_decay=weight_decay)
        defaults = dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize, foreach=foreach)
        super(Adadelta, self).__init__(params, defaults)

    @_no_grad
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            params, grads = params_with_grads(group, 'Adadelta')
            square_avgs, acc_deltas = [], []
            for p in params:
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = 0
                    state['square_avg'] = torch.zeros_like(p)
                    state['acc_delta'] = torch.zeros_like(p)
                square_avgs.append(state['square_avg'])
                acc_deltas.append(state['acc_delta'])
                state['step'] += 1
            adadelta(params, grads, square_avgs, acc_deltas, lr=group['lr'], rho=group['rho'], eps=group['eps'],
                     weight_decay=group['weight_decay'], maximize=group['maximize'])
        return loss


def adadelta(params, grads, square_avgs, acc_deltas, foreach=None, *, lr, rho, eps,
             weight_decay, maximize):
    for param, grad, square_avg, acc_delta in zip(params, grads, square_avgs, acc_deltas):
        grad = grad if not maximize else -grad
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
        std = square_avg.add(eps).sqrt_()
        delta = acc_delta.add(eps).sqrt_()
        delta.div_(std).mul_(grad)
        acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
        param.add_(delta, alpha=-lr)
