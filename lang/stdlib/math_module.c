/* math_module.c: the `math` module, with CPython 3.11's results, argument
 * checks and error messages.
 *
 * Floats go through the same libm as CPython's, wrapped by the same rules
 * (see Note [Math errors]); gamma, lgamma, hypot, fsum, pow, fmod, atan2
 * and the logs replay CPython's own algorithms so that every result is the
 * same double. Integer functions (factorial, comb, perm, gcd, lcm, isqrt)
 * are exact over cgrad's 64-bit ints: a result that does not fit raises
 * OverflowError where Python would give a bigger int.
 *
 * This is not the builtins' arithmetic (number.c) nor torch's elementwise
 * math (ops on tensors); a 0-d tensor is accepted here through __float__. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/containers.h"
#include "runtime/format.h"
#include "runtime/lang_internal.h"
#include "stdlib/stdlib.h"

#define MATH_PI 3.14159265358979323846
#define MATH_E 2.7182818284590452354
#define MATH_TAU 6.2831853071795864769252867665590057683943

/* ---- argument conventions ---------------------------------------------------
 * CPython's math functions are METH_O, METH_FASTCALL or Argument Clinic
 * functions, and each kind words its TypeErrors its own way. */

static int no_keywords(const char *name, const cg_args *a) {
    if (a->nkw == 0)
        return 0;
    return cg_raise_int(&cg_exc_TypeError, "math.%s() takes no keyword arguments", name);
}

/* METH_O: math.sqrt(x) */
static int one_arg(const char *name, const cg_args *a) {
    if (no_keywords(name, a) < 0)
        return -1;
    if (a->npos == 1)
        return 0;
    return cg_raise_int(&cg_exc_TypeError, "math.%s() takes exactly one argument (%d given)", name, a->npos);
}

/* FASTCALL with two positional arguments: math.atan2(y, x) */
static int two_args(const char *name, const cg_args *a) {
    if (no_keywords(name, a) < 0)
        return -1;
    if (a->npos == 2)
        return 0;
    return cg_raise_int(&cg_exc_TypeError, "%s expected 2 arguments, got %d", name, a->npos);
}

static int two_doubles(const char *name, const cg_args *a, double *x, double *y) {
    if (two_args(name, a) < 0 || cg_float_value(a->pos[0], x) < 0)
        return -1;
    return cg_float_value(a->pos[1], y);
}

/* An Argument Clinic signature: `posonly` positional-only parameters, then
 * positional-or-keyword ones up to `maxpos`, then keyword-only ones; the
 * first `minpos` are required. names[i] for i >= posonly are keywords. */
typedef struct {
    const char *fname;
    const char *const *names;
    int n, posonly, minpos, maxpos;
} clinic_sig;

static const cg_value *find_keyword(const cg_args *a, const char *name) {
    for (int k = 0; k < a->nkw; k++)
        if (!strcmp(a->kwn[k]->s, name))
            return &a->kwv[k];
    return NULL;
}

/* Fills out[0..n) with borrowed arguments (CG_STOP where not given), with
 * the messages of CPython's _PyArg_UnpackKeywords. */
static int clinic_bind(const clinic_sig *s, const cg_args *a, cg_value *out) {
    int nargs = a->npos, nkw = a->nkw;
    if (nargs + nkw > s->n)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes at most %d %sargument%s (%d given)", s->fname, s->n,
                            nargs == 0 ? "keyword " : "", s->n == 1 ? "" : "s", nargs + nkw);
    if (nargs > s->maxpos)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes %s %d positional argument%s (%d given)", s->fname,
                            s->minpos < s->maxpos ? "at most" : "exactly", s->maxpos, s->maxpos == 1 ? "" : "s", nargs);
    int minposonly = s->posonly < s->minpos ? s->posonly : s->minpos;
    if (nargs < minposonly)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes %s %d positional argument%s (%d given)", s->fname,
                            minposonly < s->maxpos ? "at least" : "exactly", minposonly, minposonly == 1 ? "" : "s",
                            nargs);
    for (int i = 0; i < s->n; i++)
        out[i] = i < nargs ? a->pos[i] : CG_STOP;
    for (int i = nargs > s->posonly ? nargs : s->posonly; i < s->n; i++) {
        const cg_value *v = nkw ? find_keyword(a, s->names[i]) : NULL;
        if (v) {
            out[i] = *v;
            nkw--;
        } else if (i < s->minpos) {
            return cg_raise_int(&cg_exc_TypeError, "%s() missing required argument '%s' (pos %d)", s->fname,
                                s->names[i], i + 1);
        }
    }
    if (nkw == 0)
        return 0;
    for (int i = s->posonly; i < nargs; i++)
        if (find_keyword(a, s->names[i]))
            return cg_raise_int(&cg_exc_TypeError, "argument for %s() given by name ('%s') and position (%d)", s->fname,
                                s->names[i], i + 1);
    for (int k = 0; k < a->nkw; k++) {
        bool known = false;
        for (int i = s->posonly; i < s->n; i++)
            known |= !strcmp(a->kwn[k]->s, s->names[i]);
        if (!known)
            return cg_raise_int(&cg_exc_TypeError, "'%s' is an invalid keyword argument for %s()", a->kwn[k]->s,
                                s->fname);
    }
    return 0;
}

/* ---- Note [Math errors] -------------------------------------------------------
 * CPython turns libm's special results into exceptions: a NaN from a
 * non-NaN input is "math domain error" (ValueError); an infinity from a
 * finite input is "math range error" (OverflowError) where the function
 * can overflow (exp, cosh), else a domain error (a pole: log(0)). cgrad is
 * built with -fno-math-errno, so these rules read the results only; the
 * functions CPython checks through errno (gamma, lgamma) report their
 * errors through an out-parameter here instead. */

static cg_value domain_error(void) { return cg_raise(&cg_exc_ValueError, "math domain error"); }
static cg_value range_error(void) { return cg_raise(&cg_exc_OverflowError, "math range error"); }

static cg_value checked_1(double x, double r, bool can_overflow) {
    if (isnan(r) && !isnan(x))
        return domain_error();
    if (isinf(r) && isfinite(x))
        return can_overflow ? range_error() : domain_error();
    return cg_float(r);
}

