/* ops_linalg.c: matrix products (mm, bmm, addmm, mv, dot) with their
 * kernels and derivatives, and the composites PyTorch builds from them
 * (matmul, linear, outer).
 *
 * Products run through one kernel: C = alpha * A @ B + beta * C over a
 * batch, where a 1-d left operand is a row, a 1-d right operand a column;
 * bmm of small matrices, mv and dot of floats take PyTorch's own paths
 * (product_paths.h).
 * Float dtypes call cblas_sgemm/dgemm, with a transposed operand passed as
 * CblasTrans rather than copied (see Note [BLAS layouts] in blas_layout.h),
 * as PyTorch calls it (Note [Products in PyTorch's order]); integer dtypes
 * run a plain loop, as PyTorch allows them on the CPU. Not here: batched
 * linear algebra beyond products (solve, inverse, decompositions). */
#include <cblas.h>
#include <stdlib.h>
#include <string.h>

#include "blas_layout.h"
#include "ew.h"
#include "long_op.h"
#include "ops.h"
#include "product_paths.h"

/* ---- layouts ------------------------------------------------------------------------ */

/* Operands as matrices and their BLAS layouts (cg_mat3_of, cg_blas_layout_of)
 * are blas_layout.h's, shared with CUDA; see Note [BLAS layouts] there. */
static bool blas_ready(const cg_tensor *t, bool right) {
    cg_mat3 m = cg_mat3_of(t, right);
    return cg_blas_layout_of(m.rows, m.cols, m.sr, m.sc).ok;
}

/* ---- the product kernel ---------------------------------------------------------------- */

/* c[i,j] = alpha * sum_k a[i,k] * b[k,j] + beta * c[i,j], computed in
 * uint64 so that overflow wraps as PyTorch's integers do (no UB). */
#define INT_GEMM(name, T)                                                                              \
    static void name(const cg_mat3 *a, const cg_mat3 *b, const cg_mat3 *c, int64_t bi, uint64_t alpha, \
                     uint64_t beta) {                                                                  \
        const T *pa = (const T *)a->p + bi * a->sb, *pb = (const T *)b->p + bi * b->sb;                \
        T *pc = (T *)c->p + bi * c->sb;                                                                \
        for (int64_t i = 0; i < a->rows; i++)                                                          \
            for (int64_t j = 0; j < b->cols; j++) {                                                    \
                uint64_t acc = 0;                                                                      \
                for (int64_t k = 0; k < a->cols; k++)                                                  \
                    acc += (uint64_t)pa[i * a->sr + k * a->sc] * (uint64_t)pb[k * b->sr + j * b->sc];  \
                T *o = pc + i * c->sr + j * c->sc;                                                     \
                *o = (T)(alpha * acc + (beta ? beta * (uint64_t)*o : 0));                              \
            }                                                                                          \
    }
CG_EXPAND_INT(INT_GEMM, gemm)
typedef void (*int_gemm_fn)(const cg_mat3 *, const cg_mat3 *, const cg_mat3 *, int64_t, uint64_t, uint64_t);
static const int_gemm_fn int_gemms[CG_DTYPE_COUNT] = {CG_ROWS_INT(gemm)};

/* Note [Products in PyTorch's order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's CPU products (addmm_impl_cpu_) make one BLAS call, and cgrad
 * makes the same one against the same OpenBLAS, so that a product's bits
 * are PyTorch's. What decides OpenBLAS's bits is which of the result's
 * dims it is told are m and n (its blocking sums the k products in other
 * groupings); the transpose flags, leading dims and copies of operands do
 * not. PyTorch passes the column-major view of its row-major result: m is
 * the result's column count, n its row count (the operands swapped), except
 * for a one-column result, which it passes as m rows and n = 1. Below, the
 * first case is cblas's row-major call (which is that swap), the second a
 * column-major call. The derivatives follow PyTorch's too (bw_products).
 * Splitting a product into pieces, or choosing other OpenBLAS kernels
 * than PyTorch's process gets (OPENBLAS_CORETYPE), would change the sums:
 * cgrad does neither unless the user sets OPENBLAS_CORETYPE, which then
 * applies to PyTorch run with it alike. bmm, mv and dot are not gemms in
 * PyTorch everywhere: bmm sums small matrices in a loop of its own, mv
 * calls gemv and dot BLAS dot (product_paths.c), and so does cgrad. */
/* products this large let the host's lock go (long_op.h) */
#define LONG_OP_MNK 262144.0

/* The float and complex path: one BLAS call per batch entry, layouts from
 * the strides; complex64/complex128 by cgemm/zgemm, whose alpha and beta
 * are complex. */
