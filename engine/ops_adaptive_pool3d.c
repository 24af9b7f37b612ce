/* ops_adaptive_pool3d.c: adaptive_avg_pool3d and its backward op
 * (ops_conv.h): window i of n over a size s covers [floor(i s / n),
 * ceil((i + 1) s / n)) along depth, height and width, as the 2-d pooling
 * in ops_pool.c does over two dims. Not the other 3-d poolings. */
#include <string.h>

#include "ew.h"
#include "nn_internal.h"
#include "ops.h"
#include "scalar_math.h"

/* planes: the leading dims' product; in [3] and out [3] the last three sizes */
typedef struct {
    int64_t planes, in[3], out[3];
} pool3_geom;

/* big: the [.., D, H, W] tensor with the input's sizes; args.i[0..2] the output's */
static pool3_geom geom_of(const cg_kernel_call *c, const cg_tensor *big) {
    pool3_geom g = {1, {0}, {c->args->i[0], c->args->i[1], c->args->i[2]}};
    for (int d = 0; d < big->ndim - 3; d++)
        g.planes *= big->sizes[d];
    for (int d = 0; d < 3; d++)
        g.in[d] = big->sizes[big->ndim - 3 + d];
    return g;
}

/* the window [*lo, *hi) of output o along dim d */
static inline void window(const pool3_geom *g, int d, int64_t o, int64_t *lo, int64_t *hi) {
    *lo = cg_adaptive_start(o, g->in[d], g->out[d]), *hi = cg_adaptive_end(o, g->in[d], g->out[d]);
}

/* Each output the sum of its window (depth, then height, then width),
 * divided by the window's depth, height and width in turn, as PyTorch. */
#define ADAPTIVE3_FN(name, T)                                                                                 \
    static void name(const T *in, T *out, pool3_geom g) {                                                     \
        int64_t ip = g.in[0] * g.in[1] * g.in[2], op = g.out[0] * g.out[1] * g.out[2];                        \
        _Pragma("omp parallel for if (g.planes * ip > CG_PARALLEL_GRAIN)") for (int64_t p = 0; p < g.planes; \
                                                                                 p++) {                       \
            const T *src = in + p * ip;                                                                       \
            T *dst = out + p * op;                                                                            \
            for (int64_t z = 0; z < g.out[0]; z++)                                                            \
                for (int64_t y = 0; y < g.out[1]; y++)                                                        \
                    for (int64_t x = 0; x < g.out[2]; x++) {                                                  \
                        int64_t d0, d1, h0, h1, w0, w1;                                                       \
                        window(&g, 0, z, &d0, &d1), window(&g, 1, y, &h0, &h1), window(&g, 2, x, &w0, &w1);   \
                        T sum = 0;                                                                            \
                        for (int64_t a = d0; a < d1; a++)                                                     \
                            for (int64_t b = h0; b < h1; b++)                                                 \
                                for (int64_t c = w0; c < w1; c++)                                             \
                                    sum += src[(a * g.in[1] + b) * g.in[2] + c];                              \
                        dst[(z * g.out[1] + y) * g.out[2] + x] = sum / (T)(d1 - d0) / (T)(h1 - h0) / (T)(w1 - w0); \
                    }                                                                                         \
        }                                                                                                     \
    }
CG_EXPAND_FLOAT(ADAPTIVE3_FN, adaptive3)

/* The adjoint: each output's gradient over its window's depth, height and
 * width in turn, added into the window, outputs in order, a plane per thread. */
#define ADAPTIVE3_BW_FN(name, T)                                                                              \
    static void name(const T *grad, T *gin, pool3_geom g) {                                                   \
        int64_t ip = g.in[0] * g.in[1] * g.in[2], op = g.out[0] * g.out[1] * g.out[2];                        \
        _Pragma("omp parallel for if (g.planes * ip > CG_PARALLEL_GRAIN)") for (int64_t p = 0; p < g.planes; \
                                                                                 p++) {                       \
            T *dst = gin + p * ip;                                                                            \
            const T *src = grad + p * op;                                                                     \
            memset(dst, 0, (size_t)ip * sizeof(T));                                                           \
            for (int64_t z = 0; z < g.out[0]; z++)                                                            \
                for (int64_t y = 0; y < g.out[1]; y++)                                                        \
                    for (int64_t x = 0; x < g.out[2]; x++) {                                                  \
                        int64_t d0, d1, h0, h1, w0, w1;                                                       \
                        window(&g, 0, z, &d0, &d1), window(&g, 1, y, &h0, &h1), window(&g, 2, x, &w0, &w1);   \
                        T v = src[(z * g.out[1] + y) * g.out[2] + x] / (T)(d1 - d0) / (T)(h1 - h0) / (T)(w1 - w0); \
                        for (int64_t a = d0; a < d1; a++)                                                     \
                            for (int64_t b = h0; b < h1; b++)                                                 \
                                for (int64_t c = w0; c < w1; c++)                                             \
                                    dst[(a * g.in[1] + b) * g.in[2] + c] += v;                                \
                    }                                                                                         \
        }                                                                                                     \
    }
