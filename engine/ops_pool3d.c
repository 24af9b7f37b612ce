/* ops_pool3d.c: max_pool3d and avg_pool3d (ops_conv.h), their kernels and
 * derivatives: PyTorch 1.13's DilatedMaxPool3d.cpp and AveragePool3d.cpp
 * window by window (the same bounds, the first maximum with NaN winning,
 * the same divisors), planes [N * C, T, H, W] contiguous. Max pooling's
 * derivative scatters to the saved indices; average pooling's is a
 * backward kernel whose own derivative is the pooling again. Not the
 * adaptive 3-d pooling (ops_adaptive_pool3d.c). */
#include <math.h>
#include <string.h>

#include "ew.h"
#include "nn_internal.h"
#include "ops.h"

/* ---- the window in an op's args -------------------------------------------------------- */

/* args: kernel in dims[0..2], stride dims[3..5], padding dims[6..7] and
 * i[0], dilation s[0], s[1] (ints) and i[1]; divisor_override i[2],
 * count_include_pad flag, ceil_mode keepdim */
static cg_op_args window_args(const cg_window3d *w) {
    cg_op_args a = {.ndims = 8};
    for (int d = 0; d < 3; d++)
        a.dims[d] = w->kernel[d], a.dims[3 + d] = w->stride[d];
    a.dims[6] = w->padding[0], a.dims[7] = w->padding[1], a.i[0] = w->padding[2];
    a.s[0] = cg_scalar_int(w->dilation[0]), a.s[1] = cg_scalar_int(w->dilation[1]), a.i[1] = w->dilation[2];
    return a;
}

static cg_window3d window_of(const cg_op_args *a) {
    cg_window3d w;
    for (int d = 0; d < 3; d++)
        w.kernel[d] = a->dims[d], w.stride[d] = a->dims[3 + d];
    w.padding[0] = a->dims[6], w.padding[1] = a->dims[7], w.padding[2] = a->i[0];
    w.dilation[0] = a->s[0].v.i, w.dilation[1] = a->s[1].v.i, w.dilation[2] = a->i[1];
    return w;
}

/* planes, the input's and the output's last three sizes */
typedef struct {
    int64_t planes, in[3], out[3];
    cg_window3d w;
    bool count_include_pad;
    int64_t divisor;
} pool3_geom;

static pool3_geom geom_of(const cg_kernel_call *c, const cg_tensor *input, const cg_tensor *output) {
    pool3_geom g = {1, {0}, {0}, window_of(c->args), c->args->flag, c->args->i[2]};
    for (int d = 0; d < input->ndim - 3; d++)
        g.planes *= input->sizes[d];
    for (int d = 0; d < 3; d++)
        g.in[d] = input->sizes[input->ndim - 3 + d], g.out[d] = output->sizes[output->ndim - 3 + d];
    return g;
}

/* ---- kernels ----------------------------------------------------------------------------- */

/* max window o of dim d: its first index inside the input, and its end */
static inline void max_span(const pool3_geom *g, int d, int64_t o, int64_t *lo, int64_t *hi) {
    int64_t s = o * g->w.stride[d] - g->w.padding[d], e = s + (g->w.kernel[d] - 1) * g->w.dilation[d] + 1;
    *hi = e < g->in[d] ? e : g->in[d];
    while (s < 0)
        s += g->w.dilation[d];
    *lo = s;
}

