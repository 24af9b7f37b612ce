/* power_composites.c: float_power and ldexp, which PyTorch 1.13 composes
 * of other ops (CompositeImplicitAutograd), so that their graphs hold the
 * nodes of those ops: float_power is pow in float64 (complex128 for
 * complex operands) after .to() (ToCopyBackward0, PowBackward0/1/2);
 * ldexp is self * 2 ** other (MulBackward0, PowBackward2). */
#include "ops.h"

/* float64, or complex128 when either side is complex */
static cg_dtype power_dtype(bool complex) { return complex ? CG_C128 : CG_F64; }

cg_tensor *cg_float_power(cg_tensor *base, cg_tensor *exponent) {
    cg_dtype dt = power_dtype(cg_dtype_is_complex(base->dtype) || cg_dtype_is_complex(exponent->dtype));
    cg_tensor *b = cg_to_dtype(base, dt);
    if (!b)
        return NULL;
    cg_tensor *r;
    if (exponent->is_wrapped_number) { /* the Scalar overload: PowBackward0 */
        r = cg_pow_scalar(b, cg_scalar_load(cg_tensor_data(exponent), exponent->dtype));
    } else {
        cg_tensor *e = cg_to_dtype(exponent, dt);
        r = e ? cg_pow(b, e) : NULL;
        cg_tensor_release(e);
    }
    cg_tensor_release(b);
    return r;
}

cg_tensor *cg_float_power_scalar_base(cg_scalar base, cg_tensor *exponent) {
    cg_tensor *e =
        cg_to_dtype(exponent, power_dtype(cg_dtype_is_complex(exponent->dtype) || base.kind == CG_SCALAR_COMPLEX));
    cg_tensor *r = e ? cg_pow_scalar_base(base, e) : NULL;
    cg_tensor_release(e);
    return r;
}

int cg_float_power_(cg_tensor *self, cg_tensor *exponent) {
    cg_dtype dt = power_dtype(cg_dtype_is_complex(self->dtype) || cg_dtype_is_complex(exponent->dtype));
    CG_CHECK_INT(self->dtype == dt, CG_RUNTIME_ERROR,
                 "the base given to float_power_ has dtype %s but the operation's result requires dtype %s",
                 cg_dtype_legacy_name(self->dtype), cg_dtype_legacy_name(dt));
    if (exponent->is_wrapped_number)
        return cg_pow_(self, exponent);
    cg_tensor *e = cg_to_dtype(exponent, dt);
    int rc = e ? cg_pow_(self, e) : -1;
    cg_tensor_release(e);
    return rc;
}

/* 2 ** other, PowBackward2 */
static cg_tensor *two_to(cg_tensor *other) { return cg_pow_scalar_base(cg_scalar_float(2.0), other); }

cg_tensor *cg_ldexp(cg_tensor *self, cg_tensor *other) {
    cg_tensor *p = two_to(other);
    cg_tensor *r = p ? cg_mul(self, p) : NULL;
    cg_tensor_release(p);
    return r;
}

/* PyTorch's ldexp_ is mul's out= form, which refuses autograd */
int cg_ldexp_(cg_tensor *self, cg_tensor *other) {
    cg_tensor *p = two_to(other);
    if (!p)
        return -1;
    int rc = -1;
    if (cg_autograd_needed(2, (cg_tensor *[]){self, p}))
        cg_error_set(CG_RUNTIME_ERROR, "mul(): functions with out=... arguments don't support automatic "
                                       "differentiation, but one of the arguments requires grad.");
    else
        rc = cg_mul_(self, p);
    cg_tensor_release(p);
    return rc;
}
