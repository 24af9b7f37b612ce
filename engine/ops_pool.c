/* ops_pool.c: max_pool2d, avg_pool2d, adaptive_avg_pool2d and
 * adaptive_max_pool2d (ops_conv.h),
 * their kernels and derivatives.
 *
 * The kernels see the input as planes [N * C, H, W], contiguous, and
 * follow PyTorch's CPU kernels window by window: the same window bounds,
 * the same first index of a max, NaN winning, the same divisors. The
 * derivatives are engine ops: max pooling scatters the gradient to the
 * indices it saved (scatter_add); average and adaptive pooling have
 * backward kernels of their own (PyTorch's order of adding overlapping
 * windows), whose derivative is the pooling again. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ew.h"
#include "nn_internal.h"
#include "ops.h"
#include "scalar_math.h"

int64_t cg_pool_output_size(int64_t in, int64_t kernel, int64_t pad, int64_t stride, int64_t dilation, bool ceil_mode) {
    /* in 128 bits: user sizes near 2^63 saturate instead of wrapping */
    __int128 span = (__int128)in + 2 * (__int128)pad - (__int128)dilation * (kernel - 1) - 1
                    + (ceil_mode ? stride - 1 : 0);
    __int128 out = (span < 0 ? span - stride + 1 : span) / stride + 1; /* floor division */
    if (ceil_mode && (out - 1) * stride >= (__int128)in + pad)
        out--; /* the last window must start inside the input or its left padding */
    return out > INT64_MAX ? INT64_MAX : out < INT64_MIN ? INT64_MIN : (int64_t)out;
}

/* ---- geometry -------------------------------------------------------------------------- */

/* Pooling kernels' arguments: the window and output sizes as
 * cg_window_args lays them out, count_include_pad in flag and
 * divisor_override in i[2]. */
typedef struct {
    int64_t planes, h, w, oh, ow;
    cg_window2d win;
    bool count_include_pad;
    int64_t divisor;
} pool_geom;

/* image: the tensor of [.., H, W] whose planes the kernel walks */
static pool_geom geom_of(const cg_kernel_call *c, const cg_tensor *image) {
    int nd = image->ndim;
    pool_geom g = {1,
                   image->sizes[nd - 2],
                   image->sizes[nd - 1],
                   c->args->i[0],
                   c->args->i[1],
                   cg_window_of(c->args),
                   c->args->flag,
                   c->args->i[2]};
    for (int d = 0; d < nd - 2; d++)
        g.planes *= image->sizes[d];
    return g;
}

/* The maximum of the window rows [h0, h1) by dh, columns [w0, w1) by dw of
 * a plane w wide, and its flat index (*best): the first maximum in row
 * order, a NaN winning, as PyTorch's max pooling kernels take it. */
#define MAX_WINDOW(T)                                                                                               \
    static inline T max_window_##T(const T *src, int64_t w, int64_t h0, int64_t h1, int64_t dh, int64_t w0,          \
                                   int64_t w1, int64_t dw, int64_t *best) {                                        \
        T m = -INFINITY;                                                                                            \
        *best = h0 * w + w0;                                                                                        \
        for (int64_t r = h0; r < h1; r += dh)                                                                       \
            for (int64_t s = w0; s < w1; s += dw) {                                                                 \
                T v = src[r * w + s];                                                                               \
                if (v > m || isnan(v))                                                                              \
                    m = v, *best = r * w + s;                                                                       \
            }                                                                                                       \
        return m;                                                                                                   \
    }
MAX_WINDOW(float)
MAX_WINDOW(double)

/* ---- max_pool2d ----------------------------------------------------------------------- */

#define MAX_POOL_FN(name, T)                                                                                       \
    static void name(const T *in, T *out, int64_t *idx, pool_geom g) {                                             \
        _Pragma("omp parallel for if (g.planes * g.oh * g.ow > CG_PARALLEL_GRAIN / 16)") for (int64_t p = 0;       \
                                                                                              p < g.planes; p++) { \
            const T *src = in + p * g.h * g.w;                                                                     \
            for (int64_t y = 0; y < g.oh; y++)                                                                     \
                for (int64_t x = 0; x < g.ow; x++) {                                                               \
                    int64_t h0 = y * g.win.stride[0] - g.win.padding[0];                                           \
                    int64_t w0 = x * g.win.stride[1] - g.win.padding[1];                                           \
                    int64_t h1 = h0 + (g.win.kernel[0] - 1) * g.win.dilation[0] + 1;                               \
                    int64_t w1 = w0 + (g.win.kernel[1] - 1) * g.win.dilation[1] + 1;                               \
                    h1 = h1 < g.h ? h1 : g.h, w1 = w1 < g.w ? w1 : g.w;                                            \
                    while (h0 < 0)                                                                                 \
                        h0 += g.win.dilation[0];                                                                   \
                    while (w0 < 0)                                                                                 \
                        w0 += g.win.dilation[1];                                                                   \
                    int64_t o = (p * g.oh + y) * g.ow + x;                                                         \
                    out[o] = max_window_##T(src, g.w, h0, h1, g.win.dilation[0], w0, w1, g.win.dilation[1], &idx[o]);  \
                }                                                                                                  \
        }                                                                                                          \
    }
