/* samples_unary.c: op-table samples (helpers.h) of the unary family (abs ..
 * clamp) and of where, masked_fill and clamp with tensor bounds. NEG and EXP
 * keep theirs in samples_core.c. Inputs stay clear of kinks (0 for abs and
 * relu, the bounds of clamp) by more than the gradcheck step. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define IN_RANGE(seed, nc, lo, hi, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, lo, hi)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* ---- unary: contiguous and non-contiguous, values in [lo, hi) ------------------------ */

static bool unary_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), uint64_t seed,
                         double lo, double hi) {
    switch (v) {
    case 0: return SAMPLE("contiguous [2,3]", 1, {IN_RANGE(seed, false, lo, hi, 2, 3)}, fn);
    case 1: return SAMPLE("non-contiguous [3,2]", 1, {IN_RANGE(seed + 1, true, lo, hi, 3, 2)}, fn);
    case 2: return SAMPLE("one element", 1, {IN_RANGE(seed + 2, false, lo, hi, 1)}, fn);
    default: return false;
    }
}

#define UNARY_SAMPLE(name, seed, lo, hi)                                                         \
    static cg_tensor *f_##name(cg_tensor *const *in, const cg_sample *s) {                       \
        (void)s;                                                                                 \
        return cg_##name(in[0]);                                                                 \
    }                                                                                            \
    bool sample_##name(int v, cg_sample *s) { return unary_sample(v, s, f_##name, seed, lo, hi); }

UNARY_SAMPLE(abs, 101, -2.0, 2.0)
UNARY_SAMPLE(sign, 104, -2.0, 2.0)
UNARY_SAMPLE(log, 107, 0.5, 3.0)
UNARY_SAMPLE(log1p, 110, -0.5, 2.0)
UNARY_SAMPLE(sqrt, 113, 0.5, 3.0)
UNARY_SAMPLE(rsqrt, 116, 0.5, 3.0)
UNARY_SAMPLE(sin, 119, -3.0, 3.0)
UNARY_SAMPLE(cos, 122, -3.0, 3.0)
UNARY_SAMPLE(tanh, 125, -2.0, 2.0)
UNARY_SAMPLE(sigmoid, 128, -4.0, 4.0)
UNARY_SAMPLE(erf, 131, -2.0, 2.0)
UNARY_SAMPLE(relu, 134, -2.0, 2.0)

/* ---- activations with arguments ---------------------------------------------------------- */

static cg_tensor *f_gelu(cg_tensor *const *in, const cg_sample *s) { return cg_gelu(in[0], s->i[0] ? "tanh" : "none"); }
bool sample_gelu(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("approximate='none'", 1, {IN_RANGE(140, false, -3.0, 3.0, 2, 4)}, f_gelu, .i = {0});
    case 1: return SAMPLE("approximate='tanh' non-contiguous", 1, {IN_RANGE(141, true, -3.0, 3.0, 4, 2)}, f_gelu,
                          .i = {1});
    default: return false;
    }
}

static cg_tensor *f_leaky_relu(cg_tensor *const *in, const cg_sample *s) { return cg_leaky_relu(in[0], s->d[0]); }
bool sample_leaky_relu(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("slope 0.01", 1, {IN(142, false, 2, 3)}, f_leaky_relu, .d = {0.01});
    case 1: return SAMPLE("slope 0.2 non-contiguous", 1, {IN(143, true, 3, 2)}, f_leaky_relu, .d = {0.2});
    default: return false;
    }
}

/* clamp with numbers: i[0] bit 1 min given, bit 2 max given */
static cg_tensor *f_clamp(cg_tensor *const *in, const cg_sample *s) {
    cg_scalar lo = cg_scalar_float(s->d[0]), hi = cg_scalar_float(s->d[1]);
    return cg_clamp(in[0], s->i[0] & 1 ? &lo : NULL, s->i[0] & 2 ? &hi : NULL);
}
bool sample_clamp(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("min -0.5 max 0.7", 1, {IN(144, false, 3, 4)}, f_clamp, .i = {3}, .d = {-0.5, 0.7});
    case 1: return SAMPLE("min only, non-contiguous", 1, {IN(145, true, 4, 3)}, f_clamp, .i = {1}, .d = {0.3});
    case 2: return SAMPLE("max only", 1, {IN(146, false, 5)}, f_clamp, .i = {2}, .d = {0, -0.25});
    default: return false;
    }
}

