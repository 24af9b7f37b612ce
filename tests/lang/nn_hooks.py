# Module hooks: forward pre-hooks and forward hooks (seeing and replacing
# inputs and outputs), full backward hooks (grad_input and grad_output,
# replacing grad_input), handles with remove(), and global module hooks.
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(3, 2)
x = torch.tensor([[1.0, 2.0, 3.0]])
log = []


def pre(module, inputs):
    log.append(("pre", type(module).__name__, type(inputs).__name__, len(inputs)))


def post(module, inputs, output):
    log.append(("post", tuple(inputs[0].shape), tuple(output.shape)))


h1 = lin.register_forward_pre_hook(pre)
h2 = lin.register_forward_hook(post)
y = lin(x)
print(log)
print(h1.id < h2.id, type(h1).__name__)
h1.remove()
h1.remove()  # a second remove does nothing
log.clear()
lin(x)
print(log)
h2.remove()
log.clear()
lin(x)
print(log)


# a pre-hook may replace the input, a forward hook the output
def double_input(module, inputs):
    return inputs[0] * 2


def add_one(module, inputs, output):
    return output + 1


h = lin.register_forward_pre_hook(double_input)
print(torch.allclose(lin(x), lin.forward(x * 2)))
h.remove()
h = lin.register_forward_hook(add_one)
print(torch.allclose(lin(x), lin.forward(x) + 1))
h.remove()

# hooks on submodules run when the container runs
seq = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
shapes = []
handles = [m.register_forward_hook(lambda m, i, o: shapes.append((type(m).__name__, tuple(o.shape))))
           for m in seq]
seq(torch.ones(5, 3))
print(shapes)
for handle in handles:
    handle.remove()

# full backward hooks
grads = []


def bhook(module, grad_input, grad_output):
    grads.append((type(module).__name__, [None if g is None else tuple(g.shape) for g in grad_input],
                  [tuple(g.shape) for g in grad_output]))


xr = torch.tensor([[1.0, -2.0, 3.0]], requires_grad=True)
hb = lin.register_full_backward_hook(bhook)
out = lin(xr)
out.sum().backward()
print(grads)
print(xr.grad)
hb.remove()


def zero_grad_input(module, grad_input, grad_output):
    return (grad_input[0] * 0,)


xr.grad = None
hb = lin.register_full_backward_hook(zero_grad_input)
lin(xr).sum().backward()
print(xr.grad, lin.weight.grad is not None)
hb.remove()

# input that does not require grad: grad_input is (None,)
grads.clear()
hb = lin.register_full_backward_hook(bhook)
lin(x).sum().backward()
print(grads)
hb.remove()


# several inputs
class Pair(nn.Module):
    def forward(self, a, b):
        return a * b


pair = Pair()
seen = []
pair.register_full_backward_hook(lambda m, gi, go: seen.append([g.tolist() for g in gi] + [go[0].tolist()]))
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
pair(a, b).sum().backward()
print(seen, a.grad, b.grad)

# the handle is a context manager
with lin.register_forward_hook(post) as hh:
    log.clear()
    lin(x)
    print(len(log))
log.clear()
lin(x)
print(len(log))

# global hooks see every module
calls = []
g = nn.modules.module.register_module_forward_hook(lambda m, i, o: calls.append(type(m).__name__))
seq(torch.ones(1, 3))
g.remove()
seq(torch.ones(1, 3))
print(calls)
