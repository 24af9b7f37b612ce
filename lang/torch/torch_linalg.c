/* torch_linalg.c: the torch.linalg module: qr, solve_triangular, inv(_ex),
 * solve(_ex), det, slogdet, cholesky(_ex) (engine/linalg_qr.c,
 * linalg_solve_triangular.c, linalg_lu.c), as PyTorch 1.13 binds them,
 * with torch.return_types for the pairs, and LinAlgError.
 * Not here: the rest of torch.linalg, the out= arguments. */
#include <string.h>

#include "runtime/exc.h"

#include "runtime/module.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* mode as cg_qr_mode, or -1 with PyTorch's error */
int torch_qr_mode(cg_value v, cg_qr_mode *mode) {
    const char *s;
    if (torch_str_arg("linalg_qr", "mode", torch_pos(1), v, false, &s) < 0)
        return -1;
    if (!strcmp(s, "reduced"))
        *mode = CG_QR_REDUCED;
    else if (!strcmp(s, "complete"))
        *mode = CG_QR_COMPLETE;
    else if (!strcmp(s, "r"))
        *mode = CG_QR_R;
    else
        return cg_raise_int(&cg_exc_RuntimeError,
                            "qr received unrecognized mode '%s' but expected one of 'reduced' (default), 'r', or "
                            "'complete'",
                            s);
    return 0;
}

cg_value torch_qr_pair(const char *type, cg_tensor *A, cg_qr_mode mode) {
    cg_tensor *q, *r;
    if (cg_linalg_qr(A, mode, &q, &r) < 0)
        return torch_raise();
    return torch_return_pair(type, cg_tensor_steal(q), cg_tensor_steal(r));
}

/* qr(A, mode='reduced') */
static cg_value fn_qr(cg_value *a) {
    cg_qr_mode mode;
    if (torch_qr_mode(a[1], &mode) < 0)
        return CG_ERR;
    return torch_qr_pair("linalg_qr", T0, mode);
}

/* solve_triangular(A, B, *, upper, left=True, unitriangular=False) */
static cg_value fn_solve_triangular(cg_value *a) {
    const char *fn = "linalg_solve_triangular";
    cg_tensor *B = torch_tensor_arg_borrowed(fn, "B", 2, a[1]);
    bool upper, left, unit;
    if (!B || torch_bool_arg(fn, "upper", 3, a[2], &upper) < 0 || torch_bool_arg(fn, "left", 4, a[3], &left) < 0
        || torch_bool_arg(fn, "unitriangular", 5, a[4], &unit) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_linalg_solve_triangular(T0, B, upper, left, unit));
}

static cg_value pair_or_raise(int rc, const char *type, cg_tensor *const *a, cg_tensor *const *b) {
    if (rc < 0)
        return torch_raise();
    return torch_return_pair(type, cg_tensor_steal(*a), cg_tensor_steal(*b));
}

/* inv_ex(A, *, check_errors=False) */
static cg_value fn_inv_ex(cg_value *a) {
    bool check;
    cg_tensor *x, *i;
    if (torch_bool_arg("linalg_inv_ex", "check_errors", 2, a[1], &check) < 0)
        return CG_ERR;
    return pair_or_raise(cg_linalg_inv_ex(T0, check, &x, &i), "linalg_inv_ex", &x, &i);
}

/* solve(A, B, *, left=True) and solve_ex(A, B, *, left=True, check_errors=False) */
static cg_value solve_impl(cg_value *a, bool ex) {
    const char *fn = ex ? "linalg_solve_ex" : "linalg_solve";
    cg_tensor *B = torch_tensor_arg_borrowed(fn, "B", 2, a[1]);
    bool left, check = true;
    if (!B || torch_bool_arg(fn, "left", 3, a[2], &left) < 0
        || (ex && torch_bool_arg(fn, "check_errors", 4, a[3], &check) < 0))
        return CG_ERR;
    cg_tensor *x, *i;
    int rc = cg_linalg_solve_ex(T0, B, left, check, &x, &i);
    if (ex)
        return pair_or_raise(rc, "linalg_solve_ex", &x, &i);
    if (rc < 0)
        return torch_raise();
    cg_tensor_release(i);
    return cg_tensor_steal(x);
}
static cg_value fn_solve(cg_value *a) { return solve_impl(a, false); }
static cg_value fn_solve_ex(cg_value *a) { return solve_impl(a, true); }

