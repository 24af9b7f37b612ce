# torch/distributions.py: the torch.distributions package, gathered from
# lang/prelude/torch/distributions/ as PyTorch's __init__ does.
#
# Note [Ops cgrad lacks yet]: the formulas follow PyTorch 1.13 op for op,
# so that the same seed draws the same numbers and values agree bit for
# bit. Where a formula needs an op the engine does not have yet, it calls
# it through utils._op / utils._method, which raise NotImplementedError
# naming the op; the formula works unchanged once the op lands:
#   torch.lgamma, digamma, mvlgamma: densities of Poisson, Binomial,
#     Multinomial, NegativeBinomial, Gamma/Chi2, Beta, Dirichlet, StudentT,
#     FisherSnedecor, Weibull's moments, Kumaraswamy, LKJCholesky, Wishart
#     and their KL pairs;
#   torch.poisson, torch.binomial, torch._standard_gamma,
#     torch._sample_dirichlet (+ _dirichlet_grad), Tensor.cauchy_,
#     torch.acos: sampling Poisson, Binomial, NegativeBinomial, the Gamma
#     family, Beta/Dirichlet, StudentT, FisherSnedecor, LKJCholesky,
#     Wishart, Cauchy/HalfCauchy, VonMises;
#   torch.expm1 (Laplace.cdf, SoftplusTransform's inverse), torch.atan and
#     tan (Cauchy cdf/icdf), torch.atanh (TanhTransform's inverse);
#   torch.linalg.cholesky / cholesky_ex / eigvalsh / slogdet,
#     cholesky_inverse, cholesky_solve, tril_indices: MultivariateNormal
#     from a covariance or precision matrix (scale_tril works),
#     LowRankMultivariateNormal, Wishart, positive_definite checks.
import torch.distributions.constraints as constraints
import torch.distributions.utils as utils
from torch.distributions.distribution import Distribution
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.normal import Normal
from torch.distributions.uniform import Uniform
from torch.distributions.bernoulli import Bernoulli
from torch.distributions.categorical import Categorical
from torch.distributions.one_hot_categorical import OneHotCategorical, OneHotCategoricalStraightThrough
from torch.distributions.exponential import Exponential
from torch.distributions.laplace import Laplace
from torch.distributions.independent import Independent
import torch.distributions.transforms as transforms
from torch.distributions.transforms import *
from torch.distributions.transformed_distribution import TransformedDistribution
from torch.distributions.log_normal import LogNormal
from torch.distributions.gumbel import Gumbel
from torch.distributions.half_normal import HalfNormal
from torch.distributions.cauchy import Cauchy
from torch.distributions.geometric import Geometric
from torch.distributions.multivariate_normal import MultivariateNormal
from torch.distributions.kl import kl_divergence, register_kl
from torch.distributions.constraint_registry import biject_to, transform_to
import torch.distributions.kl as kl
import torch.distributions.constraint_registry as constraint_registry
from torch.distributions.poisson import Poisson
from torch.distributions.binomial import Binomial
from torch.distributions.multinomial import Multinomial
from torch.distributions.gamma import Gamma
from torch.distributions.chi2 import Chi2
from torch.distributions.dirichlet import Dirichlet
from torch.distributions.beta import Beta
from torch.distributions.studentT import StudentT
from torch.distributions.pareto import Pareto
from torch.distributions.weibull import Weibull
from torch.distributions.half_cauchy import HalfCauchy
from torch.distributions.relaxed_bernoulli import RelaxedBernoulli
from torch.distributions.relaxed_categorical import RelaxedOneHotCategorical
from torch.distributions.logistic_normal import LogisticNormal
from torch.distributions.negative_binomial import NegativeBinomial
from torch.distributions.mixture_same_family import MixtureSameFamily
from torch.distributions.continuous_bernoulli import ContinuousBernoulli
from torch.distributions.kumaraswamy import Kumaraswamy
from torch.distributions.fishersnedecor import FisherSnedecor
from torch.distributions.lowrank_multivariate_normal import LowRankMultivariateNormal
from torch.distributions.von_mises import VonMises
from torch.distributions.lkj_cholesky import LKJCholesky
from torch.distributions.wishart import Wishart
