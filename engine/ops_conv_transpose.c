/* ops_conv_transpose.c: the transposed convolution (conv_transpose1d and
 * conv_transpose2d) and its derivative; not the plain convolution
 * (ops_conv.c), whose node it shares.
 *
 * Note [Transposed convolution as col2im]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13 runs a CPU transposed convolution in slow_conv_transpose2d
 * for float32 as for float64 (its use_mkldnn does not take transposed
 * ones here: ONEDNN_VERBOSE shows no primitive), and records it as
 * ConvolutionBackward0. Per sample n and group g, with the weight
 * [Cin, Cout/g, kh, kw] seen as the matrix W [Cin/g, Cout/g kh kw]:
 *   cols   = W^T @ x[n, g]               [Cout/g kh kw, H W]
 *   y[n, g] = col2im(cols)               [Cout/g, oh, ow]
 *   y     += bias                        (after col2im, not before)
 * and its derivative:
 *   grad_x[n, g] = W @ im2col(grad_y[n, g])
 *   grad_W      += x[n, g] @ im2col(grad_y[n, g])^T, sample after sample
 *                  (a gemm with beta 1 into the running sum: addmm here)
 *   grad_bias    = grad_y summed over all dims but the channel, a group
 *                  at a time.
 * Every step is an engine op, so create_graph differentiates again, and
 * the products are the same BLAS calls PyTorch makes (transposes passed as
 * flags), so the sums round alike. 1-d is 2-d over a height of one. */
#include <stdio.h>

#include "ew.h"
#include "nn_internal.h"
#include "ops.h"

/* The node's args: the window (cg_window_args) with the
 * output_padding in i[0..1], groups in i[2], nspatial in i[3], flag set
 * (a transposed convolution). */
typedef struct {
    cg_window2d win;
    int64_t groups, out_pad[2];
    int nspatial;
} tconv_spec;

static tconv_spec spec_of(const cg_op_args *a) {
    return (tconv_spec){cg_window_of(a), a->i[2], {a->i[0], a->i[1]}, (int)a->i[3]};
}

/* t [.., *spatial] seen with a height of one for 1-d (not recorded) */
static cg_tensor *as_2d(cg_tensor *t, int nspatial) {
    return nspatial == 2 ? cg_tensor_retain(t) : cg_unsqueeze(t, t->ndim - 1);
}

/* The output's length along window dim d for an input of `in`. */
static int64_t out_len(const tconv_spec *s, int d, int64_t in) {
    __int128 n = ((__int128)in - 1) * s->win.stride[d] - 2 * (__int128)s->win.padding[d]
                 + (__int128)s->win.dilation[d] * (s->win.kernel[d] - 1) + s->out_pad[d] + 1;
    return n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : (int64_t)n;
}

/* group g of the weight w4 [Cin, Cout/g, kh, kw] as [Cin/g, Cout/g kh kw] */
static cg_tensor *weight_matrix(cg_tensor *w4, int64_t g, int64_t groups) {
    int64_t rows = w4->sizes[0] / groups;
    cg_tensor *part = cg_narrow(w4, 0, g * rows, rows);
    int64_t sizes[2] = {rows, rows ? cg_tensor_numel(w4) / w4->sizes[0] : 0};
    cg_tensor *m = part ? cg_reshape(part, 2, sizes) : NULL;
    cg_tensor_release(part);
    return m;
}

/* channels [g c, (g + 1) c) of sample n of t4 [N, C, h, w], as [c, h w] */
static cg_tensor *sample_group(cg_tensor *t4, int64_t n, int64_t g, int64_t groups) {
    int64_t c = t4->sizes[1] / groups;
    cg_tensor *s = cg_select(t4, 0, n), *p = s ? cg_narrow(s, 0, g * c, c) : NULL;
    int64_t sizes[2] = {c, t4->sizes[2] * t4->sizes[3]};
    cg_tensor *m = p ? cg_reshape(p, 2, sizes) : NULL;
    cg_tensor_release(s), cg_tensor_release(p);
    return m;
}

/* Concatenates parts[0 .. n) along dim and releases them. */
static cg_tensor *joined(cg_tensor **parts, int64_t n, int64_t dim) {
    cg_tensor *out = NULL;
    bool ok = true;
    for (int64_t i = 0; i < n; i++)
        ok = ok && parts[i];
    if (ok)
        out = n == 1 ? cg_tensor_retain(parts[0]) : cg_cat((int)n, parts, dim);
    for (int64_t i = 0; i < n; i++)
        cg_tensor_release(parts[i]);
    return out;
}

