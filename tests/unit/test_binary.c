/* test_binary.c: binary elementwise ops as a user meets them: PyTorch's
 * type promotion (dimensioned tensors, 0-d tensors, Python numbers), values
 * with Python's rounding and sign rules, the errors a user can cause with
 * PyTorch's messages, node names, gradients at ties and at 0, in-place forms
 * and their version bumps, empty and 0-d tensors. Expected values come from
 * PyTorch 1.13. */
#include <criterion/criterion.h>
#include <math.h>

#include "helpers.h"

static cg_tensor *vec(cg_dtype dt, int n, const double *v) { return t_from(dt, 1, (int64_t[]){n}, v); }
static cg_tensor *zero_d(cg_dtype dt, double v) { return t_from(dt, 0, NULL, (double[]){v}); }
#define V(dt, ...) vec(dt, (int)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)), (double[]){__VA_ARGS__})
static cg_tensor *num_i(int64_t i) { return cg_scalar_tensor(cg_scalar_int(i)); }
static cg_tensor *num_f(double f) { return cg_scalar_tensor(cg_scalar_float(f)); }
static void rel(cg_tensor *a) { cg_tensor_release(a); }

/* Checks dtype and values, then releases t. */
static void expect(cg_tensor *t, cg_dtype dt, int n, const double *v) {
    cr_assert(t, "%s", cg_error_message());
    cr_assert_eq(t->dtype, dt, "dtype %s, expected %s", cg_dtype_name(t->dtype), cg_dtype_name(dt));
    cr_assert_eq(cg_tensor_numel(t), n);
    for (int i = 0; i < n; i++) {
        double got = t_at(t, i);
        if (isnan(v[i]))
            cr_assert(isnan(got), "element %d: %g, expected nan", i, got);
        else
            cr_assert(got == v[i] || fabs(got - v[i]) <= 1e-4 * fabs(v[i]), "element %d: %.10g, expected %.10g", i, got,
                      v[i]);
    }
    cg_tensor_release(t);
}
#define EXPECT(t, dt, ...) \
    expect((t), dt, (int)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)), (double[]){__VA_ARGS__})

/* ---- type promotion ------------------------------------------------------------------------- */

