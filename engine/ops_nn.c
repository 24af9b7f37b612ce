/* ops_nn.c: softmax and log_softmax (ops_nn.h), with the helpers that
 * the losses of ops_loss.c and dropout's ops_dropout.c share
 * (nn_internal.h).
 *
 * softmax and log_softmax are fused kernels over a contiguous copy of the
 * input seen as [outer, C, inner] (C the softmax dim), in PyTorch's order
 * (Note [Softmax over other dims]); their derivatives are PyTorch's
 * backward kernels, ops of their own (_softmax_backward_data,
 * _log_softmax_backward_data) whose derivatives are written with engine
 * ops, so double backward works. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ew.h"
#include "nn_internal.h"
#include "ops.h"
#include "vec_math.h"

/* ---- shared helpers (nn_internal.h) ---------------------------------------------- */

int cg_nn_not_implemented(const char *kernel, cg_dtype dt) {
    cg_error_set(CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel, cg_dtype_legacy_name(dt));
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

#define SOFTMAX_COLS
#include "softmax_each.h"
#undef SOFTMAX_COLS

/* The row kernels for dtype (float32 or float64): built for AVX2 where the
 * CPU has it (the same bits, wider instructions) */
static const cg_softmax_rows *rows_for(cg_dtype dtype) {
    static const cg_softmax_rows f32 = CG_SOFTMAX_ROWS_OF(f32), f64 = CG_SOFTMAX_ROWS_OF(f64);
    if (cg_vec_math_available())
        return dtype == CG_F32 ? &cg_softmax_rows_f32_avx2 : &cg_softmax_rows_f64_avx2;
    return dtype == CG_F32 ? &f32 : &f64;
}

/* Note [Softmax over other dims]
 * PyTorch 1.13 (AVX2) runs softmax, log_softmax and their derivatives over
 * the last dim by rows (softmax_loop.h), and over any other dim, even one
 * with inner size 1, by kernels that walk the outer * inner columns down
 * their C elements (softmax_cols_loop.h), always on contiguous copies:
 * - softmax takes a group of W adjacent columns as one vector (SLEEF's exp,
 *   NaN-propagating max, sum from 0, then a division) where the group fits
 *   in its row and in the thread's range of parallel_for (grain 32768 / C),
 *   and single columns by scalars otherwise (libm's exp, std::max, which
 *   skips a NaN after the first value): its values depend on the thread
 *   count, so cgrad splits the columns as parallel_for does.
 * - log_softmax and both derivatives take blocks of columns, a multiple of
 *   W wide: only the last inner % W columns of each row are scalar (libm's
 *   exp), whatever the threads. log_softmax's max is `x > max ? x : max`
 *   from -inf, so it skips NaN (the sum still turns NaN); the log of the
 *   sums is SLEEF's for every column.
 * - Where the AVX2 build fused a multiply and an add, one FMA: g * y added
 *   to softmax's sums, g - exp(y) * s in log_softmax's derivative. */

/* in[0] x and out[0] y contiguous of one float dtype and shape; dim in
 * args->i[0] (wrapped). */
static void softmax_run(const cg_kernel_call *c, bool log_) {
    const cg_tensor *x = c->in[0];
    int dim = (int)c->args->i[0];
    softmax_geom g = geom_of(x, dim);
    const void *px = cg_tensor_data(x);
    void *py = cg_tensor_data(c->out[0]);
    bool f32 = x->dtype == CG_F32;
    if (cg_tensor_numel(x) == 0)
        return;
    if (x->ndim == 0 || dim == x->ndim - 1) {
        const cg_softmax_rows *k = rows_for(x->dtype);
        (log_ ? k->log_softmax : k->softmax)(px, py, g.outer, g.C);
    } else if (log_) {
        if (f32)
            for_blocks_f32(log_softmax_block_f32, px, NULL, py, g.outer, g.C, g.inner);
        else
            for_blocks_f64(log_softmax_block_f64, px, NULL, py, g.outer, g.C, g.inner);
    } else if (f32) {
        softmax_cols_f32(px, py, g.outer, g.C, g.inner);
    } else {
        softmax_cols_f64(px, py, g.outer, g.C, g.inner);
    }
}
void cg_cpu_softmax(const cg_kernel_call *c) { softmax_run(c, false); }
void cg_cpu_log_softmax(const cg_kernel_call *c) { softmax_run(c, true); }

/* ---- softmax / log_softmax frontends ------------------------------------------------ */

/* A contiguous copy (or x itself), made without recording: PyTorch's
 * kernels run on contiguous tensors. */
static cg_tensor *contiguous_nograd(cg_tensor *x) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *c = cg_contiguous(x);
    cg_grad_set_enabled(was);
    return c;
}

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
    cg_tensor *xc = contiguous_nograd(x);
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

