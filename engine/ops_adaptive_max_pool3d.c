/* ops_adaptive_max_pool3d.c: adaptive_max_pool3d (ops_conv.h): the maxima
 * over adaptive_avg_pool3d's windows and their flat positions
 * t H W + h W + w; node AdaptiveMaxPool3DBackward0, whose derivative is
 * max_pool3d's (the gradient added at the indices). Not the average. */
#include <math.h>
#include <string.h>

#include "ew.h"
#include "nn_internal.h"
#include "ops.h"
#include "scalar_math.h"

/* planes: the leading dims' product; in [3] and out [3] the last three sizes */
typedef struct {
    int64_t planes, in[3], out[3];
} pool3_geom;

/* The window's first maximum, NaN winning, scanned depth, height, width
 * in turn, as PyTorch's loop; an all -inf window gives its first place. */
#define ADAPTIVE_MAX3_FN(name, T)                                                                              \
    static void name(const T *in, T *out, int64_t *idx, pool3_geom g) {                                        \
        int64_t ip = g.in[0] * g.in[1] * g.in[2], op = g.out[0] * g.out[1] * g.out[2];                         \
        _Pragma("omp parallel for if (g.planes * ip > CG_PARALLEL_GRAIN)") for (int64_t p = 0; p < g.planes;  \
                                                                                 p++) {                        \
            const T *src = in + p * ip;                                                                        \
            for (int64_t o = 0; o < op; o++) {                                                                 \
                int64_t at[3] = {o / (g.out[1] * g.out[2]), o / g.out[2] % g.out[1], o % g.out[2]}, lo[3], hi[3]; \
                for (int d = 0; d < 3; d++)                                                                    \
                    lo[d] = cg_adaptive_start(at[d], g.in[d], g.out[d]),                                       \
                    hi[d] = cg_adaptive_end(at[d], g.in[d], g.out[d]);                                         \
                int64_t best = (lo[0] * g.in[1] + lo[1]) * g.in[2] + lo[2];                                    \
                T m = -INFINITY;                                                                               \
                for (int64_t a = lo[0]; a < hi[0]; a++)                                                        \
                    for (int64_t b = lo[1]; b < hi[1]; b++)                                                    \
                        for (int64_t c = lo[2]; c < hi[2]; c++) {                                              \
                            int64_t k = (a * g.in[1] + b) * g.in[2] + c;                                       \
                            if (src[k] > m || isnan(src[k]))                                                   \
                                m = src[k], best = k;                                                          \
                        }                                                                                      \
                out[p * op + o] = m, idx[p * op + o] = best;                                                   \
            }                                                                                                  \
        }                                                                                                      \
    }
CG_EXPAND_FLOAT(ADAPTIVE_MAX3_FN, adaptive_max3)

/* in[0] x [.., D, H, W] contiguous; out[0] the maxima, out[1] their
 * int64 indices, [.., od, oh, ow]; args.i[0..2] the output's size */
void cg_cpu_adaptive_max_pool3d(const cg_kernel_call *c) {
    const cg_tensor *x = c->in[0];
    pool3_geom g = {1, {0}, {c->args->i[0], c->args->i[1], c->args->i[2]}};
    for (int d = 0; d < x->ndim - 3; d++)
        g.planes *= x->sizes[d];
    for (int d = 0; d < 3; d++)
        g.in[d] = x->sizes[x->ndim - 3 + d];
    if (x->dtype == CG_F32)
        adaptive_max3_f32(cg_tensor_data(x), cg_tensor_data(c->out[0]), cg_tensor_data(c->out[1]), g);
    else
        adaptive_max3_f64(cg_tensor_data(x), cg_tensor_data(c->out[0]), cg_tensor_data(c->out[1]), g);
}

static int check_input(const cg_tensor *x) {
    char shown[128];
    CG_CHECK_INT(x->ndim == 4 || x->ndim == 5, CG_RUNTIME_ERROR,
                 "adaptive_max_pool3d(): Expected 4D or 5D tensor, but got: %s",
                 cg_sizes_str(x->ndim, x->sizes, shown, sizeof shown));
    for (int d = 1; d < x->ndim; d++)
        CG_CHECK_INT(x->sizes[d] != 0, CG_RUNTIME_ERROR,
                     "adaptive_max_pool3d(): Expected input to have non-zero size for non-batch dimensions, but "
                     "input has sizes %s with dimension %d being empty",
                     cg_sizes_str(x->ndim, x->sizes, shown, sizeof shown), d);
    if (!cg_dtype_is_float(x->dtype))
        return cg_nn_not_implemented(
            cg_tensor_device(x).type == CG_CPU ? "adaptive_max_pool3d_cpu" : "adaptive_max_pool3d_cuda", x->dtype);
    return 0;
}

cg_tensor *cg_adaptive_max_pool3d(cg_tensor *x, const int64_t output_size[3], cg_tensor **indices) {
    if (indices)
        *indices = NULL;
    if (check_input(x) < 0)
        return NULL;
    int64_t sizes[CG_MAX_DIMS];
    memcpy(sizes, x->sizes, (size_t)x->ndim * sizeof(int64_t));
    memcpy(sizes + x->ndim - 3, output_size, 3 * sizeof(int64_t));
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xc = cg_contiguous(x);
    cg_grad_set_enabled(was);
    cg_tensor *outs[2] = {xc ? cg_tensor_empty(x->ndim, sizes, x->dtype, cg_tensor_device(x)) : NULL, NULL};
    outs[1] = outs[0] ? cg_tensor_empty(x->ndim, sizes, CG_INT64, cg_tensor_device(x)) : NULL;
    cg_op_args args = {.i = {output_size[0], output_size[1], output_size[2]}};
    int rc = outs[1] ? 0 : -1;
    if (rc == 0 && cg_tensor_numel(outs[0]) > 0) {
        cg_kernel_call call = {
            .op = CG_OP_ADAPTIVE_MAX_POOL3D, .nout = 2, .nin = 1, .out = {outs[0], outs[1]}, .in = {xc}, .args = &args};
        rc = cg_op_run(&call);
    }
    cg_tensor_release(xc);
    if (rc == 0 && cg_autograd_needed(1, &x)) {
        cg_save_spec save = {outs[1], "result1"};
        rc = cg_autograd_record(CG_OP_ADAPTIVE_MAX_POOL3D, 2, outs, 1, &x, 1, &save, &args, NULL);
    }
    if (rc < 0 || !indices)
        cg_tensor_release(outs[1]), outs[1] = NULL;
    if (rc < 0) {
        cg_tensor_release(outs[0]);
        return NULL;
    }
    if (indices)
        *indices = outs[1];
    return outs[0];
}
