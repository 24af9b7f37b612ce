/* torch_functional_conv.c: the convolution, pooling and normalisation
 * functions of torch.nn.functional (conv1d/2d/3d, conv_transpose1d/2d/3d, unfold, fold,
 * max_pool1d/2d, avg_pool1d/2d, adaptive_avg_pool1d/2d, batch_norm, layer_norm,
 * group_norm, pad), with
 * PyTorch 1.13's signatures and argument errors. The 1-d forms are the 2-d
 * ones over a height of one, between UnsqueezeBackward0 and
 * SqueezeBackward1 as in PyTorch; the engine's ops_conv.h does the rest. */
#include <string.h>

#include "runtime/module.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* ---- int-or-tuple arguments ---------------------------------------------------------- */

/* An int or a sequence of n ints into out[0..n) (an int repeats); *len
 * gets the sequence's length (1 for an int) for the caller's message. */
static int ints_arg(const char *fn, const char *arg, int pos, cg_value v, int n, int64_t *out, int *len) {
    int64_t vals[CG_MAX_DIMS];
    int k = 0;
    if (torch_dims_arg(fn, arg, pos, v, &k, vals) < 0)
        return -1;
    *len = cg_is_none(v) ? 0 : k;
    for (int i = 0; i < n; i++)
        out[i] = k == 1 ? vals[0] : i < k ? vals[i] : 0;
    return 0;
}

/* conv's form: "expected stride to be a single integer value or a list of 2 values ..." */
static int conv_ints(const char *fn, const char *arg, int pos, cg_value v, int n, int64_t *out) {
    int len;
    if (ints_arg(fn, arg, pos, v, n, out, &len) < 0)
        return -1;
    if (len == 1 || len == n)
        return 0;
    int64_t vals[CG_MAX_DIMS];
    int k;
    torch_dims_arg(fn, arg, pos, v, &k, vals);
    char got[128];
    cg_sizes_str(k, vals, got, sizeof got);
    return cg_raise_int(&cg_exc_RuntimeError,
                        "expected %s to be a single integer value or a list of %d values to match the convolution "
                        "dimensions, but got %s=%s",
                        arg, n, arg, got);
}

/* pooling's form; `omittable` for stride, which None or () make the kernel size */
static int pool_ints(const char *fn, const char *arg, int pos, cg_value v, int64_t *out, bool omittable) {
    int len;
    if (ints_arg(fn, arg, pos, v, 2, out, &len) < 0)
        return -1;
    if (len == 1 || len == 2 || (omittable && len == 0))
        return 0;
    return cg_raise_int(&cg_exc_RuntimeError, "%s: %s must either be %sa single int, or a tuple of two ints", fn, arg,
                        omittable ? "omitted, " : "");
}

/* ---- convolution ------------------------------------------------------------------- */

/* padding='valid' or 'same' as numbers: 'same' pads d (k - 1) / 2 a side,
 * and an odd total's extra one on the right by a zero pad of the input
 * (extra[], F.pad's order), as PyTorch's _convolution_same */
static int padding_str(cg_tensor *w, int nspatial, const int64_t *stride, const int64_t *dilation, const char *s,
                       int64_t *padding, int64_t *extra, bool *asymmetric) {
    bool same = !strcmp(s, "same");
    if (!same && strcmp(s, "valid"))
        return cg_raise_int(&cg_exc_RuntimeError, "Invalid padding string: '%s'", s);
    *asymmetric = false;
    for (int d = 0; d < nspatial; d++) {
        if (same && stride[d] != 1)
            return cg_raise_int(&cg_exc_RuntimeError, "padding='same' is not supported for strided convolutions");
        int64_t k = w->ndim == nspatial + 2 ? w->sizes[2 + d] : 1, total = same ? dilation[d] * (k - 1) : 0;
        padding[d] = total / 2;
        extra[2 * (nspatial - 1 - d)] = 0;
        extra[2 * (nspatial - 1 - d) + 1] = total - total / 2 - total / 2;
        *asymmetric |= total % 2 != 0;
    }
    return 0;
}

/* conv1d/conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) */
static cg_value conv(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    int nspatial = op->flag;
    bool err = false, asymmetric = false;
    int64_t stride[3], padding[3], dilation[3], groups, extra[6];
    cg_tensor *w = torch_tensor_arg_borrowed(fn, "weight", 2, a[1]);
    cg_tensor *b = w ? torch_tensor_opt_borrowed(fn, "bias", 3, a[2], &err) : NULL;
    if (!w || err || conv_ints(fn, "stride", 4, a[3], nspatial, stride) < 0
        || conv_ints(fn, "dilation", 6, a[5], nspatial, dilation) < 0
        || torch_int_arg(fn, "groups", 7, a[6], &groups) < 0)
        return CG_ERR;
    int k = w->ndim - 2; /* PyTorch expands the window to the weight's dims */
    if (k >= 1 && k != nspatial) {
        char got[128];
        return cg_raise(&cg_exc_RuntimeError,
                        "expected stride to be a single integer value or a list of %d values to match the convolution "
                        "dimensions, but got stride=%s",
                        k, cg_sizes_str(nspatial, stride, got, sizeof got));
    }
    if (cg_is_str(a[4])) {
        if (padding_str(w, nspatial, stride, dilation, cg_str_cstr(a[4]), padding, extra, &asymmetric) < 0)
            return CG_ERR;
    } else if (conv_ints(fn, "padding", 5, a[4], nspatial, padding) < 0) {
        return CG_ERR;
    }
    if (!asymmetric)
        return cg_tensor_steal(cg_convolution(T0, w, b, nspatial, stride, padding, dilation, groups));
    if (torch_warn_once("UserWarning", "Using padding='same' with even kernel lengths and odd dilation may require a "
                                       "zero-padded copy of the input be created (Triggered internally at  "
                                       "./aten/src/ATen/native/Convolution.cpp:895.)")
        < 0)
        return CG_ERR;
    cg_tensor *x = cg_constant_pad_nd(T0, 2 * nspatial, extra, cg_scalar_int(0));
    cg_tensor *r = x ? cg_convolution(x, w, b, nspatial, stride, padding, dilation, groups) : NULL;
    cg_tensor_release(x);
    return cg_tensor_steal(r);
}

