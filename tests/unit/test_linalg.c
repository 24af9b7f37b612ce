/* test_linalg.c: matrix products as a user meets them: values and result
 * dtypes, matmul's rules and the autograd nodes PyTorch 1.13 records for
 * them, linear and outer, empty shapes, and every error with PyTorch's
 * text. Expected values were printed by PyTorch 1.13. */
#include <cblas.h>
#include <criterion/criterion.h>
#include <math.h>

#include "helpers.h"

/* (arange(numel) + shift) * scale in the given shape */
static cg_tensor *ramp(cg_dtype dt, int ndim, const int64_t *sizes, double shift, double scale) {
    int64_t n = 1;
    for (int d = 0; d < ndim; d++)
        n *= sizes[d];
    double v[256];
    cr_assert(n <= 256);
    for (int64_t i = 0; i < n; i++)
        v[i] = ((double)i + shift) * scale;
    return t_from(dt, ndim, sizes, v);
}
#define RAMP(dt, shift, scale, ...) \
    ramp(dt, (int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]){__VA_ARGS__}, shift, scale)

static cg_tensor *leaf(cg_tensor *t) {
    t->requires_grad = true;
    return t;
}

static void assert_node(const cg_tensor *t, const char *name) {
    cr_assert(t->grad_fn, "no grad_fn, expected %s", name);
    cr_assert_str_eq(t->grad_fn->name, name);
}

/* the node behind input 0 of t's grad_fn */
static const char *next_name(const cg_tensor *t) {
    return t->grad_fn->next[0].node ? t->grad_fn->next[0].node->name : "None";
}

static void release_all(int n, cg_tensor **ts) {
    for (int i = 0; i < n; i++)
        cg_tensor_release(ts[i]);
}

/* a = arange(6).view(2,3), b = arange(12).view(3,4) - 5 */
static const double AB[] = {5, 8, 11, 14, -4, 8, 20, 32};

Test(linalg, mm_values_in_every_dtype) {
    cg_dtype dts[] = {CG_F32, CG_F64, CG_INT32, CG_INT64};
    for (int k = 0; k < 4; k++) {
        cg_tensor *a = RAMP(dts[k], 0, 1, 2, 3), *b = RAMP(dts[k], -5, 1, 3, 4);
        cg_tensor *c = T_OK(cg_mm(a, b));
        cr_assert_eq(c->dtype, dts[k]);
        cr_assert(t_shape_is(c, 2, 2, 4));
        t_assert_values(c, 8, AB, 1e-6);
        cr_assert(!c->grad_fn);
        release_all(3, (cg_tensor *[]){a, b, c});
    }
}

Test(linalg, transposed_operands_give_the_same_product) {
    /* a stored transposed (a .t() view: CblasTrans) and b as a strided copy */
    cg_tensor *a = RAMP(CG_F32, 0, 1, 2, 3), *b = RAMP(CG_F32, -5, 1, 3, 4);
    cg_tensor *at = t_noncontig(a), *bt = t_noncontig(b);
    cg_tensor *c = T_OK(cg_mm(at, bt));
    t_assert_values(c, 8, AB, 1e-6);
    /* a column slice: unit stride in neither dim, copied first */
    cg_tensor *wide = RAMP(CG_F64, 0, 1, 2, 6);
    cg_tensor *cols = T_OK(cg_slice_dim(wide, 1, 0, 6, 2)); /* [[0,2,4],[6,8,10]] = 2a */
    cg_tensor *bd = RAMP(CG_F64, -5, 1, 3, 4);
    cg_tensor *c2 = T_OK(cg_mm(cols, bd));
    double twice[8];
    for (int i = 0; i < 8; i++)
        twice[i] = 2 * AB[i];
    t_assert_values(c2, 8, twice, 1e-9);
    release_all(9, (cg_tensor *[]){a, b, at, bt, c, wide, cols, bd, c2});
}

