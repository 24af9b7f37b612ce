/* cuda_rounding.cu: the CUDA kernels of engine/ops_rounding.c: floor,
 * ceil, trunc, round (with decimals), frac and signbit, the CPU's own
 * expressions (rounding_math.h). Float kernels see float32 or float64. */
#include <type_traits>

#include "cuda_ew.cuh"
#include "rounding_math.h"

#define FLOAT_KERNEL(name, e32, e64)                                                       \
    extern "C" void cg_cuda_##name(const cg_kernel_call *c) {                              \
        if (c->it->dtypes[0] == CG_F32)                                                    \
            cg_ew_launch<1, float>(c, [] __device__(float x) -> float { return e32; });    \
        else                                                                               \
            cg_ew_launch<1, double>(c, [] __device__(double x) -> double { return e64; }); \
    }

FLOAT_KERNEL(floor, floorf(x), floor(x))
FLOAT_KERNEL(ceil, ceilf(x), ceil(x))
FLOAT_KERNEL(trunc, truncf(x), trunc(x))
FLOAT_KERNEL(round, nearbyintf(x), nearbyint(x))
FLOAT_KERNEL(frac, CG_FRAC(x, truncf), CG_FRAC(x, trunc))

/* args->i[0] decimals; args->flag: bfloat16 steps (Note [round with
 * decimals] in rounding_math.h) */
extern "C" void cg_cuda_round_decimals(const cg_kernel_call *c) {
    const bool neg = c->args->i[0] < 0, bf16 = c->args->flag;
    const double p10 = cg_pow10(c->args->i[0]);
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        const T p = cg_round_step((T)p10, bf16);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return CG_ROUND_DECIMALS(T, nearbyint, x, p, neg, bf16); });
    })
}

/* out bool, in any real dtype */
extern "C" void cg_cuda_signbit(const cg_kernel_call *c) {
    CG_DISPATCH_ALL(c->it->dtypes[1], cg_ew_launch<1, bool, T>(c, [] __device__(T x) -> bool {
                        if constexpr (std::is_floating_point<T>::value)
                            return signbit(x);
                        else
                            return CG_SIGNBIT_INT(x);
                    }))
}