static cg_value math_1(const char *name, const cg_args *a, double (*fn)(double), bool can_overflow) {
    double x;
    if (one_arg(name, a) < 0 || cg_float_value(a->pos[0], &x) < 0)
        return CG_ERR;
    return checked_1(x, fn(x), can_overflow);
}

/* math_2's rules: NaN from non-NaNs is a domain error, an infinity from
 * finite inputs a range error. */
static cg_value math_2(const char *name, const cg_args *a, double (*fn)(double, double)) {
    double x, y;
    if (two_doubles(name, a, &x, &y) < 0)
        return CG_ERR;
    double r = fn(x, y);
    if (isnan(r) && !isnan(x) && !isnan(y))
        return domain_error();
    if (isinf(r) && isfinite(x) && isfinite(y))
        return range_error();
    return cg_float(r);
}

/* ---- special cases CPython handles before libm ------------------------------ */

static double m_log(double x) {
    if (isfinite(x))
        return x > 0.0 ? log(x) : (x == 0.0 ? -INFINITY : NAN);
    return isnan(x) || x > 0.0 ? x : NAN;
}

static double m_log2(double x) {
    if (isfinite(x))
        return x > 0.0 ? log2(x) : (x == 0.0 ? -INFINITY : NAN);
    return isnan(x) || x > 0.0 ? x : NAN;
}

static double m_log10(double x) {
    if (isfinite(x))
        return x > 0.0 ? log10(x) : (x == 0.0 ? -INFINITY : NAN);
    return isnan(x) || x > 0.0 ? x : NAN;
}

/* log1p(-0.0) keeps its sign (CPython's _Py_log1p). */
static double m_log1p(double x) { return x == 0.0 ? x : log1p(x); }

static double m_atan2(double y, double x) {
    if (isnan(x) || isnan(y))
        return NAN;
    if (isinf(y)) {
        if (isinf(x))
            return copysign(copysign(1.0, x) == 1.0 ? 0.25 * MATH_PI : 0.75 * MATH_PI, y);
        return copysign(0.5 * MATH_PI, y);
    }
    if (isinf(x) || y == 0.0)
        return copysign(copysign(1.0, x) == 1.0 ? 0.0 : MATH_PI, y);
    return atan2(y, x);
}

/* IEEE 754 remainder, exact: x - n*y with n the nearest integer to x/y,
 * ties to even (CPython's m_remainder). */
static double m_remainder(double x, double y) {
    if (isfinite(x) && isfinite(y)) {
        if (y == 0.0)
            return NAN;
        double absx = fabs(x), absy = fabs(y), m = fmod(absx, absy);
        /* compare m with absy - m rather than 0.5 * absy, which may round */
        double c = absy - m, r;
        if (m < c)
            r = m;
        else if (m > c)
            r = -c;
        else
            r = m - 2.0 * fmod(0.5 * (absx - m), absy); /* a tie: take the even multiple */
        return copysign(1.0, x) * r;
    }
    if (isnan(x))
        return x;
    if (isnan(y))
        return y;
    if (isinf(x))
        return NAN;
    return x;
}

/* ---- gamma and lgamma: CPython's Lanczos approximation ----------------------
 * N = 13, g = 6.024680040776729583740234375 (Boost's parameters), the sum
 * written as a rational function; see CPython's mathmodule.c for the
 * derivation of the correction term. errors: 1 domain, 2 range. */

enum { M_OK, M_EDOM, M_ERANGE };

static const double logpi = 1.144729885849400174143427351353058711647;
static const double lanczos_g = 6.024680040776729583740234375;
static const double lanczos_g_minus_half = 5.524680040776729583740234375;
static const double lanczos_num[13] = {
    23531376880.410759688572007674451636754734846804940, 42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843, 17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708, 1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801, 31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768, 186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024, 210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408,
};
/* x*(x+1)*...*(x+11) */
static const double lanczos_den[13] = {0.0,        39916800.0, 120543840.0, 150917976.0, 105258076.0,
                                       45995730.0, 13339535.0, 2637558.0,   357423.0,    32670.0,
                                       1925.0,     66.0,       1.0};
static const double gamma_of_int[23] = {
    1.0,
    1.0,
    2.0,
    6.0,
    24.0,
    120.0,
    720.0,
    5040.0,
    40320.0,
    362880.0,
    3628800.0,
    39916800.0,
    479001600.0,
    6227020800.0,
    87178291200.0,
    1307674368000.0,
    20922789888000.0,
    355687428096000.0,
    6402373705728000.0,
    121645100408832000.0,
    2432902008176640000.0,
    51090942171709440000.0,
    1124000727777607680000.0,
};

static double lanczos_sum(double x) {
    double num = 0.0, den = 0.0;
    if (x < 5.0) {
        for (int i = 12; i >= 0; i--) {
            num = num * x + lanczos_num[i];
            den = den * x + lanczos_den[i];
        }
    } else {
        /* in 1/x, so that large x does not overflow */
        for (int i = 0; i < 13; i++) {
            num = num / x + lanczos_num[i];
            den = den / x + lanczos_den[i];
        }
    }
    return num / den;
}

/* sin(pi * x), exact at integers and half-integers; x finite */
static double m_sinpi(double x) {
    double y = fmod(fabs(x), 2.0), r;
    switch ((int)round(2.0 * y)) {
    case 0: r = sin(MATH_PI * y); break;
    case 1: r = cos(MATH_PI * (y - 0.5)); break;
    case 2: r = sin(MATH_PI * (1.0 - y)); break; /* not -sin(pi*(y-1)): that gives -0.0 at 1 */
    case 3: r = -cos(MATH_PI * (y - 1.5)); break;
    default: r = sin(MATH_PI * (y - 2.0)); break;
    }
    return copysign(1.0, x) * r;
}

