/* ops_unary_impl.h: what ops_unary.c and ops_where.c share privately: the
 * clamp flags, reading a scalar argument as a kernel's C type, and the row
 * macro of ternary elementwise kernels. Not public API; the expressions
 * themselves (CG_CLAMP, ...) are scalar_math.h's, shared with CUDA. */
#ifndef CG_OPS_UNARY_IMPL_H
#define CG_OPS_UNARY_IMPL_H

#include "ew.h"
#include "scalar_math.h"

/* args->i[0] of clamp: which bounds are given */
#define CG_CLAMP_MIN 1
#define CG_CLAMP_MAX 2

/* A cg_scalar as C type T: through double for floating T, int64 otherwise
 * (so that large int64 values stay exact). */
#define CG_SCALAR_AS(T, s) ((T)0.5 != 0 ? (T)cg_scalar_to_double(s) : (T)cg_scalar_to_int(s))

/* out TO = expr(a: TA, b: T, c: T): where (bool, T, T), clamp and masks.
 * Unit strides take a plain loop the compiler vectorises. */
/* (Note [Rows at the machine's vector width] in ew.h; _FMA: a row that
 * calls fmaf/fma) */
#define CG_TERNARY_ROW_FMA(name, T, pro, expr)                                                    \
    CG_TERNARY_ROW_A(name##_base, T, T, T, expr, , pro)                                           \
    CG_TERNARY_ROW_A(name##_avx2, T, T, T, expr, CG_FMA_TARGET, pro)                              \
    CG_AVX2_DISPATCH(name)
#define CG_TERNARY_ROW(name, TO, TA, T, pro, expr)                                                \
    CG_TERNARY_ROW_A(name##_base, TO, TA, T, expr, , pro)                                         \
    CG_TERNARY_ROW_A(name##_avx2, TO, TA, T, expr, CG_AVX2_TARGET, pro)                           \
    CG_AVX2_DISPATCH(name)
#define CG_TERNARY_ROW_A(name, TO, TA, T, expr, attr, ...)                                        \
    attr static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {               \
        const cg_op_args *args = ctx;                                                             \
        (void)args;                                                                               \
        __VA_ARGS__;                                                                                    \
        if (s[0] == sizeof(TO) && s[1] == sizeof(TA) && s[2] == sizeof(T) && s[3] == sizeof(T)) { \
            TO *restrict o = (TO *)p[0];                                                          \
            const TA *restrict pa = (const TA *)p[1];                                             \
            const T *restrict pb = (const T *)p[2], *restrict pc = (const T *)p[3];               \
            CG_SIMD                                                                               \
            for (int64_t i = 0; i < n; i++) {                                                     \
                TA a = pa[i];                                                                     \
                T b = pb[i], c = pc[i];                                                           \
                o[i] = (TO)(expr);                                                                \
            }                                                                                     \
            return;                                                                               \
        }                                                                                         \
        for (int64_t i = 0; i < n; i++) {                                                         \
            TA a = *(const TA *)(p[1] + i * s[1]);                                                \
            T b = *(const T *)(p[2] + i * s[2]), c = *(const T *)(p[3] + i * s[3]);               \
            *(TO *)(p[0] + i * s[0]) = (TO)(expr);                                                \
        }                                                                                         \
    }

#endif
