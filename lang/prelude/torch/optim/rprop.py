# torch/optim/rprop.py: Rprop, following PyTorch 1.13's _single_tensor_rprop
# op for op: each element's step size grows by etaplus while its gradient
# keeps its sign, shrinks by etaminus when it flips (and that element then
# does not move), within step_sizes.
import torch
from torch.optim.optimizer import Optimizer, _no_grad, _closure_loss
from torch.optim._checks import check_nonnegative, params_with_grads

__all__ = ['Rprop', 'rprop']


class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), foreach=None, maximize=False):
        check_nonnegative(lr=lr)
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError("Invalid eta values: {}, {}".format(etas[0], etas[1]))
        defaults = dict(lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach, maximize=maximize)
        super(Rprop, self).__init__(params, defaults)

    @_no_grad
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            params, grads = params_with_grads(group, 'Rprop')
            prevs, step_sizes = [], []
            for p, grad in zip(params, grads):
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = 0
                    state['prev'] = torch.zeros_like(p)
                    state['step_size'] = torch.full_like(grad, group['lr'])
                prevs.append(state['prev'])
                step_sizes.append(state['step_size'])
                state['step'] += 1
            etaminus, etaplus = group['etas']
            step_size_min, step_size_max = group['step_sizes']
            rprop(params, grads, prevs, step_sizes, step_size_min=step_size_min, step_size_max=step_size_max,
                  etaminus=etaminus, etaplus=etaplus, maximize=group['maximize'])
        return loss


def rprop(params, grads, prevs, step_sizes, foreach=None, maximize=False, *, step_size_min,
          step_size_max, etaminus, etaplus):
    for param, grad, prev, step_size in zip(params, grads, prevs, step_sizes):
        grad = grad if not maximize else -grad
        sign = grad.mul(prev).sign()
        sign[sign.gt(0)] = etaplus
        sign[sign.lt(0)] = etaminus
        sign[sign.eq(0)] = 1
        step_size.mul_(sign).clamp_(step_size_min, step_size_max)
        # where the sign flipped, the gradient counts as 0
        grad = grad.clone()
        grad[sign.eq(etaminus)] = 0
        param.addcmul_(grad.sign(), step_size, value=-1)
        prev.copy_(grad)
