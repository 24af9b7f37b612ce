/* cuda_binary.cu: the CUDA kernels of the binary arithmetic ops (the twins
 * of engine/ops_binary.c's: add, sub, mul, div, div with a rounding mode,
 * remainder, pow, maximum, minimum). Integer arithmetic wraps (computed
 * unsigned) and integer division never traps, as Note [Integer division]
 * has it; out, a and b of one dtype, broadcast by the plan. */
#include "cuda_ew.cuh"

extern "C" {
#include "ops_binary.h"
}

/* ---- integer helpers (Note [Integer division]) ------------------------------ */

__device__ __forceinline__ int64_t idiv_trunc(int64_t a, int64_t b) {
    return b == 0 ? 0 : b == -1 ? (int64_t)(0 - (uint64_t)a) : a / b;
}
__device__ __forceinline__ int64_t idiv_floor(int64_t a, int64_t b) {
    if (b == 0 || b == -1)
        return idiv_trunc(a, b);
    int64_t q = a / b, r = a % b;
    return (r != 0 && (r < 0) != (b < 0)) ? q - 1 : q;
}
__device__ __forceinline__ int64_t iremainder(int64_t a, int64_t b) {
    if (b == 0 || b == -1)
        return 0;
    int64_t r = a % b;
    return (r != 0 && (r < 0) != (b < 0)) ? r + b : r;
}
__device__ __forceinline__ int64_t ipow(int64_t a, int64_t b) {
    if (b < 0)
        return a == 1 ? 1 : a == -1 ? ((b & 1) ? -1 : 1) : 0;
    uint64_t r = 1, base = (uint64_t)a;
    for (; b; b >>= 1, base *= base)
        if (b & 1)
            r *= base;
    return (int64_t)r;
}

/* c10's div_floor_floating and remainder */
template <typename T> __device__ __forceinline__ T fdiv_floor(T a, T b) {
    if (b == 0)
        return a / b;
    T mod = fmod(a, b), div = (a - mod) / b;
    if (mod != 0 && (b < 0) != (mod < 0))
        div -= 1;
    if (div == 0)
        return copysign((T)0, a / b);
    T fl = floor(div);
    return div - fl > (T)0.5 ? fl + 1 : fl;
}
template <typename T> __device__ __forceinline__ T fremainder(T a, T b) {
    T mod = fmod(a, b);
    return (mod != 0 && (b < 0) != (mod < 0)) ? mod + b : mod;
}

/* The unsigned type integer T wraps through. */
template <typename T> struct wrap_of { typedef T type; };
template <> struct wrap_of<int32_t> { typedef uint32_t type; };
template <> struct wrap_of<int64_t> { typedef uint64_t type; };

/* ---- add, sub, mul, div --------------------------------------------------------- */

/* add and sub: out = a ± alpha * b, alpha in args->s[0] (converted through
 * double, as the CPU's ALPHA) */
extern "C" void cuda_add(const cg_call *c) {
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

extern "C" void cuda_sub(const cg_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], {
        typedef typename wrap_of<T>::type U;
        T alpha = (T)cg_scalar_to_double(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return (T)((U)a - (U)alpha * (U)b); });
    })
}

extern "C" void cuda_mul(const cg_call *c) {
    CG_DISPATCH_NUMERIC(c->it->dtypes[0], {
        typedef typename wrap_of<T>::type U;
        cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return (T)((U)a * (U)b); });
    })
    if (c->it->dtypes[0] == CG_BOOL)
        cg_ew_launch<2, bool>(c, [] __device__(bool a, bool b) -> bool { return a && b; });
}

extern "C" void cuda_div(const cg_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return a / b; }))
}

/* args->i[0]: CG_ROUND_TRUNC or CG_ROUND_FLOOR */
extern "C" void cuda_div_mode(const cg_call *c) {
    bool floor_mode = c->args->i[0] == CG_ROUND_FLOOR;
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T {
        return floor_mode ? fdiv_floor(a, b) : trunc(a / b);
    }))
    CG_DISPATCH_INT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T {
        return (T)(floor_mode ? idiv_floor(a, b) : idiv_trunc(a, b));
    }))
}

extern "C" void cuda_remainder(const cg_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return fremainder(a, b); }))
    CG_DISPATCH_INT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return (T)iremainder(a, b); }))
}

extern "C" void cuda_pow(const cg_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return pow(a, b); }))
    CG_DISPATCH_INT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return (T)ipow(a, b); }))
}

/* propagate NaN; on a tie return a, as PyTorch */
extern "C" void cuda_maximum(const cg_call *c) {
    CG_DISPATCH_ALL(c->it->dtypes[0],
                    cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return (a != a || a >= b) ? a : b; }))
}

extern "C" void cuda_minimum(const cg_call *c) {
    CG_DISPATCH_ALL(c->it->dtypes[0],
                    cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return (a != a || a <= b) ? a : b; }))
}
