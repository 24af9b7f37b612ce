/* conv_tbc.c: torch.conv_tbc, the 1-d convolution over time-major input
 * [T, B, Cin] with weight [K, Cin, Cout] and bias [Cout], and its
 * derivative (ConvTbcBackward0). Not the NCW convolutions (ops_conv.c).
 *
 * PyTorch computes it as K products, one per kernel tap k: the rows of the
 * input shifted by k against the padding, [t B, Cin] @ weight[k], each
 * added into the matching output rows that start as the bias (addmm with
 * beta 1, tap after tap), and its gradients the same way turned around;
 * the same calls here, so sums round alike. */
#include "ew.h"
#include "nn_internal.h"
#include "ops.h"

/* The rows [*i, *i + *t) of the input and [*o, *o + *t) of the output that
 * tap k joins (PyTorch's iShift, oShift and t); *t <= 0: none. */
static void tap_span(int64_t k, int64_t ilen, int64_t olen, int64_t kw, int64_t *i, int64_t *o, int64_t *t) {
    int64_t real_pad = (olen - ilen + kw - 1) / 2;
    *i = k - real_pad > 0 ? k - real_pad : 0;
    *o = real_pad - k > 0 ? real_pad - k : 0;
    int64_t end = ilen + real_pad - k < olen ? ilen + real_pad - k : olen;
    *t = end - *o;
}

/* rows [start, start + t) of x [L, B, C] as the matrix [t B, C] */
static cg_tensor *rows(cg_tensor *x, int64_t start, int64_t t) {
    cg_tensor *n = cg_narrow(x, 0, start, t);
    cg_tensor *m = n ? cg_reshape(n, 2, (int64_t[]){t * x->sizes[1], x->sizes[2]}) : NULL;
    cg_tensor_release(n);
    return m;
}

/* acc's rows [start, start + t) += a @ b, in place (acc contiguous) */
static int add_product(cg_tensor *acc, int64_t start, int64_t t, cg_tensor *a, cg_tensor *b) {
    cg_tensor *part = rows(acc, start, t);
    cg_tensor *sum = part ? cg_addmm(part, a, b, cg_scalar_int(1), cg_scalar_int(1)) : NULL;
    int rc = sum ? cg_copy_(part, sum) : -1;
    cg_tensor_release(part), cg_tensor_release(sum);
    return rc;
}

/* the forward, grad mode off: bias broadcast, then one addmm per tap */
static cg_tensor *forward(cg_tensor *x, cg_tensor *w, cg_tensor *b, int64_t olen) {
    int64_t sizes[3] = {olen, x->sizes[1], w->sizes[2]};
    cg_tensor *be = cg_expand(b, 3, sizes);
    cg_tensor *out = be ? cg_tensor_empty(3, sizes, x->dtype, cg_tensor_device(x)) : NULL;
    if (out && cg_copy_(out, be) < 0)
        cg_tensor_release(out), out = NULL;
    cg_tensor_release(be);
    for (int64_t k = 0; out && k < w->sizes[0]; k++) {
        int64_t i, o, t;
        tap_span(k, x->sizes[0], olen, w->sizes[0], &i, &o, &t);
        if (t <= 0)
            continue;
        cg_tensor *in = rows(x, i, t), *wk = in ? cg_select(w, 0, k) : NULL;
        int rc = wk ? add_product(out, o, t, in, wk) : -1;
        cg_tensor_release(in), cg_tensor_release(wk);
        if (rc < 0)
            cg_tensor_release(out), out = NULL;
    }
    return out;
}

