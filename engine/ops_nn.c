/* ops_nn.c: softmax and log_softmax (ops_nn.h), with the helpers that
 * the losses of ops_loss.c and dropout's ops_dropout.c share
 * (nn_internal.h).
 *
 * softmax and log_softmax are fused kernels over a contiguous copy of the
 * input seen as [outer, C, inner] (C the softmax dim), as PyTorch's
 * host_softmax does; their derivatives are written with engine ops, so
 * double backward works. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ew.h"
#include "nn_internal.h"
#include "ops.h"
#include "vec_math.h"

/* ---- shared helpers (nn_internal.h) ---------------------------------------------- */

const char *cg_nn_type_name(cg_dtype dt) {
    static const char *const names[CG_DTYPE_COUNT] = {"Bool", "Int", "Long", "Float", "Double"};
    return names[dt];
}

int cg_nn_not_implemented(const char *kernel, cg_dtype dt) {
    cg_error_set(CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel, cg_nn_type_name(dt));
    return -1;
}

const char *cg_nn_float_repr(double v, char *buf, size_t n) {
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    if (isfinite(v) && !strpbrk(buf, ".en"))
        strncat(buf, ".0", n - strlen(buf) - 1);
    return buf;
}

const char *cg_nn_size_repr(const cg_tensor *t, char *buf, size_t n) {
    char sizes[128];
    snprintf(buf, n, "torch.Size(%s)", cg_sizes_str(t->ndim, t->sizes, sizes, sizeof sizes));
    return buf;
}

int cg_nn_check_nondiff(const char *fn, const char *arg, const cg_tensor *t) {
    CG_CHECK_INT(!t || !cg_grad_enabled() || !cg_tensor_requires_grad(t), CG_RUNTIME_ERROR,
                 "The function '%s' is not differentiable with respect to argument '%s'. This input cannot have "
                 "requires_grad True.",
                 fn, arg);
    return 0;
}

int cg_reduction_from_str(const char *s) {
    static const char *const names[] = {"none", "mean", "sum"};
    for (int r = 0; r < 3; r++)
        if (!strcmp(s, names[r]))
            return r;
    cg_error_set(CG_VALUE_ERROR, "%s is not a valid value for reduction", s);
    return -1;
}

/* ---- softmax / log_softmax kernels ------------------------------------------------- */

/* The softmax dim splits a contiguous tensor into [outer, C, inner]. */
typedef struct {
    int64_t outer, C, inner;
} softmax_geom;

static softmax_geom geom_of(const cg_tensor *t, int dim) {
    softmax_geom g = {1, t->ndim ? t->sizes[dim] : 1, 1};
    for (int d = 0; d < t->ndim; d++) {
        if (d < dim)
            g.outer *= t->sizes[d];
        else if (d > dim)
            g.inner *= t->sizes[d];
    }
    return g;
}

/* x, y: [outer, C, inner] contiguous. Subtracting the max keeps exp() in
 * range; the sum accumulates in double. A NaN anywhere in a slice makes
 * the max NaN and so the whole slice NaN, as in PyTorch. */
#define SOFTMAX_FN(name, T, EXP)                                                                                       \
    static void name(const T *x, T *y, softmax_geom g, bool log_) {                                                    \
        _Pragma(                                                                                                       \
            "omp parallel for collapse(2) if (g.outer * g.C * g.inner > CG_PARALLEL_GRAIN)") for (int64_t o = 0;       \
                                                                                                  o < g.outer;         \
                                                                                                  o++) for (int64_t    \
                                                                                                                j = 0; \
                                                                                                            j          \
                                                                                                            < g.inner; \
                                                                                                            j++) {     \
            const T *px = x + o * g.C * g.inner + j;                                                                   \
            T *py = y + o * g.C * g.inner + j;                                                                         \
            T m = -INFINITY;                                                                                           \
            for (int64_t c = 0; c < g.C; c++) {                                                                        \
                T v = px[c * g.inner];                                                                                 \
                m = (v > m || isnan(v)) ? v : m;                                                                       \
            }                                                                                                          \
            double sum = 0;                                                                                            \
            for (int64_t c = 0; c < g.C; c++) {                                                                        \
                T e = EXP(px[c * g.inner] - m);                                                                        \
                sum += e;                                                                                              \
                if (!log_)                                                                                             \
                    py[c * g.inner] = e;                                                                               \
            }                                                                                                          \
            if (log_) { /* (x - m) - log(sum): exact where x - lse would round */                                      \
                T ls = (T)log(sum);                                                                                    \
                for (int64_t c = 0; c < g.C; c++)                                                                      \
                    py[c * g.inner] = (px[c * g.inner] - m) - ls;                                                      \
            } else {                                                                                                   \
                for (int64_t c = 0; c < g.C; c++)                                                                      \
                    py[c * g.inner] = (T)(py[c * g.inner] / sum);                                                      \
            }                                                                                                          \
        }                                                                                                              \
    }