static void gemm_blas(cg_dtype dt, const cg_mat3 *a, const cg_mat3 *b, const cg_mat3 *c, int64_t bi, cg_scalar salpha,
                      cg_scalar sbeta) {
    double alpha = cg_scalar_to_double(salpha), beta = cg_scalar_to_double(sbeta);
    cg_blas_layout la = cg_blas_layout_of(a->rows, a->cols, a->sr, a->sc);
    cg_blas_layout lb = cg_blas_layout_of(b->rows, b->cols, b->sr, b->sc);
    blasint m = (blasint)a->rows, n = (blasint)b->cols, k = (blasint)a->cols;
    blasint lda = (blasint)la.ld, ldb = (blasint)lb.ld;
    /* one column: column-major, where a row-major layout is the other flag */
    bool column = n == 1;
    enum CBLAS_ORDER order = column ? CblasColMajor : CblasRowMajor;
    enum CBLAS_TRANSPOSE ta = la.trans != column ? CblasTrans : CblasNoTrans;
    enum CBLAS_TRANSPOSE tb = lb.trans != column ? CblasTrans : CblasNoTrans;
    blasint ldc = column ? (m > 1 ? m : 1) : n; /* c is contiguous */
    if (dt == CG_F32) {
        const float *pa = (const float *)a->p + bi * a->sb, *pb = (const float *)b->p + bi * b->sb;
        float *pc = (float *)c->p + bi * c->sb;
        cblas_sgemm(order, ta, tb, m, n, k, (float)alpha, pa, lda, pb, ldb, (float)beta, pc, ldc);
    } else if (dt == CG_C64) {
        const float al[2] = {(float)alpha, (float)cg_scalar_imag(salpha)}, be[2] = {(float)beta, (float)cg_scalar_imag(sbeta)};
        const float *pa = (const float *)a->p + 2 * bi * a->sb, *pb = (const float *)b->p + 2 * bi * b->sb;
        float *pc = (float *)c->p + 2 * bi * c->sb;
        cblas_cgemm(order, ta, tb, m, n, k, al, pa, lda, pb, ldb, be, pc, ldc);
    } else if (dt == CG_C128) {
        const double al[2] = {alpha, cg_scalar_imag(salpha)}, be[2] = {beta, cg_scalar_imag(sbeta)};
        const double *pa = (const double *)a->p + 2 * bi * a->sb, *pb = (const double *)b->p + 2 * bi * b->sb;
        double *pc = (double *)c->p + 2 * bi * c->sb;
        cblas_zgemm(order, ta, tb, m, n, k, al, pa, lda, pb, ldb, be, pc, ldc);
    } else {
        const double *pa = (const double *)a->p + bi * a->sb, *pb = (const double *)b->p + bi * b->sb;
        double *pc = (double *)c->p + bi * c->sb;
        cblas_dgemm(order, ta, tb, m, n, k, alpha, pa, lda, pb, ldb, beta, pc, ldc);
    }
}

/* An empty sum (k == 0): c = beta * c, and zeros when beta is 0. */
#define SCALE_ROW(name, T)                                      \
    static void name(char *p, int64_t n, double beta) {         \
        T *c = (T *)p;                                          \
        for (int64_t i = 0; i < n; i++)                         \
            c[i] = beta == 0 ? (T)0 : (T)(beta * (double)c[i]); \
    }
CG_EXPAND_NUMERIC(SCALE_ROW, scale)

static void scale_out(cg_tensor *out, double beta) {
    int64_t n = cg_tensor_numel(out);
    char *p = cg_tensor_data(out);
    static void (*const scales[CG_DTYPE_COUNT])(char *, int64_t, double) = {CG_ROWS_NUMERIC(scale)};
    cg_dtype dt = cg_dtype_real_part(out->dtype); /* a complex one as its parts (a real beta) */
    if (scales[dt])
        scales[dt](p, cg_dtype_is_complex(out->dtype) ? 2 * n : n, beta);
}

/* in[0]: A, [m,k] or [b,m,k] or [k] (a row); in[1]: B, [k,n] or [b,k,n] or
 * [k] (a column); out: C, contiguous, [m,n] / [b,m,n] / [m] / [], already
 * holding beta's addend when args->s[0] (beta) is non-zero. args->s[1] is
 * alpha; no args: alpha 1, beta 0. A and B are BLAS-ready for float dtypes
 * (Note [BLAS layouts]). */
static void cpu_product(const cg_kernel_call *call) {
    cg_mat3 a = cg_mat3_of(call->in[0], false), b = cg_mat3_of(call->in[1], true), c = cg_mat3_of(call->out[0], true);
    cg_scalar sbeta = call->args ? call->args->s[0] : cg_scalar_int(0);
    cg_scalar salpha = call->args ? call->args->s[1] : cg_scalar_int(1);
    if (c.batch == 0 || a.rows == 0 || b.cols == 0)
        return;
    if (a.cols == 0) {
        scale_out(call->out[0], cg_scalar_to_double(sbeta));
        return;
    }
    cg_dtype dt = call->out[0]->dtype;
    /* past a 64x64x64 product, other threads may run Python meanwhile */
    bool long_op = (double)c.batch * (double)a.rows * (double)a.cols * (double)b.cols >= LONG_OP_MNK;
    void *token = long_op ? cg_long_op_begin() : NULL;
    for (int64_t bi = 0; bi < c.batch; bi++) {
        if (dt == CG_F32 || dt == CG_F64 || cg_dtype_is_complex(dt))
            gemm_blas(dt, &a, &b, &c, bi, salpha, sbeta);
        else
            int_gemms[dt](&a, &b, &c, bi, (uint64_t)cg_scalar_to_int(salpha), (uint64_t)cg_scalar_to_int(sbeta));
    }
    if (long_op)
        cg_long_op_end(token);
}

