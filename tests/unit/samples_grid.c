/* samples_grid.c: op-table samples (helpers.h) of sampling at points:
 * grid_sampler 2-d and 3-d in every mode and padding, align_corners both
 * ways, and its backward op; affine_grid_generator; fractional max
 * pooling with fixed samples. Grid points stay off the input's pixel
 * centres only by chance: the drawn values are irrational enough. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define GRID(seed, nc, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, -1.1, 1.1)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* interpolation i0, padding i1, align_corners i2 */
static cg_tensor *f_grid(cg_tensor *const *in, const cg_sample *s) {
    return cg_grid_sampler(in[0], in[1], s->i[0], s->i[1], s->i[2] != 0);
}

bool sample_grid_sampler_2d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("bilinear zeros", 2, {IN(1800, false, S_A, S_B, S_C + 1, S_D + 1), GRID(1801, false, S_A, S_E, S_F, 2)},
                      f_grid, .i = {0, 0, 0});
    case 1:
        return SAMPLE("bicubic reflection align_corners, non-contiguous", 2,
                      {IN(1802, true, S_A, S_B, S_C + 1, S_D + 2), GRID(1803, true, S_A, S_E, S_F, 2)}, f_grid,
                      .i = {2, 2, 1});
    case 2:
        return SAMPLE("nearest border", 2, {IN(1804, false, S_A, S_B, S_C, S_D), GRID(1805, false, S_A, S_E, S_F + 2, 2)},
                      f_grid, .i = {1, 1, 0});
    case 3:
        return SAMPLE("bilinear reflection", 2,
                      {IN(1806, false, S_A, S_B, S_C + 1, S_D + 1), GRID(1807, false, S_A, S_E, S_F, 2)}, f_grid,
                      .i = {0, 2, 0});
    case 4:
        return SAMPLE("bicubic border", 2, {IN(1808, false, S_A, S_B, S_C + 1, S_D + 1), GRID(1809, false, S_A, S_E, S_F, 2)},
                      f_grid, .i = {2, 1, 0});
    default: return false;
    }
}

bool sample_grid_sampler_3d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("trilinear zeros align_corners", 2,
                      {IN(1810, false, S_A, S_B, S_C + 1, S_D + 1, 2), GRID(1811, false, S_A, S_E, 2, S_F, 3)}, f_grid,
                      .i = {0, 0, 1});
    case 1:
        return SAMPLE("trilinear reflection, non-contiguous", 2,
                      {IN(1812, true, S_A, S_B, 2, S_C + 1, S_D + 1), GRID(1813, true, S_A, 2, S_E, S_F, 3)}, f_grid,
                      .i = {0, 2, 0});
    case 2:
        return SAMPLE("nearest border", 2, {IN(1814, false, S_A, S_B, S_C, 2, S_D), GRID(1815, false, S_A, S_E, S_F, 2, 3)},
                      f_grid, .i = {1, 1, 0});
    default: return false;
    }
}

/* the grid's gradient (i3 = 0) or the input's (i3 = 1) */
static cg_tensor *f_grid_backward(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *gi = NULL, *gg = NULL;
    if (cg_grid_sampler_backward(in[0], in[1], in[2], s->i[0], s->i[1], s->i[2] != 0, true, &gi, &gg) < 0)
        return NULL;
    cg_tensor *keep = s->i[3] ? gi : gg;
    cg_tensor_release(s->i[3] ? gg : gi);
    return keep;
}

bool sample_grid_sampler_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("2-d bilinear zeros, the grid's gradient", 3,
                      {IN(1816, false, S_A, S_B, S_E, S_F), IN(1817, false, S_A, S_B, S_C + 1, S_D + 1),
                       GRID(1818, false, S_A, S_E, S_F, 2)},
                      f_grid_backward, .i = {0, 0, 0, 0});
    case 1:
        return SAMPLE("3-d nearest border, the input's gradient", 3,
                      {IN(1819, false, S_A, S_B, 2, S_E, S_F), IN(1820, false, S_A, S_B, 2, S_C + 1, S_D + 1),
                       GRID(1821, false, S_A, 2, S_E, S_F, 3)},
                      f_grid_backward, .i = {1, 1, 1, 1});
    default: return false;
    }
}

/* size i0..i4 (i5 of them), align_corners i6 */
static cg_tensor *f_affine(cg_tensor *const *in, const cg_sample *s) {
    return cg_affine_grid_generator(in[0], (int)s->i[5], s->i, s->i[6] != 0);
}

bool sample_affine_grid_generator(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("2-d", 1, {IN(1822, false, S_A, 2, 3)}, f_affine, .i = {S_A, 1, S_C, S_D + 1, 0, 4, 0});
    case 1:
        return SAMPLE("3-d align_corners, non-contiguous", 1, {IN(1823, true, S_B, 3, 4)}, f_affine,
                      .i = {S_B, 2, S_E, 3, S_F, 5, 1});
    case 2:
        return SAMPLE("2-d sides of one", 1, {IN(1824, false, 3, 2, 3)}, f_affine, .i = {3, 1, 1, 1, 0, 4, 1});
    default: return false;
    }
}

/* kernel i0..i2, output i3..i5, nd i6; the samples in1 (constant) */
static cg_tensor *f_fractional(cg_tensor *const *in, const cg_sample *s) {
    int nd = (int)s->i[6];
    int64_t ns[3] = {1, in[0]->ndim == nd + 2 ? in[0]->sizes[0] : 1, in[0]->sizes[in[0]->ndim - nd - 1]};
    int64_t shape[3] = {ns[1], ns[2], nd};
    cg_tensor *u = s_on_device_of(in[0], s_const_range(shape, 3, 1825, 0, 1));
    cg_tensor *y = u ? cg_fractional_max_pool(in[0], nd, s->i, s->i + 3, u, NULL) : NULL;
    cg_tensor_release(u);
    return y;
}

bool sample_fractional_max_pool2d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("2x2 to 3x4", 1, {IN(1826, false, S_A, S_B, 5, 6)}, f_fractional, .i = {2, 2, 0, 3, 4, 0, 2});
    case 1:
        return SAMPLE("unbatched 3x1 to 2x5, non-contiguous", 1, {IN(1827, true, S_B, 6, 5)}, f_fractional,
                      .i = {3, 1, 0, 2, 5, 0, 2});
    default: return false;
    }
}

bool sample_fractional_max_pool3d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("2x2x1 to 2x3x3", 1, {IN(1828, false, S_A, S_B, 4, 5, 4)}, f_fractional,
                      .i = {2, 2, 1, 2, 3, 3, 3});
    case 1:
        return SAMPLE("unbatched 1x2x2, non-contiguous", 1, {IN(1829, true, S_B, 3, 4, 5)}, f_fractional,
                      .i = {1, 2, 2, 3, 2, 3, 3});
    default: return false;
    }
}
