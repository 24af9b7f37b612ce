/* ops_conv3d.c: the 3-d convolution and the 3-d transposed convolution
 * (conv3d, conv_transpose3d) and their derivative; not the 1-d and 2-d
 * forms (ops_conv.c, ops_conv_transpose.c), whose node they share.
 *
 * Note [3-d convolution]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13 runs a float32 CPU conv3d in oneDNN where use_mkldnn holds
 * (ONEDNN_VERBOSE shows the 5-d primitives), float64 and the rest in
 * slow_conv3d / slow_conv_dilated3d, and every conv_transpose3d in
 * slow_conv_transpose3d; all record ConvolutionBackward0. The slow paths
 * are im2col + GEMM over volumes (vol2col): the columns of x [N, C, D, H, W]
 * are [C kd kh kw, N L] (L = od oh ow, the batch folded into the GEMM as
 * Note [Convolution as im2col] does), here built from engine ops: the
 * padded input's strided slices, one per window offset, stacked. col2vol,
 * their adjoint, adds the column slices back offset after offset, the
 * order PyTorch's col2vol adds them in. Per group g, with W(g) the
 * weight's matrix:
 *   conv3d:            y = W(g) @ cols(x) + bias
 *                      grad_x = col2vol(W(g)^T @ grad_y)
 *                      grad_W += grad_y[n] @ cols(x)[n]^T, sample after sample
 *   conv_transpose3d:  y = col2vol(W(g)^T @ x) + bias
 *                      grad_x = W(g) @ cols(grad_y)
 *                      grad_W += x[n] @ cols(grad_y)[n]^T, sample after sample
 * and grad_bias is grad_y summed over all dims but the channel. The per-
 * sample sums are gemms with beta 1 in PyTorch (addmm here), so they round
 * alike. Every step is an engine op, so create_graph differentiates again,
 * on any device.
 *
 * The node's args: stride in dims[0..2], padding in dims[3..5], dilation
 * in dims[6..7] and i[0] (depth, height, width), groups in i[2], 3 in i[3]
 * (what cg_bw_convolution reads to send the node here), flag set for the
 * transposed one; the kernel is the saved weight's. */
#include <stdio.h>

#include "ew.h"
#include "nn_internal.h"
#include "onednn.h"
#include "ops.h"

typedef struct {
    cg_window3d win;
    int64_t groups;
    bool transposed;
} conv3_spec;

static cg_op_args args_of(const conv3_spec *s) {
    cg_op_args a = {.ndims = 8, .flag = s->transposed};
    for (int d = 0; d < 3; d++)
        a.dims[d] = s->win.stride[d], a.dims[3 + d] = s->win.padding[d];
    a.dims[6] = s->win.dilation[0], a.dims[7] = s->win.dilation[1], a.i[0] = s->win.dilation[2];
    a.i[2] = s->groups, a.i[3] = 3;
    return a;
}

static conv3_spec spec_of(const cg_op_args *a, const cg_tensor *w) {
    conv3_spec s = {.groups = a->i[2], .transposed = a->flag};
    for (int d = 0; d < 3; d++)
        s.win.stride[d] = a->dims[d], s.win.padding[d] = a->dims[3 + d], s.win.kernel[d] = w->sizes[2 + d];
    s.win.dilation[0] = a->dims[6], s.win.dilation[1] = a->dims[7], s.win.dilation[2] = a->i[0];
    return s;
}

/* positions of the window along dim d over a length `in`, in 128 bits
 * (user sizes near 2^63 saturate, never wrap) */
static int64_t positions(int64_t in, const cg_window3d *w, int d) {
    __int128 n =
        ((__int128)in + 2 * (__int128)w->padding[d] - (__int128)w->dilation[d] * (w->kernel[d] - 1) - 1) / w->stride[d]
        + 1;
    return n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : (int64_t)n;
}

/* the transposed convolution's output length along dim d */
static int64_t out_len(const cg_window3d *w, int d, int64_t in, int64_t out_pad) {
    __int128 n = ((__int128)in - 1) * w->stride[d] - 2 * (__int128)w->padding[d]
                 + (__int128)w->dilation[d] * (w->kernel[d] - 1) + out_pad + 1;
    return n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : (int64_t)n;
}

static int64_t volume(const int64_t *v) { return v[0] * v[1] * v[2]; }

/* ---- vol2col and col2vol, from engine ops ------------------------------------------------ */

