# expected: by hand
# torch.cuda's memory functions without a GPU, as PyTorch 2.x built with
# CUDA answers (torch/cuda/memory.py and Module.cpp; Debian's torch 1.13
# is built without CUDA and fails differently): no current device, so the
# resets get None ("invalid argument to ..."), mem_get_info() asks for the
# current device and finds no driver; the snapshot and the history have
# nothing to show.
import torch

for f in [torch.cuda.reset_peak_memory_stats, torch.cuda.reset_accumulated_memory_stats, torch.cuda.mem_get_info]:
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)
print(torch.cuda.memory_snapshot())
print(torch.cuda.memory._record_memory_history(max_entries=1000))
print(torch.cuda.memory._snapshot())
print(torch.cuda.memory._record_memory_history(enabled=None))
try:
    torch.cuda.memory._record_memory_history(enabled="some")
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.cuda.memory._record_memory_history(stacks="cpp")
except RuntimeError as e:
    print("RuntimeError:", e)
