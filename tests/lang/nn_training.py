# Training loops as notebooks write them: a custom nn.Module classifier
# with CrossEntropyLoss and SGD, a regression with AdamW and a scheduler,
# eval under no_grad, and the losses printed each epoch.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super(Classifier, self).__init__()
        self.hidden = nn.Linear(n_in, n_hidden)
        self.out = nn.Linear(n_hidden, n_out)
        self.dropout = nn.Dropout(0.2)

    def forward(self, x):
        x = F.relu(self.hidden(x))
        x = self.dropout(x)
        return self.out(x)


torch.manual_seed(0)
n = 200
x = torch.randn(n, 2)
labels = ((x[:, 0] > 0).long() + (x[:, 1] > 0).long())
model = Classifier(2, 16, 3)
print(model)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
for epoch in range(20):
    model.train()
    optimizer.zero_grad()
    logits = model(x)
    loss = criterion(logits, labels)
    loss.backward()
    optimizer.step()
    if epoch % 5 == 4:
        model.eval()
        with torch.no_grad():
            acc = (model(x).argmax(dim=1) == labels).float().mean().item()
        print(f"epoch {epoch + 1}: loss {loss.item():.4f} accuracy {acc:.3f}")

print(model.training, model(x[:3]).requires_grad)
with torch.no_grad():
    print(model(x[:3]).requires_grad, model(x[:3]).argmax(1))

torch.manual_seed(1)
xs = torch.linspace(-1, 1, 64).unsqueeze(1)
ys = 3 * xs ** 2 - xs + 0.5
net = nn.Sequential(nn.Linear(1, 32), nn.Tanh(), nn.Linear(32, 1))
opt = torch.optim.AdamW(net.parameters(), lr=0.05)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10, gamma=0.5)
for epoch in range(30):
    opt.zero_grad()
    loss = F.mse_loss(net(xs), ys)
    loss.backward()
    opt.step()
    sched.step()
    if epoch % 10 == 9:
        print(f"epoch {epoch + 1}: loss {loss.item():.4f} lr {sched.get_last_lr()[0]}")
print(f"{F.mse_loss(net(xs), ys).item():.3f}")
