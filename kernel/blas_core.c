/* blas_core.c: OpenBLAS's kernels chosen by the CPU's features where its
 * model is unknown to OpenBLAS (Note [OpenBLAS core on unknown CPUs] in
 * blas_core.h). */
#include <stdlib.h>
#include <string.h>

#include <cblas.h>

#include "blas_core.h"

const char *cg_blas_core_override(void) {
    if (getenv("OPENBLAS_CORETYPE"))
        return NULL;
    const char *core = openblas_get_corename();
    /* OpenBLAS's fallback for an x86-64 CPU it cannot place */
    if (!core || strcmp(core, "Prescott") != 0)
        return NULL;
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512dq"))
        return "SkylakeX";
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return "Haswell";
#endif
    return NULL;
}