/* the window offset k's positions over the padded volume p [N, C, *]: a view */
static cg_tensor *offset_view(cg_tensor *p, const cg_window3d *w, int64_t k, const int64_t *pos) {
    int64_t at[3] = {k / (w->kernel[1] * w->kernel[2]), k / w->kernel[2] % w->kernel[1], k % w->kernel[2]};
    cg_tensor *v = cg_tensor_retain(p);
    for (int d = 0; d < 3 && v; d++) {
        int64_t start = at[d] * w->dilation[d];
        cg_tensor *s = cg_slice_dim(v, 2 + d, start, start + (pos[d] - 1) * w->stride[d] + 1, w->stride[d]);
        cg_tensor_release(v);
        v = s;
    }
    return v;
}

/* x [N, C, *] zero-padded by the window's padding */
static cg_tensor *padded(cg_tensor *x, const cg_window3d *w) {
    if (!w->padding[0] && !w->padding[1] && !w->padding[2])
        return cg_tensor_retain(x);
    int64_t pad[6] = {w->padding[2], w->padding[2], w->padding[1], w->padding[1], w->padding[0], w->padding[0]};
    return cg_constant_pad_nd(x, 6, pad, cg_scalar_int(0));
}

/* x [N, C, D, H, W] as columns [C kd kh kw, N L], pos the window's positions */
static cg_tensor *vol2col(cg_tensor *x, const cg_window3d *w, const int64_t *pos) {
    int64_t kk = volume(w->kernel), n = x->sizes[0], c = x->sizes[1];
    cg_tensor *p = padded(x, w);
    if (!p)
        return NULL;
    cg_tensor *views[kk];
    bool ok = true;
    for (int64_t k = 0; k < kk; k++)
        ok = (views[k] = ok ? offset_view(p, w, k, pos) : NULL) != NULL && ok;
    cg_tensor *st = ok ? cg_stack((int)kk, views, 2) : NULL; /* [N, C, K, *pos] */
    for (int64_t k = 0; k < kk; k++)
        cg_tensor_release(views[k]);
    cg_tensor_release(p);
    cg_tensor *pm = st ? cg_permute(st, 6, (int64_t[]){1, 2, 0, 3, 4, 5}) : NULL;
    int64_t sizes[2] = {c * kk, n * volume(pos)};
    cg_tensor *m = pm ? cg_reshape(pm, 2, sizes) : NULL;
    cg_tensor_release(st), cg_tensor_release(pm);
    return m;
}

/* The adjoint: columns [C kd kh kw, N L] summed back into a volume
 * [N, C, *size], offset after offset. */
static cg_tensor *col2vol(cg_tensor *cols, int64_t n, int64_t c, const int64_t *size, const cg_window3d *w,
                          const int64_t *pos) {
    int64_t kk = volume(w->kernel);
    int64_t s6[6] = {c, kk, n, pos[0], pos[1], pos[2]};
    cg_tensor *c6 = cg_reshape(cols, 6, s6);
    int64_t psz[5] = {n, c, size[0] + 2 * w->padding[0], size[1] + 2 * w->padding[1], size[2] + 2 * w->padding[2]};
    cg_tensor *img = c6 ? cg_zeros(5, psz, cols->dtype, cg_tensor_device(cols)) : NULL;
    int rc = img ? 0 : -1;
    for (int64_t k = 0; k < kk && rc == 0; k++) {
        cg_tensor *part = cg_select(c6, 1, k); /* [C, N, *pos] */
        cg_tensor *pn = part ? cg_permute(part, 5, (int64_t[]){1, 0, 2, 3, 4}) : NULL;
        cg_tensor *v = pn ? offset_view(img, w, k, pos) : NULL;
        rc = v ? cg_add_(v, pn, cg_scalar_int(1)) : -1;
        cg_tensor_release(part), cg_tensor_release(pn), cg_tensor_release(v);
    }
    cg_tensor_release(c6);
    cg_tensor *out = rc == 0 ? cg_tensor_retain(img) : NULL;
    for (int d = 0; d < 3 && out; d++) {
        if (!w->padding[d])
            continue;
        cg_tensor *nw = cg_narrow(out, 2 + d, w->padding[d], size[d]);
        cg_tensor_release(out);
        out = nw;
    }
    cg_tensor_release(img);
    cg_tensor *r = out ? cg_contiguous(out) : NULL;
    cg_tensor_release(out);
    return r;
}

/* ---- matrices ---------------------------------------------------------------------------- */

