/* sort.c: sort (argsort, msort) and topk along a dim, as PyTorch 1.13's CPU
 * kernels order them, with their derivative (SortBackward0,
 * TopkBackward0: the gradient scattered back to where each value came
 * from).
 *
 * Note [Which sort PyTorch's CPU kernels run]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * sort copies the line and sorts (value, index) pairs with libstdc++'s
 * std::sort (stable=False: an introsort, which leaves equal values in an
 * order of its own) or std::stable_sort (stable=True: equal values keep
 * their order, whatever the algorithm). Ascending puts NaN last, as the
 * greatest value; descending puts it first. topk copies the line into
 * (value, index) pairs and runs std::partial_sort when k * 64 <= n, else
 * std::nth_element on the k-th and, when sorted, std::sort of the k - 1
 * before it, with NaN the largest value. stl_sort.h reproduces those three
 * algorithms, so every index among equal values is PyTorch's. float16 and
 * bfloat16 lines are sorted as float32 (exactly: sorting moves values). */
#include <stdlib.h>
#include <string.h>

#include "ew.h"
#include "formula.h"
#include "ops.h"
#include "reduce_iter.h"
#include "stl_sort.h"

/* Byte steps along the sorted dim of the outputs: values, then indices. */
typedef struct {
    int64_t out_step, idx_step;
    int64_t k; /* topk's k */
    bool descending, stable, sorted;
} sort_ctx;

/* ascending: a < b, NaN the greatest; descending: a > b, NaN the greatest
 * and so the first */
#define ASC(a, b) (((a)->v == (a)->v && (b)->v != (b)->v) || (a)->v < (b)->v)
#define DESC(a, b) (((a)->v != (a)->v && (b)->v == (b)->v) || (a)->v > (b)->v)
/* the same orders on a line without NaN, where the tests are not needed */
#define PLAIN_ASC(a, b) ((a)->v < (b)->v)
#define PLAIN_DESC(a, b) ((a)->v > (b)->v)

/* a stable merge sort (its result is std::stable_sort's: the order of equal
 * elements is the input's) */
#define MERGE_SORT_DEFINE(p, E, LESS)                                                             \
    CG_STL_FN void p##_merge_sort(E *v, E *buf, int64_t n) {                                        \
        for (int64_t w = 1; w < n; w *= 2) {                                                     \
            for (int64_t lo = 0; lo < n; lo += 2 * w) {                                          \
                int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;     \
                int64_t a = lo, b = mid, o = lo;                                                 \
                while (a < mid && b < hi)                                                        \
                    buf[o++] = LESS(&v[b], &v[a]) ? v[b++] : v[a++];                             \
                while (a < mid)                                                                  \
                    buf[o++] = v[a++];                                                           \
                while (b < hi)                                                                   \
                    buf[o++] = v[b++];                                                           \
            }                                                                                    \
            memcpy(v, buf, (size_t)n * sizeof *v);                                               \
        }                                                                                        \
    }