SOFTMAX_FN(softmax_f32, float, expf)
SOFTMAX_FN(softmax_f64, double, exp)

/* exp and log of a vector's lanes as PyTorch's Vectorized<T> computes them:
 * SLEEF's functions where it runs its AVX2 kernels, libm's per lane where it
 * runs the DEFAULT ones (vec_math.h). */
#define LANES_FN(name, T, W, VEC, LIBM)   \
    static inline void name(T *v) {       \
        if (cg_vec_math_available()) {    \
            VEC(v, v);                    \
            return;                       \
        }                                 \
        for (int l = 0; l < W; l++)       \
            v[l] = LIBM(v[l]);            \
    }
LANES_FN(lanes_exp_f32, float, 8, cg_vec_exp_f32, expf)
LANES_FN(lanes_log_f32, float, 8, cg_vec_log_f32, logf)
LANES_FN(lanes_exp_f64, double, 4, cg_vec_exp_f64, exp)
LANES_FN(lanes_log_f64, double, 4, cg_vec_log_f64, log)

#define T float
#define W 8
#define SFX f32
#define VEXP lanes_exp_f32
#define VLOG lanes_log_f32
#define TREE 1
#define FMA fmaf
#include "softmax_loop.h"
#undef FMA
#undef T
#undef W
#undef SFX
#undef VEXP
#undef VLOG
#undef TREE
#define T double
#define W 4
#define SFX f64
#define VEXP lanes_exp_f64
#define VLOG lanes_log_f64
#define TREE 0
#define FMA fma
#include "softmax_loop.h"
#undef FMA
#undef T
#undef W
#undef SFX
#undef VEXP
#undef VLOG
#undef TREE

/* in[0] x and out[0] y contiguous of one float dtype and shape; dim in
 * args->i[0] (wrapped). Over the last dim the order is PyTorch's
 * (softmax_loop.h). */
static void softmax_run(const cg_kernel_call *c, bool log_) {
    const cg_tensor *x = c->in[0];
    softmax_geom g = geom_of(x, (int)c->args->i[0]);
    if (g.inner == 1 && g.C > 0) {
        void *y = cg_tensor_data(c->out[0]);
        if (x->dtype == CG_F32)
            (log_ ? log_softmax_rows_f32 : softmax_rows_f32)(cg_tensor_data(x), y, g.outer, g.C);
        else
            (log_ ? log_softmax_rows_f64 : softmax_rows_f64)(cg_tensor_data(x), y, g.outer, g.C);
        return;
    }
    if (x->dtype == CG_F32)
        softmax_f32(cg_tensor_data(x), cg_tensor_data(c->out[0]), g, log_);
    else
        softmax_f64(cg_tensor_data(x), cg_tensor_data(c->out[0]), g, log_);
}
void cg_cpu_softmax(const cg_kernel_call *c) { softmax_run(c, false); }
void cg_cpu_log_softmax(const cg_kernel_call *c) { softmax_run(c, true); }

/* ---- softmax / log_softmax frontends ------------------------------------------------ */

static cg_tensor *softmax_common(cg_op op, cg_tensor *x, int64_t dim, int dtype) {
    if (dtype >= 0) { /* PyTorch casts first; the cast is its own node */
        cg_tensor *cast = cg_to_dtype(x, (cg_dtype)dtype);
        cg_tensor *out = cast ? softmax_common(op, cast, dim, -1) : NULL;
        cg_tensor_release(cast);
        return out;
    }
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0)
        return NULL;
    if (!cg_dtype_is_float(x->dtype)) {
        /* PyTorch's kernel names: both ops share the one of other dims */
        bool last = x->ndim == 0 || d == x->ndim - 1;
        cg_nn_not_implemented(!last                 ? "softmax_kernel_impl"
                              : op == CG_OP_SOFTMAX ? "softmax_lastdim_kernel_impl"
                                                    : "log_softmax_lastdim_kernel_impl",
                              x->dtype);
        return NULL;
    }
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xc = cg_contiguous(x);
    cg_grad_set_enabled(was);
    cg_tensor *out = xc ? cg_tensor_empty(x->ndim, x->sizes, x->dtype, cg_tensor_device(x)) : NULL;
    cg_op_args args = {.i = {d}};
    if (out) {
        cg_kernel_call call = {.op = op, .nout = 1, .nin = 1, .out = {out}, .in = {xc}, .args = &args};
        if (cg_op_run(&call) < 0) {
            cg_tensor_release(out);
            out = NULL;
        }
    }
    cg_tensor_release(xc);
    cg_save_spec save[] = {{out, "result"}, {x, "self"}};
    return cg_ew_record(out, op, 1, &x, 2, save, &args);
}

