/* lapack.c: the LAPACK calls of lapack.h over OpenBLAS's Fortran
 * interface. Each pair of d/s routines is called through one function per
 * factorisation; a workspace query (lwork = -1) sizes the work arrays as
 * numpy's umath_linalg does. */
#include "lapack.h"

#include <limits.h>
#include <stdlib.h>

#include "error.h"

typedef int lp_int; /* LAPACK's INTEGER (32 bits in Debian's OpenBLAS) */

/* The Fortran symbols of OpenBLAS's LAPACK, declared here: Debian ships no
 * LAPACKE header with the library we link. */
void dgesv_(const lp_int *n, const lp_int *nrhs, double *a, const lp_int *lda, lp_int *ipiv, double *b,
            const lp_int *ldb, lp_int *info);
void sgesv_(const lp_int *n, const lp_int *nrhs, float *a, const lp_int *lda, lp_int *ipiv, float *b,
            const lp_int *ldb, lp_int *info);
void dgetrf_(const lp_int *m, const lp_int *n, double *a, const lp_int *lda, lp_int *ipiv, lp_int *info);
void sgetrf_(const lp_int *m, const lp_int *n, float *a, const lp_int *lda, lp_int *ipiv, lp_int *info);
void dgetrs_(const char *trans, const lp_int *n, const lp_int *nrhs, const double *a, const lp_int *lda,
             const lp_int *ipiv, double *b, const lp_int *ldb, lp_int *info);
void sgetrs_(const char *trans, const lp_int *n, const lp_int *nrhs, const float *a, const lp_int *lda,
             const lp_int *ipiv, float *b, const lp_int *ldb, lp_int *info);
void dsyevd_(const char *jobz, const char *uplo, const lp_int *n, double *a, const lp_int *lda, double *w,
             double *work, const lp_int *lwork, lp_int *iwork, const lp_int *liwork, lp_int *info);
void ssyevd_(const char *jobz, const char *uplo, const lp_int *n, float *a, const lp_int *lda, float *w,
             float *work, const lp_int *lwork, lp_int *iwork, const lp_int *liwork, lp_int *info);
void dgesdd_(const char *jobz, const lp_int *m, const lp_int *n, double *a, const lp_int *lda, double *s,
             double *u, const lp_int *ldu, double *vt, const lp_int *ldvt, double *work, const lp_int *lwork,
             lp_int *iwork, lp_int *info);
void sgesdd_(const char *jobz, const lp_int *m, const lp_int *n, float *a, const lp_int *lda, float *s, float *u,
             const lp_int *ldu, float *vt, const lp_int *ldvt, float *work, const lp_int *lwork, lp_int *iwork,
             lp_int *info);
void dgeqrf_(const lp_int *m, const lp_int *n, double *a, const lp_int *lda, double *tau, double *work,
             const lp_int *lwork, lp_int *info);
void sgeqrf_(const lp_int *m, const lp_int *n, float *a, const lp_int *lda, float *tau, float *work,
             const lp_int *lwork, lp_int *info);
void dorgqr_(const lp_int *m, const lp_int *n, const lp_int *k, double *a, const lp_int *lda, const double *tau,
             double *work, const lp_int *lwork, lp_int *info);
void sorgqr_(const lp_int *m, const lp_int *n, const lp_int *k, float *a, const lp_int *lda, const float *tau,
             float *work, const lp_int *lwork, lp_int *info);
void dpotrf_(const char *uplo, const lp_int *n, double *a, const lp_int *lda, lp_int *info);
void spotrf_(const char *uplo, const lp_int *n, float *a, const lp_int *lda, lp_int *info);
void dpotrs_(const char *uplo, const lp_int *n, const lp_int *nrhs, const double *a, const lp_int *lda, double *b,
             const lp_int *ldb, lp_int *info);
void spotrs_(const char *uplo, const lp_int *n, const lp_int *nrhs, const float *a, const lp_int *lda, float *b,
             const lp_int *ldb, lp_int *info);
void dpotri_(const char *uplo, const lp_int *n, double *a, const lp_int *lda, lp_int *info);
void spotri_(const char *uplo, const lp_int *n, float *a, const lp_int *lda, lp_int *info);
void dgelsd_(const lp_int *m, const lp_int *n, const lp_int *nrhs, double *a, const lp_int *lda, double *b,
             const lp_int *ldb, double *s, const double *rcond, lp_int *rank, double *work, const lp_int *lwork,
             lp_int *iwork, lp_int *info);
