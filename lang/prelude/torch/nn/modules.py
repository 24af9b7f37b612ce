# torch/nn/modules.py: the torch.nn.modules package, as PyTorch's
# torch/nn/modules/__init__.py: every module class, gathered from the
# files under lang/prelude/torch/nn/modules/ (torch.nn.modules.linear, ...),
# which stay reachable as attributes (nn.modules.module).
from torch.nn.modules.module import Module
from torch.nn.modules.container import Container, Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict
from torch.nn.modules.linear import Identity, Linear, Bilinear, LazyLinear
from torch.nn.modules.activation import ReLU, LeakyReLU, GELU, Tanh, Sigmoid, Softmax, Softmin, LogSoftmax, \
    ELU, SELU, CELU, SiLU, Mish, Hardtanh, ReLU6, Hardsigmoid, Hardswish, Softplus, Softshrink, Hardshrink, \
    LogSigmoid, PReLU, RReLU, Threshold, GLU, Softmax2d, Softsign, Tanhshrink, MultiheadAttention
from torch.nn.modules.dropout import Dropout, Dropout1d, Dropout2d, Dropout3d, AlphaDropout, FeatureAlphaDropout
from torch.nn.modules.flatten import Flatten, Unflatten
from torch.nn.modules.sparse import Embedding, EmbeddingBag
from torch.nn.modules.normalization import LocalResponseNorm, CrossMapLRN2d, LayerNorm, GroupNorm
from torch.nn.modules.instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d, \
    LazyInstanceNorm1d, LazyInstanceNorm2d, LazyInstanceNorm3d
from torch.nn.modules.conv import *
from torch.nn.modules.pooling import MaxPool1d, MaxPool2d, MaxPool3d, AvgPool1d, AvgPool2d, AvgPool3d, \
    AdaptiveAvgPool1d, \
    AdaptiveAvgPool2d, AdaptiveAvgPool3d, AdaptiveMaxPool1d, AdaptiveMaxPool2d, \
    AdaptiveMaxPool3d, MaxUnpool1d, MaxUnpool2d, MaxUnpool3d, LPPool1d, LPPool2d, FractionalMaxPool2d, \
    FractionalMaxPool3d
from torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d, LazyBatchNorm1d, LazyBatchNorm2d, \
    LazyBatchNorm3d, SyncBatchNorm
from torch.nn.modules.fold import Fold, Unfold
from torch.nn.modules.upsampling import Upsample, UpsamplingNearest2d, UpsamplingBilinear2d
from torch.nn.modules.padding import ConstantPad1d, ConstantPad2d, ConstantPad3d, ZeroPad2d, \
    ReflectionPad1d, ReflectionPad2d, ReflectionPad3d, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d
from torch.nn.modules.loss import L1Loss, MSELoss, NLLLoss, CrossEntropyLoss, BCELoss, \
    BCEWithLogitsLoss, SmoothL1Loss, HuberLoss, KLDivLoss, GaussianNLLLoss, MarginRankingLoss, HingeEmbeddingLoss, \
    CosineEmbeddingLoss, TripletMarginLoss, TripletMarginWithDistanceLoss, PoissonNLLLoss, NLLLoss2d, \
    MultiLabelSoftMarginLoss, SoftMarginLoss, MultiMarginLoss, MultiLabelMarginLoss, CTCLoss
from torch.nn.modules.transformer import Transformer, TransformerEncoder, TransformerDecoder, \
    TransformerEncoderLayer, TransformerDecoderLayer
from torch.nn.modules.distance import PairwiseDistance, CosineSimilarity
from torch.nn.modules.pixelshuffle import PixelShuffle, PixelUnshuffle
from torch.nn.modules.channelshuffle import ChannelShuffle
from torch.nn.modules.rnn import RNNBase, RNN, LSTM, GRU, RNNCellBase, RNNCell, LSTMCell, GRUCell
from torch.nn.modules.adaptive import AdaptiveLogSoftmaxWithLoss

# What `from torch.nn.modules import *` (torch.nn does it) gives: the
# classes, as PyTorch's __all__ lists them, not the submodules
# (torch.nn.modules.utils must not shadow torch.nn.utils).
__all__ = [_n for _n, _v in list(globals().items()) if isinstance(_v, type) and not _n.startswith('_')]