static double m_tgamma(double x, int *err) {
    if (!isfinite(x)) {
        if (isnan(x) || x > 0.0)
            return x;
        *err = M_EDOM;
        return NAN;
    }
    if (x == 0.0) {
        *err = M_EDOM;
        return copysign(INFINITY, x);
    }
    if (x == floor(x)) {
        if (x < 0.0) {
            *err = M_EDOM;
            return NAN;
        }
        if (x <= 23)
            return gamma_of_int[(int)x - 1];
    }
    double absx = fabs(x);
    if (absx < 1e-20) {
        double r = 1.0 / x;
        if (isinf(r))
            *err = M_ERANGE;
        return r;
    }
    if (absx > 200.0) {
        if (x < 0.0)
            return 0.0 / m_sinpi(x);
        *err = M_ERANGE;
        return INFINITY;
    }
    /* z: the rounding error of y = absx + g - 0.5, to correct pow and exp */
    double y = absx + lanczos_g_minus_half, q, z;
    if (absx > lanczos_g_minus_half) {
        q = y - absx;
        z = q - lanczos_g_minus_half;
    } else {
        q = y - lanczos_g_minus_half;
        z = q - absx;
    }
    z = z * lanczos_g / y;
    double r;
    if (x < 0.0) {
        r = -MATH_PI / m_sinpi(absx) / absx * exp(y) / lanczos_sum(absx);
        r -= z * r;
        if (absx < 140.0) {
            r /= pow(y, absx - 0.5);
        } else {
            double sqrtpow = pow(y, absx / 2.0 - 0.25);
            r /= sqrtpow;
            r /= sqrtpow;
        }
    } else {
        r = lanczos_sum(absx) / exp(y);
        r += z * r;
        if (absx < 140.0) {
            r *= pow(y, absx - 0.5);
        } else {
            double sqrtpow = pow(y, absx / 2.0 - 0.25);
            r *= sqrtpow;
            r *= sqrtpow;
        }
    }
    if (isinf(r))
        *err = M_ERANGE;
    return r;
}

static double m_lgamma(double x, int *err) {
    if (!isfinite(x))
        return isnan(x) ? x : INFINITY;
    if (x == floor(x) && x <= 2.0) {
        if (x <= 0.0) {
            *err = M_EDOM;
            return INFINITY;
        }
        return 0.0;
    }
    double absx = fabs(x);
    if (absx < 1e-20)
        return -log(absx);
    double r = log(lanczos_sum(absx)) - lanczos_g;
    r += (absx - 0.5) * (log(absx + lanczos_g - 0.5) - 1);
    if (x < 0.0)
        r = logpi - log(fabs(m_sinpi(absx))) - log(absx) - r; /* reflection */
    if (isinf(r))
        *err = M_ERANGE;
    return r;
}

/* math_1a: errors as reported by the function; a range error on a small
 * result is an underflow, which Python ignores. */
static cg_value math_1a(const char *name, const cg_args *a, double (*fn)(double, int *)) {
    double x;
    if (one_arg(name, a) < 0 || cg_float_value(a->pos[0], &x) < 0)
        return CG_ERR;
    int err = M_OK;
    double r = fn(x, &err);
    if (err == M_EDOM)
        return domain_error();
    if (err == M_ERANGE && fabs(r) >= 1.5)
        return range_error();
    return cg_float(r);
}

/* ---- one-argument float functions ------------------------------------------- */

#define MATH1(name, fn, can_overflow)                              \
    static cg_value math_##name(cg_value self, const cg_args *a) { \
        (void)self;                                                \
        return math_1(#name, a, fn, can_overflow);                 \
    }
MATH1(acos, acos, false)
MATH1(acosh, acosh, false)
MATH1(asin, asin, false)
MATH1(asinh, asinh, false)
MATH1(atan, atan, false)
MATH1(atanh, atanh, false)
MATH1(cbrt, cbrt, false)
MATH1(cos, cos, false)
MATH1(cosh, cosh, true)
MATH1(exp, exp, true)
MATH1(exp2, exp2, true)
MATH1(expm1, expm1, true)
MATH1(fabs, fabs, false)
MATH1(log1p, m_log1p, false)
MATH1(sin, sin, false)
MATH1(sinh, sinh, true)
MATH1(sqrt, sqrt, false)
MATH1(tan, tan, false)
MATH1(tanh, tanh, false)
#undef MATH1

static double erf_(double x, int *err) {
    (void)err;
    return erf(x);
}
static double erfc_(double x, int *err) {
    (void)err;
    return erfc(x);
}

static cg_value math_erf(cg_value self, const cg_args *a) {
    (void)self;
    return math_1a("erf", a, erf_);
}
static cg_value math_erfc(cg_value self, const cg_args *a) {
    (void)self;
    return math_1a("erfc", a, erfc_);
}
static cg_value math_gamma(cg_value self, const cg_args *a) {
    (void)self;
    return math_1a("gamma", a, m_tgamma);
}
static cg_value math_lgamma(cg_value self, const cg_args *a) {
    (void)self;
    return math_1a("lgamma", a, m_lgamma);
}

static cg_value math_atan2(cg_value self, const cg_args *a) {
    (void)self;
    return math_2("atan2", a, m_atan2);
}
static cg_value math_copysign(cg_value self, const cg_args *a) {
    (void)self;
    return math_2("copysign", a, copysign);
}
static cg_value math_remainder(cg_value self, const cg_args *a) {
    (void)self;
    return math_2("remainder", a, m_remainder);
}

/* One float in, one value out: degrees, isnan, ulp, ... */
static int one_double(const char *name, const cg_args *a, double *x) {
    if (one_arg(name, a) < 0)
        return -1;
    return cg_float_value(a->pos[0], x);
}

static cg_value math_degrees(cg_value self, const cg_args *a) {
    double x;
    (void)self;
    if (one_double("degrees", a, &x) < 0)
        return CG_ERR;
    return cg_float(x * (180.0 / MATH_PI));
}

static cg_value math_radians(cg_value self, const cg_args *a) {
    double x;
    (void)self;
    if (one_double("radians", a, &x) < 0)
        return CG_ERR;
    return cg_float(x * (MATH_PI / 180.0));
}

static cg_value math_isnan(cg_value self, const cg_args *a) {
    double x;
    (void)self;
    if (one_double("isnan", a, &x) < 0)
        return CG_ERR;
    return cg_bool(isnan(x));
}

static cg_value math_isinf(cg_value self, const cg_args *a) {
    double x;
    (void)self;
    if (one_double("isinf", a, &x) < 0)
        return CG_ERR;
    return cg_bool(isinf(x));
}

