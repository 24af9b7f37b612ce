# torch/nn/_reduction.py: the reduction enum of ATen (none 0, mean 1, sum 2)
# and the legacy size_average/reduce pair that older code still passes.
# Custom losses copied from PyTorch's own import this module as _Reduction.
# The deprecation warnings point at PyTorch's file and lines, as the
# reference prints them, whichever of cgrad's callers raised them.
import warnings

_REDUCTION_PY = '/usr/lib/python3/dist-packages/torch/nn/_reduction.py'


def _warn(text, lineno, line):
    warnings._warn_at(text, UserWarning, _REDUCTION_PY, lineno, 'torch.nn._reduction', line)


def get_enum(reduction):
    if reduction == 'none':
        return 0
    if reduction == 'mean':
        return 1
    if reduction == 'elementwise_mean':
        _warn("reduction='elementwise_mean' is deprecated, please use reduction='mean' instead.", 13,
              'warnings.warn("reduction=\'elementwise_mean\' is deprecated, please use reduction=\'mean\' instead.")')
        return 1
    if reduction == 'sum':
        return 2
    raise ValueError("{} is not a valid value for reduction".format(reduction))


def legacy_get_string(size_average, reduce, emit_warning=True):
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        ret = 'mean'
    elif reduce:
        ret = 'sum'
    else:
        ret = 'none'
    if emit_warning:
        _warn("size_average and reduce args will be deprecated, please use reduction='{}' instead.".format(ret), 42,
              'warnings.warn(warning.format(ret))')
    return ret


def legacy_get_enum(size_average, reduce, emit_warning=True):
    return get_enum(legacy_get_string(size_average, reduce, emit_warning))
