# torch/nn/modules/module.py: nn.Module, the base class of every layer,
# written after PyTorch 1.13's torch/nn/modules/module.py: the same
# registration rules (__setattr__ puts Parameters in _parameters and
# Modules in _modules), the same traversal order, hooks, state_dict format,
# repr and error messages.
#
# Where it differs, and why:
# - No generators: parameters(), modules(), children() and friends return
#   iterators over lists built at the call.
# - Full backward hooks are built from tensor hooks (see _BackwardHook),
#   not from a BackwardHookFunction node; register_backward_hook (the
#   deprecated non-full kind) is not here.
# - No warnings module: the UserWarnings PyTorch's Python code issues
#   (positional state_dict arguments, ...) are not printed.
import torch
from collections import OrderedDict
from torch.nn.parameter import Parameter, is_lazy
from torch.utils.hooks import RemovableHandle
from torch._utils import typename

__all__ = ['register_module_forward_pre_hook', 'register_module_forward_hook',
           'register_module_full_backward_hook', 'Module']


class _IncompatibleKeys:
    """What load_state_dict returns: PyTorch's namedtuple
    IncompatibleKeys(missing_keys, unexpected_keys) with its repr."""

    def __init__(self, missing_keys, unexpected_keys):
        self.missing_keys = missing_keys
        self.unexpected_keys = unexpected_keys

    def __iter__(self):
        return iter((self.missing_keys, self.unexpected_keys))

    def __getitem__(self, i):
        return (self.missing_keys, self.unexpected_keys)[i]

    def __len__(self):
        return 2

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return '_IncompatibleKeys(missing_keys={!r}, unexpected_keys={!r})'.format(
            self.missing_keys, self.unexpected_keys)

    __str__ = __repr__


def _addindent(s_, numSpaces):
    s = s_.split('\n')
    if len(s) == 1:
        return s_
    first = s.pop(0)
    s = [(numSpaces * ' ') + line for line in s]
    s = '\n'.join(s)
    s = first + '\n' + s
    return s


_global_backward_hooks = {}
_global_forward_pre_hooks = {}
_global_forward_hooks = {}

_EXTRA_STATE_KEY_SUFFIX = '_extra_state'


def register_module_forward_pre_hook(hook):
    handle = RemovableHandle(_global_forward_pre_hooks)
    _global_forward_pre_hooks[handle.id] = hook
    return handle


def register_module_forward_hook(hook):
    handle = RemovableHandle(_global_forward_hooks)
    _global_forward_hooks[handle.id] = hook
    return handle


def register_module_full_backward_hook(hook):
    handle = RemovableHandle(_global_backward_hooks)
    _global_backward_hooks[handle.id] = hook
    return handle


def _forward_unimplemented(self, *input):
    raise NotImplementedError(f"Module [{type(self).__name__}] is missing the required \"forward\" function")


