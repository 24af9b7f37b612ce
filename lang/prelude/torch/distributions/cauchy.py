# torch/distributions/cauchy.py: Cauchy(loc, scale); sampling needs
# Tensor.cauchy_, cdf/icdf torch.atan/tan (Note [Ops cgrad lacks yet] in torch/distributions.py).
import math
import torch
import torch.distributions.constraints as constraints
from torch.distributions.distribution import Distribution, _expand_params, _batch_shape_of
from torch.distributions.utils import broadcast_all, _op, _method

__all__ = ['Cauchy']


class Cauchy(Distribution):
    arg_constraints = {'loc': constraints.real, 'scale': constraints.positive}
    support = constraints.real
    has_rsample = True

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = broadcast_all(loc, scale)
        batch_shape = _batch_shape_of(self.loc, loc, scale)
        super(Cauchy, self).__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return _expand_params(self, Cauchy, ('loc', 'scale'), batch_shape, _instance)

    @property
    def mean(self):
        return torch.full(self._extended_shape(), math.nan, dtype=self.loc.dtype, device=self.loc.device)

    @property
    def mode(self):
        return self.loc

    @property
    def variance(self):
        return torch.full(self._extended_shape(), math.inf, dtype=self.loc.dtype, device=self.loc.device)

    def rsample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        eps = _method(self.loc.new(shape), 'cauchy_')()
        return self.loc + eps * self.scale

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return -math.log(math.pi) - self.scale.log() - (1 + ((value - self.loc) / self.scale)**2).log()

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return _op('atan')((value - self.loc) / self.scale) / math.pi + 0.5

    def icdf(self, value):
        return _op('tan')(math.pi * (value - 0.5)) * self.scale + self.loc

    def entropy(self):
        return math.log(4 * math.pi) + self.scale.log()