/* conv_transpose1d/2d(input, weight, bias=None, stride=1, padding=0,
 * output_padding=0, groups=1, dilation=1) */
static cg_value conv_transpose(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    int nspatial = op->flag;
    bool err = false;
    int64_t stride[3], padding[3], out_pad[3], dilation[3], groups;
    cg_tensor *w = torch_tensor_arg_borrowed(fn, "weight", 2, a[1]);
    cg_tensor *b = w ? torch_tensor_opt_borrowed(fn, "bias", 3, a[2], &err) : NULL;
    if (cg_is_str(a[4])) /* no padding strings here */
        return cg_raise(&cg_exc_TypeError, "%s(): argument 'padding' must be tuple of ints, not str", fn);
    if (!w || err || conv_ints(fn, "stride", 4, a[3], nspatial, stride) < 0
        || conv_ints(fn, "padding", 5, a[4], nspatial, padding) < 0
        || conv_ints(fn, "output_padding", 6, a[5], nspatial, out_pad) < 0
        || torch_int_arg(fn, "groups", 7, a[6], &groups) < 0
        || conv_ints(fn, "dilation", 8, a[7], nspatial, dilation) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_conv_transpose(T0, w, b, nspatial, stride, padding, out_pad, dilation, groups));
}

/* unfold/fold's 2-tuples: "It is expected kernel_size equals to 2, but got size 3" */
static int window_ints(const char *fn, const char *arg, int pos, cg_value v, int64_t *out) {
    int len;
    if (ints_arg(fn, arg, pos, v, 2, out, &len) < 0)
        return -1;
    if (len == 1 || len == 2)
        return 0;
    return cg_raise_int(&cg_exc_RuntimeError, "It is expected %s equals to 2, but got size %d", arg, len);
}

/* the window of unfold/fold from (kernel_size, dilation, padding, stride) at a[k..k+3] */
static int window_args(const char *fn, cg_value *a, int k, cg_window2d *w) {
    if (window_ints(fn, "kernel_size", k + 1, a[k], w->kernel) < 0
        || window_ints(fn, "dilation", k + 2, a[k + 1], w->dilation) < 0
        || window_ints(fn, "padding", k + 3, a[k + 2], w->padding) < 0
        || window_ints(fn, "stride", k + 4, a[k + 3], w->stride) < 0)
        return -1;
    return 0;
}

/* unfold(input, kernel_size, dilation=1, padding=0, stride=1) */
static cg_value fn_unfold(cg_value *a) {
    cg_window2d w;
    if (window_args("unfold", a, 1, &w) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_unfold(T0, &w));
}

/* fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1) */
static cg_value fn_fold(cg_value *a) {
    cg_window2d w;
    int64_t size[2];
    if (window_ints("fold", "output_size", 2, a[1], size) < 0 || window_args("fold", a, 2, &w) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_fold(T0, size, &w));
}

/* ---- pooling ------------------------------------------------------------------------ */

/* A 1-d pooling: input [N, C, L] or [C, L] seen as [.., 1, L], pooled by
 * pool2d, the height dropped again; PyTorch's messages for other inputs. */
typedef cg_tensor *(*pool2d_fn)(cg_tensor *x, const void *ctx, cg_tensor **indices);

static cg_value pool1d(const char *fn, cg_tensor *x, pool2d_fn pool, const void *ctx, bool want_indices) {
    if (x->ndim != 2 && x->ndim != 3) {
        char sizes[128];
        cg_sizes_str(x->ndim, x->sizes, sizes, sizeof sizes);
        if (!strcmp(fn, "max_pool1d"))
            return cg_raise(&cg_exc_RuntimeError,
                            "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
                            "input, but got:%s",
                            sizes);
        return cg_raise(&cg_exc_RuntimeError,
                        "Expected 2 to 3 dimensions, but got %d-dimensional tensor for argument #1 'self' (while "
                        "checking arguments for %s)",
                        x->ndim, fn);
    }
    cg_tensor *x2 = cg_unsqueeze(x, -2), *idx = NULL;
    cg_tensor *y2 = x2 ? pool(x2, ctx, want_indices ? &idx : NULL) : NULL;
    cg_tensor *y = y2 ? cg_squeeze_dim(y2, -2) : NULL, *i = y && idx ? cg_squeeze_dim(idx, -2) : NULL;
    cg_tensor_release(x2), cg_tensor_release(y2), cg_tensor_release(idx);
    if (!y || (want_indices && !i)) {
        cg_tensor_release(y), cg_tensor_release(i);
        return torch_raise();
    }
    if (!want_indices)
        return cg_tensor_steal(y);
    cg_value items[2] = {cg_tensor_steal(y), cg_tensor_steal(i)};
    return cg_tuple_steal(2, items);
}

typedef struct {
    cg_window2d win;
    bool ceil_mode, count_include_pad;
    int64_t divisor;
} pool_spec;

static cg_tensor *max_pool(cg_tensor *x, const void *ctx, cg_tensor **indices) {
    const pool_spec *p = ctx;
    return cg_max_pool2d(x, &p->win, p->ceil_mode, indices);
}

