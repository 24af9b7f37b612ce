# Shapes near 2^63, negative sizes and size products that overflow int64:
# every shape-taking op fails with PyTorch's error, never wraps or crashes.
import torch

B = 2**62
M = 9223372036854775807  # 2**63 - 1


def attempt(name, f):
    try:
        r = f()
        print(name, 'ok', tuple(r.shape) if hasattr(r, 'shape') else r)
    except Exception as e:
        print(name, type(e).__name__, e)


x = torch.arange(5.)
F = torch.nn.functional

# view / reshape: a product that wraps to numel must not pass
attempt('view wraps to numel', lambda: x.view(6148914691236517207, 3))
attempt('view wraps with -1', lambda: x.view(-1, 6148914691236517207, 3))
attempt('view wraps to 0', lambda: x.view(B, 4))
attempt('view of empty, 0 last', lambda: torch.empty(0).view(B, 4, 0))
attempt('view of empty, 0 first', lambda: torch.empty(0).view(0, B, 4))
attempt('view of empty with -1', lambda: torch.empty(0).view(-1, B, 4))
attempt('view -1 with M', lambda: x.view(-1, M))
attempt('view negative', lambda: x.view(-2, 3))
attempt('reshape wraps', lambda: x.reshape(6148914691236517207, 3))
attempt('reshape M x M', lambda: x.reshape(M, M))
attempt('flatten of overflow', lambda: x.expand(B, 4, 5).flatten())

# expand
attempt('expand B,4,5', lambda: x.expand(B, 4, 5))
attempt('expand M,M,5', lambda: x.expand(M, M, 5))
attempt('expand -2', lambda: x.expand(-2, 5))
attempt('expand -1 leading', lambda: x.expand(-1, 5))
attempt('expand M,5', lambda: x.expand(M, 5))
attempt('expand within int64', lambda: x[:1].expand(B, 1).shape)

# creation
attempt('empty 2**62', lambda: torch.empty(B))
attempt('empty M', lambda: torch.empty(M))
attempt('empty negative', lambda: torch.empty(-1, 3))
attempt('zeros B,4', lambda: torch.zeros(B, 4))
attempt('zeros B,2', lambda: torch.zeros(B, 2))
attempt('zeros 2**31 cubed', lambda: torch.zeros(2**31, 2**31, 2**31))
attempt('zeros 0,B,8', lambda: torch.zeros(0, B, 8))
attempt('zeros B,8,0', lambda: torch.zeros(B, 8, 0))
attempt('zeros B,0,8', lambda: torch.zeros(B, 0, 8))
attempt('zeros float64 bytes', lambda: torch.zeros(2**61, dtype=torch.float64))
attempt('ones negative', lambda: torch.ones(3, -2))
attempt('ones B,4', lambda: torch.ones(B, 4))
attempt('full B,4', lambda: torch.full((B, 4), 1.))
attempt('full negative', lambda: torch.full((-3,), 1.))
attempt('rand B,4', lambda: torch.rand(B, 4))
attempt('randn B,4', lambda: torch.randn(B, 4))
attempt('randint B,4', lambda: torch.randint(3, (B, 4)))
attempt('rand negative', lambda: torch.rand(-5))
attempt('randperm B', lambda: torch.randperm(B))
attempt('zeros_like', lambda: torch.zeros_like(x.expand(B, 4, 5)))
attempt('new_zeros', lambda: x.new_zeros(B, 4))
attempt('new_empty negative', lambda: x.new_empty(-1))
attempt('new_ones', lambda: x.new_ones((B, 8)))
attempt('new_full', lambda: x.new_full((B, 8), 2.))
attempt('eye B,4', lambda: torch.eye(B, 4))
attempt('arange 0,B', lambda: torch.arange(0, B))
attempt('arange -M,M', lambda: torch.arange(-M, M))
attempt('arange 0.,1e300', lambda: torch.arange(0., 1e300))
attempt('linspace B', lambda: torch.linspace(0, 1, B))
attempt('linspace negative', lambda: torch.linspace(0, 1, -1))
attempt('multinomial M', lambda: torch.multinomial(torch.ones(3), M, replacement=True))

# an absurd allocation that int64 can count fails at once
attempt('empty 2**40', lambda: torch.empty(2**40))

# ops that build shapes
attempt('repeat B', lambda: x.repeat(B))
attempt('repeat B,4', lambda: x.repeat(B, 4))
attempt('repeat -1', lambda: x.repeat(-1))
attempt('cat', lambda: torch.cat([x.expand(B, 5), x.expand(B, 5)]))
attempt('cat sum wraps', lambda: torch.cat([x[:1].expand(B, 1), x[:1].expand(B, 1)]))
attempt('mm', lambda: torch.mm(x.expand(B, 5), x.expand(B, 5).t()))
attempt('chunk M', lambda: x.chunk(M))
attempt('split M', lambda: x.split(M))
attempt('narrow M', lambda: x.narrow(0, 2, M))
attempt('select M', lambda: x.select(0, M))
attempt('slice M', lambda: x[M:])
attempt('index M', lambda: x[M])
attempt('index -M-1', lambda: x[-M - 1])
attempt('pad B', lambda: F.pad(x, (B, B)))
attempt('conv padding B', lambda: F.conv1d(torch.ones(1, 1, 5), torch.ones(1, 1, 3), padding=B))
attempt('conv stride M', lambda: F.conv1d(torch.ones(1, 1, 5), torch.ones(1, 1, 3), stride=M))
attempt('adaptive pool B', lambda: F.adaptive_avg_pool1d(torch.ones(1, 1, 5), B))
attempt('Embedding B', lambda: torch.nn.Embedding(B, 4))
attempt('Linear B', lambda: torch.nn.Linear(B, 4))

# after all of these, the process still computes
y = torch.arange(6.).view(2, 3)
y[1].fill_(-1.0)
print(y)
