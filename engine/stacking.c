/* stacking.c: the composites that join, split, move and repeat dims, op
 * for op as PyTorch 1.13's ATen writes them (TensorShape.cpp), so that
 * their graphs show cat, reshape, unsqueeze, slice, permute and repeat
 * nodes as PyTorch's do. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "ops_copy.h"
#include "ops_index.h"
#include "stacking.h"
#include "ops.h"
#include "view.h"

cg_tensor *cg_atleast(cg_tensor *x, int n) {
    if (x->ndim >= n)
        return cg_tensor_retain(x);
    if (x->ndim == 0)
        return cg_reshape(x, n, (const int64_t[]){1, 1, 1});
    if (n == 2 || x->ndim == 2)
        return cg_unsqueeze(x, x->ndim == 2 ? -1 : 0);
    cg_tensor *a = cg_unsqueeze(x, 0); /* 1-d to 3-d: [1, n, 1] */
    cg_tensor *b = a ? cg_unsqueeze(a, -1) : NULL;
    cg_tensor_release(a);
    return b;
}

/* cat(each of ts[0..n) made at least `rank`-d, or reshaped to a column
 * when column is set), along dim (-1: hstack's choice by the first). */
static cg_tensor *stack_as(const char *fn, int n, cg_tensor *const *ts, int rank, bool column, int64_t dim) {
    if (n == 0) {
        cg_error_set(CG_RUNTIME_ERROR, "%s expects a non-empty TensorList", fn);
        return NULL;
    }
    cg_tensor **rep = calloc((size_t)n, sizeof *rep);
    cg_tensor *r = NULL;
    int i = 0;
    if (!rep) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory");
        return NULL;
    }
    for (; i < n; i++) {
        cg_tensor *t = ts[i];
        if (column)
            rep[i] = t->ndim <= 1 ? cg_reshape(t, 2, (const int64_t[]){cg_tensor_numel(t), 1}) : cg_tensor_retain(t);
        else
            rep[i] = cg_atleast(t, rank);
        if (!rep[i])
            break;
    }
    if (i == n)
        r = cg_cat(n, rep, dim >= 0 ? dim : rep[0]->ndim == 1 ? 0 : 1);
    for (int k = 0; k < i; k++)
        cg_tensor_release(rep[k]);
    free(rep);
    return r;
}

cg_tensor *cg_hstack(int n, cg_tensor *const *ts) { return stack_as("hstack", n, ts, 1, false, -1); }
cg_tensor *cg_vstack(int n, cg_tensor *const *ts) { return stack_as("vstack", n, ts, 2, false, 0); }
cg_tensor *cg_dstack(int n, cg_tensor *const *ts) { return stack_as("dstack", n, ts, 3, false, 2); }
cg_tensor *cg_column_stack(int n, cg_tensor *const *ts) { return stack_as("column_stack", n, ts, 0, true, 1); }

static int split_check(const cg_tensor *x, int64_t dim, int *d) {
    if (x->ndim == 0) {
        cg_error_set(CG_RUNTIME_ERROR,
                     "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims");
        return -1;
    }
    *d = cg_wrap_dim(dim, x->ndim);
    return *d < 0 ? -1 : 0;
}

static void release_all(cg_tensor **out, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        cg_tensor_release(out[i]);
        out[i] = NULL;
    }
}

int cg_tensor_split_sections(cg_tensor *x, int64_t sections, int64_t dim, cg_tensor **out) {
    int d;
    if (split_check(x, dim, &d) < 0)
        return -1;
    if (sections <= 0) {
        cg_error_set(CG_RUNTIME_ERROR, "number of sections must be larger than 0, got %lld", (long long)sections);
        return -1;
    }
    int64_t size = x->sizes[d], small = size / sections, extra = size % sections, start = 0;
    for (int64_t i = 0; i < sections; i++) {
        int64_t len = i < extra ? small + 1 : small;
        out[i] = cg_slice_dim(x, d, start, start + len, 1);
        if (!out[i]) {
            release_all(out, i);
            return -1;
        }
        start += len;
    }
    return 0;
}

