# sum and mean of float tensors, bit for bit as PyTorch 1.13 computes them on
# the CPU (Note [Reductions in PyTorch's order] in engine/sum_order.h). The
# expected output is PyTorch's with its default CPU capability on x86, AVX2
# (torch.__config__.show() says "CPU capability usage: AVX2"), whose vectors
# hold 8 floats or 4 doubles; run with ATEN_CPU_CAPABILITY=avx512 PyTorch
# would add in 16-float vectors and print other last digits. Each result is
# shown by a digest of all its values (hash of the exact floats) and its
# first value in full, at 1 and at 2 threads (the thread split changes the
# order of large reductions).
import torch


def digest(t):
    flat = t.flatten().tolist()
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"


def show(label, t):
    print(label, tuple(t.shape), digest(t))


def all_dim_sets(n):
    sets = [(d,) for d in range(n)]
    sets += [(a, b) for a in range(n) for b in range(a + 1, n)]
    return sets


torch.manual_seed(0)
cases = [
    (1,), (7,), (8,), (15,), (16,), (17,), (31,), (100,), (257,), (1000,), (4099,),
    (32767,), (32768,), (32769,), (65537,), (1000003,),
    (1000, 37), (37, 1000), (2, 70000), (70000, 2), (33, 1025), (9, 9000),
    (3, 50, 70), (64, 33, 40), (5, 3, 2, 3000), (2, 3, 4, 5, 6),
]
for threads in (1, 2):
    torch.set_num_threads(threads)
    print("threads", threads)
    for shape in cases:
        x = torch.randn(*shape) * 3 + 0.5
        xd = x.double()
        show("sum", x.sum())
        show("sum64", xd.sum())
        show("mean", x.mean())
        if len(shape) == 1:
            show("strided", x[::3].sum())
            continue
        for dims in all_dim_sets(len(shape)):
            show(f"sum{dims}", x.sum(dims))
            show(f"mean{dims}k", x.mean(dims, keepdim=True))
            show(f"sum64{dims}", xd.sum(dims))
        t = x.transpose(0, -1)
        show("t.sum(0)", t.sum(0))
        show("t.sum(-1)", t.sum(-1))
        show("t.mean()", t.mean())
        s = x[::2]
        show("s.sum(-1)", s.sum(-1))
        show("s.sum(0)", s.sum(0))
