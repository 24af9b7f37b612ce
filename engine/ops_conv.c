/* ops_conv.c: im2col and col2im (F.unfold, F.fold) and the convolution
 * built on them (ops_conv.h).
 *
 * Note [Convolution as im2col]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A convolution is a matrix product once every window of the input is
 * laid out as a column: im2col turns x [N, C, H, W] into columns, and the
 * output of each group is weight [O/g, C/g kh kw] @ cols[group]. The
 * columns are laid out [C kh kw, N, L] (L = oh ow), one matrix
 * [C kh kw, N L] for the whole batch, so each group is one large BLAS call
 * rather than one small call per sample; the product [O, N L] is then
 * permuted to [N, O, L]. This is the im2col + GEMM of PyTorch's
 * slow_conv2d (which it uses where no vendor library applies), with the
 * batch folded into the GEMM. The derivatives are the same products
 * turned around, with col2im, im2col's adjoint, scattering column
 * gradients back into the image (g: the gradient as [O, N L]):
 *   grad_input  = col2im(weight^T @ g)
 *   grad_weight = g @ cols^T, a GEMM per sample added to the running sum
 *                 as slow_conv2d adds them (cg_conv_sample_sums)
 *   grad_bias   = the gradient summed over all dims but the channel.
 * They are engine ops (im2col and col2im are rows of the table, each the
 * other's derivative), so a create_graph backward builds a graph that
 * differentiates again. Conv1d is conv2d over a height of one. */
#include <stdio.h>
#include <string.h>

#include "ew.h"
#include "nn_internal.h"
#include "onednn.h"
#include "ops.h"

/* ---- geometry ------------------------------------------------------------------------ */

cg_op_args cg_window_args(const cg_window2d *w, int64_t oh, int64_t ow) {
    cg_op_args a = {.i = {oh, ow}, .ndims = 8};
    for (int d = 0; d < 2; d++) {
        a.dims[d] = w->kernel[d], a.dims[2 + d] = w->stride[d];
        a.dims[4 + d] = w->padding[d], a.dims[6 + d] = w->dilation[d];
    }
    return a;
}

cg_window2d cg_window_of(const cg_op_args *a) {
    cg_window2d w;
    for (int d = 0; d < 2; d++) {
        w.kernel[d] = a->dims[d], w.stride[d] = a->dims[2 + d];
        w.padding[d] = a->dims[4 + d], w.dilation[d] = a->dims[6 + d];
    }
    return w;
}

/* positions of a window along one dim, by unfold's (and conv's) rule;
 * in 128 bits, so that user sizes near 2^63 cannot overflow: a count
 * beyond int64 saturates and fails later (as too small, or as too large to
 * allocate), never wraps to a small one. */
static int64_t positions(int64_t in, const cg_window2d *w, int d) {
    __int128 n =
        ((__int128)in + 2 * (__int128)w->padding[d] - (__int128)w->dilation[d] * (w->kernel[d] - 1) - 1) / w->stride[d]
        + 1;
    return n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : (int64_t)n;
}

/* ---- kernels ------------------------------------------------------------------------- */

typedef struct {
    int64_t planes, chans, h, w, oh, ow; /* planes: N * C */
    cg_window2d win;
    bool kn; /* columns laid out [C kh kw, N, L] (Note [Convolution as im2col]) */
} col_geom;

/* image: [N, C, H, W] or [C, H, W]; the layout flag in args->flag */
static col_geom geom_of(const cg_kernel_call *c, const cg_tensor *image) {
    int nd = image->ndim;
    col_geom g = {1,
                  image->sizes[nd - 3],
                  image->sizes[nd - 2],
                  image->sizes[nd - 1],
                  c->args->i[0],
                  c->args->i[1],
                  cg_window_of(c->args),
                  c->args->flag};
    for (int d = 0; d < nd - 2; d++)
        g.planes *= image->sizes[d];
    return g;
}

/* The first element of the column row of plane p (n C + c) at window offset k. */
static inline int64_t col_row(const col_geom *g, int64_t p, int64_t k) {
    int64_t kk = g->win.kernel[0] * g->win.kernel[1], L = g->oh * g->ow;
    if (!g->kn)
        return (p * kk + k) * L;
    int64_t n = p / g->chans, c = p % g->chans;
    return ((c * kk + k) * (g->planes / g->chans) + n) * L;
}

/* The positions [*lo, *hi) of a window offset along one dim whose input
 * index pos * stride + off falls inside [0, size): the rest read padding. */
static inline void valid_span(int64_t off, int64_t stride, int64_t size, int64_t n, int64_t *lo, int64_t *hi) {
    *lo = off >= 0 ? 0 : (-off + stride - 1) / stride;
    *hi = size - 1 - off < 0 ? 0 : (size - 1 - off) / stride + 1;
    *hi = *hi < n ? *hi : n;
    *lo = *lo < *hi ? *lo : *hi;
}

/* cols[p, i kw + j, y ow + x] = image[p, y sh - ph + i dh, x sw - pw + j dw], or 0
 * outside the image; p runs over N * C planes (col_row places the rows).
 * Each output row is zeros, then a strided copy of one input row, then
 * zeros: no test per element. */
