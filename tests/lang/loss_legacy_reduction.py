# The legacy size_average/reduce arguments and reduction='elementwise_mean',
# in the loss modules, the functional losses written in C and those
# composed in the prelude: the reduction they name and the deprecation
# warning PyTorch gives, with the file and line it points at. Also
# torch.nn._reduction itself, which custom losses import as _Reduction.
import warnings
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.nn._reduction as _Reduction

x = torch.tensor([1.0, -2.0, 3.0])
y = torch.tensor([0.5, 1.0, -1.0])
t = torch.tensor([1.0, -1.0, 1.0])


def show(label, fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out = fn()
        except ValueError as e:
            out = "ValueError: %s" % e
    print(label, out)
    for w in caught:
        print("   ", w.category.__name__, w.filename.split("/")[-1], w.lineno, w.message)


for sa, rd in [(None, None), (True, None), (False, None), (None, False), (False, True), (True, False)]:
    show("MSELoss(%s, %s)" % (sa, rd), lambda: nn.MSELoss(size_average=sa, reduce=rd).reduction)
    show("mse_loss(%s, %s)" % (sa, rd), lambda: F.mse_loss(x, y, size_average=sa, reduce=rd))
    show("margin_ranking_loss(%s, %s)" % (sa, rd),
         lambda: F.margin_ranking_loss(x, y, t, size_average=sa, reduce=rd))
    show("soft_margin_loss(%s, %s)" % (sa, rd), lambda: F.soft_margin_loss(x, t, size_average=sa, reduce=rd))

show("NLLLoss(reduce=False)", lambda: nn.NLLLoss(reduce=False).reduction)
show("CrossEntropyLoss(size_average=False)", lambda: nn.CrossEntropyLoss(size_average=False).reduction)
show("BCELoss(reduce=True)", lambda: nn.BCELoss(reduce=True).reduction)
show("l1 elementwise_mean", lambda: F.l1_loss(x, y, reduction='elementwise_mean'))
show("hinge elementwise_mean", lambda: F.hinge_embedding_loss(x, t, reduction='elementwise_mean'))
show("L1Loss elementwise_mean", lambda: nn.L1Loss(reduction='elementwise_mean')(x, y))
for bad in ['bad', 'MEAN', '']:
    show("l1 %r" % bad, lambda: F.l1_loss(x, y, reduction=bad))
    show("cosine_embedding %r" % bad,
         lambda: F.cosine_embedding_loss(x[None], y[None], t[:1], reduction=bad))

for name in ['none', 'mean', 'sum', 'elementwise_mean', 'avg']:
    show("get_enum %r" % name, lambda: _Reduction.get_enum(name))
show("legacy_get_string quiet", lambda: _Reduction.legacy_get_string(False, None, emit_warning=False))
show("legacy_get_enum", lambda: _Reduction.legacy_get_enum(None, False))
