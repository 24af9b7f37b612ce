# Every layer's forward values, output shapes and grad_fn names, and the
# gradients they send back, for seeded inputs. Embedding and LayerNorm are
# composed of other ops in cgrad (their grad_fn names differ from
# PyTorch's EmbeddingBackward0/NativeLayerNormBackward0): their outputs
# are printed detached.
import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(2, 3, requires_grad=True)


def run(name, m, inp):
    y = m(inp)
    print(name, tuple(y.shape), y.grad_fn.name() if y.grad_fn is not None else None)
    print(y)
    return y


lin = nn.Linear(3, 4)
y = run("linear", lin, x)
y.sum().backward()
print(lin.weight.grad, lin.bias.grad, x.grad)
print(run("linear no bias", nn.Linear(3, 2, bias=False), x).grad_fn.next_functions[0][0].name())
run("linear 3d", nn.Linear(3, 2), torch.randn(2, 2, 3))
run("relu", nn.ReLU(), x)
run("leaky", nn.LeakyReLU(0.1), x)
run("gelu", nn.GELU(), x)
run("gelu tanh", nn.GELU(approximate="tanh"), x)
run("tanh", nn.Tanh(), x)
run("sigmoid", nn.Sigmoid(), x)
run("softmax", nn.Softmax(dim=1), x)
run("softmax0", nn.Softmax(dim=0), x)
run("logsoftmax", nn.LogSoftmax(dim=1), x)
run("softmin", nn.Softmin(dim=1), x)
print(nn.Identity()(x) is x)
run("flatten", nn.Flatten(), torch.randn(2, 3, 4))
print(nn.Flatten(0, 1)(torch.randn(2, 3, 4)).shape, nn.Flatten(0, -1)(torch.randn(2, 3)).shape)

# in-place ReLU changes its input
t = torch.tensor([-1.0, 2.0])
r = nn.ReLU(inplace=True)(t)
print(t, r is t)

# Embedding: values are the weight's rows, gradients accumulate per row
torch.manual_seed(0)
emb = nn.Embedding(5, 3)
print(emb.weight)
idx = torch.tensor([[0, 2, 0], [4, 3, 2]])
e = emb(idx)
print(e.shape, e.detach(), e.requires_grad)
e.sum().backward()
print(emb.weight.grad)
pad = nn.Embedding(4, 2, padding_idx=1)
print(pad.weight[1])
pad(torch.tensor([1, 1, 2])).sum().backward()
print(pad.weight.grad)
pre = nn.Embedding.from_pretrained(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(pre(torch.tensor([1, 0])), pre.weight.requires_grad)
print(nn.Embedding(3, 2)(torch.tensor([2], dtype=torch.int32)).shape)
mn = nn.Embedding(3, 2, max_norm=1.0)
with torch.no_grad():
    mn.weight.copy_(torch.tensor([[3.0, 4.0], [0.1, 0.1], [1.0, 0.0]]))
print(mn(torch.tensor([0, 1])).detach(), mn.weight)

# LayerNorm
torch.manual_seed(0)
ln = nn.LayerNorm(3)
v = torch.randn(2, 3, requires_grad=True)
out = ln(v)
print(out.detach(), out.requires_grad)
(out * torch.tensor([1.0, -2.0, 0.5])).sum().backward()
print(v.grad, ln.weight.grad, ln.bias.grad)
ln2 = nn.LayerNorm([2, 3], elementwise_affine=False)
print(ln2(torch.arange(12.0).reshape(2, 2, 3)))
print(ln.weight, ln.bias)
print(nn.LayerNorm(4, eps=0.5)(torch.tensor([1.0, 2.0, 3.0, 4.0])).detach())
