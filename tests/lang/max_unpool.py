# F.max_unpool1d/2d and nn.MaxUnpool1d/2d: values put back at max_pool's
# indices, gradients gathered back, as PyTorch 1.13; output_size checks;
# invalid indices; nodes; reprs.
import torch
import torch.nn as nn
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    x = torch.randn(2, 3, 8, 9, dtype=dtype, requires_grad=True)
    y, i = F.max_pool2d(x, 2, return_indices=True)
    z = F.max_unpool2d(y, i, 2, output_size=(8, 9))
    z.backward(torch.randn_like(z))
    print(dtype, tuple(z.shape), z.grad_fn.name(), z.grad_fn.next_functions[0][0].name(), digest(z), digest(x.grad))
    y, i = F.max_pool2d(x, 3, stride=2, padding=1, return_indices=True)
    print(digest(F.max_unpool2d(y, i, 3, stride=2, padding=1, output_size=x.shape)))
    y1, i1 = F.max_pool1d(x[:, :, 0], 2, return_indices=True)
    z1 = F.max_unpool1d(y1, i1, 2)
    print(tuple(z1.shape), z1.grad_fn.name(), digest(z1))
    yu, iu = F.max_pool2d(x[0], 2, return_indices=True)
    print(digest(F.max_unpool2d(yu, iu, 2, output_size=(8, 9))))

pool = nn.MaxPool2d(2, stride=2, return_indices=True)
unpool = nn.MaxUnpool2d(2, stride=2)
print(unpool, nn.MaxUnpool1d(3, stride=2, padding=1), nn.MaxUnpool2d((2, 3), stride=(1, 2)))
inp = torch.randn(1, 1, 4, 4)
out, ind = pool(inp)
print(digest(unpool(out, ind)), tuple(unpool(out, ind, output_size=inp.size()).shape))
print(digest(nn.MaxUnpool1d(2)(*nn.MaxPool1d(2, return_indices=True)(torch.randn(1, 2, 8)))))


def attempt(f):
    try:
        r = f()
        print('ok', tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, e)


x = torch.randn(2, 3, 8, 9)
y, i = F.max_pool2d(x, 2, return_indices=True)
attempt(lambda: F.max_unpool2d(y, i, 2))
attempt(lambda: F.max_unpool2d(y, i, 2, output_size=(9, 9)))
attempt(lambda: F.max_unpool2d(y, i, 2, output_size=(2, 3, 9, 10)))
attempt(lambda: F.max_unpool2d(y, i, 2, output_size=(20, 10)))
attempt(lambda: F.max_unpool2d(y, i, 2, output_size=(9,)))
attempt(lambda: F.max_unpool2d(y, i + 100, 2))
attempt(lambda: F.max_unpool2d(y[0], i[0], 2))
attempt(lambda: F.max_unpool2d(y, i.int(), 2))
attempt(lambda: F.max_unpool2d(y, i[:, :, :2], 2))
attempt(lambda: F.max_unpool2d(y, -i, 2, output_size=(9, 9)))