/* torch.result_type over dimensioned (0) and 0-d (1) tensors of each dtype */
static const struct {
    int a0d;
    cg_dtype a;
    int b0d;
    cg_dtype b, r;
} promo[] = {
    {0, CG_BOOL, 0, CG_BOOL, CG_BOOL},    {0, CG_BOOL, 0, CG_INT32, CG_INT32},  {0, CG_BOOL, 0, CG_INT64, CG_INT64},
    {0, CG_BOOL, 0, CG_F32, CG_F32},      {0, CG_BOOL, 0, CG_F64, CG_F64},      {0, CG_INT32, 0, CG_BOOL, CG_INT32},
    {0, CG_INT32, 0, CG_INT32, CG_INT32}, {0, CG_INT32, 0, CG_INT64, CG_INT64}, {0, CG_INT32, 0, CG_F32, CG_F32},
    {0, CG_INT32, 0, CG_F64, CG_F64},     {0, CG_INT64, 0, CG_BOOL, CG_INT64},  {0, CG_INT64, 0, CG_INT32, CG_INT64},
    {0, CG_INT64, 0, CG_INT64, CG_INT64}, {0, CG_INT64, 0, CG_F32, CG_F32},     {0, CG_INT64, 0, CG_F64, CG_F64},
    {0, CG_F32, 0, CG_BOOL, CG_F32},      {0, CG_F32, 0, CG_INT32, CG_F32},     {0, CG_F32, 0, CG_INT64, CG_F32},
    {0, CG_F32, 0, CG_F32, CG_F32},       {0, CG_F32, 0, CG_F64, CG_F64},       {0, CG_F64, 0, CG_BOOL, CG_F64},
    {0, CG_F64, 0, CG_INT32, CG_F64},     {0, CG_F64, 0, CG_INT64, CG_F64},     {0, CG_F64, 0, CG_F32, CG_F64},
    {0, CG_F64, 0, CG_F64, CG_F64},       {0, CG_BOOL, 1, CG_BOOL, CG_BOOL},    {0, CG_BOOL, 1, CG_INT32, CG_INT32},
    {0, CG_BOOL, 1, CG_INT64, CG_INT64},  {0, CG_BOOL, 1, CG_F32, CG_F32},      {0, CG_BOOL, 1, CG_F64, CG_F64},
    {0, CG_INT32, 1, CG_BOOL, CG_INT32},  {0, CG_INT32, 1, CG_INT32, CG_INT32}, {0, CG_INT32, 1, CG_INT64, CG_INT32},
    {0, CG_INT32, 1, CG_F32, CG_F32},     {0, CG_INT32, 1, CG_F64, CG_F64},     {0, CG_INT64, 1, CG_BOOL, CG_INT64},
    {0, CG_INT64, 1, CG_INT32, CG_INT64}, {0, CG_INT64, 1, CG_INT64, CG_INT64}, {0, CG_INT64, 1, CG_F32, CG_F32},
    {0, CG_INT64, 1, CG_F64, CG_F64},     {0, CG_F32, 1, CG_BOOL, CG_F32},      {0, CG_F32, 1, CG_INT32, CG_F32},
    {0, CG_F32, 1, CG_INT64, CG_F32},     {0, CG_F32, 1, CG_F32, CG_F32},       {0, CG_F32, 1, CG_F64, CG_F32},
    {0, CG_F64, 1, CG_BOOL, CG_F64},      {0, CG_F64, 1, CG_INT32, CG_F64},     {0, CG_F64, 1, CG_INT64, CG_F64},
    {0, CG_F64, 1, CG_F32, CG_F64},       {0, CG_F64, 1, CG_F64, CG_F64},       {1, CG_BOOL, 0, CG_BOOL, CG_BOOL},
    {1, CG_BOOL, 0, CG_INT32, CG_INT32},  {1, CG_BOOL, 0, CG_INT64, CG_INT64},  {1, CG_BOOL, 0, CG_F32, CG_F32},
    {1, CG_BOOL, 0, CG_F64, CG_F64},      {1, CG_INT32, 0, CG_BOOL, CG_INT32},  {1, CG_INT32, 0, CG_INT32, CG_INT32},
    {1, CG_INT32, 0, CG_INT64, CG_INT64}, {1, CG_INT32, 0, CG_F32, CG_F32},     {1, CG_INT32, 0, CG_F64, CG_F64},
    {1, CG_INT64, 0, CG_BOOL, CG_INT64},  {1, CG_INT64, 0, CG_INT32, CG_INT32}, {1, CG_INT64, 0, CG_INT64, CG_INT64},
    {1, CG_INT64, 0, CG_F32, CG_F32},     {1, CG_INT64, 0, CG_F64, CG_F64},     {1, CG_F32, 0, CG_BOOL, CG_F32},
    {1, CG_F32, 0, CG_INT32, CG_F32},     {1, CG_F32, 0, CG_INT64, CG_F32},     {1, CG_F32, 0, CG_F32, CG_F32},
    {1, CG_F32, 0, CG_F64, CG_F64},       {1, CG_F64, 0, CG_BOOL, CG_F64},      {1, CG_F64, 0, CG_INT32, CG_F64},
    {1, CG_F64, 0, CG_INT64, CG_F64},     {1, CG_F64, 0, CG_F32, CG_F32},       {1, CG_F64, 0, CG_F64, CG_F64},
    {1, CG_BOOL, 1, CG_BOOL, CG_BOOL},    {1, CG_BOOL, 1, CG_INT32, CG_INT32},  {1, CG_BOOL, 1, CG_INT64, CG_INT64},
    {1, CG_BOOL, 1, CG_F32, CG_F32},      {1, CG_BOOL, 1, CG_F64, CG_F64},      {1, CG_INT32, 1, CG_BOOL, CG_INT32},
    {1, CG_INT32, 1, CG_INT32, CG_INT32}, {1, CG_INT32, 1, CG_INT64, CG_INT64}, {1, CG_INT32, 1, CG_F32, CG_F32},
    {1, CG_INT32, 1, CG_F64, CG_F64},     {1, CG_INT64, 1, CG_BOOL, CG_INT64},  {1, CG_INT64, 1, CG_INT32, CG_INT64},
    {1, CG_INT64, 1, CG_INT64, CG_INT64}, {1, CG_INT64, 1, CG_F32, CG_F32},     {1, CG_INT64, 1, CG_F64, CG_F64},
    {1, CG_F32, 1, CG_BOOL, CG_F32},      {1, CG_F32, 1, CG_INT32, CG_F32},     {1, CG_F32, 1, CG_INT64, CG_F32},
    {1, CG_F32, 1, CG_F32, CG_F32},       {1, CG_F32, 1, CG_F64, CG_F64},       {1, CG_F64, 1, CG_BOOL, CG_F64},
    {1, CG_F64, 1, CG_INT32, CG_F64},     {1, CG_F64, 1, CG_INT64, CG_F64},     {1, CG_F64, 1, CG_F32, CG_F64},
    {1, CG_F64, 1, CG_F64, CG_F64},
};

Test(binary, promotion_of_tensors_and_0d_tensors_matches_torch) {
    for (size_t k = 0; k < sizeof promo / sizeof promo[0]; k++) {
        cg_tensor *a = promo[k].a0d ? zero_d(promo[k].a, 1) : V(promo[k].a, 1, 1);
        cg_tensor *b = promo[k].b0d ? zero_d(promo[k].b, 1) : V(promo[k].b, 1, 1);
        cg_dtype r = cg_result_type(2, (cg_tensor *[]){a, b});
        cr_assert_eq(r, promo[k].r, "row %zu: %s(%d) with %s(%d): %s, expected %s", k, cg_dtype_name(promo[k].a),
                     promo[k].a0d, cg_dtype_name(promo[k].b), promo[k].b0d, cg_dtype_name(r),
                     cg_dtype_name(promo[k].r));
        cg_tensor *m = T_OK(cg_mul(a, b)); /* the op's result has that dtype */
        cr_assert_eq(m->dtype, promo[k].r);
        rel(m), rel(a), rel(b);
    }
}

/* a tensor (dimensioned, then 0-d) with the Python numbers True, 5, 2.5 */
static const struct {
    cg_dtype t;
    cg_dtype r[6];
} promo_num[] = {
    {CG_BOOL, {CG_BOOL, CG_INT64, CG_F32, CG_BOOL, CG_INT64, CG_F32}},
    {CG_INT32, {CG_INT32, CG_INT32, CG_F32, CG_INT32, CG_INT32, CG_F32}},
    {CG_INT64, {CG_INT64, CG_INT64, CG_F32, CG_INT64, CG_INT64, CG_F32}},
    {CG_F32, {CG_F32, CG_F32, CG_F32, CG_F32, CG_F32, CG_F32}},
    {CG_F64, {CG_F64, CG_F64, CG_F64, CG_F64, CG_F64, CG_F64}},
};

