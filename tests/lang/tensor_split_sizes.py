# split_with_sizes/unsafe_split_with_sizes (their nodes), sum_to_size (PyTorch's sum-then-view, self when nothing sums), cfloat/cdouble
import torch
x = torch.arange(10.).requires_grad_()
for r in [torch.split_with_sizes(x, [3, 7]), x.split_with_sizes([2, 8]), torch.unsafe_split_with_sizes(x, [3, 7]),
          x.unsafe_split_with_sizes((5, 5), dim=0), torch.arange(12.).reshape(3, 4).split_with_sizes([1, 3], 1)]:
    print(type(r).__name__, [(tuple(t.shape), type(t.grad_fn).__name__ if t.grad_fn else None) for t in r])
for f in [lambda: x.split_with_sizes([3, 6]), lambda: torch.ones(2, 3).sum_to_size(3, 3), lambda: torch.ones(3).sum_to_size(2, 3)]:
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError", e)
print(torch.ones(2, 3, 4).sum_to_size(3, 1).shape, type(torch.ones(2, 3, 4, requires_grad=True).sum_to_size(3, 1).grad_fn).__name__,
      torch.ones(2, 3).sum_to_size([1, 3]), type(torch.ones(2, 3, requires_grad=True).sum_to_size(1, 3).grad_fn).__name__)
y = torch.ones(2, 3)
print(y.sum_to_size(2, 3) is y, y.sum_to_size(torch.Size([2, 1])))
print(type(torch.ones(2, requires_grad=True).cdouble().grad_fn).__name__, torch.ones(2).cfloat(), torch.tensor([1.5]).cdouble())
