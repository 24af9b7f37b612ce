/* distributions.c: numpy.random's draws over any bit generator, the
 * legacy ones (RandomState's, numpy's legacy-distributions.c) and the
 * Generator's (numpy's distributions.c), so that a seeded program draws
 * numpy 1.24's numbers. Not the bit generators (bitgen.h) and not the
 * arguments' checks (random.py).
 *
 * Note [numpy's distributions]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * - The legacy normal is Marsaglia's polar method on two doubles mapped to
 *   [-1, 1), rejecting r2 >= 1 and r2 == 0; each accepted pair gives f*x2
 *   now and keeps f*x1 for the next call (has_gauss/gauss). Its
 *   exponential is -log(1 - u). The Generator's are the ziggurat's
 *   (Note [numpy's ziggurat]); every distribution built on them (gamma,
 *   beta, chi-square, t, F, Cauchy, Wald, ...) follows.
 * - Where numpy 1.24 changed an algorithm for the Generator and kept the
 *   old one for RandomState, the legacy flag picks: pareto (expm1), power
 *   (-expm1), rayleigh (sqrt(2 E) against sqrt(-2 log1p(-u))), geometric
 *   below 1/3 (-E / log1p(-p) against log1p(-u) / log(1 - p)), logseries
 *   (log1p, -expm1), von Mises past kappa 1e6 (a wrapped normal), the
 *   noncentral chi-square's NaN check (before drawing), beta's x + y == 0
 *   (rejected), hypergeometric (hypergeometric.c).
 * - Poisson below 10 multiplies doubles until the product drops to
 *   exp(-lam), from 10 on runs Hormann's PTRS with numpy's constants and
 *   its log-gamma series; binomial is inversion while n p <= 30, else BTPE
 *   (Kachitvichyanukul and Schmeiser), on min(p, 1 - p). Both are the same
 *   for RandomState and the Generator.
 * - Bounded integers in [0, rng]: RandomState masks a 32-bit draw (or,
 *   past 32 bits, a 64-bit one) to the next power of two minus one and
 *   redraws while above rng; the Generator multiplies (Lemire): a 32-bit
 *   range multiplies a 32-bit draw by rng + 1 and keeps the high word,
 *   redrawing while the low word is under (2^32 - 1 - rng) mod (rng + 1)
 *   (checked only when it is under rng + 1); past 32 bits the same in
 *   64/128 bits; full ranges take a draw as it is. */
#include "numpy/distributions.h"

#include <math.h>
#include <stdlib.h>

static double u01(const np_src *s) { return np_next_double(s->bg); }