CG_EXPAND_FLOAT(MAX_POOL_FN, max_pool)

/* in[0] x contiguous; out[0] the maxima, out[1] their int64 indices */
void cg_cpu_max_pool2d(const cg_kernel_call *c) {
    pool_geom g = geom_of(c, c->in[0]);
    if (c->in[0]->dtype == CG_F32)
        max_pool_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), cg_tensor_data(c->out[1]), g);
    else
        max_pool_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), cg_tensor_data(c->out[1]), g);
}

/* t [.., a, b] flattened over its last two dims: [.., a * b] */
static cg_tensor *flat_planes(cg_tensor *t) {
    int64_t sizes[CG_MAX_DIMS];
    for (int d = 0; d < t->ndim - 2; d++)
        sizes[d] = t->sizes[d];
    sizes[t->ndim - 2] = t->sizes[t->ndim - 2] * t->sizes[t->ndim - 1];
    return cg_reshape(t, t->ndim - 1, sizes);
}

/* MaxPool2DWithIndicesBackward0 (and AdaptiveMaxPool2DBackward0): the
 * gradient added at the saved indices */
int cg_bw_max_pool2d(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *idx;
    if (cg_node_saved(n, 0, &idx) < 0)
        return -1;
    const cg_meta *m = &n->in_meta[0];
    int64_t sizes[CG_MAX_DIMS];
    for (int d = 0; d < m->ndim - 2; d++)
        sizes[d] = m->sizes[d];
    sizes[m->ndim - 2] = m->sizes[m->ndim - 2] * m->sizes[m->ndim - 1];
    cg_tensor *zeros = cg_zeros(m->ndim - 1, sizes, go[0]->dtype, cg_tensor_device(go[0]));
    cg_tensor *fi = zeros ? flat_planes(idx) : NULL, *fg = fi ? flat_planes(go[0]) : NULL;
    cg_tensor *sum = fg ? cg_scatter_add(zeros, m->ndim - 2, fi, fg) : NULL;
    gi[0] = sum ? cg_reshape(sum, m->ndim, m->sizes) : NULL;
    cg_tensor_release(zeros), cg_tensor_release(fi), cg_tensor_release(fg), cg_tensor_release(sum);
    return gi[0] ? 0 : -1;
}

/* ---- the checks and output sizes pooling shares ----------------------------------------- */

static int check_input(const cg_tensor *x, const char *fn) {
    bool ok = x->ndim == 3 || x->ndim == 4;
    for (int d = x->ndim - 3; ok && d < x->ndim; d++)
        ok = x->sizes[d] != 0;
    if (!ok && fn) {
        char sizes[128];
        cg_error_set(CG_RUNTIME_ERROR, "%s(): Expected 3D or 4D tensor, but got %s", fn,
                     cg_sizes_str(x->ndim, x->sizes, sizes, sizeof sizes));
        return -1;
    }
    CG_CHECK_INT(ok, CG_RUNTIME_ERROR, "non-empty 3D or 4D (batch mode) tensor expected for input");
    return 0;
}

/* PyTorch's pool2d_shape_check after its own argument checks; *oh, *ow the output's sizes */
static int pool_shape(const cg_tensor *x, const cg_window2d *w, bool ceil_mode, int64_t *oh, int64_t *ow) {
    CG_CHECK_INT(w->kernel[0] > 0 && w->kernel[1] > 0, CG_RUNTIME_ERROR,
                 "kernel size should be greater than zero, but got kH: %lld kW: %lld", (long long)w->kernel[0],
                 (long long)w->kernel[1]);
    CG_CHECK_INT(w->stride[0] > 0 && w->stride[1] > 0, CG_RUNTIME_ERROR, "stride should not be zero");
    CG_CHECK_INT(w->dilation[0] > 0 && w->dilation[1] > 0, CG_RUNTIME_ERROR,
                 "dilation should be greater than zero, but got dilationH: %lld dilationW: %lld",
                 (long long)w->dilation[0], (long long)w->dilation[1]);
    if (check_input(x, NULL) < 0)
        return -1;
    for (int d = 0; d < 2; d++)
        CG_CHECK_INT(w->padding[d] >= 0 && w->padding[d] <= w->kernel[d] / 2, CG_RUNTIME_ERROR,
                     "pad should be at most half of kernel size, but got pad=%lld and kernel_size=%lld",
                     (long long)w->padding[d], (long long)w->kernel[d]);
    int64_t c = x->sizes[x->ndim - 3], h = x->sizes[x->ndim - 2], wd = x->sizes[x->ndim - 1];
    *oh = cg_pool_output_size(h, w->kernel[0], w->padding[0], w->stride[0], w->dilation[0], ceil_mode);
    *ow = cg_pool_output_size(wd, w->kernel[1], w->padding[1], w->stride[1], w->dilation[1], ceil_mode);
    CG_CHECK_INT(*oh >= 1 && *ow >= 1, CG_RUNTIME_ERROR,
                 "Given input size: (%lldx%lldx%lld). Calculated output size: (%lldx%lldx%lld). Output size is too "
                 "small",
                 (long long)c, (long long)h, (long long)wd, (long long)c, (long long)*oh, (long long)*ow);
    return 0;
}

