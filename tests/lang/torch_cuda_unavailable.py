# expected: by hand
# On a machine without a GPU (or without the CUDA module): PyTorch built
# with CUDA answers this way; Debian's CPU-only torch raises "Torch not
# compiled with CUDA enabled" instead, so this file is not regenerated.
import torch

print(torch.cuda.is_available())
print(torch.cuda.device_count())
for make in (lambda: torch.ones(2).cuda(), lambda: torch.zeros(3, device='cuda'),
             lambda: torch.ones(2).to('cuda:0'), lambda: torch.cuda.current_device(),
             lambda: torch.cuda.get_device_name()):
    try:
        make()
    except RuntimeError as e:
        print("RuntimeError:", e)
print(torch.ones(2) + 1)
# Seeding the CUDA generators needs no GPU (PyTorch queues it); asking
# for their seed or making one does.
print(torch.cuda.manual_seed(3), torch.cuda.manual_seed_all(4), torch.cuda.seed(), torch.cuda.seed_all())
for make in (lambda: torch.cuda.initial_seed(), lambda: torch.Generator(device='cuda'),
             lambda: torch.rand(3, device='cuda'), lambda: torch.randn(2, 2, device='cuda:0')):
    try:
        make()
    except RuntimeError as e:
        print("RuntimeError:", e)
torch.manual_seed(0)
print(torch.rand(3), torch.Generator().device)
