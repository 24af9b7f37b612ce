/* norm_order.c: vector norms in PyTorch 1.13's order. See Note [Norms in
 * PyTorch's order] in norm_order.h; the plan is sum_order.c's. */
#include "norm_order.h"

#include "iter.h"
#include "sum_order.h"

#include <math.h>
#include <omp.h>

enum { NORM_ZERO, NORM_ONE, NORM_TWO, NORM_MAX, NORM_MIN, NORM_POW };

typedef struct {
    int kind;
    double p;                 /* p as the kernel holds it: rounded to float */
    const cg_torch_plan *pl;  /* reduced dims first */
    int nred;                 /* how many of pl's dims are reduced */
    int64_t esize;
} norm_ctx;

/* The fold of one run of n elements s bytes apart, per kind (ATen's
 * NormZeroOps, NormOneOps, NormTwoOps, AbsMaxOps, AbsMinOps, NormOps). Its
 * fused multiply-add is one instruction in the copy built for FMA. */
#define RUN(T, expr)                                   \
    for (int64_t i = 0; i < n; i++) {                 \
        const T v = *(const T *)(x + i * s);          \
        acc = (expr);                                 \
    }                                                 \
    break
#define FOLD_RUN(T, SFX, FMA, POW)                                                                          \
    static inline __attribute__((always_inline)) T fold_run_body_##SFX(int kind, T p, T acc, const char *x, \
                                                                        int64_t n, int64_t s) {             \
        switch (kind) {                                                                                     \
        case NORM_ZERO: RUN(T, acc + (v == 0 ? (T)0 : (T)1));                                                  \
        case NORM_ONE: RUN(T, acc + (T)fabs(v));                                                               \
        case NORM_TWO: RUN(T, FMA(v, v, acc));                                                                 \
        case NORM_MAX: RUN(T, acc != acc || acc > (T)fabs(v) ? acc : (T)fabs(v));                              \
        case NORM_MIN: RUN(T, acc != acc || acc < (T)fabs(v) ? acc : (T)fabs(v));                              \
        default: RUN(T, acc + POW((T)fabs(v), p));                                                             \
        }                                                                                                   \
        return acc;                                                                                         \
    }                                                                                                       \
    __attribute__((target("fma"))) static T fold_run_fma_##SFX(int kind, T p, T acc, const char *x,       \
                                                                 int64_t n, int64_t s) {                    \
        return fold_run_body_##SFX(kind, p, acc, x, n, s);                                                  \
    }                                                                                                       \
    static T fold_run_libm_##SFX(int kind, T p, T acc, const char *x, int64_t n, int64_t s) {               \
        return fold_run_body_##SFX(kind, p, acc, x, n, s);                                                  \
    }
FOLD_RUN(float, f32, fmaf, powf)
FOLD_RUN(double, f64, fma, pow)
#undef RUN

/* The same bits either way: fma is exact in hardware and in libm. */
static bool has_fma(void) {
    static int has = -1;
    if (has < 0)
        has = __builtin_cpu_supports("fma") ? 1 : 0;
    return has;
}

/* Partials of one output: combined in order */
static double combine(int kind, double a, double b) {
    if (kind == NORM_MAX)
        return a != a || a > b ? a : b;
    if (kind == NORM_MIN)
        return a != a || a < b ? a : b;
    return a + b;
}

/* float32 p = 2 over one unit-stride run: ATen's vector loop as built for
 * AVX2 (see the Note) */
static inline __attribute__((always_inline)) float lastdim_body(const float *x, int64_t n) {
    float lane[8] = {0};
    int64_t d = 0, whole = n - n % 8;
    for (; d < whole; d += 8)
        for (int j = 0; j < 8; j++)
            lane[j] = fmaf(x[d + j], x[d + j], lane[j]);
    float acc = lane[0];
    for (int j = 1; j < 8; j++)
        acc = acc + lane[j];
    for (int64_t fours = d + (n - d) / 4 * 4; d < fours; d++)
        acc = acc + x[d] * x[d];
    for (; d < n; d++)
        acc = fmaf(x[d], x[d], acc);
    return sqrtf(acc);
}
__attribute__((target("fma"))) static float lastdim_fma(const float *x, int64_t n) { return lastdim_body(x, n); }
static float lastdim_libm(const float *x, int64_t n) { return lastdim_body(x, n); }

/* Folds reduced elements [begin, end) of the output at x, in the plan's
 * flat order (innermost reduced dim fastest), onto acc. */
