# A custom torch.autograd.Function inside an nn.Module, trained with SGD:
# a linear layer whose backward is written by hand, checked against
# nn.Linear with the same weights, and a custom activation
import torch
import torch.nn as nn


class LinearFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias


class LeakyClamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, slope):
        ctx.save_for_backward(x)
        ctx.slope = slope
        return torch.where(x > 0, x, x * slope)

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return torch.where(x > 0, grad, grad * ctx.slope), None


class MyLinear(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_out, n_in))
        self.bias = nn.Parameter(torch.empty(n_out))

    def forward(self, x):
        return LinearFunction.apply(x, self.weight, self.bias)


class Net(nn.Module):
    def __init__(self, custom):
        super().__init__()
        self.fc1 = MyLinear(3, 4) if custom else nn.Linear(3, 4)
        self.fc2 = MyLinear(4, 1) if custom else nn.Linear(4, 1)
        self.custom = custom

    def forward(self, x):
        h = self.fc1(x)
        h = LeakyClamp.apply(h, 0.1) if self.custom else torch.where(h > 0, h, h * 0.1)
        return self.fc2(h)


torch.manual_seed(0)
ref = Net(False)
net = Net(True)
with torch.no_grad():
    for (name, p), q in zip(net.named_parameters(), ref.parameters()):
        p.copy_(q)
        print(name, tuple(p.shape))

x = torch.linspace(-1, 1, 24).reshape(8, 3)
target = x.sum(1, keepdim=True) ** 2
out = net(x)
print(out.grad_fn.name(), [type(f).__name__ for f, _ in out.grad_fn.next_functions])

opt = torch.optim.SGD(net.parameters(), lr=0.1)
ref_opt = torch.optim.SGD(ref.parameters(), lr=0.1)
loss_fn = nn.MSELoss()
for step in range(5):
    for model, o in ((net, opt), (ref, ref_opt)):
        o.zero_grad()
        loss = loss_fn(model(x), target)
        loss.backward()
        o.step()
        if model is net:
            mine = loss.item()
        else:
            theirs = loss.item()
    print(step, round(mine, 3), abs(mine - theirs) < 1e-4)
print(torch.allclose(net.fc1.weight, ref.fc1.weight, atol=1e-5))
print(net.fc2.bias.grad is not None, net.fc2.bias.grad.shape)
