/* samples_reduce.c: op-table samples (helpers.h) of the reduction rows
 * (sum's are in samples_core.c). Each variant names what it exercises, in
 * drawn sizes A .. F (Note [Drawn shapes] in helpers.h); where a result is
 * finite only for enough elements (var's correction), sizes say so (B+1).
 *
 * Layout of the constants: i[0] the number of dims (0: all), i[1] keepdim,
 * i[2..4] the dims, i[5] an op's integer option (var's correction); d[0] an
 * op's real option (norm's p). */
#include <math.h>

#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* The dim-list forms every reduction is checked on. */
static bool dims_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), uint64_t seed) {
    switch (v) {
    case 0: return SAMPLE("[A,B] all dims", 1, {IN(seed, false, S_A, S_B)}, fn, .i = {0, 0});
    case 1: return SAMPLE("[A,B,C] dim 1", 1, {IN(seed + 1, false, S_A, S_B, S_C)}, fn, .i = {1, 0, 1});
    case 2:
        return SAMPLE("[A,B,C] dims (0,2) keepdim non-contiguous", 1, {IN(seed + 2, true, S_A, S_B, S_C)}, fn,
                      .i = {2, 1, 0, -1});
    case 3: return SAMPLE("[A,B] dim 0 (outer dim)", 1, {IN(seed + 3, false, S_A, S_B)}, fn, .i = {1, 0, 0});
    case 4: return SAMPLE("0-d", 1, {IN(seed + 4, false)}, fn, .i = {0, 0});
    default: return false;
    }
}

#define DIMS_FN(name, call)                                                \
    static cg_tensor *f_##name(cg_tensor *const *in, const cg_sample *s) { \
        return call(in[0], (int)s->i[0], &s->i[2], s->i[1]);               \
    }
DIMS_FN(mean, cg_mean)
DIMS_FN(prod, cg_prod)
DIMS_FN(logsumexp, cg_logsumexp)
DIMS_FN(any, cg_any)
DIMS_FN(all, cg_all)

bool sample_mean(int v, cg_sample *s) { return dims_sample(v, s, f_mean, 201); }
bool sample_logsumexp(int v, cg_sample *s) { return dims_sample(v, s, f_logsumexp, 211); }
bool sample_any(int v, cg_sample *s) { return dims_sample(v, s, f_any, 221); }
bool sample_all(int v, cg_sample *s) { return dims_sample(v, s, f_all, 231); }

/* prod: also inputs with one and with two zeros in a reduced slice, where
 * the gradient is not result / x; `at` are flat indices */
static cg_tensor *with_zeros(cg_tensor *t, int n, const int64_t *at) {
    for (int k = 0; k < n; k++)
        t_set(t, at[k], 0.0);
    return t;
}
bool sample_prod(int v, cg_sample *s) {
    if (v < 5)
        return dims_sample(v, s, f_prod, 241);
    switch (v) {
    case 5: { /* row 0: a zero in column 1; row 1: zeros in columns 0 and 2 */
        int64_t w = S_B + 2;
        return SAMPLE("[A+1,B+2] dim 1 with one zero in a row, two in another", 1,
                      {with_zeros(IN(247, false, S_A + 1, w), 3, (int64_t[]){1, w, w + 2})}, f_prod, .i = {1, 0, 1});
    }
    case 6:
        return SAMPLE("[A,B] all dims with one zero", 1, {with_zeros(IN(248, false, S_A, S_B), 1, (int64_t[]){0})},
                      f_prod, .i = {0, 0});
    case 7:
        return SAMPLE("[A,B+1] all dims with two zeros", 1,
                      {with_zeros(IN(249, false, S_A, S_B + 1), 2, (int64_t[]){0, S_A * (S_B + 1) - 1})}, f_prod,
                      .i = {0, 0});
    default: return false;
    }
}

/* max/min: i[0] 0 all dims, 1 over dim i[2] */
static cg_tensor *minmax_values(int (*fn)(cg_tensor *, int64_t, bool, cg_tensor **, cg_tensor **),
                                cg_tensor *(*all)(cg_tensor *), cg_tensor *x, const cg_sample *s) {
    if (!s->i[0])
        return all(x);
    cg_tensor *v = NULL;
    return fn(x, s->i[2], s->i[1], &v, NULL) < 0 ? NULL : v;
}
static cg_tensor *f_max(cg_tensor *const *in, const cg_sample *s) {
    return minmax_values(cg_max_dim, cg_max, in[0], s);
}
static cg_tensor *f_min(cg_tensor *const *in, const cg_sample *s) {
    return minmax_values(cg_min_dim, cg_min, in[0], s);
}
static bool minmax_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), uint64_t seed) {
    switch (v) {
    case 0: return SAMPLE("[A,B] all dims", 1, {IN(seed, false, S_A, S_B)}, fn, .i = {0});
    case 1: return SAMPLE("[A,B] dim 1", 1, {IN(seed + 1, false, S_A, S_B)}, fn, .i = {1, 0, 1});
    case 2: return SAMPLE("[A,B] dim 0 keepdim non-contiguous", 1, {IN(seed + 2, true, S_A, S_B)}, fn, .i = {1, 1, 0});
    case 3: return SAMPLE("[A,B,C] dim -1", 1, {IN(seed + 3, false, S_A, S_B, S_C)}, fn, .i = {1, 0, -1});
    case 4: return SAMPLE("0-d over dim 0", 1, {IN(seed + 4, false)}, fn, .i = {1, 0, 0});
    default: return false;
    }
}
bool sample_max(int v, cg_sample *s) { return minmax_sample(v, s, f_max, 251); }
bool sample_min(int v, cg_sample *s) { return minmax_sample(v, s, f_min, 261); }

