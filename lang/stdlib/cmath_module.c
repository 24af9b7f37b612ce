/* cmath_module.c: the `cmath` module: every public name of CPython 3.11's
 * cmath, over C99's complex functions, with CPython's argument checks and
 * its errors: ValueError "math domain error" (log(0), atanh(1), cos(inf))
 * and OverflowError "math range error" (exp(1000)). See Note [cmath's
 * formulas].
 *
 * Not here: the complex type (runtime/complex.c), real math (math_module.c). */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "runtime/complex.h"
#include "runtime/containers.h"
#include "runtime/lang_internal.h"
#include "stdlib/stdlib.h"

#define CMATH_PI 3.14159265358979323846
#define CMATH_E 2.7182818284590452354
#define CMATH_TAU 6.2831853071795864769252867665590057683943

static int one_arg(const char *name, const cg_args *a) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "cmath.%s() takes no keyword arguments", name);
    if (a->npos != 1)
        return cg_raise_int(&cg_exc_TypeError, "cmath.%s() takes exactly one argument (%d given)", name, a->npos);
    return 0;
}

/* C11 lays a double complex out as double[2]; filling the two halves
 * keeps infinities and NaNs as they are (x + I*y would not), and needs
 * no CMPLX, which clang's view of glibc's headers may lack. */
static double complex to_c(cg_cpx z) {
    double complex c;
    ((double *)&c)[0] = z.re;
    ((double *)&c)[1] = z.im;
    return c;
}
static cg_cpx of_c(double complex c) { return (cg_cpx){creal(c), cimag(c)}; }

/* Note [cmath's formulas]: for finite arguments the functions below
 * compute what CPython's cmath computes, by the same formulas (Kahan's
 * "Branch cuts for complex elementary functions", with rescaling near the
 * ends of the double range), so that the results are the same doubles;
 * infinite and NaN arguments take C99's Annex G values. `err` reports a
 * domain error (1) or an overflow (2). */
#define LARGE (DBL_MAX / 4.)
#define SQRT_LARGE (1.3407807929942596e+154 / 2.) /* sqrt(DBL_MAX / 4) */
#define LOG_LARGE 708.3964185322641                /* log(DBL_MAX / 4) */
#define SQRT_DBL_MIN 1.4916681462400413e-154       /* sqrt(DBL_MIN) */

static bool is_finite(cg_cpx z) { return isfinite(z.re) && isfinite(z.im); }

static cg_cpx c_sqrt(cg_cpx z) {
    if (!is_finite(z))
        return of_c(csqrt(to_c(z)));
    if (z.re == 0. && z.im == 0.)
        return (cg_cpx){0., z.im};
    double ax = fabs(z.re), ay = fabs(z.im), s;
    if (ax < DBL_MIN && ay < DBL_MIN) {
        ax = ldexp(ax, 53);
        s = ldexp(sqrt(ax + hypot(ax, ldexp(ay, 53))), -27);
    } else {
        ax /= 8.;
        s = 2. * sqrt(ax + hypot(ax, ay / 8.));
    }
    double d = ay / (2. * s);
    if (z.re >= 0.)
        return (cg_cpx){s, copysign(d, z.im)};
    return (cg_cpx){d, copysign(s, z.im)};
}

static cg_cpx c_exp(cg_cpx z, int *err) {
    if (!is_finite(z))
        return of_c(cexp(to_c(z)));
    cg_cpx r;
    if (z.re > LOG_LARGE) {
        double l = exp(z.re - 1.);
        r = (cg_cpx){l * cos(z.im) * M_E, l * sin(z.im) * M_E};
    } else {
        double l = exp(z.re);
        r = (cg_cpx){l * cos(z.im), l * sin(z.im)};
    }
    if (isinf(r.re) || isinf(r.im))
        *err = 2;
    return r;
}

static cg_cpx c_log(cg_cpx z, int *err) {
    if (!is_finite(z))
        return of_c(clog(to_c(z)));
    double ax = fabs(z.re), ay = fabs(z.im), re;
    if (ax > LARGE || ay > LARGE)
        re = log(hypot(ax / 2., ay / 2.)) + M_LN2;
    else if (ax < DBL_MIN && ay < DBL_MIN) {
        if (ax > 0. || ay > 0.)
            re = log(hypot(ldexp(ax, 53), ldexp(ay, 53))) - 53 * M_LN2;
        else {
            re = -INFINITY;
            *err = 1;
        }
    } else {
        double h = hypot(ax, ay);
        if (0.71 <= h && h <= 1.73) {
            double am = ax > ay ? ax : ay, an = ax > ay ? ay : ax;
            re = log1p((am - 1) * (am + 1) + an * an) / 2.;
        } else
            re = log(h);
    }
    return (cg_cpx){re, atan2(z.im, z.re)};
}

