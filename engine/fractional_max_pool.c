/* fractional_max_pool.c: fractional_max_pool2d/3d (ops_grid.h), PyTorch
 * 1.13's FractionalMaxPool2d.cpp and FractionalMaxPool3d.cpp: per plane,
 * windows of the pool size that start at pseudo-random points drawn from
 * the plane's samples; the first maximum of each window (NaN winning) and
 * its index in the plane. The derivative adds the gradient at the indices.
 * Not the drawing of the samples (the caller's, torch.rand). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ew.h"
#include "iter.h"
#include "nn_internal.h"
#include "ops.h"

/* planes; input and output (T, H, W), pool (T, H, W) (2-d: T = 1) */
typedef struct {
    int64_t planes, in[3], out[3], pool[3];
    int nd;
} frac_geom;

/* generate_intervals: the n window starts along a side of size in */
#define INTERVALS_FN(name, T)                                                                        \
    static void name(T sample, int64_t in, int64_t n, int64_t pool, int64_t *seq) {                  \
        if (n > 1) {                                                                                 \
            T alpha = (T)(in - pool) / (T)(n - 1);                                                   \
            for (int64_t i = 0; i < n - 1; i++)                                                      \
                seq[i] = (int64_t)(int)((T)((T)i + sample) * alpha) - (int64_t)(int)(sample * alpha); \
        }                                                                                            \
        if (n > 0)                                                                                   \
            seq[n - 1] = in - pool;                                                                  \
    }
CG_EXPAND_FLOAT(INTERVALS_FN, intervals)

/* the plane's maxima: starts s[3][..] of each side's windows */
#define FRAC_PLANE_FN(name, T)                                                                                      \
    static void name(const T *src, T *dst, int64_t *idx, const frac_geom *g, int64_t *const s[3]) {                \
        int64_t H = g->in[1], Wd = g->in[2];                                                                        \
        for (int64_t t = 0; t < g->out[0]; t++)                                                                     \
            for (int64_t h = 0; h < g->out[1]; h++)                                                                 \
                for (int64_t w = 0; w < g->out[2]; w++) {                                                           \
                    int64_t t0 = s[0][t], h0 = s[1][h], w0 = s[2][w], best = (t0 * H + h0) * Wd + w0;               \
                    T max = -(T)INFINITY;                                                                           \
                    for (int64_t a = t0; a < t0 + g->pool[0]; a++)                                                  \
                        for (int64_t b = h0; b < h0 + g->pool[1]; b++)                                              \
                            for (int64_t c = w0; c < w0 + g->pool[2]; c++) {                                        \
                                if (a < 0 || a >= g->in[0] || b < 0 || b >= H || c < 0 || c >= Wd)                  \
                                    continue; /* samples outside [0, 1) */                                          \
                                T v = src[(a * H + b) * Wd + c];                                                    \
                                if (v > max || v != v)                                                              \
                                    max = v, best = (a * H + b) * Wd + c;                                           \
                            }                                                                                       \
                    int64_t o = (t * g->out[1] + h) * g->out[2] + w;                                                \
                    dst[o] = max, idx[o] = best;                                                                    \
                }                                                                                                   \
    }
CG_EXPAND_FLOAT(FRAC_PLANE_FN, frac_plane)

/* in[0] x [planes, (T,) H, W] contiguous, in[1] samples [planes, nd]
 * contiguous (2-d: W's then H's; 3-d: T's, H's, W's); out[0] the maxima,
 * out[1] their indices */
