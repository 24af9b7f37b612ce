#!/usr/bin/python3
"""Writes the checkpoints PyTorch 1.13 made that torch_save.py loads: run
with Debian's python3 (python3-torch) from this folder."""
import collections

import torch

torch.manual_seed(0)
base = torch.arange(12.0).reshape(3, 4)
tensors = {
    'f32': torch.randn(2, 3), 'f64': torch.randn(4, dtype=torch.float64), 'f16': torch.randn(5).half(),
    'bf16': torch.randn(5).bfloat16(), 'i64': torch.arange(-3, 4), 'i32': torch.arange(5, dtype=torch.int32),
    'i16': torch.arange(3, dtype=torch.int16), 'i8': torch.tensor([-128, 0, 127], dtype=torch.int8),
    'u8': torch.tensor([0, 200, 255], dtype=torch.uint8), 'bool': torch.tensor([True, False]),
    'scalar': torch.tensor(2.5), 'empty': torch.zeros(0, 3), 'base': base, 'row': base[1], 'col': base[:, 2],
    'tr': base.t(), 'grad': torch.ones(2, requires_grad=True), 'param': torch.nn.Parameter(torch.full((2, 2), 0.5)),
}
torch.save(tensors, 'tensors.pt')
model = torch.nn.Sequential(torch.nn.Conv2d(1, 2, 3), torch.nn.BatchNorm2d(2), torch.nn.ReLU(), torch.nn.Flatten(),
                            torch.nn.Linear(8, 3), torch.nn.LayerNorm(3))
model(torch.randn(2, 1, 4, 4)).sum().backward()
opt = torch.optim.Adam(model.parameters(), lr=0.01)
opt.step()
torch.save({'model': model.state_dict(), 'optimizer': opt.state_dict(), 'epoch': 3, 'loss': 0.25,
            'names': ['a', 'b'], 'meta': collections.OrderedDict(x=1)}, 'checkpoint.pt')
torch.save({'w': torch.arange(4.0), 'view': torch.arange(4.0)[1:]}, 'legacy.pt', _use_new_zipfile_serialization=False)