static cg_value math_isfinite(cg_value self, const cg_args *a) {
    double x;
    (void)self;
    if (one_double("isfinite", a, &x) < 0)
        return CG_ERR;
    return cg_bool(isfinite(x));
}

static cg_value math_ulp(cg_value self, const cg_args *a) {
    double x;
    (void)self;
    if (one_double("ulp", a, &x) < 0)
        return CG_ERR;
    if (isnan(x))
        return cg_float(x);
    x = fabs(x);
    if (isinf(x))
        return cg_float(x);
    double up = nextafter(x, INFINITY);
    if (isinf(up))
        return cg_float(x - nextafter(x, -INFINITY)); /* x is the largest float */
    return cg_float(up - x);
}

static cg_value math_frexp(cg_value self, const cg_args *a) {
    double x;
    int e = 0;
    (void)self;
    if (one_double("frexp", a, &x) < 0)
        return CG_ERR;
    if (isfinite(x) && x != 0.0)
        x = frexp(x, &e);
    return cg_tuple_pack(2, cg_float(x), cg_int(e));
}

static cg_value math_modf(cg_value self, const cg_args *a) {
    double x, ip;
    (void)self;
    if (one_double("modf", a, &x) < 0)
        return CG_ERR;
    if (isinf(x))
        return cg_tuple_pack(2, cg_float(copysign(0.0, x)), cg_float(x));
    if (isnan(x))
        return cg_tuple_pack(2, cg_float(x), cg_float(x));
    double frac = modf(x, &ip);
    return cg_tuple_pack(2, cg_float(frac), cg_float(ip));
}

/* ---- logarithms --------------------------------------------------------------
 * An int argument is converted here (Python does it for ints of any size:
 * ints <= 0 are a domain error before any conversion). */

static cg_value loghelper(cg_value x, double (*fn)(double)) {
    if (x.tag == CG_V_INT || x.tag == CG_V_BOOL) {
        if (x.u.i <= 0)
            return domain_error();
        return cg_float(fn((double)x.u.i));
    }
    if (cg_is_bigint(x)) { /* m * 2**e with m in [0.5, 1): log m + e log 2 */
        if (mpz_sgn(cg_bigint_mpz(x)) <= 0)
            return domain_error();
        long e;
        double m = mpz_get_d_2exp(&e, cg_bigint_mpz(x));
        return cg_float(fn(m) + (double)e * fn(2.0));
    }
    double d;
    if (cg_float_value(x, &d) < 0)
        return CG_ERR;
    return checked_1(d, fn(d), false);
}

static cg_value math_log(cg_value self, const cg_args *a) {
    (void)self;
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "log() takes no keyword arguments");
    if (a->npos < 1 || a->npos > 2)
        return cg_raise(&cg_exc_TypeError, "math.log requires 1 to 2 arguments");
    cg_value num = loghelper(a->pos[0], m_log);
    if (cg_is_err(num) || a->npos == 1)
        return num;
    cg_value den = loghelper(a->pos[1], m_log);
    if (cg_is_err(den))
        return den;
    if (den.u.f == 0.0)
        return cg_raise(&cg_exc_ZeroDivisionError, "float division by zero");
    return cg_float(num.u.f / den.u.f);
}

static cg_value math_log2(cg_value self, const cg_args *a) {
    (void)self;
    if (one_arg("log2", a) < 0)
        return CG_ERR;
    return loghelper(a->pos[0], m_log2);
}

static cg_value math_log10(cg_value self, const cg_args *a) {
    (void)self;
    if (one_arg("log10", a) < 0)
        return CG_ERR;
    return loghelper(a->pos[0], m_log10);
}

/* ---- pow, fmod, ldexp, nextafter ---------------------------------------------- */

/* x**y with C99's special values decided here, as CPython does: an
 * infinity is a range error from overflow but a domain error from 0**-y. */
static cg_value math_pow(cg_value self, const cg_args *a) {
    double x, y, r;
    (void)self;
    if (two_doubles("pow", a, &x, &y) < 0)
        return CG_ERR;
    if (!isfinite(x) || !isfinite(y)) {
        if (isnan(x))
            r = y == 0.0 ? 1.0 : x;
        else if (isnan(y))
            r = x == 1.0 ? 1.0 : y;
        else if (isinf(x)) {
            bool odd_y = isfinite(y) && fmod(fabs(y), 2.0) == 1.0;
            if (y > 0.0)
                r = odd_y ? x : fabs(x);
            else if (y == 0.0)
                r = 1.0;
            else
                r = odd_y ? copysign(0.0, x) : 0.0;
        } else if (fabs(x) == 1.0)
            r = 1.0;
        else if (y > 0.0 && fabs(x) > 1.0)
            r = y;
        else if (y < 0.0 && fabs(x) < 1.0)
            r = -y;
        else
            r = 0.0;
        return cg_float(r);
    }
    r = pow(x, y);
    if (isnan(r))
        return domain_error();
    if (isinf(r))
        return x == 0.0 ? domain_error() : range_error();
    return cg_float(r);
}

static cg_value math_fmod(cg_value self, const cg_args *a) {
    double x, y;
    (void)self;
    if (two_doubles("fmod", a, &x, &y) < 0)
        return CG_ERR;
    if (isinf(y) && isfinite(x))
        return cg_float(x);
    double r = fmod(x, y);
    if (isnan(r) && !isnan(x) && !isnan(y))
        return domain_error();
    return cg_float(r);
}

static cg_value math_ldexp(cg_value self, const cg_args *a) {
    double x, r;
    (void)self;
    if (two_args("ldexp", a) < 0 || cg_float_value(a->pos[0], &x) < 0)
        return CG_ERR;
    cg_value i = a->pos[1];
    if (!cg_is_int(i))
        return cg_raise(&cg_exc_TypeError, "Expected an int as second argument to ldexp.");
    int64_t e;
    if (cg_int_to_int64(i, &e) < 0) /* past any exponent: only the sign matters */
        e = mpz_sgn(cg_bigint_mpz(i)) > 0 ? INT64_MAX : INT64_MIN;
    if (x == 0.0 || !isfinite(x))
        r = x;
    else if (e > INT_MAX)
        return range_error();
    else if (e < INT_MIN)
        r = copysign(0.0, x);
    else if (isinf(r = ldexp(x, (int)e)))
        return range_error();
    return cg_float(r);
}

