# torch.einsum: PyTorch's composite (nodes, bits, the left-to-right contraction), the sublist form, ellipses, diagonals, errors
import torch
torch.manual_seed(0)
def walk(fn, d=0, out=None):
    if fn is None: return
    print(' ' * d + type(fn).__name__)
    for f, _ in fn.next_functions: walk(f, d + 1)
def digest(t):
    return t.shape, t.double().sum().item(), t.flatten()[:4].tolist()
a = torch.randn(2, 3, 4, requires_grad=True); b = torch.randn(2, 4, 5, requires_grad=True)
r = torch.einsum('bij,bjk->bik', a, b); print(digest(r)); walk(r.grad_fn)
print(torch.equal(r, torch.bmm(a, b)))
r.sum().backward(); print(a.grad.sum().item(), b.grad.sum().item())
m = torch.randn(3, 3)
for eq, ops in [('ij,jk', (a[0], b[0])), ('ii->i', (m,)), ('ii', (m,)), ('ij->', (a[0],)), ('i,j->ij', (a[0, 0], b[0, 0])),
                ('ij->ji', (m,)), ('...ij,...jk->...ik', (a, b)), ('bij,bkj->bik', (a, a)), ('ijk,ikl,ilm->ijm', (a, b, torch.randn(2, 5, 3))),
                ('i,i->', (a[0,0], a[0,1])), ('bn,anm,bm->ba', (torch.randn(2, 4), torch.randn(3, 4, 5), torch.randn(2, 5))),
                ('iij->j', (torch.randn(3, 3, 2),)), ('ij,ij->ij', (m, m)), ('...', (m,)), ('i...->...', (a,)), ('ba,ab', (m, m))]:
    r = torch.einsum(eq, *ops)
    print(eq, digest(r), type(r.grad_fn).__name__ if r.grad_fn else None)
print(digest(torch.einsum(a, [0, 1, 2], b, [0, 2, 3], [0, 1, 3])))
print(digest(torch.einsum('ij,jk', [a[0], b[0]])))
x = torch.randn(64, 128, 128); y = torch.randn(64, 128, 128)
print(torch.equal(torch.einsum('bij,bjk->bik', x, y), torch.bmm(x, y)), torch.einsum('bij,bjk->bik', x, y).sum().item())
print(torch.einsum('ij,jk->ik', x[0].double(), y[0].double()).sum().item())
for eq, ops in [('ij,jk', (m,)), ('ij', (m, m)), ('i.j', (m,)), ('ij->k', (m,)), ('ij->ii', (m,)), ('i1', (m,)), ('ijk', (m,)), ('ii', (torch.randn(2, 3),)), ('i,i', (torch.randn(2), torch.randn(3)))]:
    try:
        torch.einsum(eq, *ops)
    except RuntimeError as e:
        print("RuntimeError", e)
try:
    torch.einsum('i')
except ValueError as e:
    print("ValueError", e)
