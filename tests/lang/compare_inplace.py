# In-place comparisons (x.ge_(y) ...: the result in x's dtype; zero gradient to x's history) and the greater_equal/less_equal/not_equal aliases.
import torch
torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
y = x * 1
y.ge_(0)
print(y.detach(), y.requires_grad, y.is_leaf)
y.sum().backward()
print(x.grad)
z = torch.tensor([1, 2, 3]); print(z.lt_(2), z.dtype)
b = torch.tensor([True, False]); print(b.lt_(0.5))
i = torch.tensor([1, 2]); print(i.lt_(torch.tensor([1.5, 1.5])))
print(torch.greater_equal(torch.ones(2), 1), torch.ones(2).not_equal(0), torch.ones(2).less_equal_(0), torch.less_equal(torch.ones(2), torch.zeros(2)))
for m in ["eq_", "ne_", "lt_", "le_", "gt_", "ge_", "greater_", "greater_equal_", "less_", "less_equal_", "not_equal_"]:
    t = torch.tensor([1., 2., 3.])
    print(m, getattr(t, m)(2.0), getattr(torch.tensor([1, 2, 3]), m)(torch.tensor([2, 2, 2])))
try: torch.ones(3).eq_(torch.ones(2, 3))
except RuntimeError as e: print(e)
try: torch.ones(3, requires_grad=True).eq_(1)
except RuntimeError as e: print(e)