static cg_value math_nextafter(cg_value self, const cg_args *a) {
    double x, y;
    (void)self;
    if (two_doubles("nextafter", a, &x, &y) < 0)
        return CG_ERR;
    return cg_float(nextafter(x, y));
}

/* ---- rounding to ints ------------------------------------------------------------
 * floor and ceil ask a non-float for __floor__/__ceil__ first, then for a
 * float; trunc only for __trunc__. */

static cg_value rounded(cg_value v, const char *special, double (*fn)(double)) {
    if (v.tag == CG_V_FLOAT)
        return cg_int_from_float(fn(v.u.f));
    if (cg_is_int(v))
        return cg_index(v);
    cg_value m = cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern(special));
    if (m.tag != CG_V_STOP)
        return cg_call1(m, v);
    double x;
    if (cg_float_value(v, &x) < 0)
        return CG_ERR;
    return cg_int_from_float(fn(x));
}

static cg_value math_floor(cg_value self, const cg_args *a) {
    (void)self;
    if (one_arg("floor", a) < 0)
        return CG_ERR;
    return rounded(a->pos[0], "__floor__", floor);
}

static cg_value math_ceil(cg_value self, const cg_args *a) {
    (void)self;
    if (one_arg("ceil", a) < 0)
        return CG_ERR;
    return rounded(a->pos[0], "__ceil__", ceil);
}

static cg_value math_trunc(cg_value self, const cg_args *a) {
    (void)self;
    if (one_arg("trunc", a) < 0)
        return CG_ERR;
    cg_value v = a->pos[0];
    if (v.tag == CG_V_FLOAT)
        return cg_int_from_float(v.u.f);
    if (cg_is_int(v))
        return cg_index(v);
    cg_value m = cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern("__trunc__"));
    if (m.tag == CG_V_STOP)
        return cg_raise(&cg_exc_TypeError, "type %s doesn't define __trunc__ method", cg_type_name(v));
    return cg_call1(m, v);
}

/* ---- integer functions ----------------------------------------------------------
 * Over GMP, for ints of any size (runtime/bigint.h). */

/* The int operator.index(v) gives, into the initialised z. */
static int index_mpz(cg_value v, mpz_ptr z) {
    cg_value i = cg_index(v);
    if (cg_is_err(i))
        return -1;
    cg_int_get_mpz(i, z);
    cg_decref(i);
    return 0;
}

/* z as an unsigned long for GMP, or OverflowError "<what> should not exceed
 * 9223372036854775807" (CPython's bound: a C long long). */
static int small_arg(mpz_srcptr z, const char *what, unsigned long *out) {
    if (mpz_cmp_ui(z, (unsigned long)INT64_MAX) > 0)
        return cg_raise_int(&cg_exc_OverflowError, "%s %s not exceed %lld", what,
                            strncmp(what, "factorial", 9) ? "must" : "should", (long long)INT64_MAX);
    *out = mpz_get_ui(z);
    return 0;
}

/* MemoryError before GMP would need more than the int limit of bits. */
static int fits_bits(double bits) {
    if (bits > (double)CG_BIGINT_MAX_BITS) {
        cg_raise_nomemory();
        return -1;
    }
    return 0;
}

static cg_value math_factorial(cg_value self, const cg_args *a) {
    (void)self;
    if (one_arg("factorial", a) < 0)
        return CG_ERR;
    mpz_t z;
    mpz_init(z);
    unsigned long n = 0;
    int rc = index_mpz(a->pos[0], z);
    if (rc == 0 && mpz_sgn(z) < 0)
        rc = cg_raise_int(&cg_exc_ValueError, "factorial() not defined for negative values");
    if (rc == 0)
        rc = small_arg(z, "factorial() argument", &n);
    if (rc == 0)
        rc = fits_bits((double)n * log2((double)n + 1.0));
    if (rc < 0) {
        mpz_clear(z);
        return CG_ERR;
    }
    mpz_fac_ui(z, n);
    return cg_int_take_mpz(z);
}

/* gcd / lcm of every argument: GMP's, folded, non-negative. */
static cg_value gcd_lcm(const char *name, const cg_args *a, bool lcm) {
    if (no_keywords(name, a) < 0)
        return CG_ERR;
    mpz_t acc, x;
    mpz_init_set_ui(acc, lcm ? 1 : 0);
    mpz_init(x);
    for (int i = 0; i < a->npos; i++) {
        if (index_mpz(a->pos[i], x) < 0) {
            mpz_clears(acc, x, NULL);
            return CG_ERR;
        }
        if (!lcm)
            mpz_gcd(acc, acc, x);
        else if (mpz_sgn(acc) && (!mpz_sgn(x) || fits_bits((double)mpz_sizeinbase(acc, 2) + (double)mpz_sizeinbase(x, 2)) == 0))
            mpz_lcm(acc, acc, x);
        else if (mpz_sgn(acc) && mpz_sgn(x)) {
            mpz_clears(acc, x, NULL);
            return CG_ERR;
        }
    }
    mpz_clear(x);
    return cg_int_take_mpz(acc);
}

static cg_value math_gcd(cg_value self, const cg_args *a) { return gcd_lcm("gcd", a, false); }
static cg_value math_lcm(cg_value self, const cg_args *a) { return gcd_lcm("lcm", a, true); }

static cg_value math_isqrt(cg_value self, const cg_args *a) {
    (void)self;
    if (one_arg("isqrt", a) < 0)
        return CG_ERR;
    mpz_t z;
    mpz_init(z);
    if (index_mpz(a->pos[0], z) < 0 || (mpz_sgn(z) < 0 && cg_raise_int(&cg_exc_ValueError, "isqrt() argument must be nonnegative"))) {
        mpz_clear(z);
        return CG_ERR;
    }
    mpz_sqrt(z, z);
    return cg_int_take_mpz(z);
}

