/* test_nn.c: the neural-network functions as a user meets them: values and
 * gradients against PyTorch 1.13 (computed in float64 with torch and pasted
 * here), result dtypes and shapes, node names and graph shape, double
 * backward, empty and 0-d inputs, and every error a user can cause, with
 * PyTorch's message and exception kind. */
#include <criterion/criterion.h>
#include <math.h>

#include "helpers.h"

/* ---- fixtures -------------------------------------------------------------------------- */

#define SZ(...) (const int64_t[]){__VA_ARGS__}, (int)(sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))
static cg_tensor *mk(cg_dtype dt, const double *v, const int64_t *sizes, int ndim) {
    return T_OK(t_from(dt, ndim, sizes, v));
}
#define S0 NULL, 0 /* the sizes of a 0-d tensor */
#define F64(sizes, ...) mk(CG_F64, (double[]){__VA_ARGS__}, sizes)
#define F32(sizes, ...) mk(CG_F32, (double[]){__VA_ARGS__}, sizes)
#define I64(sizes, ...) mk(CG_INT64, (double[]){__VA_ARGS__}, sizes)

/* the [3, 4] logits, targets and weights of ref.py */
static cg_tensor *logits(bool requires_grad) {
    cg_tensor *x = F64(SZ(3, 4), 0.5, -1.0, 2.0, 0.0, 1.5, 0.25, -0.75, 3.0, -2.0, 1.0, 0.5, -0.5);
    x->requires_grad = requires_grad;
    return x;
}
static cg_tensor *grad_weights(void) {
    return F64(SZ(3, 4), 0.3, -0.2, 0.5, 1.0, 0.1, 0.4, -0.6, 0.2, 0.7, -0.3, 0.2, -0.1);
}

/* d sum(out * w) / d x, or d out / d x for a 0-d out (w NULL) */
static cg_tensor *grad_of(cg_tensor *out, cg_tensor *w, cg_tensor *x, bool create_graph) {
    cg_tensor *l = out;
    if (w) {
        cg_tensor *p = T_OK(cg_mul(out, w));
        l = T_OK(cg_sum(p, 0, NULL, false));
        cg_tensor_release(p);
    }
    cg_tensor *g = NULL;
    T_RC(cg_autograd_grad(1, &l, NULL, 1, &x, create_graph, create_graph, false, &g));
    if (w)
        cg_tensor_release(l);
    return g;
}

static double scalar_of(const cg_tensor *t) { return t_at(t, 0); }
static void check(cg_tensor *t, int n, const double *v) {
    t_assert_values(t, n, v, 1e-6);
    cg_tensor_release(t);
}
#define CHECK(t, ...) check(t, sizeof((double[]){__VA_ARGS__}) / sizeof(double), (double[]){__VA_ARGS__})

/* ---- softmax / log_softmax ------------------------------------------------------------ */

Test(softmax, values_over_each_dim) {
    cg_tensor *x = logits(false);
    CHECK(T_OK(cg_softmax(x, 1, -1)), 0.15844471, 0.035353793, 0.71009992, 0.096101574, 0.17025354, 0.048778455,
          0.017944591, 0.76302342, 0.026490263, 0.53207115, 0.32271747, 0.11872112);
    CHECK(T_OK(cg_softmax(x, -2, -1)), 0.26313249, 0.084179342, 0.77696575, 0.046099801, 0.71526828, 0.29381477,
          0.049669759, 0.92593926, 0.02159923, 0.62200588, 0.17336449, 0.027960943);
    CHECK(T_OK(cg_log_softmax(x, 1, -1)), -1.8423496, -3.3423496, -0.34234958, -2.3423496, -1.7704666, -3.0204666,
          -4.0204666, -0.27046656, -3.6309781, -0.63097806, -1.1309781, -2.1309781);
    cg_tensor_release(x);
}

Test(softmax, non_contiguous_input_gives_the_same_values) {
    cg_tensor *x = logits(false), *xt = T_OK(cg_transpose(x, 0, 1)); /* [4, 3], strided */
    cg_tensor *a = T_OK(cg_softmax(xt, 0, -1)), *b = T_OK(cg_softmax(x, 1, -1));
    cg_tensor *bt = T_OK(cg_transpose(b, 0, 1));
    t_assert_close(a, bt, 0, 1e-12);
    cg_tensor_release(x), cg_tensor_release(xt), cg_tensor_release(a), cg_tensor_release(b), cg_tensor_release(bt);
}

Test(softmax, is_numerically_stable) {
    cg_tensor *big = F32(SZ(3), 1000, 1001, 1002);
    CHECK(T_OK(cg_softmax(big, 0, -1)), 0.090030573, 0.24472848, 0.66524094);
    CHECK(T_OK(cg_log_softmax(big, 0, -1)), -2.4076059, -1.4076059, -0.40760595);
    cg_tensor *inf = F32(SZ(3), -INFINITY, 0, 1);
    CHECK(T_OK(cg_softmax(inf, 0, -1)), 0, 0.26894143, 0.7310586);
    cg_tensor_release(big), cg_tensor_release(inf);
}

Test(softmax, gradients_and_double_backward) {
    cg_tensor *x = logits(true), *w = grad_weights();
    cg_tensor *y = T_OK(cg_softmax(x, 1, -1));
    cr_assert_str_eq(y->grad_fn->name, "SoftmaxBackward0");
    cg_tensor *g = grad_of(y, w, x, true);
    t_assert_values(g, 12,
                    (double[]){-0.030360255, -0.024451185, 0.0059547632, 0.048856677, -0.013343564, 0.010810541,
                               -0.013967615, 0.016500637, 0.020885103, -0.11258265, 0.093073905, -0.0013763601},
                    1e-7);
    CHECK(grad_of(g, g, x, false), /* d sum(g * g) / dx */ 0.00079156929, 0.0010758636, -0.0055662575, 0.0036988245,
          0.00037929548, -6.9711478e-05, 0.00065881187, -0.00096839587, 0.00094988773, -0.0044595959, 0.0087575251,
          -0.005247817);
    cg_tensor *z = T_OK(cg_log_softmax(x, 0, -1));
    cr_assert_str_eq(z->grad_fn->name, "LogSoftmaxBackward0");
    CHECK(grad_of(z, w, x, false), 0.010554257, -0.19158207, 0.42230343, 0.94929022, -0.6867951, 0.42938148,
          -0.60496698, -0.81853318, 0.67624085, -0.23779941, 0.18266355, -0.13075704);
    cg_tensor_release(x), cg_tensor_release(w), cg_tensor_release(y), cg_tensor_release(g), cg_tensor_release(z);
}

