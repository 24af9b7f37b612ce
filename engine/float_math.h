/* float_math.h: the expressions of ops_float_math.c's kernels, written
 * once for the CPU and cuda/cuda_float_math.cu (as scalar_math.h). */
#ifndef CG_FLOAT_MATH_H
#define CG_FLOAT_MATH_H

#include "rounding_math.h"
#include "rounding_math.h"
#include "scalar_math.h"

/* xlogy(x, y) as PyTorch's CPU kernel: NaN where y is, 0 where x is 0;
 * ROUND(log y) is what its element type makes of the log (bfloat16's
 * std::log rounds to bfloat16) */
#define CG_XLOGY(T, x, y, LOG, ROUND) ((y) != (y) ? (T)NAN : (x) == 0 ? (T)0 : (x)*ROUND(LOG(y)))
/* nan_to_num with the replacements nan, pos, neg of the element type */
#define CG_NAN_TO_NUM(T, x, nan, pos, neg) \
    ((x) != (x) ? (nan) : (x) == (T)INFINITY ? (pos) : (x) == -(T)INFINITY ? (neg) : (x))
/* an integer fmod, the divisor checked non-zero: the truncated remainder
 * (-1 divides everything, which spares INT_MIN % -1) */
#define CG_FMOD_INT(a, b) ((a) % ((b) < 0 && (b) == -1 ? 1 : (b)))

/* sinc(x) as PyTorch's scalar kernel: 1 at 0, else sin(pi x) / (pi x),
 * pi and pi x rounded to the element type; ROUND(v) what it makes of a
 * float result (bfloat16's pi x and sin round to bfloat16) */
#define CG_SINC(T, x, SIN, ROUND) \
    ((x) == 0 ? (T)1 : ROUND(SIN(ROUND(ROUND((T)M_PI) * (x)))) / ROUND(ROUND((T)M_PI) * (x)))
/* heaviside(x, values): values where x is 0, else x > 0 (0 for NaN) */
#define CG_HEAVISIDE(T, x, v) ((x) == 0 ? (v) : (T)((x) > 0))

/* Note [gcd and lcm of integers]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's calc_gcd is Euclid's on |a| and |b|; lcm is |a / gcd * b|, 0
 * when the gcd is. Both wrap in two's complement where |x| or the product
 * overflows (gcd(INT64_MIN, 0) is INT64_MIN): cgrad computes them in the
 * unsigned type U, where wrapping is defined; the product in C++'s
 * promoted type P (int for the small types), wrapped as unsigned PU. */
#define CG_UABS(U, x) ((x) < 0 ? (U)0 - (U)(x) : (U)(x))
#define CG_GCD_DEF(T, U, SUF, ABS, P, PU)                           \
    CG_HOST_DEVICE T cg_gcd_##SUF(T a, T b) {                       \
        U x = ABS(U, a), y = ABS(U, b);                             \
        while (x != 0) {                                            \
            U c = x;                                                \
            x = y % x;                                              \
            y = c;                                                  \
        }                                                           \
        return (T)y;                                                \
    }                                                               \
    CG_HOST_DEVICE T cg_lcm_##SUF(T a, T b) {                       \
        T g = cg_gcd_##SUF(a, b);                                   \
        if (g == 0)                                                 \
            return 0;                                               \
        T q = (T)(a / g); /* g divides a: no overflow but MIN/-1 */ \
        P p = (P)((PU)q * (PU)b);                                   \
        return (T)CG_UABS(PU, p);                                   \
    }
CG_GCD_DEF(int64_t, uint64_t, i64, CG_UABS, int64_t, uint64_t)
CG_GCD_DEF(int32_t, uint32_t, i32, CG_UABS, int32_t, uint32_t)
CG_GCD_DEF(int16_t, uint16_t, i16, CG_UABS, int32_t, uint32_t)
CG_GCD_DEF(int8_t, uint8_t, i8, CG_UABS, int32_t, uint32_t)
#define CG_UNSIGNED_ABS(U, x) ((U)(x))
CG_GCD_DEF(uint8_t, uint8_t, u8, CG_UNSIGNED_ABS, int32_t, uint32_t)

#endif