Test(binary, promotion_with_python_numbers_matches_torch) {
    for (size_t k = 0; k < sizeof promo_num / sizeof promo_num[0]; k++)
        for (int j = 0; j < 6; j++) {
            cg_tensor *t = j < 3 ? V(promo_num[k].t, 1, 0) : zero_d(promo_num[k].t, 1);
            cg_scalar sc[] = {cg_scalar_bool(true), cg_scalar_int(5), cg_scalar_float(2.5)};
            cg_tensor *s = cg_scalar_tensor(sc[j % 3]);
            cg_tensor *sum = T_OK(cg_add(t, s, cg_scalar_int(1)));
            cr_assert_eq(sum->dtype, promo_num[k].r[j], "%s with number %d: %s", cg_dtype_name(promo_num[k].t), j,
                         cg_dtype_name(sum->dtype));
            rel(sum), rel(t), rel(s);
        }
}

Test(binary, promotion_examples) {
    cg_tensor *i32 = V(CG_INT32, 1, 2), *f32 = V(CG_F32, 1.5), *f64z = zero_d(CG_F64, 2), *b = V(CG_BOOL, 1, 0);
    cg_tensor *five = num_i(5), *half = num_f(2.5);
    EXPECT(cg_add(i32, five, cg_scalar_int(1)), CG_INT32, 6, 7);
    EXPECT(cg_add(i32, half, cg_scalar_int(1)), CG_F32, 3.5, 4.5);
    EXPECT(cg_add(f32, f64z, cg_scalar_int(1)), CG_F32, 3.5);
    EXPECT(cg_add(b, b, cg_scalar_int(1)), CG_BOOL, 1, 0);
    EXPECT(cg_div(i32, i32), CG_F32, 1, 1);
    EXPECT(cg_div(i32, five), CG_F32, 0.2, 0.4);
    rel(i32), rel(f32), rel(f64z), rel(b), rel(five), rel(half);
}

Test(binary, integer_arithmetic_wraps_as_pytorch) {
    /* torch.tensor([2**63 - 1]) + 1 is -2**63; int32 wraps at 2**31 */
    cg_tensor *big = V(CG_INT64, 0), *one = num_i(1);
    *(int64_t *)cg_tensor_data(big) = INT64_MAX; /* not representable as a double */
    cg_tensor *r = T_OK(cg_add(big, one, cg_scalar_int(1)));
    cr_assert_eq(*(int64_t *)cg_tensor_data(r), INT64_MIN);
    rel(r);
    cg_tensor *i = V(CG_INT32, 65536, -2147483647.0), *two = num_i(2);
    EXPECT(cg_mul(i, i), CG_INT32, 0, 1);
    EXPECT(cg_sub(i, two, cg_scalar_int(1)), CG_INT32, 65534, 2147483647.0);
    rel(big), rel(one), rel(i), rel(two);
}

/* ---- pow ---------------------------------------------------------------------------------------- */

Test(binary, pow_values_and_dtypes) {
    cg_tensor *i32 = V(CG_INT32, 1, 2, 3), *i64 = V(CG_INT64, 0, 0, 2), *f = V(CG_F32, 1, 2);
    EXPECT(cg_pow_scalar(i32, cg_scalar_int(2)), CG_INT32, 1, 4, 9);
    EXPECT(cg_pow_scalar(i32, cg_scalar_float(2.5)), CG_F32, 1, 5.656854, 15.588457);
    cg_tensor *e = V(CG_INT32, -1, 2, 3);
    EXPECT(cg_pow(i32, e), CG_INT32, 1, 4, 27); /* a tensor exponent may be negative: 1 ** -1 */
    cg_tensor *e2 = V(CG_INT64, 0, 5, 62);
    EXPECT(cg_pow(i64, e2), CG_INT64, 1, 0, 4611686018427387904.0);
    cg_tensor *m1 = zero_d(CG_INT64, -1), *two_three = V(CG_INT64, 2, 3);
    EXPECT(cg_pow(two_three, m1), CG_INT64, 0, 0);
    cg_tensor *three = V(CG_INT64, 3), *forty = zero_d(CG_INT64, 40);
    EXPECT(cg_pow(three, forty), CG_INT64, -6289078614652622815.0); /* wraps as PyTorch's */
    cg_tensor *b = V(CG_BOOL, 1, 0);
    EXPECT(cg_pow_scalar(b, cg_scalar_int(2)), CG_INT64, 1, 0);
    EXPECT(cg_pow_scalar(f, cg_scalar_int(3)), CG_F32, 1, 8);
    cg_tensor *fz = V(CG_F32, 0, 0, -1), *fe = V(CG_F32, 0, -1, 0.5);
    EXPECT(cg_pow(fz, fe), CG_F32, 1, INFINITY, NAN);
    EXPECT(cg_pow_scalar_base(cg_scalar_int(2), i32), CG_INT32, 2, 4, 8);
    EXPECT(cg_pow_scalar_base(cg_scalar_float(2.5), i32), CG_F32, 2.5, 6.25, 15.625);
    EXPECT(cg_pow_scalar_base(cg_scalar_int(-1), i32), CG_INT32, -1, 1, -1);
    cg_tensor *neg = V(CG_INT64, -2, 3);
    EXPECT(cg_pow_scalar_base(cg_scalar_int(2), neg), CG_INT64, 0, 8);
    rel(i32), rel(i64), rel(f), rel(e), rel(e2), rel(m1), rel(two_three), rel(three), rel(forty), rel(b);
    rel(fz), rel(fe), rel(neg);
}

