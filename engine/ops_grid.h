/* ops_grid.h: sampling an input at the points of a grid (grid_sampler.c),
 * the grids of affine maps (affine_grid.c), and fractional max pooling,
 * whose windows sit at random points (fractional_max_pool.c). */
#ifndef CG_OPS_GRID_H
#define CG_OPS_GRID_H

#include <stdbool.h>

#include "tensor.h"

/* torch.grid_sampler: input [N, C, H, W] at grid [N, oH, oW, 2], or
 * [N, C, D, H, W] at [N, oD, oH, oW, 3]; interp 0 bilinear, 1 nearest,
 * 2 bicubic (2-d only), padding 0 zeros, 1 border, 2 reflection. */
cg_tensor *cg_grid_sampler(cg_tensor *input, cg_tensor *grid, int64_t interp, int64_t padding, bool align_corners);
/* Its backward op (not differentiable): the grid's gradient and, when
 * input_grad, the input's. 0 or -1. */
int cg_grid_sampler_backward(cg_tensor *grad_out, cg_tensor *input, cg_tensor *grid, int64_t interp, int64_t padding,
                             bool align_corners, bool input_grad, cg_tensor **grad_input, cg_tensor **grad_grid);

/* torch.affine_grid_generator: theta [N, 2, 3] and size (N, C, H, W), or
 * [N, 3, 4] and (N, C, D, H, W); the grid [N, (D,) H, W, 2 or 3]. */
cg_tensor *cg_affine_grid_generator(cg_tensor *theta, int nsize, const int64_t *size, bool align_corners);

/* fractional_max_pool2d/3d: x [(N,) C, (T,) H, W], kernel and output sizes
 * (2 or 3 of each, nd of them), samples [N, C, nd] in x's dtype; the maxima
 * and, into *indices, their int64 indices in each plane. */
cg_tensor *cg_fractional_max_pool(cg_tensor *x, int nd, const int64_t *kernel, const int64_t *output_size,
                                  cg_tensor *samples, cg_tensor **indices);

#endif
