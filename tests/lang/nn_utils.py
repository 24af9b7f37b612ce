# torch.nn.utils: gradient clipping by norm and by value, and flattening
# parameters to one vector and back.
import torch
import torch.nn as nn
from torch.nn.utils import clip_grad_norm_, clip_grad_value_, parameters_to_vector, vector_to_parameters

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
x = torch.randn(5, 3)
model(x).pow(2).sum().backward()
print([p.grad.norm().item() > 0 for p in model.parameters()])
total = clip_grad_norm_(model.parameters(), max_norm=1.0)
print(total)
print(model[0].weight.grad)
print(torch.stack([p.grad.norm() for p in model.parameters()]).norm())
print(clip_grad_norm_(model.parameters(), 100.0))
print(nn.utils.clip_grad_norm_(model.parameters(), 0.5, norm_type=float("inf")))
print(model[2].bias.grad)
print(nn.utils.clip_grad_norm_(model[2].bias, 0.1, norm_type=1))
print(model[2].bias.grad)
print(clip_grad_norm_([torch.ones(2, requires_grad=True)], 1.0))
clip_grad_value_(model.parameters(), 0.01)
print(model[0].weight.grad)
vec = parameters_to_vector(model.parameters())
print(vec.shape, vec[:4])
vector_to_parameters(torch.arange(float(vec.numel())), model.parameters())
print(model[0].weight, model[2].bias)
try:
    vector_to_parameters([1.0], model.parameters())
except TypeError as e:
    print(e)
