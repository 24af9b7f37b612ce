# The UserWarnings PyTorch prints on stderr: implicit softmax dims, target
# sizes that broadcast, x.T on other than 2-d, .grad of a non-leaf, and
# torch.tensor(tensor); each once per line, as Python's default filter
import torch
import torch.nn.functional as F

x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
print(F.softmax(x))
print(F.log_softmax(torch.ones(3)))
print(F.mse_loss(x, torch.ones(2)))
print(F.l1_loss(x, torch.zeros(1, 2)))
print(torch.ones(3).T)
print(torch.ones(2, 2, 2).T.shape)
y = x * 2
print(y.grad)
for i in range(3):
    print(F.softmin(x)[0, 0].item())
print(torch.tensor(torch.ones(2)))
print(F.nll_loss(F.log_softmax(x, 1), torch.tensor([0, 1]), reduce=False))
print(F.sigmoid(x))
print(F.tanh(x))
