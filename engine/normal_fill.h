/* normal_fill.h: PyTorch's vectorised normal fill, for randn and normal_
 * on contiguous tensors of 16 elements or more (normal_fill.c).
 *
 * Note [Vectorised normal]
 * ~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's CPU normal_ takes two paths (cpu/DistributionTemplates.h):
 * - fewer than 16 elements, or not contiguous: one value at a time, a
 *   double Box-Muller whose second value is cached in the generator;
 * - otherwise normal_fill: n uniforms first, then Box-Muller over blocks of
 *   16 (u1 from data[j], u2 from data[j+8], cos into j and sin into j+8).
 *   When n is not a multiple of 16, 16 fresh uniforms overwrite the last 16
 *   slots and that block is transformed again, so n + 16 uniforms are drawn.
 *   The cache is neither used nor touched.
 * float32 on x86 runs the AVX2 kernel (also on AVX-512 machines: normal is
 * not dispatched to AVX-512), whose log, sin and cos are Cephes polynomials
 * (avx_mathfun.h), compiled by GCC with -mfma, which fuses some of their
 * multiply-adds. normal_fill.c replays those exact float operations in
 * scalar C, fused where PyTorch's binary fuses them (found by comparing a
 * million values bit for bit), so that randn(n >= 16) matches PyTorch's
 * bits. float64 uses glibc's log, sin and cos, as PyTorch does. */
#ifndef CG_NORMAL_FILL_H
#define CG_NORMAL_FILL_H

#include <stdint.h>

#include "rng.h"

/* data is (n,), n >= 16: n normal values with the given mean and std. */
void cg_normal_fill_f32(float *data, int64_t n, float mean, float std, cg_rng *g);
void cg_normal_fill_f64(double *data, int64_t n, double mean, double std, cg_rng *g);

/* One uniform in [0, 1) as PyTorch's uniform_real_distribution draws it:
 * 24 bits of random() for float, 53 bits of random64() for double. */
static inline float cg_uniform_f32(cg_rng *g) {
    return (float)(cg_rng_random(g) & ((1u << 24) - 1)) * (1.0f / (float)(1u << 24));
}
static inline double cg_uniform_f64(cg_rng *g) {
    return (double)(cg_rng_random64(g) & ((1ull << 53) - 1)) * (1.0 / (double)(1ull << 53));
}

#endif