static cg_value slogdet_pair(cg_tensor *A, const char *type) {
    cg_tensor *s, *l;
    return pair_or_raise(cg_linalg_slogdet(A, &s, &l), type, &s, &l);
}
static cg_value fn_slogdet(cg_value *a) { return slogdet_pair(T0, "linalg_slogdet"); }

/* cholesky(A, *, upper=False) and cholesky_ex(A, *, upper=False, check_errors=False) */
static cg_value fn_cholesky(cg_value *a) {
    bool upper;
    if (torch_bool_arg("linalg_cholesky", "upper", 2, a[1], &upper) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_linalg_cholesky(T0, upper));
}
static cg_value fn_cholesky_ex(cg_value *a) {
    bool upper, check;
    cg_tensor *l, *i;
    if (torch_bool_arg("linalg_cholesky_ex", "upper", 2, a[1], &upper) < 0
        || torch_bool_arg("linalg_cholesky_ex", "check_errors", 3, a[2], &check) < 0)
        return CG_ERR;
    return pair_or_raise(cg_linalg_cholesky_ex(T0, upper, check, &l, &i), "linalg_cholesky_ex", &l, &i);
}

/* eigh(A, UPLO='L') and eigvalsh(A, UPLO='L') */
static cg_value eigh_impl(cg_value *a, bool vectors) {
    const char *uplo;
    if (torch_str_arg(vectors ? "linalg_eigh" : "linalg_eigvalsh", "UPLO", torch_pos(1), a[1], false, &uplo) < 0)
        return CG_ERR;
    cg_tensor *l, *v;
    if (cg_linalg_eigh(T0, uplo, vectors, &l, &v) < 0)
        return torch_raise();
    if (vectors)
        return torch_return_pair("linalg_eigh", cg_tensor_steal(l), cg_tensor_steal(v));
    cg_tensor_release(v);
    return cg_tensor_steal(l);
}
static cg_value fn_eigh(cg_value *a) { return eigh_impl(a, true); }
static cg_value fn_eigvalsh(cg_value *a) { return eigh_impl(a, false); }

/* PyTorch's check of svd's driver= (CUDA only) */
static int svd_driver(const char *fn, cg_value v) {
    if (cg_is_none(v))
        return 0;
    const char *d;
    if (torch_str_arg(fn, "driver", 3, v, false, &d) < 0)
        return -1;
    return cg_raise_int(&cg_exc_RuntimeError,
                        "torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with cuSOLVER "
                        "backend.");
}

/* svd(A, full_matrices=True, *, driver=None) */
static cg_value fn_svd(cg_value *a) {
    bool full;
    if (torch_bool_arg("linalg_svd", "full_matrices", torch_pos(1), a[1], &full) < 0 || svd_driver("linalg_svd", a[2]) < 0)
        return CG_ERR;
    cg_tensor *u, *s, *vh;
    if (cg_linalg_svd(T0, full, true, &u, &s, &vh) < 0)
        return torch_raise();
    return torch_return_triple("linalg_svd", cg_tensor_steal(u), cg_tensor_steal(s), cg_tensor_steal(vh));
}

/* svdvals(A, *, driver=None) */
static cg_value fn_svdvals(cg_value *a) {
    if (svd_driver("linalg_svdvals", a[1]) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_linalg_svdvals(T0));
}

