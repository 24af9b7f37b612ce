/* cuda_compare.cu: the CUDA kernels of comparisons, logical and bitwise ops
 * (the twins of engine/ops_compare.c's, from the same lists of expressions
 * in scalar_math.h), and of the ternary family of engine/ops_where.c:
 * where, masked_fill, clamp with tensor bounds and the range mask of
 * derivatives. */
#include "cuda_ew.cuh"
#include "scalar_math.h"

extern "C" {
#include "ops_unary.h"
#include "ops_unary_impl.h"
}

/* out bool; a and b of the promoted dtype (the plan's operand 1) */
#define CMP_KERNEL(op, expr)                                                                           \
    extern "C" void cg_cuda_##op(const cg_kernel_call *c) {                                            \
        CG_DISPATCH_ALL(c->it->dtypes[1],                                                              \
                        cg_ew_launch<2, bool, T>(c, [] __device__(T a, T b) -> bool { return expr; })) \
    }
CG_COMPARE_OPS(CMP_KERNEL)

/* out, a, b of one bool or integer dtype */
#define BITWISE_KERNEL(op, expr, bool_expr)                                                                     \
    extern "C" void cg_cuda_##op(const cg_kernel_call *c) {                                                     \
        CG_DISPATCH_INT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return expr; })) \
        if (c->it->dtypes[0] == CG_BOOL)                                                                        \
            cg_ew_launch<2, bool>(c, [] __device__(bool a, bool b) -> bool { return bool_expr; });              \
    }
CG_BITWISE_OPS(BITWISE_KERNEL)

/* where: out T = a ? b : c, a bool */
extern "C" void cg_cuda_where(const cg_kernel_call *c) {
    CG_DISPATCH_ALL(c->it->dtypes[0],
                    cg_ew_launch<3, T, bool, T, T>(c, [] __device__(bool a, T b, T d) -> T { return a ? b : d; }))
}

/* masked_fill: out T = b ? value : a, the mask b cast to T; args->s[0] value */
extern "C" void cg_cuda_masked_fill(const cg_kernel_call *c) {
    CG_DISPATCH_ALL(c->it->dtypes[0], {
        T v = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return b ? v : a; });
    })
}

/* clamp(a, min b, max c); args->i[0] says which bounds are given */
extern "C" void cg_cuda_clamp_tensor(const cg_kernel_call *c) {
    bool has_lo = c->args->i[0] & CG_CLAMP_MIN, has_hi = c->args->i[0] & CG_CLAMP_MAX;
    CG_DISPATCH_ALL(c->it->dtypes[0], cg_ew_launch<3, T>(c, [=] __device__(T a, T b, T d) -> T {
                        return CG_CLAMP(a, has_lo, b, has_hi, d);
                    }))
}

/* CG_CMP_HOLDS in a function: spelled out in the lambda, it made nvcc emit
 * kernels nearly twice the size */
template <typename T> __device__ __forceinline__ bool cmp_holds(int k, T x, T y) { return CG_CMP_HOLDS(k, x, y); }

/* range mask: out bool = (a c1 b && a c2 c) != negate; args->i[0], i[1]
 * the comparisons (cg_cmp), args->flag negate. Dtype from the inputs. */
extern "C" void cg_cuda_range_mask(const cg_kernel_call *c) {
    int c1 = (int)c->args->i[0], c2 = (int)c->args->i[1];
    bool neg = c->args->flag;
    CG_DISPATCH_ALL(c->it->dtypes[1], cg_ew_launch<3, bool, T, T, T>(c, [=] __device__(T a, T b, T d) -> bool {
                        return (cmp_holds(c1, a, b) && cmp_holds(c2, a, d)) != neg;
                    }))
}
