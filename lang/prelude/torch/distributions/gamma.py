# torch/distributions/gamma.py: Gamma(concentration, rate). Sampling needs
# torch._standard_gamma, log_prob/entropy torch.lgamma/digamma (Note [Ops cgrad lacks yet] in
# Note [Ops cgrad lacks yet]).
import torch
import torch.distributions.constraints as constraints
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.distribution import _expand_params, _batch_shape_of
from torch.distributions.utils import broadcast_all, _op

__all__ = ['Gamma']


def _standard_gamma(concentration):
    return _op('_standard_gamma')(concentration)


class Gamma(ExponentialFamily):
    arg_constraints = {'concentration': constraints.positive, 'rate': constraints.positive}
    support = constraints.nonnegative
    has_rsample = True
    _mean_carrier_measure = 0

    @property
    def mean(self):
        return self.concentration / self.rate

    @property
    def mode(self):
        return ((self.concentration - 1) / self.rate).clamp(min=0)

    @property
    def variance(self):
        return self.concentration / self.rate.pow(2)

    def __init__(self, concentration, rate, validate_args=None):
        self.concentration, self.rate = broadcast_all(concentration, rate)
        batch_shape = _batch_shape_of(self.concentration, concentration, rate)
        super(Gamma, self).__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return _expand_params(self, Gamma, ('concentration', 'rate'), batch_shape, _instance)

    def rsample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        value = _standard_gamma(self.concentration.expand(shape)) / self.rate.expand(shape)
        value.detach().clamp_(min=torch.finfo(value.dtype).tiny)  # in place, out of the graph
        return value

    def log_prob(self, value):
        value = torch.as_tensor(value, dtype=self.rate.dtype, device=self.rate.device)
        if self._validate_args:
            self._validate_sample(value)
        return (torch.xlogy(self.concentration, self.rate) +
                torch.xlogy(self.concentration - 1, value) -
                self.rate * value - _op('lgamma')(self.concentration))

    def entropy(self):
        return (self.concentration - torch.log(self.rate) + _op('lgamma')(self.concentration) +
                (1.0 - self.concentration) * _op('digamma')(self.concentration))

    @property
    def _natural_params(self):
        return (self.concentration - 1, -self.rate)

    def _log_normalizer(self, x, y):
        return _op('lgamma')(x + 1) + (x + 1) * torch.log(-y.reciprocal())
