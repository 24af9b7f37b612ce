# numpy and torch in the everyday ways programs mix them: predictions to arrays, metrics,
# numpy scalars in f-strings and dicts, builtins over arrays, arrays back to tensors.
import numpy as np
import torch
preds = [torch.tensor([[0.1, 0.9], [0.8, 0.2]]), torch.tensor([[0.3, 0.7]])]
allp = np.concatenate([p.numpy() for p in preds])
print(allp, allp.argmax(axis=1), allp.argmax(1).tolist())
labels = np.array([1, 0, 0])
acc = (allp.argmax(1) == labels).mean()
print(acc, type(acc).__name__, f"{acc:.2%}", f"{np.float32(1.5):.3f}", "%.2f" % np.float64(2.345), str(np.int64(7)))
print(np.array([torch.tensor(1.5), torch.tensor(2.5)]), np.stack([torch.ones(2).numpy(), torch.zeros(2).numpy()]))
confusion = np.zeros((2, 2), dtype=int)
for t, p in zip(labels, allp.argmax(1)):
    confusion[t, p] += 1
print(confusion, confusion.trace() / confusion.sum())
x = torch.arange(6).reshape(2, 3).numpy()
print(x.T.copy(), x.sum(0), x.mean(), np.round(x / 7, 3), x.astype(np.float32) / 255)
d = {'loss': np.float64(0.123456), 'acc': np.float32(0.5)}
print(d, list(d.values()), max(np.array([3, 1, 2])), sorted(np.array([3, 1, 2])), sum(np.arange(4)))
print(len(np.zeros((5, 2))), np.zeros((5, 2)).shape[0], int(np.argmax([1, 3, 2])), float(np.mean([1, 2])))
m = np.mean([np.float32(1), np.float32(2)])
print(m, type(m).__name__, np.array([1.5, 2]).tolist(), [round(v, 2) for v in np.array([1.234, 5.678])])
t = torch.from_numpy(np.array([[1, 2], [3, 4]], dtype=np.float32))
print(t, t.dtype, torch.from_numpy(np.arange(3)).dtype, torch.tensor(np.array([True, False])))
print(np.asarray(torch.tensor([1.5, 2.5])).dtype, np.array(torch.tensor([[1, 2]])).shape)