/* n and k as non-negative ints, with CPython's messages */
static int comb_args(const cg_args *a, mpz_ptr n, mpz_ptr k) {
    if (index_mpz(a->pos[0], n) < 0 || index_mpz(a->pos[1], k) < 0)
        return -1;
    if (mpz_sgn(n) < 0)
        return cg_raise_int(&cg_exc_ValueError, "n must be a non-negative integer");
    if (mpz_sgn(k) < 0)
        return cg_raise_int(&cg_exc_ValueError, "k must be a non-negative integer");
    return 0;
}

/* comb(n, k) (perm: times k!), with k <= n; into n. */
static int comb_perm(mpz_ptr n, mpz_ptr k, bool perm) {
    mpz_t rest;
    mpz_init(rest);
    mpz_sub(rest, n, k);
    if (!perm && mpz_cmp(rest, k) < 0)
        mpz_set(k, rest); /* C(n, k) == C(n, n - k) */
    mpz_clear(rest);
    unsigned long kk = 0;
    if (small_arg(k, perm ? "k" : "min(n - k, k)", &kk) < 0)
        return -1;
    if (fits_bits((double)kk * (double)mpz_sizeinbase(n, 2)) < 0)
        return -1;
    mpz_bin_ui(n, n, kk);
    if (perm) {
        mpz_fac_ui(k, kk);
        mpz_mul(n, n, k);
    }
    return 0;
}

static cg_value comb_or_perm(const cg_args *a, bool perm) {
    mpz_t n, k;
    mpz_inits(n, k, NULL);
    int rc = comb_args(a, n, k);
    if (rc == 0 && mpz_cmp(k, n) > 0)
        mpz_set_ui(n, 0);
    else if (rc == 0)
        rc = comb_perm(n, k, perm);
    mpz_clear(k);
    if (rc < 0) {
        mpz_clear(n);
        return CG_ERR;
    }
    return cg_int_take_mpz(n);
}

static cg_value math_comb(cg_value self, const cg_args *a) {
    (void)self;
    if (two_args("comb", a) < 0)
        return CG_ERR;
    return comb_or_perm(a, false);
}

static cg_value math_perm(cg_value self, const cg_args *a) {
    (void)self;
    if (no_keywords("perm", a) < 0)
        return CG_ERR;
    if (a->npos < 1)
        return cg_raise(&cg_exc_TypeError, "perm expected at least 1 argument, got %d", a->npos);
    if (a->npos > 2)
        return cg_raise(&cg_exc_TypeError, "perm expected at most 2 arguments, got %d", a->npos);
    if (a->npos == 1 || cg_is_none(a->pos[1])) {
        cg_args one = {a->pos, 1, NULL, NULL, 0};
        return math_factorial(self, &one);
    }
    return comb_or_perm(a, true);
}

/* ---- sums and products -------------------------------------------------------------- */

/* Note [fsum]: Shewchuk's exact summation as CPython writes it (msum, with
 * Mark Dickinson's correctly rounded finish). partials[] holds non-zero,
 * non-overlapping partial sums in increasing magnitude; each new x is
 * added to every partial exactly (hi + lo), and at the end the partials
 * are summed from the top with half-even rounding across them. volatile
 * keeps hi, yr, lo in doubles so the compiler cannot fold lo to 0. */
typedef struct {
    double *p;
    int64_t n, cap;
    double special_sum, inf_sum;
} fsum_state;

static int fsum_add(fsum_state *s, double x) {
    double xsave = x;
    volatile double hi, yr, lo;
    int64_t i = 0;
    for (int64_t j = 0; j < s->n; j++) {
        double y = s->p[j];
        if (fabs(x) < fabs(y)) {
            double t = x;
            x = y;
            y = t;
        }
        hi = x + y;
        yr = hi - x;
        lo = y - yr;
        if (lo != 0.0)
            s->p[i++] = lo;
        x = hi;
    }
    s->n = i;
    if (x == 0.0)
        return 0;
    if (!isfinite(x)) {
        /* an overflow of finite summands, or an inf/nan among them */
        if (isfinite(xsave))
            return cg_raise_int(&cg_exc_OverflowError, "intermediate overflow in fsum");
        if (isinf(xsave))
            s->inf_sum += xsave;
        s->special_sum += xsave;
        s->n = 0;
        return 0;
    }
    if (s->n == s->cap) {
        int64_t cap = s->cap ? 2 * s->cap : 32;
        double *p = realloc(s->p, (size_t)cap * sizeof *p);
        if (!p)
            return cg_raise_nomemory(), -1;
        s->p = p;
        s->cap = cap;
    }
    s->p[s->n++] = x;
    return 0;
}

static double fsum_finish(fsum_state *s) {
    volatile double hi = 0.0, yr, lo = 0.0;
    int64_t n = s->n;
    if (n == 0)
        return 0.0;
    hi = s->p[--n];
    while (n > 0) { /* from the top, until the sum becomes inexact */
        double x = hi, y = s->p[--n];
        hi = x + y;
        yr = hi - x;
        lo = y - yr;
        if (lo != 0.0)
            break;
    }
    /* half-even rounding across partials: sum([1e-16, 1, 1e16]) is 1e16+2 */
    if (n > 0 && ((lo < 0.0 && s->p[n - 1] < 0.0) || (lo > 0.0 && s->p[n - 1] > 0.0))) {
        double y = lo * 2.0, x = hi + y;
        yr = x - hi;
        if (y == yr)
            hi = x;
    }
    return hi;
}

static cg_value math_fsum(cg_value self, const cg_args *a) {
    (void)self;
    if (one_arg("fsum", a) < 0)
        return CG_ERR;
    cg_value it = cg_iter(a->pos[0]);
    if (cg_is_err(it))
        return it;
    fsum_state s = {0};
    cg_value r = CG_ERR;
    for (;;) {
        cg_value item = cg_next(it);
        if (item.tag == CG_V_STOP)
            break;
        if (cg_is_err(item))
            goto done;
        double x;
        int rc = cg_float_value(item, &x);
        cg_decref(item);
        if (rc < 0 || fsum_add(&s, x) < 0)
            goto done;
    }
    if (s.special_sum != 0.0) {
        if (isnan(s.inf_sum))
            cg_raise(&cg_exc_ValueError, "-inf + inf in fsum");
        else
            r = cg_float(s.special_sum);
        goto done;
    }
    r = cg_float(fsum_finish(&s));
done:
    free(s.p);
    cg_decref(it);
    return r;
}

