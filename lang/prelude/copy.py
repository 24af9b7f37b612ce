# copy.py: Python's copy module, written after CPython 3.11's Lib/copy.py,
# with PyTorch's Tensor.__deepcopy__ and __reduce_ex__ folded in (the
# language cannot add methods to the Tensor type from Python), so that
# copy.deepcopy(model) gives a model with parameters of its own, as in
# PyTorch.
# Not the real thing: there is no __reduce_ex__ protocol; an object is
# copied by its __copy__/__deepcopy__, as a built-in container, or as an
# instance of a class (cls.__new__(cls), then its __dict__, through
# __getstate__/__setstate__ when the class defines them). A tensor's deep
# copy is a clone: views of one storage copied together do not share the
# new storage, as they do in PyTorch.


class Error(Exception):
    pass


error = Error


import sys as _sys


def _function():
    pass


# What copy and deepcopy give back as they are.
_ATOMIC = (type(None), int, float, bool, str, type, range, slice,
           type(Ellipsis), type(NotImplemented), type(len), type(_function),
           property, type(_sys))


def _is_tensor(x):
    import torch
    return isinstance(x, torch.Tensor)


def copy(x):
    """Shallow copy operation on arbitrary Python objects.

    See the module's __doc__ string for more info.
    """
    cls = type(x)
    if cls in _ATOMIC or cls is tuple or cls is frozenset:
        return x
    if cls is list:
        return x[:]
    if cls is dict:
        return dict(x)
    if cls is set:
        return set(x)
    copier = getattr(cls, '__copy__', None)
    if copier is not None:
        return copier(x)
    if _is_tensor(x):
        return _copy_tensor(x)
    return _reconstruct(x, None)


def deepcopy(x, memo=None, _nil=[]):
    """Deep copy operation on arbitrary Python objects.

    See the module's __doc__ string for more info.
    """
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _ATOMIC:
        return x
    if cls is list:
        y = _deepcopy_list(x, memo)
    elif cls is tuple:
        y = _deepcopy_tuple(x, memo)
    elif cls is dict:
        y = _deepcopy_dict(x, memo)
    elif cls is set or cls is frozenset:
        y = cls([deepcopy(a, memo) for a in x])
    else:
        copier = getattr(x, '__deepcopy__', None)
        if copier is not None:
            y = copier(memo)
        elif _is_tensor(x):
            y = _deepcopy_tensor(x, memo)
        else:
            y = _reconstruct(x, memo)
    # If is its own copy, don't memoize.
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)  # Make sure x lives at least as long as d
    return y


def _deepcopy_list(x, memo):
    y = []
    memo[id(x)] = y
    for a in x:
        y.append(deepcopy(a, memo))
    return y


def _deepcopy_tuple(x, memo):
    y = [deepcopy(a, memo) for a in x]
    # We're not going to put the tuple in the memo, but it's still important we
    # check for it, in case the tuple contains recursive mutable structures.
    try:
        return memo[id(x)]
    except KeyError:
        pass
    for k, j in zip(x, y):
        if k is not j:
            return tuple(y)
    return x


def _deepcopy_dict(x, memo):
    y = {}
    memo[id(x)] = y
    for key, value in x.items():
        y[deepcopy(key, memo)] = deepcopy(value, memo)
    return y


def _keep_alive(x, memo):
    """Keeps a reference to the object x in the memo.

    Because we remember objects by their id, we have
    to assure that possibly temporary objects are kept
    alive by referencing them.
    We store a reference at the id of the memo, which should
    normally not be used unless someone tries to deepcopy
    the memo itself...
    """
    try:
        memo[id(memo)].append(x)
    except KeyError:
        # aha, this is the first one :-)
        memo[id(memo)] = [x]


def _reconstruct(x, memo):
    """An instance of a class: a new one of the same class, made without
    __init__, given x's state (its __dict__, or what __getstate__ says),
    deep-copied when memo is not None."""
    cls = type(x)
    state = None
    getstate = getattr(x, '__getstate__', None)
    if getstate is not None:
        state = getstate()
    else:
        state = getattr(x, '__dict__', None)
        if state is None or getattr(cls, '__module__', None) == 'builtins':
            # what copyreg says of a built-in object without __reduce_ex__
            raise TypeError("cannot pickle '%s' object" % cls.__name__)
    y = cls.__new__(cls)
    if memo is not None:
        memo[id(x)] = y
    if state is None:
        return y
    if memo is not None:
        state = deepcopy(state, memo)
    setstate = getattr(y, '__setstate__', None)
    if setstate is not None:
        setstate(state)
    else:
        y.__dict__.update(state)
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