void cg_cpu_mm(const cg_kernel_call *c) { cpu_product(c); }
void cg_cpu_addmm(const cg_kernel_call *c) { cpu_product(c); }

/* bmm, mv and dot of floats take PyTorch's own paths (product_paths.h):
 * bmm's loop for small matrices, gemv, BLAS dot. */
void cg_cpu_bmm(const cg_kernel_call *c) {
    cg_mat3 a = cg_mat3_of(c->in[0], false), b = cg_mat3_of(c->in[1], true), o = cg_mat3_of(c->out[0], true);
    if (a.cols == 0 || !cg_bmm_small(c->out[0]->dtype, &a, &b, &o))
        cpu_product(c);
}
void cg_cpu_baddbmm(const cg_kernel_call *c) {
    cg_mat3 a = cg_mat3_of(c->in[0], false), b = cg_mat3_of(c->in[1], true), o = cg_mat3_of(c->out[0], true);
    double beta = cg_scalar_to_double(c->args->s[0]), alpha = cg_scalar_to_double(c->args->s[1]);
    if (a.cols == 0 || !cg_baddbmm_small(c->out[0]->dtype, &a, &b, &o, alpha, beta))
        cpu_product(c);
}
void cg_cpu_mv(const cg_kernel_call *c) {
    if (!cg_dtype_is_float(c->out[0]->dtype) || c->in[0]->sizes[1] == 0 || c->out[0]->sizes[0] == 0)
        cpu_product(c);
    else
        cg_mv_blas(c->in[0], c->in[1], c->out[0]);
}
void cg_cpu_dot(const cg_kernel_call *c) {
    if (cg_dtype_is_float(c->out[0]->dtype))
        cg_dot_blas(c->in[0], c->in[1], c->out[0]);
    else
        cpu_product(c);
}

/* ---- the frontend every product shares ------------------------------------------------------ */

/* PyTorch's dtype checks of mm, bmm and mv ("expected scalar type ...")
 * and its refusal of bool, named after the kernel that refuses it. */
static int check_dtypes(const cg_tensor *a, const cg_tensor *b, const char *kernel) {
    CG_CHECK_INT(a->dtype == b->dtype, CG_RUNTIME_ERROR, "expected scalar type %s but found %s", cg_dtype_legacy_name(a->dtype),
                 cg_dtype_legacy_name(b->dtype));
    CG_CHECK_INT(a->dtype != CG_BOOL, CG_RUNTIME_ERROR, "\"%s\" not implemented for 'Bool'", kernel);
    return 0;
}

/* t itself when its layout suits BLAS, else a contiguous copy that is not
 * recorded (the op records itself on its inputs). Vectors (mv's and dot's)
 * go as they are: their kernels take any stride, as PyTorch's do. */
static cg_tensor *ready(cg_tensor *t, bool right) {
    if (t->ndim == 1 || blas_ready(t, right))
        return cg_tensor_retain(t);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *c = cg_clone(t);
    cg_grad_set_enabled(was);
    return c;
}

/* Copies `init` (broadcast to out's shape) into out without a version bump:
 * out is new, and the copy is part of computing it. */
static int fill_from(cg_tensor *out, cg_tensor *init) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *e = cg_expand(init, out->ndim, out->sizes);
    cg_grad_set_enabled(was);
    if (!e)
        return -1;
    cg_ew_iter it;
    cg_ew_iter_init(&it, out, 1, &e);
    cg_kernel_call call = {.op = CG_OP_COPY, .nout = 1, .nin = 1, .out = {out}, .in = {e}, .it = &it};
    int rc = cg_op_run(&call);
    cg_tensor_release(e);
    return rc;
}

/* Runs product op a @ b into a new tensor of the given sizes (checked by
 * the caller), starting from init when args' beta is non-zero, and records
 * it with the tensors in save. */
