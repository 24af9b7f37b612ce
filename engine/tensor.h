/* tensor.h: the tensor, a view of a storage, and its ownership rule.
 *
 * Ownership: a function that returns a cg_tensor* returns a new reference,
 * which the caller releases with cg_tensor_release(); tensors passed as
 * arguments are borrowed. There are no exceptions to this rule. A function
 * that fails returns NULL with the error of error.h set.
 *
 * A tensor is storage + dtype + sizes + strides (in elements) + offset. Views
 * share the storage (and so the version counter, see Note [Version counter]).
 * Broadcasting is a stride of 0. */
#ifndef CG_TENSOR_H
#define CG_TENSOR_H

#include <stdbool.h>
#include <stdint.h>

#include "device.h"
#include "dtype.h"
#include "error.h"
#include "storage.h"

#define CG_MAX_DIMS 8

struct cg_node;
struct cg_hook;

typedef struct cg_tensor {
    int64_t refcount;
    cg_storage *storage;
    int64_t offset; /* in elements */
    int ndim;
    cg_dtype dtype;
    int64_t sizes[CG_MAX_DIMS];
    int64_t strides[CG_MAX_DIMS]; /* in elements */
    bool contiguous;              /* cached: see Note [Contiguity flag] */

    /* autograd; see autograd.h */
    bool requires_grad;     /* set on leaves; a non-leaf requires grad iff grad_fn */
    bool retains_grad;      /* retain_grad() on a non-leaf */
    bool is_wrapped_number; /* a Python scalar wrapped for type promotion */
    int output_nr;          /* which output of grad_fn this is */
    struct cg_tensor *grad;
    struct cg_node *grad_fn;          /* NULL for leaves */
    struct cg_node *grad_accumulator; /* a leaf's AccumulateGrad node, owned (autograd.h) */
    struct cg_tensor *base;           /* for a view: the tensor it views (._base) */
    struct cg_hook *hooks;            /* register_hook callbacks, in order */
    void *owner;                      /* weak back-pointer for a host's wrapper object */
} cg_tensor;

/* ---- life ------------------------------------------------------------------ */

/* A new contiguous tensor with uninitialised data. */
cg_tensor *cg_tensor_empty(int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device);
/* A new tensor viewing `storage` (retained) with the given geometry. */
cg_tensor *cg_tensor_from_storage(cg_storage *storage, int64_t offset, int ndim, const int64_t *sizes,
                                  const int64_t *strides, cg_dtype dtype);
cg_tensor *cg_tensor_retain(cg_tensor *t);
void cg_tensor_release(cg_tensor *t);

/* ---- geometry -------------------------------------------------------------- */

static inline int64_t cg_tensor_numel(const cg_tensor *t) {
    int64_t n = 1;
    for (int d = 0; d < t->ndim; d++)
        n *= t->sizes[d];
    return n;
}
/* Note [Contiguity flag]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * Whether a tensor is contiguous is asked several times by every op, so it
 * is worked out once, when the tensor is made: a tensor's geometry does not
 * change afterwards, except through cg_tensor_set_strides(), which works it
 * out again. Writing t->sizes or t->strides by hand would leave the flag
 * stale: go through cg_tensor_set_strides (or make a new tensor). */
static inline bool cg_tensor_is_contiguous(const cg_tensor *t) { return t->contiguous; }
/* Replaces t's strides (e.g. to lay a new tensor out like another) and
 * updates the contiguity flag. */
void cg_tensor_set_strides(cg_tensor *t, const int64_t *strides);
/* Whether t's elements fill its span without gaps or overlap in some order
 * of its dims (c10's is_non_overlapping_and_dense): a transposed tensor is,
 * a slice of every other column is not. */
bool cg_tensor_is_dense(const cg_tensor *t);
static inline cg_device cg_tensor_device(const cg_tensor *t) { return t->storage->device; }
static inline size_t cg_tensor_itemsize(const cg_tensor *t) { return cg_dtype_size(t->dtype); }
/* Address of the first element. Only for CPU tensors. */
static inline void *cg_tensor_data(const cg_tensor *t) {
    return (char *)t->storage->data + t->offset * (int64_t)cg_dtype_size(t->dtype);
}
/* Writes "[2, 3]" into buf; CG_SIZES_STR_MAX bytes hold any shape. */
#define CG_SIZES_STR_MAX (CG_MAX_DIMS * 22 + 3)
const char *cg_sizes_str(int ndim, const int64_t *sizes, char *buf, size_t n);

/* Whether two shapes are equal; inline, because shapes are short and this
 * sits on the path of every small op. */
static inline bool cg_sizes_equal(int na, const int64_t *a, int nb, const int64_t *b) {
    if (na != nb)
        return false;
    for (int d = 0; d < na; d++)
        if (a[d] != b[d])
            return false;
    return true;
}

/* Contiguous strides for sizes (strides may be NULL); returns the element
 * count, or -1 with PyTorch's "numel: integer multiplication overflow"
 * when it overflows (Note [Size overflow] in tensor.c). */
int64_t cg_contiguous_strides(int ndim, const int64_t *sizes, int64_t *strides);
/* Whether the product of sizes overflows as PyTorch counts it (uint64,
 * sticky, above INT64_MAX); *out gets the wrapped product. */
bool cg_sizes_product_overflows(int ndim, const int64_t *sizes, uint64_t *out);
/* 0, or -1 with "numel: integer multiplication overflow" when a tensor of
 * these sizes could not exist: every new shape and view goes through it. */
int cg_check_numel(int ndim, const int64_t *sizes);
/* An op about to write into t refuses a t whose elements share memory (an
 * expanded tensor: a dim of size > 1 with stride 0), as PyTorch's
 * assert_no_internal_overlap does for the outputs of its elementwise, copy,
 * scatter and random ops; 0, or -1 with its RuntimeError. fill_, zero_,
 * masked_fill_ and index_fill_ write such tensors, as PyTorch's do. */
int cg_tensor_check_no_overlap(const cg_tensor *t);
/* Wraps a possibly negative dim into [0, ndim), or -1 with PyTorch's
 * "Dimension out of range" IndexError. A 0-d tensor accepts dims -1 and 0. */
int cg_wrap_dim(int64_t dim, int ndim);
/* Broadcasts two shapes (NumPy rule). -1 and PyTorch's message on failure. */
int cg_broadcast_shapes(int na, const int64_t *a, int nb, const int64_t *b, int *nout, int64_t *out);

/* ---- values ---------------------------------------------------------------- */

/* The single value of a one-element tensor (item()). */
int cg_tensor_item(const cg_tensor *t, cg_scalar *out);
/* A 0-d tensor holding a Python scalar, marked as a wrapped number so that
 * it takes part in type promotion as a Python number does. */
cg_tensor *cg_scalar_tensor(cg_scalar s);

#endif
