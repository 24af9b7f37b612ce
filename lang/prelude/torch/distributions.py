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
