/* select.c: the selections along a dim that return a value and where it
 * was: kthvalue, median and nanmedian (with dim), mode; and median and
 * nanmedian of the whole tensor. Values and indices are PyTorch 1.13's,
 * equal values included:
 *   kthvalue   PyTorch's own quickselect (median-of-three, Numerical
 *              Recipes' select) with NaN the greatest: the index it leaves
 *              at k - 1.
 *   median     the k-th of the (value, index) pairs in their total order
 *              (NaN last), k = (n - 1) / 2 (NaN found: the first NaN);
 *              nanmedian leaves the NaNs out of n.
 *   mode       std::sort of (value, index) pairs by value (stl_sort.h),
 *              then the last index of the first longest run.
 * Their derivative gives the gradient to the selected element
 * (value_selecting_reduction_backward); the whole-tensor medians share it
 * out among the elements equal to the result (evenly_distribute_backward). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ew.h"
#include "formula.h"
#include "ops.h"
#include "reduce_iter.h"
#include "stl_sort.h"

typedef enum { SEL_KTH, SEL_MEDIAN, SEL_NANMEDIAN, SEL_MODE } sel_kind;

typedef struct {
    sel_kind kind;
    int64_t k; /* kthvalue's, 1-based */
} sel_ctx;

#define ISNAN(v) ((v) != (v))
/* the total order of (value, index): NaN last, equal values by index */
#define LEX(a, b) ((!ISNAN((a)->v) && ISNAN((b)->v)) || (a)->v < (b)->v || ((a)->v == (b)->v && (a)->i < (b)->i) \
                   || (ISNAN((a)->v) && ISNAN((b)->v) && (a)->i < (b)->i))
#define PLAIN(a, b) ((a)->v < (b)->v)

#define SELECT_KERNELS(sfx, T)                                                                                  \
    typedef struct {                                                                                            \
        T v;                                                                                                    \
        int64_t i;                                                                                              \
    } sp_##sfx;                                                                                                 \
    STL_SORT_DEFINE(lex_##sfx, sp_##sfx, LEX)                                                                   \
    STL_SORT_DEFINE(plain_##sfx, sp_##sfx, PLAIN)                                                               \
    /* PyTorch's quick_select_template: q[k] ends as the k-th with NaN greatest */                             \
    static void quickselect_##sfx(sp_##sfx *q, int64_t n, int64_t k) {                                         \
        int64_t L = 0, R = n - 1;                                                                               \
        for (;;) {                                                                                              \
            if (R <= L)                                                                                         \
                return;                                                                                         \
            if (R == L + 1) {                                                                                   \
                if (GT(q[L].v, q[R].v))                                                                         \
                    lex_##sfx##_swap(&q[L], &q[R]);                                                             \
                return;                                                                                         \
            }                                                                                                   \
            int64_t P = L + (R - L) / 2;                                                                        \
            lex_##sfx##_swap(&q[P], &q[L + 1]);                                                                 \
            if (GT(q[L + 1].v, q[R].v))                                                                         \
                lex_##sfx##_swap(&q[L + 1], &q[R]);                                                             \
            if (GT(q[L].v, q[R].v))                                                                             \
                lex_##sfx##_swap(&q[L], &q[R]);                                                                 \
            if (GT(q[L + 1].v, q[L].v))                                                                         \
                lex_##sfx##_swap(&q[L + 1], &q[L]);                                                             \
            int64_t i = L + 1, j = R;                                                                           \
            T piv = q[L].v;                                                                                     \
            for (;;) {                                                                                          \
                do                                                                                              \
                    i++;                                                                                        \
                while (GT(piv, q[i].v));                                                                        \
                do                                                                                              \
                    j--;                                                                                        \
                while (GT(q[j].v, piv));                                                                        \
                if (j < i)                                                                                      \
                    break;                                                                                      \
                lex_##sfx##_swap(&q[i], &q[j]);                                                                 \
            }                                                                                                   \
            lex_##sfx##_swap(&q[L], &q[j]);                                                                     \
            if (j <= k)                                                                                         \
                L = i;                                                                                          \
            if (j >= k)                                                                                         \
                R = j - 1;                                                                                      \
        }                                                                                                       \
    }                                                                                                           \
    static void select_##sfx(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *vctx) { \
        const sel_ctx *c = vctx;                                                                                \
        int64_t n = it->nred, nnan = 0;                                                                         \
        sp_##sfx *q = malloc((size_t)n * sizeof *q);                                                            \
        if (!q)                                                                                                 \
            return;                                                                                             \
        for (int64_t j = 0; j < n; j++) {                                                                       \
            q[j].v = *(const T *)(x + j * it->red_x[0]), q[j].i = j;                                            \
            nnan += ISNAN(q[j].v);                                                                              \
        }                                                                                                       \
        sp_##sfx r = {0, 0};                                                                                    \
        if (c->kind == SEL_KTH) {                                                                               \
            quickselect_##sfx(q, n, c->k - 1);                                                                  \
            r = q[c->k - 1];                                                                                    \
        } else if (c->kind == SEL_MODE) {                                                                       \
            plain_##sfx##_sort(q, n);                                                                           \
            int64_t run = 0, best = 0;                                                                          \
            for (int64_t j = 0; j < n; j++) {                                                                   \
                run++;                                                                                          \
                if (j == n - 1 || q[j].v != q[j + 1].v) {                                                       \
                    if (run > best)                                                                             \
                        r = q[j], best = run;                                                                   \
                    run = 0;                                                                                    \
                }                                                                                               \
            }                                                                                                   \
        } else if (c->kind == SEL_MEDIAN && nnan) {                                                             \
            for (int64_t j = 0; j < n; j++)                                                                     \
                if (ISNAN(q[j].v)) {                                                                            \
                    r = q[j];                                                                                   \
                    break;                                                                                      \
                }                                                                                               \
        } else {                                                                                                \
            int64_t kk = c->kind == SEL_NANMEDIAN ? (n - nnan - 1) / 2 : (n - 1) / 2;                           \
            if (kk < 0)                                                                                         \
                kk = 0;                                                                                         \
            lex_##sfx##_nth_element(q, kk, n);                                                                  \
            r = q[kk];                                                                                          \
        }                                                                                                       \
        *(T *)out = r.v;                                                                                        \
        *(int64_t *)o2 = r.i;                                                                                   \
        free(q);                                                                                                \
    }

