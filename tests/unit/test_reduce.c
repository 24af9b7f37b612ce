/* test_reduce.c: reductions as a user meets them: values, result dtypes
 * and shapes, node names, gradients PyTorch gives in the awkward cases
 * (ties, zeros, zero norms), empty and 0-d inputs, PyTorch's errors, and the
 * threaded and row-by-row paths of reduce_iter checked against plain sums.
 * Expected values were printed by PyTorch 1.13. */
#include <criterion/criterion.h>
#include <math.h>

#include "helpers.h"

static cg_tensor *vec(cg_dtype dt, int n, const double *v) { return T_OK(t_from(dt, 1, (int64_t[]){n}, v)); }
static cg_tensor *mat(cg_dtype dt, int r, int c, const double *v) { return T_OK(t_from(dt, 2, (int64_t[]){r, c}, v)); }
static cg_tensor *leaf_of(cg_tensor *t) {
    t->requires_grad = true;
    return t;
}
/* x = [[1, 2, 3], [4, 5, 7]] */
static cg_tensor *x23(cg_dtype dt) { return mat(dt, 2, 3, (double[]){1, 2, 3, 4, 5, 7}); }
static cg_tensor *empty03(void) { return T_OK(cg_zeros(2, (int64_t[]){0, 3}, CG_F32, cg_device_cpu())); }

/* y.backward(w); takes w */
static void backward_with(cg_tensor *y, cg_tensor *w) {
    T_RC(cg_autograd_backward(1, &y, w ? &w : NULL, false, false));
    cg_tensor_release(w);
}

static const int64_t D0 = 0, D1 = 1;

/* ---- sum / mean / prod ------------------------------------------------------------- */

Test(reduce, sum_dtypes_and_names) {
    cg_tensor *i = x23(CG_INT32), *b = vec(CG_BOOL, 3, (double[]){1, 0, 1});
    cg_tensor *si = T_OK(cg_sum(i, 0, NULL, false)), *sb = T_OK(cg_sum(b, 0, NULL, false));
    cr_assert_eq(si->dtype, CG_INT64);
    cr_assert_eq(sb->dtype, CG_INT64);
    cr_assert_eq(t_at(si, 0), 22);
    cr_assert_eq(t_at(sb, 0), 2);
    cg_tensor *x = leaf_of(x23(CG_F32));
    cg_tensor *all = T_OK(cg_sum(x, 0, NULL, false)), *d = T_OK(cg_sum(x, 1, &D1, false));
    cr_assert_str_eq(all->grad_fn->name, "SumBackward0");
    cr_assert_str_eq(d->grad_fn->name, "SumBackward1");
    t_assert_values(d, 2, (double[]){6, 16}, 1e-6);
    cg_tensor *e = empty03(), *se = T_OK(cg_sum(e, 0, NULL, false));
    cr_assert(t_shape_is(se, 0));
    cr_assert_eq(t_at(se, 0), 0);
    cg_tensor_release(i), cg_tensor_release(b), cg_tensor_release(si), cg_tensor_release(sb);
    cg_tensor_release(x), cg_tensor_release(all), cg_tensor_release(d), cg_tensor_release(e), cg_tensor_release(se);
}

Test(reduce, mean_values_names_and_dtype_errors) {
    cg_tensor *x = leaf_of(x23(CG_F64));
    cg_tensor *m0 = T_OK(cg_mean(x, 1, &D0, false)), *m = T_OK(cg_mean(x, 0, NULL, false));
    t_assert_values(m0, 3, (double[]){2.5, 3.5, 5}, 1e-12);
    cr_assert_float_eq(t_at(m, 0), 22.0 / 6, 1e-12);
    cr_assert_str_eq(m->grad_fn->name, "MeanBackward0");
    cr_assert_str_eq(m0->grad_fn->name, "MeanBackward1");
    backward_with(m, NULL);
    t_assert_values(x->grad, 6, (double[]){1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6}, 1e-12);
    cg_tensor *i = x23(CG_INT64), *b = vec(CG_BOOL, 2, (double[]){1, 0});
    T_ERR(cg_mean(i, 0, NULL, false), CG_RUNTIME_ERROR,
          "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
          "Got: Long");
    T_ERR(cg_mean(b, 1, &D0, false), CG_RUNTIME_ERROR,
          "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
          "Got: Bool");
    cg_tensor *e = empty03(), *me = T_OK(cg_mean(e, 0, NULL, false)), *me0 = T_OK(cg_mean(e, 1, &D0, false));
    cr_assert(isnan(t_at(me, 0)));
    cr_assert(t_shape_is(me0, 1, 3L) && isnan(t_at(me0, 2)));
    cg_tensor_release(x), cg_tensor_release(m0), cg_tensor_release(m), cg_tensor_release(i), cg_tensor_release(b);
    cg_tensor_release(e), cg_tensor_release(me), cg_tensor_release(me0);
}