/* matrix_power(A, n): PyTorch 1.13's composite: the identity (a copy of A
 * overwritten, CopyBackwards) for 0, a clone for 1, inv(A) to the -n, and
 * past 3 the binary powers of A multiplied in as the bits of n come */
cg_tensor *torch_matrix_power(cg_tensor *A, int64_t n) {
    CG_CHECK(A->ndim >= 2, CG_RUNTIME_ERROR, "linalg.matrix_power: The input tensor A must have at least 2 dimensions.");
    int64_t r = A->sizes[A->ndim - 2], c = A->sizes[A->ndim - 1];
    CG_CHECK(r == c, CG_RUNTIME_ERROR,
             "linalg.matrix_power: A must be batches of square matrices, but they are %lld by %lld matrices", (long long)r,
             (long long)c);
    if (n == 0) {
        cg_tensor *out = cg_clone(A), *eye = out ? cg_eye(r, r, A->dtype, cg_tensor_device(A)) : NULL;
        int rc = eye ? cg_copy_(out, eye) : -1;
        cg_tensor_release(eye);
        if (rc < 0) {
            cg_tensor_release(out);
            return NULL;
        }
        return out;
    }
    cg_tensor *a = n < 0 ? cg_linalg_inv(A) : cg_tensor_retain(A);
    bool inverted = n < 0;
    if (!a)
        return NULL;
    uint64_t k = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
    cg_tensor *out = NULL;
    if (k == 1)
        out = inverted ? cg_tensor_retain(a) : cg_clone(a);
    else if (k == 2)
        out = cg_matmul(a, a);
    else if (k == 3) {
        cg_tensor *sq = cg_matmul(a, a);
        out = sq ? cg_matmul(sq, a) : NULL;
        cg_tensor_release(sq);
    } else {
        cg_tensor *z = NULL;
        bool ok = true;
        while (k > 0 && ok) {
            bool bit = k % 2;
            k /= 2;
            cg_tensor *nz = z ? cg_matmul(z, z) : cg_tensor_retain(a);
            cg_tensor_release(z);
            z = nz;
            ok = z != NULL;
            if (ok && bit) {
                cg_tensor *nr = out ? cg_matmul(out, z) : cg_tensor_retain(z);
                cg_tensor_release(out);
                out = nr;
                ok = out != NULL;
            }
        }
        cg_tensor_release(z);
        if (!ok) {
            cg_tensor_release(out);
            out = NULL;
        }
    }
    cg_tensor_release(a);
    return out;
}

static cg_value fn_matrix_power(cg_value *a) {
    int64_t n;
    if (torch_int_arg("linalg_matrix_power", "n", 2, a[1], &n) < 0)
        return CG_ERR;
    return cg_tensor_steal(torch_matrix_power(T0, n));
}

/* diagonal(A, *, offset=0, dim1=-2, dim2=-1) */
static cg_value fn_diagonal(cg_value *a) {
    int64_t off, d1, d2;
    if (torch_int_arg("linalg_diagonal", "offset", 2, a[1], &off) < 0 || torch_int_arg("linalg_diagonal", "dim1", 3, a[2], &d1) < 0
        || torch_int_arg("linalg_diagonal", "dim2", 4, a[3], &d2) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_diagonal(T0, off, d1, d2));
}

