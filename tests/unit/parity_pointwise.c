/* parity_pointwise.c: fixture adapters for addcmul, addcdiv and lerp
 * (tests/fixtures/cases/pointwise.py). In-place cases run on a non-leaf
 * copy, (a * 1).op_(), as the Python side does. */
#include "parity.h"

static cg_scalar value_of(const parity_call *c) { return p_kw_scalar(c, "value", cg_scalar_int(1)); }

PARITY(addcmul) { return cg_addcmul(p_tensor(c, 0), p_tensor(c, 1), p_tensor(c, 2), value_of(c)); }
PARITY(addcdiv) { return cg_addcdiv(p_tensor(c, 0), p_tensor(c, 1), p_tensor(c, 2), value_of(c)); }

PARITY(lerp) {
    if (p_is_tensor(c, 2))
        return cg_lerp_tensor(p_tensor(c, 0), p_tensor(c, 1), p_tensor(c, 2));
    return cg_lerp(p_tensor(c, 0), p_tensor(c, 1), p_scalar(c, 2));
}

/* a * 1 with op_ applied, or NULL */
static cg_tensor *inplace(parity_call *c, int (*op)(cg_tensor *, parity_call *)) {
    cg_tensor *one = cg_scalar_tensor(cg_scalar_int(1));
    cg_tensor *t = one ? cg_mul(p_tensor(c, 0), one) : NULL;
    cg_tensor_release(one);
    if (t && op(t, c) < 0) {
        cg_tensor_release(t);
        return NULL;
    }
    return t;
}

static int do_addcmul_(cg_tensor *t, parity_call *c) {
    return cg_addcmul_(t, p_tensor(c, 1), p_tensor(c, 2), value_of(c));
}
static int do_addcdiv_(cg_tensor *t, parity_call *c) {
    return cg_addcdiv_(t, p_tensor(c, 1), p_tensor(c, 2), value_of(c));
}
static int do_lerp_(cg_tensor *t, parity_call *c) {
    if (p_is_tensor(c, 2))
        return cg_lerp_tensor_(t, p_tensor(c, 1), p_tensor(c, 2));
    return cg_lerp_(t, p_tensor(c, 1), p_scalar(c, 2));
}
PARITY(addcmul_) { return inplace(c, do_addcmul_); }
PARITY(addcdiv_) { return inplace(c, do_addcdiv_); }
PARITY(lerp_) { return inplace(c, do_lerp_); }