int cg_tensor_split_indices(cg_tensor *x, int n, const int64_t *idx, int64_t dim, cg_tensor **out) {
    int d;
    if (split_check(x, dim, &d) < 0)
        return -1;
    int64_t start = 0;
    for (int i = 0; i <= n; i++) {
        int64_t end = i < n ? idx[i] : x->sizes[d];
        out[i] = cg_slice_dim(x, d, start, end, 1);
        if (!out[i]) {
            release_all(out, i);
            return -1;
        }
        start = end;
    }
    return 0;
}

/* "[0, 1]", the dims as the user gave them, for movedim's messages. */
static const char *dims_text(int n, const int64_t *dims, char *buf, size_t cap) {
    size_t k = (size_t)snprintf(buf, cap, "[");
    for (int i = 0; i < n && k < cap; i++)
        k += (size_t)snprintf(buf + k, cap - k, "%s%lld", i ? ", " : "", (long long)dims[i]);
    if (k < cap)
        snprintf(buf + k, cap - k, "]");
    return buf;
}

/* dims wrapped into w (room for CG_MAX_DIMS), each once, as PyTorch
 * checks them: every dim in range first, then none repeated (a list longer
 * than the rank repeats one before it overflows w). "source" or
 * "destination" names them in the message. */
static int movedim_dims(int n, const int64_t *dims, int ndim, const char *what, int *w) {
    for (int i = 0; i < n; i++)
        if (cg_wrap_dim(dims[i], ndim) < 0)
            return -1;
    bool seen[CG_MAX_DIMS] = {false};
    for (int i = 0; i < n; i++) {
        int d = cg_wrap_dim(dims[i], ndim);
        if (seen[d]) {
            char buf[512];
            cg_error_set(CG_RUNTIME_ERROR, "movedim: repeated dim in `%s` (%s)", what, dims_text(n, dims, buf, sizeof buf));
            return -1;
        }
        seen[d] = true;
        w[i] = d;
    }
    return 0;
}

cg_tensor *cg_movedim(cg_tensor *x, int n, const int64_t *src, const int64_t *dst) {
    int ndim = x->ndim, s[CG_MAX_DIMS], t[CG_MAX_DIMS];
    int64_t order[CG_MAX_DIMS];
    if (movedim_dims(n, src, ndim, "source", s) < 0 || movedim_dims(n, dst, ndim, "destination", t) < 0)
        return NULL;
    if (ndim == 0) /* PyTorch's movedim returns a 0-d tensor's alias */
        return cg_view_make(x, 0, x->sizes, x->strides, x->offset, x->dtype, CG_OP_ALIAS, NULL, NULL);
    bool src_used[CG_MAX_DIMS] = {false}, dst_used[CG_MAX_DIMS] = {false};
    for (int i = 0; i < n; i++) {
        order[t[i]] = s[i];
        src_used[s[i]] = dst_used[t[i]] = true;
    }
    /* the dims not moved fill the free places in their own order */
    int next = 0;
    for (int p = 0; p < ndim; p++) {
        if (dst_used[p])
            continue;
        while (src_used[next])
            next++;
        order[p] = next++;
    }
    return cg_permute(x, ndim, order);
}

