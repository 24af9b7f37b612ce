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

/* ops_special_fns.c: entr over (0.1, 3), ndtri inside (0, 1), xlog1py with
 * y > -1, zeta's q with x held constant (no derivative for x); the
 * non-differentiable families at a few kinds. Seeds 3410-3439. */
#define RANGED(seed, nc, lo, hi, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, lo, hi)
#define UNARY_RANGE_SAMPLE(name, call, seed, lo, hi)                                                          \
    static cg_tensor *f_##name(cg_tensor *const *in, const cg_sample *s) {                                    \
        (void)s;                                                                                              \
        return call;                                                                                          \
    }                                                                                                         \
    bool sample_##name(int v, cg_sample *s) {                                                                 \
        switch (v) {                                                                                          \
        case 0: return SAMPLE("contiguous [A,B]", 1, {RANGED(seed, false, lo, hi, S_A, S_B)}, f_##name);      \
        case 1: return SAMPLE("non-contiguous [A,B,C]", 1, {RANGED(seed + 1, true, lo, hi, S_A, S_B, S_C)}, f_##name); \
        default: return false;                                                                                \
        }                                                                                                     \
    }
UNARY_RANGE_SAMPLE(entr, cg_special_entr(in[0]), 3410, 0.1, 3.0)
UNARY_RANGE_SAMPLE(ndtri, cg_special_ndtri(in[0]), 3412, 0.05, 0.95)
UNARY_RANGE_SAMPLE(erfcx, cg_special_erfcx(in[0]), 3450, -2.0, 3.0)
UNARY_RANGE_SAMPLE(log_ndtr, cg_special_log_ndtr(in[0]), 3452, -3.0, 3.0)

static cg_tensor *f_xlog1py(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_special_xlog1py(in[0], in[1]);
}
bool sample_xlog1py(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("same shape [A,B]", 2,
                      {RANGED(3414, false, -2.0, 2.0, S_A, S_B), RANGED(3415, false, -0.5, 3.0, S_A, S_B)}, f_xlog1py);
    case 1:
        return SAMPLE("broadcast [A,1] with non-contiguous [B]", 2,
                      {RANGED(3416, false, -2.0, 2.0, S_A, 1), RANGED(3417, true, -0.5, 3.0, S_B)}, f_xlog1py);
    default: return false;
    }
}

static cg_tensor *f_zeta(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_special_zeta(in[0], in[1]);
}
bool sample_zeta(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("x held, q [A,B]", 2,
                      {s_const_range(S_SIZES(S_A, S_B), 3418, 1.5, 4.0), RANGED(3419, false, 0.5, 3.0, S_A, S_B)}, f_zeta);
    case 1:
        return SAMPLE("x [B] held, q non-contiguous [A,B]", 2,
                      {s_const_range(S_SIZES(S_B), 3420, 1.5, 4.0), RANGED(3421, true, 0.5, 3.0, S_A, S_B)}, f_zeta);
    default: return false;
    }
}

/* the families: s->i[0] the function */
static cg_tensor *f_special_unary(cg_tensor *const *in, const cg_sample *s) {
    return cg_special_unary((int)s->i[0], in[0]);
}
bool sample_special_unary(int v, cg_sample *s) {
    if (v < 0 || v >= 4)
        return false;
    return SAMPLE("[A,B] in (0.5, 4)", 1, {s_const_range(S_SIZES(S_A, S_B), 3422 + v, 0.5, 4.0)}, f_special_unary,
                  .i = {v * 3});
}
static cg_tensor *f_special_poly(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *n = cg_floor(in[1]);
    cg_tensor *r = n ? cg_special_polynomial((int)s->i[0], in[0], n) : NULL;
    cg_tensor_release(n);
    return r;
}
bool sample_special_poly(int v, cg_sample *s) {
    if (v < 0 || v >= 4)
        return false;
    return SAMPLE("x [A,B] in (-1, 1), n [B] in [0, 12)", 2,
                  {s_const_range(S_SIZES(S_A, S_B), 3430 + v, -1.0, 1.0), s_const_range(S_SIZES(S_B), 3434 + v, 0.0, 12.0)},
                  f_special_poly, .i = {v * 3});
}

/* mvlgamma (p = 3, x > 1), nextafter and frexp (no derivative checked:
 * nextafter has none, inputs held), frexp's mantissa over [-10, 10].
 * Seeds 3440-3449. */
static cg_tensor *f_mvlgamma(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_mvlgamma(in[0], 3);
}
bool sample_mvlgamma(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("contiguous [A,B]", 1, {RANGED(3440, false, 1.5, 5.0, S_A, S_B)}, f_mvlgamma);
    case 1: return SAMPLE("non-contiguous [A,B,C]", 1, {RANGED(3441, true, 1.5, 5.0, S_A, S_B, S_C)}, f_mvlgamma);
    default: return false;
    }
}
static cg_tensor *f_nextafter(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_nextafter(in[0], in[1]);
}
bool sample_nextafter(int v, cg_sample *s) {
    return v == 0
           && SAMPLE("[A,B] toward [B], held", 2,
                     {s_const_range(S_SIZES(S_A, S_B), 3442, -2.0, 2.0), s_const_range(S_SIZES(S_B), 3443, -2.0, 2.0)},
                     f_nextafter);
}
static cg_tensor *f_frexp(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *m, *e;
    if (cg_frexp(in[0], &m, &e) < 0)
        return NULL;
    cg_tensor_release(s->i[0] ? m : e);
    return s->i[0] ? e : m;
}
bool sample_frexp(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("contiguous [A,B]", 1, {RANGED(3444, false, -10.0, 10.0, S_A, S_B)}, f_frexp);
    case 1: return SAMPLE("non-contiguous [A,B,C]", 1, {RANGED(3445, true, -10.0, 10.0, S_A, S_B, S_C)}, f_frexp);
    default: return false;
    }
}
bool sample_frexp_exponent(int v, cg_sample *s) {
    return v == 0 && SAMPLE("[A,B]", 1, {s_const_range(S_SIZES(S_A, S_B), 3446, -10.0, 10.0)}, f_frexp, .i = {1});
}