static double fold_range(const norm_ctx *c, double acc, const char *x, int64_t begin, int64_t end) {
    const cg_torch_plan *pl = c->pl;
    if (c->nred == 0) { /* reduced dims all of size 1: the one element */
        static const cg_torch_plan one = {.ndim = 1, .shape = {1}};
        norm_ctx c1 = *c;
        c1.pl = &one, c1.nred = 1;
        return begin < end ? fold_range(&c1, acc, x, 0, 1) : acc;
    }
    int64_t v[CG_MAX_DIMS], rest = begin;
    for (int i = 0; i < c->nred; i++)
        v[i] = rest % pl->shape[i], rest /= pl->shape[i];
    bool fast = has_fma();
    for (int64_t off = begin; off < end;) {
        const char *px = x;
        for (int i = 0; i < c->nred; i++)
            px += v[i] * pl->sx[i];
        int64_t len = pl->shape[0] - v[0] < end - off ? pl->shape[0] - v[0] : end - off;
        if (c->esize == 4)
            acc = (fast ? fold_run_fma_f32 : fold_run_libm_f32)(c->kind, (float)c->p, (float)acc, px, len, pl->sx[0]);
        else
            acc = (fast ? fold_run_fma_f64 : fold_run_libm_f64)(c->kind, c->p, acc, px, len, pl->sx[0]);
        off += len;
        v[0] += len;
        for (int i = 0; i < c->nred - 1 && v[i] == pl->shape[i]; i++)
            v[i] = 0, v[i + 1]++;
    }
    return acc;
}

static double init_of(int kind) { return kind == NORM_MIN ? INFINITY : 0.0; }

static double project(const norm_ctx *c, double acc) {
    if (c->esize == 4) {
        float a = (float)acc, p = (float)c->p;
        return c->kind == NORM_TWO ? sqrtf(a) : c->kind == NORM_POW ? powf(a, 1.0f / p) : a;
    }
    return c->kind == NORM_TWO ? sqrt(acc) : c->kind == NORM_POW ? pow(acc, 1.0 / c->p) : acc;
}

static void store(const norm_ctx *c, char *out, double v) {
    if (c->esize == 4)
        *(float *)out = (float)v;
    else
        *(double *)out = v;
}

/* One output over many elements: parallel_for's ranges, one per thread,
 * folded from the start value and combined in order. */
static double fold_split(const norm_ctx *c, const char *x, int64_t nred) {
    int64_t parts = cg_parallel_parts(nred);
    int64_t chunk = (nred + parts - 1) / parts;
    double part[64];
    if (parts > 64)
        parts = 64, chunk = (nred + parts - 1) / parts;
#pragma omp parallel for schedule(static, 1) num_threads((int)parts)
    for (int64_t t = 0; t < parts; t++)
        part[t] = fold_range(c, init_of(c->kind), x, t * chunk, t * chunk + chunk < nred ? t * chunk + chunk : nred);
    double acc = init_of(c->kind);
    for (int64_t t = 0; t < parts; t++)
        acc = c->esize == 4 ? (float)combine(c->kind, acc, part[t]) : combine(c->kind, acc, part[t]);
    return acc;
}

/* The output at flat index o of the kept dims, and where its elements start */
static void output_at(const norm_ctx *c, int64_t o, const char *x, char *out, const char **px, char **po) {
    const cg_torch_plan *pl = c->pl;
    *px = x, *po = out;
    for (int i = c->nred; i < pl->ndim; i++) {
        int64_t k = o % pl->shape[i];
        o /= pl->shape[i];
        *px += k * pl->sx[i], *po += k * pl->so[i];
    }
}

static int kind_of(double p) {
    return p == 0 ? NORM_ZERO
           : p == 1 ? NORM_ONE
           : p == 2 ? NORM_TWO
           : p == INFINITY ? NORM_MAX
           : p == -INFINITY ? NORM_MIN
                            : NORM_POW;
}

void cg_norm_torch_order(const cg_tensor *x, cg_tensor *out, double p) {
    cg_torch_plan pl;
    cg_torch_plan_init(&pl, x, out);
    norm_ctx c = {.kind = kind_of((float)p), .p = (float)p, .pl = &pl, .esize = (int64_t)cg_tensor_itemsize(x)};
    int64_t nred = 1, nout = cg_tensor_numel(out), numel = cg_tensor_numel(x);
    while (c.nred < pl.ndim && pl.so[c.nred] == 0)
        nred *= pl.shape[c.nred++];
    if (numel == 0) {
        for (int64_t o = 0; o < nout; o++)
            store(&c, (char *)cg_tensor_data(out) + o * c.esize, p < 0 ? INFINITY : 0.0);
        return;
    }
    const char *xd = cg_tensor_data(x);
    char *od = cg_tensor_data(out);
    int nthreads = omp_get_max_threads();
    bool serial = numel < CG_PARALLEL_GRAIN || nthreads == 1 || omp_in_parallel();
    if (c.esize == 4 && c.kind == NORM_TWO && c.nred == 1 && pl.sx[0] == 4) {
        float (*row)(const float *, int64_t) = has_fma() ? lastdim_fma : lastdim_libm;
#pragma omp parallel for if (!serial && nout > 1)
        for (int64_t o = 0; o < nout; o++) {
            const char *px;
            char *po;
            output_at(&c, o, xd, od, &px, &po);
            *(float *)po = row((const float *)px, nred);
        }
        return;
    }
    if (nout == 1 && !serial) {
        store(&c, od, project(&c, fold_split(&c, xd, nred)));
        return;
    }
#pragma omp parallel for if (!serial)
    for (int64_t o = 0; o < nout; o++) {
        const char *px;
        char *po;
        output_at(&c, o, xd, od, &px, &po);
        store(&c, po, project(&c, fold_range(&c, init_of(c.kind), px, 0, nred)));
    }
}