/* group g of w [A, B, *kernel] as the matrix [A/g, B kd kh kw] */
static cg_tensor *weight_matrix(cg_tensor *w, int64_t g, int64_t groups) {
    int64_t rows = w->sizes[0] / groups;
    cg_tensor *part = cg_narrow(w, 0, g * rows, rows);
    int64_t sizes[2] = {rows, w->sizes[0] ? cg_tensor_numel(w) / w->sizes[0] : 0};
    cg_tensor *m = part ? cg_reshape(part, 2, sizes) : NULL;
    cg_tensor_release(part);
    return m;
}

static cg_tensor *group_rows(cg_tensor *t, int64_t g, int64_t groups) {
    int64_t rows = t->sizes[0] / groups;
    return cg_narrow(t, 0, g * rows, rows);
}

/* Concatenates parts[0 .. n) along dim 0 and releases them. */
static cg_tensor *joined(cg_tensor **parts, int64_t n) {
    cg_tensor *out = NULL;
    bool ok = true;
    for (int64_t g = 0; g < n; g++)
        ok = ok && parts[g];
    if (ok)
        out = n == 1 ? cg_tensor_retain(parts[0]) : cg_cat((int)n, parts, 0);
    for (int64_t g = 0; g < n; g++)
        cg_tensor_release(parts[g]);
    return out;
}

cg_tensor *cg_conv_group_products(cg_tensor *w, cg_tensor *m, int64_t groups, bool transpose) {
    cg_tensor *parts[groups];
    for (int64_t g = 0; g < groups; g++) {
        cg_tensor *wm = weight_matrix(w, g, groups), *wt = wm && transpose ? cg_transpose(wm, 0, 1) : NULL;
        cg_tensor *mg = wm ? group_rows(m, g, groups) : NULL;
        parts[g] = mg ? cg_mm(transpose ? wt : wm, mg) : NULL;
        cg_tensor_release(wm), cg_tensor_release(wt), cg_tensor_release(mg);
    }
    return joined(parts, groups);
}

/* per group, sum over samples n of a(g)[:, n] @ b(g)[:, n]^T, with a
 * [A, N L] and b [B, N L]: the weight's gradient, one gemm per sample
 * added to the running sum (PyTorch's beta 1) */
cg_tensor *cg_conv_sample_sums(cg_tensor *a, cg_tensor *b, int64_t n, int64_t groups) {
    cg_tensor *parts[groups];
    int64_t l = n ? a->sizes[1] / n : 0;
    for (int64_t g = 0; g < groups; g++) {
        cg_tensor *ag = group_rows(a, g, groups), *bg = ag ? group_rows(b, g, groups) : NULL;
        cg_tensor *acc = NULL;
        bool ok = bg != NULL;
        if (ok && n == 0)
            ok = (acc = cg_zeros(2, (int64_t[]){ag->sizes[0], bg->sizes[0]}, a->dtype, cg_tensor_device(a))) != NULL;
        for (int64_t s = 0; s < n && ok; s++) {
            cg_tensor *as = cg_narrow(ag, 1, s * l, l), *bs = as ? cg_narrow(bg, 1, s * l, l) : NULL;
            cg_tensor *bt = bs ? cg_transpose(bs, 0, 1) : NULL, *next = NULL;
            if (bt)
                next = acc ? cg_addmm(acc, as, bt, cg_scalar_int(1), cg_scalar_int(1)) : cg_mm(as, bt);
            cg_tensor_release(as), cg_tensor_release(bs), cg_tensor_release(bt), cg_tensor_release(acc);
            ok = (acc = next) != NULL;
        }
        parts[g] = ok ? acc : NULL;
        if (!ok)
            cg_tensor_release(acc);
        cg_tensor_release(ag), cg_tensor_release(bg);
    }
    return joined(parts, groups);
}

/* t [N, A, *] as the matrix [A, N L] */
static cg_tensor *as_matrix(cg_tensor *t) {
    int64_t n = t->sizes[0], a = t->sizes[1];
    int64_t s3[3] = {n, a, n && a ? cg_tensor_numel(t) / (n * a) : 0};
    cg_tensor *r = cg_reshape(t, 3, s3), *p = r ? cg_permute(r, 3, (int64_t[]){1, 0, 2}) : NULL;
    cg_tensor *m = p ? cg_reshape(p, 2, (int64_t[]){a, n * s3[2]}) : NULL;
    cg_tensor_release(r), cg_tensor_release(p);
    return m;
}

