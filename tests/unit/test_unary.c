/* test_unary.c: the unary family as a user meets it: values and gradients
 * against PyTorch 1.13 (numbers printed by torch), result dtypes, special
 * points (relu and abs at 0, sqrt at 0, clamp at its bounds), errors with
 * PyTorch's messages, where and masked_fill broadcasting and promotion,
 * in-place forms with their versions, empty and 0-d tensors. */
#include <criterion/criterion.h>
#include <math.h>

#include "helpers.h"

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static cg_tensor *vec(cg_dtype dt, int n, const double *v) { return t_from(dt, 1, (int64_t[]){n}, v); }
static cg_tensor *leaf(cg_dtype dt, int n, const double *v) {
    cg_tensor *t = vec(dt, n, v);
    t->requires_grad = true;
    return t;
}
static cg_tensor *sum_all(cg_tensor *t) { return T_OK(cg_sum(t, 0, NULL, false)); }
/* d sum(y) / d x */
static cg_tensor *grad_of(cg_tensor *y, cg_tensor *x, bool create_graph) {
    cg_tensor *l = sum_all(y), *g = NULL;
    T_RC(cg_autograd_grad(1, &l, NULL, 1, &x, create_graph, create_graph, false, &g));
    cg_tensor_release(l);
    return g;
}

static const double X[] = {-2.5, -1, -0.25, 0, 0.3, 1, 2};
static const double P[] = {0, 0.25, 1, 2, 9};

typedef struct {
    const char *name;
    cg_tensor *(*fn)(cg_tensor *);
    const double *in;
    int n;
    double out[7];  /* torch, float32 */
    double grad[7]; /* torch, d sum(f(x)) / dx */
} unary_case;

static cg_tensor *gelu_none(cg_tensor *x) { return cg_gelu(x, "none"); }
static cg_tensor *gelu_tanh(cg_tensor *x) { return cg_gelu(x, "tanh"); }
static cg_tensor *leaky(cg_tensor *x) { return cg_leaky_relu(x, 0.01); }

static const unary_case cases[] = {
    {"abs", cg_abs, X, 7, {2.5, 1, 0.25, 0, 0.3, 1, 2}, {-1, -1, -1, 0, 1, 1, 1}},
    {"sign", cg_sign, X, 7, {-1, -1, -1, 0, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 0}},
    {"sin",
     cg_sin,
     X,
     7,
     {-0.598472118, -0.841470957, -0.247403964, 0, 0.295520216, 0.841470957, 0.909297407},
     {-0.801143587, 0.540302336, 0.968912423, 1, 0.955336511, 0.540302336, -0.416146845}},
    {"cos",
     cg_cos,
     X,
     7,
     {-0.801143587, 0.540302336, 0.968912423, 1, 0.955336511, 0.540302336, -0.416146845},
     {0.598472118, 0.841470957, 0.247403964, 0, -0.295520216, -0.841470957, -0.909297407}},
    {"tanh",
     cg_tanh,
     X,
     7,
     {-0.986614287, -0.761594176, -0.244918659, 0, 0.291312635, 0.761594176, 0.964027584},
     {0.0265922267, 0.419974342, 0.940014849, 1, 0.915136955, 0.419974342, 0.0706508249}},
    {"sigmoid",
     cg_sigmoid,
     X,
     7,
     {0.0758581758, 0.268941432, 0.437823504, 0.5, 0.574442506, 0.731058598, 0.880797029},
     {0.0701037165, 0.196611933, 0.246134083, 0.25, 0.244458311, 0.196611933, 0.104993585}},
    {"erf",
     cg_erf,
     X,
     7,
     {-0.999593019, -0.842700779, -0.276326388, 0, 0.328626782, 0.842700779, 0.995322287},
     {0.00217828423, 0.415107497, 1.06001413, 1.12837917, 1.0312609, 0.415107497, 0.0206669854}},
    {"relu", cg_relu, X, 7, {0, 0, 0, 0, 0.3, 1, 2}, {0, 0, 0, 0, 1, 1, 1}},
    {"gelu",
     gelu_none,
     X,
     7,
     {-0.0155241787, -0.158655286, -0.100323431, 0, 0.185373425, 0.841344714, 1.95449996},
     {-0.0376110859, -0.0833154706, 0.304626645, 0.5, 0.732327776, 1.08331547, 1.0852318}},
    {"gelu tanh",
     gelu_tanh,
     X,
     7,
     {-0.0150842965, -0.158807993, -0.100324646, 0, 0.185370937, 0.841192007, 1.95459771},
     {-0.0379515762, -0.0829640838, 0.304645905, 0.5, 0.73229546, 1.08296408, 1.08609926}},
    {"leaky_relu", leaky, X, 7, {-0.025, -0.01, -0.0025, 0, 0.3, 1, 2}, {0.01, 0.01, 0.01, 0.01, 1, 1, 1}},
    {"log", cg_log, P, 5, {-INFINITY, -1.38629436, 0, 0.693147182, 2.19722462}, {INFINITY, 4, 1, 0.5, 0.111111112}},
    {"log1p", cg_log1p, P, 5, {0, 0.223143548, 0.693147182, 1.09861231, 2.30258512}, {1, 0.8, 0.5, 0.333333343, 0.1}},
    {"sqrt", cg_sqrt, P, 5, {0, 0.5, 1, 1.41421354, 3}, {INFINITY, 1, 0.5, 0.353553385, 0.166666672}},
    {"rsqrt",
     cg_rsqrt,
     P,
     5,
     {INFINITY, 2, 1, 0.707106769, 0.333333343},
     {-INFINITY, -4, -0.5, -0.176776677, -0.0185185205}},
};