#define MAX_POOL3_FN(name, T)                                                                                  \
    static void name(const T *in, T *out, int64_t *idx, pool3_geom g) {                                        \
        int64_t ip = g.in[0] * g.in[1] * g.in[2], op = g.out[0] * g.out[1] * g.out[2];                         \
        _Pragma("omp parallel for if (g.planes * op > CG_PARALLEL_GRAIN / 16)") for (int64_t p = 0; p < g.planes; \
                                                                                      p++) {                   \
            const T *src = in + p * ip;                                                                        \
            for (int64_t e = 0; e < op; e++) {                                                                 \
                int64_t o[3] = {e / (g.out[1] * g.out[2]), (e / g.out[2]) % g.out[1], e % g.out[2]}, lo[3], hi[3]; \
                for (int d = 0; d < 3; d++)                                                                    \
                    max_span(&g, d, o[d], &lo[d], &hi[d]);                                                     \
                int64_t best = (lo[0] * g.in[1] + lo[1]) * g.in[2] + lo[2];                                    \
                T m = -INFINITY;                                                                               \
                for (int64_t z = lo[0]; z < hi[0]; z += g.w.dilation[0])                                       \
                    for (int64_t y = lo[1]; y < hi[1]; y += g.w.dilation[1])                                   \
                        for (int64_t x = lo[2]; x < hi[2]; x += g.w.dilation[2]) {                             \
                            int64_t at = (z * g.in[1] + y) * g.in[2] + x;                                      \
                            T v = src[at];                                                                     \
                            if (v > m || isnan(v))                                                             \
                                m = v, best = at;                                                              \
                        }                                                                                      \
                out[p * op + e] = m, idx[p * op + e] = best;                                                   \
            }                                                                                                  \
        }                                                                                                      \
    }
CG_EXPAND_FLOAT(MAX_POOL3_FN, max_pool3)

/* average window o: its bounds clipped to the input, and its divisor */
typedef struct {
    int64_t lo[3], hi[3], divisor;
} avg3_window;

static avg3_window avg_window(const pool3_geom *g, const int64_t *o) {
    avg3_window a;
    int64_t padded = 1, inside = 1;
    for (int d = 0; d < 3; d++) {
        int64_t s = o[d] * g->w.stride[d] - g->w.padding[d], e = s + g->w.kernel[d];
        int64_t ep = g->in[d] + g->w.padding[d];
        e = e < ep ? e : ep;
        padded *= e - s;
        a.lo[d] = s > 0 ? s : 0, a.hi[d] = e < g->in[d] ? e : g->in[d];
        inside *= a.hi[d] - a.lo[d];
    }
    a.divisor = g->divisor ? g->divisor : g->count_include_pad ? padded : inside;
    return a;
}

#define AVG_POOL3_FN(name, T)                                                                                  \
    static void name(const T *in, T *out, pool3_geom g) {                                                      \
        int64_t ip = g.in[0] * g.in[1] * g.in[2], op = g.out[0] * g.out[1] * g.out[2];                         \
        _Pragma("omp parallel for if (g.planes * op > CG_PARALLEL_GRAIN / 16)") for (int64_t p = 0; p < g.planes; \
                                                                                      p++) {                   \
            const T *src = in + p * ip;                                                                        \
            for (int64_t e = 0; e < op; e++) {                                                                 \
                int64_t o[3] = {e / (g.out[1] * g.out[2]), (e / g.out[2]) % g.out[1], e % g.out[2]};          \
                avg3_window a = avg_window(&g, o);                                                             \
                T sum = 0;                                                                                     \
                for (int64_t z = a.lo[0]; z < a.hi[0]; z++)                                                    \
                    for (int64_t y = a.lo[1]; y < a.hi[1]; y++)                                                \
                        for (int64_t x = a.lo[2]; x < a.hi[2]; x++)                                            \
                            sum += src[(z * g.in[1] + y) * g.in[2] + x];                                       \
                out[p * op + e] = sum / (T)a.divisor;                                                          \
            }                                                                                                  \
        }                                                                                                      \
    }
CG_EXPAND_FLOAT(AVG_POOL3_FN, avg_pool3)
AVG_POOL3_FN(avg_pool3_i64, int64_t) /* PyTorch takes int64 too: the sum divided as integers */

