/* ops_reduce.c: reductions over dims (reduce_iter.h) and their derivatives.
 *
 * Float sums accumulate in double, so a float32 sum may differ from
 * PyTorch's float cascade in the last bit; integer sums in int64, which is
 * also their result dtype, as in PyTorch. */
#include <string.h>

#include "ops.h"
#include "reduce_iter.h"

/* The reduction of x over `reduced` into a new tensor of out_dtype with
 * keepdim sizes, by kernel op; then reshaped when !keepdim. */
static cg_tensor *reduce_run(cg_op op, cg_tensor *x, const bool *reduced, bool keepdim, cg_dtype out_dtype,
                             const cg_op_args *args) {
    int64_t sizes[CG_MAX_DIMS];
    int n = cg_reduce_shape(x, reduced, true, sizes);
    cg_tensor *out = cg_tensor_empty(n, sizes, out_dtype, cg_tensor_device(x));
    if (!out)
        return NULL;
    cg_reduce_iter rit;
    cg_reduce_iter_init(&rit, x, reduced, out, NULL);
    cg_call call = {.op = op, .nout = 1, .nin = 1, .out = {out}, .in = {x}, .rit = &rit, .args = args};
    if (cg_op_run(&call) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    if (keepdim)
        return out;
    int m = cg_reduce_shape(x, reduced, false, sizes);
    int64_t strides[CG_MAX_DIMS];
    cg_contiguous_strides(m, sizes, strides);
    cg_tensor *v = cg_tensor_from_storage(out->storage, 0, m, sizes, strides, out_dtype);
    cg_tensor_release(out);
    return v;
}

/* ---- sum ----------------------------------------------------------------------- */

#define SUM_FN(name, T, ACC)                                                            \
    static void name(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) { \
        (void)o2, (void)ctx;                                                            \
        ACC acc = 0;                                                                    \
        if (it->ndred == 1 && it->red_x[0] == sizeof(T)) {                              \
            const T *p = (const T *)x;                                                  \
            for (int64_t k = 0; k < it->nred; k++)                                      \
                acc += (ACC)p[k];                                                       \
        } else {                                                                        \
            CG_REDUCE_FOR_EACH(it, x, acc += (ACC) * (const T *)px);                    \
        }                                                                               \
        *(RESULT_##ACC *)out = (RESULT_##ACC)acc;                                       \
    }
typedef double RESULT_double;
typedef int64_t RESULT_int64_t;
SUM_FN(sum_bool, bool, int64_t)
SUM_FN(sum_i32, int32_t, int64_t)
SUM_FN(sum_i64, int64_t, int64_t)
SUM_FN(sum_f64, double, double)
/* float32 results are written as float */
static void sum_f32(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) {
    (void)o2, (void)ctx;
    double acc = 0;
    if (it->ndred == 1 && it->red_x[0] == sizeof(float)) {
        const float *p = (const float *)x;
        for (int64_t k = 0; k < it->nred; k++)
            acc += p[k];
    } else {
        CG_REDUCE_FOR_EACH(it, x, acc += *(const float *)px);
    }
    *(float *)out = (float)acc;
}
static const cg_reduce_fn sum_fns[CG_DTYPE_COUNT] = {sum_bool, sum_i32, sum_i64, sum_f32, sum_f64};

/* x is any shape; out has x's sizes with 1 on reduced dims */
void cpu_sum(const cg_call *c) {
    cg_reduce_for_each(c->rit, sum_fns[c->rit->xdtype], NULL);
}

cg_tensor *cg_sum(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim) {
    bool reduced[CG_MAX_DIMS];
    if (cg_reduce_dims(x, ndims, dims, reduced) < 0)
        return NULL;
    cg_dtype dt = cg_dtype_is_float(x->dtype) ? x->dtype : CG_INT64;
    cg_op_args args = {.keepdim = keepdim, .ndims = ndims};
    for (int i = 0; i < ndims; i++)
        args.dims[i] = x->ndim ? cg_wrap_dim(dims[i], x->ndim) : 0;
    cg_tensor *out = reduce_run(CG_OP_SUM, x, reduced, keepdim, dt, &args);
    if (!out || !cg_autograd_needed(1, &x))
        return out;
    cg_node *n;
    if (cg_autograd_record(CG_OP_SUM, 1, &out, 1, &x, 0, NULL, &args, &n) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    if (n && ndims == 0)
        n->name = "SumBackward0";
    return out;
}

/* grad of a reduction with keepdim = args->keepdim, brought back to the
 * input's sizes (unsqueezed at the reduced dims, then expanded). */
cg_tensor *cg_reduce_grad_expand(cg_node *n, cg_tensor *g) {
    const cg_meta *m = &n->in_meta[0];
    cg_tensor *r = cg_tensor_retain(g);
    if (!n->args.keepdim && n->args.ndims > 0 && m->ndim > 0) {
        bool reduced[CG_MAX_DIMS] = {0};
        for (int i = 0; i < n->args.ndims; i++)
            reduced[n->args.dims[i]] = true;
        int64_t sizes[CG_MAX_DIMS];
        for (int d = 0; d < m->ndim; d++)
            sizes[d] = reduced[d] ? 1 : m->sizes[d];
        cg_tensor *v = cg_reshape(r, m->ndim, sizes);
        cg_tensor_release(r);
        if (!v)
            return NULL;
        r = v;
    }
    cg_tensor *e = cg_expand(r, m->ndim, m->sizes);
    cg_tensor_release(r);
    return e;
}

/* SumBackward0/1: grad expanded to the input's shape */
int bw_sum(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = cg_reduce_grad_expand(n, go[0])) ? 0 : -1;
}

/* ---- sum_to --------------------------------------------------------------------- */

cg_tensor *cg_sum_to(cg_tensor *x, int ndim, const int64_t *sizes) {
    int lead = x->ndim - ndim;
    char a[128], b[128];
    CG_CHECK(lead >= 0, CG_RUNTIME_ERROR, "sum_to: %s is not expandable to %s",
             cg_sizes_str(ndim, sizes, a, sizeof a), cg_sizes_str(x->ndim, x->sizes, b, sizeof b));
    int64_t dims[CG_MAX_DIMS];
    int nd = 0;
    for (int d = 0; d < x->ndim; d++) {
        if (d < lead) {
            dims[nd++] = d;
            continue;
        }
        int64_t want = sizes[d - lead];
        CG_CHECK(want == x->sizes[d] || want == 1, CG_RUNTIME_ERROR, "sum_to: %s is not expandable to %s",
                 cg_sizes_str(ndim, sizes, a, sizeof a), cg_sizes_str(x->ndim, x->sizes, b, sizeof b));
        if (want == 1 && x->sizes[d] != 1)
            dims[nd++] = d;
    }
    if (nd == 0 && lead == 0)
        return cg_tensor_retain(x);
    cg_tensor *s = nd ? cg_sum(x, nd, dims, true) : cg_tensor_retain(x);
    if (!s)
        return NULL;
    cg_tensor *r = cg_reshape(s, ndim, sizes);
    cg_tensor_release(s);
    return r;
}
