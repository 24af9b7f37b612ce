# torch/backends/cuda.py: torch.backends.cuda.matmul, whose allow_tf32 is
# the other face of torch.set_float32_matmul_precision ("high" when True,
# "highest" when False), as PyTorch 1.13's cuBLASModule is.
import torch


class cuBLASModule:
    def __getattr__(self, name):
        if name == "allow_tf32":
            return torch.get_float32_matmul_precision() != "highest"
        if name == "allow_fp16_reduced_precision_reduction":
            # cgrad has no float16 products for it to change
            return _fp16_reduction[0]
        raise AssertionError("Unknown attribute " + name)

    def __setattr__(self, name, value):
        if name == "allow_tf32":
            torch.set_float32_matmul_precision("high" if value else "highest")
            return
        if name == "allow_fp16_reduced_precision_reduction":
            _fp16_reduction[0] = bool(value)
            return
        raise AssertionError("Unknown attribute " + name)


_fp16_reduction = [True]
matmul = cuBLASModule()
