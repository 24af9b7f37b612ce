# torch.kaiser_window: PyTorch's kernel bits (float32's fused 1 - x*x, bfloat16 rounding each step, true divisions) over lengths, periodic, beta, dtypes; errors
import torch, hashlib
def h(t): return hashlib.md5(t.detach().contiguous().float().numpy().tobytes()).hexdigest()[:12]
for n in [0, 1, 2, 5, 16, 37, 200]:
    for periodic in [True, False]:
        for beta in [12.0, 0.5, 5.0]:
            print(n, periodic, beta, h(torch.kaiser_window(n, periodic, beta)), h(torch.kaiser_window(n, periodic, beta, dtype=torch.float64)), h(torch.kaiser_window(n, periodic, beta, dtype=torch.bfloat16)))
print(torch.kaiser_window(6), torch.kaiser_window(5, False, 3.0, dtype=torch.float64), torch.kaiser_window(4, requires_grad=True))
for f in [lambda: torch.kaiser_window(-1), lambda: torch.kaiser_window(3, dtype=torch.int64), lambda: torch.kaiser_window(3, dtype=torch.float16)]:
    try: f()
    except RuntimeError as e: print("RuntimeError", e)
