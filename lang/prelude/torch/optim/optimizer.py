# torch/optim/optimizer.py: the Optimizer base class, as PyTorch 1.13
# writes it: param_groups with defaults filled in, per-parameter state,
# zero_grad (set_to_none=False as in 1.13), add_param_group's checks,
# state_dict/load_state_dict and the repr.
# Not here: the profiler hooks, foreach/fused implementations, the
# "duplicate parameters" warning, deepcopy in load_state_dict.
import torch
from collections import defaultdict
from torch._utils import typename

__all__ = ['Optimizer']


class _RequiredParameter(object):
    """Singleton class representing a required parameter for an Optimizer."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


def _closure_loss(closure):
    """What step(closure) returns: the loss the closure computes, with
    gradients enabled (step itself runs without them); None without one."""
    if closure is None:
        return None
    with torch.enable_grad():
        return closure()


def _use_grad_for_differentiable(func):
    def _use_grad(self, *args, **kwargs):
        with torch.set_grad_enabled(self.defaults['differentiable']):
            return func(self, *args, **kwargs)
    return _use_grad


def _no_grad(func):
    def _step(*args, **kwargs):
        with torch.no_grad():
            return func(*args, **kwargs)
    return _step


def _cast(param, value, key=None):
    """Makes a loaded state value fit its parameter: floating tensors take
    the parameter's dtype and device (a nested function in PyTorch's
    load_state_dict; recursive nested functions make reference cycles,
    which nothing frees here)."""
    if isinstance(value, torch.Tensor):
        # Copies, as PyTorch's deepcopy of the state_dict does.
        if key != 'step':
            if param.is_floating_point():
                value = value.to(param.dtype)
            value = value.to(param.device)
        return value.clone()
    elif isinstance(value, dict):
        return {k: _cast(param, v, key=k) for k, v in value.items()}
    elif isinstance(value, (list, tuple)):
        return type(value)([_cast(param, v) for v in value])
    else:
        return value


class Optimizer(object):
    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, torch.Tensor):
            raise TypeError("params argument given to the optimizer should be "
                            "an iterable of Tensors or dicts, but got " +
                            typename(params))
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{'params': param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)
        self._warned_capturable_if_run_uncaptured = True

    def __getstate__(self):
        return {
            'defaults': self.defaults,
            'state': self.state,
            'param_groups': self.param_groups,
        }

    def __setstate__(self, state):
        self.defaults = state['defaults']
        self.state = state['state']
        self.param_groups = state['param_groups']
        self.defaults.setdefault('differentiable', False)

    def __repr__(self):
        format_string = type(self).__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            format_string += '\n'
            format_string += 'Parameter Group {0}\n'.format(i)
            for key in sorted(group.keys()):
                if key != 'params':
                    format_string += '    {0}: {1}\n'.format(key, group[key])
        format_string += ')'
        return format_string

    def state_dict(self):
        param_mappings = {}
        start_index = 0

        def pack_group(group):
            nonlocal start_index
            packed = {k: v for k, v in group.items() if k != 'params'}
            for i, p in enumerate(group['params'], start_index):
                if id(p) not in param_mappings:
                    param_mappings[id(p)] = i
            packed['params'] = [param_mappings[id(p)] for p in group['params']]
            start_index += len(packed['params'])
            return packed
        param_groups = [pack_group(g) for g in self.param_groups]
        packed_state = {(param_mappings[id(k)] if isinstance(k, torch.Tensor) else k): v
                        for k, v in self.state.items()}
        return {
            'state': packed_state,
            'param_groups': param_groups,
        }

    def load_state_dict(self, state_dict):
        groups = self.param_groups
        saved_groups = state_dict['param_groups']

        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of "
                             "parameter groups")
        param_lens = [len(g['params']) for g in groups]
        saved_lens = [len(g['params']) for g in saved_groups]
        if any(p_len != s_len for p_len, s_len in zip(param_lens, saved_lens)):
            raise ValueError("loaded state dict contains a parameter group "
                             "that doesn't match the size of optimizer's group")

        id_map = {}
        for g, sg in zip(groups, saved_groups):
            for p, old_id in zip(g['params'], sg['params']):
                id_map[old_id] = p

        state = defaultdict(dict)
        for k, v in state_dict['state'].items():
            if k in id_map:
                param = id_map[k]
                state[param] = _cast(param, v)
            else:
                state[k] = v

        def update_group(group, new_group):
            new_group = dict(new_group)
            new_group['params'] = group['params']
            return new_group
        param_groups = [update_group(g, ng) for g, ng in zip(groups, saved_groups)]
        self.__setstate__({'defaults': self.defaults, 'state': state, 'param_groups': param_groups})

    def zero_grad(self, set_to_none=False):
        for group in self.param_groups:
            for p in group['params']:
                if p.grad is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        if p.grad.grad_fn is not None:
                            p.grad.detach_()
                        else:
                            p.grad.requires_grad_(False)
                        p.grad.zero_()

    def step(self, closure):
        raise NotImplementedError

    def add_param_group(self, param_group):
        assert isinstance(param_group, dict), "param group must be a dict"

        params = param_group['params']
        if isinstance(params, torch.Tensor):
            param_group['params'] = [params]
        elif isinstance(params, set):
            raise TypeError('optimizer parameters need to be organized in ordered collections, but '
                            'the ordering of tensors in sets will change between runs. Please use a list instead.')
        else:
            param_group['params'] = list(params)

        for param in param_group['params']:
            if not isinstance(param, torch.Tensor):
                raise TypeError("optimizer can only optimize Tensors, "
                                "but one of the params is " + typename(param))
            if not self.defaults.get('differentiable', None) and not (param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")

        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError("parameter group didn't specify a value of required optimization parameter " +
                                 name)
            else:
                param_group.setdefault(name, default)

        param_set = set()
        for group in self.param_groups:
            param_set.update(set(group['params']))

        if not param_set.isdisjoint(set(param_group['params'])):
            raise ValueError("some parameters appear in more than one parameter group")

        self.param_groups.append(param_group)