#define SORT_KERNELS(sfx, T)                                                                                 \
    typedef struct {                                                                                         \
        T v;                                                                                                 \
        int64_t i;                                                                                           \
    } pair_##sfx;                                                                                            \
    STL_SORT_DEFINE(asc_##sfx, pair_##sfx, ASC)                                                              \
    STL_SORT_DEFINE(desc_##sfx, pair_##sfx, DESC)                                                            \
    STL_SORT_DEFINE(pasc_##sfx, pair_##sfx, PLAIN_ASC)                                                       \
    STL_SORT_DEFINE(pdesc_##sfx, pair_##sfx, PLAIN_DESC)                                                     \
    MERGE_SORT_DEFINE(asc_##sfx, pair_##sfx, ASC)                                                            \
    MERGE_SORT_DEFINE(desc_##sfx, pair_##sfx, DESC)                                                          \
    static pair_##sfx *load_##sfx(const cg_reduce_iter *it, const char *x, int64_t extra, bool *nan) {      \
        pair_##sfx *q = malloc((size_t)(it->nred + extra) * sizeof *q);                                      \
        bool any = false;                                                                                    \
        for (int64_t j = 0; q && j < it->nred; j++) {                                                        \
            T v = *(const T *)(x + j * it->red_x[0]);                                                        \
            any |= v != v;                                                                                   \
            q[j].v = v, q[j].i = j;                                                                          \
        }                                                                                                    \
        *nan = any;                                                                                          \
        return q;                                                                                            \
    }                                                                                                        \
    static void store_##sfx(const pair_##sfx *q, int64_t n, char *out, char *o2, const sort_ctx *c) {       \
        for (int64_t j = 0; j < n; j++) {                                                                    \
            *(T *)(out + j * c->out_step) = q[j].v;                                                          \
            *(int64_t *)(o2 + j * c->idx_step) = q[j].i;                                                     \
        }                                                                                                    \
    }                                                                                                        \
    static void sort_##sfx(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) { \
        const sort_ctx *c = ctx;                                                                             \
        int64_t n = it->nred;                                                                                \
        bool nan;                                                                                            \
        pair_##sfx *q = load_##sfx(it, x, c->stable ? n : 0, &nan);                                          \
        if (!q)                                                                                              \
            return; /* the caller's check of the buffer below */                                             \
        if (c->stable)                                                                                       \
            (c->descending ? desc_##sfx##_merge_sort : asc_##sfx##_merge_sort)(q, q + n, n);                 \
        else if (nan)                                                                                        \
            (c->descending ? desc_##sfx##_sort : asc_##sfx##_sort)(q, n);                                    \
        else                                                                                                 \
            (c->descending ? pdesc_##sfx##_sort : pasc_##sfx##_sort)(q, n);                                  \
        store_##sfx(q, n, out, o2, c);                                                                       \
        free(q);                                                                                             \
    }                                                                                                        \
    static void topk_##sfx(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) { \
        const sort_ctx *c = ctx;                                                                             \
        int64_t n = it->nred, k = c->k;                                                                      \
        if (k == 0)                                                                                          \
            return;                                                                                          \
        bool nan;                                                                                            \
        pair_##sfx *q = load_##sfx(it, x, 0, &nan);                                                          \
        if (!q)                                                                                              \
            return;                                                                                          \
        bool largest = c->descending;                                                                        \
        if (k * 64 <= n) {                                                                                   \
            (largest ? desc_##sfx##_partial_sort : asc_##sfx##_partial_sort)(q, k, n);                       \
        } else {                                                                                             \
            (largest ? desc_##sfx##_nth_element : asc_##sfx##_nth_element)(q, k - 1, n);                     \
            if (c->sorted)                                                                                   \
                (largest ? desc_##sfx##_sort : asc_##sfx##_sort)(q, k - 1);                                  \
        }                                                                                                    \
        store_##sfx(q, k, out, o2, c);                                                                       \
        free(q);                                                                                             \
    }

#define SORT_DTYPES(X)                                                                                       \
    X(CG_F32, f32, float) X(CG_F64, f64, double) X(CG_INT64, i64, int64_t) X(CG_INT32, i32, int32_t)         \
        X(CG_INT16, i16, int16_t) X(CG_INT8, i8, int8_t) X(CG_UINT8, u8, uint8_t) X(CG_UINT16, u16, uint16_t) \
            X(CG_UINT32, u32, uint32_t) X(CG_UINT64, u64, uint64_t) X(CG_BOOL, b, uint8_t)
#define SORT_DEFINE(dt, sfx, T) SORT_KERNELS(sfx, T)
SORT_DTYPES(SORT_DEFINE)

#define K(fn) {fn, NULL, NULL}
#define SORT_ENTRY(dt, sfx, T) [dt] = K(sort_##sfx),
static const cg_reduce_kernel sort_k[CG_DTYPE_COUNT] = {SORT_DTYPES(SORT_ENTRY)};
#undef SORT_ENTRY
#define SORT_ENTRY(dt, sfx, T) [dt] = K(topk_##sfx),
static const cg_reduce_kernel topk_k[CG_DTYPE_COUNT] = {SORT_DTYPES(SORT_ENTRY)};
#undef SORT_ENTRY

static int64_t dim_step(const cg_tensor *t, int d) {
    return t && t->ndim ? t->strides[d] * (int64_t)cg_tensor_itemsize(t) : 0;
}

/* args: dims[0] the dim; flag descending (largest); i[0] stable, i[1] k,
 * i[2] sorted */
static void run_sort(const cg_kernel_call *c, const cg_reduce_kernel *table) {
    int d = (int)c->args->dims[0];
    sort_ctx ctx = {dim_step(c->out[0], d), dim_step(c->out[1], d), c->args->i[1], c->args->flag,
                    c->args->i[0] != 0, c->args->i[2] != 0};
    if (c->rit->nout && c->rit->nred)
        cg_reduce_run_kernel(c->rit, &table[c->rit->xdtype], &ctx);
}

void cg_cpu_sort(const cg_kernel_call *c) { run_sort(c, sort_k); }
void cg_cpu_topk(const cg_kernel_call *c) { run_sort(c, topk_k); }

/* ---- the ops ---------------------------------------------------------------------------------- */

/* values (x's dtype) and int64 indices with x's sizes but `len` along d */
static int sort_run(cg_op op, cg_tensor *x, int d, int64_t len, const cg_op_args *args, cg_tensor **values,
                    cg_tensor **indices) {
    *values = *indices = NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xk = cg_to_dtype(x, cg_dtype_compute(x->dtype)); /* half as float: exact */
    int64_t sizes[CG_MAX_DIMS];
    memcpy(sizes, x->sizes, sizeof sizes);
    if (x->ndim)
        sizes[d] = len;
    cg_tensor *v = xk ? cg_tensor_empty(x->ndim, sizes, xk->dtype, cg_tensor_device(x)) : NULL;
    cg_tensor *i = v ? cg_tensor_empty(x->ndim, sizes, CG_INT64, cg_tensor_device(x)) : NULL;
    int rc = i ? 0 : -1;
    if (rc == 0 && cg_tensor_numel(i) > 0) {
        bool reduced[CG_MAX_DIMS] = {false};
        if (x->ndim)
            reduced[d] = true;
        cg_reduce_iter rit;
        cg_reduce_iter_init(&rit, xk, reduced, v, i);
        cg_kernel_call call = {.op = op, .nout = 2, .nin = 1, .out = {v, i}, .in = {xk}, .rit = &rit, .args = args};
        rc = cg_op_run(&call);
    }
    cg_tensor *vo = rc == 0 ? cg_to_dtype(v, x->dtype) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(xk), cg_tensor_release(v);
    if (!vo) {
        cg_tensor_release(i);
        return -1;
    }
    *values = vo, *indices = i;
    return 0;
}

static int record(cg_op op, cg_tensor *x, cg_op_args *args, cg_tensor **values, cg_tensor **indices) {
    if (!cg_autograd_needed(1, &x))
        return 0;
    cg_save_spec save[1] = {{*indices, "indices"}};
    if (cg_autograd_record(op, 1, values, 1, &x, 1, save, args, NULL) == 0)
        return 0;
    cg_tensor_release(*values), cg_tensor_release(*indices);
    *values = *indices = NULL;
    return -1;
}

/* PyTorch's dispatch names the kernel that lacks complex dtypes */
static int check_sortable(const char *kernel, const cg_tensor *x) {
    CG_CHECK_INT(!cg_dtype_is_complex(x->dtype), CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel,
                 cg_dtype_legacy_name(x->dtype));
    return 0;
}

int cg_sort(cg_tensor *x, int64_t dim, bool descending, bool stable, cg_tensor **values, cg_tensor **indices) {
    *values = *indices = NULL;
    int d = x->ndim ? cg_wrap_dim(dim, x->ndim) : cg_wrap_dim(dim, 1);
    if (d < 0 || check_sortable("sorting_kernel_method_name", x) < 0)
        return -1;
    cg_op_args args = {.ndims = 1, .dims = {d}, .flag = descending, .i = {stable, 0, 0}};
    if (sort_run(CG_OP_SORT, x, d, x->ndim ? x->sizes[d] : 1, &args, values, indices) < 0)
        return -1;
    return record(CG_OP_SORT, x, &args, values, indices);
}

int cg_topk(cg_tensor *x, int64_t k, int64_t dim, bool largest, bool sorted, cg_tensor **values,
            cg_tensor **indices) {
    *values = *indices = NULL;
    int d = x->ndim ? cg_wrap_dim(dim, x->ndim) : cg_wrap_dim(dim, 1);
    if (d < 0 || check_sortable("topk_cpu", x) < 0)
        return -1;
    CG_CHECK_INT(x->dtype != CG_F16 && x->dtype != CG_BOOL, CG_RUNTIME_ERROR, "\"topk_cpu\" not implemented for '%s'",
                 cg_dtype_legacy_name(x->dtype));
    int64_t n = x->ndim ? x->sizes[d] : 1;
    CG_CHECK_INT(k >= 0 && k <= n, CG_RUNTIME_ERROR, "selected index k out of range");
    cg_op_args args = {.ndims = 1, .dims = {d}, .flag = largest, .i = {0, k, sorted}};
    if (sort_run(CG_OP_TOPK, x, d, k, &args, values, indices) < 0)
        return -1;
    return record(CG_OP_TOPK, x, &args, values, indices);
}

/* SortBackward0 / TopkBackward0: PyTorch's
 * value_selecting_reduction_backward with keepdim, zeros of the input's
 * sizes with the gradient scattered to the indices */
int cg_bw_sort(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *idx;
    if (cg_node_saved(n, 0, &idx) < 0)
        return -1;
    if (n->in_meta[0].ndim == 0) { /* a 0-d input: its one element's gradient */
        gi[0] = cg_reshape(go[0], 0, NULL);
        return gi[0] ? 0 : -1;
    }
    cg_tensor *z = cg_node_input_zeros(n, 0, go[0]->dtype);
    gi[0] = z ? cg_scatter(z, n->args.dims[0], idx, go[0]) : NULL;
    cg_tensor_release(z);
    return gi[0] ? 0 : -1;
}
