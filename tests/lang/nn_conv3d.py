# 3-d convolutions and the rest of the conv/pool family as PyTorch 1.13
# gives them on this machine: F.conv3d (float32 in oneDNN's 5-d primitives
# where use_mkldnn holds, float64 and the rest in slow_conv3d's vol2col +
# GEMM), F.conv_transpose3d (slow_conv_transpose3d), their gradients bit for
# bit at one and two threads, the modules' reprs, seeded initialisation and
# padding modes, torch.conv_tbc, torch.nn.grad, adaptive_max_pool3d,
# max_unpool3d, the *_with_indices names, errors, and a small 3-d conv
# autoencoder trained for a few steps.
import torch
import torch.nn as nn
import torch.nn.functional as F


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.detach().flatten().tolist()]
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {t.flatten()[0].item()!r}"


def attempt(label, f):
    try:
        r = f()
        print(label, "ok", tuple(r.shape) if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
print(nn.Conv3d(2, 4, 3))
print(nn.Conv3d(4, 8, (3, 2, 1), stride=(2, 1, 1), padding=1, dilation=(1, 2, 1), groups=2, bias=False,
                padding_mode='replicate'))
print(nn.Conv3d(2, 3, 2, padding='same'))
print(nn.ConvTranspose3d(4, 2, 3, stride=2, padding=1, output_padding=1, groups=2))
print(nn.AdaptiveMaxPool3d((2, None, 3)), nn.MaxUnpool3d(2), nn.MaxUnpool3d((1, 2, 2), stride=(1, 2, 1), padding=1))

for dtype in (torch.float32, torch.float64):
    for threads in (1, 2):
        torch.set_num_threads(threads)
        print("--", dtype, threads)
        x = torch.randn(2, 4, 5, 6, 7, dtype=dtype, requires_grad=True)
        w = torch.randn(6, 2, 2, 3, 2, dtype=dtype, requires_grad=True)
        b = torch.randn(6, dtype=dtype, requires_grad=True)
        for kw in (dict(padding=1), dict(stride=2), dict(dilation=(1, 2, 1), padding=(0, 1, 2)),
                   dict(padding='same'), dict(padding='valid', stride=(1, 2, 3))):
            y = F.conv3d(x, w, b, groups=2, **kw)
            x.grad = w.grad = b.grad = None
            (y * y).sum().backward()
            print(y.grad_fn.name(), tuple(y.shape), digest(y), digest(x.grad), digest(w.grad), digest(b.grad))
        wt = torch.randn(4, 3, 2, 3, 2, dtype=dtype, requires_grad=True)
        bt = torch.randn(6, dtype=dtype, requires_grad=True)
        for kw in (dict(), dict(stride=2, output_padding=1, padding=1), dict(dilation=2, stride=(1, 2, 3),
                                                                                output_padding=(0, 1, 2))):
            y = F.conv_transpose3d(x, wt, bt, groups=2, **kw)
            x.grad = wt.grad = bt.grad = None
            (y * y).sum().backward()
            print(y.grad_fn.name(), tuple(y.shape), digest(y), digest(x.grad), digest(wt.grad), digest(bt.grad))
        # unbatched, no bias, torch-level names
        y = torch.conv3d(x[0], w[:, :, :1], None, 1, 1, 1, 2)
        print(y.grad_fn.name(), tuple(y.shape), digest(y))
        y = torch.conv_transpose3d(x[0], wt, None, 1, 0, 0, 2)
        print(y.grad_fn.name(), tuple(y.shape), digest(y))
        # conv_tbc
        xi = torch.randn(7, 3, 4, dtype=dtype, requires_grad=True)
        wi = torch.randn(3, 4, 5, dtype=dtype, requires_grad=True)
        bi = torch.randn(5, dtype=dtype, requires_grad=True)
        for pad in (0, 1, 2):
            y = torch.conv_tbc(xi, wi, bi, pad)
            xi.grad = wi.grad = bi.grad = None
            (y * y).sum().backward()
            print(y.grad_fn.name(), tuple(y.shape), digest(y), digest(xi.grad), digest(wi.grad), digest(bi.grad))
        print(digest(F.conv_tbc(xi, wi, bi)))
        # torch.nn.grad against autograd
        g = torch.randn(2, 6, 4, 4, 6, dtype=dtype)
        gi = torch.nn.grad.conv3d_input(x.shape, w, g, padding=(0, 0, 0), groups=2)
        gw = F.grad.conv3d_weight(x, w.shape, g, groups=2)
        print(digest(gi), digest(gw))
        g2 = torch.randn(2, 3, 4, 4, dtype=dtype)
        x2 = torch.randn(2, 2, 5, 5, dtype=dtype)
        w2 = torch.randn(3, 2, 2, 2, dtype=dtype)
        gw = torch.nn.grad.conv2d_weight(x2, w2.shape, g2)
        print(digest(torch.nn.grad.conv2d_input(x2.shape, w2, g2)), digest(gw))
        g1 = torch.randn(2, 3, 3, dtype=dtype)
        gw = F.grad.conv1d_weight(x2[:, :, 0], (3, 2, 2), g1[:, :, :2], stride=2)
        print(digest(F.grad.conv1d_input((2, 2, 7), w2[:, :, 0], g1, stride=2)),
              digest(gw))
        # adaptive max pooling and unpooling
        p = torch.randn(2, 3, 5, 6, 7, dtype=dtype, requires_grad=True)
        o, i = F.adaptive_max_pool3d(p, (2, 3, 4), return_indices=True)
        o.sum().backward()
        print(o.grad_fn.name(), digest(o), digest(i), digest(p.grad))
        o, i = F.adaptive_max_pool3d_with_indices(p[0], 3)
        print(digest(o), digest(i))
        o, i = F.max_pool3d_with_indices(p, 2)
        u = F.max_unpool3d(o, i, 2, output_size=(5, 6, 7))
        p.grad = None
        (u * u).sum().backward()
        print(u.grad_fn.name(), tuple(u.shape), digest(u), digest(p.grad))
        u = nn.MaxUnpool3d(2)(o[0], i[0], output_size=p.shape[2:])
        print(tuple(u.shape), digest(u))

torch.set_num_threads(1)
# float32 where PyTorch's use_mkldnn declines (1x1x1 kernels on a small
# batch at one thread, small single samples): slow_conv3d's GEMMs
for shape, k in (((3, 8, 4, 5, 6), 1), ((1, 3, 4, 5, 6), 2), ((1, 3, 12, 12, 12), 3)):
    x = torch.randn(*shape, requires_grad=True)
    w = torch.randn(5, shape[1], k, k, k, requires_grad=True)
    y = F.conv3d(x, w)
    y.sum().backward()
    print(digest(y), digest(x.grad), digest(w.grad))

# double backward (create_graph): cgrad builds the derivative from engine
# ops, PyTorch runs ConvolutionBackwardBackward0, so the sums may differ in
# their last bits: values to 6 digits
x = torch.randn(2, 2, 4, 4, 5, dtype=torch.float64, requires_grad=True)
w = torch.randn(4, 1, 2, 2, 3, dtype=torch.float64, requires_grad=True)
wt = torch.randn(2, 3, 2, 2, 2, dtype=torch.float64, requires_grad=True)
for y in (F.conv3d(x, w, padding=1, groups=2), F.conv_transpose3d(x, wt, stride=2, padding=1)):
    weight = w if y.shape[1] == 4 else wt
    gx, gw = torch.autograd.grad((y * y).sum(), (x, weight), create_graph=True)
    x.grad = weight.grad = None
    (gx.pow(2).sum() + gw.pow(2).sum()).backward()
    print(f"{x.grad.sum().item():.6e} {weight.grad.sum().item():.6e} {x.grad.abs().sum().item():.6e}")

print(F.grad is torch.nn.grad)
o, i = F.max_pool1d_with_indices(torch.arange(8.).view(1, 1, 8), 2)
print(o, i)
o, i = F.max_pool2d_with_indices(torch.arange(16.).view(1, 4, 4), 2)
print(o, i)

# the modules, seeded, with every padding mode
torch.manual_seed(1)
x = torch.randn(1, 2, 4, 5, 6)
for mode in ('zeros', 'reflect', 'replicate', 'circular'):
    m = nn.Conv3d(2, 3, 3, padding=1, padding_mode=mode)
    print(mode, digest(m.weight), digest(m.bias), digest(m(x)))
m = nn.ConvTranspose3d(2, 3, 3, stride=2)
print(digest(m.weight), tuple(m(x, output_size=(9, 11, 14)).shape), digest(m(x, output_size=(1, 3, 10, 12, 13))))

# errors
x = torch.randn(2, 3, 4, 5, 6)
attempt("kernel too big", lambda: F.conv3d(x, torch.randn(4, 3, 9, 2, 2)))
attempt("bad input dims", lambda: F.conv3d(torch.randn(3, 4), torch.randn(4, 3, 2, 2, 2)))
attempt("bad stride", lambda: F.conv3d(x, torch.randn(4, 3, 2, 2, 2), stride=(1, 2)))
attempt("weight dims", lambda: F.conv3d(x, torch.randn(4, 3, 2, 2)))
attempt("channels", lambda: F.conv3d(x, torch.randn(4, 2, 2, 2, 2)))
attempt("groups", lambda: F.conv3d(x, torch.randn(4, 3, 2, 2, 2), groups=3))
attempt("bias", lambda: F.conv3d(x, torch.randn(4, 3, 2, 2, 2), torch.randn(3)))
attempt("dtypes", lambda: F.conv3d(x, torch.randn(4, 3, 2, 2, 2).double()))
attempt("strided same", lambda: F.conv3d(x, torch.randn(4, 3, 2, 2, 2), stride=2, padding='same'))
attempt("dilation", lambda: F.conv3d(x, torch.randn(4, 3, 2, 2, 2), dilation=(1, 0, 1)))
attempt("padding", lambda: F.conv3d(x, torch.randn(4, 3, 2, 2, 2), padding=-1))
attempt("stride", lambda: F.conv3d(x, torch.randn(4, 3, 2, 2, 2), stride=0))
attempt("groups 0", lambda: F.conv3d(x, torch.randn(4, 3, 2, 2, 2), groups=0))
attempt("transposed dilation", lambda: F.conv_transpose3d(x, torch.randn(3, 2, 2, 2, 2), dilation=0))
attempt("bool", lambda: F.conv3d(x.bool(), torch.randn(4, 3, 2, 2, 2).bool()))
attempt("half", lambda: F.conv3d(x.half(), torch.randn(4, 3, 2, 2, 2).half()))
attempt("int transposed", lambda: F.conv_transpose3d(x.int(), torch.randn(3, 4, 2, 2, 2).int()))
attempt("empty batch", lambda: F.conv3d(torch.randn(0, 3, 4, 5, 6), torch.randn(4, 3, 2, 2, 2)))
attempt("empty batch transposed", lambda: F.conv_transpose3d(torch.randn(0, 3, 4, 5, 6), torch.randn(3, 4, 2, 2, 2)))
attempt("long conv3d", lambda: F.conv3d(x.long(), torch.ones(4, 3, 2, 2, 2).long()).sum().item())
attempt("long conv_transpose3d", lambda: F.conv_transpose3d(x.long(), torch.ones(3, 4, 2, 2, 2).long()).sum().item())
attempt("output padding", lambda: F.conv_transpose3d(x, torch.randn(3, 3, 2, 2, 2), output_padding=2))
attempt("too small", lambda: F.conv_transpose3d(torch.randn(3, 1, 1, 1), torch.randn(3, 4, 2, 2, 2), padding=2))
attempt("output_size", lambda: nn.ConvTranspose3d(3, 2, 2, stride=2)(x, output_size=(20, 20, 20)))
attempt("tbc input", lambda: torch.conv_tbc(torch.randn(5, 2), torch.randn(3, 3, 4), torch.randn(4), 1))
attempt("tbc weight", lambda: torch.conv_tbc(torch.randn(5, 2, 3), torch.randn(3, 4), torch.randn(4), 1))
attempt("tbc bias", lambda: torch.conv_tbc(torch.randn(5, 2, 3), torch.randn(3, 3, 4), torch.randn(4, 1), 1))
attempt("tbc channels", lambda: torch.conv_tbc(torch.randn(5, 2, 3), torch.randn(3, 2, 4), torch.randn(4), 1))
attempt("tbc out", lambda: torch.conv_tbc(torch.randn(5, 2, 3), torch.randn(3, 3, 4), torch.randn(5), 1))
attempt("tbc negative", lambda: torch.conv_tbc(torch.randn(2, 2, 3), torch.randn(9, 3, 4), torch.randn(4)))
attempt("amp dims", lambda: F.adaptive_max_pool3d(torch.randn(3, 4), 2))
attempt("amp empty", lambda: F.adaptive_max_pool3d(torch.randn(2, 0, 4, 5, 6), 2))
attempt("amp size", lambda: F.adaptive_max_pool3d(x, (2, 2)))
attempt("amp long", lambda: F.adaptive_max_pool3d(x.long(), 2))
o, i = F.max_pool3d(x, 2, return_indices=True)
attempt("unpool invalid", lambda: F.max_unpool3d(o, torch.full_like(i, 1000), 2))
attempt("unpool int", lambda: F.max_unpool3d(o, i.int(), 2))
attempt("unpool shape", lambda: F.max_unpool3d(o, i[:1], 2))
attempt("unpool dims", lambda: F.max_unpool3d(o[0, 0], i[0, 0], 2))
attempt("unpool size", lambda: F.max_unpool3d(o, i, 2, output_size=(1, 5, 5, 5)))
attempt("unpool range", lambda: F.max_unpool3d(o, i, 2, output_size=(9, 9, 9)))
attempt("unpool stride", lambda: F.max_unpool3d(o, i, 2, stride=0))
attempt("unpool long", lambda: F.max_unpool3d(o.long(), i, 2))


# a small 3-d convolutional autoencoder, trained for a few steps
class AutoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv3d(1, 4, 3, stride=2, padding=1), nn.ReLU(), nn.Conv3d(4, 8, 3, stride=2, padding=1))
        self.dec = nn.Sequential(nn.ConvTranspose3d(8, 4, 3, stride=2, padding=1, output_padding=1), nn.ReLU(),
                                 nn.ConvTranspose3d(4, 1, 3, stride=2, padding=1, output_padding=1))

    def forward(self, x):
        return self.dec(self.enc(x))


for dtype in (torch.float32, torch.float64):
    torch.manual_seed(2)
    model = AutoEncoder().to(dtype)
    print(model)
    data = torch.randn(4, 1, 8, 8, 8, dtype=dtype)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for step in range(5):
        opt.zero_grad()
        loss = F.mse_loss(model(data), data)
        loss.backward()
        opt.step()
        print(step, repr(loss.item()))
    print(digest(model.enc[0].weight), digest(model.dec[2].bias))
