/* samples_unary.c: op-table samples (helpers.h) of the unary family (abs ..
 * clamp) and of where, masked_fill and clamp with tensor bounds. NEG and EXP
 * keep theirs in samples_core.c. Shapes are written in drawn sizes A .. F
 * (Note [Drawn shapes] in helpers.h). Random values land on a kink (0 for
 * abs and relu, the bounds of clamp) within the gradcheck step with odds of
 * about one in a million per element; the seeds in use stay clear. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define IN_RANGE(seed, nc, lo, hi, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, lo, hi)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* ---- unary: contiguous and non-contiguous, values in [lo, hi) ------------------------ */

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

UNARY_SAMPLE(abs, 101, -2.0, 2.0)
UNARY_SAMPLE(sign, 104, -2.0, 2.0)
UNARY_SAMPLE(log, 107, 0.5, 3.0)
UNARY_SAMPLE(log1p, 110, -0.5, 2.0)
UNARY_SAMPLE(sqrt, 113, 0.5, 3.0)
UNARY_SAMPLE(rsqrt, 116, 0.5, 3.0)
UNARY_SAMPLE(sin, 119, -3.0, 3.0)
UNARY_SAMPLE(cos, 122, -3.0, 3.0)
UNARY_SAMPLE(tanh, 125, -2.0, 2.0)
UNARY_SAMPLE(erfinv, 701, -0.9, 0.9)
UNARY_SAMPLE(sigmoid, 128, -4.0, 4.0)
UNARY_SAMPLE(erf, 131, -2.0, 2.0)
UNARY_SAMPLE(cosh, 147, -2.0, 2.0)
UNARY_SAMPLE(sinh, 148, -2.0, 2.0)
UNARY_SAMPLE(tan, 2540, -1.2, 1.2)
UNARY_SAMPLE(asin, 2543, -0.9, 0.9)
UNARY_SAMPLE(acos, 2546, -0.9, 0.9)
UNARY_SAMPLE(atan, 2549, -3.0, 3.0)
UNARY_SAMPLE(expm1, 2552, -2.0, 2.0)
UNARY_SAMPLE(log2, 2555, 0.5, 3.0)
UNARY_SAMPLE(log10, 2558, 0.5, 3.0)
UNARY_SAMPLE(erfc, 2561, -2.0, 2.0)
UNARY_SAMPLE(exp2, 2564, -2.0, 2.0)
UNARY_SAMPLE(asinh, 2567, -3.0, 3.0)
UNARY_SAMPLE(acosh, 2570, 1.2, 3.0)
UNARY_SAMPLE(atanh, 2573, -0.9, 0.9)
UNARY_SAMPLE(reciprocal, 137, 0.5, 3.0)
UNARY_SAMPLE(relu, 134, -2.0, 2.0)

/* ---- complex: the op on view_as_complex of a float64 [A,B,2] ---------------------------- */

/* cg_<name> of the complex128 [A,B] whose parts are in[0]: gradchecked
 * over the parts (Wirtinger's conjugate convention, as PyTorch) */
#define COMPLEX_OF(name)                                                           \
    static cg_tensor *fc_##name(cg_tensor *const *in, const cg_sample *s) {       \
        (void)s;                                                                   \
        cg_tensor *c = cg_view_as_complex(in[0]);                                  \
        cg_tensor *r = c ? cg_##name(c) : NULL;                                    \
        cg_tensor_release(c);                                                      \
        return r;                                                                  \
    }
#define COMPLEX_IN(seed) IN_RANGE(seed, false, -2.0, 2.0, S_A, S_B, 2)

COMPLEX_OF(conj_physical)
bool sample_conj_physical(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("complex128 [A,B]", 1, {COMPLEX_IN(150)}, fc_conj_physical);
    return false;
}

/* ---- activations with arguments ---------------------------------------------------------- */

static cg_tensor *f_gelu(cg_tensor *const *in, const cg_sample *s) { return cg_gelu(in[0], s->i[0] ? "tanh" : "none"); }
bool sample_gelu(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("approximate='none' [A,B]", 1, {IN_RANGE(140, false, -3.0, 3.0, S_A, S_B)}, f_gelu, .i = {0});
    case 1:
        return SAMPLE("approximate='tanh' [A,B] non-contiguous", 1, {IN_RANGE(141, true, -3.0, 3.0, S_A, S_B)}, f_gelu,
                      .i = {1});
    default: return false;
    }
}

