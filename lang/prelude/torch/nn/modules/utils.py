# torch/nn/modules/utils.py: the int-or-tuple helpers of the layers, as
# PyTorch's: _pair(3) is (3, 3), _pair((1, 2)) is (1, 2), any iterable
# is taken as the tuple of its items; and consume_prefix_in_state_dict_if_present,
# which loads a DataParallel checkpoint ("module." keys) into the bare model.
import collections.abc

__all__ = ['consume_prefix_in_state_dict_if_present']


def _ntuple(n, name="parse"):
    def parse(x):
        if isinstance(x, collections.abc.Iterable):
            return tuple(x)
        return tuple([x] * n)
    parse.__name__ = name
    return parse


_single = _ntuple(1, "_single")
_pair = _ntuple(2, "_pair")
_triple = _ntuple(3, "_triple")
_quadruple = _ntuple(4, "_quadruple")


def _reverse_repeat_tuple(t, n):
    """t reversed, each item n times: a layer's padding as F.pad takes it."""
    return tuple(x for x in reversed(t) for _ in range(n))


def _list_with_default(out_size, defaults):
    """out_size with each None taken from the matching trailing size of
    defaults (an adaptive pooling's output size)."""
    if isinstance(out_size, int):
        return out_size
    if len(defaults) <= len(out_size):
        raise ValueError("Input dimension should be at least {}".format(len(out_size) + 1))
    return [v if v is not None else d for v, d in zip(out_size, defaults[-len(out_size):])]


def consume_prefix_in_state_dict_if_present(state_dict, prefix):
    keys = sorted(state_dict.keys())
    for key in keys:
        if key.startswith(prefix):
            state_dict[key[len(prefix):]] = state_dict.pop(key)
    # PyTorch looks for a "_metadata" key, not the attribute
    if "_metadata" in state_dict:
        metadata = state_dict["_metadata"]
        for key in list(metadata.keys()):
            if len(key) == 0:
                continue
            metadata[key[len(prefix):]] = metadata.pop(key)