cg_tensor *cg_tile(cg_tensor *x, int n, const int64_t *reps) {
    int64_t full[CG_MAX_DIMS];
    int pad = x->ndim > n ? x->ndim - n : 0;
    if (n + pad > CG_MAX_DIMS) {
        cg_error_set(CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions, got %d", CG_MAX_DIMS, n + pad);
        return NULL;
    }
    for (int i = 0; i < pad; i++)
        full[i] = 1;
    memcpy(full + pad, reps, (size_t)n * sizeof *reps);
    return cg_repeat(x, n + pad, full);
}

/* ---- grids and repeats ------------------------------------------------------------------ */

int cg_meshgrid(int n, cg_tensor *const *ts, bool xy, cg_tensor **out) {
    CG_CHECK_INT(n > 0, CG_RUNTIME_ERROR, "meshgrid expects a non-empty TensorList");
    CG_CHECK_INT(n <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
    int64_t shape[CG_MAX_DIMS];
    for (int i = 0; i < n; i++) {
        if (ts[i]->ndim > 1) {
            char shown[256];
            cg_error_set(CG_RUNTIME_ERROR, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: %s",
                         cg_sizes_str(ts[i]->ndim, ts[i]->sizes, shown, sizeof shown));
            return -1;
        }
        CG_CHECK_INT(ts[i]->dtype == ts[0]->dtype, CG_RUNTIME_ERROR, "meshgrid expects all tensors to have the same dtype");
        CG_CHECK_INT(cg_device_equal(cg_tensor_device(ts[i]), cg_tensor_device(ts[0])), CG_RUNTIME_ERROR,
                     "meshgrid expects all tensors to have the same device");
        shape[i] = cg_tensor_numel(ts[i]);
    }
    /* 'xy' is 'ij' with the first two inputs (and outputs) swapped */
    bool swap = xy && n >= 2;
    if (swap) {
        int64_t s = shape[0];
        shape[0] = shape[1], shape[1] = s;
    }
    for (int i = 0; i < n; i++) {
        int src = swap && i < 2 ? 1 - i : i;
        int64_t view[CG_MAX_DIMS];
        for (int d = 0; d < n; d++)
            view[d] = d == i ? -1 : 1;
        cg_tensor *v = cg_view(ts[src], n, view);
        out[src] = v ? cg_expand(v, n, shape) : NULL;
        cg_tensor_release(v);
        if (!out[src]) {
            for (int k = 0; k < i; k++)
                cg_tensor_release(out[swap && k < 2 ? 1 - k : k]);
            return -1;
        }
    }
    return 0;
}

cg_tensor *cg_cartesian_prod(int n, cg_tensor *const *ts) {
    for (int i = 0; i < n; i++)
        CG_CHECK(ts[i]->ndim == 1, CG_RUNTIME_ERROR, "Expect a 1D vector, but got shape %s",
                 cg_sizes_str(ts[i]->ndim, ts[i]->sizes, (char[256]){0}, 256));
    if (n == 1)
        return cg_tensor_retain(ts[0]);
    cg_tensor *grid[CG_MAX_DIMS], *flat[CG_MAX_DIMS], *r = NULL;
    if (cg_meshgrid(n, ts, false, grid) < 0)
        return NULL;
    int k = 0;
    for (; k < n; k++)
        if (!(flat[k] = cg_flatten(grid[k], 0, -1)))
            break;
    if (k == n)
        r = cg_stack(n, flat, 1);
    for (int i = 0; i < n; i++)
        cg_tensor_release(grid[i]);
    for (int i = 0; i < k; i++)
        cg_tensor_release(flat[i]);
    return r;
}

cg_tensor *cg_take_along_dim(cg_tensor *x, cg_tensor *indices, const int64_t *dim) {
    if (!dim) { /* flattened, as take */
        cg_tensor *xv = cg_view(x, 1, (const int64_t[]){-1});
        cg_tensor *iv = xv ? cg_view(indices, 1, (const int64_t[]){-1}) : NULL;
        cg_tensor *r = iv ? cg_gather(xv, 0, iv) : NULL;
        cg_tensor_release(xv), cg_tensor_release(iv);
        return r;
    }
    CG_CHECK(x->ndim == indices->ndim, CG_RUNTIME_ERROR,
             "torch.take_along_dim(): input and indices should have the same number of dimensions, but got %d "
             "dimensions for input, and %d dimensions for indices",
             x->ndim, indices->ndim);
    CG_CHECK(indices->dtype == CG_INT64, CG_RUNTIME_ERROR,
             "torch.take_along_dim(): dtype of indices should be Long but got %s", cg_dtype_legacy_name(indices->dtype));
    int d = cg_wrap_dim(*dim, x->ndim);
    if (d < 0)
        return NULL;
    /* each broadcast to the other's shape, dim d keeping its own length */
    int64_t want[CG_MAX_DIMS], ishape[CG_MAX_DIMS], xshape[CG_MAX_DIMS];
    int n1, n2;
    memcpy(want, x->sizes, sizeof(int64_t) * (size_t)x->ndim);
    want[d] = indices->sizes[d];
    if (cg_broadcast_shapes(x->ndim, want, indices->ndim, indices->sizes, &n1, ishape) < 0)
        return NULL;
    memcpy(want, indices->sizes, sizeof(int64_t) * (size_t)x->ndim);
    want[d] = x->sizes[d];
    if (cg_broadcast_shapes(x->ndim, want, x->ndim, x->sizes, &n2, xshape) < 0)
        return NULL;
    cg_tensor *ib = cg_expand(indices, n1, ishape), *xb = ib ? cg_expand(x, n2, xshape) : NULL;
    cg_tensor *r = xb ? cg_gather(xb, d, ib) : NULL;
    cg_tensor_release(ib), cg_tensor_release(xb);
    return r;
}

cg_tensor *cg_repeat_index(cg_tensor *repeats, int64_t output_size) {
    CG_CHECK(repeats->ndim == 1, CG_RUNTIME_ERROR, "repeat_interleave only accept 1D vector as repeat");
    CG_CHECK(repeats->dtype == CG_INT64 || repeats->dtype == CG_INT32, CG_RUNTIME_ERROR,
             "\"repeat_interleave_cpu\" not implemented for '%s'", cg_dtype_legacy_name(repeats->dtype));
    cg_tensor *c = cg_to_device(repeats, cg_device_cpu());
    cg_tensor *c64 = c ? cg_to_dtype(c, CG_INT64) : NULL;
    cg_tensor *r64 = c64 ? cg_contiguous(c64) : NULL; /* read as a plain array below */
    cg_tensor_release(c), cg_tensor_release(c64);
    if (!r64)
        return NULL;
    const int64_t *p = cg_tensor_data(r64);
    int64_t n = r64->sizes[0], total = 0;
    for (int64_t i = 0; i < n; i++) {
        if (p[i] < 0 || total > INT64_MAX - p[i]) {
            cg_tensor_release(r64);
            cg_error_set(CG_RUNTIME_ERROR, "repeats can not be negative");
            return NULL;
        }
        total += p[i];
    }
    if (output_size >= 0 && output_size != total) {
        cg_tensor_release(r64);
        cg_error_set(CG_RUNTIME_ERROR, "allocated size does not match required size");
        return NULL;
    }
    cg_tensor *out = cg_tensor_empty(1, &total, CG_INT64, cg_device_cpu());
    if (out) {
        int64_t *q = cg_tensor_data(out);
        for (int64_t i = 0, k = 0; i < n; i++)
            for (int64_t j = 0; j < p[i]; j++)
                q[k++] = i;
    }
    cg_tensor_release(r64);
    if (!out || cg_tensor_device(repeats).type == CG_CPU)
        return out;
    cg_tensor *moved = cg_to_device(out, cg_tensor_device(repeats));
    cg_tensor_release(out);
    return moved;
}

cg_tensor *cg_repeat_interleave(cg_tensor *x, cg_tensor *repeats, const int64_t *dim, int64_t output_size) {
    cg_tensor *in = dim ? cg_tensor_retain(x) : cg_flatten(x, 0, -1);
    if (!in)
        return NULL;
    int d = dim ? cg_wrap_dim(*dim, in->ndim) : 0;
    cg_tensor *reps = NULL, *idx = NULL, *r = NULL;
    if (d < 0)
        goto done;
    int64_t len = in->ndim ? in->sizes[d] : 1;
    if (repeats->ndim == 0 || (repeats->ndim == 1 && repeats->sizes[0] == 1)) {
        cg_tensor *one = cg_reshape(repeats, 1, (const int64_t[]){1});
        reps = one ? cg_expand(one, 1, &len) : NULL;
        cg_tensor_release(one);
    } else if (repeats->ndim == 1) {
        if (repeats->sizes[0] != len) {
            cg_error_set(CG_RUNTIME_ERROR, "repeats must have the same size as input along dim");
            goto done;
        }
        reps = cg_tensor_retain(repeats);
    } else {
        cg_error_set(CG_RUNTIME_ERROR, "repeats must be 0-dim or 1-dim tensor");
        goto done;
    }
    if (reps && (idx = cg_repeat_index(reps, output_size)))
        r = cg_index_select(in, d, idx);
done:
    cg_tensor_release(in), cg_tensor_release(reps), cg_tensor_release(idx);
    return r;
}