/* m [A, N L] as [N, A, *size], contiguous */
static cg_tensor *from_matrix(cg_tensor *m, int64_t n, const int64_t *size) {
    int64_t s3[3] = {m->sizes[0], n, volume(size)};
    cg_tensor *v = cg_reshape(m, 3, s3), *p = v ? cg_permute(v, 3, (int64_t[]){1, 0, 2}) : NULL;
    cg_tensor *c = p ? cg_contiguous(p) : NULL;
    cg_tensor *r = c ? cg_view(c, 5, (int64_t[]){n, s3[0], size[0], size[1], size[2]}) : NULL;
    cg_tensor_release(v), cg_tensor_release(p), cg_tensor_release(c);
    return r;
}

/* y [N, C, *] + bias over the channel, or y itself (consumed) */
static cg_tensor *plus_bias(cg_tensor *y, cg_tensor *b) {
    if (!y || !b)
        return y;
    cg_tensor *bv = cg_reshape(b, 4, (int64_t[]){b->sizes[0], 1, 1, 1});
    int rc = bv ? cg_add_(y, bv, cg_scalar_int(1)) : -1;
    cg_tensor_release(bv);
    if (rc < 0)
        cg_tensor_release(y), y = NULL;
    return y;
}

/* ---- the oneDNN path (Note [oneDNN paths] in onednn.c) ------------------------------------ */

static bool in_onednn(const cg_tensor *x, const cg_tensor *w, const conv3_spec *s, const int64_t *pos,
                      cg_onednn_conv *p) {
    if (s->transposed || x->dtype != CG_F32 || cg_tensor_device(x).type != CG_CPU || !cg_tensor_numel(x)
        || !cg_tensor_numel(w))
        return false;
    *p = (cg_onednn_conv){.n = x->sizes[0], .c = x->sizes[1], .h = x->sizes[3], .w = x->sizes[4],
                          .o = w->sizes[0], .kh = w->sizes[3], .kw = w->sizes[4], .oh = pos[1], .ow = pos[2],
                          .groups = s->groups, .depth = x->sizes[2], .kd = w->sizes[2], .od = pos[0],
                          .depth_stride = s->win.stride[0], .depth_padding = s->win.padding[0],
                          .depth_dilation = s->win.dilation[0]};
    for (int d = 0; d < 2; d++) {
        p->stride[d] = s->win.stride[1 + d], p->padding[d] = s->win.padding[1 + d];
        p->dilation[d] = s->win.dilation[1 + d];
    }
    return pos[0] > 0 && pos[1] > 0 && pos[2] > 0 && cg_onednn_conv_applies(p, cg_get_num_threads());
}

/* t contiguous, not recorded (a buffer for oneDNN), or NULL for NULL */
static cg_tensor *buffer(cg_tensor *t) {
    if (!t)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *c = cg_contiguous(t);
    cg_grad_set_enabled(was);
    return c;
}

static void *data_of(cg_tensor *t) { return t ? cg_tensor_data(t) : NULL; }

static cg_tensor *empty_f32(const cg_tensor *like, int ndim, const int64_t *sizes) {
    return cg_tensor_empty(ndim, sizes, CG_F32, cg_tensor_device(like));
}

static cg_tensor *onednn_forward(cg_tensor *x, cg_tensor *w, cg_tensor *b, const cg_onednn_conv *p) {
    cg_tensor *xc = buffer(x), *wc = xc ? buffer(w) : NULL, *bc = buffer(b);
    cg_tensor *y = wc && (bc || !b) ? empty_f32(x, 5, (int64_t[]){p->n, p->o, p->od, p->oh, p->ow}) : NULL;
    if (y && cg_onednn_conv_forward(p, data_of(xc), data_of(wc), data_of(bc), data_of(y)) < 0)
        cg_tensor_release(y), y = NULL;
    cg_tensor_release(xc), cg_tensor_release(wc), cg_tensor_release(bc);
    return y;
}

/* the three gradients as mkldnn_convolution_backward computes them */
static int onednn_backward(cg_node *n, cg_tensor *g, cg_tensor *x, cg_tensor *w, const cg_onednn_conv *p,
                           cg_tensor **gi) {
    bool want_b = n->nin > 2 && n->next[2].node, want_w = n->next[1].node || want_b;
    cg_tensor *gc = buffer(g), *xc = want_w ? buffer(x) : NULL, *wc = n->next[0].node ? buffer(w) : NULL;
    int rc = gc && (xc || !want_w) && (wc || !n->next[0].node) ? 0 : -1;
    if (rc == 0 && wc) {
        gi[0] = empty_f32(x, 5, x->sizes);
        rc = gi[0] ? cg_onednn_conv_backward_data(p, data_of(gc), data_of(wc), data_of(gi[0])) : -1;
    }
    cg_tensor *gw = rc == 0 && want_w ? empty_f32(x, 5, w->sizes) : NULL;
    cg_tensor *gb = gw && want_b ? empty_f32(x, 1, &p->o) : NULL;
    if (rc == 0 && want_w)
        rc = gw && (gb || !want_b) ? cg_onednn_conv_backward_weights(p, data_of(xc), data_of(gc), data_of(gw), data_of(gb))
                                   : -1;
    if (rc == 0 && n->next[1].node)
        gi[1] = cg_tensor_retain(gw);
    if (rc == 0 && want_b)
        gi[2] = cg_tensor_retain(gb);
    cg_tensor_release(gc), cg_tensor_release(xc), cg_tensor_release(wc), cg_tensor_release(gw), cg_tensor_release(gb);
    return rc;
}

