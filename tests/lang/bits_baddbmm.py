# torch.baddbmm: beta * input + alpha * batch1 @ batch2 to PyTorch's bits on both of its CPU paths (the small loop below 400 multiply-adds per matrix, per-matrix gemm above), gradients of all three operands, the node, and PyTorch's order of checks and messages.
import torch, hashlib
def dig(t): return hashlib.sha256(t.detach().contiguous().numpy().tobytes()).hexdigest()[:12]
torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    for (b, n, k, m) in [(2, 3, 5, 4), (3, 7, 7, 7), (2, 30, 50, 40), (4, 1, 9, 1), (5, 8, 6, 8)]:
        for beta, alpha in [(1, 1), (0.5, 2), (0, -1.5), (1, 0.3)]:
            if beta == 0 and n * k * m < 400:
                continue  # PyTorch 1.13's small loop scales uninitialised memory by 0 there: not deterministic
            A = torch.randn(b, n, k, dtype=dt, requires_grad=True)
            B = torch.randn(b, k, m, dtype=dt, requires_grad=True)
            C = torch.randn(n, m, dtype=dt, requires_grad=True)
            r = torch.baddbmm(C, A, B, beta=beta, alpha=alpha)
            g = torch.randn_like(r)
            r.backward(g)
            print(dt, (b, n, k, m), beta, alpha, r.grad_fn.name(), dig(r), dig(A.grad), dig(B.grad), dig(C.grad))
            Bt = torch.randn(b, m, k, dtype=dt).transpose(1, 2)
            print('  t', dig(C.detach().baddbmm(A.detach(), Bt, beta=beta, alpha=alpha)))
def t(f):
    try: r = f(); print(r.shape if hasattr(r,'shape') else r)
    except Exception as e: print(type(e).__name__, e)
a = torch.randn(2,3,4); b = torch.randn(2,4,5); c = torch.randn(2,3,5)
t(lambda: torch.baddbmm(c, a, torch.randn(2,3,5)))
t(lambda: torch.baddbmm(c, torch.randn(3,4), b))
t(lambda: torch.baddbmm(c, a, torch.randn(4,5)))
t(lambda: torch.baddbmm(c, a, torch.randn(3,4,5)))
t(lambda: torch.baddbmm(torch.randn(4,5), a, b))
t(lambda: torch.baddbmm(torch.randn(5), a, b))
t(lambda: torch.baddbmm(torch.randn(2,1,5), a, b))
t(lambda: torch.baddbmm(torch.randn(3,3,5), a, b))
t(lambda: torch.baddbmm(c.double(), a, b))
t(lambda: torch.baddbmm(c, a.double(), b))
t(lambda: torch.baddbmm(c, a, b.double()))
t(lambda: torch.baddbmm(c.int(), a.int(), b.int()))
t(lambda: torch.baddbmm(c.requires_grad_(), a, b).grad_fn.name())