Test(unary, values_and_gradients_match_pytorch) {
    for (int k = 0; k < N(cases); k++) {
        const unary_case *c = &cases[k];
        for (int d = 0; d < 2; d++) {
            cg_tensor *x = leaf(d ? CG_F64 : CG_F32, c->n, c->in);
            cg_tensor *y = T_OK(c->fn(x));
            cr_assert_eq(y->dtype, x->dtype, "%s", c->name);
            t_assert_values(y, c->n, c->out, 1e-6);
            cg_tensor *g = grad_of(y, x, false);
            t_assert_values(g, c->n, c->grad, 1e-6);
            cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(g);
        }
    }
}

Test(unary, node_names_are_pytorchs) {
    static const struct {
        cg_tensor *(*fn)(cg_tensor *);
        const char *node;
    } names[] = {{cg_abs, "AbsBackward0"},         {cg_sign, "SignBackward0"},    {cg_log, "LogBackward0"},
                 {cg_log1p, "Log1PBackward0"},     {cg_sqrt, "SqrtBackward0"},    {cg_rsqrt, "RsqrtBackward0"},
                 {cg_sin, "SinBackward0"},         {cg_cos, "CosBackward0"},      {cg_tanh, "TanhBackward0"},
                 {cg_sigmoid, "SigmoidBackward0"}, {cg_relu, "ReluBackward0"},    {gelu_none, "GeluBackward0"},
                 {gelu_tanh, "GeluBackward0"},     {leaky, "LeakyReluBackward0"}, {cg_erf, "ErfBackward0"}};
    cg_tensor *x = leaf(CG_F32, 2, (double[]){0.5, 1});
    for (int k = 0; k < N(names); k++) {
        cg_tensor *y = T_OK(names[k].fn(x));
        cr_assert_str_eq(y->grad_fn->name, names[k].node);
        cg_tensor_release(y);
    }
    cg_tensor_release(x);
}

/* second derivatives, from torch.autograd.grad(create_graph=True); tanh,
 * sigmoid and exp go through their saved result (Note [Saved outputs]). */
