/* samples_sort.c: op-table samples (helpers.h) of engine/sort.c's sort and
 * topk. i[0] the dim, i[1] descending (largest), i[2] stable, i[3] topk's
 * k. Random inputs have no ties, so every order agrees and the gradient
 * is the scatter of the incoming one. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

static cg_tensor *f_sort(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *v, *i;
    if (cg_sort(in[0], s->i[0], s->i[1], s->i[2], &v, &i) < 0)
        return NULL;
    cg_tensor_release(i);
    return v;
}
static cg_tensor *f_topk(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *v, *i;
    if (cg_topk(in[0], s->i[3], s->i[0], s->i[1], true, &v, &i) < 0)
        return NULL;
    cg_tensor_release(i);
    return v;
}

bool sample_sort(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B] dim 1", 1, {IN(2510, false, S_A, S_B)}, f_sort, .i = {1, 0, 0});
    case 1: return SAMPLE("[A,B] dim 0 descending non-contiguous", 1, {IN(2511, true, S_A, S_B)}, f_sort, .i = {0, 1, 0});
    case 2: return SAMPLE("[A,B,C] dim -2 stable", 1, {IN(2512, false, S_A, S_B, S_C)}, f_sort, .i = {-2, 0, 1});
    case 3: return SAMPLE("0-d", 1, {IN(2513, false)}, f_sort, .i = {0, 0, 0});
    default: return false;
    }
}

bool sample_topk(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B+2] dim 1 k 2 largest", 1, {IN(2514, false, S_A, S_B + 2)}, f_topk, .i = {1, 1, 0, 2});
    case 1:
        return SAMPLE("[A+1,B] dim 0 k 1 smallest non-contiguous", 1, {IN(2515, true, S_A + 1, S_B)}, f_topk,
                      .i = {0, 0, 0, 1});
    case 2: return SAMPLE("[A,B,C] dim -1 k 0", 1, {IN(2516, false, S_A, S_B, S_C)}, f_topk, .i = {-1, 1, 0, 0});
    default: return false;
    }
}

/* engine/select.c: i[0] the dim, i[1] keepdim, i[2] kthvalue's k */
static cg_tensor *f_kthvalue(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *v, *i;
    if (cg_kthvalue(in[0], s->i[2], s->i[0], s->i[1], &v, &i) < 0)
        return NULL;
    cg_tensor_release(i);
    return v;
}
static cg_tensor *median_dim(cg_tensor *const *in, const cg_sample *s, bool ignore_nan) {
    cg_tensor *v, *i;
    if (cg_median_dim(in[0], s->i[0], s->i[1], ignore_nan, &v, &i) < 0)
        return NULL;
    cg_tensor_release(i);
    return v;
}
static cg_tensor *f_median_dim(cg_tensor *const *in, const cg_sample *s) { return median_dim(in, s, false); }
static cg_tensor *f_nanmedian_dim(cg_tensor *const *in, const cg_sample *s) { return median_dim(in, s, true); }
static cg_tensor *f_mode(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *v, *i;
    if (cg_mode(in[0], s->i[0], s->i[1], &v, &i) < 0)
        return NULL;
    cg_tensor_release(i);
    return v;
}
static cg_tensor *f_median_all(cg_tensor *const *in, const cg_sample *s) { return cg_median_all(in[0], false); }
static cg_tensor *f_nanmedian_all(cg_tensor *const *in, const cg_sample *s) { return cg_median_all(in[0], true); }

/* the shapes of a selection along a dim, seeds seed .. seed + 2 */
static bool select_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *), uint64_t seed) {
    switch (v) {
    case 0: return SAMPLE("[A,B+2] dim 1", 1, {IN(seed, false, S_A, S_B + 2)}, fn, .i = {1, 0, 2});
    case 1: return SAMPLE("[A+2,B] dim 0 keepdim non-contiguous", 1, {IN(seed + 1, true, S_A + 2, S_B)}, fn, .i = {0, 1, 1});
    case 2: return SAMPLE("0-d", 1, {IN(seed + 2, false)}, fn, .i = {0, 0, 1});
    default: return false;
    }
}
bool sample_kthvalue(int v, cg_sample *s) { return select_sample(v, s, f_kthvalue, 2520); }
bool sample_median_dim(int v, cg_sample *s) { return select_sample(v, s, f_median_dim, 2523); }
bool sample_nanmedian_dim(int v, cg_sample *s) { return select_sample(v, s, f_nanmedian_dim, 2526); }
bool sample_mode(int v, cg_sample *s) { return select_sample(v, s, f_mode, 2529); }
bool sample_median_all(int v, cg_sample *s) {
    return v == 0 ? SAMPLE("[A,B]", 1, {IN(2532, false, S_A, S_B)}, f_median_all) : false;
}
bool sample_nanmedian_all(int v, cg_sample *s) {
    return v == 0 ? SAMPLE("[A,B,C] non-contiguous", 1, {IN(2533, true, S_A, S_B, S_C)}, f_nanmedian_all) : false;
}
