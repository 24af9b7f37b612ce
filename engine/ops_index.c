/* ops_index.c: the index kernels (see Note [Index walks] in index_walk.h),
 * advanced indices, and the ops over one indexed dim: index_select,
 * index_add, index_fill, gather, scatter, scatter_add, index_put. Python's
 * subscript lives in ops_getitem.c, cat/split in ops_join.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ew.h"
#include "index_walk.h"
#include "ops.h"

/* ---- kernels ------------------------------------------------------------------ */

/* One row of a walk: n elements; st[0..2] are the element strides of out,
 * in and off along the row. */
typedef void (*walk_row_fn)(char *o, const char *in, const int64_t *off, int64_t n, const int64_t *st);

#define TAKE_ROW(name, T)                                                                         \
    static void name(char *o, const char *in, const int64_t *off, int64_t n, const int64_t *st) { \
        T *po = (T *)o;                                                                           \
        const T *pi = (const T *)in;                                                              \
        for (int64_t i = 0; i < n; i++)                                                           \
            po[i * st[0]] = pi[i * st[1] + off[i * st[2]]];                                       \
    }
#define PUT_ROW(name, T)                                                                          \
    static void name(char *o, const char *in, const int64_t *off, int64_t n, const int64_t *st) { \
        T *po = (T *)o;                                                                           \
        const T *pi = (const T *)in;                                                              \
        for (int64_t i = 0; i < n; i++)                                                           \
            po[i * st[0] + off[i * st[2]]] = pi[i * st[1]];                                       \
    }
#define ADD_ROW(name, T)                                                                          \
    static void name(char *o, const char *in, const int64_t *off, int64_t n, const int64_t *st) { \
        T *po = (T *)o;                                                                           \
        const T *pi = (const T *)in;                                                              \
        for (int64_t i = 0; i < n; i++)                                                           \
            po[i * st[0] + off[i * st[2]]] += pi[i * st[1]];                                      \
    }
CG_EXPAND_ALL(TAKE_ROW, take)
CG_EXPAND_ALL(PUT_ROW, put)
CG_EXPAND_NUMERIC(ADD_ROW, add)
/* bool accumulates as logical or, as PyTorch's index_put_ with accumulate */
static void add_bool(char *o, const char *in, const int64_t *off, int64_t n, const int64_t *st) {
    bool *po = (bool *)o;
    const bool *pi = (const bool *)in;
    for (int64_t i = 0; i < n; i++)
        po[i * st[0] + off[i * st[2]]] |= pi[i * st[1]];
}
/* float16/bfloat16 move as they are; an accumulated one is added in float
 * and rounded, as c10::Half's += does */
TAKE_ROW(take_f16, cg_half)
TAKE_ROW(take_bf16, cg_bf16)
PUT_ROW(put_f16, cg_half)
PUT_ROW(put_bf16, cg_bf16)
#define ADD_REDUCED_ROW(name, T, TO_F, FROM_F)                                                    \
    static void name(char *o, const char *in, const int64_t *off, int64_t n, const int64_t *st) { \
        T *po = (T *)o;                                                                           \
        const T *pi = (const T *)in;                                                              \
        for (int64_t i = 0; i < n; i++) {                                                         \
            T *d = &po[i * st[0] + off[i * st[2]]];                                               \
            *d = FROM_F(TO_F(*d) + TO_F(pi[i * st[1]]));                                          \
        }                                                                                         \
    }
ADD_REDUCED_ROW(add_f16, cg_half, cg_half_to_float, cg_half_from_float)
ADD_REDUCED_ROW(add_bf16, cg_bf16, cg_bf16_to_float, cg_bf16_from_float)
/* complex64/complex128 move and add as C's complex types */
CG_EXPAND_COMPLEX(TAKE_ROW, take)
CG_EXPAND_COMPLEX(PUT_ROW, put)
CG_EXPAND_COMPLEX(ADD_ROW, add)
static const walk_row_fn take_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(take), CG_ROWS_REDUCED(take), CG_ROWS_COMPLEX(take)};
static const walk_row_fn put_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(put), CG_ROWS_REDUCED(put), CG_ROWS_COMPLEX(put)};
static const walk_row_fn add_rows[CG_DTYPE_COUNT] = {CG_ROWS_ALL(add), CG_ROWS_REDUCED(add), CG_ROWS_COMPLEX(add)};

/* out, in[0] and in[1] (int64 offsets) share out's sizes; rows along the
 * last dim, an odometer over the others. */
static void walk(const cg_kernel_call *c, walk_row_fn row) {
    const cg_tensor *o = c->out[0], *in = c->in[0], *f = c->in[1];
    int64_t numel = cg_tensor_numel(o);
    if (numel == 0)
        return;
    int nd = o->ndim;
    int64_t n = nd ? o->sizes[nd - 1] : 1;
    int64_t st[3] = {nd ? o->strides[nd - 1] : 0, nd ? in->strides[nd - 1] : 0, nd ? f->strides[nd - 1] : 0};
    size_t item = cg_tensor_itemsize(o);
    char *po = cg_tensor_data(o);
    const char *pi = cg_tensor_data(in);
    const int64_t *pf = cg_tensor_data(f);
    int64_t pos[CG_MAX_DIMS] = {0};
    for (int64_t r = 0; r < numel / n; r++) {
        int64_t oo = 0, io = 0, fo = 0;
        for (int d = 0; d < nd - 1; d++) {
            oo += pos[d] * o->strides[d];
            io += pos[d] * in->strides[d];
            fo += pos[d] * f->strides[d];
        }
        row(po + oo * (int64_t)item, pi + io * (int64_t)item, pf + fo, n, st);
        for (int d = nd - 2; d >= 0 && ++pos[d] == o->sizes[d]; d--)
            pos[d] = 0;
    }
}

/* out[p] = in[p + off[p]] */
void cg_cpu_index(const cg_kernel_call *c) { walk(c, take_rows[c->out[0]->dtype]); }
/* out[p + off[p]] = in[p], or += when args->flag */
void cg_cpu_index_put(const cg_kernel_call *c) {
    walk(c, (c->args && c->args->flag ? add_rows : put_rows)[c->out[0]->dtype]);
}

/* Offsets are computed on the CPU and handed to the kernel on the data's
 * device. */
static int run_walk(cg_op op, cg_tensor *out, cg_tensor *in, cg_tensor *off, bool accumulate) {
    cg_tensor *dev_off = cg_to_device(off, cg_tensor_device(out));
    if (!dev_off)
        return -1;
    cg_op_args args = {.flag = accumulate};
    cg_kernel_call call = {.op = op, .nout = 1, .nin = 2, .out = {out}, .in = {in, dev_off}, .args = &args};
    int rc = cg_op_run(&call);
    cg_tensor_release(dev_off);
    return rc;
}

