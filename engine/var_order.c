/* var_order.c: var and std of float32/float64 tensors in PyTorch 1.13's
 * order; the plan is sum_order.c's.
 *
 * Note [Variance in PyTorch's order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's CPU var/std take one of two algorithms, both in double:
 * - a reduction to one value (every dim, or the only non-1 dims) is two
 *   passes: mean = the tensor's torch.mean (rounded to its dtype), then
 *   the sum of (x - mean)^2 over the elements in TensorIterator's order,
 *   summed per 2-d slab of the walk and the slabs' sums added in turn; at
 *   2 or more threads and 32768 or more elements over parallel_for's
 *   ranges, one sum per thread, added in thread order (its std_var_all_cpu,
 *   built without FMA);
 * - any other reduction is Welford's, element by element in the plan's
 *   order (reduced dims fastest first) per output: delta = x - mean,
 *   mean += delta / n, m2 += delta * (x - mean), the last one fused, as the
 *   kernel built for AVX2 fuses it (WelfordOps in binary_kernel_reduce).
 * The divisor is max(n - correction, 0); std takes the square root in
 * double; the result is rounded to the dtype last. */
#include "var_order.h"

#include <math.h>
#include <omp.h>

#include "iter.h"
#include "ops.h"
#include "sum_order.h"

typedef struct {
    double mean, m2;
    int64_t n;
} welford;

/* Welford's step over a run of n elements s bytes apart; the multiply-add
 * is one instruction in the copy built for FMA (the same bits as libm's). */
#define WELFORD_RUN(T, SFX)                                                                                           \
    static inline __attribute__((always_inline))                                                                      \
    welford welford_body_##SFX(welford a, const char *x, int64_t n, int64_t s) {                                      \
        for (int64_t i = 0; i < n; i++) {                                                                             \
            double v = *(const T *)(x + i * s);                                                                       \
            a.n++;                                                                                                    \
            double delta = v - a.mean;                                                                                \
            a.mean = a.mean + delta / (double)a.n;                                                                    \
            a.m2 = fma(delta, v - a.mean, a.m2);                                                                      \
        }                                                                                                             \
        return a;                                                                                                     \
    }                                                                                                                 \
    __attribute__((target("fma"))) static welford welford_fma_##SFX(welford a, const char *x, int64_t n, int64_t s) { \
        return welford_body_##SFX(a, x, n, s);                                                                        \
    }                                                                                                                 \
    static welford welford_libm_##SFX(welford a, const char *x, int64_t n, int64_t s) {                               \
        return welford_body_##SFX(a, x, n, s);                                                                        \
    }
WELFORD_RUN(float, f32)
WELFORD_RUN(double, f64)

static bool has_fma(void) {
    static int has = -1;
    if (has < 0)
        has = __builtin_cpu_supports("fma") ? 1 : 0;
    return has;
}

/* the sum of (x - mean)^2 over a run, unfused as in std_var_all_cpu */
#define SQ_RUN(T, SFX)                                                                         \
    static double sq_run_##SFX(double acc, const char *x, int64_t n, int64_t s, double mean) { \
        for (int64_t i = 0; i < n; i++) {                                                      \
            double d = (double)*(const T *)(x + i * s) - mean;                                 \
            acc += d * d;                                                                      \
        }                                                                                      \
        return acc;                                                                            \
    }
SQ_RUN(float, f32)
SQ_RUN(double, f64)

typedef struct {
    const cg_torch_plan *pl;
    int nred; /* leading dims of pl that are reduced */
    bool f32;
    double mean; /* the two-pass mean */
} var_ctx;

/* Welford over the reduced elements of the output whose elements start at x */
static welford welford_output(const var_ctx *c, const char *x) {
    const cg_torch_plan *pl = c->pl;
    welford a = {0, 0, 0};
    if (c->nred == 0) /* reduced dims all of size 1: the one element */
        return (c->f32 ? welford_libm_f32 : welford_libm_f64)(a, x, 1, 0);
    int64_t v[CG_MAX_DIMS] = {0};
    bool fast = has_fma();
    for (;;) {
        const char *px = x;
        for (int i = 1; i < c->nred; i++)
            px += v[i] * pl->sx[i];
        if (c->f32)
            a = (fast ? welford_fma_f32 : welford_libm_f32)(a, px, pl->shape[0], pl->sx[0]);
        else
            a = (fast ? welford_fma_f64 : welford_libm_f64)(a, px, pl->shape[0], pl->sx[0]);
        int i = 1;
        for (; i < c->nred && ++v[i] == pl->shape[i]; i++)
            v[i] = 0;
        if (i >= c->nred)
            return a;
    }
}

/* The squared deviations of elements [begin, end) of the whole walk: per
 * 2-d slab (dims 0 and 1 of the plan) a sum from 0, added to acc, as
 * serial_for_each hands ATen's loop its slabs. */
