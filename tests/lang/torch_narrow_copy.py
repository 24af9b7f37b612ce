# Tensor.narrow_copy / torch.narrow_copy (contiguous copies, errors), is_inference
import torch
x = torch.arange(12.).view(3, 4)
print(x.narrow_copy(0, 1, 2), torch.narrow_copy(x, 1, 1, 2), torch.narrow_copy(x.t(), 0, 0, 2).is_contiguous(), x.narrow_copy(1, 0, 1)._base is None)
print(x.is_inference(), torch.is_inference(x))
for f in [lambda: x.narrow_copy(0, 2, 5), lambda: x.narrow_copy(3, 0, 1)]:
    try: f()
    except Exception as e: print(type(e).__name__, e)