cg_tensor *cg_index_to_cpu(cg_tensor *idx) { return cg_to_device(idx, cg_device_cpu()); }

/* ---- shared checks and geometry ---------------------------------------------------- */

int64_t *cg_index_read_ints(const cg_tensor *t) {
    int64_t n = cg_tensor_numel(t);
    int64_t *out = malloc((size_t)(n ? n : 1) * sizeof *out);
    if (!out) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory reading indices");
        return NULL;
    }
    const char *base = cg_tensor_data(t);
    int64_t item = (int64_t)cg_tensor_itemsize(t), pos[CG_MAX_DIMS] = {0}, off = 0;
    for (int64_t i = 0; i < n; i++) {
        const char *p = base + off * item;
        out[i] = t->dtype == CG_INT64   ? *(const int64_t *)p
                 : t->dtype == CG_INT32 ? *(const int32_t *)p
                                        : *(const bool *)p;
        for (int d = t->ndim - 1; d >= 0; d--) { /* odometer, innermost first */
            off += t->strides[d];
            if (++pos[d] < t->sizes[d])
                break;
            off -= pos[d] * t->strides[d];
            pos[d] = 0;
        }
    }
    return out;
}

/* A view of t's storage with t's offset and the given geometry. */
static cg_tensor *restride(const cg_tensor *t, int ndim, const int64_t *sizes, const int64_t *strides) {
    CG_CHECK(ndim <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions, got %d",
             CG_MAX_DIMS, ndim);
    return cg_tensor_from_storage(t->storage, t->offset, ndim, sizes, strides, t->dtype);
}

/* t seen with sizes (t's, or an index's) and stride 0 along dim: the indexed
 * side of a one-dim walk. A 0-d t is seen as one element. */
static cg_tensor *dim_view(const cg_tensor *t, int dim, int ndim, const int64_t *sizes) {
    int64_t strides[CG_MAX_DIMS] = {0};
    for (int d = 0; d < ndim && d < t->ndim; d++)
        strides[d] = d == dim ? 0 : t->strides[d];
    return restride(t, ndim, sizes, strides);
}

/* The int64 offsets idx * stride of an index into a dim of `size`, with
 * idx's shape, contiguous. `wrap`: negative indices count from the end.
 * On a bad index, PyTorch's message of the op (kind, and whether it names
 * the index). */
typedef enum { MSG_BOUNDS, MSG_RANGE } bounds_msg;
static cg_tensor *dim_offsets(cg_tensor *index, int dim, int64_t size, int64_t stride, bool wrap, cg_error_kind kind,
                              bounds_msg msg) {
    cg_tensor *idx = cg_index_to_cpu(index);
    int64_t *vals = idx ? cg_index_read_ints(idx) : NULL;
    cg_tensor *off = vals ? cg_tensor_empty(idx->ndim, idx->sizes, CG_INT64, cg_device_cpu()) : NULL;
    cg_tensor_release(idx);
    if (!off) {
        free(vals);
        return NULL;
    }
    int64_t *p = cg_tensor_data(off), n = cg_tensor_numel(off);
    for (int64_t i = 0; i < n; i++) {
        int64_t v = vals[i], w = wrap && v < 0 ? v + size : v;
        if (w < 0 || w >= size) {
            cg_tensor_release(off);
            free(vals);
            if (msg == MSG_RANGE)
                cg_error_set(kind, "index out of range in self");
            else
                cg_error_set(kind, "index %lld is out of bounds for dimension %d with size %lld", (long long)v, dim,
                             (long long)size);
            return NULL;
        }
        p[i] = w * stride;
    }
    free(vals);
    return off;
}

static int check_index_dtype(const cg_tensor *idx, const char *op, bool int32_ok) {
    if (idx->dtype == CG_INT64 || (int32_ok && idx->dtype == CG_INT32))
        return 0;
    if (int32_ok)
        cg_error_set(CG_RUNTIME_ERROR, "%s(): Expected dtype int32 or int64 for index", op);
    else
        cg_error_set(CG_RUNTIME_ERROR, "%s(): Expected dtype int64 for index", op);
    return -1;
}

/* Records op for out (a new tensor, or self for an in-place op) over
 * inputs `in`, saving index as "index" and the dim in args.i[0]. */
static int record_dim_op(cg_op op, cg_tensor *out, int nin, cg_tensor *const *in, int64_t dim, cg_tensor *index) {
    if (!cg_autograd_needed(nin, in))
        return 0;
    cg_op_args args = {.i = {dim}};
    cg_save_spec save[] = {{index, "index"}};
    return cg_autograd_record(op, 1, &out, nin, in, 1, save, &args, NULL);
}

/* The in-place frame every index op shares: inplace checks, the walk,
 * version bump, history. */
static int put_and_record(cg_op op, cg_tensor *self, cg_tensor *dst, cg_tensor *values, cg_tensor *off, bool accumulate,
                          int nin, cg_tensor *const *in, int64_t dim, cg_tensor *index) {
    bool record = cg_autograd_needed(nin, in);
    if (run_walk(op, dst, values, off, accumulate) < 0)
        return -1;
    self->storage->version++;
    return record ? record_dim_op(op, self, nin, in, dim, index) : 0;
}

/* value in x's dtype and device, seen with sizes (stride 0). */
static cg_tensor *scalar_expanded(cg_scalar value, const cg_tensor *x, int ndim, const int64_t *sizes) {
    cg_tensor *s = cg_full(0, NULL, value, x->dtype, cg_tensor_device(x));
    if (!s)
        return NULL;
    int64_t strides[CG_MAX_DIMS] = {0};
    cg_tensor *e = restride(s, ndim, sizes, strides);
    cg_tensor_release(s);
    return e;
}

/* An out-of-place op: its in-place form on a clone, both without history,
 * then recorded as op over x (and other), as PyTorch's graph shows it. */