Test(binary, pow_errors) {
    cg_tensor *i32 = V(CG_INT32, 1, 2), *b = V(CG_BOOL, 1, 0);
    T_ERR(cg_pow_scalar(i32, cg_scalar_int(-1)), CG_RUNTIME_ERROR,
          "Integers to negative integer powers are not allowed.");
    cg_tensor *m1 = num_i(-1);
    T_ERR(cg_pow(i32, m1), CG_RUNTIME_ERROR, "Integers to negative integer powers are not allowed.");
    T_ERR(cg_pow(b, b), CG_RUNTIME_ERROR, "\"pow\" not implemented for 'Bool'");
    T_ERR(cg_pow_scalar_(i32, cg_scalar_float(2.5)), CG_RUNTIME_ERROR, "Found dtype Int but expected Float");
    T_ERR(cg_pow_scalar_(i32, cg_scalar_int(-1)), CG_RUNTIME_ERROR,
          "Integers to negative integer powers are not allowed.");
    rel(i32), rel(b), rel(m1);
}

static cg_tensor *leaf(int n, const double *v) {
    cg_tensor *t = t_from(CG_F32, 1, (int64_t[]){n}, v);
    t->requires_grad = true;
    return t;
}
#define LEAF(...) leaf((int)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)), (double[]){__VA_ARGS__})

static void backward_sum(cg_tensor *y) {
    cg_tensor *l = T_OK(cg_sum(y, 0, NULL, false));
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    rel(l);
}

Test(binary, pow_node_names_and_gradients_at_zero) {
    cg_tensor *x = LEAF(1, 2), *y = LEAF(2, 3);
    cg_tensor *p1 = T_OK(cg_pow(x, y));
    cr_assert_str_eq(p1->grad_fn->name, "PowBackward1");
    cr_assert_eq(p1->grad_fn->nsaved, 3);
    cr_assert_str_eq(p1->grad_fn->saved[2].name, "result");
    cg_tensor *two = num_i(2);
    cg_tensor *p0 = T_OK(cg_pow(x, two)); /* x ** 2 */
    cr_assert_str_eq(p0->grad_fn->name, "PowBackward0");
    cr_assert_eq(p0->grad_fn->nin, 1);
    cg_tensor *p2 = T_OK(cg_pow_scalar_base(cg_scalar_float(2), x));
    cr_assert_str_eq(p2->grad_fn->name, "PowBackward2");
    cg_tensor *rp = T_OK(cg_pow(two, x)); /* 2 ** x goes through __rpow__: PowBackward1 */
    cr_assert_str_eq(rp->grad_fn->name, "PowBackward1");
    rel(p1), rel(p0), rel(p2), rel(rp), rel(x), rel(y), rel(two);

    /* z ** 0: zero gradient, also at 0 */
    cg_tensor *z = LEAF(0, 1);
    cg_tensor *q = T_OK(cg_pow_scalar(z, cg_scalar_int(0)));
    backward_sum(q);
    t_assert_values(z->grad, 2, (double[]){0, 0}, 0);
    rel(q), rel(z);
    /* z ** w with w = 2: dz = [0, 2], dw = [0, 0] (0 where z == 0 and w >= 0) */
    z = LEAF(0, 1);
    cg_tensor *w = LEAF(2, 2);
    q = T_OK(cg_pow(z, w));
    backward_sum(q);
    t_assert_values(z->grad, 2, (double[]){0, 2}, 1e-6);
    t_assert_values(w->grad, 2, (double[]){0, 0}, 0);
    rel(q), rel(z), rel(w);
    /* z ** [0.5, 0.5]: dz = [inf, 0.5] */
    z = LEAF(0, 1);
    cg_tensor *h = V(CG_F32, 0.5, 0.5);
    q = T_OK(cg_pow(z, h));
    backward_sum(q);
    cr_assert(isinf(t_at(z->grad, 0)) && t_at(z->grad, 1) == 0.5);
    rel(q), rel(z), rel(h);
    /* 0 ** z and 2 ** z */
    z = LEAF(0, 1);
    q = T_OK(cg_pow_scalar_base(cg_scalar_float(0), z));
    backward_sum(q);
    t_assert_values(z->grad, 2, (double[]){0, 0}, 0);
    rel(q), rel(z);
    z = LEAF(0, 1);
    q = T_OK(cg_pow_scalar_base(cg_scalar_float(2), z));
    backward_sum(q);
    t_assert_values(z->grad, 2, (double[]){0.693147, 1.386294}, 1e-5);
    rel(q), rel(z);
}

