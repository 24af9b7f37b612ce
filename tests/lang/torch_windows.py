# The window functions hann/hamming/blackman/bartlett: PyTorch's bits for every length and periodic, float32 and float64; errors
import torch
def bits(t):
    return t.shape, t.dtype, [float(v).hex() for v in t.double().tolist()[:9]]
for f in [torch.hann_window, torch.hamming_window, torch.blackman_window, torch.bartlett_window]:
    for n in [0, 1, 2, 5, 8, 33, 400]:
        for periodic in [True, False]:
            for dt in [torch.float32, torch.float64]:
                print(f.__name__, n, periodic, dt, bits(f(n, periodic, dtype=dt)))
    w = f(1000)
    print(f.__name__, w.sum().item(), w.double().pow(2).sum().item())
print(torch.hamming_window(5, True, 0.5, 0.3), torch.hann_window(4, requires_grad=True))
for bad in [lambda: torch.hann_window(3, dtype=torch.long), lambda: torch.hann_window(-1), lambda: torch.blackman_window(-2)]:
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError", e)
