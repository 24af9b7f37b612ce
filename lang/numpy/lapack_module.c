/* lapack_module.c: numpy._lapack, the LAPACK calls numpy.linalg makes
 * (engine/lapack.h), over tensors numpy/linalg.py prepares.
 *
 * Every matrix argument is a contiguous CPU tensor of float64 or float32
 * whose memory holds the matrix in column-major order (numpy/linalg.py
 * passes a C-contiguous copy of the transpose); results land in tensors
 * the caller allocated. Each function answers LAPACK's info, so that the
 * Python side raises numpy's LinAlgError with numpy's words. */
#include "numpy/numpy_module.h"

#include <cblas.h>
#include <stdlib.h>
#include <string.h>

#include "lapack.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

/* The tensor at argument i, checked: a contiguous CPU tensor of dt (or of
 * float64/float32 when *dt is unset) with at least `need` elements. */
static cg_tensor *mat_arg(const cg_args *a, int i, cg_dtype *dt, int64_t need, const char *fn) {
    if (i >= a->npos || !cg_is_tensor(a->pos[i])) {
        cg_raise(&cg_exc_TypeError, "%s: argument %d must be a tensor", fn, i + 1);
        return NULL;
    }
    cg_tensor *t = cg_tensor_of_borrowed(a->pos[i]);
    bool dt_ok = (int)*dt < 0 ? (t->dtype == CG_F64 || t->dtype == CG_F32) : t->dtype == *dt;
    if (!dt_ok || !cg_tensor_is_contiguous(t) || cg_tensor_device(t).type != CG_CPU || cg_tensor_numel(t) < need) {
        cg_raise(&cg_exc_ValueError, "%s: argument %d must be a contiguous CPU float tensor of %lld elements", fn,
                 i + 1, (long long)need);
        return NULL;
    }
    *dt = t->dtype;
    return t;
}

/* An int argument at i. */
static bool int_arg(const cg_args *a, int i, int64_t *out, const char *fn) {
    if (i >= a->npos || a->pos[i].tag != CG_V_INT || a->pos[i].u.i < 0) {
        cg_raise(&cg_exc_TypeError, "%s: argument %d must be a non-negative int", fn, i + 1);
        return false;
    }
    *out = a->pos[i].u.i;
    return true;
}

/* A one-character str argument at i ('V', 'N', 'L', ...). */
static bool char_arg(const cg_args *a, int i, char *out, const char *fn) {
    if (i >= a->npos || !cg_is_str(a->pos[i]) || strlen(cg_str_cstr(a->pos[i])) != 1) {
        cg_raise(&cg_exc_TypeError, "%s: argument %d must be one character", fn, i + 1);
        return false;
    }
    *out = cg_str_cstr(a->pos[i])[0];
    return true;
}

static cg_value info_value(int info) { return info < 0 ? torch_raise() : cg_int(info); }

#define DT_UNSET ((cg_dtype)-1)

/* gesv(a, b, n, nrhs): A X = B; B becomes X. */
static cg_value l_gesv(cg_value self, const cg_args *a) {
    cg_dtype dt = DT_UNSET;
    int64_t n, nrhs;
    if (!int_arg(a, 2, &n, "gesv") || !int_arg(a, 3, &nrhs, "gesv"))
        return CG_ERR;
    cg_tensor *ta = mat_arg(a, 0, &dt, n * n, "gesv"), *tb = ta ? mat_arg(a, 1, &dt, n * nrhs, "gesv") : NULL;
    if (!tb)
        return CG_ERR;
    int32_t *ipiv = malloc((size_t)(n > 0 ? n : 1) * sizeof *ipiv);
    if (!ipiv)
        return cg_raise_nomemory();
    int info = cg_lapack_gesv(dt, n, nrhs, cg_tensor_data(ta), cg_tensor_data(tb), ipiv);
    free(ipiv);
    return info_value(info);
}

/* getrf(a, ipiv, m, n): LU in place; ipiv an int32 tensor of min(m, n). */
static cg_value l_getrf(cg_value self, const cg_args *a) {
    cg_dtype dt = DT_UNSET, it = CG_INT32;
    int64_t m, n;
    if (!int_arg(a, 2, &m, "getrf") || !int_arg(a, 3, &n, "getrf"))
        return CG_ERR;
    cg_tensor *ta = mat_arg(a, 0, &dt, m * n, "getrf");
    if (!ta)
        return CG_ERR;
    if (a->npos < 2 || !cg_is_tensor(a->pos[1]))
        return cg_raise(&cg_exc_TypeError, "getrf: argument 2 must be a tensor");
    cg_tensor *tp = cg_tensor_of_borrowed(a->pos[1]);
    if (tp->dtype != it || !cg_tensor_is_contiguous(tp) || cg_tensor_numel(tp) < (m < n ? m : n))
        return cg_raise(&cg_exc_ValueError, "getrf: ipiv must be a contiguous int32 tensor");
    return info_value(cg_lapack_getrf(dt, m, n, cg_tensor_data(ta), cg_tensor_data(tp)));
}