Test(binary, pow_in_place) {
    cg_tensor *a = V(CG_F32, 1, 2), *e = V(CG_F32, 2, 3);
    int64_t v0 = a->storage->version;
    T_RC(cg_pow_(a, e));
    t_assert_values(a, 2, (double[]){1, 8}, 0);
    cr_assert_eq(a->storage->version, v0 + 1);
    cg_tensor *i = V(CG_INT64, 1, 2);
    T_RC(cg_pow_scalar_(i, cg_scalar_int(2)));
    t_assert_values(i, 2, (double[]){1, 4}, 0);
    /* through autograd: y = x * 1; y.pow_(2) -> PowBackward0, dx = 2x */
    cg_tensor *x = LEAF(1, 3);
    cg_tensor *y = T_OK(cg_mul_scalar(x, 1));
    T_RC(cg_pow_scalar_(y, cg_scalar_int(2)));
    cr_assert_str_eq(y->grad_fn->name, "PowBackward0");
    backward_sum(y);
    t_assert_values(x->grad, 2, (double[]){2, 6}, 1e-6);
    rel(y), rel(x);
    /* y.pow_(w): PowBackward1, dx = w x^(w-1), dw = x^w log x */
    x = LEAF(1, 3);
    cg_tensor *w = LEAF(2, 2);
    y = T_OK(cg_mul_scalar(x, 1));
    T_RC(cg_pow_(y, w));
    cr_assert_str_eq(y->grad_fn->name, "PowBackward1");
    backward_sum(y);
    t_assert_values(x->grad, 2, (double[]){2, 6}, 1e-5);
    t_assert_values(w->grad, 2, (double[]){0, 9 * log(3)}, 1e-5);
    rel(y), rel(x), rel(w), rel(a), rel(e), rel(i);
}

/* ---- floor_divide, div with rounding_mode, remainder ------------------------------------------------ */

Test(binary, floor_divide_rounds_toward_minus_infinity) {
    cg_tensor *a = V(CG_INT64, 7, -7, 7, -7), *b = V(CG_INT64, 2, 2, -2, -2);
    EXPECT(cg_floor_divide(a, b), CG_INT64, 3, -4, -4, 3);
    EXPECT(cg_div_rounding(a, b, "trunc"), CG_INT64, 3, -3, -3, 3);
    EXPECT(cg_div_rounding(a, b, "floor"), CG_INT64, 3, -4, -4, 3);
    EXPECT(cg_div_rounding(a, b, NULL), CG_F32, 3.5, -3.5, -3.5, 3.5);
    cg_tensor *fa = V(CG_F32, 7, -7, 7.5, -7), *fb = V(CG_INT64, 2, 2, -2, 0);
    EXPECT(cg_floor_divide(fa, fb), CG_F32, 3, -4, -4, -INFINITY);
    cg_tensor *za = V(CG_F32, 0, -0.0, 1), *zb = V(CG_F32, -3, 3, INFINITY);
    cg_tensor *q = T_OK(cg_floor_divide(za, zb));
    cr_assert(signbit(t_at(q, 0)) && signbit(t_at(q, 1)) && t_at(q, 2) == 0 && !signbit(t_at(q, 2)));
    cg_tensor *i32 = V(CG_INT32, 7, -7), *two = num_i(2);
    EXPECT(cg_floor_divide(i32, two), CG_INT32, 3, -4);
    cg_tensor *half = num_f(2.5);
    EXPECT(cg_floor_divide(i32, half), CG_F32, 2, -3);
    cg_tensor *fz = V(CG_F32, 7, -7), *fzz = V(CG_F32, 0, 0);
    EXPECT(cg_div_rounding(fz, fzz, "trunc"), CG_F32, INFINITY, -INFINITY);
    /* INT64_MIN // -1 kills PyTorch with SIGFPE; we wrap */
    cg_tensor *mn = V(CG_INT64, 0), *m1 = num_i(-1);
    *(int64_t *)cg_tensor_data(mn) = INT64_MIN;
    cg_tensor *r = T_OK(cg_floor_divide(mn, m1));
    cr_assert_eq(*(int64_t *)cg_tensor_data(r), INT64_MIN);
    rel(r);
    EXPECT(cg_remainder(mn, m1), CG_INT64, 0);
    rel(a), rel(b), rel(fa), rel(fb), rel(za), rel(zb), rel(q), rel(i32), rel(two), rel(half), rel(fz), rel(fzz);
    rel(mn), rel(m1);
}

Test(binary, integer_division_by_zero_raises) {
    cg_tensor *a = V(CG_INT64, 7, -7), *z = V(CG_INT64, 1, 0), *zero = num_i(0), *bz = V(CG_BOOL, 1, 0);
    cg_tensor *i32 = V(CG_INT32, 7, -7);
    T_ERR(cg_floor_divide(a, z), CG_RUNTIME_ERROR, "ZeroDivisionError");
    T_ERR(cg_floor_divide(a, zero), CG_RUNTIME_ERROR, "ZeroDivisionError");
    T_ERR(cg_floor_divide(i32, bz), CG_RUNTIME_ERROR, "ZeroDivisionError");
    T_ERR(cg_div_rounding(a, z, "trunc"), CG_RUNTIME_ERROR, "ZeroDivisionError");
    T_ERR(cg_remainder(a, z), CG_RUNTIME_ERROR, "ZeroDivisionError");
    T_ERR(cg_remainder(i32, zero), CG_RUNTIME_ERROR, "ZeroDivisionError");
    T_ERR(cg_remainder_(a, zero), CG_RUNTIME_ERROR, "ZeroDivisionError");
    T_ERR(cg_floor_divide_(a, z), CG_RUNTIME_ERROR, "ZeroDivisionError");
    t_assert_values(a, 2, (double[]){7, -7}, 0); /* untouched */
    EXPECT(cg_div(a, z), CG_F32, 7, -INFINITY);  /* true division is float */
    rel(a), rel(z), rel(zero), rel(bz), rel(i32);
}

