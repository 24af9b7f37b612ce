# torch/nn/modules/utils.py: the int-or-tuple helpers of the layers, as
# PyTorch's: _pair(3) is (3, 3), _pair((1, 2)) is (1, 2).


def _ntuple(n):
    def parse(x):
        if isinstance(x, (list, tuple)):
            return tuple(x)
        return tuple([x] * n)
    return parse


_single = _ntuple(1)
_pair = _ntuple(2)
_triple = _ntuple(3)
_quadruple = _ntuple(4)