#define IM2COL_FN(name, T)                                                                                      \
    static void name(const T *im, T *col, col_geom g) {                                                         \
        int64_t kh = g.win.kernel[0], kw = g.win.kernel[1];                                                     \
        _Pragma("omp parallel for collapse(2) if (g.planes * kh * kw * g.oh * g.ow > CG_PARALLEL_GRAIN)") for ( \
            int64_t p = 0; p < g.planes; p++) for (int64_t k = 0; k < kh * kw; k++) {                           \
            int64_t i = k / kw, j = k % kw, x0, x1;                                                             \
            int64_t off = j * g.win.dilation[1] - g.win.padding[1], sw = g.win.stride[1];                       \
            valid_span(off, sw, g.w, g.ow, &x0, &x1);                                                           \
            const T *src = im + p * g.h * g.w;                                                                  \
            T *dst = col + col_row(&g, p, k);                                                                   \
            for (int64_t y = 0; y < g.oh; y++, dst += g.ow) {                                                   \
                int64_t r = y * g.win.stride[0] - g.win.padding[0] + i * g.win.dilation[0];                     \
                if (r < 0 || r >= g.h) {                                                                        \
                    memset(dst, 0, (size_t)g.ow * sizeof(T));                                                   \
                    continue;                                                                                   \
                }                                                                                               \
                const T *row = src + r * g.w + off;                                                             \
                for (int64_t x = 0; x < x0; x++)                                                                \
                    dst[x] = 0;                                                                                 \
                if (sw == 1)                                                                                    \
                    memcpy(dst + x0, row + x0, (size_t)(x1 - x0) * sizeof(T));                                  \
                else                                                                                            \
                    for (int64_t x = x0; x < x1; x++)                                                           \
                        dst[x] = row[x * sw];                                                                   \
                for (int64_t x = x1; x < g.ow; x++)                                                             \
                    dst[x] = 0;                                                                                 \
            }                                                                                                   \
        }                                                                                                       \
    }
CG_EXPAND_NUMERIC(IM2COL_FN, im2col)

/* The adjoint: each plane of the image sums the columns that read it,
 * offset by offset (i, j) and row by row, which is the order PyTorch's
 * col2im adds them in, so float sums round alike. A thread owns whole
 * planes, so the additions do not race. */
#define COL2IM_FN(name, T)                                                                                        \
    static void name(const T *col, T *im, col_geom g) {                                                           \
        int64_t kh = g.win.kernel[0], kw = g.win.kernel[1];                                                       \
        _Pragma("omp parallel for if (g.planes * kh * kw * g.oh * g.ow > CG_PARALLEL_GRAIN)") for (int64_t p = 0; \
                                                                                                   p < g.planes;  \
                                                                                                   p++) {         \
            T *dst = im + p * g.h * g.w;                                                                          \
            memset(dst, 0, (size_t)(g.h * g.w) * sizeof(T));                                                      \
            for (int64_t k = 0; k < kh * kw; k++) {                                                               \
                int64_t i = k / kw, j = k % kw, x0, x1;                                                           \
                int64_t off = j * g.win.dilation[1] - g.win.padding[1], sw = g.win.stride[1];                     \
                valid_span(off, sw, g.w, g.ow, &x0, &x1);                                                         \
                const T *src = col + col_row(&g, p, k);                                                           \
                for (int64_t y = 0; y < g.oh; y++, src += g.ow) {                                                 \
                    int64_t r = y * g.win.stride[0] - g.win.padding[0] + i * g.win.dilation[0];                   \
                    if (r < 0 || r >= g.h)                                                                        \
                        continue;                                                                                 \
                    T *row = dst + r * g.w + off;                                                                 \
                    for (int64_t x = x0; x < x1; x++)                                                             \
                        row[x * sw] += src[x];                                                                    \
                }                                                                                                 \
            }                                                                                                     \
        }                                                                                                         \
    }
CG_EXPAND_FLOAT(COL2IM_FN, col2im)

typedef void (*col_fn)(const void *in, void *out, col_geom g);

/* in[0] the image [N, C, H, W] or [C, H, W] contiguous, out[0] the columns, contiguous */
void cg_cpu_im2col(const cg_kernel_call *c) {
    static const col_fn fns[CG_DTYPE_COUNT] = {CG_ROWS_NUMERIC((col_fn)im2col)};
    fns[c->in[0]->dtype](cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), geom_of(c, c->in[0]));
}

/* in[0] the columns contiguous, out[0] the image [N, C, H, W] or [C, H, W], contiguous */
void cg_cpu_col2im(const cg_kernel_call *c) {
    static const col_fn fns[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT((col_fn)col2im)};
    fns[c->in[0]->dtype](cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]), geom_of(c, c->out[0]));
}

/* ---- im2col / col2im, unchecked ------------------------------------------------------- */

/* Runs op from a contiguous copy of x into a new tensor of the given
 * sizes, and records it on x. */