Test(binary, division_errors) {
    cg_tensor *b = V(CG_BOOL, 1), *x = V(CG_F32, 1, 2), *i = V(CG_INT64, 1, 2), *h = num_f(2.5);
    T_ERR(cg_floor_divide(b, b), CG_RUNTIME_ERROR, "\"div_floor_cpu\" not implemented for 'Bool'");
    T_ERR(cg_div_rounding(b, b, "trunc"), CG_RUNTIME_ERROR, "\"div_trunc_cpu\" not implemented for 'Bool'");
    T_ERR(cg_remainder(b, b), CG_RUNTIME_ERROR, "\"remainder_cpu\" not implemented for 'Bool'");
    T_ERR(cg_div_rounding(x, x, "bad"), CG_RUNTIME_ERROR,
          "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'bad'");
    T_ERR(cg_floor_divide_(i, h), CG_RUNTIME_ERROR, "result type Float can't be cast to the desired output type Long");
    T_ERR(cg_remainder_(i, h), CG_RUNTIME_ERROR, "result type Float can't be cast to the desired output type Long");
    rel(b), rel(x), rel(i), rel(h);
}

Test(binary, remainder_takes_the_sign_of_the_divisor) {
    cg_tensor *a = V(CG_INT64, 7, -7, 7, -7), *b = V(CG_INT64, 2, 2, -2, -2);
    EXPECT(cg_remainder(a, b), CG_INT64, 1, 1, -1, -1);
    cg_tensor *fa = V(CG_F32, 7, -7, 7.5, -7, 3), *fb = V(CG_F32, 2, 2, -2, 0, INFINITY);
    EXPECT(cg_remainder(fa, fb), CG_F32, 1, 1, -0.5, NAN, 3);
    cg_tensor *m3 = V(CG_F64, -3), *inf = num_f(INFINITY), *nz = num_f(-0.0), *five = V(CG_F32, 5);
    EXPECT(cg_remainder(m3, inf), CG_F64, INFINITY);
    EXPECT(cg_remainder(five, nz), CG_F32, NAN);
    cg_tensor *i32 = V(CG_INT32, 5, -5), *one_half = num_f(1.5);
    EXPECT(cg_remainder(i32, one_half), CG_F32, 0.5, 1);
    rel(a), rel(b), rel(fa), rel(fb), rel(m3), rel(inf), rel(nz), rel(five), rel(i32), rel(one_half);
}

Test(binary, remainder_and_div_mode_nodes) {
    cg_tensor *x = LEAF(5, 2.5), *y = LEAF(2, 2), *k = num_f(1.5);
    cg_tensor *r1 = T_OK(cg_remainder(x, y));
    cr_assert_str_eq(r1->grad_fn->name, "RemainderBackward1");
    backward_sum(r1);
    t_assert_values(x->grad, 2, (double[]){1, 1}, 0);
    t_assert_values(y->grad, 2, (double[]){-2, -1}, 0);
    cg_tensor *r0 = T_OK(cg_remainder(x, k));
    cr_assert_str_eq(r0->grad_fn->name, "RemainderBackward0");
    cr_assert_eq(r0->grad_fn->nin, 1);
    cg_tensor *d = T_OK(cg_div_rounding(x, y, "floor"));
    cr_assert_str_eq(d->grad_fn->name, "DivBackward2");
    backward_sum(d);
    t_assert_values(y->grad, 2, (double[]){-2, -1}, 0); /* zeros added */
    /* in place: y2 = x * 1; y2 %= 2 */
    cg_tensor *y2 = T_OK(cg_mul_scalar(x, 1)), *two = num_i(2);
    int64_t v = y2->storage->version;
    T_RC(cg_remainder_(y2, two));
    cr_assert_eq(y2->storage->version, v + 1);
    cr_assert_str_eq(y2->grad_fn->name, "RemainderBackward0");
    t_assert_values(y2, 2, (double[]){1, 0.5}, 0);
    T_RC(cg_floor_divide_(y2, two));
    cr_assert_str_eq(y2->grad_fn->name, "NotImplemented"); /* Note [NotImplemented nodes] */
    rel(x), rel(y), rel(k), rel(r1), rel(r0), rel(d), rel(y2), rel(two);
}

/* ---- maximum / minimum -------------------------------------------------------------------------------- */

Test(binary, maximum_minimum_values_nan_and_dtypes) {
    cg_tensor *a = V(CG_F32, 1, NAN, 3), *b = V(CG_F32, 2, 0, NAN);
    EXPECT(cg_maximum(a, b), CG_F32, 2, NAN, NAN);
    EXPECT(cg_minimum(a, b), CG_F32, 1, NAN, NAN);
    cg_tensor *i = V(CG_INT64, 1), *f = V(CG_F32, 2.5), *t = V(CG_BOOL, 1), *fl = V(CG_BOOL, 0);
    EXPECT(cg_maximum(i, f), CG_F32, 2.5);
    EXPECT(cg_maximum(t, fl), CG_BOOL, 1);
    EXPECT(cg_minimum(t, fl), CG_BOOL, 0);
    cg_tensor *pz = V(CG_F32, 0), *nz = V(CG_F32, -0.0);
    cg_tensor *m = T_OK(cg_maximum(nz, pz));
    cr_assert(signbit(t_at(m, 0))); /* a tie returns the first, as PyTorch */
    rel(m), rel(a), rel(b), rel(i), rel(f), rel(t), rel(fl), rel(pz), rel(nz);
}

Test(binary, maximum_minimum_split_the_gradient_on_ties) {
    for (int k = 0; k < 2; k++) {
        cg_tensor *a = LEAF(1, 2), *b = LEAF(1, 3);
        cg_tensor *m = T_OK(k ? cg_minimum(a, b) : cg_maximum(a, b));
        cr_assert_str_eq(m->grad_fn->name, k ? "MinimumBackward0" : "MaximumBackward0");
        backward_sum(m);
        t_assert_values(a->grad, 2, k ? (double[]){0.5, 1} : (double[]){0.5, 0}, 0);
        t_assert_values(b->grad, 2, k ? (double[]){0.5, 0} : (double[]){0.5, 1}, 0);
        rel(a), rel(b), rel(m);
    }
}