/* Stacks parts[0 .. n) along dim 0 and releases them. */
static cg_tensor *stacked(cg_tensor **parts, int64_t n) {
    cg_tensor *out = NULL;
    bool ok = true;
    for (int64_t i = 0; i < n; i++)
        ok = ok && parts[i];
    if (ok)
        out = cg_stack((int)n, parts, 0);
    for (int64_t i = 0; i < n; i++)
        cg_tensor_release(parts[i]);
    return out;
}

/* y[n, g] = col2im(W(g)^T @ x[n, g]) [Cout/g, oh, ow] */
static cg_tensor *sample_forward(cg_tensor *x4, cg_tensor *w4, const tconv_spec *s, int64_t n, int64_t g, int64_t oh,
                                 int64_t ow) {
    cg_tensor *m = weight_matrix(w4, g, s->groups), *mt = m ? cg_transpose(m, 0, 1) : NULL;
    cg_tensor *xs = mt ? sample_group(x4, n, g, s->groups) : NULL;
    cg_tensor *cols = xs ? cg_mm(mt, xs) : NULL;
    cg_tensor *y = cols ? cg_col2im(cols, oh, ow, &s->win, x4->sizes[2], x4->sizes[3], false) : NULL;
    cg_tensor_release(m), cg_tensor_release(mt), cg_tensor_release(xs), cg_tensor_release(cols);
    return y;
}

/* The forward pass of a batched x4 [N, Cin, H, W]: y [N, Cout, oh, ow]. */
static cg_tensor *forward(cg_tensor *x4, cg_tensor *w4, cg_tensor *b, const tconv_spec *s, int64_t oh, int64_t ow) {
    int64_t N = x4->sizes[0];
    if (N == 0) /* an empty batch: nothing to stack */
        return cg_zeros(4, (int64_t[]){0, w4->sizes[1] * s->groups, oh, ow}, x4->dtype, cg_tensor_device(x4));
    cg_tensor *groups[s->groups];
    for (int64_t g = 0; g < s->groups; g++) {
        cg_tensor *parts[N > 0 ? N : 1];
        for (int64_t n = 0; n < N; n++)
            parts[n] = sample_forward(x4, w4, s, n, g, oh, ow);
        groups[g] = stacked(parts, N);
    }
    cg_tensor *y = joined(groups, s->groups, 1);
    if (y && b) {
        cg_tensor *b1 = cg_unsqueeze(b, 1), *b2 = b1 ? cg_unsqueeze(b1, 2) : NULL;
        int rc = b2 ? cg_add_(y, b2, cg_scalar_int(1)) : -1;
        cg_tensor_release(b1), cg_tensor_release(b2);
        if (rc < 0)
            cg_tensor_release(y), y = NULL;
    }
    return y;
}

/* ---- the derivative ------------------------------------------------------------------ */

/* im2col of grad_y[n, g] over the input's positions: [Cout/g kh kw, H W] */
static cg_tensor *grad_columns(cg_tensor *g4, const tconv_spec *s, int64_t n, int64_t g, int64_t h, int64_t w) {
    int64_t c = g4->sizes[1] / s->groups;
    cg_tensor *gs = cg_select(g4, 0, n), *gp = gs ? cg_narrow(gs, 0, g * c, c) : NULL;
    cg_tensor *cols = gp ? cg_im2col(gp, &s->win, h, w, false) : NULL;
    cg_tensor_release(gs), cg_tensor_release(gp);
    return cols;
}

/* grad_x [N, Cin, H, W]: W(g) @ im2col(grad_y[n, g]) */
static cg_tensor *grad_input(cg_tensor *g4, cg_tensor *x4, cg_tensor *w4, const tconv_spec *s) {
    int64_t N = x4->sizes[0], h = x4->sizes[2], w = x4->sizes[3];
    if (N == 0)
        return cg_zeros(4, x4->sizes, x4->dtype, cg_tensor_device(x4));
    cg_tensor *groups[s->groups];
    for (int64_t g = 0; g < s->groups; g++) {
        cg_tensor *parts[N > 0 ? N : 1];
        cg_tensor *m = weight_matrix(w4, g, s->groups);
        for (int64_t n = 0; n < N; n++) {
            cg_tensor *cols = m ? grad_columns(g4, s, n, g, h, w) : NULL, *p = cols ? cg_mm(m, cols) : NULL;
            int64_t sizes[3] = {x4->sizes[1] / s->groups, h, w};
            parts[n] = p ? cg_reshape(p, 3, sizes) : NULL;
            cg_tensor_release(cols), cg_tensor_release(p);
        }
        cg_tensor_release(m);
        groups[g] = stacked(parts, N);
    }
    return joined(groups, s->groups, 1);
}

