/* half_f16c.c: see half_f16c.h. Compiled with -mf16c -mavx (Makefile);
 * called only where cg_f16c_available says the CPU has them. */
#include "half_f16c.h"

#include <immintrin.h>

bool cg_f16c_available(void) {
    static int known = -1;
    if (known < 0)
        /* every CPU with AVX2 has F16C (which came a generation earlier),
         * and clang's __builtin_cpu_supports has no "f16c" */
        known = __builtin_cpu_supports("avx2");
    return known;
}

void cg_half_to_float_f16c(const cg_half *in, float *out, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(out + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(in + i))));
    for (; i < n; i++)
        out[i] = cg_half_to_float(in[i]);
}

void cg_float_to_half_f16c(const float *in, cg_half *out, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm_storeu_si128((__m128i *)(out + i),
                         _mm256_cvtps_ph(_mm256_loadu_ps(in + i), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    for (; i < n; i++)
        out[i] = cg_half_from_float(in[i]);
}