/* its adjoint: each output's gradient over its divisor added into its window, outputs in order */
#define AVG_POOL3_BW_FN(name, T)                                                                               \
    static void name(const T *grad, T *gin, pool3_geom g) {                                                    \
        int64_t ip = g.in[0] * g.in[1] * g.in[2], op = g.out[0] * g.out[1] * g.out[2];                         \
        _Pragma("omp parallel for if (g.planes * op > CG_PARALLEL_GRAIN / 16)") for (int64_t p = 0; p < g.planes; \
                                                                                      p++) {                   \
            T *dst = gin + p * ip;                                                                             \
            memset(dst, 0, (size_t)ip * sizeof(T));                                                            \
            for (int64_t e = 0; e < op; e++) {                                                                 \
                int64_t o[3] = {e / (g.out[1] * g.out[2]), (e / g.out[2]) % g.out[1], e % g.out[2]};          \
                avg3_window a = avg_window(&g, o);                                                             \
                T v = grad[p * op + e] / (T)a.divisor;                                                         \
                for (int64_t z = a.lo[0]; z < a.hi[0]; z++)                                                    \
                    for (int64_t y = a.lo[1]; y < a.hi[1]; y++)                                                \
                        for (int64_t x = a.lo[2]; x < a.hi[2]; x++)                                            \
                            dst[(z * g.in[1] + y) * g.in[2] + x] += v;                                         \
            }                                                                                                  \
        }                                                                                                      \
    }
CG_EXPAND_FLOAT(AVG_POOL3_BW_FN, avg_pool3_bw)

/* in[0] x contiguous; out[0] the maxima, out[1] their int64 indices */
void cg_cpu_max_pool3d(const cg_kernel_call *c) {
    pool3_geom g = geom_of(c, c->in[0], c->out[0]);
    if (c->in[0]->dtype == CG_F32)
        max_pool3_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), cg_tensor_data(c->out[1]), g);
    else
        max_pool3_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), cg_tensor_data(c->out[1]), g);
}

void cg_cpu_avg_pool3d(const cg_kernel_call *c) {
    pool3_geom g = geom_of(c, c->in[0], c->out[0]);
    if (c->in[0]->dtype == CG_INT64)
        avg_pool3_i64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
    else if (c->in[0]->dtype == CG_F32)
        avg_pool3_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
    else
        avg_pool3_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
}

/* in[0] the gradient [.., ot, oh, ow] contiguous, out[0] [.., T, H, W] */
void cg_cpu_avg_pool3d_backward(const cg_kernel_call *c) {
    pool3_geom g = geom_of(c, c->out[0], c->in[0]);
    if (c->in[0]->dtype == CG_F32)
        avg_pool3_bw_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
    else
        avg_pool3_bw_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
}

/* ---- the ops ----------------------------------------------------------------------------- */

/* op over a contiguous copy of x into nout new tensors of x's leading dims
 * and the given last three (the second int64), recorded on x unless record is false */
static int run(cg_op op, cg_tensor *x, const int64_t *last, int nout, cg_tensor **outs, const cg_op_args *args) {
    int64_t shape[CG_MAX_DIMS];
    memcpy(shape, x->sizes, (size_t)x->ndim * sizeof(int64_t));
    memcpy(shape + x->ndim - 3, last, 3 * sizeof(int64_t));
    outs[0] = cg_tensor_empty(x->ndim, shape, x->dtype, cg_tensor_device(x));
    outs[1] = nout > 1 && outs[0] ? cg_tensor_empty(x->ndim, shape, CG_INT64, cg_tensor_device(x)) : NULL;
    if (!outs[0] || (nout > 1 && !outs[1]))
        return -1;
    if (cg_tensor_numel(outs[0]) == 0)
        return 0;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xc = cg_contiguous(x);
    cg_grad_set_enabled(was);
    cg_kernel_call call = {.op = op, .nout = nout, .nin = 1, .out = {outs[0], outs[1]}, .in = {xc}, .args = args};
    int rc = xc ? cg_op_run(&call) : -1;
    cg_tensor_release(xc);
    return rc;
}

