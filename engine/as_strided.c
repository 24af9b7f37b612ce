/* as_strided.c: x.as_strided(size, stride, storage_offset), a view of x's
 * storage with any geometry that stays inside it, and its derivative.
 *
 * Note [as_strided's derivative]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * The view may read one storage element several times (a zero stride, a
 * sliding window) and may read elements x does not have. PyTorch's
 * as_strided_backward works on the storage: the gradient of every view
 * element is added into a zero buffer at that element's storage position,
 * and x's gradient is read back from the buffer at x's own positions
 * (divided by how often x itself covers each position, when x overlaps).
 * Here the two position lists are int64 tensors the node saves, and the
 * backward is index_add and index_select, engine ops, so that double
 * backward works. */
#include <stdlib.h>

#include "ops.h"

/* The storage positions (minus base) of a geometry's elements, row-major. */
static void positions(int ndim, const int64_t *sizes, const int64_t *strides, int64_t offset, int64_t base,
                      int64_t *out) {
    int64_t n = 1, idx[CG_MAX_DIMS] = {0}, at = offset - base;
    for (int d = 0; d < ndim; d++)
        n *= sizes[d];
    for (int64_t i = 0; i < n; i++) {
        out[i] = at;
        for (int d = ndim - 1; d >= 0; d--) {
            at += strides[d];
            if (++idx[d] < sizes[d])
                break;
            at -= idx[d] * strides[d];
            idx[d] = 0;
        }
    }
}

/* The last storage element a geometry reaches, or offset - 1 when empty. */
static int64_t reach(int ndim, const int64_t *sizes, const int64_t *strides, int64_t offset) {
    int64_t last = offset;
    for (int d = 0; d < ndim; d++) {
        if (sizes[d] == 0)
            return offset - 1;
        last += (sizes[d] - 1) * strides[d];
    }
    return last;
}

/* A 1-d int64 tensor of a geometry's positions, on device. */
static cg_tensor *position_tensor(int ndim, const int64_t *sizes, const int64_t *strides, int64_t offset,
                                  int64_t base, cg_device device) {
    int64_t n = 1;
    for (int d = 0; d < ndim; d++)
        n *= sizes[d];
    int64_t *p = malloc((size_t)(n ? n : 1) * sizeof *p);
    if (!p) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory recording as_strided");
        return NULL;
    }
    positions(ndim, sizes, strides, offset, base, p);
    cg_tensor *t = cg_tensor_from_buffer(1, &n, CG_INT64, p);
    free(p);
    if (t && !cg_device_equal(device, cg_device_cpu())) {
        cg_tensor *d = cg_to_device(t, device);
        cg_tensor_release(t);
        t = d;
    }
    return t;
}

static int check_geometry(const cg_tensor *t, int ndim, const int64_t *sizes, const int64_t *strides,
                          int64_t offset) {
    char s[CG_SIZES_STR_MAX], st[CG_SIZES_STR_MAX];
    for (int d = 0; d < ndim; d++)
        CG_CHECK_INT(strides[d] >= 0, CG_RUNTIME_ERROR,
                     "as_strided: Negative strides are not supported at the moment, got strides: %s",
                     cg_sizes_str(ndim, strides, st, sizeof st));
    CG_CHECK_INT(offset >= 0, CG_RUNTIME_ERROR, "Tensor: invalid storage offset %lld", (long long)offset);
    if (cg_check_numel(ndim, sizes) < 0)
        return -1;
    size_t item = cg_dtype_size(t->dtype);
    int64_t last = reach(ndim, sizes, strides, offset);
    uint64_t need = last < offset ? 0 : ((uint64_t)last + 1) * item;
    CG_CHECK_INT(need <= t->storage->nbytes, CG_RUNTIME_ERROR,
                 "setStorage: sizes %s, strides %s, storage offset %lld, and itemsize %zu requiring a storage size "
                 "of %llu are out of bounds for storage of size %zu",
                 cg_sizes_str(ndim, sizes, s, sizeof s), cg_sizes_str(ndim, strides, st, sizeof st),
                 (long long)offset, item, (unsigned long long)need, t->storage->nbytes);
    return 0;
}