static cg_tensor *cloned(cg_op op, cg_tensor *x, cg_tensor *other, int64_t dim, cg_tensor *index,
                         int (*inplace)(cg_tensor *, void *), void *ctx) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = cg_clone(x);
    int rc = out ? inplace(out, ctx) : -1;
    cg_grad_set_enabled(was);
    cg_tensor *in[] = {x, other};
    if (rc == 0) {
        int d = cg_wrap_dim(dim, x->ndim);
        rc = record_dim_op(op, out, other ? 2 : 1, in, d < 0 ? 0 : d, index);
    }
    if (rc < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* ---- index_select / index_add / index_fill: one dim, a vector of indices --------------- */

/* The walk of a vector index over dim of x: sizes of x with n at dim, the
 * offsets seen with stride 1 along dim only. */
typedef struct {
    int dim;
    int ndim;
    int64_t sizes[CG_MAX_DIMS];
    cg_tensor *index; /* the index as given, 1-d */
    cg_tensor *off;   /* walk view of the offsets */
} vec_walk;

static void vec_walk_free(vec_walk *w) {
    cg_tensor_release(w->index);
    cg_tensor_release(w->off);
}

static int vec_walk_init(vec_walk *w, cg_tensor *x, int64_t dim, cg_tensor *index, bool wrap, cg_error_kind kind,
                         bounds_msg msg) {
    memset(w, 0, sizeof *w);
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0)
        return -1;
    w->dim = d;
    int64_t n = cg_tensor_numel(index);
    w->index = index->ndim == 1 ? cg_tensor_retain(index) : cg_reshape(index, 1, &n);
    if (!w->index)
        return -1;
    w->ndim = x->ndim ? x->ndim : 1;
    for (int k = 0; k < w->ndim; k++)
        w->sizes[k] = x->ndim ? x->sizes[k] : 1;
    int64_t size = w->sizes[d], stride = x->ndim ? x->strides[d] : 1;
    cg_tensor *flat = dim_offsets(w->index, d, size, stride, wrap, kind, msg);
    if (!flat)
        return -1;
    w->sizes[d] = n;
    int64_t strides[CG_MAX_DIMS] = {0};
    strides[d] = 1;
    w->off = restride(flat, w->ndim, w->sizes, strides);
    cg_tensor_release(flat);
    return w->off ? 0 : -1;
}

/* index_select and index_add take a 0-d or 1-d index; PyTorch names the op. */
static int check_vector(const cg_tensor *index, const char *op) {
    CG_CHECK_INT(index->ndim <= 1, CG_INDEX_ERROR, "%s(): Index is supposed to be a vector", op);
    return 0;
}

cg_tensor *cg_index_select(cg_tensor *x, int64_t dim, cg_tensor *index) {
    if (check_index_dtype(index, "index_select", true) < 0 || check_vector(index, "index_select") < 0)
        return NULL;
    vec_walk w;
    if (vec_walk_init(&w, x, dim, index, false, CG_INDEX_ERROR, MSG_RANGE) < 0) {
        vec_walk_free(&w);
        return NULL;
    }
    cg_tensor *src = dim_view(x, w.dim, w.ndim, w.sizes);
    cg_tensor *out = src ? cg_tensor_empty(x->ndim ? w.ndim : 0, w.sizes, x->dtype, cg_tensor_device(x)) : NULL;
    cg_tensor *walk_out = !out           ? NULL
                          : x->ndim == 0 ? restride(out, 1, w.sizes, (int64_t[]){0})
                                         : cg_tensor_retain(out);
    if (!walk_out || run_walk(CG_OP_INDEX_SELECT, walk_out, src, w.off, false) < 0
        || record_dim_op(CG_OP_INDEX_SELECT, out, 1, &x, w.dim, w.index) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(walk_out);
    cg_tensor_release(src);
    vec_walk_free(&w);
    return out;
}

/* zeros of the input's shape with the gradient added in along the node's
 * dim by `add_` (index_add_ or scatter_add_) at its saved index */
static int add_into_zeros(cg_node *n, cg_tensor *const *go, cg_tensor **gi,
                          int (*add_)(cg_tensor *, int64_t, cg_tensor *, cg_tensor *)) {
    cg_tensor *index;
    if (cg_node_saved(n, 0, &index) < 0)
        return -1;
    cg_tensor *z = cg_node_input_zeros(n, 0, go[0]->dtype);
    if (z && add_(z, n->args.i[0], index, go[0]) < 0) {
        cg_tensor_release(z);
        z = NULL;
    }
    return (gi[0] = z) ? 0 : -1;
}

/* IndexSelectBackward0: self: zeros.index_add(dim, index, grad) */
int cg_bw_index_select(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return add_into_zeros(n, go, gi, cg_index_add_);
}

int cg_index_add_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *source) {
    if (check_index_dtype(index, "index_add", true) < 0 || check_vector(index, "index_add_") < 0
        || cg_autograd_check_inplace(x) < 0)
        return -1;
    CG_CHECK_INT(x->dtype == source->dtype, CG_RUNTIME_ERROR,
                 "index_add_(): self (%s) and source (%s) must have the same scalar type", cg_dtype_legacy_name(x->dtype),
                 cg_dtype_legacy_name(source->dtype));
    vec_walk w;
    int rc = vec_walk_init(&w, x, dim, index, false, CG_INDEX_ERROR, MSG_RANGE);
    int64_t nidx = cg_tensor_numel(index);
    if (rc == 0 && source->ndim > w.dim && source->sizes[w.dim] != nidx) {
        cg_error_set(CG_RUNTIME_ERROR,
                     "index_add_(): Number of indices (%lld) should be equal to source.size(dim): (%lld), for dim: %d",
                     (long long)nidx, (long long)source->sizes[w.dim], w.dim);
        rc = -1;
    }
    bool shape_ok = rc == 0 && (source->ndim == x->ndim || (x->ndim <= 1 && source->ndim <= 1))
                    && cg_tensor_numel(source) == cg_contiguous_strides(w.ndim, w.sizes, NULL);
    for (int d = 0; shape_ok && d < source->ndim; d++)
        shape_ok = source->sizes[d] == w.sizes[d];
    if (rc == 0 && !shape_ok) {
        cg_error_set(CG_RUNTIME_ERROR,
                     "source tensor shape must match self tensor shape, excluding the specified "
                     "dimension. Got self.shape = %s source.shape = %s",
                     cg_sizes_str(x->ndim, x->sizes, (char[128]){0}, 128),
                     cg_sizes_str(source->ndim, source->sizes, (char[128]){0}, 128));
        rc = -1;
    }
    cg_tensor *dst = rc == 0 ? dim_view(x, w.dim, w.ndim, w.sizes) : NULL;
    cg_tensor *src = dst ? restride(source, w.ndim, w.sizes, source->ndim ? source->strides : (int64_t[]){0}) : NULL;
    if (!src)
        rc = -1;
    if (rc == 0)
        rc = put_and_record(CG_OP_INDEX_ADD, x, dst, src, w.off, true, 2, (cg_tensor *[]){x, source}, w.dim, w.index);
    cg_tensor_release(dst), cg_tensor_release(src);
    vec_walk_free(&w);
    return rc;
}

