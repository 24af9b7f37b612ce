# F.ctc_loss / torch.ctc_loss / nn.CTCLoss as PyTorch 1.13's CPU loops
# compute them (alpha and beta in log space, libm's exp and log, the
# gathered gradient; CtcLossBackward0): padded and concatenated targets,
# lengths as tuples and tensors, unbatched input, blank, every reduction,
# zero_infinity, empty targets and inputs, float32 and float64, reprs,
# errors.
import hashlib

import torch
import torch.nn as nn
import torch.nn.functional as F


def dig(t):
    return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]


def attempt(f):
    try:
        r = f()
        print("ok", tuple(r.shape), r)
    except Exception as e:
        print(type(e).__name__, str(e))


torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    for T, N, C, S in ((12, 3, 5, 4), (30, 4, 20, 10), (5, 2, 3, 3)):
        logits = torch.randn(T, N, C, dtype=dt)
        il = torch.randint(max(1, T // 2), T + 1, (N,))
        tl = torch.randint(0, S + 1, (N,))
        padded = torch.randint(1, C, (N, S))
        concat = torch.cat([padded[b, :tl[b]] for b in range(N)])
        for blank in (0, C - 1):
            tgt_p = padded if blank == 0 else padded - 1
            tgt_c = concat if blank == 0 else concat - 1
            for red in ('mean', 'sum', 'none'):
                for zinf in (False, True):
                    for kind, tg, lens in (('padded', tgt_p, (tuple(il.tolist()), tuple(tl.tolist()))),
                                           ('concat', tgt_c, (il, tl))):
                        lp = logits.log_softmax(2).detach().requires_grad_()
                        loss = F.ctc_loss(lp, tg, lens[0], lens[1], blank=blank, reduction=red, zero_infinity=zinf)
                        loss.backward(torch.ones_like(loss) if red == 'none' else None)
                        print(dt, T, N, C, blank, red, zinf, kind, loss.grad_fn.name(), dig(loss), dig(lp.grad))

# impossible alignments (infinite loss), an empty target, unbatched
lp = torch.randn(3, 2, 4).log_softmax(2).requires_grad_()
tg = torch.tensor([[1, 1, 1], [2, 3, 0]])
for zinf in (False, True):
    loss = F.ctc_loss(lp, tg, (3, 2), (3, 0), reduction='none', zero_infinity=zinf)
    loss.sum().backward()
    print(zinf, loss, lp.grad)
    lp.grad = None
x = torch.randn(7, 5).log_softmax(1).requires_grad_()
for red in ('none', 'mean'):
    y = F.ctc_loss(x, torch.tensor([1, 2, 2]), (7,), (3,), reduction=red)
    y.backward()
    print(red, y, y.grad_fn.name(), dig(x.grad))
    x.grad = None
y = torch.ctc_loss(x.unsqueeze(1), torch.tensor([[1, 2]]), torch.tensor([7]), torch.tensor([2]), 0, 2, False)
print(y, y.grad_fn.name())
nll, alpha = torch._ctc_loss(x.unsqueeze(1).detach(), torch.tensor([[1, 2]]), torch.tensor([7]), torch.tensor([2]))
print(nll, alpha.shape)

print(nn.CTCLoss(), nn.CTCLoss(blank=3, reduction='sum', zero_infinity=True).zero_infinity)
m = nn.CTCLoss(reduction='sum')
print(m(torch.randn(6, 2, 4).log_softmax(2), torch.tensor([1, 2, 3]), (6, 5), (2, 1)))

# errors
lp = torch.randn(6, 2, 4).log_softmax(2)
tg = torch.tensor([[1, 2], [3, 3]])
attempt(lambda: F.ctc_loss(lp, tg, (6, 7), (2, 2)))
attempt(lambda: F.ctc_loss(lp, tg, (6, 5), (2, 3)))
attempt(lambda: F.ctc_loss(lp, tg, (6, 5, 1), (2, 2)))
attempt(lambda: F.ctc_loss(lp, tg, (6, 5), (2,)))
attempt(lambda: F.ctc_loss(lp, tg, (6, 5), (2, 2), blank=4))
attempt(lambda: F.ctc_loss(lp, tg.float(), (6, 5), (2, 2)))
attempt(lambda: F.ctc_loss(lp, torch.tensor([1, 2, 3]), (6, 5), (2, 2)))
attempt(lambda: F.ctc_loss(lp, tg, torch.tensor([6., 5.]), torch.tensor([2, 2])))
attempt(lambda: F.ctc_loss(lp, tg, (6, 5), (2, 2), reduction='bad'))
attempt(lambda: F.ctc_loss(torch.randn(2, 3, 4, 5), tg, (6, 5), (2, 2)))
