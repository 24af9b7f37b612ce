/* ops_reduce.c: reductions over dims (reduce_iter.h), the cumulative sum,
 * and their derivatives written with engine ops.
 *
 * Floating sum and mean add in PyTorch's order (sum_order.h), prod
 * multiplies in it (prod_order.c); the other float folds accumulate in
 * double. Integer sums and products fold in
 * int64, which is also their result dtype, as in PyTorch. max/min propagate
 * NaN and keep the first index among ties, as PyTorch's CPU kernels do.
 *
 * Derivatives need a few comparisons (where x equals its maximum, which
 * elements are zero); they come from the comparison ops (ops_compare.c),
 * whose results are constants of the derivative, so double backward still
 * flows through the engine ops around them. */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "ew.h"
#include "ops.h"
#include "reduce_iter.h"
#include "norm_order.h"
#include "sum_order.h"
#include "var_order.h"

/* The parameters of a reduction kernel, read from the call's cg_op_args. */
typedef struct {
    double scale;       /* mean: 1/N, applied to the sum */
    int64_t correction; /* var/std */
    bool sqrt;          /* std */
    bool reverse;       /* cumsum from the end (the derivative of cumsum) */
    int64_t out_step;   /* cumsum: out's byte stride along the scanned dim */
} reduce_ctx;

/* ---- planning and running -------------------------------------------------------- */

/* reduced[] and args (dims wrapped, keepdim) from a dim list (empty: all). */
static int reduce_plan(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim, bool *reduced, cg_op_args *args) {
    if (cg_reduce_dims(x, ndims, dims, reduced) < 0)
        return -1;
    *args = (cg_op_args){.keepdim = keepdim, .ndims = ndims};
    for (int i = 0; i < ndims; i++)
        args->dims[i] = x->ndim ? cg_wrap_dim(dims[i], x->ndim) : 0;
    return 0;
}

/* A new tensor of x's sizes with 1 on reduced dims. */
static cg_tensor *keepdim_empty(cg_tensor *x, const bool *reduced, cg_dtype dtype) {
    int64_t sizes[CG_MAX_DIMS];
    int n = cg_reduce_shape(x, reduced, true, sizes);
    return cg_tensor_empty(n, sizes, dtype, cg_tensor_device(x));
}

/* out (keepdim sizes) without its reduced dims unless keepdim; takes out. */
static cg_tensor *finish_shape(cg_tensor *out, cg_tensor *x, const bool *reduced, bool keepdim) {
    if (!out || keepdim)
        return out;
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    int m = cg_reduce_shape(x, reduced, false, sizes);
    cg_contiguous_strides(m, sizes, strides);
    cg_tensor *v = cg_tensor_from_storage(out->storage, 0, m, sizes, strides, out->dtype);
    cg_tensor_release(out);
    return v;
}

/* Runs op's kernel from x into out (and out2), all planned over `reduced`. */
static int reduce_in_float(cg_op op, cg_tensor *x, const bool *reduced, cg_tensor *out, cg_tensor *out2,
                           const cg_op_args *args);

static int reduce_kernel(cg_op op, cg_tensor *x, const bool *reduced, cg_tensor *out, cg_tensor *out2,
                         const cg_op_args *args) {
    if (cg_dtype_is_reduced(x->dtype) || cg_dtype_is_reduced(out->dtype))
        return reduce_in_float(op, x, reduced, out, out2, args);
    cg_reduce_iter rit;
    cg_reduce_iter_init(&rit, x, reduced, out, out2);
    cg_kernel_call call = {
        .op = op, .nout = out2 ? 2 : 1, .nin = 1, .out = {out, out2}, .in = {x}, .rit = &rit, .args = args};
    return cg_op_run(&call);
}

/* float16 and bfloat16 reduce in float32, as PyTorch accumulates them in
 * float, the result rounded to its dtype (Note [Reduced floating types] in
 * ew.c). x keeps its layout, which decides the order of a sum. */
/* A mean of float16/bfloat16 is PyTorch's sum(...).div_(N): the sum rounded
 * to the dtype, then divided by N as a number of the dtype (a float16 N
 * past 65504 is inf, so such a mean is zero, as PyTorch's). */
static int mean_reduced(cg_tensor *sum32, const cg_tensor *x, cg_tensor *out) {
    int64_t n = cg_tensor_numel(out) ? cg_tensor_numel(x) / cg_tensor_numel(out) : 0;
    cg_tensor *sum = cg_to_dtype(sum32, out->dtype), *count = cg_scalar_tensor(cg_scalar_int(n));
    cg_tensor *mean = sum && count ? cg_div(sum, count) : NULL;
    int rc = mean ? cg_copy_raw(out, mean) : -1;
    cg_tensor_release(sum), cg_tensor_release(count), cg_tensor_release(mean);
    return rc;
}

static int reduce_in_float(cg_op op, cg_tensor *x, const bool *reduced, cg_tensor *out, cg_tensor *out2,
                           const cg_op_args *args) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xf = cg_to_dtype_preserve(x, cg_dtype_compute(x->dtype));
    cg_tensor *of = cg_dtype_is_reduced(out->dtype)
                        ? cg_tensor_empty(out->ndim, out->sizes, CG_F32, cg_tensor_device(out))
                        : cg_tensor_retain(out);
    bool mean = op == CG_OP_MEAN && of != out;
    int rc = xf && of ? reduce_kernel(mean ? CG_OP_SUM : op, xf, reduced, of, out2, args) : -1;
    if (rc == 0 && mean)
        rc = mean_reduced(of, x, out);
    else if (rc == 0 && of != out)
        rc = cg_copy_raw(out, of);
    cg_tensor_release(xf);
    cg_tensor_release(of);
    cg_grad_set_enabled(was);
    return rc;
}

/* The reduction of x over `reduced` into a new tensor of out_dtype. */
static cg_tensor *reduce_run(cg_op op, cg_tensor *x, const bool *reduced, cg_dtype out_dtype, const cg_op_args *args) {
    cg_tensor *out = keepdim_empty(x, reduced, out_dtype);
    if (out && reduce_kernel(op, x, reduced, out, NULL, args) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return finish_shape(out, x, reduced, args->keepdim);
}

/* Records op for out when needed, naming the node all_name for the
 * all-dims form (PyTorch's sum() is SumBackward0, sum(dim) SumBackward1).
 * Releases out and returns NULL on failure. */
static cg_tensor *reduce_record(cg_tensor *out, cg_op op, cg_tensor *x, int nsave, const cg_save_spec *save,
                                const cg_op_args *args, const char *all_name) {
    if (!out || !cg_autograd_needed(1, &x))
        return out;
    cg_node *n;
    if (cg_autograd_record(op, 1, &out, 1, &x, nsave, save, args, &n) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    if (n && args->ndims == 0 && all_name)
        n->name = all_name;
    return out;
}

/* ---- kernels: associative folds (sum, mean, prod, any, all) ---------------------------- */

/* A fold as the three functions of a cg_reduce_kernel. STEP(a, v) folds
 * value v into accumulator a; MERGE(a, b) joins two accumulators (and two
 * partial results); FINISH(a) makes the result (c is the reduce_ctx). The
 * unit-stride path keeps 8 accumulators so that the adds pipeline. */
#define FOLD_KERNEL(name, T, ACC, OUT, INIT, STEP, MERGE, FINISH)                                                    \
    static void name##_fn(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) {           \
        const reduce_ctx *c = ctx;                                                                                   \
        (void)o2, (void)c;                                                                                           \
        ACC acc = INIT;                                                                                              \
        if (it->ndred >= 1 && it->red_x[0] == sizeof(T)) { /* unit-stride rows, 8 accumulators */                    \
            ACC l[8];                                                                                                \
            for (int u = 0; u < 8; u++)                                                                              \
                l[u] = INIT;                                                                                         \
            cg_reduce_iter rows = *it; /* the rows' starts: the innermost dim's first elements */                    \
            int64_t n0 = it->red_sizes[0];                                                                           \
            rows.red_sizes[0] = 1, rows.nred = n0 ? it->nred / n0 : 0;                                               \
            CG_REDUCE_FOR_EACH(&rows, x, {                                                                           \
                const T *p = (const T *)px;                                                                          \
                int64_t q = 0;                                                                                       \
                for (; q + 8 <= n0; q += 8)                                                                          \
                    for (int u = 0; u < 8; u++)                                                                      \
                        STEP(l[u], p[q + u]);                                                                        \
                for (; q < n0; q++)                                                                                  \
                    STEP(acc, p[q]);                                                                                 \
            });                                                                                                      \
            for (int u = 0; u < 8; u++)                                                                              \
                acc = MERGE(acc, l[u]);                                                                              \
        } else {                                                                                                     \
            CG_REDUCE_FOR_EACH(it, x, STEP(acc, *(const T *)px));                                                    \
        }                                                                                                            \
        *(OUT *)out = (OUT)(FINISH(acc));                                                                            \
    }                                                                                                                \
    /* x: n consecutive columns (unit stride) of the reduced rows; out: n */                                         \
    static void name##_block(const cg_reduce_iter *it, const char *x, char *out, char *o2, int64_t n,                \
                             const void *ctx) {                                                                      \
        const reduce_ctx *c = ctx;                                                                                   \
        (void)c, (void)o2;                                                                                           \
        ACC acc[CG_REDUCE_BLOCK];                                                                                    \
        for (int64_t j = 0; j < n; j++)                                                                              \
            acc[j] = INIT;                                                                                           \
        if (it->ndred == 1) { /* four rows per pass over acc, each folded in row order */                            \
            const int64_t s0 = it->red_x[0];                                                                         \
            int64_t k = 0;                                                                                           \
            for (; k + 4 <= it->nred; k += 4) {                                                                      \
                const T *p0 = (const T *)(x + k * s0), *p1 = (const T *)(x + (k + 1) * s0);                          \
                const T *p2 = (const T *)(x + (k + 2) * s0), *p3 = (const T *)(x + (k + 3) * s0);                    \
                CG_SIMD /* a bias gradient, sum over dim 0, is this loop */                                          \
                    for (int64_t j = 0; j < n; j++) {                                                                \
                    STEP(acc[j], p0[j]);                                                                             \
                    STEP(acc[j], p1[j]);                                                                             \
                    STEP(acc[j], p2[j]);                                                                             \
                    STEP(acc[j], p3[j]);                                                                             \
                }                                                                                                    \
            }                                                                                                        \
            for (; k < it->nred; k++) {                                                                              \
                const T *p = (const T *)(x + k * s0);                                                                \
                CG_SIMD                                                                                              \
                for (int64_t j = 0; j < n; j++)                                                                      \
                    STEP(acc[j], p[j]);                                                                              \
            }                                                                                                        \
        } else {                                                                                                     \
            CG_REDUCE_FOR_EACH(it, x, {                                                                              \
                const T *p = (const T *)px;                                                                          \
                CG_SIMD                                                                                              \
                for (int64_t j = 0; j < n; j++)                                                                      \
                    STEP(acc[j], p[j]);                                                                              \
            });                                                                                                      \
        }                                                                                                            \
        for (int64_t j = 0; j < n; j++)                                                                              \
            ((OUT *)out)[j] = (OUT)(FINISH(acc[j]));                                                                 \
    }                                                                                                                \
    static void name##_combine(const cg_reduce_iter *it, char *out, char *out2, const char *part, const char *part2, \
                               const int64_t *start, int n, const void *ctx) {                                       \
        (void)it, (void)out2, (void)part2, (void)start, (void)ctx;                                                   \
        ACC acc = (ACC) * (const OUT *)part;                                                                         \
        for (int i = 1; i < n; i++)                                                                                  \
            acc = MERGE(acc, (ACC) * (const OUT *)(part + i * CG_REDUCE_PART_BYTES));                                \
        *(OUT *)out = (OUT)acc;                                                                                      \
    }