/* grad_W(g) [Cin/g, Cout/g kh kw]: the products x[n, g] @ cols[n, g]^T
 * added sample after sample into the running sum */
static cg_tensor *grad_weight_group(cg_tensor *g4, cg_tensor *x4, const tconv_spec *s, int64_t g) {
    int64_t h = x4->sizes[2], w = x4->sizes[3];
    cg_tensor *acc = NULL;
    for (int64_t n = 0; n < x4->sizes[0]; n++) {
        cg_tensor *cols = grad_columns(g4, s, n, g, h, w), *ct = cols ? cg_transpose(cols, 0, 1) : NULL;
        cg_tensor *xs = ct ? sample_group(x4, n, g, s->groups) : NULL;
        cg_tensor *next = !xs ? NULL
                          : acc ? cg_addmm(acc, xs, ct, cg_scalar_int(1), cg_scalar_int(1))
                                : cg_mm(xs, ct);
        cg_tensor_release(cols), cg_tensor_release(ct), cg_tensor_release(xs), cg_tensor_release(acc);
        if (!(acc = next))
            return NULL;
    }
    if (!acc) { /* an empty batch: zeros */
        int64_t sizes[2] = {x4->sizes[1] / s->groups, g4->sizes[1] / s->groups * s->win.kernel[0] * s->win.kernel[1]};
        acc = cg_zeros(2, sizes, x4->dtype, cg_tensor_device(x4));
    }
    return acc;
}

static cg_tensor *grad_weight(cg_tensor *g4, cg_tensor *x4, const tconv_spec *s) {
    cg_tensor *parts[s->groups];
    for (int64_t g = 0; g < s->groups; g++)
        parts[g] = grad_weight_group(g4, x4, s, g);
    return joined(parts, s->groups, 0);
}

/* grad_bias [Cout]: each group's channels of grad_y, made contiguous,
 * summed over all dims but the channel (PyTorch runs one call per group) */
static cg_tensor *grad_bias(cg_tensor *g4, int64_t groups) {
    int64_t c = g4->sizes[1] / groups, dims[3] = {0, 2, 3};
    cg_tensor *parts[groups];
    for (int64_t g = 0; g < groups; g++) {
        cg_tensor *p = cg_narrow(g4, 1, g * c, c), *pc = p ? cg_contiguous(p) : NULL;
        parts[g] = pc ? cg_sum(pc, 3, dims, false) : NULL;
        cg_tensor_release(p), cg_tensor_release(pc);
    }
    return joined(parts, groups, 0);
}

/* v reshaped to the size of the node's input i */
static cg_tensor *as_input(cg_node *n, int i, cg_tensor *v) {
    if (!v)
        return NULL;
    cg_tensor *r = cg_reshape(v, n->in_meta[i].ndim, n->in_meta[i].sizes);
    cg_tensor_release(v);
    return r;
}

/* ConvolutionBackward0 of a transposed convolution (cg_bw_convolution
 * hands it over; Note [Transposed convolution as col2im]) */
int cg_bw_conv_transpose(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *w;
    if (cg_node_saved_all(n, 2, &x, &w) < 0)
        return -1;
    tconv_spec s = spec_of(&n->args);
    cg_tensor *x4 = as_2d(x, s.nspatial), *w4 = x4 ? as_2d(w, s.nspatial) : NULL;
    cg_tensor *g4 = w4 ? as_2d(go[0], s.nspatial) : NULL, *gc = g4 ? cg_contiguous(g4) : NULL;
    int rc = gc ? 0 : -1;
    if (rc == 0 && n->next[0].node)
        rc = (gi[0] = as_input(n, 0, grad_input(gc, x4, w4, &s))) ? 0 : -1;
    if (rc == 0 && n->next[1].node)
        rc = (gi[1] = as_input(n, 1, grad_weight(gc, x4, &s))) ? 0 : -1;
    if (rc == 0 && n->nin > 2 && n->next[2].node)
        rc = (gi[2] = grad_bias(gc, s.groups)) ? 0 : -1;
    cg_tensor_release(x4), cg_tensor_release(w4), cg_tensor_release(g4), cg_tensor_release(gc);
    return rc;
}

