# torch/nn/modules/instancenorm.py: InstanceNorm1d/2d/3d, as PyTorch 1.13
# writes them over F.instance_norm: no affine parameters and no running
# statistics by default, unbatched input, and the state_dict check for
# running statistics saved by old PyTorch. LazyInstanceNorm1d/2d/3d take
# num_features from their first input and, as in PyTorch, default to
# affine=True and track_running_stats=True (their _LazyNormBase's defaults).
import torch.nn.functional as F
from torch.nn.modules.batchnorm import _NormBase, _LazyNormBase

__all__ = ['InstanceNorm1d', 'InstanceNorm2d', 'InstanceNorm3d', 'LazyInstanceNorm1d', 'LazyInstanceNorm2d',
           'LazyInstanceNorm3d']


class _InstanceNorm(_NormBase):
    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False, track_running_stats=False, device=None,
                 dtype=None):
        super(_InstanceNorm, self).__init__(num_features, eps, momentum, affine, track_running_stats, device=device,
                                            dtype=dtype)

    def _apply_instance_norm(self, input):
        return F.instance_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                               self.training or not self.track_running_stats, self.momentum, self.eps)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        if local_metadata.get('version', None) is None and not self.track_running_stats:
            keys = [prefix + name for name in ('running_mean', 'running_var') if prefix + name in state_dict]
            if keys:
                error_msgs.append(
                    'Unexpected running stats buffer(s) {names} for {klass} with track_running_stats=False. If '
                    'state_dict is a checkpoint saved before 0.4.0, this may be expected because {klass} does not '
                    'track running stats by default since 0.4.0. Please remove these keys from state_dict. If the '
                    'running stats are actually needed, instead set track_running_stats=True in {klass} to enable '
                    'them. See the documentation of {klass} for details.'.format(
                        names=' and '.join('"{}"'.format(k) for k in keys), klass=self.__class__.__name__))
                for key in keys:
                    state_dict.pop(key)
        super(_InstanceNorm, self)._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys,
                                                         unexpected_keys, error_msgs)

    def forward(self, input):
        self._check_input_dim(input)
        if input.dim() == self._no_batch_dim:
            return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)
        return self._apply_instance_norm(input)

    def _check_input_dim(self, input):
        lo = self._no_batch_dim
        if input.dim() not in (lo, lo + 1):
            raise ValueError('expected {}D or {}D input (got {}D input)'.format(lo, lo + 1, input.dim()))


class InstanceNorm1d(_InstanceNorm):
    _no_batch_dim = 2


class InstanceNorm2d(_InstanceNorm):
    _no_batch_dim = 3


class InstanceNorm3d(_InstanceNorm):
    _no_batch_dim = 4


class LazyInstanceNorm1d(_LazyNormBase, _InstanceNorm):
    cls_to_become = InstanceNorm1d
    _no_batch_dim = 2


class LazyInstanceNorm2d(_LazyNormBase, _InstanceNorm):
    cls_to_become = InstanceNorm2d
    _no_batch_dim = 3


class LazyInstanceNorm3d(_LazyNormBase, _InstanceNorm):
    cls_to_become = InstanceNorm3d
    _no_batch_dim = 4