/* PyTorch's pool3d_shape_check and output sizes */
static int shape3(const cg_tensor *x, const cg_window3d *w, bool ceil_mode, bool avg, int64_t *out) {
    const int64_t *k = w->kernel, *s = w->stride, *dl = w->dilation;
    CG_CHECK_INT(s[0] != 0 && s[1] != 0 && s[2] != 0, CG_RUNTIME_ERROR, "stride should not be zero");
    CG_CHECK_INT(k[0] > 0 && k[1] > 0 && k[2] > 0, CG_RUNTIME_ERROR,
                 "kernel size should be greater than zero, but got kT: %lld kH: %lld kW: %lld", (long long)k[0],
                 (long long)k[1], (long long)k[2]);
    CG_CHECK_INT(s[0] > 0 && s[1] > 0 && s[2] > 0, CG_RUNTIME_ERROR,
                 "stride should be greater than zero, but got dT: %lld dH: %lld dW: %lld", (long long)s[0],
                 (long long)s[1], (long long)s[2]);
    CG_CHECK_INT(dl[0] > 0 && dl[1] > 0 && dl[2] > 0, CG_RUNTIME_ERROR,
                 "dilation should be greater than zero, but got dilationT: %lld dilationH: %lld dilationW: %lld",
                 (long long)dl[0], (long long)dl[1], (long long)dl[2]);
    bool ok = x->ndim == 4 || x->ndim == 5;
    for (int d = x->ndim - 4; ok && d < x->ndim; d++)
        ok = x->sizes[d] != 0;
    CG_CHECK_INT(ok, CG_RUNTIME_ERROR, "non-empty 4D or 5D (batch mode) tensor expected for input");
    for (int d = 0; d < 3; d++)
        CG_CHECK_INT(w->padding[d] >= 0 && w->padding[d] <= k[d] / 2, CG_RUNTIME_ERROR,
                     "pad should be at most half of kernel size, but got pad=%lld and kernel_size=%lld",
                     (long long)w->padding[d], (long long)k[d]);
    const int64_t *in = x->sizes + x->ndim - 3;
    if (avg)
        CG_CHECK_INT(in[0] >= k[0] && in[1] >= k[1] && in[2] >= k[2], CG_RUNTIME_ERROR,
                     "input image (T: %lld H: %lld W: %lld) smaller than kernel size (kT: %lld kH: %lld kW: %lld)",
                     (long long)in[0], (long long)in[1], (long long)in[2], (long long)k[0], (long long)k[1],
                     (long long)k[2]);
    for (int d = 0; d < 3; d++)
        out[d] = cg_pool_output_size(in[d], k[d], w->padding[d], s[d], dl[d], ceil_mode);
    long long c = x->sizes[x->ndim - 4];
    CG_CHECK_INT(out[0] >= 1 && out[1] >= 1 && out[2] >= 1, CG_RUNTIME_ERROR,
                 "Given input size: (%lldx%lldx%lldx%lld). Calculated output size: (%lldx%lldx%lldx%lld). Output size "
                 "is too small",
                 c, (long long)in[0], (long long)in[1], (long long)in[2], c, (long long)out[0], (long long)out[1],
                 (long long)out[2]);
    return 0;
}

/* MaxPool3DWithIndicesBackward0: the gradient added at the saved indices */
int cg_bw_max_pool3d(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *idx;
    if (cg_node_saved(n, 0, &idx) < 0)
        return -1;
    const cg_meta *m = &n->in_meta[0];
    int lead = m->ndim - 3;
    int64_t in_flat[CG_MAX_DIMS], out_flat[CG_MAX_DIMS];
    memcpy(in_flat, m->sizes, (size_t)lead * sizeof(int64_t));
    memcpy(out_flat, go[0]->sizes, (size_t)lead * sizeof(int64_t));
    in_flat[lead] = m->sizes[lead] * m->sizes[lead + 1] * m->sizes[lead + 2];
    out_flat[lead] = go[0]->sizes[lead] * go[0]->sizes[lead + 1] * go[0]->sizes[lead + 2];
    cg_tensor *zeros = cg_zeros(lead + 1, in_flat, go[0]->dtype, cg_tensor_device(go[0]));
    cg_tensor *fi = zeros ? cg_reshape(idx, lead + 1, out_flat) : NULL;
    cg_tensor *fg = fi ? cg_reshape(go[0], lead + 1, out_flat) : NULL;
    cg_tensor *sum = fg ? cg_scatter_add(zeros, lead, fi, fg) : NULL;
    gi[0] = sum ? cg_reshape(sum, m->ndim, m->sizes) : NULL;
    cg_tensor_release(zeros), cg_tensor_release(fi), cg_tensor_release(fg), cg_tensor_release(sum);
    return gi[0] ? 0 : -1;
}