/* ---- forward and derivative ------------------------------------------------------------- */

static void conv_positions(const cg_tensor *x, const cg_window3d *w, int64_t *pos) {
    for (int d = 0; d < 3; d++)
        pos[d] = positions(x->sizes[2 + d], w, d);
}

/* conv3d of a batched input; grad mode off */
static cg_tensor *conv_forward(cg_tensor *x, cg_tensor *w, cg_tensor *b, const conv3_spec *s) {
    int64_t pos[3];
    conv_positions(x, &s->win, pos);
    cg_onednn_conv p;
    if (in_onednn(x, w, s, pos, &p))
        return onednn_forward(x, w, b, &p);
    cg_tensor *cols = vol2col(x, &s->win, pos);
    cg_tensor *prod = cols ? cg_conv_group_products(w, cols, s->groups, false) : NULL; /* [O, N L] */
    cg_tensor *y = prod ? from_matrix(prod, x->sizes[0], pos) : NULL;
    cg_tensor_release(cols), cg_tensor_release(prod);
    return plus_bias(y, b);
}

/* conv_transpose3d of a batched input to an output of out[3]; grad mode off */
static cg_tensor *tconv_forward(cg_tensor *x, cg_tensor *w, cg_tensor *b, const conv3_spec *s, const int64_t *out) {
    cg_tensor *xm = as_matrix(x); /* [Cin, N L] */
    cg_tensor *cols = xm ? cg_conv_group_products(w, xm, s->groups, true) : NULL; /* [Cout kk, N L] */
    int64_t cout = w->sizes[1] * s->groups;
    cg_tensor *y = cols ? col2vol(cols, x->sizes[0], cout, out, &s->win, x->sizes + 2) : NULL;
    cg_tensor_release(xm), cg_tensor_release(cols);
    return plus_bias(y, b);
}

/* conv3d's gradients (slow_conv3d's) */
static int conv_backward(cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *w, const conv3_spec *s, cg_tensor **gi) {
    int64_t pos[3] = {go->sizes[2], go->sizes[3], go->sizes[4]};
    cg_tensor *g2 = as_matrix(go);
    int rc = g2 ? 0 : -1;
    if (rc == 0 && n->next[0].node) {
        cg_tensor *cols = cg_conv_group_products(w, g2, s->groups, true);
        gi[0] = cols ? col2vol(cols, x->sizes[0], x->sizes[1], x->sizes + 2, &s->win, pos) : NULL;
        cg_tensor_release(cols);
        rc = gi[0] ? 0 : -1;
    }
    if (rc == 0 && n->next[1].node) {
        cg_tensor *cols = vol2col(x, &s->win, pos);
        cg_tensor *gw = cols ? cg_conv_sample_sums(g2, cols, x->sizes[0], s->groups) : NULL;
        gi[1] = gw ? cg_reshape(gw, 5, w->sizes) : NULL;
        cg_tensor_release(cols), cg_tensor_release(gw);
        rc = gi[1] ? 0 : -1;
    }
    cg_tensor_release(g2);
    return rc;
}

/* conv_transpose3d's gradients (slow_conv_transpose3d's) */
static int tconv_backward(cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *w, const conv3_spec *s,
                          cg_tensor **gi) {
    cg_tensor *cols = vol2col(go, &s->win, x->sizes + 2); /* [Cout kk, N L] */
    int rc = cols ? 0 : -1;
    if (rc == 0 && n->next[0].node) {
        cg_tensor *m = cg_conv_group_products(w, cols, s->groups, false); /* [Cin, N L] */
        gi[0] = m ? from_matrix(m, x->sizes[0], x->sizes + 2) : NULL;
        cg_tensor_release(m);
        rc = gi[0] ? 0 : -1;
    }
    if (rc == 0 && n->next[1].node) {
        cg_tensor *xm = as_matrix(x);
        cg_tensor *gw = xm ? cg_conv_sample_sums(xm, cols, x->sizes[0], s->groups) : NULL;
        gi[1] = gw ? cg_reshape(gw, 5, w->sizes) : NULL;
        cg_tensor_release(xm), cg_tensor_release(gw);
        rc = gi[1] ? 0 : -1;
    }
    cg_tensor_release(cols);
    return rc;
}