static cg_tensor *product(cg_op op, cg_tensor *a, cg_tensor *b, cg_tensor *init, int ndim, const int64_t *sizes,
                          const cg_op_args *args, int nin, cg_tensor *const *in, const cg_save_spec *save) {
    if (cg_check_same_device(nin, in) < 0)
        return NULL;
    cg_tensor *out = cg_tensor_empty(ndim, sizes, a->dtype, cg_tensor_device(a));
    cg_tensor *ra = out ? ready(a, false) : NULL, *rb = ra ? ready(b, true) : NULL;
    int rc = rb ? 0 : -1;
    if (rc == 0 && init && cg_scalar_to_double(args->s[0]) != 0)
        rc = fill_from(out, init);
    if (rc == 0) {
        cg_kernel_call call = {.op = op, .nout = 1, .nin = 2, .out = {out}, .in = {ra, rb}, .args = args};
        rc = cg_op_run(&call);
    }
    cg_tensor_release(ra), cg_tensor_release(rb);
    if (rc < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return cg_ew_record(out, op, nin, in, 2, save, args);
}

/* ---- mm / bmm / addmm ------------------------------------------------------------------------- */

static int check_mm_shapes(const cg_tensor *a, const cg_tensor *b) {
    CG_CHECK_INT(a->sizes[1] == b->sizes[0], CG_RUNTIME_ERROR,
                 "mat1 and mat2 shapes cannot be multiplied (%lldx%lld and %lldx%lld)", (long long)a->sizes[0],
                 (long long)a->sizes[1], (long long)b->sizes[0], (long long)b->sizes[1]);
    return 0;
}

cg_tensor *cg_mm(cg_tensor *self, cg_tensor *mat2) {
    CG_CHECK(self->ndim == 2, CG_RUNTIME_ERROR, "self must be a matrix");
    CG_CHECK(mat2->ndim == 2, CG_RUNTIME_ERROR, "mat2 must be a matrix");
    if (check_mm_shapes(self, mat2) < 0 || check_dtypes(self, mat2, "addmm_impl_cpu_") < 0)
        return NULL;
    int64_t sizes[] = {self->sizes[0], mat2->sizes[1]};
    cg_save_spec save[] = {{self, "self"}, {mat2, "mat2"}};
    return product(CG_OP_MM, self, mat2, NULL, 2, sizes, NULL, 2, (cg_tensor *[]){self, mat2}, save);
}

cg_tensor *cg_bmm(cg_tensor *self, cg_tensor *mat2) {
    CG_CHECK(self->ndim == 3, CG_RUNTIME_ERROR, "batch1 must be a 3D tensor");
    CG_CHECK(mat2->ndim == 3, CG_RUNTIME_ERROR, "batch2 must be a 3D tensor");
    int64_t bs = self->sizes[0], k = self->sizes[2];
    CG_CHECK(mat2->sizes[0] == bs && mat2->sizes[1] == k, CG_RUNTIME_ERROR,
             "Expected size for first two dimensions of batch2 tensor to be: [%lld, %lld] but got: [%lld, %lld].",
             (long long)bs, (long long)k, (long long)mat2->sizes[0], (long long)mat2->sizes[1]);
    if (check_dtypes(self, mat2, "bmm") < 0)
        return NULL;
    int64_t sizes[] = {bs, self->sizes[1], mat2->sizes[2]};
    cg_save_spec save[] = {{self, "self"}, {mat2, "mat2"}};
    return product(CG_OP_BMM, self, mat2, NULL, 3, sizes, NULL, 2, (cg_tensor *[]){self, mat2}, save);
}

/* PyTorch 1.13's order of checks: the addend expands to [b, n, m] first
 * (so a 2-d batch2 fails on its size(2)), then the batches' ranks and
 * shapes; the result takes batch2's dtype, the addend cast into it. */
cg_tensor *cg_baddbmm(cg_tensor *input, cg_tensor *batch1, cg_tensor *batch2, cg_scalar beta, cg_scalar alpha) {
    int d1 = cg_wrap_dim(1, batch1->ndim), d2 = d1 < 0 ? -1 : cg_wrap_dim(2, batch2->ndim);
    if (d2 < 0)
        return NULL;
    int64_t sizes[] = {batch1->sizes[0], batch1->sizes[d1], batch2->sizes[d2]};
    cg_tensor *e = cg_expand(input, 3, sizes);
    if (!e)
        return NULL;
    cg_tensor_release(e);
    CG_CHECK(batch1->ndim == 3, CG_RUNTIME_ERROR, "batch1 must be a 3D tensor");
    CG_CHECK(batch2->ndim == 3, CG_RUNTIME_ERROR, "batch2 must be a 3D tensor");
    int64_t bs = batch1->sizes[0], k = batch1->sizes[2];
    CG_CHECK(batch2->sizes[0] == bs && batch2->sizes[1] == k, CG_RUNTIME_ERROR,
             "Expected size for first two dimensions of batch2 tensor to be: [%lld, %lld] but got: [%lld, %lld].",
             (long long)bs, (long long)k, (long long)batch2->sizes[0], (long long)batch2->sizes[1]);
    if (check_dtypes(batch1, batch2, "baddbmm_with_gemm") < 0)
        return NULL;
    cg_tensor *init = input->dtype == batch2->dtype ? cg_tensor_retain(input) : NULL;
    if (!init) {
        bool was = cg_grad_set_enabled(false);
        init = cg_to_dtype(input, batch2->dtype);
        cg_grad_set_enabled(was);
        if (!init)
            return NULL;
    }
    cg_op_args args = {.s = {beta, alpha}};
    cg_save_spec save[] = {{batch1, "batch1"}, {batch2, "batch2"}};
    cg_tensor *r = product(CG_OP_BADDBMM, batch1, batch2, init, 3, sizes, &args, 3,
                           (cg_tensor *[]){input, batch1, batch2}, save);
    cg_tensor_release(init);
    return r;
}

cg_tensor *cg_addmm(cg_tensor *input, cg_tensor *mat1, cg_tensor *mat2, cg_scalar beta, cg_scalar alpha) {
    CG_CHECK(input->dtype == mat2->dtype, CG_RUNTIME_ERROR, "self and mat2 must have the same dtype");
    CG_CHECK(mat1->dtype == mat2->dtype, CG_RUNTIME_ERROR, "mat1 and mat2 must have the same dtype");
    CG_CHECK(mat1->ndim == 2, CG_RUNTIME_ERROR, "mat1 must be a matrix, got %d-D tensor", mat1->ndim);
    CG_CHECK(mat2->ndim == 2, CG_RUNTIME_ERROR, "mat2 must be a matrix, got %d-D tensor", mat2->ndim);
    if (check_mm_shapes(mat1, mat2) < 0)
        return NULL;
    int64_t sizes[] = {mat1->sizes[0], mat2->sizes[1]};
    /* PyTorch expands input first, whatever beta: its shape errors come first */
    cg_tensor *e = cg_expand(input, 2, sizes);
    if (!e)
        return NULL;
    cg_tensor_release(e);
    CG_CHECK(mat1->dtype != CG_BOOL, CG_RUNTIME_ERROR, "\"addmm_impl_cpu_\" not implemented for 'Bool'");
    cg_op_args args = {.s = {beta, alpha}};
    cg_save_spec save[] = {{mat1, "mat1"}, {mat2, "mat2"}};
    return product(CG_OP_ADDMM, mat1, mat2, input, 2, sizes, &args, 3, (cg_tensor *[]){input, mat1, mat2}, save);
}

/* grad (or its gradient) times a Python number, grad itself when it is 1 */
static cg_tensor *times(cg_tensor *g, cg_scalar s) {
    double v = cg_scalar_to_double(s);
    return v == 1.0 ? cg_tensor_retain(g) : cg_mul_scalar(g, v);
}

/* x @ y^T, or x^T @ y when transpose_x (transposing the last two dims),
 * by mm or bmm, times alpha */
static cg_tensor *grad_product(cg_tensor *x, cg_tensor *y, bool transpose_x, cg_scalar alpha) {
    cg_tensor *t = cg_transpose(transpose_x ? x : y, -2, -1);
    cg_tensor *p = !t            ? NULL
                   : transpose_x ? (x->ndim == 3 ? cg_bmm(t, y) : cg_mm(t, y))
                                 : (x->ndim == 3 ? cg_bmm(x, t) : cg_mm(x, t));
    cg_tensor_release(t);
    cg_tensor *r = p ? times(p, alpha) : NULL;
    cg_tensor_release(p);
    return r;
}

/* A matrix laid out column by column (PyTorch's test: stride 1 down the
 * rows and the row count across), such as a weight's .t() in linear. */
static bool column_major(const cg_tensor *t) {
    return t->ndim == 2 && t->strides[0] == 1 && t->strides[1] == t->sizes[0];
}

/* (x @ y)^T, times alpha: PyTorch's gradient of a column-major operand,
 * computed as the transpose of the product it makes */
static cg_tensor *transposed_product(cg_tensor *x, cg_tensor *y, cg_scalar alpha) {
    cg_tensor *p = cg_mm(x, y), *t = p ? cg_t(p) : NULL;
    cg_tensor_release(p);
    cg_tensor *r = t ? times(t, alpha) : NULL;
    cg_tensor_release(t);
    return r;
}

/* The two saved operands, conjugated when complex (the conjugate
 * Wirtinger derivative of a product takes the other factor's conjugate):
 * new references, or -1. */
static int saved_conj(cg_node *n, cg_tensor **a, cg_tensor **b) {
    cg_tensor *x, *y;
    if (cg_node_saved_all(n, 2, &x, &y) < 0)
        return -1;
    *a = cg_conj(x);
    *b = *a ? cg_conj(y) : NULL;
    if (!*b) {
        cg_tensor_release(*a);
        return -1;
    }
    return 0;
}

/* MmBackward0 / BmmBackward0 / AddmmBackward0's mat1 and mat2, as PyTorch's
 * mm_mat1_backward / mm_mat2_backward compute them (the products' order of
 * operands decides their bits, Note [Products in PyTorch's order]):
 *   mat1: grad @ mat2^T * alpha, or (mat2 @ grad^T)^T where mat1 is
 *         column-major
 *   mat2: mat1^T @ grad * alpha, or (grad^T @ mat1)^T where mat2 is
 *         column-major (a weight's .t() in linear) */
static int bw_products_of(cg_tensor *m1, cg_tensor *m2, cg_node *n, cg_tensor *g, int first, cg_scalar alpha,
                          cg_tensor **gi) {
    if (n->next[first].node) {
        if (column_major(m1)) {
            cg_tensor *gt = cg_t(g);
            gi[first] = gt ? transposed_product(m2, gt, alpha) : NULL;
            cg_tensor_release(gt);
        } else {
            gi[first] = grad_product(g, m2, false, alpha);
        }
        if (!gi[first])
            return -1;
    }
    if (n->next[first + 1].node) {
        if (column_major(m2)) {
            cg_tensor *gt = cg_t(g);
            gi[first + 1] = gt ? transposed_product(gt, m1, alpha) : NULL;
            cg_tensor_release(gt);
        } else {
            gi[first + 1] = grad_product(m1, g, true, alpha);
        }
        if (!gi[first + 1])
            return -1;
    }
    return 0;
}

static int bw_products(cg_node *n, cg_tensor *g, int first, cg_scalar alpha, cg_tensor **gi) {
    cg_tensor *m1, *m2;
    if (saved_conj(n, &m1, &m2) < 0)
        return -1;
    int rc = bw_products_of(m1, m2, n, g, first, alpha, gi);
    cg_tensor_release(m1), cg_tensor_release(m2);
    return rc;
}

int cg_bw_mm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return bw_products(n, go[0], 0, cg_scalar_int(1), gi);
}
int cg_bw_bmm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return bw_products(n, go[0], 0, cg_scalar_int(1), gi);
}

