# torch/distributions/utils.py: helpers the distributions share: turning
# parameters into broadcast tensors, probs <-> logits, a property computed
# once per instance, and the packing of lower-triangular matrices.
import torch
import numbers

euler_constant = 0.57721566490153286060  # Euler-Mascheroni constant


def broadcast_all(*values):
    # numbers become tensors of the first tensor argument's dtype (or the
    # default dtype), then all broadcast to one shape
    if not all(isinstance(v, torch.Tensor) or isinstance(v, numbers.Number) for v in values):
        raise ValueError('Input arguments must all be instances of numbers.Number, '
                         'torch.Tensor or objects implementing __torch_function__.')
    if not all(isinstance(v, torch.Tensor) for v in values):
        options = dict(dtype=torch.get_default_dtype())
        for value in values:
            if isinstance(value, torch.Tensor):
                options = dict(dtype=value.dtype, device=value.device)
                break
        values = [v if isinstance(v, torch.Tensor) else torch.tensor(v, **options)
                  for v in values]
    return torch.broadcast_tensors(*values)


def _standard_normal(shape, dtype, device):
    # drawn by filling an empty tensor in place, as PyTorch does, so the
    # same seed gives the same numbers
    return torch.empty(shape, dtype=dtype, device=device).normal_()


def _sum_rightmost(value, dim):
    if dim == 0:
        return value
    required_shape = value.shape[:-dim] + (-1,)
    return value.reshape(required_shape).sum(-1)


def logits_to_probs(logits, is_binary=False):
    if is_binary:
        return torch.sigmoid(logits)
    return torch.softmax(logits, dim=-1)


def clamp_probs(probs):
    eps = torch.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary=False):
    ps_clamped = clamp_probs(probs)
    if is_binary:
        return torch.log(ps_clamped) - torch.log1p(-ps_clamped)
    return torch.log(ps_clamped)


class lazy_property:
    # computed on first read, then stored on the instance under the same
    # name so later reads are plain attribute reads
    def __init__(self, wrapped):
        self.wrapped = wrapped
        self.__doc__ = getattr(wrapped, '__doc__', None)
        self.__name__ = wrapped.__name__

    def __get__(self, instance, obj_type=None):
        if instance is None:
            return _lazy_property_and_property(self.wrapped)
        with torch.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


class _lazy_property_and_property(lazy_property, property):
    # what a class-level read of a lazy_property returns, so that
    # isinstance(..., property) holds as in PyTorch
    def __init__(self, wrapped):
        lazy_property.__init__(self, wrapped)
        property.__init__(self, wrapped)


def tril_matrix_to_vec(mat, diag=0):
    n = mat.shape[-1]
    if (diag < -n or diag >= n):
        raise ValueError(f'diag ({diag}) provided is outside [{-n}, {n-1}].')
    arange = torch.arange(n, device=mat.device)
    tril_mask = arange < arange.view(-1, 1) + (diag + 1)
    vec = mat[..., tril_mask]
    return vec


def vec_to_tril_matrix(vec, diag=0):
    n = (-(1 + 2 * diag) + ((1 + 2 * diag) ** 2 + 8 * vec.shape[-1] + 4 * abs(diag) * (diag + 1)) ** 0.5) / 2
    eps = torch.finfo(vec.dtype).eps
    if round(n) - n > eps:
        raise ValueError(f'The size of last dimension is {vec.shape[-1]} which cannot be expressed as '
                         + 'the lower triangular part of a square D x D matrix.')
    n = int(round(n))
    mat = vec.new_zeros(vec.shape[:-1] + torch.Size((n, n)))
    arange = torch.arange(n, device=vec.device)
    tril_mask = arange < arange.view(-1, 1) + (diag + 1)
    mat[..., tril_mask] = vec
    return mat


def _op(name):
    # a torch function PyTorch's formulas use that cgrad may not have yet
    # (lgamma, digamma, poisson, _standard_gamma, ...): calling it gives
    # an error naming it, and the formula works unchanged once it lands
    fn = getattr(torch, name, None)
    if fn is None:
        raise NotImplementedError(f"torch.{name} is not available in cgrad yet")
    return fn


def _method(tensor, name):
    # the same for a Tensor method (cauchy_, ...)
    fn = getattr(tensor, name, None)
    if fn is None:
        raise NotImplementedError(f"Tensor.{name} is not available in cgrad yet")
    return fn
