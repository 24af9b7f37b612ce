# More losses and their gradients bit for bit as PyTorch 1.13's CPU kernels
# give them (AVX2 capability, as torch.__config__.show() reports on x86):
# huber_loss (delta), smooth_l1_loss (beta), binary_cross_entropy (weight),
# binary_cross_entropy_with_logits (weight, pos_weight), cross_entropy with
# weights and label_smoothing, kl_div (log_target, 'batchmean'), and their
# nn modules, every reduction,
# float32 and float64, at 1 and 2 threads.
import torch
import torch.nn as nn
import torch.nn.functional as F


def digest(t):
    # NaN hashes by identity, so it is digested as a marker value
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


def run(tag, fn, a, *rest):
    a = a.clone().requires_grad_()
    loss = fn(a, *rest)
    (loss.sum() if loss.dim() else loss).backward()
    print(tag, loss.grad_fn.name(), digest(loss), digest(a.grad))


SHAPES = [(7,), (5, 3), (300, 37), (3, 4, 5, 6), (33001,)]
for threads in [1, 2]:
    torch.set_num_threads(threads)
    torch.manual_seed(threads)
    for dt in [torch.float32, torch.float64]:
        for shape in SHAPES:
            a = torch.randn(*shape, dtype=dt) * 2
            b = torch.randn(*shape, dtype=dt)
            p = torch.rand(*shape, dtype=dt) * 0.98 + 0.01
            t = torch.rand(*shape, dtype=dt)
            w = torch.rand(shape[-1], dtype=dt)
            for red in ["mean", "sum", "none"]:
                tag = (threads, dt, shape, red)
                for d in [1.0, 2.5]:
                    run(tag + ("huber", d), lambda x, y: F.huber_loss(x, y, reduction=red, delta=d), a, b)
                    run(tag + ("smooth_l1", d), lambda x, y: F.smooth_l1_loss(x, y, reduction=red, beta=d), a, b)
                run(tag + ("bce",), lambda x, y: F.binary_cross_entropy(x, y, reduction=red), p, t)
                run(tag + ("bce_w",), lambda x, y: F.binary_cross_entropy(x, y, weight=w, reduction=red), p, t)
                run(tag + ("bcel",), lambda x, y: F.binary_cross_entropy_with_logits(x, y, reduction=red), a, t)
                run(tag + ("bcel_w",), lambda x, y: F.binary_cross_entropy_with_logits(x, y, weight=w, reduction=red), a, t)
                run(tag + ("bcel_pw",), lambda x, y: F.binary_cross_entropy_with_logits(x, y, pos_weight=w * 3, reduction=red), a, t)
                run(tag + ("bcel_w_pw",), lambda x, y: F.binary_cross_entropy_with_logits(x, y, weight=w, pos_weight=w * 3, reduction=red), a, t)
                lp = torch.log_softmax(a, -1)
                for lt in [False, True]:
                    tk = p.log() if lt else p
                    run(tag + ("kl", lt), lambda x, y: F.kl_div(x, y, reduction=red, log_target=lt), lp, tk)
                run(tag + ("kl_bm",), lambda x, y: F.kl_div(x, y, reduction="batchmean"), lp, p)
                run(tag + ("mse",), lambda x, y: F.mse_loss(x, y, reduction=red), a, b)
                run(tag + ("l1",), lambda x, y: F.l1_loss(x, y, reduction=red), a, b)
        for N, C in [(1, 3), (7, 5), (300, 10), (9000, 4)]:
            x = torch.randn(N, C, dtype=dt)
            y = torch.randint(0, C, (N,))
            w = torch.rand(C, dtype=dt)
            for red in ["mean", "sum", "none"]:
                for ls in [0.0, 0.1]:
                    tag = (threads, dt, N, C, red, ls)
                    run(tag + ("ce",), lambda v, yy: F.cross_entropy(v, yy, reduction=red, label_smoothing=ls), x, y)
                    run(tag + ("ce_w",), lambda v, yy: F.cross_entropy(v, yy, weight=w, reduction=red, label_smoothing=ls), x, y)
torch.set_num_threads(1)
a = torch.randn(4, 5)
t = torch.rand(4, 5)
for m in [nn.HuberLoss(delta=0.7), nn.SmoothL1Loss(beta=0.3), nn.BCEWithLogitsLoss(pos_weight=torch.rand(5)),
          nn.BCEWithLogitsLoss(weight=torch.rand(5), reduction="sum"), nn.BCELoss(weight=torch.rand(5)),
          nn.KLDivLoss(reduction="batchmean"), nn.KLDivLoss(reduction="sum", log_target=True)]:
    x = torch.sigmoid(a) if isinstance(m, nn.BCELoss) else a
    run(type(m).__name__, m, x, t)