/* PyTorch's gt_or_nan for the quickselect */
#define GT(a, b) ((ISNAN(a) && !ISNAN(b)) || (a) > (b))

#define SELECT_DTYPES(X)                                                                                     \
    X(CG_F32, f32, float) X(CG_F64, f64, double) X(CG_INT64, i64, int64_t) X(CG_INT32, i32, int32_t)         \
        X(CG_INT16, i16, int16_t) X(CG_INT8, i8, int8_t) X(CG_UINT8, u8, uint8_t) X(CG_UINT16, u16, uint16_t) \
            X(CG_UINT32, u32, uint32_t) X(CG_UINT64, u64, uint64_t) X(CG_BOOL, b, uint8_t)
#define SELECT_DEFINE(dt, sfx, T) SELECT_KERNELS(sfx, T)
SELECT_DTYPES(SELECT_DEFINE)

#define SELECT_ENTRY(dt, sfx, T) [dt] = {select_##sfx, NULL, NULL},
static const cg_reduce_kernel select_k[CG_DTYPE_COUNT] = {SELECT_DTYPES(SELECT_ENTRY)};

/* args: dims[0] the dim, i[0] the kind, i[1] k */
static void run_select(const cg_kernel_call *c) {
    sel_ctx ctx = {(sel_kind)c->args->i[0], c->args->i[1]};
    if (c->rit->nout && c->rit->nred)
        cg_reduce_run_kernel(c->rit, &select_k[c->rit->xdtype], &ctx);
}
void cg_cpu_kthvalue(const cg_kernel_call *c) { run_select(c); }
void cg_cpu_median_dim(const cg_kernel_call *c) { run_select(c); }
void cg_cpu_nanmedian_dim(const cg_kernel_call *c) { run_select(c); }
void cg_cpu_mode(const cg_kernel_call *c) { run_select(c); }
void cg_cpu_median_all(const cg_kernel_call *c) { run_select(c); }
void cg_cpu_nanmedian_all(const cg_kernel_call *c) { run_select(c); }

/* ---- the ops ---------------------------------------------------------------------------------- */

