/* samples_linalg_norms.c: op-table samples (helpers.h) of torch.linalg's
 * norms and of the ops built on them. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* vector_norm(in[0], d[0], dims i[2..] (i[0] of them), keepdim i[1]) */
static cg_tensor *f_linalg_vector_norm(cg_tensor *const *in, const cg_sample *s) {
    return cg_linalg_vector_norm(in[0], s->d[0], (int)s->i[0], &s->i[2], s->i[1]);
}
bool sample_linalg_vector_norm(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("ord 2 [A,B] all dims", 1, {IN(3300, false, S_A, S_B)}, f_linalg_vector_norm, .d = {2});
    case 1:
        return SAMPLE("ord 3 [A,B,C] dims (0,2) keepdim non-contiguous", 1, {IN(3301, true, S_A, S_B, S_C)},
                      f_linalg_vector_norm, .i = {2, 1, 0, 2}, .d = {3});
    case 2:
        return SAMPLE("ord 1 [A,B] dim -1", 1, {IN(3302, false, S_A, S_B)}, f_linalg_vector_norm, .i = {1, 0, -1},
                      .d = {1});
    case 3:
        return SAMPLE("ord inf [A,B] dim 0", 1, {IN(3303, false, S_A, S_B)}, f_linalg_vector_norm, .i = {1, 0, 0},
                      .d = {INFINITY});
    case 4:
        return SAMPLE("ord 0.5 [A,B] all dims", 1, {IN(3304, false, S_A, S_B)}, f_linalg_vector_norm, .d = {0.5});
    default: return false;
    }
}

/* pinv(in[0], default tolerances, hermitian i[0] of in[0] + in[0]^T) */
static cg_tensor *f_linalg_pinv(cg_tensor *const *in, const cg_sample *s) {
    if (!s->i[0])
        return cg_linalg_pinv(in[0], NULL, NULL, false);
    cg_tensor *t = cg_transpose(in[0], -2, -1), *a = t ? cg_add(in[0], t, cg_scalar_int(1)) : NULL;
    cg_tensor *r = a ? cg_linalg_pinv(a, NULL, NULL, true) : NULL;
    cg_tensor_release(t), cg_tensor_release(a);
    return r;
}
bool sample_linalg_pinv(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("tall [A+B,B]", 1, {IN(3310, false, S_A + S_B, S_B)}, f_linalg_pinv);
    case 1: return SAMPLE("wide batched [C,A,A+B]", 1, {IN(3311, true, S_C, S_A, S_A + S_B)}, f_linalg_pinv);
    case 2: return SAMPLE("hermitian [A,A]", 1, {IN(3312, false, S_A, S_A)}, f_linalg_pinv, .i = {1});
    default: return false;
    }
}

/* dist(in[0], in[1], d[0]) */
static cg_tensor *f_dist(cg_tensor *const *in, const cg_sample *s) { return cg_dist(in[0], in[1], s->d[0]); }
bool sample_dist(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("p 2 [A,B] [A,B]", 2, {IN(3320, false, S_A, S_B), IN(3321, false, S_A, S_B)}, f_dist, .d = {2});
    case 1:
        return SAMPLE("p 3 [A,B] [B] broadcast", 2, {IN(3322, true, S_A, S_B), IN(3323, false, S_B)}, f_dist, .d = {3});
    case 2: return SAMPLE("p 1 [A] [A]", 2, {IN(3324, false, S_A), IN(3325, false, S_A)}, f_dist, .d = {1});
    default: return false;
    }
}

/* renorm(in[0], d[0], dim i[0], maxnorm d[1]): maxnorm set between the
 * slices' norms so that both branches are taken */
static cg_tensor *f_renorm(cg_tensor *const *in, const cg_sample *s) {
    return cg_renorm(in[0], s->d[0], s->i[0], s->d[1]);
}
bool sample_renorm(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("p 2 [A,B] dim 0 maxnorm 1", 1, {IN(3330, false, S_A, S_B)}, f_renorm, .d = {2, 1.0});
    case 1:
        return SAMPLE("p 3 [A,B,C] dim -1 maxnorm 0.8", 1, {IN(3331, true, S_A, S_B, S_C)}, f_renorm, .i = {-1},
                      .d = {3, 0.8});
    default: return false;
    }
}

/* ---- LU (linalg_lu_factor.c) ---- */

