/* product_paths.c: bmm's and baddbmm's loops for small matrices, mv by gemv and dot by
 * BLAS dot, as PyTorch 1.13's CPU kernels compute them, so that their bits
 * are PyTorch's (Note [Products in PyTorch's order] in ops_linalg.c). Not
 * here: the gemm path every other product takes (ops_linalg.c). */
#include "product_paths.h"

#include <cblas.h>

/* PyTorch's bmm loop: each element a sum over k in k's order, in the dtype,
 * plain multiplies and adds (the loop is not in a vectorised kernel). Eight
 * of a row's sums run side by side, each in that order, in registers. */
#define BMM_SMALL(name, T)                                                                              \
    /* acc[0..w) += sums over k of a[k * sa] * b[k * sb + l * sl] */                                     \
    static inline void name##_row(T *acc, int w, const T *a, int64_t sa, const T *b, int64_t sb,        \
                                  int64_t sl, int64_t kn) {                                             \
        if (w == 8 && sl == 1) {                                                                        \
            for (int64_t k = 0; k < kn; k++)                                                            \
                for (int l = 0; l < 8; l++)                                                             \
                    acc[l] += a[k * sa] * b[k * sb + l];                                                \
        } else {                                                                                        \
            for (int64_t k = 0; k < kn; k++)                                                            \
                for (int l = 0; l < w; l++)                                                             \
                    acc[l] += a[k * sa] * b[k * sb + l * sl];                                           \
        }                                                                                               \
    }                                                                                                   \
    static void name(const cg_mat3 *a, const cg_mat3 *b, const cg_mat3 *c) {                            \
        for (int64_t bi = 0; bi < c->batch; bi++) {                                                     \
            const T *pa = (const T *)a->p + bi * a->sb, *pb = (const T *)b->p + bi * b->sb;             \
            T *pc = (T *)c->p + bi * c->sb;                                                             \
            for (int64_t i = 0; i < a->rows; i++)                                                       \
                for (int64_t j0 = 0; j0 < b->cols; j0 += 8) {                                           \
                    int w = b->cols - j0 < 8 ? (int)(b->cols - j0) : 8;                                 \
                    T acc[8] = {0};                                                                     \
                    name##_row(acc, w, pa + i * a->sr, a->sc, pb + j0 * b->sc, b->sr, b->sc, a->cols);  \
                    for (int l = 0; l < w; l++)                                                         \
                        pc[i * c->sr + (j0 + l) * c->sc] = acc[l];                                      \
                }                                                                                       \
        }                                                                                               \
    }
BMM_SMALL(bmm_small_f32, float)
BMM_SMALL(bmm_small_f64, double)

bool cg_bmm_small(cg_dtype dt, const cg_mat3 *a, const cg_mat3 *b, const cg_mat3 *c) {
    if ((dt != CG_F32 && dt != CG_F64) || a->cols * a->rows * b->cols >= 400)
        return false;
    if (dt == CG_F32)
        bmm_small_f32(a, b, c);
    else
        bmm_small_f64(a, b, c);
    return true;
}

/* PyTorch's baddbmm loop for the same small products: each element starts
 * from beta times its addend (already in c; zero when beta is 0, so that
 * NaN addends are ignored) and adds alpha * a * b term by term in k's
 * order, in the dtype. */
#define BADDBMM_SMALL(name, T)                                                                       \
    static void name(const cg_mat3 *a, const cg_mat3 *b, const cg_mat3 *c, T alpha, T beta) {       \
        for (int64_t bi = 0; bi < c->batch; bi++) {                                                  \
            const T *pa = (const T *)a->p + bi * a->sb, *pb = (const T *)b->p + bi * b->sb;          \
            T *pc = (T *)c->p + bi * c->sb;                                                          \
            for (int64_t i = 0; i < a->rows; i++)                                                    \
                for (int64_t j = 0; j < b->cols; j++) {                                              \
                    T r = beta == 0 ? (T)0 : pc[i * c->sr + j * c->sc] * beta;                       \
                    for (int64_t k = 0; k < a->cols; k++)                                            \
                        r += alpha * pa[i * a->sr + k * a->sc] * pb[k * b->sr + j * b->sc];          \
                    pc[i * c->sr + j * c->sc] = r;                                                   \
                }                                                                                    \
        }                                                                                            \
    }
BADDBMM_SMALL(baddbmm_small_f32, float)
BADDBMM_SMALL(baddbmm_small_f64, double)