/* ---- where, masked_fill, clamp with tensors ------------------------------------------------- */

/* A bool tensor of the given sizes, true where a fixed pattern says. */
static cg_tensor *s_mask(const int64_t *sizes, int ndim, uint64_t seed) {
    cg_tensor *r = t_rand(CG_F64, ndim, sizes, 0.0, 1.0, seed);
    cg_tensor *m = cg_tensor_empty(ndim, sizes, CG_BOOL, cg_device_cpu());
    for (int64_t i = 0; i < cg_tensor_numel(m); i++)
        t_set(m, i, t_at(r, i) < 0.5);
    cg_tensor_release(r);
    return m;
}
#define MASK(seed, ...) s_mask(S_SIZES(__VA_ARGS__), seed)

static cg_tensor *f_clamp_tensor(cg_tensor *const *in, const cg_sample *s) {
    return cg_clamp_tensor(in[0], s->i[0] & 1 ? in[1] : NULL, s->i[0] & 2 ? in[2] : NULL);
}
bool sample_clamp_tensor(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("min [3,1] max [4] broadcast", 3,
                      {IN(150, false, 3, 4), IN_RANGE(151, false, -1.5, -0.2, 3, 1), IN_RANGE(152, false, 0.2, 1.5, 4)},
                      f_clamp_tensor, .i = {3});
    case 1:
        /* min above max in places: max wins and gets the gradient */
        return SAMPLE("crossed bounds, non-contiguous", 3,
                      {IN(153, true, 3, 2), IN(154, false, 3, 2), IN(155, true, 3, 2)}, f_clamp_tensor, .i = {3});
    case 2:
        return SAMPLE("min only", 3, {IN(156, false, 2, 3), IN(157, false, 2, 3), s_const(S_SIZES(1), 1)}, f_clamp_tensor, .i = {1});
    case 3:
        return SAMPLE("max only", 3, {IN(158, false, 2, 3), s_const(S_SIZES(1), 1), IN(159, false, 3)}, f_clamp_tensor, .i = {2});
    default: return false;
    }
}

static cg_tensor *f_where(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_where(in[0], in[1], in[2]);
}
bool sample_where(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("same shape", 3, {MASK(160, 2, 3), IN(161, false, 2, 3), IN(162, false, 2, 3)}, f_where);
    case 1:
        return SAMPLE("cond [3,1], a [4], b [3,4] non-contiguous", 3,
                      {MASK(163, 3, 1), IN(164, false, 4), IN(165, true, 3, 4)}, f_where);
    case 2: return SAMPLE("b 0-d", 3, {MASK(166, 2, 3), IN(167, false, 2, 3), IN(168, false, 1)}, f_where);
    default: return false;
    }
}

static cg_tensor *f_masked_fill(cg_tensor *const *in, const cg_sample *s) {
    return cg_masked_fill(in[0], in[1], cg_scalar_float(s->d[0]));
}
bool sample_masked_fill(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("same shape", 2, {IN(170, false, 2, 3), MASK(171, 2, 3)}, f_masked_fill, .d = {0.5});
    case 1: return SAMPLE("mask [3] broadcast, non-contiguous", 2, {IN(172, true, 4, 3), MASK(173, 3)}, f_masked_fill,
                          .d = {-1.0});
    case 2: return SAMPLE("self [3] grows to mask [2,3]", 2, {IN(174, false, 3), MASK(175, 2, 3)}, f_masked_fill);
    default: return false;
    }
}

/* internal and not differentiable: only run */
static cg_tensor *f_range_mask(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_range_mask(in[0], CG_CMP_GE, in[1], CG_CMP_LT, in[2], false);
}
bool sample_range_mask(int v, cg_sample *s) {
    return v == 0 && SAMPLE("lo <= x < hi", 3, {s_const(S_SIZES(2, 3), 180), s_const(S_SIZES(3), 181),
                                                   s_const(S_SIZES(2, 1), 182)}, f_range_mask);
}