static cg_tensor *run_window_op(cg_op op, cg_tensor *x, int ndim, const int64_t *sizes, const cg_op_args *args) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xc = cg_contiguous(x);
    cg_grad_set_enabled(was);
    cg_tensor *out = xc ? cg_tensor_empty(ndim, sizes, x->dtype, cg_tensor_device(x)) : NULL;
    if (out && cg_tensor_numel(out) > 0) {
        cg_kernel_call call = {.op = op, .nout = 1, .nin = 1, .out = {out}, .in = {xc}, .args = args};
        if (cg_op_run(&call) < 0) {
            cg_tensor_release(out);
            out = NULL;
        }
    }
    cg_tensor_release(xc);
    return cg_ew_record(out, op, 1, &x, 0, NULL, args);
}

cg_tensor *cg_im2col(cg_tensor *x, const cg_window2d *w, int64_t oh, int64_t ow, bool kn) {
    cg_op_args args = cg_window_args(w, oh, ow);
    args.flag = kn;
    bool batch = x->ndim == 4;
    int64_t rows = x->sizes[batch] * w->kernel[0] * w->kernel[1];
    int64_t sizes[3] = {batch ? x->sizes[0] : 0, rows, oh * ow};
    if (kn)
        sizes[0] = rows, sizes[1] = x->sizes[0];
    return run_window_op(CG_OP_IM2COL, x, 2 + batch, sizes + !batch, &args);
}

cg_tensor *cg_col2im(cg_tensor *cols, int64_t h, int64_t w, const cg_window2d *win, int64_t oh, int64_t ow, bool kn) {
    cg_op_args args = cg_window_args(win, oh, ow);
    args.flag = kn;
    bool batch = cols->ndim == 3;
    int64_t k = win->kernel[0] * win->kernel[1];
    int64_t sizes[4] = {cols->sizes[kn], cols->sizes[batch && !kn] / k, h, w};
    return run_window_op(CG_OP_COL2IM, cols, 3 + batch, sizes + !batch, &args);
}

/* Im2ColBackward0: col2im of the gradient over the input's size */
int cg_bw_im2col(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_window2d w = cg_window_of(&n->args);
    const cg_meta *m = &n->in_meta[0];
    gi[0] =
        cg_col2im(go[0], m->sizes[m->ndim - 2], m->sizes[m->ndim - 1], &w, n->args.i[0], n->args.i[1], n->args.flag);
    return gi[0] ? 0 : -1;
}

/* Col2ImBackward0: im2col of the gradient */
int cg_bw_col2im(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_window2d w = cg_window_of(&n->args);
    gi[0] = cg_im2col(go[0], &w, n->args.i[0], n->args.i[1], n->args.flag);
    return gi[0] ? 0 : -1;
}

/* ---- F.unfold / F.fold -------------------------------------------------------------- */

static int check_window(const cg_window2d *w) {
    CG_CHECK_INT(w->kernel[0] > 0 && w->kernel[1] > 0, CG_RUNTIME_ERROR,
                 "kernel size should be greater than zero, but got kernel_height: %lld kernel_width: %lld",
                 (long long)w->kernel[0], (long long)w->kernel[1]);
    CG_CHECK_INT(w->stride[0] > 0 && w->stride[1] > 0, CG_RUNTIME_ERROR,
                 "stride should be greater than zero, but got stride_height: %lld stride_width: %lld",
                 (long long)w->stride[0], (long long)w->stride[1]);
    CG_CHECK_INT(w->dilation[0] > 0 && w->dilation[1] > 0, CG_RUNTIME_ERROR,
                 "dilation should be greater than zero, but got dilation_height: %lld dilation_width: %lld",
                 (long long)w->dilation[0], (long long)w->dilation[1]);
    CG_CHECK_INT(w->padding[0] >= 0 && w->padding[1] >= 0, CG_RUNTIME_ERROR,
                 "padding should be non-negative, but got pad_height: %lld pad_width: %lld", (long long)w->padding[0],
                 (long long)w->padding[1]);
    return 0;
}

/* PyTorch's test of the input of im2col and col2im: batch dims may be 0, the others not */
static int check_batch_shape(const cg_tensor *x, int batched_ndim) {
    bool ok = x->ndim == batched_ndim || x->ndim == batched_ndim - 1;
    for (int d = x->ndim == batched_ndim ? 1 : 0; ok && d < x->ndim; d++)
        ok = x->sizes[d] != 0;
    char sizes[128];
    CG_CHECK_INT(ok, CG_RUNTIME_ERROR,
                 "Expected %dD or %dD (batch mode) tensor with possibly 0 batch size and other non-zero dimensions "
                 "for input, but got: %s",
                 batched_ndim - 1, batched_ndim, cg_sizes_str(x->ndim, x->sizes, sizes, sizeof sizes));
    return 0;
}