Test(reduce, prod_values_dtypes_and_gradient_with_zeros) {
    cg_tensor *x = x23(CG_F64), *p0 = T_OK(cg_prod(x, 1, &D0, false));
    t_assert_values(p0, 3, (double[]){4, 10, 21}, 0);
    cg_tensor *i = x23(CG_INT32), *pi = T_OK(cg_prod(i, 0, NULL, false));
    cr_assert_eq(pi->dtype, CG_INT64);
    cr_assert_eq(t_at(pi, 0), 840);
    cg_tensor *e = empty03(), *pe = T_OK(cg_prod(e, 0, NULL, false)), *pe0 = T_OK(cg_prod(e, 1, &D0, false));
    cr_assert_eq(t_at(pe, 0), 1);
    t_assert_values(pe0, 3, (double[]){1, 1, 1}, 0);
    /* one zero in row 0, two in row 1, none in row 2 */
    cg_tensor *z = leaf_of(mat(CG_F32, 3, 3, (double[]){2, 0, 3, 0, 0, 1, 1, 2, 3}));
    cg_tensor *pz = T_OK(cg_prod(z, 1, &D1, false));
    cr_assert_str_eq(pz->grad_fn->name, "ProdBackward1");
    cg_tensor *l = T_OK(cg_sum(pz, 0, NULL, false));
    backward_with(l, NULL);
    t_assert_values(z->grad, 9, (double[]){0, 6, 0, 0, 0, 0, 6, 3, 2}, 1e-6);
    cg_tensor *z2 = leaf_of(vec(CG_F32, 3, (double[]){2, 0, 3}));
    cg_tensor *pz2 = T_OK(cg_prod(z2, 0, NULL, false));
    cr_assert_str_eq(pz2->grad_fn->name, "ProdBackward0");
    backward_with(pz2, NULL);
    t_assert_values(z2->grad, 3, (double[]){0, 6, 0}, 1e-6);
    cg_tensor_release(x), cg_tensor_release(p0), cg_tensor_release(i), cg_tensor_release(pi), cg_tensor_release(e);
    cg_tensor_release(pe), cg_tensor_release(pe0), cg_tensor_release(z), cg_tensor_release(pz), cg_tensor_release(l);
    cg_tensor_release(z2), cg_tensor_release(pz2);
}

/* ---- max / min / argmax / argmin ----------------------------------------------------------- */

Test(reduce, max_all_dims_splits_gradient_among_ties) {
    cg_tensor *x = leaf_of(vec(CG_F32, 4, (double[]){1, 3, 3, 2}));
    cg_tensor *m = T_OK(cg_max(x));
    cr_assert(t_shape_is(m, 0));
    cr_assert_eq(t_at(m, 0), 3);
    cr_assert_str_eq(m->grad_fn->name, "MaxBackward1");
    backward_with(m, NULL);
    t_assert_values(x->grad, 4, (double[]){0, 0.5, 0.5, 0}, 1e-7);
    cg_tensor *n = T_OK(cg_min(x));
    cr_assert_str_eq(n->grad_fn->name, "MinBackward1");
    cr_assert_eq(t_at(n, 0), 1);
    cg_tensor *nan = vec(CG_F64, 3, (double[]){1, NAN, 3});
    cg_tensor *mn = T_OK(cg_max(nan)), *an = T_OK(cg_argmax(nan, NULL, false)), *mi = T_OK(cg_min(nan));
    cr_assert(isnan(t_at(mn, 0)) && isnan(t_at(mi, 0)));
    cr_assert_eq(t_at(an, 0), 1);
    cg_tensor_release(x), cg_tensor_release(m), cg_tensor_release(n), cg_tensor_release(nan);
    cg_tensor_release(mn), cg_tensor_release(an), cg_tensor_release(mi);
}

Test(reduce, max_dim_returns_values_and_first_index) {
    cg_tensor *x = leaf_of(vec(CG_F32, 4, (double[]){1, 3, 3, 2}));
    cg_tensor *v, *i;
    T_RC(cg_max_dim(x, 0, false, &v, &i));
    cr_assert_str_eq(v->grad_fn->name, "MaxBackward0");
    cr_assert(i->grad_fn == NULL && !i->requires_grad);
    cr_assert_eq(i->dtype, CG_INT64);
    cr_assert_eq(t_at(v, 0), 3);
    cr_assert_eq(t_at(i, 0), 1);
    backward_with(v, NULL);
    t_assert_values(x->grad, 4, (double[]){0, 1, 0, 0}, 0);
    cg_tensor_release(v), cg_tensor_release(i);
    /* over dim 0 of a matrix, keepdim, int32 keeps its dtype */
    cg_tensor *m = mat(CG_INT32, 2, 3, (double[]){1, 9, 3, 4, 5, 3});
    T_RC(cg_min_dim(m, -2, true, &v, &i));
    cr_assert(t_shape_is(v, 2, 1L, 3L) && t_shape_is(i, 2, 1L, 3L));
    cr_assert_eq(v->dtype, CG_INT32);
    t_assert_values(v, 3, (double[]){1, 5, 3}, 0);
    t_assert_values(i, 3, (double[]){0, 1, 0}, 0);
    cg_tensor_release(v), cg_tensor_release(i);
    /* a 0-d input over dim 0 */
    cg_tensor *s = leaf_of(T_OK(cg_full(0, NULL, cg_scalar_float(3), CG_F32, cg_device_cpu())));
    T_RC(cg_max_dim(s, 0, false, &v, &i));
    cr_assert(t_shape_is(v, 0) && t_at(v, 0) == 3 && t_at(i, 0) == 0);
    backward_with(v, NULL);
    cr_assert_eq(t_at(s->grad, 0), 1);
    cg_tensor_release(v), cg_tensor_release(i), cg_tensor_release(s);
    cg_tensor_release(x), cg_tensor_release(m);
}

