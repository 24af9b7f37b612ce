/* samples_linalg.c: op-table samples (helpers.h) of the matrix products.
 * Besides contiguous operands, each product gets a .t()-style operand (a
 * unit stride in the other dim: BLAS takes it as CblasTrans, no copy) and
 * operands that must be copied first (reversed-stride 3-d, strided vectors).
 * Shapes are in drawn sizes (Note [Drawn shapes] in helpers.h): the inner
 * dims of a product share a variable. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

static cg_tensor *f_mm(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_mm(in[0], in[1]);
}
bool sample_mm(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] @ [B,C]", 2, {IN(101, false, S_A, S_B), IN(102, false, S_B, S_C)}, f_mm);
    case 1:
        return SAMPLE("transposed [A,B] @ contiguous [B,C]", 2, {IN(103, true, S_A, S_B), IN(104, false, S_B, S_C)},
                      f_mm);
    case 2: return SAMPLE("both transposed [A,B] @ [B,C]", 2, {IN(105, true, S_A, S_B), IN(106, true, S_B, S_C)}, f_mm);
    case 3: return SAMPLE("[1,B] @ [B,1]", 2, {IN(107, true, 1, S_B), IN(108, false, S_B, 1)}, f_mm);
    default: return false;
    }
}

/* bmm(in[0], in[1]), or with in[1] given as [b,n,k] and transposed when i[0] */
static cg_tensor *f_bmm(cg_tensor *const *in, const cg_sample *s) {
    if (!s->i[0])
        return cg_bmm(in[0], in[1]);
    cg_tensor *t = cg_transpose(in[1], 1, 2);
    cg_tensor *out = t ? cg_bmm(in[0], t) : NULL;
    cg_tensor_release(t);
    return out;
}
bool sample_bmm(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[D,A,B] @ [D,B,C]", 2, {IN(111, false, S_D, S_A, S_B), IN(112, false, S_D, S_B, S_C)}, f_bmm);
    case 1:
        return SAMPLE("reversed strides (copied)", 2, {IN(113, true, S_D, S_A, S_B), IN(114, true, S_D, S_B, S_C)},
                      f_bmm);
    case 2:
        return SAMPLE("[D,A,B] @ [D,C,B].transpose(1,2) (CblasTrans)", 2,
                      {IN(115, false, S_D, S_A, S_B), IN(116, false, S_D, S_C, S_B)}, f_bmm, .i = {1});
    default: return false;
    }
}

static cg_tensor *f_addmm(cg_tensor *const *in, const cg_sample *s) {
    return cg_addmm(in[0], in[1], in[2], cg_scalar_float(s->d[0]), cg_scalar_float(s->d[1]));
}
bool sample_addmm(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("input [C] broadcast, beta 0.5, alpha 2, [A,B] @ [B,C]", 3,
                      {IN(121, false, S_C), IN(122, false, S_A, S_B), IN(123, false, S_B, S_C)}, f_addmm,
                      .d = {0.5, 2.0});
    case 1:
        return SAMPLE("input [A,C] non-contiguous, mat1 transposed", 3,
                      {IN(124, true, S_A, S_C), IN(125, true, S_A, S_B), IN(126, false, S_B, S_C)}, f_addmm,
                      .d = {1.0, 1.0});
    case 2:
        return SAMPLE("input [1], mat2 transposed, beta 0", 3,
                      {IN(127, false, 1), IN(128, false, S_A, S_B), IN(129, true, S_B, S_C)}, f_addmm,
                      .d = {0.0, -1.5});
    default: return false;
    }
}

static cg_tensor *f_baddbmm(cg_tensor *const *in, const cg_sample *s) {
    return cg_baddbmm(in[0], in[1], in[2], cg_scalar_float(s->d[0]), cg_scalar_float(s->d[1]));
}
bool sample_baddbmm(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("input [A,C] broadcast, beta 0.5, alpha 2 (the small loop)", 3,
                      {IN(1500, false, S_A, S_C), IN(1501, false, S_D, S_A, S_B), IN(1502, false, S_D, S_B, S_C)},
                      f_baddbmm, .d = {0.5, 2.0});
    case 1:
        return SAMPLE("input [D,A,C] non-contiguous, beta 0", 3,
                      {IN(1503, true, S_D, S_A, S_C), IN(1504, true, S_D, S_A, S_B), IN(1505, false, S_D, S_B, S_C)},
                      f_baddbmm, .d = {0.0, -1.5});
    default: return false;
    }
}