static cg_tensor *avg_pool(cg_tensor *x, const void *ctx, cg_tensor **indices) {
    const pool_spec *p = ctx;
    return cg_avg_pool2d(x, &p->win, p->ceil_mode, p->count_include_pad, p->divisor);
}

/* An int-or-tuple of a pooling with nspatial dims into its last nspatial
 * entries of out (a 1-d window has a height of one); 2-d checks the length
 * as PyTorch does. *len: the length given (0 for None or ()). */
static int pool_arg(const char *fn, const char *arg, int pos, cg_value v, int nspatial, int64_t *out, bool omittable,
                    int *len) {
    if (nspatial == 2)
        return pool_ints(fn, arg, pos, v, out, omittable) < 0 ? -1 : ints_arg(fn, arg, pos, v, 2, out, len);
    return ints_arg(fn, arg, pos, v, 1, out + 1, len);
}

/* kernel_size, stride and padding at a[1..3]; a stride omitted is the kernel size */
static int pool_window(const char *fn, cg_value *a, int nspatial, cg_window2d *w) {
    *w = (cg_window2d){{1, 1}, {1, 1}, {0, 0}, {1, 1}};
    int klen, slen, plen;
    if (pool_arg(fn, "kernel_size", 2, a[1], nspatial, w->kernel, false, &klen) < 0
        || pool_arg(fn, "stride", 3, a[2], nspatial, w->stride, true, &slen) < 0
        || pool_arg(fn, "padding", 4, a[3], nspatial, w->padding, false, &plen) < 0)
        return -1;
    if (slen == 0)
        memcpy(w->stride, w->kernel, sizeof w->stride);
    return 0;
}

/* max_pool1d/2d(input, kernel_size, stride=None, padding=0, dilation=1,
 * ceil_mode=False, return_indices=False) */
static cg_value max_pool_common(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    int nspatial = op->flag;
    pool_spec p = {0};
    bool want;
    int len;
    if (pool_window(fn, a, nspatial, &p.win) < 0
        || pool_arg(fn, "dilation", 5, a[4], nspatial, p.win.dilation, false, &len) < 0
        || torch_bool_arg(fn, "ceil_mode", 6, a[5], &p.ceil_mode) < 0
        || torch_bool_arg(fn, "return_indices", 7, a[6], &want) < 0)
        return CG_ERR;
    if (nspatial == 1)
        return pool1d(fn, T0, max_pool, &p, want);
    cg_tensor *idx = NULL, *y = cg_max_pool2d(T0, &p.win, p.ceil_mode, want ? &idx : NULL);
    if (!y)
        return torch_raise();
    if (!want)
        return cg_tensor_steal(y);
    cg_value items[2] = {cg_tensor_steal(y), cg_tensor_steal(idx)};
    return cg_tuple_steal(2, items);
}

/* avg_pool1d/2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
 * count_include_pad=True[, divisor_override=None]) */
static cg_value avg_pool_common(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    int nspatial = op->flag;
    pool_spec p = {0};
    if (pool_window(fn, a, nspatial, &p.win) < 0 || torch_bool_arg(fn, "ceil_mode", 5, a[4], &p.ceil_mode) < 0
        || torch_bool_arg(fn, "count_include_pad", 6, a[5], &p.count_include_pad) < 0)
        return CG_ERR;
    if (nspatial == 1)
        return pool1d(fn, T0, avg_pool, &p, false);
    if (!cg_is_none(a[6])) {
        if (torch_int_arg(fn, "divisor_override", 7, a[6], &p.divisor) < 0)
            return CG_ERR;
        if (p.divisor == 0)
            return cg_raise(&cg_exc_RuntimeError, "divisor must be not zero");
    }
    return cg_tensor_steal(cg_avg_pool2d(T0, &p.win, p.ceil_mode, p.count_include_pad, p.divisor));
}

static cg_tensor *adaptive_pool(cg_tensor *x, const void *ctx, cg_tensor **indices) {
    return cg_adaptive_avg_pool2d(x, ctx);
}

/* adaptive_avg_pool2d(input, output_size): an int, or a pair whose None
 * entries keep the input's size */
static cg_value fn_adaptive_avg_pool2d(cg_value *a) {
    int64_t size[2];
    cg_tensor *x = T0;
    bool tuple = cg_type_is_layout_subtype(cg_typeof(a[1]), &cg_type_tuple);
    if (tuple
        || cg_type_is_layout_subtype(cg_typeof(a[1]),
                                     &cg_type_list)) { /* value.h's layouts: containers.h clashes with ops.h */
        int64_t n = tuple ? ((cg_tuple *)a[1].u.o)->len : ((cg_list *)a[1].u.o)->len;
        const cg_value *items = tuple ? ((cg_tuple *)a[1].u.o)->items : ((cg_list *)a[1].u.o)->items;
        if (n != 2)
            return cg_raise(&cg_exc_RuntimeError, "adaptive_avg_pool2d: output_size must be 2");
        for (int d = 0; d < 2; d++) {
            if (cg_is_none(items[d]))
                size[d] = x->ndim >= 2 ? x->sizes[x->ndim - 2 + d] : 0;
            else if (torch_int_arg("adaptive_avg_pool2d", "output_size", 2, items[d], &size[d]) < 0)
                return CG_ERR;
        }
    } else if (torch_int_arg("adaptive_avg_pool2d", "output_size", 2, a[1], &size[0]) < 0) {
        return CG_ERR;
    } else {
        size[1] = size[0];
    }
    return cg_tensor_steal(cg_adaptive_avg_pool2d(x, size));
}

/* adaptive_avg_pool3d(input, output_size): an int, or three ints or Nones
 * (None keeps the input's size) */