static const char *const kernel_names[] = {[SEL_KTH] = "kthvalue_cpu", [SEL_MEDIAN] = "median_out",
                                           [SEL_NANMEDIAN] = "median_out", [SEL_MODE] = "mode_cpu"};
static const char *const op_names[] = {[SEL_KTH] = "kthvalue", [SEL_MEDIAN] = "median", [SEL_NANMEDIAN] = "nanmedian",
                                       [SEL_MODE] = "mode"};

/* PyTorch's CPU kernels take neither complex dtypes nor, but for mode,
 * bool and float16; `whole`: the median of every element, whose kernel
 * PyTorch names median_cpu */
static int check_dtype(sel_kind kind, const cg_tensor *x, bool whole) {
    bool bad = cg_dtype_is_complex(x->dtype) || (kind != SEL_MODE && (x->dtype == CG_BOOL || x->dtype == CG_F16));
    CG_CHECK_INT(!bad, CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", whole ? "median_cpu" : kernel_names[kind],
                 cg_dtype_legacy_name(x->dtype));
    return 0;
}

/* values and indices with x's sizes and 1 along d: the selection of each
 * line of x along d (a 0-d x is its one line) */
static int select_run(cg_op op, cg_tensor *x, int d, const cg_op_args *args, cg_tensor **values,
                      cg_tensor **indices) {
    *values = *indices = NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xk = cg_to_dtype(x, cg_dtype_compute(x->dtype));
    int64_t sizes[CG_MAX_DIMS];
    memcpy(sizes, x->sizes, sizeof sizes);
    if (x->ndim)
        sizes[d] = 1;
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

/* the keepdim=False view: dim d dropped */
static int squeeze_out(int d, cg_tensor **t) {
    cg_tensor *s = (*t)->ndim ? cg_squeeze_dim(*t, d) : cg_tensor_retain(*t);
    cg_tensor_release(*t);
    *t = s;
    return s ? 0 : -1;
}

static const cg_op sel_ops[] = {[SEL_KTH] = CG_OP_KTHVALUE, [SEL_MEDIAN] = CG_OP_MEDIAN_DIM,
                                [SEL_NANMEDIAN] = CG_OP_NANMEDIAN_DIM, [SEL_MODE] = CG_OP_MODE};

static int select_dim(sel_kind kind, cg_tensor *x, int64_t k, int64_t dim, bool keepdim, cg_tensor **values,
                      cg_tensor **indices) {
    *values = *indices = NULL;
    int d = x->ndim ? cg_wrap_dim(dim, x->ndim) : cg_wrap_dim(dim, 1);
    if (d < 0 || check_dtype(kind, x, false) < 0)
        return -1;
    int64_t n = x->ndim ? x->sizes[d] : 1;
    if (kind == SEL_KTH)
        CG_CHECK_INT(k >= 1 && k <= n, CG_RUNTIME_ERROR,
                     "kthvalue(): selected number k out of range for dimension %d", d);
    else
        CG_CHECK_INT(n > 0, CG_INDEX_ERROR, "%s(): Expected reduction dim %d to have non-zero size.", op_names[kind],
                     d);
    cg_op_args args = {.ndims = 1, .dims = {d}, .keepdim = keepdim, .i = {kind, k}};
    cg_tensor *v, *i;
    if (select_run(sel_ops[kind], x, d, &args, &v, &i) < 0)
        return -1;
    cg_tensor *saved = cg_tensor_retain(i);
    if (!keepdim && (squeeze_out(d, &v) < 0 || squeeze_out(d, &i) < 0)) {
        cg_tensor_release(v), cg_tensor_release(i), cg_tensor_release(saved);
        return -1;
    }
    cg_save_spec save[1] = {{saved, "indices"}};
    int rc = cg_autograd_needed(1, &x) ? cg_autograd_record(sel_ops[kind], 1, &v, 1, &x, 1, save, &args, NULL) : 0;
    cg_tensor_release(saved);
    if (rc < 0) {
        cg_tensor_release(v), cg_tensor_release(i);
        return -1;
    }
    *values = v, *indices = i;
    return 0;
}

int cg_kthvalue(cg_tensor *x, int64_t k, int64_t dim, bool keepdim, cg_tensor **values, cg_tensor **indices) {
    return select_dim(SEL_KTH, x, k, dim, keepdim, values, indices);
}
int cg_median_dim(cg_tensor *x, int64_t dim, bool keepdim, bool ignore_nan, cg_tensor **values, cg_tensor **indices) {
    return select_dim(ignore_nan ? SEL_NANMEDIAN : SEL_MEDIAN, x, 0, dim, keepdim, values, indices);
}
int cg_mode(cg_tensor *x, int64_t dim, bool keepdim, cg_tensor **values, cg_tensor **indices) {
    return select_dim(SEL_MODE, x, 0, dim, keepdim, values, indices);
}

/* median() / nanmedian(): the lower median of every element (NaN for an
 * empty x), MedianBackward0 / NanmedianBackward0 */
cg_tensor *cg_median_all(cg_tensor *x, bool ignore_nan) {
    if (check_dtype(ignore_nan ? SEL_NANMEDIAN : SEL_MEDIAN, x, true) < 0)
        return NULL;
    cg_op op = ignore_nan ? CG_OP_NANMEDIAN_ALL : CG_OP_MEDIAN_ALL;
    cg_tensor *out;
    if (cg_tensor_numel(x) == 0) {
        out = cg_full(0, NULL, cg_scalar_float(NAN), x->dtype, cg_tensor_device(x));
    } else {
        bool was = cg_grad_set_enabled(false);
        cg_tensor *flat = cg_reshape(x, 1, (int64_t[]){cg_tensor_numel(x)});
        cg_op_args args = {.ndims = 1, .dims = {0}, .i = {ignore_nan ? SEL_NANMEDIAN : SEL_MEDIAN, 0}};
        cg_tensor *v = NULL, *i = NULL;
        int rc = flat ? select_run(op, flat, 0, &args, &v, &i) : -1;
        out = rc == 0 ? cg_reshape(v, 0, NULL) : NULL;
        cg_grad_set_enabled(was);
        cg_tensor_release(flat), cg_tensor_release(v), cg_tensor_release(i);
    }
    if (!out)
        return NULL;
    cg_save_spec save[2] = {{x, "self"}, {out, "result"}};
    if (cg_autograd_needed(1, &x) && cg_autograd_record(op, 1, &out, 1, &x, 2, save, NULL, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

/* ---- derivatives ------------------------------------------------------------------------------ */

/* value_selecting_reduction_backward: zeros of the input's sizes, the
 * gradient scattered to the saved (keepdim) indices */
int cg_bw_select_value(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *idx;
    if (cg_node_saved(n, 0, &idx) < 0)
        return -1;
    if (n->in_meta[0].ndim == 0) {
        gi[0] = cg_reshape(go[0], 0, NULL);
        return gi[0] ? 0 : -1;
    }
    int d = (int)n->args.dims[0];
    cg_tensor *g = n->args.keepdim ? cg_tensor_retain(go[0]) : cg_unsqueeze(go[0], d);
    cg_tensor *z = g ? cg_node_input_zeros(n, 0, go[0]->dtype) : NULL;
    gi[0] = z ? cg_scatter(z, d, idx, g) : NULL;
    cg_tensor_release(g), cg_tensor_release(z);
    return gi[0] ? 0 : -1;
}

/* evenly_distribute_backward (its CPU form): grad / count at every element
 * equal to the result (every NaN when the result is NaN), zeros elsewhere */
int cg_bw_median_all(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *r;
    if (cg_node_saved(n, 0, &x) < 0 || cg_node_saved(n, 1, &r) < 0)
        return -1;
    cg_scalar rv;
    if (cg_tensor_item(r, &rv) < 0)
        return -1;
    double v = cg_scalar_to_double(rv);
    cg_tensor *mask = isnan(v) ? cg_isnan(x) : cg_eq(x, r);
    cg_tensor *count = mask ? cg_sum(mask, 0, NULL, false) : NULL;
    cg_tensor *share = count ? cg_div(go[0], count) : NULL;
    cg_tensor *z = share ? cg_node_input_zeros(n, 0, go[0]->dtype) : NULL;
    gi[0] = z ? cg_where(mask, share, z) : NULL;
    cg_tensor_release(mask), cg_tensor_release(count), cg_tensor_release(share), cg_tensor_release(z);
    return gi[0] ? 0 : -1;
}
