# Tensor.apply_/map_/map2_: a Python callable over every element (others broadcast), results in self's dtype, PyTorch's errors
import torch
x = torch.arange(6.).reshape(2, 3)
print(x.apply_(lambda v: v * 2 + 1), x.dtype)
y = torch.arange(4)
print(y.apply_(lambda v: v / 2))
z = torch.arange(6.).reshape(2, 3).t()
print(z.apply_(lambda v: -v), z.is_contiguous())
a = torch.ones(3); b = torch.arange(3.)
print(a.map_(b, lambda p, q: p + q * 10), a)
c = torch.ones(2, 3); print(c.map_(torch.arange(3.), lambda p, q: q))
d = torch.zeros(3); print(d.map2_(torch.ones(3), torch.arange(3.), lambda p, q, r: p + q + r))
b2 = torch.tensor([True, False]); print(b2.apply_(lambda v: not v))
print(torch.ones(2).map_(torch.tensor(3.), lambda a, b: a + b))
print(torch.tensor(2.).apply_(lambda v: v * 3), torch.ones(0).apply_(lambda v: 1 / 0))
print(torch.ones(2, dtype=torch.float64).apply_(lambda v: torch.tensor(5.)))
print(torch.ones(2, dtype=torch.int32).apply_(lambda v: 2.7))
seen = []
torch.arange(4.).apply_(lambda v: seen.append(type(v).__name__) or v)
print(seen)
def boom(v):
    raise ValueError("no")
for f in [lambda: c.map_(torch.arange(2.), lambda p, q: q), lambda: torch.ones(2, requires_grad=True).apply_(lambda v: v),
          lambda: torch.ones(2).apply_(lambda v: 'a'), lambda: torch.ones(2).apply_(3), lambda: torch.ones(2).apply_(boom),
          lambda: torch.ones(2).map_(torch.ones(2, requires_grad=True), lambda a, b: a),
          lambda: torch.ones(2).map_(torch.ones(2, dtype=torch.long), lambda a, b: a),
          lambda: torch.ones(2, requires_grad=True).map2_(torch.ones(2), torch.ones(2), lambda a, b, c: a),
          lambda: torch.ones(2).apply_(lambda: 1)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
