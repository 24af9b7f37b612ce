/* samples_float_math.c: op-table samples (helpers.h) of engine/
 * ops_float_math.c: copysign, fmod, fmax/fmin, xlogy (with tensors and
 * with a Python number as other), deg2rad, rad2deg, nan_to_num. Inputs
 * keep away from where an op is not differentiable (0 for copysign, the
 * steps of fmod, ties of fmax/fmin). */
#include "helpers.h"

#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)
#define RANGE(seed, nc, lo, hi, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, lo, hi)

typedef cg_tensor *(*sample_op)(cg_tensor *const *in, const cg_sample *s);

/* same shape, broadcast, non-contiguous with a broadcast row; a in [alo,
 * ahi), b in [blo, bhi); seeds seed .. seed + 5 */
static bool layouts(int v, cg_sample *s, sample_op fn, uint64_t seed, double alo, double ahi, double blo, double bhi) {
    switch (v) {
    case 0:
        return SAMPLE("same shape [A,B]", 2,
                      {RANGE(seed, false, alo, ahi, S_A, S_B), RANGE(seed + 1, false, blo, bhi, S_A, S_B)}, fn);
    case 1:
        return SAMPLE("broadcast [A,1] with [1,B]", 2,
                      {RANGE(seed + 2, false, alo, ahi, S_A, 1), RANGE(seed + 3, false, blo, bhi, 1, S_B)}, fn);
    case 2:
        return SAMPLE("non-contiguous [A,B,C] with non-contiguous [C]", 2,
                      {RANGE(seed + 4, true, alo, ahi, S_A, S_B, S_C), RANGE(seed + 5, true, blo, bhi, S_C)}, fn);
    default: return false;
    }
}

/* op(in[0], the Python number s->d[0]) */
static cg_tensor *with_number(cg_tensor *(*op)(cg_tensor *, cg_tensor *), cg_tensor *a, double b) {
    cg_tensor *k = cg_scalar_tensor(cg_scalar_float(b));
    cg_tensor *r = k ? op(a, k) : NULL;
    cg_tensor_release(k);
    return r;
}

#define BINARY_OPS(name)                                                            \
    static cg_tensor *f_##name(cg_tensor *const *in, const cg_sample *s) {          \
        (void)s;                                                                    \
        return cg_##name(in[0], in[1]);                                             \
    }                                                                               \
    static cg_tensor *f_##name##_number(cg_tensor *const *in, const cg_sample *s) { \
        return with_number(cg_##name, in[0], s->d[0]);                              \
    }
BINARY_OPS(copysign)
BINARY_OPS(fmod)
BINARY_OPS(xlogy)

static cg_tensor *f_fmax(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_fmax(in[0], in[1]);
}
static cg_tensor *f_fmin(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_fmin(in[0], in[1]);
}

bool sample_copysign(int v, cg_sample *s) { return layouts(v, s, f_copysign, 2330, 0.5, 2.0, -2.0, 2.0); }
bool sample_copysign_scalar(int v, cg_sample *s) {
    return v == 0
           && SAMPLE("[A,B] with -1.5", 1, {RANGE(2336, false, -2.0, 2.0, S_A, S_B)}, f_copysign_number, .d = {-1.5});
}
/* quotients a / b in (1.1, 1.9): away from fmod's steps */
bool sample_fmod(int v, cg_sample *s) { return layouts(v, s, f_fmod, 2337, 2.2, 2.8, 1.5, 1.7); }
bool sample_fmod_scalar(int v, cg_sample *s) {
    return v == 0
           && SAMPLE("[A,B] fmod -0.75", 1, {RANGE(2343, false, -1.4, -0.8, S_A, S_B)}, f_fmod_number, .d = {-0.75});
}
bool sample_fmax(int v, cg_sample *s) { return layouts(v, s, f_fmax, 2344, -2.0, 2.0, -2.0, 2.0); }
bool sample_fmin(int v, cg_sample *s) { return layouts(v, s, f_fmin, 2350, -2.0, 2.0, -2.0, 2.0); }
bool sample_xlogy(int v, cg_sample *s) { return layouts(v, s, f_xlogy, 2356, -2.0, 2.0, 0.5, 3.0); }
bool sample_xlogy_scalar(int v, cg_sample *s) {
    return v == 0
           && SAMPLE("[A,B] xlogy 2.5", 1, {RANGE(2362, false, -2.0, 2.0, S_A, S_B)}, f_xlogy_number, .d = {2.5});
}

#define UNARY_SAMPLE(name, seed, lo, hi)                                                                              \
    static cg_tensor *f_##name(cg_tensor *const *in, const cg_sample *s) {                                            \
        (void)s;                                                                                                      \
        return cg_##name(in[0]);                                                                                      \
    }                                                                                                                 \
    bool sample_##name(int v, cg_sample *s) {                                                                         \
        switch (v) {                                                                                                  \
        case 0: return SAMPLE("contiguous [A,B]", 1, {RANGE(seed, false, lo, hi, S_A, S_B)}, f_##name);               \
        case 1: return SAMPLE("non-contiguous [A,B,C]", 1, {RANGE(seed + 1, true, lo, hi, S_A, S_B, S_C)}, f_##name); \
        default: return false;                                                                                        \
        }                                                                                                             \
    }
UNARY_SAMPLE(deg2rad, 2363, -200.0, 200.0)
UNARY_SAMPLE(rad2deg, 2365, -4.0, 4.0)
UNARY_SAMPLE(sinc, 2375, -2.5, 2.5)

/* finite values: the derivative where x is NaN or infinite is 0 */
static cg_tensor *f_nan_to_num(cg_tensor *const *in, const cg_sample *s) {
    return cg_nan_to_num(in[0], &s->d[0], &s->d[1], NULL);
}
bool sample_nan_to_num(int v, cg_sample *s) {
    return v == 0
           && SAMPLE("[A,B] nan 1 posinf 2", 1, {RANGE(2367, false, -2.0, 2.0, S_A, S_B)}, f_nan_to_num,
                     .d = {1.0, 2.0});
}

/* heaviside: values of x's dtype, x away from 0 */
static cg_tensor *f_heaviside(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_heaviside(in[0], in[1]);
}
bool sample_heaviside(int v, cg_sample *s) {
    return v == 0
           && SAMPLE("[A,B] with [B]", 2, {RANGE(2369, false, -2.0, 2.0, S_A, S_B), RANGE(2370, false, -2.0, 2.0, S_B)},
                     f_heaviside);
}

/* gcd and lcm: integers, made from float64 constants */
static cg_tensor *int_of(cg_tensor *t) { return cg_to_dtype(t, CG_INT64); }
static cg_tensor *f_gcd(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *a = int_of(in[0]), *b = a ? int_of(in[1]) : NULL;
    cg_tensor *r = b ? (s->i[0] ? cg_lcm(a, b) : cg_gcd(a, b)) : NULL;
    cg_tensor_release(a), cg_tensor_release(b);
    return r;
}
bool sample_gcd(int v, cg_sample *s) {
    return v == 0
           && SAMPLE(
               "[A,B] with [B]", 2,
               {s_const_range(S_SIZES(S_A, S_B), 2371, -50.0, 50.0), s_const_range(S_SIZES(S_B), 2372, -50.0, 50.0)},
               f_gcd);
}
bool sample_lcm(int v, cg_sample *s) {
    return v == 0
           && SAMPLE(
               "[A,B] with [B]", 2,
               {s_const_range(S_SIZES(S_A, S_B), 2373, -50.0, 50.0), s_const_range(S_SIZES(S_B), 2374, -50.0, 50.0)},
               f_gcd, .i = {1});
}
