# torch/nn/modules/activation.py: the activation modules, as PyTorch 1.13
# writes them, over torch.nn.functional.
# Not here: MultiheadAttention.
import warnings

import torch
import torch.nn.functional as F
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module

__all__ = ['ReLU', 'LeakyReLU', 'GELU', 'Tanh', 'Sigmoid', 'Softmax', 'LogSoftmax', 'Softmin', 'ELU', 'SELU',
           'CELU', 'SiLU', 'Mish', 'Hardtanh', 'ReLU6', 'Hardsigmoid', 'Hardswish', 'Softplus', 'Softshrink',
           'Hardshrink', 'LogSigmoid', 'PReLU', 'RReLU', 'Threshold', 'GLU', 'Softmax2d', 'Softsign', 'Tanhshrink',
           'MultiheadAttention']


def _inplace_str(inplace, sep=''):
    """The repr's inplace part: shown only when set."""
    return sep + 'inplace=True' if inplace else ''


class ReLU(Module):
    __constants__ = ['inplace']

    def __init__(self, inplace=False):
        super(ReLU, self).__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        inplace_str = 'inplace=True' if self.inplace else ''
        return inplace_str


class LeakyReLU(Module):
    __constants__ = ['inplace', 'negative_slope']

    def __init__(self, negative_slope=1e-2, inplace=False):
        super(LeakyReLU, self).__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        inplace_str = ', inplace=True' if self.inplace else ''
        return 'negative_slope={}{}'.format(self.negative_slope, inplace_str)


class GELU(Module):
    __constants__ = ['approximate']

    def __init__(self, approximate='none'):
        super(GELU, self).__init__()
        self.approximate = approximate

    def forward(self, input):
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return 'approximate={}'.format(repr(self.approximate))


class Tanh(Module):
    def forward(self, input):
        return torch.tanh(input)


class Sigmoid(Module):
    def forward(self, input):
        return torch.sigmoid(input)


class Softmax(Module):
    __constants__ = ['dim']

    def __init__(self, dim=None):
        super(Softmax, self).__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmax(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return 'dim={dim}'.format(dim=self.dim)


class Softmin(Module):
    __constants__ = ['dim']

    def __init__(self, dim=None):
        super(Softmin, self).__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmin(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return 'dim={dim}'.format(dim=self.dim)


class LogSoftmax(Module):
    __constants__ = ['dim']

    def __init__(self, dim=None):
        super(LogSoftmax, self).__init__()
        self.dim = dim

    def forward(self, input):
        return F.log_softmax(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return 'dim={dim}'.format(dim=self.dim)


class ELU(Module):
    __constants__ = ['alpha', 'inplace']

    def __init__(self, alpha=1.0, inplace=False):
        super(ELU, self).__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return F.elu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return 'alpha={}{}'.format(self.alpha, _inplace_str(self.inplace, ', '))


class CELU(Module):
    __constants__ = ['alpha', 'inplace']

    def __init__(self, alpha=1.0, inplace=False):
        super(CELU, self).__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return F.celu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return 'alpha={}{}'.format(self.alpha, _inplace_str(self.inplace, ', '))


class _InplaceActivation(Module):
    """The activations whose only option is inplace (SELU, SiLU, Mish, ...):
    `_fn` is their functional form."""
    __constants__ = ['inplace']

    def __init__(self, inplace=False):
        super(_InplaceActivation, self).__init__()
        self.inplace = inplace

    def forward(self, input):
        return type(self)._fn(input, inplace=self.inplace)

    def extra_repr(self):
        return _inplace_str(self.inplace)


class SELU(_InplaceActivation):
    _fn = F.selu


class SiLU(_InplaceActivation):
    _fn = F.silu


class Mish(_InplaceActivation):
    _fn = F.mish


# PyTorch 1.13 prints Hardsigmoid and Hardswish without their inplace
class Hardsigmoid(_InplaceActivation):
    _fn = F.hardsigmoid

    def extra_repr(self):
        return ''


class Hardswish(_InplaceActivation):
    _fn = F.hardswish

    def extra_repr(self):
        return ''


class Hardtanh(Module):
    __constants__ = ['min_val', 'max_val', 'inplace']

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False, min_value=None, max_value=None):
        super(Hardtanh, self).__init__()
        if min_value is not None:
            warnings.warn("keyword argument min_value is deprecated and rename to min_val")
            min_val = min_value
        if max_value is not None:
            warnings.warn("keyword argument max_value is deprecated and rename to max_val")
            max_val = max_value
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace
        assert self.max_val > self.min_val

    def forward(self, input):
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self):
        return 'min_val={}, max_val={}{}'.format(self.min_val, self.max_val, _inplace_str(self.inplace, ', '))


class ReLU6(Hardtanh):
    def __init__(self, inplace=False):
        super(ReLU6, self).__init__(0., 6., inplace)

    def extra_repr(self):
        return _inplace_str(self.inplace)


class Softplus(Module):
    __constants__ = ['beta', 'threshold']

    def __init__(self, beta=1, threshold=20):
        super(Softplus, self).__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return F.softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return 'beta={}, threshold={}'.format(self.beta, self.threshold)


class Softshrink(Module):
    __constants__ = ['lambd']

    def __init__(self, lambd=0.5):
        super(Softshrink, self).__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.softshrink(input, self.lambd)

    def extra_repr(self):
        return str(self.lambd)


class Hardshrink(Module):
    __constants__ = ['lambd']

    def __init__(self, lambd=0.5):
        super(Hardshrink, self).__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.hardshrink(input, self.lambd)

    def extra_repr(self):
        return str(self.lambd)


class LogSigmoid(Module):
    def forward(self, input):
        return F.logsigmoid(input)


class PReLU(Module):
    __constants__ = ['num_parameters']

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        self.num_parameters = num_parameters
        super(PReLU, self).__init__()
        self.init = init
        self.weight = Parameter(torch.empty(num_parameters, device=device, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self):
        torch.nn.init.constant_(self.weight, self.init)

    def forward(self, input):
        return F.prelu(input, self.weight)

    def extra_repr(self):
        return 'num_parameters={}'.format(self.num_parameters)


class RReLU(Module):
    __constants__ = ['lower', 'upper', 'inplace']

    def __init__(self, lower=1. / 8, upper=1. / 3, inplace=False):
        super(RReLU, self).__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input):
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self):
        return 'lower={}, upper={}{}'.format(self.lower, self.upper, _inplace_str(self.inplace, ', '))


