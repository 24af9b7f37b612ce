# Every name dir() lists on torch's modules and on torch.Tensor can be read:
# dir() must not promise what getattr cannot give.
import torch
import torch.nn
import torch.nn.functional
import torch.autograd

for m in [torch, torch.autograd, torch.nn, torch.nn.functional, torch.cuda, torch.linalg, torch.optim]:
    bad = []
    for n in dir(m):
        try:
            getattr(m, n)
        except Exception as e:
            bad.append((n, type(e).__name__))
    print(m.__name__, bad)
bad = []
for n in [n for n in dir(torch.Tensor) if not n.startswith("__")]:
    try:
        getattr(torch.ones(2, 2), n)
    except Exception as e:
        bad.append((n, type(e).__name__))
print("Tensor", bad)
