/* torch_linalg_old.c: torch.inverse, det, logdet and slogdet, the names
 * PyTorch 1.13 keeps beside torch.linalg's (torch_linalg.c), as functions
 * and Tensor methods: inverse is linalg.inv, det linalg.det, slogdet
 * linalg.slogdet as torch.return_types.slogdet; logdet the composite
 * PyTorch makes of slogdet (nan where the sign is negative); svd (U, S,
 * V) and matrix_power; pinverse (linalg.pinv with rtol rcond), dist and
 * renorm(_). */
#include <math.h>
#include <string.h>

#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* logdet: log|det| where the sign is not negative, else nan (WhereBackward0) */
static cg_tensor *logdet(cg_tensor *A) {
    cg_tensor *s, *l;
    if (cg_linalg_slogdet(A, &s, &l) < 0)
        return NULL;
    cg_tensor *zero = cg_zeros(0, NULL, s->dtype, cg_tensor_device(s)), *neg = zero ? cg_lt(s, zero) : NULL;
    cg_tensor *nan = neg ? cg_full(0, NULL, cg_scalar_float(NAN), s->dtype, cg_tensor_device(s)) : NULL;
    cg_tensor *out = nan ? cg_where(neg, nan, l) : NULL;
    cg_tensor_release(s), cg_tensor_release(l), cg_tensor_release(zero), cg_tensor_release(neg), cg_tensor_release(nan);
    return out;
}
static cg_value fn_slogdet(cg_value *a) {
    cg_tensor *s, *l;
    if (cg_linalg_slogdet(T0, &s, &l) < 0)
        return torch_raise();
    return torch_return_pair("slogdet", cg_tensor_steal(s), cg_tensor_steal(l));
}

/* svd(some=True, compute_uv=True): U, S and V = Vh^T (TransposeBackward0);
 * without compute_uv, zero U and V of the full shapes, as PyTorch's */
static cg_value fn_svd(cg_value *a) {
    bool some, uv;
    if (torch_bool_arg("svd", "some", torch_pos(1), a[1], &some) < 0
        || torch_bool_arg("svd", "compute_uv", torch_pos(2), a[2], &uv) < 0)
        return CG_ERR;
    cg_tensor *A = T0, *u, *s, *vh, *v = NULL;
    if (cg_linalg_svd(A, !some, uv, &u, &s, &vh) < 0)
        return torch_raise();
    if (uv)
        v = cg_transpose(vh, -2, -1);
    else if (A->ndim >= 2) {
        int nd = A->ndim;
        int64_t m = A->sizes[nd - 2], n = A->sizes[nd - 1], us[CG_MAX_DIMS], vs[CG_MAX_DIMS];
        memcpy(us, A->sizes, sizeof(int64_t) * (size_t)nd);
        memcpy(vs, A->sizes, sizeof(int64_t) * (size_t)nd);
        us[nd - 1] = m, vs[nd - 2] = n;
        cg_tensor_release(u);
        u = cg_zeros(nd, us, A->dtype, cg_tensor_device(A));
        v = u ? cg_zeros(nd, vs, A->dtype, cg_tensor_device(A)) : NULL;
    }
    cg_tensor_release(vh);
    if (!u || !v) {
        cg_tensor_release(u), cg_tensor_release(s), cg_tensor_release(v);
        return torch_raise();
    }
    return torch_return_triple("svd", cg_tensor_steal(u), cg_tensor_steal(s), cg_tensor_steal(v));
}

static cg_value fn_matrix_power(cg_value *a) {
    int64_t n;
    if (torch_int_arg("matrix_power", "n", torch_pos(1), a[1], &n) < 0)
        return CG_ERR;
    return cg_tensor_steal(torch_matrix_power(T0, n));
}

/* A number argument (PyTorch's Scalar), complex refused with fn's message */
static int real_scalar_arg(const char *fn, const char *arg, int pos, cg_value v, const char *complex_msg, double *out) {
    cg_scalar sc;
    if (cg_is_tensor(v) || !torch_scalar_of(v, &sc)) {
        torch_arg_error(fn, arg, pos, "Number", v);
        return -1;
    }
    if (sc.kind == CG_SCALAR_COMPLEX)
        return cg_raise_int(&cg_exc_RuntimeError, "%s", complex_msg);
    *out = cg_scalar_to_double(sc);
    return 0;
}

/* pinverse(rcond=1e-15): linalg.pinv with rtol rcond */
static cg_value fn_pinverse(cg_value *a) {
    double rcond;
    if (torch_double_arg("pinverse", "rcond", torch_pos(1), a[1], &rcond) < 0)
        return CG_ERR;
    cg_tensor *A = T0, *rtol = cg_full(0, NULL, cg_scalar_float(rcond), CG_F64, cg_tensor_device(A));
    cg_tensor *r = rtol ? cg_linalg_pinv(A, NULL, rtol, false) : NULL;
    cg_tensor_release(rtol);
    return cg_tensor_steal(r);
}