cg_tensor *cg_max_pool3d(cg_tensor *x, const cg_window3d *w, bool ceil_mode, cg_tensor **indices) {
    if (indices)
        *indices = NULL;
    int64_t out[3];
    char shown[128];
    for (int d = x->ndim - 4; (x->ndim == 4 || x->ndim == 5) && d < x->ndim; d++)
        CG_CHECK(x->sizes[d] != 0, CG_RUNTIME_ERROR,
                 "max_pool3d_with_indices_out_cpu_template(): Expected input's non-batch dimensions to have positive "
                 "length, but input has a shape of %s and non-batch dimension %d has length zero!",
                 cg_sizes_str(x->ndim, x->sizes, shown, sizeof shown), d - (x->ndim - 4));
    if (shape3(x, w, ceil_mode, false, out) < 0)
        return NULL;
    if (!cg_dtype_is_float(x->dtype)) {
        cg_nn_not_implemented(cg_tensor_device(x).type == CG_CPU ? "max_pool3d_with_indices_cpu"
                                                                 : "max_pool3d_with_indices_out_frame",
                              x->dtype);
        return NULL;
    }
    cg_op_args args = window_args(w);
    cg_tensor *outs[2] = {NULL, NULL};
    int rc = run(CG_OP_MAX_POOL3D, x, out, 2, outs, &args);
    if (rc == 0 && cg_autograd_needed(1, &x)) {
        cg_save_spec save = {outs[1], "result1"};
        rc = cg_autograd_record(CG_OP_MAX_POOL3D, 2, outs, 1, &x, 1, &save, &args, NULL);
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

/* the average pooling of x (an op of args) into sizes last, recorded */
static cg_tensor *avg_into(cg_op op, cg_tensor *x, const int64_t *last, const cg_op_args *args) {
    cg_tensor *outs[2] = {NULL, NULL};
    if (run(op, x, last, 1, outs, args) < 0) {
        cg_tensor_release(outs[0]);
        return NULL;
    }
    return cg_ew_record(outs[0], op, 1, &x, 0, NULL, args);
}

cg_tensor *cg_avg_pool3d(cg_tensor *x, const cg_window3d *w, bool ceil_mode, bool count_include_pad,
                         int64_t divisor_override) {
    int64_t out[3];
    if (shape3(x, w, ceil_mode, true, out) < 0)
        return NULL;
    bool cpu = cg_tensor_device(x).type == CG_CPU;
    if (!(x->dtype == CG_F32 || x->dtype == CG_F64 || (cpu && x->dtype == CG_INT64))) {
        cg_nn_not_implemented(cg_tensor_device(x).type == CG_CPU ? "avg_pool3d_out_frame" : "avg_pool3d_out_cuda",
                              x->dtype);
        return NULL;
    }
    cg_op_args args = window_args(w);
    args.flag = count_include_pad, args.i[2] = divisor_override;
    return avg_into(CG_OP_AVG_POOL3D, x, out, &args);
}

/* AvgPool3DBackward0: the backward op over the input's sizes */
int cg_bw_avg_pool3d(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    const cg_meta *m = &n->in_meta[0];
    gi[0] = avg_into(CG_OP_AVG_POOL3D_BACKWARD, go[0], m->sizes + m->ndim - 3, &n->args);
    return gi[0] ? 0 : -1;
}

/* AvgPool3DBackwardBackward0: the pooling of the gradient's gradient */
int cg_bw_avg_pool3d_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    const cg_meta *m = &n->in_meta[0]; /* the pooling's output gradient: its sizes are the pooling's */
    gi[0] = avg_into(CG_OP_AVG_POOL3D, go[0], m->sizes + m->ndim - 3, &n->args);
    return gi[0] ? 0 : -1;
}

cg_tensor *cg_avg_pool3d_backward(cg_tensor *grad, const int64_t in[3], const cg_window3d *w, bool count_include_pad,
                                  int64_t divisor_override) {
    cg_op_args args = window_args(w);
    args.flag = count_include_pad, args.i[2] = divisor_override;
    return avg_into(CG_OP_AVG_POOL3D_BACKWARD, grad, in, &args);
}
