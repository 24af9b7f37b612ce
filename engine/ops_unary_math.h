/* ops_unary_math.h: float32 exp, log, tanh and erf written so that a loop
 * over them vectorises (no calls, no branches: selects only), for the CPU's
 * kernels: scalar_math.h's formulas call them in C (the device has its own,
 * Note [Float32 math on each side]). libm's expf and friends are calls the
 * compiler cannot vectorise, which made exp, tanh, sigmoid and gelu 5-20x
 * slower than PyTorch (whose CPU kernels use SIMD math as well).
 *
 * exp and log are Cephes' (Moshier) range reductions and polynomials, within
 * 2 ulp of libm; tanh is Cephes' polynomial below 0.625 and 1 - 2/(e^2x + 1)
 * above; erf see below. nan, infinities and zeros give what libm gives. Not for float64: those kernels call libm. */
#ifndef CG_OPS_UNARY_MATH_H
#define CG_OPS_UNARY_MATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "float_bits.h"

/* Forced inline: a call left in a loop stops it vectorising, and GCC's
 * limits would keep the larger of these out of line where used often. */
#if defined(__GNUC__)
#define CG_VEC_INLINE inline __attribute__((always_inline))
#else
#define CG_VEC_INLINE inline
#endif

/* 2^n for integral n in [-126, 127] */
static CG_VEC_INLINE float cg_pow2f(int32_t n) { return cg_f32_from_bits((uint32_t)(n + 127) << 23); }

static CG_VEC_INLINE float cg_expf(float x) {
    /* x = n ln2 + r, |r| <= ln2/2; e^x = 2^n e^r. Inputs beyond the range
     * are clamped (a nan goes to lo) and their results selected at the end. */
    const float hi = 88.8f, lo = -104.0f;
    float xc = x > lo ? x : lo;
    xc = xc < hi ? xc : hi;
    /* round to nearest with the 1.5 * 2^23 trick (no SSE4.1 rint needed) */
    float fn = (xc * 1.44269504088896341f + 12582912.0f) - 12582912.0f;
    float r = xc - fn * 0.693359375f + fn * 2.12194440e-4f;
    float p = 1.9875691500E-4f;
    p = p * r + 1.3981999507E-3f;
    p = p * r + 8.3334519073E-3f;
    p = p * r + 4.1665795894E-2f;
    p = p * r + 1.6666665459E-1f;
    p = p * r + 5.0000001201E-1f;
    float y = p * r * r + r + 1.0f;
    /* scale in two steps so that n from -150 to 128 stays representable */
    int32_t n = (int32_t)fn, n1 = n / 2;
    y = y * cg_pow2f(n1) * cg_pow2f(n - n1);
    y = x > 88.72283935546875f ? INFINITY : y;
    y = x < -103.972084045410f ? 0.0f : y;
    return x != x ? x : y;
}

static CG_VEC_INLINE float cg_logf(float x) {
    /* x = m 2^e with m in [sqrt(1/2), sqrt(2)); log x = log m + e log 2 */
    float xs = x < 1.17549435e-38f ? x * 8388608.0f : x; /* subnormals: scale by 2^23 */
    int32_t bias = x < 1.17549435e-38f ? 23 : 0;
    uint32_t u = cg_f32_bits(xs);
    int32_t e = (int32_t)((u >> 23) & 0xff) - 126 - bias;
    float m = cg_f32_from_bits((u & 0x007fffffu) | 0x3f000000u); /* [0.5, 1) */
    int small = m < 0.707106781186547524f;
    e -= small;
    m = (small ? m + m : m) - 1.0f;
    float z = m * m;
    float p = 7.0376836292E-2f;
    p = p * m - 1.1514610310E-1f;
    p = p * m + 1.1676998740E-1f;
    p = p * m - 1.2420140846E-1f;
    p = p * m + 1.4249322787E-1f;
    p = p * m - 1.6668057665E-1f;
    p = p * m + 2.0000714765E-1f;
    p = p * m - 2.4999993993E-1f;
    p = p * m + 3.3333331174E-1f;
    float fe = (float)e;
    float y = p * m * z - 2.12194440e-4f * fe - 0.5f * z;
    y = m + y + 0.693359375f * fe;
    y = x == INFINITY ? x : y;
    y = x == 0.0f ? -INFINITY : y;
    return x < 0.0f || x != x ? NAN : y;
}

static CG_VEC_INLINE float cg_tanhf(float x) {
    float a = fabsf(x);
    float z = x * x;
    float p = -5.70498872745E-3f;
    p = p * z + 2.06390887954E-2f;
    p = p * z - 5.37397155531E-2f;
    p = p * z + 1.33314422036E-1f;
    p = p * z - 3.33332819422E-1f;
    float small = p * z * x + x;
    float big = 1.0f - 2.0f / (cg_expf(a + a) + 1.0f);
    /* tanh is odd: the sign of x, also for -0. */
    return copysignf(a < 0.625f ? small : big, x);
}

/* erf: its Taylor series below 0.75 (10 terms, exact to float there), and
 * above Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7), whose
 * cancellation near 0 the series avoids. (Numerical Recipes' erfc fit is
 * more accurate above 0.75 but made the loop three times slower.) */
static CG_VEC_INLINE float cg_erff(float x) {
    float a = fabsf(x), z = x * x;
    float s = -1.6365844691e-07f;
    s = s * z + 1.6462114366e-06f;
    s = s * z - 1.4925650358e-05f;
    s = s * z + 1.2055332982e-04f;
    s = s * z - 8.5483270235e-04f;
    s = s * z + 5.2239776254e-03f;
    s = s * z - 2.6866170645e-02f;
    s = s * z + 1.1283791671e-01f;
    s = s * z - 3.7612638903e-01f;
    s = s * z + 1.1283791671e+00f;
    float small = s * x;
    float t = 1.0f / (1.0f + 0.3275911f * a);
    float q = 1.061405429f;
    q = q * t - 1.453152027f;
    q = q * t + 1.421413741f;
    q = q * t - 0.284496736f;
    q = q * t + 0.254829592f;
    float big = 1.0f - q * t * cg_expf(-z);
    return a < 0.75f ? small : copysignf(big, x);
}

/* log(1 + x) = log(u) x / (u - 1) with u = 1 + x rounded: the quotient
 * cancels u's rounding error (Goldberg's trick). */
static CG_VEC_INLINE float cg_log1pf(float x) {
    float u = 1.0f + x;
    float y = u == 1.0f ? x : cg_logf(u) * (x / (u - 1.0f));
    return x == INFINITY ? x : y;
}

#endif