/* ---- comparisons, logical and bitwise ops ---------------------------------------------------------------- */

Test(binary, comparisons_give_bool_in_the_promoted_dtype) {
    cg_tensor *x = LEAF(1, 2), *i = V(CG_INT64, 1, 2, 3), *h = num_f(1.5), *k = zero_d(CG_F64, 2.5);
    cg_tensor *e = T_OK(cg_eq(x, x));
    cr_assert(!e->requires_grad && !e->grad_fn);
    EXPECT(e, CG_BOOL, 1, 1);
    EXPECT(cg_lt(x, h), CG_BOOL, 1, 0);
    cg_tensor *ii = V(CG_INT64, 1, 2);
    EXPECT(cg_eq(ii, h), CG_BOOL, 0, 0);
    EXPECT(cg_lt(i, k), CG_BOOL, 1, 1, 0);
    EXPECT(cg_le(i, k), CG_BOOL, 1, 1, 0);
    EXPECT(cg_gt(i, k), CG_BOOL, 0, 0, 1);
    EXPECT(cg_ge(i, i), CG_BOOL, 1, 1, 1);
    T_ERR(cg_ne(i, ii), CG_RUNTIME_ERROR,
          "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0");
    cg_tensor *n = V(CG_F32, NAN), *col = t_from(CG_INT32, 2, (int64_t[]){2, 1}, (double[]){1, 3});
    EXPECT(cg_eq(n, n), CG_BOOL, 0);
    EXPECT(cg_ne(n, n), CG_BOOL, 1);
    EXPECT(cg_lt(col, i), CG_BOOL, 0, 1, 1, 0, 0, 0); /* [2,1] against [3]: [2,3] */
    rel(n), rel(col);
    rel(x), rel(i), rel(h), rel(k), rel(ii);
}

Test(binary, logical_ops_take_any_dtype) {
    cg_tensor *f = V(CG_F32, 1, 0, NAN, 0), *i = V(CG_INT64, 2, 2, 0, 0), *b = V(CG_BOOL, 1, 0, 1, 0);
    EXPECT(cg_logical_and(f, i), CG_BOOL, 1, 0, 0, 0);
    EXPECT(cg_logical_or(f, i), CG_BOOL, 1, 1, 1, 0);
    EXPECT(cg_logical_xor(f, b), CG_BOOL, 0, 0, 0, 0);
    EXPECT(cg_logical_not(f), CG_BOOL, 0, 1, 0, 1);
    EXPECT(cg_logical_not(b), CG_BOOL, 0, 1, 0, 1);
    cg_tensor *y = V(CG_F32, 1, 2), *o = V(CG_INT64, 0, 1);
    int64_t v = y->storage->version;
    T_RC(cg_logical_and_(y, o));
    cr_assert_eq(y->dtype, CG_F32);
    cr_assert_eq(y->storage->version, v + 1);
    t_assert_values(y, 2, (double[]){0, 1}, 0);
    cg_tensor *bb = V(CG_BOOL, 1, 0), *ff = V(CG_F32, 2, 1);
    T_RC(cg_logical_and_(bb, ff));
    t_assert_values(bb, 2, (double[]){1, 0}, 0);
    cg_tensor *ii = V(CG_INT64, 1, 2);
    T_RC(cg_logical_not_(ii));
    cr_assert_eq(ii->dtype, CG_INT64);
    t_assert_values(ii, 2, (double[]){0, 0}, 0);
    /* in place on a non-leaf keeps its history, as PyTorch's */
    cg_tensor *x = LEAF(1, 2);
    cg_tensor *z = T_OK(cg_mul_scalar(x, 1));
    T_RC(cg_logical_or_(z, o));
    cr_assert_str_eq(z->grad_fn->name, "MulBackward0");
    T_ERR(cg_logical_and_(x, o), CG_RUNTIME_ERROR,
          "a leaf Variable that requires grad is being used in an in-place operation.");
    rel(f), rel(i), rel(b), rel(y), rel(o), rel(bb), rel(ff), rel(ii), rel(x), rel(z);
}

