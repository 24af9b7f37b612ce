# bitwise_left_shift / bitwise_right_shift and the << >> <<= >>= operators
# on tensors against PyTorch 1.13: every integral dtype, counts past the
# width and negative, Python numbers, promotion, in-place forms, errors.
import torch


def run(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)


a = torch.tensor([1, -8, 3, 127, -128, 0, 5, -1, 100])
b = torch.tensor([1, 2, 70, 7, 1, 3, -1, 63, 64])
for dt in (torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8):
    x, y = a.to(dt), b.to(dt)
    print(dt, torch.bitwise_left_shift(x, y), torch.bitwise_right_shift(x, y), x << y, x >> y)
    print(dt, x << 2, x >> 1, x.bitwise_left_shift(3), x.bitwise_right_shift(y[:1]))
print(a.to(torch.int8) << b, a.to(torch.uint8) >> torch.tensor(2, dtype=torch.int32))
z = a.clone()
z <<= 2
print(z)
z >>= torch.tensor(1)
print(z, z.bitwise_left_shift_(b), z.bitwise_right_shift_(3))
print(3 << torch.tensor([1, 2]), 64 >> torch.tensor([1, 2]))
run("float", lambda: torch.tensor([1.5]) << 1)
run("float fn", lambda: torch.bitwise_left_shift(torch.tensor([1.5]), torch.tensor([1])))
run("bool", lambda: torch.tensor([True]) >> torch.tensor([True]))
run("int by float", lambda: torch.tensor([1]) << 1.5)
run("in place promote", lambda: torch.tensor([1], dtype=torch.int8).bitwise_left_shift_(torch.tensor([1])))
