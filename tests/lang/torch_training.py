# A small training loop written with tensors only: manual parameters,
# F.mse_loss, backward, updates under no_grad, zeroing grads
import torch
import torch.nn.functional as F

torch.manual_seed(0)
X = torch.randn(64, 3)
true_w = torch.tensor([[2.0], [-3.0], [0.5]])
y = X @ true_w + 1.0 + 0.01 * torch.randn(64, 1)

w = torch.zeros(3, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.1
for epoch in range(60):
    pred = X @ w + b
    loss = F.mse_loss(pred, y)
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()
    b.grad = None
    if epoch % 20 == 0:
        print(f"epoch {epoch}: loss {loss.item():.4f}")
print(w.detach().squeeze(), b.item() > 0.9, round(loss.item(), 4))

# two-layer net, hand-written
torch.manual_seed(1)
W1 = (torch.randn(3, 8) * 0.5).requires_grad_()
W2 = (torch.randn(8, 1) * 0.5).requires_grad_()
params = [W1, W2]
for step in range(50):
    h = torch.relu(X @ W1)
    out = h @ W2
    loss = ((out - y) ** 2).mean()
    for p in params:
        p.grad = None
    loss.backward()
    with torch.no_grad():
        for p in params:
            p.add_(p.grad, alpha=-0.05)
print(f"final {loss.item():.4f}", W1.grad.shape, W2.is_leaf)