class _BackwardHook:
    """Calls a module's full backward hooks as hook(module, grad_input,
    grad_output), once per backward, with the gradients of the module's
    inputs (None where an argument is not a tensor requiring grad) and
    outputs.

    PyTorch routes inputs and outputs through an identity autograd
    Function and hooks its node. Here the output tensors become views with
    a tensor hook that records grad_output, and the inputs that require
    grad flow through one tensor (the input itself viewed, or several
    inputs flattened and concatenated) whose tensor hook sees every input
    gradient at once: there the user hooks run, and what they return
    replaces the gradients that flow on."""

    def __init__(self, module, user_hooks):
        self.user_hooks = user_hooks
        self.module = module
        self.grad_outputs = None
        self.n_outputs = -1
        self.output_tensors_index = None
        self.n_inputs = -1
        self.input_tensors_index = None

    def _pack_with_none(self, indices, values, size):
        res = [None] * size
        for idx, val in zip(indices, values):
            res[idx] = val
        return tuple(res)

    def _run_user_hooks(self, grads):
        res = self._pack_with_none(self.input_tensors_index, grads, self.n_inputs)
        for hook in self.user_hooks:
            out = hook(self.module, res, self.grad_outputs)
            if out is None:
                continue
            if len(out) != len(res):
                raise RuntimeError('Backward hook returned an invalid number of grad_input, '
                                   'got {}, but expected {}'.format(len(out), len(res)))
            res = out
        self.grad_outputs = None
        return [res[i] for i in self.input_tensors_index]

    def _tensor_args(self, args):
        idx = []
        for i, arg in enumerate(args):
            if isinstance(arg, torch.Tensor) and arg.requires_grad:
                idx.append(i)
        return idx

    def setup_input_hook(self, args):
        self.n_inputs = len(args)
        idx = self._tensor_args(args)
        if not idx or not torch.is_grad_enabled():
            return args
        self.input_tensors_index = idx
        tensors = [args[i] for i in idx]
        arg_list = list(args)
        if len(tensors) == 1:
            joined = tensors[0].view_as(tensors[0])
            arg_list[idx[0]] = joined

            def hook(grad):
                if self.grad_outputs is None:
                    return None
                return self._run_user_hooks([grad])[0]
        else:
            joined = torch.cat([t.reshape(-1) for t in tensors])
            start = 0
            for i, t in zip(idx, tensors):
                n = t.numel()
                arg_list[i] = joined[start:start + n].view_as(t)
                start += n

            def hook(grad):
                if self.grad_outputs is None:
                    return None
                pieces = []
                start = 0
                for t in tensors:
                    n = t.numel()
                    pieces.append(grad[start:start + n].view_as(t))
                    start += n
                new = self._run_user_hooks(pieces)
                return torch.cat([(g if g is not None else torch.zeros_like(t)).reshape(-1)
                                  for g, t in zip(new, tensors)])
        joined.register_hook(hook)
        return tuple(arg_list)

    def setup_output_hook(self, result):
        is_tuple = isinstance(result, tuple)
        outs = result if is_tuple else (result,)
        idx = self._tensor_args(outs)
        self.n_outputs = len(outs)
        self.output_tensors_index = idx
        if not idx or not torch.is_grad_enabled():
            return result
        out_list = list(outs)
        self.grad_outputs = None
        received = [None] * len(outs)

        def make_hook(i):
            def hook(grad):
                received[i] = grad
                self.grad_outputs = tuple(received)
                if self.input_tensors_index is None:
                    grad_inputs = self._pack_with_none([], [], self.n_inputs)
                    for user_hook in self.user_hooks:
                        res = user_hook(self.module, grad_inputs, self.grad_outputs)
                        if res is not None and not (isinstance(res, tuple) and all(el is None for el in res)):
                            raise RuntimeError('Backward hook for Modules where no input requires '
                                               'gradient should always return None or None for all gradients.')
                    self.grad_outputs = None
                return None
            return hook
        for i in idx:
            v = outs[i].view_as(outs[i])
            v.register_hook(make_hook(i))
            out_list[i] = v
        return tuple(out_list) if is_tuple else out_list[0]


