/* cumulative.c: the scans beside cumsum: cumprod, cummax/cummin (the
 * running extreme and where it was last taken), logcumsumexp, and the
 * in-place cumsum_/cumprod_; their derivatives written with engine ops.
 * cumsum itself lives with the reductions (ops_reduce.c).
 *
 * The kernels run over the reduction iterator's plan, one scanned line per
 * kept element, as cumsum's (reduce_iter.h). Each line is serial, in the
 * order of PyTorch's CPU kernels, with their accumulators: double for
 * float32 (PyTorch's acc_type), int64 for the integers.
 *
 * Note [Ties and NaN in cummax]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's cummax takes a new element when it is NaN, or when the running
 * value is not NaN and the element is >= it (<= for cummin): among equal
 * values the index is the last one seen, and once a NaN is met every later
 * NaN moves the index while numbers never do. The test `v != v` is NaN for
 * floats and false for integers, so one kernel serves every dtype. */
#include <math.h>
#include <string.h>

#include "ew.h"
#include "formula.h"
#include "ops.h"
#include "reduce_iter.h"

/* Byte steps along the scanned dim of the outputs: out, then indices. */
typedef struct {
    int64_t out_step, idx_step;
} scan_ctx;

/* ---- kernels ---------------------------------------------------------------------------------- */

#define CUMPROD_KERNEL(name, T, ACC, OUT)                                                              \
    static void name(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) { \
        const scan_ctx *c = ctx;                                                                       \
        (void)o2;                                                                                      \
        ACC acc = 1;                                                                                   \
        for (int64_t i = 0; i < it->nred; i++)                                                         \
            *(OUT *)(out + i * c->out_step) = (OUT)(acc *= *(const T *)(x + i * it->red_x[0]));        \
    }
CUMPROD_KERNEL(cumprod_f32, float, double, float)
CUMPROD_KERNEL(cumprod_f64, double, double, double)
CUMPROD_KERNEL(cumprod_i64, int64_t, int64_t, int64_t)
CUMPROD_KERNEL(cumprod_u64, uint64_t, uint64_t, uint64_t)

/* See Note [Ties and NaN in cummax]; BETTER is >= or <=. */
#define CUMEXT_KERNEL(name, T, BETTER)                                                                   \
    static void name(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) {   \
        const scan_ctx *c = ctx;                                                                         \
        T best = *(const T *)x;                                                                          \
        int64_t at = 0;                                                                                  \
        for (int64_t i = 0; i < it->nred; i++) {                                                         \
            T v = *(const T *)(x + i * it->red_x[0]);                                                    \
            if (v != v || (best == best && v BETTER best))                                               \
                best = v, at = i;                                                                        \
            *(T *)(out + i * c->out_step) = best;                                                        \
            *(int64_t *)(o2 + i * c->idx_step) = at;                                                     \
        }                                                                                                \
    }
#define CUMEXT_DTYPES(X)                                                                                     \
    X(CG_F32, f32, float) X(CG_F64, f64, double) X(CG_INT64, i64, int64_t) X(CG_INT32, i32, int32_t)         \
        X(CG_INT16, i16, int16_t) X(CG_INT8, i8, int8_t) X(CG_UINT8, u8, uint8_t) X(CG_UINT16, u16, uint16_t) \
            X(CG_UINT32, u32, uint32_t) X(CG_UINT64, u64, uint64_t) X(CG_BOOL, b, bool)
#define CUMEXT_DEFINE(dt, sfx, T) CUMEXT_KERNEL(cummax_##sfx, T, >=) CUMEXT_KERNEL(cummin_##sfx, T, <=)
CUMEXT_DTYPES(CUMEXT_DEFINE)

/* log(exp(a) + exp(b)) as PyTorch's scan takes it: NaN in the running value
 * wins, equal infinities stay as they are (their difference would be NaN). */
static double log_add_exp(double x, double run) {
    /* std::min/max: the first argument unless the second compares better */
    double lo = isnan(run) ? run : run < x ? run : x, hi = isnan(run) ? run : x < run ? run : x;
    if (lo != hi || isfinite(lo))
        return log1p(exp(lo - hi)) + hi;
    return x;
}

#define LCSE_KERNEL(name, T)                                                                           \
    static void name(const cg_reduce_iter *it, const char *x, char *out, char *o2, const void *ctx) { \
        const scan_ctx *c = ctx;                                                                       \
        (void)o2;                                                                                      \
        int64_t n = it->nred, sx = it->red_x[0], so = c->out_step;                                     \
        double run = -INFINITY;                                                                        \
        for (int64_t i = 0; i < n; i++)                                                                \
            *(T *)(out + i * so) = (T)(run = log_add_exp(*(const T *)(x + i * sx), run));              \
    }
