/* samples_index_search.c: op-table samples (helpers.h) of the rows of
 * engine/index_search.c: masked_select, masked_scatter, take, put,
 * block_diag, var_mean, std_mean. Seeds 2900-2999. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define MASK(seed, ...) s_mask(S_SIZES(__VA_ARGS__), seed)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

static cg_tensor *ix(int ndim, const int64_t *sizes, const int64_t *v) {
    return cg_tensor_from_buffer(ndim, sizes, CG_INT64, v);
}
#define IX(sizes, ...) ix((int)(sizeof((int64_t[])sizes) / sizeof(int64_t)), (int64_t[])sizes, (int64_t[]){__VA_ARGS__})
#define SZ(...) \
    { __VA_ARGS__ }

static cg_tensor *f_masked_select(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_masked_select(in[0], in[1]);
}
bool sample_masked_select(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] mask [A,B]", 2, {IN(2900, false, S_A, S_B), MASK(2901, S_A, S_B)}, f_masked_select);
    case 1:
        return SAMPLE("[A,B] non-contiguous, mask [B] broadcast", 2, {IN(2902, true, S_A, S_B), MASK(2903, S_B)},
                      f_masked_select);
    case 2: return SAMPLE("[B] grows to mask [A,B]", 2, {IN(2926, false, S_B), MASK(2927, S_A, S_B)}, f_masked_select);
    default: return false;
    }
}

/* i[0]: in place on x * 1 */
static cg_tensor *f_masked_scatter(cg_tensor *const *in, const cg_sample *s) {
    if (!s->i[0])
        return cg_masked_scatter(in[0], in[1], in[2]);
    cg_tensor *y = cg_mul_scalar(in[0], 1.0);
    if (y && cg_masked_scatter_(y, in[1], in[2]) < 0) {
        cg_tensor_release(y);
        return NULL;
    }
    return y;
}
bool sample_masked_scatter(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B] mask [A,B] source [A,B]", 3,
                      {IN(2904, false, S_A, S_B), MASK(2905, S_A, S_B), IN(2906, false, S_A, S_B)}, f_masked_scatter);
    case 1:
        return SAMPLE("[A,B] non-contiguous mask [B], source [A*B+1] in place", 3,
                      {IN(2907, true, S_A, S_B), MASK(2908, S_B), IN(2909, false, S_A * S_B + 1)}, f_masked_scatter,
                      .i = {1});
    default: return false;
    }
}

static cg_tensor *f_take(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    return cg_take(in[0], in[1]);
}
bool sample_take(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A+1,B] index [2,2] with repeats, negatives", 2,
                      {IN(2910, false, S_A + 1, S_B), IX(SZ(2, 2), 0, 1, -1, 1)}, f_take);
    case 1: return SAMPLE("[A+1,B] non-contiguous", 2, {IN(2911, true, S_A + 1, S_B), IX(SZ(3), -2, 0, 1)}, f_take);
    case 2: return SAMPLE("0-d", 2, {IN(2928, false), IX(SZ(2), 0, -1)}, f_take);
    default: return false;
    }
}

/* i[0] accumulate, i[1] in place on x * 1 */
static cg_tensor *f_put(cg_tensor *const *in, const cg_sample *s) {
    if (!s->i[1])
        return cg_put(in[0], in[2], in[1], s->i[0]);
    cg_tensor *y = cg_mul_scalar(in[0], 1.0);
    if (y && cg_put_(y, in[2], in[1], s->i[0]) < 0) {
        cg_tensor_release(y);
        return NULL;
    }
    return y;
}
bool sample_put(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A+1,B] index [2] source [2]", 3,
                      {IN(2912, false, S_A + 1, S_B), IN(2913, false, 2), IX(SZ(2), 0, -1)}, f_put);
    case 1:
        return SAMPLE("[A+1,B] non-contiguous accumulate repeats, in place", 3,
                      {IN(2914, true, S_A + 1, S_B), IN(2915, false, 3, 1), IX(SZ(3), 0, 0, 1)}, f_put, .i = {1, 1});
    default: return false;
    }
}

static cg_tensor *f_block_diag(cg_tensor *const *in, const cg_sample *s) { return cg_block_diag((int)s->i[0], in); }
bool sample_block_diag(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B], [C], 0-d", 3, {IN(2916, false, S_A, S_B), IN(2917, false, S_C), IN(2918, false)},
                      f_block_diag, .i = {3});
    case 1: return SAMPLE("[A,B] non-contiguous", 1, {IN(2919, true, S_A, S_B)}, f_block_diag, .i = {1});
    default: return false;
    }
}

/* var (std) or mean (i[4] picks): i[0] std, i[1] correction, i[2] keepdim, i[3] the number of dims, d[0] dim */
static cg_tensor *f_var_mean(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *a, *b;
    int64_t dim = (int64_t)s->d[0];
    if (cg_var_mean(in[0], (int)s->i[3], &dim, s->i[1], s->i[2], s->i[0], &a, &b) < 0)
        return NULL;
    if (s->i[4]) {
        cg_tensor_release(a);
        return b;
    }
    cg_tensor_release(b);
    return a;
}
static bool var_mean_sample(int v, cg_sample *s, int is_std, uint64_t seed) {
    switch (v) {
    case 0:
        return SAMPLE("[A+1,B] dim 0", 1, {IN(seed, false, S_A + 1, S_B)}, f_var_mean, .i = {is_std, 1, 0, 1},
                      .d = {0});
    case 1:
        return SAMPLE("[A,B+1] all dims, correction 0", 1, {IN(seed + 1, false, S_A, S_B + 1)}, f_var_mean,
                      .i = {is_std, 0, 0, 0, 1});
    case 2:
        return SAMPLE("[A,B+1] non-contiguous dim -1 keepdim", 1, {IN(seed + 2, true, S_A, S_B + 1)}, f_var_mean,
                      .i = {is_std, 1, 1, 1}, .d = {-1});
    default: return false;
    }
}
bool sample_var_mean(int v, cg_sample *s) { return var_mean_sample(v, s, 0, 2920); }
bool sample_std_mean(int v, cg_sample *s) { return var_mean_sample(v, s, 1, 2923); }
