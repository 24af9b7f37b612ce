# torch.unique/unique_consecutive (sorted, inverse, counts, dim), bincount, searchsorted/bucketize (right, side, sorter, out_int32, batched), isin, argwhere, and the methods; errors
import torch
torch.manual_seed(0)
x = torch.tensor([3, 1, 3, 2, 1, 5])
print(torch.unique(x), torch.unique(x, return_inverse=True, return_counts=True), x.unique(return_counts=True))
m = torch.randint(0, 4, (5, 6))
print(torch.unique(m, return_inverse=True), torch.unique(m.float(), return_counts=True))
print(torch.unique(torch.tensor([[1, 2], [1, 2], [0, 3]]), dim=0, return_inverse=True, return_counts=True))
print(torch.unique(torch.tensor([[1, 2, 1], [3, 4, 3]]), dim=1), torch.unique(torch.tensor([]), return_counts=True))
print(torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 3, 1, 1]), return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.tensor([[1, 1], [1, 1], [2, 3], [1, 1]]), dim=0, return_counts=True), torch.tensor([5, 5, 4]).unique_consecutive())
print(torch.bincount(torch.tensor([0, 1, 1, 3])), torch.bincount(torch.tensor([0, 1, 1, 3]), torch.tensor([.5, 1., 2., 3.])), torch.bincount(torch.tensor([0, 1]), minlength=4))
print(torch.bincount(torch.tensor([], dtype=torch.long)), torch.bincount(torch.tensor([0, 1, 1]), torch.tensor([.5, 1., 2.], dtype=torch.float64)).dtype, torch.bincount(torch.tensor([0, 1]), torch.tensor([1, 2])).dtype, torch.randint(0, 10, (100,)).bincount())
print(torch.searchsorted(torch.tensor([1, 3, 5, 7, 9]), torch.tensor([[3, 6, 9], [3, 6, 9]])), torch.searchsorted(torch.tensor([1, 3, 5, 7, 9]), torch.tensor([3, 6, 9]), right=True), torch.searchsorted(torch.tensor([1., 3, 5]), 3.0), torch.searchsorted(torch.tensor([1, 3, 5, 7, 9]), torch.tensor([3, 6, 9]), side='right', out_int32=True))
print(torch.searchsorted(torch.tensor([[1, 3, 5], [2, 4, 6]]), torch.tensor([[3, 6], [1, 7]])), torch.searchsorted(torch.tensor([5, 1, 3]), torch.tensor([2, 4]), sorter=torch.tensor([1, 2, 0])))
print(torch.bucketize(torch.tensor([[3, 6, 9], [3, 6, 9]]), torch.tensor([1, 3, 5, 7, 9])), torch.bucketize(torch.tensor([3, 6, 9]), torch.tensor([1, 3, 5, 7, 9]), right=True), torch.bucketize(torch.rand(5), torch.tensor([0.25, 0.5, 0.75]), out_int32=True))
print(torch.isin(torch.tensor([[1, 2], [3, 4]]), torch.tensor([2, 3])), torch.isin(torch.tensor([1, 2]), 2), torch.isin(torch.tensor([1, 2]), torch.tensor([2]), invert=True))
print(torch.argwhere(torch.tensor([[1, 0], [0, 3]])), torch.tensor([0., 1.]).argwhere())
for f in [lambda: torch.bincount(torch.tensor([-1])), lambda: torch.bincount(torch.tensor([[1]])), lambda: torch.bincount(torch.tensor([1.5])),
          lambda: torch.searchsorted(torch.tensor([[1, 2]]), torch.tensor([1, 2, 3])), lambda: torch.unique(x, dim=3),
          lambda: torch.searchsorted(torch.tensor([1, 2]), torch.tensor([1]), side="middle")]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
