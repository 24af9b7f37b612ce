# copy.py: Python's copy module, as CPython 3.11's: copy and deepcopy by
# a table of the builtin types, then __copy__/__deepcopy__, then
# copyreg's dispatch table, then the object's reduction (__reduce_ex__(4),
# object's through copyreg: Note [object.__reduce_ex__ in copyreg]), from
# which _reconstruct builds the copy; a memo keeps shared and recursive
# structure.
# PyTorch's Tensor.__deepcopy__ and Tensor.__reduce_ex__ are folded in
# (the language cannot add methods to the Tensor type from Python), so
# that copy.deepcopy(model) gives a model with parameters of its own, as
# in PyTorch. Not the real thing there: views of one storage copied
# together do not share the new storage, as they do in PyTorch.

import sys as _sys
import types as _types
import weakref as _weakref
import copyreg as _copyreg
from copyreg import dispatch_table


class Error(Exception):
    pass


error = Error

__all__ = ["Error", "copy", "deepcopy"]


def _tensor_type():
    torch = _sys.modules.get('torch')
    return getattr(torch, 'Tensor', None) if torch is not None else None


def _is_tensor(x):
    t = _tensor_type()
    return t is not None and isinstance(x, t)


def _reduction(x, cls):
    """x's reduction for copying: the dispatch table's, else protocol 4's."""
    reductor = dispatch_table.get(cls)
    if reductor is not None:
        return reductor(x)
    return _copyreg._reduce(x, 4)


def copy(x):
    """A shallow copy of x."""
    cls = type(x)
    copier = _copy_dispatch.get(cls)
    if copier is not None:
        return copier(x)
    if issubclass(cls, type):
        return x
    copier = getattr(cls, "__copy__", None)
    if copier is not None:
        return copier(x)
    if _is_tensor(x):
        return _copy_tensor(x)
    rv = _reduction(x, cls)
    if isinstance(rv, str):
        return x
    return _reconstruct(x, None, *rv)


def _copy_immutable(x):
    return x


_copy_dispatch = d = {}
for t in (type(None), int, float, bool, complex, str, tuple, bytes,
          frozenset, type, range, slice, property, _types.BuiltinFunctionType,
          type(Ellipsis), type(NotImplemented), _types.FunctionType,
          _weakref.ref):
    d[t] = _copy_immutable
d[list] = list.copy
d[dict] = dict.copy
d[set] = set.copy
d[bytearray] = bytearray.copy
del d, t


def deepcopy(x, memo=None, _nil=[]):
    """A deep copy of x; memo maps the id of each object copied so far
    to its copy."""
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    copier = _deepcopy_dispatch.get(cls)
    if copier is not None:
        y = copier(x, memo)
    elif issubclass(cls, type):
        y = x
    else:
        copier = getattr(x, "__deepcopy__", None)
        if copier is not None:
            y = copier(memo)
        elif _is_tensor(x):
            y = _deepcopy_tensor(x, memo)
        else:
            rv = _reduction(x, cls)
            if isinstance(rv, str):
                y = x
            else:
                y = _reconstruct(x, memo, *rv)
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _deepcopy_atomic(x, memo):
    return x


def _deepcopy_list(x, memo, deepcopy=deepcopy):
    y = []
    memo[id(x)] = y
    append = y.append
    for a in x:
        append(deepcopy(a, memo))
    return y


def _deepcopy_tuple(x, memo, deepcopy=deepcopy):
    y = [deepcopy(a, memo) for a in x]
    # A tuple that holds itself through a list was copied (and memoized)
    # while its items were.
    try:
        return memo[id(x)]
    except KeyError:
        pass
    for k, j in zip(x, y):
        if k is not j:
            return tuple(y)
    return x


def _deepcopy_dict(x, memo, deepcopy=deepcopy):
    y = {}
    memo[id(x)] = y
    for key, value in x.items():
        y[deepcopy(key, memo)] = deepcopy(value, memo)
    return y


def _deepcopy_method(x, memo):
    owner = deepcopy(x.__self__, memo)
    try:
        return type(x)(x.__func__, owner)
    except TypeError:
        # the runtime's method type has no constructor: bind through the
        # function's descriptor
        return x.__func__.__get__(owner, type(owner))


_deepcopy_dispatch = d = {}
for t in (type(None), type(Ellipsis), type(NotImplemented), int, float,
          bool, complex, bytes, str, type, range, _types.BuiltinFunctionType,
          _types.FunctionType, _weakref.ref, property):
    d[t] = _deepcopy_atomic
d[list] = _deepcopy_list
d[tuple] = _deepcopy_tuple
d[dict] = _deepcopy_dict
d[_types.MethodType] = _deepcopy_method
del d, t


def _keep_alive(x, memo):
    """Holds x in the memo (under the memo's own id), so that no object
    made later takes x's id while the memo is in use."""
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _reconstruct(x, memo, func, args,
                 state=None, listiter=None, dictiter=None,
                 *, deepcopy=deepcopy):
    deep = memo is not None
    if deep and args:
        args = deepcopy(args, memo)
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        if hasattr(y, '__setstate__'):
            y.__setstate__(state)
        else:
            if isinstance(state, tuple) and len(state) == 2:
                state, slotstate = state
            else:
                slotstate = None
            if state is not None:
                y.__dict__.update(state)
            if slotstate is not None:
                for key, value in slotstate.items():
                    setattr(y, key, value)
    if listiter is not None:
        if deep:
            for item in listiter:
                y.append(deepcopy(item, memo))
        else:
            for item in listiter:
                y.append(item)
    if dictiter is not None:
        if deep:
            for key, value in dictiter:
                y[deepcopy(key, memo)] = deepcopy(value, memo)
        else:
            for key, value in dictiter:
                y[key] = value
    return y


def _copy_tensor(t):
    """What copy.copy(t) gets in PyTorch through Tensor.__reduce_ex__: a
    leaf sharing t's data, with t's requires_grad."""
    import torch
    if isinstance(t, torch.nn.Parameter):
        return type(t)(t.data, t.requires_grad)
    y = t.detach()
    if t.requires_grad:
        y.requires_grad_()
    return y


def _deepcopy_tensor(t, memo):
    """PyTorch's Tensor.__deepcopy__: leaves only; the copy has data, a
    grad and requires_grad of its own."""
    import torch
    if not t.is_leaf:
        raise RuntimeError(
            "Only Tensors created explicitly by the user "
            "(graph leaves) support the deepcopy protocol at the moment"
        )
    with torch.no_grad():
        y = t.clone()
    if t.requires_grad:
        y.requires_grad_()
    if t.grad is not None:
        y.grad = _deepcopy_tensor(t.grad, memo)
    memo[id(t)] = y
    return y
