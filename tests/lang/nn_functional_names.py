# torch.nn.functional's module-level names besides its functions, as PyTorch
# 1.13 has them: typing re-exports, modules, the __torch_function__ helpers
# (torch.overrides semantics), boolean_dispatch, assert_int_or_pair, the
# docstring note dicts (type and keys), torch.nn.modules.utils and
# torch.nn.common_types.
import torch, torch.nn.functional as F
class S(torch.Tensor): pass
class Q:
    def __torch_function__(self, *a): return 1
class R: pass
s = torch.Tensor._make_subclass(S, torch.zeros(2))
p = torch.nn.Parameter(torch.zeros(2))
t = torch.zeros(2)
for x in [t, p, s, Q(), R(), 1]: print(type(x).__name__, F.has_torch_function((x,)), F.has_torch_function_unary(x), F.has_torch_function_variadic(x, t))
print(type(F.reproducibility_notes), F.reproducibility_notes.keys(), F.sparse_support_notes.keys(), F.tf32_notes.keys())
print(F.DType, F.Tensor, F.TYPE_CHECKING, F.Callable, F.List, F.Optional, F.Tuple, F.Union, F.BroadcastingList2[int])
print(F.math.pi, F.warnings.warn is __import__("warnings").warn, F.torch is torch, F.utils._pair(3), F.utils._single.__name__, F.utils._triple([1,2,3]))
print(F._pair("ab"), F._list_with_default([None, 3], [1, 2, 5, 6]), F._list_with_default(4, [1]))
try: F._list_with_default([1,2],[3,4])
except ValueError as e: print(e)
try: F.assert_int_or_pair((1,2,3),'x','m {}')
except AssertionError as e: print(type(e).__name__, e)
F.assert_int_or_pair(3,'x','m {}'); F.assert_int_or_pair([1,2],'x','m {}')
class T:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return ('T', func.__name__, [ty.__name__ for ty in types], len(args))
class U(T): pass
def api(a, b): return 'api'
print(F.handle_torch_function(api, (T(), U()), T(), U()))
class N:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return NotImplemented
try: F.handle_torch_function(api, (N(),), N())
except TypeError as e: print(e)
r = F.handle_torch_function(torch.add, (s,), s, 1)
print(type(r).__name__, r.tolist())
def t_(x, flag=False):
    "doc"
    return ('t', x)
def f_(x, flag=False): return ('f', x)
bd = F.boolean_dispatch('flag', 1, False, t_, f_, 'mod', 'fn')
print(bd.__name__, bd.__module__, bd.__doc__, f_.__doc__, bd(3), bd(3, True), bd(3, flag=True))
try: F.boolean_dispatch('flag', 1, False, t_, t_, 'mod', 'fn')
except RuntimeError as e: print(e)
import torch.nn.common_types as ct
print([n for n in dir(ct) if not n.startswith('__')])
print(ct._size_2_t, ct._size_any_opt_t, ct._maybe_indices_t, ct.T)
from torch.nn.modules.utils import consume_prefix_in_state_dict_if_present as c

d = {'module.a': 1, 'b': 2, 'module.c': 3}
c(d, 'module.'); print(d)
import torch.overrides as ov
print(ov.has_torch_function((s,)), ov.has_torch_function_unary(p))
names = ['BroadcastingList1', 'BroadcastingList2', 'BroadcastingList3', 'Callable', 'DType', 'List', 'Optional',
         'TYPE_CHECKING', 'Tensor', 'Tuple', 'Union', 'assert_int_or_pair', 'boolean_dispatch', 'handle_torch_function',
         'has_torch_function', 'has_torch_function_unary', 'has_torch_function_variadic', 'math',
         'reproducibility_notes', 'sparse_support_notes', 'tf32_notes', 'torch', 'utils', 'warnings']
print([n for n in names if n not in dir(F)], [callable(getattr(F, n)) for n in names])
print(all(isinstance(v, str) for d in (F.reproducibility_notes, F.sparse_support_notes, F.tf32_notes) for v in d.values()))
from torch.nn.parameter import UninitializedParameter
print(F.has_torch_function_unary(UninitializedParameter()), F.has_torch_function((1, 2.0, 'x', None)))
print(F.handle_torch_function(api, (T(),), T(), b=2))
print(F.utils._pair(torch.Size([4, 5])), F.utils._quadruple(1), F.utils._reverse_repeat_tuple((1, 2), 2))
from collections import OrderedDict
sd = OrderedDict([('module.w', 1), ('module.sub.b', 2)])
sd._metadata = OrderedDict([('', {'version': 1}), ('module', {}), ('module.sub', {})])
c(sd, 'module.'); print(sd, sd._metadata)
sd2 = {'module.w': 1, '_metadata': {'': 0, 'module': 1, 'module.x': 2}}
c(sd2, 'module.'); print(sd2)
# Tensor's own __torch_function__: the result takes the subclass, its history kept
x = torch.Tensor._make_subclass(S, torch.ones(2), True)
y = F.handle_torch_function(torch.mul, (x,), x, 3.0)
print(type(y).__name__, y.grad_fn.name(), y.tolist())
y.sum().backward()
print(x.grad.tolist())