Test(unary, double_backward_matches_pytorch) {
    static const struct {
        cg_tensor *(*fn)(cg_tensor *);
        double dd[7];
    } dd[] = {
        {gelu_none, {-0.0744952771, 0.241970725, 0.749169476, 0.797884561, 0.728450722, 0.241970725, -0.107981933}},
        {gelu_tanh, {-0.0762453921, 0.242148198, 0.748948614, 0.797884561, 0.728148443, 0.242148198, -0.10787508}},
        {cg_erf, {0.0108914212, 0.830214995, 0.530007065, 0, -0.618756566, -0.830214995, -0.0826679414}},
        {cg_tanh, {0.0524725421, 0.639700008, 0.460454359, 0, -0.533181878, -0.639700008, -0.136218687}},
        {cg_sigmoid, {0.0594678358, 0.0908577477, 0.030607512, 0, -0.036396184, -0.0908577477, -0.0799625011}},
        {cg_exp, {0.0820849986, 0.367879441, 0.778800783, 1, 1.34985881, 2.71828183, 7.3890561}},
    };
    for (int k = 0; k < N(dd); k++) {
        cg_tensor *x = leaf(CG_F64, 7, X);
        cg_tensor *y = T_OK(dd[k].fn(x));
        cg_tensor *g = grad_of(y, x, true);
        cg_tensor *gg = grad_of(g, x, false);
        t_assert_values(gg, 7, dd[k].dd, 1e-7);
        cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(g), cg_tensor_release(gg);
    }
}

/* ---- dtypes --------------------------------------------------------------------------------- */

Test(unary, float_ops_promote_integers_to_float32) {
    cg_tensor *(*const float_ops[])(cg_tensor *) = {cg_exp, cg_log, cg_log1p, cg_sqrt,    cg_rsqrt,
                                                    cg_sin, cg_cos, cg_tanh,  cg_sigmoid, cg_erf};
    const cg_dtype ints[] = {CG_INT32, CG_INT64, CG_BOOL};
    for (int d = 0; d < N(ints); d++) {
        cg_tensor *x = vec(ints[d], 3, (double[]){1, 0, 2});
        for (int k = 0; k < N(float_ops); k++) {
            cg_tensor *y = T_OK(float_ops[k](x));
            cr_assert_eq(y->dtype, CG_F32);
            cg_tensor_release(y);
        }
        cg_tensor_release(x);
    }
    cg_tensor *x = vec(CG_INT64, 3, (double[]){1, 0, 2});
    cg_tensor *y = T_OK(cg_sqrt(x));
    t_assert_values(y, 3, (double[]){1, 0, 1.41421354}, 1e-6);
    cg_tensor *r = T_OK(cg_rsqrt(x));
    t_assert_values(r, 3, (double[]){1, INFINITY, 0.707106769}, 1e-6);
    cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(r);
}

Test(unary, abs_sign_relu_keep_integer_dtypes) {
    cg_tensor *i = vec(CG_INT32, 3, (double[]){1, 0, -2});
    cg_tensor *a = T_OK(cg_abs(i)), *s = T_OK(cg_sign(i)), *r = T_OK(cg_relu(i));
    cr_assert(a->dtype == CG_INT32 && s->dtype == CG_INT32 && r->dtype == CG_INT32);
    t_assert_values(a, 3, (double[]){1, 0, 2}, 0);
    t_assert_values(s, 3, (double[]){1, 0, -1}, 0);
    t_assert_values(r, 3, (double[]){1, 0, 0}, 0);
    cg_tensor *b = vec(CG_BOOL, 3, (double[]){1, 0, 1});
    cg_tensor *sb = T_OK(cg_sign(b));
    cr_assert_eq(sb->dtype, CG_BOOL);
    t_assert_values(sb, 3, (double[]){1, 0, 1}, 0);
    cg_tensor_release(i), cg_tensor_release(a), cg_tensor_release(s), cg_tensor_release(r), cg_tensor_release(sb);
    cg_tensor_release(b);
}