/* gelu_backward(grad, self): i[0] approximate='tanh' */
static cg_tensor *f_gelu_backward(cg_tensor *const *in, const cg_sample *s) {
    return cg_gelu_backward(in[0], in[1], s->i[0]);
}
bool sample_gelu_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("approximate='none' [A,B]", 2,
                      {IN(188, false, S_A, S_B), IN_RANGE(189, false, -3.0, 3.0, S_A, S_B)}, f_gelu_backward, .i = {0});
    case 1:
        return SAMPLE("approximate='tanh' [A,B] non-contiguous, grad [B] broadcast", 2,
                      {IN(186, false, S_B), IN_RANGE(187, true, -3.0, 3.0, S_A, S_B)}, f_gelu_backward, .i = {1});
    default: return false;
    }
}

static cg_tensor *f_leaky_relu(cg_tensor *const *in, const cg_sample *s) { return cg_leaky_relu(in[0], s->d[0]); }
bool sample_leaky_relu(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("slope 0.01 [A,B]", 1, {IN(142, false, S_A, S_B)}, f_leaky_relu, .d = {0.01});
    case 1: return SAMPLE("slope 0.2 [A,B] non-contiguous", 1, {IN(143, true, S_A, S_B)}, f_leaky_relu, .d = {0.2});
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
    case 0: return SAMPLE("min -0.5 max 0.7 [A,B]", 1, {IN(144, false, S_A, S_B)}, f_clamp, .i = {3}, .d = {-0.5, 0.7});
    case 1:
        return SAMPLE("min only, [A,B] non-contiguous", 1, {IN(145, true, S_A, S_B)}, f_clamp, .i = {1}, .d = {0.3});
    case 2: return SAMPLE("max only [A]", 1, {IN(146, false, S_A)}, f_clamp, .i = {2}, .d = {0, -0.25});
    default: return false;
    }
}

static cg_tensor *f_clamp_min(cg_tensor *const *in, const cg_sample *s) {
    return cg_clamp_min(in[0], cg_scalar_float(s->d[0]));
}
static cg_tensor *f_clamp_max(cg_tensor *const *in, const cg_sample *s) {
    return cg_clamp_max(in[0], cg_scalar_float(s->d[0]));
}
bool sample_clamp_min(int v, cg_sample *s) {
    return v < 2 && SAMPLE(v ? "min 0.2 [A,B] non-contiguous" : "min -0.3 [A,B]", 1, {IN(706 + v, v == 1, S_A, S_B)},
                           f_clamp_min, .d = {v ? 0.2 : -0.3});
}
bool sample_clamp_max(int v, cg_sample *s) {
    return v < 2 && SAMPLE(v ? "max -0.2 [A] " : "max 0.4 [A,B]", 1, {IN(708 + v, false, S_A, S_B)}, f_clamp_max,
                           .d = {v ? -0.2 : 0.4});
}

/* threshold_backward(grad, self, threshold): d[0] the threshold; self's
 * values stay clear of it (see the top of this file) */
static cg_tensor *f_threshold_backward(cg_tensor *const *in, const cg_sample *s) {
    return cg_threshold_backward(in[0], in[1], cg_scalar_float(s->d[0]));
}
bool sample_threshold_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("threshold 0 [A,B]", 2, {IN(190, false, S_A, S_B), IN(191, false, S_A, S_B)},
                      f_threshold_backward);
    case 1:
        return SAMPLE("threshold 0.5 [A,B] non-contiguous, self constant", 2,
                      {IN(192, true, S_A, S_B), s_const(S_SIZES(S_A, S_B), 193)}, f_threshold_backward, .d = {0.5});
    case 2:
        return SAMPLE("self [B] broadcast", 2, {IN(194, false, S_A, S_B), IN(195, false, S_B)}, f_threshold_backward,
                      .d = {-0.25});
    default: return false;
    }
}