Test(reduce, max_of_bool_and_empty_errors) {
    cg_tensor *b = vec(CG_BOOL, 2, (double[]){1, 0}), *mb = T_OK(cg_max(b));
    cr_assert_eq(mb->dtype, CG_BOOL);
    cr_assert_eq(t_at(mb, 0), 1);
    T_ERR(cg_argmax(b, NULL, false), CG_RUNTIME_ERROR, "\"argmax_cpu\" not implemented for 'Bool'");
    cg_tensor *e = empty03();
    T_ERR(cg_max(e), CG_RUNTIME_ERROR,
          "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with "
          "the 'dim' argument.");
    T_ERR(cg_min(e), CG_RUNTIME_ERROR,
          "min(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with "
          "the 'dim' argument.");
    T_ERR(cg_argmax(e, NULL, false), CG_INDEX_ERROR,
          "argmax(): Expected reduction dim to be specified for input.numel() == 0.");
    T_ERR(cg_argmin(e, NULL, false), CG_INDEX_ERROR,
          "argmin(): Expected reduction dim to be specified for input.numel() == 0.");
    cg_tensor *v = NULL, *i = NULL;
    T_ERR(cg_max_dim(e, 0, false, &v, &i), CG_INDEX_ERROR, "max(): Expected reduction dim 0 to have non-zero size.");
    int64_t m1 = -2;
    T_ERR(cg_argmin(e, &m1, false), CG_INDEX_ERROR, "argmin(): Expected reduction dim 0 to have non-zero size.");
    /* reducing the non-empty dim of an empty tensor is fine */
    cg_tensor *e2 = T_OK(cg_zeros(2, (int64_t[]){2, 0}, CG_F32, cg_device_cpu()));
    T_ERR(cg_argmax(e2, &D1, false), CG_INDEX_ERROR, "argmax(): Expected reduction dim 1 to have non-zero size.");
    cg_tensor *a0 = T_OK(cg_argmax(e, &D1, false));
    cr_assert(t_shape_is(a0, 1, 0L));
    cg_tensor_release(b), cg_tensor_release(mb), cg_tensor_release(e), cg_tensor_release(e2), cg_tensor_release(a0);
}

Test(reduce, argmax_argmin_shapes_and_ties) {
    cg_tensor *m = mat(CG_INT64, 2, 2, (double[]){3, 1, 1, 3});
    cg_tensor *a = T_OK(cg_argmax(m, NULL, false)), *ak = T_OK(cg_argmax(m, NULL, true));
    cg_tensor *n1 = T_OK(cg_argmin(m, &D1, false)), *n1k = T_OK(cg_argmin(m, &D1, true));
    cr_assert(t_shape_is(a, 0) && t_at(a, 0) == 0 && a->dtype == CG_INT64);
    cr_assert(t_shape_is(ak, 2, 1L, 1L));
    cr_assert(t_shape_is(n1, 1, 2L) && t_shape_is(n1k, 2, 2L, 1L));
    t_assert_values(n1, 2, (double[]){1, 0}, 0);
    cg_tensor *x = leaf_of(x23(CG_F32)), *ax = T_OK(cg_argmax(x, &D0, false));
    cr_assert(ax->grad_fn == NULL && !ax->requires_grad);
    t_assert_values(ax, 3, (double[]){1, 1, 1}, 0);
    cg_tensor *f = T_OK(cg_argmin(x, NULL, false));
    cr_assert_eq(t_at(f, 0), 0);
    cg_tensor *nc = T_OK(t_noncontig(x)), *anc = T_OK(cg_argmax(nc, NULL, false));
    cr_assert_eq(t_at(anc, 0), 5); /* the flat index in the tensor's own row-major order */
    cg_tensor_release(m), cg_tensor_release(a), cg_tensor_release(ak), cg_tensor_release(n1), cg_tensor_release(n1k);
    cg_tensor_release(x), cg_tensor_release(ax), cg_tensor_release(f), cg_tensor_release(nc), cg_tensor_release(anc);
}

/* ---- var / std / norm / logsumexp ---------------------------------------------------------------- */

