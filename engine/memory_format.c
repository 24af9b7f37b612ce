/* memory_format.c: reading and making the layouts of Note [Memory
 * formats] (memory_format.h), with c10's rules for the ambiguous cases. */
#include "memory_format.h"

#include <string.h>

#include "error.h"

/* the dims of a 4-d or 5-d tensor from the fastest to the slowest in
 * channels-last order: C, then the spatial dims from the last, then N */
static int channels_last_order(int ndim, int *order) {
    if (ndim != 4 && ndim != 5)
        return 0;
    int n = 0;
    order[n++] = 1;
    for (int d = ndim - 1; d >= 2; d--)
        order[n++] = d;
    order[n++] = 0;
    return n;
}

static bool format_fits(int ndim, cg_memory_format f) {
    return f == CG_CHANNELS_LAST ? ndim == 4 : f == CG_CHANNELS_LAST_3D ? ndim == 5 : true;
}

/* exactly the format's strides, dims of size 1 aside (c10's
 * compute_channels_last_contiguous_2d/3d) */
static bool channels_last_contiguous(const cg_tensor *t) {
    int order[CG_MAX_DIMS], n = channels_last_order(t->ndim, order);
    int64_t expected = 1;
    for (int i = 0; i < n; i++) {
        int64_t size = t->sizes[order[i]];
        if (size == 1)
            continue;
        if (t->strides[order[i]] != expected)
            return false;
        expected *= size;
    }
    return n > 0;
}

bool cg_is_contiguous_as(const cg_tensor *t, cg_memory_format f) {
    if (f == CG_CHANNELS_LAST || f == CG_CHANNELS_LAST_3D)
        return format_fits(t->ndim, f) && channels_last_contiguous(t);
    return cg_tensor_is_contiguous(t);
}

/* strides ordered as channels-last ones (c10's is_channels_last_strides_2d
 * and _3d), with its fallbacks to contiguous for ambiguous layouts */
static bool channels_last_strides(const cg_tensor *t) {
    int order[CG_MAX_DIMS], n = channels_last_order(t->ndim, order);
    if (n == 0 || t->strides[1] == 0)
        return false;
    int64_t min = 0;
    for (int i = 0; i < n; i++) {
        int d = order[i];
        if (t->sizes[d] == 0 || t->strides[d] < min)
            return false;
        if (d == 0 && min == t->strides[1]) /* an N111 tensor: contiguous */
            return false;
        min = t->strides[d];
        if (t->sizes[d] > 1)
            min *= t->sizes[d];
    }
    return true;
}

cg_memory_format cg_suggest_memory_format(const cg_tensor *t) {
    if (channels_last_strides(t))
        return t->ndim == 4 ? CG_CHANNELS_LAST : CG_CHANNELS_LAST_3D;
    return CG_CONTIGUOUS_FORMAT;
}

int cg_memory_format_check(int ndim, cg_memory_format f) {
    if (format_fits(ndim, f))
        return 0;
    bool two_d = f == CG_CHANNELS_LAST;
    cg_error_set(CG_RUNTIME_ERROR, "required rank %d tensor to use channels_last%s format", two_d ? 4 : 5,
                 two_d ? "" : "_3d");
    return -1;
}

void cg_format_strides(int ndim, const int64_t *sizes, cg_memory_format f, int64_t *strides) {
    int order[CG_MAX_DIMS], n = 0;
    bool last = f == CG_CHANNELS_LAST || f == CG_CHANNELS_LAST_3D;
    if (last)
        n = channels_last_order(ndim, order);
    if (n == 0)
        for (int d = ndim - 1; d >= 0; d--)
            order[n++] = d;
    /* c10 multiplies channels-last strides by the raw sizes (0 included),
     * contiguous ones by sizes of at least 1 */
    int64_t stride = 1;
    for (int i = 0; i < n; i++) {
        strides[order[i]] = stride;
        stride *= last || sizes[order[i]] > 1 ? sizes[order[i]] : 1;
    }
}

/* Note [Dense strides like x's]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * preserve_format of an x that is not dense (a slice with a step, an
 * overlapping unfold) is, as PyTorch's empty_like makes it, dense strides
 * in x's order of dims: dims sorted by stride, innermost first, by an
 * insertion sort that leaves a dim of stride 0 where it is (its order is
 * ambiguous) and breaks equal strides by size, the larger outside. */
static int stride_order(const int64_t *sizes, const int64_t *strides, int a, int b) {
    if (strides[a] == 0 || strides[b] == 0)
        return 0;
    if (strides[a] != strides[b])
        return strides[a] < strides[b] ? -1 : 1;
    return sizes[a] > sizes[b] ? 1 : 0;
}

static void infer_dense_strides(int ndim, const int64_t *sizes, const int64_t *strides, int64_t *out) {
    int perm[CG_MAX_DIMS]; /* perm[0] the innermost dim */
    for (int i = 0; i < ndim; i++)
        perm[i] = ndim - 1 - i;
    for (int i = 1; i < ndim; i++) {
        int d1 = i;
        for (int d0 = i - 1; d0 >= 0; d0--) {
            int c = stride_order(sizes, strides, perm[d0], perm[d1]);
            if (c < 0)
                break;
            if (c > 0) {
                int p = perm[d0];
                perm[d0] = perm[d1];
                perm[d1] = p;
                d1 = d0;
            }
        }
    }
    int64_t step = 1;
    for (int i = 0; i < ndim; i++) {
        out[perm[i]] = step;
        if (sizes[perm[i]] > 1)
            step *= sizes[perm[i]];
    }
}

cg_tensor *cg_empty_format(const cg_tensor *x, cg_dtype dtype, cg_device device, cg_memory_format f) {
    if (cg_memory_format_check(x->ndim, f) < 0)
        return NULL;
    cg_tensor *t = cg_tensor_empty(x->ndim, x->sizes, dtype, device);
    if (!t)
        return NULL;
    /* preserve copies a dense x's strides exactly, size-1 dims' too */
    if (f == CG_PRESERVE_FORMAT && (cg_tensor_numel(x) == 0 || cg_tensor_is_dense(x))) {
        if (memcmp(t->strides, x->strides, (size_t)x->ndim * sizeof *x->strides) != 0)
            cg_tensor_set_strides(t, x->strides);
        return t;
    }
    if (f == CG_PRESERVE_FORMAT) {
        int64_t strides[CG_MAX_DIMS];
        infer_dense_strides(x->ndim, x->sizes, x->strides, strides);
        cg_tensor_set_strides(t, strides);
        return t;
    }
    if (f != CG_CONTIGUOUS_FORMAT) {
        int64_t strides[CG_MAX_DIMS];
        cg_format_strides(x->ndim, x->sizes, f, strides);
        cg_tensor_set_strides(t, strides);
    }
    return t;
}