static cg_value fn_adaptive_avg_pool3d(cg_value *a) {
    const char *fn = "adaptive_avg_pool3d";
    int64_t size[3];
    cg_tensor *x = T0;
    if (!torch_is_seq(a[1])) {
        if (torch_int_arg(fn, "output_size", 2, a[1], &size[0]) < 0)
            return CG_ERR;
        size[1] = size[2] = size[0];
        return cg_tensor_steal(cg_adaptive_avg_pool3d(x, size));
    }
    int64_t n = torch_seq_len(a[1]);
    if (x->ndim <= n) /* F.adaptive_avg_pool3d's own check of the defaults */
        return cg_raise(&cg_exc_ValueError, "Input dimension should be at least %lld", (long long)(n + 1));
    if (n != 3)
        return cg_raise(&cg_exc_RuntimeError, "adaptive_avg_pool3d: output_size must be 3");
    for (int d = 0; d < 3; d++) {
        cg_value v = torch_seq_item_borrowed(a[1], d);
        if (cg_is_none(v))
            size[d] = x->sizes[x->ndim - 3 + d];
        else if (torch_int_arg(fn, "output_size", 2, v, &size[d]) < 0)
            return CG_ERR;
    }
    return cg_tensor_steal(cg_adaptive_avg_pool3d(x, size));
}

/* adaptive_max_pool2d's pool2d_fn; ctx its output size */
static cg_tensor *adaptive_max(cg_tensor *x, const void *ctx, cg_tensor **indices) {
    return cg_adaptive_max_pool2d(x, ctx, indices);
}

/* the maxima, or (maxima, indices) when want */
static cg_value maxima(cg_tensor *y, cg_tensor *idx, bool want) {
    if (!y)
        return torch_raise();
    if (!want)
        return cg_tensor_steal(y);
    cg_value items[2] = {cg_tensor_steal(y), cg_tensor_steal(idx)};
    return cg_tuple_steal(2, items);
}

/* adaptive_max_pool2d(input, output_size, return_indices=False): an int,
 * or a pair whose None entries keep the input's size */
static cg_value adaptive_max_common(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    cg_tensor *x = T0;
    bool want;
    if (torch_bool_arg(fn, "return_indices", 3, a[2], &want) < 0)
        return CG_ERR;
    if (op->flag == 1) {
        int64_t size[2] = {1, 0};
        if (torch_is_seq(a[1]) && torch_seq_len(a[1]) != 1)
            return cg_raise(&cg_exc_RuntimeError,
                            "adaptive_max_pool1d() argument 'output_size' should contain one int (got %lld)",
                            (long long)torch_seq_len(a[1]));
        cg_value v = torch_is_seq(a[1]) ? torch_seq_item_borrowed(a[1], 0) : a[1];
        if (torch_int_arg(fn, "output_size", 2, v, &size[1]) < 0)
            return CG_ERR;
        return pool1d(fn, x, adaptive_max, size, want);
    }
    int nd = op->flag;
    int64_t size[3];
    if (!torch_is_seq(a[1])) {
        if (torch_int_arg(fn, "output_size", 2, a[1], &size[0]) < 0)
            return CG_ERR;
        size[1] = size[2] = size[0];
    } else {
        int64_t n = torch_seq_len(a[1]);
        if (x->ndim <= n) /* F.adaptive_max_pool2d/3d's own check of the defaults */
            return cg_raise(&cg_exc_ValueError, "Input dimension should be at least %lld", (long long)(n + 1));
        if (n != nd)
            return cg_raise(&cg_exc_RuntimeError, "%s(): internal error: output_size.size() must be %d", fn, nd);
        for (int d = 0; d < nd; d++) {
            cg_value v = torch_seq_item_borrowed(a[1], d);
            if (cg_is_none(v))
                size[d] = x->sizes[x->ndim - nd + d];
            else if (torch_int_arg(fn, "output_size", 2, v, &size[d]) < 0)
                return CG_ERR;
        }
    }
    cg_tensor *idx = NULL;
    cg_tensor *y = nd == 2 ? cg_adaptive_max_pool2d(x, size, want ? &idx : NULL)
                           : cg_adaptive_max_pool3d(x, size, want ? &idx : NULL);
    return maxima(y, idx, want);
}

/* _max_unpool2d(input, indices, output_size): torch._C._nn.max_unpool2d,
 * which F.max_unpool1d/2d (lang/prelude) call with a checked size */
static cg_value fn_max_unpool2d(cg_value *a) {
    const char *fn = "_max_unpool2d";
    cg_tensor *idx = torch_tensor_arg_borrowed(fn, "indices", 2, a[1]);
    int64_t size[2];
    int len;
    if (!idx || ints_arg(fn, "output_size", 3, a[2], 2, size, &len) < 0)
        return CG_ERR;
    if (len != 2)
        return cg_raise(&cg_exc_RuntimeError,
                        "There should be exactly two elements (height, width) in output_size, but got %d elements.",
                        len);
    return cg_tensor_steal(cg_max_unpool2d(T0, idx, size));
}

/* _max_unpool3d(input, indices, output_size, stride, padding):
 * torch._C._nn.max_unpool3d, which F.max_unpool3d (lang/prelude) calls */
