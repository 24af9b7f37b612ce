# nansum and nanmean: values (bit digests, in sum's order with NaN as
# zero) over every dim, keepdim, non-contiguous, empty and 0-d inputs,
# dtypes and dtype=, gradients and node names, PyTorch's errors.
import torch


def digest(t):
    flat = [v if v == v else -1.25e-300 for v in t.flatten().tolist()]
    head = t.flatten()[0].item() if t.numel() else None
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {head!r} {t.dtype} {tuple(t.shape)}"


def chain(t):
    out = []
    f = t.grad_fn
    while f is not None:
        out.append(f.name())
        f = f.next_functions[0][0] if f.next_functions else None
    return out


def show(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    print(label, digest(r), chain(r))


torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    x = torch.randn(6, 7, 300, dtype=dt)
    x[x > 1.2] = float("nan")
    xt = x.transpose(0, 2)
    for nm in ("nansum", "nanmean"):
        f = getattr(torch, nm)
        show(f"{nm} {dt} all", lambda: f(x))
        show(f"{nm} {dt} all transposed", lambda: f(xt))
        for d in (0, 1, 2, -1, (0, 2), (1, 0), [0, 1, 2]):
            for k in (False, True):
                show(f"{nm} {dt} dim {d} keepdim {k}", lambda: f(x, d, keepdim=k))
                show(f"{nm} {dt} transposed dim {d} keepdim {k}", lambda: getattr(xt, nm)(dim=d, keepdim=k))
        big = torch.randn(1_000_003, dtype=dt)
        big[::7] = float("nan")
        show(f"{nm} {dt} 1M", lambda: f(big))
        show(f"{nm} {dt} 0-d", lambda: f(torch.tensor(2.5, dtype=dt)))
        show(f"{nm} {dt} 0-d nan", lambda: f(torch.tensor(float("nan"), dtype=dt)))
        show(f"{nm} {dt} empty", lambda: f(torch.zeros(0, 3, dtype=dt)))
        show(f"{nm} {dt} empty dim 0", lambda: f(torch.zeros(0, 3, dtype=dt), 0))
        show(f"{nm} {dt} all nan row", lambda: f(torch.full((2, 3), float("nan"), dtype=dt), 1))
        show(f"{nm} {dt} dim out of range", lambda: f(x, 3))
        show(f"{nm} {dt} dtype=float64", lambda: f(x, 1, dtype=torch.float64))
for dt in (torch.int32, torch.int64, torch.uint8, torch.bool, torch.bfloat16, torch.float16):
    v = (torch.arange(12).view(3, 4) % 5).to(dt)
    show(f"nansum {dt}", lambda: torch.nansum(v))
    show(f"nansum {dt} dim 1", lambda: v.nansum(1))
    show(f"nanmean {dt}", lambda: torch.nanmean(v))
show("nansum complex", lambda: torch.nansum(torch.ones(2, dtype=torch.complex64)))
show("nansum int dtype=float32", lambda: torch.nansum(torch.tensor([1, 2]), dtype=torch.float32))

# gradients
for dt in (torch.float32, torch.float64):
    a = torch.randn(4, 5, dtype=dt)
    a[1, 2] = float("nan")
    a[3, 0] = float("nan")
    for nm in ("nansum", "nanmean"):
        for d in (None, 0, 1):
            w = a.clone().requires_grad_()
            y = getattr(torch, nm)(w) if d is None else getattr(torch, nm)(w, d, keepdim=True)
            y.backward(torch.ones_like(y) * 1.5)
            print(nm, dt, d, chain(y), digest(w.grad))
