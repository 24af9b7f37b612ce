# torch/distributions/poisson.py: Poisson(rate). Sampling needs
# torch.poisson and log_prob torch.lgamma (Note [Ops cgrad lacks yet] in torch/distributions.py).
import torch
import torch.distributions.constraints as constraints
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.distribution import _expand_params, _batch_shape_of
from torch.distributions.utils import broadcast_all, _op

__all__ = ['Poisson']


class Poisson(ExponentialFamily):
    arg_constraints = {'rate': constraints.nonnegative}
    support = constraints.nonnegative_integer

    @property
    def mean(self):
        return self.rate

    @property
    def mode(self):
        return self.rate.floor()

    @property
    def variance(self):
        return self.rate

    def __init__(self, rate, validate_args=None):
        self.rate, = broadcast_all(rate)
        batch_shape = _batch_shape_of(self.rate, rate)
        super(Poisson, self).__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return _expand_params(self, Poisson, ('rate',), batch_shape, _instance)

    def sample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        with torch.no_grad():
            return _op('poisson')(self.rate.expand(shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        rate, value = broadcast_all(self.rate, value)
        return torch.xlogy(value, rate) - rate - _op('lgamma')(value + 1)

    @property
    def _natural_params(self):
        return (torch.log(self.rate), )

    def _log_normalizer(self, x):
        return torch.exp(x)