cg_tensor *cg_unfold(cg_tensor *input, const cg_window2d *w) {
    if (check_window(w) < 0 || check_batch_shape(input, 4) < 0)
        return NULL;
    int64_t h = input->sizes[input->ndim - 2], wd = input->sizes[input->ndim - 1];
    int64_t oh = positions(h, w, 0), ow = positions(wd, w, 1);
    CG_CHECK(oh >= 1 && ow >= 1, CG_RUNTIME_ERROR,
             "Given input with spatial size (%lld, %lld), kernel_size=(%lld, %lld), dilation=(%lld, %lld), "
             "padding=(%lld, %lld), calculated shape of the array of sliding blocks as (%lld, %lld), but its "
             "components must be at least one.",
             (long long)h, (long long)wd, (long long)w->kernel[0], (long long)w->kernel[1], (long long)w->dilation[0],
             (long long)w->dilation[1], (long long)w->padding[0], (long long)w->padding[1], (long long)oh,
             (long long)ow);
    if (!cg_dtype_is_float(input->dtype)) {
        cg_nn_not_implemented(cg_tensor_device(input).type == CG_CPU ? "im2col_out_cpu" : "im2col_out_cuda",
                              input->dtype);
        return NULL;
    }
    return cg_im2col(input, w, oh, ow, false);
}

cg_tensor *cg_fold(cg_tensor *input, const int64_t output_size[2], const cg_window2d *w) {
    if (check_window(w) < 0 || check_batch_shape(input, 3) < 0)
        return NULL;
    int64_t k = w->kernel[0] * w->kernel[1], c = input->sizes[input->ndim - 2], l = input->sizes[input->ndim - 1];
    CG_CHECK(output_size[0] > 0 && output_size[1] > 0, CG_RUNTIME_ERROR,
             "output size should be greater than zero, but got output_height: %lld output_width: %lld",
             (long long)output_size[0], (long long)output_size[1]);
    CG_CHECK(c % k == 0, CG_RUNTIME_ERROR,
             "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got "
             "input.size(1)=%lld and kernel_size=(%lld, %lld).",
             (long long)c, (long long)w->kernel[0], (long long)w->kernel[1]);
    int64_t oh = positions(output_size[0], w, 0), ow = positions(output_size[1], w, 1);
    char given[256];
    snprintf(given, sizeof given,
             "Given output_size=(%lld, %lld), kernel_size=(%lld, %lld), dilation=(%lld, %lld), padding=(%lld, %lld), "
             "stride=(%lld, %lld)",
             (long long)output_size[0], (long long)output_size[1], (long long)w->kernel[0], (long long)w->kernel[1],
             (long long)w->dilation[0], (long long)w->dilation[1], (long long)w->padding[0], (long long)w->padding[1],
             (long long)w->stride[0], (long long)w->stride[1]);
    CG_CHECK(oh >= 1 && ow >= 1, CG_RUNTIME_ERROR,
             "%s, calculated shape of the array of sliding blocks as (%lld, %lld), but its components must be at "
             "least one.",
             given, (long long)oh, (long long)ow);
    CG_CHECK(l == oh * ow, CG_RUNTIME_ERROR,
             "%s, expected size of input's dimension 2 to match the calculated number of sliding blocks %lld * %lld "
             "= %lld, but got input.size(2)=%lld.",
             given, (long long)oh, (long long)ow, (long long)(oh * ow), (long long)l);
    if (!cg_dtype_is_float(input->dtype)) {
        cg_nn_not_implemented(cg_tensor_device(input).type == CG_CPU ? "col2im_out_cpu" : "col2im_out_cuda",
                              input->dtype);
        return NULL;
    }
    return cg_col2im(input, output_size[0], output_size[1], w, oh, ow, false);
}

/* ---- convolution ---------------------------------------------------------------------- */

/* The convolution's window; its node keeps it in args (cg_window_args) and
 * the group count in args.i[2], the spatial dims in args.i[3]. */
typedef struct {
    cg_window2d win;
    int64_t groups;
    int nspatial;
} conv_spec;

static conv_spec spec_of(const cg_op_args *a) { return (conv_spec){cg_window_of(a), a->i[2], (int)a->i[3]}; }

/* t [.., *spatial] seen with a height of one for conv1d (not recorded) */
static cg_tensor *as_2d(cg_tensor *t, int nspatial) {
    if (nspatial == 2)
        return cg_tensor_retain(t);
    return cg_unsqueeze(t, t->ndim - 1);
}

/* The positions of the window over x4 [N, C, H, W]. */
static void conv_positions(const cg_tensor *x4, const cg_window2d *w, int64_t *oh, int64_t *ow) {
    *oh = positions(x4->sizes[2], w, 0);
    *ow = positions(x4->sizes[3], w, 1);
}

/* x4's columns as one matrix [C kh kw, N L] */
static cg_tensor *columns(cg_tensor *x4, const cg_window2d *w) {
    int64_t oh, ow;
    conv_positions(x4, w, &oh, &ow);
    cg_tensor *cols = cg_im2col(x4, w, oh, ow, true);
    int64_t sizes[2] = {cols ? cols->sizes[0] : 0, x4->sizes[0] * oh * ow};
    cg_tensor *m = cols ? cg_view(cols, 2, sizes) : NULL;
    cg_tensor_release(cols);
    return m;
}

