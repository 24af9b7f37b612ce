/* group_norm_kernel.c: group_norm's fused CPU kernels (group_norm_loop.h
 * over the moments of Note [Rowwise moments]), forward and backward, in
 * PyTorch 1.13's order for a contiguous input; ops_group_norm.c records
 * the op and falls back to engine ops where they do not apply. */
#include <math.h>
#include <string.h>

#include "norm_kernel.h"

#define T float
#define W 8
#define SFX f32
#define FMA fmaf
#include "moments_loop.h"
#include "group_norm_loop.h"
#undef T
#undef W
#undef SFX
#undef FMA

#define T double
#define W 4
#define SFX f64
#define FMA fma
#include "moments_loop.h"
#include "group_norm_loop.h"
#undef T
#undef W
#undef SFX
#undef FMA

cg_tensor *cg_group_norm_kernel(cg_tensor *x, int64_t G, cg_tensor *w, cg_tensor *b, double eps, cg_tensor **mean,
                                cg_tensor **rstd) {
    int64_t N = x->sizes[0], stat[2] = {N, G};
    cg_tensor *y = cg_tensor_empty(x->ndim, x->sizes, x->dtype, cg_device_cpu());
    *mean = y ? cg_tensor_empty(2, stat, x->dtype, cg_device_cpu()) : NULL;
    *rstd = *mean ? cg_tensor_empty(2, stat, x->dtype, cg_device_cpu()) : NULL;
    if (!*rstd) {
        cg_tensor_release(y), cg_tensor_release(*mean);
        *mean = NULL;
        return NULL;
    }
#define FORWARD(s, T)                                                                              \
    geom_##s g = {N, x->sizes[1], cg_tensor_numel(x) / (N * x->sizes[1]), G};                      \
    forward_##s(cg_tensor_data(x), cg_tensor_data(y), g, cg_norm_data(w), cg_norm_data(b), (T)eps, \
                cg_tensor_data(*mean), cg_tensor_data(*rstd))
    CG_NORM_TYPED(x, FORWARD);
#undef FORWARD
    return y;
}

int cg_group_norm_backward_kernel(cg_tensor *go, cg_tensor *x, cg_tensor *mean, cg_tensor *rstd, cg_tensor *w,
                                  int64_t G, const bool *need, cg_tensor **gi) {
    int64_t N = x->sizes[0], C = x->sizes[1], nc[2] = {N, C};
    cg_tensor *ds = cg_tensor_empty(2, nc, x->dtype, cg_device_cpu());
    cg_tensor *db = ds ? cg_tensor_empty(2, nc, x->dtype, cg_device_cpu()) : NULL;
    cg_tensor *dx = db && need[0] ? cg_tensor_empty(x->ndim, x->sizes, x->dtype, cg_device_cpu()) : NULL;
    cg_tensor *gw = db && need[1] ? cg_tensor_empty(1, &C, x->dtype, cg_device_cpu()) : NULL;
    cg_tensor *gb = db && need[2] ? cg_tensor_empty(1, &C, x->dtype, cg_device_cpu()) : NULL;
    if (!db || (need[0] && !dx) || (need[1] && !gw) || (need[2] && !gb)) {
        cg_tensor_release(ds), cg_tensor_release(db), cg_tensor_release(dx), cg_tensor_release(gw),
            cg_tensor_release(gb);
        return -1;
    }
#define BACKWARD(s, T)                                                                                       \
    geom_##s g = {N, C, cg_tensor_numel(x) / (N * C), G};                                                    \
    T *pds = cg_tensor_data(ds), *pdb = cg_tensor_data(db);                                                  \
    plane_sums_##s(cg_tensor_data(go), cg_tensor_data(x), g, pds, pdb);                                      \
    if (dx)                                                                                                  \
        input_grad_##s(cg_tensor_data(go), cg_tensor_data(x), g, cg_tensor_data(mean), cg_tensor_data(rstd), \
                       cg_norm_data(w), pds, pdb, cg_tensor_data(dx));                                       \
    if (gw || gb)                                                                                            \
    param_grads_##s(g, cg_tensor_data(mean), cg_tensor_data(rstd), pds, pdb, cg_norm_data(gw), cg_norm_data(gb))
    CG_NORM_TYPED(x, BACKWARD);
#undef BACKWARD
    cg_tensor_release(ds), cg_tensor_release(db);
    gi[0] = dx, gi[1] = gw, gi[2] = gb;
    return 0;
}