static double polar_gauss(np_bitgen *bg) {
    if (bg->has_gauss) {
        double g = bg->gauss;
        bg->has_gauss = false;
        bg->gauss = 0;
        return g;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * np_next_double(bg) - 1.0;
        x2 = 2.0 * np_next_double(bg) - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = sqrt(-2.0 * log(r2) / r2);
    bg->gauss = f * x1;
    bg->has_gauss = true;
    return f * x2;
}

double np_gauss(const np_src *s) { return s->legacy ? polar_gauss(s->bg) : np_zig_normal(s->bg); }

double np_std_exp(const np_src *s) { return s->legacy ? -log(1.0 - u01(s)) : np_zig_exponential(s->bg); }


double np_loggam(double x) {
    static const double a[10] = {8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
                                 -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
                                 6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
                                 -1.39243221690590e+00};
    if (x == 1.0 || x == 2.0)
        return 0.0;
    int64_t n = x < 7.0 ? (int64_t)(7 - x) : 0;
    double x0 = x + (double)n, x2 = (1.0 / x0) * (1.0 / x0), gl0 = a[9];
    for (int k = 8; k >= 0; k--) {
        gl0 *= x2;
        gl0 += a[k];
    }
    double gl = gl0 / x0 + 0.5 * 1.8378770664093453e+00 + (x0 - 0.5) * log(x0) - x0;
    for (int64_t k = 1; x < 7.0 && k <= n; k++) {
        gl -= log(x0 - 1.0);
        x0 -= 1.0;
    }
    return gl;
}

int64_t np_poisson(const np_src *s, double lam) {
    if (lam == 0)
        return 0;
    if (lam < 10) {
        double enlam = exp(-lam), prod = 1.0;
        int64_t x = 0;
        for (;;) {
            prod *= u01(s);
            if (prod > enlam)
                x++;
            else
                return x;
        }
    }
    double slam = sqrt(lam), loglam = log(lam), b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
    double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
    for (;;) {
        double u = u01(s) - 0.5, v = u01(s), us = 0.5 - fabs(u);
        int64_t k = (int64_t)floor((2 * a / us + b) * u + lam + 0.43);
        if (us >= 0.07 && v <= vr)
            return k;
        if (k < 0 || (us < 0.013 && v > us))
            continue;
        if (log(v) + log(invalpha) - log(a / (us * us) + b) <= -lam + (double)k * loglam - np_loggam((double)k + 1))
            return k;
    }
}

/* ---- the other legacy distributions (RandomState's) ----------------------------------------- */

double np_std_gamma(const np_src *s, double shape) {
    if (shape == 1.0)
        return np_std_exp(s);
    if (shape == 0.0)
        return 0.0;
    if (shape < 1.0) {
        for (;;) {
            double u = u01(s), v = np_std_exp(s);
            if (u <= 1.0 - shape) {
                double x = pow(u, 1. / shape);
                if (x <= v)
                    return x;
            } else {
                double y = -log((1 - u) / shape), x = pow(1.0 - shape + shape * y, 1. / shape);
                if (x <= v + y)
                    return x;
            }
        }
    }
    double b = shape - 1. / 3., c = 1. / sqrt(9 * b);
    for (;;) {
        double x, v;
        do {
            x = np_gauss(s);
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        double u = u01(s);
        if (u < 1.0 - 0.0331 * (x * x) * (x * x))
            return b * v;
        if (log(u) < 0.5 * x * x + b * (1. - v + log(v)))
            return b * v;
    }
}

static double beta(const np_src *s, double a, double b) {
    if (a <= 1.0 && b <= 1.0) {
        for (;;) {
            double u = u01(s), v = u01(s), x = pow(u, 1.0 / a), y = pow(v, 1.0 / b);
            if (x + y <= 1.0 && (s->legacy || x + y > 0.0)) {
                if (x + y > 0)
                    return x / (x + y);
                double lx = log(u) / a, ly = log(v) / b, lm = lx > ly ? lx : ly;
                lx -= lm;
                ly -= lm;
                return exp(lx - log(exp(lx) + exp(ly)));
            }
        }
    }
    double ga = np_std_gamma(s, a), gb = np_std_gamma(s, b);
    return ga / (ga + gb);
}

static double chisq(const np_src *s, double df) { return 2.0 * np_std_gamma(s, df / 2.0); }

/* Binomial draws for p <= 0.5: inversion while n p <= 30, else BTPE
 * (Kachitvichyanukul and Schmeiser), with numpy's constants and steps. */
static int64_t binom_inversion(const np_src *s, int64_t n, double p) {
    double q = 1.0 - p, qn = exp((double)n * log(q)), np = (double)n * p;
    double lim = np + 10.0 * sqrt(np * q + 1);
    int64_t bound = (double)n < lim ? n : (int64_t)lim;
    int64_t x = 0;
    double px = qn, u = u01(s);
    while (u > px) {
        x++;
        if (x > bound) {
            x = 0;
            px = qn;
            u = u01(s);
        } else {
            u -= px;
            px = ((double)(n - x + 1) * p * px) / ((double)x * q);
        }
    }
    return x;
}

static int64_t binom_btpe(const np_src *s, int64_t n, double p) {
    double r = p < 1.0 - p ? p : 1.0 - p, q = 1.0 - r, fm = (double)n * r + r;
    int64_t m = (int64_t)floor(fm);
    double p1 = floor(2.195 * sqrt((double)n * r * q) - 4.6 * q) + 0.5, xm = (double)m + 0.5;
    double xl = xm - p1, xr = xm + p1, c = 0.134 + 20.5 / (15.3 + (double)m);
    double a = (fm - xl) / (fm - xl * r), laml = a * (1.0 + a / 2.0);
    a = (xr - fm) / (xr * q);
    double lamr = a * (1.0 + a / 2.0), p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
    double nrq = (double)n * r * q;
    for (;;) {
        double u = u01(s) * p4, v = u01(s);
        int64_t y;
        if (u <= p1) {
            y = (int64_t)floor(xm - p1 * v + u);
            return y;
        }
        if (u <= p2) {
            double x = xl + (u - p1) / c;
            v = v * c + 1.0 - fabs((double)m - x + 0.5) / p1;
            if (v > 1.0)
                continue;
            y = (int64_t)floor(x);
        } else if (u <= p3) {
            y = (int64_t)floor(xl + log(v) / laml);
            if (y < 0 || v == 0.0)
                continue;
            v = v * (u - p2) * laml;
        } else {
            y = (int64_t)floor(xr - log(v) / lamr);
            if (y > n || v == 0.0)
                continue;
            v = v * (u - p3) * lamr;
        }
        int64_t k = llabs(y - m);
        if (!(k > 20 && (double)k < nrq / 2.0 - 1)) {
            double sr = r / q, aa = sr * (double)(n + 1), f = 1.0;
            if (m < y)
                for (int64_t i = m + 1; i <= y; i++)
                    f *= aa / (double)i - sr;
            else if (m > y)
                for (int64_t i = y + 1; i <= m; i++)
                    f /= aa / (double)i - sr;
            if (v > f)
                continue;
            return y;
        }
        double kd = (double)k, rho = (kd / nrq) * ((kd * (kd / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
        double t = -kd * kd / (2 * nrq), A = log(v);
        if (A < t - rho)
            return y;
        if (A > t + rho)
            continue;
        double x1 = (double)y + 1, f1 = (double)m + 1, z = (double)n + 1 - (double)m, w = (double)(n - y) + 1;
        double x2 = x1 * x1, f2 = f1 * f1, z2 = z * z, w2 = w * w;
        if (A > (xm * log(f1 / x1) + ((double)(n - m) + 0.5) * log(z / w) + (double)(y - m) * log(w * r / (x1 * q)) +
                 (13680. - (462. - (132. - (99. - 140. / f2) / f2) / f2) / f2) / f1 / 166320. +
                 (13680. - (462. - (132. - (99. - 140. / z2) / z2) / z2) / z2) / z / 166320. +
                 (13680. - (462. - (132. - (99. - 140. / x2) / x2) / x2) / x2) / x1 / 166320. +
                 (13680. - (462. - (132. - (99. - 140. / w2) / w2) / w2) / w2) / w / 166320.))
            continue;
        return y;
    }
}

int64_t np_binomial(const np_src *s, int64_t n, double p) {
    if (n == 0 || p == 0.0)
        return 0;
    if (p <= 0.5)
        return p * (double)n <= 30.0 ? binom_inversion(s, n, p) : binom_btpe(s, n, p);
    double q = 1.0 - p;
    return n - (q * (double)n <= 30.0 ? binom_inversion(s, n, q) : binom_btpe(s, n, q));
}


static double noncentral_chisq(const np_src *s, double df, double nonc) {
    if (!s->legacy && isnan(nonc))
        return NAN;
    if (nonc == 0)
        return chisq(s, df);
    if (df > 1) {
        double chi2 = chisq(s, df - 1), n = np_gauss(s) + sqrt(nonc);
        return chi2 + n * n;
    }
    /* RandomState draws before its NaN check, so its stream moves as numpy's */
    double out = chisq(s, df + 2.0 * (double)np_poisson(s, nonc / 2.0));
    return isnan(nonc) ? NAN : out;
}

/* von Mises by Best and Fisher's rejection, with numpy's small-kappa
 * branches, the Generator's wrapped normal past 1e6, and numpy's wrapping
 * of the angle into [-pi, pi]. */
static double vonmises(const np_src *s, double mu, double kappa) {
    if (isnan(kappa))
        return NAN;
    if (kappa < 1e-8)
        return M_PI * (2 * u01(s) - 1);
    double sv;
    if (kappa < 1e-5) {
        sv = 1. / kappa + kappa;
    } else if (kappa <= 1e6 || s->legacy) {
        double r = 1 + sqrt(1 + 4 * kappa * kappa), rho = (r - sqrt(2 * r)) / (2 * kappa);
        sv = (1 + rho * rho) / (2 * rho);
    } else {
        double result = mu + sqrt(1. / kappa) * np_gauss(s);
        if (result < -M_PI)
            result += 2 * M_PI;
        if (result > M_PI)
            result -= 2 * M_PI;
        return result;
    }
    double w;
    for (;;) {
        double z = cos(M_PI * u01(s));
        w = (1 + sv * z) / (sv + z);
        double y = kappa * (sv - w), v = u01(s);
        if (y * (2 - y) - v >= 0 || log(y / v) + 1 - y >= 0)
            break;
    }
    double result = acos(w);
    if (u01(s) < 0.5)
        result = -result;
    result += mu;
    double mod = fmod(fabs(result) + M_PI, 2 * M_PI) - M_PI;
    return result < 0 ? -mod : mod;
}

static int64_t zipf(const np_src *s, double a) {
    double am1 = a - 1.0, b = pow(2.0, am1);
    for (;;) {
        double u = 1.0 - u01(s), v = u01(s), x = floor(pow(u, -1.0 / am1));
        /* past int64 the draw is rejected: a Zipf truncated to the int64 range */
        if (x > (double)INT64_MAX || x < 1.0)
            continue;
        double t = pow(1.0 + 1.0 / x, am1);
        if (v * x * (t - 1.0) / (b - 1.0) <= t / b)
            return (int64_t)x;
    }
}

static int64_t logseries(const np_src *s, double p) {
    double r = s->legacy ? log(1.0 - p) : log1p(-p);
    for (;;) {
        double v = u01(s);
        if (v >= p)
            return 1;
        double ru = r * u01(s), q = s->legacy ? 1.0 - exp(ru) : -expm1(ru);
        if (v <= q * q) {
            int64_t result = (int64_t)floor(1 + log(v) / log(q));
            if (result < 1 || v == 0.0)
                continue;
            return result;
        }
        return v >= q ? 1 : 2;
    }
}

static int64_t geometric(const np_src *s, double p) {
    if (p >= 0.333333333333333333333333) {
        double sum = p, prod = p, q = 1.0 - p;
        int64_t x = 1;
        double u = u01(s);
        while (u > sum) {
            prod *= q;
            sum += prod;
            x++;
        }
        return x;
    }
    if (s->legacy)
        return (int64_t)ceil(log1p(-u01(s)) / log(1 - p));
    return (int64_t)ceil(-np_std_exp(s) / log1p(-p));
}

static double laplace(const np_src *s, double loc, double scale) {
    for (;;) {
        double u = u01(s);
        if (u >= 0.5)
            return loc - scale * log(2.0 - u - u);
        if (u > 0.0)
            return loc + scale * log(u + u);
    }
}

static double triangular(const np_src *s, double left, double mode, double right) {
    double base = right - left, leftbase = mode - left, ratio = leftbase / base;
    double leftprod = leftbase * base, rightprod = (right - mode) * base, u = u01(s);
    return u <= ratio ? left + sqrt(u * leftprod) : right - sqrt((1.0 - u) * rightprod);
}

static double wald(const np_src *s, double mean, double scale) {
    double mu_2l = mean / (2 * scale), y = np_gauss(s);
    y = mean * y * y;
    double x = mean + mu_2l * (y - sqrt(4 * scale * y + y * y));
    return u01(s) <= mean / (mean + x) ? x : mean * mean / x;
}

double np_draw(const np_src *s, int kind, double a, double b, double c) {
    double u;
    switch (kind) {
    case NP_LOGNORMAL: return exp(a + b * np_gauss(s));
    case NP_LAPLACE: return laplace(s, a, b);
    case NP_LOGISTIC:
        while ((u = u01(s)) <= 0.0) {
        }
        return a + b * log(u / (1.0 - u));
    case NP_GUMBEL:
        while ((u = 1.0 - u01(s)) >= 1.0) {
        }
        return a - b * log(-log(u));
    case NP_WEIBULL: return a == 0.0 ? 0.0 : pow(np_std_exp(s), 1. / a);
    case NP_PARETO: return s->legacy ? exp(np_std_exp(s) / a) - 1 : expm1(np_std_exp(s) / a);
    case NP_POWER: return pow(s->legacy ? 1 - exp(-np_std_exp(s)) : -expm1(-np_std_exp(s)), 1. / a);
    case NP_CAUCHY: {
        double num = np_gauss(s);
        return num / np_gauss(s);
    }
    case NP_TRIANGULAR: return triangular(s, a, b, c);
    case NP_STD_GAMMA: return np_std_gamma(s, a);
    case NP_BETA: return beta(s, a, b);
    case NP_CHISQUARE: return chisq(s, a);
    case NP_F: {
        double num = chisq(s, a) * b;
        return num / (chisq(s, b) * a);
    }
    case NP_STD_T: {
        double num = np_gauss(s), denom = np_std_gamma(s, a / 2);
        return sqrt(a / 2) * num / sqrt(denom);
    }
    case NP_WALD: return wald(s, a, b);
    case NP_RAYLEIGH: return s->legacy ? a * sqrt(-2.0 * log1p(-u01(s))) : a * sqrt(2.0 * np_std_exp(s));
    case NP_NONCENTRAL_CHISQ: return noncentral_chisq(s, a, b);
    case NP_NONCENTRAL_F: {
        double t = noncentral_chisq(s, a, c) * b;
        return t / (chisq(s, b) * a);
    }
    case NP_VONMISES: return vonmises(s, a, b);
    case NP_NORMAL: return a + b * np_gauss(s);
    case NP_EXPONENTIAL: return a * np_std_exp(s);
    case NP_UNIFORM: return a + b * u01(s);
    case NP_EXP_INV: return -log1p(-u01(s));
    default: return 0;
    }
}

bool np_dist_is_int(int kind) {
    return kind == NP_GEOMETRIC || kind == NP_BINOMIAL || kind == NP_NEGBIN || kind == NP_ZIPF || kind == NP_LOGSERIES
           || kind == NP_HYPERGEOMETRIC || kind == NP_POISSON;
}

int64_t np_draw_int(const np_src *s, int kind, double a, double b, double c) {
    switch (kind) {
    case NP_GEOMETRIC: return geometric(s, a);
    case NP_BINOMIAL: return np_binomial(s, (int64_t)a, b);
    case NP_NEGBIN: return np_poisson(s, (1 - b) / b * np_std_gamma(s, a));
    case NP_ZIPF: return zipf(s, a);
    case NP_LOGSERIES: return logseries(s, a);
    case NP_HYPERGEOMETRIC: return np_hypergeometric(s, (int64_t)a, (int64_t)b, (int64_t)c);
    case NP_POISSON: return np_poisson(s, a);
    default: return 0;
    }
}
