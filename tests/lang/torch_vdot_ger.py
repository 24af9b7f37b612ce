# torch.vdot (VdotBackward0, dot's BLAS sum), torch.ger (outer): values, grads, errors
import torch
torch.manual_seed(0)
a=torch.randn(300,requires_grad=True); b=torch.randn(300)
r = torch.vdot(a,b); print(r.grad_fn.name(), r.item() == torch.dot(a,b).item(), a.vdot(b).item(), r.item())
r.backward(); print(a.grad[:4])
for f in [lambda: torch.vdot(a, b.double()), lambda: torch.vdot(a.view(1,300), b), lambda: torch.vdot(a, torch.randn(4)), lambda: torch.vdot(torch.ones(2,dtype=torch.int64), torch.ones(2,dtype=torch.int64)), lambda: torch.ger(a[:3],b[:2]).grad_fn.name(), lambda: a[:2].ger(b[:3])]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