typedef struct {
    int64_t dim;
    cg_tensor *index, *source;
    cg_scalar value;
} dim_op_ctx;

static int index_add_cb(cg_tensor *t, void *p) {
    dim_op_ctx *c = p;
    return cg_index_add_(t, c->dim, c->index, c->source);
}
cg_tensor *cg_index_add(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *source) {
    return cloned(CG_OP_INDEX_ADD, x, source, dim, index, index_add_cb, &(dim_op_ctx){dim, index, source});
}

/* gi[1], the source's gradient of index_add/index_copy when it needs one:
 * grad.index_select(dim, index) in the source's shape */
static int source_grad(cg_node *n, cg_tensor *g, cg_tensor *index, cg_tensor **gi) {
    if (!n->next[1].node)
        return 0;
    cg_tensor *rows = cg_index_select(g, n->args.i[0], index);
    const cg_meta *m = &n->in_meta[1];
    gi[1] = rows ? cg_reshape(rows, m->ndim, m->sizes) : NULL;
    cg_tensor_release(rows);
    return gi[1] ? 0 : -1;
}

/* IndexAddBackward0: self: grad; source: grad.index_select(dim, index) */
int cg_bw_index_add(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *index;
    if (cg_node_saved(n, 0, &index) < 0)
        return -1;
    gi[0] = n->next[0].node ? cg_tensor_retain(go[0]) : NULL;
    return source_grad(n, go[0], index, gi);
}

/* "3" or "[3, 4]": a slice shape as PyTorch's index_copy_ message prints it */
static const char *slice_str(int ndim, const int64_t *sizes, int skip, char *buf, size_t n) {
    size_t len = 0;
    int shown = 0;
    buf[0] = 0;
    for (int d = 0; d < ndim && len < n; d++)
        if (d != skip)
            len += (size_t)snprintf(buf + len, n - len, "%s%lld", shown++ ? ", " : "", (long long)sizes[d]);
    return buf;
}

/* PyTorch 1.13's index_copy_ checks, in its order; 0 or -1 */
static int check_index_copy(const cg_tensor *x, int dim, const cg_tensor *index, const cg_tensor *source) {
    CG_CHECK_INT(index->ndim < 2, CG_INDEX_ERROR, "index_copy_(): Index should have dimension 1 or 0 (got %d)",
                 index->ndim);
    int64_t n = cg_tensor_numel(index);
    CG_CHECK_INT(source->ndim != 0 || n == 1, CG_INDEX_ERROR,
                 "index_copy_(): When source is scalar, index should have one element (got %lld)", (long long)n);
    CG_CHECK_INT(source->ndim == x->ndim || source->ndim == 0 || x->ndim == 0, CG_INDEX_ERROR,
                 "index_copy_(): When source and destination are not scalars, their dimensionality must match. "
                 "Source dimensionality (%d), destination dimensionality (%d)",
                 source->ndim, x->ndim);
    CG_CHECK_INT(index->dtype == CG_INT64, CG_RUNTIME_ERROR, "index_copy_(): Expected a long tensor for index, but got %s",
                 cg_dtype_legacy_name(index->dtype));
    CG_CHECK_INT(x->dtype == source->dtype, CG_RUNTIME_ERROR,
                 "index_copy_(): self and source expected to have the same dtype, but got (self) %s and (source) %s",
                 cg_dtype_legacy_name(x->dtype), cg_dtype_legacy_name(source->dtype));
    bool same = x->ndim == source->ndim || (x->ndim <= 1 && source->ndim <= 1);
    for (int d = 0; same && d < x->ndim && d < source->ndim; d++)
        same = d == dim || x->sizes[d] == source->sizes[d];
    if (!same) {
        char a[256], b[256];
        cg_error_set(CG_RUNTIME_ERROR,
                     "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: "
                     "%s at dimension %d and source slice shape: %s at dimension 0.",
                     slice_str(x->ndim, x->sizes, dim, a, sizeof a), dim,
                     slice_str(source->ndim, source->sizes, 0, b, sizeof b));
        return -1;
    }
    CG_CHECK_INT(source->ndim == 0 || n == source->sizes[dim], CG_INDEX_ERROR,
                 "index_copy_(): Number of indices (%lld) should be equal to source.size(dim) (%lld)", (long long)n,
                 (long long)source->sizes[dim]);
    int64_t size = x->ndim ? x->sizes[dim] : 1;
    cg_tensor *idx = cg_index_to_cpu((cg_tensor *)index);
    int64_t *vals = idx ? cg_index_read_ints(idx) : NULL;
    cg_tensor_release(idx);
    if (!vals)
        return -1;
    for (int64_t i = 0; i < n; i++)
        if (vals[i] < 0 || vals[i] >= size) {
            cg_error_set(CG_INDEX_ERROR, "index_copy_(): index %lld is out of bounds for dimension %d with size %lld",
                         (long long)vals[i], dim, (long long)size);
            free(vals);
            return -1;
        }
    free(vals);
    return 0;
}

/* x.index_copy_(dim, index, source): x's slices at index along dim set to
 * source's, in the index's order (node IndexCopyBackward0) */
int cg_index_copy_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *source) {
    int d = x->ndim ? cg_wrap_dim(dim, x->ndim) : (dim == 0 || dim == -1 ? 0 : cg_wrap_dim(dim, 1));
    if (d < 0 || check_index_copy(x, d, index, source) < 0 || cg_autograd_check_inplace(x) < 0)
        return -1;
    vec_walk w;
    int rc = vec_walk_init(&w, x, d, index, false, CG_INDEX_ERROR, MSG_BOUNDS);
    cg_tensor *dst = rc == 0 ? dim_view(x, w.dim, w.ndim, w.sizes) : NULL;
    cg_tensor *src = dst ? restride(source, w.ndim, w.sizes, source->ndim ? source->strides : (int64_t[]){0}) : NULL;
    if (!src)
        rc = -1;
    if (rc == 0)
        rc = put_and_record(CG_OP_INDEX_COPY, x, dst, src, w.off, false, 2, (cg_tensor *[]){x, source}, w.dim, w.index);
    cg_tensor_release(dst), cg_tensor_release(src);
    vec_walk_free(&w);
    return rc;
}

static int index_copy_cb(cg_tensor *t, void *p) {
    dim_op_ctx *c = p;
    return cg_index_copy_(t, c->dim, c->index, c->source);
}
cg_tensor *cg_index_copy(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *source) {
    return cloned(CG_OP_INDEX_COPY, x, source, dim, index, index_copy_cb, &(dim_op_ctx){dim, index, source});
}