Test(softmax, dtypes_0d_and_empty) {
    cg_tensor *f = F32(SZ(2), 1, 2);
    cg_tensor *y = T_OK(cg_softmax(f, 0, -1));
    cr_assert_eq(y->dtype, CG_F32);
    cg_tensor_release(y);
    cg_tensor *i = I64(SZ(3), 1, 2, 3);
    y = T_OK(cg_softmax(i, 0, CG_F64)); /* the dtype argument casts first */
    cr_assert_eq(y->dtype, CG_F64);
    CHECK(y, 0.090030573, 0.24472848, 0.66524094);
    cg_tensor *s = F64(S0, 2.0);
    CHECK(T_OK(cg_softmax(s, -1, -1)), 1.0);
    CHECK(T_OK(cg_log_softmax(s, 0, -1)), 0.0);
    cg_tensor *e = T_OK(cg_zeros(2, (int64_t[]){0, 3}, CG_F32, cg_device_cpu()));
    y = T_OK(cg_softmax(e, 1, -1));
    cr_assert(t_shape_is(y, 2, 0, 3));
    cg_tensor_release(y), cg_tensor_release(f), cg_tensor_release(i), cg_tensor_release(s), cg_tensor_release(e);
}

Test(softmax, errors) {
    cg_tensor *i = I64(SZ(1, 2), 1, 2), *x = logits(false);
    T_ERR(cg_softmax(i, 1, -1), CG_RUNTIME_ERROR, "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'");
    T_ERR(cg_softmax(i, 0, -1), CG_RUNTIME_ERROR, "\"softmax_kernel_impl\" not implemented for 'Long'");
    T_ERR(cg_log_softmax(i, -1, -1), CG_RUNTIME_ERROR,
          "\"log_softmax_lastdim_kernel_impl\" not implemented for 'Long'");
    T_ERR(cg_log_softmax(i, 0, -1), CG_RUNTIME_ERROR, "\"softmax_kernel_impl\" not implemented for 'Long'");
    T_ERR(cg_log_softmax(x, 2, -1), CG_INDEX_ERROR,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    T_ERR(cg_softmax(x, -3, -1), CG_INDEX_ERROR,
          "Dimension out of range (expected to be in range of [-2, 1], but got -3)");
    cg_tensor_release(i), cg_tensor_release(x);
}

/* ---- mse_loss ------------------------------------------------------------------------------ */

static cg_tensor *mse_target(void) { return F64(SZ(3, 4), 0, 1, 2, 3, 1, 1, 1, 1, -1, 0, 0.5, 2); }

Test(mse_loss, values_for_each_reduction_and_gradients) {
    cg_tensor *x = logits(true), *t = mse_target();
    cg_tensor *m = T_OK(cg_mse_loss(x, t, CG_REDUCTION_MEAN));
    cr_assert_str_eq(m->grad_fn->name, "MseLossBackward0");
    cr_assert_eq(m->ndim, 0);
    cr_assert_float_eq(scalar_of(m), 2.4479167, 1e-6);
    CHECK(grad_of(m, NULL, x, false), 0.083333333, -0.33333333, 0, -0.5, 0.083333333, -0.125, -0.29166667, 0.33333333,
          -0.16666667, 0.16666667, 0, -0.41666667);
    CHECK(T_OK(cg_mse_loss(x, t, CG_REDUCTION_SUM)), 29.375);
    CHECK(T_OK(cg_mse_loss(x, t, CG_REDUCTION_NONE)), 0.25, 4, 0, 9, 0.25, 0.5625, 3.0625, 4, 1, 1, 0, 6.25);
    cg_tensor_release(x), cg_tensor_release(t), cg_tensor_release(m);
}

Test(mse_loss, double_backward) {
    cg_tensor *x = logits(true), *t = mse_target(), *w = grad_weights();
    cg_tensor *l = T_OK(cg_mse_loss(x, t, CG_REDUCTION_SUM));
    cg_tensor *g = grad_of(l, NULL, x, true);
    CHECK(grad_of(g, w, x, false), 0.6, -0.4, 1, 2, 0.2, 0.8, -1.2, 0.4, 1.4, -0.6, 0.4, -0.2);
    cg_tensor_release(x), cg_tensor_release(t), cg_tensor_release(w), cg_tensor_release(l), cg_tensor_release(g);
}

Test(mse_loss, broadcasts_and_promotes_like_pytorch) {
    cg_tensor *x = T_OK(t_rand(CG_F32, 2, (int64_t[]){3, 4}, -1, 1, 1));
    cg_tensor *t = T_OK(t_rand(CG_F64, 1, (int64_t[]){4}, -1, 1, 2));
    t->requires_grad = true;
    cg_tensor *l = T_OK(cg_mse_loss(x, t, CG_REDUCTION_NONE));
    cr_assert(t_shape_is(l, 2, 3, 4));
    cr_assert_eq(l->dtype, CG_F64);
    cg_tensor *m = T_OK(cg_mse_loss(x, t, CG_REDUCTION_MEAN));
    cg_tensor *g = grad_of(m, NULL, t, false);
    cr_assert(t_shape_is(g, 1, 4)); /* summed back over the broadcast dim */
    cg_tensor *i = I64(SZ(2), 1, 2), *f = F32(SZ(2), 1, 2), *e = F32(SZ(0));
    cg_tensor *fi = T_OK(cg_mse_loss(f, i, CG_REDUCTION_SUM));
    cr_assert_eq(fi->dtype, CG_F32);
    T_ERR(cg_mse_loss(i, i, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR, "\"mse_cpu\" not implemented for 'Long'");
    T_ERR(cg_mse_loss(x, f, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "The size of tensor a (4) must match the size of tensor b (2) at non-singleton dimension 1");
    cg_tensor *em = T_OK(cg_mse_loss(e, e, CG_REDUCTION_MEAN));
    cr_assert(isnan(scalar_of(em)));
    cg_tensor_release(x), cg_tensor_release(t), cg_tensor_release(l), cg_tensor_release(m), cg_tensor_release(g);
    cg_tensor_release(i), cg_tensor_release(f), cg_tensor_release(e), cg_tensor_release(fi), cg_tensor_release(em);
}

/* ---- nll_loss / cross_entropy ------------------------------------------------------------------- */

static cg_tensor *classes(void) { return I64(SZ(3), 0, 3, 1); }
static cg_tensor *class_weights(void) { return F64(SZ(4), 1, 2, 0.5, 1); }

static double ce(cg_tensor *w, int64_t ignore, cg_reduction red, double ls) {
    cg_tensor *x = logits(false), *t = classes();
    cg_tensor *l = T_OK(cg_cross_entropy(x, t, w, ignore, red, ls));
    double v = red == CG_REDUCTION_NONE ? t_at(l, 0) + 10 * t_at(l, 1) + 100 * t_at(l, 2) : scalar_of(l);
    cg_tensor_release(x), cg_tensor_release(t), cg_tensor_release(l);
    return v;
}
/* the three elements of a 'none' result folded into one number */
#define NONE3(a, b, c) ((a) + 10 * (b) + 100 * (c))

Test(cross_entropy, values_for_reductions_weights_ignore_index_and_smoothing) {
    cg_tensor *w = class_weights();
    struct {
        cg_tensor *w;
        int64_t ignore;
        double ls, mean, sum, none;
    } cases[] = {
        {NULL, -100, 0, 0.91459807, 2.7437942, NONE3(1.8423496, 0.27046656, 0.63097806)},
        {w, -100, 0, 0.84369306, 3.3747723, NONE3(1.8423496, 0.27046656, 1.2619561)},
        {NULL, 3, 0, 1.2366638, 2.4733276, NONE3(1.8423496, 0, 0.63097806)},
        {NULL, -100, 0.1, 1.0270981, 3.0812942, NONE3(1.8548496, 0.47046656, 0.75597806)},
        {w, 3, 0.2, 1.1383144, 3.4149433, NONE3(2.0259083, 0, 1.389035)},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        cr_assert_float_eq(ce(cases[k].w, cases[k].ignore, CG_REDUCTION_MEAN, cases[k].ls), cases[k].mean, 1e-6, "%zu",
                           k);
        cr_assert_float_eq(ce(cases[k].w, cases[k].ignore, CG_REDUCTION_SUM, cases[k].ls), cases[k].sum, 1e-6, "%zu",
                           k);
        cr_assert_float_eq(ce(cases[k].w, cases[k].ignore, CG_REDUCTION_NONE, cases[k].ls), cases[k].none, 1e-5, "%zu",
                           k);
    }
    cg_tensor_release(w);
}

Test(cross_entropy, graph_gradients_and_double_backward) {
    cg_tensor *x = logits(true), *t = classes(), *w = class_weights(), *gw = grad_weights();
    cg_tensor *l = T_OK(cg_cross_entropy(x, t, w, -100, CG_REDUCTION_MEAN, 0));
    cr_assert_str_eq(l->grad_fn->name, "NllLossBackward0");
    cr_assert_eq(l->grad_fn->nin, 3); /* self, target, weight, as in PyTorch */
    cr_assert_str_eq(l->grad_fn->next[0].node->name, "LogSoftmaxBackward0");
    cg_tensor *g = grad_of(l, NULL, x, true);
    t_assert_values(g, 12,
                    (double[]){-0.21038882, 0.0088384484, 0.17752498, 0.024025394, 0.042563384, 0.012194614,
                               0.0044861477, -0.059244146, 0.013245131, -0.23396442, 0.16135873, 0.05936056},
                    1e-7);
    CHECK(grad_of(g, gw, x, false), -0.0075900637, -0.0061127963, 0.0014886908, 0.012214169, -0.003335891, 0.0027026354,
          -0.0034919037, 0.0041251593, 0.010442551, -0.056291324, 0.046536953, -0.00068818003);
    cg_tensor *ls = T_OK(cg_cross_entropy(x, t, w, 3, CG_REDUCTION_MEAN, 0.2));
    cr_assert_str_eq(ls->grad_fn->name, "AddBackward0");
    /* the smoothing branch, node by node as torch 1.13 builds it */
    const char *chain[] = {"MulBackward1", "DivBackward0", "SumBackward0",        "IndexPutBackward0", "NegBackward0",
                           "SumBackward1", "MulBackward0", "LogSoftmaxBackward0", "AccumulateGrad"};
    cg_node *node = ls->grad_fn->next[1].node;
    for (size_t k = 0; k < sizeof chain / sizeof chain[0]; k++, node = node->nin ? node->next[0].node : NULL)
        cr_assert_str_eq(node->name, chain[k], "node %zu", k);
    cr_assert_str_eq(ls->grad_fn->next[0].node->name, "MulBackward1");
    CHECK(grad_of(ls, NULL, x, false), -0.22919806, -0.021254121, 0.23428414, 0.016168038, 0, 0, 0, 0, -0.00055175683,
          -0.24299005, 0.18798646, 0.055555349);
    cg_tensor_release(x), cg_tensor_release(t), cg_tensor_release(w), cg_tensor_release(gw), cg_tensor_release(l);
    cg_tensor_release(g), cg_tensor_release(ls);
}

Test(nll_loss, float32_1d_input_all_ignored_and_empty) {
    cg_tensor *x = F32(SZ(4), -1, -2, -0.5, -3), *t0 = I64(S0, 2);
    cg_tensor *l = T_OK(cg_nll_loss(x, t0, NULL, -100, CG_REDUCTION_NONE));
    cr_assert(l->ndim == 0 && l->dtype == CG_F32);
    CHECK(l, 0.5);
    cg_tensor *x2 = logits(false), *same = I64(SZ(3), 1, 1, 1);
    l = T_OK(cg_nll_loss(x2, same, NULL, 1, CG_REDUCTION_MEAN));
    cr_assert(isnan(scalar_of(l)));
    cg_tensor_release(l);
    CHECK(T_OK(cg_nll_loss(x2, same, NULL, 1, CG_REDUCTION_SUM)), 0);
    cg_tensor *e = T_OK(cg_zeros(2, (int64_t[]){0, 4}, CG_F32, cg_device_cpu())), *te = I64(SZ(0));
    l = T_OK(cg_nll_loss(e, te, NULL, -100, CG_REDUCTION_MEAN));
    cr_assert(isnan(scalar_of(l)));
    cg_tensor_release(l);
    l = T_OK(cg_nll_loss(e, te, NULL, -100, CG_REDUCTION_NONE));
    cr_assert(t_shape_is(l, 1, 0));
    cg_tensor_release(l), cg_tensor_release(x), cg_tensor_release(t0), cg_tensor_release(x2), cg_tensor_release(same);
    cg_tensor_release(e), cg_tensor_release(te);
}

Test(nll_loss, errors) {
    cg_tensor *x = logits(false), *w3 = F64(SZ(3), 1, 1, 1), *w4f = F32(SZ(4), 1, 1, 1, 1);
    cg_tensor *bad = I64(SZ(3), 0, 1, 5), *neg = I64(SZ(3), 0, 1, -1), *two = I64(SZ(2), 0, 1);
    cg_tensor *flt = F64(SZ(3), 0, 1, 2), *i32 = T_OK(cg_to_dtype(bad, CG_INT32)), *col = I64(SZ(3, 1), 0, 1, 2);
    cg_tensor *ix = I64(SZ(1, 2), 1, 2), *t1 = I64(SZ(1), 0), *v = F64(SZ(4), 1, 2, 3, 4), *s = F64(S0, 1);
    cg_tensor *t = classes(), *wg = class_weights();
    wg->requires_grad = true;
    T_ERR(cg_nll_loss(x, bad, NULL, -100, CG_REDUCTION_MEAN), CG_INDEX_ERROR, "Target 5 is out of bounds.");
    T_ERR(cg_nll_loss(x, neg, NULL, -100, CG_REDUCTION_MEAN), CG_INDEX_ERROR, "Target -1 is out of bounds.");
    T_ERR(cg_cross_entropy(x, bad, NULL, -100, CG_REDUCTION_MEAN, 0), CG_INDEX_ERROR, "Target 5 is out of bounds.");
    T_ERR(cg_nll_loss(x, two, NULL, -100, CG_REDUCTION_MEAN), CG_VALUE_ERROR,
          "Expected input batch_size (3) to match target batch_size (2).");
    T_ERR(cg_nll_loss(x, flt, NULL, -100, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "expected scalar type Long but found Double");
    T_ERR(cg_nll_loss(x, i32, NULL, -100, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "expected scalar type Long but found Int");
    T_ERR(cg_nll_loss(x, col, NULL, -100, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "0D or 1D target tensor expected, multi-target not supported");
    T_ERR(cg_nll_loss(v, t1, NULL, -100, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "size mismatch (got input: [4], target: [1])");
    T_ERR(cg_nll_loss(s, t1, NULL, -100, CG_REDUCTION_MEAN), CG_VALUE_ERROR, "Expected 1 or more dimensions (got 0)");
    T_ERR(cg_nll_loss(x, t, w3, -100, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "weight tensor should be defined either for all 4 classes or no classes but got weight tensor of shape: [3]");
    T_ERR(cg_nll_loss(x, t, w4f, -100, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "expected scalar type Double but found Float");
    T_ERR(cg_nll_loss(ix, t1, NULL, -100, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "\"nll_loss_out_frame\" not implemented for 'Long'");
    T_ERR(cg_nll_loss(x, t, wg, -100, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "The function 'nll_loss_forward' is not differentiable with respect to argument 'weight'. This input cannot "
          "have requires_grad True.");
    T_ERR(cg_cross_entropy(x, t, NULL, -100, CG_REDUCTION_MEAN, 1.5), CG_RUNTIME_ERROR,
          "label_smoothing must be between 0.0 and 1.0. Got: 1.5");
    cr_assert_eq(cg_reduction_from_str("sum"), CG_REDUCTION_SUM);
    T_ERR(cg_reduction_from_str("foo"), CG_VALUE_ERROR, "foo is not a valid value for reduction");
    cg_tensor *all[] = {x, w3, w4f, bad, neg, two, flt, i32, col, ix, t1, v, s, t, wg};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        cg_tensor_release(all[k]);
}

/* ---- binary_cross_entropy ------------------------------------------------------------------------ */

static cg_tensor *probs(void) {
    cg_tensor *p = F64(SZ(4), 0.2, 0.7, 0.9, 0.5);
    p->requires_grad = true;
    return p;
}
static cg_tensor *soft_targets(void) {
    cg_tensor *y = F64(SZ(4), 0, 1, 1, 0.3);
    y->requires_grad = true;
    return y;
}

Test(binary_cross_entropy, values_gradients_of_input_and_target) {
    cg_tensor *p = probs(), *y = soft_targets(), *w = class_weights();
    CHECK(T_OK(cg_binary_cross_entropy(p, y, NULL, CG_REDUCTION_MEAN)), 0.34458155);
    CHECK(T_OK(cg_binary_cross_entropy(p, y, NULL, CG_REDUCTION_SUM)), 1.3783262);
    CHECK(T_OK(cg_binary_cross_entropy(p, y, NULL, CG_REDUCTION_NONE)), 0.22314355, 0.35667494, 0.10536052, 0.69314718);
    CHECK(T_OK(cg_binary_cross_entropy(p, y, w, CG_REDUCTION_SUM)), 1.6823209);
    CHECK(T_OK(cg_binary_cross_entropy(p, y, w, CG_REDUCTION_NONE)), 0.22314355, 0.71334989, 0.052680258, 0.69314718);
    cg_tensor *l = T_OK(cg_binary_cross_entropy(p, y, w, CG_REDUCTION_MEAN));
    cr_assert_str_eq(l->grad_fn->name, "BinaryCrossEntropyBackward0");
    cr_assert_float_eq(scalar_of(l), 0.42058022, 1e-7);
    cg_tensor *g[2] = {0};
    T_RC(cg_autograd_grad(1, &l, NULL, 2, (cg_tensor *[]){p, y}, false, false, false, g));
    CHECK(g[0], 0.3125, -0.71428571, -0.13888889, 0.2);
    CHECK(g[1], 0.34657359, -0.42364893, -0.27465307, 0);
    cg_tensor_release(p), cg_tensor_release(y), cg_tensor_release(w), cg_tensor_release(l);
}

Test(binary_cross_entropy, clamps_logs_at_minus_100_and_keeps_float32) {
    cg_tensor *p = F32(SZ(4), 0, 1, 0, 1), *y = F32(SZ(4), 1, 0, 0, 1);
    cg_tensor *l = T_OK(cg_binary_cross_entropy(p, y, NULL, CG_REDUCTION_NONE));
    cr_assert_eq(l->dtype, CG_F32);
    CHECK(l, 100, 100, 0, 0);
    cg_tensor *e = F32(SZ(0));
    l = T_OK(cg_binary_cross_entropy(e, e, NULL, CG_REDUCTION_MEAN));
    cr_assert(isnan(scalar_of(l)));
    cg_tensor_release(l), cg_tensor_release(p), cg_tensor_release(y), cg_tensor_release(e);
}

Test(binary_cross_entropy, errors) {
    cg_tensor *p = probs(), *p2 = F64(SZ(2), 0.5, 0.5), *big = F64(SZ(1), 1.5), *one = F64(SZ(1), 1);
    cg_tensor *f = F32(SZ(1), 0.5), *i = I64(SZ(1), 1), *w2 = F64(SZ(2), 1, 1), *wg = class_weights();
    cg_tensor *m = F64(SZ(2, 3), 0.5, 0.5, 0.5, 0.5, 0.5, 0.5), *w4 = F64(SZ(4), 1, 1, 1, 1);
    wg->requires_grad = true;
    T_ERR(cg_binary_cross_entropy(p2, p, NULL, CG_REDUCTION_MEAN), CG_VALUE_ERROR,
          "Using a target size (torch.Size([4])) that is different to the input size (torch.Size([2])) is deprecated. "
          "Please ensure they have the same size.");
    T_ERR(cg_binary_cross_entropy(big, one, NULL, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "all elements of input should be between 0 and 1");
    T_ERR(cg_binary_cross_entropy(one, big, NULL, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "all elements of target should be between 0 and 1");
    T_ERR(cg_binary_cross_entropy(one, f, NULL, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "Found dtype Float but expected Double");
    T_ERR(cg_binary_cross_entropy(i, i, NULL, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "\"binary_cross_entropy\" not implemented for 'Long'");
    T_ERR(cg_binary_cross_entropy(one, one, w2, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "output with shape [1] doesn't match the broadcast shape [2]");
    T_ERR(cg_binary_cross_entropy(m, m, w4, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
    T_ERR(cg_binary_cross_entropy(p, p, wg, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "The function 'binary_cross_entropy' is not differentiable with respect to argument 'weight'. This input "
          "cannot have requires_grad True.");
    cg_tensor *all[] = {p, p2, big, one, f, i, w2, wg, m, w4};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        cg_tensor_release(all[k]);
}

/* ---- binary_cross_entropy_with_logits ------------------------------------------------------------- */

Test(binary_cross_entropy_with_logits, stable_values_pos_weight_and_gradients) {
    cg_tensor *x = F64(SZ(4), -1000, 1000, 0, 2.5), *y = soft_targets(), *w = class_weights();
    cg_tensor *pw = F64(SZ(4), 2, 0.5, 1, 3);
    x->requires_grad = true;
    CHECK(T_OK(cg_binary_cross_entropy_with_logits(x, y, NULL, NULL, CG_REDUCTION_MEAN)), 0.63050923);
    CHECK(T_OK(cg_binary_cross_entropy_with_logits(x, y, NULL, NULL, CG_REDUCTION_SUM)), 2.5220369);
    CHECK(T_OK(cg_binary_cross_entropy_with_logits(x, y, NULL, NULL, CG_REDUCTION_NONE)), 0, 0, 0.69314718, 1.8288897);
    CHECK(T_OK(cg_binary_cross_entropy_with_logits(x, y, w, pw, CG_REDUCTION_SUM)), 2.2227972);
    CHECK(T_OK(cg_binary_cross_entropy_with_logits(x, y, w, pw, CG_REDUCTION_NONE)), 0, 0, 0.34657359, 1.8762236);
    cg_tensor *l = T_OK(cg_binary_cross_entropy_with_logits(x, y, w, pw, CG_REDUCTION_MEAN));
    cr_assert_str_eq(l->grad_fn->name, "BinaryCrossEntropyWithLogitsBackward0");
    cr_assert_float_eq(scalar_of(l), 0.55569929, 1e-7);
    cg_tensor *g[2] = {0};
    T_RC(cg_autograd_grad(1, &l, NULL, 2, (cg_tensor *[]){x, y}, false, false, false, g));
    CHECK(g[0], 0, 0, -0.0625, 0.14465673);
    CHECK(g[1], 500, -500, 0, -0.58555513);
    cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(w), cg_tensor_release(pw), cg_tensor_release(l);
}

Test(binary_cross_entropy_with_logits, errors) {
    cg_tensor *x = F32(SZ(3), 0, 1, 2), *y2 = F32(SZ(2), 0, 1), *yi = I64(SZ(3), 0, 1, 1);
    cg_tensor *m = F32(SZ(2, 3), 0, 0, 0, 0, 0, 0), *w4 = F32(SZ(4), 1, 1, 1, 1), *wg = F32(SZ(3), 1, 1, 1);
    wg->requires_grad = true;
    T_ERR(cg_binary_cross_entropy_with_logits(x, y2, NULL, NULL, CG_REDUCTION_MEAN), CG_VALUE_ERROR,
          "Target size (torch.Size([2])) must be the same as input size (torch.Size([3]))");
    T_ERR(cg_binary_cross_entropy_with_logits(x, yi, NULL, NULL, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "result type Float can't be cast to the desired output type Long");
    T_ERR(cg_binary_cross_entropy_with_logits(m, m, w4, NULL, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
    T_ERR(cg_binary_cross_entropy_with_logits(m, m, NULL, w4, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
    T_ERR(cg_binary_cross_entropy_with_logits(x, x, wg, NULL, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "The function 'binary_cross_entropy_with_logits' is not differentiable with respect to argument 'weight'. "
          "This input cannot have requires_grad True.");
    T_ERR(cg_binary_cross_entropy_with_logits(x, x, NULL, wg, CG_REDUCTION_MEAN), CG_RUNTIME_ERROR,
          "The function 'binary_cross_entropy_with_logits' is not differentiable with respect to argument "
          "'pos_weight'. This input cannot have requires_grad True.");
    cg_tensor *all[] = {x, y2, yi, m, w4, wg};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        cg_tensor_release(all[k]);
}

/* ---- dropout ---------------------------------------------------------------------------------------- */

/* A fixed cycle of uniforms: kept, dropped, kept, dropped at p = 0.5. */
static double cycle(void *ctx) {
    static const double u[] = {0.1, 0.9, 0.3, 0.7};
    int *k = ctx;
    return u[(*k)++ % 4];
}

Test(dropout, scales_kept_elements_and_records_mul) {
    cg_tensor *x = F32(SZ(2, 2), 1, 2, 3, 4);
    x->requires_grad = true;
    int k = 0;
    cg_tensor *y = T_OK(cg_dropout_with(x, 0.5, true, cycle, &k));
    cr_assert_eq(k, 4);
    cr_assert_str_eq(y->grad_fn->name, "MulBackward0");
    cr_assert_eq(y->dtype, CG_F32);
    t_assert_values(y, 4, (double[]){2, 0, 6, 0}, 1e-6);
    cg_tensor *ones = F32(SZ(2, 2), 1, 1, 1, 1);
    CHECK(grad_of(y, ones, x, false), 2, 0, 2, 0);
    cg_tensor_release(y), cg_tensor_release(ones);
    k = 0;
    y = T_OK(cg_dropout_with(x, 0.25, true, cycle, &k)); /* 0.9 >= 0.75 drops */
    t_assert_values(y, 4, (double[]){1 / 0.75, 0, 3 / 0.75, 4 / 0.75}, 1e-6);
    cg_tensor_release(y), cg_tensor_release(x);
}

Test(dropout, draws_in_row_major_order_like_pytorch) {
    /* x = [[1, 2], [3, 4]].T = [[1, 3], [2, 4]], whose memory order differs */
    cg_tensor *base = F32(SZ(2, 2), 1, 2, 3, 4), *x = T_OK(cg_transpose(base, 0, 1));
    int k = 0;
    CHECK(T_OK(cg_dropout_with(x, 0.5, true, cycle, &k)), 2, 0, 4, 0); /* keep, drop, keep, drop */
    cg_tensor_release(base), cg_tensor_release(x);
}

Test(dropout, identity_cases_p_1_and_errors) {
    cg_tensor *x = F32(SZ(3), 1, -2, 3), *i = I64(SZ(2), 1, 2), *e = F32(SZ(0));
    x->requires_grad = true;
    int k = 0;
    cg_tensor *y = T_OK(cg_dropout_with(x, 0.0, true, cycle, &k));
    cr_assert(y == x && k == 0);
    cg_tensor_release(y);
    y = T_OK(cg_dropout_with(x, 0.5, false, cycle, &k));
    cr_assert(y == x);
    cg_tensor_release(y);
    y = T_OK(cg_dropout_with(e, 0.5, true, cycle, &k));
    cr_assert(y == e);
    cg_tensor_release(y);
    y = T_OK(cg_dropout_with(x, 1.0, true, cycle, &k));
    cr_assert_str_eq(y->grad_fn->name, "MulBackward0");
    CHECK(y, 0, 0, 0);
    y = T_OK(cg_dropout_with(i, 0.0, true, cycle, &k));
    cr_assert(y == i);
    cg_tensor_release(y);
    T_ERR(cg_dropout_with(x, 1.5, true, cycle, &k), CG_VALUE_ERROR,
          "dropout probability has to be between 0 and 1, but got 1.5");
    T_ERR(cg_dropout_with(x, -0.1, true, cycle, &k), CG_VALUE_ERROR,
          "dropout probability has to be between 0 and 1, but got -0.1");
    T_ERR(cg_dropout_with(i, 0.5, true, cycle, &k), CG_RUNTIME_ERROR,
          "result type Float can't be cast to the desired output type Long");
    cg_tensor_release(x), cg_tensor_release(i), cg_tensor_release(e);
}

/* ---- inputs of more than 2 dims, probabilities, double backward refusals ------------------------------ */

Test(nll_loss, spatial_inputs_build_pytorchs_graph) {
    cg_tensor *x3 = T_OK(t_rand(CG_F64, 3, (int64_t[]){2, 3, 4}, -1, 0, 5));
    cg_tensor *x4 = T_OK(t_rand(CG_F64, 4, (int64_t[]){2, 3, 2, 2}, -1, 0, 6));
    cg_tensor *t2 = I64(SZ(2, 4), 0, 2, 1, 1, 2, 0, 0, 1), *t3 = I64(SZ(2, 2, 2), 0, 2, 1, 1, 2, 0, 0, 1);
    x3->requires_grad = x4->requires_grad = true;
    cg_tensor *l = T_OK(cg_nll_loss(x3, t2, NULL, -100, CG_REDUCTION_MEAN));
    cr_assert_str_eq(l->grad_fn->name, "NllLoss2DBackward0");
    cr_assert_str_eq(l->grad_fn->next[0].node->name, "ViewBackward0");
    cg_tensor_release(l);
    l = T_OK(cg_nll_loss(x3, t2, NULL, -100, CG_REDUCTION_NONE));
    cr_assert(t_shape_is(l, 2, 2, 4));
    cr_assert_str_eq(l->grad_fn->name, "ViewBackward0");
    cg_tensor_release(l);
    l = T_OK(cg_nll_loss(x4, t3, NULL, -100, CG_REDUCTION_SUM));
    cr_assert_str_eq(l->grad_fn->name, "NllLoss2DBackward0");
    cr_assert_str_eq(l->grad_fn->next[0].node->name, "AccumulateGrad");
    cg_tensor *g = grad_of(l, NULL, x4, true);
    cr_assert_str_eq(g->grad_fn->name, "NllLoss2DBackwardBackward0");
    cg_tensor_release(l), cg_tensor_release(g), cg_tensor_release(x3), cg_tensor_release(x4);
    cg_tensor_release(t2), cg_tensor_release(t3);
}

Test(cross_entropy, class_probabilities) {
    cg_tensor *x = logits(true), *p = F64(SZ(3, 4), 0.1, 0.2, 0.3, 0.4, 1, 0, 0, 0, 0.25, 0.25, 0.25, 0.25);
    cg_tensor *t = classes(), *i = I64(SZ(3, 4), 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
    cg_tensor *l = T_OK(cg_cross_entropy(x, p, NULL, -100, CG_REDUCTION_MEAN, 0));
    cr_assert_str_eq(l->grad_fn->name, "DivBackward1");
    /* a one-hot row gives the class-index loss of that row */
    cg_tensor *none = T_OK(cg_cross_entropy(x, p, NULL, -100, CG_REDUCTION_NONE, 0));
    cg_tensor *ref = T_OK(cg_cross_entropy(x, t, NULL, -100, CG_REDUCTION_NONE, 0));
    cr_assert_float_eq(t_at(none, 1), 1.7704666, 1e-6);
    cr_assert_float_eq(scalar_of(l), (t_at(none, 0) + t_at(none, 1) + t_at(none, 2)) / 3, 1e-12);
    T_ERR(cg_cross_entropy(x, i, NULL, -100, CG_REDUCTION_MEAN, 0), CG_RUNTIME_ERROR,
          "Expected floating point type for target with class probabilities, got Long");
    T_ERR(cg_cross_entropy(x, p, NULL, 1, CG_REDUCTION_MEAN, 0), CG_RUNTIME_ERROR,
          "ignore_index is not supported for floating point target");
    cg_tensor_release(x), cg_tensor_release(p), cg_tensor_release(t), cg_tensor_release(i), cg_tensor_release(l);
    cg_tensor_release(none), cg_tensor_release(ref);
}

Test(binary_cross_entropy, double_backward) {
    cg_tensor *p = probs(), *y = soft_targets(), *w = class_weights(), *gw = F64(SZ(4), 0.3, -0.2, 0.5, 1.0);
    cg_tensor *l = T_OK(cg_binary_cross_entropy(p, y, w, CG_REDUCTION_MEAN));
    cg_tensor *g = grad_of(l, NULL, p, true);
    cg_tensor *h[2] = {0}, *prod = T_OK(cg_mul(g, gw)), *s = T_OK(cg_sum(prod, 0, NULL, false));
    T_RC(cg_autograd_grad(1, &s, NULL, 2, (cg_tensor *[]){p, y}, false, false, false, h));
    CHECK(h[0], 0.1171875, -0.20408163, 0.077160494, 1);
    CHECK(h[1], -0.46875, 0.47619048, -0.69444444, -1);
    cg_tensor_release(l), cg_tensor_release(g), cg_tensor_release(prod), cg_tensor_release(s);
    cg_tensor *x = F64(SZ(4), -1.5, 1.0, 0, 2.5), *pw = F64(SZ(4), 2, 0.5, 1, 3);
    x->requires_grad = true;
    l = T_OK(cg_binary_cross_entropy_with_logits(x, y, w, pw, CG_REDUCTION_SUM));
    g = grad_of(l, NULL, x, true);
    prod = T_OK(cg_mul(g, gw)), s = T_OK(cg_sum(prod, 0, NULL, false));
    T_RC(cg_autograd_grad(1, &s, NULL, 2, (cg_tensor *[]){x, y}, false, false, false, h));
    CHECK(h[0], 0.044743936, -0.039322387, 0.0625, 0.11216595);
    CHECK(h[1], -0.54527234, 0.34621172, -0.25, -1.1517164);
    cg_tensor_release(l), cg_tensor_release(g), cg_tensor_release(prod), cg_tensor_release(s);
    cg_tensor_release(p), cg_tensor_release(y), cg_tensor_release(w), cg_tensor_release(gw), cg_tensor_release(x);
    cg_tensor_release(pw);
}

/* ---- smooth_l1_loss / huber_loss ---------------------------------------------------------------------- */

Test(smooth_l1_loss, values_double_backward_and_errors) {
    cg_tensor *x = F64(SZ(3), 0.2, 2.0, -3.0), *t = F64(SZ(3), 0, 0, 0), *w = F64(SZ(3), 2, 3, 4);
    x->requires_grad = true;
    CHECK(T_OK(cg_smooth_l1_loss(x, t, CG_REDUCTION_NONE, 0.5)), 0.04, 1.75, 2.75);
    CHECK(T_OK(cg_huber_loss(x, t, CG_REDUCTION_NONE, 0.5)), 0.02, 0.875, 1.375);
    cg_tensor *l = T_OK(cg_smooth_l1_loss(x, t, CG_REDUCTION_SUM, 0.5));
    cr_assert_str_eq(l->grad_fn->name, "SmoothL1LossBackward0");
    cg_tensor *g = grad_of(l, NULL, x, true);
    t_assert_values(g, 3, (double[]){0.4, 1, -1}, 1e-12);
    CHECK(grad_of(g, w, x, false), 4, 0, 0); /* 1 / beta inside the threshold */
    cg_tensor_release(l), cg_tensor_release(g);
    l = T_OK(cg_huber_loss(x, t, CG_REDUCTION_MEAN, 0.5));
    cr_assert_str_eq(l->grad_fn->name, "HuberLossBackward0");
    CHECK(grad_of(l, NULL, x, false), 0.2 / 3, 0.5 / 3, -0.5 / 3);
    T_ERR(cg_smooth_l1_loss(x, t, CG_REDUCTION_MEAN, -1), CG_RUNTIME_ERROR,
          "smooth_l1_loss does not support negative values for beta.");
    T_ERR(cg_huber_loss(x, t, CG_REDUCTION_MEAN, 0), CG_RUNTIME_ERROR,
          "huber_loss does not support non-positive values for delta.");
    cg_tensor_release(l), cg_tensor_release(x), cg_tensor_release(t), cg_tensor_release(w);
}

Test(dropout, in_place) {
    cg_tensor *leaf = F32(SZ(4), 1, 2, 3, 4);
    leaf->requires_grad = true;
    cg_tensor *x = T_OK(cg_clone(leaf));
    int64_t v0 = x->storage->version;
    int k = 0;
    T_RC(cg_dropout_with_(x, 0.5, true, cycle, &k));
    cr_assert_str_eq(x->grad_fn->name, "MulBackward0");
    cr_assert_gt(x->storage->version, v0);
    t_assert_values(x, 4, (double[]){2, 0, 6, 0}, 1e-6);
    cg_tensor *ones = F32(SZ(4), 1, 1, 1, 1);
    CHECK(grad_of(x, ones, leaf, false), 2, 0, 2, 0);
    T_RC(cg_dropout_with_(x, 0.0, true, cycle, &k));
    T_ERR(cg_dropout_with_(leaf, 0.5, true, cycle, &k), CG_RUNTIME_ERROR,
          "a leaf Variable that requires grad is being used in an in-place operation.");
    cg_tensor_release(leaf), cg_tensor_release(x), cg_tensor_release(ones);
}

Test(softmax, softmin_and_the_default_dim) {
    cg_tensor *x = logits(true);
    cg_tensor *y = T_OK(cg_softmin(x, 1, -1));
    cr_assert_str_eq(y->grad_fn->name, "SoftmaxBackward0");
    cr_assert_str_eq(y->grad_fn->next[0].node->name, "NegBackward0");
    cg_tensor *nx = T_OK(cg_neg(x)), *ref = T_OK(cg_softmax(nx, 1, -1));
    t_assert_close(y, ref, 0, 1e-15);
    cr_assert_eq(cg_softmax_default_dim(0), 0);
    cr_assert_eq(cg_softmax_default_dim(1), 0);
    cr_assert_eq(cg_softmax_default_dim(2), 1);
    cr_assert_eq(cg_softmax_default_dim(3), 0);
    cr_assert_eq(cg_softmax_default_dim(4), 1);
    cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(nx), cg_tensor_release(ref);
}

Test(dropout, draws_pytorchs_mask_from_the_generator) {
    cg_tensor *x = T_OK(cg_ones(2, (int64_t[]){3, 4}, CG_F32, cg_device_cpu()));
    cg_manual_seed(0);
    double k = 1 / 0.7f; /* 1 / (float)(1 - p), as PyTorch's float division */
    CHECK(T_OK(cg_dropout(x, 0.3, true, NULL)), 0, 0, k, 0, k, 0, k, k, k, k, k, k);
    cg_tensor *d = T_OK(cg_ones(1, (int64_t[]){5}, CG_F64, cg_device_cpu()));
    cg_rng *g = T_OK(cg_rng_new());
    cg_rng_manual_seed(g, 7);
    CHECK(T_OK(cg_dropout(d, 0.5, true, g)), 2, 2, 0, 0, 0);
    cg_rng_manual_seed(g, 7);
    T_RC(cg_dropout_(d, 0.5, true, g));
    t_assert_values(d, 5, (double[]){2, 2, 0, 0, 0}, 0);
    cg_rng_free(g), cg_tensor_release(x), cg_tensor_release(d);
}

/* d/dx sum(grad(sum(f(x, 1) * w), x)^2) with create_graph, against PyTorch:
 * the second backward goes through the saved result (Note [Saved outputs]). */
Test(nn, softmax_double_backward_matches_pytorch) {
    static const double want[2][6] = {
        {0.00660122661989, 0.021124855137, -0.0277260817568, -0.186122628184, 0.00080542575629, 0.185317202428},
        {0.0478668673422, -0.109320310495, 0.0614534431532, -0.00418924290728, -0.758156027744, 0.762345270651},
    };
    for (int k = 0; k < 2; k++) {
        cg_tensor *x = t_from(CG_F64, 2, (int64_t[]){2, 3}, (double[]){0.5, -1.0, 2.0, 0.25, 0.0, -0.5});
        x->requires_grad = true;
        cg_tensor *w = t_from(CG_F64, 2, (int64_t[]){2, 3}, (double[]){1.0, -2.0, 0.5, 0.75, 1.5, -1.0});
        cg_tensor *y = T_OK(k ? cg_log_softmax(x, 1, -1) : cg_softmax(x, 1, -1));
        cg_tensor *yw = T_OK(cg_mul(y, w));
        cg_tensor *l = T_OK(cg_sum(yw, 0, NULL, false));
        cg_tensor *g = NULL, *gg = NULL;
        T_RC(cg_autograd_grad(1, &l, NULL, 1, &x, false, true, false, &g));
        cg_tensor *g2 = T_OK(cg_mul(g, g));
        cg_tensor *l2 = T_OK(cg_sum(g2, 0, NULL, false));
        T_RC(cg_autograd_grad(1, &l2, NULL, 1, &x, false, false, false, &gg));
        t_assert_values(gg, 6, want[k], 1e-10);
        cg_tensor_release(x), cg_tensor_release(w), cg_tensor_release(y), cg_tensor_release(yw);
        cg_tensor_release(l), cg_tensor_release(g), cg_tensor_release(g2), cg_tensor_release(l2), cg_tensor_release(gg);
    }
}