static cg_tensor *f_argmax(cg_tensor *const *in, const cg_sample *s) {
    return cg_argmax(in[0], s->i[0] ? &s->i[2] : NULL, s->i[1]);
}
static cg_tensor *f_argmin(cg_tensor *const *in, const cg_sample *s) {
    return cg_argmin(in[0], s->i[0] ? &s->i[2] : NULL, s->i[1]);
}
bool sample_argmax(int v, cg_sample *s) { return minmax_sample(v, s, f_argmax, 271); }
bool sample_argmin(int v, cg_sample *s) { return minmax_sample(v, s, f_argmin, 281); }

/* var/std: the dim forms with correction 1, then corrections 0 and 2; each
 * reduces over more elements than its correction (std's gradient is not
 * finite at a variance of 0, so correction 0 reduces over two or more too) */
static cg_tensor *f_var(cg_tensor *const *in, const cg_sample *s) {
    return cg_var(in[0], (int)s->i[0], &s->i[2], s->i[5], s->i[1]);
}
static cg_tensor *f_std(cg_tensor *const *in, const cg_sample *s) {
    return cg_std(in[0], (int)s->i[0], &s->i[2], s->i[5], s->i[1]);
}
static bool var_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), uint64_t seed) {
    switch (v) {
    case 0: return SAMPLE("[A,B+1] all dims", 1, {IN(seed, false, S_A, S_B + 1)}, fn, .i = {0, 0, 0, 0, 0, 1});
    case 1: return SAMPLE("[A,B+1,C] dim 1", 1, {IN(seed + 1, false, S_A, S_B + 1, S_C)}, fn, .i = {1, 0, 1, 0, 0, 1});
    case 2:
        return SAMPLE("[A+1,B,C] dims (0,2) keepdim non-contiguous", 1, {IN(seed + 2, true, S_A + 1, S_B, S_C)}, fn,
                      .i = {2, 1, 0, -1, 0, 1});
    case 3:
        return SAMPLE("[A+1,B] dim 0 correction 0", 1, {IN(seed + 3, false, S_A + 1, S_B)}, fn,
                      .i = {1, 0, 0, 0, 0, 0});
    case 4:
        return SAMPLE("[A+1,B+1] all dims correction 2", 1, {IN(seed + 4, false, S_A + 1, S_B + 1)}, fn,
                      .i = {0, 0, 0, 0, 0, 2});
    default: return false;
    }
}
bool sample_var(int v, cg_sample *s) { return var_sample(v, s, f_var, 291); }
bool sample_std(int v, cg_sample *s) { return var_sample(v, s, f_std, 301); }

/* norm: p = 2, 1, inf, -inf over all dims and over a dim */
static cg_tensor *f_norm(cg_tensor *const *in, const cg_sample *s) {
    return cg_norm(in[0], s->d[0], (int)s->i[0], &s->i[2], s->i[1]);
}
bool sample_norm(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("p=2 [A,B] all dims", 1, {IN(311, false, S_A, S_B)}, f_norm, .i = {0}, .d = {2});
    case 1:
        return SAMPLE("p=2 [A,B] dim 1 non-contiguous", 1, {IN(312, true, S_A, S_B)}, f_norm, .i = {1, 0, 1}, .d = {2});
    case 2: return SAMPLE("p=1 [A,B] dim 0 keepdim", 1, {IN(313, false, S_A, S_B)}, f_norm, .i = {1, 1, 0}, .d = {1});
    case 3: return SAMPLE("p=inf [A,B] all dims", 1, {IN(314, false, S_A, S_B)}, f_norm, .i = {0}, .d = {INFINITY});
    case 4:
        return SAMPLE("p=inf [A,B,C] dim 1", 1, {IN(315, false, S_A, S_B, S_C)}, f_norm, .i = {1, 0, 1},
                      .d = {INFINITY});
    case 5:
        return SAMPLE("p=-inf [A,B] dim 0", 1, {IN(316, false, S_A, S_B)}, f_norm, .i = {1, 0, 0}, .d = {-INFINITY});
    default: return false;
    }
}

static cg_tensor *f_cumsum(cg_tensor *const *in, const cg_sample *s) { return cg_cumsum(in[0], s->i[0]); }
bool sample_cumsum(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] dim 1", 1, {IN(321, false, S_A, S_B)}, f_cumsum, .i = {1});
    case 1: return SAMPLE("[A,B] dim 0 non-contiguous", 1, {IN(322, true, S_A, S_B)}, f_cumsum, .i = {0});
    case 2: return SAMPLE("[A,B,C] dim -2", 1, {IN(323, false, S_A, S_B, S_C)}, f_cumsum, .i = {-2});
    case 3: return SAMPLE("0-d", 1, {IN(324, false)}, f_cumsum, .i = {0});
    default: return false;
    }
}