/* [A, N L] as [N, A, *spatial], contiguous: the product's rows per sample */
static cg_tensor *per_sample(cg_tensor *m, int64_t n, int nspatial, int64_t oh, int64_t ow) {
    int64_t sizes[3] = {m->sizes[0], n, m->sizes[1] / (n ? n : 1)};
    cg_tensor *v = cg_view(m, 3, sizes), *p = v ? cg_permute(v, 3, (int64_t[]){1, 0, 2}) : NULL;
    cg_tensor *c = p ? cg_contiguous(p) : NULL;
    cg_tensor_release(v), cg_tensor_release(p);
    int64_t out[4] = {n, sizes[0], oh, ow};
    cg_tensor *r = c ? cg_view(c, 2 + nspatial, nspatial == 2 ? out : (int64_t[]){n, sizes[0], ow}) : NULL;
    cg_tensor_release(c);
    return r;
}

/* ---- the oneDNN path (Note [oneDNN paths] in onednn.c) ---- */

/* Whether PyTorch would run the convolution of x4 [N, C, H, W] by w4 in
 * oneDNN (ConvParams::use_mkldnn, conv1d seen as 2-d, as PyTorch views
 * it), with its geometry in *p; empty tensors take PyTorch's own path. */
static bool in_onednn(const cg_tensor *x4, const cg_tensor *w4, const conv_spec *s, cg_onednn_conv *p) {
    if (x4->dtype != CG_F32 || cg_tensor_device(x4).type != CG_CPU || !cg_tensor_numel(x4) || !cg_tensor_numel(w4))
        return false;
    *p = (cg_onednn_conv){x4->sizes[0], x4->sizes[1], x4->sizes[2], x4->sizes[3], w4->sizes[0], w4->sizes[2],
                          w4->sizes[3], 0, 0, s->groups};
    conv_positions(x4, &s->win, &p->oh, &p->ow);
    for (int d = 0; d < 2; d++) {
        p->stride[d] = s->win.stride[d], p->padding[d] = s->win.padding[d];
        p->dilation[d] = s->win.dilation[d];
    }
    return p->oh > 0 && p->ow > 0 && cg_onednn_conv_applies(p, cg_get_num_threads());
}

/* t contiguous (grad mode off: a buffer for oneDNN, not recorded), or NULL for NULL */
static cg_tensor *buffer(cg_tensor *t) {
    if (!t)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *c = cg_contiguous(t);
    cg_grad_set_enabled(was);
    return c;
}

static void *data_of(cg_tensor *t) { return t ? cg_tensor_data(t) : NULL; }

/* A new float tensor of the given sizes on x's device, or NULL. */
static cg_tensor *empty_as(const cg_tensor *x, int ndim, const int64_t *sizes) {
    return cg_tensor_empty(ndim, sizes, CG_F32, cg_tensor_device(x));
}

/* y [N, O, oh, ow] = conv(x4, w4) + b in oneDNN */
static cg_tensor *onednn_forward(cg_tensor *x4, cg_tensor *w4, cg_tensor *b, const cg_onednn_conv *p) {
    cg_tensor *x = buffer(x4), *w = x ? buffer(w4) : NULL, *bc = buffer(b);
    cg_tensor *y = w && (bc || !b) ? empty_as(x4, 4, (int64_t[]){p->n, p->o, p->oh, p->ow}) : NULL;
    if (y && cg_onednn_conv_forward(p, data_of(x), data_of(w), data_of(bc), data_of(y)) < 0)
        cg_tensor_release(y), y = NULL;
    cg_tensor_release(x), cg_tensor_release(w), cg_tensor_release(bc);
    return y;
}

/* The forward pass, all engine ops; grad mode is off around it. */
static cg_tensor *conv_forward(cg_tensor *x, cg_tensor *w, cg_tensor *b, const conv_spec *s) {
    cg_tensor *x4 = as_2d(x, s->nspatial), *w4 = x4 ? as_2d(w, s->nspatial) : NULL;
    cg_onednn_conv p;
    if (w4 && in_onednn(x4, w4, s, &p)) {
        cg_tensor *y = onednn_forward(x4, w4, b, &p);
        int64_t sizes[4] = {p.n, p.o, p.oh, p.ow};
        cg_tensor *out = y ? cg_view(y, 2 + s->nspatial, s->nspatial == 2 ? sizes : (int64_t[]){p.n, p.o, p.ow}) : NULL;
        cg_tensor_release(y), cg_tensor_release(x4), cg_tensor_release(w4);
        return out;
    }
    cg_tensor *cols = w4 ? columns(x4, &s->win) : NULL;
    cg_tensor *prod = cols ? cg_conv_group_products(w4, cols, s->groups, false) : NULL; /* [O, N L] */
    int64_t oh = 0, ow = 0;
    if (x4)
        conv_positions(x4, &s->win, &oh, &ow);
    cg_tensor_release(cols), cg_tensor_release(x4), cg_tensor_release(w4);
    if (prod && b) {
        cg_tensor *bv = cg_unsqueeze(b, 1);
        int rc = bv ? cg_add_(prod, bv, cg_scalar_int(1)) : -1;
        cg_tensor_release(bv);
        if (rc < 0)
            cg_tensor_release(prod), prod = NULL;
    }
    cg_tensor *out = prod ? per_sample(prod, x->sizes[0], s->nspatial, oh, ow) : NULL;
    cg_tensor_release(prod);
    return out;
}

