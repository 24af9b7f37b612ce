# torch/nn/modules/transformer.py: Transformer, its encoder and decoder and
# their layers, as PyTorch 1.13 builds them from MultiheadAttention,
# Linear, Dropout and LayerNorm. In evaluation without grad, with batch-first
# input, PyTorch runs an encoder layer through its fused inference kernel
# (self-attention by its own order of operations, Note in activation.py's
# _mha_fast) and an encoder given a padding mask through nested tensors;
# both are followed here (Note [Transformer inference path]).
import copy

import torch
import torch.nn.functional as F
from torch.nn.init import xavier_uniform_
from torch.nn.modules.activation import MultiheadAttention, _mha_fast
from torch.nn.modules.container import ModuleList
from torch.nn.modules.dropout import Dropout
from torch.nn.modules.linear import Linear
from torch.nn.modules.module import Module
from torch.nn.modules.normalization import LayerNorm

__all__ = ['Transformer', 'TransformerEncoder', 'TransformerDecoder', 'TransformerEncoderLayer',
           'TransformerDecoderLayer']

# Note [Transformer inference path]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# PyTorch 1.13 gives an encoder layer in eval mode, with batch-first 3-d
# input, relu or gelu, equal norm eps, an even head count, at most one
# mask and nothing requiring grad, to torch._transformer_encoder_layer_fwd:
# self-attention by the inference kernel (whatever the layer's dropout),
# the residual added in place, layer norms, and the feed-forward block as
# linear, relu_/gelu_, linear. The values are the general path's but for
# the attention's rounding. An encoder given a left-aligned padding mask on
# that path runs its layers on nested tensors, so padded positions come
# out as zeros before the final norm; here the layers run with the padding
# mask and the padded positions are zeroed after them.


def _check_padding_mask(mask):
    if mask is not None and mask.dtype != torch.bool and not torch.is_floating_point(mask):
        raise AssertionError('only bool and floating types of key_padding_mask are supported')


def _grad_needed(tensors):
    return torch.is_grad_enabled() and any(t is not None and t.requires_grad for t in tensors)


class Transformer(Module):
    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048,
                 dropout=0.1, activation=F.relu, custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, device=None, dtype=None):
        factory_kwargs = {'device': device, 'dtype': dtype}
        super(Transformer, self).__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            encoder_layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation,
                                                    layer_norm_eps, batch_first, norm_first, **factory_kwargs)
            encoder_norm = LayerNorm(d_model, eps=layer_norm_eps, **factory_kwargs)
            self.encoder = TransformerEncoder(encoder_layer, num_encoder_layers, encoder_norm)
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            decoder_layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation,
                                                    layer_norm_eps, batch_first, norm_first, **factory_kwargs)
            decoder_norm = LayerNorm(d_model, eps=layer_norm_eps, **factory_kwargs)
            self.decoder = TransformerDecoder(decoder_layer, num_decoder_layers, decoder_norm)
        self._reset_parameters()
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None,
                tgt_key_padding_mask=None, memory_key_padding_mask=None):
        is_batched = src.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if is_batched and src.size(batch_dim) != tgt.size(batch_dim):
            raise RuntimeError("the batch number of src and tgt must be equal")
        if src.size(-1) != self.d_model or tgt.size(-1) != self.d_model:
            raise RuntimeError("the feature number of src and tgt must be equal to d_model")
        memory = self.encoder(src, mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask)

    @staticmethod
    def generate_square_subsequent_mask(sz, device='cpu'):
        """A float mask [sz, sz]: -inf above the diagonal, 0 elsewhere."""
        rows = torch.arange(sz, device=device)
        above = rows.unsqueeze(0) > rows.unsqueeze(1)
        return torch.zeros((sz, sz), device=device).masked_fill(above, float('-inf'))

    def _reset_parameters(self):
        for p in self.parameters():
            if p.dim() > 1:
                xavier_uniform_(p)


