/* distributions.h: numpy.random's draws over any bit generator (bitgen.h),
 * the legacy ones (RandomState's) and the Generator's, chosen by a flag
 * where numpy's two differ (Note [numpy's distributions] in
 * distributions.c). */
#ifndef CG_NP_DISTRIBUTIONS_H
#define CG_NP_DISTRIBUTIONS_H

#include "numpy/bitgen.h"

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
    NP_NORMAL, NP_EXPONENTIAL, NP_UNIFORM, NP_DIST_COUNT
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

/* A value in [0, rng]: masked rejection (RandomState, the Generator's
 * shuffles) or Lemire's multiply (the Generator's integers). */
uint64_t np_bounded_masked(np_bitgen *bg, uint64_t rng);
uint64_t np_bounded_lemire(np_bitgen *bg, uint64_t rng);

/* log(Gamma(x)) by numpy's series; log(k!) as numpy's table and Stirling. */
double np_loggam(double x);
double np_logfactorial(int64_t k);

/* The ziggurat (ziggurat.c). */
double np_zig_normal(np_bitgen *bg);
double np_zig_exponential(np_bitgen *bg);

/* Hypergeometric: numpy's legacy (HRUA past 10, else sampling) and the
 * Generator's (hypergeometric.c). */
int64_t np_hypergeometric(const np_src *s, int64_t good, int64_t bad, int64_t sample);

/* numpy._random: the draws as tensors (random_module.c). */
cg_value cg_numpy_random_module_init(void);

#endif