static cg_tensor *f_mv(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_mv(in[0], in[1]);
}
bool sample_mv(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] @ [B]", 2, {IN(131, false, S_A, S_B), IN(132, false, S_B)}, f_mv);
    case 1: return SAMPLE("transposed [A,B] @ strided [B]", 2, {IN(133, true, S_A, S_B), IN(134, true, S_B)}, f_mv);
    default: return false;
    }
}

static cg_tensor *f_dot(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_dot(in[0], in[1]);
}
static cg_tensor *f_addr(cg_tensor *const *in, const cg_sample *s) {
    return cg_addr(in[0], in[1], in[2], cg_scalar_float(s->d[0]), cg_scalar_float(s->d[1]));
}
bool sample_addr(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B+17] + [A] x [B+17]", 3, {IN(2610, false, S_A, S_B + 17), IN(2611, false, S_A), IN(2612, false, S_B + 17)},
                      f_addr, .d = {1.0, 1.0});
    case 1:
        return SAMPLE("[B] broadcast, beta 0.5 alpha -2", 3, {IN(2613, true, S_B), IN(2614, false, S_A), IN(2615, true, S_B)},
                      f_addr, .d = {0.5, -2.0});
    default: return false;
    }
}

static cg_tensor *f_addmv(cg_tensor *const *in, const cg_sample *s) {
    return cg_addmv(in[0], in[1], in[2], cg_scalar_float(s->d[0]), cg_scalar_float(s->d[1]));
}
bool sample_addmv(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A] + [A,B] @ [B]", 3, {IN(2616, false, S_A), IN(2617, false, S_A, S_B), IN(2618, false, S_B)},
                      f_addmv, .d = {1.0, 1.0});
    case 1:
        return SAMPLE("[1] + [A,B]^T layout @ strided [B], beta 0.5 alpha -2", 3,
                      {IN(2619, false, 1), IN(2620, true, S_A, S_B), IN(2621, true, S_B)}, f_addmv, .d = {0.5, -2.0});
    default: return false;
    }
}

static cg_tensor *f_vdot(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_vdot(in[0], in[1]);
}
bool sample_vdot(int v, cg_sample *s) {
    return v == 0 && SAMPLE("strided [A+1] . contiguous [A+1]", 2, {IN(2608, true, S_A + 1), IN(2609, false, S_A + 1)},
                            f_vdot);
}

bool sample_dot(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A] . [A]", 2, {IN(141, false, S_A), IN(142, false, S_A)}, f_dot);
    case 1:
        return SAMPLE("strided [A+1] . contiguous [A+1]", 2, {IN(143, true, S_A + 1), IN(144, false, S_A + 1)}, f_dot);
    default: return false;
    }
}

/* linalg.qr(in[0], mode i[0]): Q when i[1] is 0, else R */
static cg_tensor *f_linalg_qr(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *q, *r;
    if (cg_linalg_qr(in[0], (cg_qr_mode)s->i[0], &q, &r) < 0)
        return NULL;
    cg_tensor *keep = s->i[1] ? r : q;
    cg_tensor_release(s->i[1] ? q : r);
    return keep;
}
bool sample_linalg_qr(int v, cg_sample *s) {
    int64_t tall = S_A + S_B - 1;
    switch (v) {
    case 0: return SAMPLE("Q of tall [A+B-1,B]", 1, {IN(1900, false, tall, S_B)}, f_linalg_qr, .i = {0, 0});
    case 1: return SAMPLE("R of tall [A+B-1,B]", 1, {IN(1901, false, tall, S_B)}, f_linalg_qr, .i = {0, 1});
    case 2: return SAMPLE("Q of wide [A,A+B]", 1, {IN(1902, false, S_A, S_A + S_B)}, f_linalg_qr, .i = {0, 0});
    case 3: return SAMPLE("R of wide [A,A+B]", 1, {IN(1903, true, S_A, S_A + S_B)}, f_linalg_qr, .i = {0, 1});
    case 4: return SAMPLE("R of batched [C,A,B]", 1, {IN(1904, true, S_C, S_A, S_B)}, f_linalg_qr, .i = {0, 1});
    case 5: return SAMPLE("Q of batched [C,A,B]", 1, {IN(1905, false, S_C, S_A, S_B)}, f_linalg_qr, .i = {0, 0});
    case 6:
        return SAMPLE("complete Q of wide [A,A+B-1]", 1, {IN(1906, false, S_A, S_A + S_B - 1)}, f_linalg_qr,
                      .i = {CG_QR_COMPLETE, 0});
    default: return false;
    }
}