/* vecdot(x, y, *, dim=-1): (x * y).sum(dim) for real x and y */
static cg_value fn_vecdot(cg_value *a) {
    cg_tensor *x = T0, *y = torch_tensor_arg_borrowed("linalg_vecdot", "y", 2, a[1]);
    int64_t dim;
    if (!y || torch_int_arg("linalg_vecdot", "dim", 3, a[2], &dim) < 0)
        return CG_ERR;
    if (x->dtype != y->dtype)
        return cg_raise_int(&cg_exc_RuntimeError,
                            "linalg.vecdot: Expected x and y to have the same dtype, but found x of type %s and y of type "
                            "%s instead",
                            cg_dtype_legacy_name(x->dtype), cg_dtype_legacy_name(y->dtype)) < 0
                   ? CG_ERR
                   : CG_ERR;
    if (!cg_dtype_is_inexact(x->dtype))
        return cg_raise_int(&cg_exc_RuntimeError, "linalg.vecdot: Expected a floating point or complex tensor as input. Got %s",
                            cg_dtype_legacy_name(x->dtype)) < 0
                   ? CG_ERR
                   : CG_ERR;
    cg_tensor *p = cg_mul(x, y), *out = p ? cg_sum(p, 1, &dim, false) : NULL;
    cg_tensor_release(p);
    return cg_tensor_steal(out);
}

/* A norm's order: any Python number (PyTorch's Scalar) */
static int torch_number_arg(const char *fn, const char *arg, int pos, cg_value v, double *out) {
    cg_scalar sc;
    if (cg_is_tensor(v) || !torch_scalar_of(v, &sc)) {
        torch_arg_error(fn, arg, pos, "Number", v);
        return -1;
    }
    *out = cg_scalar_to_double(sc);
    return 0;
}

/* vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None): the
 * input is first cast to dtype, which must not narrow it */
static cg_value fn_vector_norm(cg_value *a) {
    const char *fn = "linalg_vector_norm";
    double ord;
    int nd, dt;
    int64_t dims[CG_MAX_DIMS];
    bool keepdim;
    if (torch_number_arg(fn, "ord", 2, a[1], &ord) < 0 || torch_dims_arg(fn, "dim", 3, a[2], &nd, dims) < 0
        || torch_bool_arg(fn, "keepdim", 4, a[3], &keepdim) < 0 || torch_dtype_arg(fn, "dtype", 5, a[4], &dt) < 0)
        return CG_ERR;
    cg_tensor *x = T0;
    if (dt < 0 || (cg_dtype)dt == x->dtype)
        return cg_tensor_steal(cg_linalg_vector_norm(x, ord, nd, dims, keepdim));
    if (!cg_dtype_is_inexact((cg_dtype)dt))
        return cg_raise(&cg_exc_RuntimeError,
                        "linalg.vector_norm: dtype should be floating point or complex, but got %s",
                        cg_dtype_legacy_name((cg_dtype)dt));
    if (cg_dtype_promote(x->dtype, (cg_dtype)dt) != (cg_dtype)dt)
        return cg_raise(&cg_exc_RuntimeError,
                        "linalg.vector_norm: the dtype of the input (%s) should be convertible without narrowing to the "
                        "specified dtype (%s)",
                        cg_dtype_legacy_name(x->dtype), cg_dtype_legacy_name((cg_dtype)dt));
    cg_tensor *c = cg_to_dtype(x, (cg_dtype)dt), *r = c ? cg_linalg_vector_norm(c, ord, nd, dims, keepdim) : NULL;
    cg_tensor_release(c);
    return cg_tensor_steal(r);
}

/* A tolerance: None (NULL), a number (a float64 0-d tensor) or a tensor;
 * *t a new reference */
static int tol_arg(const char *fn, const char *arg, int pos, cg_value v, cg_tensor **t) {
    *t = NULL;
    if (cg_is_none(v))
        return 0;
    if (cg_is_tensor(v)) {
        *t = cg_tensor_retain(cg_tensor_of_borrowed(v));
        return 0;
    }
    double d;
    if (torch_double_arg(fn, arg, pos, v, &d) < 0)
        return -1;
    *t = cg_full(0, NULL, cg_scalar_float(d), CG_F64, cg_device_cpu());
    return *t ? 0 : torch_raise_int();
}

/* pinv(A, rcond=None, hermitian=False, *, atol=None, rtol=None): rcond
 * is the old name of rtol */