/* x's sizes with the last two replaced */
static void out_sizes(const cg_tensor *x, int64_t oh, int64_t ow, int64_t *sizes) {
    for (int d = 0; d < x->ndim - 2; d++)
        sizes[d] = x->sizes[d];
    sizes[x->ndim - 2] = oh, sizes[x->ndim - 1] = ow;
}

/* Runs op over a contiguous copy of x into outs (allocated by the caller). */
static int run_pool(cg_op op, cg_tensor *x, int nout, cg_tensor **outs, const cg_op_args *args) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xc = cg_contiguous(x);
    cg_grad_set_enabled(was);
    if (!xc)
        return -1;
    cg_kernel_call call = {
        .op = op, .nout = nout, .nin = 1, .out = {outs[0], nout > 1 ? outs[1] : NULL}, .in = {xc}, .args = args};
    int rc = cg_op_run(&call);
    cg_tensor_release(xc);
    return rc;
}

cg_tensor *cg_max_pool2d(cg_tensor *x, const cg_window2d *w, bool ceil_mode, cg_tensor **indices) {
    if (indices)
        *indices = NULL;
    int64_t oh, ow, sizes[4];
    if (pool_shape(x, w, ceil_mode, &oh, &ow) < 0)
        return NULL;
    if (!cg_dtype_is_float(x->dtype)) {
        cg_nn_not_implemented(
            cg_tensor_device(x).type == CG_CPU ? "max_pool2d" : "max_pool2d_with_indices_out_cuda_frame", x->dtype);
        return NULL;
    }
    out_sizes(x, oh, ow, sizes);
    cg_tensor *outs[2] = {cg_tensor_empty(x->ndim, sizes, x->dtype, cg_tensor_device(x)),
                          cg_tensor_empty(x->ndim, sizes, CG_INT64, cg_tensor_device(x))};
    cg_op_args args = cg_window_args(w, oh, ow);
    int rc = outs[0] && outs[1] ? run_pool(CG_OP_MAX_POOL2D, x, 2, outs, &args) : -1;
    if (rc == 0 && cg_autograd_needed(1, &x)) {
        cg_save_spec save = {outs[1], "result1"};
        rc = cg_autograd_record(CG_OP_MAX_POOL2D, 2, outs, 1, &x, 1, &save, &args, NULL);
    }
    if (rc < 0 || !indices) {
        cg_tensor_release(outs[1]);
        outs[1] = NULL;
    }
    if (rc < 0) {
        cg_tensor_release(outs[0]);
        return NULL;
    }
    if (indices)
        *indices = outs[1];
    return outs[0];
}

/* ---- adaptive_max_pool2d ---------------------------------------------------------------- */

/* adaptive_avg_pool2d's windows; the first maximum, NaN winning, as max_pool2d */
#define ADAPTIVE_MAX_FN(name, T)                                                                                   \
    static void name(const T *in, T *out, int64_t *idx, pool_geom g) {                                             \
        _Pragma("omp parallel for if (g.planes * g.h * g.w > CG_PARALLEL_GRAIN)") for (int64_t p = 0; p < g.planes; \
                                                                                       p++) {                       \
            const T *src = in + p * g.h * g.w;                                                                     \
            for (int64_t y = 0; y < g.oh; y++)                                                                     \
                for (int64_t x = 0; x < g.ow; x++) {                                                               \
                    int64_t h0 = cg_adaptive_start(y, g.h, g.oh), h1 = cg_adaptive_end(y, g.h, g.oh);              \
                    int64_t w0 = cg_adaptive_start(x, g.w, g.ow), w1 = cg_adaptive_end(x, g.w, g.ow);              \
                    int64_t o = (p * g.oh + y) * g.ow + x;                                                         \
                    out[o] = max_window_##T(src, g.w, h0, h1, 1, w0, w1, 1, &idx[o]);                             \
                }                                                                                                  \
        }                                                                                                          \
    }
CG_EXPAND_FLOAT(ADAPTIVE_MAX_FN, adaptive_max)

/* in[0] x contiguous; out[0] the maxima, out[1] their int64 indices; args.i the output's size */
void cg_cpu_adaptive_max_pool2d(const cg_kernel_call *c) {
    pool_geom g = geom_of(c, c->in[0]);
    if (c->in[0]->dtype == CG_F32)
        adaptive_max_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), cg_tensor_data(c->out[1]), g);
    else
        adaptive_max_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), cg_tensor_data(c->out[1]), g);
}

