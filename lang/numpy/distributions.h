/* distributions.h: numpy.random's draws over any bit generator (bitgen.h),
 * the legacy ones (RandomState's) and the Generator's, chosen by a flag
 * where numpy's two differ (Note [numpy's distributions] in
 * distributions.c). */
#ifndef CG_NP_DISTRIBUTIONS_H
#define CG_NP_DISTRIBUTIONS_H

#include "numpy/bitgen_next.h"

/* Where draws come from: a bit generator, and whether they are
 * RandomState's (legacy) or the Generator's. */
typedef struct {
    np_bitgen *bg;
    bool legacy;
} np_src;

/* The distributions np_draw knows, in the order random.py numbers them. */
enum {
    NP_LOGNORMAL, NP_LAPLACE, NP_LOGISTIC, NP_GUMBEL, NP_WEIBULL, NP_PARETO, NP_POWER, NP_CAUCHY, NP_TRIANGULAR,
    NP_STD_GAMMA, NP_BETA, NP_CHISQUARE, NP_F, NP_STD_T, NP_WALD, NP_GEOMETRIC, NP_BINOMIAL, NP_NEGBIN, NP_RAYLEIGH,
    NP_NONCENTRAL_CHISQ, NP_NONCENTRAL_F, NP_VONMISES, NP_ZIPF, NP_LOGSERIES, NP_HYPERGEOMETRIC, NP_POISSON,
    NP_NORMAL, NP_EXPONENTIAL, NP_UNIFORM, NP_EXP_INV, NP_DIST_COUNT
};

/* One draw of kind with parameters a, b, c: np_draw for the real-valued
 * kinds, np_draw_int for those np_dist_is_int names. */
double np_draw(const np_src *s, int kind, double a, double b, double c);
int64_t np_draw_int(const np_src *s, int kind, double a, double b, double c);
bool np_dist_is_int(int kind);

double np_gauss(const np_src *s);
double np_std_exp(const np_src *s);
double np_std_gamma(const np_src *s, double shape);
int64_t np_poisson(const np_src *s, double lam);
int64_t np_binomial(const np_src *s, int64_t n, double p);

/* A value in [0, rng]: masked rejection with mask np_mask_of(rng)
 * (RandomState, the Generator's shuffles) or Lemire's multiply (the
 * Generator's integers); Note [numpy's distributions]. Inline: they are
 * the bodies of the fill loops. */
static inline uint64_t np_mask_of(uint64_t max) {
    uint64_t m = max;
    for (int sh = 1; sh <= 32; sh <<= 1)
        m |= m >> sh;
    return m;
}

static inline uint64_t np_bounded_masked(np_bitgen *bg, uint64_t rng, uint64_t mask) {
    uint64_t v;
    if (rng == 0)
        return 0;
    if (rng <= 0xFFFFFFFFULL) {
        while ((v = np_next32(bg) & mask) > rng) {
        }
        return v;
    }
    while ((v = np_next64(bg) & mask) > rng) {
    }
    return v;
}

static inline uint64_t np_bounded_lemire(np_bitgen *bg, uint64_t rng) {
    if (rng == 0)
        return 0;
    if (rng <= 0xFFFFFFFFULL) {
        if (rng == 0xFFFFFFFFULL)
            return np_next32(bg);
        uint32_t excl = (uint32_t)rng + 1U;
        uint64_t m = (uint64_t)np_next32(bg) * excl;
        uint32_t left = (uint32_t)m;
        if (left < excl) {
            uint32_t threshold = (UINT32_MAX - (uint32_t)rng) % excl;
            while (left < threshold) {
                m = (uint64_t)np_next32(bg) * excl;
                left = (uint32_t)m;
            }
        }
        return m >> 32;
    }
    if (rng == UINT64_MAX)
        return np_next64(bg);
    uint64_t excl = rng + 1;
    unsigned __int128 m = (unsigned __int128)np_next64(bg) * excl;
    uint64_t left = (uint64_t)m;
    if (left < excl) {
        uint64_t threshold = (UINT64_MAX - rng) % excl;
        while (left < threshold) {
            m = (unsigned __int128)np_next64(bg) * excl;
            left = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}


/* log(Gamma(x)) by numpy's series; log(k!) as numpy's table and Stirling. */
double np_loggam(double x);
double np_logfactorial(int64_t k);

/* The ziggurat (ziggurat.c); np_zig_init builds its boxes, once, before
 * any draw (numpy._random's import). */
void np_zig_init(void);
double np_zig_normal(np_bitgen *bg);
void np_zig_normal_fill(np_bitgen *bg, double *out, int64_t n);
void np_zig_exponential_fill(np_bitgen *bg, double *out, int64_t n);
double np_zig_exponential(np_bitgen *bg);

/* Hypergeometric: numpy's legacy (HRUA past 10, else sampling) and the
 * Generator's (hypergeometric.c). */
int64_t np_hypergeometric(const np_src *s, int64_t good, int64_t bad, int64_t sample);

/* numpy._random: the draws as tensors (random_module.c). */
cg_value cg_numpy_random_module_init(void);

#endif