Test(unary, unsupported_dtypes_fail_as_pytorch) {
    cg_tensor *b = vec(CG_BOOL, 2, (double[]){1, 0});
    cg_tensor *l = vec(CG_INT64, 2, (double[]){1, 0});
    cg_tensor *i = vec(CG_INT32, 2, (double[]){1, 0});
    T_ERR(cg_abs(b), CG_RUNTIME_ERROR, "\"abs_cpu\" not implemented for 'Bool'");
    T_ERR(cg_abs_(b), CG_RUNTIME_ERROR, "\"abs_cpu\" not implemented for 'Bool'");
    T_ERR(cg_relu(b), CG_RUNTIME_ERROR, "Boolean inputs not supported for relu");
    T_ERR(cg_gelu(l, "none"), CG_RUNTIME_ERROR, "\"GeluKernelImpl\" not implemented for 'Long'");
    T_ERR(cg_leaky_relu(i, 0.01), CG_RUNTIME_ERROR, "\"leaky_relu_cpu\" not implemented for 'Int'");
    T_ERR(cg_neg_(b), CG_RUNTIME_ERROR,
          "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use "
          "the `~` or `logical_not()` operator instead.");
    cg_tensor *f = vec(CG_F32, 2, (double[]){1, 0});
    T_ERR(cg_gelu(f, "foo"), CG_RUNTIME_ERROR, "approximate argument must be either none or tanh.");
    cg_tensor_release(b), cg_tensor_release(l), cg_tensor_release(i), cg_tensor_release(f);
}

/* ---- special points ----------------------------------------------------------------------------- */

Test(unary, nan_and_signed_zero_as_pytorch) {
    cg_tensor *x = vec(CG_F32, 3, (double[]){NAN, -0.0, 0.0});
    cg_tensor *s = T_OK(cg_sign(x)), *r = T_OK(cg_relu(x));
    t_assert_values(s, 3, (double[]){0, 0, 0}, 0);
    cr_assert(isnan(t_at(r, 0)) && signbit(t_at(r, 1)));
    cg_scalar lo = cg_scalar_float(0), hi = cg_scalar_float(1), nan = cg_scalar_float(NAN);
    cg_tensor *c = T_OK(cg_clamp(x, &lo, &hi));
    cr_assert(isnan(t_at(c, 0)));
    cg_tensor *v = vec(CG_F32, 3, (double[]){1, 0, -2});
    cg_tensor *cn = T_OK(cg_clamp(v, &nan, NULL)); /* a nan bound leaves x, as torch 1.13 */
    t_assert_values(cn, 3, (double[]){1, 0, -2}, 0);
    cg_tensor_release(x), cg_tensor_release(s), cg_tensor_release(r), cg_tensor_release(c), cg_tensor_release(v);
    cg_tensor_release(cn);
}

/* ---- clamp --------------------------------------------------------------------------------------- */

Test(clamp, dtype_is_result_type_of_self_and_bounds) {
    cg_tensor *i = vec(CG_INT64, 3, (double[]){1, 0, -2});
    cg_tensor *b = vec(CG_BOOL, 3, (double[]){1, 0, 1});
    cg_tensor *i32 = vec(CG_INT32, 3, (double[]){1, 0, -2});
    cg_scalar h = cg_scalar_float(0.5), h15 = cg_scalar_float(1.5), z = cg_scalar_int(0), one = cg_scalar_int(1);
    cg_tensor *a = T_OK(cg_clamp(i, &h, &h15));
    cr_assert_eq(a->dtype, CG_F32);
    t_assert_values(a, 3, (double[]){1, 0.5, 0.5}, 0);
    cg_tensor *c = T_OK(cg_clamp(i, &z, NULL));
    cr_assert_eq(c->dtype, CG_INT64);
    t_assert_values(c, 3, (double[]){1, 0, 0}, 0);
    cg_tensor *d = T_OK(cg_clamp(b, &z, &one));
    cr_assert_eq(d->dtype, CG_INT64);
    cg_tensor *e = T_OK(cg_clamp(i32, &z, &one));
    cr_assert_eq(e->dtype, CG_INT32);
    cg_scalar f = cg_scalar_bool(false), t = cg_scalar_bool(true);
    T_ERR(cg_clamp(b, &f, &t), CG_RUNTIME_ERROR, "\"clamp_scalar_cpu\" not implemented for 'Bool'");
    T_ERR(cg_clamp(i, NULL, NULL), CG_RUNTIME_ERROR, "torch.clamp: At least one of 'min' or 'max' must not be None");
    T_ERR(cg_clamp_tensor(i, NULL, NULL), CG_RUNTIME_ERROR,
          "torch.clamp: At least one of 'min' or 'max' must not be None");
    cg_tensor_release(i), cg_tensor_release(b), cg_tensor_release(i32), cg_tensor_release(a);
    cg_tensor_release(c), cg_tensor_release(d), cg_tensor_release(e);
}

