# dtypes_parity.py: the dtypes past the first five on CUDA against the CPU,
# in one cgrad process (gpu-check.sh runs it where a GPU is): conversions
# between every pair, arithmetic, comparisons, reductions, indexing and
# accumulation, float16/bfloat16 through their float32 stand-ins. Prints
# one line per dtype and op, "ok" or what differs, and a count at the end.
import torch

dtypes = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.bfloat16,
          torch.float32, torch.float64, torch.bool]
bad = 0


def same(a, b):
    a, b = a.cpu(), b.cpu()
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.is_floating_point:
        an, bn = a != a, b != b
        return bool((an == bn).all()) and bool(((a == b) | an).all())
    return bool((a == b).all())


def check(name, fn, x):
    global bad
    try:
        want = fn(x)
    except Exception as e:
        want = type(e).__name__
    try:
        got = fn(x.cuda())
    except Exception as e:
        got = type(e).__name__
    ok = (want == got) if isinstance(want, str) or isinstance(got, str) else same(want, got)
    if not ok:
        bad += 1
    print(str(x.dtype)[6:], name, "ok" if ok else "DIFFERS: cpu %r cuda %r" % (want, got))


torch.manual_seed(0)
base = torch.randn(64, 33) * 40
for dt in dtypes:
    x = base.to(dt)
    for to in dtypes:
        check("to " + str(to)[6:], lambda t: t.to(to), x)
    if dt == torch.bool:
        continue
    check("add", lambda t: t + t, x)
    check("add scalar", lambda t: t + 3, x)
    check("sub", lambda t: t - 1, x)
    check("mul", lambda t: t * t, x)
    check("div", lambda t: t / 3, x)
    check("neg", lambda t: -t, x)
    check("abs", lambda t: t.abs(), x)
    check("lt", lambda t: t < 2, x)
    check("eq", lambda t: t == t.flip(0) if hasattr(t, "flip") else t == t, x)
    check("sum", lambda t: t.sum(), x)
    check("sum dim", lambda t: t.sum(1), x)
    check("max", lambda t: t.max(), x)
    check("argmax dim", lambda t: t.argmax(0), x)
    check("cumsum", lambda t: t.cumsum(1), x)
    check("index", lambda t: t[torch.tensor([3, 1, 4])], x)
    check("mask", lambda t: t[t > 0], x)
    check("gather", lambda t: t.gather(1, torch.tensor([[0, 2]] * 64).to(t.device)), x)

    def acc(t):
        z = torch.zeros(8, 33, dtype=t.dtype, device=t.device)
        return z.index_put_((torch.tensor([1, 1, 2]).to(t.device),), t[:3], accumulate=True)
    check("index_put accumulate", acc, x)
    check("fill", lambda t: t.clone().fill_(7), x)
    check("cat", lambda t: torch.cat([t, t]), x)
    if dt.is_floating_point:
        check("mean", lambda t: t.mean(1), x)
        check("exp", lambda t: (t / 40).exp(), x)
        check("mm", lambda t: (t[:8] / 40) @ (t[:8] / 40).t(), x)
        check("softmax", lambda t: (t / 40).softmax(1), x)
print("dtypes_parity:", bad, "differences")