class TransformerEncoder(Module):
    __constants__ = ['norm']

    def __init__(self, encoder_layer, num_layers, norm=None, enable_nested_tensor=True, mask_check=True):
        super(TransformerEncoder, self).__init__()
        self.layers = _get_clones(encoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm
        self.enable_nested_tensor = enable_nested_tensor
        self.mask_check = mask_check

    def _nested_path(self, src, mask, src_key_padding_mask):
        """Whether PyTorch would run the layers on nested tensors."""
        first = self.layers[0]
        if not isinstance(first, TransformerEncoderLayer) or first.norm_first or first.training:
            return False
        attn = first.self_attn
        if not attn.batch_first or not attn._qkv_same_embed_dim or not first.activation_relu_or_gelu:
            return False
        if first.norm1.eps != first.norm2.eps or src.dim() != 3 or not self.enable_nested_tensor:
            return False
        if src_key_padding_mask is None or mask is not None or attn.num_heads % 2 == 1:
            return False
        if getattr(self, 'mask_check', True) and not _left_aligned(src_key_padding_mask.logical_not()):
            return False
        return not _grad_needed((src,) + first._fast_path_tensors())

    def forward(self, src, mask=None, src_key_padding_mask=None):
        _check_padding_mask(src_key_padding_mask)
        padded = None
        if self._nested_path(src, mask, src_key_padding_mask):
            _warn_nested_once()
            padded = src_key_padding_mask.to(torch.bool)
        output = src
        for mod in self.layers:
            output = mod(output, src_mask=mask, src_key_padding_mask=src_key_padding_mask)
        if padded is not None:
            output = output.masked_fill(padded.unsqueeze(-1), 0.0)
        if self.norm is not None:
            output = self.norm(output)
        return output


_nested_warned = []


def _warn_nested_once():
    """PyTorch's warning on its first nested tensor, once per session."""
    if not _nested_warned:
        import warnings
        _nested_warned.append(True)
        warnings.warn("The PyTorch API of nested tensors is in prototype stage and will change in the near future. "
                      "(Triggered internally at  ./aten/src/ATen/NestedTensorImpl.cpp:175.)")


def _left_aligned(keep):
    """True when every row of the [B, T] keep mask is ones then zeros."""
    if keep.dim() != 2:
        return False
    k = keep.to(torch.int64)
    return bool((k[:, 1:] <= k[:, :-1]).all()) if k.size(1) > 1 else True


class TransformerDecoder(Module):
    __constants__ = ['norm']

    def __init__(self, decoder_layer, num_layers, norm=None):
        super(TransformerDecoder, self).__init__()
        self.layers = _get_clones(decoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None):
        output = tgt
        for mod in self.layers:
            output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                         tgt_key_padding_mask=tgt_key_padding_mask,
                         memory_key_padding_mask=memory_key_padding_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output


class TransformerEncoderLayer(Module):
    __constants__ = ['batch_first', 'norm_first']

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=F.relu, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, device=None, dtype=None):
        factory_kwargs = {'device': device, 'dtype': dtype}
        super(TransformerEncoderLayer, self).__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first,
                                            **factory_kwargs)
        self.linear1 = Linear(d_model, dim_feedforward, **factory_kwargs)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, **factory_kwargs)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, **factory_kwargs)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, **factory_kwargs)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        if isinstance(activation, str):
            activation = _get_activation_fn(activation)
        if activation is F.relu or isinstance(activation, torch.nn.ReLU):
            self.activation_relu_or_gelu = 1
        elif activation is F.gelu or isinstance(activation, torch.nn.GELU):
            self.activation_relu_or_gelu = 2
        else:
            self.activation_relu_or_gelu = 0
        self.activation = activation

    def __setstate__(self, state):
        super(TransformerEncoderLayer, self).__setstate__(state)
        if not hasattr(self, 'activation'):
            self.activation = F.relu

    def _fast_path_tensors(self):
        a = self.self_attn
        return (a.in_proj_weight, a.in_proj_bias, a.out_proj.weight, a.out_proj.bias, self.norm1.weight,
                self.norm1.bias, self.norm2.weight, self.norm2.bias, self.linear1.weight, self.linear1.bias,
                self.linear2.weight, self.linear2.bias)

    def _takes_fast_path(self, src, src_mask):
        if src.dim() != 3 or self.training or not self.self_attn.batch_first:
            return False
        if not self.self_attn._qkv_same_embed_dim or not self.activation_relu_or_gelu:
            return False
        if self.norm1.eps != self.norm2.eps or src_mask is not None or self.self_attn.num_heads % 2 == 1:
            return False
        return not _grad_needed((src,) + self._fast_path_tensors())

    def _fast(self, src, mask, mask_type):
        """Note [Transformer inference path]"""
        x = src
        if self.norm_first:
            x = self.norm1(x)
        x = _mha_fast(self.self_attn, x, mask, mask_type, False, True)[0]
        x.add_(src)
        if not self.norm_first:
            x = self.norm1(x)
        residual = x
        if self.norm_first:
            x = self.norm2(x)
        x = self.linear1(x)
        x = F.gelu(x) if self.activation_relu_or_gelu == 2 else x.relu_()
        x = self.linear2(x)
        x.add_(residual)
        if not self.norm_first:
            x = self.norm2(x)
        return x

    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        _check_padding_mask(src_key_padding_mask)
        if self._takes_fast_path(src, src_mask):
            return self._fast(src, src_key_padding_mask, 1 if src_key_padding_mask is not None else None)
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            x = x + self._ff_block(self.norm2(x))
        else:
            x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
            x = self.norm2(x + self._ff_block(x))
        return x

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self.dropout2(x)


class TransformerDecoderLayer(Module):
    __constants__ = ['batch_first', 'norm_first']

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=F.relu, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, device=None, dtype=None):
        factory_kwargs = {'device': device, 'dtype': dtype}
        super(TransformerDecoderLayer, self).__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first,
                                            **factory_kwargs)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first,
                                                 **factory_kwargs)
        self.linear1 = Linear(d_model, dim_feedforward, **factory_kwargs)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, **factory_kwargs)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, **factory_kwargs)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, **factory_kwargs)
        self.norm3 = LayerNorm(d_model, eps=layer_norm_eps, **factory_kwargs)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.dropout3 = Dropout(dropout)
        self.activation = _get_activation_fn(activation) if isinstance(activation, str) else activation

    def __setstate__(self, state):
        if 'activation' not in state:
            state['activation'] = F.relu
        super(TransformerDecoderLayer, self).__setstate__(state)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask)
            x = x + self._ff_block(self.norm3(x))
        else:
            x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask))
            x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask))
            x = self.norm3(x + self._ff_block(x))
        return x

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                                need_weights=False)[0]
        return self.dropout2(x)

    def _ff_block(self, x):
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self.dropout3(x)


def _get_clones(module, N):
    return ModuleList([copy.deepcopy(module) for i in range(N)])


def _get_activation_fn(activation):
    if activation == "relu":
        return F.relu
    if activation == "gelu":
        return F.gelu
    raise RuntimeError("activation should be relu/gelu, not {}".format(activation))