/* IndexCopyBackward0: self: grad.index_fill(dim, index, 0); source: grad.index_select(dim, index) */
int cg_bw_index_copy(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *index;
    if (cg_node_saved(n, 0, &index) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_index_fill(go[0], n->args.i[0], index, cg_scalar_int(0))))
        return -1;
    return source_grad(n, go[0], index, gi);
}

int cg_index_fill_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_scalar value) {
    CG_CHECK_INT(index->dtype == CG_INT64, CG_INDEX_ERROR, "index_fill_(): Expected dtype int64 for index.");
    CG_CHECK_INT(index->ndim <= 1, CG_RUNTIME_ERROR, "Index has to be a vector/scalar");
    if (cg_autograd_check_inplace(x) < 0)
        return -1;
    vec_walk w;
    int rc = vec_walk_init(&w, x, dim, index, true, CG_INDEX_ERROR, MSG_BOUNDS);
    cg_tensor *dst = rc == 0 ? dim_view(x, w.dim, w.ndim, w.sizes) : NULL;
    cg_tensor *src = dst ? scalar_expanded(value, x, w.ndim, w.sizes) : NULL;
    rc = src ? put_and_record(CG_OP_INDEX_FILL, x, dst, src, w.off, false, 1, &x, w.dim, w.index) : -1;
    cg_tensor_release(dst), cg_tensor_release(src);
    vec_walk_free(&w);
    return rc;
}

static int index_fill_cb(cg_tensor *t, void *p) {
    dim_op_ctx *c = p;
    return cg_index_fill_(t, c->dim, c->index, c->value);
}
cg_tensor *cg_index_fill(cg_tensor *x, int64_t dim, cg_tensor *index, cg_scalar value) {
    return cloned(CG_OP_INDEX_FILL, x, NULL, dim, index, index_fill_cb, &(dim_op_ctx){dim, index, NULL, value});
}

/* IndexFillBackward0: self: grad.index_fill(dim, index, 0) */
int cg_bw_index_fill(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *index;
    if (cg_node_saved(n, 0, &index) < 0)
        return -1;
    return (gi[0] = cg_index_fill(go[0], n->args.i[0], index, cg_scalar_int(0))) ? 0 : -1;
}

/* ---- gather / scatter: an index of the input's rank ---------------------------------------- */

/* PyTorch's gather/scatter shape rules: same rank; index no larger than
 * self (and src) outside dim. */
static int check_gather_shape(const char *op, const cg_tensor *x, int dim, const cg_tensor *index,
                              const cg_tensor *src) {
    CG_CHECK_INT(index->ndim == x->ndim || (index->ndim <= 1 && x->ndim <= 1), CG_RUNTIME_ERROR,
                 "Index tensor must have the same number of dimensions as %s tensor", src ? "self" : "input");
    char a[128], b[128], c[128];
    for (int d = 0; d < index->ndim; d++) {
        bool bad = d != dim && index->sizes[d] > x->sizes[d];
        bool bad_src = src && src->ndim == index->ndim && index->sizes[d] > src->sizes[d];
        if (!bad && !bad_src)
            continue;
        cg_sizes_str(index->ndim, index->sizes, a, sizeof a);
        cg_sizes_str(x->ndim, x->sizes, b, sizeof b);
        if (!strcmp(op, "gather"))
            cg_error_set(CG_RUNTIME_ERROR,
                         "Size does not match at dimension %d expected index %s to be smaller than self %s apart "
                         "from dimension %d",
                         d, a, b, dim);
        else if (src)
            cg_error_set(CG_RUNTIME_ERROR,
                         "Expected index %s to be smaller than self %s apart from dimension %d and to be smaller "
                         "size than src %s",
                         a, b, dim, cg_sizes_str(src->ndim, src->sizes, c, sizeof c));
        else
            cg_error_set(CG_RUNTIME_ERROR, "Expected index %s to be smaller than self %s apart from dimension %d", a, b,
                         dim);
        return -1;
    }
    CG_CHECK_INT(!src || src->ndim == index->ndim || (index->ndim <= 1 && src->ndim <= 1), CG_RUNTIME_ERROR,
                 "Index tensor must have the same number of dimensions as src tensor");
    return 0;
}

/* Offsets of a gather/scatter index into x's dim, with the index's shape. */
static cg_tensor *gather_offsets(const cg_tensor *x, int dim, cg_tensor *index) {
    int64_t size = x->ndim ? x->sizes[dim] : 1, stride = x->ndim ? x->strides[dim] : 1;
    return dim_offsets(index, dim, size, stride, false, CG_RUNTIME_ERROR, MSG_BOUNDS);
}

cg_tensor *cg_gather(cg_tensor *x, int64_t dim, cg_tensor *index) {
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0 || check_index_dtype(index, "gather", false) < 0 || check_gather_shape("gather", x, d, index, NULL) < 0)
        return NULL;
    cg_tensor *off = gather_offsets(x, d, index);
    cg_tensor *src = off ? dim_view(x, d, index->ndim, index->sizes) : NULL;
    cg_tensor *out = src ? cg_tensor_empty(index->ndim, index->sizes, x->dtype, cg_tensor_device(x)) : NULL;
    if (out
        && (run_walk(CG_OP_GATHER, out, src, off, false) < 0
            || record_dim_op(CG_OP_GATHER, out, 1, &x, d, index) < 0)) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(off), cg_tensor_release(src);
    return out;
}

/* GatherBackward0: self: zeros.scatter_add(dim, index, grad) */
int cg_bw_gather(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return add_into_zeros(n, go, gi, cg_scatter_add_);
}

/* scatter_, scatter_(value) and scatter_add_: src NULL means value. */
static int scatter_impl(cg_op op, cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *src, cg_scalar value) {
    int d = cg_wrap_dim(dim, x->ndim);
    const char *name = op == CG_OP_SCATTER_ADD ? "scatter_add" : "scatter";
    if (d < 0 || check_index_dtype(index, "scatter", false) < 0 || check_gather_shape(name, x, d, index, src) < 0)
        return -1;
    CG_CHECK_INT(!src || src->dtype == x->dtype, CG_RUNTIME_ERROR, "%s(): Expected self.dtype to be equal to src.dtype",
                 name);
    if (cg_autograd_check_inplace(x) < 0)
        return -1;
    cg_tensor *off = gather_offsets(x, d, index);
    cg_tensor *dst = off ? dim_view(x, d, index->ndim, index->sizes) : NULL;
    cg_tensor *vals = !dst  ? NULL
                      : src ? restride(src, index->ndim, index->sizes, src->ndim ? src->strides : (int64_t[]){0})
                            : scalar_expanded(value, x, index->ndim, index->sizes);
    int rc = vals ? put_and_record(op, x, dst, vals, off, op == CG_OP_SCATTER_ADD, src ? 2 : 1, (cg_tensor *[]){x, src},
                                   d, index)
                  : -1;
    cg_tensor_release(off), cg_tensor_release(dst), cg_tensor_release(vals);
    return rc;
}