LCSE_KERNEL(lcse_f32, float)
LCSE_KERNEL(lcse_f64, double)

#define K(fn) {fn, NULL, NULL}
static const cg_reduce_kernel cumprod_k[CG_DTYPE_COUNT] = {
    [CG_F32] = K(cumprod_f32), [CG_F64] = K(cumprod_f64), [CG_INT64] = K(cumprod_i64), [CG_UINT64] = K(cumprod_u64)};
#define CUMEXT_ENTRY(dt, sfx, T) [dt] = K(cummax_##sfx),
static const cg_reduce_kernel cummax_k[CG_DTYPE_COUNT] = {CUMEXT_DTYPES(CUMEXT_ENTRY)};
#undef CUMEXT_ENTRY
#define CUMEXT_ENTRY(dt, sfx, T) [dt] = K(cummin_##sfx),
static const cg_reduce_kernel cummin_k[CG_DTYPE_COUNT] = {CUMEXT_DTYPES(CUMEXT_ENTRY)};
static const cg_reduce_kernel lcse_k[CG_DTYPE_COUNT] = {[CG_F32] = K(lcse_f32), [CG_F64] = K(lcse_f64)};

/* The step of t along dim d in bytes (0 for a 0-d t). */
static int64_t dim_step(const cg_tensor *t, int d) {
    return t && t->ndim ? t->strides[d] * (int64_t)cg_tensor_itemsize(t) : 0;
}

static void run_scan(const cg_kernel_call *c, const cg_reduce_kernel *table) {
    int d = (int)c->args->dims[0];
    scan_ctx ctx = {dim_step(c->out[0], d), dim_step(c->nout > 1 ? c->out[1] : NULL, d)};
    if (c->rit->nout && c->rit->nred)
        cg_reduce_run_kernel(c->rit, &table[c->rit->xdtype], &ctx);
}

/* x any shape; out (and out[1], int64 indices) of x's shape; dim args->dims[0] */
void cg_cpu_cumprod(const cg_kernel_call *c) { run_scan(c, cumprod_k); }
void cg_cpu_cummax(const cg_kernel_call *c) { run_scan(c, cummax_k); }
void cg_cpu_cummin(const cg_kernel_call *c) { run_scan(c, cummin_k); }
void cg_cpu_logcumsumexp(const cg_kernel_call *c) { run_scan(c, lcse_k); }

/* ---- frontends ---------------------------------------------------------------------------------- */

/* "<kernel>" not implemented for '<dtype>' unless table has x's dtype. */
static int check_dtype(const cg_reduce_kernel *table, cg_dtype dt, const char *kname) {
    if (table[dt].fn)
        return 0;
    cg_error_set(CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kname, cg_dtype_legacy_name(dt));
    return -1;
}

/* Runs op's scan of x (of the kernel's dtype) along d into out (and idx). */
static int scan_run(cg_op op, cg_tensor *x, int d, cg_tensor *out, cg_tensor *idx) {
    bool reduced[CG_MAX_DIMS] = {0};
    if (x->ndim)
        reduced[d] = true;
    cg_op_args args = {.ndims = 1, .dims = {d}};
    cg_reduce_iter rit;
    cg_reduce_iter_init(&rit, x, reduced, out, idx);
    cg_kernel_call call = {
        .op = op, .nout = idx ? 2 : 1, .nin = 1, .out = {out, idx}, .in = {x}, .rit = &rit, .args = &args};
    return cg_op_run(&call);
}

/* A new tensor of x's sizes holding op's scan of x (converted to `kdt`,
 * the kernel's dtype) along d, rounded to out_dt; reduced floats scan in
 * float32, as PyTorch accumulates them in float. */
static cg_tensor *scan_new(cg_op op, cg_tensor *x, int d, cg_dtype kdt, cg_dtype out_dt) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xk = cg_to_dtype(x, kdt);
    cg_tensor *out = xk ? cg_tensor_empty(x->ndim, x->sizes, kdt, cg_tensor_device(x)) : NULL;
    if (out && scan_run(op, xk, d, out, NULL) < 0)
        cg_tensor_release(out), out = NULL;
    cg_tensor *r = out && out_dt != kdt ? cg_to_dtype(out, out_dt) : cg_tensor_retain(out);
    cg_tensor_release(xk), cg_tensor_release(out);
    cg_grad_set_enabled(was);
    return r;
}