cg_tensor *cg_adaptive_max_pool2d(cg_tensor *x, const int64_t output_size[2], cg_tensor **indices) {
    if (indices)
        *indices = NULL;
    char shown[128];
    CG_CHECK(x->ndim == 3 || x->ndim == 4, CG_RUNTIME_ERROR, "adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: %s",
             cg_sizes_str(x->ndim, x->sizes, shown, sizeof shown));
    for (int d = 1; d < x->ndim; d++)
        CG_CHECK(x->sizes[d] != 0, CG_RUNTIME_ERROR,
                 "adaptive_max_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input has "
                 "sizes %s with dimension %d being empty",
                 cg_sizes_str(x->ndim, x->sizes, shown, sizeof shown), d);
    if (!cg_dtype_is_float(x->dtype)) {
        cg_nn_not_implemented(cg_tensor_device(x).type == CG_CPU ? "adaptive_max_pool2d" : "adaptive_max_pool2d_cuda",
                              x->dtype);
        return NULL;
    }
    int64_t sizes[4];
    out_sizes(x, output_size[0], output_size[1], sizes);
    cg_tensor *outs[2] = {cg_tensor_empty(x->ndim, sizes, x->dtype, cg_tensor_device(x)), NULL};
    outs[1] = outs[0] ? cg_tensor_empty(x->ndim, sizes, CG_INT64, cg_tensor_device(x)) : NULL;
    cg_op_args args = {.i = {output_size[0], output_size[1]}};
    int rc = outs[1] ? 0 : -1;
    if (rc == 0 && cg_tensor_numel(outs[0]) > 0)
        rc = run_pool(CG_OP_ADAPTIVE_MAX_POOL2D, x, 2, outs, &args);
    if (rc == 0 && cg_autograd_needed(1, &x)) {
        cg_save_spec save = {outs[1], "result1"};
        rc = cg_autograd_record(CG_OP_ADAPTIVE_MAX_POOL2D, 2, outs, 1, &x, 1, &save, &args, NULL);
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

/* ---- max_unpool2d ----------------------------------------------------------------------- */

/* Each input value written at its index in its output plane (zeros
 * elsewhere); an index outside the plane writes nothing, and the last such
 * index in plane order is the one reported, as PyTorch's loop reports it.
 * Planes in order, one thread, so that the report does not vary. */
#define MAX_UNPOOL_FN(name, T)                                                                  \
    static int64_t name(const T *in, const int64_t *idx, T *out, int64_t planes, int64_t n, int64_t size) { \
        int64_t bad = -1;                                                                       \
        bool found = false;                                                                     \
        memset(out, 0, (size_t)(planes * size) * sizeof(T));                                   \
        for (int64_t p = 0; p < planes; p++)                                                    \
            for (int64_t i = 0; i < n; i++) {                                                   \
                int64_t at = idx[p * n + i];                                                    \
                if (at < 0 || at >= size)                                                       \
                    bad = at, found = true;                                                     \
                else                                                                            \
                    out[p * size + at] = in[p * n + i];                                         \
            }                                                                                   \
        return found ? bad : INT64_MIN;                                                         \
    }
CG_EXPAND_FLOAT(MAX_UNPOOL_FN, max_unpool)

/* in[0] the values [.., *in], in[1] their int64 indices, both contiguous;
 * out[0] [.., *out] with args.i the output's nd sizes */
static void max_unpool_run(const cg_kernel_call *c, int nd) {
    const cg_tensor *x = c->in[0];
    int64_t n = 1, size = 1, bad;
    for (int d = 0; d < nd; d++)
        n *= x->sizes[x->ndim - nd + d], size *= c->args->i[d];
    int64_t planes = n ? cg_tensor_numel(x) / n : 0;
    if (x->dtype == CG_F32)
        bad = max_unpool_f32(cg_tensor_data(x), cg_tensor_data(c->in[1]), cg_tensor_data(c->out[0]), planes, n, size);
    else
        bad = max_unpool_f64(cg_tensor_data(x), cg_tensor_data(c->in[1]), cg_tensor_data(c->out[0]), planes, n, size);
    if (bad == INT64_MIN)
        return;
    const int64_t *o = c->args->i;
    if (nd == 2)
        cg_error_set(CG_RUNTIME_ERROR, "Found an invalid max index: %lld (output volumes are of size %lldx%lld",
                     (long long)bad, (long long)o[0], (long long)o[1]);
    else
        cg_error_set(CG_RUNTIME_ERROR, "Found an invalid max index: %lld (output volumes are of size %lldx%lldx%lld",
                     (long long)bad, (long long)o[0], (long long)o[1], (long long)o[2]);
    cg_cpu_kernel_fail();
}

void cg_cpu_max_unpool2d(const cg_kernel_call *c) { max_unpool_run(c, 2); }
void cg_cpu_max_unpool3d(const cg_kernel_call *c) { max_unpool_run(c, 3); }

/* t [.., *last nd dims] with its last nd dims as one */
static cg_tensor *flat_last(cg_tensor *t, int nd) {
    int64_t sizes[CG_MAX_DIMS], k = 1;
    for (int d = 0; d < t->ndim - nd; d++)
        sizes[d] = t->sizes[d];
    for (int d = t->ndim - nd; d < t->ndim; d++)
        k *= t->sizes[d];
    sizes[t->ndim - nd] = k;
    return cg_reshape(t, t->ndim - nd + 1, sizes);
}

/* MaxUnpool2DBackward0 and MaxUnpool3DBackward0: the gradient read back at the indices */
int cg_bw_max_unpool2d(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *idx;
    if (cg_node_saved(n, 0, &idx) < 0)
        return -1;
    int nd = n->op == CG_OP_MAX_UNPOOL3D ? 3 : 2;
    cg_tensor *fg = flat_last(go[0], nd), *fi = fg ? flat_last(idx, nd) : NULL;
    cg_tensor *g = fi ? cg_gather(fg, fg->ndim - 1, fi) : NULL;
    const cg_meta *m = &n->in_meta[0];
    gi[0] = g ? cg_reshape(g, m->ndim, m->sizes) : NULL;
    cg_tensor_release(fg), cg_tensor_release(fi), cg_tensor_release(g);
    return gi[0] ? 0 : -1;
}

/* runs the unpooling op into [.., *output_size] and records it */
static cg_tensor *max_unpool_op(cg_op op, cg_tensor *x, cg_tensor *indices, int nd, const int64_t *output_size) {
    int64_t sizes[CG_MAX_DIMS];
    memcpy(sizes, x->sizes, (size_t)x->ndim * sizeof(int64_t));
    memcpy(sizes + x->ndim - nd, output_size, (size_t)nd * sizeof(int64_t));
    cg_tensor *out = cg_tensor_empty(x->ndim, sizes, x->dtype, cg_tensor_device(x));
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xc = out ? cg_contiguous(x) : NULL, *ic = xc ? cg_contiguous(indices) : NULL;
    cg_grad_set_enabled(was);
    cg_op_args args = {0};
    memcpy(args.i, output_size, (size_t)nd * sizeof(int64_t));
    int rc = ic ? 0 : -1;
    if (rc == 0 && cg_tensor_numel(out) > 0) {
        cg_kernel_call call = {.op = op, .nout = 1, .nin = 2, .out = {out}, .in = {xc, ic}, .args = &args};
        rc = cg_op_run(&call);
    }
    cg_tensor_release(xc), cg_tensor_release(ic);
    if (rc == 0 && cg_autograd_needed(1, &x)) {
        cg_save_spec save = {indices, "indices"};
        rc = cg_autograd_record(op, 1, &out, 1, &x, 1, &save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

cg_tensor *cg_max_unpool3d(cg_tensor *x, cg_tensor *indices, const int64_t output_size[3], const int64_t stride[3]) {
    char xs[128], is[128];
    CG_CHECK(indices->dtype == CG_INT64, CG_RUNTIME_ERROR, "elements in indices should be type int64");
    CG_CHECK(x->ndim == 4 || x->ndim == 5, CG_RUNTIME_ERROR,
             "Input to max_unpooling3d should be a 4d or 5d Tensor, but got a tensor with %d dimensions.", x->ndim);
    CG_CHECK(cg_sizes_equal(x->ndim, x->sizes, indices->ndim, indices->sizes), CG_RUNTIME_ERROR,
             "Expected shape of indices to be same as that of the input tensor (%s) but got indices tensor with "
             "shape: %s",
             cg_sizes_str(x->ndim, x->sizes, xs, sizeof xs), cg_sizes_str(indices->ndim, indices->sizes, is, sizeof is));
    for (int d = 1; d < x->ndim; d++)
        CG_CHECK(x->sizes[d] > 0, CG_RUNTIME_ERROR,
                 "max_unpooling3d_forward_out_cpu(): Expected input to have non-zero size for non-batch dimensions, "
                 "but got %s with dimension %d being empty.",
                 cg_sizes_str(x->ndim, x->sizes, xs, sizeof xs), d);
    CG_CHECK(stride[0] > 0 && stride[1] > 0 && stride[2] > 0, CG_RUNTIME_ERROR,
             "strides should be greater than zero, but got stride: %s", cg_sizes_str(3, stride, xs, sizeof xs));
    if (!cg_dtype_is_float(x->dtype)) {
        cg_nn_not_implemented("max_unpool3d", x->dtype);
        return NULL;
    }
    return max_unpool_op(CG_OP_MAX_UNPOOL3D, x, indices, 3, output_size);
}

cg_tensor *cg_max_unpool2d(cg_tensor *x, cg_tensor *indices, const int64_t output_size[2]) {
    char xs[128], is[128];
    CG_CHECK(indices->dtype == CG_INT64, CG_RUNTIME_ERROR, "elements in indices should be type int64 but got: %s",
             cg_dtype_legacy_name(indices->dtype));
    CG_CHECK(cg_sizes_equal(x->ndim, x->sizes, indices->ndim, indices->sizes), CG_RUNTIME_ERROR,
             "Expected shape of indices to be same as that of the input tensor (%s) but got indices tensor with "
             "shape: %s",
             cg_sizes_str(x->ndim, x->sizes, xs, sizeof xs), cg_sizes_str(indices->ndim, indices->sizes, is, sizeof is));
    CG_CHECK(x->ndim == 3 || x->ndim == 4, CG_RUNTIME_ERROR,
             "Input to max_unpooling2d should be a 3d or 4d Tensor, but got a tensor with %d dimensions.", x->ndim);
    for (int d = 1; d < x->ndim; d++)
        CG_CHECK(x->sizes[d] > 0, CG_RUNTIME_ERROR,
                 "max_unpooling2d_forward_out_cpu(): Expected input to have non-zero size for non-batch dimensions, "
                 "but got %s with dimension %d being empty.",
                 cg_sizes_str(x->ndim, x->sizes, xs, sizeof xs), d);
    if (!cg_dtype_is_float(x->dtype)) {
        cg_nn_not_implemented("max_unpooling2d_forward_out_cpu_frame", x->dtype);
        return NULL;
    }
    return max_unpool_op(CG_OP_MAX_UNPOOL2D, x, indices, 2, output_size);
}

/* ---- avg_pool2d ------------------------------------------------------------------------- */

/* Window (y, x)'s bounds clipped to the input, and its divisor, as PyTorch's
 * cpu_avg_pool computes them. */
typedef struct {
    int64_t h0, h1, w0, w1, divisor;
} avg_window;

static avg_window avg_window_at(const pool_geom *g, int64_t y, int64_t x) {
    avg_window a;
    a.h0 = y * g->win.stride[0] - g->win.padding[0], a.w0 = x * g->win.stride[1] - g->win.padding[1];
    a.h1 = a.h0 + g->win.kernel[0], a.w1 = a.w0 + g->win.kernel[1];
    int64_t hp = g->h + g->win.padding[0], wp = g->w + g->win.padding[1];
    a.h1 = a.h1 < hp ? a.h1 : hp, a.w1 = a.w1 < wp ? a.w1 : wp;
    int64_t padded = (a.h1 - a.h0) * (a.w1 - a.w0);
    a.h0 = a.h0 > 0 ? a.h0 : 0, a.w0 = a.w0 > 0 ? a.w0 : 0;
    a.h1 = a.h1 < g->h ? a.h1 : g->h, a.w1 = a.w1 < g->w ? a.w1 : g->w;
    a.divisor = g->divisor ? g->divisor : g->count_include_pad ? padded : (a.h1 - a.h0) * (a.w1 - a.w0);
    return a;
}

#define AVG_POOL_FN(name, T)                                                                                       \
    static void name(const T *in, T *out, pool_geom g) {                                                           \
        _Pragma("omp parallel for if (g.planes * g.oh * g.ow > CG_PARALLEL_GRAIN / 16)") for (int64_t p = 0;       \
                                                                                              p < g.planes; p++) { \
            const T *src = in + p * g.h * g.w;                                                                     \
            for (int64_t y = 0; y < g.oh; y++)                                                                     \
                for (int64_t x = 0; x < g.ow; x++) {                                                               \
                    avg_window a = avg_window_at(&g, y, x);                                                        \
                    T sum = 0;                                                                                     \
                    for (int64_t r = a.h0; r < a.h1; r++)                                                          \
                        for (int64_t s = a.w0; s < a.w1; s++)                                                      \
                            sum += src[r * g.w + s];                                                               \
                    out[(p * g.oh + y) * g.ow + x] = a.h0 < a.h1 && a.w0 < a.w1 ? sum / (T)a.divisor : 0;          \
                }                                                                                                  \
        }                                                                                                          \
    }
CG_EXPAND_FLOAT(AVG_POOL_FN, avg_pool)

void cg_cpu_avg_pool2d(const cg_kernel_call *c) {
    pool_geom g = geom_of(c, c->in[0]);
    if (c->in[0]->dtype == CG_F32)
        avg_pool_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
    else
        avg_pool_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
}

/* Its adjoint, as PyTorch's cpu_avg_pool_backward: each output's gradient
 * over its divisor, added into its window, outputs row by row, so that
 * overlapping windows add in PyTorch's order; one plane per thread. */
#define AVG_POOL_BW_FN(name, T)                                                                                    \
    static void name(const T *grad, T *gin, pool_geom g) {                                                         \
        _Pragma("omp parallel for if (g.planes * g.h * g.w > CG_PARALLEL_GRAIN)") for (int64_t p = 0;              \
                                                                                       p < g.planes; p++) {        \
            T *dst = gin + p * g.h * g.w;                                                                          \
            for (int64_t i = 0; i < g.h * g.w; i++)                                                                \
                dst[i] = 0;                                                                                        \
            for (int64_t y = 0; y < g.oh; y++)                                                                     \
                for (int64_t x = 0; x < g.ow; x++) {                                                               \
                    avg_window a = avg_window_at(&g, y, x);                                                        \
                    if (a.h0 >= a.h1 || a.w0 >= a.w1)                                                              \
                        continue;                                                                                  \
                    T d = grad[(p * g.oh + y) * g.ow + x] / (T)a.divisor;                                          \
                    for (int64_t r = a.h0; r < a.h1; r++)                                                          \
                        for (int64_t s = a.w0; s < a.w1; s++)                                                      \
                            dst[r * g.w + s] += d;                                                                 \
                }                                                                                                  \
        }                                                                                                          \
    }
CG_EXPAND_FLOAT(AVG_POOL_BW_FN, avg_pool_bw)

/* in[0] the gradient [.., oh, ow] contiguous, out[0] [.., H, W] */
void cg_cpu_avg_pool2d_backward(const cg_kernel_call *c) {
    pool_geom g = geom_of(c, c->out[0]);
    if (c->in[0]->dtype == CG_F32)
        avg_pool_bw_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
    else
        avg_pool_bw_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
}

/* op of x (planes of [.., h, w]) into a new tensor of x's leading dims and
 * the given last two, recorded with the pooling's args */
static cg_tensor *pool_into(cg_op op, cg_tensor *x, int64_t h, int64_t w, const cg_op_args *args) {
    int64_t sizes[4];
    out_sizes(x, h, w, sizes);
    cg_tensor *out = cg_tensor_empty(x->ndim, sizes, x->dtype, cg_tensor_device(x));
    if (!out || (cg_tensor_numel(out) > 0 && run_pool(op, x, 1, &out, args) < 0)) {
        cg_tensor_release(out);
        return NULL;
    }
    return cg_ew_record(out, op, 1, &x, 0, NULL, args);
}

cg_tensor *cg_avg_pool2d_backward(cg_tensor *grad, int64_t h, int64_t w, const cg_window2d *win,
                                  bool count_include_pad, int64_t divisor_override) {
    CG_CHECK(grad->ndim == 3 || grad->ndim == 4, CG_RUNTIME_ERROR, "avg_pool2d_backward: expected 3D or 4D gradient");
    cg_op_args args = cg_window_args(win, grad->sizes[grad->ndim - 2], grad->sizes[grad->ndim - 1]);
    args.flag = count_include_pad, args.i[2] = divisor_override;
    return pool_into(CG_OP_AVG_POOL2D_BACKWARD, grad, h, w, &args);
}

/* AvgPool2DBackward0 */
int cg_bw_avg_pool2d(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    const cg_meta *m = &n->in_meta[0];
    gi[0] = pool_into(CG_OP_AVG_POOL2D_BACKWARD, go[0], m->sizes[m->ndim - 2], m->sizes[m->ndim - 1], &n->args);
    return gi[0] ? 0 : -1;
}

/* AvgPool2DBackwardBackward0: the pooling of the gradient's gradient */
int cg_bw_avg_pool2d_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = pool_into(CG_OP_AVG_POOL2D, go[0], n->args.i[0], n->args.i[1], &n->args);
    return gi[0] ? 0 : -1;
}

cg_tensor *cg_avg_pool2d(cg_tensor *x, const cg_window2d *w, bool ceil_mode, bool count_include_pad,
                         int64_t divisor_override) {
    CG_CHECK(w->dilation[0] == 1 && w->dilation[1] == 1, CG_RUNTIME_ERROR, "avg_pool2d: dilation must be 1");
    int64_t oh, ow;
    if (pool_shape(x, w, ceil_mode, &oh, &ow) < 0)
        return NULL;
    if (!cg_dtype_is_float(x->dtype)) {
        cg_nn_not_implemented(cg_tensor_device(x).type == CG_CPU ? "avg_pool2d" : "avg_pool2d_out_cuda_frame",
                              x->dtype);
        return NULL;
    }
    cg_op_args args = cg_window_args(w, oh, ow);
    args.flag = count_include_pad, args.i[2] = divisor_override;
    return pool_into(CG_OP_AVG_POOL2D, x, oh, ow, &args);
}

/* ---- adaptive_avg_pool2d ---------------------------------------------------------------- */

#define ADAPTIVE_FN(name, T)                                                                                        \
    static void name(const T *in, T *out, pool_geom g) {                                                            \
        _Pragma("omp parallel for if (g.planes * g.h * g.w > CG_PARALLEL_GRAIN)") for (int64_t p = 0; p < g.planes; \
                                                                                       p++) for (int64_t y = 0;     \
                                                                                                 y < g.oh; y++) {   \
            int64_t h0 = cg_adaptive_start(y, g.h, g.oh), h1 = cg_adaptive_end(y, g.h, g.oh);                       \
            for (int64_t x = 0; x < g.ow; x++) {                                                                    \
                int64_t w0 = cg_adaptive_start(x, g.w, g.ow), w1 = cg_adaptive_end(x, g.w, g.ow);                   \
                T sum = 0;                                                                                          \
                for (int64_t r = h0; r < h1; r++)                                                                   \
                    for (int64_t s = w0; s < w1; s++)                                                               \
                        sum += in[(p * g.h + r) * g.w + s];                                                         \
                out[(p * g.oh + y) * g.ow + x] = sum / (T)(h1 - h0) / (T)(w1 - w0); /* twice, as PyTorch */         \
            }                                                                                                       \
        }                                                                                                           \
    }
CG_EXPAND_FLOAT(ADAPTIVE_FN, adaptive)

/* Its adjoint: each output's gradient over its window's height, then
 * width (two roundings, as PyTorch's kernel divides), added into
 * the window, outputs in order, one plane per thread. */
#define ADAPTIVE_BW_FN(name, T)                                                                                     \
    static void name(const T *grad, T *gin, pool_geom g) {                                                          \
        _Pragma("omp parallel for if (g.planes * g.h * g.w > CG_PARALLEL_GRAIN)") for (int64_t p = 0; p < g.planes; \
                                                                                       p++) {                       \
            T *dst = gin + p * g.h * g.w;                                                                           \
            for (int64_t i = 0; i < g.h * g.w; i++)                                                                 \
                dst[i] = 0;                                                                                         \
            for (int64_t y = 0; y < g.oh; y++) {                                                                    \
                int64_t h0 = cg_adaptive_start(y, g.h, g.oh), h1 = cg_adaptive_end(y, g.h, g.oh);                   \
                for (int64_t x = 0; x < g.ow; x++) {                                                                \
                    int64_t w0 = cg_adaptive_start(x, g.w, g.ow), w1 = cg_adaptive_end(x, g.w, g.ow);               \
                    T d = grad[(p * g.oh + y) * g.ow + x] / (T)(h1 - h0) / (T)(w1 - w0);                            \
                    for (int64_t r = h0; r < h1; r++)                                                               \
                        for (int64_t s = w0; s < w1; s++)                                                           \
                            dst[r * g.w + s] += d;                                                                  \
                }                                                                                                   \
            }                                                                                                       \
        }                                                                                                           \
    }
CG_EXPAND_FLOAT(ADAPTIVE_BW_FN, adaptive_bw)

/* in[0] x [.., H, W] contiguous, out[0] [.., oh, ow] */
void cg_cpu_adaptive_avg_pool2d(const cg_kernel_call *c) {
    pool_geom g = geom_of(c, c->in[0]);
    if (c->in[0]->dtype == CG_F32)
        adaptive_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
    else
        adaptive_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
}

/* in[0] the gradient [.., oh, ow] contiguous, out[0] [.., H, W]; args as the pooling's */
void cg_cpu_adaptive_avg_pool2d_backward(const cg_kernel_call *c) {
    pool_geom g = geom_of(c, c->out[0]);
    if (c->in[0]->dtype == CG_F32)
        adaptive_bw_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
    else
        adaptive_bw_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), g);
}

/* op of x into a new tensor of x's leading dims and the given last two */
static cg_tensor *adaptive_run(cg_op op, cg_tensor *x, int64_t h, int64_t w, int64_t oh, int64_t ow) {
    cg_op_args args = {.i = {oh, ow}};
    return pool_into(op, x, h, w, &args);
}

cg_tensor *cg_adaptive_avg_pool2d_backward(cg_tensor *grad, int64_t h, int64_t w) {
    int nd = grad->ndim;
    return adaptive_run(CG_OP_ADAPTIVE_AVG_POOL2D_BACKWARD, grad, h, w, grad->sizes[nd - 2], grad->sizes[nd - 1]);
}

/* AdaptiveAvgPool2DBackward0 */
int cg_bw_adaptive_avg_pool2d(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    const cg_meta *m = &n->in_meta[0];
    gi[0] = cg_adaptive_avg_pool2d_backward(go[0], m->sizes[m->ndim - 2], m->sizes[m->ndim - 1]);
    return gi[0] ? 0 : -1;
}

/* AdaptiveAvgPool2DBackwardBackward0: the pooling of the gradient's gradient */
int cg_bw_adaptive_avg_pool2d_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = adaptive_run(CG_OP_ADAPTIVE_AVG_POOL2D, go[0], n->args.i[0], n->args.i[1], n->args.i[0], n->args.i[1]);
    return gi[0] ? 0 : -1;
}

cg_tensor *cg_adaptive_avg_pool2d(cg_tensor *x, const int64_t output_size[2]) {
    if (check_input(x, "adaptive_avg_pool2d") < 0)
        return NULL;
    CG_CHECK(output_size[0] >= 0 && output_size[1] >= 0, CG_RUNTIME_ERROR,
             "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {%lld, "
             "%lld}",
             (long long)output_size[0], (long long)output_size[1]);
    if (!cg_dtype_is_float(x->dtype)) {
        cg_nn_not_implemented(cg_tensor_device(x).type == CG_CPU ? "adaptive_avg_pool2d" : "adaptive_avg_pool2d_cuda",
                              x->dtype);
        return NULL;
    }
    if (output_size[0] == 1 && output_size[1] == 1) { /* PyTorch takes the mean here */
        int64_t dims[2] = {-1, -2};
        return cg_mean(x, 2, dims, true);
    }
    return adaptive_run(CG_OP_ADAPTIVE_AVG_POOL2D, x, output_size[0], output_size[1], output_size[0], output_size[1]);
}
