/* cuda_pointwise.cu: the CUDA kernels of engine/ops_pointwise.c: addcmul,
 * addcdiv and lerp, with the CPU's roundings (Note [Pointwise rounding]
 * there): one fma where PyTorch's CPU kernel has one. */
#include "cuda_ew.cuh"

/* out = a + value * b * c, value in args->s[0] */
extern "C" void cg_cuda_addcmul(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T value = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<3, T>(c, [=] __device__(T a, T b, T d) -> T { return fma(value * b, d, a); });
    })
    CG_DISPATCH_INT(c->it->dtypes[0], {
        typedef typename wrap_of<T>::type U;
        T value = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<3, T>(c, [=] __device__(T a, T b, T d) -> T { return (T)((U)a + (U)value * (U)b * (U)d); });
    })
}

/* out = a + (value * b) / c, floating only */
extern "C" void cg_cuda_addcdiv(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T value = cg_scalar_as<T>(c->args->s[0]);
        cg_ew_launch<3, T>(c, [=] __device__(T a, T b, T d) -> T { return a + (value * b) / d; });
    })
}

template <typename T> __device__ __forceinline__ T lerp_of(T a, T b, T w) {
    return w < T(0.5) ? fma(w, b - a, a) : fma(a - b, T(1) - w, b);
}

/* out = lerp(a, b, weight args->s[0]) */
extern "C" void cg_cuda_lerp(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T w = (T)cg_scalar_to_double(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return lerp_of(a, b, w); });
    })
}

/* out = lerp(a, b, c) */
extern "C" void cg_cuda_lerp_tensor(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<3, T>(c, [] __device__(T a, T b, T d) -> T { return lerp_of(a, b, d); }))
}

/* addr: beta * a + alpha * b * d (b a column, d a row, broadcast), with the
 * CPU's vector-form rounding (Note [addr's rounding] in engine/addr.c);
 * beta 0 leaves a unread */
extern "C" void cg_cuda_addr(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T beta = cg_scalar_as<T>(c->args->s[0]), alpha = cg_scalar_as<T>(c->args->s[1]);
        cg_ew_launch<3, T>(c, [=] __device__(T a, T b, T d) -> T {
            return beta == (T)0 ? alpha * b * d : fma(alpha * b, d, beta * a);
        });
    })
    CG_DISPATCH_INT(c->it->dtypes[0], {
        typedef typename wrap_of<T>::type U;
        T beta = cg_scalar_as<T>(c->args->s[0]), alpha = cg_scalar_as<T>(c->args->s[1]);
        cg_ew_launch<3, T>(c, [=] __device__(T a, T b, T d) -> T {
            return (T)(beta == 0 ? (U)alpha * (U)b * (U)d : (U)beta * (U)a + (U)alpha * (U)b * (U)d);
        });
    })
}