Test(reduce, var_std_corrections_and_names) {
    cg_tensor *x = leaf_of(x23(CG_F64));
    cg_tensor *v = T_OK(cg_var(x, 0, NULL, 1, false)), *v1 = T_OK(cg_var(x, 1, &D1, 1, false));
    cg_tensor *s0 = T_OK(cg_std(x, 1, &D0, 0, true));
    cr_assert_float_eq(t_at(v, 0), 4.666666666666667, 1e-12);
    t_assert_values(v1, 2, (double[]){1, 2.333333333333333}, 1e-12);
    cr_assert(t_shape_is(s0, 2, 1L, 3L));
    t_assert_values(s0, 3, (double[]){1.5, 1.5, 2}, 1e-12);
    cr_assert_str_eq(v->grad_fn->name, "VarBackward0");
    cr_assert_str_eq(v1->grad_fn->name, "VarBackward0");
    cr_assert_str_eq(s0->grad_fn->name, "StdBackward0");
    /* one element with correction 1: nan; a correction past N: inf */
    cg_tensor *one = vec(CG_F32, 1, (double[]){1}), *two = vec(CG_F32, 2, (double[]){1, 2});
    cg_tensor *v_one = T_OK(cg_var(one, 0, NULL, 1, false)), *v_big = T_OK(cg_var(two, 1, &D0, 3, false));
    cr_assert(isnan(t_at(v_one, 0)));
    cr_assert(isinf(t_at(v_big, 0)));
    cg_tensor *i = x23(CG_INT64);
    T_ERR(cg_var(i, 0, NULL, 1, false), CG_RUNTIME_ERROR, "std and var only support floating point and complex dtypes");
    T_ERR(cg_std(i, 1, &D0, 1, false), CG_RUNTIME_ERROR, "std and var only support floating point and complex dtypes");
    /* std of constant values: a zero std has a zero gradient, not nan */
    cg_tensor *c = leaf_of(T_OK(cg_zeros(1, (int64_t[]){3}, CG_F32, cg_device_cpu())));
    cg_tensor *sc = T_OK(cg_std(c, 0, NULL, 1, false));
    backward_with(sc, NULL);
    t_assert_values(c->grad, 3, (double[]){0, 0, 0}, 0);
    cg_tensor *e = empty03(), *ve = T_OK(cg_var(e, 0, NULL, 1, false));
    cr_assert(isnan(t_at(ve, 0)));
    cg_tensor_release(x), cg_tensor_release(v), cg_tensor_release(v1), cg_tensor_release(s0), cg_tensor_release(one);
    cg_tensor_release(two), cg_tensor_release(v_one), cg_tensor_release(v_big), cg_tensor_release(i);
    cg_tensor_release(c), cg_tensor_release(sc), cg_tensor_release(e), cg_tensor_release(ve);
}

Test(reduce, norm_orders_and_gradients) {
    cg_tensor *x = x23(CG_F64);
    cg_tensor *n2 = T_OK(cg_norm(x, 2, 0, NULL, false)), *n1 = T_OK(cg_norm(x, 1, 1, &D1, false));
    cg_tensor *ni = T_OK(cg_norm(x, INFINITY, 1, &D0, true));
    cr_assert_float_eq(t_at(n2, 0), sqrt(104.0), 1e-12);
    t_assert_values(n1, 2, (double[]){6, 16}, 0);
    cr_assert(t_shape_is(ni, 2, 1L, 3L));
    t_assert_values(ni, 3, (double[]){4, 5, 7}, 0);
    /* the inf norm's gradient is split among ties with the sign of x */
    cg_tensor *t = leaf_of(vec(CG_F32, 3, (double[]){1, -3, 3}));
    cg_tensor *nt = T_OK(cg_norm(t, INFINITY, 0, NULL, false));
    cr_assert_str_eq(nt->grad_fn->name, "NormBackward1");
    backward_with(nt, NULL);
    t_assert_values(t->grad, 3, (double[]){0, -0.5, 0.5}, 1e-7);
    /* the 1-norm's gradient is 0 at 0; the 2-norm of zeros has a zero gradient */
    cg_tensor *t0 = leaf_of(vec(CG_F32, 2, (double[]){0, 1})), *n10 = T_OK(cg_norm(t0, 1, 0, NULL, false));
    backward_with(n10, NULL);
    t_assert_values(t0->grad, 2, (double[]){0, 1}, 0);
    cg_tensor *z = leaf_of(T_OK(cg_zeros(1, (int64_t[]){3}, CG_F32, cg_device_cpu())));
    cg_tensor *nz = T_OK(cg_norm(z, 2, 0, NULL, false));
    backward_with(nz, NULL);
    t_assert_values(z->grad, 3, (double[]){0, 0, 0}, 0);
    cg_tensor *i = x23(CG_INT64);
    T_ERR(cg_norm(i, 2, 0, NULL, false), CG_RUNTIME_ERROR,
          "norm(): input dtype should be either floating point or complex. Got Long instead.");
    cg_tensor *e = empty03(), *ne = T_OK(cg_norm(e, 2, 0, NULL, false)),
              *nie = T_OK(cg_norm(e, INFINITY, 0, NULL, false));
    cr_assert(t_at(ne, 0) == 0 && t_at(nie, 0) == 0);
    cg_tensor_release(x), cg_tensor_release(n2), cg_tensor_release(n1), cg_tensor_release(ni), cg_tensor_release(t);
    cg_tensor_release(nt), cg_tensor_release(t0), cg_tensor_release(n10), cg_tensor_release(z), cg_tensor_release(nz);
    cg_tensor_release(i), cg_tensor_release(e), cg_tensor_release(ne), cg_tensor_release(nie);
}

