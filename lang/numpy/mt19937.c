/* mt19937.c: numpy._mt19937, the Mersenne Twister behind numpy.random's
 * legacy functions (RandomState, np.random.seed/rand/randn/...) and the
 * legacy draws numpy 1.24 makes from it, so that a seeded program draws
 * numpy's numbers.
 *
 * Note [numpy's legacy draws]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * - Seeding an int s: the key is Knuth's recurrence from s (init_genrand);
 *   a sequence: MT19937's init_by_array. The state is 624 words and a
 *   position; a new state sits at position 624, so the first draw
 *   regenerates the block.
 * - A double is 53 bits from two words: (a >> 5) * 2^26 + (b >> 6), over
 *   2^53.
 * - A normal draw is Marsaglia's polar method on two doubles mapped to
 *   [-1, 1), rejecting r2 >= 1 and r2 == 0; each accepted pair gives f*x2
 *   now and keeps f*x1 for the next call (has_gauss/gauss in the state).
 * - Bounded integers in [off, off + rng]: rng 0 draws nothing; a range of
 *   32 bits or less takes whole words and a range of 2^32 - 1 one word as
 *   it is; otherwise each draw is a word (or, past 32 bits, a high word then
 *   a low word) masked to the next power of two minus one, redrawn while
 *   above rng.
 * - The Fisher-Yates shuffle walks i from n - 1 down to 1, swapping with j
 *   drawn in [0, i] by the same masked rejection.
 * - standard_exponential is -log(1 - u); poisson below 10 multiplies
 *   doubles until the product drops to exp(-lam), from 10 on runs
 *   Hormann's PTRS with numpy's constants and its log-gamma series. */
#include "numpy/numpy_module.h"
#include "numpy/np_args.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

#define MT_N 624
#define MT_M 397

typedef struct {
    cg_obj head;
    uint32_t key[MT_N];
    int pos;
    int has_gauss;
    double gauss;
} mt_state;


static void mt_seed(mt_state *s, uint32_t seed) {
    for (int i = 0; i < MT_N; i++) {
        s->key[i] = seed;
        seed = 1812433253U * (seed ^ (seed >> 30)) + (uint32_t)i + 1U;
    }
    s->pos = MT_N;
    s->has_gauss = 0;
    s->gauss = 0;
}