/* ---- checks -------------------------------------------------------------------------- */

static int check_params(const tconv_spec *s) {
    for (int d = 2 - s->nspatial; d < 2; d++) {
        CG_CHECK_INT(s->win.stride[d] > 0, CG_RUNTIME_ERROR, "non-positive stride is not supported");
        CG_CHECK_INT(s->win.padding[d] >= 0, CG_RUNTIME_ERROR, "negative padding is not supported");
        CG_CHECK_INT(s->out_pad[d] >= 0, CG_RUNTIME_ERROR, "negative output_padding is not supported");
        CG_CHECK_INT(s->win.dilation[d] > 0, CG_RUNTIME_ERROR, "dilation should be greater than zero");
    }
    CG_CHECK_INT(s->groups > 0, CG_RUNTIME_ERROR, "non-positive groups is not supported");
    return 0;
}

/* PyTorch's check_shape_forward for transposed=1, on a batched input */
static int check_shapes(const cg_tensor *x, const cg_tensor *w, const cg_tensor *b, const tconv_spec *s) {
    char ws[128], xs[128], bs[128];
    cg_sizes_str(w->ndim, w->sizes, ws, sizeof ws);
    cg_sizes_str(x->ndim, x->sizes, xs, sizeof xs);
    CG_CHECK_INT(w->ndim == x->ndim, CG_RUNTIME_ERROR,
                 "Expected %d-dimensional input for %d-dimensional weight %s, but got %d-dimensional input of size "
                 "%s instead",
                 w->ndim, w->ndim, ws, x->ndim, xs);
    CG_CHECK_INT(w->sizes[0] % s->groups == 0, CG_RUNTIME_ERROR,
                 "Given groups=%lld, expected weight to be divisible by %lld at dimension 0, but got weight of size "
                 "[%s] instead",
                 (long long)s->groups, (long long)s->groups, ws);
    CG_CHECK_INT(x->sizes[1] == w->sizes[0], CG_RUNTIME_ERROR,
                 "Given transposed=1, weight of size %s, expected input%s to have %lld channels, but got %lld "
                 "channels instead",
                 ws, xs, (long long)w->sizes[0], (long long)x->sizes[1]);
    int64_t cout = w->sizes[1] * s->groups;
    CG_CHECK_INT(!b || (b->ndim == 1 && b->sizes[0] == cout), CG_RUNTIME_ERROR,
                 "Given transposed=1, weight of size %s, expected bias to be 1-dimensional with %lld elements, but "
                 "got bias of size %s instead",
                 ws, (long long)cout, b ? cg_sizes_str(b->ndim, b->sizes, bs, sizeof bs) : "");
    CG_CHECK_INT(x->dtype == w->dtype && (!b || b->dtype == x->dtype), CG_RUNTIME_ERROR,
                 "expected scalar type %s but found %s", cg_dtype_legacy_name(x->dtype),
                 cg_dtype_legacy_name(x->dtype != w->dtype ? w->dtype : b->dtype));
    if (cg_check_same_device(2, (cg_tensor *[]){(cg_tensor *)x, (cg_tensor *)w}) < 0)
        return -1;
    if (b && cg_check_same_device(2, (cg_tensor *[]){(cg_tensor *)x, (cg_tensor *)b}) < 0)
        return -1;
    return 0;
}

/* slow_conv_transpose2d's checks of output_padding and the output's size */
static int check_output(const tconv_spec *s, const int64_t *in, const int64_t *out) {
    bool ok = true;
    for (int d = 0; d < 2; d++)
        ok = ok && (s->out_pad[d] < s->win.stride[d] || s->out_pad[d] < s->win.dilation[d]);
    CG_CHECK_INT(ok, CG_RUNTIME_ERROR,
                 "output padding must be smaller than either stride or dilation, but got output_padding_height: %lld "
                 "output_padding_width: %lld stride_height: %lld stride_width: %lld dilation_height: %lld "
                 "dilation_width: %lld",
                 (long long)s->out_pad[0], (long long)s->out_pad[1], (long long)s->win.stride[0],
                 (long long)s->win.stride[1], (long long)s->win.dilation[0], (long long)s->win.dilation[1]);
    if (out[0] >= 1 && out[1] >= 1)
        return 0;
    if (s->nspatial == 1)
        cg_error_set(CG_RUNTIME_ERROR,
                     "Given input size per channel: (%lld x %lld). Calculated output size per channel: (%lld x "
                     "%lld). Output size is too small",
                     (long long)in[0], (long long)in[1], (long long)out[0], (long long)out[1]);
    else
        cg_error_set(CG_RUNTIME_ERROR,
                     "Given input size per channel: (%lld x %lld). Calculated output size per channel: (%lld x "
                     "%lld). Output size is too small",
                     (long long)in[0], (long long)in[1], (long long)out[0], (long long)out[1]);
    return -1;
}