/* Whether a geometry reads some storage element twice. */
static bool overlaps(int ndim, const int64_t *sizes, const int64_t *strides) {
    int order[CG_MAX_DIMS], k = 0;
    for (int d = 0; d < ndim; d++) {
        if (sizes[d] == 0)
            return false;
        if (sizes[d] > 1)
            order[k++] = d;
    }
    for (int i = 1; i < k; i++) /* by stride, small first */
        for (int j = i; j > 0 && strides[order[j]] < strides[order[j - 1]]; j--) {
            int o = order[j];
            order[j] = order[j - 1];
            order[j - 1] = o;
        }
    int64_t span = 1;
    for (int i = 0; i < k; i++) {
        if (strides[order[i]] < span)
            return true;
        span = strides[order[i]] * (sizes[order[i]] - 1) + 1;
    }
    return false;
}

cg_tensor *cg_as_strided(cg_tensor *t, int ndim, const int64_t *sizes, const int64_t *strides,
                         const int64_t *storage_offset) {
    CG_CHECK(ndim <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions, got %d",
             CG_MAX_DIMS, ndim);
    int64_t offset = storage_offset ? *storage_offset : t->offset;
    if (check_geometry(t, ndim, sizes, strides, offset) < 0)
        return NULL;
    cg_tensor *v = cg_tensor_from_storage(t->storage, offset, ndim, sizes, strides, t->dtype);
    if (!v)
        return NULL;
    v->base = cg_tensor_retain(t->base ? t->base : t);
    if (!cg_autograd_needed(1, &t))
        return v;
    int64_t base = offset < t->offset ? offset : t->offset;
    cg_device dev = cg_tensor_device(t);
    cg_tensor *out_pos = position_tensor(ndim, sizes, strides, offset, base, dev);
    cg_tensor *in_pos = out_pos ? position_tensor(t->ndim, t->sizes, t->strides, t->offset, base, dev) : NULL;
    int64_t ext_out = reach(ndim, sizes, strides, offset), ext_in = reach(t->ndim, t->sizes, t->strides, t->offset);
    cg_op_args args = {.i = {(ext_out > ext_in ? ext_out : ext_in) - base + 1}, .flag = overlaps(t->ndim, t->sizes,
                                                                                                   t->strides)};
    cg_save_spec save[] = {{out_pos, "out_positions"}, {in_pos, "in_positions"}};
    int rc = in_pos ? cg_autograd_record(CG_OP_AS_STRIDED, 1, &v, 1, &t, 2, save, &args, NULL) : -1;
    cg_tensor_release(out_pos), cg_tensor_release(in_pos);
    if (rc < 0) {
        cg_tensor_release(v);
        return NULL;
    }
    return v;
}

/* AsStridedBackward0: see Note [as_strided's derivative]; args->i[0] is
 * the buffer's length, flag that the input overlaps itself. */
int cg_bw_as_strided(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *out_pos, *in_pos;
    if (cg_node_saved(n, 0, &out_pos) < 0 || cg_node_saved(n, 1, &in_pos) < 0)
        return -1;
    int64_t len = n->args.i[0], ng = cg_tensor_numel(go[0]);
    cg_tensor *zero = cg_zeros(1, &len, go[0]->dtype, cg_tensor_device(go[0]));
    cg_tensor *flat = zero ? cg_reshape(go[0], 1, &ng) : NULL;
    cg_tensor *buf = flat ? cg_index_add(zero, 0, out_pos, flat) : NULL;
    if (buf && n->args.flag) { /* the input covers positions more than once */
        int64_t ni = cg_tensor_numel(in_pos);
        cg_tensor *ones = cg_ones(1, &ni, go[0]->dtype, cg_tensor_device(go[0]));
        cg_tensor *count = ones ? cg_index_add(zero, 0, in_pos, ones) : NULL;
        cg_tensor *one = count ? cg_scalar_tensor(cg_scalar_float(1.0)) : NULL;
        cg_tensor *safe = one ? cg_maximum(count, one) : NULL;
        cg_tensor *div = safe ? cg_div(buf, safe) : NULL;
        cg_tensor_release(ones), cg_tensor_release(count), cg_tensor_release(one), cg_tensor_release(safe);
        cg_tensor_release(buf);
        buf = div;
    }
    cg_tensor *picked = buf ? cg_index_select(buf, 0, in_pos) : NULL;
    gi[0] = picked ? cg_reshape(picked, n->in_meta[0].ndim, n->in_meta[0].sizes) : NULL;
    cg_tensor_release(zero), cg_tensor_release(flat), cg_tensor_release(buf), cg_tensor_release(picked);
    return gi[0] ? 0 : -1;
}