static void mt_seed_array(mt_state *s, const uint32_t *init, int64_t len) {
    mt_seed(s, 19650218U);
    int64_t i = 1, j = 0, k = MT_N > len ? MT_N : len;
    for (; k; k--) {
        s->key[i] = (s->key[i] ^ ((s->key[i - 1] ^ (s->key[i - 1] >> 30)) * 1664525U)) + init[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            s->key[0] = s->key[MT_N - 1];
            i = 1;
        }
        if (j >= len)
            j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        s->key[i] = (s->key[i] ^ ((s->key[i - 1] ^ (s->key[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            s->key[0] = s->key[MT_N - 1];
            i = 1;
        }
    }
    s->key[0] = 0x80000000U;
    s->pos = MT_N;
    s->has_gauss = 0;
    s->gauss = 0;
}

static void mt_regenerate(mt_state *s) {
    uint32_t *k = s->key;
    int i;
    for (i = 0; i < MT_N - MT_M; i++) {
        uint32_t y = (k[i] & 0x80000000U) | (k[i + 1] & 0x7fffffffU);
        k[i] = k[i + MT_M] ^ (y >> 1) ^ (-(y & 1U) & 0x9908b0dfU);
    }
    for (; i < MT_N - 1; i++) {
        uint32_t y = (k[i] & 0x80000000U) | (k[i + 1] & 0x7fffffffU);
        k[i] = k[i + (MT_M - MT_N)] ^ (y >> 1) ^ (-(y & 1U) & 0x9908b0dfU);
    }
    uint32_t y = (k[MT_N - 1] & 0x80000000U) | (k[0] & 0x7fffffffU);
    k[MT_N - 1] = k[MT_M - 1] ^ (y >> 1) ^ (-(y & 1U) & 0x9908b0dfU);
    s->pos = 0;
}

static uint32_t mt_next32(mt_state *s) {
    if (s->pos == MT_N)
        mt_regenerate(s);
    uint32_t y = s->key[s->pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

static uint64_t mt_next64(mt_state *s) {
    uint64_t hi = mt_next32(s);
    return hi << 32 | mt_next32(s);
}

static double mt_double(mt_state *s) {
    int32_t a = (int32_t)(mt_next32(s) >> 5), b = (int32_t)(mt_next32(s) >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

static double mt_gauss(mt_state *s) {
    if (s->has_gauss) {
        double g = s->gauss;
        s->has_gauss = 0;
        s->gauss = 0;
        return g;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * mt_double(s) - 1.0;
        x2 = 2.0 * mt_double(s) - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = sqrt(-2.0 * log(r2) / r2);
    s->gauss = f * x1;
    s->has_gauss = 1;
    return f * x2;
}

static uint64_t mask_of(uint64_t max) {
    uint64_t m = max;
    m |= m >> 1;
    m |= m >> 2;
    m |= m >> 4;
    m |= m >> 8;
    m |= m >> 16;
    m |= m >> 32;
    return m;
}

/* A value in [0, rng] (Note [numpy's legacy draws]). */
static uint64_t mt_bounded(mt_state *s, uint64_t rng, uint64_t mask) {
    if (rng == 0)
        return 0;
    if (rng <= 0xFFFFFFFFULL) {
        if (rng == 0xFFFFFFFFULL)
            return mt_next32(s);
        uint32_t v;
        while ((v = mt_next32(s) & (uint32_t)mask) > rng) {
        }
        return v;
    }
    if (rng == 0xFFFFFFFFFFFFFFFFULL)
        return mt_next64(s);
    uint64_t v;
    while ((v = mt_next64(s) & mask) > rng) {
    }
    return v;
}

static double loggam(double x) {
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

static int64_t mt_poisson(mt_state *s, double lam) {
    if (lam == 0)
        return 0;
    if (lam < 10) {
        double enlam = exp(-lam), prod = 1.0;
        int64_t x = 0;
        for (;;) {
            prod *= mt_double(s);
            if (prod > enlam)
                x++;
            else
                return x;
        }
    }
    double slam = sqrt(lam), loglam = log(lam), b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
    double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
    for (;;) {
        double u = mt_double(s) - 0.5, v = mt_double(s), us = 0.5 - fabs(u);
        int64_t k = (int64_t)floor((2 * a / us + b) * u + lam + 0.43);
        if (us >= 0.07 && v <= vr)
            return k;
        if (k < 0 || (us < 0.013 && v > us))
            continue;
        if (log(v) + log(invalpha) - log(a / (us * us) + b) <= -lam + (double)k * loglam - loggam((double)k + 1))
            return k;
    }
}

/* ---- the other legacy distributions (RandomState's) ----------------------------------------- */

static double mt_std_exp(mt_state *s) { return -log(1.0 - mt_double(s)); }

static double mt_std_gamma(mt_state *s, double shape) {
    if (shape == 1.0)
        return mt_std_exp(s);
    if (shape == 0.0)
        return 0.0;
    if (shape < 1.0) {
        for (;;) {
            double u = mt_double(s), v = mt_std_exp(s);
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
            x = mt_gauss(s);
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        double u = mt_double(s);
        if (u < 1.0 - 0.0331 * (x * x) * (x * x))
            return b * v;
        if (log(u) < 0.5 * x * x + b * (1. - v + log(v)))
            return b * v;
    }
}

static double mt_beta(mt_state *s, double a, double b) {
    if (a <= 1.0 && b <= 1.0) {
        for (;;) {
            double u = mt_double(s), v = mt_double(s), x = pow(u, 1.0 / a), y = pow(v, 1.0 / b);
            if (x + y <= 1.0) {
                if (x + y > 0)
                    return x / (x + y);
                double lx = log(u) / a, ly = log(v) / b, lm = lx > ly ? lx : ly;
                lx -= lm;
                ly -= lm;
                return exp(lx - log(exp(lx) + exp(ly)));
            }
        }
    }
    double ga = mt_std_gamma(s, a), gb = mt_std_gamma(s, b);
    return ga / (ga + gb);
}

static double mt_chisq(mt_state *s, double df) { return 2.0 * mt_std_gamma(s, df / 2.0); }

/* Binomial draws for p <= 0.5: inversion while n p <= 30, else BTPE
 * (Kachitvichyanukul and Schmeiser), with numpy's constants and steps. */
static int64_t binom_inversion(mt_state *s, int64_t n, double p) {
    double q = 1.0 - p, qn = exp((double)n * log(q)), np = (double)n * p;
    double lim = np + 10.0 * sqrt(np * q + 1);
    int64_t bound = (double)n < lim ? n : (int64_t)lim;
    int64_t x = 0;
    double px = qn, u = mt_double(s);
    while (u > px) {
        x++;
        if (x > bound) {
            x = 0;
            px = qn;
            u = mt_double(s);
        } else {
            u -= px;
            px = ((double)(n - x + 1) * p * px) / ((double)x * q);
        }
    }
    return x;
}

static int64_t binom_btpe(mt_state *s, int64_t n, double p) {
    double r = p < 1.0 - p ? p : 1.0 - p, q = 1.0 - r, fm = (double)n * r + r;
    int64_t m = (int64_t)floor(fm);
    double p1 = floor(2.195 * sqrt((double)n * r * q) - 4.6 * q) + 0.5, xm = (double)m + 0.5;
    double xl = xm - p1, xr = xm + p1, c = 0.134 + 20.5 / (15.3 + (double)m);
    double a = (fm - xl) / (fm - xl * r), laml = a * (1.0 + a / 2.0);
    a = (xr - fm) / (xr * q);
    double lamr = a * (1.0 + a / 2.0), p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
    double nrq = (double)n * r * q;
    for (;;) {
        double u = mt_double(s) * p4, v = mt_double(s);
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

static int64_t mt_binomial(mt_state *s, int64_t n, double p) {
    if (n == 0 || p == 0.0)
        return 0;
    if (p <= 0.5)
        return p * (double)n <= 30.0 ? binom_inversion(s, n, p) : binom_btpe(s, n, p);
    double q = 1.0 - p;
    return n - (q * (double)n <= 30.0 ? binom_inversion(s, n, q) : binom_btpe(s, n, q));
}

enum {
    D_LOGNORMAL, D_LAPLACE, D_LOGISTIC, D_GUMBEL, D_WEIBULL, D_PARETO, D_POWER, D_CAUCHY, D_TRIANGULAR,
    D_STD_GAMMA, D_BETA, D_CHISQUARE, D_F, D_STD_T, D_WALD, D_GEOMETRIC, D_BINOMIAL, D_NEGBIN, D_RAYLEIGH,
    D_NONCENTRAL_CHISQ, D_NONCENTRAL_F, D_VONMISES, D_ZIPF, D_LOGSERIES, D_HYPERGEOMETRIC, D_COUNT
};

static double mt_noncentral_chisq(mt_state *s, double df, double nonc) {
    if (nonc == 0)
        return mt_chisq(s, df);
    if (df > 1) {
        double chi2 = mt_chisq(s, df - 1), n = mt_gauss(s) + sqrt(nonc);
        return chi2 + n * n;
    }
    /* the draw happens before the NaN check so the stream moves as numpy's */
    double out = mt_chisq(s, df + 2.0 * (double)mt_poisson(s, nonc / 2.0));
    return isnan(nonc) ? NAN : out;
}

/* von Mises by Best and Fisher's rejection, with numpy's small-kappa
 * branches and its wrapping of the angle into [-pi, pi]. */
static double mt_vonmises(mt_state *s, double mu, double kappa) {
    if (isnan(kappa))
        return NAN;
    if (kappa < 1e-8)
        return M_PI * (2 * mt_double(s) - 1);
    double sv;
    if (kappa < 1e-5) {
        sv = 1. / kappa + kappa;
    } else {
        double r = 1 + sqrt(1 + 4 * kappa * kappa), rho = (r - sqrt(2 * r)) / (2 * kappa);
        sv = (1 + rho * rho) / (2 * rho);
    }
    double w;
    for (;;) {
        double z = cos(M_PI * mt_double(s));
        w = (1 + sv * z) / (sv + z);
        double y = kappa * (sv - w), v = mt_double(s);
        if (y * (2 - y) - v >= 0 || log(y / v) + 1 - y >= 0)
            break;
    }
    double result = acos(w);
    if (mt_double(s) < 0.5)
        result = -result;
    result += mu;
    double mod = fmod(fabs(result) + M_PI, 2 * M_PI) - M_PI;
    return result < 0 ? -mod : mod;
}

static double mt_zipf(mt_state *s, double a) {
    double am1 = a - 1.0, b = pow(2.0, am1);
    for (;;) {
        double u = 1.0 - mt_double(s), v = mt_double(s), x = floor(pow(u, -1.0 / am1));
        /* past int64 the draw is rejected: a Zipf truncated to the int64 range */
        if (x > (double)INT64_MAX || x < 1.0)
            continue;
        double t = pow(1.0 + 1.0 / x, am1);
        if (v * x * (t - 1.0) / (b - 1.0) <= t / b)
            return x;
    }
}

static double mt_logseries(mt_state *s, double p) {
    double r = log(1.0 - p);
    for (;;) {
        double v = mt_double(s);
        if (v >= p)
            return 1;
        double q = 1.0 - exp(r * mt_double(s));
        if (v <= q * q) {
            int64_t result = (int64_t)floor(1 + log(v) / log(q));
            if (result < 1 || v == 0.0)
                continue;
            return (double)result;
        }
        return v >= q ? 1 : 2;
    }
}

/* Hypergeometric for a sample of 10 or less: draw the sample one by one. */
static int64_t hyper_hyp(mt_state *s, int64_t good, int64_t bad, int64_t sample) {
    int64_t d1 = bad + good - sample, k = sample;
    double d2 = (double)(bad < good ? bad : good), y = d2;
    while (y > 0.0) {
        double u = mt_double(s);
        y -= (double)(int64_t)floor(u + y / (double)(d1 + k));
        k--;
        if (k == 0)
            break;
    }
    int64_t z = (int64_t)(d2 - y);
    return good > bad ? sample - z : z;
}

/* Hypergeometric past 10: Stadlober's HRUA ratio of uniforms, with
 * Frohne's corrections as numpy keeps them. */
static int64_t hyper_hrua(mt_state *s, int64_t good, int64_t bad, int64_t sample) {
    const double D1 = 1.7155277699214135, D2 = 0.8989161620588988; /* 2 sqrt(2/e), 3 - 2 sqrt(3/e) */
    int64_t mingb = good < bad ? good : bad, maxgb = good < bad ? bad : good, popsize = good + bad;
    int64_t m = sample < popsize - sample ? sample : popsize - sample;
    double d4 = (double)mingb / (double)popsize, d5 = 1.0 - d4, d6 = (double)m * d4 + 0.5;
    double d7 = sqrt((double)(popsize - m) * (double)sample * d4 * d5 / (double)(popsize - 1) + 0.5);
    double d8 = D1 * d7 + D2;
    int64_t d9 = (int64_t)floor((double)(m + 1) * (double)(mingb + 1) / (double)(popsize + 2));
    double d10 = loggam((double)(d9 + 1)) + loggam((double)(mingb - d9 + 1)) + loggam((double)(m - d9 + 1))
                 + loggam((double)(maxgb - m + d9 + 1));
    double lim = (double)(m < mingb ? m : mingb) + 1.0, d11 = floor(d6 + 16 * d7);
    d11 = lim < d11 ? lim : d11;
    int64_t z;
    for (;;) {
        double x = mt_double(s), y = mt_double(s), w = d6 + d8 * (y - 0.5) / x;
        if (w < 0.0 || w >= d11)
            continue;
        z = (int64_t)floor(w);
        double t = d10 - (loggam((double)(z + 1)) + loggam((double)(mingb - z + 1)) + loggam((double)(m - z + 1))
                          + loggam((double)(maxgb - m + z + 1)));
        if (x * (4.0 - x) - 3.0 <= t)
            break;
        if (x * (x - t) >= 1)
            continue;
        if (2.0 * log(x) <= t)
            break;
    }
    if (good > bad)
        z = m - z;
    if (m < sample)
        z = good - z;
    return z;
}

static double mt_hypergeometric(mt_state *s, double good, double bad, double sample) {
    int64_t g = (int64_t)good, b = (int64_t)bad, n = (int64_t)sample;
    return (double)(n > 10 ? hyper_hrua(s, g, b, n) : n > 0 ? hyper_hyp(s, g, b, n) : 0);
}

/* One draw of distribution kind with parameters a, b, c. */
static double mt_draw(mt_state *s, int kind, double a, double b, double c) {
    double u;
    switch (kind) {
    case D_LOGNORMAL: return exp(a + b * mt_gauss(s));
    case D_LAPLACE:
        for (;;) {
            u = mt_double(s);
            if (u >= 0.5)
                return a - b * log(2.0 - u - u);
            if (u > 0.0)
                return a + b * log(u + u);
        }
    case D_LOGISTIC:
        for (;;) {
            u = mt_double(s);
            if (u > 0.0)
                return a + b * log(u / (1.0 - u));
        }
    case D_GUMBEL:
        for (;;) {
            u = 1.0 - mt_double(s);
            if (u < 1.0)
                return a - b * log(-log(u));
        }
    case D_WEIBULL: return a == 0.0 ? 0.0 : pow(mt_std_exp(s), 1. / a);
    case D_PARETO: return exp(mt_std_exp(s) / a) - 1;
    case D_POWER: return pow(1 - exp(-mt_std_exp(s)), 1. / a);
    case D_CAUCHY: {
        double num = mt_gauss(s);
        return num / mt_gauss(s);
    }
    case D_TRIANGULAR: {
        double base = c - a, leftbase = b - a, ratio = leftbase / base;
        double leftprod = leftbase * base, rightprod = (c - b) * base;
        u = mt_double(s);
        return u <= ratio ? a + sqrt(u * leftprod) : c - sqrt((1.0 - u) * rightprod);
    }
    case D_STD_GAMMA: return mt_std_gamma(s, a);
    case D_BETA: return mt_beta(s, a, b);
    case D_CHISQUARE: return mt_chisq(s, a);
    case D_F: {
        double num = mt_chisq(s, a) * b;
        return num / (mt_chisq(s, b) * a);
    }
    case D_STD_T: {
        double num = mt_gauss(s), denom = mt_std_gamma(s, a / 2);
        return sqrt(a / 2) * num / sqrt(denom);
    }
    case D_WALD: {
        double mu_2l = a / (2 * b), y = mt_gauss(s);
        y = a * y * y;
        double x = a + mu_2l * (y - sqrt(4 * b * y + y * y));
        u = mt_double(s);
        return u <= a / (a + x) ? x : a * a / x;
    }
    case D_GEOMETRIC:
        if (a >= 0.333333333333333333333333) {
            double sum = a, prod = a, q = 1.0 - a;
            int64_t x = 1;
            u = mt_double(s);
            while (u > sum) {
                prod *= q;
                sum += prod;
                x++;
            }
            return (double)x;
        }
        return ceil(log1p(-mt_double(s)) / log(1 - a));
    case D_BINOMIAL: return (double)mt_binomial(s, (int64_t)a, b);
    case D_NEGBIN: return (double)mt_poisson(s, (1 - b) / b * mt_std_gamma(s, a));
    case D_RAYLEIGH: return a * sqrt(-2.0 * log1p(-mt_double(s)));
    case D_NONCENTRAL_CHISQ: return mt_noncentral_chisq(s, a, b);
    case D_NONCENTRAL_F: {
        double t = mt_noncentral_chisq(s, a, c) * b;
        return t / (mt_chisq(s, b) * a);
    }
    case D_VONMISES: return mt_vonmises(s, a, b);
    case D_ZIPF: return mt_zipf(s, a);
    case D_LOGSERIES: return mt_logseries(s, a);
    case D_HYPERGEOMETRIC: return mt_hypergeometric(s, a, b, c);
    default: return 0;
    }
}

/* ---- the state object ------------------------------------------------------------------- */

static void mt_dealloc(cg_obj *self) { cg_obj_free(self); }

static cg_type mt_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "MT19937State",
    .module = "numpy._mt19937",
    .base = &cg_type_object,
    .basicsize = sizeof(mt_state),
    .dealloc = mt_dealloc,
};

static mt_state *state_arg(const cg_args *a) {
    if (a->npos < 1 || !cg_is_type(a->pos[0], &mt_type)) {
        cg_raise(&cg_exc_TypeError, "an MT19937 state is required");
        return NULL;
    }
    return (mt_state *)a->pos[0].u.o;
}

static cg_value m_new(cg_value self, const cg_args *a) {
    mt_state *s = cg_obj_alloc(&mt_type);
    if (!s)
        return cg_raise_nomemory();
    mt_seed(s, 5489U);
    return cg_obj_value(s);
}

/* seed(state, int or list of ints in [0, 2^32)) */
static cg_value m_seed(cg_value self, const cg_args *a) {
    mt_state *s = state_arg(a);
    if (!s || a->npos != 2)
        return s ? cg_raise(&cg_exc_TypeError, "seed(state, key)") : CG_ERR;
    cg_value k = a->pos[1];
    if (k.tag == CG_V_INT) {
        mt_seed(s, (uint32_t)k.u.i);
        return CG_NONE;
    }
    if (!torch_is_seq(k))
        return cg_raise(&cg_exc_TypeError, "seed(state, key): key must be an int or a list of ints");
    int64_t n = torch_seq_len(k);
    uint32_t *init = malloc((size_t)(n > 0 ? n : 1) * sizeof *init);
    if (!init)
        return cg_raise_nomemory();
    for (int64_t i = 0; i < n; i++) {
        cg_value v = torch_seq_item_borrowed(k, i);
        if (v.tag != CG_V_INT) {
            free(init);
            return cg_raise(&cg_exc_TypeError, "seed(state, key): key must be a list of ints");
        }
        init[i] = (uint32_t)v.u.i;
    }
    mt_seed_array(s, init, n);
    free(init);
    return CG_NONE;
}

/* get(state) -> (list of 624 ints, pos, has_gauss, gauss) */
static cg_value m_get(cg_value self, const cg_args *a) {
    mt_state *s = state_arg(a);
    if (!s)
        return CG_ERR;
    cg_value keys = cg_list_new(0);
    if (cg_is_err(keys))
        return CG_ERR;
    for (int i = 0; i < MT_N; i++)
        if (cg_list_append(keys, cg_int(s->key[i])) < 0) {
            cg_decref(keys);
            return CG_ERR;
        }
    cg_value r = cg_tuple_pack(4, keys, cg_int(s->pos), cg_int(s->has_gauss), cg_float(s->gauss));
    cg_decref(keys);
    return r;
}

/* set(state, keys, pos, has_gauss, gauss) */
static cg_value m_set(cg_value self, const cg_args *a) {
    mt_state *s = state_arg(a);
    if (!s)
        return CG_ERR;
    if (a->npos != 5 || !torch_is_seq(a->pos[1]) || torch_seq_len(a->pos[1]) != MT_N || a->pos[2].tag != CG_V_INT
        || a->pos[3].tag != CG_V_INT || a->pos[4].tag != CG_V_FLOAT)
        return cg_raise(&cg_exc_ValueError, "state must be 624 longs");
    if (a->pos[2].u.i < 0 || a->pos[2].u.i > MT_N)
        return cg_raise(&cg_exc_ValueError, "pos must be between 0 and 624");
    for (int i = 0; i < MT_N; i++) {
        cg_value v = torch_seq_item_borrowed(a->pos[1], i);
        if (v.tag != CG_V_INT)
            return cg_raise(&cg_exc_TypeError, "state must be 624 longs");
        s->key[i] = (uint32_t)v.u.i;
    }
    s->pos = (int)a->pos[2].u.i;
    s->has_gauss = a->pos[3].u.i != 0;
    s->gauss = a->pos[4].u.f;
    return CG_NONE;
}

/* A float64 tensor of n draws of f. */
#define FILL_DOUBLES(name, EXPR)                                                   \
    static cg_value name(cg_value self, const cg_args *a) {                        \
        mt_state *s = state_arg(a);                                                \
        int64_t n;                                                                 \
        if (!s || !np_count_arg(a, 1, &n))                                            \
            return CG_ERR;                                                         \
        cg_tensor *t = cg_tensor_empty(1, &n, CG_F64, cg_device_cpu());            \
        if (!t)                                                                    \
            return torch_raise();                                                  \
        double *p = cg_tensor_data(t);                                             \
        for (int64_t i = 0; i < n; i++)                                            \
            p[i] = EXPR;                                                           \
        return cg_tensor_steal(t);                                                 \
    }
FILL_DOUBLES(m_doubles, mt_double(s))
FILL_DOUBLES(m_gauss, mt_gauss(s))
FILL_DOUBLES(m_exponential, -log(1.0 - mt_double(s)))

/* bounded(state, off, rng, n): an int64 tensor of n values off + [0, rng]. */
static cg_value m_bounded(cg_value self, const cg_args *a) {
    mt_state *s = state_arg(a);
    int64_t n;
    if (!s || !np_count_arg(a, 3, &n))
        return CG_ERR;
    if (a->pos[1].tag != CG_V_INT || a->pos[2].tag != CG_V_INT || a->pos[2].u.i < 0)
        return cg_raise(&cg_exc_TypeError, "bounded(state, off, rng, n)");
    int64_t off = a->pos[1].u.i;
    uint64_t rng = (uint64_t)a->pos[2].u.i, mask = mask_of(rng);
    cg_tensor *t = cg_tensor_empty(1, &n, CG_INT64, cg_device_cpu());
    if (!t)
        return torch_raise();
    int64_t *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = (int64_t)((uint64_t)off + mt_bounded(s, rng, mask));
    return cg_tensor_steal(t);
}

/* permutation(state, n): arange(n) shuffled as numpy's Fisher-Yates does. */
static cg_value m_permutation(cg_value self, const cg_args *a) {
    mt_state *s = state_arg(a);
    int64_t n;
    if (!s || !np_count_arg(a, 1, &n))
        return CG_ERR;
    cg_tensor *t = cg_tensor_empty(1, &n, CG_INT64, cg_device_cpu());
    if (!t)
        return torch_raise();
    int64_t *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = i;
    for (int64_t i = n - 1; i >= 1; i--) {
        int64_t j = (int64_t)mt_bounded(s, (uint64_t)i, mask_of((uint64_t)i));
        int64_t tmp = p[i];
        p[i] = p[j];
        p[j] = tmp;
    }
    return cg_tensor_steal(t);
}

/* poisson(state, lam, n) */
static cg_value m_poisson(cg_value self, const cg_args *a) {
    mt_state *s = state_arg(a);
    int64_t n;
    if (!s || !np_count_arg(a, 2, &n))
        return CG_ERR;
    if (a->pos[1].tag != CG_V_FLOAT)
        return cg_raise(&cg_exc_TypeError, "poisson(state, lam, n)");
    double lam = a->pos[1].u.f;
    cg_tensor *t = cg_tensor_empty(1, &n, CG_INT64, cg_device_cpu());
    if (!t)
        return torch_raise();
    int64_t *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = mt_poisson(s, lam);
    return cg_tensor_steal(t);
}

/* words(state, n[, positive]): n raw 32-bit draws, or with positive n
 * 64-bit draws shifted to 63 bits (tomaxint), as an int64 tensor. */
static cg_value m_words(cg_value self, const cg_args *a) {
    mt_state *s = state_arg(a);
    int64_t n;
    if (!s || !np_count_arg(a, 1, &n))
        return CG_ERR;
    bool positive = a->npos > 2 && cg_truth(a->pos[2]) > 0;
    cg_tensor *t = cg_tensor_empty(1, &n, CG_INT64, cg_device_cpu());
    if (!t)
        return torch_raise();
    int64_t *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = positive ? (int64_t)(mt_next64(s) >> 1) : mt_next32(s);
    return cg_tensor_steal(t);
}

/* draw(state, kind, n, a, b, c): a float64 tensor of n draws. */
static cg_value m_draw(cg_value self, const cg_args *a) {
    int64_t n;
    mt_state *s = a->npos == 6 ? (mt_state *)a->pos[0].u.o : NULL;
    if (a->npos != 6 || !cg_is_type(a->pos[0], &mt_type) || a->pos[1].tag != CG_V_INT || a->pos[1].u.i < 0
        || a->pos[1].u.i >= D_COUNT || a->pos[3].tag != CG_V_FLOAT || a->pos[4].tag != CG_V_FLOAT
        || a->pos[5].tag != CG_V_FLOAT)
        return cg_raise(&cg_exc_TypeError, "draw(state, kind, n, a, b, c)");
    if (!np_count_arg(a, 2, &n))
        return CG_ERR;
    cg_tensor *t = cg_tensor_empty(1, &n, CG_F64, cg_device_cpu());
    if (!t)
        return torch_raise();
    double *p = cg_tensor_data(t);
    for (int64_t i = 0; i < n; i++)
        p[i] = mt_draw(s, (int)a->pos[1].u.i, a->pos[3].u.f, a->pos[4].u.f, a->pos[5].u.f);
    return cg_tensor_steal(t);
}

static const cg_method_def mt_defs[] = {
    {"new", m_new, NULL, "new(): a Mersenne Twister state seeded with 5489."},
    {"seed", m_seed, NULL, "seed(state, key): numpy's legacy seeding from an int or a list of 32-bit ints."},
    {"get", m_get, NULL, "get(state): (key, pos, has_gauss, gauss)."},
    {"set", m_set, NULL, "set(state, key, pos, has_gauss, gauss): restores a state get() gave."},
    {"doubles", m_doubles, NULL, "doubles(state, n): n uniform doubles in [0, 1)."},
    {"gauss", m_gauss, NULL, "gauss(state, n): n standard normal draws, numpy's legacy way."},
    {"exponential", m_exponential, NULL, "exponential(state, n): n standard exponential draws."},
    {"bounded", m_bounded, NULL, "bounded(state, off, rng, n): n integers in [off, off + rng]."},
    {"permutation", m_permutation, NULL, "permutation(state, n): a shuffled arange(n)."},
    {"poisson", m_poisson, NULL, "poisson(state, lam, n): n Poisson draws."},
    {"words", m_words, NULL, "words(state, n[, positive]): n raw 32-bit outputs, or 63-bit ones."},
    {"draw", m_draw, NULL, "draw(state, kind, n, a, b, c): n draws of one of the legacy distributions."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_numpy_mt19937_module_init(void) { return cg_module_of("numpy._mt19937", mt_defs); }