Test(reduce, logsumexp_is_stable) {
    cg_tensor *x = leaf_of(x23(CG_F64)), *l = T_OK(cg_logsumexp(x, 1, &D1, false));
    cr_assert_str_eq(l->grad_fn->name, "LogsumexpBackward0");
    t_assert_values(l, 2, (double[]){log(exp(1) + exp(2) + exp(3)), log(exp(4) + exp(5) + exp(7))}, 1e-12);
    cg_tensor *big = vec(CG_F32, 2, (double[]){1000, 1000}), *lb = T_OK(cg_logsumexp(big, 1, &D0, false));
    cr_assert_float_eq(t_at(lb, 0), 1000.6931, 1e-3);
    cg_tensor *ninf = vec(CG_F32, 2, (double[]){-INFINITY, -INFINITY}), *pinf = vec(CG_F32, 2, (double[]){INFINITY, 1});
    cg_tensor *ln = T_OK(cg_logsumexp(ninf, 1, &D0, false)), *lp = T_OK(cg_logsumexp(pinf, 1, &D0, false));
    cr_assert(isinf(t_at(ln, 0)) && t_at(ln, 0) < 0);
    cr_assert(isinf(t_at(lp, 0)) && t_at(lp, 0) > 0);
    cg_tensor *i = x23(CG_INT64), *li = T_OK(cg_logsumexp(i, 1, &D0, false));
    cr_assert_eq(li->dtype, CG_F32);
    cg_tensor *e = empty03(), *le = T_OK(cg_logsumexp(e, 1, &D0, false));
    cr_assert(t_shape_is(le, 1, 3L) && isinf(t_at(le, 0)));
    /* gradient: softmax of the row */
    backward_with(l, T_OK(cg_ones(1, (int64_t[]){2}, CG_F64, cg_device_cpu())));
    double s0 = exp(1) + exp(2) + exp(3);
    cr_assert_float_eq(t_at(x->grad, 0), exp(1) / s0, 1e-12);
    cg_tensor_release(x), cg_tensor_release(l), cg_tensor_release(big), cg_tensor_release(lb), cg_tensor_release(ninf);
    cg_tensor_release(pinf), cg_tensor_release(ln), cg_tensor_release(lp), cg_tensor_release(i), cg_tensor_release(li);
    cg_tensor_release(e), cg_tensor_release(le);
}

/* ---- any / all / cumsum -------------------------------------------------------------------------------- */

Test(reduce, any_all_give_bool) {
    cg_tensor *x = leaf_of(mat(CG_F32, 2, 2, (double[]){0, 0, 0, NAN}));
    cg_tensor *a = T_OK(cg_any(x, 0, NULL, false)), *l = T_OK(cg_all(x, 1, &D1, true));
    cr_assert(a->dtype == CG_BOOL && t_at(a, 0) == 1 && !a->requires_grad && !a->grad_fn);
    cr_assert(t_shape_is(l, 2, 2L, 1L));
    t_assert_values(l, 2, (double[]){0, 0}, 0);
    cg_tensor *i = mat(CG_INT32, 2, 2, (double[]){1, 2, 0, 3}), *ai = T_OK(cg_all(i, 1, &D0, false));
    t_assert_values(ai, 2, (double[]){0, 1}, 0);
    cg_tensor *e = empty03(), *ae = T_OK(cg_any(e, 0, NULL, false)), *le = T_OK(cg_all(e, 0, NULL, false));
    cr_assert(t_at(ae, 0) == 0 && t_at(le, 0) == 1);
    cg_tensor_release(x), cg_tensor_release(a), cg_tensor_release(l), cg_tensor_release(i), cg_tensor_release(ai);
    cg_tensor_release(e), cg_tensor_release(ae), cg_tensor_release(le);
}