static cg_cpx c_sinh(cg_cpx z, int *err) {
    if (!is_finite(z))
        return of_c(csinh(to_c(z)));
    cg_cpx r;
    if (fabs(z.re) > LOG_LARGE) {
        double x1 = z.re - copysign(1., z.re);
        r = (cg_cpx){cos(z.im) * sinh(x1) * M_E, sin(z.im) * cosh(x1) * M_E};
    } else
        r = (cg_cpx){cos(z.im) * sinh(z.re), sin(z.im) * cosh(z.re)};
    if (isinf(r.re) || isinf(r.im))
        *err = 2;
    return r;
}

static cg_cpx c_cosh(cg_cpx z, int *err) {
    if (!is_finite(z))
        return of_c(ccosh(to_c(z)));
    cg_cpx r;
    if (fabs(z.re) > LOG_LARGE) {
        double x1 = z.re - copysign(1., z.re);
        r = (cg_cpx){cos(z.im) * cosh(x1) * M_E, sin(z.im) * sinh(x1) * M_E};
    } else
        r = (cg_cpx){cos(z.im) * cosh(z.re), sin(z.im) * sinh(z.re)};
    if (isinf(r.re) || isinf(r.im))
        *err = 2;
    return r;
}

static cg_cpx c_tanh(cg_cpx z) {
    if (!is_finite(z))
        return of_c(ctanh(to_c(z)));
    if (fabs(z.re) > LOG_LARGE)
        return (cg_cpx){copysign(1., z.re), 4. * sin(z.im) * cos(z.im) * exp(-2. * fabs(z.re))};
    double tx = tanh(z.re), ty = tan(z.im), cx = 1. / cosh(z.re), txty = tx * ty, denom = 1. + txty * txty;
    return (cg_cpx){tx * (1. + ty * ty) / denom, ((ty / denom) * cx) * cx};
}

static cg_cpx c_asinh(cg_cpx z) {
    if (!is_finite(z))
        return of_c(casinh(to_c(z)));
    if (fabs(z.re) > LARGE || fabs(z.im) > LARGE) {
        double l = log(hypot(z.re / 2., z.im / 2.)) + M_LN2 * 2.;
        double re = z.im >= 0 ? copysign(l, z.re) : -copysign(l, -z.re);
        return (cg_cpx){re, atan2(z.im, fabs(z.re))};
    }
    cg_cpx s1 = c_sqrt((cg_cpx){1. + z.im, -z.re}), s2 = c_sqrt((cg_cpx){1. - z.im, z.re});
    return (cg_cpx){asinh(s1.re * s2.im - s2.re * s1.im), atan2(z.im, s1.re * s2.re - s1.im * s2.im)};
}

static cg_cpx c_acos(cg_cpx z) {
    if (!is_finite(z))
        return of_c(cacos(to_c(z)));
    if (fabs(z.re) > LARGE || fabs(z.im) > LARGE) {
        double l = log(hypot(z.re / 2., z.im / 2.)) + M_LN2 * 2.;
        return (cg_cpx){atan2(fabs(z.im), z.re), z.re < 0 ? -copysign(l, z.im) : copysign(l, -z.im)};
    }
    cg_cpx s1 = c_sqrt((cg_cpx){1. - z.re, -z.im}), s2 = c_sqrt((cg_cpx){1. + z.re, z.im});
    return (cg_cpx){2. * atan2(s1.re, s2.re), asinh(s2.re * s1.im - s2.im * s1.re)};
}

static cg_cpx c_acosh(cg_cpx z) {
    if (!is_finite(z))
        return of_c(cacosh(to_c(z)));
    if (fabs(z.re) > LARGE || fabs(z.im) > LARGE)
        return (cg_cpx){log(hypot(z.re / 2., z.im / 2.)) + M_LN2 * 2., atan2(z.im, z.re)};
    cg_cpx s1 = c_sqrt((cg_cpx){z.re - 1., z.im}), s2 = c_sqrt((cg_cpx){z.re + 1., z.im});
    return (cg_cpx){asinh(s1.re * s2.re + s1.im * s2.im), 2. * atan2(s1.im, s2.re)};
}

