# torch/nn/modules/sparse.py: Embedding, as PyTorch 1.13 writes it.
# cgrad's functional module has no embedding yet, so forward composes it
# from indexing: the values and the weight's gradient are PyTorch's (rows
# looked up at padding_idx get no gradient), but the node is IndexBackward0
# (or SWhereBackward0 with padding_idx), not EmbeddingBackward0, and
# scale_grad_by_freq and sparse gradients are not supported.
# Not here: EmbeddingBag.
import torch
import torch.nn.init as init
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module

__all__ = ['Embedding']


def _embedding_renorm_(weight, input, max_norm, norm_type):
    """torch.embedding_renorm_: rescale in place each looked-up row whose
    norm exceeds max_norm to norm max_norm (with PyTorch's 1e-7)."""
    with torch.no_grad():
        for i in sorted(set(input.reshape(-1).tolist())):
            row = weight[i]
            norm = row.norm(norm_type).item()
            if norm > max_norm:
                row.mul_(max_norm / (norm + 1e-7))


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    if input.dtype != torch.int64 and input.dtype != torch.int32:
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the following "
                           "scalar types: Long, Int; but got {} instead (while checking arguments for "
                           "embedding)".format(input.type()))
    if input.numel() > 0 and (input.min().item() < 0 or input.max().item() >= weight.shape[0]):
        raise IndexError('index out of range in self')
    if input.dtype != torch.int64:
        input = input.long()
    if max_norm is not None:
        _embedding_renorm_(weight, input, max_norm, norm_type)
    out = weight[input]
    if padding_idx is not None and out.requires_grad:
        out = torch.where((input != padding_idx).unsqueeze(-1), out, out.detach())
    return out


class Embedding(Module):
    __constants__ = ['num_embeddings', 'embedding_dim', 'padding_idx', 'max_norm',
                     'norm_type', 'scale_grad_by_freq', 'sparse']

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None,
                 max_norm=None, norm_type=2., scale_grad_by_freq=False,
                 sparse=False, _weight=None, device=None, dtype=None):
        factory_kwargs = {'device': device, 'dtype': dtype}
        super(Embedding, self).__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < self.num_embeddings, 'Padding_idx must be within num_embeddings'
            elif padding_idx < 0:
                assert padding_idx >= -self.num_embeddings, 'Padding_idx must be within num_embeddings'
                padding_idx = self.num_embeddings + padding_idx
        self.padding_idx = padding_idx
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if _weight is None:
            self.weight = Parameter(torch.empty((num_embeddings, embedding_dim), **factory_kwargs))
            self.reset_parameters()
        else:
            assert list(_weight.shape) == [num_embeddings, embedding_dim], \
                'Shape of weight does not match num_embeddings and embedding_dim'
            self.weight = Parameter(_weight)
        self.sparse = sparse

    def reset_parameters(self):
        init.normal_(self.weight)
        self._fill_padding_idx_with_zero()

    def _fill_padding_idx_with_zero(self):
        if self.padding_idx is not None:
            with torch.no_grad():
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input):
        return embedding(input, self.weight, self.padding_idx, self.max_norm,
                         self.norm_type, self.scale_grad_by_freq, self.sparse)

    def extra_repr(self):
        s = '{}, {}'.format(self.num_embeddings, self.embedding_dim)
        if self.padding_idx is not None:
            s += ', padding_idx={}'.format(self.padding_idx)
        if self.max_norm is not None:
            s += ', max_norm={}'.format(self.max_norm)
        if self.norm_type != 2:
            s += ', norm_type={}'.format(self.norm_type)
        if self.scale_grad_by_freq is not False:
            s += ', scale_grad_by_freq={}'.format(self.scale_grad_by_freq)
        if self.sparse is not False:
            s += ', sparse=True'
        return s

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, padding_idx=None,
                        max_norm=None, norm_type=2., scale_grad_by_freq=False,
                        sparse=False):
        assert embeddings.dim() == 2, \
            'Embeddings parameter is expected to be 2-dimensional'
        rows, cols = embeddings.shape
        embedding = cls(
            num_embeddings=rows,
            embedding_dim=cols,
            _weight=embeddings,
            padding_idx=padding_idx,
            max_norm=max_norm,
            norm_type=norm_type,
            scale_grad_by_freq=scale_grad_by_freq,
            sparse=sparse)
        embedding.weight.requires_grad = not freeze
        return embedding