static cg_dtype long_if_integral(cg_dtype dt) {
    return cg_dtype_is_float(dt) ? dt : cg_dtype_is_wide_unsigned(dt) ? CG_UINT64 : CG_INT64;
}

static cg_tensor *cumprod(cg_tensor *x, int d) {
    cg_dtype odt = long_if_integral(x->dtype);
    if (check_dtype(cumprod_k, x->dtype == CG_F16 ? CG_F16 : cg_dtype_compute(odt), "cumprod_out_cpu") < 0)
        return NULL;
    return scan_new(CG_OP_CUMPROD, x, d, cg_dtype_compute(odt), odt);
}

cg_tensor *cg_cumprod(cg_tensor *x, int64_t dim) {
    int d = cg_wrap_dim(dim, x->ndim);
    cg_tensor *out = d < 0 ? NULL : cumprod(x, d);
    cg_op_args args = {.ndims = 1, .dims = {d}};
    cg_save_spec save[2] = {{x, "self"}, {out, "result"}};
    return out ? cg_ew_record(out, CG_OP_CUMPROD, 1, &x, 2, save, &args) : NULL;
}

static int cumext(cg_op op, const cg_reduce_kernel *table, const char *kname, cg_tensor *x, int64_t dim,
                  cg_tensor **values, cg_tensor **indices) {
    *values = *indices = NULL;
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0 || check_dtype(table, cg_dtype_compute(x->dtype), kname) < 0
        || (x->dtype == CG_F16 && check_dtype(table, CG_F16, kname) < 0))
        return -1;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xk = cg_to_dtype(x, cg_dtype_compute(x->dtype));
    cg_tensor *v = xk ? cg_tensor_empty(x->ndim, x->sizes, xk->dtype, cg_tensor_device(x)) : NULL;
    cg_tensor *i = v ? cg_tensor_empty(x->ndim, x->sizes, CG_INT64, cg_tensor_device(x)) : NULL;
    int rc = i ? scan_run(op, xk, d, v, i) : -1;
    cg_tensor *vo = rc == 0 ? cg_to_dtype(v, x->dtype) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(xk), cg_tensor_release(v);
    if (!vo) {
        cg_tensor_release(i);
        return -1;
    }
    *values = vo, *indices = i;
    if (!cg_autograd_needed(1, &x))
        return 0;
    cg_op_args args = {.ndims = 1, .dims = {d}};
    cg_save_spec save[2] = {{x, "self"}, {i, "indices"}};
    if (cg_autograd_record(op, 1, &vo, 1, &x, 2, save, &args, NULL) == 0)
        return 0;
    cg_tensor_release(vo), cg_tensor_release(i);
    *values = *indices = NULL;
    return -1;
}

int cg_cummax(cg_tensor *x, int64_t dim, cg_tensor **values, cg_tensor **indices) {
    return cumext(CG_OP_CUMMAX, cummax_k, "cummax_cpu", x, dim, values, indices);
}
int cg_cummin(cg_tensor *x, int64_t dim, cg_tensor **values, cg_tensor **indices) {
    return cumext(CG_OP_CUMMIN, cummin_k, "cummin_cpu", x, dim, values, indices);
}

static cg_tensor *logcumsumexp(cg_tensor *x, int d) {
    if (check_dtype(lcse_k, cg_dtype_compute(x->dtype), "logcumsumexp_out_cpu") < 0
        || (x->dtype == CG_F16 && check_dtype(lcse_k, CG_F16, "logcumsumexp_out_cpu") < 0))
        return NULL;
    return scan_new(CG_OP_LOGCUMSUMEXP, x, d, cg_dtype_compute(x->dtype), x->dtype);
}

cg_tensor *cg_logcumsumexp(cg_tensor *x, int64_t dim) {
    int d = cg_wrap_dim(dim, x->ndim);
    cg_tensor *out = d < 0 ? NULL : logcumsumexp(x, d);
    cg_op_args args = {.ndims = 1, .dims = {d}};
    cg_save_spec save[2] = {{x, "self"}, {out, "result"}};
    return out ? cg_ew_record(out, CG_OP_LOGCUMSUMEXP, 1, &x, 2, save, &args) : NULL;
}

/* x.cumsum_(d) / x.cumprod_(d): the scan written back into x, recorded in
 * place with the node of the out-of-place op (CumsumBackward0, ...); a
 * cumprod_ saves the input it overwrote. */