static cg_value fn_max_unpool3d(cg_value *a) {
    const char *fn = "_max_unpool3d";
    cg_tensor *idx = torch_tensor_arg_borrowed(fn, "indices", 2, a[1]);
    int64_t size[3], stride[3], padding[3];
    int len[3];
    if (!idx || ints_arg(fn, "output_size", 3, a[2], 3, size, &len[0]) < 0
        || ints_arg(fn, "stride", 4, a[3], 3, stride, &len[1]) < 0
        || ints_arg(fn, "padding", 5, a[4], 3, padding, &len[2]) < 0)
        return CG_ERR;
    /* PyTorch's order: the indices' type and the input's dims come first */
    if (idx->dtype != CG_INT64 || (T0->ndim != 4 && T0->ndim != 5))
        return cg_tensor_steal(cg_max_unpool3d(T0, idx, size, stride));
    if (len[0] != 3)
        return cg_raise(&cg_exc_RuntimeError,
                        "There should be exactly three elements (depth, height, width) in output_size, but got %d "
                        "elements.",
                        len[0]);
    static const char *const names[2] = {"stride", "padding"};
    for (int k = 1; k < 3; k++)
        if (len[k] != 3)
            return cg_raise(&cg_exc_RuntimeError,
                            "There should be exactly three elements (depth, height, width) in %s, but got: %d "
                            "elements.",
                            names[k - 1], len[k]);
    return cg_tensor_steal(cg_max_unpool3d(T0, idx, size, stride));
}

/* conv_tbc(input, weight, bias, pad=0) */
static cg_value fn_conv_tbc(cg_value *a) {
    const char *fn = "conv_tbc";
    cg_tensor *w = torch_tensor_arg_borrowed(fn, "weight", 2, a[1]);
    cg_tensor *b = w ? torch_tensor_arg_borrowed(fn, "bias", 3, a[2]) : NULL;
    int64_t pad;
    if (!b || torch_int_arg(fn, "pad", 4, a[3], &pad) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_conv_tbc(T0, w, b, pad));
}

/* _fractional_max_pool2d/3d(input, kernel_size, output_size, random_samples):
 * (output, indices) */
static cg_value fractional_common(const torch_op *op, cg_value *a) {
    int nd = (int)op->flag;
    const char *fn = op->name + 1;
    int64_t kernel[CG_MAX_DIMS], out[CG_MAX_DIMS];
    int nk, no;
    cg_tensor *samples = torch_tensor_arg_borrowed(fn, "random_samples", 4, a[3]);
    if (!samples || torch_dims_arg(fn, "kernel_size", 2, a[1], &nk, kernel) < 0
        || torch_dims_arg(fn, "output_size", 3, a[2], &no, out) < 0)
        return CG_ERR;
    for (int d = 1; d < nd && nk == 1; d++)
        kernel[d] = kernel[0];
    for (int d = 1; d < nd && no == 1; d++)
        out[d] = out[0];
    if (nk != nd && nk != 1)
        return cg_raise(&cg_exc_RuntimeError, "%s: kernel_size must either be a single Int or tuple of Ints", fn);
    if (no != nd && no != 1)
        return cg_raise(&cg_exc_RuntimeError, "%s: output_size must either be a single Int or tuple of Ints", fn);
    cg_tensor *idx = NULL, *y = cg_fractional_max_pool(T0, nd, kernel, out, samples, &idx);
    if (!y)
        return torch_raise();
    cg_value items[2] = {cg_tensor_steal(y), cg_tensor_steal(idx)};
    return cg_tuple_steal(2, items);
}

/* pooling's triples: "max_pool3d: stride must either be omitted, a single
 * int, or a tuple of three ints" */
static int pool3_ints(const char *fn, const char *arg, int pos, cg_value v, int64_t *out, bool omittable, int *len) {
    if (ints_arg(fn, arg, pos, v, 3, out, len) < 0)
        return -1;
    if (*len == 1 || *len == 3 || (omittable && *len == 0))
        return 0;
    bool avg = !strcmp(fn, "avg_pool3d");
    return cg_raise_int(&cg_exc_RuntimeError, "%s: %s must %s%sa single int, or a tuple of three ints", fn, arg,
                        avg && !omittable ? "be " : "either be ", omittable ? "omitted, " : "");
}

/* kernel_size, stride, padding of a 3-d pooling at a[1..3] */
static int pool3_window(const char *fn, cg_value *a, cg_window3d *w) {
    *w = (cg_window3d){{1, 1, 1}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}};
    int klen, slen, plen;
    if (pool3_ints(fn, "kernel_size", 2, a[1], w->kernel, false, &klen) < 0
        || pool3_ints(fn, "stride", 3, a[2], w->stride, true, &slen) < 0
        || pool3_ints(fn, "padding", 4, a[3], w->padding, false, &plen) < 0)
        return -1;
    if (slen == 0)
        memcpy(w->stride, w->kernel, sizeof w->stride);
    return 0;
}

/* max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1,
 * ceil_mode=False, return_indices=False) */
static cg_value fn_max_pool3d(cg_value *a) {
    const char *fn = "max_pool3d";
    cg_window3d w;
    bool ceil_mode, want;
    int len;
    if (pool3_window(fn, a, &w) < 0 || pool3_ints(fn, "dilation", 5, a[4], w.dilation, false, &len) < 0
        || torch_bool_arg(fn, "ceil_mode", 6, a[5], &ceil_mode) < 0
        || torch_bool_arg(fn, "return_indices", 7, a[6], &want) < 0)
        return CG_ERR;
    cg_tensor *idx = NULL, *y = cg_max_pool3d(T0, &w, ceil_mode, want ? &idx : NULL);
    return maxima(y, idx, want);
}

/* avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
 * count_include_pad=True, divisor_override=None) */
static cg_value fn_avg_pool3d(cg_value *a) {
    const char *fn = "avg_pool3d";
    cg_window3d w;
    bool ceil_mode, include;
    int64_t divisor = 0;
    if (pool3_window(fn, a, &w) < 0 || torch_bool_arg(fn, "ceil_mode", 5, a[4], &ceil_mode) < 0
        || torch_bool_arg(fn, "count_include_pad", 6, a[5], &include) < 0)
        return CG_ERR;
    if (!cg_is_none(a[6])) {
        if (torch_int_arg(fn, "divisor_override", 7, a[6], &divisor) < 0)
            return CG_ERR;
        if (divisor == 0)
            return cg_raise(&cg_exc_RuntimeError, "divisor must be not zero");
    }
    return cg_tensor_steal(cg_avg_pool3d(T0, &w, ceil_mode, include, divisor));
}