void sgelsd_(const lp_int *m, const lp_int *n, const lp_int *nrhs, float *a, const lp_int *lda, float *b,
             const lp_int *ldb, float *s, const float *rcond, lp_int *rank, float *work, const lp_int *lwork,
             lp_int *iwork, lp_int *info);
void dgeev_(const char *jobvl, const char *jobvr, const lp_int *n, double *a, const lp_int *lda, double *wr,
            double *wi, double *vl, const lp_int *ldvl, double *vr, const lp_int *ldvr, double *work,
            const lp_int *lwork, lp_int *info);
void sgeev_(const char *jobvl, const char *jobvr, const lp_int *n, float *a, const lp_int *lda, float *wr,
            float *wi, float *vl, const lp_int *ldvl, float *vr, const lp_int *ldvr, float *work, const lp_int *lwork,
            lp_int *info);

/* Sizes as LAPACK's ints; false (with the error) past them. */
static bool fits(int64_t a, int64_t b, int64_t c) {
    if (a < 0 || b < 0 || c < 0 || a > INT_MAX || b > INT_MAX || c > INT_MAX || (a && b > INT_MAX / (a ? a : 1))) {
        cg_error_set(CG_VALUE_ERROR, "cgrad: matrix too large for LAPACK's 32-bit sizes");
        return false;
    }
    return true;
}

static lp_int lead(int64_t rows) { return rows > 1 ? (lp_int)rows : 1; }

/* A work array of the size a query answered (its first element), at least
 * `least` elements of `size` bytes; NULL with the error when out of memory. */
static void *work_of(double answer, lp_int least, size_t size, lp_int *count) {
    double want = answer > least ? answer : least;
    if (want < 1)
        want = 1;
    if (want > INT_MAX) {
        cg_error_set(CG_MEMORY_ERROR, "cgrad: LAPACK workspace too large");
        return NULL;
    }
    *count = (lp_int)want;
    void *p = malloc((size_t)*count * size);
    if (!p)
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
    return p;
}

#define F64(dt) ((dt) == CG_F64)

int cg_lapack_gesv(cg_dtype dt, int64_t n, int64_t nrhs, void *a, void *b, int32_t *ipiv) {
    if (!fits(n, n, nrhs))
        return -1;
    lp_int N = (lp_int)n, R = (lp_int)nrhs, ld = lead(n), info = 0;
    if (F64(dt))
        dgesv_(&N, &R, a, &ld, ipiv, b, &ld, &info);
    else
        sgesv_(&N, &R, a, &ld, ipiv, b, &ld, &info);
    return info;
}

int cg_lapack_getrf(cg_dtype dt, int64_t m, int64_t n, void *a, int32_t *ipiv) {
    if (!fits(m, n, 1))
        return -1;
    lp_int M = (lp_int)m, N = (lp_int)n, ld = lead(m), info = 0;
    if (F64(dt))
        dgetrf_(&M, &N, a, &ld, ipiv, &info);
    else
        sgetrf_(&M, &N, a, &ld, ipiv, &info);
    return info;
}

int cg_lapack_getrs(cg_dtype dt, char trans, int64_t n, int64_t nrhs, const void *a, const int32_t *ipiv, void *b) {
    if (!fits(n, n, nrhs))
        return -1;
    lp_int N = (lp_int)n, R = (lp_int)nrhs, ld = lead(n), info = 0;
    if (F64(dt))
        dgetrs_(&trans, &N, &R, a, &ld, ipiv, b, &ld, &info);
    else
        sgetrs_(&trans, &N, &R, a, &ld, ipiv, b, &ld, &info);
    return info;
}

