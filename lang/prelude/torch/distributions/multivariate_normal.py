# torch/distributions/multivariate_normal.py: MultivariateNormal(loc, one
# of covariance_matrix / precision_matrix / scale_tril). Everything runs
# through the lower Cholesky factor L of the covariance; building L from a
# covariance or precision matrix needs torch.linalg.cholesky.
import math
import torch
import torch.distributions.constraints as constraints
from torch.distributions.distribution import Distribution
from torch.distributions.utils import _standard_normal, lazy_property, _op

__all__ = ['MultivariateNormal']


def _batch_mv(bmat, bvec):
    # (..., n, n) @ (..., n) with broadcast batch dims
    return torch.matmul(bmat, bvec.unsqueeze(-1)).squeeze(-1)


def _batch_mahalanobis(bL, bx):
    # x^T (L L^T)^-1 x = |L^-1 x|^2 for L (..., n, n), x (..., n)
    batch = torch.broadcast_shapes(bL.shape[:-2], bx.shape[:-1])
    n = bx.size(-1)
    L = bL.expand(batch + (n, n))
    x = bx.expand(batch + (n,)).unsqueeze(-1)
    return torch.linalg.solve_triangular(L, x, upper=False).pow(2).sum(-2).squeeze(-1)


def _precision_to_scale_tril(P):
    # L with L L^T = P^-1, from the Cholesky factor of P with its rows
    # and columns reversed (then L is lower triangular)
    Lf = torch.linalg.cholesky(torch.flip(P, (-2, -1)))
    L_inv = torch.transpose(torch.flip(Lf, (-2, -1)), -2, -1)
    Id = torch.eye(P.shape[-1], dtype=P.dtype, device=P.device)
    return torch.linalg.solve_triangular(L_inv, Id, upper=False)


def _matrix_arg(name, what, m, loc):
    if m.dim() < 2:
        raise ValueError(what + " must be at least two-dimensional, "
                         "with optional leading batch dimensions")
    return torch.broadcast_shapes(m.shape[:-2], loc.shape[:-1])


class MultivariateNormal(Distribution):
    arg_constraints = {'loc': constraints.real_vector,
                       'covariance_matrix': constraints.positive_definite,
                       'precision_matrix': constraints.positive_definite,
                       'scale_tril': constraints.lower_cholesky}
    support = constraints.real_vector
    has_rsample = True

    def __init__(self, loc, covariance_matrix=None, precision_matrix=None, scale_tril=None, validate_args=None):
        if loc.dim() < 1:
            raise ValueError("loc must be at least one-dimensional.")
        if (covariance_matrix is not None) + (scale_tril is not None) + (precision_matrix is not None) != 1:
            raise ValueError("Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified.")
        if scale_tril is not None:
            batch_shape = _matrix_arg('scale_tril', "scale_tril matrix", scale_tril, loc)
            self.scale_tril = scale_tril.expand(batch_shape + (-1, -1))
        elif covariance_matrix is not None:
            batch_shape = _matrix_arg('covariance_matrix', "covariance_matrix", covariance_matrix, loc)
            self.covariance_matrix = covariance_matrix.expand(batch_shape + (-1, -1))
        else:
            batch_shape = _matrix_arg('precision_matrix', "precision_matrix", precision_matrix, loc)
            self.precision_matrix = precision_matrix.expand(batch_shape + (-1, -1))
        self.loc = loc.expand(batch_shape + (-1,))
        super(MultivariateNormal, self).__init__(batch_shape, self.loc.shape[-1:], validate_args=validate_args)
        if scale_tril is not None:
            self._unbroadcasted_scale_tril = scale_tril
        elif covariance_matrix is not None:
            self._unbroadcasted_scale_tril = torch.linalg.cholesky(covariance_matrix)
        else:
            self._unbroadcasted_scale_tril = _precision_to_scale_tril(precision_matrix)

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(MultivariateNormal, _instance)
        batch_shape = torch.Size(batch_shape)
        cov_shape = batch_shape + self.event_shape + self.event_shape
        new.loc = self.loc.expand(batch_shape + self.event_shape)
        new._unbroadcasted_scale_tril = self._unbroadcasted_scale_tril
        for name in ('covariance_matrix', 'scale_tril', 'precision_matrix'):
            if name in self.__dict__:
                setattr(new, name, getattr(self, name).expand(cov_shape))
        super(MultivariateNormal, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _matrix_shape(self):
        return self._batch_shape + self._event_shape + self._event_shape

    @lazy_property
    def scale_tril(self):
        return self._unbroadcasted_scale_tril.expand(self._matrix_shape())

    @lazy_property
    def covariance_matrix(self):
        L = self._unbroadcasted_scale_tril
        return torch.matmul(L, L.mT).expand(self._matrix_shape())

    @lazy_property
    def precision_matrix(self):
        return _op('cholesky_inverse')(self._unbroadcasted_scale_tril).expand(self._matrix_shape())

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @property
    def variance(self):
        return self._unbroadcasted_scale_tril.pow(2).sum(-1).expand(self._batch_shape + self._event_shape)

    def rsample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        eps = _standard_normal(shape, dtype=self.loc.dtype, device=self.loc.device)
        return self.loc + _batch_mv(self._unbroadcasted_scale_tril, eps)

    def _half_log_det(self):
        return self._unbroadcasted_scale_tril.diagonal(dim1=-2, dim2=-1).log().sum(-1)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        diff = value - self.loc
        M = _batch_mahalanobis(self._unbroadcasted_scale_tril, diff)
        return -0.5 * (self._event_shape[0] * math.log(2 * math.pi) + M) - self._half_log_det()

    def entropy(self):
        H = 0.5 * self._event_shape[0] * (1.0 + math.log(2 * math.pi)) + self._half_log_det()
        if len(self._batch_shape) == 0:
            return H
        return H.expand(self._batch_shape)