class Module:
    dump_patches = False
    _version = 1

    def __init__(self):
        # OrderedDicts, as PyTorch's: a pickled module (torch.save(model))
        # is then PyTorch's bytes
        object.__setattr__(self, 'training', True)
        object.__setattr__(self, '_parameters', OrderedDict())
        object.__setattr__(self, '_buffers', OrderedDict())
        object.__setattr__(self, '_non_persistent_buffers_set', set())
        object.__setattr__(self, '_backward_hooks', OrderedDict())
        object.__setattr__(self, '_is_full_backward_hook', None)
        object.__setattr__(self, '_forward_hooks', OrderedDict())
        object.__setattr__(self, '_forward_pre_hooks', OrderedDict())
        object.__setattr__(self, '_state_dict_hooks', OrderedDict())
        object.__setattr__(self, '_load_state_dict_pre_hooks', OrderedDict())
        object.__setattr__(self, '_load_state_dict_post_hooks', OrderedDict())
        object.__setattr__(self, '_modules', OrderedDict())

    forward = _forward_unimplemented

    # ---- registration ----------------------------------------------------------------

    def __dir__(self):
        """The class's names, the instance's, and the parameters, submodules
        and buffers, sorted; names that start with a digit (a container's
        entries) left out, as PyTorch's Module.__dir__."""
        keys = dir(self.__class__) + list(self.__dict__.keys()) + list(self._parameters.keys()) + \
            list(self._modules.keys()) + list(self._buffers.keys())
        return sorted(key for key in keys if not key[0].isdigit())

    def __setstate__(self, state):
        """The state a copy or an unpickled module restores: its __dict__,
        with the bookkeeping dicts a module saved by an older PyTorch lacks."""
        self.__dict__.update(state)
        for name in ('_forward_pre_hooks', '_state_dict_hooks', '_load_state_dict_pre_hooks',
                     '_load_state_dict_post_hooks'):
            if name not in self.__dict__:
                object.__setattr__(self, name, OrderedDict())
        if '_non_persistent_buffers_set' not in self.__dict__:
            object.__setattr__(self, '_non_persistent_buffers_set', set())
        if '_is_full_backward_hook' not in self.__dict__:
            object.__setattr__(self, '_is_full_backward_hook', None)

    def register_buffer(self, name, tensor, persistent=True):
        if '_buffers' not in self.__dict__:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        elif not isinstance(name, str):
            raise TypeError("buffer name should be a string. Got {}".format(typename(name)))
        elif '.' in name:
            raise KeyError("buffer name can't contain \".\"")
        elif name == '':
            raise KeyError("buffer name can't be empty string \"\"")
        elif hasattr(self, name) and name not in self._buffers:
            raise KeyError("attribute '{}' already exists".format(name))
        elif tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError("cannot assign '{}' object to buffer '{}' "
                            "(torch Tensor or None required)".format(typename(tensor), name))
        else:
            self._buffers[name] = tensor
            if persistent:
                self._non_persistent_buffers_set.discard(name)
            else:
                self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        if '_parameters' not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        elif not isinstance(name, str):
            raise TypeError("parameter name should be a string. Got {}".format(typename(name)))
        elif '.' in name:
            raise KeyError("parameter name can't contain \".\"")
        elif name == '':
            raise KeyError("parameter name can't be empty string \"\"")
        elif hasattr(self, name) and name not in self._parameters:
            raise KeyError("attribute '{}' already exists".format(name))
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError("cannot assign '{}' object to parameter '{}' "
                            "(torch.nn.Parameter or None required)".format(typename(param), name))
        elif param.grad_fn:
            raise ValueError(
                "Cannot assign non-leaf Tensor to parameter '{0}'. Model "
                "parameters must be created explicitly. To express '{0}' "
                "as a function of another Tensor, compute the value in "
                "the forward() method.".format(name))
        else:
            self._parameters[name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError("{} is not a Module subclass".format(typename(module)))
        elif not isinstance(name, str):
            raise TypeError("module name should be a string. Got {}".format(typename(name)))
        elif hasattr(self, name) and name not in self._modules:
            raise KeyError("attribute '{}' already exists".format(name))
        elif '.' in name:
            raise KeyError("module name can't contain \".\", got: {}".format(name))
        elif name == '':
            raise KeyError("module name can't be empty string \"\"")
        self._modules[name] = module

    def register_module(self, name, module):
        self.add_module(name, module)

    def get_submodule(self, target):
        if target == "":
            return self
        atoms = target.split(".")
        mod = self
        for item in atoms:
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return mod

    def get_parameter(self, target):
        module_path, _, param_name = target.rpartition(".")
        mod = self.get_submodule(module_path)
        if not hasattr(mod, param_name):
            raise AttributeError(mod._get_name() + " has no attribute `" + param_name + "`")
        param = getattr(mod, param_name)
        if not isinstance(param, Parameter):
            raise AttributeError("`" + param_name + "` is not an nn.Parameter")
        return param

    def get_buffer(self, target):
        module_path, _, buffer_name = target.rpartition(".")
        mod = self.get_submodule(module_path)
        if not hasattr(mod, buffer_name):
            raise AttributeError(mod._get_name() + " has no attribute `" + buffer_name + "`")
        buffer = getattr(mod, buffer_name)
        if buffer_name not in mod._buffers:
            raise AttributeError("`" + buffer_name + "` is not a buffer")
        return buffer

    # ---- conversions -----------------------------------------------------------------

    def _apply(self, fn):
        for module in self.children():
            module._apply(fn)
        # PyTorch keeps each Parameter object and swaps its data when the
        # new tensor is of a compatible kind, which on one device is always.
        for key, param in self._parameters.items():
            if param is None:
                continue
            with torch.no_grad():
                param_applied = fn(param)
            param.data = param_applied
            if param.grad is not None:
                with torch.no_grad():
                    grad_applied = fn(param.grad)
                param.grad.data = grad_applied
        for key, buf in self._buffers.items():
            if buf is not None:
                self._buffers[key] = fn(buf)
        return self

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def cuda(self, device=None):
        return self._apply(lambda t: t.cuda(device))

    def cpu(self):
        return self._apply(lambda t: t.cpu())

    def type(self, dst_type):
        return self._apply(lambda t: t.type(dst_type))

    def float(self):
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def to(self, *args, **kwargs):
        device, dtype, non_blocking, convert_to_format = _parse_to(*args, **kwargs)
        if dtype is not None:
            if not dtype.is_floating_point:
                raise TypeError('nn.Module.to only accepts floating point or complex '
                                'dtypes, but got desired dtype={}'.format(dtype))

        def convert(t):
            if device is not None:
                t = t.to(device)
            if dtype is not None and t.is_floating_point():
                t = t.to(dtype)
            if convert_to_format is not None and t.dim() in (4, 5):
                t = t.to(memory_format=convert_to_format)
            return t
        return self._apply(convert)

    # ---- hooks -----------------------------------------------------------------------

    def register_full_backward_hook(self, hook):
        if self._is_full_backward_hook is False:
            raise RuntimeError("Cannot use both regular backward hooks and full backward hooks on a "
                               "single Module. Please use only one of them.")
        self._is_full_backward_hook = True
        handle = RemovableHandle(self._backward_hooks)
        self._backward_hooks[handle.id] = hook
        return handle

    def register_forward_pre_hook(self, hook):
        handle = RemovableHandle(self._forward_pre_hooks)
        self._forward_pre_hooks[handle.id] = hook
        return handle

    def register_forward_hook(self, hook):
        handle = RemovableHandle(self._forward_hooks)
        self._forward_hooks[handle.id] = hook
        return handle

    def _call_impl(self, *input, **kwargs):
        forward_call = self.forward
        if not (self._backward_hooks or self._forward_hooks or self._forward_pre_hooks or _global_backward_hooks
                or _global_forward_hooks or _global_forward_pre_hooks):
            return forward_call(*input, **kwargs)
        full_backward_hooks = []
        if _global_backward_hooks:
            full_backward_hooks += list(_global_backward_hooks.values())
        if self._backward_hooks:
            full_backward_hooks += list(self._backward_hooks.values())
        if _global_forward_pre_hooks or self._forward_pre_hooks:
            for hook in list(_global_forward_pre_hooks.values()) + list(self._forward_pre_hooks.values()):
                result = hook(self, input)
                if result is not None:
                    if not isinstance(result, tuple):
                        result = (result,)
                    input = result
        bw_hook = None
        if full_backward_hooks:
            bw_hook = _BackwardHook(self, full_backward_hooks)
            input = bw_hook.setup_input_hook(input)
        result = forward_call(*input, **kwargs)
        if _global_forward_hooks or self._forward_hooks:
            for hook in list(_global_forward_hooks.values()) + list(self._forward_hooks.values()):
                hook_result = hook(self, input, result)
                if hook_result is not None:
                    result = hook_result
        if bw_hook:
            result = bw_hook.setup_output_hook(result)
        return result

    __call__ = _call_impl

    # ---- attributes ------------------------------------------------------------------

    def __getattr__(self, name):
        if '_parameters' in self.__dict__:
            _parameters = self.__dict__['_parameters']
            if name in _parameters:
                return _parameters[name]
        if '_buffers' in self.__dict__:
            _buffers = self.__dict__['_buffers']
            if name in _buffers:
                return _buffers[name]
        if '_modules' in self.__dict__:
            modules = self.__dict__['_modules']
            if name in modules:
                return modules[name]
        raise AttributeError("'{}' object has no attribute '{}'".format(type(self).__name__, name))

    def __setattr__(self, name, value):
        def remove_from(*dicts_or_sets):
            for d in dicts_or_sets:
                if name in d:
                    if isinstance(d, dict):
                        del d[name]
                    else:
                        d.discard(name)

        params = self.__dict__.get('_parameters')
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            remove_from(self.__dict__, self._buffers, self._modules, self._non_persistent_buffers_set)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError("cannot assign '{}' as parameter '{}' "
                                "(torch.nn.Parameter or None expected)".format(typename(value), name))
            self.register_parameter(name, value)
        else:
            modules = self.__dict__.get('_modules')
            if isinstance(value, Module):
                if modules is None:
                    raise AttributeError("cannot assign module before Module.__init__() call")
                remove_from(self.__dict__, self._parameters, self._buffers, self._non_persistent_buffers_set)
                modules[name] = value
            elif modules is not None and name in modules:
                if value is not None:
                    raise TypeError("cannot assign '{}' as child module '{}' "
                                    "(torch.nn.Module or None expected)".format(typename(value), name))
                modules[name] = value
            else:
                buffers = self.__dict__.get('_buffers')
                if buffers is not None and name in buffers:
                    if value is not None and not isinstance(value, torch.Tensor):
                        raise TypeError("cannot assign '{}' as buffer '{}' "
                                        "(torch.Tensor or None expected)".format(typename(value), name))
                    buffers[name] = value
                else:
                    object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistent_buffers_set.discard(name)
        elif name in self._modules:
            del self._modules[name]
        else:
            super().__delattr__(name)

    # ---- state_dict ------------------------------------------------------------------

    def _register_state_dict_hook(self, hook):
        handle = RemovableHandle(self._state_dict_hooks)
        self._state_dict_hooks[handle.id] = hook
        return handle

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()
        extra_state_key = prefix + _EXTRA_STATE_KEY_SUFFIX
        if getattr(self.__class__, "get_extra_state", Module.get_extra_state) is not Module.get_extra_state:
            destination[extra_state_key] = self.get_extra_state()

    def state_dict(self, *args, destination=None, prefix='', keep_vars=False):
        if len(args) > 0:
            if destination is None:
                destination = args[0]
            if len(args) > 1 and prefix == '':
                prefix = args[1]
            if len(args) > 2 and keep_vars is False:
                keep_vars = args[2]
        if destination is None:
            destination = OrderedDict()
            destination._metadata = OrderedDict()
        local_metadata = dict(version=self._version)
        if hasattr(destination, "_metadata"):
            destination._metadata[prefix[:-1]] = local_metadata
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + '.', keep_vars=keep_vars)
        for hook in self._state_dict_hooks.values():
            hook_result = hook(self, destination, prefix, local_metadata)
            if hook_result is not None:
                destination = hook_result
        return destination

    def get_extra_state(self):
        raise RuntimeError(
            "Reached a code path in Module.get_extra_state() that should never be called. "
            "Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml "
            "to report this bug.")

    def set_extra_state(self, state):
        raise RuntimeError(
            "Reached a code path in Module.set_extra_state() that should never be called. "
            "Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml "
            "to report this bug.")

    def _register_load_state_dict_pre_hook(self, hook, with_module=False):
        handle = RemovableHandle(self._load_state_dict_pre_hooks)
        if with_module:
            def bound(*args):
                return hook(self, *args)
            self._load_state_dict_pre_hooks[handle.id] = bound
        else:
            self._load_state_dict_pre_hooks[handle.id] = hook
        return handle

    def register_load_state_dict_post_hook(self, hook):
        handle = RemovableHandle(self._load_state_dict_post_hooks)
        self._load_state_dict_post_hooks[handle.id] = hook
        return handle

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict,
                              missing_keys, unexpected_keys, error_msgs):
        for hook in self._load_state_dict_pre_hooks.values():
            hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)
        local_state = {}
        for k, v in self._parameters.items():
            if v is not None:
                local_state[k] = v
        for k, v in self._buffers.items():
            if v is not None and k not in self._non_persistent_buffers_set:
                local_state[k] = v
        for name, param in local_state.items():
            key = prefix + name
            if key in state_dict:
                input_param = state_dict[key]
                if not isinstance(input_param, torch.Tensor):
                    error_msgs.append('While copying the parameter named "{}", '
                                      'expected torch.Tensor or Tensor-like object from checkpoint but '
                                      'received {}'.format(key, type(input_param)))
                    continue
                # an uninitialized parameter has no shape to compare
                param_is_lazy = is_lazy(param)
                if not param_is_lazy and len(param.shape) == 0 and len(input_param.shape) == 1:
                    input_param = input_param[0]
                if not param_is_lazy and input_param.shape != param.shape:
                    error_msgs.append('size mismatch for {}: copying a param with shape {} from checkpoint, '
                                      'the shape in current model is {}.'
                                      .format(key, input_param.shape, param.shape))
                    continue
                try:
                    with torch.no_grad():
                        param.copy_(input_param)
                except Exception as ex:
                    error_msgs.append('While copying the parameter named "{}", '
                                      'whose dimensions in the model are {} and '
                                      'whose dimensions in the checkpoint are {}, '
                                      'an exception occurred : {}.'
                                      .format(key, param.size(), input_param.size(), ex.args))
            elif strict:
                missing_keys.append(key)
        extra_state_key = prefix + _EXTRA_STATE_KEY_SUFFIX
        if getattr(self.__class__, "set_extra_state", Module.set_extra_state) is not Module.set_extra_state:
            if extra_state_key in state_dict:
                self.set_extra_state(state_dict[extra_state_key])
            elif strict:
                missing_keys.append(extra_state_key)
        elif strict and (extra_state_key in state_dict):
            unexpected_keys.append(extra_state_key)
        if strict:
            for key in state_dict.keys():
                if key.startswith(prefix) and key != extra_state_key:
                    input_name = key[len(prefix):]
                    input_name = input_name.split('.', 1)[0]
                    if input_name not in self._modules and input_name not in local_state:
                        unexpected_keys.append(key)

    def load_state_dict(self, state_dict, strict=True):
        if not (isinstance(state_dict, (dict, OrderedDict)) or
                (hasattr(state_dict, 'keys') and hasattr(state_dict, '__getitem__'))):
            raise TypeError("Expected state_dict to be dict-like, got {}.".format(type(state_dict)))
        missing_keys = []
        unexpected_keys = []
        error_msgs = []
        metadata = getattr(state_dict, '_metadata', None)
        state_dict = OrderedDict(state_dict)
        if metadata is not None:
            state_dict._metadata = metadata

        def load(module, local_state_dict, prefix=''):
            local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
            module._load_from_state_dict(
                local_state_dict, prefix, local_metadata, True, missing_keys, unexpected_keys, error_msgs)
            for name, child in module._modules.items():
                if child is not None:
                    child_prefix = prefix + name + '.'
                    child_state_dict = {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)}
                    load(child, child_state_dict, child_prefix)
            incompatible_keys = _IncompatibleKeys(missing_keys, unexpected_keys)
            for hook in module._load_state_dict_post_hooks.values():
                out = hook(module, incompatible_keys)
                assert out is None, (
                    "Hooks registered with ``register_load_state_dict_post_hook`` are not"
                    "expected to return new values, if incompatible_keys need to be modified,"
                    "it should be done inplace."
                )
        load(self, state_dict)
        del load  # break the cycle load -> its closure cell -> load
        if strict:
            if len(unexpected_keys) > 0:
                error_msgs.insert(
                    0, 'Unexpected key(s) in state_dict: {}. '.format(
                        ', '.join('"{}"'.format(k) for k in unexpected_keys)))
            if len(missing_keys) > 0:
                error_msgs.insert(
                    0, 'Missing key(s) in state_dict: {}. '.format(
                        ', '.join('"{}"'.format(k) for k in missing_keys)))
        if len(error_msgs) > 0:
            raise RuntimeError('Error(s) in loading state_dict for {}:\n\t{}'.format(
                               self.__class__.__name__, "\n\t".join(error_msgs)))
        return _IncompatibleKeys(missing_keys, unexpected_keys)

    # ---- traversal -------------------------------------------------------------------

    def _named_members(self, get_members_fn, prefix='', recurse=True):
        memo = set()
        modules = self._named_modules_list(set(), prefix, True) if recurse else [(prefix, self)]
        out = []
        for module_prefix, module in modules:
            for k, v in get_members_fn(module):
                if v is None or v in memo:
                    continue
                memo.add(v)
                name = module_prefix + ('.' if module_prefix else '') + k
                out.append((name, v))
        return out

    def parameters(self, recurse=True):
        return iter([p for _, p in self._named_members(lambda m: m._parameters.items(), '', recurse)])

    def named_parameters(self, prefix='', recurse=True):
        return iter(self._named_members(lambda m: m._parameters.items(), prefix, recurse))

    def buffers(self, recurse=True):
        return iter([b for _, b in self._named_members(lambda m: m._buffers.items(), '', recurse)])

    def named_buffers(self, prefix='', recurse=True):
        return iter(self._named_members(lambda m: m._buffers.items(), prefix, recurse))

    def _named_children_list(self):
        memo = set()
        out = []
        for name, module in self._modules.items():
            if module is not None and module not in memo:
                memo.add(module)
                out.append((name, module))
        return out

    def children(self):
        return iter([m for _, m in self._named_children_list()])

    def named_children(self):
        return iter(self._named_children_list())

    def _named_modules_list(self, memo, prefix, remove_duplicate):
        out = []
        if self not in memo:
            if remove_duplicate:
                memo.add(self)
            out.append((prefix, self))
            for name, module in self._modules.items():
                if module is None:
                    continue
                submodule_prefix = prefix + ('.' if prefix else '') + name
                out += module._named_modules_list(memo, submodule_prefix, remove_duplicate)
        return out

    def modules(self):
        return iter([m for _, m in self._named_modules_list(set(), '', True)])

    def named_modules(self, memo=None, prefix='', remove_duplicate=True):
        if memo is None:
            memo = set()
        return iter(self._named_modules_list(memo, prefix, remove_duplicate))

    # ---- modes and gradients ---------------------------------------------------------

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=False):
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    if p.grad.grad_fn is not None:
                        p.grad.detach_()
                    else:
                        p.grad.requires_grad_(False)
                    p.grad.zero_()

    # ---- repr ------------------------------------------------------------------------

    def _get_name(self):
        return self.__class__.__name__

    def extra_repr(self):
        return ''

    def __repr__(self):
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split('\n')
        child_lines = []
        for key, module in self._modules.items():
            mod_str = repr(module)
            mod_str = _addindent(mod_str, 2)
            child_lines.append('(' + key + '): ' + mod_str)
        lines = extra_lines + child_lines
        main_str = self._get_name() + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += '\n  ' + '\n  '.join(lines) + '\n'
        main_str += ')'
        return main_str

    def _repr_html_(self):
        # What a notebook shows for a module: its repr, then its parameters
        # with shapes and counts. Colours come from the theme (inherit), so
        # the table reads in light and dark JupyterLab alike.
        cell = 'style="padding:1px 8px;text-align:%s;border:none"'
        head = 'style="padding:1px 8px;text-align:%s;border:none;opacity:0.6;font-weight:normal"'
        rows = []
        total = trainable = 0
        for name, p in self.named_parameters():
            n = p.numel()
            total += n
            if p.requires_grad:
                trainable += n
            rows.append('<tr><td %s>%s</td><td %s>%s</td><td %s>%s</td><td %s>%s</td><td %s>%s</td></tr>' % (
                cell % 'left', _html_escape(name), cell % 'left', tuple(p.shape),
                cell % 'left', str(p.dtype).replace('torch.', ''), cell % 'right', f'{n:,}',
                cell % 'center', '✓' if p.requires_grad else ''))
        table = ''
        if rows:
            table = ('<table style="border-collapse:collapse;border:none;background:transparent;color:inherit">'
                     '<thead><tr><th %s>parameter</th><th %s>shape</th><th %s>dtype</th><th %s>count</th>'
                     '<th %s>grad</th></tr></thead><tbody>%s</tbody>'
                     '<tfoot><tr><td %s>total</td><td %s></td><td %s></td><td %s>%s</td><td %s>%s</td></tr>'
                     '</tfoot></table>') % (
                head % 'left', head % 'left', head % 'left', head % 'right', head % 'center', ''.join(rows),
                cell % 'left', cell % 'left', cell % 'left', cell % 'right', f'{total:,}',
                cell % 'left', f'trainable {trainable:,}' if trainable != total else '')
        return ('<div class="cgrad-module" style="font-family:var(--jp-code-font-family,monospace);'
                'font-size:var(--jp-code-font-size,13px);color:inherit">'
                '<pre style="margin:0 0 4px 0;background:transparent;color:inherit">%s</pre>%s</div>'
                % (_html_escape(repr(self)), table))


def _html_escape(s):
    return s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;')


def _parse_to(*args, **kwargs):
    """torch._C._nn._parse_to: (device, dtype, non_blocking, memory_format)
    from Module.to's forms: to(device), to(dtype), to(device, dtype),
    to(tensor), with keywords device=, dtype=, non_blocking=,
    memory_format=."""
    device = kwargs.pop('device', None)
    dtype = kwargs.pop('dtype', None)
    non_blocking = kwargs.pop('non_blocking', False)
    memory_format = kwargs.pop('memory_format', None)
    if kwargs:
        raise TypeError("to() got an unexpected keyword argument '{}'".format(list(kwargs)[0]))
    rest = list(args)
    if rest and isinstance(rest[0], torch.Tensor):
        t = rest.pop(0)
        device, dtype = t.device, t.dtype
    elif rest and not isinstance(rest[0], torch.dtype):
        device = rest.pop(0)
    if rest and isinstance(rest[0], torch.dtype):
        dtype = rest.pop(0)
    if rest and isinstance(rest[0], bool):
        non_blocking = rest.pop(0)
    if rest:
        raise TypeError('to() received an invalid combination of arguments')
    if device is not None:
        device = torch.device(device)
    return device, dtype, non_blocking, memory_format
