/* index_search.c: masked_select, masked_scatter, take, put, block_diag,
 * var_mean/std_mean and aminmax (index_search.h).
 *
 * Each computes its values with other ops (boolean and flat advanced
 * indices, copies into narrowed views, the reductions' own kernels) with
 * grad mode off, then records its own node, as PyTorch shows it; so the
 * rows of ops.def say nokernel and the CUDA path is the parts' kernels. */
#include <stdlib.h>
#include <string.h>

#include "formula.h"
#include "index_walk.h"
#include "index_search.h"
#include "ops.h"
#include "var_order.h"

static void release_all(int n, cg_tensor **t) {
    for (int i = 0; i < n; i++)
        cg_tensor_release(t[i]);
}

/* t flattened to 1-d (a copy when it is not contiguous) */
static cg_tensor *flat(cg_tensor *t) {
    int64_t n = cg_tensor_numel(t);
    return cg_reshape(t, 1, &n);
}

/* mask as bool (a new reference) */
static cg_tensor *as_bool(cg_tensor *mask) {
    return mask->dtype == CG_BOOL ? cg_tensor_retain(mask) : cg_to_dtype(mask, CG_BOOL);
}

/* ---- masked_select ---------------------------------------------------------------- */

cg_tensor *cg_masked_select(cg_tensor *x, cg_tensor *mask) {
    CG_CHECK(mask->dtype == CG_BOOL || mask->dtype == CG_UINT8, CG_RUNTIME_ERROR,
             "masked_select: expected BoolTensor or ByteTensor for mask");
    int nd;
    int64_t shape[CG_MAX_DIMS];
    if (cg_broadcast_shapes(mask->ndim, mask->sizes, x->ndim, x->sizes, &nd, shape) < 0)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *t[6] = {0};
    t[0] = as_bool(mask);
    t[1] = t[0] ? cg_expand(x, nd, shape) : NULL;
    t[2] = t[1] ? cg_expand(t[0], nd, shape) : NULL;
    t[3] = t[2] ? flat(t[1]) : NULL;
    t[4] = t[3] ? flat(t[2]) : NULL;
    cg_index_item it = {.kind = CG_INDEX_TENSOR, .tensor = t[4]};
    cg_tensor *r = t[4] ? cg_index_get(t[3], 1, &it) : NULL;
    cg_grad_set_enabled(was);
    if (r && cg_autograd_needed(1, &x)) {
        cg_save_spec save[] = {{t[0], "mask"}};
        if (cg_autograd_record(CG_OP_MASKED_SELECT, 1, &r, 1, &x, 1, save, NULL, NULL) < 0) {
            cg_tensor_release(r);
            r = NULL;
        }
    }
    release_all(6, t);
    return r;
}

/* MaskedSelectBackward0: zeros of the broadcast shape with the gradient
 * scattered in where mask, summed back to self's shape */