cg_tensor *cg_softmax(cg_tensor *x, int64_t dim, int dtype) { return softmax_common(CG_OP_SOFTMAX, x, dim, dtype); }
cg_tensor *cg_log_softmax(cg_tensor *x, int64_t dim, int dtype) {
    return softmax_common(CG_OP_LOG_SOFTMAX, x, dim, dtype);
}

cg_tensor *cg_softmin(cg_tensor *x, int64_t dim, int dtype) {
    cg_tensor *neg = cg_neg(x);
    cg_tensor *out = neg ? cg_softmax(neg, dim, dtype) : NULL;
    cg_tensor_release(neg);
    return out;
}

int cg_softmax_default_dim(int ndim) { return ndim == 0 || ndim == 1 || ndim == 3 ? 0 : 1; }

/* ---- softmax / log_softmax derivatives ----------------------------------------------- */

/* The node's result for its derivative; in a create_graph backward it
 * carries the node as its history (see Note [Saved outputs]). */
static cg_tensor *result_of(cg_node *n) {
    cg_tensor *y;
    if (cg_node_saved(n, 0, &y) < 0)
        return NULL;
    return cg_tensor_retain(y);
}

/* sum(t, dim, keepdim=True) over the node's softmax dim */
static cg_tensor *sum_dim(cg_node *n, cg_tensor *t) { return cg_sum(t, 1, &n->args.i[0], true); }

/* SoftmaxBackward0: result * (grad - sum(grad * result, dim)) */
int cg_bw_softmax(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *y = result_of(n);
    if (!y)
        return -1;
    cg_tensor *gy = cg_mul(go[0], y);
    cg_tensor *s = gy ? sum_dim(n, gy) : NULL;
    cg_tensor *diff = s ? cg_sub(go[0], s, cg_scalar_int(1)) : NULL;
    gi[0] = diff ? cg_mul(y, diff) : NULL;
    cg_tensor_release(gy), cg_tensor_release(s), cg_tensor_release(diff), cg_tensor_release(y);
    return gi[0] ? 0 : -1;
}

/* LogSoftmaxBackward0 over the last dim of contiguous CPU floats, when no
 * graph of the derivative is wanted: PyTorch's fused kernel (above), NULL
 * where it does not apply */
static cg_tensor *log_softmax_grad_fused(cg_node *n, cg_tensor *g) {
    cg_tensor *y;
    if (cg_grad_enabled())
        return NULL;
    if (cg_node_saved(n, 0, &y) < 0) { /* the composite path reports it */
        cg_error_clear();
        return NULL;
    }
    bool last = y->ndim == 0 || n->args.i[0] == y->ndim - 1;
    if (!last || !cg_tensor_is_contiguous(y) || !cg_tensor_is_contiguous(g) || g->dtype != y->dtype
        || g->ndim != y->ndim || memcmp(g->sizes, y->sizes, (size_t)y->ndim * sizeof *y->sizes)
        || cg_tensor_device(y).type != CG_CPU || cg_tensor_device(g).type != CG_CPU || cg_tensor_numel(y) == 0)
        return NULL;
    cg_tensor *out = cg_tensor_empty(y->ndim, y->sizes, y->dtype, cg_device_cpu());
    if (!out)
        return NULL;
    int64_t C = y->ndim ? y->sizes[y->ndim - 1] : 1, rows = cg_tensor_numel(y) / C;
    if (y->dtype == CG_F32)
        log_softmax_backward_rows_f32(cg_tensor_data(g), cg_tensor_data(y), cg_tensor_data(out), rows, C);
    else
        log_softmax_backward_rows_f64(cg_tensor_data(g), cg_tensor_data(y), cg_tensor_data(out), rows, C);
    return out;
}

/* LogSoftmaxBackward0: grad - exp(result) * sum(grad, dim) */
int cg_bw_log_softmax(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    if ((gi[0] = log_softmax_grad_fused(n, go[0])))
        return 0;
    cg_tensor *y = result_of(n);
    cg_tensor *e = y ? cg_exp(y) : NULL;
    cg_tensor_release(y);
    cg_tensor *s = e ? sum_dim(n, go[0]) : NULL;
    cg_tensor *p = s ? cg_mul(e, s) : NULL;
    gi[0] = p ? cg_sub(go[0], p, cg_scalar_int(1)) : NULL;
    cg_tensor_release(e), cg_tensor_release(s), cg_tensor_release(p);
    return gi[0] ? 0 : -1;
}
