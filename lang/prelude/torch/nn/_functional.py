# torch/nn/_functional.py: the functions of torch.nn.functional written in
# the cell language (the module itself is C, lang/torch/torch_functional.c;
# its __getattr__ finds these, torch_prelude_names.c): PyTorch 1.13's
# composites, op for op, so that values, autograd nodes and errors are its.
import math
import warnings
from typing import Callable, List, Optional, Tuple, Union, TYPE_CHECKING

import torch
import torch.nn.grad as grad
from torch._jit_internal import boolean_dispatch, BroadcastingList1, BroadcastingList2, BroadcastingList3
from torch._torch_docs import reproducibility_notes, sparse_support_notes, tf32_notes
from torch.overrides import has_torch_function, has_torch_function_unary, has_torch_function_variadic, \
    handle_torch_function

# The module-level names PyTorch's torch/nn/functional.py has besides its
# functions: the typing names and modules it imports, and these; `utils`
# and its helpers come from torch.nn.modules (torch_prelude_names.c), which
# imports this module.
Tensor = torch.Tensor
DType = int

__all__ = ['one_hot', 'normalize', 'softsign', 'tanhshrink', 'multi_head_attention_forward', 'gaussian_nll_loss',
           'margin_ranking_loss', 'hinge_embedding_loss', 'cosine_embedding_loss', 'triplet_margin_loss',
           'triplet_margin_with_distance_loss', 'poisson_nll_loss', 'pairwise_distance', 'cosine_similarity',
           'dropout1d', 'dropout2d', 'dropout3d', 'alpha_dropout', 'feature_alpha_dropout', 'instance_norm',
           'local_response_norm', 'pixel_shuffle', 'pixel_unshuffle', 'channel_shuffle', 'native_channel_shuffle',
           'embedding', 'embedding_bag', 'bilinear', 'multi_margin_loss', 'multilabel_margin_loss', 'pdist', 'ctc_loss',
           'gumbel_softmax', 'multilabel_soft_margin_loss', 'soft_margin_loss', 'interpolate',
           'upsample', 'upsample_nearest', 'upsample_bilinear', 'lp_pool1d', 'lp_pool2d',
           'adaptive_max_pool1d_with_indices', 'adaptive_max_pool2d_with_indices',
           'adaptive_max_pool3d_with_indices', 'max_unpool1d', 'max_unpool2d', 'max_unpool3d',
           'max_pool1d_with_indices', 'max_pool2d_with_indices', 'max_pool3d_with_indices', 'grad',
           'GRID_SAMPLE_INTERPOLATION_MODES', 'GRID_SAMPLE_PADDING_MODES', 'grid_sample', 'affine_grid',
           'fractional_max_pool2d', 'fractional_max_pool2d_with_indices', 'fractional_max_pool3d',
           'fractional_max_pool3d_with_indices']


def assert_int_or_pair(arg, arg_name, message):
    assert isinstance(arg, int) or len(arg) == 2, message.format(arg_name)


def one_hot(tensor, num_classes=-1):
    """An int64 tensor one longer in its last dim: 1 at each value's
    class, 0 elsewhere; num_classes=-1 takes the largest value plus one."""
    if not isinstance(tensor, torch.Tensor):
        raise TypeError("one_hot(): argument 'input' (position 1) must be Tensor, not {}".format(
            type(tensor).__name__))
    if tensor.dtype != torch.int64:
        raise RuntimeError("one_hot is only applicable to index tensor.")
    shape = list(tensor.shape)
    if tensor.numel() == 0:
        if num_classes <= 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        return torch.empty(shape + [num_classes], dtype=tensor.dtype, device=tensor.device)
    if tensor.device.type != 'cuda' and tensor.min().item() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if num_classes == -1:
        num_classes = tensor.max().item() + 1
    elif tensor.device.type != 'cuda' and not num_classes > tensor.max().item():
        raise RuntimeError("Class values must be smaller than num_classes.")
    elif tensor.device.type == 'cuda' and num_classes < 1:
        raise RuntimeError("num_classes should be positive")
    out = torch.zeros(shape + [num_classes], dtype=tensor.dtype, device=tensor.device)
    return out.scatter_(-1, tensor.unsqueeze(-1), 1)


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    """input divided by its p-norm over dim, the norm at least eps."""
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    if out is None:
        return input / denom
    return torch.div(input, denom, out=out)


def softsign(input):
    """input / (1 + |input|)"""
    return input / (input.abs() + 1)


def tanhshrink(input):
    """input - tanh(input)"""
    return input - input.tanh()


# ---- multi-head attention ---------------------------------------------------------------
# PyTorch 1.13's F.multi_head_attention_forward, op for op (sequence-first
# [L, N, E] or unbatched [L, E]); its checks are assertions, as there.

