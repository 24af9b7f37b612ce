/* cuda_special_math.cu: the CUDA kernels of engine/ops_special_math.c:
 * logit, atan2, hypot, logaddexp, logaddexp2, lgamma, polygamma and the
 * bit shifts, with CUDA's libm.
 * Float kernels see float32 or float64. */
#include "cuda_ew.cuh"

#define SP_UNARY_KERNEL(name, expr)                                                                         \
    extern "C" void cg_cuda_##name(const cg_kernel_call *c) {                                               \
        CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [] __device__(T x) -> T { return expr; })) \
    }

/* args->flag: clamp to [s[0], s[1]] */
extern "C" void cg_cuda_logit(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        const bool clamp = c->args->flag;
        const T lo = cg_scalar_as<T>(c->args->s[0]), hi = cg_scalar_as<T>(c->args->s[1]);
        cg_ew_launch<1, T>(c, [=] __device__(T x) -> T {
            if (clamp)
                x = x < lo ? lo : (x > hi ? hi : x);
            return x == (T)1 ? (T)INFINITY : log(x / ((T)1 - x));
        });
    })
}

#define SP_BINARY_KERNEL(name, expr)                                                                              \
    extern "C" void cg_cuda_##name(const cg_kernel_call *c) {                                                     \
        CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return expr; })) \
    }
SP_BINARY_KERNEL(atan2, atan2(a, b))
SP_BINARY_KERNEL(hypot, hypot(a, b))
SP_BINARY_KERNEL(logaddexp, (isinf(a) && a == b) ? a : (a < b ? b : a) + log1p(exp(-fabs(a - b))))
SP_BINARY_KERNEL(logaddexp2,
                 (isinf(a) && a == b) ? a : (a < b ? b : a) + log1p(exp2(-fabs(a - b))) * (T)(1.0 / 0.693147180559945309417232121458176568))

SP_UNARY_KERNEL(lgamma, lgamma(x))
/* polygamma on the device: digamma and trigamma by the CPU's series;
 * n >= 2 by CUDA's own lgamma and the same Hurwitz zeta sum, shortened */
template <typename T> __device__ T cg_dev_digamma(T x) {
    if (x == 0)
        return copysign((T)INFINITY, -x);
    T result = 0;
    if (x < 0) {
        if (x == trunc(x))
            return (T)NAN;
        T r = x - trunc(x);
        result = -(T)(3.14159265358979323846 / tan(3.14159265358979323846 * (double)r));
        x = 1 - x;
    }
    while (x < 10) {
        result -= 1 / x;
        x += 1;
    }
    T z = 1 / (x * x);
    T y = z * ((T)8.33333333333333333333E-2 + z * ((T)-8.33333333333333333333E-3 + z * (T)3.96825396825396825397E-3));
    return result + log(x) - ((T)0.5 / x) - y;
}
template <typename T> __device__ T cg_dev_zeta(T s, T q) {
    T sum = 0;
    for (int k = 0; k < 32; k++)
        sum += pow(q + k, -s);
    T a = q + 32;
    return sum + pow(a, 1 - s) / (s - 1) + (T)0.5 * pow(a, -s) + s * pow(a, -s - 1) / 12;
}
extern "C" void cg_cuda_polygamma(const cg_kernel_call *c) {
    const int64_t n = c->args->i[0];
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<1, T>(c, [=] __device__(T x) -> T {
                          if (n == 0)
                              return cg_dev_digamma(x);
                          return ((n % 2) ? (T)1 : (T)-1) * exp(lgamma((T)n + 1)) * cg_dev_zeta((T)(n + 1), x);
                      }))
}

/* torch.special.zeta(x, q): the Hurwitz zeta of polygamma */
extern "C" void cg_cuda_zeta(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T x, T q) -> T { return cg_dev_zeta(x, q); }))
}

/* bitwise shifts of integral tensors: the CPU's (count modulo the promoted width) */
template <typename T> __device__ T cg_dev_lshift(T a, T b) {
    const uint64_t w = sizeof(T) < 4 ? 32 : sizeof(T) * 8;
    return (T)((uint64_t)(int64_t)a << ((uint64_t)(int64_t)b & (w - 1)));
}
template <typename T> __device__ T cg_dev_rshift(T a, T b) {
    const uint64_t w = sizeof(T) < 4 ? 32 : sizeof(T) * 8, s = (uint64_t)(int64_t)b & (w - 1);
    if (std::is_signed<T>::value)
        return (T)((int64_t)a >> s);
    return (T)((uint64_t)a >> s);
}
extern "C" void cg_cuda_lshift(const cg_kernel_call *c) {
    CG_DISPATCH_INT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return cg_dev_lshift(a, b); }))
}
extern "C" void cg_cuda_rshift(const cg_kernel_call *c) {
    CG_DISPATCH_INT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return cg_dev_rshift(a, b); }))
}