/* grad_input: col2im of weight(g)^T @ grad(g) for every group; g2 is the
 * gradient as [O, N L] */
static cg_tensor *conv_grad_input(cg_tensor *g2, cg_tensor *x4, cg_tensor *w4, const conv_spec *s) {
    cg_tensor *cols = cg_conv_group_products(w4, g2, s->groups, true); /* [C kh kw, N L] */
    int64_t oh, ow;
    conv_positions(x4, &s->win, &oh, &ow);
    int64_t sizes[3] = {cols ? cols->sizes[0] : 0, x4->sizes[0], oh * ow};
    cg_tensor *c3 = cols ? cg_view(cols, 3, sizes) : NULL;
    cg_tensor *gi = c3 ? cg_col2im(c3, x4->sizes[2], x4->sizes[3], &s->win, oh, ow, true) : NULL;
    cg_tensor_release(cols), cg_tensor_release(c3);
    return gi;
}

/* grad_weight: grad(g) @ cols(g)^T for every group, summed sample after
 * sample as slow_conv2d sums it (cg_conv_sample_sums) */
static cg_tensor *conv_grad_weight(cg_tensor *g2, cg_tensor *x4, const conv_spec *s) {
    cg_tensor *cols = columns(x4, &s->win);
    cg_tensor *gw = cols ? cg_conv_sample_sums(g2, cols, x4->sizes[0], s->groups) : NULL;
    cg_tensor_release(cols);
    return gw;
}

/* the gradient [N, O, *spatial] as one matrix [O, N L] */
static cg_tensor *grad_matrix(cg_tensor *go) {
    int64_t n = go->sizes[0], o = go->sizes[1];
    int64_t sizes[3] = {n, o, n && o ? cg_tensor_numel(go) / (n * o) : 0};
    cg_tensor *g3 = cg_reshape(go, 3, sizes), *p = g3 ? cg_permute(g3, 3, (int64_t[]){1, 0, 2}) : NULL;
    int64_t flat[2] = {o, n * sizes[2]};
    cg_tensor *m = p ? cg_reshape(p, 2, flat) : NULL;
    cg_tensor_release(g3), cg_tensor_release(p);
    return m;
}

/* v reshaped to the size of the node's input i */
static cg_tensor *as_input(cg_node *n, int i, cg_tensor *v) {
    if (!v)
        return NULL;
    cg_tensor *r = cg_reshape(v, n->in_meta[i].ndim, n->in_meta[i].sizes);
    cg_tensor_release(v);
    return r;
}

/* The three gradients in oneDNN, as PyTorch's mkldnn_convolution_backward:
 * the input's from backward-data, the weight's and the bias's from one
 * backward-weights primitive (run when either is wanted). */
static int onednn_backward(cg_node *n, cg_tensor *g, cg_tensor *x4, cg_tensor *w4, const cg_onednn_conv *p,
                           cg_tensor **gi) {
    bool want_b = n->nin > 2 && n->next[2].node, want_w = n->next[1].node || want_b;
    cg_tensor *gc = buffer(g), *x = want_w ? buffer(x4) : NULL, *w = n->next[0].node ? buffer(w4) : NULL;
    int rc = gc && (x || !want_w) && (w || !n->next[0].node) ? 0 : -1;
    if (rc == 0 && w) {
        gi[0] = empty_as(x4, 4, x4->sizes);
        rc = gi[0] ? cg_onednn_conv_backward_data(p, data_of(gc), data_of(w), data_of(gi[0])) : -1;
    }
    cg_tensor *gw = rc == 0 && want_w ? empty_as(x4, 4, w4->sizes) : NULL;
    cg_tensor *gb = gw && want_b ? empty_as(x4, 1, &p->o) : NULL;
    if (rc == 0 && want_w)
        rc = gw && (gb || !want_b) ? cg_onednn_conv_backward_weights(p, data_of(x), data_of(gc), data_of(gw), data_of(gb))
                                   : -1;
    if (rc == 0 && n->next[1].node)
        gi[1] = cg_tensor_retain(gw);
    if (rc == 0 && want_b)
        gi[2] = cg_tensor_retain(gb);
    cg_tensor_release(gc), cg_tensor_release(x), cg_tensor_release(w), cg_tensor_release(gw), cg_tensor_release(gb);
    for (int i = 0; rc == 0 && i < 2; i++)
        if (gi[i] && !(gi[i] = as_input(n, i, gi[i])))
            rc = -1;
    return rc;
}

/* ConvolutionBackward0 (Note [Convolution as im2col]); in oneDNN where
 * PyTorch's runs there, unless the gradients must build a graph
 * (create_graph) */