static cg_value fn_pinv(cg_value *a) {
    const char *fn = "linalg_pinv";
    bool herm;
    cg_tensor *rcond, *atol = NULL, *rtol = NULL;
    if (torch_bool_arg(fn, "hermitian", torch_pos(2), a[2], &herm) < 0 || tol_arg(fn, "rcond", 2, a[1], &rcond) < 0)
        return CG_ERR;
    if (tol_arg(fn, "atol", 0, a[3], &atol) < 0 || tol_arg(fn, "rtol", 0, a[4], &rtol) < 0) {
        cg_tensor_release(rcond), cg_tensor_release(atol);
        return CG_ERR;
    }
    cg_tensor *r = cg_linalg_pinv(T0, atol, rcond ? rcond : rtol, herm);
    cg_tensor_release(rcond), cg_tensor_release(atol), cg_tensor_release(rtol);
    return cg_tensor_steal(r);
}

/* lu_factor(A, *, pivot=True) and lu_factor_ex(A, *, pivot=True, check_errors=False) */
static cg_value lu_factor_impl(cg_value *a, bool ex) {
    const char *fn = ex ? "linalg_lu_factor_ex" : "linalg_lu_factor";
    bool pivot, check = false;
    if (torch_bool_arg(fn, "pivot", 2, a[1], &pivot) < 0 || (ex && torch_bool_arg(fn, "check_errors", 3, a[2], &check) < 0))
        return CG_ERR;
    cg_tensor *lu, *p, *i;
    if (!ex)
        return pair_or_raise(cg_linalg_lu_factor(T0, pivot, &lu, &p), fn, &lu, &p);
    if (cg_linalg_lu_factor_ex(T0, pivot, check, &lu, &p, &i) < 0)
        return torch_raise();
    return torch_return_triple(fn, cg_tensor_steal(lu), cg_tensor_steal(p), cg_tensor_steal(i));
}
static cg_value fn_lu_factor(cg_value *a) { return lu_factor_impl(a, false); }
static cg_value fn_lu_factor_ex(cg_value *a) { return lu_factor_impl(a, true); }

/* lu(A, *, pivot=True) */
static cg_value fn_lu(cg_value *a) {
    bool pivot;
    if (torch_bool_arg("linalg_lu", "pivot", 2, a[1], &pivot) < 0)
        return CG_ERR;
    cg_tensor *p, *l, *u;
    if (cg_linalg_lu(T0, pivot, &p, &l, &u) < 0)
        return torch_raise();
    return torch_return_triple("linalg_lu", cg_tensor_steal(p), cg_tensor_steal(l), cg_tensor_steal(u));
}

/* lu_solve(LU, pivots, B, *, left=True, adjoint=False) */
static cg_value fn_lu_solve(cg_value *a) {
    const char *fn = "linalg_lu_solve";
    cg_tensor *piv = torch_tensor_arg_borrowed(fn, "pivots", 2, a[1]), *B = piv ? torch_tensor_arg_borrowed(fn, "B", 3, a[2]) : NULL;
    bool left, adjoint;
    if (!B || torch_bool_arg(fn, "left", 4, a[3], &left) < 0 || torch_bool_arg(fn, "adjoint", 5, a[4], &adjoint) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_linalg_lu_solve(T0, piv, B, left, adjoint));
}

/* matmul(input, other): torch.matmul */
static cg_value fn_matmul(cg_value *a) {
    cg_tensor *o = torch_tensor_arg_borrowed("linalg_matmul", "other", 2, a[1]);
    return o ? cg_tensor_steal(cg_matmul(T0, o)) : CG_ERR;
}

/* cross(input, other, *, dim=-1) */
static cg_value fn_cross(cg_value *a) {
    cg_tensor *o = torch_tensor_arg_borrowed("linalg_cross", "other", 2, a[1]);
    int64_t dim;
    if (!o || torch_int_arg("linalg_cross", "dim", 3, a[2], &dim) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_linalg_cross(T0, o, dim));
}

