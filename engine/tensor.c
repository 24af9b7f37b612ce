/* tensor.c: life and geometry of tensors (tensor.h). Ops live in ops_*.c. */
#include "tensor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autograd.h"

#include "block_cache.h"

/* Every field zero but these; t takes over the caller's reference to s. A
 * compound literal rather than calloc: see Note [Node allocation]. */
static void tensor_init(cg_tensor *t, cg_storage *s, int64_t offset, int ndim, const int64_t *sizes,
                        const int64_t *strides, cg_dtype dtype) {
    *t = (cg_tensor){.refcount = 1, .storage = s, .offset = offset, .ndim = ndim, .dtype = dtype};
    for (int d = 0; d < ndim; d++) {
        t->sizes[d] = sizes[d];
        t->strides[d] = strides[d];
    }
}

static bool geometry_contiguous(int ndim, const int64_t *sizes, const int64_t *strides) {
    for (int d = 0; d < ndim; d++) /* an empty tensor is contiguous, whatever its strides (as c10's) */
        if (sizes[d] == 0)
            return true;
    uint64_t expected = 1;
    for (int d = ndim - 1; d >= 0; d--) {
        if (sizes[d] != 1 && (uint64_t)strides[d] != expected)
            return false;
        expected *= (uint64_t)sizes[d];
    }
    return true;
}

/* Note [Size overflow]
 * ~~~~~~~~~~~~~~~~~~~~
 * Sizes come from users, so every product of them is checked. PyTorch
 * multiplies sizes as uint64 with a sticky overflow flag
 * (c10::safe_multiplies_u64): a negative size reads as a huge one, and a 0
 * after an overflow does not clear it ([2**62, 8, 0] overflows while
 * [0, 2**62, 8] does not). A product above INT64_MAX is an overflow too.
 * We multiply the same way so that the same shapes fail with the same
 * message: "numel: integer multiplication overflow" for a tensor's shape,
 * "Storage size calculation overflowed" for the bytes of a new storage.
 * Strides of a shape with a 0 in it may wrap, as PyTorch's do; no element
 * is ever addressed through them. */
bool cg_sizes_product_overflows(int ndim, const int64_t *sizes, uint64_t *out) {
    uint64_t n = 1;
    bool overflow = false;
    for (int d = 0; d < ndim; d++)
        overflow |= __builtin_mul_overflow(n, (uint64_t)sizes[d], &n);
    *out = n;
    return overflow || n > (uint64_t)INT64_MAX;
}

int cg_check_numel(int ndim, const int64_t *sizes) {
    uint64_t n;
    CG_CHECK_INT(!cg_sizes_product_overflows(ndim, sizes, &n), CG_RUNTIME_ERROR,
                 "numel: integer multiplication overflow");
    return 0;
}

int64_t cg_contiguous_strides(int ndim, const int64_t *sizes, int64_t *strides) {
    uint64_t numel, n = 1;
    if (cg_sizes_product_overflows(ndim, sizes, &numel)) {
        cg_error_set(CG_RUNTIME_ERROR, "numel: integer multiplication overflow");
        return -1;
    }
    for (int d = ndim - 1; d >= 0 && strides; d--) { /* wraps only when numel is 0 */
        strides[d] = (int64_t)n;
        n *= (uint64_t)(sizes[d] > 1 ? sizes[d] : 1);
    }
    return (int64_t)numel;
}

/* cg_contiguous_strides for the common shape, every size at least 1 and
 * no overflow, in one pass; -1 (no error set) for any other shape. */
static int64_t small_strides(int ndim, const int64_t *sizes, int64_t *strides) {
    int64_t n = 1;
    for (int d = ndim - 1; d >= 0; d--) {
        strides[d] = n;
        if (sizes[d] < 1 || __builtin_mul_overflow(n, sizes[d], &n))
            return -1;
    }
    return n;
}