Test(reduce, cumsum_values_dtypes_and_gradient) {
    cg_tensor *x = x23(CG_F64), *c0 = T_OK(cg_cumsum(x, 0)), *c1 = T_OK(cg_cumsum(x, -1));
    t_assert_values(c0, 6, (double[]){1, 2, 3, 5, 7, 10}, 0);
    t_assert_values(c1, 6, (double[]){1, 3, 6, 4, 9, 16}, 0);
    cg_tensor *b = vec(CG_BOOL, 3, (double[]){1, 0, 1}), *cb = T_OK(cg_cumsum(b, 0));
    cg_tensor *i = vec(CG_INT32, 3, (double[]){1, 2, 3}), *ci = T_OK(cg_cumsum(i, 0));
    cr_assert(cb->dtype == CG_INT64 && ci->dtype == CG_INT64);
    t_assert_values(cb, 3, (double[]){1, 1, 2}, 0);
    cg_tensor *a = leaf_of(vec(CG_F32, 3, (double[]){1, 2, 3})), *ca = T_OK(cg_cumsum(a, 0));
    cr_assert_str_eq(ca->grad_fn->name, "CumsumBackward0");
    backward_with(ca, vec(CG_F32, 3, (double[]){1, 10, 100}));
    t_assert_values(a->grad, 3, (double[]){111, 110, 100}, 0);
    cg_tensor *e = empty03(), *ce = T_OK(cg_cumsum(e, 0));
    cr_assert(t_shape_is(ce, 2, 0L, 3L));
    T_ERR(cg_cumsum(x, 2), CG_INDEX_ERROR, "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    cg_tensor_release(x), cg_tensor_release(c0), cg_tensor_release(c1), cg_tensor_release(b), cg_tensor_release(cb);
    cg_tensor_release(i), cg_tensor_release(ci), cg_tensor_release(a), cg_tensor_release(ca), cg_tensor_release(e);
    cg_tensor_release(ce);
}

/* ---- dims ------------------------------------------------------------------------------------------- */

Test(reduce, bad_and_repeated_dims) {
    cg_tensor *x = x23(CG_F32);
    int64_t two = 2, m3 = -3, rep[] = {1, -1}, rep0[] = {0, 0};
    const char *range2 = "Dimension out of range (expected to be in range of [-2, 1], but got 2)";
    T_ERR(cg_sum(x, 1, &two, false), CG_INDEX_ERROR, range2);
    T_ERR(cg_mean(x, 1, &m3, false), CG_INDEX_ERROR,
          "Dimension out of range (expected to be in range of [-2, 1], but got -3)");
    cg_tensor *v = NULL, *i = NULL;
    T_ERR(cg_max_dim(x, 2, false, &v, &i), CG_INDEX_ERROR, range2);
    T_ERR(cg_argmax(x, &two, false), CG_INDEX_ERROR, range2);
    T_ERR(cg_norm(x, 2, 1, &two, false), CG_INDEX_ERROR, range2);
    T_ERR(cg_sum(x, 2, rep, false), CG_RUNTIME_ERROR, "dim 1 appears multiple times in the list of dims");
    T_ERR(cg_var(x, 2, rep0, 1, false), CG_RUNTIME_ERROR, "dim 0 appears multiple times in the list of dims");
    T_ERR(cg_logsumexp(x, 2, rep0, false), CG_RUNTIME_ERROR, "dim 0 appears multiple times in the list of dims");
    /* a 0-d tensor takes dims -1 and 0 */
    cg_tensor *s = T_OK(cg_full(0, NULL, cg_scalar_float(2), CG_F32, cg_device_cpu()));
    int64_t m1 = -1, one = 1;
    cg_tensor *ss = T_OK(cg_sum(s, 1, &m1, false)), *sp = T_OK(cg_prod(s, 1, &D0, true));
    cr_assert(t_shape_is(ss, 0) && t_at(ss, 0) == 2 && t_shape_is(sp, 0));
    T_ERR(cg_sum(s, 1, &one, false), CG_INDEX_ERROR,
          "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
    cg_tensor_release(x), cg_tensor_release(s), cg_tensor_release(ss), cg_tensor_release(sp);
}

/* ---- the threaded and row-by-row paths of reduce_iter --------------------------------------------- */

/* Large enough to split one reduction across threads (see reduce_iter.c). */
#define BIG (1 << 19)

Test(reduce, large_all_dims_reductions_split_across_threads) {
    cg_tensor *x = T_OK(cg_arange(cg_scalar_int(0), cg_scalar_int(BIG), cg_scalar_int(1), CG_F32, cg_device_cpu()));
    cg_tensor *s = T_OK(cg_sum(x, 0, NULL, false)), *m = T_OK(cg_mean(x, 0, NULL, false));
    double want = (double)BIG * (BIG - 1) / 2;
    cr_assert_float_eq(t_at(s, 0), want, want * 1e-6);
    cr_assert_float_eq(t_at(m, 0), (BIG - 1) / 2.0, 1e-2);
    t_set(x, 77777, 1e9);
    t_set(x, 400000, 1e9);
    cg_tensor *mx = T_OK(cg_max(x)), *am = T_OK(cg_argmax(x, NULL, false)), *mn = T_OK(cg_min(x));
    cr_assert_eq(t_at(mx, 0), 1e9);
    cr_assert_eq(t_at(am, 0), 77777); /* the first of the two, though they fall in different parts */
    cr_assert_eq(t_at(mn, 0), 0);
    cg_tensor *n1 = T_OK(cg_norm(x, 1, 0, NULL, false)), *n2 = T_OK(cg_norm(x, 2, 0, NULL, false));
    double want1 = want - 77777 - 400000 + 2e9;
    /* PyTorch's norms fold float32 one element after another (Note [Norms
     * in PyTorch's order]), so it is only float-accurate here */
    cr_assert_float_eq(t_at(n1, 0), want1, want1 * 1e-3);
    double big = BIG, want2 = (big - 1) * big * (2 * big - 1) / 6 - 77777.0 * 77777 - 400000.0 * 400000 + 2e18;
    cr_assert_float_eq(t_at(n2, 0), sqrt(want2), sqrt(want2) * 1e-3);
    cg_tensor *i = T_OK(cg_ones(1, (int64_t[]){BIG}, CG_INT64, cg_device_cpu())), *si = T_OK(cg_sum(i, 0, NULL, false));
    cg_tensor *an = T_OK(cg_any(i, 0, NULL, false)), *al = T_OK(cg_all(i, 0, NULL, false));
    cr_assert_eq(t_at(si, 0), BIG);
    cr_assert(t_at(an, 0) == 1 && t_at(al, 0) == 1);
    /* a transposed view: the parts are ranges of its outer reduced dim */
    cg_tensor *v = T_OK(cg_view(x, 2, (int64_t[]){BIG / 1024, 1024})), *tv = T_OK(cg_t(v));
    cg_tensor *st = T_OK(cg_sum(tv, 0, NULL, false)), *amt = T_OK(cg_argmax(tv, NULL, false));
    cr_assert_float_eq(t_at(st, 0), want1, want1 * 1e-6);
    /* the first maximum in tv's row-major order is now 400000's (row 390, column 640 of v) */
    cr_assert_eq(t_at(amt, 0), 640 * (BIG / 1024) + 390);
    cg_tensor_release(v), cg_tensor_release(tv), cg_tensor_release(st), cg_tensor_release(amt);
    cg_tensor_release(x), cg_tensor_release(s), cg_tensor_release(m), cg_tensor_release(mx), cg_tensor_release(am);
    cg_tensor_release(mn), cg_tensor_release(n1), cg_tensor_release(n2), cg_tensor_release(i), cg_tensor_release(si);
    cg_tensor_release(an), cg_tensor_release(al);
}

/* sum over the outer dims accumulates rows into blocks of outputs; check it
 * against per-element sums, for an output count that is not a multiple of
 * the block and for a kept outer dim. */
Test(reduce, reductions_over_outer_dims_match_plain_sums) {
    int64_t sz[] = {3, 50, 1100};
    cg_tensor *x = T_OK(t_rand(CG_F64, 3, sz, -1, 1, 5));
    int64_t d1 = 1, d01[] = {0, 1};
    cg_tensor *s1 = T_OK(cg_sum(x, 1, &d1, false)), *s01 = T_OK(cg_sum(x, 2, d01, false));
    cg_tensor *p1 = T_OK(cg_prod(x, 1, &d1, false)), *m01 = T_OK(cg_mean(x, 2, d01, true));
    cr_assert(t_shape_is(s1, 2, 3L, 1100L) && t_shape_is(s01, 1, 1100L) && t_shape_is(m01, 3, 1L, 1L, 1100L));
    for (int64_t a = 0; a < 3; a++)
        for (int64_t c = 0; c < 1100; c += 37) {
            double sum = 0, prod = 1;
            for (int64_t b = 0; b < 50; b++) {
                double v = t_at(x, (a * 50 + b) * 1100 + c);
                sum += v, prod *= v;
            }
            cr_assert_float_eq(t_at(s1, a * 1100 + c), sum, 1e-12);
            cr_assert_float_eq(t_at(p1, a * 1100 + c), prod, 1e-12 + fabs(prod) * 1e-12);
        }
    for (int64_t c = 0; c < 1100; c += 37) {
        double sum = 0;
        for (int64_t r = 0; r < 150; r++)
            sum += t_at(x, r * 1100 + c);
        cr_assert_float_eq(t_at(s01, c), sum, 1e-12);
        cr_assert_float_eq(t_at(m01, c), sum / 150, 1e-12);
    }
    /* the two-pass and indexed kernels by rows too */
    cg_tensor *mv = NULL, *mi = NULL;
    T_RC(cg_max_dim(x, 1, false, &mv, &mi));
    cg_tensor *v1 = T_OK(cg_var(x, 1, &d1, 1, false)), *l1 = T_OK(cg_logsumexp(x, 1, &d1, false));
    cg_tensor *n1 = T_OK(cg_norm(x, INFINITY, 1, &d1, false));
    for (int64_t a = 0; a < 3; a++)
        for (int64_t c = 0; c < 1100; c += 37) {
            double best = -INFINITY, mean = 0, ss = 0, se = 0, amax = 0;
            int64_t at = 0;
            for (int64_t b = 0; b < 50; b++) {
                double v = t_at(x, (a * 50 + b) * 1100 + c);
                if (v > best)
                    best = v, at = b;
                mean += v / 50;
                amax = fmax(amax, fabs(v));
            }
            for (int64_t b = 0; b < 50; b++) {
                double v = t_at(x, (a * 50 + b) * 1100 + c);
                ss += (v - mean) * (v - mean);
                se += exp(v - best);
            }
            int64_t o = a * 1100 + c;
            cr_assert(t_at(mv, o) == best && t_at(mi, o) == at);
            cr_assert_float_eq(t_at(v1, o), ss / 49, 1e-12);
            cr_assert_float_eq(t_at(l1, o), best + log(se), 1e-12);
            cr_assert_eq(t_at(n1, o), amax);
        }
    cg_tensor_release(mv), cg_tensor_release(mi), cg_tensor_release(v1), cg_tensor_release(l1), cg_tensor_release(n1);
    /* cumsum scans rows the same way, forwards and (its derivative) backwards */
    cg_tensor *xl = T_OK(cg_clone(x));
    xl->requires_grad = true;
    cg_tensor *cs = T_OK(cg_cumsum(xl, 1)), *total = T_OK(cg_sum(cs, 0, NULL, false));
    T_RC(cg_autograd_backward(1, &total, NULL, false, false));
    for (int64_t c = 0; c < 1100; c += 37) {
        double run = 0;
        for (int64_t b = 0; b < 50; b++) {
            run += t_at(x, (2 * 50 + b) * 1100 + c);
            cr_assert_float_eq(t_at(cs, (2 * 50 + b) * 1100 + c), run, 1e-12);
            cr_assert_eq(t_at(xl->grad, (2 * 50 + b) * 1100 + c), 50 - b);
        }
    }
    cg_tensor_release(xl), cg_tensor_release(cs), cg_tensor_release(total);
    /* a bool input counts, any/all over the outer dim */
    cg_tensor *zero = T_OK(cg_scalar_tensor(cg_scalar_float(0)));
    cg_tensor *b = T_OK(cg_gt(x, zero));
    cg_tensor *bb = T_OK(cg_to_dtype(b, CG_BOOL));
    cg_tensor *cnt = T_OK(cg_sum(bb, 1, &D0, false)), *an = T_OK(cg_any(bb, 1, &D0, false));
    cr_assert_eq(cnt->dtype, CG_INT64);
    int64_t c0 = 0;
    for (int64_t a = 0; a < 3; a++)
        c0 += t_at(x, a * 50 * 1100) > 0;
    cr_assert_eq(t_at(cnt, 0), c0);
    cr_assert_eq(t_at(an, 0), c0 > 0);
    cg_tensor_release(x), cg_tensor_release(s1), cg_tensor_release(s01), cg_tensor_release(p1), cg_tensor_release(m01);
    cg_tensor_release(zero), cg_tensor_release(b), cg_tensor_release(bb), cg_tensor_release(cnt), cg_tensor_release(an);
}

/* ---- double backward -------------------------------------------------------------------------------- */

typedef cg_tensor *(*unary_fn)(cg_tensor *x);

/* g(x) = d sum(f(x) * w) / dx, recorded when create_graph */
static cg_tensor *first_grad(unary_fn f, cg_tensor *x, cg_tensor *w, bool create_graph) {
    cg_tensor *y = T_OK(f(x)), *yw = T_OK(cg_mul(y, w)), *l = T_OK(cg_sum(yw, 0, NULL, false)), *g = NULL;
    T_RC(cg_autograd_grad(1, &l, NULL, 1, &x, false, create_graph, false, &g));
    cg_tensor_release(y), cg_tensor_release(yw), cg_tensor_release(l);
    return g;
}

static double dot(cg_tensor *a, cg_tensor *b) {
    double acc = 0;
    for (int64_t i = 0; i < cg_tensor_numel(a); i++)
        acc += t_at(a, i) * t_at(b, i);
    return acc;
}

/* The derivative of g(x) . v, through the recorded derivative, against
 * central differences of g: checks that double backward is right. */
static void check_double_backward(const char *what, unary_fn f, cg_tensor *x) {
    cg_tensor *probe = T_OK(f(x));
    cg_tensor *w = t_rand(CG_F64, probe->ndim, probe->sizes, -1, 1, 3),
              *v = t_rand(CG_F64, x->ndim, x->sizes, -1, 1, 4);
    cg_tensor *g = first_grad(f, x, w, true), *gv = T_OK(cg_mul(g, v)), *l2 = T_OK(cg_sum(gv, 0, NULL, false));
    cg_tensor *h = NULL;
    /* a derivative that does not depend on x (mean, cumsum) is not recorded: h is 0 */
    if (l2->grad_fn)
        T_RC(cg_autograd_grad(1, &l2, NULL, 1, &x, false, false, true, &h));
    const double eps = 1e-6;
    for (int64_t j = 0; j < cg_tensor_numel(x); j++) {
        double x0 = t_at(x, j);
        t_set(x, j, x0 + eps);
        cg_tensor *hi = first_grad(f, x, w, false);
        t_set(x, j, x0 - eps);
        cg_tensor *lo = first_grad(f, x, w, false);
        t_set(x, j, x0);
        double numeric = (dot(hi, v) - dot(lo, v)) / (2 * eps), analytic = h ? t_at(h, j) : 0;
        cr_assert(fabs(numeric - analytic) <= 1e-5 + 1e-4 * fabs(numeric),
                  "%s: element %lld: analytic %.8g, numeric %.8g", what, (long long)j, analytic, numeric);
        cg_tensor_release(hi), cg_tensor_release(lo);
    }
    cg_tensor_release(probe), cg_tensor_release(w), cg_tensor_release(v), cg_tensor_release(g);
    cg_tensor_release(gv), cg_tensor_release(l2), cg_tensor_release(h);
}

static cg_tensor *prod_rows(cg_tensor *x) { return cg_prod(x, 1, &D1, false); }
static cg_tensor *prod_all(cg_tensor *x) { return cg_prod(x, 0, NULL, false); }
static cg_tensor *var_rows(cg_tensor *x) { return cg_var(x, 1, &D1, 1, false); }
static cg_tensor *std_all(cg_tensor *x) { return cg_std(x, 0, NULL, 1, false); }
static cg_tensor *norm_rows(cg_tensor *x) { return cg_norm(x, 2, 1, &D1, true); }
static cg_tensor *lse_cols(cg_tensor *x) { return cg_logsumexp(x, 1, &D0, false); }
static cg_tensor *mean_all(cg_tensor *x) { return cg_mean(x, 0, NULL, false); }
static cg_tensor *cumsum_rows(cg_tensor *x) { return cg_cumsum(x, 1); }
static cg_tensor *max_rows_times_x(cg_tensor *x) {
    /* max is piecewise linear: multiply by x so that it has a second derivative */
    cg_tensor *v = NULL;
    if (cg_max_dim(x, 1, true, &v, NULL) < 0)
        return NULL;
    cg_tensor *r = cg_mul(v, x);
    cg_tensor_release(v);
    return r;
}

Test(reduce, double_backward) {
    /* row 0 has one zero, row 1 two, row 2 none */
    cg_tensor *z = leaf_of(mat(CG_F64, 3, 4, (double[]){2, 0, 3, 1.5, 0, 0, 1, 5, 1, 2, 3, -1}));
    check_double_backward("prod over rows with zeros", prod_rows, z);
    cg_tensor *x = leaf_of(T_OK(t_rand(CG_F64, 2, (int64_t[]){3, 4}, 0.5, 2, 9)));
    check_double_backward("prod", prod_all, x);
    check_double_backward("var", var_rows, x);
    check_double_backward("std", std_all, x);
    check_double_backward("norm", norm_rows, x);
    check_double_backward("logsumexp", lse_cols, x);
    check_double_backward("mean", mean_all, x);
    check_double_backward("cumsum", cumsum_rows, x);
    check_double_backward("max", max_rows_times_x, x);
    cg_tensor_release(z), cg_tensor_release(x);
}
