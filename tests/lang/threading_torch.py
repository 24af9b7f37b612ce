# threading with torch: tensor work in several threads, autograd in each, grad mode per thread (as PyTorch's), generators and deep calls in threads
import threading
import torch

results = {}
lock = threading.Lock()


def train(k):
    w = torch.full((3,), float(k), requires_grad=True)
    x = torch.arange(3.0)
    loss = ((w * x) ** 2).sum()
    loss.backward()
    with lock:
        results[k] = (loss.item(), w.grad.tolist(), loss.grad_fn.name())


ts = [threading.Thread(target=train, args=(k,)) for k in range(1, 5)]
for t in ts:
    t.start()
for t in ts:
    t.join()
for k in sorted(results):
    print(k, results[k])

# torch.no_grad in the main thread does not reach a thread (grad mode is per thread)
seen = []


def check_grad_mode():
    a = torch.ones(2, requires_grad=True)
    seen.append((torch.is_grad_enabled(), (a * 2).requires_grad))


with torch.no_grad():
    t = threading.Thread(target=check_grad_mode)
    t.start()
    t.join()
    seen.append(("main", torch.is_grad_enabled()))
print(seen)


def gen(n):
    for i in range(n):
        yield i * i


def deep(n):
    return 0 if n == 0 else 1 + deep(n - 1)


out = []


def work():
    s = sum(gen(100))
    d = deep(500)
    try:
        deep(100000)
    except RecursionError as e:
        r = str(e)
    with lock:
        out.append((s, d, r, repr([1, [2, [3]]])))


ts = [threading.Thread(target=work) for _ in range(3)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(out)

# big products let the interpreter lock go while they run; results are the same
torch.manual_seed(0)
mats = [torch.randn(200, 200) for _ in range(4)]
expected = [(m @ m).sum().item() for m in mats]
got = {}


def product(i):
    got[i] = (mats[i] @ mats[i]).sum().item()


ts = [threading.Thread(target=product, args=(i,)) for i in range(4)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print([got[i] == expected[i] for i in range(4)])