/* tanh_backward(grad, y): y a tanh's result, in (-1, 1) */
static cg_tensor *f_tanh_backward(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    cg_tensor *y = cg_tanh(in[1]);
    cg_tensor *out = y ? cg_tanh_backward(in[0], y) : NULL;
    cg_tensor_release(y);
    return out;
}
bool sample_tanh_backward(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B]", 2, {IN(196, false, S_A, S_B), IN(197, false, S_A, S_B)}, f_tanh_backward);
    case 1:
        return SAMPLE("[A,B] non-contiguous, y [B] broadcast", 2, {IN(198, true, S_A, S_B), IN(199, false, S_B)},
                      f_tanh_backward);
    default: return false;
    }
}

/* ---- where, masked_fill, clamp with tensors ------------------------------------------------- */

#define MASK(seed, ...) s_mask(S_SIZES(__VA_ARGS__), seed)

static cg_tensor *f_clamp_tensor(cg_tensor *const *in, const cg_sample *s) {
    return cg_clamp_tensor(in[0], s->i[0] & 1 ? in[1] : NULL, s->i[0] & 2 ? in[2] : NULL);
}
bool sample_clamp_tensor(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE(
            "x [A,B], min [A,1], max [B] broadcast", 3,
            {IN(150, false, S_A, S_B), IN_RANGE(151, false, -1.5, -0.2, S_A, 1), IN_RANGE(152, false, 0.2, 1.5, S_B)},
            f_clamp_tensor, .i = {3});
    case 1:
        /* min above max in places: max wins and gets the gradient */
        return SAMPLE("crossed bounds, [A,B] non-contiguous", 3,
                      {IN(153, true, S_A, S_B), IN(154, false, S_A, S_B), IN(155, true, S_A, S_B)}, f_clamp_tensor,
                      .i = {3});
    case 2:
        return SAMPLE("min only [A,B]", 3, {IN(156, false, S_A, S_B), IN(157, false, S_A, S_B), s_const(S_SIZES(1), 1)},
                      f_clamp_tensor, .i = {1});
    case 3:
        return SAMPLE("max only [B] into [A,B]", 3,
                      {IN(158, false, S_A, S_B), s_const(S_SIZES(1), 1), IN(159, false, S_B)}, f_clamp_tensor,
                      .i = {2});
    default: return false;
    }
}

static cg_tensor *f_where(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_where(in[0], in[1], in[2]);
}
bool sample_where(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("same shape [A,B]", 3, {MASK(160, S_A, S_B), IN(161, false, S_A, S_B), IN(162, false, S_A, S_B)},
                      f_where);
    case 1:
        return SAMPLE("cond [A,1], a [B], b [A,B] non-contiguous", 3,
                      {MASK(163, S_A, 1), IN(164, false, S_B), IN(165, true, S_A, S_B)}, f_where);
    case 2: return SAMPLE("b [1]", 3, {MASK(166, S_A, S_B), IN(167, false, S_A, S_B), IN(168, false, 1)}, f_where);
    default: return false;
    }
}

static cg_tensor *f_masked_fill(cg_tensor *const *in, const cg_sample *s) {
    return cg_masked_fill(in[0], in[1], cg_scalar_float(s->d[0]));
}
bool sample_masked_fill(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("same shape [A,B]", 2, {IN(170, false, S_A, S_B), MASK(171, S_A, S_B)}, f_masked_fill,
                      .d = {0.5});
    case 1:
        return SAMPLE("mask [B] broadcast, [A,B] non-contiguous", 2, {IN(172, true, S_A, S_B), MASK(173, S_B)},
                      f_masked_fill, .d = {-1.0});
    case 2: return SAMPLE("self [B] grows to mask [A,B]", 2, {IN(174, false, S_B), MASK(175, S_A, S_B)}, f_masked_fill);
    default: return false;
    }
}

/* internal and not differentiable: only run */
static cg_tensor *f_range_mask(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_range_mask(in[0], CG_CMP_GE, in[1], CG_CMP_LT, in[2], false);
}
bool sample_range_mask(int v, cg_sample *s) {
    return v == 0
           && SAMPLE("lo [B] <= x [A,B] < hi [A,1]", 3,
                     {s_const(S_SIZES(S_A, S_B), 180), s_const(S_SIZES(S_B), 181), s_const(S_SIZES(S_A, 1), 182)},
                     f_range_mask);
}