int cg_lapack_syevd(cg_dtype dt, char jobz, char uplo, int64_t n, void *a, void *w) {
    if (!fits(n, n, 1))
        return -1;
    lp_int N = (lp_int)n, ld = lead(n), info = 0, query = -1, iq = 0, lwork, liwork;
    double wq = 0;
    float sq = 0;
    if (F64(dt))
        dsyevd_(&jobz, &uplo, &N, a, &ld, w, &wq, &query, &iq, &query, &info);
    else
        ssyevd_(&jobz, &uplo, &N, a, &ld, w, &sq, &query, &iq, &query, &info);
    if (info)
        return info;
    size_t es = cg_dtype_size(dt);
    void *work = work_of(F64(dt) ? wq : sq, 1, es, &lwork);
    lp_int *iwork = work ? work_of(iq, 1, sizeof(lp_int), &liwork) : NULL;
    if (!iwork) {
        free(work);
        return -1;
    }
    if (F64(dt))
        dsyevd_(&jobz, &uplo, &N, a, &ld, w, work, &lwork, iwork, &liwork, &info);
    else
        ssyevd_(&jobz, &uplo, &N, a, &ld, w, work, &lwork, iwork, &liwork, &info);
    free(work);
    free(iwork);
    return info;
}

int cg_lapack_gesdd(cg_dtype dt, char jobz, int64_t m, int64_t n, void *a, void *s, void *u, void *vt) {
    if (!fits(m, n, 1))
        return -1;
    int64_t k = m < n ? m : n;
    lp_int M = (lp_int)m, N = (lp_int)n, ld = lead(m), info = 0, query = -1, lwork;
    lp_int ldu = lead(m), ldvt = lead(jobz == 'A' ? n : jobz == 'S' ? k : 1);
    double wq = 0;
    float sq = 0;
    lp_int *iwork = malloc((size_t)(8 * (k > 0 ? k : 1)) * sizeof(lp_int));
    if (!iwork) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
        return -1;
    }
    if (F64(dt))
        dgesdd_(&jobz, &M, &N, a, &ld, s, u, &ldu, vt, &ldvt, &wq, &query, iwork, &info);
    else
        sgesdd_(&jobz, &M, &N, a, &ld, s, u, &ldu, vt, &ldvt, &sq, &query, iwork, &info);
    void *work = info ? NULL : work_of(F64(dt) ? wq : sq, 1, cg_dtype_size(dt), &lwork);
    if (!info && !work) {
        free(iwork);
        return -1;
    }
    if (!info) {
        if (F64(dt))
            dgesdd_(&jobz, &M, &N, a, &ld, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, &info);
        else
            sgesdd_(&jobz, &M, &N, a, &ld, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, &info);
    }
    free(work);
    free(iwork);
    return info;
}

int cg_lapack_geqrf(cg_dtype dt, int64_t m, int64_t n, void *a, void *tau) {
    if (!fits(m, n, 1))
        return -1;
    lp_int M = (lp_int)m, N = (lp_int)n, ld = lead(m), info = 0, query = -1, lwork;
    double wq = 0;
    float sq = 0;
    if (F64(dt))
        dgeqrf_(&M, &N, a, &ld, tau, &wq, &query, &info);
    else
        sgeqrf_(&M, &N, a, &ld, tau, &sq, &query, &info);
    if (info)
        return info;
    void *work = work_of(F64(dt) ? wq : sq, N > 1 ? N : 1, cg_dtype_size(dt), &lwork);
    if (!work)
        return -1;
    if (F64(dt))
        dgeqrf_(&M, &N, a, &ld, tau, work, &lwork, &info);
    else
        sgeqrf_(&M, &N, a, &ld, tau, work, &lwork, &info);
    free(work);
    return info;
}

int cg_lapack_orgqr(cg_dtype dt, int64_t m, int64_t n, int64_t k, void *a, const void *tau) {
    if (!fits(m, n, k))
        return -1;
    lp_int M = (lp_int)m, N = (lp_int)n, K = (lp_int)k, ld = lead(m), info = 0, query = -1, lwork;
    double wq = 0;
    float sq = 0;
    if (F64(dt))
        dorgqr_(&M, &N, &K, a, &ld, tau, &wq, &query, &info);
    else
        sorgqr_(&M, &N, &K, a, &ld, tau, &sq, &query, &info);
    if (info)
        return info;
    void *work = work_of(F64(dt) ? wq : sq, N > 1 ? N : 1, cg_dtype_size(dt), &lwork);
    if (!work)
        return -1;
    if (F64(dt))
        dorgqr_(&M, &N, &K, a, &ld, tau, work, &lwork, &info);
    else
        sorgqr_(&M, &N, &K, a, &ld, tau, work, &lwork, &info);
    free(work);
    return info;
}