int cg_scatter_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *src) {
    if (cg_tensor_check_no_overlap(x) < 0)
        return -1;
    return scatter_impl(CG_OP_SCATTER, x, dim, index, src, cg_scalar_int(0));
}
int cg_scatter_value_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_scalar value) {
    if (cg_tensor_check_no_overlap(x) < 0)
        return -1;
    return scatter_impl(CG_OP_SCATTER_VALUE, x, dim, index, NULL, value);
}
int cg_scatter_add_(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *src) {
    if (cg_tensor_check_no_overlap(x) < 0)
        return -1;
    return scatter_impl(CG_OP_SCATTER_ADD, x, dim, index, src, cg_scalar_int(0));
}

static int scatter_cb(cg_tensor *t, void *p) {
    dim_op_ctx *c = p;
    return cg_scatter_(t, c->dim, c->index, c->source);
}
static int scatter_value_cb(cg_tensor *t, void *p) {
    dim_op_ctx *c = p;
    return cg_scatter_value_(t, c->dim, c->index, c->value);
}
static int scatter_add_cb(cg_tensor *t, void *p) {
    dim_op_ctx *c = p;
    return cg_scatter_add_(t, c->dim, c->index, c->source);
}
cg_tensor *cg_scatter(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *src) {
    return cloned(CG_OP_SCATTER, x, src, dim, index, scatter_cb, &(dim_op_ctx){dim, index, src});
}
cg_tensor *cg_scatter_value(cg_tensor *x, int64_t dim, cg_tensor *index, cg_scalar value) {
    return cloned(CG_OP_SCATTER_VALUE, x, NULL, dim, index, scatter_value_cb, &(dim_op_ctx){dim, index, NULL, value});
}
cg_tensor *cg_scatter_add(cg_tensor *x, int64_t dim, cg_tensor *index, cg_tensor *src) {
    return cloned(CG_OP_SCATTER_ADD, x, src, dim, index, scatter_add_cb, &(dim_op_ctx){dim, index, src});
}

/* grad.gather(dim, index) for the src of a scatter (ScatterBackward0,
 * ScatterAddBackward0) */
static int scatter_src_grad(cg_node *n, cg_tensor *g, cg_tensor *index, cg_tensor **out) {
    *out = NULL;
    if (!n->next[1].node)
        return 0;
    return (*out = cg_gather(g, n->args.i[0], index)) ? 0 : -1;
}

/* ScatterBackward0: self: grad.scatter(dim, index, 0); src: grad.gather(dim, index)
 * ScatterBackward1: self: grad.scatter(dim, index, 0) */
int cg_bw_scatter(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *index;
    if (cg_node_saved(n, 0, &index) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_scatter_value(go[0], n->args.i[0], index, cg_scalar_int(0))))
        return -1;
    return n->nin > 1 ? scatter_src_grad(n, go[0], index, &gi[1]) : 0;
}
int cg_bw_scatter_value(cg_node *n, cg_tensor *const *go, cg_tensor **gi) { return cg_bw_scatter(n, go, gi); }

/* ScatterAddBackward0: self: grad; src: grad.gather(dim, index) */
int cg_bw_scatter_add(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *index;
    if (cg_node_saved(n, 0, &index) < 0)
        return -1;
    gi[0] = n->next[0].node ? cg_tensor_retain(go[0]) : NULL;
    return scatter_src_grad(n, go[0], index, &gi[1]);
}

/* ---- advanced indices ------------------------------------------------------------------------ */

void cg_adv_free(cg_adv_index *a) {
    cg_tensor_release(a->lin);
    a->lin = NULL;
}

static int broadcast_indices(int k, cg_tensor *const *idx, int *nd, int64_t *shape) {
    *nd = 0;
    for (int j = 0; j < k; j++) {
        if (cg_broadcast_shapes(*nd, shape, idx[j]->ndim, idx[j]->sizes, nd, shape) == 0)
            continue;
        char msg[1024] = "shape mismatch: indexing tensors could not be broadcast together with shapes ";
        for (int i = 0; i < k; i++) {
            char s[128];
            strncat(msg, i ? ", " : "", sizeof msg - strlen(msg) - 1);
            strncat(msg, cg_sizes_str(idx[i]->ndim, idx[i]->sizes, s, sizeof s), sizeof msg - strlen(msg) - 1);
        }
        cg_error_set(CG_INDEX_ERROR, "%s", msg);
        return -1;
    }
    return 0;
}

int cg_adv_build(cg_adv_index *a, const cg_tensor *src, int k, const int64_t *dims, cg_tensor *const *idx) {
    memset(a, 0, sizeof *a);
    a->k = k;
    for (int j = 0; j < k; j++) {
        a->dims[j] = dims[j];
        a->front |= j > 0 && dims[j] != dims[j - 1] + 1;
    }
    int nb;
    int64_t bshape[CG_MAX_DIMS];
    if (broadcast_indices(k, idx, &nb, bshape) < 0)
        return -1;
    cg_tensor *lin = cg_zeros(nb, bshape, CG_INT64, cg_device_cpu());
    if (!lin)
        return -1;
    int64_t *p = cg_tensor_data(lin), numel = cg_tensor_numel(lin), m = 1;
    for (int j = k - 1; j >= 0; j--) {
        int64_t size = src->sizes[dims[j]];
        cg_tensor *c = cg_index_to_cpu(idx[j]);
        cg_tensor *e = c ? cg_expand(c, nb, bshape) : NULL;
        int64_t *vals = e ? cg_index_read_ints(e) : NULL;
        cg_tensor_release(c), cg_tensor_release(e);
        for (int64_t b = 0; vals && b < numel; b++) {
            int64_t v = vals[b], w = v < 0 ? v + size : v;
            if (w < 0 || w >= size) {
                cg_error_set(CG_INDEX_ERROR, "index %lld is out of bounds for dimension %d with size %lld",
                             (long long)v, (int)dims[j], (long long)size);
                free(vals);
                vals = NULL;
                break;
            }
            p[b] += w * m;
        }
        if (!vals) {
            cg_tensor_release(lin);
            return -1;
        }
        free(vals);
        m *= size;
    }
    a->lin = lin;
    return 0;
}

void cg_adv_to_args(const cg_adv_index *a, cg_op_args *args) {
    args->ndims = a->k;
    memcpy(args->dims, a->dims, sizeof a->dims);
    args->flag = a->front;
}