#define F TORCH_FUNCTION
#define OPS(X)                                                                                                   \
    X(qr, "qr", "mode='reduced'", IMPL(fn_qr), F, "A")                                                           \
    X(solve_triangular, "solve_triangular", "B, *, upper, left=True, unitriangular=False", IMPL(fn_solve_triangular), \
      F, "A")                                                                                                   \
    X(inv, "inv", "", UNARY(cg_linalg_inv), F, "A")                                                              \
    X(inv_ex, "inv_ex", "*, check_errors=False", IMPL(fn_inv_ex), F, "A")                                        \
    X(solve, "solve", "B, *, left=True", IMPL(fn_solve), F, "A")                                                 \
    X(solve_ex, "solve_ex", "B, *, left=True, check_errors=False", IMPL(fn_solve_ex), F, "A")                    \
    X(det, "det", "", UNARY(cg_linalg_det), F, "A")                                                              \
    X(slogdet, "slogdet", "", IMPL(fn_slogdet), F, "A")                                                          \
    X(cholesky, "cholesky", "*, upper=False", IMPL(fn_cholesky), F, "A")                                         \
    X(cholesky_ex, "cholesky_ex", "*, upper=False, check_errors=False", IMPL(fn_cholesky_ex), F, "A")  \
    X(eigh, "eigh", "UPLO='L'", IMPL(fn_eigh), F, "A")                                                           \
    X(eigvalsh, "eigvalsh", "UPLO='L'", IMPL(fn_eigvalsh), F, "A")                                               \
    X(svd, "svd", "full_matrices=True, *, driver=None", IMPL(fn_svd), F, "A")                                    \
    X(svdvals, "svdvals", "*, driver=None", IMPL(fn_svdvals), F, "A")                                                \
    X(matrix_power, "matrix_power", "n", IMPL(fn_matrix_power), F, "A")                                           \
    X(diagonal, "diagonal", "*, offset=0, dim1=-2, dim2=-1", IMPL(fn_diagonal), F, "A")                           \
    X(vecdot, "vecdot", "y, *, dim=-1", IMPL(fn_vecdot), F, "x")                                           \
    X(cross, "cross", "other, *, dim=-1", IMPL(fn_cross), F, "input")                                            \
    X(matmul, "matmul", "other", IMPL(fn_matmul), F, "input")                                                    \
    X(lu_factor, "lu_factor", "*, pivot=True", IMPL(fn_lu_factor), F, "A")                                    \
    X(lu_factor_ex, "lu_factor_ex", "*, pivot=True, check_errors=False", IMPL(fn_lu_factor_ex), F, "A")       \
    X(lu, "lu", "*, pivot=True", IMPL(fn_lu), F, "A")                                                           \
    X(lu_solve, "lu_solve", "pivots, B, *, left=True, adjoint=False", IMPL(fn_lu_solve), F, "LU")              \
    X(pinv, "pinv", "rcond=None, hermitian=False, *, atol=None, rtol=None", IMPL(fn_pinv), F, "A")             \
    X(vector_norm, "vector_norm", "ord=2, dim=None, keepdim=False, *, dtype=None", IMPL(fn_vector_norm), F, "x")

#define TORCH_TAB linalg_ops
TORCH_OP_TABLE(OPS)

cg_value cg_torch_linalg_module_init(void) {
    if (cg_tensor_type_init() < 0 || torch_ops_prepare(linalg_ops, TORCH_OP_COUNT) < 0)
        return CG_ERR;
    cg_method_def *defs = torch_ops_defs(linalg_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    if (!defs)
        return CG_ERR;
    cg_value m = cg_module_new("torch.linalg");
    if (cg_is_err(m))
        return m;
    if (cg_module_add_methods(m, defs) < 0 || torch_prelude_names_add(m) < 0 ||
        cg_module_add(m, "LinAlgError", cg_incref(cg_obj_value(&cg_exc__LinAlgError))) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