Test(clamp, min_above_max_gives_max_and_gradient_is_inclusive) {
    cg_tensor *x = leaf(CG_F32, 5, (double[]){-2, -1, 0, 1, 2});
    cg_scalar lo = cg_scalar_int(-1), hi = cg_scalar_int(1), two = cg_scalar_int(2);
    cg_tensor *y = T_OK(cg_clamp(x, &lo, &hi));
    cr_assert_str_eq(y->grad_fn->name, "ClampBackward1");
    t_assert_values(y, 5, (double[]){-1, -1, 0, 1, 1}, 0);
    cg_tensor *g = grad_of(y, x, false);
    t_assert_values(g, 5, (double[]){0, 1, 1, 1, 0}, 0);
    cg_tensor *crossed = T_OK(cg_clamp(x, &two, &lo));
    t_assert_values(crossed, 5, (double[]){-1, -1, -1, -1, -1}, 0);
    cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(g), cg_tensor_release(crossed);
}

Test(clamp, tensor_bounds_values_and_gradients_match_pytorch) {
    cg_tensor *x = leaf(CG_F32, 6, (double[]){-2, 0, 0.5, 1, 3, 0.2});
    cg_tensor *mn = leaf(CG_F32, 6, (double[]){-1, 0, 0, 0, 0, 0.5});
    cg_tensor *mx = leaf(CG_F32, 6, (double[]){1, 1, 0.5, 2, 2, 0.1});
    cg_tensor *y = T_OK(cg_clamp_tensor(x, mn, mx));
    cr_assert_str_eq(y->grad_fn->name, "ClampBackward0");
    t_assert_values(y, 6, (double[]){-1, 0, 0.5, 1, 2, 0.1}, 1e-7);
    cg_tensor *w = vec(CG_F32, 6, (double[]){1, 2, 3, 4, 5, 6});
    T_RC(cg_autograd_backward(1, &y, &w, false, false));
    t_assert_values(x->grad, 6, (double[]){0, 2, 3, 4, 0, 0}, 0);
    t_assert_values(mn->grad, 6, (double[]){1, 0, 0, 0, 0, 0}, 0);
    t_assert_values(mx->grad, 6, (double[]){0, 0, 0, 0, 5, 6}, 0);
    cg_tensor_release(x), cg_tensor_release(mn), cg_tensor_release(mx), cg_tensor_release(y), cg_tensor_release(w);
}

Test(clamp, tensor_bounds_broadcast_and_promote) {
    cg_tensor *f = vec(CG_F32, 3, (double[]){1, 0, -2});
    cg_tensor *lo = vec(CG_F32, 1, (double[]){0});
    cg_tensor *hi = t_from(CG_F32, 2, (int64_t[]){2, 1}, (double[]){1, 2});
    cg_tensor *y = T_OK(cg_clamp_tensor(f, lo, hi));
    cr_assert(t_shape_is(y, 2, 2, 3));
    t_assert_values(y, 6, (double[]){1, 0, 0, 1, 0, 0}, 0);
    cg_tensor *i = vec(CG_INT64, 3, (double[]){1, 0, -2});
    cg_tensor *half = t_from(CG_F32, 0, (int64_t[]){1}, (double[]){0.5}); /* torch.tensor(0.5) */
    cg_tensor *z = T_OK(cg_clamp_tensor(i, half, NULL));
    cr_assert_eq(z->dtype, CG_F32);
    t_assert_values(z, 3, (double[]){1, 0.5, 0.5}, 0);
    cg_tensor_release(f), cg_tensor_release(lo), cg_tensor_release(hi), cg_tensor_release(y);
    cg_tensor_release(i), cg_tensor_release(half), cg_tensor_release(z);
}

/* ---- where ------------------------------------------------------------------------------------------- */