int cg_bw_masked_select(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *mask;
    if (cg_node_saved(n, 0, &mask) < 0)
        return -1;
    const cg_meta *m = &n->in_meta[0];
    int nd;
    int64_t shape[CG_MAX_DIMS];
    if (cg_broadcast_shapes(m->ndim, m->sizes, mask->ndim, mask->sizes, &nd, shape) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *z = keep(&s, cg_zeros(nd, shape, go[0]->dtype, m->device));
    cg_tensor *me = z ? keep(&s, cg_expand(mask, nd, shape)) : NULL;
    cg_tensor *full = me ? keep(&s, cg_masked_scatter(z, me, go[0])) : NULL;
    return finish(gi, &s, full ? keep(&s, cg_sum_to(full, m->ndim, m->sizes)) : NULL);
}

/* ---- masked_scatter ----------------------------------------------------------------- */

/* x[mask] = source's leading elements, without history; *me gets the mask
 * (bool) expanded to x's shape */
static int scatter_values(cg_tensor *x, cg_tensor *mask, cg_tensor *source, cg_tensor **me) {
    *me = NULL;
    CG_CHECK_INT(source->dtype == x->dtype, CG_RUNTIME_ERROR,
                 "masked_scatter: expected self and source to have same dtypes but got%s and %s",
                 cg_dtype_legacy_name(x->dtype), cg_dtype_legacy_name(source->dtype));
    bool was = cg_grad_set_enabled(false);
    cg_tensor *t[4] = {0};
    int rc = -1;
    t[0] = as_bool(mask);
    *me = t[0] ? cg_expand(t[0], x->ndim, x->sizes) : NULL;
    t[1] = *me ? cg_sum(*me, 0, NULL, false) : NULL;
    cg_scalar cnt;
    if (t[1] && cg_tensor_item(t[1], &cnt) == 0) {
        int64_t count = cnt.v.i;
        if (count > cg_tensor_numel(source)) {
            cg_error_set(CG_RUNTIME_ERROR, "Number of elements of source < number of ones in mask");
        } else {
            t[2] = flat(source);
            t[3] = t[2] ? cg_narrow(t[2], 0, 0, count) : NULL;
            rc = t[3] ? cg_index_put_(x, 1, me, t[3], false) : -1;
        }
    }
    cg_grad_set_enabled(was);
    release_all(4, t);
    if (rc < 0) {
        cg_tensor_release(*me);
        *me = NULL;
    }
    return rc;
}

static int record_scatter(cg_tensor *out, cg_tensor *self, cg_tensor *source, cg_tensor *me) {
    cg_tensor *in[] = {self, source};
    if (!cg_autograd_needed(2, in))
        return 0;
    cg_save_spec save[] = {{me, "mask"}};
    return cg_autograd_record(CG_OP_MASKED_SCATTER, 1, &out, 2, in, 1, save, NULL, NULL);
}

int cg_masked_scatter_(cg_tensor *x, cg_tensor *mask, cg_tensor *source) {
    if (cg_autograd_check_inplace(x) < 0)
        return -1;
    cg_tensor *me;
    if (scatter_values(x, mask, source, &me) < 0)
        return -1;
    int rc = record_scatter(x, x, source, me);
    cg_tensor_release(me);
    return rc;
}

cg_tensor *cg_masked_scatter(cg_tensor *x, cg_tensor *mask, cg_tensor *source) {
    int nd;
    int64_t shape[CG_MAX_DIMS];
    if (cg_broadcast_shapes(x->ndim, x->sizes, mask->ndim, mask->sizes, &nd, shape) < 0)
        return NULL;
    bool same = nd == x->ndim && memcmp(shape, x->sizes, (size_t)nd * sizeof *shape) == 0;
    cg_tensor *xe = same ? cg_tensor_retain(x) : cg_expand(x, nd, shape);
    if (!xe)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = cg_clone(xe);
    cg_grad_set_enabled(was);
    cg_tensor *me = NULL;
    if (!out || scatter_values(out, mask, source, &me) < 0 || record_scatter(out, xe, source, me) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(me), cg_tensor_release(xe);
    return out;
}

/* MaskedScatterBackward0: self: grad.masked_fill(mask, 0); source: the
 * gradient's masked elements, padded with zeros to source's numel */
int cg_bw_masked_scatter(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *me;
    if (cg_node_saved(n, 0, &me) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_masked_fill(go[0], me, cg_scalar_int(0))))
        return -1;
    if (!n->next[1].node)
        return 0;
    const cg_meta *m = &n->in_meta[1];
    int64_t numel = 1;
    for (int d = 0; d < m->ndim; d++)
        numel *= m->sizes[d];
    scratch s = {0};
    cg_tensor *sel = keep(&s, cg_masked_select(go[0], me));
    int64_t diff = sel ? numel - cg_tensor_numel(sel) : 0;
    if (sel && diff > 0) {
        cg_tensor *z = keep(&s, cg_zeros(1, &diff, sel->dtype, m->device));
        sel = z ? keep(&s, cg_cat(2, (cg_tensor *[]){sel, z}, 0)) : NULL;
    }
    cg_tensor *r = sel ? keep(&s, cg_reshape(sel, m->ndim, m->sizes)) : NULL;
    return finish(&gi[1], &s, r);
}

/* ---- take / put ------------------------------------------------------------------------ */

/* index's values checked against n elements (PyTorch's messages) */
static int check_flat_index(cg_tensor *index, int64_t n, const char *op) {
    CG_CHECK_INT(index->dtype == CG_INT64, CG_RUNTIME_ERROR, "%s(): Expected a long tensor for index, but got %s", op,
                 cg_dtype_legacy_name(index->dtype));
    int64_t k = cg_tensor_numel(index);
    if (k == 0)
        return 0;
    if (n == 0) {
        if (strcmp(op, "take") == 0)
            cg_error_set(CG_INDEX_ERROR, "take(): tried to take from an empty tensor");
        else
            cg_error_set(CG_INDEX_ERROR, "put_(): Tried to put elements into an empty tensor");
        return -1;
    }
    cg_tensor *c = cg_index_to_cpu(index);
    int64_t *v = c ? cg_index_read_ints(c) : NULL;
    cg_tensor_release(c);
    if (!v)
        return -1;
    for (int64_t i = 0; i < k; i++)
        if (v[i] < -n || v[i] >= n) {
            cg_error_set(CG_INDEX_ERROR, "out of range: tried to access index %lld on a tensor of %lld elements.",
                         (long long)v[i], (long long)n);
            free(v);
            return -1;
        }
    free(v);
    return 0;
}

cg_tensor *cg_take(cg_tensor *x, cg_tensor *index) {
    if (check_flat_index(index, cg_tensor_numel(x), "take") < 0)
        return NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *f = flat(x);
    cg_index_item it = {.kind = CG_INDEX_TENSOR, .tensor = index};
    cg_tensor *r = f ? cg_index_get(f, 1, &it) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(f);
    if (r && cg_autograd_needed(1, &x)) {
        cg_save_spec save[] = {{index, "index"}};
        if (cg_autograd_record(CG_OP_TAKE, 1, &r, 1, &x, 1, save, NULL, NULL) < 0) {
            cg_tensor_release(r);
            r = NULL;
        }
    }
    return r;
}

/* TakeBackward0: self: zeros.put_(index, grad, accumulate=True) */
int cg_bw_take(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *index;
    if (cg_node_saved(n, 0, &index) < 0)
        return -1;
    const cg_meta *m = &n->in_meta[0];
    cg_tensor *z = cg_zeros(m->ndim, m->sizes, go[0]->dtype, m->device);
    if (z && cg_put_(z, index, go[0], true) < 0) {
        cg_tensor_release(z);
        z = NULL;
    }
    return (gi[0] = z) ? 0 : -1;
}

int cg_put_(cg_tensor *x, cg_tensor *index, cg_tensor *source, bool accumulate) {
    CG_CHECK_INT(index->dtype == CG_INT64, CG_RUNTIME_ERROR, "put_(): Expected a long tensor for index, but got %s",
                 cg_dtype_legacy_name(index->dtype));
    CG_CHECK_INT(source->dtype == x->dtype, CG_RUNTIME_ERROR,
                 "put_(): self and source expected to have the same dtype, but got self.dtype = %s and source.dtype = "
                 "%s",
                 cg_dtype_legacy_name(x->dtype), cg_dtype_legacy_name(source->dtype));
    CG_CHECK_INT(cg_tensor_numel(source) == cg_tensor_numel(index), CG_INDEX_ERROR,
                 "put_(): Expected source and index to have the same number of elements, but got source.numel() = "
                 "%lld, index.numel() = %lld",
                 (long long)cg_tensor_numel(source), (long long)cg_tensor_numel(index));
    if (check_flat_index(index, cg_tensor_numel(x), "put_") < 0 || cg_autograd_check_inplace(x) < 0)
        return -1;
    bool was = cg_grad_set_enabled(false);
    int rc = -1;
    cg_tensor *t[3] = {0};
    int64_t n = cg_tensor_numel(x);
    t[0] = cg_tensor_is_contiguous(x) ? cg_view(x, 1, &n) : cg_clone(x);
    t[1] = t[0] && !cg_tensor_is_contiguous(x) ? cg_view(t[0], 1, &n) : (t[0] ? cg_tensor_retain(t[0]) : NULL);
    t[2] = t[1] ? cg_reshape(source, index->ndim, index->sizes) : NULL;
    if (t[2] && cg_index_put_(t[1], 1, &index, t[2], accumulate) == 0)
        rc = cg_tensor_is_contiguous(x) ? 0 : cg_copy_(x, t[0]);
    cg_grad_set_enabled(was);
    release_all(3, t);
    if (rc < 0)
        return -1;
    cg_tensor *in[] = {x, source};
    if (!cg_autograd_needed(2, in))
        return 0;
    cg_op_args args = {.flag = accumulate};
    cg_save_spec save[] = {{index, "index"}};
    return cg_autograd_record(CG_OP_PUT, 1, &x, 2, in, 1, save, &args, NULL);
}

cg_tensor *cg_put(cg_tensor *x, cg_tensor *index, cg_tensor *source, bool accumulate) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = cg_clone(x);
    cg_grad_set_enabled(was);
    if (!out)
        return NULL;
    /* the in-place form on the clone, recorded as over x */
    cg_tensor *in[] = {x, source};
    bool need = cg_autograd_needed(2, in);
    was = cg_grad_set_enabled(false);
    int rc = cg_put_(out, index, source, accumulate);
    cg_grad_set_enabled(was);
    if (rc == 0 && need) {
        cg_op_args args = {.flag = accumulate};
        cg_save_spec save[] = {{index, "index"}};
        rc = cg_autograd_record(CG_OP_PUT, 1, &out, 2, in, 1, save, &args, NULL);
    }
    if (rc < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* PutBackward0: self: accumulate ? grad : grad.put(index, zeros_like(source));
 * source: grad.take(index).reshape_as(source) */
int cg_bw_put(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *index;
    if (cg_node_saved(n, 0, &index) < 0)
        return -1;
    if (n->next[0].node) {
        if (n->args.flag) {
            gi[0] = cg_tensor_retain(go[0]);
        } else {
            const cg_meta *m = &n->in_meta[1];
            cg_tensor *z = cg_zeros(m->ndim, m->sizes, go[0]->dtype, m->device);
            gi[0] = z ? cg_put(go[0], index, z, false) : NULL;
            cg_tensor_release(z);
            if (!gi[0])
                return -1;
        }
    }
    if (n->next[1].node) {
        const cg_meta *m = &n->in_meta[1];
        cg_tensor *t = cg_take(go[0], index);
        gi[1] = t ? cg_reshape(t, m->ndim, m->sizes) : NULL;
        cg_tensor_release(t);
        if (!gi[1])
            return -1;
    }
    return 0;
}

/* ---- block_diag ------------------------------------------------------------------------- */

/* the block of an input of shape (ndim, sizes): rows and cols */
static void block_of(int ndim, const int64_t *sizes, int64_t *r, int64_t *c) {
    *r = ndim == 2 ? sizes[0] : 1;
    *c = ndim == 0 ? 1 : sizes[ndim - 1];
}

cg_tensor *cg_block_diag(int n, cg_tensor *const *ts) {
    int64_t R = 0, C = 0;
    for (int i = 0; i < n; i++) {
        CG_CHECK(ts[i]->ndim <= 2, CG_RUNTIME_ERROR,
                 "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input %d has %d dimensions", i,
                 ts[i]->ndim);
        int64_t r, c;
        block_of(ts[i]->ndim, ts[i]->sizes, &r, &c);
        R += r, C += c;
    }
    if (n == 0)
        R = 1;
    cg_dtype dt = n ? cg_result_type(n, ts) : CG_F32;
    cg_device dev = n ? cg_tensor_device(ts[0]) : cg_device_cpu();
    for (int i = 1; i < n; i++) {
        char a[32], b[32];
        CG_CHECK(cg_device_equal(cg_tensor_device(ts[i]), dev), CG_RUNTIME_ERROR,
                 "torch.block_diag: input tensors must all be on the same device. Input 0 is on device %s and input "
                 "%d is on device %s",
                 cg_device_str(dev, a, sizeof a), i, cg_device_str(cg_tensor_device(ts[i]), b, sizeof b));
    }
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = cg_zeros(2, (int64_t[]){R, C}, dt, dev);
    int64_t r0 = 0, c0 = 0;
    for (int i = 0; out && i < n; i++) {
        int64_t r, c;
        block_of(ts[i]->ndim, ts[i]->sizes, &r, &c);
        cg_tensor *b = cg_reshape(ts[i], 2, (int64_t[]){r, c});
        cg_tensor *v1 = b ? cg_narrow(out, 0, r0, r) : NULL;
        cg_tensor *v2 = v1 ? cg_narrow(v1, 1, c0, c) : NULL;
        int rc = v2 ? cg_copy_(v2, b) : -1;
        cg_tensor_release(b), cg_tensor_release(v1), cg_tensor_release(v2);
        if (rc < 0) {
            cg_tensor_release(out);
            out = NULL;
        }
        r0 += r, c0 += c;
    }
    cg_grad_set_enabled(was);
    if (out && n && cg_autograd_needed(n, ts)
        && cg_autograd_record(CG_OP_BLOCK_DIAG, 1, &out, n, ts, 0, NULL, NULL, NULL) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    return out;
}

/* BlockDiagBackward0: each input's block of the gradient, in its shape */
int cg_bw_block_diag(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    int64_t r0 = 0, c0 = 0;
    for (int i = 0; i < n->nin; i++) {
        const cg_meta *m = &n->in_meta[i];
        int64_t r, c;
        block_of(m->ndim, m->sizes, &r, &c);
        if (n->next[i].node) {
            scratch s = {0};
            cg_tensor *v1 = keep(&s, cg_narrow(go[0], 0, r0, r));
            cg_tensor *v2 = v1 ? keep(&s, cg_narrow(v1, 1, c0, c)) : NULL;
            cg_tensor *v = v2 ? keep(&s, cg_reshape(v2, m->ndim, m->sizes)) : NULL;
            if (finish(&gi[i], &s, v) < 0)
                return -1;
        }
        r0 += r, c0 += c;
    }
    return 0;
}

/* ---- var_mean / std_mean ------------------------------------------------------------------ */

int cg_var_mean(cg_tensor *x, int ndims, const int64_t *dims, int64_t correction, bool keepdim, bool is_std,
                cg_tensor **var, cg_tensor **mean) {
    *var = *mean = NULL;
    CG_CHECK_INT(cg_dtype_is_float(x->dtype) || cg_dtype_is_complex(x->dtype), CG_RUNTIME_ERROR,
                 "%s only support floating point and complex dtypes", is_std ? "std_mean" : "var_mean");
    bool was = cg_grad_set_enabled(false);
    cg_tensor *v, *m;
    if ((x->dtype == CG_F32 || x->dtype == CG_F64) && cg_tensor_numel(x) > 0
        && cg_device_equal(cg_tensor_device(x), cg_device_cpu())) {
        /* PyTorch's var_mean: one Welford pass gives both (var_order.c) */
        bool red[CG_MAX_DIMS] = {0};
        for (int i = 0; i < ndims; i++) {
            int d = cg_wrap_dim(dims[i], x->ndim);
            if (d < 0) {
                cg_grad_set_enabled(was);
                return -1;
            }
            if (red[d]) {
                cg_grad_set_enabled(was);
                cg_error_set(CG_RUNTIME_ERROR, "dim %d appears multiple times in the list of dims", d);
                return -1;
            }
            red[d] = true;
        }
        int64_t kshape[CG_MAX_DIMS], shape[CG_MAX_DIMS];
        int nd = 0;
        for (int d = 0; d < x->ndim; d++) {
            bool r = !ndims || red[d];
            kshape[d] = r ? 1 : x->sizes[d];
            if (keepdim || !r)
                shape[nd++] = kshape[d];
        }
        cg_tensor *vk = cg_tensor_empty(x->ndim, kshape, x->dtype, cg_device_cpu());
        cg_tensor *mk = vk ? cg_tensor_empty(x->ndim, kshape, x->dtype, cg_device_cpu()) : NULL;
        if (mk && cg_var_mean_torch_order(x, vk, mk, correction, is_std) < 0)
            cg_tensor_release(mk), mk = NULL;
        v = mk ? cg_reshape(vk, nd, shape) : NULL;
        m = v ? cg_reshape(mk, nd, shape) : NULL;
        cg_tensor_release(vk), cg_tensor_release(mk);
    } else {
        v = (is_std ? cg_std : cg_var)(x, ndims, dims, correction, keepdim);
        m = v ? cg_mean(x, ndims, dims, keepdim) : NULL;
    }
    cg_grad_set_enabled(was);
    if (!m) {
        cg_tensor_release(v);
        return -1;
    }
    if (cg_autograd_needed(1, &x)) {
        cg_op_args args = {.keepdim = keepdim, .ndims = ndims, .i = {correction}};
        for (int i = 0; i < ndims; i++)
            args.dims[i] = x->ndim ? cg_wrap_dim(dims[i], x->ndim) : 0;
        cg_tensor *outs[] = {v, m};
        cg_save_spec save[] = {{x, "self"}, {v, "result0"}};
        if (cg_autograd_record(is_std ? CG_OP_STD_MEAN : CG_OP_VAR_MEAN, 2, outs, 1, &x, is_std ? 2 : 1, save, &args,
                               NULL)
            < 0) {
            cg_tensor_release(v), cg_tensor_release(m);
            return -1;
        }
    }
    *var = v, *mean = m;
    return 0;
}

/* VarMeanBackward0 / StdMeanBackward0: var's (std's) derivative of the
 * first gradient plus mean's of the second */
static int bw_var_mean(cg_node *n, cg_tensor *const *go, cg_tensor **gi, cg_backward_fn first) {
    cg_tensor *a = NULL, *b = NULL;
    if (go[0] && first(n, &go[0], &a) < 0)
        return -1;
    if (go[1] && cg_bw_mean(n, &go[1], &b) < 0) {
        cg_tensor_release(a);
        return -1;
    }
    if (a && b) {
        gi[0] = cg_add(a, b, cg_scalar_int(1));
        cg_tensor_release(a), cg_tensor_release(b);
        return gi[0] ? 0 : -1;
    }
    gi[0] = a ? a : b;
    return 0;
}
int cg_bw_var_mean(cg_node *n, cg_tensor *const *go, cg_tensor **gi) { return bw_var_mean(n, go, gi, cg_bw_var); }
int cg_bw_std_mean(cg_node *n, cg_tensor *const *go, cg_tensor **gi) { return bw_var_mean(n, go, gi, cg_bw_std); }

/* ---- aminmax ---------------------------------------------------------------------------------- */

static int raise_not_implemented(void *ctx, cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)ctx, (void)n, (void)go, (void)gi;
    cg_error_set(CG_RUNTIME_ERROR, "derivative for aten::aminmax is not implemented");
    return -1;
}
static void keep_ctx(void *ctx) { (void)ctx; }

int cg_aminmax(cg_tensor *x, const int64_t *dim, bool keepdim, cg_tensor **min, cg_tensor **max) {
    *min = *max = NULL;
    if (dim) {
        int d = cg_wrap_dim(*dim, x->ndim);
        if (d < 0)
            return -1;
        CG_CHECK_INT(x->ndim == 0 || x->sizes[d] != 0, CG_INDEX_ERROR,
                     "aminmax: Expected reduction dim %d to have non-zero size.", d);
    } else {
        CG_CHECK_INT(cg_tensor_numel(x) != 0, CG_RUNTIME_ERROR,
                     "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
    }
    bool was = cg_grad_set_enabled(false);
    cg_tensor *lo = cg_amax(x, dim ? 1 : 0, dim, keepdim, false);
    cg_tensor *hi = lo ? cg_amax(x, dim ? 1 : 0, dim, keepdim, true) : NULL;
    cg_grad_set_enabled(was);
    if (!hi) {
        cg_tensor_release(lo);
        return -1;
    }
    if (cg_autograd_needed(1, &x)) {
        cg_tensor *outs[] = {lo, hi};
        bool attach[] = {true, true};
        cg_node *node;
        if (cg_custom_node_new("NotImplemented", 1, &x, 2, outs, attach, 0, NULL, raise_not_implemented, NULL, keep_ctx,
                               &node)
            < 0) {
            cg_tensor_release(lo), cg_tensor_release(hi);
            return -1;
        }
        cg_node_release(node);
    }
    *min = lo, *max = hi;
    return 0;
}
