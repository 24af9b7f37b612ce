# Parameters, buffers, children and modules: registration by attribute
# assignment, traversal order, recurse=False, sharing (each counted once),
# and iterators that list(), for and next() can consume.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(2))
        self.fc1 = nn.Linear(3, 4)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(4, 2)
        self.register_buffer("running", torch.zeros(2))
        self.register_buffer("tmp", torch.ones(1), persistent=False)
        self.plain = torch.ones(3)  # a plain tensor attribute is not registered
        self.number = 5

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x))) * self.scale


net = Net()
for name, p in net.named_parameters():
    print(name, tuple(p.shape), p.requires_grad, type(p).__name__)
print(sum(p.numel() for p in net.parameters()))
print([n for n, _ in net.named_parameters(recurse=False)])
print([n for n, _ in net.named_parameters(prefix="net")])
print([n for n, _ in net.named_buffers()], [b.shape for b in net.buffers()])
print([n for n, _ in net.named_children()])
print([type(m).__name__ for m in net.children()])
print([n for n, _ in net.named_modules()])
print([type(m).__name__ for m in net.modules()])
print(list(net._parameters.keys()), list(net._modules.keys()), list(net._buffers.keys()))
print(net.number, net.plain.shape, net.running)

it = net.parameters()
print(next(it).shape, next(it).shape)
print(len(list(it)))

# sharing: the same module or parameter twice is listed once
shared = nn.Linear(2, 2)
seq = nn.Sequential(shared, nn.ReLU(), shared)
print(len(list(seq.parameters())), [n for n, _ in seq.named_parameters()])
print([n for n, _ in seq.named_modules()], len(list(seq.children())))
tied = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 2))
tied[1].weight = tied[0].weight
print([n for n, _ in tied.named_parameters()])
print([n for n, _ in seq.named_modules(remove_duplicate=False)])

# attribute semantics
print(isinstance(net.fc1.weight, nn.Parameter), isinstance(net.fc1.weight, torch.Tensor))
net.fc1.bias = None
print([n for n, _ in net.fc1.named_parameters()], net.fc1.bias)
net.extra = nn.Parameter(torch.zeros(1))
print([n for n, _ in net.named_parameters()][-1])
del net.extra
print(hasattr(net, "extra"), "extra" in dict(net.named_parameters()))
net.fc2 = nn.Identity()
print([n for n, _ in net.named_modules()])
del net.act
print([n for n, _ in net.named_children()])
net.running = torch.full((2,), 7.0)
print(net.running, dict(net.named_buffers())["running"])
net.add_module("late", nn.Tanh())
net.register_module("later", nn.Sigmoid())
net.register_parameter("p", nn.Parameter(torch.ones(1)))
net.register_parameter("q", None)
print([n for n, _ in net.named_children()], [n for n, _ in net.named_parameters()], net.q)
print(net.get_submodule("late"), net.get_parameter("fc1.weight").shape, net.get_buffer("running"))
print(net.fc1.in_features, net.fc1.out_features, net.fc1.weight.shape, net.fc1.weight.dtype)
print(nn.Parameter(torch.zeros(2), requires_grad=False).requires_grad, nn.Parameter().shape)
p = nn.Parameter(torch.tensor([1.0, 2.0]))
print(p)
print(p.is_leaf, p.grad_fn, (p * 2).grad_fn.name(), type(p * 2).__name__, type(p.data).__name__)
print(nn.Parameter(torch.zeros(2, dtype=torch.float64)))