/* adaptive_avg_pool1d(input, output_size) */
static cg_value fn_adaptive_avg_pool1d(cg_value *a) {
    int64_t size[2] = {1, 0};
    int len;
    if (ints_arg("adaptive_avg_pool1d", "output_size", 2, a[1], 1, size + 1, &len) < 0)
        return CG_ERR;
    return pool1d("adaptive_avg_pool1d", T0, adaptive_pool, size, false);
}

/* ---- resampling ----------------------------------------------------------------------- */

/* PyTorch's upsample_*d_common_check: every size above 0 */
static int check_resample_sizes(int n, const int64_t *in, const int64_t *out) {
    bool ok = true;
    for (int d = 0; d < n; d++)
        ok = ok && in[d] > 0 && out[d] > 0;
    if (ok)
        return 0;
    if (n == 1)
        return cg_raise_int(&cg_exc_RuntimeError,
                            "Input and output sizes should be greater than 0, but got input (W: %lld) and output (W: "
                            "%lld)",
                            (long long)in[0], (long long)out[0]);
    if (n == 2)
        return cg_raise_int(&cg_exc_RuntimeError,
                            "Input and output sizes should be greater than 0, but got input (H: %lld, W: %lld) output "
                            "(H: %lld, W: %lld)",
                            (long long)in[0], (long long)in[1], (long long)out[0], (long long)out[1]);
    return cg_raise_int(&cg_exc_RuntimeError,
                        "Input and output sizes should be greater than 0, but got input (D: %lld, H: %lld, W: %lld) "
                        "output (D: %lld, H: %lld, W: %lld)",
                        (long long)in[0], (long long)in[1], (long long)in[2], (long long)out[0], (long long)out[1],
                        (long long)out[2]);
}

/* _upsample(input, mode, output_size, scale_factors, align_corners): the
 * .vec forms of upsample_nearest1d .. upsample_bicubic2d that
 * F.interpolate (lang/prelude) calls; mode 'nearest', 'nearest-exact',
 * 'linear' or 'cubic' over the input's dims past the second. Exactly one
 * of output_size and scale_factors is a sequence (the prelude sees to it). */
static cg_value fn_upsample(cg_value *a) {
    const char *fn = "_upsample", *mode;
    cg_tensor *x = T0;
    bool align;
    if (torch_str_arg(fn, "mode", 2, a[1], false, &mode) < 0 || torch_bool_arg(fn, "align_corners", 5, a[4], &align) < 0)
        return CG_ERR;
    static const char *const modes[] = {"nearest", "nearest-exact", "linear", "cubic"};
    cg_upsample_spec s = {.align_corners = align, .nspatial = x->ndim - 2};
    int m = 0;
    while (m < 4 && strcmp(mode, modes[m]))
        m++;
    if (m == 4 || s.nspatial < 1 || s.nspatial > 3)
        return cg_raise(&cg_exc_ValueError, "_upsample: bad mode or input");
    s.mode = (cg_upsample_mode)m;
    int64_t in[3];
    for (int d = 0; d < s.nspatial; d++) {
        in[d] = x->sizes[2 + d];
        cg_value v = torch_is_seq(a[2]) ? torch_seq_item_borrowed(a[2], d) : torch_seq_item_borrowed(a[3], d);
        if (torch_is_seq(a[2]) ? torch_int_arg(fn, "output_size", 3, v, &s.out[d]) < 0
                               : torch_double_arg(fn, "scale_factors", 4, v, &s.scales[d]) < 0)
            return CG_ERR;
        if (!torch_is_seq(a[2])) {
            /* as x86's conversion gives it (INT64_MIN beyond int64), without C's undefined cast */
            double o = (double)in[d] * s.scales[d];
            s.out[d] = o == o && o > -0x1p63 && o < 0x1p63 ? (int64_t)o : INT64_MIN;
            if (s.out[d] < -(INT64_C(1) << 62)) /* c10::SymInt's range */
                return cg_raise(&cg_exc_RuntimeError,
                                "IntArrayRef contains an int that cannot be represented as a SymInt: %lld",
                                (long long)s.out[d]);
        }
    }
    if (check_resample_sizes(s.nspatial, in, s.out) < 0)
        return CG_ERR;
    if (cg_tensor_numel(x) == 0 && x->sizes[1] * in[0] * (s.nspatial > 1 ? in[1] : 1) * (s.nspatial > 2 ? in[2] : 1) == 0) {
        char sizes[128];
        return cg_raise(&cg_exc_RuntimeError, "Non-empty %dD data tensor expected but got a tensor with sizes %s",
                        x->ndim, cg_sizes_str(x->ndim, x->sizes, sizes, sizeof sizes));
    }
    if (!cg_dtype_is_float(x->dtype) || x->dtype == CG_F16 || x->dtype == CG_BF16) {
        static const char *const kernels[] = {"nearest", "nearest", "linear", "cubic"};
        return cg_raise(&cg_exc_RuntimeError, "\"compute_indices_weights_%s\" not implemented for '%s'", kernels[m],
                        cg_dtype_legacy_name(x->dtype));
    }
    return cg_tensor_steal(cg_upsample(x, &s));
}

/* ---- batch_norm ---------------------------------------------------------------------- */

/* batch_norm(input, running_mean, running_var, weight=None, bias=None,
 * training=False, momentum=0.1, eps=1e-05); PyTorch's Python checks the
 * batch first */