/* AddmmBackward0: self: grad * beta (summed to input's shape at the edge) */
int cg_bw_addmm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    if (n->next[0].node && !(gi[0] = times(go[0], n->args.s[0])))
        return -1;
    return bw_products(n, go[0], 1, n->args.s[1], gi);
}

/* BaddbmmBackward0: self: grad * beta; batch1 and batch2 as bmm's, times alpha */
int cg_bw_baddbmm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    if (n->next[0].node && !(gi[0] = times(go[0], n->args.s[0])))
        return -1;
    return bw_products(n, go[0], 1, n->args.s[1], gi);
}

/* ---- mv / dot / outer -------------------------------------------------------------------------- */

cg_tensor *cg_mv(cg_tensor *self, cg_tensor *vec) {
    CG_CHECK(self->ndim == 2 && vec->ndim == 1, CG_RUNTIME_ERROR, "vector + matrix @ vector expected, got 1, %d, %d",
             self->ndim, vec->ndim);
    CG_CHECK(self->sizes[1] == vec->sizes[0], CG_RUNTIME_ERROR, "size mismatch, got %lld, %lldx%lld,%lld",
             (long long)self->sizes[0], (long long)self->sizes[0], (long long)self->sizes[1], (long long)vec->sizes[0]);
    if (check_dtypes(self, vec, "addmv_impl_cpu") < 0)
        return NULL;
    cg_save_spec save[] = {{self, "self"}, {vec, "vec"}};
    /* a layout PyTorch's gemv does not take is made contiguous first, as it does */
    cg_tensor *mat = cg_mv_layout_ok(self) || !cg_dtype_is_float(self->dtype) ? cg_tensor_retain(self) : NULL;
    if (!mat) {
        bool was = cg_grad_set_enabled(false);
        mat = cg_contiguous(self);
        cg_grad_set_enabled(was);
        if (!mat)
            return NULL;
    }
    cg_tensor *r = product(CG_OP_MV, mat, vec, NULL, 1, self->sizes, NULL, 2, (cg_tensor *[]){self, vec}, save);
    cg_tensor_release(mat);
    return r;
}

