# as_strided (views over storage positions, AsStridedBackward0 with overlapping views and inputs, errors), the *_copy view ops (nodes <View>_copy, layouts), and preserve_format's dense strides for non-dense inputs
import torch
x = torch.arange(6.)
for f in [lambda: x.as_strided((3, 3), (1, 1)), lambda: x.as_strided((3,), (-1,)), lambda: x.as_strided((2,), (1,), -1),
          lambda: x.as_strided((2, 2), (1,)), lambda: x.as_strided((3,), (1,), 4), lambda: torch.as_strided(x, (2, 2), (2, 1), 1),
          lambda: x[1:].as_strided((2,), (2,))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
y = torch.randn(4, requires_grad=True, dtype=torch.float64)
z = y.as_strided((3, 2), (1, 1))
print(z.grad_fn.name(), z._base is y)
z.sum().backward()
print(y.grad)
y = torch.randn(4, 3, requires_grad=True, dtype=torch.float64)
z = y.t().as_strided((3, 2), (1, 0), 2)
(z * torch.arange(6.).view(3, 2)).sum().backward()
print(y.grad)
e = torch.randn(3, requires_grad=True, dtype=torch.float64)
w = e.expand(4, 3).as_strided((5,), (1,))
(w * torch.arange(5.)).sum().backward()
print(e.grad)
print(torch.autograd.gradcheck(lambda t: t.as_strided((2, 3), (1, 2), 1), torch.randn(3, 3, dtype=torch.float64, requires_grad=True)))
print(torch.autograd.gradgradcheck(lambda t: t.as_strided((2, 3), (1, 2), 1) ** 2, torch.randn(3, 3, dtype=torch.float64, requires_grad=True)))

x = torch.randn(3, 4, requires_grad=True)
for n, a in [('view_copy', ((12,),)), ('t_copy', ()), ('permute_copy', ((1, 0),)), ('expand_copy', ((2, 3, 4),)),
             ('diagonal_copy', ()), ('select_copy', (0, 1)), ('slice_copy', (1, 0, 3, 2)), ('alias_copy', ()),
             ('unsqueeze_copy', (0,)), ('squeeze_copy', ()), ('transpose_copy', (0, 1)), ('unfold_copy', (0, 2, 1)),
             ('split_copy', (2,)), ('split_with_sizes_copy', ([1, 2],)), ('unbind_copy', ()),
             ('as_strided_copy', ((2, 2), (1, 1)))]:
    r = getattr(torch, n)(x, *a)
    r0 = r[0] if isinstance(r, (tuple, list)) else r
    print(n, type(r).__name__, r0.grad_fn.name(), r0.is_contiguous(), r0._base is None, r0.stride(), r0.tolist() == (r0 * 1).tolist())
    (r0 * 2).sum().backward()
    print(x.grad.sum().item())
    x.grad = None
print(torch.detach_copy(x.detach()), torch.view_as_real_copy(torch.randn(2, 2, dtype=torch.complex64)).shape,
      torch.view_as_complex_copy(torch.randn(3, 2)).dtype)
try:
    torch.slice_copy(x, 0, 0, 2, 0)
except RuntimeError as err:
    print("RuntimeError", err)

x = torch.randn(4, 6)
print(x.t()[:, ::2].clone().stride(), x[:, ::2].clone().stride(), torch.empty_like(x.t()[:, ::2]).stride(),
      torch.randn(2, 3, 4).permute(2, 0, 1)[::2].clone().stride())
print(x.expand(2, 4, 6).clone().stride(), x[:, :1].expand(4, 3).clone().stride(),
      torch.randn(2, 3, 4, 5).permute(0, 2, 3, 1)[:, ::2].clone().stride(), x.unfold(0, 2, 1).clone().stride())
print(torch.ones_like(x.t()[::2]).stride(), (x.t()[:, ::2] * 2).stride(), x.t()[:, ::2].double().stride())