static cg_cpx c_atanh(cg_cpx z, int *err) {
    if (!is_finite(z))
        return of_c(catanh(to_c(z)));
    if (z.re < 0.) {
        cg_cpx r = c_atanh((cg_cpx){-z.re, -z.im}, err);
        return (cg_cpx){-r.re, -r.im};
    }
    double ay = fabs(z.im);
    if (z.re > SQRT_LARGE || ay > SQRT_LARGE) {
        double h = hypot(z.re / 2., z.im / 2.);
        return (cg_cpx){z.re / 4. / h / h, -copysign(M_PI / 2., -z.im)};
    }
    if (z.re == 1. && ay < SQRT_DBL_MIN) {
        if (ay == 0.) {
            *err = 1;
            return (cg_cpx){INFINITY, z.im};
        }
        return (cg_cpx){-log(sqrt(ay) / sqrt(hypot(ay, 2.))), copysign(atan2(2., -ay) / 2., z.im)};
    }
    return (cg_cpx){log1p(4. * z.re / ((1 - z.re) * (1 - z.re) + ay * ay)) / 4.,
                    -atan2(-2. * z.im, (1 - z.re) * (1 + z.re) - ay * ay) / 2.};
}

/* f(z) = -i g(iz) and friends */
static cg_cpx times_i(cg_cpx z) { return (cg_cpx){-z.im, z.re}; }
static cg_cpx times_minus_i(cg_cpx z) { return (cg_cpx){z.im, -z.re}; }

typedef enum {
    F_SQRT, F_EXP, F_LOG10, F_SIN, F_COS, F_TAN, F_ASIN, F_ACOS, F_ATAN, F_SINH, F_COSH, F_TANH, F_ASINH, F_ACOSH,
    F_ATANH,
} fn;

static cg_cpx apply(fn f, cg_cpx z, int *err) {
    switch (f) {
    case F_SQRT: return c_sqrt(z);
    case F_EXP: return c_exp(z, err);
    case F_LOG10: {
        cg_cpx r = c_log(z, err);
        return (cg_cpx){r.re / M_LN10, r.im / M_LN10};
    }
    case F_SIN: return times_minus_i(c_sinh(times_i(z), err));
    case F_COS: return c_cosh(times_i(z), err);
    case F_TAN: return times_minus_i(c_tanh(times_i(z)));
    case F_ASIN: return times_minus_i(c_asinh(times_i(z)));
    case F_ACOS: return c_acos(z);
    case F_ATAN: return times_minus_i(c_atanh(times_i(z), err));
    case F_SINH: return c_sinh(z, err);
    case F_COSH: return c_cosh(z, err);
    case F_TANH: return c_tanh(z);
    case F_ASINH: return c_asinh(z);
    case F_ACOSH: return c_acosh(z);
    default: return c_atanh(z, err);
    }
}

/* CPython's errors: its own flags, then a NaN from a finite argument,
 * then cos(inf) and friends (C99 answers NaN quietly; CPython refuses). */
static cg_value finish(cg_cpx z, cg_cpx r, int err, bool trig) {
    bool nan_out = isnan(r.re) || isnan(r.im);
    if (err == 2)
        return cg_raise(&cg_exc_OverflowError, "math range error");
    if (err == 1 || (is_finite(z) && nan_out) || (trig && isinf(z.re) && !isnan(z.im)))
        return cg_raise(&cg_exc_ValueError, "math domain error");
    return cg_complex_new(r.re, r.im);
}

