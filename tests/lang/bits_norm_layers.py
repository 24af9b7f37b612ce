# batch_norm, layer_norm and group_norm, forward and every gradient, bit for
# bit as PyTorch 1.13's CPU kernels give them (AVX2 capability, as
# torch.__config__.show() reports on x86: 8-float and 4-double vectors, FMA
# where its kernels fuse): float32 and float64, training and evaluation, the
# running statistics, at one and at two threads (a 2-d batch norm sums its
# rows per thread, layer_norm's weight and bias gradients too).
import torch
import torch.nn.functional as F


def digest(t):
    # NaN hashes by identity, so it is digested as a marker value
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


def full(t):
    return [float(v).hex() for v in t.flatten().tolist()[:3]]


def batch_norms(threads):
    torch.set_num_threads(threads)
    torch.manual_seed(1)
    shapes = [(7, 5), (1000, 3), (3, 1), (2, 5), (9, 10), (33, 12), (2, 3, 5), (16, 4, 64, 64), (4, 6, 33), (5, 3, 4, 7), (8, 16, 9, 9), (2, 3, 2, 3, 4)]
    for shape in shapes:
        for dt in [torch.float32, torch.float64]:
            C = shape[1]
            x = (torch.randn(*shape, dtype=dt) * 3 + 1.5).requires_grad_()
            w = torch.rand(C, dtype=dt).requires_grad_()
            b = torch.randn(C, dtype=dt).requires_grad_()
            g = torch.randn(*shape, dtype=dt)
            for training in [True, False]:
                for affine in [True, False]:
                    rm = torch.randn(C, dtype=dt) * 0.1
                    rv = torch.rand(C, dtype=dt) + 0.5
                    x.grad = w.grad = b.grad = None
                    y = F.batch_norm(x, rm, rv, w if affine else None, b if affine else None, training, 0.1, 1e-5)
                    y.backward(g)
                    print(threads, shape, dt, training, affine, digest(y), digest(x.grad))
                    if affine:
                        print("  wb", digest(w.grad), digest(b.grad))
                    if training:
                        print("  running", full(rm), full(rv), digest(rm), digest(rv))


for threads in [1, 2]:
    batch_norms(threads)


def layer_norms(threads):
    torch.set_num_threads(threads)
    torch.manual_seed(2)
    cases = [((5, 3), (3,)), ((4, 8), (8,)), ((6, 20), (20,)), ((3, 7, 129), (129,)), ((2, 3, 4, 5), (4, 5)),
             ((9, 300), (300,)), ((3, 2100), (2100,)), ((2, 5000), (5000,)), ((64, 33), (33,)), ((7,), (7,)),
             ((1, 16, 1030), (16, 1030))]
    for shape, nshape in cases:
        for dt in [torch.float32, torch.float64]:
            for affine in [True, False]:
                for contiguous in [True, False]:
                    base = torch.randn(*shape[:-1], shape[-1] * 2 if not contiguous else shape[-1], dtype=dt) * 2 + 0.7
                    x = (base if contiguous else base[..., ::2]).detach().requires_grad_()
                    w = (torch.rand(*nshape, dtype=dt) + 0.5).requires_grad_()
                    b = torch.randn(*nshape, dtype=dt).requires_grad_()
                    g = torch.randn(*shape, dtype=dt)
                    y = F.layer_norm(x, nshape, w if affine else None, b if affine else None, 1e-5)
                    y.backward(g)
                    print(threads, shape, nshape, dt, affine, contiguous, digest(y), digest(x.grad))
                    if affine:
                        print("  wb", digest(w.grad), digest(b.grad))


for threads in [1, 2]:
    layer_norms(threads)


def group_norms(threads):
    torch.set_num_threads(threads)
    torch.manual_seed(3)
    cases = [((4, 6), 3), ((2, 6, 5), 2), ((3, 8, 7, 3), 4), ((2, 12, 9, 9), 3), ((5, 4, 33), 1), ((2, 16, 40), 16),
             ((1, 20, 130), 5), ((8, 10, 4, 4), 5)]
    for shape, G in cases:
        for dt in [torch.float32, torch.float64]:
            for affine in [True, False]:
                C = shape[1]
                x = (torch.randn(*shape, dtype=dt) * 2 + 0.7).requires_grad_()
                w = (torch.rand(C, dtype=dt) + 0.5).requires_grad_()
                b = torch.randn(C, dtype=dt).requires_grad_()
                g = torch.randn(*shape, dtype=dt)
                y = F.group_norm(x, G, w if affine else None, b if affine else None, 1e-5)
                y.backward(g)
                print(threads, shape, G, dt, affine, digest(y), digest(x.grad))
                if affine:
                    print("  wb", digest(w.grad), digest(b.grad))


# group_norm at one thread only: at two, PyTorch's own input gradient of an
# affine group_norm changes in the last bit of some elements with the
# thread split, which cgrad does not reproduce (docs/numerics.md)
group_norms(1)