CG_EXPAND_FLOAT(ADAPTIVE3_BW_FN, adaptive3_bw)

/* in[0] x [.., D, H, W] contiguous, out[0] [.., od, oh, ow] */
void cg_cpu_adaptive_avg_pool3d(const cg_kernel_call *c) {
    pool3_geom g = geom_of(c, c->in[0]);
    if (c->in[0]->dtype == CG_F32)
        adaptive3_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
    else
        adaptive3_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
}

/* in[0] the gradient [.., od, oh, ow] contiguous, out[0] [.., D, H, W] */
void cg_cpu_adaptive_avg_pool3d_backward(const cg_kernel_call *c) {
    pool3_geom g = geom_of(c, c->out[0]);
    if (c->in[0]->dtype == CG_F32)
        adaptive3_bw_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
    else
        adaptive3_bw_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
}

/* op over a contiguous copy of x into [.., *sizes], recorded on x; the
 * output's sizes out in args */
static cg_tensor *run(cg_op op, cg_tensor *x, const int64_t *sizes, const int64_t *out) {
    cg_op_args args = {.i = {out[0], out[1], out[2]}};
    int64_t shape[CG_MAX_DIMS];
    memcpy(shape, x->sizes, (size_t)x->ndim * sizeof(int64_t));
    memcpy(shape + x->ndim - 3, sizes, 3 * sizeof(int64_t));
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xc = cg_contiguous(x);
    cg_grad_set_enabled(was);
    cg_tensor *y = xc ? cg_tensor_empty(x->ndim, shape, x->dtype, cg_tensor_device(x)) : NULL;
    if (y && cg_tensor_numel(y) > 0) {
        cg_kernel_call call = {.op = op, .nout = 1, .nin = 1, .out = {y}, .in = {xc}, .args = &args};
        if (cg_op_run(&call) < 0)
            cg_tensor_release(y), y = NULL;
    }
    cg_tensor_release(xc);
    return cg_ew_record(y, op, 1, &x, 0, NULL, &args);
}

cg_tensor *cg_adaptive_avg_pool3d_backward(cg_tensor *grad, const int64_t in[3]) {
    const int64_t *out = grad->sizes + grad->ndim - 3;
    return run(CG_OP_ADAPTIVE_AVG_POOL3D_BACKWARD, grad, in, out);
}

/* AdaptiveAvgPool3DBackward0 */
int cg_bw_adaptive_avg_pool3d(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    const cg_meta *m = &n->in_meta[0];
    gi[0] = cg_adaptive_avg_pool3d_backward(go[0], m->sizes + m->ndim - 3);
    return gi[0] ? 0 : -1;
}

/* AdaptiveAvgPool3DBackwardBackward0: the pooling of the gradient's gradient */
int cg_bw_adaptive_avg_pool3d_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = run(CG_OP_ADAPTIVE_AVG_POOL3D, go[0], n->args.i, n->args.i);
    return gi[0] ? 0 : -1;
}

cg_tensor *cg_adaptive_avg_pool3d(cg_tensor *x, const int64_t output_size[3]) {
    char sizes[128];
    CG_CHECK(x->ndim == 4 || x->ndim == 5, CG_RUNTIME_ERROR, "adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got %s",
             cg_sizes_str(x->ndim, x->sizes, sizes, sizeof sizes));
    for (int d = 1; d < x->ndim; d++)
        CG_CHECK(x->sizes[d] != 0, CG_RUNTIME_ERROR,
                 "adaptive_avg_pool3d(): Expected input to have non-zero size for non-batch dimensions, but input has "
                 "sizes %s with dimension %d being empty",
                 cg_sizes_str(x->ndim, x->sizes, sizes, sizeof sizes), d);
    CG_CHECK(output_size[0] >= 0 && output_size[1] >= 0 && output_size[2] >= 0, CG_RUNTIME_ERROR,
             "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {%lld, "
             "%lld,%lld}",
             (long long)output_size[0], (long long)output_size[1], (long long)output_size[2]);
    if (!cg_dtype_is_float(x->dtype)) {
        cg_nn_not_implemented(cg_tensor_device(x).type == CG_CPU ? "adaptive_avg_pool3d_cpu" : "adaptive_avg_pool3d_cuda",
                              x->dtype);
        return NULL;
    }
    if (output_size[0] == 1 && output_size[1] == 1 && output_size[2] == 1) { /* PyTorch takes the mean here */
        int64_t dims[3] = {-1, -2, -3};
        return cg_mean(x, 3, dims, true);
    }
    return run(CG_OP_ADAPTIVE_AVG_POOL3D, x, output_size, output_size);
}
