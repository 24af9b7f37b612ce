/* value_tests.c: isnan, isinf, isfinite, isposinf, isneginf, isreal and
 * count_nonzero, as PyTorch 1.13 composes them (TensorCompare.cpp,
 * ReduceOps.cpp): comparisons giving bool tensors, never recorded in a
 * graph (their outputs cannot require grad). */
#include <math.h>

#include "autograd.h"
#include "error.h"
#include "ops_binary.h"
#include "ops_copy.h"
#include "ops_reduce.h"
#include "ops_unary.h"
#include "stacking.h"
#include "ops.h"
#include "view.h"

/* A bool tensor of x's shape filled with v (integer inputs are never NaN
 * or infinite). */
static cg_tensor *all_bool(cg_tensor *x, bool v) {
    return cg_full_preserve(x, cg_scalar_bool(v), CG_BOOL, cg_tensor_device(x));
}

/* x compared with a number by cmp (cg_eq or cg_ne). */
static cg_tensor *cmp_number(cg_tensor *x, double v, cg_tensor *(*cmp)(cg_tensor *, cg_tensor *)) {
    cg_tensor *c = cg_scalar_tensor(cg_scalar_float(v));
    cg_tensor *r = c ? cmp(x, c) : NULL;
    cg_tensor_release(c);
    return r;
}

/* |x| compared with infinity; |x| is taken outside any graph. */
static cg_tensor *abs_vs_inf(cg_tensor *x, cg_tensor *(*cmp)(cg_tensor *, cg_tensor *)) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *a = cg_abs(x);
    cg_grad_set_enabled(was);
    cg_tensor *r = a ? cmp_number(a, INFINITY, cmp) : NULL;
    cg_tensor_release(a);
    return r;
}

/* f of the real and imaginary parts, joined by join (or / and). */
static cg_tensor *by_parts(cg_tensor *x, cg_tensor *(*f)(cg_tensor *),
                           cg_tensor *(*join)(cg_tensor *, cg_tensor *)) {
    cg_tensor *re = cg_real(x), *im = re ? cg_imag(x) : NULL;
    cg_tensor *a = im ? f(re) : NULL, *b = a ? f(im) : NULL;
    cg_tensor *r = b ? join(a, b) : NULL;
    cg_tensor_release(re), cg_tensor_release(im), cg_tensor_release(a), cg_tensor_release(b);
    return r;
}

cg_tensor *cg_isnan(cg_tensor *x) { return cg_ne(x, x); }

cg_tensor *cg_isinf(cg_tensor *x) {
    if (cg_dtype_is_complex(x->dtype))
        return by_parts(x, cg_isinf, cg_logical_or);
    return cg_dtype_is_float(x->dtype) ? abs_vs_inf(x, cg_eq) : all_bool(x, false);
}

cg_tensor *cg_isfinite(cg_tensor *x) {
    if (cg_dtype_is_complex(x->dtype))
        return by_parts(x, cg_isfinite, cg_logical_and);
    if (!cg_dtype_is_float(x->dtype))
        return all_bool(x, true);
    cg_tensor *same = cg_eq(x, x), *finite = same ? abs_vs_inf(x, cg_ne) : NULL;
    cg_tensor *r = finite ? cg_logical_and(same, finite) : NULL;
    cg_tensor_release(same), cg_tensor_release(finite);
    return r;
}

cg_tensor *cg_is_signed_inf(cg_tensor *x, int sign) {
    if (cg_dtype_is_complex(x->dtype)) {
        cg_error_set(CG_RUNTIME_ERROR, "%s does not support complex inputs.", sign > 0 ? "isposinf" : "isneginf");
        return NULL;
    }
    if (!cg_dtype_is_float(x->dtype))
        return all_bool(x, false);
    return cmp_number(x, sign > 0 ? INFINITY : -INFINITY, cg_eq);
}

cg_tensor *cg_isreal(cg_tensor *x) {
    if (!cg_dtype_is_complex(x->dtype))
        return all_bool(x, true);
    cg_tensor *im = cg_imag(x);
    cg_tensor *r = im ? cmp_number(im, 0.0, cg_eq) : NULL;
    cg_tensor_release(im);
    return r;
}

cg_tensor *cg_count_nonzero(cg_tensor *x, int ndims, const int64_t *dims) {
    cg_tensor *nz = cmp_number(x, 0.0, cg_ne);
    cg_tensor *r = nz ? cg_sum(nz, ndims, dims, false) : NULL;
    cg_tensor_release(nz);
    return r;
}