bool cg_baddbmm_small(cg_dtype dt, const cg_mat3 *a, const cg_mat3 *b, const cg_mat3 *c, double alpha, double beta) {
    if ((dt != CG_F32 && dt != CG_F64) || a->cols * a->rows * b->cols >= 400)
        return false;
    if (dt == CG_F32)
        baddbmm_small_f32(a, b, c, (float)alpha, (float)beta);
    else
        baddbmm_small_f64(a, b, c, alpha, beta);
    return true;
}

/* PyTorch's gemv without BLAS (a vector of stride 0): y[i] = sum over j of
 * x[j] * a[i,j] in j's order, in the dtype, whichever way a is laid out. */
#define GEMV_PLAIN(name, T)                                                                       \
    static void name(const cg_mat3 *a, const T *x, int64_t incx, T *y) {                          \
        const T *pa = (const T *)a->p;                                                            \
        for (int64_t i = 0; i < a->rows; i++) {                                                   \
            T acc = 0;                                                                            \
            for (int64_t j = 0; j < a->cols; j++)                                                 \
                acc += x[j * incx] * pa[i * a->sr + j * a->sc];                                   \
            y[i] = acc;                                                                           \
        }                                                                                         \
    }
GEMV_PLAIN(gemv_plain_f32, float)
GEMV_PLAIN(gemv_plain_f64, double)

/* PyTorch's test that a leading dimension suits BLAS (lda_cond) */
static bool lda_ok(int64_t m, int64_t n, int64_t lda) { return n == 1 || lda >= (m > 1 ? m : 1); }

/* One gemv in BLAS's column-major terms: y = A x with A m x n (or its
 * transpose), as PyTorch's gemv, which takes lda = m for a single column. */
static void gemv_call(cg_dtype dt, bool trans, int64_t m, int64_t n, const void *a, int64_t lda, const void *x,
                      int64_t incx, double alpha, double beta, void *y) {
    if (n == 1)
        lda = m;
    enum CBLAS_TRANSPOSE t = trans ? CblasTrans : CblasNoTrans;
    if (dt == CG_F32)
        cblas_sgemv(CblasColMajor, t, (blasint)m, (blasint)n, (float)alpha, a, (blasint)lda, x, (blasint)incx,
                    (float)beta, y, 1);
    else
        cblas_dgemv(CblasColMajor, t, (blasint)m, (blasint)n, alpha, a, (blasint)lda, x, (blasint)incx, beta, y, 1);
}

bool cg_mv_layout_ok(const cg_tensor *mat) {
    cg_mat3 a = cg_mat3_of(mat, false);
    return (a.sr == 1 && lda_ok(a.rows, a.cols, a.sc)) || (a.sc == 1 && lda_ok(a.cols, a.rows, a.sr));
}

void cg_addmv_blas(const cg_tensor *mat, const cg_tensor *vec, cg_tensor *out, double alpha, double beta) {
    cg_mat3 a = cg_mat3_of(mat, false);
    cg_dtype dt = out->dtype;
    const void *x = cg_tensor_data(vec);
    int64_t incx = vec->strides[0];
    if (a.cols == 1)
        incx = 1; /* one element: any stride reads it, and BLAS wants a positive one */
    if (incx == 0) { /* the caller's plain path; addmv passes a vector with a stride */
        if (dt == CG_F32)
            gemv_plain_f32(&a, x, 0, cg_tensor_data(out));
        else
            gemv_plain_f64(&a, x, 0, cg_tensor_data(out));
        return;
    }
    if (a.sr == 1 && lda_ok(a.rows, a.cols, a.sc))
        gemv_call(dt, false, a.rows, a.cols, a.p, a.sc, x, incx, alpha, beta, cg_tensor_data(out));
    else
        gemv_call(dt, true, a.cols, a.rows, a.p, a.sr, x, incx, alpha, beta, cg_tensor_data(out));
}

void cg_mv_blas(const cg_tensor *mat, const cg_tensor *vec, cg_tensor *out) { cg_addmv_blas(mat, vec, out, 1.0, 0.0); }

void cg_dot_blas(const cg_tensor *x, const cg_tensor *y, cg_tensor *out) {
    int64_t n = x->sizes[0], incx = n == 1 ? 1 : x->strides[0], incy = n == 1 ? 1 : y->strides[0];
    if (out->dtype == CG_F32)
        *(float *)cg_tensor_data(out) =
            cblas_sdot((blasint)n, cg_tensor_data(x), (blasint)incx, cg_tensor_data(y), (blasint)incy);
    else
        *(double *)cg_tensor_data(out) =
            cblas_ddot((blasint)n, cg_tensor_data(x), (blasint)incx, cg_tensor_data(y), (blasint)incy);
}
