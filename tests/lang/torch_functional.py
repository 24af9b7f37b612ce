# torch.nn.functional: activations, softmax, linear, dropout, losses
import torch
import torch.nn.functional as F


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


x = torch.tensor([[1., -2.], [3., 4.]], requires_grad=True)
print(F.relu(x), F.leaky_relu(x, 0.2), F.leaky_relu(x, negative_slope=0.1), F.gelu(x), F.gelu(x, approximate='tanh'))
print(F.softmax(x, dim=1), F.softmax(x, 0), F.log_softmax(x, dim=1), F.softmin(x, 1), F.softmax(x, 1, dtype=torch.float64))
w = torch.tensor([[1., 0.], [0., 1.], [1., 1.]])
print(F.linear(x, w), F.linear(x, w, torch.tensor([1., 2., 3.])), F.linear(torch.ones(2), w))
print(F.dropout(x, 0.5, False), F.dropout(x, p=0.0), F.dropout(x, training=False))
torch.manual_seed(0)
print(F.dropout(torch.ones(8), 0.5))
t = torch.tensor([[0., 1.], [2., 5.]])
print(F.mse_loss(x, t), F.mse_loss(x, t, reduction='sum'), F.mse_loss(x, t, reduction='none'))
print(F.l1_loss(x, t), F.smooth_l1_loss(x, t), F.smooth_l1_loss(x, t, beta=0.5), F.huber_loss(x, t, delta=2.0))
labels = torch.tensor([0, 1])
print(F.nll_loss(F.log_softmax(x, 1), labels), F.cross_entropy(x, labels), F.cross_entropy(x, labels, reduction='none'))
print(F.cross_entropy(x, labels, weight=torch.tensor([1., 2.])), F.cross_entropy(x, torch.tensor([0, -100])))
print(F.cross_entropy(x, labels, label_smoothing=0.1), F.cross_entropy(x, torch.softmax(t, 1)))
p = torch.sigmoid(x)
print(F.binary_cross_entropy(p, torch.ones(2, 2)), F.binary_cross_entropy(p, torch.eye(2), reduction='sum'))
print(F.binary_cross_entropy_with_logits(x, torch.eye(2)), F.binary_cross_entropy_with_logits(x, torch.eye(2), pos_weight=torch.tensor([1., 3.])))
loss = F.cross_entropy(x, labels)
loss.backward()
print(x.grad)
show(lambda: F.mse_loss(x, t, reduction='foo'))
show(lambda: F.relu(x, inplace=True))
show(lambda: F.dropout(x, p=1.5))
show(lambda: F.binary_cross_entropy(p, torch.ones(2)))
show(lambda: F.binary_cross_entropy_with_logits(x, torch.ones(2)))
show(lambda: F.relu(1))
show(lambda: F.nll_loss(x, torch.tensor([0, 5])))
y = torch.tensor([-1., 2.])
print(F.relu(y, inplace=True), y)
