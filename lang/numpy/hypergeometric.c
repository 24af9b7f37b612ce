/* hypergeometric.c: numpy.random's hypergeometric draws, RandomState's
 * and the Generator's (numpy 1.24 changed the algorithm for the
 * Generator and kept the old one for RandomState), and log(k!) as the
 * Generator's takes it. Not the other distributions (distributions.c).
 *
 * Note [numpy's hypergeometric]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * - RandomState: a sample past 10 by HRUA (Stadlober's ratio of uniforms)
 *   on numpy's log-gamma series, else the sample drawn one at a time with
 *   doubles.
 * - Generator: HRUA on log(k!) when 10 <= sample <= good + bad - 10, else
 *   the sample (or its complement, past half the population) drawn one at
 *   a time as bounded integers by masked rejection.
 * - log(k!) is a table below 126 (log(k!) rounded to the nearest double:
 *   here from lgammal in long double) and past it Stirling's series to the
 *   1/k^3 term. */
#include "numpy/distributions.h"

#include <math.h>
#include <pthread.h>

static double u01(const np_src *s) { return np_next_double(s->bg); }

#define LOGFACT_N 126
static double logfact[LOGFACT_N];
static pthread_once_t logfact_once = PTHREAD_ONCE_INIT;

static void logfact_build(void) {
    for (int k = 0; k < LOGFACT_N; k++)
        logfact[k] = (double)lgammal((long double)k + 1.0L);
}

double np_logfactorial(int64_t k) {
    pthread_once(&logfact_once, logfact_build);
    if (k < LOGFACT_N)
        return logfact[k];
    double kd = (double)k;
    return (kd + 0.5) * log(kd) - kd + (0.9189385332046728 + (1.0 / kd) * (1 / 12.0 - 1 / (360.0 * kd * kd)));
}

/* RandomState for a sample of 10 or less: the sample drawn one by one. */
static int64_t legacy_sample(const np_src *s, int64_t good, int64_t bad, int64_t sample) {
    int64_t d1 = bad + good - sample, k = sample;
    double d2 = (double)(bad < good ? bad : good), y = d2;
    while (y > 0.0) {
        double u = u01(s);
        y -= (double)(int64_t)floor(u + y / (double)(d1 + k));
        k--;
        if (k == 0)
            break;
    }
    int64_t z = (int64_t)(d2 - y);
    return good > bad ? sample - z : z;
}

/* The Generator's small case: the sample, or its complement past half
 * the population, drawn one item at a time. */
static int64_t gen_sample(const np_src *s, int64_t good, int64_t bad, int64_t sample) {
    int64_t total = good + bad, computed = sample > total / 2 ? total - sample : sample;
    int64_t remaining_total = total, remaining_good = good;
    while (computed > 0 && remaining_good > 0 && remaining_total > remaining_good) {
        --remaining_total;
        if ((int64_t)np_bounded_masked(s->bg, (uint64_t)remaining_total, np_mask_of((uint64_t)remaining_total)) < remaining_good)
            --remaining_good;
        --computed;
    }
    if (remaining_total == remaining_good)
        remaining_good -= computed;
    return sample > total / 2 ? remaining_good : good - remaining_good;
}

/* log(k!), RandomState's way (numpy's log-gamma series) or the Generator's. */
static double log_fact(const np_src *s, int64_t k) {
    return s->legacy ? np_loggam((double)(k + 1)) : np_logfactorial(k);
}

static double lf4(const np_src *s, int64_t k, int64_t mingb, int64_t n, int64_t maxgb) {
    return log_fact(s, k) + log_fact(s, mingb - k) + log_fact(s, n - k) + log_fact(s, maxgb - n + k);
}

/* Stadlober's HRUA ratio of uniforms with Frohne's corrections, as both of
 * numpy's keep it; they differ in log(k!) and in the variance (RandomState
 * takes the sample where the Generator takes the smaller of it and its
 * complement, and 1 - p where the Generator takes max/popsize). */
static int64_t hrua(const np_src *s, int64_t good, int64_t bad, int64_t sample) {
    const double D1 = 1.7155277699214135, D2 = 0.8989161620588988; /* 2 sqrt(2/e), 3 - 2 sqrt(3/e) */
    int64_t popsize = good + bad, n = sample < popsize - sample ? sample : popsize - sample;
    int64_t mingb = good < bad ? good : bad, maxgb = good < bad ? bad : good;
    double p = (double)mingb / (double)popsize, q = s->legacy ? 1.0 - p : (double)maxgb / (double)popsize;
    double a = (double)n * p + 0.5;
    double var = (double)(popsize - n) * (double)(s->legacy ? sample : n) * p * q / (double)(popsize - 1);
    double c = sqrt(var + 0.5), h = D1 * c + D2;
    int64_t m = (int64_t)floor((double)(n + 1) * (double)(mingb + 1) / (double)(popsize + 2));
    double g = lf4(s, m, mingb, n, maxgb);
    double lim = (double)(n < mingb ? n : mingb) + 1, b = floor(a + 16 * c);
    b = lim < b ? lim : b;
    int64_t k;
    for (;;) {
        double u = u01(s), v = u01(s), x = a + h * (v - 0.5) / u;
        if (x < 0.0 || x >= b)
            continue;
        k = (int64_t)floor(x);
        double t = g - lf4(s, k, mingb, n, maxgb);
        if (u * (4.0 - u) - 3.0 <= t)
            break;
        if (u * (u - t) >= 1)
            continue;
        if (2.0 * log(u) <= t)
            break;
    }
    if (good > bad)
        k = n - k;
    if (n < sample)
        k = good - k;
    return k;
}

int64_t np_hypergeometric(const np_src *s, int64_t good, int64_t bad, int64_t sample) {
    if (s->legacy)
        return sample > 10 ? hrua(s, good, bad, sample) : sample > 0 ? legacy_sample(s, good, bad, sample) : 0;
    if (sample >= 10 && sample <= good + bad - 10)
        return hrua(s, good, bad, sample);
    return gen_sample(s, good, bad, sample);
}