/* lu_factor_ex(in[0]).LU */
static cg_tensor *f_linalg_lu_factor_ex(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    cg_tensor *lu, *p, *i;
    if (cg_linalg_lu_factor_ex(in[0], true, false, &lu, &p, &i) < 0)
        return NULL;
    cg_tensor_release(p), cg_tensor_release(i);
    return lu;
}
bool sample_linalg_lu_factor_ex(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("square [A,A]", 1, {IN(3340, false, S_A, S_A)}, f_linalg_lu_factor_ex);
    case 1: return SAMPLE("tall batched [C,A+B,A]", 1, {IN(3341, true, S_C, S_A + S_B, S_A)}, f_linalg_lu_factor_ex);
    case 2: return SAMPLE("wide [A,A+B]", 1, {IN(3342, false, S_A, S_A + S_B)}, f_linalg_lu_factor_ex);
    default: return false;
    }
}

/* lu(in[0]): L (i[0] 0) or U */
static cg_tensor *f_linalg_lu(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *p, *l, *u;
    if (cg_linalg_lu(in[0], true, &p, &l, &u) < 0)
        return NULL;
    cg_tensor_release(p);
    cg_tensor_release(s->i[0] ? l : u);
    return s->i[0] ? u : l;
}
bool sample_linalg_lu(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("L of [A,A]", 1, {IN(3343, false, S_A, S_A)}, f_linalg_lu);
    case 1: return SAMPLE("U of tall [A+B,A]", 1, {IN(3344, false, S_A + S_B, S_A)}, f_linalg_lu, .i = {1});
    case 2: return SAMPLE("L of wide batched [C,A,A+B]", 1, {IN(3345, true, S_C, S_A, S_A + S_B)}, f_linalg_lu);
    default: return false;
    }
}

/* lu_unpack(lu_factor(in[0])): L (i[0] 0) or U, differentiated through LU */
static cg_tensor *f_lu_unpack(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *lu, *piv, *p, *l, *u;
    if (cg_linalg_lu_factor(in[0], true, &lu, &piv) < 0)
        return NULL;
    int rc = cg_lu_unpack(lu, piv, true, true, &p, &l, &u);
    cg_tensor_release(lu), cg_tensor_release(piv);
    if (rc < 0)
        return NULL;
    cg_tensor_release(p);
    cg_tensor_release(s->i[0] ? l : u);
    return s->i[0] ? u : l;
}
bool sample_lu_unpack(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("U of [A,A]", 1, {IN(3346, false, S_A, S_A)}, f_lu_unpack, .i = {1});
    case 1: return SAMPLE("L of tall [A+B,A]", 1, {IN(3347, false, S_A + S_B, S_A)}, f_lu_unpack);
    default: return false;
    }
}

/* lu_solve(lu_factor(in[0] + 4I), in[1], left i[0], adjoint i[1]) */
static cg_tensor *f_linalg_lu_solve(cg_tensor *const *in, const cg_sample *s) {
    int64_t n = in[0]->sizes[in[0]->ndim - 1];
    cg_tensor *eye = cg_eye(n, n, in[0]->dtype, cg_tensor_device(in[0]));
    cg_tensor *a = eye ? cg_add(in[0], eye, cg_scalar_int(4)) : NULL, *lu = NULL, *piv = NULL, *x = NULL;
    if (a && cg_linalg_lu_factor(a, true, &lu, &piv) == 0)
        x = cg_linalg_lu_solve(lu, piv, in[1], !s->i[0], s->i[1]);
    cg_tensor_release(eye), cg_tensor_release(a), cg_tensor_release(lu), cg_tensor_release(piv);
    return x;
}
bool sample_linalg_lu_solve(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,A] X = [A,B]", 2, {IN(3350, false, S_A, S_A), IN(3351, false, S_A, S_B)}, f_linalg_lu_solve);
    case 1:
        return SAMPLE("adjoint batched [C,A,A], B [A,B] broadcast", 2,
                      {IN(3352, true, S_C, S_A, S_A), IN(3353, false, S_A, S_B)}, f_linalg_lu_solve, .i = {0, 1});
    case 2:
        return SAMPLE("X [A,A] = [B,A] (right)", 2, {IN(3354, false, S_A, S_A), IN(3355, false, S_B, S_A)},
                      f_linalg_lu_solve, .i = {1, 0});
    case 3:
        return SAMPLE("right adjoint", 2, {IN(3356, false, S_A, S_A), IN(3357, true, S_B, S_A)}, f_linalg_lu_solve,
                      .i = {1, 1});
    default: return false;
    }
}

/* ---- torch.cholesky family and triangular_solve (linalg_cholesky_old.c) ---- */

/* in[0] in[0]^T + I, symmetric positive definite */
static cg_tensor *spd(cg_tensor *x) {
    int64_t n = x->sizes[x->ndim - 2];
    cg_tensor *t = cg_transpose(x, -2, -1), *p = t ? cg_matmul(x, t) : NULL;
    cg_tensor *eye = p ? cg_eye(n, n, x->dtype, cg_tensor_device(x)) : NULL;
    cg_tensor *a = eye ? cg_add(p, eye, cg_scalar_int(1)) : NULL;
    cg_tensor_release(t), cg_tensor_release(p), cg_tensor_release(eye);
    return a;
}

