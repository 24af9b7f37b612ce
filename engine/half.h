/* half.h: float16 and bfloat16 as their bits, and their conversions to and
 * from float32 as PyTorch's c10::Half and c10::BFloat16 convert: to float
 * exactly, from float rounded to nearest, ties to even; a NaN becomes the
 * quiet NaN 0x7e00 (sign kept) in float16 and 0x7fc0 in bfloat16. */
#ifndef CG_HALF_H
#define CG_HALF_H

#include <math.h>
#include <stdint.h>

#include "float_bits.h"

/* Structs, so that no C arithmetic applies to them by mistake. */
typedef struct {
    uint16_t bits;
} cg_half;
typedef struct {
    uint16_t bits;
} cg_bf16;

/* (no compound literals: CUDA's C++ includes this header too) */
static inline cg_half cg_half_of_bits(uint16_t bits) {
    cg_half h;
    h.bits = bits;
    return h;
}
static inline cg_bf16 cg_bf16_of_bits(uint16_t bits) {
    cg_bf16 b;
    b.bits = bits;
    return b;
}

static inline float cg_half_to_float(cg_half h) {
    uint32_t sign = (uint32_t)(h.bits & 0x8000) << 16;
    uint32_t exp = (h.bits >> 10) & 0x1f, mant = h.bits & 0x3ff;
    if (exp == 0) { /* zero or subnormal: mant * 2^-24, exact in float */
        float v = (float)mant * 0x1p-24f;
        return cg_f32_from_bits(cg_f32_bits(v) | sign);
    }
    if (exp == 31) /* inf or NaN */
        return cg_f32_from_bits(sign | 0x7f800000u | (mant << 13));
    return cg_f32_from_bits(sign | ((exp + 112) << 23) | (mant << 13));
}

static inline cg_half cg_half_from_float(float f) {
    uint32_t u = cg_f32_bits(f);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
    u &= 0x7fffffffu;
    if (u >= 0x7f800000u) /* inf or NaN */
        return cg_half_of_bits((uint16_t)(sign | (u > 0x7f800000u ? 0x7e00 : 0x7c00)));
    if (u >= 0x477ff000u) /* 65520 and above round to inf */
        return cg_half_of_bits((uint16_t)(sign | 0x7c00));
    if (u < 0x38800000u) { /* under 2^-14: a subnormal half, in units of 2^-24 */
        float units = nearbyintf(cg_f32_from_bits(u) * 0x1p24f);
        return cg_half_of_bits((uint16_t)(sign | (uint16_t)units));
    }
    /* rebias the exponent (127 -> 15) and drop 13 mantissa bits, rounding
     * to nearest even; a carry moves into the exponent as it should */
    uint32_t r = u - 0x38000000u;
    r += 0xfffu + ((r >> 13) & 1u);
    return cg_half_of_bits((uint16_t)(sign | (r >> 13)));
}

static inline float cg_bf16_to_float(cg_bf16 b) { return cg_f32_from_bits((uint32_t)b.bits << 16); }

static inline cg_bf16 cg_bf16_from_float(float f) {
    if (isnan(f))
        return cg_bf16_of_bits(0x7fc0);
    uint32_t u = cg_f32_bits(f);
    u += 0x7fffu + ((u >> 16) & 1u);
    return cg_bf16_of_bits((uint16_t)(u >> 16));
}

#endif
