# float16 add/sub with an alpha, bit for bit as PyTorch 1.13's CPU kernel
# (c10::Half arithmetic: alpha rounded to float16, alpha * other rounded,
# then the sum rounded): functional, method and in-place forms, a number as
# other, broadcasting and a strided operand. (bfloat16's vector loop fuses
# the two steps except in its tail: docs/numerics.md.)
import torch

torch.manual_seed(0)
for alpha in [0.1, -0.37, 3, 1e-3, 2.5, 1]:
    for n in [1, 7, 33, 1000]:
        a = torch.randn(n).half()
        b = torch.randn(n).half()
        r = [torch.add(a, b, alpha=alpha), torch.sub(a, b, alpha=alpha), a.add(b, alpha=alpha)]
        c = a.clone()
        c.add_(b, alpha=alpha)
        r.append(c)
        c = a.clone()
        c.sub_(b, alpha=alpha)
        r.append(c)
        r.append(torch.add(a, 2.0, alpha=alpha))
        r.append(torch.add(a.float(), b, alpha=alpha))
        print(alpha, n, [hash(tuple(t.float().tolist())) & 0xffffffff for t in r], r[0].dtype, r[-1].dtype)
m = torch.randn(6, 8).half()
v = torch.randn(8).half()
print(torch.add(m, v, alpha=0.3).float().sum().item(), torch.sub(m.t()[:6], m[:, :6], alpha=-1.7).float().sum().item())