cg_tensor *cg_tensor_empty(int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device) {
    CG_CHECK(ndim <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions, got %d",
             CG_MAX_DIMS, ndim);
    int64_t strides[CG_MAX_DIMS];
    int64_t numel = small_strides(ndim, sizes, strides);
    size_t item = cg_dtype_size(dtype), nbytes;
    if (numel < 0) { /* a size of 0 or less, or an overflow: the careful way */
        char buf[CG_SIZES_STR_MAX];
        for (int d = 0; d < ndim; d++)
            CG_CHECK(sizes[d] >= 0, CG_RUNTIME_ERROR, "Trying to create tensor with negative dimension %lld: %s",
                     (long long)sizes[d], cg_sizes_str(ndim, sizes, buf, sizeof buf));
        uint64_t n; /* PyTorch's computeStorageNbytesContiguous; see Note [Size overflow] */
        bool overflow = cg_sizes_product_overflows(ndim, sizes, &n);
        overflow |= __builtin_mul_overflow(n, (uint64_t)item, &n) || n > (uint64_t)INT64_MAX;
        CG_CHECK(!overflow, CG_RUNTIME_ERROR, "Storage size calculation overflowed with sizes=%s",
                 cg_sizes_str(ndim, sizes, buf, sizeof buf));
        numel = cg_contiguous_strides(ndim, sizes, strides);
        nbytes = (size_t)n;
    } else {
        CG_CHECK(!__builtin_mul_overflow((uint64_t)numel, (uint64_t)item, &nbytes) && nbytes <= (size_t)INT64_MAX,
                 CG_RUNTIME_ERROR, "Storage size calculation overflowed with sizes=%s",
                 cg_sizes_str(ndim, sizes, (char[CG_SIZES_STR_MAX]){0}, CG_SIZES_STR_MAX));
    }
    if (device.type == CG_CPU && nbytes <= CG_TENSOR_BLOCK_MAX_BYTES) {
        void *mem; /* see Note [Tensor blocks] in cpu_allocator.c */
        cg_storage *s = cg_storage_new_in_block(nbytes, &mem);
        if (!s)
            return NULL;
        cg_tensor *t = mem;
        tensor_init(t, s, 0, ndim, sizes, strides, dtype);
        t->contiguous = true;
        return t;
    }
    cg_storage *s = cg_storage_new(nbytes, device);
    if (!s)
        return NULL;
    cg_tensor *t = cg_tensor_from_storage(s, 0, ndim, sizes, strides, dtype);
    cg_storage_release(s);
    return t;
}

cg_tensor *cg_tensor_from_storage(cg_storage *storage, int64_t offset, int ndim, const int64_t *sizes,
                                  const int64_t *strides, cg_dtype dtype) {
    cg_tensor *t = malloc(sizeof *t);
    if (!t) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory allocating a tensor");
        return NULL;
    }
    cg_storage_retain(storage);
    tensor_init(t, storage, offset, ndim, sizes, strides, dtype);
    t->contiguous = geometry_contiguous(ndim, sizes, strides);
    return t;
}

cg_tensor *cg_tensor_retain(cg_tensor *t) {
    t->refcount++;
    return t;
}

void cg_tensor_release(cg_tensor *t) {
    if (!t || --t->refcount > 0)
        return;
    cg_node *fn = t->grad_fn;
    if (fn && fn->retain_out && fn->retain_out[t->output_nr] == t)
        fn->retain_out[t->output_nr] = NULL;
    cg_node_release(fn);
    if (t->grad_accumulator) { /* see Note [AccumulateGrad lifetime] */
        t->grad_accumulator->variable = NULL;
        cg_node_release(t->grad_accumulator);
    }
    if (t->grad || t->base || t->hooks) { /* rarely set: skip the calls */
        cg_tensor_release(t->grad);
        cg_tensor_release(t->base);
        cg_hooks_free(t->hooks);
    }
    cg_storage *s = t->storage;
    if (s->block == t) /* freed with its storage: Note [Tensor blocks] */
        CG_POISON(t, sizeof *t);
    else
        free(t);
    cg_storage_release(s);
}

void cg_tensor_set_strides(cg_tensor *t, const int64_t *strides) {
    memcpy(t->strides, strides, (size_t)t->ndim * sizeof *strides);
    t->contiguous = geometry_contiguous(t->ndim, t->sizes, t->strides);
}

/* c10's is_non_overlapping_and_dense: ignoring size-1 dims, the strides
 * sorted ascending are those of a contiguous tensor. */
