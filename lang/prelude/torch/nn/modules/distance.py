# torch/nn/modules/distance.py: PairwiseDistance and CosineSimilarity, as
# PyTorch 1.13 writes them, over the ATen composites (engine/loss_composites.c).
import torch.nn.functional as F
from torch.nn.modules.module import Module

__all__ = ['PairwiseDistance', 'CosineSimilarity']


class PairwiseDistance(Module):
    __constants__ = ['norm', 'eps', 'keepdim']

    def __init__(self, p=2., eps=1e-6, keepdim=False):
        super(PairwiseDistance, self).__init__()
        self.norm = p
        self.eps = eps
        self.keepdim = keepdim

    def forward(self, x1, x2):
        return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


class CosineSimilarity(Module):
    __constants__ = ['dim', 'eps']

    def __init__(self, dim=1, eps=1e-8):
        super(CosineSimilarity, self).__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x1, x2):
        return F.cosine_similarity(x1, x2, self.dim, self.eps)
