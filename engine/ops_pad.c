/* ops_pad.c: F.pad, by PyTorch's four modes.
 *
 * constant   CONSTANT_PAD_ND: a fill and a copy into the middle; its
 *            derivative is itself with the pads negated (a crop).
 * reflect,   REFLECTION_PAD and REPLICATION_PAD: each output element is an
 * replicate  input element, so each padded dim is one index_select with
 *            the mode's source index, and the derivative is index_add of
 *            the gradient at the same indices (engine ops: double backward
 *            works, and the CUDA backend needs no kernel of its own).
 * circular   PyTorch's composite: copies into slices of a new tensor, so
 *            its history is CopySlices nodes, as PyTorch's is. */
#include <stdio.h>
#include <string.h>

#include "ops.h"

static int64_t max0(int64_t v) { return v > 0 ? v : 0; }

/* ---- constant ------------------------------------------------------------------------------- */

/* x narrowed where pads are negative (views). */
static cg_tensor *cropped(cg_tensor *x, int npad, const int64_t *pad) {
    cg_tensor *c = cg_tensor_retain(x);
    for (int d = x->ndim - npad / 2; c && d < x->ndim; d++) {
        int64_t lo = pad[2 * (x->ndim - d - 1)], hi = pad[2 * (x->ndim - d - 1) + 1];
        for (int side = 0; side < 2 && c; side++) {
            int64_t p = side ? hi : lo;
            if (p >= 0)
                continue;
            if (!side && p < -c->sizes[d]) { /* PyTorch 1.13's narrow wraps the start as a dim */
                cg_error_set(CG_INDEX_ERROR,
                             "Dimension out of range (expected to be in range of [%lld, %lld], but got %llu)",
                             -(long long)c->sizes[d], (long long)c->sizes[d] - 1, -(unsigned long long)p);
                cg_tensor_release(c);
                return NULL;
            }
            cg_tensor *n = side ? cg_narrow(c, d, 0, c->sizes[d] + p) : cg_narrow(c, d, -p, c->sizes[d] + p);
            cg_tensor_release(c);
            c = n;
        }
    }
    return c;
}

/* out's middle, where the cropped input goes. */
static cg_tensor *middle(cg_tensor *out, int npad, const int64_t *pad) {
    cg_tensor *m = cg_tensor_retain(out);
    for (int d = out->ndim - npad / 2; m && d < out->ndim; d++) {
        int64_t lo = max0(pad[2 * (out->ndim - d - 1)]), hi = max0(pad[2 * (out->ndim - d - 1) + 1]);
        cg_tensor *n = cg_narrow(m, d, lo, m->sizes[d] - lo - hi);
        cg_tensor_release(m);
        m = n;
    }
    return m;
}

static int padded_shape(const cg_tensor *x, int npad, const int64_t *pad, int64_t *shape) {
    memcpy(shape, x->sizes, (size_t)x->ndim * sizeof *shape);
    for (int d = x->ndim - npad / 2; d < x->ndim; d++) {
        int64_t lo = pad[2 * (x->ndim - d - 1)], hi = pad[2 * (x->ndim - d - 1) + 1];
        /* wraps as PyTorch's sum (whose message shows a wrapped negative
         * size); a sum that wraps back to a non-negative one is refused too */
        int64_t part;
        bool overflow = __builtin_add_overflow(x->sizes[d], lo, &part);
        overflow |= __builtin_add_overflow(part, hi, &shape[d]);
        CG_CHECK_INT(!overflow || shape[d] < 0, CG_RUNTIME_ERROR,
                     "The input size %lld, plus padding %lld and %lld overflows int64 at dimension %d of your input.",
                     (long long)x->sizes[d], (long long)lo, (long long)hi, d);
        CG_CHECK_INT(shape[d] >= 0, CG_RUNTIME_ERROR,
                     "The input size %lld, plus negative padding %lld and %lld resulted in a negative output size, "
                     "which is invalid. Check dimension %d of your input.",
                     (long long)x->sizes[d], (long long)lo, (long long)hi, d);
    }
    return 0;
}

