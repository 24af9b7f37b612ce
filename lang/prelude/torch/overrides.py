# torch/overrides.py: the __torch_function__ protocol's Python helpers, as
# PyTorch 1.13 defines them: which arguments overload a torch function
# (has_torch_function*), and handle_torch_function, which hands the call
# to their __torch_function__ (subclasses before their bases).
#
# Note [Tensor's own __torch_function__]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# In PyTorch every Tensor subclass inherits torch.Tensor.__torch_function__
# (run the function, give the result the subclass's type), so an instance
# of any subclass overloads; torch.Tensor itself does not, and Parameter
# opts out with _disabled_torch_function_impl. Here torch.Tensor has no
# such attribute: a Tensor subclass without one of its own gets
# _tensor_torch_function. The language's built-in torch functions do not
# consult __torch_function__; these helpers serve Python code that does.
import torch

__all__ = ['has_torch_function', 'has_torch_function_unary', 'has_torch_function_variadic',
           'handle_torch_function']


def _disabled_torch_function_impl(func, types, args=(), kwargs=None):
    """What a class sets as __torch_function__ to opt out of the protocol."""
    if kwargs is None:
        kwargs = {}
    return func(*args, **kwargs)


def _convert(ret, cls):
    """ret (a result of func) as class cls, as PyTorch's as_subclass: an
    alias of it (AliasBackward0, which x[...] records) whose class changes
    in place."""
    if isinstance(ret, torch.Tensor) and not isinstance(ret, cls):
        alias = ret[...]
        alias.__class__ = cls
        return alias
    if isinstance(ret, (tuple, list)):
        return type(ret)(_convert(r, cls) for r in ret)
    return ret


def _tensor_torch_function(cls, func, types, args=(), kwargs=None):
    if kwargs is None:
        kwargs = {}
    if not all(issubclass(cls, t) for t in types):
        return NotImplemented
    return _convert(func(*args, **kwargs), cls)


def _torch_function_of(arg_type):
    """arg_type's __torch_function__ (bound to it), or None where it does
    not take part in the protocol; Note [Tensor's own __torch_function__]."""
    if arg_type is torch.Tensor:
        return None
    impl = getattr(arg_type, '__torch_function__', None)
    if impl is None and issubclass(arg_type, torch.Tensor):
        return lambda func, types, args=(), kwargs=None: _tensor_torch_function(arg_type, func, types, args, kwargs)
    if impl is _disabled_torch_function_impl:
        return None
    return impl


def has_torch_function(relevant_args):
    return any(_torch_function_of(type(arg)) is not None for arg in relevant_args)


def has_torch_function_unary(arg):
    return _torch_function_of(type(arg)) is not None


def has_torch_function_variadic(*args):
    return has_torch_function(args)


def _get_overloaded_args(relevant_args):
    """The arguments whose types overload, one per type, a subclass before
    its base, otherwise in argument order."""
    types = set()
    overloaded = []
    for arg in relevant_args:
        arg_type = type(arg)
        if arg_type in types or _torch_function_of(arg_type) is None:
            continue
        types.add(arg_type)
        index = len(overloaded)
        for i, old in enumerate(overloaded):
            if issubclass(arg_type, type(old)):
                index = i
                break
        overloaded.insert(index, arg)
    return overloaded


def handle_torch_function(public_api, relevant_args, *args, **kwargs):
    overloaded_args = _get_overloaded_args(relevant_args)
    types = tuple(map(type, overloaded_args))
    for arg in overloaded_args:
        impl = getattr(type(arg), '__torch_function__', None)
        if impl is None:
            impl = _torch_function_of(type(arg))
        else:
            impl = arg.__torch_function__
        result = impl(public_api, types, args, kwargs)
        if result is not NotImplemented:
            return result
    func_name = '{}.{}'.format(public_api.__module__, public_api.__name__)
    raise TypeError("no implementation found for '{}' on types that implement __torch_function__: {}"
                    .format(func_name, [type(arg) for arg in overloaded_args]))


def is_tensor_like(inp):
    """Whether inp is a Tensor or an object that takes part in
    __torch_function__ dispatch like one."""
    return type(inp) is torch.Tensor or hasattr(inp, "__torch_function__")