/* ConvTbcBackward0: conv_tbc_backward's products, tap after tap */
int cg_bw_conv_tbc(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *w;
    if (cg_node_saved_all(n, 2, &x, &w) < 0)
        return -1;
    cg_tensor *g = cg_contiguous(go[0]);
    int64_t kw = w->sizes[0], ilen = x->sizes[0], olen = g ? g->sizes[0] : 0;
    int rc = g ? 0 : -1;
    if (rc == 0 && n->next[0].node)
        rc = (gi[0] = cg_zeros_like(x)) ? 0 : -1;
    if (rc == 0 && n->next[1].node)
        rc = (gi[1] = cg_zeros_like(w)) ? 0 : -1;
    for (int64_t k = 0; rc == 0 && k < kw; k++) {
        int64_t i, o, t;
        tap_span(k, ilen, olen, kw, &i, &o, &t);
        if (t <= 0)
            continue;
        cg_tensor *dO = rows(g, o, t), *wk = dO ? cg_select(w, 0, k) : NULL;
        cg_tensor *wt = wk && gi[0] ? cg_transpose(wk, 0, 1) : NULL;
        rc = dO && (wt || !gi[0]) ? 0 : -1;
        if (rc == 0 && gi[0])
            rc = add_product(gi[0], i, t, dO, wt);
        cg_tensor_release(wk), cg_tensor_release(wt), cg_tensor_release(dO);
    }
    for (int64_t k = 0; rc == 0 && gi[1] && k < kw; k++) {
        int64_t i, o, t;
        tap_span(k, ilen, olen, kw, &i, &o, &t);
        if (t <= 0)
            continue;
        cg_tensor *dO = rows(g, o, t), *in = dO ? rows(x, i, t) : NULL, *it = in ? cg_transpose(in, 0, 1) : NULL;
        cg_tensor *dW = it ? cg_select(gi[1], 0, k) : NULL;
        cg_tensor *sum = dW ? cg_addmm(dW, it, dO, cg_scalar_int(1), cg_scalar_int(1)) : NULL;
        rc = sum ? cg_copy_(dW, sum) : -1;
        cg_tensor_release(dO), cg_tensor_release(in), cg_tensor_release(it), cg_tensor_release(dW), cg_tensor_release(sum);
    }
    if (rc == 0 && n->nin > 2 && n->next[2].node) { /* over time, then over the batch, as PyTorch sums */
        int64_t dim = 0;
        cg_tensor *t = cg_sum(g, 1, &dim, false);
        rc = t && (gi[2] = cg_sum(t, 1, &dim, false)) ? 0 : -1;
        cg_tensor_release(t);
    }
    cg_tensor_release(g);
    return rc;
}

cg_tensor *cg_conv_tbc(cg_tensor *x, cg_tensor *w, cg_tensor *b, int64_t pad) {
    CG_CHECK(x->ndim == 3, CG_RUNTIME_ERROR, "Input must have 3 dims: time, batch, in_channel");
    CG_CHECK(w->ndim == 3, CG_RUNTIME_ERROR, "Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.");
    CG_CHECK(b->ndim == 1, CG_RUNTIME_ERROR, "Bias must be 1-D");
    CG_CHECK(x->sizes[2] == w->sizes[1], CG_RUNTIME_ERROR,
             "Input dim 2 (input channels) is not == dim 1 in the weight tensor");
    CG_CHECK(w->sizes[2] == b->sizes[0], CG_RUNTIME_ERROR,
             "Bias size must equal dim 2 in the weight tensor (output channels).");
    __int128 len = (__int128)x->sizes[0] - w->sizes[0] + 1 + 2 * (__int128)pad;
    CG_CHECK(len >= INT64_MIN && len <= INT64_MAX, CG_RUNTIME_ERROR, "conv_tbc: output length overflows");
    char shown[128];
    CG_CHECK(len >= 0, CG_RUNTIME_ERROR, "Trying to create tensor with negative dimension %lld: %s", (long long)len,
             cg_sizes_str(3, (int64_t[]){(int64_t)len, x->sizes[1], w->sizes[2]}, shown, sizeof shown));
    bool was = cg_grad_set_enabled(false);
    cg_tensor *y = forward(x, w, b, (int64_t)len);
    cg_grad_set_enabled(was);
    cg_tensor *in[3] = {x, w, b};
    if (!y || !cg_autograd_needed(3, in))
        return y;
    cg_op_args args = {.i = {pad}};
    cg_save_spec save[2] = {{x, "self"}, {w, "weight"}};
    if (cg_autograd_record(CG_OP_CONV_TBC, 1, &y, 3, in, 2, save, &args, NULL) < 0) {
        cg_tensor_release(y);
        return NULL;
    }
    return y;
}