/* ---- the op -------------------------------------------------------------------------- */

/* a batched input: ConvolutionBackward0 over (input, weight, bias) */
static cg_tensor *conv_transpose_batched(cg_tensor *x, cg_tensor *w, cg_tensor *b, const tconv_spec *s) {
    if (check_shapes(x, w, b, s) < 0)
        return NULL;
    CG_CHECK(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR, "\"slow_conv_transpose2d_out_cpu\" not implemented for '%s'",
             cg_dtype_legacy_name(x->dtype));
    bool was = cg_grad_set_enabled(false);
    cg_tensor *x4 = as_2d(x, s->nspatial), *w4 = x4 ? as_2d(w, s->nspatial) : NULL;
    int64_t in[2] = {x4 ? x4->sizes[2] : 0, x4 ? x4->sizes[3] : 0}, out[2] = {out_len(s, 0, in[0]), out_len(s, 1, in[1])};
    cg_tensor *y4 = w4 && check_output(s, in, out) == 0 ? forward(x4, w4, b, s, out[0], out[1]) : NULL;
    cg_tensor *y = y4 ? (s->nspatial == 2 ? cg_tensor_retain(y4) : cg_squeeze_dim(y4, 2)) : NULL;
    cg_tensor_release(x4), cg_tensor_release(w4), cg_tensor_release(y4);
    cg_grad_set_enabled(was);
    cg_tensor *ins[3] = {x, w, b};
    if (!y || !cg_autograd_needed(3, ins))
        return y;
    cg_op_args args = cg_window_args(&s->win, s->out_pad[0], s->out_pad[1]);
    args.i[2] = s->groups, args.i[3] = s->nspatial;
    args.flag = true;
    cg_save_spec save[2] = {{x, "input"}, {w, "weight"}};
    if (cg_autograd_record(CG_OP_CONVOLUTION, 1, &y, 3, ins, 2, save, &args, NULL) < 0) {
        cg_tensor_release(y);
        return NULL;
    }
    return y;
}

cg_tensor *cg_conv_transpose(cg_tensor *input, cg_tensor *weight, cg_tensor *bias, int nspatial, const int64_t *stride,
                             const int64_t *padding, const int64_t *output_padding, const int64_t *dilation,
                             int64_t groups) {
    if (nspatial == 3)
        return cg_conv3d(input, weight, bias, stride, padding, output_padding, dilation, groups);
    tconv_spec s = {{{1, 1}, {1, 1}, {0, 0}, {1, 1}}, groups, {0, 0}, nspatial};
    for (int d = 0; d < nspatial; d++) {
        int k = 2 - nspatial + d;
        s.win.stride[k] = stride[d], s.win.padding[k] = padding[d], s.win.dilation[k] = dilation[d];
        s.out_pad[k] = output_padding[d];
        s.win.kernel[k] = weight->ndim == nspatial + 2 ? weight->sizes[2 + d] : 1;
    }
    if (check_params(&s) < 0)
        return NULL;
    char sizes[128];
    CG_CHECK(input->ndim == nspatial + 1 || input->ndim == nspatial + 2, CG_RUNTIME_ERROR,
             "Expected %dD (unbatched) or %dD (batched) input to conv_transpose%dd, but got input of size: %s",
             nspatial + 1, nspatial + 2, nspatial, cg_sizes_str(input->ndim, input->sizes, sizes, sizeof sizes));
    if (input->ndim == nspatial + 2)
        return conv_transpose_batched(input, weight, bias, &s);
    cg_tensor *x = cg_unsqueeze(input, 0);
    cg_tensor *out = x ? conv_transpose_batched(x, weight, bias, &s) : NULL;
    cg_tensor *sq = out ? cg_squeeze_dim(out, 0) : NULL;
    cg_tensor_release(x), cg_tensor_release(out);
    return sq;
}
