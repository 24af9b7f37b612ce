# Losses and their gradients bit for bit as PyTorch 1.13's CPU kernels give
# them (AVX2 capability, as torch.__config__.show() reports on x86): mse_loss
# (its backward scales by 2/numel in the dtype), l1_loss, nll_loss (its
# eight-level cascade sum, weights, ignore_index, nll_loss2d), each with every
# reduction, and sums of products. Inputs to nll_loss are made with a plain
# subtraction so that they do not depend on log_softmax's exp and log.
import torch
import torch.nn.functional as F


def digest(t):
    # NaN hashes by identity, so it is digested as a marker value
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


torch.manual_seed(0)
for shape in [(7,), (5, 3), (300, 5), (1000, 37), (3, 4, 5, 6)]:
    for red in ["mean", "sum", "none"]:
        a = (torch.randn(*shape) * 2).requires_grad_()
        b = torch.randn(*shape)
        for name, fn in [("mse", F.mse_loss), ("l1", F.l1_loss)]:
            a.grad = None
            loss = fn(a, b, reduction=red)
            (loss.sum() if red == "none" else loss).backward()
            print(shape, red, name, digest(loss), digest(a.grad))

for N, C in [(1, 3), (7, 5), (300, 3), (1000, 10), (70001, 4)]:
    x = torch.randn(N, C) - 3.0
    t = torch.randint(0, C, (N,))
    w = torch.rand(C)
    t2 = t.clone()
    t2[::7] = -100
    for red in ["mean", "sum", "none"]:
        for kw in [dict(target=t), dict(target=t2, weight=w), dict(target=t2, ignore_index=-100)]:
            xg = x.clone().requires_grad_()
            loss = F.nll_loss(xg, reduction=red, **kw)
            (loss.sum() if red == "none" else loss).backward()
            print(N, C, red, sorted(kw), digest(loss), digest(xg.grad))
x4 = (torch.randn(3, 4, 5, 6) - 2).requires_grad_()
t4 = torch.randint(0, 4, (3, 5, 6))
loss = F.nll_loss(x4, t4)
loss.backward()
print("nll2d", digest(loss), digest(x4.grad))