/* linalg.solve_triangular(in[0] + 3 I, in[1], upper i[0], left i[1],
 * unitriangular i[2]): the shifted diagonal keeps A well conditioned */
static cg_tensor *f_linalg_solve_triangular(cg_tensor *const *in, const cg_sample *s) {
    int64_t k = in[0]->sizes[in[0]->ndim - 1];
    cg_tensor *eye = cg_eye(k, k, in[0]->dtype, cg_tensor_device(in[0]));
    cg_tensor *shift = eye ? cg_mul_scalar(eye, 3.0) : NULL, *a = shift ? cg_add(in[0], shift, cg_scalar_int(1)) : NULL;
    cg_tensor *x = a ? cg_linalg_solve_triangular(a, in[1], s->i[0], s->i[1], s->i[2]) : NULL;
    cg_tensor_release(eye), cg_tensor_release(shift), cg_tensor_release(a);
    return x;
}
bool sample_linalg_solve_triangular(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("upper [A,A] X = [A,B]", 2, {IN(1910, false, S_A, S_A), IN(1911, false, S_A, S_B)},
                      f_linalg_solve_triangular, .i = {1, 1, 0});
    case 1:
        return SAMPLE("lower transposed [A,A] X = [A,B]", 2, {IN(1912, true, S_A, S_A), IN(1913, false, S_A, S_B)},
                      f_linalg_solve_triangular, .i = {0, 1, 0});
    case 2:
        return SAMPLE("X upper [B,B] = [A,B]", 2, {IN(1914, false, S_B, S_B), IN(1915, true, S_A, S_B)},
                      f_linalg_solve_triangular, .i = {1, 0, 0});
    case 3:
        return SAMPLE("unit lower [C,A,A] X = broadcast [A,B]", 2, {IN(1916, false, S_C, S_A, S_A), IN(1917, false, S_A, S_B)},
                      f_linalg_solve_triangular, .i = {0, 1, 1});
    default: return false;
    }
}

/* in[0] + 3 I: a well-conditioned square matrix (batch) */
static cg_tensor *shifted(cg_tensor *a) {
    int64_t k = a->sizes[a->ndim - 1];
    cg_tensor *eye = cg_eye(k, k, a->dtype, cg_tensor_device(a));
    cg_tensor *shift = eye ? cg_mul_scalar(eye, 3.0) : NULL, *out = shift ? cg_add(a, shift, cg_scalar_int(1)) : NULL;
    cg_tensor_release(eye), cg_tensor_release(shift);
    return out;
}

static cg_tensor *f_linalg_inv_ex(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    cg_tensor *a = shifted(in[0]), *x = a ? cg_linalg_inv(a) : NULL;
    cg_tensor_release(a);
    return x;
}
bool sample_linalg_inv_ex(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("inv of [A,A]", 1, {IN(3100, false, S_A, S_A)}, f_linalg_inv_ex);
    case 1: return SAMPLE("inv of transposed [C,A,A]", 1, {IN(3101, true, S_C, S_A, S_A)}, f_linalg_inv_ex);
    default: return false;
    }
}

/* linalg.solve(in[0] + 3 I, in[1], left i[0]) */
static cg_tensor *f_linalg_solve_ex(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *a = shifted(in[0]), *x = a ? cg_linalg_solve(a, in[1], s->i[0]) : NULL;
    cg_tensor_release(a);
    return x;
}
bool sample_linalg_solve_ex(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,A] X = [A,B]", 2, {IN(3102, false, S_A, S_A), IN(3103, false, S_A, S_B)}, f_linalg_solve_ex,
                      .i = {1});
    case 1:
        return SAMPLE("transposed [C,A,A] x = vector [A]", 2, {IN(3104, true, S_C, S_A, S_A), IN(3105, false, S_A)},
                      f_linalg_solve_ex, .i = {1});
    case 2:
        return SAMPLE("X [B,B] = broadcast [C,A,B]", 2, {IN(3106, false, S_B, S_B), IN(3107, true, S_C, S_A, S_B)},
                      f_linalg_solve_ex, .i = {0});
    default: return false;
    }
}

static cg_tensor *f_linalg_det(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    cg_tensor *a = shifted(in[0]), *d = a ? cg_linalg_det(a) : NULL;
    cg_tensor_release(a);
    return d;
}
bool sample_linalg_det(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("det of [A,A]", 1, {IN(3110, false, S_A, S_A)}, f_linalg_det);
    case 1: return SAMPLE("det of transposed [C,A,A]", 1, {IN(3111, true, S_C, S_A, S_A)}, f_linalg_det);
    default: return false;
    }
}