Test(where, promotion_as_pytorch) {
    cg_tensor *b = vec(CG_BOOL, 3, (double[]){1, 0, 1});
    cg_tensor *i = vec(CG_INT64, 3, (double[]){1, 0, -2});
    cg_tensor *f = vec(CG_F32, 3, (double[]){1, 0, -2});
    cg_tensor *d = vec(CG_F64, 3, (double[]){1, 0, -2});
    cg_tensor *s25 = cg_scalar_tensor(cg_scalar_float(2.5)), *s1 = cg_scalar_tensor(cg_scalar_int(1));
    cg_tensor *s2 = cg_scalar_tensor(cg_scalar_int(2)), *st = cg_scalar_tensor(cg_scalar_bool(true));
    cg_tensor *sf = cg_scalar_tensor(cg_scalar_bool(false));
    struct {
        cg_tensor *a, *b;
        cg_dtype dt;
        double v[3];
    } want[] = {
        {i, f, CG_F32, {1, 0, -2}}, {i, s25, CG_F32, {1, 2.5, -2}}, {s1, s2, CG_INT64, {1, 2, 1}},
        {d, f, CG_F64, {1, 0, -2}}, {st, sf, CG_BOOL, {1, 0, 1}},   {b, s1, CG_INT64, {1, 1, 1}},
    };
    for (int k = 0; k < N(want); k++) {
        cg_tensor *y = T_OK(cg_where(b, want[k].a, want[k].b));
        cr_assert_eq(y->dtype, want[k].dt, "case %d: %s", k, cg_dtype_name(y->dtype));
        t_assert_values(y, 3, want[k].v, 0);
        cg_tensor_release(y);
    }
    T_ERR(cg_where(f, i, f), CG_RUNTIME_ERROR,
          "where expected condition to be a boolean tensor, but got a tensor with dtype Float");
    T_ERR(cg_where(i, i, f), CG_RUNTIME_ERROR,
          "where expected condition to be a boolean tensor, but got a tensor with dtype Long");
    cg_tensor *two = vec(CG_INT64, 2, (double[]){1, 2});
    T_ERR(cg_where(b, i, two), CG_RUNTIME_ERROR,
          "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0");
    cg_tensor_release(b), cg_tensor_release(i), cg_tensor_release(f), cg_tensor_release(d), cg_tensor_release(s25);
    cg_tensor_release(s1), cg_tensor_release(s2), cg_tensor_release(st), cg_tensor_release(sf);
    cg_tensor_release(two);
}

Test(where, broadcasts_and_routes_gradients) {
    cg_tensor *c = t_from(CG_BOOL, 2, (int64_t[]){2, 1}, (double[]){1, 0});
    cg_tensor *a = leaf(CG_F32, 3, (double[]){1, 2, 3});
    cg_tensor *b = leaf(CG_F64, 1, (double[]){-1});
    cg_tensor *y = T_OK(cg_where(c, a, b));
    cr_assert(t_shape_is(y, 2, 2, 3) && y->dtype == CG_F64);
    cr_assert_str_eq(y->grad_fn->name, "WhereBackward0");
    t_assert_values(y, 6, (double[]){1, 2, 3, -1, -1, -1}, 0);
    cg_tensor *l = sum_all(y);
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    cr_assert(a->grad->dtype == CG_F32 && t_shape_is(a->grad, 1, 3));
    t_assert_values(a->grad, 3, (double[]){1, 1, 1}, 0);
    t_assert_values(b->grad, 1, (double[]){3}, 0);
    cg_tensor_release(c), cg_tensor_release(a), cg_tensor_release(b), cg_tensor_release(y), cg_tensor_release(l);
}

/* ---- masked_fill ------------------------------------------------------------------------------------ */