/* syevd(a, w, n, jobz, uplo) */
static cg_value l_syevd(cg_value self, const cg_args *a) {
    cg_dtype dt = DT_UNSET;
    int64_t n;
    char jobz, uplo;
    if (!int_arg(a, 2, &n, "syevd") || !char_arg(a, 3, &jobz, "syevd") || !char_arg(a, 4, &uplo, "syevd"))
        return CG_ERR;
    cg_tensor *ta = mat_arg(a, 0, &dt, n * n, "syevd"), *tw = ta ? mat_arg(a, 1, &dt, n, "syevd") : NULL;
    if (!tw)
        return CG_ERR;
    return info_value(cg_lapack_syevd(dt, jobz, uplo, n, cg_tensor_data(ta), cg_tensor_data(tw)));
}

/* gesdd(a, s, u, vt, m, n, jobz): u and vt are None for jobz 'N'. */
static cg_value l_gesdd(cg_value self, const cg_args *a) {
    cg_dtype dt = DT_UNSET;
    int64_t m, n;
    char jobz;
    if (!int_arg(a, 4, &m, "gesdd") || !int_arg(a, 5, &n, "gesdd") || !char_arg(a, 6, &jobz, "gesdd"))
        return CG_ERR;
    int64_t k = m < n ? m : n;
    cg_tensor *ta = mat_arg(a, 0, &dt, m * n, "gesdd"), *ts = ta ? mat_arg(a, 1, &dt, k, "gesdd") : NULL;
    if (!ts)
        return CG_ERR;
    void *u = NULL, *vt = NULL;
    if (jobz != 'N') {
        int64_t ucols = jobz == 'A' ? m : k, vrows = jobz == 'A' ? n : k;
        cg_tensor *tu = mat_arg(a, 2, &dt, m * ucols, "gesdd"), *tv = tu ? mat_arg(a, 3, &dt, vrows * n, "gesdd") : NULL;
        if (!tv)
            return CG_ERR;
        u = cg_tensor_data(tu);
        vt = cg_tensor_data(tv);
    }
    return info_value(cg_lapack_gesdd(dt, jobz, m, n, cg_tensor_data(ta), cg_tensor_data(ts), u, vt));
}

/* geqrf(a, tau, m, n) */
static cg_value l_geqrf(cg_value self, const cg_args *a) {
    cg_dtype dt = DT_UNSET;
    int64_t m, n;
    if (!int_arg(a, 2, &m, "geqrf") || !int_arg(a, 3, &n, "geqrf"))
        return CG_ERR;
    cg_tensor *ta = mat_arg(a, 0, &dt, m * n, "geqrf"), *tt = ta ? mat_arg(a, 1, &dt, m < n ? m : n, "geqrf") : NULL;
    if (!tt)
        return CG_ERR;
    return info_value(cg_lapack_geqrf(dt, m, n, cg_tensor_data(ta), cg_tensor_data(tt)));
}

/* orgqr(a, tau, m, n, k) */
static cg_value l_orgqr(cg_value self, const cg_args *a) {
    cg_dtype dt = DT_UNSET;
    int64_t m, n, k;
    if (!int_arg(a, 2, &m, "orgqr") || !int_arg(a, 3, &n, "orgqr") || !int_arg(a, 4, &k, "orgqr"))
        return CG_ERR;
    cg_tensor *ta = mat_arg(a, 0, &dt, m * n, "orgqr"), *tt = ta ? mat_arg(a, 1, &dt, k, "orgqr") : NULL;
    if (!tt)
        return CG_ERR;
    return info_value(cg_lapack_orgqr(dt, m, n, k, cg_tensor_data(ta), cg_tensor_data(tt)));
}

/* potrf(a, n, uplo) */
static cg_value l_potrf(cg_value self, const cg_args *a) {
    cg_dtype dt = DT_UNSET;
    int64_t n;
    char uplo;
    if (!int_arg(a, 1, &n, "potrf") || !char_arg(a, 2, &uplo, "potrf"))
        return CG_ERR;
    cg_tensor *ta = mat_arg(a, 0, &dt, n * n, "potrf");
    if (!ta)
        return CG_ERR;
    return info_value(cg_lapack_potrf(dt, uplo, n, cg_tensor_data(ta)));
}

