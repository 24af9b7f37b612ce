/* rounding_math.h: the expressions of the rounding kernels, written once
 * for ops_rounding.c and cuda/cuda_rounding.cu (as scalar_math.h). */
#ifndef CG_ROUNDING_MATH_H
#define CG_ROUNDING_MATH_H

#include <string.h>

#include "scalar_math.h"

/* f rounded to bfloat16's precision (nearest even), as a float: what a
 * c10::BFloat16 operation rounds its float result to. NaN kept. */
CG_HOST_DEVICE float cg_bf16_round_f32(float f) {
    if (f != f)
        return f;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    u = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* Note [round with decimals]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13's round(x, decimals=d) takes p = 10^|d| as the element type
 * (inf in float32 from d = 39; rounded to bfloat16 for bfloat16) and computes nearbyint(x * p) / p, or
 * nearbyint(x / p) * p for d < 0, each step in that type: for bfloat16
 * the product or quotient is rounded to bfloat16 before nearbyint, the
 * rest in float (`bf16`). nearbyint rounds ties to even. */
/* 10^|d| as std::pow(10, d) gives it, a double */
CG_HOST_DEVICE double cg_pow10(int64_t d) { return pow(10.0, fabs((double)d)); }

#define CG_ROUND_DECIMALS(T, NEARBYINT, x, p, neg, bf16)          \
    ((neg) ? NEARBYINT(cg_round_step((T)((x) / (p)), bf16)) * (p) \
           : NEARBYINT(cg_round_step((T)((x) * (p)), bf16)) / (p))

CG_HOST_DEVICE float cg_round_step_f32(float v, bool bf16) { return bf16 ? cg_bf16_round_f32(v) : v; }
CG_HOST_DEVICE double cg_round_step_f64(double v, bool bf16) {
    (void)bf16;
    return v;
}
#ifdef __cplusplus
CG_HOST_DEVICE float cg_round_step(float v, bool bf16) { return cg_round_step_f32(v, bf16); }
CG_HOST_DEVICE double cg_round_step(double v, bool bf16) { return cg_round_step_f64(v, bf16); }
#else
#define cg_round_step(v, bf16) _Generic((v), float : cg_round_step_f32, double : cg_round_step_f64)(v, bf16)
#endif

/* frac: x - trunc(x), so -0.5 for -2.5, nan for inf */
#define CG_FRAC(x, TRUNC) ((x)-TRUNC(x))
/* signbit: a negative integer, a float's sign bit */
#define CG_SIGNBIT_INT(x) ((x) < 0)

#endif