#define KERNEL(name) \
    { name##_fn, name##_block, name##_combine }

#define ADD_STEP(a, v) ((a) += (v))
#define MUL_STEP(a, v) ((a) *= (v))
#define OR_STEP(a, v) ((a) = (a) || (v) != 0)
#define AND_STEP(a, v) ((a) = (a) && (v) != 0)
#define ADD(a, b) ((a) + (b))
#define MUL(a, b) ((a) * (b))
#define OR(a, b) ((a) || (b))
#define AND(a, b) ((a) && (b))
#define SCALED(a) ((a)*c->scale)
#define SAME(a) (a)

/* sum and mean (mean is the sum scaled by 1/N): floats in double, the rest in int64 */
FOLD_KERNEL(sum_f32, float, double, float, 0.0, ADD_STEP, ADD, SCALED)
FOLD_KERNEL(sum_f64, double, double, double, 0.0, ADD_STEP, ADD, SCALED)
FOLD_KERNEL(sum_i32, int32_t, int64_t, int64_t, 0, ADD_STEP, ADD, SAME)
FOLD_KERNEL(sum_i64, int64_t, int64_t, int64_t, 0, ADD_STEP, ADD, SAME)
FOLD_KERNEL(sum_bool, bool, int64_t, int64_t, 0, ADD_STEP, ADD, SAME)
FOLD_KERNEL(sum_u8, uint8_t, int64_t, int64_t, 0, ADD_STEP, ADD, SAME)
FOLD_KERNEL(sum_i8, int8_t, int64_t, int64_t, 0, ADD_STEP, ADD, SAME)
FOLD_KERNEL(sum_i16, int16_t, int64_t, int64_t, 0, ADD_STEP, ADD, SAME)
/* numpy's wider unsigned types sum into uint64 */
FOLD_KERNEL(sum_u16, uint16_t, uint64_t, uint64_t, 0, ADD_STEP, ADD, SAME)
FOLD_KERNEL(sum_u32, uint32_t, uint64_t, uint64_t, 0, ADD_STEP, ADD, SAME)
FOLD_KERNEL(sum_u64, uint64_t, uint64_t, uint64_t, 0, ADD_STEP, ADD, SAME)

/* integer products in uint64: an overflow wraps, as PyTorch's int64 does, without UB */
FOLD_KERNEL(prod_i32, int32_t, uint64_t, int64_t, 1, MUL_STEP, MUL, SAME)
FOLD_KERNEL(prod_i64, int64_t, uint64_t, int64_t, 1, MUL_STEP, MUL, SAME)
FOLD_KERNEL(prod_bool, bool, uint64_t, int64_t, 1, MUL_STEP, MUL, SAME)
FOLD_KERNEL(prod_u8, uint8_t, uint64_t, int64_t, 1, MUL_STEP, MUL, SAME)
FOLD_KERNEL(prod_i8, int8_t, uint64_t, int64_t, 1, MUL_STEP, MUL, SAME)
FOLD_KERNEL(prod_i16, int16_t, uint64_t, int64_t, 1, MUL_STEP, MUL, SAME)
FOLD_KERNEL(prod_u16, uint16_t, uint64_t, uint64_t, 1, MUL_STEP, MUL, SAME)
FOLD_KERNEL(prod_u32, uint32_t, uint64_t, uint64_t, 1, MUL_STEP, MUL, SAME)
FOLD_KERNEL(prod_u64, uint64_t, uint64_t, uint64_t, 1, MUL_STEP, MUL, SAME)

/* MAKE(suffix, C type) for every dtype, and the table of the kernels made */
#define EACH_DTYPE(MAKE)                                                                       \
    MAKE(f32, float) MAKE(f64, double) MAKE(i32, int32_t) MAKE(i64, int64_t) MAKE(bool, bool) \
        MAKE(u8, uint8_t) MAKE(i8, int8_t) MAKE(i16, int16_t) MAKE(u16, uint16_t) MAKE(u32, uint32_t) MAKE(u64, uint64_t)
#define TABLE(name)                                                                                        \
    {                                                                                                      \
        [CG_BOOL] = KERNEL(name##_bool), [CG_INT32] = KERNEL(name##_i32), [CG_INT64] = KERNEL(name##_i64), \
        [CG_F32] = KERNEL(name##_f32), [CG_F64] = KERNEL(name##_f64), [CG_UINT8] = KERNEL(name##_u8),      \
        [CG_INT8] = KERNEL(name##_i8), [CG_INT16] = KERNEL(name##_i16), [CG_UINT16] = KERNEL(name##_u16),  \
        [CG_UINT32] = KERNEL(name##_u32), [CG_UINT64] = KERNEL(name##_u64)                                 \
    }
static const cg_reduce_kernel sum_k[CG_DTYPE_COUNT] = TABLE(sum);
/* floating products run in prod_order.c */
static const cg_reduce_kernel prod_k[CG_DTYPE_COUNT] = {
    [CG_BOOL] = KERNEL(prod_bool), [CG_INT32] = KERNEL(prod_i32), [CG_INT64] = KERNEL(prod_i64),
    [CG_UINT8] = KERNEL(prod_u8),  [CG_INT8] = KERNEL(prod_i8),   [CG_INT16] = KERNEL(prod_i16),
    [CG_UINT16] = KERNEL(prod_u16), [CG_UINT32] = KERNEL(prod_u32), [CG_UINT64] = KERNEL(prod_u64)};

/* any/all of every dtype into bool */
#define ANY_K(sfx, T) FOLD_KERNEL(any_##sfx, T, bool, bool, false, OR_STEP, OR, SAME)
#define ALL_K(sfx, T) FOLD_KERNEL(all_##sfx, T, bool, bool, true, AND_STEP, AND, SAME)
EACH_DTYPE(ANY_K)
EACH_DTYPE(ALL_K)
static const cg_reduce_kernel any_k[CG_DTYPE_COUNT] = TABLE(any);
static const cg_reduce_kernel all_k[CG_DTYPE_COUNT] = TABLE(all);

static void run_fold(const cg_kernel_call *c, const cg_reduce_kernel *table, double scale) {
    reduce_ctx ctx = {.scale = scale};
    cg_reduce_run_kernel(c->rit, &table[c->rit->xdtype], &ctx);
}

/* x is any shape; out has x's sizes with 1 on reduced dims */
/* Floating sums add in PyTorch's order (Note [Reductions in PyTorch's
 * order]); mean is that sum divided by N in the dtype, as PyTorch's CPU mean. */
void cg_cpu_sum(const cg_kernel_call *c) {
    if (cg_dtype_is_float(c->in[0]->dtype))
        cg_sum_torch_order(c->in[0], c->out[0]);
    else
        run_fold(c, sum_k, 1.0);
}

void cg_cpu_mean(const cg_kernel_call *c) {
    cg_tensor *out = c->out[0];
    cg_sum_torch_order(c->in[0], out);
    int64_t n = cg_tensor_numel(out), count = c->rit->nred;
    if (out->dtype == CG_F32) {
        float *o = cg_tensor_data(out);
        for (int64_t i = 0; i < n; i++)
            o[i] /= (float)count;
    } else {
        double *o = cg_tensor_data(out);
        for (int64_t i = 0; i < n; i++)
            o[i] /= (double)count;
    }
}
/* Floating products multiply in PyTorch's order (Note [Products of elements
 * in PyTorch's order] in prod_order.c). */
void cg_cpu_prod(const cg_kernel_call *c) {
    if (cg_dtype_is_float(c->in[0]->dtype))
        cg_prod_torch_order(c->in[0], c->out[0]);
    else
        run_fold(c, prod_k, 1.0);
}
void cg_cpu_any(const cg_kernel_call *c) { run_fold(c, any_k, 1.0); }
void cg_cpu_all(const cg_kernel_call *c) { run_fold(c, all_k, 1.0); }

/* ---- kernels: max / min with their index ------------------------------------------------- */

/* v beats best: greater (less), or the first NaN, which nothing beats. */
#define MAX_BEATS(v, best) ((v) > (best) || ((v) != (v) && (best) == (best)))
#define MIN_BEATS(v, best) ((v) < (best) || ((v) != (v) && (best) == (best)))

/* out = the extreme value, out2 (when given) its flat index in the
 * reduction; every output has at least one element (the frontends check). */
#define MINMAX_KERNEL(name, T, BEATS)                                                                                \
    static void name##_fn(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) {           \
        (void)ctx;                                                                                                   \
        T best = *(const T *)x;                                                                                      \
        int64_t at = 0;                                                                                              \
        CG_REDUCE_FOR_EACH(it, x, {                                                                                  \
            T v = *(const T *)px;                                                                                    \
            if (BEATS(v, best)) {                                                                                    \
                best = v;                                                                                            \
                at = k;                                                                                              \
            }                                                                                                        \
        });                                                                                                          \
        *(T *)out = best;                                                                                            \
        if (o2)                                                                                                      \
            *(int64_t *)o2 = at;                                                                                     \
    }                                                                                                                \
    /* x: n consecutive columns (unit stride) of the reduced rows; out, out2: n */                                   \
    static void name##_block(const cg_reduce_iter *it, const char *x, char *out, char *o2, int64_t n,                \
                             const void *ctx) {                                                                      \
        (void)ctx;                                                                                                   \
        T best[CG_REDUCE_BLOCK];                                                                                     \
        int64_t at[CG_REDUCE_BLOCK] = {0};                                                                           \
        memcpy(best, x, (size_t)n * sizeof(T));                                                                      \
        CG_REDUCE_FOR_EACH(it, x, {                                                                                  \
            const T *p = (const T *)px;                                                                              \
            for (int64_t j = 0; j < n; j++)                                                                          \
                if (BEATS(p[j], best[j])) {                                                                          \
                    best[j] = p[j];                                                                                  \
                    at[j] = k;                                                                                       \
                }                                                                                                    \
        });                                                                                                          \
        memcpy(out, best, (size_t)n * sizeof(T));                                                                    \
        if (o2)                                                                                                      \
            memcpy(o2, at, (size_t)n * sizeof(int64_t));                                                             \
    }                                                                                                                \
    static void name##_combine(const cg_reduce_iter *it, char *out, char *out2, const char *part, const char *part2, \
                               const int64_t *start, int n, const void *ctx) {                                       \
        (void)it, (void)ctx;                                                                                         \
        T best = *(const T *)part;                                                                                   \
        int64_t at = *(const int64_t *)part2;                                                                        \
        for (int i = 1; i < n; i++) {                                                                                \
            T v = *(const T *)(part + i * CG_REDUCE_PART_BYTES);                                                     \
            if (BEATS(v, best)) {                                                                                    \
                best = v;                                                                                            \
                at = start[i] + ((const int64_t *)part2)[i];                                                         \
            }                                                                                                        \
        }                                                                                                            \
        *(T *)out = best;                                                                                            \
        if (out2)                                                                                                    \
            *(int64_t *)out2 = at;                                                                                   \
    }

#define MAX_K(sfx, T) MINMAX_KERNEL(max_##sfx, T, MAX_BEATS)
#define MIN_K(sfx, T) MINMAX_KERNEL(min_##sfx, T, MIN_BEATS)
EACH_DTYPE(MAX_K)
EACH_DTYPE(MIN_K)
static const cg_reduce_kernel max_k[CG_DTYPE_COUNT] = TABLE(max);
static const cg_reduce_kernel min_k[CG_DTYPE_COUNT] = TABLE(min);

/* Without indices (max() over all dims) the extreme is a plain fold, which
 * the compiler can vectorise and reduce_iter can split or run by rows; for
 * values alone any NaN will do, which saves a compare per element. */
#define MAX_STEP(a, v) ((a) = (v) > (a) || (v) != (v) ? (v) : (a))
#define MIN_STEP(a, v) ((a) = (v) < (a) || (v) != (v) ? (v) : (a))
#define MAX_MERGE(a, b) ((b) > (a) || (b) != (b) ? (b) : (a))
#define MIN_MERGE(a, b) ((b) < (a) || (b) != (b) ? (b) : (a))
#define EXTREME_FOLDS(op, OP, lo_f, lo_i32, lo_i64, lo_b, lo_u8, lo_i8, lo_i16, lo_u16, lo_u32, lo_u64) \
    FOLD_KERNEL(op##v_u16, uint16_t, uint16_t, uint16_t, lo_u16, OP##_STEP, OP##_MERGE, SAME)            \
    FOLD_KERNEL(op##v_u32, uint32_t, uint32_t, uint32_t, lo_u32, OP##_STEP, OP##_MERGE, SAME)            \
    FOLD_KERNEL(op##v_u64, uint64_t, uint64_t, uint64_t, lo_u64, OP##_STEP, OP##_MERGE, SAME)            \
    FOLD_KERNEL(op##v_u8, uint8_t, uint8_t, uint8_t, lo_u8, OP##_STEP, OP##_MERGE, SAME)    \
    FOLD_KERNEL(op##v_i8, int8_t, int8_t, int8_t, lo_i8, OP##_STEP, OP##_MERGE, SAME)       \
    FOLD_KERNEL(op##v_i16, int16_t, int16_t, int16_t, lo_i16, OP##_STEP, OP##_MERGE, SAME)  \
    FOLD_KERNEL(op##v_f32, float, float, float, lo_f, OP##_STEP, OP##_MERGE, SAME)         \
    FOLD_KERNEL(op##v_f64, double, double, double, lo_f, OP##_STEP, OP##_MERGE, SAME)      \
    FOLD_KERNEL(op##v_i32, int32_t, int32_t, int32_t, lo_i32, OP##_STEP, OP##_MERGE, SAME) \
    FOLD_KERNEL(op##v_i64, int64_t, int64_t, int64_t, lo_i64, OP##_STEP, OP##_MERGE, SAME) \
    FOLD_KERNEL(op##v_bool, bool, bool, bool, lo_b, OP##_STEP, OP##_MERGE, SAME)
EXTREME_FOLDS(max, MAX, -INFINITY, INT32_MIN, INT64_MIN, false, 0, INT8_MIN, INT16_MIN, 0, 0, 0)
EXTREME_FOLDS(min, MIN, INFINITY, INT32_MAX, INT64_MAX, true, UINT8_MAX, INT8_MAX, INT16_MAX, UINT16_MAX, UINT32_MAX,
              UINT64_MAX)
static const cg_reduce_kernel maxv_k[CG_DTYPE_COUNT] = TABLE(maxv);
static const cg_reduce_kernel minv_k[CG_DTYPE_COUNT] = TABLE(minv);

/* out: values (x's dtype); out2 (may be absent): int64 indices */
static void run_extreme(const cg_kernel_call *c, const cg_reduce_kernel *with_index, const cg_reduce_kernel *values) {
    const cg_reduce_kernel *k = c->rit->out2 ? with_index : values;
    cg_reduce_run_kernel(c->rit, &k[c->rit->xdtype], NULL);
}
void cg_cpu_max(const cg_kernel_call *c) { run_extreme(c, max_k, maxv_k); }
void cg_cpu_min(const cg_kernel_call *c) { run_extreme(c, min_k, minv_k); }
/* argmax/argmin run as max/min into a scratch values tensor */
void cg_cpu_argmax(const cg_kernel_call *c) { cg_cpu_max(c); }
void cg_cpu_argmin(const cg_kernel_call *c) { cg_cpu_min(c); }

/* ---- kernels: var/std, norm, logsumexp (float only) ---------------------------------------- */

/* Each is written once as a per-output step over a value (`v`, as double)
 * and instantiated twice by FLOAT_KERNEL: per output (fn) and per block of
 * outputs read row by row (block), with `j` the output within the block:
 * DECL(n) declares the state of n outputs, INIT sets output j's, PASS1
 * folds v into it, MID runs between the passes, PASS2 (when PASSES is 2)
 * folds v again, RESULT is output j's value. */
#define FLOAT_KERNEL(name, T, DECL, INIT, PASS1, MID, PASSES, PASS2, RESULT)                               \
    static void name##_fn(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) { \
        const reduce_ctx *c = ctx;                                                                         \
        (void)o2, (void)c;                                                                                 \
        const int64_t j = 0;                                                                               \
        DECL(1);                                                                                           \
        INIT;                                                                                              \
        CG_REDUCE_FOR_EACH(it, x, {                                                                        \
            double v = *(const T *)px;                                                                     \
            PASS1;                                                                                         \
        });                                                                                                \
        MID;                                                                                               \
        if (PASSES > 1)                                                                                    \
            CG_REDUCE_FOR_EACH(it, x, {                                                                    \
                double v = *(const T *)px;                                                                 \
                (void)v;                                                                                   \
                PASS2;                                                                                     \
            });                                                                                            \
        *(T *)out = (T)(RESULT);                                                                           \
    }                                                                                                      \
    static void name##_block(const cg_reduce_iter *it, const char *x, char *out, char *o2, int64_t n,      \
                             const void *ctx) {                                                            \
        const reduce_ctx *c = ctx;                                                                         \
        (void)o2, (void)c;                                                                                 \
        DECL(CG_REDUCE_BLOCK);                                                                             \
        for (int64_t j = 0; j < n; j++)                                                                    \
            INIT;                                                                                          \
        CG_REDUCE_FOR_EACH(it, x, {                                                                        \
            for (int64_t j = 0; j < n; j++) {                                                              \
                double v = ((const T *)px)[j];                                                             \
                PASS1;                                                                                     \
            }                                                                                              \
        });                                                                                                \
        for (int64_t j = 0; j < n; j++)                                                                    \
            MID;                                                                                           \
        if (PASSES > 1)                                                                                    \
            CG_REDUCE_FOR_EACH(it, x, {                                                                    \
                for (int64_t j = 0; j < n; j++) {                                                          \
                    double v = ((const T *)px)[j];                                                         \
                    (void)v;                                                                               \
                    PASS2;                                                                                 \
                }                                                                                          \
            });                                                                                            \
        for (int64_t j = 0; j < n; j++)                                                                    \
            ((T *)out)[j] = (T)(RESULT);                                                                   \
    }
#define NOTHING ((void)0)

/* var/std: the mean, then the squared deviations; the divisor is
 * max(N - correction, 0), so too large a correction gives inf or nan. */
static double var_result(double ss, int64_t n, const reduce_ctx *c) {
    double div = (double)n - (double)c->correction;
    double v = ss / (div > 0 ? div : 0.0);
    return c->sqrt ? sqrt(v) : v;
}
#define VAR_DECL(n) double mean[n], ss[n]
#define VAR_K(name, T)                                                                                      \
    FLOAT_KERNEL(name, T, VAR_DECL, (mean[j] = 0, ss[j] = 0), mean[j] += v, mean[j] /= (double)it->nred, 2, \
                 (ss[j] += (v - mean[j]) * (v - mean[j])), var_result(ss[j], it->nred, c))
VAR_K(var_f32, float)
VAR_K(var_f64, double)

/* logsumexp's shift: the max (NaN if any is), an infinite max taken as 0
 * so that all -inf gives -inf and a +inf gives inf, as PyTorch */
#define LSE_DECL(n) double m[n]
#define LSE_K(name, T)                                                                                   \
    FLOAT_KERNEL(name, T, LSE_DECL, m[j] = -INFINITY, m[j] = (v > m[j] || v != v) && m[j] == m[j] ? v : m[j], \
                 NOTHING, 1, NOTHING, isinf(m[j]) ? 0 : m[j])
LSE_K(lse_shift_f32, float)
LSE_K(lse_shift_f64, double)

#define FLOAT_ENTRY(name, combine) \
    { name##_fn, name##_block, combine }
static const cg_reduce_kernel var_k[CG_DTYPE_COUNT] = {
    [CG_F32] = FLOAT_ENTRY(var_f32, NULL), [CG_F64] = FLOAT_ENTRY(var_f64, NULL)};
static const cg_reduce_kernel lse_shift_k[CG_DTYPE_COUNT] = {
    [CG_F32] = FLOAT_ENTRY(lse_shift_f32, NULL), [CG_F64] = FLOAT_ENTRY(lse_shift_f64, NULL)};

/* x float; out float of x's dtype with 1 on reduced dims */
static void run_float(const cg_kernel_call *c, const cg_reduce_kernel *table, reduce_ctx ctx) {
    cg_reduce_run_kernel(c->rit, &table[c->rit->xdtype], &ctx);
}
/* var/std in PyTorch's order (Note [Variance in PyTorch's order]); the
 * plain two passes for empty inputs (NaN) and should the mean fail */
static void run_var(const cg_kernel_call *c, bool take_sqrt) {
    cg_tensor *x = c->in[0];
    if (cg_tensor_numel(x) > 0 && cg_var_torch_order(x, c->out[0], c->args->i[0], take_sqrt) == 0)
        return;
    run_float(c, var_k, (reduce_ctx){.correction = c->args->i[0], .sqrt = take_sqrt});
}
void cg_cpu_var(const cg_kernel_call *c) { run_var(c, false); }
void cg_cpu_std(const cg_kernel_call *c) { run_var(c, true); }
/* see Note [Norms in PyTorch's order] */
void cg_cpu_norm(const cg_kernel_call *c) { cg_norm_torch_order(c->in[0], c->out[0], cg_scalar_to_double(c->args->s[0])); }
/* logsumexp as PyTorch composes it: m = the shift (above), then
 * log(sum(exp(x - m))) + m with its elementwise ops and its sum, so that
 * each step rounds (and sums in the order) PyTorch's does. */
void cg_cpu_logsumexp(const cg_kernel_call *c) {
    cg_tensor *x = c->in[0], *out = c->out[0];
    run_float(c, lse_shift_k, (reduce_ctx){0});
    bool was = cg_grad_set_enabled(false);
    cg_tensor *m = cg_clone(out);
    cg_tensor *d = m ? cg_sub(x, m, cg_scalar_int(1)) : NULL, *e = d ? cg_exp(d) : NULL;
    cg_tensor *s = e ? cg_tensor_empty(out->ndim, out->sizes, out->dtype, cg_tensor_device(out)) : NULL;
    if (s)
        cg_sum_torch_order(e, s);
    cg_tensor *l = s ? cg_log(s) : NULL, *r = l ? cg_add(l, m, cg_scalar_int(1)) : NULL;
    if (r)
        memcpy(cg_tensor_data(out), cg_tensor_data(r), (size_t)cg_tensor_numel(r) * cg_tensor_itemsize(r));
    else /* out of memory: the op fails with the error set */
        cg_cpu_kernel_fail();
    cg_grad_set_enabled(was);
    cg_tensor_release(m), cg_tensor_release(d), cg_tensor_release(e);
    cg_tensor_release(s), cg_tensor_release(l), cg_tensor_release(r);
}

/* ---- kernel: cumsum -------------------------------------------------------------------------- */

/* One scan along the reduced dim (at most one coalesced dim): out steps by
 * c->out_step, x by red_x[0]; from the end when c->reverse. The block form
 * scans n adjacent columns at once, reading x and writing out by rows. */
#define CUMSUM_KERNEL(name, T, ACC, OUT)                                                                   \
    static void name##_fn(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) { \
        const reduce_ctx *c = ctx;                                                                         \
        (void)o2;                                                                                          \
        int64_t n = it->nred, sx = it->red_x[0], so = c->out_step;                                         \
        if (c->reverse) { /* from the end: walk the same line backwards */                                 \
            x += (n - 1) * sx, out += (n - 1) * so;                                                        \
            sx = -sx, so = -so;                                                                            \
        }                                                                                                  \
        ACC acc = 0; /* one line: the running sum stays in a register */                                   \
        for (int64_t i = 0; i < n; i++)                                                                    \
            *(OUT *)(out + i * so) = (OUT)(acc += *(const T *)(x + i * sx));                               \
    }
#define CUMSUM_BLOCK(name, T, ACC, OUT)                                                               \
    static void name##_block(const cg_reduce_iter *it, const char *x, char *out, char *o2, int64_t n, \
                             const void *ctx) {                                                       \
        const reduce_ctx *c = ctx;                                                                    \
        (void)o2;                                                                                     \
        ACC acc[CG_REDUCE_BLOCK];                                                                     \
        for (int64_t j = 0; j < n; j++)                                                               \
            acc[j] = 0;                                                                               \
        for (int64_t i = 0; i < it->nred; i++) {                                                      \
            int64_t k = c->reverse ? it->nred - 1 - i : i;                                            \
            const T *px = (const T *)(x + k * it->red_x[0]);                                          \
            OUT *po = (OUT *)(out + k * c->out_step);                                                 \
            for (int64_t j = 0; j < n; j++)                                                           \
                po[j] = (OUT)(acc[j] += px[j]);                                                       \
        }                                                                                             \
    }                                                                                                 \
    CUMSUM_KERNEL(name, T, ACC, OUT)
CUMSUM_BLOCK(cumsum_f32, float, double, float)
CUMSUM_BLOCK(cumsum_f64, double, double, double)
CUMSUM_BLOCK(cumsum_i32, int32_t, int64_t, int64_t)
CUMSUM_BLOCK(cumsum_i64, int64_t, int64_t, int64_t)
CUMSUM_BLOCK(cumsum_bool, bool, int64_t, int64_t)
CUMSUM_BLOCK(cumsum_u8, uint8_t, int64_t, int64_t)
CUMSUM_BLOCK(cumsum_i8, int8_t, int64_t, int64_t)
CUMSUM_BLOCK(cumsum_i16, int16_t, int64_t, int64_t)
CUMSUM_BLOCK(cumsum_u16, uint16_t, uint64_t, uint64_t)
CUMSUM_BLOCK(cumsum_u32, uint32_t, uint64_t, uint64_t)
CUMSUM_BLOCK(cumsum_u64, uint64_t, uint64_t, uint64_t)
#define SCAN(name) \
    { name##_fn, name##_block, NULL }
static const cg_reduce_kernel cumsum_k[CG_DTYPE_COUNT] = {[CG_BOOL] = SCAN(cumsum_bool),
                                                          [CG_INT32] = SCAN(cumsum_i32),
                                                          [CG_INT64] = SCAN(cumsum_i64),
                                                          [CG_F32] = SCAN(cumsum_f32),
                                                          [CG_F64] = SCAN(cumsum_f64),
                                                          [CG_UINT8] = SCAN(cumsum_u8),
                                                          [CG_INT8] = SCAN(cumsum_i8),
                                                          [CG_INT16] = SCAN(cumsum_i16),
                                                          [CG_UINT16] = SCAN(cumsum_u16),
                                                          [CG_UINT32] = SCAN(cumsum_u32),
                                                          [CG_UINT64] = SCAN(cumsum_u64)};

/* x any shape; out of x's shape (int64 for integral x); dim args->dims[0] */
void cg_cpu_cumsum(const cg_kernel_call *c) {
    const cg_tensor *out = c->out[0];
    int d = out->ndim ? (int)c->args->dims[0] : 0;
    int64_t step = out->ndim ? out->strides[d] * (int64_t)cg_tensor_itemsize(out) : 0;
    reduce_ctx ctx = {.reverse = c->args->flag, .out_step = step};
    cg_reduce_run_kernel(c->rit, &cumsum_k[c->rit->xdtype], &ctx);
}

/* ---- frontends --------------------------------------------------------------------------------- */

enum { SAVE_SELF = 1, SAVE_RESULT = 2 };

/* The common frontend of one-output reductions: plans the dims, runs op's
 * kernel into out_dtype with the op's options (`opts`: its s[] and i[]),
 * and records it saving x and/or the result (`save`), its node named
 * all_name for the all-dims form. */
static cg_tensor *reduce_op(cg_op op, cg_tensor *x, int ndims, const int64_t *dims, bool keepdim, cg_dtype out_dtype,
                            const cg_op_args *opts, int save, const char *all_name) {
    bool reduced[CG_MAX_DIMS];
    cg_op_args args;
    if (reduce_plan(x, ndims, dims, keepdim, reduced, &args) < 0)
        return NULL;
    if (opts) {
        memcpy(args.s, opts->s, sizeof args.s);
        memcpy(args.i, opts->i, sizeof args.i);
    }
    cg_tensor *out = reduce_run(op, x, reduced, out_dtype, &args);
    cg_save_spec specs[] = {{save & SAVE_SELF ? x : NULL, "self"}, {save & SAVE_RESULT ? out : NULL, "result"}};
    return reduce_record(out, op, x, save ? 2 : 0, specs, &args, all_name);
}

/* sum and prod of integral or bool inputs are int64 */
static cg_dtype long_if_integral(cg_dtype dt) {
    return cg_dtype_is_float(dt) ? dt : cg_dtype_is_wide_unsigned(dt) ? CG_UINT64 : CG_INT64;
}

/* Note [Complex sums]
 * ~~~~~~~~~~~~~~~~~~~
 * A complex tensor sums (and averages) as its parts: view_as_real, the
 * real reduction over the same dims, view_as_complex. Each part then sums
 * in the float order of Note [Summation order]; PyTorch's complex kernel
 * sums both parts together in vectors of complex lanes, so in long sums
 * the last bit may differ. Its graph is the composite's, its last node
 * (view_as_complex's) named as PyTorch's (SumBackward0), as a user sees
 * it in the result's repr. */
static cg_tensor *complex_by_parts(cg_tensor *(*reduce)(cg_tensor *, int, const int64_t *, bool), cg_tensor *x,
                                   int ndims, const int64_t *dims, bool keepdim, const char *node) {
    if (x->ndim == 0) /* nothing to reduce; the parts' dim must stay */
        return cg_clone(x);
    int64_t all[CG_MAX_DIMS], wrapped[CG_MAX_DIMS];
    if (ndims == 0)
        for (int d = 0; d < x->ndim; d++)
            all[d] = d;
    for (int i = 0; i < (ndims ? ndims : x->ndim); i++) {
        int w = cg_wrap_dim(ndims ? dims[i] : all[i], x->ndim);
        if (w < 0)
            return NULL;
        wrapped[i] = w;
    }
    cg_tensor *parts = cg_view_as_real(x);
    cg_tensor *r = parts ? reduce(parts, ndims ? ndims : x->ndim, wrapped, keepdim) : NULL;
    cg_tensor *out = r ? cg_view_as_complex(r) : NULL;
    cg_tensor_release(parts);
    cg_tensor_release(r);
    if (out && out->grad_fn)
        out->grad_fn->name = node;
    return out;
}

cg_tensor *cg_sum(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim) {
    if (cg_dtype_is_complex(x->dtype))
        return complex_by_parts(cg_sum, x, ndims, dims, keepdim, "SumBackward0");
    return reduce_op(CG_OP_SUM, x, ndims, dims, keepdim, long_if_integral(x->dtype), NULL, 0, "SumBackward0");
}

cg_tensor *cg_mean(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim) {
    if (cg_dtype_is_complex(x->dtype))
        return complex_by_parts(cg_mean, x, ndims, dims, keepdim, "MeanBackward0");
    CG_CHECK(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR,
             "mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
             "dtype. Got: %s",
             cg_dtype_legacy_name(x->dtype));
    return reduce_op(CG_OP_MEAN, x, ndims, dims, keepdim, x->dtype, NULL, 0, "MeanBackward0");
}

cg_tensor *cg_prod(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim) {
    return reduce_op(CG_OP_PROD, x, ndims, dims, keepdim, long_if_integral(x->dtype), NULL, SAVE_SELF | SAVE_RESULT,
                     "ProdBackward0");
}

/* any and all give bool, but uint8 for uint8 (PyTorch 1.13 keeps that
 * dtype; the kernels' bool results are the same bytes) */
cg_tensor *cg_any(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim) {
    return reduce_op(CG_OP_ANY, x, ndims, dims, keepdim, x->dtype == CG_UINT8 ? CG_UINT8 : CG_BOOL, NULL, 0, NULL);
}

cg_tensor *cg_all(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim) {
    return reduce_op(CG_OP_ALL, x, ndims, dims, keepdim, x->dtype == CG_UINT8 ? CG_UINT8 : CG_BOOL, NULL, 0, NULL);
}

/* ---- max / min / argmax / argmin ---------------------------------------------------------------- */

static bool is_argop(cg_op op) { return op == CG_OP_ARGMAX || op == CG_OP_ARGMIN; }

static const char *minmax_name(cg_op op) {
    return op == CG_OP_MAX ? "max" : op == CG_OP_MIN ? "min" : op == CG_OP_ARGMAX ? "argmax" : "argmin";
}

/* The all-dims form needs elements; the dim form a non-empty dim. The
 * messages (and for max() the kind) are PyTorch's. */
static int check_minmax(cg_op op, cg_tensor *x, const int64_t *dim) {
    const char *name = minmax_name(op);
    if (cg_dtype_is_complex(x->dtype) && !is_argop(op)) { /* argmax's kernel refuses it by name */
        CG_CHECK_INT(dim, CG_RUNTIME_ERROR, "\"%s_all\" not implemented for '%s'", name,
                     cg_dtype_legacy_name(x->dtype));
        cg_error_set(CG_RUNTIME_ERROR, "%s(): does not support complex input", name);
        return -1;
    }
    CG_CHECK_INT(!(is_argop(op) && x->dtype == CG_BOOL), CG_RUNTIME_ERROR, "\"%s_cpu\" not implemented for 'Bool'",
                 name);
    if (!dim) {
        CG_CHECK_INT(cg_tensor_numel(x) > 0 || is_argop(op), CG_RUNTIME_ERROR,
                     "%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction "
                     "dim with the 'dim' argument.",
                     name);
        CG_CHECK_INT(cg_tensor_numel(x) > 0, CG_INDEX_ERROR,
                     "%s(): Expected reduction dim to be specified for input.numel() == 0.", name);
        return 0;
    }
    int d = cg_wrap_dim(*dim, x->ndim);
    if (d < 0)
        return -1;
    CG_CHECK_INT(x->ndim == 0 || x->sizes[d] > 0, CG_INDEX_ERROR,
                 "%s(): Expected reduction dim %d to have non-zero size.", name, d);
    return 0;
}

/* Records max/min: the all-dims form (MaxBackward1) saves its result, the
 * dim form (MaxBackward0, outputs values and indices) its indices. */
static int record_minmax(cg_op op, cg_tensor *x, cg_tensor *v, cg_tensor *i, const cg_op_args *args) {
    if (is_argop(op) || !cg_autograd_needed(1, &x))
        return 0;
    bool all = args->ndims == 0;
    cg_save_spec save[] = {{x, "self"}, {all ? v : i, all ? "result" : "indices"}};
    cg_node *n;
    if (cg_autograd_record(op, all ? 1 : 2, (cg_tensor *[]){v, i}, 1, &x, 2, save, args, &n) < 0)
        return -1;
    if (n && all)
        n->name = op == CG_OP_MAX ? "MaxBackward1" : "MinBackward1";
    return 0;
}

/* Hands t to *out, or releases it when the caller does not want it. */
static void give(cg_tensor *t, cg_tensor **out) {
    if (out)
        *out = t;
    else
        cg_tensor_release(t);
}

/* Values and indices of the extreme over dim (NULL: all dims); either
 * output may be unwanted (NULL). argmax/argmin run the same kernel into a
 * scratch values tensor. */
static int minmax(cg_op op, cg_tensor *x, const int64_t *dim, bool keepdim, cg_tensor **values, cg_tensor **indices) {
    bool reduced[CG_MAX_DIMS];
    cg_op_args args;
    if (check_minmax(op, x, dim) < 0 || reduce_plan(x, dim ? 1 : 0, dim, keepdim, reduced, &args) < 0)
        return -1;
    /* max(dim) computes its indices even when unwanted: its derivative needs them */
    bool want_i = indices || dim;
    cg_tensor *v = keepdim_empty(x, reduced, x->dtype);
    cg_tensor *i = want_i && v ? keepdim_empty(x, reduced, CG_INT64) : NULL;
    if (!v || (want_i && !i) || reduce_kernel(op, x, reduced, v, i, &args) < 0) {
        cg_tensor_release(v), cg_tensor_release(i);
        return -1;
    }
    v = finish_shape(v, x, reduced, keepdim);
    i = finish_shape(i, x, reduced, keepdim);
    if (record_minmax(op, x, v, i, &args) < 0) {
        cg_tensor_release(v), cg_tensor_release(i);
        return -1;
    }
    give(v, values);
    give(i, indices);
    return 0;
}

cg_tensor *cg_max(cg_tensor *x) {
    cg_tensor *v;
    return minmax(CG_OP_MAX, x, NULL, false, &v, NULL) < 0 ? NULL : v;
}
cg_tensor *cg_min(cg_tensor *x) {
    cg_tensor *v;
    return minmax(CG_OP_MIN, x, NULL, false, &v, NULL) < 0 ? NULL : v;
}
int cg_max_dim(cg_tensor *x, int64_t dim, bool keepdim, cg_tensor **values, cg_tensor **indices) {
    return minmax(CG_OP_MAX, x, &dim, keepdim, values, indices);
}
int cg_min_dim(cg_tensor *x, int64_t dim, bool keepdim, cg_tensor **values, cg_tensor **indices) {
    return minmax(CG_OP_MIN, x, &dim, keepdim, values, indices);
}

/* argmax over all dims indexes the flattened tensor, as PyTorch. */
static cg_tensor *arg_extreme(cg_op op, cg_tensor *x, const int64_t *dim, bool keepdim) {
    cg_tensor *i;
    return minmax(op, x, dim, keepdim, NULL, &i) < 0 ? NULL : i;
}
cg_tensor *cg_argmax(cg_tensor *x, const int64_t *dim, bool keepdim) {
    return arg_extreme(CG_OP_ARGMAX, x, dim, keepdim);
}
cg_tensor *cg_argmin(cg_tensor *x, const int64_t *dim, bool keepdim) {
    return arg_extreme(CG_OP_ARGMIN, x, dim, keepdim);
}

/* ---- var / std / norm / logsumexp ------------------------------------------------------------------- */

static cg_tensor *var_std(cg_op op, cg_tensor *x, int ndims, const int64_t *dims, int64_t correction, bool keepdim) {
    CG_CHECK(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR,
             "std and var only support floating point and complex dtypes");
    cg_op_args opts = {.i = {correction}};
    return reduce_op(op, x, ndims, dims, keepdim, x->dtype, &opts, SAVE_SELF | (op == CG_OP_STD ? SAVE_RESULT : 0),
                     NULL);
}

cg_tensor *cg_var(cg_tensor *x, int ndims, const int64_t *dims, int64_t correction, bool keepdim) {
    return var_std(CG_OP_VAR, x, ndims, dims, correction, keepdim);
}
cg_tensor *cg_std(cg_tensor *x, int ndims, const int64_t *dims, int64_t correction, bool keepdim) {
    return var_std(CG_OP_STD, x, ndims, dims, correction, keepdim);
}

cg_tensor *cg_norm(cg_tensor *x, double p, int ndims, const int64_t *dims, bool keepdim) {
    CG_CHECK(cg_dtype_is_float(x->dtype), CG_RUNTIME_ERROR,
             "norm(): input dtype should be either floating point or complex. Got %s instead.",
             cg_dtype_legacy_name(x->dtype));
    cg_op_args opts = {.s = {cg_scalar_float(p)}};
    return reduce_op(CG_OP_NORM, x, ndims, dims, keepdim, x->dtype, &opts, SAVE_SELF | SAVE_RESULT, NULL);
}

/* PyTorch refuses an order without an identity (negative or infinite)
 * over an empty tensor, or along an empty dim named in dims. */
static int vector_norm_check_empty(const cg_tensor *x, double ord, int ndims, const int64_t *dims) {
    if (cg_tensor_numel(x) != 0 || (ord >= 0 && !isinf(ord)))
        return 0;
    CG_CHECK_INT(ndims > 0, CG_RUNTIME_ERROR,
                 "linalg.vector_norm cannot compute the %g norm on an empty tensor because the operation does not have "
                 "an identity",
                 ord);
    for (int i = 0; i < ndims; i++) {
        int d = cg_wrap_dim(dims[i], x->ndim);
        if (d < 0)
            return -1;
        CG_CHECK_INT(x->ndim == 0 || x->sizes[d] != 0, CG_RUNTIME_ERROR,
                     "linalg.vector_norm cannot compute the %g norm on the dimension %lld"
                     "because this dimension is empty and the operation does not have an identity",
                     ord, (long long)dims[i]);
    }
    return 0;
}

cg_tensor *cg_linalg_vector_norm(cg_tensor *x, double ord, int ndims, const int64_t *dims, bool keepdim) {
    CG_CHECK(cg_dtype_is_inexact(x->dtype), CG_RUNTIME_ERROR,
             "linalg.vector_norm: Expected a floating point or complex tensor as input. Got %s",
             cg_dtype_legacy_name(x->dtype));
    if (vector_norm_check_empty(x, ord, ndims, dims) < 0)
        return NULL;
    if (cg_dtype_is_complex(x->dtype)) { /* the norm of the moduli */
        cg_tensor *m = cg_abs(x), *r = m ? cg_linalg_vector_norm(m, ord, ndims, dims, keepdim) : NULL;
        cg_tensor_release(m);
        return r;
    }
    cg_op_args opts = {.s = {cg_scalar_float(ord)}};
    return reduce_op(CG_OP_LINALG_VECTOR_NORM, x, ndims, dims, keepdim, x->dtype, &opts, SAVE_SELF | SAVE_RESULT, NULL);
}

cg_tensor *cg_norm_fro(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim) {
    CG_CHECK(ndims <= 2, CG_RUNTIME_ERROR, "Expected at most 2 dimensions, but got %d dimensions instead.", ndims);
    if (ndims < 2)
        return cg_norm(x, 2, ndims, dims, keepdim);
    cg_tensor *sq = cg_mul(x, x);
    cg_tensor *s = sq ? cg_sum(sq, ndims, dims, keepdim) : NULL;
    cg_tensor *r = s ? cg_sqrt(s) : NULL;
    cg_tensor_release(sq), cg_tensor_release(s);
    return r;
}

cg_tensor *cg_logsumexp(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim) {
    /* integral inputs are reduced in the default float dtype; they cannot
     * require grad, so recording on the cast (x itself for floats) is right */
    cg_tensor *xf = cg_to_dtype(x, cg_dtype_to_float(x->dtype));
    cg_tensor *out =
        xf ? reduce_op(CG_OP_LOGSUMEXP, xf, ndims, dims, keepdim, xf->dtype, NULL, SAVE_SELF | SAVE_RESULT, NULL)
           : NULL;
    cg_tensor_release(xf);
    return out;
}

/* ---- cumsum ---------------------------------------------------------------------------------------- */

static cg_tensor *cumsum(cg_tensor *x, int64_t dim, bool reverse) {
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0)
        return NULL;
    bool reduced[CG_MAX_DIMS] = {0};
    if (x->ndim)
        reduced[d] = true;
    cg_op_args args = {.ndims = 1, .dims = {d}, .flag = reverse};
    cg_tensor *out =
        cg_tensor_empty(x->ndim, x->sizes, long_if_integral(x->dtype), cg_tensor_device(x));
    if (out && reduce_kernel(CG_OP_CUMSUM, x, reduced, out, NULL, &args) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return cg_ew_record(out, CG_OP_CUMSUM, 1, &x, 0, NULL, &args);
}

cg_tensor *cg_cumsum(cg_tensor *x, int64_t dim) { return cumsum(x, dim, false); }

/* ---- derivatives ---------------------------------------------------------------------------------- */

/* Note [Temporaries of a derivative]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A derivative written with engine ops makes many intermediate tensors. It
 * keeps them in a scratch list, released by scratch_done; TMP(expr) adds
 * expr's result to the list, and once one step has failed skips the later
 * ones (their arguments would be NULL), so a formula reads as a formula.
 * TMP must not nest: the inner call could fail after the outer check. */
typedef struct {
    cg_tensor *t[32];
    int n;
    bool failed;
} scratch;

static cg_tensor *scratch_keep(scratch *s, cg_tensor *t) {
    assert(s->n < 32);
    if (!t)
        s->failed = true;
    return s->t[s->n++] = t;
}
#define TMP(expr) (sc.failed ? NULL : scratch_keep(&sc, (expr)))

static void scratch_free(scratch *s) {
    for (int i = 0; i < s->n; i++)
        cg_tensor_release(s->t[i]);
}

/* Ends a derivative: *gi gets result (retained) unless a step failed. */
static int scratch_done(scratch *s, cg_tensor *result, cg_tensor **gi) {
    *gi = s->failed || !result ? NULL : cg_tensor_retain(result);
    scratch_free(s);
    return *gi ? 0 : -1;
}

/* t, of the node's output shape, with the reduced dims put back as size 1
 * (t itself when keepdim, or over all dims). */
static cg_tensor *unsqueeze_reduced(cg_node *n, cg_tensor *t) {
    const cg_meta *m = &n->in_meta[0];
    if (n->args.keepdim || n->args.ndims == 0 || m->ndim == 0)
        return cg_tensor_retain(t);
    bool reduced[CG_MAX_DIMS] = {0};
    for (int i = 0; i < n->args.ndims; i++)
        reduced[n->args.dims[i]] = true;
    int64_t sizes[CG_MAX_DIMS];
    for (int d = 0; d < m->ndim; d++)
        sizes[d] = reduced[d] ? 1 : m->sizes[d];
    return cg_reshape(t, m->ndim, sizes);
}

cg_tensor *cg_reduce_grad_expand(cg_node *n, cg_tensor *g) {
    const cg_meta *m = &n->in_meta[0];
    cg_tensor *r = unsqueeze_reduced(n, g);
    cg_tensor *e = r ? cg_expand(r, m->ndim, m->sizes) : NULL;
    cg_tensor_release(r);
    return e;
}

/* How many input elements each output folds. */
static int64_t reduced_count(cg_node *n) {
    const cg_meta *m = &n->in_meta[0];
    int64_t count = 1;
    for (int d = 0; d < m->ndim; d++) {
        bool r = n->args.ndims == 0;
        for (int i = 0; i < n->args.ndims; i++)
            r |= n->args.dims[i] == d;
        count *= r ? m->sizes[d] : 1;
    }
    return count;
}

/* The node's reduction fn of t over its dims, keeping them. */
static cg_tensor *keep_reduce(cg_tensor *(*fn)(cg_tensor *, int, const int64_t *, bool), cg_node *n, cg_tensor *t) {
    return fn(t, n->args.ndims, n->args.dims, true);
}

/* The node's output for its derivative, with the reduced dims kept. In a
 * create_graph backward the saved output carries the node as its history
 * (Note [Saved outputs]), so the derivative's graph reaches x through it. */
static cg_tensor *result_kept(cg_node *n, cg_tensor *saved) { return unsqueeze_reduced(n, saved); }

/* A comparison mask of a and b as 0/1 in dtype dt. */
typedef enum { CG_MASK_EQ, CG_MASK_NE, CG_MASK_GT, CG_MASK_LT } cg_reduce_mask_mode;

static cg_tensor *mask_as(cg_tensor *a, cg_tensor *b, cg_reduce_mask_mode mode, cg_dtype dt) {
    cg_tensor *(*const cmp[])(cg_tensor *, cg_tensor *) = {cg_eq, cg_ne, cg_gt, cg_lt};
    cg_tensor *m = cmp[mode](a, b);
    if (!m || m->dtype == dt)
        return m;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *c = cg_to_dtype(m, dt);
    cg_grad_set_enabled(was);
    cg_tensor_release(m);
    return c;
}

/* x compared with the number v, in x's dtype */
static cg_tensor *mask_scalar(cg_tensor *x, double v, cg_reduce_mask_mode mode) {
    cg_tensor *s = cg_scalar_tensor(cg_scalar_float(v));
    cg_tensor *m = s ? mask_as(x, s, mode, x->dtype) : NULL;
    cg_tensor_release(s);
    return m;
}

/* SumBackward0/1: grad expanded to the input's shape */
int cg_bw_sum(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = cg_reduce_grad_expand(n, go[0])) ? 0 : -1;
}

/* MeanBackward0/1: grad expanded, divided by the number of elements folded */
int cg_bw_mean(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    scratch sc = {0};
    /* PyTorch's mean_backward divides the expanded gradient by the count,
     * which rounds otherwise than a multiply by its reciprocal */
    cg_tensor *e = TMP(cg_reduce_grad_expand(n, go[0]));
    cg_tensor *count = TMP(cg_scalar_tensor(cg_scalar_int(reduced_count(n))));
    return scratch_done(&sc, TMP(cg_div(e, count)), gi);
}

/* Whether t has a nonzero element (reads one value back). */
static int any_nonzero(cg_tensor *t) {
    cg_tensor *a = cg_any(t, 0, NULL, false);
    cg_scalar v;
    int rc = a ? cg_tensor_item(a, &v) : -1;
    cg_tensor_release(a);
    return rc < 0 ? -1 : v.v.b;
}

/* PyTorch's value of prod's derivative where x holds zeros and no graph of
 * the derivative is wanted: zeros over all dims when two or more elements
 * are 0, else grad times the products of the others by exclusive cumprods
 * (cg_prod_others: its rounding, not that of the formula below). */
static cg_tensor *prod_grad_at_zeros(cg_node *n, cg_tensor *x, cg_tensor *g, cg_tensor *z) {
    bool all = n->args.ndims == 0;
    if (x->ndim == 0)
        return cg_tensor_retain(g);
    if (all) {
        cg_tensor *count = cg_sum(z, 0, NULL, false);
        cg_scalar v;
        int rc = count ? cg_tensor_item(count, &v) : -1;
        cg_tensor_release(count);
        if (rc < 0)
            return NULL;
        if (cg_scalar_to_double(v) > 1)
            return cg_zeros_like(x);
    }
    int64_t numel = cg_tensor_numel(x);
    cg_tensor *line = all ? cg_reshape(x, 1, &numel) : cg_tensor_retain(x);
    cg_tensor *others = line ? cg_prod_others(line, all ? 0 : (int)n->args.dims[0]) : NULL;
    cg_tensor *shaped = others && all ? cg_reshape(others, x->ndim, x->sizes) : cg_tensor_retain(others);
    cg_tensor *r = shaped ? cg_mul(g, shaped) : NULL;
    cg_tensor_release(line), cg_tensor_release(others), cg_tensor_release(shaped);
    return r;
}

/* ProdBackward0/1: grad times the product of the other elements. Without
 * zeros that is result / x. With zeros, let z = (x == 0), x' = x + z (no
 * zeros), P = prod(x'), S = sum(x * z) (0, but its derivative is that of
 * the zeros) over each output's elements; the product of the others is
 *   no zero:   P / x'
 *   one zero:  P / x' * (z + (1 - z) * S)   (P at the zero, S * P / x elsewhere)
 *   two zeros: P * z * (S - x * z)          (at a zero, the other zero times P)
 *   more:      0
 * whose values are exact and whose derivatives are too, so that double
 * backward through it is right where PyTorch's is. */
int cg_bw_prod(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *result;
    if (cg_node_saved_all(n, 2, &x, &result) < 0)
        return -1;
    scratch sc = {0};
    cg_tensor *g = TMP(unsqueeze_reduced(n, go[0]));
    cg_tensor *z = TMP(mask_scalar(x, 0, CG_MASK_EQ));
    int zeros = sc.failed ? -1 : any_nonzero(z);
    if (zeros == 0) {
        cg_tensor *r = TMP(result_kept(n, result));
        cg_tensor *others = TMP(cg_div(r, x));
        return scratch_done(&sc, TMP(cg_mul(g, others)), gi);
    }
    sc.failed |= zeros < 0;
    if (!sc.failed && !cg_grad_enabled())
        return scratch_done(&sc, TMP(prod_grad_at_zeros(n, x, g, z)), gi);
    cg_tensor *nz = TMP(keep_reduce(cg_sum, n, z));
    cg_tensor *c0 = TMP(mask_scalar(nz, 0, CG_MASK_EQ));
    cg_tensor *c1 = TMP(mask_scalar(nz, 1, CG_MASK_EQ));
    cg_tensor *c2 = TMP(mask_scalar(nz, 2, CG_MASK_EQ));
    cg_tensor *not_z = TMP(mask_scalar(x, 0, CG_MASK_NE));
    cg_tensor *xs = TMP(cg_add(x, z, cg_scalar_int(1)));
    cg_tensor *p = TMP(keep_reduce(cg_prod, n, xs));
    cg_tensor *q = TMP(cg_div(p, xs));
    cg_tensor *xz = TMP(cg_mul(x, z));
    cg_tensor *s = TMP(keep_reduce(cg_sum, n, xz));
    /* no zero or one: q * (c0 + c1 * (z + (1 - z) * S)) */
    cg_tensor *ns = TMP(cg_mul(not_z, s));
    cg_tensor *zns = TMP(cg_add(z, ns, cg_scalar_int(1)));
    cg_tensor *one = TMP(cg_mul(c1, zns));
    cg_tensor *upto_one = TMP(cg_add(c0, one, cg_scalar_int(1)));
    cg_tensor *first = TMP(cg_mul(q, upto_one));
    /* two zeros: c2 * P * z * (S - x z) */
    cg_tensor *sx = TMP(cg_sub(s, xz, cg_scalar_int(1)));
    cg_tensor *zsx = TMP(cg_mul(z, sx));
    cg_tensor *pzsx = TMP(cg_mul(p, zsx));
    cg_tensor *second = TMP(cg_mul(c2, pzsx));
    cg_tensor *others = TMP(cg_add(first, second, cg_scalar_int(1)));
    return scratch_done(&sc, TMP(cg_mul(g, others)), gi);
}

/* MaxBackward1/MinBackward1 (all dims): PyTorch's evenly_distribute_backward
 * on the CPU: zeros with grad / count written where x equals the result
 * (where x is NaN, when the result is NaN); +0 elsewhere, whatever grad's
 * sign. */
static int bw_minmax_all(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *result;
    if (cg_node_saved_all(n, 2, &x, &result) < 0)
        return -1;
    cg_scalar rv;
    if (cg_tensor_item(result, &rv) < 0)
        return -1;
    double r = cg_scalar_to_double(rv);
    scratch sc = {0};
    cg_tensor *mask = TMP(isnan(r) ? mask_as(x, x, CG_MASK_NE, CG_BOOL) : mask_as(x, result, CG_MASK_EQ, CG_BOOL));
    cg_tensor *count = TMP(cg_sum(mask, 0, NULL, false));
    cg_tensor *share = TMP(cg_div(go[0], count));
    cg_tensor *out = TMP(cg_zeros(x->ndim, x->sizes, go[0]->dtype, cg_tensor_device(x)));
    cg_tensor *filled = TMP(cg_where(mask, share, out));
    return scratch_done(&sc, filled, gi);
}

/* MaxBackward0/MinBackward0 (dim): PyTorch's value_selecting_reduction_backward,
 * zeros with grad scattered to the index each output took. */
static int bw_minmax_dim(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *indices;
    if (cg_node_saved_all(n, 2, &x, &indices) < 0)
        return -1;
    if (x->ndim == 0)
        return (gi[0] = cg_tensor_retain(go[0])) ? 0 : -1;
    int d = (int)n->args.dims[0];
    scratch sc = {0};
    cg_tensor *idx = TMP(unsqueeze_reduced(n, indices));
    cg_tensor *g = TMP(unsqueeze_reduced(n, go[0]));
    cg_tensor *zeros = TMP(cg_zeros(x->ndim, x->sizes, go[0]->dtype, cg_tensor_device(x)));
    return scratch_done(&sc, TMP(cg_scatter(zeros, d, idx, g)), gi);
}

int cg_bw_max(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return n->args.ndims ? bw_minmax_dim(n, go, gi) : bw_minmax_all(n, go, gi);
}
int cg_bw_min(cg_node *n, cg_tensor *const *go, cg_tensor **gi) { return cg_bw_max(n, go, gi); }

/* The derivative of var for gk, a gradient with the reduced dims kept:
 * (2 / (N - correction) * gk) * (x - mean(x)), in PyTorch's var_backward's
 * order of roundings. */
static int var_grad(cg_node *n, cg_tensor *x, cg_tensor *gk, cg_tensor **gi) {
    scratch sc = {0};
    cg_tensor *mean = TMP(keep_reduce(cg_mean, n, x));
    cg_tensor *dev = TMP(cg_sub(x, mean, cg_scalar_int(1)));
    cg_tensor *scaled = TMP(cg_mul_scalar(gk, 2.0 / (double)(reduced_count(n) - n->args.i[0])));
    return scratch_done(&sc, TMP(cg_mul(scaled, dev)), gi);
}

/* VarBackward0 */
int cg_bw_var(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x;
    if (cg_node_saved(n, 0, &x) < 0)
        return -1;
    cg_tensor *gk = unsqueeze_reduced(n, go[0]);
    int rc = gk ? var_grad(n, x, gk, gi) : -1;
    cg_tensor_release(gk);
    return rc;
}

/* g / (factor * r) where r != 0, else 0 (PyTorch's masked_fill of r == 0) */
static cg_tensor *over_result(cg_tensor *g, cg_tensor *r, double factor) {
    scratch sc = {0};
    cg_tensor *z = TMP(mask_scalar(r, 0, CG_MASK_EQ));
    cg_tensor *nz = TMP(mask_scalar(r, 0, CG_MASK_NE));
    cg_tensor *safe = TMP(cg_add(r, z, cg_scalar_int(1)));
    cg_tensor *scaled = TMP(cg_mul_scalar(safe, factor));
    cg_tensor *q = TMP(cg_div(g, scaled));
    cg_tensor *out;
    scratch_done(&sc, TMP(cg_mul(q, nz)), &out);
    return out;
}

/* StdBackward0: var's derivative of grad / (2 * std), 0 where std is 0 */
int cg_bw_std(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *result;
    if (cg_node_saved_all(n, 2, &x, &result) < 0)
        return -1;
    scratch sc = {0};
    cg_tensor *r = TMP(result_kept(n, result));
    cg_tensor *g = TMP(unsqueeze_reduced(n, go[0]));
    cg_tensor *gv = TMP(over_result(g, r, 2.0));
    int rc = sc.failed ? -1 : var_grad(n, x, gv, gi);
    scratch_free(&sc);
    return rc;
}

/* t with 0 where mask (a 0/1 tensor of t's dtype) is 1 */
static cg_tensor *zero_where(cg_tensor *t, cg_tensor *mask) {
    cg_tensor *b = cg_to_dtype(mask, CG_BOOL);
    cg_tensor *r = b ? cg_masked_fill(t, b, cg_scalar_float(0)) : NULL;
    cg_tensor_release(b);
    return r;
}

/* The norm's derivative for x given g and the result r with the reduced
 * dims kept (ndims dims, all when 0); NULL with the error set on failure. */
cg_tensor *cg_norm_backward(cg_tensor *g, cg_tensor *x, cg_tensor *r, double p, int ndims, const int64_t *dims) {
    scratch sc = {0};
    cg_tensor *rz = TMP(mask_scalar(r, 0, CG_MASK_EQ)), *gi;
    if (p == 2) {
        cg_tensor *q = TMP(zero_where(TMP(cg_div(x, r)), rz));
        return scratch_done(&sc, TMP(cg_mul(g, q)), &gi) < 0 ? NULL : gi;
    }
    cg_tensor *sign = TMP(cg_sign(x));
    if (p == 1)
        return scratch_done(&sc, TMP(cg_mul(sign, g)), &gi) < 0 ? NULL : gi;
    cg_tensor *absx = TMP(cg_abs(x)), *out;
    if (isinf(p)) {
        cg_tensor *at = TMP(mask_as(absx, r, CG_MASK_EQ, CG_BOOL));
        cg_tensor *mask = TMP(cg_logical_or(at, TMP(cg_ne(absx, absx))));
        cg_tensor *count = TMP(cg_sum(mask, ndims, dims, true));
        cg_tensor *share = TMP(cg_mul(TMP(cg_div(g, count)), mask));
        out = TMP(cg_mul(sign, share));
    } else if (p < 1) {
        cg_tensor *xz = TMP(mask_scalar(x, 0, CG_MASK_EQ));
        cg_tensor *scaled = TMP(cg_mul(sign, TMP(zero_where(TMP(cg_pow_scalar(absx, cg_scalar_float(p - 1))), xz))));
        out = TMP(cg_mul(TMP(cg_mul(scaled, g)), TMP(cg_pow_scalar(r, cg_scalar_float(1 - p)))));
    } else {
        cg_tensor *scaled = p < 2 ? TMP(cg_mul(sign, TMP(cg_pow_scalar(absx, cg_scalar_float(p - 1)))))
                                  : TMP(cg_mul(x, TMP(cg_pow_scalar(absx, cg_scalar_float(p - 2)))));
        cg_tensor *scale = TMP(zero_where(TMP(cg_div(g, TMP(cg_pow_scalar(r, cg_scalar_float(p - 1))))), rz));
        out = TMP(cg_mul(scaled, scale));
    }
    return scratch_done(&sc, out, &gi) < 0 ? NULL : gi;
}

/* NormBackward1 and LinalgVectorNormBackward0, as PyTorch's norm_backward
 * composes it for each p:
 *   0: no gradient (x.grad stays None);  1: sgn(x) * g;  2: g * (x / norm), 0 where norm is 0;
 *   inf: sgn(x) * ((g / count) * mask), mask where |x| is the norm or NaN;
 *   p < 1: sgn(x) * |x|^(p-1) (0 where x is 0) * g * norm^(1-p);
 *   p < 2: sgn(x) * |x|^(p-1) * (g / norm^(p-1), 0 where norm is 0);
 *   else: x * |x|^(p-2) * (g / norm^(p-1), 0 where norm is 0). */
int cg_bw_norm(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *result;
    if (cg_node_saved_all(n, 2, &x, &result) < 0)
        return -1;
    double p = cg_scalar_to_double(n->args.s[0]);
    if (p == 0) {
        gi[0] = NULL;
        return 0;
    }
    cg_tensor *g = unsqueeze_reduced(n, go[0]), *r = g ? result_kept(n, result) : NULL;
    gi[0] = r ? cg_norm_backward(g, x, r, p, n->args.ndims, n->args.dims) : NULL;
    cg_tensor_release(g), cg_tensor_release(r);
    return gi[0] ? 0 : -1;
}

/* LogsumexpBackward0: grad * exp(x - result) */
int cg_bw_logsumexp(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *result;
    if (cg_node_saved_all(n, 2, &x, &result) < 0)
        return -1;
    scratch sc = {0};
    cg_tensor *r = TMP(result_kept(n, result));
    cg_tensor *d = TMP(cg_sub(x, r, cg_scalar_int(1)));
    cg_tensor *e = TMP(cg_exp(d));
    cg_tensor *g = TMP(unsqueeze_reduced(n, go[0]));
    return scratch_done(&sc, TMP(cg_mul(g, e)), gi);
}

/* CumsumBackward0: the cumulative sum of grad taken from the other end */
int cg_bw_cumsum(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return (gi[0] = cumsum(go[0], n->args.dims[0], !n->args.flag)) ? 0 : -1;
}

/* ---- sum_to --------------------------------------------------------------------- */

cg_tensor *cg_sum_to(cg_tensor *x, int ndim, const int64_t *sizes) {
    int lead = x->ndim - ndim;
    char a[128], b[128];
    CG_CHECK(lead >= 0, CG_RUNTIME_ERROR, "sum_to: %s is not expandable to %s", cg_sizes_str(ndim, sizes, a, sizeof a),
             cg_sizes_str(x->ndim, x->sizes, b, sizeof b));
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