/* gelsd(a, b, s, m, n, nrhs, rcond) -> (info, rank) */
static cg_value l_gelsd(cg_value self, const cg_args *a) {
    cg_dtype dt = DT_UNSET;
    int64_t m, n, nrhs;
    if (!int_arg(a, 3, &m, "gelsd") || !int_arg(a, 4, &n, "gelsd") || !int_arg(a, 5, &nrhs, "gelsd"))
        return CG_ERR;
    if (a->npos < 7 || a->pos[6].tag != CG_V_FLOAT)
        return cg_raise(&cg_exc_TypeError, "gelsd: rcond must be a float");
    int64_t ldb = m > n ? m : n;
    cg_tensor *ta = mat_arg(a, 0, &dt, m * n, "gelsd"), *tb = ta ? mat_arg(a, 1, &dt, ldb * nrhs, "gelsd") : NULL;
    cg_tensor *ts = tb ? mat_arg(a, 2, &dt, m < n ? m : n, "gelsd") : NULL;
    if (!ts)
        return CG_ERR;
    int64_t rank = 0;
    int info = cg_lapack_gelsd(dt, m, n, nrhs, cg_tensor_data(ta), cg_tensor_data(tb), cg_tensor_data(ts),
                               a->pos[6].u.f, &rank);
    if (info < 0)
        return torch_raise();
    cg_value i = cg_int(info), r = cg_int(rank);
    return cg_tuple_pack(2, i, r);
}

/* geev(a, wr, wi, vr, n, jobvr): vr is None for jobvr 'N'. */
static cg_value l_geev(cg_value self, const cg_args *a) {
    cg_dtype dt = DT_UNSET;
    int64_t n;
    char jobvr;
    if (!int_arg(a, 4, &n, "geev") || !char_arg(a, 5, &jobvr, "geev"))
        return CG_ERR;
    cg_tensor *ta = mat_arg(a, 0, &dt, n * n, "geev"), *wr = ta ? mat_arg(a, 1, &dt, n, "geev") : NULL;
    cg_tensor *wi = wr ? mat_arg(a, 2, &dt, n, "geev") : NULL;
    if (!wi)
        return CG_ERR;
    void *vr = NULL;
    if (jobvr == 'V') {
        cg_tensor *tv = mat_arg(a, 3, &dt, n * n, "geev");
        if (!tv)
            return CG_ERR;
        vr = cg_tensor_data(tv);
    }
    return info_value(
        cg_lapack_geev(dt, jobvr, n, cg_tensor_data(ta), cg_tensor_data(wr), cg_tensor_data(wi), vr));
}

/* dot(x, y, n): BLAS's dot of two contiguous vectors, as numpy's dot of
 * 1-d float arrays calls it (so norms and dots have numpy's bits). */
static cg_value l_dot(cg_value self, const cg_args *a) {
    cg_dtype dt = DT_UNSET;
    int64_t n;
    if (!int_arg(a, 2, &n, "dot"))
        return CG_ERR;
    cg_tensor *x = mat_arg(a, 0, &dt, n, "dot"), *y = x ? mat_arg(a, 1, &dt, n, "dot") : NULL;
    if (!y)
        return CG_ERR;
    if (n > INT32_MAX)
        return cg_raise(&cg_exc_ValueError, "dot: vectors too long for BLAS");
    if (dt == CG_F64)
        return cg_float(cblas_ddot((blasint)n, cg_tensor_data(x), 1, cg_tensor_data(y), 1));
    return cg_float((double)cblas_sdot((blasint)n, cg_tensor_data(x), 1, cg_tensor_data(y), 1));
}

static const cg_method_def lapack_defs[] = {
    {"dot", l_dot, NULL, "dot(x, y, n): BLAS's dot of two vectors."},
    {"gesv", l_gesv, NULL, "gesv(a, b, n, nrhs): A X = B in place; LAPACK's info."},
    {"getrf", l_getrf, NULL, "getrf(a, ipiv, m, n): LU in place; LAPACK's info."},
    {"syevd", l_syevd, NULL, "syevd(a, w, n, jobz, uplo): symmetric eigendecomposition; LAPACK's info."},
    {"gesdd", l_gesdd, NULL, "gesdd(a, s, u, vt, m, n, jobz): singular values (and vectors); LAPACK's info."},
    {"geqrf", l_geqrf, NULL, "geqrf(a, tau, m, n): QR in place; LAPACK's info."},
    {"orgqr", l_orgqr, NULL, "orgqr(a, tau, m, n, k): Q from geqrf's reflectors; LAPACK's info."},
    {"potrf", l_potrf, NULL, "potrf(a, n, uplo): Cholesky in place; LAPACK's info."},
    {"gelsd", l_gelsd, NULL, "gelsd(a, b, s, m, n, nrhs, rcond): least squares; (info, rank)."},
    {"geev", l_geev, NULL, "geev(a, wr, wi, vr, n, jobvr): general eigendecomposition; LAPACK's info."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_numpy_lapack_module_init(void) { return cg_module_of("numpy._lapack", lapack_defs); }
