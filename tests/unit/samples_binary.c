/* samples_binary.c: op-table samples (helpers.h) of the binary rows beyond
 * add/sub/mul/div (those are in samples_core.c): pow, div with a rounding
 * mode, remainder, maximum/minimum, comparisons, logical and bitwise ops.
 * Each variant names what it exercises, in drawn sizes A .. F (Note [Drawn
 * shapes] in helpers.h); inputs keep away from the points where an op is not
 * differentiable (0 for a real power, steps of floor). */
#include <string.h>

#include "helpers.h"

#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)
#define RANGE(seed, nc, lo, hi, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, lo, hi)

typedef cg_tensor *(*sample_op)(cg_tensor *const *in, const cg_sample *s);

/* The three layouts every binary op is checked on: same shape, broadcast,
 * non-contiguous with a broadcast row; a in [alo, ahi), b in [blo, bhi). */
static bool layouts(int v, cg_sample *s, sample_op fn, double alo, double ahi, double blo, double bhi,
                    const double *d) {
    cg_sample base = {.fn = fn, .nin = 2};
    if (d)
        memcpy(base.d, d, sizeof base.d);
    switch (v) {
    case 0:
        base.desc = "same shape [A,B]";
        base.in[0] = RANGE(101, false, alo, ahi, S_A, S_B), base.in[1] = RANGE(102, false, blo, bhi, S_A, S_B);
        break;
    case 1:
        base.desc = "broadcast [A,1] with [1,B]";
        base.in[0] = RANGE(103, false, alo, ahi, S_A, 1), base.in[1] = RANGE(104, false, blo, bhi, 1, S_B);
        break;
    case 2:
        base.desc = "non-contiguous [A,B,C] with non-contiguous [C]";
        base.in[0] = RANGE(105, true, alo, ahi, S_A, S_B, S_C), base.in[1] = RANGE(106, true, blo, bhi, S_C);
        break;
    default: return false;
    }
    *s = base;
    return true;
}

/* ---- pow ---------------------------------------------------------------------------- */

static cg_tensor *f_pow(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_pow(in[0], in[1]);
}
static cg_tensor *f_pow_scalar(cg_tensor *const *in, const cg_sample *s) {
    return cg_pow_scalar(in[0], s->i[0] ? cg_scalar_int(s->i[1]) : cg_scalar_float(s->d[0]));
}
static cg_tensor *f_pow_scalar_base(cg_tensor *const *in, const cg_sample *s) {
    return cg_pow_scalar_base(cg_scalar_float(s->d[0]), in[0]);
}

bool sample_pow(int v, cg_sample *s) { return layouts(v, s, f_pow, 0.5, 2.0, -2.0, 2.0, NULL); }

bool sample_pow_scalar(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] ** 2 (int)", 1, {RANGE(111, false, -2, 2, S_A, S_B)}, f_pow_scalar, .i = {1, 2});
    case 1:
        return SAMPLE("[A,B] ** 2.5 non-contiguous", 1, {RANGE(112, true, 0.5, 2, S_A, S_B)}, f_pow_scalar, .d = {2.5});
    case 2: return SAMPLE("[A] ** -1 (int)", 1, {RANGE(113, false, 0.5, 2, S_A)}, f_pow_scalar, .i = {1, -1});
    case 3: return SAMPLE("[A] ** 0", 1, {RANGE(114, false, -2, 2, S_A)}, f_pow_scalar, .i = {1, 0});
    default: return false;
    }
}

bool sample_pow_scalar_base(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("2.5 ** [A,B]", 1, {RANGE(115, false, -2, 2, S_A, S_B)}, f_pow_scalar_base, .d = {2.5});
    case 1:
        return SAMPLE("0.5 ** [A,B] non-contiguous", 1, {RANGE(116, true, -2, 2, S_A, S_B)}, f_pow_scalar_base,
                      .d = {0.5});
    default: return false;
    }
}

/* ---- div with rounding_mode, remainder ------------------------------------------------------------------ */

static cg_tensor *f_div_mode(cg_tensor *const *in, const cg_sample *s) {
    return cg_div_rounding(in[0], in[1], s->d[0] ? "floor" : "trunc");
}
static cg_tensor *f_remainder(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_remainder(in[0], in[1]);
}
static cg_tensor *f_remainder_scalar(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *b = cg_scalar_tensor(cg_scalar_float(s->d[0]));
    cg_tensor *out = b ? cg_remainder(in[0], b) : NULL;
    cg_tensor_release(b);
    return out;
}