bool cg_tensor_is_dense(const cg_tensor *x) {
    int dims[CG_MAX_DIMS], n = 0;
    for (int d = 0; d < x->ndim; d++)
        if (x->sizes[d] >= 2)
            dims[n++] = d;
    for (int i = 1; i < n; i++) /* insertion sort by stride */
        for (int j = i; j > 0 && x->strides[dims[j]] < x->strides[dims[j - 1]]; j--) {
            int tmp = dims[j];
            dims[j] = dims[j - 1];
            dims[j - 1] = tmp;
        }
    int64_t want = 1;
    for (int i = 0; i < n; i++) {
        if (x->strides[dims[i]] != want)
            return false;
        want *= x->sizes[dims[i]];
    }
    return true;
}

const char *cg_sizes_str(int ndim, const int64_t *sizes, char *buf, size_t n) {
    size_t used = (size_t)snprintf(buf, n, "[");
    for (int d = 0; d < ndim && used < n; d++)
        used += (size_t)snprintf(buf + used, n - used, d ? ", %lld" : "%lld", (long long)sizes[d]);
    if (used < n)
        snprintf(buf + used, n - used, "]");
    return buf;
}

int cg_wrap_dim(int64_t dim, int ndim) {
    int64_t n = ndim > 0 ? ndim : 1;
    if (dim < -n || dim >= n) {
        cg_error_set(CG_INDEX_ERROR, "Dimension out of range (expected to be in range of [%lld, %lld], but got %lld)",
                     (long long)-n, (long long)(n - 1), (long long)dim);
        return -1;
    }
    return (int)(dim < 0 ? dim + n : dim);
}

int cg_broadcast_shapes(int na, const int64_t *a, int nb, const int64_t *b, int *nout, int64_t *out) {
    int n = na > nb ? na : nb;
    /* from the last dim, as PyTorch's infer_size (the first mismatch it
     * reports), and so that out may alias a or b */
    for (int i = n - 1; i >= 0; i--) {
        int ia = na - n + i, ib = nb - n + i;
        int64_t sa = ia >= 0 ? a[ia] : 1, sb = ib >= 0 ? b[ib] : 1;
        if (sa != sb && sa != 1 && sb != 1) {
            cg_error_set(CG_RUNTIME_ERROR,
                         "The size of tensor a (%lld) must match the size of tensor b (%lld) at "
                         "non-singleton dimension %d",
                         (long long)sa, (long long)sb, i);
            return -1;
        }
        out[i] = sa == 1 ? sb : sa;
    }
    *nout = n;
    return 0;
}

int cg_tensor_item(const cg_tensor *t, cg_scalar *out) {
    int64_t n = cg_tensor_numel(t);
    if (n != 1) {
        cg_error_set(CG_RUNTIME_ERROR, "a Tensor with %lld elements cannot be converted to Scalar", (long long)n);
        return -1;
    }
    if (cg_tensor_device(t).type == CG_CPU) {
        *out = cg_scalar_load(cg_tensor_data(t), t->dtype);
        return 0;
    }
    unsigned char buf[16];
    const cg_backend *be = cg_backend_get(cg_tensor_device(t).type);
    if (!be || be->copy(buf, cg_device_cpu(), cg_tensor_data(t), cg_tensor_device(t), cg_tensor_itemsize(t)))
        return -1;
    *out = cg_scalar_load(buf, t->dtype);
    return 0;
}

cg_tensor *cg_scalar_tensor(cg_scalar s) {
    cg_dtype dt = cg_scalar_dtype(s);
    /* a float or complex is kept in double precision until promotion */
    cg_dtype held = s.kind == CG_SCALAR_FLOAT ? CG_F64 : s.kind == CG_SCALAR_COMPLEX ? CG_C128 : dt;
    cg_tensor *t = cg_tensor_empty(0, NULL, held, cg_device_cpu());
    if (!t)
        return NULL;
    cg_scalar_store(cg_tensor_data(t), t->dtype, s);
    t->is_wrapped_number = true;
    return t;
}

int cg_tensor_check_no_overlap(const cg_tensor *t) {
    for (int d = 0; d < t->ndim; d++)
        CG_CHECK_INT(t->sizes[d] == 1 || t->strides[d] != 0, CG_RUNTIME_ERROR,
                     "unsupported operation: more than one element of the written-to tensor refers to a single "
                     "memory location. Please clone() the tensor before performing the operation.");
    return 0;
}