static cg_tensor *f_cholesky(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *a = spd(in[0]), *r = a ? cg_cholesky(a, s->i[0]) : NULL;
    cg_tensor_release(a);
    return r;
}
bool sample_cholesky(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("lower of [A,B][A,B]^T + I", 1, {IN(3360, false, S_A, S_B)}, f_cholesky);
    case 1: return SAMPLE("upper batched [C,A,B]", 1, {IN(3361, true, S_C, S_A, S_B)}, f_cholesky, .i = {1});
    default: return false;
    }
}

/* cholesky_solve(in[1], cholesky(spd(in[0]), upper i[0]), upper i[0]) */
static cg_tensor *f_cholesky_solve(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *a = spd(in[0]), *u = a ? cg_linalg_cholesky(a, s->i[0]) : NULL;
    cg_tensor *r = u ? cg_cholesky_solve(in[1], u, s->i[0]) : NULL;
    cg_tensor_release(a), cg_tensor_release(u);
    return r;
}
bool sample_cholesky_solve(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("lower [A,A], B [A,B]", 2, {IN(3362, false, S_A, S_A), IN(3363, false, S_A, S_B)}, f_cholesky_solve);
    case 1:
        return SAMPLE("upper batched [C,A,A], B [A,B] broadcast", 2,
                      {IN(3364, true, S_C, S_A, S_A), IN(3365, true, S_A, S_B)}, f_cholesky_solve, .i = {1});
    default: return false;
    }
}

/* cholesky_inverse(cholesky(spd(in[0]), upper i[0]), upper i[0]) */
static cg_tensor *f_cholesky_inverse(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *a = spd(in[0]), *u = a ? cg_linalg_cholesky(a, s->i[0]) : NULL;
    cg_tensor *r = u ? cg_cholesky_inverse(u, s->i[0]) : NULL;
    cg_tensor_release(a), cg_tensor_release(u);
    return r;
}
bool sample_cholesky_inverse(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("lower [A,A]", 1, {IN(3366, false, S_A, S_A)}, f_cholesky_inverse);
    case 1: return SAMPLE("upper batched [C,A,A]", 1, {IN(3367, true, S_C, S_A, S_A)}, f_cholesky_inverse, .i = {1});
    default: return false;
    }
}

/* triangular_solve(in[1], in[0] + 4I, upper i[0], transpose i[1], unit i[2]).solution */
static cg_tensor *f_triangular_solve(cg_tensor *const *in, const cg_sample *s) {
    int64_t n = in[0]->sizes[in[0]->ndim - 1];
    cg_tensor *eye = cg_eye(n, n, in[0]->dtype, cg_tensor_device(in[0]));
    cg_tensor *a = eye ? cg_add(in[0], eye, cg_scalar_int(4)) : NULL, *x = NULL, *m = NULL;
    if (a && cg_triangular_solve(in[1], a, s->i[0], s->i[1], s->i[2], &x, &m) == 0)
        cg_tensor_release(m);
    cg_tensor_release(eye), cg_tensor_release(a);
    return x;
}
bool sample_triangular_solve(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("upper [A,A], B [A,B]", 2, {IN(3370, false, S_A, S_A), IN(3371, false, S_A, S_B)},
                      f_triangular_solve, .i = {1, 0, 0});
    case 1:
        return SAMPLE("lower transposed batched", 2, {IN(3372, true, S_C, S_A, S_A), IN(3373, false, S_A, S_B)},
                      f_triangular_solve, .i = {0, 1, 0});
    case 2:
        return SAMPLE("upper unit", 2, {IN(3374, false, S_A, S_A), IN(3375, false, S_A, S_B)}, f_triangular_solve,
                      .i = {1, 0, 1});
    default: return false;
    }
}

/* cross(in[0], in[1], i[0]) */
static cg_tensor *f_linalg_cross(cg_tensor *const *in, const cg_sample *s) { return cg_linalg_cross(in[0], in[1], s->i[0]); }
bool sample_linalg_cross(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,3] x [A,3] dim -1", 2, {IN(3380, false, S_A, 3), IN(3381, false, S_A, 3)}, f_linalg_cross, .i = {-1});
    case 1:
        return SAMPLE("[3,B] x [3,1] broadcast dim 0", 2, {IN(3382, true, 3, S_B), IN(3383, false, 3, 1)}, f_linalg_cross,
                      .i = {0});
    default: return false;
    }
}