Test(linalg, integer_overflow_wraps) {
    double big = 4611686018427387904.0; /* 2^62 */
    cg_tensor *a = t_from(CG_INT64, 2, (int64_t[]){1, 1}, (double[]){big});
    cg_tensor *b = t_from(CG_INT64, 2, (int64_t[]){1, 1}, (double[]){4});
    cg_tensor *c = T_OK(cg_mm(a, b));
    cr_assert_eq(*(int64_t *)cg_tensor_data(c), 0);
    release_all(3, (cg_tensor *[]){a, b, c});
}

Test(linalg, addmm_mv_dot_outer_values) {
    cg_tensor *a = RAMP(CG_F32, 0, 1, 2, 3), *b = RAMP(CG_F32, -5, 1, 3, 4);
    cg_tensor *in = t_from(CG_F32, 1, (int64_t[]){4}, (double[]){1, 2, 3, 4});
    cg_tensor *r = T_OK(cg_addmm(in, a, b, cg_scalar_int(2), cg_scalar_float(0.5)));
    t_assert_values(r, 8, (double[]){4.5, 8, 11.5, 15, 0, 8, 16, 24}, 1e-6);
    cg_tensor *ai = RAMP(CG_INT64, 0, 1, 2, 3), *bi = RAMP(CG_INT64, -5, 1, 3, 4);
    cg_tensor *ini = t_from(CG_INT64, 1, (int64_t[]){4}, (double[]){1, 2, 3, 4});
    cg_tensor *ri = T_OK(cg_addmm(ini, ai, bi, cg_scalar_int(2), cg_scalar_int(3)));
    cr_assert_eq(ri->dtype, CG_INT64);
    t_assert_values(ri, 8, (double[]){17, 28, 39, 50, -10, 28, 66, 104}, 0);
    cg_tensor *v = t_from(CG_F32, 1, (int64_t[]){3}, (double[]){1, -1, 2});
    cg_tensor *mv = T_OK(cg_mv(a, v));
    t_assert_values(mv, 2, (double[]){3, 9}, 1e-6);
    cg_tensor *d = T_OK(cg_dot(v, v));
    cr_assert_eq(d->ndim, 0);
    t_assert_values(d, 1, (double[]){6}, 1e-6);
    cg_tensor *w = t_from(CG_INT64, 1, (int64_t[]){2}, (double[]){1, 2});
    cg_tensor *o = T_OK(cg_outer(v, w));
    cr_assert_eq(o->dtype, CG_F32); /* mul's promotion */
    t_assert_values(o, 6, (double[]){1, 2, -1, -2, 2, 4}, 0);
    release_all(12, (cg_tensor *[]){a, b, in, r, ai, bi, ini, ri, v, mv, d, w});
    cg_tensor_release(o);
}

Test(linalg, addmm_beta_zero_ignores_input) {
    cg_tensor *a = RAMP(CG_F32, 0, 1, 2, 3), *b = RAMP(CG_F32, -5, 1, 3, 4);
    cg_tensor *nan = t_from(CG_F32, 1, (int64_t[]){4}, (double[]){NAN, NAN, NAN, NAN});
    cg_tensor *r = T_OK(cg_addmm(nan, a, b, cg_scalar_int(0), cg_scalar_int(1)));
    t_assert_values(r, 8, AB, 1e-6);
    release_all(4, (cg_tensor *[]){a, b, nan, r});
}

