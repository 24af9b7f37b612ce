# torch.memory_format: the four formats, is_contiguous/contiguous/clone/to/
# the *_like factories and torch.empty with memory_format=, the layouts
# elementwise results, empty tensors and size-1 dims take, the errors for
# a wrong rank or preserve_format, and nn.Module.to(memory_format=).
import torch
x = torch.randn(2, 3, 4, 5)
print(torch.channels_last, type(torch.channels_last), torch.memory_format, torch.preserve_format, torch.contiguous_format, torch.channels_last_3d)
print(torch.legacy_contiguous_format is torch.contiguous_format, torch.channels_last == torch.channels_last, torch.channels_last != torch.contiguous_format)
print(x.is_contiguous(memory_format=torch.preserve_format), x.is_contiguous(memory_format=torch.channels_last))
def err(f):
    try:
        r = f()
        print('ok', r.stride() if hasattr(r, 'stride') else r)
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: torch.randn(2, 3).contiguous(memory_format=torch.channels_last))
err(lambda: torch.randn(2, 3).to(memory_format=torch.channels_last))
err(lambda: torch.randn(2, 3).clone(memory_format=torch.channels_last))
err(lambda: torch.randn(2, 3, 4, 5).contiguous(memory_format=torch.channels_last_3d))
err(lambda: torch.randn(2, 3, 4, 5, 6).contiguous(memory_format=torch.channels_last_3d))
err(lambda: torch.empty(2, 3, 4, 5, memory_format=torch.preserve_format))
err(lambda: torch.empty(2, 3, 4, 5, memory_format=torch.channels_last))
err(lambda: torch.empty(2, 3, 4, memory_format=torch.channels_last))
err(lambda: x.contiguous(memory_format=torch.preserve_format))
err(lambda: x.contiguous(memory_format='x'))
err(lambda: x.is_contiguous(memory_format=1))
print(torch.randn(2, 3).is_contiguous(memory_format=torch.channels_last))
for shape in [(3, 1, 4, 4), (3, 0, 4, 4), (0, 3, 4, 4), (3, 2, 0, 4), (3, 4, 1, 1), (1, 1, 1, 1), (2, 3, 1, 5)]:
    t = torch.empty(*shape, memory_format=torch.channels_last)
    c = torch.empty(*shape)
    print(shape, t.stride(), t.is_contiguous(), t.is_contiguous(memory_format=torch.channels_last),
          c.is_contiguous(memory_format=torch.channels_last), torch.empty_like(t).stride(), (t + 1).stride() if t.numel() else '')
y = x.to(memory_format=torch.channels_last)
print(y.stride(), (y + 1).stride(), y.contiguous().stride(), y.is_contiguous(), y.is_contiguous(memory_format=torch.channels_last))
print(torch.empty_like(y).stride(), torch.zeros_like(y, memory_format=torch.contiguous_format).stride(), y.clone().stride(),
      y.float().stride(), y.double().stride(), y.to(torch.float64).stride(), x.to(torch.float64, memory_format=torch.channels_last).stride())
print(torch.ones_like(x, memory_format=torch.channels_last).stride(), torch.full_like(x, 2, memory_format=torch.channels_last).stride())
print(x.double(memory_format=torch.channels_last).stride(), x.clone(memory_format=torch.channels_last).stride())
print(y.to(memory_format=torch.channels_last) is y, y.to(memory_format=torch.contiguous_format) is y, y.contiguous(memory_format=torch.channels_last) is y)
z = y[:, :2]
print(z.stride(), torch.empty_like(z).stride(), z.clone().stride(), z.is_contiguous(memory_format=torch.channels_last))
w = x[:, :2]
print(torch.empty_like(w).stride(), w.clone().stride(), w.contiguous().stride())
print(torch.equal(y, x), torch.equal(y.contiguous(), x), y.tolist() == x.tolist())
v = torch.randn(2, 3, 4, 5, 6)
u = v.contiguous(memory_format=torch.channels_last_3d)
print(u.stride(), u.is_contiguous(memory_format=torch.channels_last_3d), torch.equal(u, v), (u * 2).stride())
a = torch.randn(2, 3, 4, 5, requires_grad=True)
b = a.to(memory_format=torch.channels_last)
(b * torch.arange(120.).reshape(2, 3, 4, 5)).sum().backward()
print(a.grad.stride(), a.grad[0, 1, 2], type(b.grad_fn).__name__, type(a.clone(memory_format=torch.channels_last).grad_fn).__name__)
print(torch.randn(2, 3, 4, 5).t if False else '', torch.randn(4, 1, 1, 1).to(memory_format=torch.channels_last).stride())
print(torch.randn(4, 3, 1, 1).to(memory_format=torch.channels_last).stride())
conv = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.BatchNorm2d(4), torch.nn.Linear(5, 5))
conv.to(memory_format=torch.channels_last)
print(conv[0].weight.stride(), conv[0].bias.stride(), conv[1].weight.stride(), conv[2].weight.stride())
print(torch.randn(2, 3, 4, 5).to(memory_format=torch.channels_last).transpose(2, 3).stride())
h = torch.randn(2, 3, 4, 5).to(memory_format=torch.channels_last)
print((h + torch.randn(2, 3, 4, 5)).stride(), (h.permute(0, 2, 3, 1) * 2).stride(), h.sum(1).stride())