/* MvBackward0: self: outer(grad, vec.conj()), vec: self^H @ grad */
int cg_bw_mv(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *vec;
    if (saved_conj(n, &self, &vec) < 0)
        return -1;
    int rc = 0;
    if (n->next[0].node && !(gi[0] = cg_outer(go[0], vec)))
        rc = -1;
    if (rc == 0 && n->next[1].node) {
        cg_tensor *t = cg_t(self);
        gi[1] = t ? cg_mv(t, go[0]) : NULL;
        cg_tensor_release(t);
        rc = gi[1] ? 0 : -1;
    }
    cg_tensor_release(self), cg_tensor_release(vec);
    return rc;
}

static cg_tensor *dot_op(cg_op op, cg_tensor *self, cg_tensor *other) {
    CG_CHECK(self->ndim == 1 && other->ndim == 1, CG_RUNTIME_ERROR, "1D tensors expected, but got %dD and %dD tensors",
             self->ndim, other->ndim);
    CG_CHECK(self->dtype == other->dtype, CG_RUNTIME_ERROR,
             "dot : expected both vectors to have same dtype, but found %s and %s", cg_dtype_legacy_name(self->dtype),
             cg_dtype_legacy_name(other->dtype));
    int64_t n = self->sizes[0], m = other->sizes[0];
    CG_CHECK(n == m, CG_RUNTIME_ERROR,
             "inconsistent tensor size, expected tensor [%lld] and src [%lld] to have the same number of elements, "
             "but got %lld and %lld elements respectively",
             (long long)n, (long long)m, (long long)n, (long long)m);
    CG_CHECK(self->dtype != CG_BOOL, CG_RUNTIME_ERROR, "\"dot\" not implemented for 'Bool'");
    cg_save_spec save[] = {{self, "self"}, {other, "tensor"}};
    return product(op, self, other, NULL, 0, NULL, NULL, 2, (cg_tensor *[]){self, other}, save);
}

cg_tensor *cg_dot(cg_tensor *self, cg_tensor *other) { return dot_op(CG_OP_DOT, self, other); }

/* vdot: dot with self conjugated; of real vectors dot itself, under
 * VdotBackward0, whose derivative is dot's */
cg_tensor *cg_vdot(cg_tensor *self, cg_tensor *other) {
    if (!cg_dtype_is_complex(self->dtype))
        return dot_op(CG_OP_VDOT, self, other);
    cg_tensor *c = cg_conj_physical(self);
    cg_tensor *r = c ? dot_op(CG_OP_VDOT, c, other) : NULL;
    cg_tensor_release(c);
    return r;
}

/* DotBackward0: self: grad * tensor.conj(), tensor: grad * self.conj()
 * (grad is 0-d) */
int cg_bw_dot(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *other;
    if (saved_conj(n, &self, &other) < 0)
        return -1;
    int rc = 0;
    if (n->next[0].node && !(gi[0] = cg_mul(go[0], other)))
        rc = -1;
    if (rc == 0 && n->next[1].node && !(gi[1] = cg_mul(go[0], self)))
        rc = -1;
    cg_tensor_release(self), cg_tensor_release(other);
    return rc;
}