#define UNARY(NAME, F, TRIG)                                                    \
    static cg_value cm_##NAME(cg_value self, const cg_args *a) {                \
        cg_cpx z;                                                               \
        if (one_arg(#NAME, a) < 0 || cg_complex_value(a->pos[0], &z) < 0)       \
            return CG_ERR;                                                      \
        int err = 0;                                                            \
        cg_cpx r = apply(F, z, &err);                                           \
        return finish(z, r, err, TRIG);                                         \
    }

UNARY(sqrt, F_SQRT, false)
UNARY(exp, F_EXP, false)
UNARY(log10, F_LOG10, false)
UNARY(sin, F_SIN, true)
UNARY(cos, F_COS, true)
UNARY(tan, F_TAN, true)
UNARY(asin, F_ASIN, false)
UNARY(acos, F_ACOS, false)
UNARY(atan, F_ATAN, false)
UNARY(sinh, F_SINH, false)
UNARY(cosh, F_COSH, false)
UNARY(tanh, F_TANH, false)
UNARY(asinh, F_ASINH, false)
UNARY(acosh, F_ACOSH, false)
UNARY(atanh, F_ATANH, false)

static cg_value cm_log(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "log() takes no keyword arguments");
    if (a->npos < 1)
        return cg_raise(&cg_exc_TypeError, "log expected at least 1 argument, got %d", a->npos);
    if (a->npos > 2)
        return cg_raise(&cg_exc_TypeError, "log expected at most 2 arguments, got %d", a->npos);
    cg_cpx z, base;
    if (cg_complex_value(a->pos[0], &z) < 0)
        return CG_ERR;
    int err = 0;
    cg_cpx r = c_log(z, &err);
    if (a->npos == 2) {
        if (cg_complex_value(a->pos[1], &base) < 0)
            return CG_ERR;
        cg_cpx lb = c_log(base, &err);
        bool dz;
        r = cg_cpx_quot(r, lb, &dz);
        if (dz)
            err = 1;
    }
    return finish(z, r, err, false);
}

static cg_value cm_phase(cg_value self, const cg_args *a) {
    cg_cpx z;
    if (one_arg("phase", a) < 0 || cg_complex_value(a->pos[0], &z) < 0)
        return CG_ERR;
    return cg_float(atan2(z.im, z.re));
}

static cg_value cm_polar(cg_value self, const cg_args *a) {
    cg_cpx z;
    if (one_arg("polar", a) < 0 || cg_complex_value(a->pos[0], &z) < 0)
        return CG_ERR;
    double r = hypot(z.re, z.im);
    if (isinf(r) && isfinite(z.re) && isfinite(z.im))
        return cg_raise(&cg_exc_OverflowError, "math range error");
    cg_value items[2] = {cg_float(r), cg_float(atan2(z.im, z.re))};
    return cg_tuple_steal(2, items);
}

static cg_value cm_rect(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "rect() takes no keyword arguments");
    if (a->npos != 2)
        return cg_raise(&cg_exc_TypeError, "rect expected 2 arguments, got %d", a->npos);
    double r, phi;
    if (cg_float_value(a->pos[0], &r) < 0 || cg_float_value(a->pos[1], &phi) < 0)
        return CG_ERR;
    if (isfinite(r) && isinf(phi))
        return cg_raise(&cg_exc_ValueError, "math domain error");
    /* r * e^(i phi); phi == 0 keeps r exact and the zero's sign */
    double re = phi == 0.0 ? r : r * cos(phi), im = phi == 0.0 ? r * phi : r * sin(phi);
    if (isfinite(r) && isfinite(phi) && !(isfinite(re) && isfinite(im)))
        return cg_raise(&cg_exc_OverflowError, "math range error");
    return cg_complex_new(re, im);
}

typedef enum { Q_FINITE, Q_INF, Q_NAN } query;

static cg_value classify(const char *name, const cg_args *a, query q) {
    cg_cpx z;
    if (one_arg(name, a) < 0 || cg_complex_value(a->pos[0], &z) < 0)
        return CG_ERR;
    switch (q) {
    case Q_FINITE: return cg_bool(isfinite(z.re) && isfinite(z.im));
    case Q_INF: return cg_bool(isinf(z.re) || isinf(z.im));
    default: return cg_bool(isnan(z.re) || isnan(z.im));
    }
}
static cg_value cm_isfinite(cg_value self, const cg_args *a) { return classify("isfinite", a, Q_FINITE); }
static cg_value cm_isinf(cg_value self, const cg_args *a) { return classify("isinf", a, Q_INF); }
static cg_value cm_isnan(cg_value self, const cg_args *a) { return classify("isnan", a, Q_NAN); }

