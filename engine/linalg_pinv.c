/* linalg_pinv.c: torch.linalg.pinv, PyTorch 1.13's composite over svd (or
 * eigh when hermitian) computed without a graph, recorded as one node,
 * LinalgPinvBackward0, whose derivative is PyTorch's pinv_backward
 * written with engine ops. Not here: complex inputs. */
#include <float.h>
#include <stdio.h>

#include "error.h"
#include "formula.h"
#include "ops.h"

static cg_tensor *s_mT(scratch *s, cg_tensor *t) { return t ? keep(s, cg_transpose(t, -2, -1)) : NULL; }
static cg_tensor *s_mm(scratch *s, cg_tensor *a, cg_tensor *b) { return a && b ? keep(s, cg_matmul(a, b)) : NULL; }
static cg_tensor *s_unsq(scratch *s, cg_tensor *t, int64_t d) { return t ? keep(s, cg_unsqueeze(t, d)) : NULL; }

static cg_tensor *dbl0(double v, cg_device dev) {
    return cg_full(0, NULL, cg_scalar_float(v), CG_F64, dev);
}

/* PyTorch's get_atol_rtol: atol 0 unless given; rtol, unless given,
 * eps * max(m, n), or 0 where a given atol is positive */
int cg_linalg_atol_rtol(const cg_tensor *A, cg_tensor *atol, cg_tensor *rtol, const char *fn, cg_tensor **atol_out,
                        cg_tensor **rtol_out) {
    *atol_out = *rtol_out = NULL;
    cg_device dev = cg_tensor_device(A);
    CG_CHECK_INT(!atol || !cg_dtype_is_complex(atol->dtype), CG_RUNTIME_ERROR,
                 "%s: atol tensor of complex type is not supported. Got %s", fn, cg_dtype_legacy_name(atol->dtype));
    CG_CHECK_INT(!rtol || !cg_dtype_is_complex(rtol->dtype), CG_RUNTIME_ERROR,
                 "%s: rtol tensor of complex type is not supported. Got %s", fn, cg_dtype_legacy_name(rtol->dtype));
    cg_tensor *a = atol ? cg_tensor_retain(atol) : dbl0(0, dev);
    if (!a)
        return -1;
    if (rtol) {
        *atol_out = a, *rtol_out = cg_tensor_retain(rtol);
        return 0;
    }
    cg_dtype real = A->dtype == CG_C64 ? CG_F32 : A->dtype == CG_C128 ? CG_F64 : A->dtype;
    CG_CHECK_INT(real == CG_F32 || real == CG_F64, CG_RUNTIME_ERROR,
                 "This function doesn't handle types other than float and double");
    int64_t m = A->sizes[A->ndim - 2], n = A->sizes[A->ndim - 1];
    double eps = real == CG_F32 ? (double)FLT_EPSILON : DBL_EPSILON;
    cg_tensor *dflt = dbl0(eps * (double)(m > n ? m : n), dev), *r = NULL;
    if (dflt && atol) {
        cg_tensor *z = dbl0(0, dev), *zero = z ? cg_scalar_tensor(cg_scalar_int(0)) : NULL;
        cg_tensor *pos = zero ? cg_gt(atol, zero) : NULL;
        r = pos ? cg_where(pos, z, dflt) : NULL;
        cg_tensor_release(z), cg_tensor_release(zero), cg_tensor_release(pos);
    } else if (dflt) {
        r = cg_tensor_retain(dflt);
    }
    cg_tensor_release(dflt);
    if (!r) {
        cg_tensor_release(a);
        return -1;
    }
    *atol_out = a, *rtol_out = r;
    return 0;
}

/* V diag(where(S' > tol, 1/S, 0)) U^T, S' = |S|, tol = max(atol, rtol * max S') */
static cg_tensor *pinv_of(scratch *s, cg_tensor *A, cg_tensor *U, cg_tensor *S, cg_tensor *V, bool hermitian,
                          cg_tensor *atol, cg_tensor *rtol) {
    int64_t last = -1;
    cg_tensor *Sa = hermitian ? s_fn(s, cg_abs, S) : S;
    cg_tensor *maxv = !Sa ? NULL : hermitian ? keep(s, cg_amax(Sa, 1, &last, true, true)) : keep(s, cg_narrow(Sa, -1, 0, 1));
    cg_tensor *tol = maxv ? keep(s, cg_maximum(s_unsq(s, atol, -1), s_mul(s, s_unsq(s, rtol, -1), maxv))) : NULL;
    cg_tensor *zero = tol ? keep(s, cg_full(0, NULL, cg_scalar_int(0), S->dtype, cg_tensor_device(S))) : NULL;
    cg_tensor *keepm = zero ? keep(s, cg_gt(Sa, tol)) : NULL;
    cg_tensor *Sp = keepm ? keep(s, cg_where(keepm, s_fn(s, cg_reciprocal, S), zero)) : NULL;
    Sp = Sp ? keep(s, cg_to_dtype(Sp, A->dtype)) : NULL;
    return s_mm(s, s_mul(s, V, s_unsq(s, Sp, -2)), s_mT(s, U));
}