def _mha_is_batched(query, key, value, key_padding_mask, attn_mask, num_heads):
    """True for 3-d (batched) input, False for 2-d; PyTorch's assertions
    on the ranks of the inputs and masks."""
    if query.dim() == 3:
        assert key.dim() == 3 and value.dim() == 3, (
            "For batched (3-D) `query`, expected `key` and `value` to be 3-D"
            f" but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None:
            assert key_padding_mask.dim() == 2, (
                "For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D"
                f" but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None:
            assert attn_mask.dim() in (2, 3), (
                "For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D"
                f" but found {attn_mask.dim()}-D tensor instead")
        return True
    if query.dim() == 2:
        assert key.dim() == 2 and value.dim() == 2, (
            "For unbatched (2-D) `query`, expected `key` and `value` to be 2-D"
            f" but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None:
            assert key_padding_mask.dim() == 1, (
                "For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D"
                f" but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None:
            assert attn_mask.dim() in (2, 3), (
                "For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D"
                f" but found {attn_mask.dim()}-D tensor instead")
            if attn_mask.dim() == 3:
                expected = (num_heads, query.shape[0], key.shape[0])
                assert attn_mask.shape == expected, (
                    f"Expected `attn_mask` shape to be {expected} but got {attn_mask.shape}")
        return False
    raise AssertionError(
        f"query should be unbatched 2D or batched 3D tensor but received {query.dim()}-D query tensor")


def _mha_project_packed(q, k, v, w, b):
    """q, k, v through the packed [3E, E] weight: one product when q, k and
    v are one tensor, two when only k and v are."""
    E = q.size(-1)
    if k is v:
        if q is k:
            return torch.nn.functional.linear(q, w, b).chunk(3, dim=-1)
        w_q, w_kv = w.split([E, E * 2])
        b_q, b_kv = (None, None) if b is None else b.split([E, E * 2])
        return (torch.nn.functional.linear(q, w_q, b_q),) + \
            torch.nn.functional.linear(k, w_kv, b_kv).chunk(2, dim=-1)
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    linear = torch.nn.functional.linear
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _mha_project_separate(q, k, v, w_q, w_k, w_v, b_q, b_k, b_v):
    """q, k, v through their own weights, with PyTorch's shape assertions."""
    Eq, Ek, Ev = q.size(-1), k.size(-1), v.size(-1)
    assert w_q.shape == (Eq, Eq), f"expecting query weights shape of {(Eq, Eq)}, but got {w_q.shape}"
    assert w_k.shape == (Eq, Ek), f"expecting key weights shape of {(Eq, Ek)}, but got {w_k.shape}"
    assert w_v.shape == (Eq, Ev), f"expecting value weights shape of {(Eq, Ev)}, but got {w_v.shape}"
    assert b_q is None or b_q.shape == (Eq,), f"expecting query bias shape of {(Eq,)}, but got {b_q.shape}"
    assert b_k is None or b_k.shape == (Eq,), f"expecting key bias shape of {(Eq,)}, but got {b_k.shape}"
    assert b_v is None or b_v.shape == (Eq,), f"expecting value bias shape of {(Eq,)}, but got {b_v.shape}"
    linear = torch.nn.functional.linear
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _mha_attn_mask(attn_mask, tgt_len, src_len, bsz, num_heads):
    """attn_mask checked and made 3-d; a byte mask becomes bool, with
    PyTorch's deprecation warning."""
    if attn_mask.dtype == torch.uint8:
        import warnings
        warnings.warn("Byte tensor for attn_mask in nn.MultiheadAttention is deprecated. Use bool tensor instead.")
        attn_mask = attn_mask.to(torch.bool)
    else:
        assert attn_mask.is_floating_point() or attn_mask.dtype == torch.bool, \
            f"Only float, byte, and bool types are supported for attn_mask, not {attn_mask.dtype}"
    if attn_mask.dim() == 2:
        if attn_mask.shape != (tgt_len, src_len):
            raise RuntimeError(
                f"The shape of the 2D attn_mask is {attn_mask.shape}, but should be {(tgt_len, src_len)}.")
        return attn_mask.unsqueeze(0)
    if attn_mask.dim() == 3:
        if attn_mask.shape != (bsz * num_heads, tgt_len, src_len):
            raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but should be "
                               f"{(bsz * num_heads, tgt_len, src_len)}.")
        return attn_mask
    raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")


def _mha_heads(t, static, bsz, num_heads, head_dim, name):
    """[S, N, E] as [N * heads, S, head_dim], or the static tensor given for it."""
    if static is None:
        return t.contiguous().view(t.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
    assert static.size(0) == bsz * num_heads, \
        f"expecting static_{name}.size(0) of {bsz * num_heads}, but got {static.size(0)}"
    assert static.size(2) == head_dim, f"expecting static_{name}.size(2) of {head_dim}, but got {static.size(2)}"
    return static


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias,
                                 bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias,
                                 training=True, key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
                                 v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True):
    """Multi-head attention of query over key and value, sequence first:
    (attn_output, attn_output_weights or None)."""
    pad = torch.nn.functional.pad
    is_batched = _mha_is_batched(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not is_batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query.shape
    src_len = key.shape[0]
    if key_padding_mask is not None and key_padding_mask.dtype != torch.bool \
            and not torch.is_floating_point(key_padding_mask):
        raise AssertionError("only bool and floating types of key_padding_mask are supported")
    assert embed_dim == embed_dim_to_check, \
        f"was expecting embedding dimension of {embed_dim_to_check}, but got {embed_dim}"
    head_dim = embed_dim // num_heads
    assert head_dim * num_heads == embed_dim, f"embed_dim {embed_dim} not divisible by num_heads {num_heads}"
    if use_separate_proj_weight:
        assert key.shape[:2] == value.shape[:2], \
            f"key's sequence and batch dims {key.shape[:2]} do not match value's {value.shape[:2]}"
        assert q_proj_weight is not None, "use_separate_proj_weight is True but q_proj_weight is None"
        assert k_proj_weight is not None, "use_separate_proj_weight is True but k_proj_weight is None"
        assert v_proj_weight is not None, "use_separate_proj_weight is True but v_proj_weight is None"
        b_q, b_k, b_v = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
        q, k, v = _mha_project_separate(query, key, value, q_proj_weight, k_proj_weight, v_proj_weight,
                                        b_q, b_k, b_v)
    else:
        assert key.shape == value.shape, f"key shape {key.shape} does not match value shape {value.shape}"
        assert in_proj_weight is not None, "use_separate_proj_weight is False but in_proj_weight is None"
        q, k, v = _mha_project_packed(query, key, value, in_proj_weight, in_proj_bias)
    if attn_mask is not None:
        attn_mask = _mha_attn_mask(attn_mask, tgt_len, src_len, bsz, num_heads)
    if bias_k is not None and bias_v is not None:
        assert static_k is None, "bias cannot be added to static key."
        assert static_v is None, "bias cannot be added to static value."
        k = torch.cat([k, bias_k.repeat(1, bsz, 1)])
        v = torch.cat([v, bias_v.repeat(1, bsz, 1)])
        if attn_mask is not None:
            attn_mask = pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = pad(key_padding_mask, (0, 1))
    else:
        assert bias_k is None
        assert bias_v is None
    q = q.contiguous().view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = _mha_heads(k, static_k, bsz, num_heads, head_dim, 'k')
    v = _mha_heads(v, static_v, bsz, num_heads, head_dim, 'v')
    if add_zero_attn:
        zeros_shape = (bsz * num_heads, 1, head_dim)
        k = torch.cat([k, torch.zeros(zeros_shape, dtype=k.dtype, device=k.device)], dim=1)
        v = torch.cat([v, torch.zeros(zeros_shape, dtype=v.dtype, device=v.device)], dim=1)
        if attn_mask is not None:
            attn_mask = pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = pad(key_padding_mask, (0, 1))
    src_len = k.size(1)
    if key_padding_mask is not None:
        assert key_padding_mask.shape == (bsz, src_len), \
            f"expecting key_padding_mask shape of {(bsz, src_len)}, but got {key_padding_mask.shape}"
        key_padding_mask = key_padding_mask.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1) \
            .reshape(bsz * num_heads, 1, src_len)
        if attn_mask is None:
            attn_mask = key_padding_mask
        elif attn_mask.dtype == torch.bool:
            attn_mask = attn_mask.logical_or(key_padding_mask)
        else:
            attn_mask = attn_mask.masked_fill(key_padding_mask, float("-inf"))
    if attn_mask is not None and attn_mask.dtype == torch.bool:
        additive = torch.zeros_like(attn_mask, dtype=q.dtype)
        additive.masked_fill_(attn_mask, float("-inf"))
        attn_mask = additive
    if not training:
        dropout_p = 0.0
    E = q.shape[2]
    q_scaled = q / math.sqrt(E)
    if attn_mask is not None:
        weights = torch.baddbmm(attn_mask, q_scaled, k.transpose(-2, -1))
    else:
        weights = torch.bmm(q_scaled, k.transpose(-2, -1))
    weights = torch.nn.functional.softmax(weights, dim=-1)
    if dropout_p > 0.0:
        weights = torch.nn.functional.dropout(weights, p=dropout_p)
    out = torch.bmm(weights, v)
    out = out.transpose(0, 1).contiguous().view(tgt_len * bsz, embed_dim)
    out = torch.nn.functional.linear(out, out_proj_weight, out_proj_bias)
    out = out.view(tgt_len, bsz, out.size(1))
    if not need_weights:
        return (out if is_batched else out.squeeze(1)), None
    weights = weights.view(bsz, num_heads, tgt_len, src_len)
    if average_attn_weights:
        weights = weights.sum(dim=1) / num_heads
    if not is_batched:
        return out.squeeze(1), weights.squeeze(0)
    return out, weights


# ---- losses composed of other ops --------------------------------------------------------

def _reduction_of(size_average, reduce, reduction):
    """The reduction the legacy size_average/reduce arguments name, or
    reduction itself when both are None."""
    if size_average is None and reduce is None:
        return reduction
    from torch.nn import _reduction
    return _reduction.legacy_get_string(size_average, reduce)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction='mean'):
    """The Gaussian negative log likelihood of target under mean input and
    variance var (clamped to eps without grad)."""
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = torch.unsqueeze(var, -1)
        elif not (input.size()[:-1] == var.size()[:-1] and var.size(-1) == 1):
            raise ValueError("var is of incorrect size")
    if reduction != 'none' and reduction != 'mean' and reduction != 'sum':
        raise ValueError(reduction + " is not valid")
    if torch.any(var < 0):
        raise ValueError("var has negative entry/entries")
    var = var.clone()
    with torch.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    return loss


def _reduction_enum(reduction):
    """PyTorch's _Reduction.get_enum: the int the ATen losses take."""
    from torch.nn import _reduction
    return _reduction.get_enum(reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction='mean'):
    """max(0, -target * (input1 - input2) + margin), reduced."""
    reduction = _reduction_enum(_reduction_of(size_average, reduce, reduction))
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(
            "margin_ranking_loss : All input tensors should have same dimension but got sizes: "
            "input1: {}, input2: {}, target: {} ".format(input1.size(), input2.size(), target.size()))
    return torch.margin_ranking_loss(input1, input2, target, margin, reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction='mean'):
    """input where target is 1, max(0, margin - input) where it is -1, reduced."""
    return torch.hinge_embedding_loss(input, target, margin,
                                      _reduction_enum(_reduction_of(size_average, reduce, reduction)))


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction='mean'):
    """1 - cos(input1, input2) where target is 1, max(0, cos - margin) where it is -1, reduced."""
    return torch.cosine_embedding_loss(input1, input2, target, margin,
                                       _reduction_enum(_reduction_of(size_average, reduce, reduction)))


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, size_average=None,
                        reduce=None, reduction='mean'):
    """max(0, margin + d(anchor, positive) - d(anchor, negative)), reduced."""
    return torch.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap,
                                     _reduction_enum(_reduction_of(size_average, reduce, reduction)))


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0,
                                      swap=False, reduction='mean'):
    """The triplet margin loss under any distance function (pairwise
    distance by default)."""
    distance_function = distance_function if distance_function is not None else torch.pairwise_distance
    positive_dist = distance_function(anchor, positive)
    negative_dist = distance_function(anchor, negative)
    if swap:
        negative_dist = torch.min(negative_dist, distance_function(positive, negative))
    output = torch.clamp(positive_dist - negative_dist + margin, min=0.0)
    enum = _reduction_enum(reduction)
    if enum == 1:
        return output.mean()
    if enum == 2:
        return output.sum()
    return output


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                     reduction='mean'):
    """The Poisson negative log likelihood of target with rate exp(input)
    (or input), reduced."""
    reduction = _reduction_of(size_average, reduce, reduction)
    if reduction != 'none' and reduction != 'mean' and reduction != 'sum':
        raise ValueError(reduction + " is not valid")
    return torch.poisson_nll_loss(input, target, log_input, full, eps, _reduction_enum(reduction))


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction='mean', zero_infinity=False):
    """The connectionist temporal classification loss of log_probs [T, N, C]
    (or [T, C]) against targets, reduced."""
    return torch.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, _reduction_enum(reduction),
                          zero_infinity)


