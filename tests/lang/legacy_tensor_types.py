# The typed tensor classes of old code (torch.FloatTensor, ...), the legacy
# constructor torch.Tensor(...) and x.new(...), x.type(...) with names and
# classes, and torch.autograd.Variable.
import warnings
import torch
from torch.autograd import Variable


def show(expr):
    try:
        r = eval(expr)
    except Exception as e:
        print(expr, "!!", type(e).__name__, e)
        return
    if isinstance(r, torch.Tensor):
        print(expr, "->", r.dtype, tuple(r.shape), r.tolist() if r.numel() and r.dtype != torch.bool else "", r.requires_grad)
    else:
        print(expr, "->", r)


names = ["FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "LongTensor", "IntTensor", "ShortTensor",
         "CharTensor", "ByteTensor", "BoolTensor"]
for n in names:
    cls = getattr(torch, n)
    print(cls, cls.__name__, cls.__module__, cls.dtype, cls.is_cuda, cls.is_sparse, cls.layout, type(cls))
    print(getattr(torch.cuda, n), getattr(torch.cuda, n).dtype, getattr(torch.cuda, n).is_cuda)
    print(tuple(cls(2, 3).shape), cls().shape, cls([1, 0]).tolist(), cls(torch.Size([4])).shape)
    print([isinstance(torch.zeros(1, dtype=getattr(torch, m).dtype), cls) for m in names])

show("isinstance(torch.ones(2), (torch.LongTensor, torch.FloatTensor))")
show("issubclass(torch.FloatTensor, torch.Tensor)")
show("torch.FloatTensor == torch.FloatTensor")
show("torch.FloatTensor([[1, 2], [3, 4]])")
show("torch.LongTensor([1.7, -2.2])")
show("torch.DoubleTensor(torch.ones(2, dtype=torch.float64))")
show("torch.FloatTensor(torch.ones(2, dtype=torch.long))")
show("torch.FloatTensor([1], [2])")
show("torch.FloatTensor(2, 'a')")
show("torch.FloatTensor(2.5)")
show("torch.FloatTensor(True)")
show("torch.FloatTensor('ab')")
show("torch.FloatTensor([1, 2], dtype=torch.float)")
show("torch.FloatTensor([1, 2], device='cpu')")
show("torch.FloatTensor(2, 3, device='cpu').shape")
show("torch.cuda.FloatTensor([1])") if not torch.cuda.is_available() else None

show("torch.Tensor(2, 3).shape")
show("torch.Tensor([1, 2])")
show("torch.Tensor((2, 3))")
show("torch.Tensor(torch.Size([2])).shape")
show("torch.Tensor(torch.ones(2, dtype=torch.long))")
show("torch.Tensor()")
show("torch.Tensor(2, dtype=torch.float)")
show("torch.Tensor(2, [3])")
show("torch.Tensor(-1)")

x = torch.arange(4.0)
show("x.new(2, 3).shape")
show("x.new([1, 2])")
show("x.new()")
show("x.new(torch.Size([3])).shape")
show("torch.ones(2, dtype=torch.int32).new([1.5, 2.5])")
show("x.new(torch.ones(2, dtype=torch.long))")
show("x.new(torch.ones(2))")

show("x.type()")
show("x.type(torch.LongTensor)")
show("x.type('torch.IntTensor')")
show("x.type('torch.DoubleTensor')")
show("x.type(torch.float16)")
show("x.type('foo')")
show("x.type('torch.FooTensor')")
show("x.type(3)")
show("torch.ones(2, dtype=torch.uint8).type()")

torch.set_default_tensor_type(torch.DoubleTensor)
show("torch.Tensor([1, 2])")
show("torch.ones(1)")
torch.set_default_tensor_type(torch.FloatTensor)
show("torch.Tensor([1, 2])")

t = torch.ones(2)
v = Variable(t, requires_grad=True)
print(type(v), v is t, v.requires_grad, t.requires_grad, v.grad_fn, v.is_leaf)
w = Variable(v * 2)
print(w.requires_grad, w.grad_fn, w.is_leaf)
print(Variable(), type(Variable), Variable.__module__, Variable.__name__)
print(isinstance(t, Variable), isinstance(3, Variable), issubclass(torch.Tensor, Variable))
show("Variable([1, 2])")
show("Variable(torch.ones(2, dtype=torch.long), requires_grad=True)")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    show("Variable(torch.ones(2), volatile=True)")
    print([(c.category.__name__, str(c.message)) for c in caught])
(v * v).sum().backward()
print(v.grad)
print(torch.Storage is torch.FloatStorage)
