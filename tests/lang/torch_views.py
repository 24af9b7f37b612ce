# Shapes and views: view/reshape/permute/transpose/squeeze/unsqueeze/
# expand/flatten/narrow/select, and joining and splitting
import torch


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


x = torch.arange(6.0).requires_grad_()
m = x.view(2, 3)
print(m, x.view((3, 2)).shape, x.view(-1, 2).shape, m.view_as(torch.ones(3, 2)).shape)
print(x.reshape(2, 3).grad_fn.name(), m.t().reshape(6), torch.reshape(x, (3, 2)).shape)
print(m.permute(1, 0), torch.permute(m, (1, 0)).shape, m.transpose(0, 1).is_contiguous())
print(m.T.contiguous().is_contiguous(), m.t().stride(), torch.transpose(m, 0, 1).shape)
u = m.unsqueeze(0)
print(u.shape, u.squeeze().shape, u.squeeze(0).shape, m.unsqueeze(-1).shape, torch.unsqueeze(m, 1).shape)
print(m[None].expand(4, 2, 3).shape, m[:, :1].expand(2, 5).shape, m[:1].expand_as(m).shape)
print(m.flatten(), torch.ones(2, 3, 4).flatten(1).shape, torch.flatten(torch.ones(2, 3, 4), 0, 1).shape)
print(m.narrow(1, 1, 2), m.select(1, 0), torch.select(m, 0, 1))
print(m.split(1), m.split([1, 2], dim=1))
print(m.chunk(3, 1), torch.chunk(x, 2))
print(m.unbind(), torch.unbind(m, 1))
print(torch.cat([m, m]), torch.cat((m, m), dim=1).shape, torch.cat([x, x]).grad_fn.name())
print(torch.stack([x, x]).shape, torch.stack((x, x), 1).shape, torch.stack([m, m], dim=-1).shape)
print(torch.cat([torch.ones(1), torch.zeros(2, dtype=torch.int64)]))
print(m.clone(), m.detach(), m.contiguous() is m)
show(lambda: m.view(4))
show(lambda: m.t().view(6))
show(lambda: m.permute(0))
show(lambda: m.expand(3, 3))
show(lambda: m.unsqueeze(1.5))
show(lambda: m.view(1, 2.0))
show(lambda: torch.cat([m, 1]))
show(lambda: torch.cat(m))
show(lambda: torch.stack([]))
show(lambda: torch.cat([m, torch.ones(3, 2)]))
s = (m.t() * torch.arange(6.0).view(3, 2)).sum()
s.backward()
print(x.grad)
r = torch.tensor([[1., 2.]], requires_grad=True)
t = r.repeat(2, 3)
print(t, r.repeat(2, 1, 1).shape, torch.arange(3).repeat(2), torch.square(r), r.square().grad_fn.name())
show(lambda: r.repeat(2))
t.sum().backward()
print(r.grad)