/* slogdet(in[0] + 3 I).logabsdet */
static cg_tensor *f_linalg_slogdet(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *a = shifted(in[0]), *sg = NULL, *ld = NULL;
    int rc = a ? cg_linalg_slogdet(a, &sg, &ld) : -1;
    cg_tensor_release(a);
    if (rc < 0)
        return NULL;
    (void)s;
    cg_tensor_release(sg);
    return ld;
}
bool sample_linalg_slogdet(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("logabsdet of [A,A]", 1, {IN(3112, false, S_A, S_A)}, f_linalg_slogdet);
    case 1:
        return SAMPLE("logabsdet of transposed [C,A,A]", 1, {IN(3113, true, S_C, S_A, S_A)}, f_linalg_slogdet);
    default: return false;
    }
}

/* cholesky(in[0] in[0]^T + I, upper i[0]) */
static cg_tensor *f_linalg_cholesky_ex(cg_tensor *const *in, const cg_sample *s) {
    int64_t k = in[0]->sizes[in[0]->ndim - 2];
    cg_tensor *t = cg_transpose(in[0], -2, -1), *p = t ? cg_matmul(in[0], t) : NULL;
    cg_tensor *eye = p ? cg_eye(k, k, p->dtype, cg_tensor_device(p)) : NULL;
    cg_tensor *a = eye ? cg_add(p, eye, cg_scalar_int(1)) : NULL, *l = a ? cg_linalg_cholesky(a, s->i[0]) : NULL;
    cg_tensor_release(t), cg_tensor_release(p), cg_tensor_release(eye), cg_tensor_release(a);
    return l;
}
bool sample_linalg_cholesky_ex(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("L of [A,B][A,B]^T + I", 1, {IN(3120, false, S_A, S_B)}, f_linalg_cholesky_ex);
    case 1:
        return SAMPLE("U of batched [C,A,B]", 1, {IN(3121, true, S_C, S_A, S_B)}, f_linalg_cholesky_ex, .i = {1});
    default: return false;
    }
}

/* eigh(in[0] + in[0]^T): eigenvalues (i[0] 0) or eigenvectors times their
 * first row's sign... (the vectors' signs are LAPACK's: smooth in A) */
static cg_tensor *f_linalg_eigh(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *t = cg_transpose(in[0], -2, -1), *a = t ? cg_add(in[0], t, cg_scalar_int(1)) : NULL, *l = NULL, *v = NULL;
    int rc = a ? cg_linalg_eigh(a, s->i[1] ? "U" : "L", true, &l, &v) : -1;
    cg_tensor_release(t), cg_tensor_release(a);
    if (rc < 0)
        return NULL;
    cg_tensor *keep = s->i[0] ? v : l;
    cg_tensor_release(s->i[0] ? l : v);
    return keep;
}
bool sample_linalg_eigh(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("eigenvalues of [A,A] sym", 1, {IN(3130, false, S_A, S_A)}, f_linalg_eigh, .i = {0, 0});
    case 1:
        return SAMPLE("eigenvectors of [C,A,A] sym, UPLO U", 1, {IN(3131, true, S_C, S_A, S_A)}, f_linalg_eigh,
                      .i = {1, 1});
    default: return false;
    }
}

/* svd(in[0], full_matrices i[1]): output i[0] (U, S, Vh) */
static cg_tensor *f_linalg_svd(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *o[3];
    if (cg_linalg_svd(in[0], s->i[1], true, &o[0], &o[1], &o[2]) < 0)
        return NULL;
    for (int i = 0; i < 3; i++)
        if (i != s->i[0])
            cg_tensor_release(o[i]);
    return o[s->i[0]];
}
bool sample_linalg_svd(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("S of [A+B,B]", 1, {IN(3140, false, S_A + S_B, S_B)}, f_linalg_svd, .i = {1, 0});
    case 1: return SAMPLE("U of tall [A+B,B]", 1, {IN(3141, false, S_A + S_B, S_B)}, f_linalg_svd, .i = {0, 0});
    case 2: return SAMPLE("Vh of wide [C,A,A+B]", 1, {IN(3142, true, S_C, S_A, S_A + S_B)}, f_linalg_svd, .i = {2, 0});
    case 3: return SAMPLE("U of wide [A,A+B]", 1, {IN(3143, false, S_A, S_A + S_B)}, f_linalg_svd, .i = {0, 0});
    default: return false;
    }
}
