/* samples_cumulative.c: op-table samples (helpers.h) of the scans of
 * engine/cumulative.c: cumprod, cummax, cummin, logcumsumexp, and of
 * nansum (nansum.c). i[0] is the
 * dim; cumprod's zero variant multiplies its input by a mask of zeros
 * (i[1] set), which takes the derivative's first-zero path. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* x with every third element (in memory order) set to zero, recorded */
static cg_tensor *with_zeros(cg_tensor *x) {
    cg_tensor *m = cg_zeros_like(x), *r = NULL;
    if (m) {
        double *p = cg_tensor_data(m);
        for (int64_t i = 0; i < cg_tensor_numel(m); i++)
            p[i] = i % 3 == 1 ? 0.0 : 1.0;
        r = cg_mul(x, m);
    }
    cg_tensor_release(m);
    return r;
}

static cg_tensor *f_cumprod(cg_tensor *const *in, const cg_sample *s) {
    if (!s->i[1])
        return cg_cumprod(in[0], s->i[0]);
    cg_tensor *z = with_zeros(in[0]), *r = z ? cg_cumprod(z, s->i[0]) : NULL;
    cg_tensor_release(z);
    return r;
}
static cg_tensor *f_cumext(cg_tensor *const *in, const cg_sample *s, bool max) {
    cg_tensor *v, *i;
    if ((max ? cg_cummax : cg_cummin)(in[0], s->i[0], &v, &i) < 0)
        return NULL;
    cg_tensor_release(i);
    return v;
}
static cg_tensor *f_cummax(cg_tensor *const *in, const cg_sample *s) { return f_cumext(in, s, true); }
static cg_tensor *f_cummin(cg_tensor *const *in, const cg_sample *s) { return f_cumext(in, s, false); }
static cg_tensor *f_lcse(cg_tensor *const *in, const cg_sample *s) { return cg_logcumsumexp(in[0], s->i[0]); }

/* The shapes every scan is checked on, seeds seed .. seed + 3. */
static bool scan_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), uint64_t seed) {
    switch (v) {
    case 0: return SAMPLE("[A,B] dim 1", 1, {IN(seed, false, S_A, S_B)}, fn, .i = {1});
    case 1: return SAMPLE("[A,B] dim 0 non-contiguous", 1, {IN(seed + 1, true, S_A, S_B)}, fn, .i = {0});
    case 2: return SAMPLE("[A,B,C] dim -2", 1, {IN(seed + 2, false, S_A, S_B, S_C)}, fn, .i = {-2});
    case 3: return SAMPLE("0-d", 1, {IN(seed + 3, false)}, fn, .i = {0});
    default: return false;
    }
}

bool sample_cumprod(int v, cg_sample *s) {
    if (v == 4)
        return SAMPLE("[A,B+3] dim 1 with zeros", 1, {IN(2804, false, S_A, S_B + 3)}, f_cumprod, .i = {1, 1});
    if (v == 5)
        return SAMPLE("[A+3,B] dim 0 with zeros", 1, {IN(2805, false, S_A + 3, S_B)}, f_cumprod, .i = {0, 1});
    return scan_sample(v, s, f_cumprod, 2800);
}
bool sample_cummax(int v, cg_sample *s) { return scan_sample(v, s, f_cummax, 2810); }
bool sample_cummin(int v, cg_sample *s) { return scan_sample(v, s, f_cummin, 2814); }
bool sample_logcumsumexp(int v, cg_sample *s) { return scan_sample(v, s, f_lcse, 2818); }

/* nansum over dims: i[0] the number of dims (0: all), i[1] keepdim, i[2..] dims */
static cg_tensor *f_nansum(cg_tensor *const *in, const cg_sample *s) {
    return cg_nansum(in[0], (int)s->i[0], &s->i[2], s->i[1]);
}
bool sample_nansum(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] all dims", 1, {IN(2822, false, S_A, S_B)}, f_nansum, .i = {0, 0});
    case 1: return SAMPLE("[A,B,C] dim 1", 1, {IN(2823, false, S_A, S_B, S_C)}, f_nansum, .i = {1, 0, 1});
    case 2:
        return SAMPLE("[A,B,C] dims (0,2) keepdim non-contiguous", 1, {IN(2824, true, S_A, S_B, S_C)}, f_nansum,
                      .i = {2, 1, 0, -1});
    case 3: return SAMPLE("0-d", 1, {IN(2825, false)}, f_nansum, .i = {0, 0});
    default: return false;
    }
}