cg_tensor *cg_outer(cg_tensor *self, cg_tensor *vec2) {
    CG_CHECK(self->ndim == 1, CG_RUNTIME_ERROR, "outer: Expected 1-D argument self, but got %d-D", self->ndim);
    CG_CHECK(vec2->ndim == 1, CG_RUNTIME_ERROR, "outer: Expected 1-D argument vec2, but got %d-D", vec2->ndim);
    cg_tensor *col = cg_reshape(self, 2, (int64_t[]){self->sizes[0], 1});
    cg_tensor *out = col ? cg_mul(col, vec2) : NULL;
    cg_tensor_release(col);
    return out;
}

/* ---- views of fresh products --------------------------------------------------------------------- */

/* t reshaped as a new tensor over the same storage, not a view of t (no
 * ._base), recorded as op under `name`: PyTorch's _unsafe_view and the
 * in-place squeeze_ that matmul applies to products it has just made. */
static cg_tensor *reshaped(cg_tensor *t, int ndim, const int64_t *sizes, cg_op op, const char *name) {
    int64_t strides[CG_MAX_DIMS];
    int64_t numel = cg_contiguous_strides(ndim, sizes, strides);
    CG_CHECK(cg_tensor_is_contiguous(t) && numel == cg_tensor_numel(t), CG_RUNTIME_ERROR,
             "_unsafe_view: a contiguous tensor of the same number of elements is needed");
    cg_tensor *v = cg_tensor_from_storage(t->storage, t->offset, ndim, sizes, strides, t->dtype);
    if (!v || !cg_autograd_needed(1, &t))
        return v;
    cg_node *n;
    if (cg_autograd_record(op, 1, &v, 1, &t, 0, NULL, NULL, &n) < 0) {
        cg_tensor_release(v);
        return NULL;
    }
    if (n)
        n->name = name;
    return v;
}

cg_tensor *cg_unsafe_view(cg_tensor *t, int ndim, const int64_t *sizes) {
    return reshaped(t, ndim, sizes, CG_OP_UNSAFE_VIEW, "UnsafeViewBackward0");
}

/* Takes ownership of t and returns reshaped(t, ...). */
static cg_tensor *unsafe_view_owned(cg_tensor *t, int ndim, const int64_t *sizes) {
    cg_tensor *v = t ? cg_unsafe_view(t, ndim, sizes) : NULL;
    cg_tensor_release(t);
    return v;
}

/* ---- matmul -------------------------------------------------------------------------------------- */

/* PyTorch 1.13's should_fold: a batched t1 (>= 3-d) times a vector or a
 * matrix can be folded into one mm/mv, except a [b,n,m] whose last two dims
 * are transposed in contiguous batches (permute(0, 2, 1)): bmm takes those
 * without a copy. */
static bool should_fold(const cg_tensor *t1, int dim2) {
    if (t1->ndim < 3 || dim2 > 2)
        return false;
    return !(t1->ndim == 3 && dim2 == 2 && t1->strides[2] != 1 && t1->strides[0] == t1->sizes[1] * t1->sizes[2]);
}

/* The batched operand folded into rows of one mm (or mv): t1 [..., n, m] as
 * [N, m]. For vector/matrix @ batched, t1 is other^T; a matrix product is
 * then transposed back (a copy, CloneBackward0), as PyTorch does. */
static cg_tensor *matmul_folded(cg_tensor *a, cg_tensor *b) {
    bool transpose = b->ndim > a->ndim;
    cg_tensor *t1 = transpose ? cg_transpose(b, -2, -1) : cg_tensor_retain(a);
    cg_tensor *t2 = !transpose ? cg_tensor_retain(b) : a->ndim == 2 ? cg_t(a) : cg_tensor_retain(a);
    cg_tensor *out = NULL;
    if (!t1 || !t2)
        goto done;
    int64_t shape[CG_MAX_DIMS], folded = 1;
    int nd = t1->ndim - 1;
    for (int d = 0; d < nd; d++)
        folded *= (shape[d] = t1->sizes[d]);
    if (t2->ndim == 2)
        shape[nd++] = t2->sizes[1];
    cg_tensor *f = cg_reshape(t1, 2, (int64_t[]){folded, t1->sizes[t1->ndim - 1]});
    out = f ? unsafe_view_owned(t2->ndim == 2 ? cg_mm(f, t2) : cg_mv(f, t2), nd, shape) : NULL;
    cg_tensor_release(f);
    if (out && transpose && t2->ndim == 2) {
        cg_tensor *mt = cg_transpose(out, -2, -1);
        cg_tensor_release(out);
        out = mt ? cg_contiguous(mt) : NULL;
        cg_tensor_release(mt);
    }
done:
    cg_tensor_release(t1), cg_tensor_release(t2);
    return out;
}

