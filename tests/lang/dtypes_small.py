# The dtypes beyond the first five: uint8, int8, int16, float16, bfloat16.
# Creation and printing, PyTorch's promotion table, casts (x86's
# float-to-integer conversions, float16/bfloat16 rounding and overflow),
# integer wrap-around, float16/bfloat16 arithmetic computed in float and
# rounded per op, reductions, indexing, random draws, finfo/iinfo and the
# errors. (float16 math that PyTorch 1.13's CPU refuses, exp and matmul
# among them, is left out: cgrad computes it, as later PyTorch does.)
import torch

small = [torch.uint8, torch.int8, torch.int16, torch.float16, torch.bfloat16]
every = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
         torch.float16, torch.bfloat16, torch.float32, torch.float64]

print("-- names and properties")
print(torch.uint8, torch.int8, torch.int16, torch.short, torch.float16, torch.half, torch.bfloat16)
print([d.is_floating_point for d in small], [d.is_signed for d in small])
print(torch.half is torch.float16, torch.short == torch.int16)

print("-- promotion")
for a in every:
    print(" ".join(str(torch.promote_types(a, b))[6:] for b in every),
          "".join("1" if torch.can_cast(a, b) else "0" for b in every))
for d in small:
    x = torch.ones(2, dtype=d)
    print(d, (x + 1).dtype, (x + 1.5).dtype, (x + True).dtype, (x + torch.tensor(1)).dtype,
          (x + torch.ones(2, dtype=torch.int8)).dtype, (x / 2).dtype, (x // 2).dtype if not d.is_floating_point else "-",
          torch.result_type(x, 2.5), torch.result_type(x, torch.ones(1, dtype=torch.float16)))

print("-- casts")
f = torch.tensor([300.7, -1.5, -129.5, 70001.0, 1e10, 3000000001.0, float("nan"), float("inf"), 255.9])
for d in small:
    print(d, f.to(d).tolist(), f.double().to(d).tolist())
print(torch.tensor([3000000001, 70001, -1, 128]).to(torch.uint8), torch.tensor([3000000001, 70001, -1, 128]).to(torch.int8))
print(torch.tensor([1.0000001, 65519.0, 65520.0, 1e-8, 3e-8, 6e-5, -0.0, 2049.0]).half().tolist())
print(torch.tensor([1.00390625, 1.01171875, 3e38, 1e-40, 257.0]).bfloat16().tolist())
x = torch.tensor([1.5, -2.25, 300.7, 65519.0, 1e-7])
print(x.byte(), x.char(), x.short(), x.half(), x.bfloat16(), sep="\n")
print(x.half().float(), x.bfloat16().double(), x.half().long())

print("-- printing")
for d in small:
    print(torch.arange(6).reshape(2, 3).to(d))
    print(torch.zeros(0, dtype=d), torch.tensor(7, dtype=d), repr(torch.tensor([1, 2], dtype=d)))
print(torch.linspace(-3, 3, 7).half() / 7, torch.tensor([1e-5, 1e4]).half(), torch.tensor([1e30, -2.5]).bfloat16())

print("-- integer arithmetic wraps")
u = torch.tensor([0, 1, 200, 255], dtype=torch.uint8)
i8 = torch.tensor([-128, -1, 0, 127], dtype=torch.int8)
i16 = torch.tensor([-32768, -1, 0, 32767], dtype=torch.int16)
for t in (u, i8, i16):
    print(t + 1, t * 3, -t, t - 5, t // 3, t % 7, t.abs(), t & 6, t | 1, ~t, t ^ 3, t ** 2, sep=" ")
    print(t.sum(), t.sum().dtype, t.prod(), t.max(), t.min(), t.argmax(), t.cumsum(0))
    print(t == 0, t > 0, t.float(), t / 2, t.any(), t.all(), t.clamp(0, 100))
print(u - 1, (u + 100).dtype, u + torch.tensor([1], dtype=torch.int8))

print("-- float16 and bfloat16 arithmetic")
torch.manual_seed(0)
for d in (torch.float16, torch.bfloat16):
    a = torch.randn(1000).to(d)
    b = torch.randn(1000).to(d)
    print(d, (a + b)[:6].tolist(), (a * b)[:6].tolist(), (a / b)[:4].tolist(), (a - 0.1)[:4].tolist(), (a * 0.3)[:4].tolist())
    print(hash(tuple((a + b).tolist())), hash(tuple((a * b).tolist())), hash(tuple((a / b).tolist())),
          hash(tuple((a + 0.1).tolist())), hash(tuple((a * 3).tolist())))
    print(a.sum(), a.sum(0), a.abs().max(), a.argmin(), (a > b).sum(), a.neg()[:3], torch.maximum(a, b)[:3])
    print(a.float().sum().to(d), a.double().sum(), a.reshape(10, 100).sum(1)[:4].tolist(), a.reshape(10, 100).sum(0)[:4].tolist())
    big = torch.full((5,), 60000.0).to(d)
    print(big + big, big * 2, (big * 2) == float("inf"), big - big)
    m = a.reshape(10, 100)
    print(m[torch.tensor([1, 3])][:, :3], m[m[:, 0] > 0][:, 0], m.gather(1, torch.tensor([[0], [5]] * 5))[:3].tolist())
    z = torch.zeros(3, 4, dtype=d)
    z[1] = 2.5
    z[:, 0] += 1
    z.index_put_((torch.tensor([0, 0]),), torch.tensor(0.25, dtype=d), accumulate=True)
    print(z, torch.cat([z, z]).shape, torch.stack([z[0], z[1]]), z.t().contiguous(), z.clone().fill_(3.3))

print("-- random draws")
for d in small:
    torch.manual_seed(0)
    print(d, torch.randint(0, 10, (5,), dtype=d).tolist(), torch.empty(5, dtype=d).random_().tolist(),
          torch.empty(3, dtype=d).random_(-1, 5).tolist() if d != torch.uint8 else "")
for d in (torch.float16, torch.bfloat16):
    torch.manual_seed(0)
    print(d, torch.rand(5, dtype=d).tolist(), torch.empty(3, dtype=d).uniform_(-2, 3).tolist())
    torch.manual_seed(1)
    print(torch.randn(5, dtype=d).tolist(), torch.randn(37, dtype=d).tolist())
    print(torch.empty(100, dtype=d).normal_(2, 3).sum().item(), torch.empty(5, dtype=d).exponential_().tolist(),
          torch.bernoulli(torch.full((6,), 0.3, dtype=d)).tolist() if d == torch.bfloat16 else "")

print("-- finfo and iinfo")
for d in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
    fi = torch.finfo(d)
    print(repr(fi), fi.bits, fi.eps, fi.max, fi.min, fi.tiny, fi.smallest_normal, fi.resolution, fi.dtype)
print(torch.finfo(), torch.finfo(torch.half) == torch.finfo(torch.float16))
for d in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64):
    ii = torch.iinfo(d)
    print(repr(ii), ii.bits, ii.min, ii.max, ii.dtype)

print("-- errors")
tries = [
    lambda: torch.iinfo(torch.float32), lambda: torch.finfo(torch.int32), lambda: torch.iinfo(torch.bool),
    lambda: torch.iinfo(), lambda: torch.finfo("x"), lambda: torch.promote_types(1, torch.int),
    lambda: torch.promote_types(torch.int, None), lambda: torch.can_cast(torch.int, "a"),
    lambda: torch.tensor([300], dtype=torch.uint8), lambda: torch.tensor([1.5, 300.5], dtype=torch.uint8),
    lambda: torch.tensor([128], dtype=torch.int8), lambda: torch.tensor([40000], dtype=torch.int16),
    lambda: torch.ones(2, dtype=torch.uint8).mean(), lambda: torch.ones(2, dtype=torch.int8).var(),
    lambda: torch.ones(2, dtype=torch.int16).softmax(0), lambda: torch.empty(3, dtype=torch.uint8).random_(-1, 5),
    lambda: torch.empty(3, dtype=torch.int8).random_(0, 300), lambda: torch.empty(3, dtype=torch.half).random_(0, 70000),
    lambda: torch.empty(3, dtype=torch.uint8).uniform_(), lambda: torch.empty(3, dtype=torch.int16).normal_(),
    lambda: torch.ones(2, dtype=torch.half) & 1, lambda: torch.ones(2, dtype=torch.uint8).add_(1.5),
    lambda: torch.ones(2, dtype=torch.half).lerp(torch.ones(2), 0.5),
]
for t in tries:
    try:
        print(t())
    except Exception as e:
        print(type(e).__name__, e)
print(torch.tensor([-1, 255], dtype=torch.uint8), torch.tensor([70000.0], dtype=torch.half), torch.tensor([True, 2], dtype=torch.uint8))