/* SoftmaxBackward0: _softmax_backward_data(grad, result, dim) */
int cg_bw_softmax(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *y = result_of(n);
    gi[0] = y ? cg_softmax_backward_data(go[0], y, n->args.i[0], false) : NULL;
    cg_tensor_release(y);
    return gi[0] ? 0 : -1;
}

/* LogSoftmaxBackward0: _log_softmax_backward_data(grad, result, dim) */
int cg_bw_log_softmax(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *y = result_of(n);
    gi[0] = y ? cg_softmax_backward_data(go[0], y, n->args.i[0], true) : NULL;
    cg_tensor_release(y);
    return gi[0] ? 0 : -1;
}

/* ---- the backward kernels as ops of their own ------------------------------------------ */

/* in[0] grad and in[1] output contiguous of one float dtype and shape, as
 * out[0]; dim in args->i[0] (wrapped). */
static void softmax_backward_run(const cg_kernel_call *c, bool log_) {
    const cg_tensor *g = c->in[0], *y = c->in[1];
    int dim = (int)c->args->i[0];
    softmax_geom geo = geom_of(y, dim);
    const void *pg = cg_tensor_data(g), *py = cg_tensor_data(y);
    void *po = cg_tensor_data(c->out[0]);
    bool f32 = y->dtype == CG_F32;
    if (cg_tensor_numel(y) == 0)
        return;
    if (y->ndim == 0 || dim == y->ndim - 1) {
        const cg_softmax_rows *k = rows_for(y->dtype);
        (log_ ? k->log_softmax_backward : k->softmax_backward)(pg, py, po, geo.outer, geo.C);
    } else if (f32) {
        for_blocks_f32(log_ ? log_softmax_backward_block_f32 : softmax_backward_block_f32, pg, py, po, geo.outer,
                       geo.C, geo.inner);
    } else {
        for_blocks_f64(log_ ? log_softmax_backward_block_f64 : softmax_backward_block_f64, pg, py, po, geo.outer,
                       geo.C, geo.inner);
    }
}
void cg_cpu_softmax_backward_data(const cg_kernel_call *c) { softmax_backward_run(c, false); }
void cg_cpu_log_softmax_backward_data(const cg_kernel_call *c) { softmax_backward_run(c, true); }

