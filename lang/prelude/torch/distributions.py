# torch/distributions.py: the torch.distributions package, gathered from
# lang/prelude/torch/distributions/ as PyTorch's __init__ does.
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
