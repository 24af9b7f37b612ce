# torch/nn/modules/flatten.py: Flatten and Unflatten, as PyTorch 1.13
# writes them. Unflatten by a dim name (named tensors) is refused: cgrad's
# tensors have no names.
from torch.nn.modules.module import Module

__all__ = ['Flatten', 'Unflatten']


class Flatten(Module):
    __constants__ = ['start_dim', 'end_dim']

    def __init__(self, start_dim=1, end_dim=-1):
        super(Flatten, self).__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return 'start_dim={}, end_dim={}'.format(self.start_dim, self.end_dim)


class Unflatten(Module):
    __constants__ = ['dim', 'unflattened_size']

    def __init__(self, dim, unflattened_size):
        super(Unflatten, self).__init__()
        if isinstance(dim, int):
            self._require_ints(unflattened_size)
        elif isinstance(dim, str):
            self._require_pairs(unflattened_size)
        else:
            raise TypeError('invalid argument type for dim parameter')
        self.dim = dim
        self.unflattened_size = unflattened_size

    @staticmethod
    def _require_pairs(sizes):
        if not isinstance(sizes, tuple):
            raise TypeError('unflattened_size must be a tuple of tuples, but found type {}'.format(
                type(sizes).__name__))
        for idx, elem in enumerate(sizes):
            if not isinstance(elem, tuple):
                raise TypeError('unflattened_size must be tuple of tuples, but found element of type {} at pos {}'
                                .format(type(elem).__name__, idx))

    @staticmethod
    def _require_ints(sizes):
        if not isinstance(sizes, (tuple, list)):
            raise TypeError('unflattened_size must be a tuple of ints, but found type {}'.format(
                type(sizes).__name__))
        for idx, elem in enumerate(sizes):
            if not isinstance(elem, int):
                raise TypeError('unflattened_size must be tuple of ints, but found element of type {} at pos {}'
                                .format(type(elem).__name__, idx))

    def forward(self, input):
        return input.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self):
        return 'dim={}, unflattened_size={}'.format(self.dim, self.unflattened_size)