/* dist(other, p=2) */
static cg_value fn_dist(cg_value *a) {
    cg_tensor *y = torch_tensor_arg_borrowed("dist", "other", torch_pos(1), a[1]);
    double p;
    if (!y || real_scalar_arg("dist", "p", torch_pos(2), a[2], "dist(): p must be real", &p) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_dist(T0, y, p));
}

/* renorm(p, dim, maxnorm) and renorm_ */
static int renorm_args(cg_value *a, const char *fn, double *p, int64_t *dim, double *maxnorm) {
    if (real_scalar_arg(fn, "p", torch_pos(1), a[1], "renorm: p must be real-valued", p) < 0
        || torch_int_arg(fn, "dim", torch_pos(2), a[2], dim) < 0
        || real_scalar_arg(fn, "maxnorm", torch_pos(3), a[3], "renorm: maxnorm must be real-valued", maxnorm) < 0)
        return -1;
    return 0;
}
static cg_value fn_renorm(cg_value *a) {
    double p, mx;
    int64_t dim;
    if (renorm_args(a, "renorm", &p, &dim, &mx) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_renorm(T0, p, dim, mx));
}
static cg_value fn_renorm_(cg_value *a) {
    double p, mx;
    int64_t dim;
    if (renorm_args(a, "renorm_", &p, &dim, &mx) < 0)
        return CG_ERR;
    return cg_renorm_(T0, p, dim, mx) < 0 ? torch_raise() : cg_incref(a[0]);
}

/* lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True) */
static cg_value fn_lu_unpack(cg_value *a) {
    cg_tensor *piv = torch_tensor_arg_borrowed("lu_unpack", "LU_pivots", torch_pos(1), a[1]);
    bool data, pivots;
    if (!piv || torch_bool_arg("lu_unpack", "unpack_data", torch_pos(2), a[2], &data) < 0
        || torch_bool_arg("lu_unpack", "unpack_pivots", torch_pos(3), a[3], &pivots) < 0)
        return CG_ERR;
    cg_tensor *p, *l, *u;
    if (cg_lu_unpack(T0, piv, data, pivots, &p, &l, &u) < 0)
        return torch_raise();
    return torch_return_triple("lu_unpack", cg_tensor_steal(p), cg_tensor_steal(l), cg_tensor_steal(u));
}

/* Tensor.lu_solve(LU_data, LU_pivots): linalg.lu_solve(LU_data, LU_pivots, self) */
static cg_value fn_lu_solve_method(cg_value *a) {
    cg_tensor *lu = torch_tensor_arg_borrowed("lu_solve", "LU_data", torch_pos(1), a[1]);
    cg_tensor *piv = lu ? torch_tensor_arg_borrowed("lu_solve", "LU_pivots", torch_pos(2), a[2]) : NULL;
    if (!piv)
        return CG_ERR;
    return cg_tensor_steal(cg_linalg_lu_solve(lu, piv, T0, true, false));
}

/* _lu_with_info(pivot=True, check_errors=True): lu_factor_ex, whose
 * check_errors PyTorch 1.13 leaves unused here */
static cg_value fn_lu_with_info(cg_value *a) {
    bool pivot, check;
    if (torch_bool_arg("_lu_with_info", "pivot", torch_pos(1), a[1], &pivot) < 0
        || torch_bool_arg("_lu_with_info", "check_errors", torch_pos(2), a[2], &check) < 0)
        return CG_ERR;
    cg_tensor *lu, *p, *i;
    if (cg_linalg_lu_factor_ex(T0, pivot, false, &lu, &p, &i) < 0)
        return torch_raise();
    return torch_return_triple("_lu_with_info", cg_tensor_steal(lu), cg_tensor_steal(p), cg_tensor_steal(i));
}

/* cholesky(upper=False) and cholesky_inverse(upper=False) */
static cg_value fn_cholesky(cg_value *a) {
    bool upper;
    if (torch_bool_arg("cholesky", "upper", torch_pos(1), a[1], &upper) < 0
        || torch_warn_once("UserWarning",
                           "torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a "
                           "future PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\nL = "
                           "torch.linalg.cholesky(A)\nand\nU = torch.cholesky(A, upper=True)\nshould be replaced "
                           "with\nU = torch.linalg.cholesky(A).mH().\nThis transform will produce equivalent results "
                           "for all valid (symmetric positive definite) inputs. (Triggered internally at  "
                           "./aten/src/ATen/native/BatchLinearAlgebra.cpp:1615.)")
               < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_cholesky(T0, upper));
}
static cg_value fn_cholesky_inverse(cg_value *a) {
    bool upper;
    if (torch_bool_arg("cholesky_inverse", "upper", torch_pos(1), a[1], &upper) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_cholesky_inverse(T0, upper));
}

/* cholesky_solve(input2, upper=False) */
static cg_value fn_cholesky_solve(cg_value *a) {
    cg_tensor *u = torch_tensor_arg_borrowed("cholesky_solve", "input2", torch_pos(1), a[1]);
    bool upper;
    if (!u || torch_bool_arg("cholesky_solve", "upper", torch_pos(2), a[2], &upper) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_cholesky_solve(T0, u, upper));
}

