# torch/distributions/dirichlet.py: Dirichlet(concentration) on the
# simplex. Sampling needs torch._sample_dirichlet (and its gradient
# torch._dirichlet_grad); log_prob/entropy need lgamma/digamma (Note [Ops cgrad lacks yet] in
# Note [Ops cgrad lacks yet]).
import torch
import torch.distributions.constraints as constraints
from torch.autograd import Function
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.utils import _op

__all__ = ['Dirichlet']


class _Dirichlet(Function):
    # a Dirichlet draw whose gradient is the implicit reparameterization
    @staticmethod
    def forward(ctx, concentration):
        x = _op('_sample_dirichlet')(concentration)
        ctx.save_for_backward(x, concentration)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        x, concentration = ctx.saved_tensors
        total = concentration.sum(-1, True).expand_as(concentration)
        grad = _op('_dirichlet_grad')(x, concentration, total)
        return grad * (grad_output - (x * grad_output).sum(-1, True))


class Dirichlet(ExponentialFamily):
    arg_constraints = {'concentration': constraints.independent(constraints.positive, 1)}
    support = constraints.simplex
    has_rsample = True

    def __init__(self, concentration, validate_args=None):
        if concentration.dim() < 1:
            raise ValueError("`concentration` parameter must be at least one-dimensional.")
        self.concentration = concentration
        batch_shape, event_shape = concentration.shape[:-1], concentration.shape[-1:]
        super(Dirichlet, self).__init__(batch_shape, event_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(Dirichlet, _instance)
        batch_shape = torch.Size(batch_shape)
        new.concentration = self.concentration.expand(batch_shape + self.event_shape)
        super(Dirichlet, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def rsample(self, sample_shape=()):
        shape = self._extended_shape(sample_shape)
        return _Dirichlet.apply(self.concentration.expand(shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        lgamma = _op('lgamma')
        return ((torch.log(value) * (self.concentration - 1.0)).sum(-1) +
                lgamma(self.concentration.sum(-1)) -
                lgamma(self.concentration).sum(-1))

    @property
    def mean(self):
        return self.concentration / self.concentration.sum(-1, True)

    @property
    def mode(self):
        concentrationm1 = (self.concentration - 1).clamp(min=0.)
        mode = concentrationm1 / concentrationm1.sum(-1, True)
        # with every concentration below 1 the mode is a vertex
        mask = (self.concentration < 1).all(dim=-1)
        mode[mask] = torch.nn.functional.one_hot(mode[mask].argmax(dim=-1), concentrationm1.shape[-1]).to(mode)
        return mode

    @property
    def variance(self):
        con0 = self.concentration.sum(-1, True)
        return self.concentration * (con0 - self.concentration) / (con0.pow(2) * (con0 + 1))

    def entropy(self):
        lgamma, digamma = _op('lgamma'), _op('digamma')
        k = self.concentration.size(-1)
        a0 = self.concentration.sum(-1)
        return (lgamma(self.concentration).sum(-1) - lgamma(a0) -
                (k - a0) * digamma(a0) -
                ((self.concentration - 1.0) * digamma(self.concentration)).sum(-1))

    @property
    def _natural_params(self):
        return (self.concentration, )

    def _log_normalizer(self, x):
        lgamma = _op('lgamma')
        return lgamma(x).sum(-1) - lgamma(x.sum(-1))
