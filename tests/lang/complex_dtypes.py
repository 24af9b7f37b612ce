# complex64 and complex128: the dtype objects, promotion with every dtype,
# Python complex scalars, can_cast, finfo, is_complex.
import torch

cf, cd = torch.complex64, torch.complex128
print(cf, cd, torch.cfloat is cf, torch.cdouble is cd)
print(cf.is_complex, cf.is_floating_point, cf.is_signed, torch.float32.is_complex)
all_dtypes = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
              torch.float16, torch.bfloat16, torch.float32, torch.float64, cf, cd]
for c in (cf, cd):
    print(c, [str(torch.promote_types(d, c)) for d in all_dtypes])
    print(c, [str(torch.promote_types(c, d)) for d in all_dtypes])
    print('can_cast from', c, [torch.can_cast(c, d) for d in all_dtypes])
    print('can_cast to', c, [torch.can_cast(d, c) for d in all_dtypes])

# Python complex scalars: the default complex dtype, and a float64 tensor's
# (float16 with a complex scalar is PyTorch's complex32, which cgrad lacks)
for d in all_dtypes:
    if d is not torch.float16:
        print(d, torch.result_type(torch.ones(2, dtype=d), 1j), torch.result_type(torch.tensor(1, dtype=d), 2 - 1j))
print(torch.result_type(torch.tensor(1j), torch.ones(2)))
print(torch.result_type(torch.tensor(1j), torch.ones(2, dtype=torch.float64)))
print(torch.result_type(torch.tensor(1.5, dtype=torch.float64), torch.tensor(1j)))
print(torch.get_default_dtype())

print(torch.finfo(cf))
print(torch.finfo(cd))
z = torch.tensor([1 + 2j])
x = torch.ones(2)
print(z.is_complex(), torch.is_complex(z), x.is_complex(), torch.is_complex(x))
print(z.is_floating_point(), torch.is_floating_point(z))
print(z.element_size(), z.double().element_size() if False else torch.zeros(1, dtype=cd).element_size())
print(z.type(), torch.zeros(1, dtype=cd).type())
