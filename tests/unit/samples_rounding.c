/* samples_rounding.c: op-table samples (helpers.h) of the rounding family
 * and the sign family's sgn and signbit (engine/ops_rounding.c). The step
 * functions have zero derivatives, so their values are drawn between
 * steps, farther from one than the gradcheck's step, where the numerical
 * derivative is zero too. */
#include "helpers.h"

#define IN_RANGE(seed, nc, lo, hi, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, lo, hi)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

static bool unary_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), uint64_t seed,
                         double lo, double hi) {
    switch (v) {
    case 0: return SAMPLE("contiguous [A,B]", 1, {IN_RANGE(seed, false, lo, hi, S_A, S_B)}, fn);
    case 1: return SAMPLE("non-contiguous [A,B,C]", 1, {IN_RANGE(seed + 1, true, lo, hi, S_A, S_B, S_C)}, fn);
    case 2: return SAMPLE("one element", 1, {IN_RANGE(seed + 2, false, lo, hi, 1)}, fn);
    default: return false;
    }
}

#define UNARY_SAMPLE(name, seed, lo, hi)                                   \
    static cg_tensor *f_##name(cg_tensor *const *in, const cg_sample *s) { \
        (void)s;                                                           \
        return cg_##name(in[0]);                                           \
    }                                                                      \
    bool sample_##name(int v, cg_sample *s) { return unary_sample(v, s, f_##name, seed, lo, hi); }

UNARY_SAMPLE(floor, 2300, 1.1, 1.9)
UNARY_SAMPLE(ceil, 2303, -1.9, -1.1)
UNARY_SAMPLE(trunc, 2306, -0.9, 0.9)
UNARY_SAMPLE(round, 2309, 2.6, 3.4)
UNARY_SAMPLE(frac, 2312, -2.0, 2.0)
UNARY_SAMPLE(sgn, 2315, 0.5, 2.0)
UNARY_SAMPLE(signbit, 2318, -2.0, 2.0)

/* decimals 2 and -1: 100 x and x / 10 drawn between integers */
static cg_tensor *f_round_decimals(cg_tensor *const *in, const cg_sample *s) {
    return cg_round_decimals(in[0], s->i[0]);
}
bool sample_round_decimals(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B] decimals 2", 1, {IN_RANGE(2321, false, 0.111, 0.119, S_A, S_B)}, f_round_decimals,
                      .i = {2});
    case 1:
        return SAMPLE("non-contiguous [A,B,C] decimals -1", 1, {IN_RANGE(2322, true, 21.0, 29.0, S_A, S_B, S_C)},
                      f_round_decimals, .i = {-1});
    default: return false;
    }
}
