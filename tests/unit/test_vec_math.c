/* test_vec_math.c: vec_math.h, PyTorch's Vectorized<float>/<double> math
 * over SLEEF, as the reductions will call it: one vector's worth agrees
 * with the map over a run, a run's zero-padded last group leaves the
 * lanes it keeps as they were, and the functions are SLEEF's 1-ulp ones
 * (within one unit in the last place of libm's correctly rounded double
 * results). Their bits against PyTorch's: tests/lang/bits_unary.py.
 * Skipped where the CPU lacks AVX2 (cg_vec_math_available). */
#include <criterion/criterion.h>
#include <math.h>

#include "vec_math.h"

/* n inputs spread over [lo, hi) */
static void spread(float *x, int n, float lo, float hi) {
    for (int i = 0; i < n; i++)
        x[i] = lo + (hi - lo) * (float)i / (float)n + 1e-3f * (float)(i % 7);
}

static void need_avx2(void) {
    if (!cg_vec_math_available())
        cr_skip_test("no AVX2 and FMA here: PyTorch's DEFAULT capability, libm");
}

Test(vec_math, lanes_agree_with_the_map) {
    need_avx2();
    float x[19], lane[8], mapped[19], tail[3];
    spread(x, 19, -20.0f, 20.0f);
    cg_vec_map_f32(CG_VEC_EXP, mapped, x, 19);
    for (int v = 0; v < 2; v++) {
        cg_vec_exp_f32(lane, x + 8 * v);
        for (int i = 0; i < 8; i++)
            cr_expect_eq(lane[i], mapped[8 * v + i], "exp lane %d of vector %d", i, v);
    }
    cg_vec_map_f32(CG_VEC_EXP, tail, x + 16, 3); /* a group of 3, padded */
    for (int i = 0; i < 3; i++)
        cr_expect_eq(tail[i], mapped[16 + i], "padded exp %d", i);
}

Test(vec_math, log_of_doubles_agrees_with_the_map) {
    need_avx2();
    double x[7], lane[4], mapped[7];
    for (int i = 0; i < 7; i++)
        x[i] = 0.37 + 13.1 * i;
    cg_vec_map_f64(CG_VEC_LOG, mapped, x, 7);
    cg_vec_log_f64(lane, x);
    for (int i = 0; i < 4; i++)
        cr_expect_eq(lane[i], mapped[i], "log lane %d", i);
}

/* |f(x) - ref(x)| within `ulps` float ulps of ref(x) */
static void expect_ulps(cg_vec_fn f, double (*ref)(double), float lo, float hi, double ulps, const char *name) {
    float x[101], y[101];
    spread(x, 101, lo, hi);
    cg_vec_map_f32(f, y, x, 101);
    for (int i = 0; i < 101; i++) {
        double r = ref(x[i]);
        double ulp = nextafterf((float)fabs(r), INFINITY) - (float)fabs(r);
        cr_expect(fabs(y[i] - r) <= ulps * ulp, "%s(%.9g) = %.9g, libm %.17g", name, x[i], y[i], r);
    }
}

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

/* sigmoid is two roundings after exp's: within two */
Test(vec_math, functions_are_within_one_ulp) {
    need_avx2();
    expect_ulps(CG_VEC_EXP, exp, -80.0f, 80.0f, 1, "exp");
    expect_ulps(CG_VEC_LOG, log, 1e-6f, 1e6f, 1, "log");
    expect_ulps(CG_VEC_LOG1P, log1p, -0.9f, 100.0f, 1, "log1p");
    expect_ulps(CG_VEC_SIN, sin, -30.0f, 30.0f, 1, "sin");
    expect_ulps(CG_VEC_COS, cos, -30.0f, 30.0f, 1, "cos");
    expect_ulps(CG_VEC_TANH, tanh, -9.0f, 9.0f, 1, "tanh");
    expect_ulps(CG_VEC_ERF, erf, -4.0f, 4.0f, 1, "erf");
    expect_ulps(CG_VEC_SIGMOID, sigmoid, -30.0f, 30.0f, 2, "sigmoid");
}