int cg_bw_conv3d(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *w;
    if (cg_node_saved_all(n, 2, &x, &w) < 0)
        return -1;
    conv3_spec s = spec_of(&n->args, w);
    int64_t pos[3];
    conv_positions(x, &s.win, pos);
    cg_onednn_conv p;
    if (!cg_grad_enabled() && in_onednn(x, w, &s, pos, &p))
        return onednn_backward(n, go[0], x, w, &p, gi);
    int rc = s.transposed ? tconv_backward(n, go[0], x, w, &s, gi) : conv_backward(n, go[0], x, w, &s, gi);
    if (rc == 0 && n->nin > 2 && n->next[2].node) {
        int64_t dims[4] = {0, 2, 3, 4};
        rc = (gi[2] = cg_sum(go[0], 4, dims, false)) ? 0 : -1;
    }
    return rc;
}

/* ---- checks ------------------------------------------------------------------------------- */

static int check_params(const conv3_spec *s) {
    for (int d = 0; d < 3; d++) {
        CG_CHECK_INT(s->win.stride[d] > 0, CG_RUNTIME_ERROR, "non-positive stride is not supported");
        CG_CHECK_INT(s->win.padding[d] >= 0, CG_RUNTIME_ERROR, "negative padding is not supported");
        /* slow_conv_transpose3d's own check comes first there */
        CG_CHECK_INT(s->win.dilation[d] > 0 || !s->transposed, CG_RUNTIME_ERROR,
                     "dilation should be greater than zero, but got dilation_depth: %lld, dilation_height: %lld, "
                     "dilation_width: %lld",
                     (long long)s->win.dilation[0], (long long)s->win.dilation[1], (long long)s->win.dilation[2]);
        CG_CHECK_INT(s->win.dilation[d] > 0, CG_RUNTIME_ERROR, "non-positive dilation is not supported");
    }
    CG_CHECK_INT(s->groups > 0, CG_RUNTIME_ERROR, "non-positive groups is not supported");
    return 0;
}

/* PyTorch's "Input type (torch.FloatTensor) and weight type (...)" names */
static const char *legacy_type(const cg_tensor *t, char *buf, size_t n) {
    snprintf(buf, n, "torch.%s%sTensor", cg_tensor_device(t).type == CG_CPU ? "" : "cuda.",
             cg_dtype_legacy_name(t->dtype));
    return buf;
}