Test(masked_fill, keeps_self_dtype_and_broadcasts) {
    cg_tensor *b = vec(CG_BOOL, 3, (double[]){1, 0, 1});
    cg_tensor *i = vec(CG_INT64, 3, (double[]){1, 0, -2});
    cg_tensor *y = T_OK(cg_masked_fill(i, b, cg_scalar_float(2.5)));
    cr_assert_eq(y->dtype, CG_INT64);
    t_assert_values(y, 3, (double[]){2, 0, 2}, 0);
    cg_tensor *bb = T_OK(cg_masked_fill(b, b, cg_scalar_int(2)));
    cr_assert_eq(bb->dtype, CG_BOOL);
    t_assert_values(bb, 3, (double[]){1, 0, 1}, 0);
    cg_tensor *f = vec(CG_F32, 3, (double[]){1, 0, -2});
    cg_tensor *col = t_from(CG_BOOL, 2, (int64_t[]){3, 1}, (double[]){1, 0, 1});
    cg_tensor *g = T_OK(cg_masked_fill(f, col, cg_scalar_float(1)));
    cr_assert(t_shape_is(g, 2, 3, 3));
    t_assert_values(g, 9, (double[]){1, 1, 1, 1, 0, -2, 1, 1, 1}, 0);
    cg_tensor *n = T_OK(cg_masked_fill(f, b, cg_scalar_float(NAN)));
    cr_assert(isnan(t_at(n, 0)) && t_at(n, 1) == 0);
    T_ERR(cg_masked_fill(f, i, cg_scalar_float(1)), CG_RUNTIME_ERROR,
          "masked_fill_ only supports boolean masks, but got mask with dtype Long");
    T_ERR(cg_masked_fill_(f, col, cg_scalar_float(1)), CG_RUNTIME_ERROR,
          "output with shape [3] doesn't match the broadcast shape [3, 3]");
    cg_tensor_release(b), cg_tensor_release(i), cg_tensor_release(y), cg_tensor_release(bb), cg_tensor_release(f);
    cg_tensor_release(col), cg_tensor_release(g), cg_tensor_release(n);
}

Test(masked_fill, gradient_is_zero_where_filled) {
    cg_tensor *x = leaf(CG_F32, 3, (double[]){1, 2, 3});
    cg_tensor *m = vec(CG_BOOL, 3, (double[]){0, 1, 0});
    cg_tensor *y = T_OK(cg_masked_fill(x, m, cg_scalar_float(9)));
    cr_assert_str_eq(y->grad_fn->name, "MaskedFillBackward0");
    cg_tensor *g = grad_of(y, x, false);
    t_assert_values(g, 3, (double[]){1, 0, 1}, 0);
    /* in place on a non-leaf */
    cg_tensor *z = T_OK(cg_mul_scalar(x, 2));
    T_RC(cg_masked_fill_(z, m, cg_scalar_float(-1)));
    cr_assert_str_eq(z->grad_fn->name, "MaskedFillBackward0");
    t_assert_values(z, 3, (double[]){2, -1, 6}, 0);
    cg_tensor *gz = grad_of(z, x, false);
    t_assert_values(gz, 3, (double[]){2, 0, 2}, 0);
    cg_tensor_release(x), cg_tensor_release(m), cg_tensor_release(y), cg_tensor_release(g), cg_tensor_release(z);
    cg_tensor_release(gz);
}

/* ---- in place ------------------------------------------------------------------------------------------ */

typedef struct {
    const char *name;
    int (*inplace)(cg_tensor *);
    cg_tensor *(*outplace)(cg_tensor *);
    const char *node;
} inplace_case;

static int relu6_(cg_tensor *t) {
    cg_scalar lo = cg_scalar_int(0), hi = cg_scalar_float(0.6);
    return cg_clamp_(t, &lo, &hi);
}
static cg_tensor *relu6(cg_tensor *t) {
    cg_scalar lo = cg_scalar_int(0), hi = cg_scalar_float(0.6);
    return cg_clamp(t, &lo, &hi);
}

static const inplace_case inplace[] = {
    {"abs_", cg_abs_, cg_abs, "AbsBackward0"},     {"neg_", cg_neg_, cg_neg, "NegBackward0"},
    {"exp_", cg_exp_, cg_exp, "ExpBackward0"},     {"log_", cg_log_, cg_log, "LogBackward0"},
    {"sqrt_", cg_sqrt_, cg_sqrt, "SqrtBackward0"}, {"sigmoid_", cg_sigmoid_, cg_sigmoid, "SigmoidBackward0"},
    {"tanh_", cg_tanh_, cg_tanh, "TanhBackward0"}, {"relu_", cg_relu_, cg_relu, "ReluBackward0"},
    {"clamp_", relu6_, relu6, "ClampBackward1"},
};

/* y = (x * 1).op_() must equal x.op() in value and gradient, bump y's
 * version, and take the op's node */