class Threshold(Module):
    __constants__ = ['threshold', 'value', 'inplace']

    def __init__(self, threshold, value, inplace=False):
        super(Threshold, self).__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        return 'threshold={}, value={}{}'.format(self.threshold, self.value, _inplace_str(self.inplace, ', '))


class GLU(Module):
    __constants__ = ['dim']

    def __init__(self, dim=-1):
        super(GLU, self).__init__()
        self.dim = dim

    def forward(self, input):
        return F.glu(input, self.dim)

    def extra_repr(self):
        return 'dim={}'.format(self.dim)


class Softmax2d(Module):
    def forward(self, input):
        assert input.dim() == 4 or input.dim() == 3, 'Softmax2d requires a 3D or 4D tensor as input'
        return F.softmax(input, -3, _stacklevel=5)


class Softsign(Module):
    def forward(self, input):
        return F.softsign(input)


class Tanhshrink(Module):
    def forward(self, input):
        return F.tanhshrink(input)


def _mha_fast_path_refusal(m, query, key, value, key_padding_mask, attn_mask, args):
    """Why PyTorch 1.13 would not take its inference kernel for this call
    ('' when it would): batched self-attention, batch first, evaluation
    without grad, even head count, no masks but a key padding mask."""
    if query.dim() != 3:
        return "input not batched"
    if query is not key or key is not value:
        return "non-self attention"
    if m.in_proj_bias is not None and query.dtype != m.in_proj_bias.dtype:
        return "bias dtype"
    if m.in_proj_weight is not None and query.dtype != m.in_proj_weight.dtype:
        return "weight dtype"
    if m.training or not m.batch_first or m.bias_k is not None or m.bias_v is not None:
        return "training, batch_first or bias_kv"
    if m.dropout or m.add_zero_attn or not m._qkv_same_embed_dim or attn_mask is not None:
        return "dropout, zero attention, kdim/vdim or attn_mask"
    if m.num_heads % 2 == 1:
        return "num_heads is odd"
    if torch.is_grad_enabled() and any(a is not None and a.requires_grad for a in args):
        return "grad is enabled"
    return ''


def _mha_fast(m, x, mask, mask_type, need_weights, average_attn_weights):
    """PyTorch 1.13's CPU inference kernel for self-attention, in its order
    of operations (its bits differ from the general path's): the packed
    projection without bias, then q = (q + b_q) / sqrt(head_dim) as a
    product with the reciprocal and k, v plus their biases, the batched
    products around a softmax, and the output projection. mask_type 1: mask
    is a key padding mask [B, T]; 0: an attention mask [T, T]; masked
    scores are left out of the softmax (PyTorch's own masked softmax sums
    in double, so masked weights may differ from its in the last bit)."""
    if m.in_proj_bias is None:
        raise TypeError("_native_multi_head_attention(): argument 'qkv_bias' (position 7) must be Tensor, "
                        "not NoneType")
    B, T, D = x.shape
    H = m.num_heads
    dh = D // H
    qkv = torch.mm(x.reshape(B * T, D), m.in_proj_weight.t()).view(B, T, 3, H, dh)
    bias = m.in_proj_bias.view(3, H, dh)
    inv = 1.0 / float(torch.tensor(float(dh), dtype=x.dtype).sqrt())  # 1 / sqrt in the dtype, divided in double
    q = ((qkv[:, :, 0] + bias[0]) * inv).transpose(1, 2).reshape(B * H, T, dh)
    k = (qkv[:, :, 1] + bias[1]).transpose(1, 2).reshape(B * H, T, dh)
    v = (qkv[:, :, 2] + bias[2]).transpose(1, 2).reshape(B * H, T, dh)
    scores = torch.bmm(q, k.transpose(1, 2)).view(B, H, T, T)
    if mask is not None:
        if mask.dtype != torch.bool:
            import warnings
            warnings.warn("Converting mask without torch.bool dtype to bool; this will negatively affect "
                          "performance. Prefer to use a boolean mask directly.")
            mask = mask.to(torch.bool)
        shape = (B, 1, 1, T) if mask_type == 1 else (1, 1, T, T)
        scores = scores.masked_fill(mask.view(shape), float('-inf'))
    weights = torch.softmax(scores, -1)
    ctx = torch.bmm(weights.view(B * H, T, T), v).view(B, H, T, dh)
    out = F.linear(ctx.transpose(1, 2).reshape(B * T, D), m.out_proj.weight, m.out_proj.bias).view(B, T, D)
    if not need_weights:
        return out, None
    if average_attn_weights:
        weights = weights.sum(1)
        weights /= H
    return out, weights