def pdist(input, p=2):
    """The p-norm distance between each pair of input's rows (i < j)."""
    return torch.pdist(input, p)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    """The p-norm of x1 - x2 + eps over the last dim."""
    return torch.pairwise_distance(x1, x2, p, eps, keepdim)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """The cosine of the angle between x1 and x2 along dim."""
    return torch.cosine_similarity(x1, x2, dim, eps)


# ---- dropout of channels and alpha dropout -----------------------------------------------

def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))


def _channel_dropout(input, p, training, inplace, batched):
    """feature dropout of input, given a batch dim first when it has none
    (unsqueezed, and squeezed back)."""
    if batched:
        return torch.feature_dropout_(input, p, training) if inplace else torch.feature_dropout(input, p, training)
    if inplace:
        torch.feature_dropout_(input.unsqueeze(0), p, training)
        return input
    return torch.feature_dropout(input.unsqueeze(0), p, training).squeeze(0)


def dropout1d(input, p=0.5, training=True, inplace=False):
    """Zeroes whole channels of [N, C, L] or [C, L] input with probability p."""
    _check_p(p)
    d = input.dim()
    if d not in (2, 3):
        raise RuntimeError(
            f"dropout1d: Expected 2D or 3D input, but received a {d}D input. Note that dropout1d exists to provide "
            "channel-wise dropout on inputs with 1 spatial dimension, a channel dimension, and an optional batch "
            "dimension (i.e. 2D or 3D inputs).")
    return _channel_dropout(input, p, training, inplace, d == 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Zeroes whole channels of [N, C, H, W] input with probability p."""
    import warnings
    _check_p(p)
    d = input.dim()
    if d not in (3, 4):
        warnings.warn(
            f"dropout2d: Received a {d}-D input to dropout2d, which is deprecated and will result in an error in a "
            "future release. To retain the behavior and silence this warning, please use dropout instead. Note that "
            "dropout2d exists to provide channel-wise dropout on inputs with 2 spatial dimensions, a channel "
            "dimension, and an optional batch dimension (i.e. 3D or 4D inputs).")
    if d == 3:
        warnings.warn(
            "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout behavior is "
            "desired - input is interpreted as shape (N, C, L), where C is the channel dim. This behavior will "
            "change in a future release to interpret the input as one without a batch dimension, i.e. shape "
            "(C, H, W). To maintain the 1D channel-wise dropout behavior, please switch to using dropout1d instead.")
    return _channel_dropout(input, p, training, inplace, True)


def dropout3d(input, p=0.5, training=True, inplace=False):
    """Zeroes whole channels of [N, C, D, H, W] or [C, D, H, W] input with probability p."""
    import warnings
    _check_p(p)
    d = input.dim()
    if d not in (4, 5):
        warnings.warn(
            f"dropout3d: Received a {d}-D input to dropout3d, which is deprecated and will result in an error in a "
            "future release. To retain the behavior and silence this warning, please use dropout instead. Note that "
            "dropout3d exists to provide channel-wise dropout on inputs with 3 spatial dimensions, a channel "
            "dimension, and an optional batch dimension (i.e. 4D or 5D inputs).")
    return _channel_dropout(input, p, training, inplace, d == 5)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Dropout that keeps a SELU network's mean and variance."""
    _check_p(p)
    return torch.alpha_dropout_(input, p, training) if inplace else torch.alpha_dropout(input, p, training)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Alpha dropout of whole channels."""
    _check_p(p)
    if inplace:
        return torch.feature_alpha_dropout_(input, p, training)
    return torch.feature_alpha_dropout(input, p, training)


# ---- instance and local response normalization -------------------------------------------

def _verify_spatial_size(size):
    prod = 1
    for n in list(size)[2:]:
        prod *= n
    if prod == 1:
        raise ValueError("Expected more than 1 spatial element when training, got input size {}".format(size))


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-5):
    """Normalizes each channel of each sample over its spatial dims."""
    if use_input_stats:
        _verify_spatial_size(input.size())
    return torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps,
                               False)


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.):
    """Each element over (k + alpha * mean of the squares of `size`
    neighbouring channels) ** beta."""
    F = torch.nn.functional
    dim = input.dim()
    if dim < 3:
        raise ValueError("Expected 3D or higher dimensionality                          input (got {} dimensions)"
                         .format(dim))
    if input.numel() == 0:
        return input
    div = input.mul(input).unsqueeze(1)
    if dim == 3:
        div = F.pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = F.avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.size()
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = F.pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        div = F.avg_pool3d(div, (size, 1, 1), stride=1).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


# ---- shuffles --------------------------------------------------------------------------------

def pixel_shuffle(input, upscale_factor):
    """[*, C r^2, H, W] rearranged to [*, C, H r, W r]."""
    return torch.pixel_shuffle(input, upscale_factor)


def pixel_unshuffle(input, downscale_factor):
    """[*, C, H r, W r] rearranged to [*, C r^2, H, W]."""
    return torch.pixel_unshuffle(input, downscale_factor)


def channel_shuffle(input, groups):
    """[N, C, *] with its channels, seen as groups x C/groups, transposed."""
    return torch.channel_shuffle(input, groups)


def native_channel_shuffle(input, groups):
    """channel_shuffle."""
    return torch.native_channel_shuffle(input, groups)


# ---- embedding ---------------------------------------------------------------------------------

def _embedding_renorm_(weight, input, max_norm, norm_type):
    """torch.embedding_renorm_: each looked-up row (once, in increasing
    order) whose norm exceeds max_norm rescaled in place to max_norm, with
    PyTorch's 1e-7."""
    with torch.no_grad():
        for i in sorted(set(input.reshape(-1).tolist())):
            row = weight[i]
            norm = row.norm(norm_type).item()
            if norm > max_norm:
                row.mul_(max_norm / (norm + 1e-7))


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    """The rows of weight at the indices in input."""
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < weight.size(0), "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -weight.size(0), "Padding_idx must be within num_embeddings"
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None:
        input = input.contiguous()
        _embedding_renorm_(weight, input, max_norm, norm_type)
    return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


def bilinear(input1, input2, weight, bias=None):
    """x1^T A x2 + b over the last dims: ATen's composite, a _trilinear of
    the inputs flattened to rows, reshaped back, plus the bias."""
    if input1.dim() != input2.dim():
        raise RuntimeError("bilinear(): input dimensions do not match: got {} and {}".format(input1.dim(), input2.dim()))
    for i in range(input1.dim() - 1):
        if input1.size(i) != input2.size(i):
            raise RuntimeError("bilinear(): input batch dimensions do not match at dim {}: got {} and {}".format(
                i, input1.size(i), input2.size(i)))
    if input1.size(-1) != weight.size(1):
        raise RuntimeError("bilinear(): input1 size does not match weight size: got {} but expected {}".format(
            input1.size(-1), weight.size(1)))
    if input2.size(-1) != weight.size(2):
        raise RuntimeError("bilinear(): input2 size does not match weight size: got {} but expected {}".format(
            input2.size(-1), weight.size(2)))
    if bias is not None and bias.size(0) != weight.size(0):
        raise RuntimeError("bilinear(): bias size does not match weight size: got {} but expected {}".format(
            bias.size(0), weight.size(0)))
    out_size = list(input1.shape)
    out_size[-1] = weight.size(0)
    x1 = input1.reshape(-1, input1.size(-1))
    x2 = input2.reshape(-1, input2.size(-1))
    out = torch._trilinear(x1, weight, x2, [1, 3], [0], [1, 2], [2, 3]).reshape(out_size)
    if bias is not None:
        out = out + bias
    return out


_BAG_MODES = {'sum': 0, 'mean': 1, 'max': 2}


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode='mean',
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    """The sums, means or maxima of bags of weight's rows: input 1-D cut
    into bags at offsets, or 2-D with one bag per row."""
    if weight.dtype == torch.long and input.is_floating_point():
        import warnings
        warnings.warn("Argument order of nn.functional.embedding_bag was changed. "
                      "Usage `embedding_bag(weight, input, ...)` is deprecated, "
                      "and should now be `embedding_bag(input, weight, ...)`.")
        weight, input = input, weight
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError("embedding_bag: If per_sample_weights ({}) is not None, then it must have the same shape "
                         "as the input ({})".format(per_sample_weights.shape, input.shape))
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             "fixed length sequences. However, found offsets of type {}".format(str(type(offsets))))
        offsets = torch.arange(0, input.numel(), input.size(1), dtype=input.dtype, device=input.device)
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError("input has to be 1D or 2D Tensor, but got Tensor of dimension {}".format(input.dim()))
    if mode not in _BAG_MODES:
        raise ValueError("mode has to be one of sum, mean or max")
    if mode == 'max':
        if scale_grad_by_freq:
            raise ValueError("max mode does not support scaling the gradient by the frequency")
        if sparse:
            raise ValueError("max mode does not support sparse weights")
    if max_norm is not None:
        _embedding_renorm_(weight, input, max_norm, norm_type)
    if per_sample_weights is not None and mode != 'sum':
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  "supported for mode='sum' (got mode='{}'). Please open a feature request on "
                                  "GitHub.".format(mode))
    return torch.embedding_bag(weight, input, offsets, scale_grad_by_freq, _BAG_MODES[mode], sparse,
                               per_sample_weights, include_last_offset, padding_idx)[0]


