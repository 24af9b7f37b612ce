# x ** e for a number e bit for bit as PyTorch 1.13's pow_tensor_scalar
# kernel gives it (CPU capability AVX2): sqrt, rsqrt, reciprocal, square,
# cube and 1 / x^2 for their exponents, SLEEF's vector pow over whole
# steps of two vectors of a contiguous run and double-precision pow on the
# rest; the same for two tensors; strided inputs, in-place pow_,
# gradients, 1 and 2 threads.
import torch


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


exps = [0.5, -0.5, -1, 2, 3, -2, 1.5, -1.7, 2.5, 0, 1, 2.0, 4, 0.3333]
for threads in (1, 2):
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    for n in [1, 7, 15, 16, 17, 33, 1000, 70001]:
        for dtype in (torch.float32, torch.float64):
            x = torch.rand(n, dtype=dtype) * 4 + 0.1
            for e in exps:
                xx = x.clone().requires_grad_()
                y = xx ** e
                y.backward(torch.ones_like(y))
                print(threads, n, str(dtype)[6:], e, digest(y), digest(xx.grad))
            s = torch.rand(3 * n, dtype=dtype)[::3] + 0.5  # strided: the scalar lambda
            print("strided", n, [digest(s.pow(e)) for e in (1.5, -2)])
            w = x.clone()
            w.pow_(1.7)
            print("inplace", n, digest(w))
print(torch.arange(6).pow(2), torch.arange(1, 6).pow(3))
print(torch.tensor([0.0, -1.0, float("inf"), float("nan")]) ** -2)

# two tensors: the same split, a broadcast single value counting as
# contiguous, strided runs by libm's pow
torch.manual_seed(1)
for n in [7, 16, 17, 33, 1000]:
    for dtype in (torch.float32, torch.float64):
        a = torch.rand(n, dtype=dtype) * 3 + 0.1
        b = torch.randn(n, dtype=dtype)
        A, B = a.clone().requires_grad_(), b.clone().requires_grad_()
        y = A ** B
        y.backward(torch.ones_like(y))
        m = torch.rand(5, n, dtype=dtype) + 0.5
        print(n, str(dtype)[6:], digest(y), digest(A.grad), digest(B.grad), digest(2.5 ** b), digest(a ** b[:1]),
              digest(a[:1] ** b), digest(a[::2] ** b[::2]), digest(m ** b), digest(m.t() ** torch.randn(5, dtype=dtype)))
