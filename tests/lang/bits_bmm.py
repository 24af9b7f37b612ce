# bmm, matmul's batched forms, mv and dot, forward and gradient, bit for bit
# as PyTorch 1.13 computes them on the CPU: bmm of small matrices (fewer than
# 400 multiply-adds per batch entry) by its own loop, larger ones by one BLAS
# gemm per batch entry as mm; mv by BLAS gemv, transposed or not as the
# matrix is laid out; dot by BLAS dot. The BLAS is OpenBLAS, which PyTorch
# links here (Debian); its kernels depend on the CPU model, alike in both
# processes. Each result is shown by a digest of all its values (hash of the
# exact floats) and its first value, at 1 and at 2 threads.
import torch


def digest(t):
    # NaN hashes by identity, so it is digested as a marker value
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"


def show(label, t):
    print(label, tuple(t.shape), t.dtype, digest(t))


def grads(label, fn, *xs):
    xs = [x.detach().requires_grad_() for x in xs]
    y = fn(*xs)
    y.backward(torch.randn(y.shape, dtype=y.dtype))
    show(label, y)
    for i, x in enumerate(xs):
        show(f"{label} grad{i}", x.grad)


torch.manual_seed(0)
bmm_cases = [(1, 1, 1, 1), (3, 2, 3, 4), (2, 7, 7, 7), (4, 5, 15, 5), (5, 8, 6, 8), (2, 9, 5, 9),
             (3, 20, 20, 1), (3, 1, 20, 20), (2, 33, 17, 9), (64, 16, 16, 16), (8, 100, 37, 61),
             (4, 128, 128, 128), (1, 300, 200, 100), (200, 3, 4, 5)]
for threads in (1, 2):
    torch.set_num_threads(threads)
    print("threads", threads)
    for b, n, k, m in bmm_cases:
        for dtype in (torch.float32, torch.float64):
            a = torch.randn(b, n, k, dtype=dtype)
            c = torch.randn(b, k, m, dtype=dtype)
            tag = f"bmm {b} {n} {k} {m}"
            grads(tag, torch.bmm, a, c)
            show(f"{tag} at", torch.bmm(a.transpose(1, 2).contiguous().transpose(1, 2), c))
            show(f"{tag} ct", torch.bmm(a, c.transpose(1, 2).contiguous().transpose(1, 2)))
            show(f"{tag} s", torch.bmm(a[:, :, ::1], torch.randn(b, k, 2 * m, dtype=dtype)[:, :, ::2]))
            grads(f"{tag} mm3x2", torch.matmul, a, c[0])
            grads(f"{tag} mm2x3", torch.matmul, a[0], c)
            grads(f"{tag} mm1x3", torch.matmul, a[0, 0], c)
            grads(f"{tag} mm3x1", torch.matmul, a, c[0, :, 0])
    for n, k in [(1, 1), (1, 7), (7, 1), (5, 3), (33, 17), (100, 1000), (1000, 100), (1025, 513), (4096, 300)]:
        for dtype in (torch.float32, torch.float64):
            a = torch.randn(n, k, dtype=dtype)
            v = torch.randn(k, dtype=dtype)
            tag = f"mv {n} {k}"
            grads(tag, torch.mv, a, v)
            grads(f"{tag} t", torch.mv, a.t().contiguous().t(), v)
            show(f"{tag} s", torch.mv(torch.randn(n, 2 * k, dtype=dtype)[:, ::2], torch.randn(3 * k, dtype=dtype)[::3]))
            grads(f"{tag} matmul", torch.matmul, a, v)
            show(f"{tag} v0", torch.mv(a, v[:1].expand(k)))
            grads(f"{tag} vecmat", torch.matmul, torch.randn(n, dtype=dtype), a)
    for n in [1, 2, 7, 8, 15, 16, 17, 31, 32, 33, 100, 1000, 4099, 32768, 100003, 1000003]:
        for dtype in (torch.float32, torch.float64):
            x = torch.randn(n, dtype=dtype)
            y = torch.randn(n, dtype=dtype)
            grads(f"dot {n}", torch.dot, x, y)
            show(f"dot {n} s", torch.dot(torch.randn(2 * n, dtype=dtype)[::2], torch.randn(3 * n, dtype=dtype)[::3]))
            grads(f"dot {n} matmul", torch.matmul, x, y)
        show(f"dot {n} x0", torch.dot(x, y[:1].expand(n)))
        show(f"dot {n} long", torch.dot((x * 100).long(), (y * 100).long()))