class MultiheadAttention(Module):
    __constants__ = ['batch_first']

    def __init__(self, embed_dim, num_heads, dropout=0., bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, device=None, dtype=None):
        from torch.nn.modules.linear import NonDynamicallyQuantizableLinear
        from torch.nn.parameter import Parameter
        factory_kwargs = {'device': device, 'dtype': dtype}
        super(MultiheadAttention, self).__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        assert self.head_dim * num_heads == self.embed_dim, "embed_dim must be divisible by num_heads"
        if not self._qkv_same_embed_dim:
            self.q_proj_weight = Parameter(torch.empty((embed_dim, embed_dim), **factory_kwargs))
            self.k_proj_weight = Parameter(torch.empty((embed_dim, self.kdim), **factory_kwargs))
            self.v_proj_weight = Parameter(torch.empty((embed_dim, self.vdim), **factory_kwargs))
            self.register_parameter('in_proj_weight', None)
        else:
            self.in_proj_weight = Parameter(torch.empty((3 * embed_dim, embed_dim), **factory_kwargs))
            self.register_parameter('q_proj_weight', None)
            self.register_parameter('k_proj_weight', None)
            self.register_parameter('v_proj_weight', None)
        if bias:
            self.in_proj_bias = Parameter(torch.empty(3 * embed_dim, **factory_kwargs))
        else:
            self.register_parameter('in_proj_bias', None)
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias, **factory_kwargs)
        if add_bias_kv:
            self.bias_k = Parameter(torch.empty((1, 1, embed_dim), **factory_kwargs))
            self.bias_v = Parameter(torch.empty((1, 1, embed_dim), **factory_kwargs))
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self._reset_parameters()

    def _reset_parameters(self):
        import torch.nn.init as init
        if self._qkv_same_embed_dim:
            init.xavier_uniform_(self.in_proj_weight)
        else:
            init.xavier_uniform_(self.q_proj_weight)
            init.xavier_uniform_(self.k_proj_weight)
            init.xavier_uniform_(self.v_proj_weight)
        if self.in_proj_bias is not None:
            init.constant_(self.in_proj_bias, 0.)
            init.constant_(self.out_proj.bias, 0.)
        if self.bias_k is not None:
            init.xavier_normal_(self.bias_k)
        if self.bias_v is not None:
            init.xavier_normal_(self.bias_v)

    def __setstate__(self, state):
        if '_qkv_same_embed_dim' not in state:
            state['_qkv_same_embed_dim'] = True
        super(MultiheadAttention, self).__setstate__(state)

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                average_attn_weights=True):
        is_batched = query.dim() == 3
        if key_padding_mask is not None and key_padding_mask.dtype != torch.bool \
                and not torch.is_floating_point(key_padding_mask):
            raise AssertionError("only bool and floating types of key_padding_mask are supported")
        args = (query, key, value, self.in_proj_weight, self.in_proj_bias, self.out_proj.weight, self.out_proj.bias)
        if not _mha_fast_path_refusal(self, query, key, value, key_padding_mask, attn_mask, args):
            return _mha_fast(self, query, key_padding_mask, 1, need_weights, average_attn_weights)
        if self.batch_first and is_batched:
            if key is value:
                if query is key:
                    query = key = value = query.transpose(1, 0)
                else:
                    query, key = [x.transpose(1, 0) for x in (query, key)]
                    value = key
            else:
                query, key, value = [x.transpose(1, 0) for x in (query, key, value)]
        separate = not self._qkv_same_embed_dim
        out, weights = F.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias,
            self.bias_k, self.bias_v, self.add_zero_attn, self.dropout, self.out_proj.weight, self.out_proj.bias,
            training=self.training, key_padding_mask=key_padding_mask, need_weights=need_weights,
            attn_mask=attn_mask, use_separate_proj_weight=separate, q_proj_weight=self.q_proj_weight,
            k_proj_weight=self.k_proj_weight, v_proj_weight=self.v_proj_weight,
            average_attn_weights=average_attn_weights)
        if self.batch_first and is_batched:
            return out.transpose(1, 0), weights
        return out, weights
