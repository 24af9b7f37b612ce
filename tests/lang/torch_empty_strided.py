# torch.empty_strided / Tensor.new_empty_strided: sizes, strides, dtypes, errors
import torch
t = torch.empty_strided((2, 3), (1, 2))
print(t.shape, t.stride(), t.dtype, t.is_contiguous())
t2 = torch.ones(2, dtype=torch.float64).new_empty_strided((2, 2), (2, 1))
print(t2.dtype, t2.stride(), t2.shape)
print(torch.empty_strided((2, 0), (1, 1)).shape, torch.empty_strided((), ()).shape, torch.empty_strided((3,), (2,), requires_grad=True).requires_grad)
print(torch.empty_strided([4, 2], [1, 4], dtype=torch.int32).fill_(7))
for f in [lambda: torch.empty_strided((2, 3), (1,)), lambda: torch.empty_strided((2, -3), (1, 1))]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