# ---- sampling and multi-label losses ----------------------------------------------------------

def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    """A sample from the Gumbel-softmax distribution over logits (one-hot
    when hard, with the soft sample's gradient)."""
    if eps != 1e-10:
        import warnings
        warnings.warn("`eps` parameter is deprecated and has no effect.")
    gumbels = -torch.empty_like(logits, memory_format=torch.legacy_contiguous_format).exponential_().log()
    y_soft = ((logits + gumbels) / tau).softmax(dim)
    if not hard:
        return y_soft
    index = y_soft.max(dim, keepdim=True)[1]
    y_hard = torch.zeros_like(logits, memory_format=torch.legacy_contiguous_format).scatter_(dim, index, 1.0)
    return y_hard - y_soft.detach() + y_soft


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction='mean'):
    """The binary cross entropy of each class's logit, averaged over the
    classes, reduced over the batch."""
    reduction = _reduction_of(size_average, reduce, reduction)
    F = torch.nn.functional
    loss = -(target * F.logsigmoid(input) + (1 - target) * F.logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == 'none':
        return loss
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    raise ValueError(reduction + " is not valid")


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None,
                      reduction='mean'):
    """The multi-class hinge loss: for each class other than the target,
    max(0, margin - x[target] + x[class]) (squared for p=2), weighted by the
    target's weight, averaged over the classes, reduced."""
    reduction = _reduction_enum(_reduction_of(size_average, reduce, reduction))
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None:
        if weight.dim() != 1:
            raise ValueError("weight must be one-dimensional")
    return torch._multi_margin_loss(input, target, p, margin, weight, reduction)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    """The multi-label hinge loss: for each target class (up to the first
    -1) and each other class, max(0, 1 - x[target] + x[class]), summed,
    divided by the number of classes, reduced."""
    return torch._multilabel_margin_loss(input, target, _reduction_enum(_reduction_of(size_average, reduce, reduction)))


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    """log(1 + exp(-target * input)), reduced."""
    return torch._soft_margin_loss(input, target, _reduction_enum(_reduction_of(size_average, reduce, reduction)))


