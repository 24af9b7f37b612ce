# Vector norms and their gradients bit for bit as PyTorch 1.13's CPU kernels
# give them (AVX2 capability, as torch.__config__.show() reports on x86):
# torch.norm and Tensor.norm for p = 2, 1, inf, -inf, 0, 3, 0.5 and 'fro',
# over all elements and over dims (keepdim), contiguous or not, float32 and
# float64, at 1 and 2 threads (one large norm splits across threads).
import torch

INF = float("inf")


def digest(t):
    # NaN hashes by identity, so it is digested as a marker value
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


PS = [2, 1, INF, -INF, 0, 3, 0.5, "fro"]
for threads in [1, 2]:
    torch.set_num_threads(threads)
    torch.manual_seed(threads)
    for dt in [torch.float32, torch.float64]:
        # all elements: sizes across the vector loop's tails and the split
        for n in [1, 2, 3, 5, 7, 8, 9, 12, 15, 16, 23, 31, 54, 100, 257, 1000, 4099, 32767, 32768, 70001, 1000003]:
            x = torch.randn(n, dtype=dt)
            row = [digest(torch.norm(x, p)) for p in PS]
            print(threads, dt, n, *row)
        for shape, dims in [((7, 5), (0,)), ((7, 5), (1,)), ((37, 300), (1,)), ((300, 37), (0,)),
                            ((3, 4, 5), (0, 2)), ((3, 4, 5), (1, 2)), ((6, 1, 9), (1,)), ((4, 70000), (1,)),
                            ((40000, 3), (0,)), ((2, 3, 20000), (0, 1))]:
            x = torch.randn(*shape, dtype=dt)
            for p in PS:
                if p == "fro" and len(dims) > 2:
                    continue
                a = x.norm(p, dim=dims, keepdim=True)
                b = torch.norm(x, p, dim=list(dims))
                print(threads, dt, shape, dims, p, digest(a), digest(b), tuple(a.shape), tuple(b.shape))
        # non-contiguous inputs
        base = torch.randn(50, 66, dtype=dt)
        for name, x in [("t", base.t()), ("step", base[:, ::2]), ("col", base[:, 3]), ("big_t", torch.randn(300, 200, dtype=dt).t())]:
            for p in PS:
                print(threads, dt, name, p, digest(x.norm(p)), digest(x.norm(p, dim=0)), digest(x.norm(p, dim=-1)))

# gradients
torch.set_num_threads(1)
torch.manual_seed(5)
for dt in [torch.float32, torch.float64]:
    for shape, dims in [((23,), None), ((7, 5), (1,)), ((7, 5), (0,)), ((300, 37), (1,)), ((3, 4, 5), (0, 2))]:
        x = torch.randn(*shape, dtype=dt)
        x.view(-1)[3] = 0.0
        for p in [2, 1, INF, -INF, 3, 0.5, 1.5, 2.5, 0.3]:
            xg = x.clone().requires_grad_()
            y = xg.norm(p) if dims is None else xg.norm(p, dim=dims)
            g = torch.randn(y.shape, dtype=dt)
            y.backward(g)
            print("grad", dt, shape, dims, p, y.grad_fn is None, digest(y), digest(xg.grad))
    xg = torch.zeros(4, 3, dtype=dt, requires_grad=True)
    xg.norm(dim=1).sum().backward()
    print("zero", digest(xg.grad))
    xg = torch.tensor([3.0, -3.0, 1.0], dtype=dt, requires_grad=True)
    xg.norm(INF).backward()
    print("tie", digest(xg.grad))
    xg = torch.tensor([1.0, 0.0, -2.0], dtype=dt, requires_grad=True)
    xg.norm(0).backward()
    print("p0", xg.grad)
print(torch.randn(3, requires_grad=True).norm().grad_fn.name())
