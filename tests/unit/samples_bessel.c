/* samples_bessel.c: op-table samples (helpers.h) of engine/ops_bessel.c:
 * i0, i0e, i1, i1e over [-10, 10] (both Chebyshev ranges, both signs).
 * Seeds 3400-3409. */
#include "helpers.h"

#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)
#define RANGE(seed, nc, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, -10.0, 10.0)

#define BESSEL_SAMPLE(name, call, seed)                                                                  \
    static cg_tensor *f_##name(cg_tensor *const *in, const cg_sample *s) {                               \
        (void)s;                                                                                         \
        return call;                                                                                     \
    }                                                                                                    \
    bool sample_##name(int v, cg_sample *s) {                                                            \
        switch (v) {                                                                                     \
        case 0: return SAMPLE("contiguous [A,B]", 1, {RANGE(seed, false, S_A, S_B)}, f_##name);          \
        case 1: return SAMPLE("non-contiguous [A,B,C]", 1, {RANGE(seed + 1, true, S_A, S_B, S_C)}, f_##name); \
        default: return false;                                                                           \
        }                                                                                                \
    }
BESSEL_SAMPLE(i0, cg_i0(in[0]), 3400)
BESSEL_SAMPLE(i0e, cg_special_i0e(in[0]), 3402)
BESSEL_SAMPLE(i1, cg_special_i1(in[0]), 3404)
BESSEL_SAMPLE(i1e, cg_special_i1e(in[0]), 3406)
