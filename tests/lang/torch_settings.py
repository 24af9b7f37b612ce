# The switches and facts at the top of torch: deterministic algorithms,
# warn_always, vitals, torch.range, scalar_tensor, fill/zero_, the tensor
# queries (is_signed, is_same_size, is_set_to, storage_type, ...).
import warnings
import torch

print(torch.are_deterministic_algorithms_enabled(), torch.get_deterministic_debug_mode())
torch.set_deterministic_debug_mode("warn")
print(torch.get_deterministic_debug_mode(), torch.are_deterministic_algorithms_enabled(),
      torch.is_deterministic_algorithms_warn_only_enabled())
torch.use_deterministic_algorithms(True)
print(torch.get_deterministic_debug_mode(), torch.is_deterministic_algorithms_warn_only_enabled())
torch.set_deterministic_debug_mode(0)
print(torch.get_deterministic_debug_mode(), torch.are_deterministic_algorithms_enabled())
for bad in ["foo", 3.0, 5]:
    try:
        torch.set_deterministic_debug_mode(bad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
print(torch.is_warn_always_enabled())
torch.set_warn_always(True)
print(torch.is_warn_always_enabled())
torch.set_warn_always(False)
print(torch.set_vital("a", "b", "c"), repr(torch.read_vitals()), torch.vitals_enabled(), torch.is_vulkan_available())
print(torch.init_num_threads(), torch.compiled_with_cxx11_abi(), torch.has_lapack)
print(torch.is_storage(torch.ones(2)), torch.is_storage(torch.ones(2).storage()))

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(torch.range(0, 1, 0.1).tolist())
    print(torch.range(1, 4, dtype=torch.int64), torch.range(3, 0, -1.5))
    print(len(w), w[0].category.__name__, str(w[0].message))
    for args in [(3, 1), (0, 1, 0)]:
        try:
            torch.range(*args)
        except RuntimeError as e:
            print("RuntimeError", e)

print(torch.scalar_tensor(3), torch.scalar_tensor(True), torch.scalar_tensor(2, dtype=torch.int64))
print(torch.scalar_tensor(1.5, requires_grad=True))
x = torch.arange(4.0)
print(torch.fill(x, 3), x, torch.fill_(x.clone(), 2), torch.zero_(x.clone()))

x = torch.ones(2)
print(x.is_pinned(), x.storage_type(), x.is_set_to(x), x.is_set_to(x.view(2)), x.is_set_to(x.clone()))
print(torch.is_same_size(x, torch.zeros(2)), torch.is_same_size(x, torch.zeros(1, 2)), x.is_same_size(x))
try:
    torch.is_same_size(x, 3)
except TypeError as e:
    print("TypeError", e)
print(torch.is_neg(x), x.neg().is_neg(), [torch.ones(1, dtype=d).is_signed() for d in
      [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.float32]])
print(torch.is_signed(torch.ones(1, dtype=torch.uint8)), torch.get_device(x), x.get_device())
y = torch.ones(2, requires_grad=True) * 2
print(torch.detach_(y), y.requires_grad, y.grad_fn)
print(torch.concatenate([x, x]), torch.concatenate((x.view(1, 2), x.view(1, 2)), dim=1))
