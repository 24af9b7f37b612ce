# Elementwise ops, linear algebra, conversions and values as methods and
# torch functions with PyTorch's keywords
import torch


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


x = torch.tensor([[1., -2., 3.], [-4., 5., -6.]], requires_grad=True)
print(x.abs(), torch.abs(x), x.neg(), x.sign(), x.relu(), torch.relu(x))
print(x.exp(), x.abs().log(), x.abs().sqrt(), x.abs().rsqrt(), x.abs().log1p())
print(x.sin(), x.cos(), x.tanh(), torch.sigmoid(x), x.erf())
print(x.clamp(min=0), x.clamp(-1, 1), x.clamp(max=2), torch.clamp(x, min=-2, max=2), x.clip(0, 1))
print(x.clamp(min=torch.zeros(3)), torch.maximum(x, torch.zeros(3)), x.minimum(torch.zeros(2, 3)))
print(x.add(1), x.add(1, alpha=2), torch.add(x, x), x.sub(1), x.subtract(torch.ones(3), alpha=2))
print(x.mul(2), torch.mul(x, x), x.div(2), x.div(4, rounding_mode='trunc'), x.div(4, rounding_mode='floor'))
print(x.true_divide(2), x.floor_divide(2), x.remainder(2), torch.remainder(x, -2), x.pow(2), torch.pow(2, x))
print(x // 2, 2 // x, 2 % x, torch.remainder(2, x))
print(x.eq(1), x.ne(1), x.lt(0), x.le(1), x.gt(0), x.ge(3), torch.eq(x, x))
print(x.equal(x), torch.equal(x, x + 1), torch.equal(x, x[0]))
print(x.masked_fill(x < 0, 0), torch.where(x > 0, x, torch.zeros(1)), torch.where(x > 0, 1.0, 0.0))
print(torch.where(x > 0), (x > 0).nonzero(), torch.nonzero(x > 0, as_tuple=True))
print(x.where(x > 0, torch.tensor(-1.0)))
s = torch.tensor([[1., 2., 0.5], [-1., 0., 1.]])
print(s.softmax(1), torch.softmax(s, 0), s.log_softmax(dim=1), torch.log_softmax(s, 1))
b = torch.tensor([True, False, True])
print(b.logical_not(), torch.logical_and(b, ~b), b.logical_or(~b), b.logical_xor(b), b & True)
print(torch.tensor([6, 3]).bitwise_and(torch.tensor([3, 3])), torch.tensor([5]).bitwise_not())

m = torch.tensor([[1., 2.], [3., 4.]])
v = torch.tensor([1., -1.])
print(m.mm(m), torch.mm(m, m), m.matmul(v), torch.matmul(v, m), m @ v, v @ v, v.dot(v))
print(m.mv(v), torch.outer(v, v), torch.addmm(v, m, m), torch.addmm(v, m, m, beta=0.5, alpha=2))
print(torch.bmm(m[None], m[None]).shape, torch.ones(2, 3, 4).matmul(torch.ones(4)).shape)
print(torch.allclose(m, m + 1e-9), torch.allclose(m, m + 1), torch.isclose(v, torch.tensor([1., -1.1])))
show(lambda: torch.mm(m, 2))
show(lambda: torch.maximum(m, 2))
show(lambda: m.add('a'))
show(lambda: torch.dot(m, m))
show(lambda: torch.clamp(m))
show(lambda: torch.where(torch.tensor([1, 0]), m, 0))

print(m.to(torch.float64), m.to('cpu').dtype, m.to(torch.ones(1, dtype=torch.int32)), m.to('cpu', torch.long))
print(m.to(dtype=torch.float64).dtype, m.long(), m.int(), m.bool(), m.double().float().dtype, m.float() is m)
print(m.type(torch.int64), m.type_as(torch.ones(1, dtype=torch.int32)).dtype, m.cpu() is m)
print(m.tolist(), m[0, 0].item(), torch.tensor(5).item(), torch.tensor([True]).item(), m.sum().tolist())
print(float(m[1, 1]), int(m[0, 1]), [10, 20, 30][torch.tensor(1)], f"{m[0, 1]:.3f}", f"{m.sum()}")
show(lambda: m.item())
show(lambda: float(m))
show(lambda: [0, 1][torch.tensor(1.0)])
print(m.numel(), m.nelement(), m.dim(), m.ndimension(), len(m), m.get_device())
print(m.fill_(2), m.zero_(), m.normal_(0, 0).abs(), m.uniform_(3, 3), m.copy_(torch.tensor([1., 2.])))
print(m.clamp_(min=1.5), m.mul_(2), m.add_(1, alpha=2), m.sub_(m), m.exp_(), m.neg_(), m.abs_(), m.sqrt_())
print(m.masked_fill_(torch.tensor([True, False]), 5), m.pow_(2), m.div_(5), m.relu_())
n = torch.zeros(3)
n.index_fill_(0, torch.tensor([0, 2]), 1.0)
print(n, n.index_select(0, torch.tensor([2, 1])), n.gather(0, torch.tensor([1, 2])))
print(n.scatter(0, torch.tensor([1]), 7.0), torch.zeros(3).scatter_add(0, torch.tensor([0, 0]), torch.ones(2)))
print(torch.zeros(3).index_add(0, torch.tensor([1, 1]), torch.ones(2)), n.index_put((torch.tensor([1]),), torch.tensor(4.0)))