# ---- resampling ----------------------------------------------------------------------

_FUNCTIONAL_PY = '/usr/lib/python3/dist-packages/torch/nn/functional.py'


def _deprecated(name, lineno):
    import warnings
    text = "nn.functional.{} is deprecated. Use nn.functional.interpolate instead.".format(name)
    warnings._warn_at(text, UserWarning, _FUNCTIONAL_PY, lineno, 'torch.nn.functional',
                      'warnings.warn("{}")'.format(text))


def interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
                recompute_scale_factor=None, antialias=False):
    """Resamples input to the given size or by the given scale factor, by
    the given mode: nearest | nearest-exact | linear | bilinear | bicubic
    | trilinear | area."""
    import math
    if mode in ('nearest', 'area', 'nearest-exact'):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    dim = input.dim() - 2
    # exactly one of output_size and scale_factors is a list afterwards
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    elif size is not None:
        scale_factors = None
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError(
                    "Input and output must have the same number of spatial dimensions, but got input with "
                    "spatial dimensions of {} and output size of {}. Please provide input tensor in "
                    "(N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.".format(
                        list(input.shape[2:]), size))
            output_size = size
        else:
            output_size = [size for _ in range(dim)]
    elif scale_factor is not None:
        output_size = None
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError(
                    "Input and scale_factor must have the same number of spatial dimensions, but got input "
                    "with spatial dimensions of {} and scale_factor of shape {}. Please provide input tensor "
                    "in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.".format(
                        list(input.shape[2:]), scale_factor))
            scale_factors = scale_factor
        else:
            scale_factors = [scale_factor for _ in range(dim)]
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor is not None and recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    # 'area' is an adaptive pooling, which takes sizes only
    if mode == 'area' and output_size is None:
        recompute_scale_factor = True
    if recompute_scale_factor is not None and recompute_scale_factor:
        output_size = [int(math.floor(float(input.size(i + 2)) * scale_factors[i])) for i in range(dim)]
        scale_factors = None
    if antialias and not (mode in ('bilinear', 'bicubic') and input.ndim == 4):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    if antialias:
        raise NotImplementedError("interpolate: antialias=True is not supported by cgrad")
    up = torch.nn.functional._upsample
    if input.dim() in (3, 4, 5) and mode in ('nearest', 'nearest-exact'):
        return up(input, mode, output_size, scale_factors, False)
    if input.dim() == 3 and mode == 'area':
        return torch.nn.functional.adaptive_avg_pool1d(input, output_size)
    if input.dim() == 4 and mode == 'area':
        return torch.nn.functional.adaptive_avg_pool2d(input, output_size)
    if input.dim() == 5 and mode == 'area':
        return torch.nn.functional.adaptive_avg_pool3d(input, output_size)
    if (input.dim(), mode) in ((3, 'linear'), (4, 'bilinear'), (5, 'trilinear')):
        return up(input, 'linear', output_size, scale_factors, align_corners)
    if input.dim() == 4 and mode == 'bicubic':
        return up(input, 'cubic', output_size, scale_factors, align_corners)
    wanted = {'linear': 3, 'bilinear': 4, 'trilinear': 5}
    if input.dim() in (3, 4, 5) and mode in wanted:
        raise NotImplementedError("Got {}D input, but {} mode needs {}D input".format(input.dim(), mode, wanted[mode]))
    raise NotImplementedError(
        "Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: nearest | linear | "
        "bilinear | bicubic | trilinear | area | nearest-exact (got {})".format(input.dim(), mode))


def upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None):
    """Deprecated: interpolate(input, size, scale_factor, mode, align_corners)."""
    _deprecated('upsample', 3734)
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    """Deprecated: interpolate(..., mode='nearest')."""
    _deprecated('upsample_nearest', 4014)
    return interpolate(input, size, scale_factor, mode='nearest')


def upsample_bilinear(input, size=None, scale_factor=None):
    """Deprecated: interpolate(..., mode='bilinear', align_corners=True)."""
    _deprecated('upsample_bilinear', 4070)
    return interpolate(input, size, scale_factor, mode='bilinear', align_corners=True)


# ---- power-average pooling ---------------------------------------------------------------


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """The p-norm of each window: (sum of x^p)^(1/p), through avg_pool2d
    as PyTorch computes it (a window whose sum is not positive gives 0)."""
    F = torch.nn.functional
    kw, kh = (kernel_size, kernel_size) if isinstance(kernel_size, int) else kernel_size
    if stride is not None:
        out = F.avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = F.avg_pool2d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (torch.sign(out) * F.relu(torch.abs(out))).mul(kw * kh).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """lp_pool2d's 1-d form, through avg_pool1d."""
    F = torch.nn.functional
    if stride is not None:
        out = F.avg_pool1d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = F.avg_pool1d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (torch.sign(out) * F.relu(torch.abs(out))).mul(kernel_size).pow(1.0 / norm_type)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    """adaptive_max_pool1d's maxima and their indices, always both."""
    return torch.nn.functional.adaptive_max_pool1d(input, output_size, True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    """adaptive_max_pool2d's maxima and their indices, always both."""
    return torch.nn.functional.adaptive_max_pool2d(input, output_size, True)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    """adaptive_max_pool3d's maxima and their indices, always both."""
    return torch.nn.functional.adaptive_max_pool3d(input, output_size, True)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    """max_pool1d's maxima and their indices, always both."""
    return torch.nn.functional.max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    """max_pool2d's maxima and their indices, always both."""
    return torch.nn.functional.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    """max_pool3d's maxima and their indices, always both."""
    return torch.nn.functional.max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


# ---- unpooling ------------------------------------------------------------------------------


def _ntuple_of(v, n):
    return tuple(v) if isinstance(v, (list, tuple)) else (v,) * n


def _unpool_output_size(input, kernel_size, stride, padding, output_size):
    """The output's spatial sizes: the pooling's inverse by default, or
    output_size (its last dims) when it lies within a stride of it."""
    n = len(kernel_size)
    default_size = [(input.size(-n + d) - 1) * stride[d] + kernel_size[d] - 2 * padding[d] for d in range(n)]
    if output_size is None:
        return default_size
    if len(output_size) == n + 2:
        output_size = output_size[2:]
    if len(output_size) != n:
        raise ValueError("output_size should be a sequence containing {} or {} elements, but it has a length of "
                         "'{}'".format(n, n + 2, len(output_size)))
    for d in range(n):
        min_size = default_size[d] - stride[d]
        max_size = default_size[d] + stride[d]
        if not (min_size < output_size[d] < max_size):
            raise ValueError('invalid output_size "{}" (dim {} must be between {} and {})'.format(
                output_size, d, min_size, max_size))
    return output_size


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """max_pool1d's partial inverse: each value put back at its index, zeros elsewhere."""
    kernel_size = _ntuple_of(kernel_size, 1)
    stride = _ntuple_of(stride, 1) if stride is not None else kernel_size
    padding = _ntuple_of(padding, 1)
    output_size = _unpool_output_size(input, kernel_size, stride, padding, output_size)
    output_size = list(output_size) + [1] if isinstance(output_size, list) else tuple(output_size) + (1,)
    return torch.nn.functional._max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), output_size).squeeze(-1)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """max_pool2d's partial inverse: each value put back at its index, zeros elsewhere."""
    kernel_size = _ntuple_of(kernel_size, 2)
    stride = _ntuple_of(stride, 2) if stride is not None else kernel_size
    padding = _ntuple_of(padding, 2)
    output_size = _unpool_output_size(input, kernel_size, stride, padding, output_size)
    return torch.nn.functional._max_unpool2d(input, indices, output_size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """max_pool3d's partial inverse: each value put back at its index, zeros elsewhere."""
    kernel_size = _ntuple_of(kernel_size, 3)
    stride = _ntuple_of(stride, 3) if stride is not None else kernel_size
    padding = _ntuple_of(padding, 3)
    output_size = _unpool_output_size(input, kernel_size, stride, padding, output_size)
    return torch.nn.functional._max_unpool3d(input, indices, output_size, stride, padding)
GRID_SAMPLE_INTERPOLATION_MODES = {'bilinear': 0, 'nearest': 1, 'bicubic': 2}
GRID_SAMPLE_PADDING_MODES = {'zeros': 0, 'border': 1, 'reflection': 2}

_ALIGN_CORNERS_WARNING = ("Default grid_sample and affine_grid behavior has changed to align_corners=False since "
                          "1.3.0. Please specify align_corners=True if the old behavior is desired. See the "
                          "documentation of grid_sample for details.")


def grid_sample(input, grid, mode='bilinear', padding_mode='zeros', align_corners=None):
    """The input sampled at the grid's points (x, y(, z)) in [-1, 1]:
    torch.grid_sampler with the modes' numbers, and 1.13's warning when
    align_corners is not given."""
    if mode not in ('bilinear', 'nearest', 'bicubic'):
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', "
                         "but got: '{}'".format(mode))
    if padding_mode not in ('zeros', 'border', 'reflection'):
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         "'reflection', but got: '{}'".format(padding_mode))
    if align_corners is None:
        import warnings
        warnings.warn(_ALIGN_CORNERS_WARNING)
        align_corners = False
    return torch.grid_sampler(input, grid, GRID_SAMPLE_INTERPOLATION_MODES[mode],
                              GRID_SAMPLE_PADDING_MODES[padding_mode], align_corners)


