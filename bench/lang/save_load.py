# torch.save and torch.load of a 100 MB state_dict (25 tensors of 1M floats) to a file
import os
import tempfile
import time

import torch

sd = {f'layer{i}.weight': torch.randn(1000, 1000) for i in range(25)}
path = os.path.join(tempfile.mkdtemp(), 'model.pt')
t0 = time.perf_counter()
torch.save(sd, path)
t1 = time.perf_counter()
back = torch.load(path)
t2 = time.perf_counter()
os.remove(path)
assert torch.equal(back['layer3.weight'], sd['layer3.weight'])
print(f"seconds {t2 - t0:.6f} save {t1 - t0:.6f} load {t2 - t1:.6f}")