static cg_value math_prod(cg_value self, const cg_args *a) {
    static const char *const names[] = {"iterable", "start"};
    static const clinic_sig sig = {"prod", names, 2, 1, 1, 1};
    cg_value v[2];
    (void)self;
    if (clinic_bind(&sig, a, v) < 0)
        return CG_ERR;
    cg_value it = cg_iter(v[0]);
    if (cg_is_err(it))
        return it;
    cg_value r = cg_incref(v[1].tag == CG_V_STOP ? cg_int(1) : v[1]);
    for (;;) {
        cg_value item = cg_next(it);
        if (item.tag == CG_V_STOP)
            break;
        if (cg_is_err(item)) {
            cg_value_set(&r, CG_ERR);
            break;
        }
        cg_value_set(&r, cg_binary(r, item, OP_MULT));
        cg_decref(item);
        if (cg_is_err(r))
            break;
    }
    cg_decref(it);
    return r;
}

/* ---- hypot, dist: CPython's vector_norm ------------------------------------------
 * Scaled by a power of two so the largest |x| is in [0.5, 1), squared
 * exactly with Veltkamp-Dekker splitting, summed with Neumaier's
 * compensation, and the square root corrected by one Newton step. vec
 * holds |x|; max is the largest. */
static double vector_norm(int64_t n, const double *vec, double max, bool found_nan) {
    const double T27 = 134217729.0; /* 2**27 + 1 */
    double csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0, x, t, hi, lo, oldcsum;
    if (isinf(max))
        return max;
    if (found_nan)
        return NAN;
    if (max == 0.0 || n <= 1)
        return max;
    int max_e;
    frexp(max, &max_e);
    if (max_e < -1023) {
        /* ldexp(1.0, -max_e) would overflow: divide by max instead */
        for (int64_t i = 0; i < n; i++) {
            x = vec[i] / max;
            x = x * x;
            oldcsum = csum;
            csum += x;
            frac1 += (oldcsum - csum) + x;
        }
        return max * sqrt(csum - 1.0 + frac1);
    }
    double scale = ldexp(1.0, -max_e);
    for (int64_t i = 0; i < n; i++) {
        x = vec[i] * scale;
        t = x * T27;
        hi = t - (t - x);
        lo = x - hi;
        x = hi * hi;
        oldcsum = csum;
        csum += x;
        frac1 += (oldcsum - csum) + x;
        x = 2.0 * hi * lo;
        oldcsum = csum;
        csum += x;
        frac2 += (oldcsum - csum) + x;
        frac3 += lo * lo;
    }
    double h = sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
    /* the correction: csum - h*h, computed exactly, over 2h */
    x = h;
    t = x * T27;
    hi = t - (t - x);
    lo = x - hi;
    x = -hi * hi;
    oldcsum = csum;
    csum += x;
    frac1 += (oldcsum - csum) + x;
    x = -2.0 * hi * lo;
    oldcsum = csum;
    csum += x;
    frac2 += (oldcsum - csum) + x;
    x = -lo * lo;
    oldcsum = csum;
    csum += x;
    frac3 += (oldcsum - csum) + x;
    x = csum - 1.0 + (frac1 + frac2 + frac3);
    return (h + x / (2.0 * h)) / scale;
}

static cg_value math_hypot(cg_value self, const cg_args *a) {
    (void)self;
    if (no_keywords("hypot", a) < 0)
        return CG_ERR;
    double *v = malloc(sizeof(double) * (size_t)(a->npos ? a->npos : 1)), max = 0.0;
    if (!v)
        return cg_raise_nomemory();
    bool found_nan = false;
    for (int i = 0; i < a->npos; i++) {
        if (cg_float_value(a->pos[i], &v[i]) < 0) {
            free(v);
            return CG_ERR;
        }
        v[i] = fabs(v[i]);
        found_nan |= isnan(v[i]);
        if (v[i] > max)
            max = v[i];
    }
    double r = vector_norm(a->npos, v, max, found_nan);
    free(v);
    return cg_float(r);
}

static cg_value math_dist(cg_value self, const cg_args *a) {
    (void)self;
    if (two_args("dist", a) < 0)
        return CG_ERR;
    cg_value p = cg_list_to_tuple(a->pos[0]);
    if (cg_is_err(p))
        return p;
    cg_value q = cg_list_to_tuple(a->pos[1]);
    if (cg_is_err(q)) {
        cg_decref(p);
        return q;
    }
    cg_value r = CG_ERR;
    int64_t n = cg_as_tuple(p)->len;
    double *d = NULL, max = 0.0;
    if (n != cg_as_tuple(q)->len) {
        cg_raise(&cg_exc_ValueError, "both points must have the same number of dimensions");
        goto done;
    }
    if (!(d = malloc(sizeof(double) * (size_t)(n ? n : 1)))) {
        cg_raise_nomemory();
        goto done;
    }
    bool found_nan = false;
    for (int64_t i = 0; i < n; i++) {
        double px, qx;
        if (cg_float_value(cg_as_tuple(p)->items[i], &px) < 0 || cg_float_value(cg_as_tuple(q)->items[i], &qx) < 0)
            goto done;
        d[i] = fabs(px - qx);
        found_nan |= isnan(d[i]);
        if (d[i] > max)
            max = d[i];
    }
    r = cg_float(vector_norm(n, d, max, found_nan));
done:
    free(d);
    cg_decref(p);
    cg_decref(q);
    return r;
}

/* ---- isclose -------------------------------------------------------------------------- */