Test(linalg, empty_shapes) {
    cg_tensor *a = RAMP(CG_F32, 0, 1, 2, 0), *b = RAMP(CG_F32, 0, 1, 0, 3);
    cg_tensor *z = T_OK(cg_matmul(a, b)); /* k = 0: zeros */
    cr_assert(t_shape_is(z, 2, 2, 3));
    t_assert_values(z, 6, (double[]){0, 0, 0, 0, 0, 0}, 0);
    cg_tensor *in = t_from(CG_F32, 1, (int64_t[]){3}, (double[]){1, 2, 3});
    cg_tensor *r = T_OK(cg_addmm(in, a, b, cg_scalar_int(2), cg_scalar_int(1)));
    t_assert_values(r, 6, (double[]){2, 4, 6, 2, 4, 6}, 0);
    cg_tensor *m0 = RAMP(CG_F32, 0, 1, 0, 3), *b2 = RAMP(CG_F32, 0, 1, 3, 2);
    cg_tensor *e = T_OK(cg_mm(m0, b2)); /* m = 0: empty */
    cr_assert(t_shape_is(e, 2, 0, 2));
    cg_tensor *v0 = RAMP(CG_INT64, 0, 1, 0);
    cg_tensor *d = T_OK(cg_dot(v0, v0));
    t_assert_values(d, 1, (double[]){0}, 0);
    cg_tensor *bb = RAMP(CG_F64, 0, 1, 0, 2, 3), *bc = RAMP(CG_F64, 0, 1, 0, 3, 2);
    cg_tensor *be = T_OK(cg_bmm(bb, bc));
    cr_assert(t_shape_is(be, 3, 0, 2, 2));
    cg_tensor *mz = RAMP(CG_F32, 0, 1, 2, 0), *vz = RAMP(CG_F32, 0, 1, 0);
    cg_tensor *mvz = T_OK(cg_mv(mz, vz));
    t_assert_values(mvz, 2, (double[]){0, 0}, 0);
    release_all(11, (cg_tensor *[]){a, b, z, in, r, m0, b2, e, v0, d, bb});
    release_all(5, (cg_tensor *[]){bc, be, mz, vz, mvz});
}

/* matmul(a, b) on leaves of the given shapes: its shape and the names of
 * its node and of that node's first input */
static void check_matmul(int na, const int64_t *sa, int nb, const int64_t *sb, int nout, const int64_t *sout,
                         const char *node, const char *next) {
    cg_tensor *a = leaf(t_rand(CG_F32, na, sa, -1, 1, 1)), *b = leaf(t_rand(CG_F32, nb, sb, -1, 1, 2));
    cg_tensor *c = T_OK(cg_matmul(a, b));
    cr_assert_eq(c->ndim, nout);
    for (int d = 0; d < nout; d++)
        cr_assert_eq(c->sizes[d], sout[d], "%s: dim %d: %lld", node, d, (long long)c->sizes[d]);
    assert_node(c, node);
    if (next)
        cr_assert_str_eq(next_name(c), next);
    release_all(3, (cg_tensor *[]){a, b, c});
}
#define S(...) \
    (int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]) { __VA_ARGS__ }

Test(linalg, matmul_shapes_and_nodes_follow_pytorch) {
    check_matmul(S(3), S(3), 0, NULL, "DotBackward0", NULL);
    check_matmul(S(2, 3), S(3), S(2), "MvBackward0", NULL);
    check_matmul(S(3), S(3, 2), S(2), "SqueezeBackward3", "MmBackward0");
    check_matmul(S(2, 3), S(3, 2), S(2, 2), "MmBackward0", NULL);
    check_matmul(S(5, 2, 3), S(3, 2), S(5, 2, 2), "UnsafeViewBackward0", "MmBackward0");
    check_matmul(S(5, 2, 3), S(3), S(5, 2), "UnsafeViewBackward0", "MvBackward0");
    check_matmul(S(3), S(5, 3, 2), S(5, 2), "UnsafeViewBackward0", "MvBackward0");
    check_matmul(S(2, 3), S(5, 3, 2), S(5, 2, 2), "CloneBackward0", "TransposeBackward0");
    check_matmul(S(5, 2, 3), S(5, 3, 2), S(5, 2, 2), "UnsafeViewBackward0", "BmmBackward0");
    check_matmul(S(2, 1, 3, 4), S(5, 4, 2), S(2, 5, 3, 2), "UnsafeViewBackward0", "BmmBackward0");
    check_matmul(S(2, 5, 2, 3), S(3), S(2, 5, 2), "UnsafeViewBackward0", "MvBackward0");
    check_matmul(S(3), S(2, 5, 3, 2), S(2, 5, 2), "UnsafeViewBackward0", "MvBackward0");
}

