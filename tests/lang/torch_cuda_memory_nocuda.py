# torch.cuda's memory functions on a machine without CUDA: CUDA is never
# initialised, so the statistics are empty and the summary cannot be made.
import torch

print(torch.cuda.is_available())
print(torch.cuda.memory_stats())
print(torch.cuda.memory_stats(0))
print(torch.cuda.memory_stats_as_nested_dict())
print(torch.cuda.memory_allocated(), torch.cuda.max_memory_allocated())
print(torch.cuda.memory_reserved(), torch.cuda.max_memory_reserved())
print(torch.cuda.memory.memory_allocated(0), torch.cuda.memory.memory_reserved(device=0))
print(torch.cuda.empty_cache())
for kwargs in [{}, {"abbreviated": True}, {"device": 0}]:
    try:
        torch.cuda.memory_summary(**kwargs)
    except KeyError as e:
        print("KeyError", e)
try:
    torch.cuda.memory_summary("cpu")
except ValueError as e:
    print("ValueError:", e)