int cg_lapack_potrf(cg_dtype dt, char uplo, int64_t n, void *a) {
    if (!fits(n, n, 1))
        return -1;
    lp_int N = (lp_int)n, ld = lead(n), info = 0;
    if (F64(dt))
        dpotrf_(&uplo, &N, a, &ld, &info);
    else
        spotrf_(&uplo, &N, a, &ld, &info);
    return info;
}

int cg_lapack_potrs(cg_dtype dt, char uplo, int64_t n, int64_t nrhs, const void *a, void *b) {
    if (!fits(n, n, 1) || !fits(n, nrhs, 1))
        return -1;
    lp_int N = (lp_int)n, R = (lp_int)nrhs, ld = lead(n), info = 0;
    if (F64(dt))
        dpotrs_(&uplo, &N, &R, a, &ld, b, &ld, &info);
    else
        spotrs_(&uplo, &N, &R, a, &ld, b, &ld, &info);
    return info;
}

int cg_lapack_potri(cg_dtype dt, char uplo, int64_t n, void *a) {
    if (!fits(n, n, 1))
        return -1;
    lp_int N = (lp_int)n, ld = lead(n), info = 0;
    if (F64(dt))
        dpotri_(&uplo, &N, a, &ld, &info);
    else
        spotri_(&uplo, &N, a, &ld, &info);
    return info;
}

int cg_lapack_gelsd(cg_dtype dt, int64_t m, int64_t n, int64_t nrhs, void *a, void *b, void *s, double rcond,
                    int64_t *rank) {
    if (!fits(m, n, nrhs))
        return -1;
    lp_int M = (lp_int)m, N = (lp_int)n, R = (lp_int)nrhs, lda = lead(m), ldb = lead(m > n ? m : n);
    lp_int info = 0, query = -1, lwork, liwork, iq = 0, r = 0;
    double wq = 0;
    float sq = 0, rc32 = (float)rcond;
    if (F64(dt))
        dgelsd_(&M, &N, &R, a, &lda, b, &ldb, s, &rcond, &r, &wq, &query, &iq, &info);
    else
        sgelsd_(&M, &N, &R, a, &lda, b, &ldb, s, &rc32, &r, &sq, &query, &iq, &info);
    if (info)
        return info;
    void *work = work_of(F64(dt) ? wq : sq, 1, cg_dtype_size(dt), &lwork);
    lp_int *iwork = work ? work_of(iq, 1, sizeof(lp_int), &liwork) : NULL;
    if (!iwork) {
        free(work);
        return -1;
    }
    if (F64(dt))
        dgelsd_(&M, &N, &R, a, &lda, b, &ldb, s, &rcond, &r, work, &lwork, iwork, &info);
    else
        sgelsd_(&M, &N, &R, a, &lda, b, &ldb, s, &rc32, &r, work, &lwork, iwork, &info);
    free(work);
    free(iwork);
    *rank = r;
    return info;
}

int cg_lapack_geev(cg_dtype dt, char jobvr, int64_t n, void *a, void *wr, void *wi, void *vr) {
    if (!fits(n, n, 1))
        return -1;
    lp_int N = (lp_int)n, ld = lead(n), ldvl = 1, ldvr = lead(jobvr == 'V' ? n : 1), info = 0, query = -1, lwork;
    char jobvl = 'N';
    double wq = 0, dl = 0;
    float sq = 0, fl = 0;
    if (F64(dt))
        dgeev_(&jobvl, &jobvr, &N, a, &ld, wr, wi, &dl, &ldvl, vr, &ldvr, &wq, &query, &info);
    else
        sgeev_(&jobvl, &jobvr, &N, a, &ld, wr, wi, &fl, &ldvl, vr, &ldvr, &sq, &query, &info);
    if (info)
        return info;
    void *work = work_of(F64(dt) ? wq : sq, 1, cg_dtype_size(dt), &lwork);
    if (!work)
        return -1;
    if (F64(dt))
        dgeev_(&jobvl, &jobvr, &N, a, &ld, wr, wi, &dl, &ldvl, vr, &ldvr, work, &lwork, &info);
    else
        sgeev_(&jobvl, &jobvr, &N, a, &ld, wr, wi, &fl, &ldvl, vr, &ldvr, work, &lwork, &info);
    free(work);
    return info;
}
