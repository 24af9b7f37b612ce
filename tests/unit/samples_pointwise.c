/* samples_pointwise.c: op-table samples (helpers.h) of addcmul, addcdiv and
 * lerp (engine/ops_pointwise.c): broadcast operands, non-contiguous ones,
 * values and weights on both sides of lerp's 0.5 switch. Divisors stay away
 * from zero. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define IN_RANGE(seed, nc, lo, hi, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, lo, hi)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

static cg_tensor *f_addcmul(cg_tensor *const *in, const cg_sample *s) {
    return cg_addcmul(in[0], in[1], in[2], cg_scalar_float(s->d[0]));
}
bool sample_addcmul(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("same shape [A,B]", 3,
                      {IN(601, false, S_A, S_B), IN(602, false, S_A, S_B), IN(603, false, S_A, S_B)}, f_addcmul,
                      .d = {1.0});
    case 1:
        return SAMPLE("self [B], t1 [A,1], t2 [A,B] non-contiguous, value -0.7", 3,
                      {IN(604, false, S_B), IN(605, false, S_A, 1), IN(606, true, S_A, S_B)}, f_addcmul, .d = {-0.7});
    default: return false;
    }
}

static cg_tensor *f_addcdiv(cg_tensor *const *in, const cg_sample *s) {
    return cg_addcdiv(in[0], in[1], in[2], cg_scalar_float(s->d[0]));
}
bool sample_addcdiv(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("same shape [A,B]", 3,
                      {IN(611, false, S_A, S_B), IN(612, false, S_A, S_B), IN_RANGE(613, false, 0.5, 2.0, S_A, S_B)},
                      f_addcdiv, .d = {1.0});
    case 1:
        return SAMPLE("t2 [B] broadcast, self non-contiguous, value 2.5", 3,
                      {IN(614, true, S_A, S_B), IN(615, false, S_A, 1), IN_RANGE(616, false, -2.0, -0.5, S_B)},
                      f_addcdiv, .d = {2.5});
    default: return false;
    }
}

static cg_tensor *f_lerp(cg_tensor *const *in, const cg_sample *s) {
    return cg_lerp(in[0], in[1], cg_scalar_float(s->d[0]));
}
bool sample_lerp(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("weight 0.3", 2, {IN(621, false, S_A, S_B), IN(622, false, S_A, S_B)}, f_lerp, .d = {0.3});
    case 1:
        return SAMPLE("weight 0.8, end [B] broadcast, non-contiguous", 2,
                      {IN(623, true, S_A, S_B), IN(624, false, S_B)}, f_lerp, .d = {0.8});
    default: return false;
    }
}

static cg_tensor *f_lerp_tensor(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_lerp_tensor(in[0], in[1], in[2]);
}
bool sample_lerp_tensor(int v, cg_sample *s) {
    switch (v) {
    case 0:
        /* weights in [-0.5, 1.5): both formulas, away from the switch at 0.5
         * only by chance; both have the same derivative there */
        return SAMPLE("same shape [A,B]", 3,
                      {IN(631, false, S_A, S_B), IN(632, false, S_A, S_B), IN_RANGE(633, false, -0.5, 1.5, S_A, S_B)},
                      f_lerp_tensor);
    case 1:
        return SAMPLE("weight [A,1], end [B], self non-contiguous", 3,
                      {IN(634, true, S_A, S_B), IN(635, false, S_B), IN_RANGE(636, false, 0.0, 1.0, S_A, 1)},
                      f_lerp_tensor);
    default: return false;
    }
}