int cg_bw_convolution(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    if (n->args.i[3] == 3)
        return cg_bw_conv3d(n, go, gi);
    if (n->args.flag)
        return cg_bw_conv_transpose(n, go, gi);
    cg_tensor *x, *w;
    if (cg_node_saved_all(n, 2, &x, &w) < 0)
        return -1;
    conv_spec s = spec_of(&n->args);
    cg_tensor *x4 = as_2d(x, s.nspatial), *w4 = x4 ? as_2d(w, s.nspatial) : NULL;
    cg_onednn_conv p;
    if (w4 && !cg_grad_enabled() && in_onednn(x4, w4, &s, &p)) {
        int64_t sizes[4] = {p.n, p.o, p.oh, p.ow};
        cg_tensor *g4 = cg_reshape(go[0], 4, sizes);
        int rc = g4 ? onednn_backward(n, g4, x4, w4, &p, gi) : -1;
        cg_tensor_release(g4), cg_tensor_release(x4), cg_tensor_release(w4);
        return rc;
    }
    cg_tensor *g2 = w4 ? grad_matrix(go[0]) : NULL;
    int rc = g2 ? 0 : -1;
    if (rc == 0 && n->next[0].node)
        rc = (gi[0] = as_input(n, 0, conv_grad_input(g2, x4, w4, &s))) ? 0 : -1;
    if (rc == 0 && n->next[1].node)
        rc = (gi[1] = as_input(n, 1, conv_grad_weight(g2, x4, &s))) ? 0 : -1;
    if (rc == 0 && n->nin > 2 && n->next[2].node) {
        int64_t dims[3] = {0, 2, 3};
        rc = (gi[2] = cg_sum(go[0], go[0]->ndim - 1, dims, false)) ? 0 : -1;
    }
    cg_tensor_release(x4), cg_tensor_release(w4), cg_tensor_release(g2);
    return rc;
}

/* PyTorch's "Input type (torch.FloatTensor) and weight type (...)" names */
static const char *legacy_type(const cg_tensor *t, char *buf, size_t n) {
    snprintf(buf, n, "torch.%s%sTensor", cg_tensor_device(t).type == CG_CPU ? "" : "cuda.", cg_dtype_legacy_name(t->dtype));
    return buf;
}

static int check_params(const conv_spec *s, const int64_t *stride, const int64_t *padding, const int64_t *dilation) {
    for (int d = 0; d < s->nspatial; d++) {
        CG_CHECK_INT(stride[d] > 0, CG_RUNTIME_ERROR, "non-positive stride is not supported");
        CG_CHECK_INT(padding[d] >= 0, CG_RUNTIME_ERROR, "negative padding is not supported");
        CG_CHECK_INT(dilation[d] > 0, CG_RUNTIME_ERROR, "non-positive dilation is not supported");
    }
    CG_CHECK_INT(s->groups > 0, CG_RUNTIME_ERROR, "non-positive groups is not supported");
    return 0;
}

/* PyTorch's check_shape_forward, on a batched input */
static int check_shapes(const cg_tensor *x, const cg_tensor *w, const cg_tensor *b, const conv_spec *s) {
    char ws[128], xs[128], bs[128];
    cg_sizes_str(w->ndim, w->sizes, ws, sizeof ws);
    cg_sizes_str(x->ndim, x->sizes, xs, sizeof xs);
    CG_CHECK_INT(w->ndim == x->ndim, CG_RUNTIME_ERROR,
                 "Expected %d-dimensional input for %d-dimensional weight %s, but got %d-dimensional input of size "
                 "%s instead",
                 w->ndim, w->ndim, ws, x->ndim, xs);
    CG_CHECK_INT(w->sizes[0] >= s->groups, CG_RUNTIME_ERROR,
                 "Given groups=%lld, expected weight to be at least %lld at dimension 0, but got weight of size %s "
                 "instead",
                 (long long)s->groups, (long long)s->groups, ws);
    CG_CHECK_INT(w->sizes[0] % s->groups == 0, CG_RUNTIME_ERROR,
                 "Given groups=%lld, expected weight to be divisible by %lld at dimension 0, but got weight of size "
                 "%s instead",
                 (long long)s->groups, (long long)s->groups, ws);
    CG_CHECK_INT(x->sizes[1] == w->sizes[1] * s->groups, CG_RUNTIME_ERROR,
                 "Given groups=%lld, weight of size %s, expected input%s to have %lld channels, but got %lld channels "
                 "instead",
                 (long long)s->groups, ws, xs, (long long)(w->sizes[1] * s->groups), (long long)x->sizes[1]);
    CG_CHECK_INT(!b || (b->ndim == 1 && b->sizes[0] == w->sizes[0]), CG_RUNTIME_ERROR,
                 "Given weight of size %s, expected bias to be 1-dimensional with %lld elements, but got bias of "
                 "size %s instead",
                 ws, (long long)w->sizes[0], b ? cg_sizes_str(b->ndim, b->sizes, bs, sizeof bs) : "");
    int64_t padded[2], kernel[2];
    bool fits = true;
    for (int d = 0; d < s->nspatial; d++) {
        int k = 2 - s->nspatial + d; /* the window's dim */
        /* compared wrapped to int64, as PyTorch compares and shows them, and
         * refused where the exact (128-bit) value does not fit int64 */
        __int128 p = (__int128)x->sizes[2 + d] + 2 * (__int128)s->win.padding[k];
        __int128 kn = (__int128)s->win.dilation[k] * (w->sizes[2 + d] - 1) + 1;
        padded[d] = (int64_t)(uint64_t)p, kernel[d] = (int64_t)(uint64_t)kn;
        fits = fits && padded[d] >= kernel[d] && p == padded[d] && kn == kernel[d];
    }
    if (!fits) {
        if (s->nspatial == 1)
            cg_error_set(CG_RUNTIME_ERROR,
                         "Calculated padded input size per channel: (%lld). Kernel size: (%lld). Kernel size can't be "
                         "greater than actual input size",
                         (long long)padded[0], (long long)kernel[0]);
        else
            cg_error_set(CG_RUNTIME_ERROR,
                         "Calculated padded input size per channel: (%lld x %lld). Kernel size: (%lld x %lld). "
                         "Kernel size can't be greater than actual input size",
                         (long long)padded[0], (long long)padded[1], (long long)kernel[0], (long long)kernel[1]);
        return -1;
    }
    char it[48], wt[48];
    CG_CHECK_INT(x->dtype == w->dtype && cg_device_equal(cg_tensor_device(x), cg_tensor_device(w)), CG_RUNTIME_ERROR,
                 "Input type (%s) and weight type (%s) should be the same or input should be a MKLDNN tensor and "
                 "weight is a dense tensor",
                 legacy_type(x, it, sizeof it), legacy_type(w, wt, sizeof wt));
    CG_CHECK_INT(!b || b->dtype == x->dtype, CG_RUNTIME_ERROR, "Input type (%s) and bias type (%s) should be the same",
                 cg_dtype_cpp_name(x->dtype), cg_dtype_cpp_name(b->dtype));
    if (b && cg_check_same_device(2, (cg_tensor *[]){(cg_tensor *)x, (cg_tensor *)b}) < 0)
        return -1;
    return 0;
}