/* PyTorch's check_shape_forward for a batched input */
static int check_shapes(const cg_tensor *x, const cg_tensor *w, const cg_tensor *b, const conv3_spec *s) {
    char ws[128], xs[128], bs[128];
    cg_sizes_str(w->ndim, w->sizes, ws, sizeof ws);
    cg_sizes_str(x->ndim, x->sizes, xs, sizeof xs);
    CG_CHECK_INT(w->ndim == x->ndim, CG_RUNTIME_ERROR,
                 "Expected %d-dimensional input for %d-dimensional weight %s, but got %d-dimensional input of size "
                 "%s instead",
                 w->ndim, w->ndim, ws, x->ndim, xs);
    if (s->transposed) {
        CG_CHECK_INT(w->sizes[0] % s->groups == 0, CG_RUNTIME_ERROR,
                     "Given groups=%lld, expected weight to be divisible by %lld at dimension 0, but got weight of "
                     "size [%s] instead",
                     (long long)s->groups, (long long)s->groups, ws);
        CG_CHECK_INT(x->sizes[1] == w->sizes[0], CG_RUNTIME_ERROR,
                     "Given transposed=1, weight of size %s, expected input%s to have %lld channels, but got %lld "
                     "channels instead",
                     ws, xs, (long long)w->sizes[0], (long long)x->sizes[1]);
        int64_t cout = w->sizes[1] * s->groups;
        CG_CHECK_INT(!b || (b->ndim == 1 && b->sizes[0] == cout), CG_RUNTIME_ERROR,
                     "Given transposed=1, weight of size %s, expected bias to be 1-dimensional with %lld elements, "
                     "but got bias of size %s instead",
                     ws, (long long)cout, b ? cg_sizes_str(b->ndim, b->sizes, bs, sizeof bs) : "");
        CG_CHECK_INT(x->dtype == w->dtype && (!b || b->dtype == x->dtype), CG_RUNTIME_ERROR,
                     "expected scalar type %s but found %s", cg_dtype_legacy_name(x->dtype),
                     cg_dtype_legacy_name(x->dtype != w->dtype ? w->dtype : b->dtype));
        if (cg_check_same_device(2, (cg_tensor *[]){(cg_tensor *)x, (cg_tensor *)w}) < 0)
            return -1;
        return b ? cg_check_same_device(2, (cg_tensor *[]){(cg_tensor *)x, (cg_tensor *)b}) : 0;
    }
    CG_CHECK_INT(w->sizes[0] >= s->groups, CG_RUNTIME_ERROR,
                 "Given groups=%lld, expected weight to be at least %lld at dimension 0, but got weight of size %s "
                 "instead",
                 (long long)s->groups, (long long)s->groups, ws);
    CG_CHECK_INT(w->sizes[0] % s->groups == 0, CG_RUNTIME_ERROR,
                 "Given groups=%lld, expected weight to be divisible by %lld at dimension 0, but got weight of size "
                 "[%s] instead",
                 (long long)s->groups, (long long)s->groups, ws);
    CG_CHECK_INT(x->sizes[1] == w->sizes[1] * s->groups, CG_RUNTIME_ERROR,
                 "Given groups=%lld, weight of size %s, expected input%s to have %lld channels, but got %lld channels "
                 "instead",
                 (long long)s->groups, ws, xs, (long long)(w->sizes[1] * s->groups), (long long)x->sizes[1]);
    CG_CHECK_INT(!b || (b->ndim == 1 && b->sizes[0] == w->sizes[0]), CG_RUNTIME_ERROR,
                 "Given weight of size %s, expected bias to be 1-dimensional with %lld elements, but got bias of "
                 "size %s instead",
                 ws, (long long)w->sizes[0], b ? cg_sizes_str(b->ndim, b->sizes, bs, sizeof bs) : "");
    int64_t padded[3], kernel[3];
    bool fits = true;
    for (int d = 0; d < 3; d++) {
        __int128 p = (__int128)x->sizes[2 + d] + 2 * (__int128)s->win.padding[d];
        __int128 kn = (__int128)s->win.dilation[d] * (w->sizes[2 + d] - 1) + 1;
        padded[d] = (int64_t)(uint64_t)p, kernel[d] = (int64_t)(uint64_t)kn;
        fits = fits && padded[d] >= kernel[d] && p == padded[d] && kn == kernel[d];
    }
    CG_CHECK_INT(fits, CG_RUNTIME_ERROR,
                 "Calculated padded input size per channel: (%lld x %lld x %lld). Kernel size: (%lld x %lld x %lld). "
                 "Kernel size can't be greater than actual input size",
                 (long long)padded[0], (long long)padded[1], (long long)padded[2], (long long)kernel[0],
                 (long long)kernel[1], (long long)kernel[2]);
    char it[48], wt[48];
    CG_CHECK_INT(x->dtype == w->dtype && cg_device_equal(cg_tensor_device(x), cg_tensor_device(w)), CG_RUNTIME_ERROR,
                 "Input type (%s) and weight type (%s) should be the same or input should be a MKLDNN tensor and "
                 "weight is a dense tensor",
                 legacy_type(x, it, sizeof it), legacy_type(w, wt, sizeof wt));
    CG_CHECK_INT(!b || b->dtype == x->dtype, CG_RUNTIME_ERROR, "Input type (%s) and bias type (%s) should be the same",
                 cg_dtype_cpp_name(x->dtype), cg_dtype_cpp_name(b->dtype));
    return b ? cg_check_same_device(2, (cg_tensor *[]){(cg_tensor *)x, (cg_tensor *)b}) : 0;
}