void cg_cpu_fractional_max_pool(const cg_kernel_call *c) {
    const cg_op_args *a = c->args;
    frac_geom g = {1, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, (int)a->i[0]};
    const cg_tensor *x = c->in[0];
    for (int d = 0; d < x->ndim - g.nd; d++)
        g.planes *= x->sizes[d];
    for (int d = 0; d < g.nd; d++) {
        g.in[3 - g.nd + d] = x->sizes[x->ndim - g.nd + d];
        g.pool[3 - g.nd + d] = a->dims[d], g.out[3 - g.nd + d] = a->dims[3 + d];
    }
    int64_t ip = g.in[0] * g.in[1] * g.in[2], op = g.out[0] * g.out[1] * g.out[2];
    bool f32 = x->dtype == CG_F32;
#pragma omp parallel for if (g.planes * ip > CG_PARALLEL_GRAIN)
    for (int64_t p = 0; p < g.planes; p++) {
        int64_t zero = 0, *seq[3] = {&zero, NULL, NULL};
        int64_t *buf = malloc((size_t)(g.out[0] + g.out[1] + g.out[2]) * sizeof(int64_t));
        if (!buf)
            continue;
        seq[0] = g.nd == 3 ? buf : &zero, seq[1] = buf + g.out[0], seq[2] = buf + g.out[0] + g.out[1];
        /* 2-d samples are (W, H); 3-d (T, H, W) */
        int which[3] = {0, 1, g.nd == 3 ? 2 : 0};
        for (int d = 3 - g.nd; d < 3; d++) {
            int64_t k = p * g.nd + which[d];
            if (f32)
                intervals_f32(((const float *)cg_tensor_data(c->in[1]))[k], g.in[d], g.out[d], g.pool[d], seq[d]);
            else
                intervals_f64(((const double *)cg_tensor_data(c->in[1]))[k], g.in[d], g.out[d], g.pool[d], seq[d]);
        }
        int64_t *idx = (int64_t *)cg_tensor_data(c->out[1]) + p * op;
        if (f32)
            frac_plane_f32((const float *)cg_tensor_data(x) + p * ip, (float *)cg_tensor_data(c->out[0]) + p * op, idx,
                           &g, seq);
        else
            frac_plane_f64((const double *)cg_tensor_data(x) + p * ip, (double *)cg_tensor_data(c->out[0]) + p * op,
                           idx, &g, seq);
        free(buf);
    }
}

/* FractionalMaxPool2DBackward0, FractionalMaxPool3DBackward0: the gradient
 * added at the saved indices, plane by plane */
int cg_bw_fractional_max_pool(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *idx;
    if (cg_node_saved(n, 0, &idx) < 0)
        return -1;
    const cg_meta *m = &n->in_meta[0];
    int nd = (int)n->args.i[0], lead = m->ndim - nd;
    int64_t in_flat[CG_MAX_DIMS], out_flat[CG_MAX_DIMS];
    memcpy(in_flat, m->sizes, (size_t)lead * sizeof(int64_t));
    memcpy(out_flat, go[0]->sizes, (size_t)lead * sizeof(int64_t));
    in_flat[lead] = 1, out_flat[lead] = 1;
    for (int d = lead; d < m->ndim; d++)
        in_flat[lead] *= m->sizes[d], out_flat[lead] *= go[0]->sizes[d];
    cg_tensor *zeros = cg_zeros(lead + 1, in_flat, go[0]->dtype, cg_tensor_device(go[0]));
    cg_tensor *fi = zeros ? cg_reshape(idx, lead + 1, out_flat) : NULL;
    cg_tensor *fg = fi ? cg_reshape(go[0], lead + 1, out_flat) : NULL;
    cg_tensor *sum = fg ? cg_scatter_add(zeros, lead, fi, fg) : NULL;
    gi[0] = sum ? cg_reshape(sum, m->ndim, m->sizes) : NULL;
    cg_tensor_release(zeros), cg_tensor_release(fi), cg_tensor_release(fg), cg_tensor_release(sum);
    return gi[0] ? 0 : -1;
}