/* t expanded to batch + tail, then reshaped to [prod(batch)] + tail */
static cg_tensor *expand_batch(cg_tensor *t, int nb, const int64_t *batch, int64_t nbatch, int ntail,
                               const int64_t *tail) {
    int64_t sizes[CG_MAX_DIMS + 2], flat[3] = {nbatch, tail[0], ntail > 1 ? tail[1] : 0};
    CG_CHECK(nb + ntail <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions",
             CG_MAX_DIMS);
    memcpy(sizes, batch, (size_t)nb * sizeof *batch);
    memcpy(sizes + nb, tail, (size_t)ntail * sizeof *tail);
    cg_tensor *e = cg_expand(t, nb + ntail, sizes);
    cg_tensor *r = e ? cg_reshape(e, 1 + ntail, flat) : NULL;
    cg_tensor_release(e);
    return r;
}

/* Batched @ batched: batch dims broadcast, flattened, one bmm, viewed back. */
static cg_tensor *matmul_batched(cg_tensor *a, cg_tensor *b) {
    int da = a->ndim, db = b->ndim;
    int64_t n = da > 1 ? a->sizes[da - 2] : 1, m1 = a->sizes[da - 1];
    int64_t m2 = db > 1 ? b->sizes[db - 2] : b->sizes[0], p = db > 1 ? b->sizes[db - 1] : 1;
    int64_t shape[CG_MAX_DIMS + 2];
    int nb;
    if (cg_broadcast_shapes(da > 2 ? da - 2 : 0, a->sizes, db > 2 ? db - 2 : 0, b->sizes, &nb, shape) < 0)
        return NULL;
    int64_t nbatch = 1;
    for (int d = 0; d < nb; d++)
        nbatch *= shape[d];
    cg_tensor *ea = expand_batch(a, nb, shape, nbatch, 2, (int64_t[]){n, m1});
    cg_tensor *eb = NULL, *prod = NULL;
    if (ea && db == 1) {
        /* a vector is not a batch of [m2, 1] matrices by broadcasting */
        cg_tensor *v = expand_batch(b, nb, shape, nbatch, 1, (int64_t[]){m2});
        eb = v ? cg_unsqueeze(v, 2) : NULL;
        cg_tensor_release(v);
    } else if (ea) {
        eb = expand_batch(b, nb, shape, nbatch, 2, (int64_t[]){m2, p});
    }
    if (eb)
        prod = cg_bmm(ea, eb);
    cg_tensor_release(ea), cg_tensor_release(eb);
    int nd = nb;
    if (da > 1)
        shape[nd++] = n;
    if (db > 1)
        shape[nd++] = p;
    return unsafe_view_owned(prod, nd, shape);
}

cg_tensor *cg_matmul(cg_tensor *a, cg_tensor *b) {
    int da = a->ndim, db = b->ndim;
    CG_CHECK(da > 0 && db > 0, CG_RUNTIME_ERROR,
             "both arguments to matmul need to be at least 1D, but they are %dD and %dD", da, db);
    if (da == 1 && db == 1)
        return cg_dot(a, b);
    if (da == 2 && db == 1)
        return cg_mv(a, b);
    if (da == 2 && db == 2)
        return cg_mm(a, b);
    if (da == 1 && db == 2) {
        /* a.unsqueeze(0).mm(b).squeeze_(0) */
        cg_tensor *row = cg_unsqueeze(a, 0);
        cg_tensor *p = row ? cg_mm(row, b) : NULL;
        cg_tensor_release(row);
        cg_tensor *out = p ? reshaped(p, 1, &p->sizes[1], CG_OP_SQUEEZE, "SqueezeBackward3") : NULL;
        cg_tensor_release(p);
        return out;
    }
    if (should_fold(a, db) || should_fold(b, da))
        return matmul_folded(a, b);
    return matmul_batched(a, b);
}

/* ---- linear ---------------------------------------------------------------------------------------- */

cg_tensor *cg_linear(cg_tensor *input, cg_tensor *weight, cg_tensor *bias) {
    cg_tensor *wt = cg_t(weight), *out = NULL;
    if (!wt)
        return NULL;
    if (bias && input->ndim == 2) {
        out = cg_addmm(bias, input, wt, cg_scalar_int(1), cg_scalar_int(1));
    } else if (bias && input->ndim == 3 && cg_tensor_is_contiguous(input)) {
        /* PyTorch 1.13's fused path: addmm over [b*n, m], viewed back */
        const int64_t *z = input->sizes;
        cg_tensor *flat = cg_view(input, 2, (int64_t[]){z[0] * z[1], z[2]});
        cg_tensor *r = flat ? cg_addmm(bias, flat, wt, cg_scalar_int(1), cg_scalar_int(1)) : NULL;
        out = r ? cg_view(r, 3, (int64_t[]){z[0], z[1], r->sizes[1]}) : NULL;
        cg_tensor_release(flat), cg_tensor_release(r);
    } else {
        out = cg_matmul(input, wt);
        if (out && bias && cg_add_(out, bias, cg_scalar_int(1)) < 0) {
            cg_tensor_release(out);
            out = NULL;
        }
    }
    cg_tensor_release(wt);
    return out;
}

/* ---- float32 matmul precision -------------------------------------------------------- */

static cg_matmul_precision matmul_precision = CG_MATMUL_HIGHEST;

void cg_set_float32_matmul_precision(cg_matmul_precision p) { matmul_precision = p; }

cg_matmul_precision cg_float32_matmul_precision(void) { return matmul_precision; }