Test(inplace, match_out_of_place_and_bump_versions) {
    const double v[] = {0.25, 0.5, 1.5, 2};
    for (int k = 0; k < N(inplace); k++) {
        const inplace_case *c = &inplace[k];
        cg_tensor *x = leaf(CG_F64, 4, v);
        cg_tensor *want = T_OK(c->outplace(x));
        cg_tensor *gwant = grad_of(want, x, false);
        cg_tensor *y = T_OK(cg_mul_scalar(x, 1));
        int64_t version = y->storage->version;
        T_RC(c->inplace(y));
        cr_assert_eq(y->storage->version, version + 1, "%s", c->name);
        cr_assert_str_eq(y->grad_fn->name, c->node, "%s", c->name);
        t_assert_close(y, want, 1e-12, 0);
        cg_tensor *g = grad_of(y, x, false);
        t_assert_close(g, gwant, 1e-12, 0);
        T_ERR(c->inplace(x), CG_RUNTIME_ERROR,
              "a leaf Variable that requires grad is being used in an in-place "
              "operation.");
        cg_tensor_release(x), cg_tensor_release(want), cg_tensor_release(gwant), cg_tensor_release(y);
        cg_tensor_release(g);
    }
}

Test(inplace, float_ops_on_integers_fail) {
    int (*const ops[])(cg_tensor *) = {cg_exp_, cg_log_, cg_sqrt_, cg_sigmoid_, cg_tanh_};
    cg_tensor *i = vec(CG_INT64, 2, (double[]){1, 2});
    for (int k = 0; k < N(ops); k++)
        T_ERR(ops[k](i), CG_RUNTIME_ERROR, "result type Float can't be cast to the desired output type Long");
    cg_scalar h = cg_scalar_float(0.5);
    T_ERR(cg_clamp_(i, &h, NULL), CG_RUNTIME_ERROR, "result type Float can't be cast to the desired output type Long");
    T_RC(cg_relu_(i));
    T_RC(cg_abs_(i));
    cg_tensor_release(i);
}

/* exp_ saves its output: changing it again makes backward fail */
Test(inplace, saved_result_is_checked_for_version) {
    cg_tensor *x = leaf(CG_F32, 2, (double[]){1, 2});
    cg_tensor *y = T_OK(cg_mul_scalar(x, 1));
    T_RC(cg_exp_(y));
    T_RC(cg_neg_(y));
    cg_tensor *l = sum_all(y);
    T_ERR(cg_autograd_backward(1, &l, NULL, false, false), CG_RUNTIME_ERROR,
          "one of the variables needed for gradient computation has been modified by an inplace operation: "
          "[torch.FloatTensor [2]], which is output 0 of ExpBackward0, is at version 2; expected version 1 "
          "instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
          "with torch.autograd.set_detect_anomaly(True).");
    cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(l);
}

/* ---- empty and 0-d ------------------------------------------------------------------------------------ */

Test(unary, empty_and_zero_dim_tensors) {
    cg_tensor *e = t_from(CG_F32, 2, (int64_t[]){0, 3}, NULL);
    cg_tensor *z = t_from(CG_F32, 0, (int64_t[]){1}, (double[]){-4});
    for (int k = 0; k < N(cases); k++) {
        cg_tensor *ye = T_OK(cases[k].fn(e)), *yz = T_OK(cases[k].fn(z));
        cr_assert(t_shape_is(ye, 2, 0, 3) && yz->ndim == 0, "%s", cases[k].name);
        cg_tensor_release(ye), cg_tensor_release(yz);
    }
    cg_tensor *yz = T_OK(cg_abs(z));
    t_assert_values(yz, 1, (double[]){4}, 0);
    cg_tensor *bz = t_from(CG_BOOL, 0, (int64_t[]){1}, (double[]){1});
    cg_tensor *w = T_OK(cg_where(bz, z, e));
    cr_assert(t_shape_is(w, 2, 0, 3));
    cg_tensor *m = T_OK(cg_masked_fill(z, bz, cg_scalar_int(7)));
    cr_assert(m->ndim == 0 && t_at(m, 0) == 7);
    cg_tensor_release(e), cg_tensor_release(z), cg_tensor_release(yz), cg_tensor_release(bz), cg_tensor_release(w);
    cg_tensor_release(m);
}