Test(linalg, matmul_of_permuted_batch_uses_bmm) {
    cg_tensor *base = leaf(t_rand(CG_F32, 3, (int64_t[]){5, 3, 2}, -1, 1, 3));
    cg_tensor *a = T_OK(cg_transpose(base, 1, 2));
    cg_tensor *b = t_rand(CG_F32, 2, (int64_t[]){3, 2}, -1, 1, 4);
    cg_tensor *c = T_OK(cg_matmul(a, b));
    assert_node(c, "UnsafeViewBackward0");
    cr_assert_str_eq(next_name(c), "BmmBackward0");
    release_all(4, (cg_tensor *[]){base, a, b, c});
}

Test(linalg, broadcast_matmul_values_and_gradients) {
    /* [2,1,3,4] @ [5,4,2] -> [2,5,3,2]; values from PyTorch */
    cg_tensor *x = leaf(RAMP(CG_F32, 0, 0.1, 2, 1, 3, 4)), *y = leaf(RAMP(CG_F32, -20, 0.1, 5, 4, 2));
    cg_tensor *r = T_OK(cg_matmul(x, y));
    cr_assert(t_shape_is(r, 4, 2, 5, 3, 2));
    const double first[] = {-0.92, -0.86, -3.64, -3.42, -6.36, -5.98};
    for (int i = 0; i < 6; i++)
        cr_assert_float_eq(t_at(r, i), first[i], 1e-5);
    cg_tensor *l = T_OK(cg_sum(r, 0, NULL, false));
    t_assert_values(l, 1, (double[]){-7.8}, 1e-4);
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    cr_assert(t_shape_is(x->grad, 4, 2, 1, 3, 4) && t_shape_is(y->grad, 3, 5, 4, 2));
    /* dL/dx[..,i,k] = sum over the 5 batches and j of y[b,k,j] */
    for (int k = 0; k < 4; k++) {
        double want = 0;
        for (int bb = 0; bb < 5; bb++)
            for (int j = 0; j < 2; j++)
                want += ((double)(bb * 8 + k * 2 + j) - 20) * 0.1;
        cr_assert_float_eq(t_at(x->grad, k), want, 1e-4);
    }
    release_all(4, (cg_tensor *[]){x, y, r, l});
}

Test(linalg, linear_records_what_pytorch_records) {
    cg_tensor *w = leaf(RAMP(CG_F32, 0, 1, 4, 3)),
              *bias = leaf(t_from(CG_F32, 1, (int64_t[]){4}, (double[]){1, 0, 0, -1}));
    cg_tensor *x = leaf(RAMP(CG_F32, 0, 1, 2, 3));
    cg_tensor *y = T_OK(cg_linear(x, w, bias));
    assert_node(y, "AddmmBackward0");
    t_assert_values(y, 8, (double[]){6, 14, 23, 31, 15, 50, 86, 121}, 1e-5);
    cg_tensor *y2 = T_OK(cg_linear(x, w, NULL));
    assert_node(y2, "MmBackward0");
    cg_tensor *x3 = leaf(t_rand(CG_F32, 3, (int64_t[]){5, 2, 3}, -1, 1, 5));
    cg_tensor *y3 = T_OK(cg_linear(x3, w, bias));
    assert_node(y3, "ViewBackward0");
    cr_assert_str_eq(next_name(y3), "AddmmBackward0");
    cg_tensor *y4 = T_OK(cg_linear(x3, w, NULL));
    assert_node(y4, "UnsafeViewBackward0");
    cg_tensor *x1 = leaf(RAMP(CG_F32, 0, 1, 3));
    cg_tensor *y5 = T_OK(cg_linear(x1, w, bias));
    assert_node(y5, "AddBackward0");
    cr_assert(t_shape_is(y5, 1, 4));
    cg_tensor *y6 = T_OK(cg_linear(x1, w, NULL));
    assert_node(y6, "SqueezeBackward3");
    release_all(12, (cg_tensor *[]){w, bias, x, y, y2, x3, y3, y4, x1, y5, y6, NULL});
}

