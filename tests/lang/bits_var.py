# var and std bit for bit as PyTorch 1.13's CPU kernels give them: a
# reduction to one value by two passes around torch.mean (split over
# threads past 32768 elements), every other reduction by Welford's updates
# in TensorIterator's order (its fused multiply-add as built for AVX2, the
# capability torch.__config__.show() reports on x86); float32 and float64,
# unbiased or not, keepdim, every dim and pair of dims, non-contiguous
# inputs, 1 and 2 threads, and their gradients.
import torch


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


for threads in [1, 2]:
    torch.set_num_threads(threads)
    torch.manual_seed(threads)
    for dt in [torch.float32, torch.float64]:
        for n in [1, 2, 7, 100, 5184, 32767, 32768, 100003]:
            x = torch.randn(n, dtype=dt) * 3 + 1
            print(threads, dt, n, digest(x.var()), digest(x.std()), digest(x.var(unbiased=False)), digest(x.std(0)))
        for shape, dims in [((64, 8, 9, 9), (0, 2, 3)), ((4, 8, 9, 9), (0, 2, 3)), ((64, 8, 81), (0, 2)), ((64, 8), (0,)),
                            ((8, 64), (1,)), ((64, 8, 9, 9), (1, 2, 3)), ((64, 8, 9, 9), (0,)), ((64, 8, 9, 9), (2, 3)),
                            ((100, 37), (0,)), ((37, 100), (0, 1)), ((3, 4, 5), (0, 2)), ((3, 4, 5), (1,)), ((5, 1), (0,)),
                            ((2, 40000), (1,)), ((40000, 2), (0,)), ((7, 1, 3), (1,))]:
            x = torch.randn(*shape, dtype=dt) + 0.5
            a = x.var(dims, keepdim=True)
            b = torch.std(x, list(dims), unbiased=False)
            print(threads, dt, shape, dims, digest(a), digest(b), tuple(a.shape), tuple(b.shape))
        base = torch.randn(50, 66, dtype=dt)
        for name, x in [("t", base.t()), ("step", base[:, ::2]), ("col", base[:, 3]), ("perm", torch.randn(4, 5, 6, dtype=dt).permute(2, 0, 1))]:
            print(threads, dt, name, digest(x.var()), digest(x.var(0)), digest(x.std(-1)))
        x = torch.randn(6, 7, dtype=dt, requires_grad=True)
        (x.var(1) * torch.arange(6.0, dtype=dt)).sum().backward()
        g1 = x.grad.clone()
        x.grad = None
        x.std().backward()
        print(threads, dt, "grad", digest(g1), digest(x.grad))
