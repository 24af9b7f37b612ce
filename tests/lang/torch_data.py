# torch.utils.data: datasets, samplers, DataLoader and collation, with the same shuffles as PyTorch for the same seed.
import torch
import torch.utils.data
from torch.utils.data import (Dataset, IterableDataset, TensorDataset, DataLoader, random_split, Subset,
                              ConcatDataset, SequentialSampler, RandomSampler, BatchSampler,
                              SubsetRandomSampler, WeightedRandomSampler, default_collate)

torch.manual_seed(0)
X = torch.arange(20.).view(10, 2)
y = torch.arange(10)
ds = TensorDataset(X, y)
print(len(ds), ds[3])
for xb, yb in DataLoader(ds, batch_size=4):
    print(xb.tolist(), yb.tolist())
dl = DataLoader(ds, batch_size=3, shuffle=True)
print(len(dl))
for epoch in range(2):
    print([yb.tolist() for _, yb in dl])
print([yb.tolist() for _, yb in DataLoader(ds, batch_size=3, shuffle=True, drop_last=True)])
print(torch.rand(2))   # the generator is where PyTorch's is
g = torch.Generator().manual_seed(7)
print([yb.tolist() for _, yb in DataLoader(ds, batch_size=5, shuffle=True, generator=g)])

train, val = random_split(ds, [7, 3])
print(len(train), len(val), train.indices, val.indices)
a, b, c = random_split(range(10), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(1))
print(list(a), list(b), list(c))
try:
    random_split(ds, [5, 6])
except ValueError as e:
    print("ValueError:", e)
try:
    TensorDataset(torch.ones(3), torch.ones(4))
except AssertionError as e:
    print("AssertionError:", e)

class Squares(Dataset):
    def __init__(self, n): self.n = n
    def __len__(self): return self.n
    def __getitem__(self, i): return {'x': float(i), 'y': i * i, 'name': f"s{i}", 'pair': (i, [i, -i])}

batch = next(iter(DataLoader(Squares(5), batch_size=3)))
print(batch)
print(batch['x'].dtype, batch['y'].dtype)
print(list(DataLoader(Squares(3), batch_size=None))[1])
print([b.tolist() for b in DataLoader([1.5, 2.5, 3.5], batch_size=2)])
print(list(DataLoader(range(5), batch_size=2, collate_fn=lambda b: sum(b))))

class Stream(IterableDataset):
    def __init__(self, n): self.n = n
    def __iter__(self): return iter(range(self.n))
    def __len__(self): return self.n
s = DataLoader(Stream(7), batch_size=3)
print(len(s), [b.tolist() for b in s])
print([b.tolist() for b in DataLoader(Stream(7), batch_size=3, drop_last=True)])
try:
    DataLoader(Stream(3), shuffle=True)
except ValueError as e:
    print("ValueError:", e)

cat = ConcatDataset([range(3), range(10, 12)])
print(len(cat), [cat[i] for i in range(len(cat))], cat[-1])
print(list(ds + ds)[-1][1])
print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=False)))
print(list(BatchSampler(range(10), 3, True)), len(BatchSampler(range(10), 3, True)))
print(list(RandomSampler(range(6), generator=torch.Generator().manual_seed(3))))
print(list(RandomSampler(range(6), replacement=True, num_samples=40, generator=torch.Generator().manual_seed(3)))[-8:])
print(list(SubsetRandomSampler([10, 20, 30, 40], generator=torch.Generator().manual_seed(2))))
print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 5, generator=torch.Generator().manual_seed(4))))
print(list(DataLoader(ds, sampler=SubsetRandomSampler([0, 1, 2], generator=torch.Generator().manual_seed(2))))[0])
print([b for b in DataLoader(ds, batch_sampler=[[0, 1], [9]])][1])
print(default_collate([(torch.ones(2), 1), (torch.zeros(2), 2)]))
for bad in [dict(sampler=SequentialSampler(ds), shuffle=True), dict(batch_sampler=[[0]], batch_size=2),
            dict(batch_size=None, drop_last=True), dict(num_workers=-1)]:
    try:
        DataLoader(ds, **bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    default_collate([object()])
except TypeError as e:
    print("TypeError:", str(e).split(" found")[0])
try:
    default_collate([[1, 2], [3]])
except RuntimeError as e:
    print("RuntimeError:", e)
loader = DataLoader(ds, batch_size=4, num_workers=2)
print(len(loader), next(iter(loader))[1])
print(torch.utils.data.get_worker_info())
print(torch.rand(1))
print(torch.randint(high=10, size=(3,)), torch.randint(low=3, high=10, size=(2,)))
