# torch.tril_indices/triu_indices: row-major coordinates of a triangle, offsets, dtypes, errors
import torch
print(torch.tril_indices(3, 3), torch.triu_indices(3, 4, 1), torch.tril_indices(4, 3, -1, dtype=torch.int32), torch.tril_indices(0, 0), torch.triu_indices(2, 2, 5))
for a in [(-1, 2), (2, -1)]:
    try:
        torch.tril_indices(*a)
    except Exception as e:
        print(type(e).__name__, e)
try:
    torch.tril_indices(2, 2, dtype=torch.float)
except Exception as e:
    print(type(e).__name__, e)
print(torch.tril_indices(3, 3).dtype, torch.triu_indices(3, 3, -5), torch.tril_indices(5, 7, 2).shape, torch.triu_indices(300, 200, -7).sum(1))
m = torch.arange(12.).reshape(3, 4)
i = torch.triu_indices(3, 4)
print(m[i[0], i[1]])
