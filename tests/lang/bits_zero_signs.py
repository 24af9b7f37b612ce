# The sign of zero in gradients, as PyTorch 1.13 gives it: maximum/minimum and max/min reductions write +0 where an input lost (masked_fill and scatter into zeros, not a product with a mask), which shows under negative and -0 gradients (a loss clamped to 0 behind a subtraction).
import torch
a = torch.tensor([1.0, 5.0, 3.0], dtype=torch.float64, requires_grad=True)
b = torch.tensor([2.0, 4.0, 3.0], dtype=torch.float64, requires_grad=True)
(-torch.minimum(a, b)).backward(torch.zeros(3, dtype=torch.float64)); print(a.grad.tolist(), b.grad.tolist()); a.grad = b.grad = None
(-torch.maximum(a, b)).backward(torch.zeros(3, dtype=torch.float64)); print(a.grad.tolist(), b.grad.tolist()); a.grad = b.grad = None
(-torch.clamp_min(a, 2.5)).backward(torch.zeros(3, dtype=torch.float64)); print(a.grad.tolist()); a.grad = None
(-torch.relu(a - 2.5)).backward(torch.zeros(3, dtype=torch.float64)); print(a.grad.tolist()); a.grad = None
(-torch.where(a > 2, a, b)).backward(torch.zeros(3, dtype=torch.float64)); print(a.grad.tolist(), b.grad.tolist()); a.grad = b.grad = None
(-torch.clamp(a, 2, 4)).backward(torch.zeros(3, dtype=torch.float64)); print(a.grad.tolist()); a.grad = None
(-torch.abs(a - 3)).backward(torch.zeros(3, dtype=torch.float64)); print(a.grad.tolist()); a.grad = None
(-torch.max(a)).backward(torch.zeros((), dtype=torch.float64)); print(a.grad.tolist()); a.grad = None
(-a.max(0)[0]).backward(torch.zeros((), dtype=torch.float64)); print(a.grad.tolist()); a.grad = None
x = torch.tensor([[1.0, -3.0, 2.0], [4.0, 4.0, -1.0]], requires_grad=True)
(-x.max(1)[0]).backward(torch.zeros(2)); print(x.grad.tolist()); x.grad = None
(-x.min(0)[0]).backward(torch.zeros(3)); print(x.grad.tolist()); x.grad = None
(-x.max()).backward(torch.tensor(-2.)); print(x.grad.tolist()); x.grad = None
y = torch.tensor([float('nan'), 1.0, float('nan')], requires_grad=True)
y.max().backward(torch.tensor(3.)); print(y.grad.tolist())