static cg_value math_isclose(cg_value self, const cg_args *a) {
    static const char *const names[] = {"a", "b", "rel_tol", "abs_tol"};
    static const clinic_sig sig = {"isclose", names, 4, 0, 2, 2};
    cg_value v[4];
    double x[4] = {0, 0, 1e-09, 0.0};
    (void)self;
    if (clinic_bind(&sig, a, v) < 0)
        return CG_ERR;
    for (int i = 0; i < 4; i++)
        if (v[i].tag != CG_V_STOP && cg_float_value(v[i], &x[i]) < 0)
            return CG_ERR;
    double fa = x[0], fb = x[1], rel_tol = x[2], abs_tol = x[3];
    if (rel_tol < 0.0 || abs_tol < 0.0)
        return cg_raise(&cg_exc_ValueError, "tolerances must be non-negative");
    if (fa == fb)
        return CG_TRUE; /* also two infinities of one sign */
    if (isinf(fa) || isinf(fb))
        return CG_FALSE;
    double diff = fabs(fb - fa);
    return cg_bool(diff <= fabs(rel_tol * fb) || diff <= fabs(rel_tol * fa) || diff <= abs_tol);
}

/* ---- the module ------------------------------------------------------------------------- */

static const cg_method_def math_methods[] = {
    {"acos", math_acos, NULL, "Return the arc cosine (measured in radians) of x."},
    {"acosh", math_acosh, NULL, "Return the inverse hyperbolic cosine of x."},
    {"asin", math_asin, NULL, "Return the arc sine (measured in radians) of x."},
    {"asinh", math_asinh, NULL, "Return the inverse hyperbolic sine of x."},
    {"atan", math_atan, NULL, "Return the arc tangent (measured in radians) of x."},
    {"atan2", math_atan2, NULL, "Return the arc tangent (measured in radians) of y/x."},
    {"atanh", math_atanh, NULL, "Return the inverse hyperbolic tangent of x."},
    {"cbrt", math_cbrt, NULL, "Return the cube root of x."},
    {"ceil", math_ceil, NULL, "Return the ceiling of x as an Integral."},
    {"comb", math_comb, NULL, "Number of ways to choose k items from n items without repetition and without order."},
    {"copysign", math_copysign, NULL, "Return a float with the magnitude (absolute value) of x but the sign of y."},
    {"cos", math_cos, NULL, "Return the cosine of x (measured in radians)."},
    {"cosh", math_cosh, NULL, "Return the hyperbolic cosine of x."},
    {"degrees", math_degrees, NULL, "Convert angle x from radians to degrees."},
    {"dist", math_dist, NULL, "Return the Euclidean distance between two points p and q."},
    {"erf", math_erf, NULL, "Error function at x."},
    {"erfc", math_erfc, NULL, "Complementary error function at x."},
    {"exp", math_exp, NULL, "Return e raised to the power of x."},
    {"exp2", math_exp2, NULL, "Return 2 raised to the power of x."},
    {"expm1", math_expm1, NULL, "Return exp(x)-1."},
    {"fabs", math_fabs, NULL, "Return the absolute value of the float x."},
    {"factorial", math_factorial, NULL, "Find x!."},
    {"floor", math_floor, NULL, "Return the floor of x as an Integral."},
    {"fmod", math_fmod, NULL, "Return fmod(x, y), according to platform C."},
    {"frexp", math_frexp, NULL, "Return the mantissa and exponent of x, as pair (m, e)."},
    {"fsum", math_fsum, NULL, "Return an accurate floating point sum of values in the iterable seq."},
    {"gamma", math_gamma, NULL, "Gamma function at x."},
    {"gcd", math_gcd, NULL, "Greatest Common Divisor."},
    {"hypot", math_hypot, NULL, "Multidimensional Euclidean distance from the origin to a point."},
    {"isclose", math_isclose, NULL, "Determine whether two floating point numbers are close in value."},
    {"isfinite", math_isfinite, NULL, "Return True if x is neither an infinity nor a NaN, and False otherwise."},
    {"isinf", math_isinf, NULL, "Return True if x is a positive or negative infinity, and False otherwise."},
    {"isnan", math_isnan, NULL, "Return True if x is a NaN (not a number), and False otherwise."},
    {"isqrt", math_isqrt, NULL, "Return the integer part of the square root of the input."},
    {"lcm", math_lcm, NULL, "Least Common Multiple."},
    {"ldexp", math_ldexp, NULL, "Return x * (2**i)."},
    {"lgamma", math_lgamma, NULL, "Natural logarithm of absolute value of Gamma function at x."},
    {"log", math_log, NULL, "Return the logarithm of x to the given base."},
    {"log10", math_log10, NULL, "Return the base 10 logarithm of x."},
    {"log1p", math_log1p, NULL, "Return the natural logarithm of 1+x (base e)."},
    {"log2", math_log2, NULL, "Return the base 2 logarithm of x."},
    {"modf", math_modf, NULL, "Return the fractional and integer parts of x."},
    {"nextafter", math_nextafter, NULL, "Return the next floating-point value after x towards y."},
    {"perm", math_perm, NULL, "Number of ways to choose k items from n items without repetition and with order."},
    {"pow", math_pow, NULL, "Return x**y (x to the power of y)."},
    {"prod", math_prod, NULL, "Calculate the product of all the elements in the input iterable."},
    {"radians", math_radians, NULL, "Convert angle x from degrees to radians."},
    {"remainder", math_remainder, NULL, "Difference between x and the closest integer multiple of y."},
    {"sin", math_sin, NULL, "Return the sine of x (measured in radians)."},
    {"sinh", math_sinh, NULL, "Return the hyperbolic sine of x."},
    {"sqrt", math_sqrt, NULL, "Return the square root of x."},
    {"tan", math_tan, NULL, "Return the tangent of x (measured in radians)."},
    {"tanh", math_tanh, NULL, "Return the hyperbolic tangent of x."},
    {"trunc", math_trunc, NULL, "Truncates the Real x to the nearest Integral toward 0."},
    {"ulp", math_ulp, NULL, "Return the value of the least significant bit of the float x."},
    {NULL},
};

cg_value cg_math_module_init(void) {
    cg_value m = cg_module_new("math");
    if (cg_is_err(m))
        return m;
    if (cg_module_add(m, "pi", cg_float(MATH_PI)) < 0 || cg_module_add(m, "e", cg_float(MATH_E)) < 0
        || cg_module_add(m, "tau", cg_float(MATH_TAU)) < 0 || cg_module_add(m, "inf", cg_float(INFINITY)) < 0
        || cg_module_add(m, "nan", cg_float(NAN)) < 0 || cg_module_add_methods(m, math_methods) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
