# F.pad in its four modes, the padding layers, and the convolutions' padding
# modes and padding='same' with an even kernel, against PyTorch 1.13.
import torch
import torch.nn as nn
import torch.nn.functional as F


def names(t):
    return type(t.grad_fn).__name__, [type(f).__name__ for f, _ in t.grad_fn.next_functions]


print("-- the four modes, 1-d, with their nodes and input gradients")
x = torch.arange(6.).reshape(1, 2, 3).requires_grad_()
for m in ['constant', 'reflect', 'replicate', 'circular']:
    y = F.pad(x, (1, 2), mode=m)
    print(m, y, names(y))
    (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
    print(x.grad)
    x.grad = None

print("-- 2-d and 3-d")
x2 = torch.arange(24.).reshape(1, 2, 3, 4)
print(F.pad(x2, (1, 1, 2, 0), value=-1.5))
print(F.pad(x2, (1, 2, 2, 1), mode='reflect'))
print(F.pad(x2, (2, 0, 1, 3), mode='replicate'))
print(F.pad(x2, (1, 2, 2, 1), mode='circular'))
print(F.pad(x2, (-1, 2, 1, -2), mode='circular'))
x3 = x2.reshape(1, 1, 2, 3, 4).requires_grad_()
y = F.pad(x3, (1, 1, 1, 0, 1, 1), mode='reflect')
print(y.shape, names(y))
y.pow(2).sum().backward()
print(x3.grad)
y = F.pad(x3[0], (0, 2, 1, 0, 1, 0), mode='replicate')
print(y.shape, names(y), y[0, :, 0])
print(F.pad(x2, (1, 0, 0, 0, 0, 1, 1, 0), value=7.0).shape)

print("-- crops, dtypes, values")
print(F.pad(x2.long(), (1, 1), value=2.5))
print(F.pad(x2.bool(), (1, 0), value=0.0)[0, 0])
xc = x2.clone().requires_grad_()
y = F.pad(xc, (-1, -1))
print(y.shape, names(y))
y = F.pad(xc, (-1, 2, 1, -2))
print(y.shape, names(y))
y.sum().backward()
print(xc.grad[0, 0])
y = F.pad(xc, (1, -2, 0, 1), mode='reflect')
print(y[0, 1])
y = F.pad(x2.double(), [1, 1, 0, 2], mode='replicate')
print(y.dtype, y.shape)

print("-- double backward")
a = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
for m in ['constant', 'reflect', 'replicate', 'circular']:
    y = F.pad(a, (2, 1), mode=m) if m != 'circular' else F.pad(a[None], (2, 1), mode=m)
    (g,) = torch.autograd.grad(y.pow(3).sum(), a, create_graph=True)
    (gg,) = torch.autograd.grad(g.sum(), a)
    print(m, g.tolist(), gg)  # cgrad's create_graph nodes are engine ops: values only

print("-- layers")
mods = [nn.ZeroPad2d(1), nn.ZeroPad2d((1, 0, 2, 1)), nn.ConstantPad1d(2, 3.5), nn.ConstantPad2d((1, 2, 0, 1), -1.0),
        nn.ConstantPad3d(1, 0.5), nn.ReflectionPad1d(2), nn.ReflectionPad2d((1, 1, 2, 0)), nn.ReflectionPad3d(1),
        nn.ReplicationPad1d((3, 1)), nn.ReplicationPad2d(2), nn.ReplicationPad3d((1, 0, 0, 1, 1, 1))]
for m in mods:
    print(m)
x = torch.arange(18.).reshape(1, 2, 3, 3)
print(nn.ReflectionPad2d((1, 1, 2, 0))(x))
print(nn.ZeroPad2d((1, 0, 2, 1))(x)[0, 1])
print(nn.ReplicationPad3d((1, 0, 0, 1, 1, 1))(x.unsqueeze(0)).shape)
print(nn.ConstantPad3d(1, 0.5)(x).shape)
print(nn.Sequential(nn.ReflectionPad1d(1), nn.Conv1d(2, 1, 3)))

print("-- convolutions: padding modes and 'same' with an even kernel")
for mode in ['zeros', 'reflect', 'replicate', 'circular']:
    torch.manual_seed(1)
    c = nn.Conv2d(2, 3, 3, padding=1, padding_mode=mode)
    print(c)
    xi = x.clone().requires_grad_()
    y = c(xi)
    y.sum().backward()
    print(y[0, 0], xi.grad[0, 1])
torch.manual_seed(2)
c = nn.Conv1d(2, 2, 4, padding='same', padding_mode='reflect')
print(c, c._reversed_padding_repeated_twice)
print(c(torch.arange(10.).reshape(1, 2, 5)))
w = torch.ones(3, 2, 2, 2)
xi = x.clone().requires_grad_()
y = F.conv2d(xi, w, padding='same')
print(y[0, 0], names(y))
y.sum().backward()
print(xi.grad)
print(F.conv1d(torch.arange(8.).reshape(2, 4), torch.ones(1, 2, 2), padding='same', dilation=3))

print("-- errors")
x = torch.arange(6.).reshape(1, 2, 3)
x2 = torch.arange(24.).reshape(1, 2, 3, 4)
for f in [lambda: F.pad(x, (1,)), lambda: F.pad(x, (1, 1, 1, 1, 1, 1, 1, 1)),
          lambda: F.pad(x, (1, 1), mode='reflect', value=1), lambda: F.pad(x, (3, 3), mode='reflect'),
          lambda: F.pad(x, (1, 1), mode='foo'), lambda: F.pad(x[0], (1, 1, 1, 1), mode='reflect'),
          lambda: F.pad(x, (4, 4), mode='circular'), lambda: F.pad(x, (1, 1, 1, 1, 1, 1), mode='reflect'),
          lambda: F.pad(x.long(), (1, 1), mode='reflect'), lambda: F.pad(x.long(), (1, 1), mode='replicate'),
          lambda: F.pad(x, (1.5, 1)), lambda: F.pad(x, (1, 1, 0, 0), mode='circular'),
          lambda: F.pad(x[0], (1, 1), mode='circular'), lambda: F.pad(x, (-2, -1), mode='reflect'),
          lambda: F.pad(x, (-2, -1), mode='replicate'), lambda: F.pad(x, (-2, -2)), lambda: F.pad(x, (1, 1), mode=3),
          lambda: F.pad(x, 5), lambda: F.pad(x, (1, 1), value='a'), lambda: F.pad(x2, (4, 0, 0, 0), mode='reflect'),
          lambda: F.pad(x2, (0, 0, 3, 0), mode='reflect'),
          lambda: F.pad(x2.reshape(1, 1, 2, 3, 4), (4, 0, 0, 0, 0, 0), mode='reflect'),
          lambda: F.pad(torch.zeros(2, 0), (1, 1), mode='reflect'),
          lambda: F.pad(torch.zeros(2, 0), (1, 1), mode='replicate'),
          lambda: F.pad(x2, (-2, -2), mode='circular'), lambda: F.pad(x2.bool(), (1, 1, 1, 1), mode='replicate')]:
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
for p in [(-4, 0), (-3, 0), (-3, 1), (0, -3), (-1, -2), (-2, 0, 1, 0), (0, -4), (-5, 0), (1, -4), (0, 0, -3, 0),
          (0, 0, 0, -3), (2, -5)]:
    try:
        print(p, F.pad(x, p).shape)
    except Exception as e:
        print(p, type(e).__name__, e)