/* slow_conv_transpose3d's checks of output_padding and the output's size */
static int check_output(const conv3_spec *s, const int64_t *out_pad, const int64_t *in, const int64_t *out) {
    bool ok = true;
    for (int d = 0; d < 3; d++)
        ok = ok && (out_pad[d] < s->win.stride[d] || out_pad[d] < s->win.dilation[d]);
    CG_CHECK_INT(ok, CG_RUNTIME_ERROR,
                 "output padding must be smaller than either stride or dilation, but got output_padding_depth: %lld "
                 "output_padding_height: %lld output_padding_width: %lld stride_depth: %lld stride_height: %lld "
                 "stride_width: %lld dilation_depth: %lld dilation_height: %lld dilation_width: %lld",
                 (long long)out_pad[0], (long long)out_pad[1], (long long)out_pad[2], (long long)s->win.stride[0],
                 (long long)s->win.stride[1], (long long)s->win.stride[2], (long long)s->win.dilation[0],
                 (long long)s->win.dilation[1], (long long)s->win.dilation[2]);
    CG_CHECK_INT(out[0] >= 1 && out[1] >= 1 && out[2] >= 1, CG_RUNTIME_ERROR,
                 "Given input size per channel: (%lld x %lld x %lld). Calculated output size per channel: (%lld x "
                 "%lld x %lld). Output size is too small",
                 (long long)in[0], (long long)in[1], (long long)in[2], (long long)out[0], (long long)out[1],
                 (long long)out[2]);
    return 0;
}

/* ---- the ops ------------------------------------------------------------------------------ */

static cg_tensor *conv3d_batched(cg_tensor *x, cg_tensor *w, cg_tensor *b, const conv3_spec *s,
                                 const int64_t *out_pad) {
    if (check_shapes(x, w, b, s) < 0)
        return NULL;
    int64_t out[3];
    /* slow_conv3d's columns take integer tensors and bfloat16 too, not bool
     * or half; slow_conv_transpose3d floats and int64 (complex: not here) */
    cg_dtype dt = x->dtype;
    if (s->transposed)
        CG_CHECK(dt == CG_F32 || dt == CG_F64 || dt == CG_BF16 || dt == CG_INT64, CG_RUNTIME_ERROR,
                 "\"slow_conv_transpose3d_out_cpu\" not implemented for '%s'", cg_dtype_legacy_name(dt));
    CG_CHECK(dt != CG_BOOL && dt != CG_F16, CG_RUNTIME_ERROR, "\"compute_columns3d\" not implemented for '%s'",
             cg_dtype_legacy_name(dt));
    CG_CHECK(!cg_dtype_is_complex(dt), CG_RUNTIME_ERROR, "\"slow_conv3d_cpu\" not implemented for '%s'",
             cg_dtype_legacy_name(dt));
    if (s->transposed) {
        for (int d = 0; d < 3; d++)
            out[d] = out_len(&s->win, d, x->sizes[2 + d], out_pad[d]);
        if (check_output(s, out_pad, x->sizes + 2, out) < 0)
            return NULL;
    }
    bool was = cg_grad_set_enabled(false);
    cg_tensor *y = s->transposed ? tconv_forward(x, w, b, s, out) : conv_forward(x, w, b, s);
    cg_grad_set_enabled(was);
    cg_tensor *in[3] = {x, w, b};
    if (!y || !cg_autograd_needed(3, in))
        return y;
    cg_op_args args = args_of(s);
    cg_save_spec save[2] = {{x, "input"}, {w, "weight"}};
    if (cg_autograd_record(CG_OP_CONVOLUTION, 1, &y, 3, in, 2, save, &args, NULL) < 0) {
        cg_tensor_release(y);
        return NULL;
    }
    return y;
}

cg_tensor *cg_conv3d(cg_tensor *input, cg_tensor *weight, cg_tensor *bias, const int64_t *stride,
                     const int64_t *padding, const int64_t *output_padding, const int64_t *dilation, int64_t groups) {
    conv3_spec s = {.groups = groups, .transposed = output_padding != NULL};
    for (int d = 0; d < 3; d++) {
        s.win.stride[d] = stride[d], s.win.padding[d] = padding[d], s.win.dilation[d] = dilation[d];
        s.win.kernel[d] = weight->ndim == 5 ? weight->sizes[2 + d] : 1;
    }
    if (check_params(&s) < 0)
        return NULL;
    char sizes[128];
    CG_CHECK(input->ndim == 4 || input->ndim == 5, CG_RUNTIME_ERROR,
             "Expected 4D (unbatched) or 5D (batched) input to %s, but got input of size: %s",
             s.transposed ? "conv_transpose3d" : "conv3d", cg_sizes_str(input->ndim, input->sizes, sizes, sizeof sizes));
    if (input->ndim == 5)
        return conv3d_batched(input, weight, bias, &s, output_padding);
    cg_tensor *x = cg_unsqueeze(input, 0);
    cg_tensor *out = x ? conv3d_batched(x, weight, bias, &s, output_padding) : NULL;
    cg_tensor *sq = out ? cg_squeeze_dim(out, 0) : NULL;
    cg_tensor_release(x), cg_tensor_release(out);
    return sq;
}