static double sq_range(const var_ctx *c, const char *x, int64_t begin, int64_t end) {
    const cg_torch_plan *pl = c->pl;
    double acc = 0;
    int64_t v[CG_MAX_DIMS] = {0}, rest = begin;
    for (int i = 0; i < pl->ndim; i++)
        v[i] = rest % pl->shape[i], rest /= pl->shape[i];
    for (int64_t off = begin; off < end;) {
        const char *px = x;
        for (int i = 0; i < pl->ndim; i++)
            px += v[i] * pl->sx[i];
        int64_t step0 = pl->shape[0] - v[0] < end - off ? pl->shape[0] - v[0] : end - off, step1 = 1;
        if (step0 == pl->shape[0] && pl->ndim > 1) {
            step1 = (end - off) / pl->shape[0];
            if (pl->shape[1] - v[1] < step1)
                step1 = pl->shape[1] - v[1];
        }
        double local = 0;
        for (int64_t r = 0; r < step1; r++) {
            const char *row = px + r * (pl->ndim > 1 ? pl->sx[1] : 0);
            local = c->f32 ? sq_run_f32(local, row, step0, pl->sx[0], c->mean)
                           : sq_run_f64(local, row, step0, pl->sx[0], c->mean);
        }
        acc += local;
        off += step0 * step1;
        int i = step1 != 1 ? 1 : 0;
        int64_t carry = step1 != 1 ? step1 : step0;
        for (; i < pl->ndim && carry > 0; i++) {
            v[i] += carry;
            carry = v[i] >= pl->shape[i];
            if (carry)
                v[i] -= pl->shape[i];
        }
    }
    return acc;
}

/* the two-pass sum over every element, split as parallel_reduce splits */
static double sq_all(const var_ctx *c, const char *x, int64_t numel) {
    if (numel < CG_PARALLEL_GRAIN || omp_get_max_threads() == 1 || omp_in_parallel())
        return sq_range(c, x, 0, numel);
    int64_t parts = cg_parallel_parts(numel);
    if (parts > 64)
        parts = 64;
    int64_t chunk = (numel + parts - 1) / parts;
    double part[64];
#pragma omp parallel for schedule(static, 1) num_threads((int)parts)
    for (int64_t t = 0; t < parts; t++)
        part[t] = sq_range(c, x, t * chunk, t * chunk + chunk < numel ? t * chunk + chunk : numel);
    double acc = 0;
    for (int64_t t = 0; t < parts; t++)
        acc += part[t];
    return acc;
}

static void store(bool f32, char *out, double v) {
    if (f32)
        *(float *)out = (float)v;
    else
        *(double *)out = v;
}

static double finish(double m2, double n, int64_t correction, bool take_sqrt) {
    double div = n > (double)correction ? n - (double)correction : 0;
    double var = m2 / div;
    return take_sqrt ? sqrt(var) : var;
}

int cg_var_torch_order(const cg_tensor *x, cg_tensor *out, int64_t correction, bool take_sqrt) {
    cg_torch_plan pl;
    cg_torch_plan_init(&pl, x, out);
    var_ctx c = {.pl = &pl, .f32 = x->dtype == CG_F32};
    int64_t nout = cg_tensor_numel(out), numel = cg_tensor_numel(x);
    while (c.nred < pl.ndim && pl.so[c.nred] == 0)
        c.nred++;
    const char *xd = cg_tensor_data(x);
    char *od = cg_tensor_data(out);
    if (nout == 1) {
        bool was = cg_grad_set_enabled(false);
        cg_tensor *m = cg_mean((cg_tensor *)x, 0, NULL, false);
        cg_grad_set_enabled(was);
        if (!m)
            return -1;
        c.mean = c.f32 ? (double)*(const float *)cg_tensor_data(m) : *(const double *)cg_tensor_data(m);
        cg_tensor_release(m);
        store(c.f32, od, finish(sq_all(&c, xd, numel), (double)numel, correction, take_sqrt));
        return 0;
    }
    bool serial = numel < CG_PARALLEL_GRAIN || omp_get_max_threads() == 1 || omp_in_parallel();
#pragma omp parallel for if (!serial)
    for (int64_t o = 0; o < nout; o++) {
        const char *px = xd;
        char *po = od;
        int64_t k = o;
        for (int i = c.nred; i < pl.ndim; i++) {
            px += k % pl.shape[i] * pl.sx[i], po += k % pl.shape[i] * pl.so[i];
            k /= pl.shape[i];
        }
        welford a = welford_output(&c, px);
        store(c.f32, po, finish(a.m2, (double)a.n, correction, take_sqrt));
    }
    return 0;
}

/* var_mean/std_mean: Welford's for every output, the whole tensor too
 * (PyTorch's var_mean takes no two-pass path), writing the mean as well */
int cg_var_mean_torch_order(const cg_tensor *x, cg_tensor *out, cg_tensor *mean, int64_t correction, bool take_sqrt) {
    cg_torch_plan pl;
    cg_torch_plan_init(&pl, x, out);
    var_ctx c = {.pl = &pl, .f32 = x->dtype == CG_F32};
    int64_t nout = cg_tensor_numel(out);
    while (c.nred < pl.ndim && pl.so[c.nred] == 0)
        c.nred++;
    const char *xd = cg_tensor_data(x);
    char *od = cg_tensor_data(out), *md = cg_tensor_data(mean);
    int64_t item = (int64_t)cg_tensor_itemsize(out);
    for (int64_t o = 0; o < nout; o++) {
        const char *px = xd;
        int64_t k = o, off = 0;
        for (int i = c.nred; i < pl.ndim; i++) {
            px += k % pl.shape[i] * pl.sx[i], off += k % pl.shape[i] * pl.so[i];
            k /= pl.shape[i];
        }
        welford a = welford_output(&c, px);
        store(c.f32, od + off, finish(a.m2, (double)a.n, correction, take_sqrt));
        store(c.f32, md + off / item * item, a.mean);
    }
    return 0;
}
