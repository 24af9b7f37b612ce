/* ops_special_fns.c: the rest of torch.special's elementwise functions:
 * entr, ndtri, erfcx, log_ndtr, xlog1py and zeta (rows of ops.def with PyTorch's nodes), and
 * the non-differentiable Bessel, Airy and orthogonal-polynomial families
 * (one row each, the function chosen by args->i[0]). Values as PyTorch
 * 1.13's scalar kernels compute them (special_fns_scalar.h, Note [Special
 * functions as PyTorch's kernels]); integral inputs give the default float
 * dtype; float16 and bfloat16 refused where PyTorch's CPU kernels refuse
 * them, with their messages. */
#include <math.h>

#include "ew.h"
#include "formula.h"
#include "ops.h"
#include "special_fns_scalar.h"

SF_FNS(float, f32)
SF_FNS(double, f64)

/* ---- kernels ---------------------------------------------------------------------- */

/* rows compiled for FMA too, the expressions calling fma (Note [Rows at the
 * machine's vector width]); args->i[0] picks the function of a family */
#define SF_UROW(name, T, expr)                                                        \
    CG_UNARY_ROW_A(name##_base, T, expr, , const int kind = (int)args->i[0])          \
    CG_UNARY_ROW_A(name##_avx2, T, expr, CG_FMA_TARGET, const int kind = (int)args->i[0]) \
    CG_AVX2_DISPATCH(name)
#define SF_BROW(name, T, expr)                                                          \
    CG_BINARY_ROW_TA(name##_base, T, T, expr, , const int kind = (int)args->i[0])       \
    CG_BINARY_ROW_TA(name##_avx2, T, T, expr, CG_FMA_TARGET, const int kind = (int)args->i[0]) \
    CG_AVX2_DISPATCH(name)
#define SF_KERNEL(name, ROW, e32, e64)                                                  \
    ROW(name##_f32, float, ((void)kind, e32))                                           \
    ROW(name##_f64, double, ((void)kind, e64))                                          \
    static const cg_row_fn name##_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(name)};       \
    void cg_cpu_##name(const cg_kernel_call *c) { cg_ew_run(c, name##_rows, 0); }
SF_KERNEL(entr, SF_UROW, sf_entr_f32(x), sf_entr_f64(x))
SF_KERNEL(ndtri, SF_UROW, sf_ndtri_f32(x), sf_ndtri_f64(x))
SF_KERNEL(erfcx, SF_UROW, sf_erfcx_f32(x), sf_erfcx_f64(x))
SF_KERNEL(log_ndtr, SF_UROW, sf_log_ndtr_f32(x), sf_log_ndtr_f64(x))
SF_KERNEL(special_unary, SF_UROW, sf_unary_f32(kind, x), sf_unary_f64(kind, x))
SF_KERNEL(xlog1py, SF_BROW, sf_xlog1py_f32(a, b), sf_xlog1py_f64(a, b))
SF_KERNEL(special_poly, SF_BROW, sf_poly_f32(kind, a, b), sf_poly_f64(kind, a, b))

/* ---- frontends ---------------------------------------------------------------------- */

/* PyTorch's dispatch error: "ndtri_cpu" not implemented for 'Half' */
static int refuse(const char *kernel, cg_dtype dt, bool bf16) {
    if (dt == CG_F16 || (dt == CG_BF16 && !bf16) || cg_dtype_is_complex(dt))
        CG_CHECK_INT(false, CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel, cg_dtype_legacy_name(dt));
    return 0;
}

static cg_tensor *unary(cg_op op, const char *kernel, bool bf16, cg_tensor *x, const cg_op_args *args, bool record) {
    cg_dtype dt = cg_dtype_to_float(x->dtype);
    if (refuse(kernel, dt, bf16) < 0)
        return NULL;
    cg_tensor *out = cg_ew_unary(op, x, dt, dt, args);
    if (!out || !record)
        return out;
    cg_save_spec save[] = {{x, "self"}, {out, "result"}};
    return cg_ew_record(out, op, 1, &x, 2, save, args);
}
cg_tensor *cg_special_entr(cg_tensor *x) { return unary(CG_OP_ENTR, "entr_cpu", true, x, &(cg_op_args){0}, true); }
cg_tensor *cg_special_ndtri(cg_tensor *x) { return unary(CG_OP_NDTRI, "ndtri_cpu", false, x, &(cg_op_args){0}, true); }
cg_tensor *cg_special_erfcx(cg_tensor *x) { return unary(CG_OP_ERFCX, "erfcx_cpu", false, x, &(cg_op_args){0}, true); }
cg_tensor *cg_special_log_ndtr(cg_tensor *x) {
    return unary(CG_OP_LOG_NDTR, "log_ndtr_cpu", false, x, &(cg_op_args){0}, true);
}

static const char *const UNARY_KERNELS[SF_UNARY_COUNT] = {
    "bessel_j0_cpu", "bessel_j1_cpu", "bessel_y0_cpu", "bessel_y1_cpu",
    "modified_bessel_i0_cpu", "modified_bessel_i1_cpu", "modified_bessel_k0_cpu", "modified_bessel_k1_cpu",
    "scaled_modified_bessel_k0_cpu", "scaled_modified_bessel_k1_cpu", "spherical_bessel_j0_cpu", "airy_ai_cpu"};
cg_tensor *cg_special_unary(int kind, cg_tensor *x) {
    CG_CHECK(kind >= 0 && kind < SF_UNARY_COUNT, CG_VALUE_ERROR, "unknown special function %d", kind);
    const cg_op_args args = {.i = {kind}};
    return unary(CG_OP_SPECIAL_UNARY, UNARY_KERNELS[kind], false, x, &args, false);
}

static cg_tensor *binary(cg_op op, const char *kernel, bool half, cg_tensor *a, cg_tensor *b, const cg_op_args *args,
                         bool record) {
    cg_dtype dt = cg_dtype_to_float(cg_result_type(2, (cg_tensor *[]){a, b}));
    if (refuse(kernel, dt == CG_F16 && half ? CG_F32 : dt, half) < 0)
        return NULL;
    cg_tensor *out = cg_ew_binary(op, a, b, dt, dt, args);
    if (!out || !record)
        return out;
    cg_save_spec save[] = {{a, "self"}, {b, "other"}};
    return cg_ew_record(out, op, 2, (cg_tensor *[]){a, b}, 2, save, args);
}
cg_tensor *cg_special_xlog1py(cg_tensor *a, cg_tensor *b) {
    return binary(CG_OP_XLOG1PY, "xlog1py_cpu", true, a, b, &(cg_op_args){0}, true);
}
cg_tensor *cg_special_zeta(cg_tensor *a, cg_tensor *b) {
    return binary(CG_OP_ZETA, "zeta_cpu", false, a, b, &(cg_op_args){0}, true);
}

static const char *const POLY_KERNELS[SF_POLY_COUNT] = {
    "chebyshev_polynomial_t_cpu", "chebyshev_polynomial_u_cpu", "chebyshev_polynomial_v_cpu",
    "chebyshev_polynomial_w_cpu", "shifted_chebyshev_polynomial_t_cpu", "shifted_chebyshev_polynomial_u_cpu",
    "shifted_chebyshev_polynomial_v_cpu", "shifted_chebyshev_polynomial_w_cpu", "hermite_polynomial_h_cpu",
    "hermite_polynomial_he_cpu", "laguerre_polynomial_l_cpu", "legendre_polynomial_p_cpu"};
cg_tensor *cg_special_polynomial(int kind, cg_tensor *x, cg_tensor *n) {
    CG_CHECK(kind >= 0 && kind < SF_POLY_COUNT, CG_VALUE_ERROR, "unknown polynomial %d", kind);
    const cg_op_args args = {.i = {kind}};
    return binary(CG_OP_SPECIAL_POLY, POLY_KERNELS[kind], false, x, n, &args, false);
}

/* ---- derivatives -------------------------------------------------------------------- */

/* SpecialEntrBackward0: grad * -(1 + log(self)) */
int cg_bw_entr(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x;
    if (cg_node_saved(n, 0, &x) < 0)
        return -1;
    scratch s = {0};
    return finish(gi, &s, s_mul(&s, go[0], s_fn(&s, cg_neg, s_shift(&s, s_fn(&s, cg_log, x), 1.0))));
}

/* SpecialNdtriBackward0: grad * sqrt(2 pi) * exp(result^2 / 2) */
int cg_bw_ndtri(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *r;
    if (cg_node_saved_all(n, 2, &x, &r) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *e = s_fn(&s, cg_exp, s_scale(&s, s_mul(&s, r, r), 0.5));
    return finish(gi, &s, s_mul(&s, s_scale(&s, go[0], sqrt(2 * M_PI)), e));
}

/* SpecialErfcxBackward0: (2 self result - 2 / sqrt(pi)) * grad */
int cg_bw_erfcx(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *r;
    if (cg_node_saved_all(n, 2, &x, &r) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *d = s_shift(&s, s_mul(&s, s_scale(&s, x, 2.0), r), -2.0 / sqrt(M_PI));
    return finish(gi, &s, s_mul(&s, d, go[0]));
}

/* SpecialLogNdtrBackward0: grad / sqrt(2 pi) * exp(-(result + self^2 / 2)) */
int cg_bw_log_ndtr(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *r;
    if (cg_node_saved_all(n, 2, &x, &r) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *e = s_fn(&s, cg_exp, s_fn(&s, cg_neg, s_add(&s, r, s_scale(&s, s_pow(&s, x, 2), 0.5))));
    cg_tensor *two_pi = keep(&s, cg_scalar_tensor(cg_scalar_float(sqrt(2 * M_PI))));
    return finish(gi, &s, s_mul(&s, s_div(&s, go[0], two_pi), e));
}

/* SpecialXlog1PyBackward0: self: grad * xlog1py(self != 0, other);
 * other: grad * self / (other + 1) */
int cg_bw_xlog1py(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *a, *b;
    if (cg_node_saved_all(n, 2, &a, &b) < 0)
        return -1;
    if (n->next[0].node) {
        scratch s = {0};
        cg_tensor *zero = keep(&s, cg_scalar_tensor(cg_scalar_int(0)));
        cg_tensor *nz = zero ? keep(&s, cg_ne(a, zero)) : NULL;
        /* a number other (SpecialXlog1PyBackward2) counts in self's dtype, as
         * PyTorch's Scalar there does: not a wrapped number, which bool
         * self != 0 would turn into the default float */
        cg_tensor *o = b;
        const cg_dtype dt = cg_dtype_to_float(a->dtype);
        if (b->is_wrapped_number && (o = keep(&s, b->dtype == dt ? cg_clone(b) : cg_to_dtype(b, dt))))
            o->is_wrapped_number = false;
        cg_tensor *d = nz && o ? keep(&s, cg_special_xlog1py(nz, o)) : NULL;
        if (finish(gi, &s, s_mul(&s, go[0], d)) < 0)
            return -1;
    }
    if (n->next[1].node) {
        scratch s = {0};
        if (finish(gi + 1, &s, s_div(&s, s_mul(&s, go[0], a), s_shift(&s, b, 1.0))) < 0)
            return -1;
    }
    return 0;
}

/* SpecialZetaBackward0: self has none in PyTorch (its message);
 * other: grad * -self * zeta(self + 1, other) */
int cg_bw_zeta(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    CG_CHECK_INT(!n->next[0].node, CG_NOT_IMPLEMENTED_ERROR, "the derivative for 'zeta' is not implemented.");
    cg_tensor *a, *b;
    if (cg_node_saved_all(n, 2, &a, &b) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *z = s_shift(&s, a, 1.0);
    cg_tensor *d = z ? keep(&s, cg_special_zeta(z, b)) : NULL;
    return finish(gi + 1, &s, s_mul(&s, s_mul(&s, go[0], s_fn(&s, cg_neg, a)), d));
}
