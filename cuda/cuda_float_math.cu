/* cuda_float_math.cu: the CUDA kernels of engine/ops_float_math.c:
 * copysign, fmod, fmax, fmin, xlogy and nan_to_num, the CPU's expressions
 * (float_math.h). Float kernels see float32 or float64. */
#include "cuda_ew.cuh"
#include "float_math.h"

extern "C" {
#include "ops_unary_impl.h"
}

#define FLOAT_BINARY_KERNEL(name, expr)                                                                           \
    extern "C" void cg_cuda_##name(const cg_kernel_call *c) {                                                     \
        CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return expr; })) \
    }

FLOAT_BINARY_KERNEL(copysign, copysign(a, b))
/* args->flag: bfloat16 tensors, whose log rounds to bfloat16 */
#define BF16_LOG(v) cg_round_step(v, bf16)
extern "C" void cg_cuda_xlogy(const cg_kernel_call *c) {
    const bool bf16 = c->args->flag;
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return CG_XLOGY(T, a, b, log, BF16_LOG); }))
}

/* the divisor of an integral fmod is checked on the CPU only, as PyTorch */
extern "C" void cg_cuda_fmod(const cg_kernel_call *c) {
    cg_dtype dt = c->it->dtypes[0];
    if (dt == CG_F32 || dt == CG_F64)
        CG_DISPATCH_FLOAT(dt, cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return fmod(a, b); }))
    else
        CG_DISPATCH_INT(
            dt, cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return b == 0 ? (T)0 : (T)CG_FMOD_INT(a, b); }))
}

extern "C" void cg_cuda_fmax(const cg_kernel_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T {
                            if constexpr ((T)0.5 != 0)
                                return fmax(a, b);
                            else
                                return a < b ? b : a;
                        }))
}

extern "C" void cg_cuda_fmin(const cg_kernel_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T {
                            if constexpr ((T)0.5 != 0)
                                return fmin(a, b);
                            else
                                return b < a ? b : a;
                        }))
}

/* args->s[0..2]: the replacements of NaN, inf and -inf */
extern "C" void cg_cuda_nan_to_num(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T nan_v = cg_scalar_as<T>(c->args->s[0]), pos_v = cg_scalar_as<T>(c->args->s[1]),
          neg_v = cg_scalar_as<T>(c->args->s[2]);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return CG_NAN_TO_NUM(T, x, nan_v, pos_v, neg_v); });
    })
}

extern "C" void cg_cuda_heaviside(const cg_kernel_call *c){
    CG_DISPATCH_ALL(c->it->dtypes[0],
                    cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return CG_HEAVISIDE(T, a, b); }))}

/* gcd and lcm: PyTorch's integral dtypes */
#define GCD_KERNEL(op)                                                                                        \
    extern "C" void cg_cuda_##op(const cg_kernel_call *c) {                                                   \
        switch (c->it->dtypes[0]) {                                                                           \
        case CG_INT64:                                                                                        \
            cg_ew_launch<2, int64_t>(c, [] __device__(int64_t a, int64_t b) { return cg_##op##_i64(a, b); }); \
            break;                                                                                            \
        case CG_INT32:                                                                                        \
            cg_ew_launch<2, int32_t>(c, [] __device__(int32_t a, int32_t b) { return cg_##op##_i32(a, b); }); \
            break;                                                                                            \
        case CG_INT16:                                                                                        \
            cg_ew_launch<2, int16_t>(c, [] __device__(int16_t a, int16_t b) { return cg_##op##_i16(a, b); }); \
            break;                                                                                            \
        case CG_INT8:                                                                                         \
            cg_ew_launch<2, int8_t>(c, [] __device__(int8_t a, int8_t b) { return cg_##op##_i8(a, b); });     \
            break;                                                                                            \
        case CG_UINT8:                                                                                        \
            cg_ew_launch<2, uint8_t>(c, [] __device__(uint8_t a, uint8_t b) { return cg_##op##_u8(a, b); });  \
            break;                                                                                            \
        default: break;                                                                                       \
        }                                                                                                     \
    }
GCD_KERNEL(gcd);
GCD_KERNEL(lcm);

/* args->flag: bfloat16 steps */
extern "C" void cg_cuda_sinc(const cg_kernel_call *c) {
    const bool bf16 = c->args->flag;
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<1, T>(c, [=] __device__(T x) -> T { return CG_SINC(T, x, sin, BF16_LOG); }))
}