Test(linalg, outer_is_a_mul) {
    cg_tensor *a = leaf(RAMP(CG_F64, 0, 1, 3)), *b = leaf(RAMP(CG_F64, 1, 1, 2));
    cg_tensor *o = T_OK(cg_outer(a, b));
    assert_node(o, "MulBackward0");
    release_all(3, (cg_tensor *[]){a, b, o});
}

Test(linalg, unsafe_view_is_not_a_view) {
    cg_tensor *a = leaf(RAMP(CG_F32, 0, 1, 5, 2, 3)), *b = leaf(RAMP(CG_F32, 0, 1, 3, 2));
    cg_tensor *c = T_OK(cg_matmul(a, b));
    cr_assert(!c->base);
    cg_tensor *one = cg_scalar_tensor(cg_scalar_int(1));
    T_RC(cg_add_(c, one, cg_scalar_int(1)));
    assert_node(c, "AddBackward0");
    release_all(4, (cg_tensor *[]){a, b, c, one});
}

Test(linalg, errors_read_as_pytorch_writes_them) {
    cg_tensor *m23 = RAMP(CG_F32, 0, 1, 2, 3), *m23d = RAMP(CG_F64, 0, 1, 2, 3), *v3 = RAMP(CG_F32, 0, 1, 3);
    cg_tensor *v4 = RAMP(CG_F32, 0, 1, 4), *v3d = RAMP(CG_F64, 0, 1, 3), *b223 = RAMP(CG_F32, 0, 1, 2, 2, 3);
    cg_tensor *m32d = RAMP(CG_F64, 0, 1, 3, 2);
    cg_tensor *m32i = RAMP(CG_INT32, 0, 1, 3, 2), *m23l = RAMP(CG_INT64, 0, 1, 2, 3);
    cg_tensor *s = cg_scalar_tensor(cg_scalar_float(1)), *bias3 = RAMP(CG_F32, 0, 1, 3);
    cg_tensor *bl = t_from(CG_BOOL, 2, (int64_t[]){2, 2}, (double[]){1, 0, 1, 1});
    cg_tensor *bl3 = t_from(CG_BOOL, 3, (int64_t[]){1, 2, 2}, (double[]){1, 0, 1, 1});
    cg_tensor *blv = t_from(CG_BOOL, 1, (int64_t[]){2}, (double[]){1, 0});
    cg_tensor *b332 = RAMP(CG_F32, 0, 1, 3, 3, 2), *v2 = RAMP(CG_F32, 0, 1, 2), *m34 = RAMP(CG_F32, 0, 1, 3, 4);
    cg_tensor *m22 = RAMP(CG_F32, 0, 1, 2, 2), *m32 = RAMP(CG_F32, 0, 1, 3, 2), *b532 = RAMP(CG_F32, 0, 1, 5, 3, 2);
    cg_tensor *b2532 = RAMP(CG_F32, 0, 1, 2, 5, 3, 2), *m42 = RAMP(CG_F32, 0, 1, 4, 2), *m43 = RAMP(CG_F32, 0, 1, 4, 3);
    const int E = CG_RUNTIME_ERROR;
    T_ERR(cg_mm(m23, m23), E, "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
    T_ERR(cg_mm(v3, m23), E, "self must be a matrix");
    T_ERR(cg_mm(m23, v3), E, "mat2 must be a matrix");
    T_ERR(cg_mm(m23, m32d), E, "expected scalar type Float but found Double");
    T_ERR(cg_mm(m23l, m32i), E, "expected scalar type Long but found Int");
    T_ERR(cg_mm(bl, bl), E, "\"addmm_impl_cpu_\" not implemented for 'Bool'");
    T_ERR(cg_bmm(b223, b223), E,
          "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 2].");
    T_ERR(cg_bmm(b223, b332), E,
          "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3].");
    T_ERR(cg_bmm(m23, b332), E, "batch1 must be a 3D tensor");
    T_ERR(cg_bmm(b223, m23), E, "batch2 must be a 3D tensor");
    T_ERR(cg_bmm(bl3, bl3), E, "\"bmm\" not implemented for 'Bool'");
    T_ERR(cg_mv(m23, v2), E, "size mismatch, got 2, 2x3,2");
    T_ERR(cg_mv(v3, v3), E, "vector + matrix @ vector expected, got 1, 1, 1");
    T_ERR(cg_mv(m23, v3d), E, "expected scalar type Float but found Double");
    T_ERR(cg_mv(bl, blv), E, "\"addmv_impl_cpu\" not implemented for 'Bool'");
    T_ERR(cg_dot(v3, v4), E,
          "inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, but got 3 "
          "and 4 elements respectively");
    T_ERR(cg_dot(m23, v3), E, "1D tensors expected, but got 2D and 1D tensors");
    T_ERR(cg_dot(v3, v3d), E, "dot : expected both vectors to have same dtype, but found Float and Double");
    T_ERR(cg_dot(blv, blv), E, "\"dot\" not implemented for 'Bool'");
    T_ERR(cg_addmm(v4, m23, m23, cg_scalar_int(1), cg_scalar_int(1)), E,
          "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
    T_ERR(cg_addmm(v4, m23d, m32d, cg_scalar_int(1), cg_scalar_int(1)), E, "self and mat2 must have the same dtype");
    T_ERR(cg_addmm(v4, m23d, m34, cg_scalar_int(1), cg_scalar_int(1)), E, "mat1 and mat2 must have the same dtype");
    T_ERR(cg_addmm(v4, v3, m34, cg_scalar_int(1), cg_scalar_int(1)), E, "mat1 must be a matrix, got 1-D tensor");
    T_ERR(cg_addmm(bias3, m23, m34, cg_scalar_int(1), cg_scalar_int(1)), E,
          "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  "
          "Target sizes: [2, 4].  Tensor sizes: [3]");
    T_ERR(cg_matmul(s, m23), E, "both arguments to matmul need to be at least 1D, but they are 0D and 2D");
    T_ERR(cg_matmul(v3, s), E, "both arguments to matmul need to be at least 1D, but they are 1D and 0D");
    T_ERR(cg_matmul(m23, m32d), E, "expected scalar type Float but found Double");
    T_ERR(cg_matmul(v2, v3), E,
          "inconsistent tensor size, expected tensor [2] and src [3] to have the same number of elements, but got 2 "
          "and 3 elements respectively");
    T_ERR(cg_matmul(v3, m22), E, "mat1 and mat2 shapes cannot be multiplied (1x3 and 2x2)");
    T_ERR(cg_matmul(m32, v3), E, "size mismatch, got 3, 3x2,3");
    T_ERR(cg_matmul(m32, b532), E, "mat1 and mat2 shapes cannot be multiplied (10x3 and 2x3)");
    T_ERR(cg_matmul(b2532, v3), E, "size mismatch, got 30, 30x2,3");
    T_ERR(cg_matmul(b223, b223), E,
          "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 2].");
    T_ERR(cg_matmul(b223, b332), E,
          "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0");
    T_ERR(cg_linear(m23, m42, NULL), E, "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x4)");
    T_ERR(cg_linear(m23, b223, NULL), E, "t() expects a tensor with <= 2 dimensions, but self is 3D");
    T_ERR(cg_linear(s, m43, NULL), E, "both arguments to matmul need to be at least 1D, but they are 0D and 2D");
    T_ERR(cg_outer(m23, v3), E, "outer: Expected 1-D argument self, but got 2-D");
    T_ERR(cg_outer(v3, s), E, "outer: Expected 1-D argument vec2, but got 0-D");
    release_all(12, (cg_tensor *[]){m23, m23d, v3, v4, v3d, b223, b332, m32d, m32i, m23l, s, bias3});
    release_all(3, (cg_tensor *[]){bl, bl3, blv});
    release_all(8, (cg_tensor *[]){v2, m34, m22, m32, b532, b2532, m42, m43});
}

/* a @ b for a batched operand equals, batch by batch, the 1-d/2-d product */
static void check_batches(int na, const int64_t *sa, int nb, const int64_t *sb) {
    cg_tensor *a = t_rand(CG_F64, na, sa, -1, 1, 7), *b = t_rand(CG_F64, nb, sb, -1, 1, 8);
    cg_tensor *c = T_OK(cg_matmul(a, b));
    bool left = na >= 3, right = nb >= 3;
    for (int64_t i = 0; i < (left ? a : b)->sizes[0]; i++) {
        cg_tensor *x = left ? T_OK(cg_select(a, 0, i)) : cg_tensor_retain(a);
        cg_tensor *y = right ? T_OK(cg_select(b, 0, i)) : cg_tensor_retain(b);
        cg_tensor *want = T_OK(cg_matmul(x, y)), *got = T_OK(cg_select(c, 0, i));
        t_assert_close(got, want, 1e-12, 1e-12);
        release_all(4, (cg_tensor *[]){x, y, want, got});
    }
    release_all(3, (cg_tensor *[]){a, b, c});
}

Test(linalg, folded_and_batched_products_match_per_batch_products) {
    check_batches(S(5, 2, 3), S(3, 2));
    check_batches(S(5, 2, 3), S(3));
    check_batches(S(3), S(5, 3, 2));
    check_batches(S(2, 3), S(5, 3, 2));
    check_batches(S(4, 5, 2, 3), S(3, 2));
    check_batches(S(2), S(4, 5, 2, 3));
    check_batches(S(5, 2, 3), S(5, 3, 4));
}

/* storages allocated while running f(a, b) */
static int64_t allocations(cg_tensor *(*f)(cg_tensor *, cg_tensor *), cg_tensor *a, cg_tensor *b) {
    cg_device_stats before, after;
    cg_cpu_memory_stats(&before);
    cg_tensor *c = T_OK(f(a, b));
    cg_cpu_memory_stats(&after);
    cg_tensor_release(c);
    return after.stat[CG_STAT_ALLOCATION][CG_POOL_ALL].allocated
           - before.stat[CG_STAT_ALLOCATION][CG_POOL_ALL].allocated;
}

Test(linalg, transposed_views_reach_blas_without_a_copy) {
    cg_tensor *a = RAMP(CG_F32, 0, 1, 3, 2), *b = RAMP(CG_F32, 0, 1, 3, 4);
    cg_tensor *at = T_OK(cg_t(a)), *bt = T_OK(cg_t(b)); /* [2,3] and [4,3], unit stride in dim 0 */
    cr_assert_eq(allocations(cg_mm, at, b), 1);         /* the output only */
    cg_tensor *m24 = RAMP(CG_F32, 0, 1, 2, 4);
    cr_assert_eq(allocations(cg_mm, m24, bt), 1);
    cg_tensor *b3 = RAMP(CG_F64, 0, 1, 2, 4, 3), *a3 = RAMP(CG_F64, 0, 1, 2, 2, 3);
    cg_tensor *b3t = T_OK(cg_transpose(b3, 1, 2));
    cr_assert_eq(allocations(cg_bmm, a3, b3t), 1);
    /* a column slice has a unit stride in neither dim: copied first */
    cg_tensor *wide = RAMP(CG_F32, 0, 1, 2, 6), *cols = T_OK(cg_slice_dim(wide, 1, 0, 6, 2));
    cr_assert_eq(allocations(cg_mm, cols, b), 2);
    release_all(10, (cg_tensor *[]){a, b, at, bt, m24, b3, a3, b3t, wide, cols});
}

Test(linalg, derivatives_are_differentiable) {
    /* L = sum(x @ w): dL/dx = w^T; M = sum(dL/dx ^ 2) = |w|^2, dM/dw = 2w */
    cg_tensor *x = leaf(t_from(CG_F64, 2, (int64_t[]){1, 2}, (double[]){1, 2}));
    cg_tensor *w = leaf(t_from(CG_F64, 2, (int64_t[]){2, 1}, (double[]){3, -4}));
    cg_tensor *y = T_OK(cg_matmul(x, w)), *l = T_OK(cg_sum(y, 0, NULL, false));
    cg_tensor *gx = NULL;
    T_RC(cg_autograd_grad(1, &l, NULL, 1, &x, true, true, false, &gx));
    cr_assert(gx->grad_fn, "the gradient of x has no history under create_graph");
    t_assert_values(gx, 2, (double[]){3, -4}, 1e-12);
    cg_tensor *sq = T_OK(cg_mul(gx, gx)), *m = T_OK(cg_sum(sq, 0, NULL, false));
    cg_tensor *gw = NULL;
    T_RC(cg_autograd_grad(1, &m, NULL, 1, &w, false, false, false, &gw));
    t_assert_values(gw, 2, (double[]){6, -8}, 1e-12);
    release_all(8, (cg_tensor *[]){x, w, y, l, gx, sq, m, gw});
}

/* f(a, b) in float32 against the same in float64, rounded */
static void check_f32_against_f64(cg_tensor *(*f)(cg_tensor *, cg_tensor *), cg_tensor *a, cg_tensor *b) {
    cg_tensor *a64 = T_OK(cg_to_dtype(a, CG_F64)), *b64 = T_OK(cg_to_dtype(b, CG_F64));
    cg_tensor *got = T_OK(f(a, b)), *want64 = T_OK(f(a64, b64)), *want = T_OK(cg_to_dtype(want64, CG_F32));
    t_assert_close(got, want, 1e-4, 1e-4);
    release_all(5, (cg_tensor *[]){a64, b64, got, want64, want});
}

static cg_tensor *f_mm(cg_tensor *a, cg_tensor *b) { return cg_mm(a, b); }
static cg_tensor *f_mm_bt(cg_tensor *a, cg_tensor *b) { /* a @ b.t(), b a weight */
    cg_tensor *bt = T_OK(cg_t(b)), *out = cg_mm(a, bt);
    cg_tensor_release(bt);
    return out;
}
static cg_tensor *f_mm_at(cg_tensor *a, cg_tensor *b) { /* a.t() @ b, a weight gradient */
    cg_tensor *at = T_OK(cg_t(a)), *out = cg_mm(at, b);
    cg_tensor_release(at);
    return out;
}
static cg_tensor *f_linear(cg_tensor *a, cg_tensor *w) { /* addmm with a bias of ones */
    cg_tensor *bias = T_OK(cg_ones(1, &w->sizes[0], w->dtype, cg_device_cpu())), *out = cg_linear(a, w, bias);
    cg_tensor_release(bias);
    return out;
}

/* Large skinny products, each operand layout of linear and its
 * derivatives, at one BLAS thread: one BLAS call each, the product. */
Test(linalg, large_skinny_products_match_float64) {
    int threads = openblas_get_num_threads();
    openblas_set_num_threads(1);
    cg_tensor *x = t_rand(CG_F32, 2, (int64_t[]){3000, 64}, -1, 1, 1);
    cg_tensor *g = t_rand(CG_F32, 2, (int64_t[]){3000, 64}, -1, 1, 2);
    cg_tensor *x2 = t_rand(CG_F32, 2, (int64_t[]){3000, 2}, -1, 1, 3);
    cg_tensor *w = t_rand(CG_F32, 2, (int64_t[]){64, 64}, -1, 1, 4);
    check_f32_against_f64(f_mm, g, w);     /* rows of A and C */
    check_f32_against_f64(f_mm_bt, x, w);  /* a copy of w^T, then rows */
    check_f32_against_f64(f_linear, x, w); /* the same with beta 1 */
    check_f32_against_f64(f_mm_at, g, x);  /* blocks of the inner dim */
    check_f32_against_f64(f_mm_at, g, x2);
    release_all(4, (cg_tensor *[]){x, g, x2, w});
    openblas_set_num_threads(threads);
}