Test(binary, bitwise_ops_on_bool_and_integers) {
    cg_tensor *a = V(CG_INT64, 1, 2, 6), *three = num_i(3), *b = V(CG_BOOL, 1, 0, 1), *i32 = V(CG_INT32, 1, 2, 3);
    EXPECT(cg_bitwise_and(a, three), CG_INT64, 1, 2, 2);
    EXPECT(cg_bitwise_or(i32, b), CG_INT32, 1, 2, 3);
    EXPECT(cg_bitwise_xor(b, b), CG_BOOL, 0, 0, 0);
    cg_tensor *t = num_i(1);
    EXPECT(cg_bitwise_xor(a, t), CG_INT64, 0, 3, 7);
    EXPECT(cg_bitwise_not(b), CG_BOOL, 0, 1, 0);
    cg_tensor *five = V(CG_INT64, 5);
    EXPECT(cg_bitwise_not(five), CG_INT64, -6);
    cg_tensor *f = V(CG_F32, 1), *d = V(CG_F64, 1), *h = num_f(1.5);
    T_ERR(cg_bitwise_and(f, f), CG_RUNTIME_ERROR, "\"bitwise_and_cpu\" not implemented for 'Float'");
    T_ERR(cg_bitwise_or(d, d), CG_RUNTIME_ERROR, "\"bitwise_or_cpu\" not implemented for 'Double'");
    T_ERR(cg_bitwise_xor(a, f), CG_RUNTIME_ERROR, "\"bitwise_xor_cpu\" not implemented for 'Float'");
    T_ERR(cg_bitwise_and(a, h), CG_RUNTIME_ERROR, "\"bitwise_and_cpu\" not implemented for 'Float'");
    T_ERR(cg_bitwise_not(f), CG_RUNTIME_ERROR, "\"bitwise_not_cpu\" not implemented for 'Float'");
    int64_t v = a->storage->version;
    T_RC(cg_bitwise_and_(a, three));
    T_RC(cg_bitwise_not_(a));
    cr_assert_eq(a->storage->version, v + 2);
    t_assert_values(a, 3, (double[]){-2, -3, -3}, 0);
    T_ERR(cg_bitwise_or_(b, a), CG_RUNTIME_ERROR, "result type Long can't be cast to the desired output type Bool");
    rel(a), rel(three), rel(b), rel(i32), rel(t), rel(five), rel(f), rel(d), rel(h);
}

Test(binary, empty_and_0d_tensors) {
    cg_tensor *e = t_from(CG_F32, 2, (int64_t[]){0, 3}, NULL), *r = V(CG_F32, 1, 2, 3), *z = zero_d(CG_INT64, 0);
    cg_tensor *outs[] = {cg_pow(e, r), cg_remainder(e, r),    cg_maximum(e, r),
                         cg_lt(e, r),  cg_floor_divide(e, r), cg_logical_xor(e, r)};
    for (size_t k = 0; k < sizeof outs / sizeof *outs; k++) {
        cr_assert(outs[k] && t_shape_is(outs[k], 2, 0, 3), "op %zu", k);
        rel(outs[k]);
    }
    cg_tensor *ie = t_from(CG_INT64, 1, (int64_t[]){0}, NULL);
    cg_tensor *none = T_OK(cg_floor_divide(ie, z)); /* nothing is divided: no error, as PyTorch */
    cr_assert(none->dtype == CG_INT64 && cg_tensor_numel(none) == 0);
    rel(none);
    cg_tensor *a = zero_d(CG_INT64, 7), *b = zero_d(CG_INT64, -2);
    cg_tensor *q = T_OK(cg_floor_divide(a, b));
    cr_assert_eq(q->ndim, 0);
    EXPECT(q, CG_INT64, -4);
    EXPECT(cg_remainder(a, b), CG_INT64, -1);
    EXPECT(cg_pow(a, b), CG_INT64, 0);
    rel(e), rel(r), rel(z), rel(ie), rel(a), rel(b);
}

Test(binary, pow_double_backward) {
    /* y = x ** 3: dy/dx = 3x^2 recorded with create_graph, d2y/dx2 = 6x */
    cg_tensor *x = LEAF(1, 2);
    cg_tensor *y = T_OK(cg_pow_scalar(x, cg_scalar_int(3)));
    cg_tensor *l = T_OK(cg_sum(y, 0, NULL, false));
    cg_tensor *g = NULL;
    T_RC(cg_autograd_grad(1, &l, NULL, 1, &x, true, true, false, &g));
    t_assert_values(g, 2, (double[]){3, 12}, 1e-6);
    cr_assert(g->grad_fn, "the first derivative should be differentiable");
    cg_tensor *gl = T_OK(cg_sum(g, 0, NULL, false));
    cg_tensor *g2 = NULL;
    T_RC(cg_autograd_grad(1, &gl, NULL, 1, &x, false, false, false, &g2));
    t_assert_values(g2, 2, (double[]){6, 12}, 1e-5);
    rel(x), rel(y), rel(l), rel(g), rel(gl), rel(g2);
}

/* The add of two 16M-element float32 tensors is benchmarked against
 * memcpy: its 64 MiB result must not be faulted in afresh each time. See
 * Note [Large CPU blocks] in cpu_allocator.c. */
Test(binary, large_results_reuse_freed_blocks) {
    int64_t n = 1 << 20; /* 4 MiB of float32: a large block */
    cg_tensor *a = T_OK(cg_ones(1, &n, CG_F32, cg_device_cpu()));
    cg_device_stats before, during, after;
    cg_tensor *c = T_OK(cg_add(a, a, cg_scalar_int(1)));
    cg_cpu_memory_stats(&before);
    void *data = c->storage->data;
    rel(c);
    cg_cpu_memory_stats(&during);
    cr_assert_eq(during.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current,
                 before.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current - n * 4);
    cr_assert_eq(during.stat[CG_STAT_RESERVED_BYTES][CG_POOL_ALL].current,
                 before.stat[CG_STAT_RESERVED_BYTES][CG_POOL_ALL].current, "a cached block stays reserved");
    c = T_OK(cg_add(a, a, cg_scalar_int(1)));
    cr_assert_eq(c->storage->data, data, "the freed block is reused");
    cg_cpu_memory_stats(&after);
    cr_assert_eq(after.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current,
                 before.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current);
    cr_assert_eq(after.stat[CG_STAT_RESERVED_BYTES][CG_POOL_ALL].current,
                 before.stat[CG_STAT_RESERVED_BYTES][CG_POOL_ALL].current);
    cr_assert(t_at(c, 0) == 2 && t_at(c, n - 1) == 2);
    rel(c), rel(a);
}
