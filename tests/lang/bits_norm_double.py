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


def second_order(threads, tag, y, x, w, b, g, retain=False):
    """the first-order gradients of y for g under create_graph (are they the
    plain backward's?), then the gradients of a function of them"""
    plain = torch.autograd.grad(y, x, g.detach(), retain_graph=True)[0]
    wrt = (x, w, b) if w is not None else (x,)
    grads = torch.autograd.grad(y, wrt, g, create_graph=True)
    print(threads, *tag, grads[0].grad_fn.name(), torch.equal(plain, grads[0]), " ".join(digest(t) for t in grads))
    loss = (grads[0] * torch.randn(x.shape, dtype=x.dtype)).sum()
    if w is not None:
        loss = loss + (grads[1] * torch.randn(w.shape, dtype=x.dtype)).sum() + grads[2].sum() * 0.5
    wrt2 = (x, w, g) if w is not None else (x, g)
    second = torch.autograd.grad(loss, wrt2, retain_graph=retain, allow_unused=True)
    print(threads, "second", " ".join(digest(t) for t in second))
    return grads, wrt2


def params(shape, dt, affine):
    w = (torch.rand(shape, dtype=dt) + 0.5).requires_grad_() if affine else None
    b = torch.randn(shape, dtype=dt).requires_grad_() if affine else None
    return w, b


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
                    w, b = params(norm, dt, affine)
                    g = torch.randn(*shape, dtype=dt).requires_grad_()
                    y = F.layer_norm(x, norm, w, b)
                    grads, wrt2 = second_order(threads, (shape, nd, dt, affine, strided), y, x, w, b, g, True)
                    # only the input's gradient differentiated again
                    second = torch.autograd.grad((grads[0] * torch.randn(*shape, dtype=dt)).sum(), wrt2,
                                                 allow_unused=True)
                    print(threads, "second dx", " ".join(digest(t) for t in second))


# group_norm under create_graph: PyTorch's composite derivative over the
# forward's mean and rstd (infinitely_differentiable_native_group_norm_backward)
def group_norms(threads):
    torch.set_num_threads(threads)
    torch.manual_seed(3)
    for shape, groups in [((2, 4, 5), 2), ((3, 6, 4, 4), 3), ((1, 8, 33), 4), ((4, 6, 7, 9), 6), ((2, 3), 1)]:
        for dt in [torch.float32, torch.float64]:
            for affine in [True, False]:
                x = (torch.randn(*shape, dtype=dt) * 2 + 0.5).requires_grad_()
                w, b = params(shape[1], dt, affine)
                g = torch.randn(*shape, dtype=dt).requires_grad_()
                second_order(threads, (shape, groups, dt, affine), F.group_norm(x, groups, w, b), x, w, b, g)


# batch_norm under create_graph: the fused kernel's first-order gradients
# (NativeBatchNormBackwardBackward0) and batchnorm_double_backward's ops
def batch_norms(threads):
    torch.set_num_threads(threads)
    torch.manual_seed(4)
    # (2, 5, 7) is left out: there the fused kernel's float64 training input
    # gradient of one channel differs from PyTorch's in the last bit, with
    # or without create_graph (docs/numerics.md)
    for shape in [(4, 3), (2, 5, 8), (3, 4, 5, 6), (64, 8), (2, 3, 2, 3, 4)]:
        for dt in [torch.float32, torch.float64]:
            for training in [True, False]:
                for affine in [True, False]:
                    x = (torch.randn(*shape, dtype=dt) * 2 + 0.5).requires_grad_()
                    w, b = params(shape[1], dt, affine)
                    rm, rv = torch.randn(shape[1], dtype=dt), torch.rand(shape[1], dtype=dt) + 0.5
                    g = torch.randn(*shape, dtype=dt).requires_grad_()
                    y = F.batch_norm(x, rm, rv, w, b, training=training)
                    second_order(threads, (shape, dt, training, affine), y, x, w, b, g)


for threads in [1, 2]:
    layer_norms(threads)
    group_norms(threads)
    batch_norms(threads)
