/* samples_special_math.c: op-table samples (helpers.h) of engine/
 * ops_special_math.c, inputs inside each function's domain and away from
 * its edges. Seeds 3200-3299. */
#include "helpers.h"

#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)
#define RANGE(seed, nc, lo, hi, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, lo, hi)

#define UNARY_SAMPLE(name, call, seed, lo, hi)                                                                        \
    static cg_tensor *f_##name(cg_tensor *const *in, const cg_sample *s) {                                            \
        (void)s;                                                                                                      \
        return call;                                                                                                  \
    }                                                                                                                 \
    bool sample_##name(int v, cg_sample *s) {                                                                         \
        switch (v) {                                                                                                  \
        case 0: return SAMPLE("contiguous [A,B]", 1, {RANGE(seed, false, lo, hi, S_A, S_B)}, f_##name);               \
        case 1: return SAMPLE("non-contiguous [A,B,C]", 1, {RANGE(seed + 1, true, lo, hi, S_A, S_B, S_C)}, f_##name); \
        default: return false;                                                                                        \
        }                                                                                                             \
    }
UNARY_SAMPLE(logit, cg_logit(in[0], NULL), 3224, 0.05, 0.95)
UNARY_SAMPLE(lgamma, cg_lgamma(in[0]), 3226, 0.5, 4.0)
UNARY_SAMPLE(polygamma, cg_polygamma(2, in[0]), 3228, 0.5, 4.0)

static bool binary_layouts(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), uint64_t seed,
                           double lo, double hi, double blo, double bhi) {
    switch (v) {
    case 0:
        return SAMPLE("same shape [A,B]", 2,
                      {RANGE(seed, false, lo, hi, S_A, S_B), RANGE(seed + 1, false, blo, bhi, S_A, S_B)}, fn);
    case 1:
        return SAMPLE("broadcast [A,1] with [1,B]", 2,
                      {RANGE(seed + 2, false, lo, hi, S_A, 1), RANGE(seed + 3, false, blo, bhi, 1, S_B)}, fn);
    case 2:
        return SAMPLE("non-contiguous [A,B,C] with [C]", 2,
                      {RANGE(seed + 4, true, lo, hi, S_A, S_B, S_C), RANGE(seed + 5, true, blo, bhi, S_C)}, fn);
    default: return false;
    }
}
#define BINARY_SAMPLE(name, seed, lo, hi, blo, bhi)                                 \
    static cg_tensor *f_##name(cg_tensor *const *in, const cg_sample *s) {        \
        (void)s;                                                                  \
        return cg_##name(in[0], in[1]);                                           \
    }                                                                             \
    bool sample_##name(int v, cg_sample *s) {                                     \
        return binary_layouts(v, s, f_##name, seed, lo, hi, blo, bhi);           \
    }
BINARY_SAMPLE(atan2, 3230, -2.0, 2.0, 0.5, 2.0)
BINARY_SAMPLE(hypot, 3236, 0.5, 2.0, -2.0, -0.5)
BINARY_SAMPLE(logaddexp, 3242, -2.0, 2.0, -2.0, 2.0)
BINARY_SAMPLE(logaddexp2, 3248, -2.0, 2.0, -2.0, 2.0)

/* shifts of int64 values in [-50, 50) by counts in [-2, 70): past the width too */
static cg_tensor *f_shift(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *a = cg_to_dtype(in[0], CG_INT64), *b = a ? cg_to_dtype(in[1], CG_INT64) : NULL;
    cg_tensor *r = b ? (s->i[0] ? cg_bitwise_right_shift(a, b) : cg_bitwise_left_shift(a, b)) : NULL;
    cg_tensor_release(a), cg_tensor_release(b);
    return r;
}
bool sample_lshift(int v, cg_sample *s) {
    return v == 0
           && SAMPLE("[A,B] with [B]", 2,
                     {s_const_range(S_SIZES(S_A, S_B), 3260, -50.0, 50.0), s_const_range(S_SIZES(S_B), 3261, -2.0, 70.0)},
                     f_shift);
}
bool sample_rshift(int v, cg_sample *s) {
    return v == 0
           && SAMPLE("[A,B] with [B]", 2,
                     {s_const_range(S_SIZES(S_A, S_B), 3262, -50.0, 50.0), s_const_range(S_SIZES(S_B), 3263, -2.0, 70.0)},
                     f_shift, .i = {1});
}
