/* cuda_binary.cu: the CUDA kernels of the binary arithmetic ops (the twins
 * of engine/ops_binary.c's: add, sub, mul, div, div with a rounding mode,
 * remainder, pow, maximum, minimum). Integer arithmetic wraps (computed
 * unsigned) and integer division never traps, as Note [Integer division]
 * has it: division, remainder, power and the NaN rules are the CPU's own,
 * from scalar_math.h. out, a and b of one dtype, broadcast by the plan. */
#include "cuda_ew.cuh"
#include "scalar_math.h"

extern "C" {
#include "ops_binary.h"
}

/* ---- add, sub, mul, div --------------------------------------------------------- */

/* add and sub: out = a ± alpha * b, alpha in args->s[0] (converted through
 * double, as the CPU's ALPHA) */
extern "C" void cg_cuda_add(const cg_kernel_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], {
        typedef typename wrap_of<T>::type U;
        T alpha = (T)cg_scalar_to_double(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return (T)((U)a + (U)alpha * (U)b); });
    })
    if (c->it->dtypes[0] == CG_BOOL) {
        bool alpha = cg_scalar_to_double(c->args->s[0]) != 0;
        cg_ew_launch<2, bool>(c, [=] __device__(bool a, bool b) -> bool { return a || (alpha && b); });
    }
}

extern "C" void cg_cuda_sub(const cg_kernel_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], {
        typedef typename wrap_of<T>::type U;
        T alpha = (T)cg_scalar_to_double(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return (T)((U)a - (U)alpha * (U)b); });
    })
}

extern "C" void cg_cuda_mul(const cg_kernel_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], {
        typedef typename wrap_of<T>::type U;
        cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return (T)((U)a * (U)b); });
    })
    if (c->it->dtypes[0] == CG_BOOL)
        cg_ew_launch<2, bool>(c, [] __device__(bool a, bool b) -> bool { return a && b; });
}

extern "C" void cg_cuda_div(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return a / b; }))
}

/* args->i[0]: CG_ROUND_TRUNC or CG_ROUND_FLOOR */
extern "C" void cg_cuda_div_mode(const cg_kernel_call *c) {
    bool floor_mode = c->args->i[0] == CG_ROUND_FLOOR;
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T {
                          return floor_mode ? cg_fdiv_floor(a, b) : trunc(a / b);
                      }))
    CG_DISPATCH_INT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T {
                        return (T)(floor_mode ? cg_idiv_floor(a, b) : cg_idiv_trunc(a, b));
                    }))
}

extern "C" void cg_cuda_remainder(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return cg_fremainder(a, b); }))
    CG_DISPATCH_INT(c->it->dtypes[0],
                    cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return (T)cg_iremainder(a, b); }))
}

extern "C" void cg_cuda_pow(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return pow(a, b); }))
    CG_DISPATCH_INT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return (T)cg_ipow(a, b); }))
}

extern "C" void cg_cuda_maximum(const cg_kernel_call *c) {
    CG_DISPATCH_ALL(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return CG_MAXIMUM(a, b); }))
}

extern "C" void cg_cuda_minimum(const cg_kernel_call *c) {
    CG_DISPATCH_ALL(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return CG_MINIMUM(a, b); }))
}