/* PyTorch's shape checks; the output's last nd sizes are output_size */
static int check(const cg_tensor *x, int nd, const int64_t *kernel, const int64_t *out, const cg_tensor *samples) {
    const char *fn = nd == 2 ? "fractional_max_pool2d()" : "fractional_max_pool3d_out()";
    char s[128];
    CG_CHECK_INT(x->ndim == nd + 1 || x->ndim == nd + 2, CG_RUNTIME_ERROR, "%s: Expected %dD or %dD tensor, but got: %s",
                 fn, nd + 1, nd + 2, cg_sizes_str(x->ndim, x->sizes, s, sizeof s));
    for (int d = 1; d < x->ndim; d++)
        CG_CHECK_INT(x->sizes[d] > 0, CG_RUNTIME_ERROR,
                     "%s: Expected input to have non-zero size for non-batch dimensions, but got%s with dimension %d "
                     "being empty.",
                     fn, cg_sizes_str(x->ndim, x->sizes, s, sizeof s), d);
    int64_t shape[CG_MAX_DIMS];
    memcpy(shape, x->sizes, (size_t)x->ndim * sizeof(int64_t));
    memcpy(shape + x->ndim - nd, out, (size_t)nd * sizeof(int64_t));
    for (int d = 0; d < nd; d++)
        CG_CHECK_INT(out[d] >= 0, CG_RUNTIME_ERROR, "Trying to create tensor with negative dimension %lld: %s",
                     (long long)out[d], cg_sizes_str(x->ndim, shape, s, sizeof s));
    static const char *const side[2][3] = {{"height", "width", ""}, {"time", "height", "width"}};
    for (int d = 0; d < nd; d++) {
        int64_t in = x->sizes[x->ndim - nd + d];
        CG_CHECK_INT(kernel[d] <= in - out[d] + 1, CG_RUNTIME_ERROR, "%s: pool %s %lld too large relative to input %s %lld",
                     fn, side[nd - 2][d], (long long)kernel[d], side[nd - 2][d], (long long)in);
    }
    if (!cg_dtype_is_float(x->dtype) || x->dtype == CG_F16 || x->dtype == CG_BF16) {
        cg_error_set(CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'",
                     nd == 2 ? "fractional_max_pool2d_out_frame" : "fractional_max_pool3d_out_frame",
                     cg_dtype_legacy_name(x->dtype));
        return -1;
    }
    CG_CHECK_INT(samples->dtype == x->dtype, CG_RUNTIME_ERROR, "expected scalar type %s but found %s",
                 cg_dtype_legacy_name(x->dtype), cg_dtype_legacy_name(samples->dtype));
    int64_t planes = x->sizes[x->ndim - nd - 1] * (x->ndim == nd + 2 ? x->sizes[0] : 1);
    CG_CHECK_INT(cg_tensor_numel(samples) >= planes * nd, CG_RUNTIME_ERROR,
                 "%s: expected _random_samples to hold %d samples per plane of the input", fn, nd);
    return 0;
}

cg_tensor *cg_fractional_max_pool(cg_tensor *x, int nd, const int64_t *kernel, const int64_t *output_size,
                                  cg_tensor *samples, cg_tensor **indices) {
    if (indices)
        *indices = NULL;
    if (check(x, nd, kernel, output_size, samples) < 0)
        return NULL;
    cg_op op = nd == 2 ? CG_OP_FRACTIONAL_MAX_POOL2D : CG_OP_FRACTIONAL_MAX_POOL3D;
    cg_op_args args = {.i = {nd}};
    memcpy(args.dims, kernel, (size_t)nd * sizeof(int64_t));
    memcpy(args.dims + 3, output_size, (size_t)nd * sizeof(int64_t));
    int64_t shape[CG_MAX_DIMS];
    memcpy(shape, x->sizes, (size_t)x->ndim * sizeof(int64_t));
    memcpy(shape + x->ndim - nd, output_size, (size_t)nd * sizeof(int64_t));
    cg_device dev = cg_tensor_device(x);
    cg_tensor *outs[2] = {cg_tensor_empty(x->ndim, shape, x->dtype, dev), cg_tensor_empty(x->ndim, shape, CG_INT64, dev)};
    int rc = outs[0] && outs[1] ? 0 : -1;
    if (rc == 0 && cg_tensor_numel(outs[0]) > 0) {
        bool was = cg_grad_set_enabled(false);
        cg_tensor *xc = cg_contiguous(x), *sc = xc ? cg_contiguous(samples) : NULL;
        cg_grad_set_enabled(was);
        cg_kernel_call call = {.op = op, .nout = 2, .nin = 2, .out = {outs[0], outs[1]}, .in = {xc, sc}, .args = &args};
        rc = sc ? cg_op_run(&call) : -1;
        cg_tensor_release(xc), cg_tensor_release(sc);
    }
    if (rc == 0 && cg_autograd_needed(1, &x)) {
        cg_save_spec save = {outs[1], "indices"};
        rc = cg_autograd_record(op, 2, outs, 1, &x, 1, &save, &args, NULL);
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
