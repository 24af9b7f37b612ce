/* grid_sampler_kernel.c: the CPU kernels of grid_sampler_2d/3d and their
 * backward ops (grid_sampler.c has the ops), written once per type in
 * grid_sample_loop.h. Not the checks. */
#include <math.h>
#include <string.h>

#include "grid_sample_math.h"
#include "iter.h"
#include "ops.h"

/* N, C; the input's and output's (D, H, W) (2-d: D = 1); the options in
 * args: i[0] interpolation, i[1] padding, flag align_corners, i[2] the
 * grid's rows not one block (Note [Grid sampler chunks]) */
typedef struct {
    int64_t N, C, in[3], out[3];
    int interp, pad;
    bool align, rowwise;
} gs_geom;

#define T float
#define W 8
#define SFX f32
#include "grid_sample_loop.h"
#undef T
#undef W
#undef SFX

#define T double
#define W 4
#define SFX f64
#include "grid_sample_loop.h"
#undef T
#undef W
#undef SFX

/* input [N, C, (D,) H, W] and grid [N, (oD,) oH, oW, k] */
static gs_geom geom_of(const cg_kernel_call *c, const cg_tensor *input, const cg_tensor *grid) {
    gs_geom g = {input->sizes[0], input->sizes[1], {1, 1, 1}, {1, 1, 1}, (int)c->args->i[0], (int)c->args->i[1],
                 c->args->flag, c->args->i[2] != 0};
    int nd = input->ndim - 2;
    for (int d = 0; d < nd; d++)
        g.in[3 - nd + d] = input->sizes[2 + d], g.out[3 - nd + d] = grid->sizes[1 + d];
    return g;
}

#define DATA(t) cg_tensor_data(t)

/* in[0] input, in[1] grid (contiguous); out[0] [N, C, (oD,) oH, oW] */
void cg_cpu_grid_sampler(const cg_kernel_call *c) {
    gs_geom g = geom_of(c, c->in[0], c->in[1]);
    bool f32 = c->in[0]->dtype == CG_F32;
    if (c->in[0]->ndim == 4)
        f32 ? forward2_f32(&g, DATA(c->in[0]), DATA(c->in[1]), DATA(c->out[0]))
            : forward2_f64(&g, DATA(c->in[0]), DATA(c->in[1]), DATA(c->out[0]));
    else
        f32 ? forward3_f32(&g, DATA(c->in[0]), DATA(c->in[1]), DATA(c->out[0]))
            : forward3_f64(&g, DATA(c->in[0]), DATA(c->in[1]), DATA(c->out[0]));
}

/* in[0] grad_out, in[1] input, in[2] grid (contiguous); out[0] the input's
 * gradient (zeros, or NULL when not wanted), out[1] the grid's */
void cg_cpu_grid_sampler_backward(const cg_kernel_call *c) {
    gs_geom g = geom_of(c, c->in[1], c->in[2]);
    void *gin = c->args->i[3] ? DATA(c->out[0]) : NULL;
    bool f32 = c->in[1]->dtype == CG_F32;
    if (c->in[1]->ndim == 4)
        f32 ? backward2_f32(&g, DATA(c->in[1]), DATA(c->in[2]), DATA(c->in[0]), gin, DATA(c->out[1]))
            : backward2_f64(&g, DATA(c->in[1]), DATA(c->in[2]), DATA(c->in[0]), gin, DATA(c->out[1]));
    else
        f32 ? backward3_f32(&g, DATA(c->in[1]), DATA(c->in[2]), DATA(c->in[0]), gin, DATA(c->out[1]))
            : backward3_f64(&g, DATA(c->in[1]), DATA(c->in[2]), DATA(c->in[0]), gin, DATA(c->out[1]));
}
