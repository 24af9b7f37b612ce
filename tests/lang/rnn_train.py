# Seeded training of recurrent models as in PyTorch 1.13, bit for bit:
# dropout between layers draws from the global generator in PyTorch's
# order (train mode) and not at all in eval mode; a few SGD (momentum) and
# Adam steps over LSTM, GRU and RNN stacks with a linear head, at one and
# two threads, float32 and float64.
import torch
import torch.nn as nn


def digest(t):
    flat = t.detach().flatten().tolist()
    return f"{hash(tuple(flat)) & 0xffffffffffff:012x} {flat[0]!r}"


class Tagger(nn.Module):
    def __init__(self, rnn, out):
        super().__init__()
        self.rnn = rnn
        self.head = nn.Linear(out, 3)

    def forward(self, x):
        y, _ = self.rnn(x)
        return self.head(y)


def train(make, opt_name, dtype, threads, batch_first):
    torch.set_num_threads(threads)
    torch.manual_seed(17)
    model = make().to(dtype)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9) if opt_name == 'sgd' else \
        torch.optim.Adam(model.parameters(), lr=0.01)
    x = torch.randn(6, 4, 5, dtype=dtype)
    if batch_first:
        x = x.transpose(0, 1).contiguous()
    target = torch.randint(0, 3, (6 * 4,))
    for step in range(4):
        opt.zero_grad()
        logits = model(x)
        loss = nn.functional.cross_entropy(logits.reshape(-1, 3), target)
        loss.backward()
        opt.step()
        print(' step', step, repr(loss.item()))
    print(' params', [digest(p) for p in model.parameters()])
    model.eval()
    print(' eval', digest(model(x)), repr(torch.rand(1).item()))


makers = [
    ('lstm', lambda: Tagger(nn.LSTM(5, 8, num_layers=2, dropout=0.3), 8), False),
    ('lstm bi bf', lambda: Tagger(nn.LSTM(5, 6, num_layers=3, dropout=0.5, bidirectional=True, batch_first=True),
                                  12), True),
    ('lstm proj', lambda: Tagger(nn.LSTM(5, 8, num_layers=2, dropout=0.2, proj_size=4), 4), False),
    ('gru', lambda: Tagger(nn.GRU(5, 7, num_layers=2, dropout=0.4, bidirectional=True), 14), False),
    ('rnn relu', lambda: Tagger(nn.RNN(5, 6, num_layers=2, dropout=0.1, nonlinearity='relu', batch_first=True), 6),
     True),
]
for i, (name, make, bf) in enumerate(makers):
    for opt_name in ('sgd', 'adam'):
        for dtype in (torch.float32, torch.float64):
            threads = 2 if (i + (dtype == torch.float64)) % 2 else 1
            print(name, opt_name, dtype, threads)
            train(make, opt_name, dtype, threads, bf)