/* the convolution of a batched input: ConvolutionBackward0 over (input, weight, bias) */
static cg_tensor *convolution_batched(cg_tensor *x, cg_tensor *w, cg_tensor *b, const conv_spec *s) {
    if (check_shapes(x, w, b, s) < 0)
        return NULL;
    CG_CHECK(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR, "\"slow_conv2d_cpu\" not implemented for '%s'",
             cg_dtype_legacy_name(x->dtype));
    /* slow_conv2d's shape check; a 1-d kernel is a 2-d one of height 1 */
    int64_t kh = s->nspatial == 1 ? 1 : w->sizes[2], kw = w->sizes[w->ndim - 1];
    CG_CHECK(kh > 0 && kw > 0, CG_RUNTIME_ERROR,
             "kernel size should be greater than zero, but got kernel_height: %lld kernel_width: %lld", (long long)kh,
             (long long)kw);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = conv_forward(x, w, b, s);
    cg_grad_set_enabled(was);
    cg_tensor *in[3] = {x, w, b};
    if (!out || !cg_autograd_needed(3, in))
        return out;
    cg_op_args args = cg_window_args(&s->win, 0, 0);
    args.i[2] = s->groups, args.i[3] = s->nspatial;
    cg_save_spec save[2] = {{x, "input"}, {w, "weight"}};
    if (cg_autograd_record(CG_OP_CONVOLUTION, 1, &out, 3, in, 2, save, &args, NULL)
        < 0) { /* bias None: an empty edge, as PyTorch's */
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

cg_tensor *cg_convolution(cg_tensor *input, cg_tensor *weight, cg_tensor *bias, int nspatial, const int64_t *stride,
                          const int64_t *padding, const int64_t *dilation, int64_t groups) {
    if (nspatial == 3)
        return cg_conv3d(input, weight, bias, stride, padding, NULL, dilation, groups);
    conv_spec s = {{{1, 1}, {1, 1}, {0, 0}, {1, 1}}, groups, nspatial};
    for (int d = 0; d < nspatial; d++) {
        int k = 2 - nspatial + d;
        s.win.stride[k] = stride[d], s.win.padding[k] = padding[d], s.win.dilation[k] = dilation[d];
        s.win.kernel[k] = weight->ndim == nspatial + 2 ? weight->sizes[2 + d] : 1;
    }
    if (check_params(&s, stride, padding, dilation) < 0)
        return NULL;
    char sizes[128];
    CG_CHECK(input->ndim == nspatial + 1 || input->ndim == nspatial + 2, CG_RUNTIME_ERROR,
             "Expected %dD (unbatched) or %dD (batched) input to conv%dd, but got input of size: %s", nspatial + 1,
             nspatial + 2, nspatial, cg_sizes_str(input->ndim, input->sizes, sizes, sizeof sizes));
    if (input->ndim == nspatial + 2)
        return convolution_batched(input, weight, bias, &s);
    /* unbatched: UnsqueezeBackward0 and SqueezeBackward1 around the node, as in PyTorch */
    cg_tensor *x = cg_unsqueeze(input, 0);
    cg_tensor *out = x ? convolution_batched(x, weight, bias, &s) : NULL;
    cg_tensor *sq = out ? cg_squeeze_dim(out, 0) : NULL;
    cg_tensor_release(x), cg_tensor_release(out);
    return sq;
}