cg_tensor *cg_constant_pad_nd(cg_tensor *x, int npad, const int64_t *pad, cg_scalar value) {
    CG_CHECK(npad % 2 == 0, CG_RUNTIME_ERROR, "Length of pad must be even but instead it equals %d", npad);
    CG_CHECK(npad / 2 <= x->ndim, CG_RUNTIME_ERROR,
             "Length of pad should be no more than twice the number of dimensions of the input. Pad length is "
             "%dwhile the input has %ddimensions.",
             npad, x->ndim);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *c = cropped(x, npad, pad);
    cg_grad_set_enabled(was);
    if (!c)
        return NULL;
    int64_t shape[CG_MAX_DIMS];
    cg_tensor *out =
        padded_shape(x, npad, pad, shape) == 0 ? cg_full(x->ndim, shape, value, x->dtype, cg_tensor_device(x)) : NULL;
    was = cg_grad_set_enabled(false);
    cg_tensor *m = out ? middle(out, npad, pad) : NULL;
    int rc = m ? cg_copy_(m, c) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(m), cg_tensor_release(c);
    cg_op_args args = {.ndims = x->ndim};
    for (int d = x->ndim - npad / 2; d < x->ndim; d++)
        args.dims[d] = pad[2 * (x->ndim - d - 1)];
    if (rc == 0 && cg_autograd_needed(1, &x))
        rc = cg_autograd_record(CG_OP_CONSTANT_PAD_ND, 1, &out, 1, &x, 0, NULL, &args, NULL);
    if (rc < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* ConstantPadNdBackward0: the gradient cropped back, constant_pad_nd with
 * the pads negated. args.dims[d] is dim d's left pad; its right pad is what
 * the sizes leave. */
int cg_bw_constant_pad_nd(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    const cg_meta *in = &n->in_meta[0], *out = &n->out_meta[0];
    int64_t pad[2 * CG_MAX_DIMS];
    for (int d = 0; d < in->ndim; d++) {
        int64_t lo = n->args.dims[d];
        pad[2 * (in->ndim - d - 1)] = -lo;
        pad[2 * (in->ndim - d - 1) + 1] = -(out->sizes[d] - in->sizes[d] - lo);
    }
    gi[0] = cg_constant_pad_nd(go[0], 2 * in->ndim, pad, cg_scalar_int(0));
    return gi[0] ? 0 : -1;
}

/* ---- reflect and replicate ------------------------------------------------------------------ */

/* The source index of each output position of a dim of size n padded by
 * (lo, hi), int64 on device. */
static cg_tensor *source_index(cg_op op, int64_t n, int64_t lo, int64_t hi, cg_device device) {
    int64_t m = n + lo + hi;
    cg_tensor *idx = cg_tensor_empty(1, &m, CG_INT64, cg_device_cpu());
    if (!idx)
        return NULL;
    int64_t *p = cg_tensor_data(idx);
    for (int64_t o = 0; o < m; o++) {
        int64_t j = o - lo;
        if (op == CG_OP_REFLECTION_PAD)
            p[o] = j < 0 ? -j : j >= n ? 2 * (n - 1) - j : j;
        else
            p[o] = j < 0 ? 0 : j >= n ? n - 1 : j;
    }
    cg_tensor *r = cg_to_device(idx, device);
    cg_tensor_release(idx);
    return r;
}

static const char *index_pad_name(cg_op op, int k) {
    static const char *const names[2][3] = {
        {"ReflectionPad1DBackward0", "ReflectionPad2DBackward0", "ReflectionPad3DBackward0"},
        {"ReplicationPad1DBackward0", "ReplicationPad2DBackward0", "ReplicationPad3DBackward0"}};
    return names[op == CG_OP_REPLICATION_PAD][k - 1];
}

/* The last k = npad / 2 dims of x (1 to 3, checked by cg_pad) padded by op's source indices. */
static cg_tensor *index_pad(cg_op op, cg_tensor *x, int npad, const int64_t *pad) {
    int k = npad / 2;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *t = cg_tensor_retain(x);
    for (int j = 0; t && j < k; j++) {
        int d = x->ndim - 1 - j;
        cg_tensor *idx = source_index(op, x->sizes[d], pad[2 * j], pad[2 * j + 1], cg_tensor_device(x));
        cg_tensor *u = idx ? cg_index_select(t, d, idx) : NULL;
        cg_tensor_release(idx), cg_tensor_release(t);
        t = u;
    }
    cg_grad_set_enabled(was);
    cg_op_args args = {.ndims = k};
    memcpy(args.dims, pad, (size_t)npad * sizeof *pad);
    cg_node *n = NULL;
    if (t && cg_autograd_needed(1, &x) && cg_autograd_record(op, 1, &t, 1, &x, 0, NULL, &args, &n) < 0) {
        cg_tensor_release(t);
        return NULL;
    }
    if (n)
        n->name = index_pad_name(op, k);
    return t;
}

/* ReflectionPad*DBackward0 and ReplicationPad*DBackward0: the gradient
 * added back at the source indices, one padded dim at a time. */
int cg_bw_index_pad(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    const cg_meta *in = &n->in_meta[0];
    cg_tensor *g = cg_tensor_retain(go[0]);
    for (int j = 0; g && j < n->args.ndims; j++) {
        int d = in->ndim - 1 - j;
        int64_t shape[CG_MAX_DIMS];
        memcpy(shape, g->sizes, sizeof shape);
        shape[d] = in->sizes[d];
        cg_tensor *idx = source_index(n->op, in->sizes[d], n->args.dims[2 * j], n->args.dims[2 * j + 1], in->device);
        cg_tensor *z = idx ? cg_zeros(g->ndim, shape, g->dtype, in->device) : NULL;
        cg_tensor *s = z ? cg_index_add(z, d, idx, g) : NULL;
        cg_tensor_release(idx), cg_tensor_release(z), cg_tensor_release(g);
        g = s;
    }
    return (gi[0] = g) ? 0 : -1;
}

/* ---- circular ------------------------------------------------------------------------------- */

/* dst.copy_(src) for dst = out.slice(dim, a, b), src = from.slice(dim, c, d). */
static int copy_slice(cg_tensor *out, int dim, int64_t a, int64_t b, cg_tensor *from, int64_t c, int64_t d) {
    cg_tensor *dst = cg_slice_dim(out, dim, a, b, 1), *src = dst ? cg_slice_dim(from, dim, c, d, 1) : NULL;
    int rc = src ? cg_copy_(dst, src) : -1;
    cg_tensor_release(dst), cg_tensor_release(src);
    return rc;
}

static cg_tensor *pad_circular(cg_tensor *x, int npad, const int64_t *pad) {
    int nd = x->ndim - 2;
    CG_CHECK(npad + 4 == x->ndim * 2, CG_RUNTIME_ERROR, "Invalid padding size, expected %d but got %d", nd * 2, npad);
    int64_t shape[CG_MAX_DIMS] = {x->sizes[0], x->sizes[1]};
    for (int i = 0; i < nd; i++) {
        int64_t lo = pad[2 * (nd - i - 1)], hi = pad[2 * (nd - i - 1) + 1], size = x->sizes[2 + i];
        shape[2 + i] = size + lo + hi;
        CG_CHECK(lo <= size && hi <= size, CG_RUNTIME_ERROR, "Padding value causes wrapping around more than once.");
        CG_CHECK(shape[2 + i] >= 0, CG_RUNTIME_ERROR, "Negative padding value is resulting in an empty dimension");
    }
    cg_tensor *out = cg_tensor_empty(x->ndim, shape, x->dtype, cg_tensor_device(x));
    /* the input (cropped where pads are negative) into the middle */
    cg_tensor *o = cg_tensor_retain(out), *in = cg_tensor_retain(x);
    for (int i = 0; o && in && i < nd; i++) {
        int dim = nd - i + 1;
        int64_t lo = pad[2 * i], hi = pad[2 * i + 1];
        cg_tensor *o2 = cg_slice_dim(o, dim, max0(lo), shape[dim] - max0(hi), 1);
        cg_tensor *in2 = o2 ? cg_slice_dim(in, dim, max0(-lo), x->sizes[dim] - max0(-hi), 1) : NULL;
        cg_tensor_release(o), cg_tensor_release(in);
        o = o2, in = in2;
    }
    int rc = o && in ? cg_copy_(o, in) : -1;
    cg_tensor_release(o), cg_tensor_release(in);
    /* then each side from the far end of the middle; corners are written twice */
    for (int i = 0; rc == 0 && i < nd; i++) {
        int dim = nd - i + 1;
        int64_t lo = pad[2 * i], hi = pad[2 * i + 1], m = shape[dim];
        if (lo > 0)
            rc = copy_slice(out, dim, 0, lo, out, m - lo - max0(hi), m - max0(hi));
        if (rc == 0 && hi > 0)
            rc = copy_slice(out, dim, m - hi, m, out, max0(lo), max0(lo) + hi);
    }
    if (rc < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* ---- F.pad ---------------------------------------------------------------------------------- */

static int index_pad_checks(cg_op op, const cg_tensor *x, int npad, const int64_t *pad) {
    bool reflect = op == CG_OP_REFLECTION_PAD;
    int k = npad / 2;
    bool batch = x->ndim == k + 2;
    for (int d = batch ? 1 : 0; d < x->ndim; d++)
        if (x->sizes[d] == 0) {
            char s[128];
            cg_sizes_str(x->ndim, x->sizes, s, sizeof s);
            if (reflect) { /* the sizes as "[ torch.FloatTensor{2,0} ]" */
                char t[128] = "";
                for (int i = 0, len = 0; i < x->ndim && len < (int)sizeof t; i++)
                    len += snprintf(t + len, sizeof t - (size_t)len, "%s%lld", i ? "," : "", (long long)x->sizes[i]);
                cg_error_set(CG_RUNTIME_ERROR,
                             "%dD or %dD (batch mode) tensor expected for input, but got: [ torch.%sTensor{%s} ]",
                             k + 1, k + 2, cg_dtype_legacy_name(x->dtype), t);
            } else {
                cg_error_set(CG_RUNTIME_ERROR,
                             "Expected %dD or %dD (batch mode) tensor with possibly 0 batch size and other non-zero "
                             "dimensions for input, but got: %s",
                             k + 1, k + 2, s);
            }
            return -1;
        }
    if (!cg_dtype_is_float(x->dtype)) {
        cg_error_set(CG_RUNTIME_ERROR, "\"%s_pad%dd%s\" not implemented for '%s'",
                     reflect ? "reflection" : "replication", k, reflect ? "" : "_cpu", cg_dtype_legacy_name(x->dtype));
        return -1;
    }
    for (int j = 0; reflect && j < k; j++) {
        int d = x->ndim - 1 - j;
        if (pad[2 * j] < x->sizes[d] && pad[2 * j + 1] < x->sizes[d])
            continue;
        char s[128];
        if (k == 2)
            snprintf(s, sizeof s, "%d", x->ndim);
        else
            cg_sizes_str(x->ndim, x->sizes, s, sizeof s);
        cg_error_set(CG_RUNTIME_ERROR,
                     "Argument #%d: Padding size should be less than the corresponding input dimension, but got: "
                     "padding (%lld, %lld) at dimension %d of input %s",
                     4 + 2 * j, (long long)pad[2 * j], (long long)pad[2 * j + 1], d, s);
        return -1;
    }
    int64_t w = x->sizes[x->ndim - 1], ow = w + pad[0] + pad[1];
    if (k == 1 && ow < 1) { /* PyTorch checks the 1-d output alone; "2input" is its message's */
        cg_error_set(CG_RUNTIME_ERROR, "%s (W: %lld)%sis too small. Calculated output W: %lld",
                     reflect ? "2input" : "input", (long long)w, reflect ? "" : " ", (long long)ow);
        return -1;
    }
    int64_t shape[CG_MAX_DIMS];
    memcpy(shape, x->sizes, sizeof shape);
    for (int j = 0; j < k; j++)
        shape[x->ndim - 1 - j] += pad[2 * j] + pad[2 * j + 1];
    for (int d = 0; d < x->ndim; d++)
        if (shape[d] < 0) {
            char s[128];
            cg_error_set(CG_RUNTIME_ERROR, "Trying to create tensor with negative dimension %lld: %s",
                         (long long)shape[d], cg_sizes_str(x->ndim, shape, s, sizeof s));
            return -1;
        }
    return 0;
}

cg_tensor *cg_pad(cg_tensor *x, int npad, const int64_t *pad, const char *mode, const double *value) {
    cg_op op = strcmp(mode, "reflect") == 0     ? CG_OP_REFLECTION_PAD
               : strcmp(mode, "replicate") == 0 ? CG_OP_REPLICATION_PAD
                                                : CG_OP_COUNT;
    bool circular = strcmp(mode, "circular") == 0, constant = strcmp(mode, "constant") == 0;
    CG_CHECK(constant || circular || op != CG_OP_COUNT, CG_NOT_IMPLEMENTED_ERROR, "Unrecognised padding mode %s", mode);
    CG_CHECK(npad % 2 == 0, CG_RUNTIME_ERROR, "Padding length must be divisible by 2");
    CG_CHECK(npad <= x->ndim * 2, CG_RUNTIME_ERROR, "Padding length too large");
    if (constant)
        return cg_constant_pad_nd(x, npad, pad, cg_scalar_float(value ? *value : 0.0));
    CG_CHECK(!value, CG_RUNTIME_ERROR, "Padding mode \"%s\" doesn't take in value argument", mode);
    int k = npad / 2;
    CG_CHECK(k >= 1 && k <= 3 && (x->ndim == k + 1 || x->ndim == k + 2), CG_NOT_IMPLEMENTED_ERROR,
             "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now");
    if (circular)
        return pad_circular(x, npad, pad);
    return index_pad_checks(op, x, npad, pad) < 0 ? NULL : index_pad(op, x, npad, pad);
}
