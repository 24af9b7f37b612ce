/* samples_linalg_norms.c: op-table samples (helpers.h) of torch.linalg's
 * norms and of the ops built on them. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* vector_norm(in[0], d[0], dims i[2..] (i[0] of them), keepdim i[1]) */
static cg_tensor *f_linalg_vector_norm(cg_tensor *const *in, const cg_sample *s) {
    return cg_linalg_vector_norm(in[0], s->d[0], (int)s->i[0], &s->i[2], s->i[1]);
}
bool sample_linalg_vector_norm(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("ord 2 [A,B] all dims", 1, {IN(3300, false, S_A, S_B)}, f_linalg_vector_norm, .d = {2});
    case 1:
        return SAMPLE("ord 3 [A,B,C] dims (0,2) keepdim non-contiguous", 1, {IN(3301, true, S_A, S_B, S_C)},
                      f_linalg_vector_norm, .i = {2, 1, 0, 2}, .d = {3});
    case 2:
        return SAMPLE("ord 1 [A,B] dim -1", 1, {IN(3302, false, S_A, S_B)}, f_linalg_vector_norm, .i = {1, 0, -1},
                      .d = {1});
    case 3:
        return SAMPLE("ord inf [A,B] dim 0", 1, {IN(3303, false, S_A, S_B)}, f_linalg_vector_norm, .i = {1, 0, 0},
                      .d = {INFINITY});
    case 4:
        return SAMPLE("ord 0.5 [A,B] all dims", 1, {IN(3304, false, S_A, S_B)}, f_linalg_vector_norm, .d = {0.5});
    default: return false;
    }
}