static cg_value cm_isclose(cg_value self, const cg_args *a) {
    static const char *const names[] = {"a", "b", "rel_tol", "abs_tol"};
    cg_value v[4] = {CG_STOP, CG_STOP, cg_float(1e-9), cg_float(0.0)};
    if (a->npos > 2)
        return cg_raise(&cg_exc_TypeError, "isclose() takes exactly 2 positional arguments (%d given)", a->npos);
    for (int i = 0; i < a->npos; i++)
        v[i] = a->pos[i];
    for (int k = 0; k < a->nkw; k++) {
        int i = 0;
        while (i < 4 && strcmp(names[i], a->kwn[k]->s) != 0)
            i++;
        if (i == 4)
            return cg_raise(&cg_exc_TypeError, "isclose() got an unexpected keyword argument '%s'", a->kwn[k]->s);
        v[i] = a->kwv[k];
    }
    for (int i = 0; i < 2; i++)
        if (v[i].tag == CG_V_STOP)
            return cg_raise(&cg_exc_TypeError, "isclose() missing required argument '%s' (pos %d)", names[i], i + 1);
    cg_cpx x, y;
    double rel, abs_tol;
    if (cg_complex_value(v[0], &x) < 0 || cg_complex_value(v[1], &y) < 0 || cg_float_value(v[2], &rel) < 0
        || cg_float_value(v[3], &abs_tol) < 0)
        return CG_ERR;
    if (rel < 0.0 || abs_tol < 0.0)
        return cg_raise(&cg_exc_ValueError, "tolerances must be non-negative");
    if (x.re == y.re && x.im == y.im)
        return CG_TRUE;
    if (isinf(x.re) || isinf(x.im) || isinf(y.re) || isinf(y.im))
        return CG_FALSE;
    double diff = hypot(x.re - y.re, x.im - y.im);
    return cg_bool((diff <= rel * hypot(y.re, y.im)) || (diff <= rel * hypot(x.re, x.im)) || diff <= abs_tol);
}

static const cg_method_def cmath_methods[] = {
    {"sqrt", cm_sqrt, NULL, "Return the square root of z."},
    {"exp", cm_exp, NULL, "Return the exponential value e**z."},
    {"log", cm_log, NULL, "Return the logarithm of z to the given base (e by default)."},
    {"log10", cm_log10, NULL, "Return the base-10 logarithm of z."},
    {"sin", cm_sin, NULL, "Return the sine of z."},
    {"cos", cm_cos, NULL, "Return the cosine of z."},
    {"tan", cm_tan, NULL, "Return the tangent of z."},
    {"asin", cm_asin, NULL, "Return the arc sine of z."},
    {"acos", cm_acos, NULL, "Return the arc cosine of z."},
    {"atan", cm_atan, NULL, "Return the arc tangent of z."},
    {"sinh", cm_sinh, NULL, "Return the hyperbolic sine of z."},
    {"cosh", cm_cosh, NULL, "Return the hyperbolic cosine of z."},
    {"tanh", cm_tanh, NULL, "Return the hyperbolic tangent of z."},
    {"asinh", cm_asinh, NULL, "Return the inverse hyperbolic sine of z."},
    {"acosh", cm_acosh, NULL, "Return the inverse hyperbolic cosine of z."},
    {"atanh", cm_atanh, NULL, "Return the inverse hyperbolic tangent of z."},
    {"phase", cm_phase, NULL, "Return the argument of z, in (-pi, pi]."},
    {"polar", cm_polar, NULL, "Return (r, phi), the polar coordinates of z."},
    {"rect", cm_rect, NULL, "Return the complex number with polar coordinates r and phi."},
    {"isfinite", cm_isfinite, NULL, "Return True if both the real and imaginary parts of z are finite."},
    {"isinf", cm_isinf, NULL, "Return True if the real or the imaginary part of z is infinite."},
    {"isnan", cm_isnan, NULL, "Return True if the real or the imaginary part of z is a NaN."},
    {"isclose", cm_isclose, NULL, "Return True if a and b are close to each other."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_cmath_module_init(void) {
    cg_value m = cg_module_new("cmath");
    if (cg_is_err(m))
        return m;
    cg_value infj = cg_complex_new(0.0, INFINITY), nanj = cg_complex_new(0.0, NAN);
    int rc = cg_is_err(infj) || cg_is_err(nanj) ? -1 : 0;
    if (rc == 0)
        rc = cg_module_add(m, "pi", cg_float(CMATH_PI)) < 0 || cg_module_add(m, "e", cg_float(CMATH_E)) < 0
                     || cg_module_add(m, "tau", cg_float(CMATH_TAU)) < 0
                     || cg_module_add(m, "inf", cg_float(INFINITY)) < 0 || cg_module_add(m, "nan", cg_float(NAN)) < 0
                     || cg_module_add(m, "infj", infj) < 0 || cg_module_add(m, "nanj", nanj) < 0
                     || cg_module_add_methods(m, cmath_methods) < 0
                 ? -1
                 : 0;
    cg_decref(infj);
    cg_decref(nanj);
    if (rc < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