int cg_adv_from_node(cg_node *n, int saved_slot, cg_adv_index *a) {
    memset(a, 0, sizeof *a);
    a->k = n->args.ndims;
    memcpy(a->dims, n->args.dims, sizeof a->dims);
    a->front = n->args.flag;
    return cg_node_saved(n, saved_slot, &a->lin);
}

/* The walk of a over src: the result's shape, src seen at that shape (stride
 * 0 along the index dims), and the element offsets seen at it. */
static int adv_walk(const cg_tensor *src, const cg_adv_index *a, int *nd, int64_t *shape, cg_tensor **view,
                    cg_tensor **off) {
    *view = *off = NULL;
    const cg_tensor *lin = a->lin;
    if (cg_tensor_device(lin).type != CG_CPU) { /* indices are decoded on the host */
        cg_error_set(CG_RUNTIME_ERROR, "advanced index positions must be on the CPU");
        return -1;
    }
    bool indexed[CG_MAX_DIMS] = {0};
    for (int j = 0; j < a->k; j++)
        indexed[a->dims[j]] = true;
    int n = 0;
    int64_t sst[CG_MAX_DIMS * 2], fst[CG_MAX_DIMS * 2], sizes[CG_MAX_DIMS * 2];
    int64_t bst[CG_MAX_DIMS];
    cg_contiguous_strides(lin->ndim, lin->sizes, bst);
    for (int d = 0; d <= src->ndim; d++) {
        bool here = a->front ? d == 0 : d == a->dims[0];
        if (here) {
            for (int b = 0; b < lin->ndim; b++, n++)
                sizes[n] = lin->sizes[b], sst[n] = 0, fst[n] = bst[b];
        }
        if (d < src->ndim && !indexed[d])
            sizes[n] = src->sizes[d], sst[n] = src->strides[d], fst[n] = 0, n++;
    }
    CG_CHECK_INT(n <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions, got %d",
                 CG_MAX_DIMS, n);
    /* decode lin into element offsets of src */
    cg_tensor *flat = cg_tensor_empty(lin->ndim, lin->sizes, CG_INT64, cg_device_cpu());
    if (!flat)
        return -1;
    const int64_t *pl = cg_tensor_data(lin);
    int64_t *pf = cg_tensor_data(flat), numel = cg_tensor_numel(lin);
    for (int64_t b = 0; b < numel; b++) {
        int64_t v = pl[b], o = 0;
        for (int j = a->k - 1; j >= 0; j--) {
            int64_t size = src->sizes[a->dims[j]];
            o += (v % size) * src->strides[a->dims[j]];
            v /= size;
        }
        pf[b] = o;
    }
    *nd = n;
    memcpy(shape, sizes, (size_t)n * sizeof *sizes);
    *view = restride(src, n, sizes, sst);
    *off = *view ? restride(flat, n, sizes, fst) : NULL;
    cg_tensor_release(flat);
    if (!*off) {
        cg_tensor_release(*view);
        *view = NULL;
        return -1;
    }
    return 0;
}

