/* parity_unary.c: fixture adapters for the unary family, clamp, where and
 * masked_fill (tests/fixtures/cases/unary.py). In-place cases run on a
 * non-leaf copy, (a * 1).op_(), as the Python side does. */
#include "parity.h"

#define UNARY(name) \
    PARITY(name) { return cg_##name(p_tensor(c, 0)); }
UNARY(abs)
UNARY(sign)
UNARY(log)
UNARY(log1p)
UNARY(sqrt)
UNARY(rsqrt)
UNARY(sin)
UNARY(cos)
UNARY(tanh)
UNARY(sigmoid)
UNARY(erf)
UNARY(relu)

PARITY(gelu) { return cg_gelu(p_tensor(c, 0), p_kw_str(c, "approximate", "none")); }
PARITY(leaky_relu) { return cg_leaky_relu(p_tensor(c, 0), p_kw_double(c, "negative_slope", 0.01)); }

/* min= and max= keywords: absent or None means not given */
static const cg_scalar *kw_bound(const parity_call *c, const char *key, cg_scalar *slot) {
    if (!p_kw_has(c, key))
        return NULL;
    *slot = p_kw_scalar(c, key, cg_scalar_int(0));
    return slot;
}

PARITY(clamp) {
    cg_scalar lo, hi;
    return cg_clamp(p_tensor(c, 0), kw_bound(c, "min", &lo), kw_bound(c, "max", &hi));
}

PARITY(clamp_t) {
    return cg_clamp_tensor(p_tensor(c, 0), p_is_none(c, 1) ? NULL : p_tensor(c, 1),
                           p_is_none(c, 2) ? NULL : p_tensor(c, 2));
}

PARITY(where) { return cg_where(p_tensor(c, 0), p_operand(c, 1), p_operand(c, 2)); }
PARITY(masked_fill) { return cg_masked_fill(p_tensor(c, 0), p_tensor(c, 1), p_scalar(c, 2)); }

/* ---- in place ----------------------------------------------------------------------- */

/* op_ applied to a (a * 1 when copy), returning the tensor it changed */
static cg_tensor *inplace(cg_tensor *a, bool copy, int (*op)(cg_tensor *, const parity_call *), const parity_call *c) {
    cg_tensor *one = cg_scalar_tensor(cg_scalar_int(1));
    cg_tensor *t = !one ? NULL : copy ? cg_mul(a, one) : cg_tensor_retain(a);
    cg_tensor_release(one);
    if (t && op(t, c) < 0) {
        cg_tensor_release(t);
        return NULL;
    }
    return t;
}

#define INPLACE(name)                                          \
    static int do_##name(cg_tensor *t, const parity_call *c) { \
        (void)c;                                               \
        return cg_##name(t);                                   \
    }                                                          \
    PARITY(name) { return inplace(p_tensor(c, 0), true, do_##name, c); }
INPLACE(abs_)
INPLACE(neg_)
INPLACE(exp_)
INPLACE(log_)
INPLACE(sqrt_)
INPLACE(sigmoid_)
INPLACE(tanh_)
INPLACE(relu_)

static int do_clamp_(cg_tensor *t, const parity_call *c) {
    cg_scalar lo, hi;
    return cg_clamp_(t, kw_bound(c, "min", &lo), kw_bound(c, "max", &hi));
}
PARITY(clamp_) { return inplace(p_tensor(c, 0), true, do_clamp_, c); }

static int do_masked_fill_(cg_tensor *t, const parity_call *c) {
    return cg_masked_fill_(t, ((parity_call *)c)->tensors[1], p_scalar(c, 2));
}
PARITY(masked_fill_) { return inplace(p_tensor(c, 0), true, do_masked_fill_, c); }

PARITY(exp_self) { return inplace(p_tensor(c, 0), false, do_exp_, c); }