static cg_value fn_batch_norm(cg_value *a) {
    const char *fn = "batch_norm";
    bool err = false, training;
    double momentum, eps;
    cg_tensor *rm = torch_tensor_opt_borrowed(fn, "running_mean", 2, a[1], &err);
    cg_tensor *rv = err ? NULL : torch_tensor_opt_borrowed(fn, "running_var", 3, a[2], &err);
    cg_tensor *w = err ? NULL : torch_tensor_opt_borrowed(fn, "weight", 4, a[3], &err);
    cg_tensor *b = err ? NULL : torch_tensor_opt_borrowed(fn, "bias", 5, a[4], &err);
    if (err || torch_bool_arg(fn, "training", 6, a[5], &training) < 0
        || torch_double_arg(fn, "momentum", 7, a[6], &momentum) < 0 || torch_double_arg(fn, "eps", 8, a[7], &eps) < 0)
        return CG_ERR;
    cg_tensor *x = T0;
    if (training && x->ndim >= 2) {
        int64_t per_channel = 1;
        for (int d = 0; d < x->ndim; d++)
            per_channel *= d == 1 ? 1 : x->sizes[d];
        if (per_channel == 1) {
            char sizes[128];
            cg_sizes_str(x->ndim, x->sizes, sizes, sizeof sizes);
            return cg_raise(&cg_exc_ValueError,
                            "Expected more than 1 value per channel when training, got input size torch.Size(%s)",
                            sizes);
        }
    }
    return cg_tensor_steal(cg_batch_norm(x, rm, rv, w, b, training, momentum, eps));
}

/* ---- layer_norm ---------------------------------------------------------------------- */

/* layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05) */
static cg_value fn_layer_norm(cg_value *a) {
    const char *fn = "layer_norm";
    bool err = false;
    double eps;
    int nd = 0;
    int64_t shape[CG_MAX_DIMS];
    if (torch_dims_arg(fn, "normalized_shape", 2, a[1], &nd, shape) < 0)
        return CG_ERR;
    cg_tensor *w = torch_tensor_opt_borrowed(fn, "weight", 3, a[2], &err);
    cg_tensor *b = err ? NULL : torch_tensor_opt_borrowed(fn, "bias", 4, a[3], &err);
    if (err || torch_double_arg(fn, "eps", 5, a[4], &eps) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_layer_norm(T0, nd, shape, w, b, eps));
}

/* a // b as Python floors it (b != 0) */
static int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return q - (a % b != 0 && (a < 0) != (b < 0));
}

/* group_norm(input, num_groups, weight=None, bias=None, eps=1e-05); PyTorch's
 * Python checks the dims and the batch first */
static cg_value fn_group_norm(cg_value *a) {
    const char *fn = "group_norm";
    bool err = false;
    int64_t groups;
    double eps;
    if (torch_int_arg(fn, "num_groups", 2, a[1], &groups) < 0)
        return CG_ERR;
    cg_tensor *w = torch_tensor_opt_borrowed(fn, "weight", 3, a[2], &err);
    cg_tensor *b = err ? NULL : torch_tensor_opt_borrowed(fn, "bias", 4, a[3], &err);
    if (err || torch_double_arg(fn, "eps", 5, a[4], &eps) < 0)
        return CG_ERR;
    cg_tensor *x = T0;
    if (x->ndim < 2) /* the engine raises PyTorch's IndexError for input.size(1) */
        return cg_tensor_steal(cg_group_norm(x, groups, w, b, eps));
    if (groups == 0)
        return cg_raise(&cg_exc_ZeroDivisionError, "integer division or modulo by zero");
    int64_t sizes[CG_MAX_DIMS + 1] = {floor_div(x->sizes[0] * x->sizes[1], groups), groups}, prod = sizes[0];
    for (int d = 2; d < x->ndim; d++)
        prod *= sizes[d] = x->sizes[d];
    if (prod == 1) {
        char s[160];
        cg_sizes_str(x->ndim, sizes, s, sizeof s);
        return cg_raise(&cg_exc_ValueError, "Expected more than 1 value per channel when training, got input size %s",
                        s);
    }
    return cg_tensor_steal(cg_group_norm(x, groups, w, b, eps));
}

/* ---- padding ------------------------------------------------------------------------- */

/* pad(input, pad, mode="constant", value=None): pad a tuple or list of ints */
static cg_value fn_pad(cg_value *a) {
    const char *fn = "pad", *mode;
    int64_t pad[2 * CG_MAX_DIMS];
    int64_t n = torch_is_seq(a[1]) ? torch_seq_len(a[1]) : -1;
    for (int64_t i = 0; i < n && i < 2 * CG_MAX_DIMS; i++) {
        cg_value e = torch_seq_item_borrowed(a[1], i);
        if (e.tag != CG_V_INT) /* PyTorch takes no bools or 0-d tensors here */
            n = -1;
        else
            pad[i] = e.u.i;
    }
    if (n < 0)
        return torch_arg_error(fn, "pad", 2, "tuple of ints", a[1]);
    double value;
    bool err = torch_str_arg(fn, "mode", 0, a[2], false, &mode) < 0;
    if (!err && n > 2 * CG_MAX_DIMS)
        return cg_raise(&cg_exc_RuntimeError, "Padding length too large");
    if (!err && !cg_is_none(a[3]))
        err = torch_double_arg(fn, "value", 0, a[3], &value) < 0;
    if (err)
        return CG_ERR;
    return cg_tensor_steal(cg_pad(T0, (int)n, pad, mode, cg_is_none(a[3]) ? NULL : &value));
}

/* ---- the table ----------------------------------------------------------------------- */