cg_tensor *cg_adv_take(cg_tensor *src, const cg_adv_index *a) {
    int nd;
    int64_t shape[CG_MAX_DIMS];
    cg_tensor *view, *off;
    if (adv_walk(src, a, &nd, shape, &view, &off) < 0)
        return NULL;
    cg_tensor *out = cg_tensor_empty(nd, shape, src->dtype, cg_tensor_device(src));
    if (out && run_walk(CG_OP_INDEX, out, view, off, false) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(view), cg_tensor_release(off);
    if (!out || !cg_autograd_needed(1, &src))
        return out;
    cg_op_args args = {0};
    cg_adv_to_args(a, &args);
    cg_save_spec save[] = {{a->lin, "indices"}};
    if (cg_autograd_record(CG_OP_INDEX, 1, &out, 1, &src, 1, save, &args, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* IndexBackward0: self: zeros.index_put_(indices, grad, accumulate=True) */
int cg_bw_index(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_adv_index a;
    if (cg_adv_from_node(n, 0, &a) < 0)
        return -1;
    cg_tensor *z = cg_node_input_zeros(n, 0, go[0]->dtype);
    if (z && cg_adv_put_(z, &a, go[0], true, true) < 0) {
        cg_tensor_release(z);
        z = NULL;
    }
    return (gi[0] = z) ? 0 : -1;
}

/* values seen at the walk's shape: PyTorch first drops leading 1-dims. */
static cg_tensor *values_at(cg_tensor *values, int nd, const int64_t *shape) {
    int lead = 0;
    while (values->ndim - lead > nd && values->sizes[lead] == 1)
        lead++;
    int n;
    int64_t out[CG_MAX_DIMS];
    bool ok = cg_broadcast_shapes(values->ndim - lead, values->sizes + lead, nd, shape, &n, out) == 0 && n == nd
              && !memcmp(out, shape, (size_t)nd * sizeof *out);
    if (!ok) {
        char a[128], b[128];
        cg_error_set(CG_RUNTIME_ERROR,
                     "shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s",
                     cg_sizes_str(values->ndim, values->sizes, a, sizeof a), cg_sizes_str(nd, shape, b, sizeof b));
        return NULL;
    }
    int64_t strides[CG_MAX_DIMS];
    for (int d = 0; d < nd; d++) {
        int vd = d - (nd - (values->ndim - lead)) + lead;
        strides[d] = vd < lead || values->sizes[vd] == 1 ? 0 : values->strides[vd];
    }
    return restride(values, nd, shape, strides);
}

int cg_adv_put_(cg_tensor *self, const cg_adv_index *a, cg_tensor *values, bool accumulate, bool record) {
    CG_CHECK_INT(values->dtype == self->dtype, CG_RUNTIME_ERROR,
                 "Index put requires the source and destination dtypes match, got %s for the destination and %s "
                 "for the source.",
                 cg_dtype_legacy_name(self->dtype), cg_dtype_legacy_name(values->dtype));
    if (cg_autograd_check_inplace(self) < 0)
        return -1;
    int nd;
    int64_t shape[CG_MAX_DIMS];
    cg_tensor *view, *off;
    if (adv_walk(self, a, &nd, shape, &view, &off) < 0)
        return -1;
    cg_tensor *in[] = {self, values};
    record = record && cg_autograd_needed(2, in);
    cg_tensor *vals = values_at(values, nd, shape);
    int rc = vals ? run_walk(CG_OP_INDEX_PUT, view, vals, off, accumulate) : -1;
    cg_tensor_release(vals), cg_tensor_release(view), cg_tensor_release(off);
    if (rc < 0)
        return -1;
    self->storage->version++;
    if (!record)
        return 0;
    cg_op_args args = {.i = {accumulate}};
    cg_adv_to_args(a, &args);
    cg_save_spec save[] = {{a->lin, "indices"}};
    return cg_autograd_record(CG_OP_INDEX_PUT, 1, &self, 2, in, 1, save, &args, NULL);
}

/* IndexPutBackward0: self: accumulate ? grad : grad.index_put(indices, 0);
 * values: grad[indices] (summed to values' shape by the engine) */
int cg_bw_index_put(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_adv_index a;
    if (cg_adv_from_node(n, 0, &a) < 0)
        return -1;
    if (n->next[0].node) {
        if (n->args.i[0]) {
            gi[0] = cg_tensor_retain(go[0]);
        } else {
            cg_tensor *c = cg_clone(go[0]);
            cg_tensor *zero = c ? cg_zeros(0, NULL, c->dtype, cg_tensor_device(c)) : NULL;
            if (!zero || cg_adv_put_(c, &a, zero, false, true) < 0) {
                cg_tensor_release(c);
                c = NULL;
            }
            cg_tensor_release(zero);
            if (!(gi[0] = c))
                return -1;
        }
    }
    if (n->next[1].node) {
        cg_tensor *g = cg_adv_take(go[0], &a);
        gi[1] = g ? cg_adv_values_grad(g, &n->in_meta[1]) : NULL;
        cg_tensor_release(g);
        if (!gi[1])
            return -1;
    }
    return 0;
}

cg_tensor *cg_adv_values_grad(cg_tensor *g, const cg_meta *values) {
    if (values->ndim <= g->ndim)
        return cg_tensor_retain(g);
    int64_t sizes[CG_MAX_DIMS];
    int lead = values->ndim - g->ndim;
    for (int d = 0; d < values->ndim; d++)
        sizes[d] = d < lead ? 1 : g->sizes[d - lead];
    return cg_reshape(g, values->ndim, sizes);
}

int cg_mask_indices(const cg_tensor *mask, const cg_tensor *r, int d, cg_tensor **out) {
    for (int j = 0; j < mask->ndim; j++) {
        if (d + j < r->ndim && mask->sizes[j] == r->sizes[d + j])
            continue;
        char a[128], b[128];
        cg_error_set(CG_INDEX_ERROR,
                     "The shape of the mask %s at index %d does not match the shape of the indexed tensor %s at index "
                     "%d",
                     cg_sizes_str(mask->ndim, mask->sizes, a, sizeof a), j,
                     cg_sizes_str(r->ndim, r->sizes, b, sizeof b), d + j);
        return -1;
    }
    cg_tensor *m = cg_index_to_cpu((cg_tensor *)mask);
    int64_t numel = cg_tensor_numel(mask), nnz = 0;
    int64_t *hit = m ? cg_index_read_ints(m) : NULL;
    cg_tensor_release(m);
    if (!hit)
        return -1;
    for (int64_t i = 0; i < numel; i++)
        nnz += hit[i];
    int64_t *col[CG_MAX_DIMS];
    int made = 0;
    for (; made < mask->ndim; made++) {
        if (!(out[made] = cg_tensor_empty(1, &nnz, CG_INT64, cg_device_cpu())))
            break;
        col[made] = cg_tensor_data(out[made]);
    }
    if (made < mask->ndim) {
        for (int j = 0; j < made; j++)
            cg_tensor_release(out[j]);
        free(hit);
        return -1;
    }
    /* the coordinates of each hit, by an odometer over the mask's shape */
    int64_t pos[CG_MAX_DIMS] = {0}, w = 0;
    for (int64_t i = 0; i < numel; i++) {
        if (hit[i]) {
            for (int j = 0; j < mask->ndim; j++)
                col[j][w] = pos[j];
            w++;
        }
        for (int j = mask->ndim - 1; j >= 0 && ++pos[j] == mask->sizes[j]; j--)
            pos[j] = 0;
    }
    free(hit);
    return 0;
}

/* index_put_'s tuple as index tensors at dims of x (masks become their
 * nonzero positions); new references in idx. */
static int put_indices(const cg_tensor *x, int n, cg_tensor *const *indices, int64_t *dims, cg_tensor **idx) {
    int k = 0, d = 0;
    for (int i = 0; i < n; i++) {
        cg_tensor *t = indices[i];
        int width = t && t->dtype == CG_BOOL ? t->ndim : 1;
        bool ok = d + width <= x->ndim;
        if (ok && t && t->dtype == CG_BOOL) {
            ok = cg_mask_indices(t, x, d, idx + k) == 0;
            for (int j = 0; ok && j < t->ndim; j++)
                dims[k++] = d + j;
        } else if (ok && t) {
            ok = t->dtype == CG_INT64 || t->dtype == CG_INT32;
            if (!ok)
                cg_error_set(CG_INDEX_ERROR, "tensors used as indices must be long, int, byte or bool tensors");
            else
                dims[k] = d, idx[k++] = cg_tensor_retain(t);
        } else if (!ok) {
            cg_error_set(CG_INDEX_ERROR, "too many indices for tensor of dimension %d (got %d)", x->ndim, n);
        }
        if (!ok) {
            for (int j = 0; j < k; j++)
                cg_tensor_release(idx[j]);
            return -1;
        }
        d += width;
    }
    return k;
}

/* index_put_'s tuple: a NULL entry is a whole dim. */
int cg_index_put_(cg_tensor *x, int n, cg_tensor *const *indices, cg_tensor *values, bool accumulate) {
    int64_t dims[CG_MAX_DIMS];
    cg_tensor *idx[CG_MAX_DIMS];
    int k = put_indices(x, n, indices, dims, idx);
    if (k < 0)
        return -1;
    cg_adv_index a = {0};
    int rc = k > 0 ? cg_adv_build(&a, x, k, dims, idx) : 0;
    if (rc == 0 && k == 0) {
        cg_error_set(CG_RUNTIME_ERROR, "index_put_(): expected at least one index tensor");
        rc = -1;
    }
    if (rc == 0)
        rc = cg_adv_put_(x, &a, values, accumulate, true);
    cg_adv_free(&a);
    for (int j = 0; j < k; j++)
        cg_tensor_release(idx[j]);
    return rc;
}

/* Out of place through a clone that keeps its CloneBackward0 (the index
 * lives in the IndexPutBackward0 node recorded by the in-place form). */
cg_tensor *cg_index_put(cg_tensor *x, int n, cg_tensor *const *indices, cg_tensor *values, bool accumulate) {
    cg_tensor *out = cg_clone(x);
    if (out && cg_index_put_(out, n, indices, values, accumulate) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}