cg_tensor *cg_softmax_backward_data(cg_tensor *grad, cg_tensor *output, int64_t dim, bool log_) {
    cg_op op = log_ ? CG_OP_LOG_SOFTMAX_BACKWARD_DATA : CG_OP_SOFTMAX_BACKWARD_DATA;
    int d = cg_wrap_dim(dim, output->ndim);
    if (d < 0 || cg_check_same_device(2, (cg_tensor *[]){grad, output}) < 0)
        return NULL;
    CG_CHECK(cg_dtype_is_float(output->dtype) && grad->dtype == output->dtype, CG_RUNTIME_ERROR,
             "expected grad_output and output of one floating dtype, got %s and %s", cg_dtype_name(grad->dtype),
             cg_dtype_name(output->dtype));
    CG_CHECK(grad->ndim == output->ndim
                 && !memcmp(grad->sizes, output->sizes, (size_t)output->ndim * sizeof *output->sizes),
             CG_RUNTIME_ERROR, "grad_output and output must have the same size");
    cg_tensor *g = contiguous_nograd(grad), *y = g ? contiguous_nograd(output) : NULL;
    cg_tensor *out = y ? cg_tensor_empty(y->ndim, y->sizes, y->dtype, cg_tensor_device(y)) : NULL;
    cg_op_args args = {.i = {d}};
    cg_kernel_call call = {.op = op, .nout = 1, .nin = 2, .out = {out}, .in = {g, y}, .args = &args};
    if (out && cg_op_run(&call) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(g), cg_tensor_release(y);
    cg_save_spec save[] = {{grad, "grad_output"}, {output, "output"}};
    return cg_ew_record(out, op, 2, (cg_tensor *[]){grad, output}, 2, save, &args);
}

/* SoftmaxBackwardDataBackward0: grad_output: _softmax_backward_data(grad,
 * output, dim); output: grad_output * grad - sum(output * grad_output) *
 * grad - grad_output * sum(output * grad), the sums over dim kept */
int cg_bw_softmax_backward_data(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *g, *y;
    if (cg_node_saved_all(n, 2, &g, &y) < 0)
        return -1;
    if (n->next[0].node && !(gi[0] = cg_softmax_backward_data(go[0], y, n->args.i[0], false)))
        return -1;
    if (!n->next[1].node)
        return 0;
    cg_tensor *yg = cg_mul(y, g), *syg = yg ? sum_dim(n, yg) : NULL;
    cg_tensor *ygg = syg ? cg_mul(y, go[0]) : NULL, *sygg = ygg ? sum_dim(n, ygg) : NULL;
    cg_tensor *a = sygg ? cg_mul(g, go[0]) : NULL, *b = a ? cg_mul(syg, go[0]) : NULL;
    cg_tensor *c = b ? cg_mul(g, sygg) : NULL, *ab = c ? cg_sub(a, b, cg_scalar_int(1)) : NULL;
    gi[1] = ab ? cg_sub(ab, c, cg_scalar_int(1)) : NULL;
    cg_tensor_release(yg), cg_tensor_release(syg), cg_tensor_release(ygg), cg_tensor_release(sygg);
    cg_tensor_release(a), cg_tensor_release(b), cg_tensor_release(c), cg_tensor_release(ab);
    return gi[1] ? 0 : -1;
}

/* LogSoftmaxBackwardDataBackward0: grad_output: grad - sum(grad *
 * exp(output)); output: -sum(grad_output) * exp(output) * grad, the sums
 * over dim kept */
int cg_bw_log_softmax_backward_data(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *g, *y;
    if (cg_node_saved_all(n, 2, &g, &y) < 0)
        return -1;
    cg_tensor *e = cg_exp(y);
    int rc = e ? 0 : -1;
    if (rc == 0 && n->next[0].node) {
        cg_tensor *p = cg_mul(go[0], e), *s = p ? sum_dim(n, p) : NULL;
        gi[0] = s ? cg_sub(go[0], s, cg_scalar_int(1)) : NULL;
        rc = gi[0] ? 0 : -1;
        cg_tensor_release(p), cg_tensor_release(s);
    }
    if (rc == 0 && n->next[1].node) {
        cg_tensor *s = sum_dim(n, g), *ns = s ? cg_neg(s) : NULL, *p = ns ? cg_mul(ns, e) : NULL;
        gi[1] = p ? cg_mul(p, go[0]) : NULL;
        rc = gi[1] ? 0 : -1;
        cg_tensor_release(s), cg_tensor_release(ns), cg_tensor_release(p);
    }
    cg_tensor_release(e);
    return rc;
}