bool sample_div_mode(int v, cg_sample *s) { return layouts(v, s, f_div_mode, -2.0, 2.0, 0.5, 2.0, (double[4]){v % 2}); }
/* negative divisors too: the result takes the divisor's sign */
bool sample_remainder(int v, cg_sample *s) {
    return layouts(v, s, f_remainder, -2.0, 2.0, v == 1 ? -2.0 : 0.5, v == 1 ? -0.5 : 2.0, NULL);
}
bool sample_remainder_scalar(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] % 1.5", 1, {RANGE(121, false, -2, 2, S_A, S_B)}, f_remainder_scalar, .d = {1.5});
    case 1:
        return SAMPLE("[A,B] % -0.75 non-contiguous", 1, {RANGE(122, true, -2, 2, S_A, S_B)}, f_remainder_scalar,
                      .d = {-0.75});
    default: return false;
    }
}

/* ---- rsub ------------------------------------------------------------------------------------------------ */

/* other - alpha * self; d[0] alpha, and d[1] other when it is a number */
static cg_tensor *f_rsub(cg_tensor *const *in, const cg_sample *s) {
    return cg_rsub(in[0], in[1], cg_scalar_float(s->d[0]));
}
static cg_tensor *f_rsub_scalar(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *b = cg_scalar_tensor(cg_scalar_float(s->d[1]));
    cg_tensor *out = b ? cg_rsub(in[0], b, cg_scalar_float(s->d[0])) : NULL;
    cg_tensor_release(b);
    return out;
}
bool sample_rsub(int v, cg_sample *s) { return layouts(v, s, f_rsub, -2, 2, -2, 2, (const double[4]){1.5}); }
bool sample_rsub_scalar(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("2 - [A,B]", 1, {RANGE(171, false, -2, 2, S_A, S_B)}, f_rsub_scalar, .d = {1, 2});
    case 1:
        return SAMPLE("0.5 - 3 * [A,B] non-contiguous", 1, {RANGE(172, true, -2, 2, S_A, S_B)}, f_rsub_scalar,
                      .d = {3, 0.5});
    default: return false;
    }
}

/* ---- maximum / minimum -------------------------------------------------------------------------------------- */

static cg_tensor *f_maximum(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_maximum(in[0], in[1]);
}
static cg_tensor *f_minimum(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_minimum(in[0], in[1]);
}
bool sample_maximum(int v, cg_sample *s) { return layouts(v, s, f_maximum, -2, 2, -2, 2, NULL); }
bool sample_minimum(int v, cg_sample *s) { return layouts(v, s, f_minimum, -2, 2, -2, 2, NULL); }

/* ---- comparisons, logical and bitwise ops (not differentiable) --------------------------------------------------- */

/* Inputs with ties (rounded to halves), and for bitwise ops int64. */
static bool discrete(int v, cg_sample *s, sample_op fn, cg_dtype dt) {
    if (!layouts(v, s, fn, -2, 2, -2, 2, NULL))
        return false;
    for (int k = 0; k < 2; k++) {
        cg_tensor *t = s->in[k];
        bool was = cg_grad_set_enabled(false);
        cg_tensor *h = cg_mul_scalar(t, 2.0);
        cg_tensor *r = cg_to_dtype(h, CG_INT64);
        cg_tensor *c = dt == CG_INT64 ? cg_tensor_retain(r) : cg_to_dtype(r, dt);
        cg_grad_set_enabled(was);
        cg_tensor_release(t), cg_tensor_release(h), cg_tensor_release(r);
        s->in[k] = c;
    }
    return true;
}

#define NODIFF_SAMPLE(op, dt)                                            \
    static cg_tensor *f_##op(cg_tensor *const *in, const cg_sample *s) { \
        (void)s;                                                         \
        return cg_##op(in[0], in[1]);                                    \
    }                                                                    \
    bool sample_##op(int v, cg_sample *s) { return discrete(v, s, f_##op, dt); }
NODIFF_SAMPLE(eq, CG_F64)
NODIFF_SAMPLE(ne, CG_INT32)
NODIFF_SAMPLE(lt, CG_F64)
NODIFF_SAMPLE(le, CG_INT64)
NODIFF_SAMPLE(gt, CG_F32)
NODIFF_SAMPLE(ge, CG_F64)
NODIFF_SAMPLE(logical_and, CG_F64)
NODIFF_SAMPLE(logical_or, CG_INT32)
NODIFF_SAMPLE(logical_xor, CG_BOOL)
NODIFF_SAMPLE(bitwise_and, CG_INT64)
NODIFF_SAMPLE(bitwise_or, CG_INT32)
NODIFF_SAMPLE(bitwise_xor, CG_BOOL)

static cg_tensor *f_bitwise_not(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_bitwise_not(in[0]);
}
bool sample_bitwise_not(int v, cg_sample *s) {
    if (!discrete(v, s, f_bitwise_not, v == 1 ? CG_BOOL : CG_INT64))
        return false;
    cg_tensor_release(s->in[1]);
    s->nin = 1;
    return true;
}
