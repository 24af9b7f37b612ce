# torch.tensor and the factories: dtype inference, shapes, keywords, errors
import torch


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


print(torch.tensor([1, 2.5]))
print(torch.tensor([True, 2]))
print(torch.tensor([[1, 2], [3, 4]]))
print(torch.tensor(3), torch.tensor(3.5), torch.tensor(True))
print(torch.tensor([]), torch.tensor([[], []]))
print(torch.tensor([1.7, -2.7], dtype=torch.int64))
print(torch.tensor([1, 2], dtype=torch.float64, requires_grad=True))
print(torch.tensor((1, 2)), torch.tensor([(1, 2), (3, 4)]).shape)
print(torch.tensor([torch.tensor(1.0), torch.tensor(2.0)]))
print(torch.tensor([1, torch.tensor(2.5, dtype=torch.float64)]))
show(lambda: torch.tensor([[1, 2], [3]]))
show(lambda: torch.tensor([[1, 2], 3]))
show(lambda: torch.tensor("a"))
show(lambda: torch.tensor([1, "a"]))
show(lambda: torch.tensor(None))
show(lambda: torch.tensor([1, [2]]))
show(lambda: torch.tensor([1, 2], requires_grad=True))
show(lambda: torch.tensor([torch.ones(2), torch.ones(2)]))

print(torch.zeros(2, 3))
print(torch.zeros((2, 1)), torch.zeros([2]), torch.zeros(size=(1, 2)))
print(torch.ones(2, dtype=torch.long), torch.ones(2, 2).dtype)
print(torch.full((2,), 1), torch.full((2,), True), torch.full((2, 2), 1.5))
print(torch.full((2,), 1.5, dtype=torch.int64))
print(torch.empty(2, 3).shape, torch.empty(0).shape)
print(torch.arange(5), torch.arange(1, 4), torch.arange(0, 1, 0.25))
print(torch.arange(1, 4, dtype=torch.float64), torch.arange(5.0))
print(torch.linspace(0, 1, 5), torch.linspace(-1, 1, steps=3))
print(torch.eye(2), torch.eye(2, 3))
show(lambda: torch.zeros(2, 1.5))
show(lambda: torch.zeros(-1))
show(lambda: torch.arange(0, 1, 0))
show(lambda: torch.ones(2, requires_grad=True, dtype=torch.long))

x = torch.ones(2, 3)
print(torch.zeros_like(x), torch.ones_like(x, dtype=torch.long))
print(torch.full_like(x, 7), torch.empty_like(x).shape)
print(x.new_zeros(2), x.new_ones((1, 2)), x.new_full((2,), 3), x.new_tensor([1, 2]))
print(torch.Tensor([1, 2]), torch.Tensor(2, 3).shape, torch.Tensor())
print(torch.as_tensor([1, 2]), torch.as_tensor(x) is x)
y = torch.tensor([1.0, 2.0], requires_grad=True)
z = torch.zeros(3, requires_grad=True)
print(z, z.requires_grad, z.is_leaf, y.grad)