static int scan_(cg_tensor *x, int64_t dim, bool prod) {
    if (cg_autograd_check_inplace(x) < 0)
        return -1;
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0)
        return -1;
    bool record = cg_autograd_needed(1, &x);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *before = record && prod ? cg_clone(x) : NULL;
    cg_tensor *r = prod ? cumprod(x, d) : cg_cumsum(x, d);
    int rc = r && (!record || !prod || before) ? cg_copy_raw(x, r) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(r);
    if (rc == 0) {
        x->storage->version++;
        cg_op_args args = {.ndims = 1, .dims = {d}};
        cg_save_spec save[2] = {{before, "self"}, {x, "result"}};
        if (record)
            rc = cg_ew_record_(x, prod ? CG_OP_CUMPROD : CG_OP_CUMSUM, 1, &x, prod ? 2 : 0, save, &args);
    }
    cg_tensor_release(before);
    return rc;
}

int cg_cumsum_(cg_tensor *x, int64_t dim) { return scan_(x, dim, false); }
int cg_cumprod_(cg_tensor *x, int64_t dim) { return scan_(x, dim, true); }

/* ---- derivatives ---------------------------------------------------------------------------------- */

/* w summed from the end of dim d: PyTorch's w.flip(d).cumsum(d).flip(d) */
static cg_tensor *s_rcumsum(scratch *s, cg_tensor *w, int d) {
    cg_tensor *f = w ? keep(s, cg_flip(w, 1, (int64_t[]){d})) : NULL;
    cg_tensor *c = f ? keep(s, cg_cumsum(f, d)) : NULL;
    return c ? keep(s, cg_flip(c, 1, (int64_t[]){d})) : NULL;
}
/* PyTorch's flip(logcumsumexp(flip(t, d), d), d) */
static cg_tensor *s_rlcse(scratch *s, cg_tensor *t, int d) {
    cg_tensor *f = t ? keep(s, cg_flip(t, 1, (int64_t[]){d})) : NULL;
    cg_tensor *c = f ? keep(s, cg_logcumsumexp(f, d)) : NULL;
    return c ? keep(s, cg_flip(c, 1, (int64_t[]){d})) : NULL;
}
static cg_tensor *s_scalar(scratch *s, double v) { return keep(s, cg_scalar_tensor(cg_scalar_float(v))); }
static cg_tensor *s_where(scratch *s, cg_tensor *m, cg_tensor *a, cg_tensor *b) {
    return m && a && b ? keep(s, cg_where(m, a, b)) : NULL;
}
static cg_tensor *s_fill(scratch *s, cg_tensor *t, cg_tensor *m, double v) {
    return t && m ? keep(s, cg_masked_fill(t, m, cg_scalar_float(v))) : NULL;
}

/* Note [cumprod's derivative with zeros]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * With no zero in x, the gradient is the sum from the end of grad * y,
 * divided by x. With zeros, PyTorch splits each line at its first zero z:
 * before z the same formula over the masked line; at z the products of x
 * between z and the second zero, times grad there, summed, times y[z-1];
 * after z nothing. It writes those pieces with masked_scatter_, which puts
 * the same numbers at the same places as the `where`s used here. (PyTorch
 * builds another, O(n^2) graph when create_graph is on; its first-order
 * values are these.) */
static cg_tensor *cumprod_zero_grad(scratch *s, cg_tensor *g, cg_tensor *x, cg_tensor *y, cg_tensor *w,
                                    cg_tensor *is_zero, int d) {
    cg_tensor *zeros = keep(s, cg_cumsum(is_zero, d));
    cg_tensor *zero_t = keep(s, cg_scalar_tensor(cg_scalar_int(0))), *one_t = keep(s, cg_scalar_tensor(cg_scalar_int(1)));
    cg_tensor *before = zeros && zero_t ? keep(s, cg_eq(zeros, zero_t)) : NULL;
    cg_tensor *not_before = s_fn(s, cg_logical_not, before);
    cg_tensor *part1 = s_div(s, s_rcumsum(s, s_fill(s, w, not_before, 0), d), x);
    cg_tensor *z = s_where(s, before, part1, s_scalar(s, 0));
    cg_tensor *span = zeros && one_t ? keep(s, cg_eq(zeros, one_t)) : NULL; /* [z1, z2) */
    cg_tensor *mv = NULL, *first = NULL; /* the first zero's index (0 in lines without one) */
    if (span && cg_max_dim(span, d, true, &mv, &first) == 0)
        keep(s, mv), keep(s, first);
    /* where the count of zeros first reaches 1 is the first zero */
    cg_tensor *first_mask = first ? keep(s, cg_logical_and(span, is_zero)) : NULL;
    cg_tensor *between = first_mask ? s_fn(s, cg_logical_not, first_mask) : NULL;
    cg_tensor *inside = between ? keep(s, cg_logical_and(span, between)) : NULL;
    cg_tensor *outside = s_fn(s, cg_logical_not, inside), *not_span = s_fn(s, cg_logical_not, span);
    cg_tensor *cp = s_fill(s, x, outside, 1);
    cg_tensor *prods = cp ? keep(s, cg_cumprod(cp, d)) : NULL;
    cg_tensor *sum = s_sum_dim(s, s_mul(s, prods, s_fill(s, g, not_span, 0)), d, true);
    cg_tensor *prev_i = first ? keep(s, cg_sub(first, one_t, cg_scalar_int(1))) : NULL;
    cg_tensor *prev_r = s_fn(s, cg_relu, prev_i);
    cg_tensor *prev = prev_r ? keep(s, cg_gather(y, d, prev_r)) : NULL;
    cg_tensor *at0 = first ? keep(s, cg_eq(first, zero_t)) : NULL;
    cg_tensor *factor = s_mul(s, sum, s_fill(s, prev, at0, 1));
    return s_where(s, first_mask, factor, z);
}