/* triangular_solve(A, upper=True, transpose=False, unitriangular=False) */
static cg_value fn_triangular_solve(cg_value *a) {
    const char *fn = "triangular_solve";
    cg_tensor *A = torch_tensor_arg_borrowed(fn, "A", torch_pos(1), a[1]);
    bool upper, trans, unit;
    if (!A || torch_bool_arg(fn, "upper", torch_pos(2), a[2], &upper) < 0
        || torch_bool_arg(fn, "transpose", torch_pos(3), a[3], &trans) < 0
        || torch_bool_arg(fn, "unitriangular", torch_pos(4), a[4], &unit) < 0
        || torch_warn_once("UserWarning",
                           "torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will be "
                           "removed in a future PyTorch release.\ntorch.linalg.solve_triangular has its arguments "
                           "reversed and does not return a copy of one of the inputs.\nX = torch.triangular_solve(B, "
                           "A).solution\nshould be replaced with\nX = torch.linalg.solve_triangular(A, B). (Triggered "
                           "internally at  ./aten/src/ATen/native/BatchLinearAlgebra.cpp:2115.)")
               < 0)
        return CG_ERR;
    cg_tensor *x, *m;
    if (cg_triangular_solve(T0, A, upper, trans, unit, &x, &m) < 0)
        return torch_raise();
    return torch_return_pair(fn, cg_tensor_steal(x), cg_tensor_steal(m));
}

/* cross(other, dim=None): linalg.cross along dim, or the first dim of
 * size 3 (PyTorch 1.13 does not warn yet) */
static cg_value fn_cross(cg_value *a) {
    cg_tensor *x = T0, *o = torch_tensor_arg_borrowed("cross", "other", torch_pos(1), a[1]);
    int64_t dim = -1;
    if (!o)
        return CG_ERR;
    if (!cg_is_none(a[2])) {
        if (torch_int_arg("cross", "dim", torch_pos(2), a[2], &dim) < 0)
            return CG_ERR;
    } else {
        for (dim = 0; dim < x->ndim && x->sizes[dim] != 3; dim++)
            ;
        if (dim == x->ndim)
            return cg_raise(&cg_exc_RuntimeError, "no dimension of size 3 in input");
    }
    return cg_tensor_steal(cg_linalg_cross(x, o, dim));
}

#define OLD_OPS(X)                                                                                               \
    X(inverse, "inverse", "", UNARY(cg_linalg_inv), TORCH_BOTH, NULL)                                            \
    X(det, "det", "", UNARY(cg_linalg_det), TORCH_BOTH, NULL)                                                    \
    X(logdet, "logdet", "", UNARY(logdet), TORCH_BOTH, NULL)                                                     \
    X(slogdet, "slogdet", "", IMPL(fn_slogdet), TORCH_BOTH, NULL)                                                \
    X(svd, "svd", "some=True, compute_uv=True", IMPL(fn_svd), TORCH_BOTH, NULL)                                  \
    X(matrix_power, "matrix_power", "n", IMPL(fn_matrix_power), TORCH_BOTH, NULL)                                \
    X(pinverse, "pinverse", "rcond=1e-15", IMPL(fn_pinverse), TORCH_BOTH, NULL)                                  \
    X(dist, "dist", "other, p=2", IMPL(fn_dist), TORCH_BOTH, NULL)                                               \
    X(renorm, "renorm", "p, dim, maxnorm", IMPL(fn_renorm), TORCH_BOTH, NULL)                                    \
    X(renorm_, "renorm_", "p, dim, maxnorm", IMPL(fn_renorm_), TORCH_METHOD, NULL)                              \
    X(lu_unpack, "lu_unpack", "LU_pivots, unpack_data=True, unpack_pivots=True", IMPL(fn_lu_unpack), TORCH_FUNCTION, \
      "LU_data")                                                                                                 \
    X(lu_solve, "lu_solve", "LU_data, LU_pivots", IMPL(fn_lu_solve_method), TORCH_METHOD, NULL)                  \
    X(_lu_with_info, "_lu_with_info", "pivot=True, check_errors=True", IMPL(fn_lu_with_info), TORCH_FUNCTION, NULL) \
    X(cross, "cross", "other, dim=None", IMPL(fn_cross), TORCH_BOTH, NULL)                                       \
    X(cholesky, "cholesky", "upper=False", IMPL(fn_cholesky), TORCH_BOTH, NULL)                                  \
    X(cholesky_inverse, "cholesky_inverse", "upper=False", IMPL(fn_cholesky_inverse), TORCH_BOTH, NULL)          \
    X(cholesky_solve, "cholesky_solve", "input2, upper=False", IMPL(fn_cholesky_solve), TORCH_BOTH, NULL)        \
    X(triangular_solve, "triangular_solve", "A, upper=True, transpose=False, unitriangular=False",                \
      IMPL(fn_triangular_solve), TORCH_BOTH, NULL)

#define TORCH_TAB old_linalg_ops
TORCH_OP_TABLE(OLD_OPS)

int torch_linalg_old_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(old_linalg_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(old_linalg_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(old_linalg_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
