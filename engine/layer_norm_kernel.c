/* layer_norm_kernel.c: layer_norm's fused CPU kernels (layer_norm_loop.h
 * over the moments of Note [Rowwise moments]), forward and backward, in
 * PyTorch 1.13's order; ops_layer_norm.c records the op and falls back to
 * engine ops where they do not apply. */
#include <math.h>
#include <string.h>

#include "iter.h"
#include "norm_kernel.h"

#define T float
#define W 8
#define SFX f32
#define TREE 1
#define FMA fmaf
#include "vec_reduce_loop.h"
#include "moments_loop.h"
#include "layer_norm_loop.h"
#undef T
#undef W
#undef SFX
#undef TREE
#undef FMA

#define T double
#define W 4
#define SFX f64
#define TREE 0
#define FMA fma
#include "vec_reduce_loop.h"
#include "moments_loop.h"
#include "layer_norm_loop.h"
#undef T
#undef W
#undef SFX
#undef TREE
#undef FMA

cg_tensor *cg_layer_norm_kernel(cg_tensor *x, int64_t M, int64_t N, cg_tensor *w, cg_tensor *b, double eps,
                                const int64_t *stat_sizes, cg_tensor **mean, cg_tensor **rstd) {
    cg_tensor *y = cg_tensor_empty(x->ndim, x->sizes, x->dtype, cg_device_cpu());
    *mean = y ? cg_tensor_empty(x->ndim, stat_sizes, x->dtype, cg_device_cpu()) : NULL;
    *rstd = *mean ? cg_tensor_empty(x->ndim, stat_sizes, x->dtype, cg_device_cpu()) : NULL;
    if (!*rstd) {
        cg_tensor_release(y), cg_tensor_release(*mean);
        *mean = NULL;
        return NULL;
    }
#define FORWARD(s, T)                                                                                 \
    forward_##s(cg_tensor_data(x), cg_tensor_data(y), M, N, cg_norm_data(w), cg_norm_data(b), (T)eps, \
                cg_tensor_data(*mean), cg_tensor_data(*rstd))
    CG_NORM_TYPED(x, FORWARD);
#undef FORWARD
    return y;
}

int cg_layer_norm_backward_kernel(cg_tensor *go, cg_tensor *x, cg_tensor *mean, cg_tensor *rstd, cg_tensor *w,
                                  int64_t M, int64_t N, int nd, const int64_t *shape, const bool *need,
                                  cg_tensor **gi) {
    int64_t threads = cg_get_num_threads();
    cg_tensor *buf = cg_tensor_empty(1, (int64_t[]){2 * threads * N}, x->dtype, cg_device_cpu());
    cg_tensor *dx = buf && need[0] ? cg_tensor_empty(x->ndim, x->sizes, x->dtype, cg_device_cpu()) : NULL;
    cg_tensor *gw = buf && need[1] ? cg_tensor_empty(nd, shape, x->dtype, cg_device_cpu()) : NULL;
    cg_tensor *gb = buf && need[2] ? cg_tensor_empty(nd, shape, x->dtype, cg_device_cpu()) : NULL;
    if (!buf || (need[0] && !dx) || (need[1] && !gw) || (need[2] && !gb)) {
        cg_tensor_release(buf), cg_tensor_release(dx), cg_tensor_release(gw), cg_tensor_release(gb);
        return -1;
    }
#define BACKWARD(s, T)                                                                                               \
    backward_##s(cg_tensor_data(go), cg_tensor_data(x), cg_tensor_data(mean), cg_tensor_data(rstd), cg_norm_data(w), \
                 M, N, threads, cg_tensor_data(buf), cg_norm_data(dx), cg_norm_data(gw), cg_norm_data(gb))
    CG_NORM_TYPED(x, BACKWARD);
#undef BACKWARD
    cg_tensor_release(buf);
    gi[0] = dx, gi[1] = gw, gi[2] = gb;
    return 0;
}