#define F TORCH_FUNCTION
#define CONV "weight, bias=None, stride=1, padding=0, dilation=1, groups=1"
#define CONV_T "weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1"
/* the first TORCH_LEVEL rows are torch's functions too (torch.conv2d, ...) */
#define TORCH_LEVEL 7
#define OPS(X)                                                                                                  \
    X(conv1d, "conv1d", CONV, FAMILY(conv, NULL, 1), F, NULL)                                                   \
    X(conv2d, "conv2d", CONV, FAMILY(conv, NULL, 2), F, NULL)                                                   \
    X(conv3d, "conv3d", CONV, FAMILY(conv, NULL, 3), F, NULL)                                                   \
    X(conv_transpose1d, "conv_transpose1d", CONV_T, FAMILY(conv_transpose, NULL, 1), F, NULL)                   \
    X(conv_transpose2d, "conv_transpose2d", CONV_T, FAMILY(conv_transpose, NULL, 2), F, NULL)                   \
    X(conv_transpose3d, "conv_transpose3d", CONV_T, FAMILY(conv_transpose, NULL, 3), F, NULL)                   \
    X(conv_tbc, "conv_tbc", "weight, bias, pad=0", IMPL(fn_conv_tbc), F, NULL)                                  \
    X(unfold, "unfold", "kernel_size, dilation=1, padding=0, stride=1", IMPL(fn_unfold), F, NULL)               \
    X(fold, "fold", "output_size, kernel_size, dilation=1, padding=0, stride=1", IMPL(fn_fold), F, NULL)        \
    X(max_pool1d, "max_pool1d",                                                                                 \
      "kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False",                 \
      FAMILY(max_pool_common, NULL, 1), F, NULL)                                                                \
    X(max_pool2d, "max_pool2d",                                                                                 \
      "kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False",                 \
      FAMILY(max_pool_common, NULL, 2), F, NULL)                                                                \
    X(avg_pool1d, "avg_pool1d", "kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True", \
      FAMILY(avg_pool_common, NULL, 1), F, NULL)                                                                \
    X(avg_pool2d, "avg_pool2d",                                                                                 \
      "kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None",    \
      FAMILY(avg_pool_common, NULL, 2), F, NULL)                                                                \
    X(adaptive_avg_pool1d, "adaptive_avg_pool1d", "output_size", IMPL(fn_adaptive_avg_pool1d), F, NULL)         \
    X(adaptive_avg_pool2d, "adaptive_avg_pool2d", "output_size", IMPL(fn_adaptive_avg_pool2d), F, NULL)         \
    X(adaptive_avg_pool3d, "adaptive_avg_pool3d", "output_size", IMPL(fn_adaptive_avg_pool3d), F, NULL)         \
    X(max_pool3d, "max_pool3d",                                                                                 \
      "kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False",                 \
      IMPL(fn_max_pool3d), F, NULL)                                                                             \
    X(avg_pool3d, "avg_pool3d",                                                                                 \
      "kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None",    \
      IMPL(fn_avg_pool3d), F, NULL)                                                                             \
    X(_max_unpool2d, "_max_unpool2d", "indices, output_size", IMPL(fn_max_unpool2d), F, NULL)                  \
    X(_fractional_max_pool2d, "_fractional_max_pool2d", "kernel_size, output_size, random_samples",            \
      FAMILY(fractional_common, NULL, 2), F, NULL)                                                              \
    X(_fractional_max_pool3d, "_fractional_max_pool3d", "kernel_size, output_size, random_samples",            \
      FAMILY(fractional_common, NULL, 3), F, NULL)                                                              \
    X(adaptive_max_pool1d, "adaptive_max_pool1d", "output_size, return_indices=False",                          \
      FAMILY(adaptive_max_common, NULL, 1), F, NULL)                                                            \
    X(adaptive_max_pool2d, "adaptive_max_pool2d", "output_size, return_indices=False",                          \
      FAMILY(adaptive_max_common, NULL, 2), F, NULL)                                                            \
    X(adaptive_max_pool3d, "adaptive_max_pool3d", "output_size, return_indices=False",                          \
      FAMILY(adaptive_max_common, NULL, 3), F, NULL)                                                            \
    X(_max_unpool3d, "_max_unpool3d", "indices, output_size, stride, padding", IMPL(fn_max_unpool3d), F, NULL)  \
    X(_upsample, "_upsample", "mode, output_size, scale_factors, align_corners", IMPL(fn_upsample), F, NULL)      \
    X(batch_norm, "batch_norm",                                                                                 \
      "running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05",             \
      IMPL(fn_batch_norm), F, NULL)                                                                             \
    X(layer_norm, "layer_norm", "normalized_shape, weight=None, bias=None, eps=1e-05", IMPL(fn_layer_norm), F, NULL) \
    X(group_norm, "group_norm", "num_groups, weight=None, bias=None, eps=1e-05", IMPL(fn_group_norm), F, NULL)   \
    X(pad, "pad", "pad, mode=\"constant\", value=None", IMPL(fn_pad), F, NULL)

#define TORCH_TAB conv_ops
TORCH_OP_TABLE(OPS)

int cg_torch_functional_conv_add(cg_value module) {
    if (torch_ops_prepare(conv_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *defs = torch_ops_defs(conv_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    return defs ? cg_module_add_methods(module, defs) : -1;
}

int torch_conv_add(cg_value module) {
    if (torch_ops_prepare(conv_ops, TORCH_OP_COUNT) < 0)
        return -1;
    /* torch_ops_defs keeps one array per table: the first rows of F's */
    static cg_method_def defs[TORCH_LEVEL + 1];
    cg_method_def *all = torch_ops_defs(conv_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    if (!all)
        return -1;
    for (int i = 0; i < TORCH_LEVEL; i++)
        defs[i] = all[i];
    return cg_module_add_methods(module, defs);
}
