# A tutorial's linear regression by hand (d2l's first model): minibatches by
# randperm, squared loss, parameters updated under no_grad, losses printed
# with :f and in full at every epoch, the final parameters in full: the
# same text as PyTorch 1.13 prints (CPU capability AVX2; one thread).
import torch
torch.set_num_threads(1)
torch.manual_seed(0)
X = torch.randn(256, 3)
true_w = torch.tensor([[2.0], [-3.4], [1.7]])
y = X @ true_w + 4.2 + torch.normal(0, 0.01, (256, 1))
w = torch.normal(0, 0.01, size=(3, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
def data_iter(bs):
    idx = torch.randperm(256)
    for i in range(0, 256, bs):
        j = idx[i:i + bs]
        yield X[j], y[j]
for epoch in range(5):
    for xb, yb in data_iter(10):
        l = ((xb @ w + b - yb) ** 2 / 2).sum()
        l.backward()
        with torch.no_grad():
            for p in (w, b):
                p -= 0.03 * p.grad / 10
                p.grad.zero_()
    with torch.no_grad():
        print(f"epoch {epoch + 1}, loss {float(((X @ w + b - y) ** 2 / 2).mean()):f}", ((X @ w + b - y) ** 2 / 2).mean().item())
print(w.flatten().tolist(), b.item())
