/* formula.h: derivatives written as one expression of engine ops, for the
 * engine's derivative files (private to engine/). Not for kernels: each
 * helper is a recorded, device-agnostic op. */
#ifndef CG_FORMULA_H
#define CG_FORMULA_H

#include <assert.h>

#include "ops.h"

/* Each formula is a few engine ops; a scratch list holds the intermediate
 * tensors, and the s_* helpers pass NULL (a failure) through, so that a
 * formula reads as one expression and is checked once at the end. */
typedef struct {
    cg_tensor *t[256];
    int n;
} scratch;

static inline cg_tensor *keep(scratch *s, cg_tensor *t) {
    assert(s->n < 256);
    if (t)
        s->t[s->n++] = t;
    return t;
}
static inline cg_tensor *s_mul(scratch *s, cg_tensor *a, cg_tensor *b) { return a && b ? keep(s, cg_mul(a, b)) : NULL; }
static inline cg_tensor *s_div(scratch *s, cg_tensor *a, cg_tensor *b) { return a && b ? keep(s, cg_div(a, b)) : NULL; }
static inline cg_tensor *s_add(scratch *s, cg_tensor *a, cg_tensor *b) {
    return a && b ? keep(s, cg_add(a, b, cg_scalar_int(1))) : NULL;
}
static inline cg_tensor *s_sub(scratch *s, cg_tensor *a, cg_tensor *b) {
    return a && b ? keep(s, cg_sub(a, b, cg_scalar_int(1))) : NULL;
}
static inline cg_tensor *s_scale(scratch *s, cg_tensor *a, double k) { return a ? keep(s, cg_mul_scalar(a, k)) : NULL; }
static inline cg_tensor *s_shift(scratch *s, cg_tensor *a, double k) { return a ? keep(s, cg_add_scalar(a, k)) : NULL; }
static inline cg_tensor *s_fn(scratch *s, cg_tensor *(*f)(cg_tensor *), cg_tensor *a) { return a ? keep(s, f(a)) : NULL; }
/* t reshaped, summed over one dim, to an integer power, times or divided by
 * an integer k (as PyTorch's `k * t` and `t.div_(k)`) */
static inline cg_tensor *s_reshape(scratch *s, cg_tensor *t, int ndim, const int64_t *sizes) {
    return t ? keep(s, cg_reshape(t, ndim, sizes)) : NULL;
}
static inline cg_tensor *s_sum_dim(scratch *s, cg_tensor *t, int64_t dim, bool keepdim) {
    return t ? keep(s, cg_sum(t, 1, &dim, keepdim)) : NULL;
}
static inline cg_tensor *s_pow(scratch *s, cg_tensor *t, int64_t e) {
    return t ? keep(s, cg_pow_scalar(t, cg_scalar_int(e))) : NULL;
}
static inline cg_tensor *s_int(scratch *s, cg_tensor *t, int64_t k, bool divide) {
    cg_tensor *c = t ? keep(s, cg_scalar_tensor(cg_scalar_int(k))) : NULL;
    return divide ? s_div(s, t, c) : s_mul(s, t, c);
}
/* a's complex conjugate, a itself when real: PyTorch's complex
 * derivatives conjugate the factors of the chain rule (conjugate
 * Wirtinger convention), which real ones need not */
static inline cg_tensor *s_conj(scratch *s, cg_tensor *a) { return a ? keep(s, cg_conj(a)) : NULL; }
/* z / |z|, 0 at 0: PyTorch's sgn, of a complex z */
static inline cg_tensor *s_sgn(scratch *s, cg_tensor *z) {
    cg_tensor *m = s_fn(s, cg_abs, z);
    cg_tensor *z0 = m ? keep(s, cg_scalar_tensor(cg_scalar_int(0))) : NULL;
    cg_tensor *zero = z0 ? keep(s, cg_eq(m, z0)) : NULL;
    cg_tensor *safe = zero ? keep(s, cg_masked_fill(m, zero, cg_scalar_int(1))) : NULL;
    return s_div(s, z, safe);
}
/* 1 - a */
static inline cg_tensor *s_one_minus(scratch *s, cg_tensor *a) { return s_shift(s, s_scale(s, a, -1.0), 1.0); }

static inline void scratch_free(scratch *s) {
    for (int i = 0; i < s->n; i++)
        cg_tensor_release(s->t[i]);
    s->n = 0;
}

/* gi[0] = the formula's final tensor (kept in the scratch); the scratch freed. */
static inline int finish(cg_tensor **gi, scratch *s, cg_tensor *result) {
    gi[0] = result ? cg_tensor_retain(result) : NULL;
    scratch_free(s);
    return gi[0] ? 0 : -1;
}

#endif
