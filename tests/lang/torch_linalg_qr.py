# torch.linalg.qr (reduced, complete, r), torch.qr / Tensor.qr (deprecated,
# warning once), torch.linalg.solve_triangular and their derivatives
# (LinalgQrBackward0, LinalgSolveTriangularBackward0), bit for bit against
# PyTorch 1.13 (the same OpenBLAS LAPACK and trsm), with output strides,
# errors, float32 and float64; nn.init.orthogonal_ (and the deprecated
# orthogonal) on seeded tensors.
import torch, warnings
import torch.nn as nn
torch.manual_seed(0)
def d(t):  # values hashed as floats: deterministic
    return t.detach().flatten().tolist()
for dt in (torch.float32, torch.float64):
    for shape in [(3, 2), (2, 3), (4, 4), (2, 5, 3), (6, 6), (40, 30), (30, 40)]:
        A = torch.randn(*shape, dtype=dt, requires_grad=True)
        for mode in ('reduced', 'complete', 'r'):
            Q, R = torch.linalg.qr(A, mode=mode)
            print(dt, shape, mode, tuple(Q.shape), Q.stride(), tuple(R.shape), R.stride(), Q.grad_fn.name(), hash(tuple(d(Q))), hash(tuple(d(R))))
        Q, R = torch.linalg.qr(A)
        (Q.sin().sum() + (R * R).sum()).backward()
        print("grad", hash(tuple(d(A.grad))), d(A.grad)[:2])
        A.grad = None
        Q, R = torch.linalg.qr(A)
        R.pow(3).sum().backward()
        print("gradR", hash(tuple(d(A.grad))))
print(torch.linalg.qr(torch.randn(3, 2), mode='r'))
print(torch.linalg.qr(torch.randn(3, 2)))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    r = torch.qr(torch.randn(3, 2))
    r2 = torch.randn(2, 3).qr(some=False)
print(type(r).__name__, r.Q.shape, r2.R.shape, [str(x.message)[:40] for x in w])
def t(f):
    try: r=f(); print(type(r).__name__)
    except Exception as e: print(type(e).__name__, e)
t(lambda: torch.linalg.qr(torch.randn(3)))
t(lambda: torch.linalg.qr(torch.ones(3,3,dtype=torch.long)))
t(lambda: torch.linalg.qr(torch.ones(3,3,dtype=torch.half)))
t(lambda: torch.linalg.qr(torch.ones(3,3), mode='foo'))
t(lambda: torch.linalg.qr(torch.ones(0,3)).R.shape)
t(lambda: torch.linalg.qr(torch.ones(3,0), mode='complete').Q)
A=torch.randn(3,2,requires_grad=True)
t(lambda: torch.linalg.qr(A, mode='r').R.sum().backward())
t(lambda: torch.linalg.qr(A, mode='complete').Q.sum().backward())
t(lambda: torch.linalg.solve_triangular(torch.randn(3,3), torch.randn(2,3), upper=True))
t(lambda: torch.linalg.solve_triangular(torch.randn(3,2), torch.randn(3,3), upper=True))
t(lambda: torch.linalg.solve_triangular(torch.randn(3), torch.randn(3,3), upper=True))
t(lambda: torch.linalg.solve_triangular(torch.randn(3,3), torch.randn(3,2), upper=True, left=False))
for dt in (torch.float32, torch.float64):
    A = torch.randn(4, 4, dtype=dt) * torch.tensor([[float(j >= i) for j in range(4)] for i in range(4)], dtype=dt) + 3 * torch.eye(4, dtype=dt)
    A.requires_grad_()
    B = torch.randn(4, 3, dtype=dt, requires_grad=True)
    for left in (True, False):
        for At in (A, A.t()):
            Bx = B if left else B.t()
            X = torch.linalg.solve_triangular(At, Bx, upper=At is A, left=left)
            X.sin().sum().backward()
            print("st", left, X.stride(), X.grad_fn.name(), hash(tuple(d(X))), hash(tuple(d(A.grad))), hash(tuple(d(B.grad))))
            A.grad = B.grad = None
import torch.nn as nn
def digest(t):
    flat = t.detach().flatten().tolist()
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"
for dt in (torch.float32, torch.float64):
    for shape in [(3, 5), (5, 3), (4, 4), (2, 3, 4), (6, 2, 2), (64, 32), (1, 7)]:
        torch.manual_seed(3)
        w = torch.empty(*shape, dtype=dt)
        r = nn.init.orthogonal_(w, gain=1.5)
        print(dt, shape, r is w, digest(w))
torch.manual_seed(0)
rnn = nn.Linear(10, 20)
nn.init.orthogonal_(rnn.weight)
print(digest(rnn.weight), rnn.weight.requires_grad, rnn.weight.grad_fn)
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    nn.init.orthogonal(torch.empty(3, 3))
print([(x.category.__name__, str(x.message)) for x in ws], nn.init.orthogonal.__name__)
try:
    nn.init.orthogonal_(torch.empty(3))
except ValueError as e:
    print(e)
print(nn.init.orthogonal_(torch.empty(0, 3)).shape)
for threads in (1, 2):
    torch.set_num_threads(threads)
    torch.manual_seed(7)
    A = torch.randn(3, 50, 40, requires_grad=True)
    Q, R = torch.linalg.qr(A)
    (Q.sum() + R.sum()).backward()
    print(threads, digest(Q), digest(R), digest(A.grad))
# the cut-off triangle of a gradient is +0, as PyTorch's triu/tril write it
torch.set_num_threads(1)
torch.manual_seed(11)
A = (torch.randn(3, 3) * torch.tensor([[1., 1., 1.], [0., 1., 1.], [0., 0., 1.]]) + 3 * torch.eye(3)).requires_grad_()
B = torch.randn(3, 2, requires_grad=True)
torch.linalg.solve_triangular(A, B, upper=True).sum().backward()
print(A.grad, [str(v) for v in A.grad.flatten().tolist()])
A = torch.randn(4, 3, requires_grad=True)
torch.linalg.qr(A).Q.pow(2).sum().backward()
print(A.grad)
