# torch/optim/adagrad.py: Adagrad, following PyTorch 1.13's
# _single_tensor_adagrad op for op: the state (a float tensor step and the
# sum of squares, from initial_accumulator_value) is made with the
# optimizer, as 1.13 makes it. Sparse gradients do not exist here.
import torch
from torch.optim.optimizer import Optimizer, _no_grad, _closure_loss
from torch.optim._checks import check_nonnegative, params_with_grads

__all__ = ['Adagrad', 'adagrad']


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False):
        check_nonnegative(lr=lr, lr_decay=lr_decay, weight_decay=weight_decay,
                          initial_accumulator_value=initial_accumulator_value, eps=eps)
        defaults = dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                        initial_accumulator_value=initial_accumulator_value, foreach=foreach,
                        maximize=maximize)
        super(Adagrad, self).__init__(params, defaults)
        for group in self.param_groups:
            for p in group['params']:
                state = self.state[p]
                state['step'] = torch.tensor(0.0)
                state['sum'] = torch.full_like(p, initial_accumulator_value)

    def share_memory(self):
        for group in self.param_groups:
            for p in group['params']:
                self.state[p]['sum'].share_memory_()

    @_no_grad
    def step(self, closure=None):
        loss = _closure_loss(closure)
        for group in self.param_groups:
            params, grads = params_with_grads(group)
            sums = [self.state[p]['sum'] for p in params]
            steps = [self.state[p]['step'] for p in params]
            adagrad(params, grads, sums, steps, lr=group['lr'], weight_decay=group['weight_decay'],
                    lr_decay=group['lr_decay'], eps=group['eps'], maximize=group['maximize'])
        return loss


def adagrad(params, grads, state_sums, state_steps, has_sparse_grad=None, foreach=None, *,
            lr, weight_decay, lr_decay, eps, maximize):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError("API has changed, `state_steps` argument must contain a list of singleton tensors")
    for param, grad, state_sum, step_t in zip(params, grads, state_sums, state_steps):
        step_t += 1
        step = step_t.item()
        grad = grad if not maximize else -grad
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        clr = lr / (1 + (step - 1) * lr_decay)
        state_sum.addcmul_(grad, grad, value=1)
        std = state_sum.sqrt().add_(eps)
        param.addcdiv_(grad, std, value=-clr)