static cg_tensor *pinv_forward(cg_tensor *A, cg_tensor *atol, cg_tensor *rtol, bool hermitian) {
    scratch s = {0};
    cg_tensor *U = NULL, *S = NULL, *Vh = NULL, *out = NULL;
    if (hermitian && cg_tensor_numel(A) != 0) {
        if (cg_linalg_eigh(A, "L", true, &S, &U) == 0)
            out = pinv_of(&s, A, keep(&s, U), keep(&s, S), U, true, atol, rtol);
    } else if (cg_linalg_svd(A, false, true, &U, &S, &Vh) == 0) {
        keep(&s, U), keep(&s, S), keep(&s, Vh);
        cg_tensor *V = s_mT(&s, Vh);
        if (cg_tensor_numel(A) == 0)
            out = s_mm(&s, s_mul(&s, V, s_unsq(&s, s_fn(&s, cg_reciprocal, S), -2)), s_mT(&s, U));
        else
            out = pinv_of(&s, A, U, S, V, false, atol, rtol);
    }
    out = out ? cg_tensor_retain(out) : NULL;
    scratch_free(&s);
    return out;
}

cg_tensor *cg_linalg_pinv(cg_tensor *A, cg_tensor *atol, cg_tensor *rtol, bool hermitian) {
    char shape[CG_SIZES_STR_MAX];
    CG_CHECK(A->ndim >= 2 && (A->dtype == CG_F32 || A->dtype == CG_F64), CG_RUNTIME_ERROR,
             "linalg.pinv(%s{%s}): expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types",
             cg_dtype_legacy_name(A->dtype), cg_sizes_str(A->ndim, A->sizes, shape, sizeof shape));
    cg_tensor *at, *rt;
    if (cg_linalg_atol_rtol(A, atol, rtol, "torch.linalg.pinv", &at, &rt) < 0)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = pinv_forward(A, at, rt, hermitian);
    cg_grad_set_enabled(was);
    cg_tensor_release(at), cg_tensor_release(rt);
    if (out && cg_autograd_needed(1, &A)) {
        cg_save_spec save[] = {{A, "self"}, {out, "result"}};
        if (cg_autograd_record(CG_OP_LINALG_PINV, 1, &out, 1, &A, 2, save, &(cg_op_args){.flag = false}, NULL) < 0) {
            cg_tensor_release(out);
            return NULL;
        }
    }
    return out;
}

/* LinalgPinvBackward0: PyTorch's pinv_backward for real A (m x n), its
 * products arranged to keep the smaller of m and n inside:
 *   m <= n: K = g^T P; -(P K)^T + K P^T - (A P) K P^T + (P^T P)(g^T - K A)
 *   m > n:  K = P g^T; -(K P)^T + P^T K - P^T K P A + (g^T - A K) P P^T */
int cg_bw_linalg_pinv(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *A, *P;
    if (cg_node_saved_all(n, 2, &A, &P) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *Ph = s_mT(&s, P), *gh = s_mT(&s, go[0]), *r;
    if (A->sizes[A->ndim - 2] <= A->sizes[A->ndim - 1]) {
        cg_tensor *K = s_mm(&s, gh, P), *KPh = s_mm(&s, K, Ph);
        cg_tensor *t1 = s_scale(&s, s_mT(&s, s_mm(&s, P, K)), -1.0);
        cg_tensor *t3 = s_mm(&s, s_mm(&s, A, P), KPh);
        cg_tensor *t4 = s_mm(&s, s_mm(&s, Ph, P), s_sub(&s, gh, s_mm(&s, K, A)));
        r = s_add(&s, s_sub(&s, s_add(&s, t1, KPh), t3), t4);
    } else {
        cg_tensor *K = s_mm(&s, P, gh), *PhK = s_mm(&s, Ph, K);
        cg_tensor *t1 = s_scale(&s, s_mT(&s, s_mm(&s, K, P)), -1.0);
        cg_tensor *t3 = s_mm(&s, s_mm(&s, PhK, P), A);
        cg_tensor *t4 = s_mm(&s, s_mm(&s, s_sub(&s, gh, s_mm(&s, A, K)), P), Ph);
        r = s_add(&s, s_sub(&s, s_add(&s, t1, PhK), t3), t4);
    }
    gi[0] = r ? cg_tensor_retain(r) : NULL;
    scratch_free(&s);
    return gi[0] ? 0 : -1;
}
