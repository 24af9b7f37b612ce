# torch/optim/rmsprop.py: RMSprop (centered, momentum, weight decay,
# maximize), following PyTorch 1.13's _single_tensor_rmsprop op for op; its
# step count is a Python int, as 1.13 keeps it.
import torch
from torch.optim.optimizer import Optimizer, _use_grad_for_differentiable, _closure_loss
from torch.optim._checks import check_nonnegative, params_with_grads

__all__ = ['RMSprop', 'rmsprop']


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 foreach=None, maximize=False, differentiable=False):
        check_nonnegative(lr=lr, eps=eps, momentum=momentum, weight_decay=weight_decay, alpha=alpha)
        defaults = dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
                        weight_decay=weight_decay, foreach=foreach, maximize=maximize,
                        differentiable=differentiable)
        super(RMSprop, self).__init__(params, defaults)

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            params, grads = params_with_grads(group, 'RMSprop')
            square_avgs, grad_avgs, momentum_buffers = [], [], []
            for p in params:
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = 0
                    state['square_avg'] = torch.zeros_like(p)
                    if group['momentum'] > 0:
                        state['momentum_buffer'] = torch.zeros_like(p)
                    if group['centered']:
                        state['grad_avg'] = torch.zeros_like(p)
                square_avgs.append(state['square_avg'])
                if group['momentum'] > 0:
                    momentum_buffers.append(state['momentum_buffer'])
                if group['centered']:
                    grad_avgs.append(state['grad_avg'])
                state['step'] += 1
            rmsprop(params, grads, square_avgs, grad_avgs, momentum_buffers, lr=group['lr'],
                    alpha=group['alpha'], eps=group['eps'], weight_decay=group['weight_decay'],
                    momentum=group['momentum'], centered=group['centered'], maximize=group['maximize'])
        return loss


def rmsprop(params, grads, square_avgs, grad_avgs, momentum_buffer_list, foreach=None, maximize=False,
            differentiable=False, *, lr, alpha, eps, weight_decay, momentum, centered):
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        square_avg = square_avgs[i]
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
        if centered:
            grad_avg = grad_avgs[i]
            grad_avg.mul_(alpha).add_(grad, alpha=1 - alpha)
            avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
        else:
            avg = square_avg.sqrt()
        avg = avg.add_(eps)
        if momentum > 0:
            buf = momentum_buffer_list[i]
            buf.mul_(momentum).addcdiv_(grad, avg)
            param.add_(buf, alpha=-lr)
        else:
            param.addcdiv_(grad, avg, value=-lr)
