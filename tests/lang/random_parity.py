# random_parity.py [DEVICE]: seeded random draws on DEVICE (default cpu),
# printed exactly. Run by PyTorch and by `cgrad run`, the two outputs must
# be the same text: cgrad draws what PyTorch draws. As a language test it
# checks the CPU generator; scripts/gpu-check.sh runs it with "cuda" under
# both on a machine with a GPU and diffs the two (docs/cuda.md).
import sys

import torch
import torch.nn.functional as F

dev = sys.argv[1] if len(sys.argv) > 1 else "cpu"


def show(name, t):
    print(name, t.dtype, list(t.shape), t.tolist())


for seed in [0, 1234]:
    torch.manual_seed(seed)
    show("rand", torch.rand(7, device=dev))
    show("rand f64", torch.rand(5, dtype=torch.float64, device=dev))
    show("randn", torch.randn(7, device=dev))
    show("randn odd", torch.randn(3, 3, device=dev))
    show("randn f64", torch.randn(5, dtype=torch.float64, device=dev))
    show("randint", torch.randint(0, 100, (9,), device=dev))
    show("randint wide", torch.randint(-2**40, 2**40, (4,), device=dev))
    # random_() with no bounds: the dtype's whole range
    for dt in [torch.int64, torch.int32, torch.float32, torch.float64, torch.bool]:
        show("random_ " + str(dt), torch.empty(4, dtype=dt, device=dev).random_())
    show("random_ to", torch.empty(4, dtype=torch.int64, device=dev).random_(7))
    show("uniform_", torch.empty(6, device=dev).uniform_(-2, 3))
    show("normal_", torch.empty(6, device=dev).normal_(1, 2))
    show("normal", torch.normal(torch.zeros(4, device=dev), torch.ones(4, device=dev)))
    show("exponential_", torch.empty(6, device=dev).exponential_(1.5))
    show("bernoulli", torch.bernoulli(torch.full((10,), 0.3, device=dev)))
    show("bernoulli_", torch.empty(10, device=dev).bernoulli_(0.7))
    show("dropout", F.dropout(torch.ones(12, device=dev), 0.5))
    show("randperm", torch.randperm(10, device=dev))
    show("randperm 40000", torch.randperm(40000, device=dev)[:8])
    p = torch.tensor([0.1, 0.2, 0.3, 0.4], device=dev)
    show("multinomial repl", torch.multinomial(p, 8, replacement=True))
    show("multinomial", torch.multinomial(p, 3))
    show("multinomial rows", torch.multinomial(torch.ones(3, 5, device=dev), 2, replacement=True))
    # Many blocks: the launch shape follows the device's multiprocessors.
    big = torch.rand(1000003, device=dev)
    show("rand big tail", big[-4:])
    show("randn big tail", torch.randn(1000003, device=dev)[-4:])
    show("after", torch.rand(3, device=dev))
