/* samples_upsample.c: op-table samples (helpers.h) of the resampling ops of
 * F.interpolate and their backward ops: each mode over 1, 2 or 3 dims,
 * upsampling by sizes and downsampling by a scale factor that is not an
 * integer, align_corners both ways where the mode has it. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* the spec of s: mode i0, nspatial i1, align_corners i2, output sizes
 * i3..i5, scale factors d0..d2 */
static cg_upsample_spec spec_of(const cg_sample *s) {
    cg_upsample_spec u = {(cg_upsample_mode)s->i[0], (int)s->i[1], {s->i[3], s->i[4], s->i[5]},
                          {s->d[0], s->d[1], s->d[2]}, s->i[2] != 0};
    return u;
}

static cg_tensor *f_up(cg_tensor *const *in, const cg_sample *s) {
    cg_upsample_spec u = spec_of(s);
    return cg_upsample(in[0], &u);
}

/* the backward op to input sizes i6 (every dim) */
static cg_tensor *f_up_backward(cg_tensor *const *in, const cg_sample *s) {
    cg_upsample_spec u = spec_of(s);
    int64_t sizes[3] = {s->i[6], s->i[6], s->i[6]};
    return cg_upsample_backward(in[0], &u, sizes);
}

/* Two samples of a mode over n dims: up to 5 (align_corners as given) and
 * down from C+4 by 0.6; seeds a, a+1. */
#define UP_SAMPLES(name, mode, n, align, a)                                                                         \
    bool sample_upsample_##name(int v, cg_sample *s) {                                                              \
        switch (v) {                                                                                                \
        case 0:                                                                                                     \
            return SAMPLE("[A,B,3..] to 5 per dim", 1,                                                              \
                          {n == 1   ? IN(a, false, S_A, S_B, 3)                                                     \
                           : n == 2 ? IN(a, false, S_A, S_B, 3, 4)                                                  \
                                    : IN(a, false, S_A, S_B, 3, 2, 4)},                                             \
                          f_up, .i = {mode, n, align, 5, 5, 5});                                                    \
        case 1:                                                                                                     \
            return SAMPLE("non-contiguous [B,A,C+4..] by 0.6", 1,                                                   \
                          {n == 1   ? IN(a + 1, true, S_B, S_A, S_C + 4)                                            \
                           : n == 2 ? IN(a + 1, true, S_B, S_A, S_C + 4, S_C + 4)                                   \
                                    : IN(a + 1, true, S_B, S_A, S_C + 4, S_C + 4, S_C + 4)},                        \
                          f_up, .i = {mode, n, !(align), (S_C + 4) * 6 / 10, (S_C + 4) * 6 / 10, (S_C + 4) * 6 / 10}, \
                          .d = {0.6, 0.6, 0.6});                                                                    \
        default: return false;                                                                                      \
        }                                                                                                           \
    }                                                                                                               \
    bool sample_upsample_##name##_backward(int v, cg_sample *s) {                                                   \
        switch (v) {                                                                                                \
        case 0:                                                                                                     \
            return SAMPLE("[A,B,5..] from 3 per dim", 1,                                                            \
                          {n == 1   ? IN(a + 2, false, S_A, S_B, 5)                                                 \
                           : n == 2 ? IN(a + 2, false, S_A, S_B, 5, 5)                                              \
                                    : IN(a + 2, false, S_A, S_B, 5, 5, 5)},                                         \
                          f_up_backward, .i = {mode, n, align, 5, 5, 5, 3});                                        \
        default: return false;                                                                                      \
        }                                                                                                           \
    }

UP_SAMPLES(nearest1d, CG_UPSAMPLE_NEAREST, 1, 0, 1300)
UP_SAMPLES(nearest2d, CG_UPSAMPLE_NEAREST, 2, 0, 1303)
UP_SAMPLES(nearest3d, CG_UPSAMPLE_NEAREST, 3, 0, 1306)
UP_SAMPLES(nearest_exact1d, CG_UPSAMPLE_NEAREST_EXACT, 1, 0, 1309)
UP_SAMPLES(nearest_exact2d, CG_UPSAMPLE_NEAREST_EXACT, 2, 0, 1312)
UP_SAMPLES(nearest_exact3d, CG_UPSAMPLE_NEAREST_EXACT, 3, 0, 1315)
UP_SAMPLES(linear1d, CG_UPSAMPLE_LINEAR, 1, 1, 1318)
UP_SAMPLES(bilinear2d, CG_UPSAMPLE_LINEAR, 2, 0, 1321)
UP_SAMPLES(trilinear3d, CG_UPSAMPLE_LINEAR, 3, 1, 1324)
UP_SAMPLES(bicubic2d, CG_UPSAMPLE_CUBIC, 2, 0, 1327)
