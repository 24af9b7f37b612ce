# create_graph backwards of the norm layers bit for bit as PyTorch 1.13's CPU
# kernels and derivative formulas give them (AVX2 capability, as
# torch.__config__.show() reports on x86: 8-float and 4-double vectors, FMA
# where its kernels fuse), at one and at two threads: layer_norm's
# first-order gradients come from the same fused kernel with or without
# create_graph (NativeLayerNormBackwardBackward0), and the second-order
# ones from layer_norm_double_backward's ops.
import torch
import torch.nn.functional as F


def digest(t):
    if t is None:
        return "None"
    # NaN hashes by identity, so it is digested as a marker value
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


def layer_norms(threads):
    torch.set_num_threads(threads)
    torch.manual_seed(2)
    cases = [((4, 6), 1), ((1, 1), 1), ((7, 33), 1), ((3, 5, 17), 1), ((3, 5, 17), 2), ((64, 200), 1), ((2, 3, 4, 5), 3)]
    for shape, nd in cases:
        norm = shape[len(shape) - nd:]
        for dt in [torch.float32, torch.float64]:
            for affine in [True, False]:
                for strided in [False, True]:
                    x = torch.randn(*shape, dtype=dt) * 2 + 0.5
                    if strided:
                        x = torch.randn(*shape[:-1], 2 * shape[-1], dtype=dt)[..., ::2]
                    x.requires_grad_()
                    w = (torch.rand(norm, dtype=dt) + 0.5).requires_grad_() if affine else None
                    b = torch.randn(norm, dtype=dt).requires_grad_() if affine else None
                    g = torch.randn(*shape, dtype=dt).requires_grad_()
                    y = F.layer_norm(x, norm, w, b)
                    plain = torch.autograd.grad(y, x, g.detach(), retain_graph=True)[0]
                    wrt = (x, w, b) if affine else (x,)
                    grads = torch.autograd.grad(y, wrt, g, create_graph=True)
                    first = " ".join(digest(t) for t in grads)
                    print(threads, shape, nd, dt, affine, strided, grads[0].grad_fn.name(),
                          torch.equal(plain, grads[0]), first)
                    u = torch.randn(*shape, dtype=dt)
                    loss = (grads[0] * u).sum()
                    if affine:
                        loss = loss + (grads[1] * torch.randn(norm, dtype=dt)).sum() + grads[2].sum() * 0.5
                    wrt2 = (x, w, g) if affine else (x, g)
                    second = torch.autograd.grad(loss, wrt2, retain_graph=True, allow_unused=True)
                    print(threads, "second", " ".join(digest(t) for t in second))
                    # only the input's gradient differentiated again
                    second = torch.autograd.grad((grads[0] * u).sum(), wrt2, allow_unused=True)
                    print(threads, "second dx", " ".join(digest(t) for t in second))


for threads in [1, 2]:
    layer_norms(threads)


# group_norm under create_graph: PyTorch's composite derivative over the
# forward's mean and rstd (infinitely_differentiable_native_group_norm_backward)
def group_norms(threads):
    torch.set_num_threads(threads)
    torch.manual_seed(3)
    for shape, groups in [((2, 4, 5), 2), ((3, 6, 4, 4), 3), ((1, 8, 33), 4), ((4, 6, 7, 9), 6), ((2, 3), 1)]:
        C = shape[1]
        for dt in [torch.float32, torch.float64]:
            for affine in [True, False]:
                x = (torch.randn(*shape, dtype=dt) * 2 + 0.5).requires_grad_()
                w = (torch.rand(C, dtype=dt) + 0.5).requires_grad_() if affine else None
                b = torch.randn(C, dtype=dt).requires_grad_() if affine else None
                g = torch.randn(*shape, dtype=dt).requires_grad_()
                y = F.group_norm(x, groups, w, b)
                wrt = (x, w, b) if affine else (x,)
                grads = torch.autograd.grad(y, wrt, g, create_graph=True)
                print(threads, shape, groups, dt, affine, grads[0].grad_fn.name(),
                      " ".join(digest(t) for t in grads))
                loss = (grads[0] * torch.randn(*shape, dtype=dt)).sum()
                if affine:
                    loss = loss + (grads[1] * torch.randn(C, dtype=dt)).sum()
                second = torch.autograd.grad(loss, (x, w, g) if affine else (x, g), allow_unused=True)
                print(threads, "second", " ".join(digest(t) for t in second))


for threads in [1, 2]:
    group_norms(threads)