/* CumprodBackward0 (PyTorch's cumprod_backward; see the Note above) */
int cg_bw_cumprod(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *y;
    if (cg_node_saved_all(n, 2, &x, &y) < 0)
        return -1;
    int d = (int)n->args.dims[0];
    if (cg_tensor_numel(x) <= 1 || (x->ndim && x->sizes[d] == 1))
        return (gi[0] = cg_tensor_retain(go[0])) ? 0 : -1;
    scratch s = {0};
    cg_tensor *w = s_mul(&s, y, go[0]);
    cg_tensor *z0 = keep(&s, cg_scalar_tensor(cg_scalar_int(0)));
    cg_tensor *is_zero = z0 ? keep(&s, cg_eq(x, z0)) : NULL;
    cg_tensor *any = is_zero ? keep(&s, cg_any(is_zero, 0, NULL, false)) : NULL;
    if (!w || !any)
        return finish(gi, &s, NULL);
    if (!*(const bool *)cg_tensor_data(any))
        return finish(gi, &s, s_div(&s, s_rcumsum(&s, w, d), x));
    return finish(gi, &s, cumprod_zero_grad(&s, go[0], x, y, w, is_zero, d));
}

/* CummaxBackward0 / CumminBackward0: grad added at the indices taken */
int cg_bw_cummax(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *idx;
    if (cg_node_saved_all(n, 2, &x, &idx) < 0)
        return -1;
    if (cg_tensor_numel(x) == 0)
        return (gi[0] = cg_zeros_like(x)) ? 0 : -1;
    scratch s = {0};
    cg_tensor *z = keep(&s, cg_zeros_like(x));
    return finish(gi, &s, z ? keep(&s, cg_scatter_add(z, n->args.dims[0], idx, go[0])) : NULL);
}

/* LogcumsumexpBackward0: PyTorch's logcumsumexp_backward, the positive and
 * negative parts of grad in log space (the lowest finite number standing
 * for log 0), each scanned from the end */
int cg_bw_logcumsumexp(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x, *y, *g = go[0];
    if (cg_node_saved_all(n, 2, &x, &y) < 0)
        return -1;
    if (g->ndim == 0 || cg_tensor_numel(g) == 0)
        return (gi[0] = cg_tensor_retain(g)) ? 0 : -1;
    int d = (int)n->args.dims[0];
    scratch s = {0};
    double lowest = g->dtype == CG_F64 ? -1.7976931348623157e308 : g->dtype == CG_BF16 ? -3.3895313892515355e38
                                                                                      : -3.4028234663852886e38;
    cg_tensor *low = s_scalar(&s, lowest), *zero = s_scalar(&s, 0);
    cg_tensor *pos = g && zero ? keep(&s, cg_gt(g, zero)) : NULL, *neg = g && zero ? keep(&s, cg_lt(g, zero)) : NULL;
    cg_tensor *lp = s_where(&s, pos, s_fn(&s, cg_log, g), low);
    cg_tensor *ln = s_where(&s, neg, s_fn(&s, cg_log, s_fn(&s, cg_neg, g)), low);
    cg_tensor *a = s_sub(&s, lp, y), *b = s_sub(&s, ln, y);
    cg_tensor *ra = s_rlcse(&s, a, d), *rb = s_rlcse(&s, b, d);
    cg_tensor *op = s_fn(&s, cg_exp, s_add(&s, ra, x)), *on = s_fn(&s, cg_exp, s_add(&s, rb, x));
    return finish(gi, &s, s_sub(&s, op, on));
}