def affine_grid(theta, size, align_corners=None):
    """The sampling grid of a batch of affine maps theta ([N, 2, 3] or
    [N, 3, 4]) for an output of size (N, C, (D,) H, W)."""
    if align_corners is None:
        import warnings
        warnings.warn(_ALIGN_CORNERS_WARNING)
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError("Expected theta to have floating point type, but got {}".format(theta.dtype))
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError("Expected a batch of 2D affine matrices of shape Nx2x3 for size {}. Got {}.".format(
                size, theta.shape))
        spatial_size = size[-2:]
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError("Expected a batch of 3D affine matrices of shape Nx3x4 for size {}. Got {}.".format(
                size, theta.shape))
        spatial_size = size[-3:]
    else:
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  "respectively. Got size {}.".format(size))
    if align_corners and min(spatial_size) == 1:
        import warnings
        warnings.warn("Since version 1.3.0, affine_grid behavior has changed for unit-size grids when "
                      "align_corners=True. This is not an intended use case of affine_grid. See the documentation "
                      "of affine_grid for details.")
    elif min(size) <= 0:
        raise ValueError("Expected non-zero, positive output size. Got {}".format(size))
    return torch.affine_grid_generator(theta, size, align_corners)


def _fractional_sizes(input, nd, output_size, output_ratio):
    """output_size, or the input's last nd sizes times output_ratio"""
    if output_size is None and output_ratio is None:
        raise ValueError("fractional_max_pool{}d requires specifying either an output_size or an "
                         "output_ratio".format(nd))
    if output_size is not None:
        return output_size
    ratio = tuple(output_ratio) if isinstance(output_ratio, (list, tuple)) else (output_ratio,) * nd
    return [int(input.size(d - nd) * ratio[d]) for d in range(nd)]


def _fractional(input, nd, kernel_size, output_size, output_ratio, _random_samples):
    output_size = _fractional_sizes(input, nd, output_size, output_ratio)
    if _random_samples is None:
        n_batch = 1 if input.dim() == nd + 1 else input.size(0)
        _random_samples = torch.rand(n_batch, input.size(-nd - 1), nd, dtype=input.dtype, device=input.device)
    pool = torch.nn.functional._fractional_max_pool2d if nd == 2 else torch.nn.functional._fractional_max_pool3d
    return pool(input, kernel_size, output_size, _random_samples)


def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    """Max pooling over windows at pseudo-random offsets (Graham's
    fractional max pooling); the samples drawn from torch.rand as PyTorch
    draws them: (output, indices)."""
    return _fractional(input, 2, kernel_size, output_size, output_ratio, _random_samples)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    """fractional_max_pool2d_with_indices, its output alone unless return_indices."""
    out = _fractional(input, 2, kernel_size, output_size, output_ratio, _random_samples)
    return out if return_indices else out[0]


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    """The 3-d fractional max pooling: (output, indices)."""
    return _fractional(input, 3, kernel_size, output_size, output_ratio, _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    """fractional_max_pool3d_with_indices, its output alone unless return_indices."""
    out = _fractional(input, 3, kernel_size, output_size, output_ratio, _random_samples)
    return out if return_indices else out[0]
