/* ops_loss.c: the loss functions of ops_nn.h (mse_loss, smooth_l1_loss,
 * huber_loss, nll_loss, cross_entropy, binary_cross_entropy,
 * binary_cross_entropy_with_logits), their kernels and derivatives.
 *
 * Each loss is one fused op with its own node, as in PyTorch: its kernel
 * computes the elementwise loss (or, for nll_loss, the whole loss), the
 * reduction runs with grad mode off, and the node is recorded on the
 * original inputs. Derivatives: mse_loss's with engine ops; the others'
 * through their backward kernels (rows *_BACKWARD and *_GRAD), like
 * PyTorch's *_backward functions, which are differentiable in turn, so
 * double backward works. cross_entropy is a composite, as in PyTorch.
 * nll_loss and BCE check targets and values on the host (a CPU copy). */
#include <math.h>
#include <string.h>

#include "ew.h"
#include "nn_internal.h"
#include "ops.h"
#include "scalar_math.h"
#include "sum_order.h"

/* ---- shared by the losses ----------------------------------------------------------------- */

/* The elementwise loss reduced by `reduction`; consumes elem. Grad mode is
 * off around it: the loss's own node is recorded afterwards. */
static cg_tensor *loss_reduce(cg_tensor *elem, cg_reduction reduction) {
    if (!elem || reduction == CG_REDUCTION_NONE)
        return elem;
    cg_tensor *sum = cg_sum(elem, 0, NULL, false);
    cg_tensor *out = sum;
    if (sum && reduction == CG_REDUCTION_MEAN) { /* 0 / 0 is nan for an empty input, as in PyTorch */
        cg_tensor *n = cg_scalar_tensor(cg_scalar_float((double)cg_tensor_numel(elem)));
        out = n ? cg_div(sum, n) : NULL;
        cg_tensor_release(n), cg_tensor_release(sum);
    }
    cg_tensor_release(elem);
    return out;
}

/* The gradient of a reduced elementwise loss: d * weight * grad, divided by
 * the element count for 'mean' (grad is 0-d then, else of d's shape).
 * weight may be NULL. */
static cg_tensor *loss_grad(cg_tensor *d, cg_tensor *weight, cg_tensor *grad, cg_reduction reduction) {
    cg_tensor *dg = cg_mul(d, grad);
    cg_tensor *g = !dg || !weight ? dg : cg_mul(dg, weight);
    if (g != dg)
        cg_tensor_release(dg);
    if (!g || reduction != CG_REDUCTION_MEAN)
        return g;
    cg_tensor *n = cg_scalar_tensor(cg_scalar_float((double)cg_tensor_numel(d)));
    cg_tensor *out = n ? cg_div(g, n) : NULL;
    cg_tensor_release(n), cg_tensor_release(g);
    return out;
}

/* A contiguous copy (or x itself), made without recording. */
static cg_tensor *contiguous_nograd(cg_tensor *x) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *c = cg_contiguous(x);
    cg_grad_set_enabled(was);
    return c;
}

/* The same on the CPU, for the checks and counts that read values on the
 * host (targets, BCE's range check) whatever x's device. */
static cg_tensor *host_values(cg_tensor *x) {
    cg_tensor *c = contiguous_nograd(x);
    if (!c || cg_tensor_device(c).type == CG_CPU)
        return c;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *h = cg_to_device(c, cg_device_cpu());
    cg_grad_set_enabled(was);
    cg_tensor_release(c);
    return h;
}

/* ---- mse_loss, smooth_l1_loss, huber_loss ------------------------------------------------------- */

/* Elementwise losses of input a and target b, and the derivative of
 * smooth_l1's and huber's in d = a - b of order args->i[1] (1 or 2); the
 * formulas are scalar_math.h's, shared with CUDA. beta or delta in
 * args->s[0]; args->flag: huber. */
#define PARAM(T) const T k = (T)cg_scalar_to_double(args->s[0])
#define MSE_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, cg_mse_at(a, b))
#define SMOOTH_L1_ROW(name, T) CG_BINARY_ROW(name, T, PARAM(T), cg_smooth_l1_at(a, b, k))
#define HUBER_ROW(name, T) CG_BINARY_ROW(name, T, PARAM(T), cg_huber_at(a, b, k))
#define ROBUST_GRAD_ROW(name, T)                                    \
    CG_BINARY_ROW(name, T, PARAM(T); const bool huber = args->flag; \
                  const int order = (int)args->i[1], cg_robust_grad_at(a - b, k, huber, order))
CG_EXPAND_FLOAT(MSE_ROW, mse)
CG_EXPAND_FLOAT(SMOOTH_L1_ROW, smooth_l1)
CG_EXPAND_FLOAT(HUBER_ROW, huber)
CG_EXPAND_FLOAT(ROBUST_GRAD_ROW, robust_grad)
static const cg_row_fn mse_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(mse)};
static const cg_row_fn smooth_l1_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(smooth_l1)};
static const cg_row_fn huber_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(huber)};
static const cg_row_fn robust_grad_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(robust_grad)};

/* out, input, target of one shape and float dtype */
void cg_cpu_mse_loss(const cg_kernel_call *c) { cg_ew_run(c, mse_rows, 0); }
void cg_cpu_smooth_l1_loss(const cg_kernel_call *c) { cg_ew_run(c, smooth_l1_rows, 0); }
void cg_cpu_huber_loss(const cg_kernel_call *c) { cg_ew_run(c, huber_rows, 0); }
void cg_cpu_robust_loss_grad(const cg_kernel_call *c) { cg_ew_run(c, robust_grad_rows, 0); }

/* t expanded to shape, or t itself when it has it already (no node, as
 * PyTorch's broadcast_tensors) */
static cg_tensor *expand_to(cg_tensor *t, int ndim, const int64_t *shape) {
    if (t->ndim == ndim && !memcmp(t->sizes, shape, (size_t)ndim * sizeof *shape))
        return cg_tensor_retain(t);
    return cg_expand(t, ndim, shape);
}

/* The losses of d = input - target: F.mse_loss and friends broadcast the
 * two (with a UserWarning) before the op, so the expands are nodes under
 * the loss's, as in PyTorch. kernel: PyTorch's name in dtype errors. */
static cg_tensor *pointwise_loss(cg_op op, const char *kernel, cg_tensor *input, cg_tensor *target,
                                 cg_reduction reduction, const cg_op_args *args) {
    int ndim;
    int64_t shape[CG_MAX_DIMS];
    if (cg_broadcast_shapes(input->ndim, input->sizes, target->ndim, target->sizes, &ndim, shape) < 0)
        return NULL;
    cg_dtype dt = cg_result_type(2, (cg_tensor *[]){input, target});
    if (!cg_dtype_is_float(dt)) {
        cg_nn_not_implemented(kernel, dt);
        return NULL;
    }
    cg_tensor *a = expand_to(input, ndim, shape);
    cg_tensor *b = a ? expand_to(target, ndim, shape) : NULL;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = b ? loss_reduce(cg_ew_binary(op, a, b, dt, dt, args), reduction) : NULL;
    cg_grad_set_enabled(was);
    cg_save_spec save[] = {{a, "self"}, {b, "target"}};
    out = cg_ew_record(out, op, 2, (cg_tensor *[]){a, b}, 2, save, args);
    cg_tensor_release(a), cg_tensor_release(b);
    return out;
}

cg_tensor *cg_mse_loss(cg_tensor *input, cg_tensor *target, cg_reduction reduction) {
    cg_op_args args = {.i = {reduction}};
    return pointwise_loss(CG_OP_MSE_LOSS, "mse_cpu", input, target, reduction, &args);
}

/* l1_loss is composite in PyTorch 1.13: abs(input - target) then the
 * reduction, so its graph is MeanBackward0/SumBackward0 over AbsBackward0
 * over SubBackward0 (with ExpandBackward0 where the shapes differ). */
cg_tensor *cg_l1_loss(cg_tensor *input, cg_tensor *target, cg_reduction reduction) {
    int ndim;
    int64_t shape[CG_MAX_DIMS];
    if (cg_broadcast_shapes(input->ndim, input->sizes, target->ndim, target->sizes, &ndim, shape) < 0)
        return NULL;
    cg_tensor *a = expand_to(input, ndim, shape);
    cg_tensor *b = a ? expand_to(target, ndim, shape) : NULL;
    cg_tensor *d = b ? cg_sub(a, b, cg_scalar_int(1)) : NULL;
    cg_tensor *abs = d ? cg_abs(d) : NULL;
    cg_tensor *out = NULL;
    if (abs)
        out = reduction == CG_REDUCTION_NONE  ? cg_tensor_retain(abs)
              : reduction == CG_REDUCTION_SUM ? cg_sum(abs, 0, NULL, false)
                                              : cg_mean(abs, 0, NULL, false);
    cg_tensor_release(a), cg_tensor_release(b), cg_tensor_release(d), cg_tensor_release(abs);
    return out;
}

cg_tensor *cg_smooth_l1_loss(cg_tensor *input, cg_tensor *target, cg_reduction reduction, double beta) {
    CG_CHECK(beta >= 0, CG_RUNTIME_ERROR, "smooth_l1_loss does not support negative values for beta.");
    cg_op_args args = {.i = {reduction}, .s = {cg_scalar_float(beta)}};
    return pointwise_loss(CG_OP_SMOOTH_L1_LOSS, "smooth_l1_cpu", input, target, reduction, &args);
}

cg_tensor *cg_huber_loss(cg_tensor *input, cg_tensor *target, cg_reduction reduction, double delta) {
    CG_CHECK(delta > 0, CG_RUNTIME_ERROR, "huber_loss does not support non-positive values for delta.");
    cg_op_args args = {.i = {reduction}, .s = {cg_scalar_float(delta)}, .flag = true};
    return pointwise_loss(CG_OP_HUBER_LOSS, "huber_cpu", input, target, reduction, &args);
}

cg_tensor *cg_robust_loss_grad(cg_tensor *input, cg_tensor *target, double param, bool huber, int order) {
    cg_op_args args = {.i = {0, order}, .s = {cg_scalar_float(param)}, .flag = huber};
    cg_tensor *out = cg_ew_binary(CG_OP_ROBUST_LOSS_GRAD, input, target, input->dtype, input->dtype, &args);
    cg_save_spec save[] = {{input, "self"}, {target, "target"}};
    out = cg_ew_record(out, CG_OP_ROBUST_LOSS_GRAD, 2, (cg_tensor *[]){input, target}, 2, save, &args);
    if (out && out->grad_fn && huber) /* one row serves both; PyTorch names them apart */
        out->grad_fn->name = "HuberLossBackwardBackward0";
    return out;
}

/* The gradients of a loss of input - target whose elementwise derivative
 * is d: self (norm * d) * grad, norm 1 / numel for 'mean' rounded to the
 * dtype (1 otherwise), in the order of PyTorch's vectorised backward kernels;
 * target its negation. */
typedef void (*loss_grad_fixup)(cg_node *n, cg_tensor *g, cg_tensor *grad, double norm);
static int difference_loss_grads(cg_node *n, cg_tensor *d, cg_tensor *grad, cg_reduction reduction, cg_tensor **gi,
                                 loss_grad_fixup fixup) {
    double norm = reduction == CG_REDUCTION_MEAN && d ? 1.0 / (double)cg_tensor_numel(d) : 1.0;
    cg_tensor *scaled = !d                                ? NULL
                        : reduction == CG_REDUCTION_MEAN ? cg_mul_scalar(d, norm)
                                                          : cg_tensor_retain(d);
    cg_tensor *g = scaled ? cg_mul(scaled, grad) : NULL;
    cg_tensor_release(scaled);
    if (!g)
        return -1;
    if (fixup)
        fixup(n, g, grad, norm);
    gi[0] = n->next[0].node ? cg_tensor_retain(g) : NULL;
    gi[1] = n->next[1].node ? cg_neg(g) : NULL;
    cg_tensor_release(g);
    return n->next[1].node && !gi[1] ? -1 : 0;
}

/* MseLossBackward0: self: norm * (self - target) * grad, with norm 2 / numel
 * for 'mean' (2 otherwise) rounded to the dtype, multiplied in that order
 * as PyTorch's mse_backward kernel does; target: its negation, which is
 * norm * (target - self) * grad exactly. */
int cg_bw_mse_loss(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *target;
    if (cg_node_saved_all(n, 2, &self, &target) < 0)
        return -1;
    double norm = (cg_reduction)n->args.i[0] == CG_REDUCTION_MEAN ? 2.0 / (double)cg_tensor_numel(self) : 2.0;
    cg_tensor *diff = cg_sub(self, target, cg_scalar_int(1));
    cg_tensor *d = diff ? cg_mul_scalar(diff, norm) : NULL;
    cg_tensor *g = d ? cg_mul(d, go[0]) : NULL;
    cg_tensor_release(diff), cg_tensor_release(d);
    if (!g)
        return -1;
    gi[0] = n->next[0].node ? cg_tensor_retain(g) : NULL;
    gi[1] = n->next[1].node ? cg_neg(g) : NULL;
    cg_tensor_release(g);
    return n->next[1].node && !gi[1] ? -1 : 0;
}

/* smooth_l1's backward kernel is vectorised (norm * (x / beta) * grad, as
 * ROBUST_LOSS_GRAD computes it) but ends each thread's range with its
 * scalar form, norm * x * grad / beta, on the last n % 16 (float) or n % 8
 * (double) elements: those are rewritten here where x is inside the
 * threshold (the linear piece), when self and target are contiguous and
 * alike, as PyTorch's loop sees them, and grad is one value or alike. */
#define SMOOTH_TAIL(T)                                                                                   \
    do {                                                                                                 \
        T *pg = cg_tensor_data(g), b = (T)beta, nm = (T)norm;                                           \
        const T *ps = cg_tensor_data(self), *pt = cg_tensor_data(target), *pr = cg_tensor_data(grad);   \
        for (int64_t i = begin; i < end; i++) {                                                          \
            T x = ps[i] - pt[i];                                                                         \
            if (x > -b && x < b)                                                                         \
                pg[i] = nm * x * pr[one ? 0 : i] / b;                                                    \
        }                                                                                                \
    } while (0)
static void smooth_l1_tails(cg_node *n, cg_tensor *g, cg_tensor *grad, double norm) {
    cg_tensor *self, *target;
    if (n->args.flag || cg_node_saved_all(n, 2, &self, &target) < 0)
        return;
    int64_t numel = cg_tensor_numel(g);
    bool one = cg_tensor_numel(grad) == 1;
    if (cg_tensor_device(g).type != CG_CPU || !cg_tensor_is_contiguous(self) || !cg_tensor_is_contiguous(target)
        || !cg_tensor_is_contiguous(grad) || !cg_tensor_is_contiguous(g) || self->dtype != g->dtype
        || target->dtype != g->dtype || grad->dtype != g->dtype || cg_tensor_numel(self) != numel
        || cg_tensor_numel(target) != numel || (!one && cg_tensor_numel(grad) != numel))
        return;
    double beta = cg_scalar_to_double(n->args.s[0]);
    int64_t parts = cg_parallel_parts(numel), chunk = (numel + parts - 1) / parts, step = g->dtype == CG_F32 ? 16 : 8;
    for (int64_t c0 = 0; c0 < numel; c0 += chunk) {
        int64_t c1 = c0 + chunk < numel ? c0 + chunk : numel, end = c1, begin = c1 - (c1 - c0) % step;
        if (g->dtype == CG_F32)
            SMOOTH_TAIL(float);
        else
            SMOOTH_TAIL(double);
    }
}
#undef SMOOTH_TAIL

/* SmoothL1LossBackward0, HuberLossBackward0: through ROBUST_LOSS_GRAD */
int cg_bw_robust_loss(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *self, *target;
    if (cg_node_saved_all(n, 2, &self, &target) < 0)
        return -1;
    cg_tensor *d = cg_robust_loss_grad(self, target, cg_scalar_to_double(n->args.s[0]), n->args.flag, 1);
    int rc = difference_loss_grads(n, d, go[0], (cg_reduction)n->args.i[0], gi, smooth_l1_tails);
    cg_tensor_release(d);
    return rc;
}

/* ROBUST_LOSS_GRAD's own derivative: of order 1, grad * (second
 * derivative), negated for the target; of order 2, zero (piecewise
 * constant). */
int cg_bw_robust_loss_grad(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    if (n->args.i[1] == 2)
        return 0;
    cg_tensor *self, *target;
    if (cg_node_saved_all(n, 2, &self, &target) < 0)
        return -1;
    cg_tensor *d2 = cg_robust_loss_grad(self, target, cg_scalar_to_double(n->args.s[0]), n->args.flag, 2);
    cg_tensor *g = d2 ? cg_mul(go[0], d2) : NULL;
    cg_tensor_release(d2);
    if (!g)
        return -1;
    gi[0] = n->next[0].node ? cg_tensor_retain(g) : NULL;
    gi[1] = n->next[1].node ? cg_neg(g) : NULL;
    cg_tensor_release(g);
    return n->next[1].node && !gi[1] ? -1 : 0;
}

/* ---- nll_loss ----------------------------------------------------------------------------------- */

/* An nll_loss input as [N, C, S]: [C] is one row, [N, C] has S = 1, and
 * nll_loss2d's [N, C, H, W] has S = H * W; targets and 'none' outputs are
 * [N, S]. */
typedef struct {
    int64_t N, C, S;
} nll_geom;

static nll_geom nll_geom_of(int ndim, const int64_t *sizes) {
    if (ndim == 4)
        return (nll_geom){sizes[0], sizes[1], sizes[2] * sizes[3]};
    return (nll_geom){ndim == 2 ? sizes[0] : 1, sizes[ndim - 1], 1};
}

/* x: [N, C, S], t: [N, S] int64, w: [C] or NULL, all contiguous. 'none':
 * out [N, S]; else out 0-d, and tw (0-d) the summed weight of counted
 * targets. The sums are PyTorch's (nll_loss_out_frame, and nll_loss2d's
 * alike): in the dtype, over eight levels, where counted target k (of the
 * N*S in order) is subtracted at level 0 and then, while k's next group of
 * level_power bits is zero, each level is moved up into the next; the
 * levels are added in order at the end. */
#define NLL_FN(name, T)                                                                                     \
    static void name(const T *x, const int64_t *t, const T *w, T *out, T *tw, nll_geom g, cg_reduction red, \
                     int64_t ignore) {                                                                      \
        enum { LEVELS = 8 };                                                                                \
        T loss[LEVELS] = {0}, weight[LEVELS] = {0};                                                         \
        const int64_t n = g.N * g.S;                                                                        \
        int64_t power = (n <= 2 ? 1 : 64 - __builtin_clzll((unsigned long long)(n - 1))) / LEVELS;          \
        power = power < 4 ? 4 : power;                                                                      \
        const int64_t mask = ((int64_t)1 << power) - 1;                                                     \
        int64_t ignored = 0;                                                                                \
        for (int64_t k = 0; k < n; k++) {                                                                   \
            int64_t i = k / g.S, s = k % g.S, tk = t[k];                                                    \
            if (tk == ignore) {                                                                             \
                ignored++;                                                                                  \
                if (red == CG_REDUCTION_NONE)                                                               \
                    out[k] = 0;                                                                             \
                continue;                                                                                   \
            }                                                                                               \
            T v = x[(i * g.C + tk) * g.S + s];                                                              \
            if (red == CG_REDUCTION_NONE) {                                                                 \
                out[k] = -v * (w ? w[tk] : (T)1);                                                           \
                continue;                                                                                   \
            }                                                                                               \
            if (w) {                                                                                        \
                loss[0] -= v * w[tk];                                                                       \
                weight[0] += w[tk];                                                                         \
            } else {                                                                                        \
                loss[0] -= v;                                                                               \
            }                                                                                               \
            for (int j = 0; j + 1 < LEVELS && (k & (mask << (j * power))) == 0; j++) {                      \
                weight[j + 1] += weight[j], loss[j + 1] += loss[j];                                         \
                weight[j] = 0, loss[j] = 0;                                                                 \
            }                                                                                               \
        }                                                                                                   \
        if (red == CG_REDUCTION_NONE) {                                                                     \
            *tw = 0;                                                                                        \
            return;                                                                                         \
        }                                                                                                   \
        T total = w ? 0 : (T)(n - ignored), sum = 0;                                                        \
        for (int j = 0; j < LEVELS; j++) {                                                                  \
            if (w)                                                                                          \
                total += weight[j];                                                                         \
            sum += loss[j];                                                                                 \
        }                                                                                                   \
        *out = red == CG_REDUCTION_MEAN ? sum / total : sum;                                                \
        *tw = total;                                                                                        \
    }
NLL_FN(nll_f32, float)
NLL_FN(nll_f64, double)

static const void *data_or_null(const cg_tensor *t) { return t ? cg_tensor_data(t) : NULL; }

/* in: input, target, weight (may be NULL), contiguous; out: loss,
 * total_weight (0-d). args: i[0] reduction, i[1] ignore_index. The kernel
 * of both NLL_LOSS and NLL_LOSS2D. */
void cg_cpu_nll_loss(const cg_kernel_call *c) {
    nll_geom g = nll_geom_of(c->in[0]->ndim, c->in[0]->sizes);
    cg_reduction red = (cg_reduction)c->args->i[0];
    if (c->in[0]->dtype == CG_F32)
        nll_f32(cg_tensor_data(c->in[0]), cg_tensor_data(c->in[1]), data_or_null(c->in[2]), cg_tensor_data(c->out[0]),
                cg_tensor_data(c->out[1]), g, red, c->args->i[1]);
    else
        nll_f64(cg_tensor_data(c->in[0]), cg_tensor_data(c->in[1]), data_or_null(c->in[2]), cg_tensor_data(c->out[0]),
                cg_tensor_data(c->out[1]), g, red, c->args->i[1]);
}

/* F.nll_loss's own checks (nll_loss_nd), before it picks a kernel */
static int nll_check_batch(const cg_tensor *x, const cg_tensor *t) {
    CG_CHECK_INT(x->ndim >= 1, CG_VALUE_ERROR, "Expected 1 or more dimensions (got %d)", x->ndim);
    CG_CHECK_INT(x->ndim == 1 || t->ndim == 0 || x->sizes[0] == t->sizes[0], CG_VALUE_ERROR,
                 "Expected input batch_size (%lld) to match target batch_size (%lld).", (long long)x->sizes[0],
                 (long long)t->sizes[0]);
    return 0;
}

/* nll_loss_forward's shape checks ([C] or [N, C] inputs) */
static int nll_check_shapes(const cg_tensor *x, const cg_tensor *t, const cg_tensor *w) {
    CG_CHECK_INT(t->ndim <= 1, CG_RUNTIME_ERROR, "0D or 1D target tensor expected, multi-target not supported");
    char a[128], b[128];
    bool no_batch = x->ndim == 1 && t->ndim == 0;
    CG_CHECK_INT(no_batch || (t->ndim == 1 && x->sizes[0] == t->sizes[0]), CG_RUNTIME_ERROR,
                 "size mismatch (got input: %s, target: %s)", cg_sizes_str(x->ndim, x->sizes, a, sizeof a),
                 cg_sizes_str(t->ndim, t->sizes, b, sizeof b));
    int64_t C = x->sizes[x->ndim - 1];
    CG_CHECK_INT(!w || (w->ndim == 1 && w->sizes[0] == C), CG_RUNTIME_ERROR,
                 "weight tensor should be defined either for all %lld classes or no classes but got weight tensor "
                 "of shape: %s",
                 (long long)C, w ? cg_sizes_str(w->ndim, w->sizes, a, sizeof a) : "");
    return 0;
}

/* nll_loss2d_forward's shape checks ([N, C, H, W] inputs, [N, H, W]
 * targets); PyTorch's size-mismatch message has no closing parenthesis. */
static int nll2d_check_shapes(const cg_tensor *x, const cg_tensor *t, const cg_tensor *w) {
    CG_CHECK_INT(t->ndim == 3, CG_RUNTIME_ERROR,
                 "only batches of spatial targets supported (3D tensors) but got targets of dimension: %d", t->ndim);
    CG_CHECK_INT(!w || cg_tensor_numel(w) == x->sizes[1], CG_RUNTIME_ERROR,
                 "weight tensor should be defined either for all or no classes");
    char a[128], b[128];
    CG_CHECK_INT(x->sizes[0] == t->sizes[0] && x->sizes[2] == t->sizes[1] && x->sizes[3] == t->sizes[2],
                 CG_RUNTIME_ERROR, "size mismatch (got input: %s , target: %s",
                 cg_sizes_str(x->ndim, x->sizes, a, sizeof a), cg_sizes_str(t->ndim, t->sizes, b, sizeof b));
    return 0;
}

static int nll_check_dtypes(const cg_tensor *x, const cg_tensor *t, const cg_tensor *w) {
    if (!cg_dtype_is_float(x->dtype))
        return cg_nn_not_implemented(x->ndim == 4 ? "nll_loss2d_forward_out_frame" : "nll_loss_out_frame", x->dtype);
    CG_CHECK_INT(t->dtype == CG_INT64, CG_RUNTIME_ERROR, "expected scalar type Long but found %s",
                 cg_dtype_legacy_name(t->dtype));
    CG_CHECK_INT(!w || w->dtype == x->dtype, CG_RUNTIME_ERROR, "expected scalar type %s but found %s",
                 cg_dtype_legacy_name(x->dtype), cg_dtype_legacy_name(w->dtype));
    return cg_nn_check_nondiff(x->ndim == 4 ? "nll_loss2d_forward" : "nll_loss_forward", "weight", w);
}

/* t int64: every target is ignore_index or a class in [0, C) */
static int nll_check_targets(cg_tensor *t, int64_t C, int64_t ignore) {
    cg_tensor *h = host_values(t);
    if (!h)
        return -1;
    const int64_t *p = cg_tensor_data(h);
    int64_t bad = -1, n = cg_tensor_numel(h);
    for (int64_t i = 0; i < n && bad < 0; i++)
        if (p[i] != ignore && (p[i] < 0 || p[i] >= C))
            bad = i;
    int64_t value = bad >= 0 ? p[bad] : 0;
    cg_tensor_release(h);
    CG_CHECK_INT(bad < 0, CG_INDEX_ERROR, "Target %lld is out of bounds.", (long long)value);
    return 0;
}

/* Runs the kernel of op over contiguous operands; *total gets total_weight. */
static cg_tensor *nll_run(cg_op op, cg_tensor *x, cg_tensor *t, cg_tensor *w, const cg_op_args *args,
                          cg_tensor **total) {
    cg_device dev = cg_tensor_device(x);
    bool none = args->i[0] == CG_REDUCTION_NONE;
    cg_tensor *out = cg_tensor_empty(none ? t->ndim : 0, t->sizes, x->dtype, dev);
    *total = cg_tensor_empty(0, NULL, x->dtype, dev);
    cg_kernel_call call = {.op = op, .nout = 2, .nin = 3, .out = {out, *total}, .in = {x, t, w}, .args = args};
    if (!out || !*total || cg_op_run(&call) < 0) {
        cg_tensor_release(out), cg_tensor_release(*total);
        *total = NULL;
        return NULL;
    }
    return out;
}

/* nll_loss and nll_loss2d, their shapes checked: the fused op and its node */
static cg_tensor *nll_fused(cg_op op, cg_tensor *input, cg_tensor *target, cg_tensor *weight, int64_t ignore_index,
                            cg_reduction reduction) {
    if (nll_check_dtypes(input, target, weight) < 0)
        return NULL;
    cg_tensor *x = contiguous_nograd(input), *t = contiguous_nograd(target);
    cg_tensor *w = weight ? contiguous_nograd(weight) : NULL;
    cg_tensor *out = NULL, *total = NULL;
    cg_op_args args = {.i = {reduction, ignore_index}};
    int64_t C = nll_geom_of(input->ndim, input->sizes).C;
    if (x && t && (w || !weight) && nll_check_targets(t, C, ignore_index) == 0)
        out = nll_run(op, x, t, w, &args, &total);
    cg_save_spec save[] = {{target, "target"}, {weight, "weight"}, {total, "total_weight"}, {input, "self"}};
    out = cg_ew_record(out, op, 3, (cg_tensor *[]){input, target, weight}, 4, save, &args);
    cg_tensor_release(x), cg_tensor_release(t), cg_tensor_release(w), cg_tensor_release(total);
    return out;
}

/* t viewed as [n, ...] (sizes from `sizes`, d dims), through a contiguous copy
 * when needed, recorded (CloneBackward0, ViewBackward0) as in PyTorch */
static cg_tensor *contiguous_view(cg_tensor *t, int d, const int64_t *sizes) {
    cg_tensor *c = cg_contiguous(t);
    cg_tensor *v = c ? cg_view(c, d, sizes) : NULL;
    cg_tensor_release(c);
    return v;
}

/* 3-d and > 4-d inputs go through nll_loss2d as [N, C, 1, S], as
 * nll_loss_nd does; a 'none' loss is viewed back to [N, d1, ...]. */
static cg_tensor *nll_nd(cg_tensor *input, cg_tensor *target, cg_tensor *weight, int64_t ignore_index,
                         cg_reduction reduction) {
    int64_t N = input->sizes[0], C = input->sizes[1];
    int64_t want[CG_MAX_DIMS] = {N};
    memcpy(want + 1, input->sizes + 2, (size_t)(input->ndim - 2) * sizeof *want);
    char a[128], b[128];
    CG_CHECK(target->ndim == input->ndim - 1 && !memcmp(want, target->sizes, (size_t)target->ndim * sizeof *want),
             CG_RUNTIME_ERROR, "Expected target size %s, got %s", cg_sizes_str(input->ndim - 1, want, a, sizeof a),
             cg_sizes_str(target->ndim, target->sizes, b, sizeof b));
    bool empty_x = cg_tensor_numel(input) == 0, empty_t = cg_tensor_numel(target) == 0;
    cg_tensor *x = contiguous_view(input, 4, (int64_t[]){N, C, empty_x ? 0 : 1, empty_x ? 0 : -1});
    cg_tensor *t = x ? contiguous_view(target, 3, (int64_t[]){N, empty_t ? 0 : 1, empty_t ? 0 : -1}) : NULL;
    cg_tensor *out = t ? cg_nll_loss(x, t, weight, ignore_index, reduction) : NULL;
    cg_tensor_release(x), cg_tensor_release(t);
    if (!out || reduction != CG_REDUCTION_NONE)
        return out;
    cg_tensor *v = cg_view(out, input->ndim - 1, want);
    cg_tensor_release(out);
    return v;
}

cg_tensor *cg_nll_loss(cg_tensor *input, cg_tensor *target, cg_tensor *weight, int64_t ignore_index,
                       cg_reduction reduction) {
    if (nll_check_batch(input, target) < 0)
        return NULL;
    if (input->ndim <= 2)
        return nll_check_shapes(input, target, weight) < 0
                   ? NULL
                   : nll_fused(CG_OP_NLL_LOSS, input, target, weight, ignore_index, reduction);
    if (input->ndim == 4)
        return nll2d_check_shapes(input, target, weight) < 0
                   ? NULL
                   : nll_fused(CG_OP_NLL_LOSS2D, input, target, weight, ignore_index, reduction);
    return nll_nd(input, target, weight, ignore_index, reduction);
}

/* NllLossBackward0 and NllLoss2DBackward0: self: nll_loss_backward(grad, ...) */
int cg_bw_nll_loss(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *target, *weight, *total, *self;
    if (cg_node_saved_all(n, 4, &target, &weight, &total, &self) < 0)
        return -1;
    gi[0] = cg_nll_loss_backward(go[0], self, target, weight, (cg_reduction)n->args.i[0], n->args.i[1], total);
    return gi[0] ? 0 : -1;
}

/* ---- nll_loss_backward --------------------------------------------------------------------------- */

/* gi: [N, C, S] contiguous, zeroed here; g: [N, S] ('none') or 0-d;
 * t: [N, S]; w: [C] or NULL; tw: 0-d.
 * gi[i, t[i, s], s] = -w[t[i, s]] * g (/ tw for 'mean'). */
#define NLL_BACKWARD_FN(name, T)                                                                                   \
    static void name(T *gi, const T *g, const int64_t *t, const T *w, const T *tw, nll_geom geo, cg_reduction red, \
                     int64_t ignore) {                                                                             \
        memset(gi, 0, (size_t)(geo.N * geo.C * geo.S) * sizeof(T));                                                \
        for (int64_t i = 0; i < geo.N; i++)                                                                        \
            for (int64_t s = 0; s < geo.S; s++) {                                                                  \
                int64_t k = i * geo.S + s, tk = t[k];                                                              \
                if (tk == ignore)                                                                                  \
                    continue;                                                                                      \
                T gv = red == CG_REDUCTION_NONE ? g[k] : red == CG_REDUCTION_MEAN ? *g / *tw : *g;                 \
                gi[(i * geo.C + tk) * geo.S + s] = -(w ? w[tk] : 1) * gv;                                          \
            }                                                                                                      \
    }
NLL_BACKWARD_FN(nll_backward_f32, float)
NLL_BACKWARD_FN(nll_backward_f64, double)

/* out: grad_input of the input's sizes; in: grad, target, weight (may be
 * NULL), total_weight, all contiguous. args as nll_loss's. */
void cg_cpu_nll_loss_backward(const cg_kernel_call *c) {
    nll_geom g = nll_geom_of(c->out[0]->ndim, c->out[0]->sizes);
    cg_reduction red = (cg_reduction)c->args->i[0];
    if (c->out[0]->dtype == CG_F32)
        nll_backward_f32(cg_tensor_data(c->out[0]), cg_tensor_data(c->in[0]), cg_tensor_data(c->in[1]),
                         data_or_null(c->in[2]), cg_tensor_data(c->in[3]), g, red, c->args->i[1]);
    else
        nll_backward_f64(cg_tensor_data(c->out[0]), cg_tensor_data(c->in[0]), cg_tensor_data(c->in[1]),
                         data_or_null(c->in[2]), cg_tensor_data(c->in[3]), g, red, c->args->i[1]);
}

cg_tensor *cg_nll_loss_backward(cg_tensor *grad, cg_tensor *self, cg_tensor *target, cg_tensor *weight,
                                cg_reduction reduction, int64_t ignore_index, cg_tensor *total_weight) {
    cg_op op = self->ndim == 4 ? CG_OP_NLL_LOSS2D_BACKWARD : CG_OP_NLL_LOSS_BACKWARD;
    cg_tensor *g = contiguous_nograd(grad), *t = contiguous_nograd(target);
    cg_tensor *w = weight ? contiguous_nograd(weight) : NULL, *tw = contiguous_nograd(total_weight);
    cg_tensor *out = g && t && tw && (w || !weight)
                         ? cg_tensor_empty(self->ndim, self->sizes, grad->dtype, cg_tensor_device(grad))
                         : NULL;
    cg_op_args args = {.i = {reduction, ignore_index}};
    cg_kernel_call call = {.op = op, .nout = 1, .nin = 4, .out = {out}, .in = {g, t, w, tw}, .args = &args};
    if (out && cg_op_run(&call) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(g), cg_tensor_release(t), cg_tensor_release(w), cg_tensor_release(tw);
    /* self is an input of the node, as in PyTorch, though its gradient is
     * zero: the result requires grad when self does */
    cg_save_spec save[] = {{target, "target"}, {weight, "weight"}};
    return cg_ew_record(out, op, 2, (cg_tensor *[]){grad, self}, 2, save, &args);
}

/* NllLossBackwardBackward0, NllLoss2DBackwardBackward0: grad_output:
 * nll_loss(grad, target, weight, ...); self: zero (left NULL) */
int cg_bw_nll_loss_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *target, *weight;
    if (!n->next[0].node)
        return 0;
    if (cg_node_saved_all(n, 2, &target, &weight) < 0)
        return -1;
    gi[0] = cg_nll_loss(go[0], target, weight, n->args.i[1], (cg_reduction)n->args.i[0]);
    return gi[0] ? 0 : -1;
}

/* ---- cross_entropy --------------------------------------------------------------------------------- */

/* Of the targets that are not ignore_index (int64, in range): their count,
 * or the sum of their weights as PyTorch takes it (weight.gather(0,
 * target[kept]).sum(): a sum in the weight's dtype, in sum's order);
 * -1 on error. */
static double counted_weight(cg_tensor *t, cg_tensor *w, int64_t ignore) {
    cg_tensor *th = host_values(t), *wh = w ? host_values(w) : NULL;
    int64_t n = th ? cg_tensor_numel(th) : 0, kept = 0;
    const int64_t *p = th ? cg_tensor_data(th) : NULL;
    for (int64_t i = 0; i < n; i++)
        kept += p[i] != ignore;
    double sum = th && (!w || wh) ? (double)kept : -1;
    cg_tensor *g = wh ? cg_tensor_empty(1, &kept, wh->dtype, cg_tensor_device(wh)) : NULL;
    cg_tensor *s = g ? cg_tensor_empty(1, (int64_t[]){1}, wh->dtype, cg_tensor_device(wh)) : NULL;
    if (s) {
        size_t es = cg_tensor_itemsize(wh);
        char *gd = cg_tensor_data(g);
        for (int64_t i = 0, k = 0; i < n; i++)
            if (p[i] != ignore)
                memcpy(gd + es * (size_t)k++, (const char *)cg_tensor_data(wh) + es * (size_t)p[i], es);
        cg_sum_torch_order(g, s);
        sum = wh->dtype == CG_F32 ? *(const float *)cg_tensor_data(s) : *(const double *)cg_tensor_data(s);
    } else if (w) {
        sum = -1;
    }
    cg_tensor_release(th), cg_tensor_release(wh), cg_tensor_release(g), cg_tensor_release(s);
    return sum;
}

/* logp * weight, the class weights [C] viewed along logp's class dim
 * (dim 1, or 0 for a [C] input); logp itself when there are none. */
static cg_tensor *weighted_classes(cg_tensor *logp, cg_tensor *weight) {
    if (!weight)
        return cg_tensor_retain(logp);
    int64_t sizes[CG_MAX_DIMS];
    for (int d = 0; d < logp->ndim; d++)
        sizes[d] = d == (logp->ndim >= 2 ? 1 : 0) ? -1 : 1;
    cg_tensor *wv = cg_reshape(weight, logp->ndim, sizes);
    cg_tensor *out = wv ? cg_mul(logp, wv) : NULL;
    cg_tensor_release(wv);
    return out;
}

/* The reduction of the smoothing term, whose 'mean' divides by the counted
 * targets' weight as nll_loss does (consumes loss). */
static cg_tensor *smooth_reduce(cg_tensor *loss, cg_reduction red, double denom) {
    if (!loss || red == CG_REDUCTION_NONE)
        return loss;
    cg_tensor *sum = cg_sum(loss, 0, NULL, false);
    cg_tensor_release(loss);
    if (!sum || red == CG_REDUCTION_SUM)
        return sum;
    cg_tensor *d = cg_scalar_tensor(cg_scalar_float(denom));
    cg_tensor *out = d ? cg_div(sum, d) : NULL;
    cg_tensor_release(d), cg_tensor_release(sum);
    return out;
}

/* PyTorch's label-smoothing term: -sum(logp * weight, class dim), zeroed
 * in place where the target is ignored (MaskedFillBackward0), reduced. */
static cg_tensor *smooth_term(cg_tensor *logp, cg_tensor *target, cg_tensor *weight, int64_t ignore, cg_reduction red) {
    int64_t cdim = logp->ndim >= 2 ? 1 : 0;
    cg_tensor *lw = weighted_classes(logp, weight);
    cg_tensor *s = lw ? cg_sum(lw, 1, &cdim, false) : NULL;
    cg_tensor *neg = s ? cg_neg(s) : NULL;
    cg_tensor *ign = neg ? cg_scalar_tensor(cg_scalar_int(ignore)) : NULL;
    cg_tensor *mask = ign ? cg_eq(target, ign) : NULL;
    double denom = mask ? counted_weight(target, weight, ignore) : -1;
    if (denom < 0 || cg_masked_fill_(neg, mask, cg_scalar_float(0.0)) < 0) {
        cg_tensor_release(neg);
        neg = NULL;
    } else if (neg->grad_fn) { /* PyTorch writes index_put_({mask}, 0.0): the same derivative */
        neg->grad_fn->name = "IndexPutBackward0";
    }
    cg_tensor_release(lw), cg_tensor_release(s), cg_tensor_release(ign), cg_tensor_release(mask);
    return smooth_reduce(neg, red, denom);
}

/* t * a C++ number: mul.Scalar, whose node PyTorch names MulBackward1 */
static cg_tensor *mul_number(cg_tensor *t, double v) {
    cg_tensor *out = cg_mul_scalar(t, v);
    if (out && out->grad_fn)
        out->grad_fn->name = "MulBackward1";
    return out;
}

/* (1 - ls) * nll + smooth * (ls / C): AddBackward0 on top, as in PyTorch */
static cg_tensor *smooth_combine(cg_tensor *nll, cg_tensor *smooth, double ls, int64_t C) {
    cg_tensor *a = mul_number(nll, 1 - ls);
    cg_tensor *b = a ? mul_number(smooth, ls / (double)C) : NULL;
    cg_tensor *out = b ? cg_add(a, b, cg_scalar_int(1)) : NULL;
    cg_tensor_release(a), cg_tensor_release(b);
    return out;
}

/* Class probabilities as targets (PyTorch's cross_entropy_loss_prob_target):
 * -sum(log_softmax(x) * weight * target), smoothed toward uniform; 'mean'
 * divides by the number of rows, 'none' sums over the class dim only. */
static cg_tensor *cross_entropy_probs(cg_tensor *input, cg_tensor *target, cg_tensor *weight, cg_reduction reduction,
                                      double ls) {
    int64_t cdim = input->ndim >= 2 ? 1 : 0, C = input->sizes[cdim];
    cg_tensor *t = ls > 0 ? cg_mul_scalar(target, 1 - ls) : cg_tensor_retain(target);
    if (t && ls > 0) {
        cg_tensor *shifted = cg_add_scalar(t, ls / (double)C);
        cg_tensor_release(t);
        t = shifted;
    }
    cg_tensor *logp = t ? cg_log_softmax(input, cdim, -1) : NULL;
    cg_tensor *lw = logp ? weighted_classes(logp, weight) : NULL;
    cg_tensor *prod = lw ? cg_mul(lw, t) : NULL;
    bool none = reduction == CG_REDUCTION_NONE;
    cg_tensor *sum = prod ? cg_sum(prod, none ? 1 : 0, &cdim, false) : NULL;
    cg_tensor *out = sum ? cg_neg(sum) : NULL;
    cg_tensor_release(t), cg_tensor_release(logp), cg_tensor_release(lw), cg_tensor_release(prod);
    cg_tensor_release(sum);
    if (out && reduction == CG_REDUCTION_MEAN) { /* an empty input gives nan, as 0 / 0 */
        int64_t n = cg_tensor_numel(input);
        cg_tensor *rows = cg_scalar_tensor(cg_scalar_float(n ? (double)(n / C) : 0.0));
        cg_tensor *mean = rows ? cg_div(out, rows) : NULL;
        cg_tensor_release(rows), cg_tensor_release(out);
        out = mean;
        if (out && out->grad_fn) /* PyTorch divides by a C++ number here: div.Scalar */
            out->grad_fn->name = "DivBackward1";
    }
    return out;
}

static bool same_sizes(const cg_tensor *a, const cg_tensor *b) {
    return a->ndim == b->ndim && !memcmp(a->sizes, b->sizes, (size_t)a->ndim * sizeof *a->sizes);
}

cg_tensor *cg_cross_entropy(cg_tensor *input, cg_tensor *target, cg_tensor *weight, int64_t ignore_index,
                            cg_reduction reduction, double label_smoothing) {
    /* PyTorch's order of checks; a negative label_smoothing passes unchecked
     * and means none */
    char buf[32];
    CG_CHECK(label_smoothing <= 1, CG_RUNTIME_ERROR, "label_smoothing must be between 0.0 and 1.0. Got: %s",
             cg_nn_float_repr(label_smoothing, buf, sizeof buf));
    if (same_sizes(input, target)) { /* the same shape means class probabilities */
        CG_CHECK(cg_dtype_is_float(target->dtype), CG_RUNTIME_ERROR,
                 "Expected floating point type for target with class probabilities, got %s",
                 cg_dtype_legacy_name(target->dtype));
        CG_CHECK(ignore_index < 0, CG_RUNTIME_ERROR, "ignore_index is not supported for floating point target");
        int64_t C = input->sizes[input->ndim >= 2 ? 1 : 0];
        char a[128];
        CG_CHECK(!weight || (weight->ndim == 1 && weight->sizes[0] == C), CG_RUNTIME_ERROR,
                 "cross_entropy: weight tensor should be defined either for all %lld classes or no classes but got "
                 "weight tensor of shape: %s",
                 (long long)C, weight ? cg_sizes_str(weight->ndim, weight->sizes, a, sizeof a) : "");
        return cross_entropy_probs(input, target, weight, reduction, label_smoothing);
    }
    cg_tensor *logp = cg_log_softmax(input, input->ndim >= 2 ? 1 : 0, -1);
    cg_tensor *nll = logp ? cg_nll_loss(logp, target, weight, ignore_index, reduction) : NULL;
    if (!nll || label_smoothing <= 0) {
        cg_tensor_release(logp);
        return nll;
    }
    cg_tensor *smooth = smooth_term(logp, target, weight, ignore_index, reduction);
    int64_t C = input->sizes[input->ndim >= 2 ? 1 : 0];
    cg_tensor *out = smooth ? smooth_combine(nll, smooth, label_smoothing, C) : NULL;
    cg_tensor_release(logp), cg_tensor_release(nll), cg_tensor_release(smooth);
    return out;
}

/* ---- binary_cross_entropy ------------------------------------------------------------------------- */

/* BCE's elementwise loss, and its partial derivatives of order args->i[1]
 * (cg_bce_order): scalar_math.h's formulas, shared with CUDA */
#define BCE_ROW(name, T) CG_BINARY_ROW(name, T, CG_NOPRO, cg_bce_at(a, b))
#define BCE_GRAD_ROW(name, T) CG_BINARY_ROW(name, T, const int order = (int)args->i[1], cg_bce_grad_at(a, b, order))
CG_EXPAND_FLOAT(BCE_ROW, bce)
CG_EXPAND_FLOAT(BCE_GRAD_ROW, bce_grad)
static const cg_row_fn bce_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(bce)};
static const cg_row_fn bce_grad_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(bce_grad)};

/* out, input, target of one shape and float dtype */
void cg_cpu_bce(const cg_kernel_call *c) { cg_ew_run(c, bce_rows, 0); }
void cg_cpu_bce_grad(const cg_kernel_call *c) { cg_ew_run(c, bce_grad_rows, 0); }

/* Every element of x (float) lies in [lo, hi]; NaN does not. */
static bool all_within(cg_tensor *x, double lo, double hi) {
    cg_tensor *c = host_values(x);
    bool ok = c != NULL;
    for (int64_t i = 0, n = ok ? cg_tensor_numel(c) : 0; i < n && ok; i++) {
        double v = c->dtype == CG_F32 ? ((const float *)cg_tensor_data(c))[i] : ((const double *)cg_tensor_data(c))[i];
        ok = v >= lo && v <= hi;
    }
    cg_tensor_release(c);
    return ok;
}

/* weight broadcasts to the loss's shape, as F.binary_cross_entropy expands it */
static int check_weight_shape(const cg_tensor *loss_like, const cg_tensor *w) {
    int ndim;
    int64_t shape[CG_MAX_DIMS];
    if (!w)
        return 0;
    if (cg_broadcast_shapes(loss_like->ndim, loss_like->sizes, w->ndim, w->sizes, &ndim, shape) < 0)
        return -1;
    char a[128], b[128];
    CG_CHECK_INT(ndim == loss_like->ndim && !memcmp(shape, loss_like->sizes, (size_t)ndim * sizeof *shape),
                 CG_RUNTIME_ERROR, "output with shape %s doesn't match the broadcast shape %s",
                 cg_sizes_str(loss_like->ndim, loss_like->sizes, a, sizeof a), cg_sizes_str(ndim, shape, b, sizeof b));
    return 0;
}

static int bce_check(cg_tensor *x, cg_tensor *t, cg_tensor *w) {
    char a[160], b[160];
    CG_CHECK_INT(same_sizes(x, t), CG_VALUE_ERROR,
                 "Using a target size (%s) that is different to the input size (%s) is deprecated. Please ensure "
                 "they have the same size.",
                 cg_nn_size_repr(t, a, sizeof a), cg_nn_size_repr(x, b, sizeof b));
    CG_CHECK_INT(t->dtype == x->dtype, CG_RUNTIME_ERROR, "Found dtype %s but expected %s", cg_dtype_legacy_name(t->dtype),
                 cg_dtype_legacy_name(x->dtype));
    if (!cg_dtype_is_float(x->dtype))
        return cg_nn_not_implemented("binary_cross_entropy", x->dtype);
    if (check_weight_shape(x, w) < 0 || cg_nn_check_nondiff("binary_cross_entropy", "weight", w) < 0)
        return -1;
    CG_CHECK_INT(all_within(x, 0, 1), CG_RUNTIME_ERROR, "all elements of input should be between 0 and 1");
    CG_CHECK_INT(all_within(t, 0, 1), CG_RUNTIME_ERROR, "all elements of target should be between 0 and 1");
    return 0;
}

/* The elementwise loss of op times weight, reduced, with grad mode off. */
static cg_tensor *weighted_loss(cg_op op, int n, cg_tensor *const *in, cg_tensor *w, cg_reduction red) {
    bool was = cg_grad_set_enabled(false);
    cg_dtype dt = in[0]->dtype, compute[3] = {dt, dt, dt};
    cg_tensor *elem = n == 2 ? cg_ew_binary(op, in[0], in[1], dt, dt, NULL)
                             : cg_ew_ternary(op, in[0], in[1], in[2], compute, dt, NULL);
    if (elem && w) {
        cg_tensor *ew = cg_mul(elem, w);
        cg_tensor_release(elem);
        elem = ew;
    }
    cg_tensor *out = loss_reduce(elem, red);
    cg_grad_set_enabled(was);
    return out;
}

cg_tensor *cg_binary_cross_entropy(cg_tensor *input, cg_tensor *target, cg_tensor *weight, cg_reduction reduction) {
    if (bce_check(input, target, weight) < 0)
        return NULL;
    cg_tensor *out = weighted_loss(CG_OP_BCE, 2, (cg_tensor *[]){input, target}, weight, reduction);
    cg_op_args args = {.i = {reduction}};
    cg_save_spec save[] = {{input, "self"}, {target, "target"}, {weight, "weight"}};
    return cg_ew_record(out, CG_OP_BCE, 3, (cg_tensor *[]){input, target, weight}, 3, save, &args);
}

cg_tensor *cg_binary_cross_entropy_grad(cg_tensor *input, cg_tensor *target, int order) {
    cg_op_args args = {.i = {0, order}};
    cg_tensor *out = cg_ew_binary(CG_OP_BCE_GRAD, input, target, input->dtype, input->dtype, &args);
    cg_save_spec save[] = {{input, "self"}, {target, "target"}};
    return cg_ew_record(out, CG_OP_BCE_GRAD, 2, (cg_tensor *[]){input, target}, 2, save, &args);
}

/* The partials of either BCE loss: x, t, pos_weight (NULL for BCE, or when
 * not given), order. */
typedef cg_tensor *(*bce_partial_fn)(cg_tensor *x, cg_tensor *t, cg_tensor *pw, int order);

/* BCE's and BCE-with-logits' derivatives: the first partials times weight
 * and grad (/ numel for 'mean'). Saved: self, target, weight[, pos_weight]. */
static int bce_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi, bce_partial_fn partial) {
    cg_tensor *x, *t, *w, *pw = NULL;
    if (cg_node_saved_all(n, 3, &x, &t, &w) < 0 || (n->nsaved > 3 && cg_node_saved(n, 3, &pw) < 0))
        return -1;
    for (int k = 0; k < 2; k++) {
        if (!n->next[k].node)
            continue;
        cg_tensor *d = partial(x, t, pw, k == 0 ? CG_BCE_DX : CG_BCE_DT);
        gi[k] = d ? loss_grad(d, w, go[0], (cg_reduction)n->args.i[0]) : NULL;
        cg_tensor_release(d);
        if (!gi[k])
            return -1;
    }
    return 0;
}

/* The partials' own derivatives (double backward): d(L_x)/dx = L_xx,
 * d(L_x)/dt = d(L_t)/dx = L_xt, d(L_t)/dt = 0. Saved: self, target[,
 * pos_weight]. */
static int bce_partial_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi, bce_partial_fn partial) {
    int order = (int)n->args.i[1];
    CG_CHECK_INT(order == CG_BCE_DX || order == CG_BCE_DT, CG_NOT_IMPLEMENTED_ERROR,
                 "derivatives of order 3 of %s are not supported yet", n->name);
    cg_tensor *x, *t, *pw = NULL;
    if (cg_node_saved_all(n, 2, &x, &t) < 0 || (n->nsaved > 2 && cg_node_saved(n, 2, &pw) < 0))
        return -1;
    for (int k = 0; k < 2; k++) {
        if (!n->next[k].node || (k == 1 && order == CG_BCE_DT))
            continue;
        cg_tensor *d = partial(x, t, pw, k == 0 && order == CG_BCE_DX ? CG_BCE_DXX : CG_BCE_DXT);
        gi[k] = d ? cg_mul(go[0], d) : NULL;
        cg_tensor_release(d);
        if (!gi[k])
            return -1;
    }
    return 0;
}

static cg_tensor *bce_partial(cg_tensor *x, cg_tensor *t, cg_tensor *pw, int order) {
    (void)pw;
    return cg_binary_cross_entropy_grad(x, t, order);
}

/* BinaryCrossEntropyBackward0: self and target, through BCE_GRAD */
int cg_bw_bce(cg_node *n, cg_tensor *const *go, cg_tensor **gi) { return bce_backward(n, go, gi, bce_partial); }
/* BCE_GRAD's own derivative, for double backward */
int cg_bw_bce_grad(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return bce_partial_backward(n, go, gi, bce_partial);
}

/* ---- binary_cross_entropy_with_logits -------------------------------------------------------------- */

/* x logits, t target, pw pos_weight (1 when not given): the loss, and its
 * partials of order args->i[1] (cg_bce_order); scalar_math.h's formulas,
 * shared with CUDA */
#define BCE_LOGITS_ROW(name, T)                                                                                      \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {                                       \
        (void)ctx;                                                                                                   \
        for (int64_t i = 0; i < n; i++)                                                                              \
            *(T *)(p[0] + i * s[0]) = cg_bce_logits_at(*(const T *)(p[1] + i * s[1]), *(const T *)(p[2] + i * s[2]), \
                                                       *(const T *)(p[3] + i * s[3]));                               \
    }
#define BCE_LOGITS_GRAD_ROW(name, T)                                                                                 \
    static void name(char **p, const int64_t *s, int64_t n, const void *ctx) {                                       \
        const int order = (int)((const cg_op_args *)ctx)->i[1];                                                      \
        for (int64_t i = 0; i < n; i++)                                                                              \
            *(T *)(p[0] + i * s[0]) = cg_bce_logits_grad_at(                                                         \
                *(const T *)(p[1] + i * s[1]), *(const T *)(p[2] + i * s[2]), *(const T *)(p[3] + i * s[3]), order); \
    }
CG_EXPAND_FLOAT(BCE_LOGITS_ROW, bce_logits)
CG_EXPAND_FLOAT(BCE_LOGITS_GRAD_ROW, bce_logits_grad)
static const cg_row_fn bce_logits_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(bce_logits)};
static const cg_row_fn bce_logits_grad_rows[CG_DTYPE_COUNT] = {CG_ROWS_FLOAT(bce_logits_grad)};

/* out, input, target, pos_weight broadcast to one shape, one float dtype */
void cg_cpu_bce_logits(const cg_kernel_call *c) { cg_ew_run(c, bce_logits_rows, 0); }
void cg_cpu_bce_logits_grad(const cg_kernel_call *c) { cg_ew_run(c, bce_logits_grad_rows, 0); }

static int bce_logits_check(cg_tensor *x, cg_tensor *t, cg_tensor *w, cg_tensor *pw) {
    char a[160], b[160];
    CG_CHECK_INT(same_sizes(x, t), CG_VALUE_ERROR, "Target size (%s) must be the same as input size (%s)",
                 cg_nn_size_repr(t, a, sizeof a), cg_nn_size_repr(x, b, sizeof b));
    /* PyTorch computes (1 - target).mul_(input) in place */
    CG_CHECK_INT(cg_dtype_is_float(t->dtype), CG_RUNTIME_ERROR,
                 "result type Float can't be cast to the desired output type %s", cg_dtype_legacy_name(t->dtype));
    if (!cg_dtype_is_float(x->dtype))
        return cg_nn_not_implemented("binary_cross_entropy_with_logits", x->dtype);
    if (check_weight_shape(x, w) < 0 || check_weight_shape(x, pw) < 0)
        return -1;
    if (cg_nn_check_nondiff("binary_cross_entropy_with_logits", "weight", w) < 0)
        return -1;
    return cg_nn_check_nondiff("binary_cross_entropy_with_logits", "pos_weight", pw);
}

/* Temporaries of a composite, released together; a NULL input makes the
 * rest NULL. */
typedef struct {
    cg_tensor *t[24];
    int n;
} bce_tmps;
static cg_tensor *keep(bce_tmps *k, cg_tensor *t) { return k->n < 24 ? (k->t[k->n++] = t) : NULL; }
#define K(expr) (failed ? NULL : (failed = !keep(&k, (expr)) || !k.t[k.n - 1], failed ? NULL : k.t[k.n - 1]))
static cg_tensor *bce_tmps_done(bce_tmps *k, cg_tensor *r) {
    r = r ? cg_tensor_retain(r) : NULL;
    for (int i = 0; i < k->n; i++)
        cg_tensor_release(k->t[i]);
    return r;
}

/* The elementwise loss as PyTorch 1.13 composes it (vector exp and log):
 * m = max(-x, 0), s = log(exp(-m) + exp(-x - m)); without pos_weight
 * ((1 - t) x + m) + s, with it (1 - t) x + ((pw - 1) t + 1)(s + m).
 * Not recorded. */
static cg_tensor *bce_logits_elem(cg_tensor *x, cg_tensor *t, cg_tensor *pw) {
    bce_tmps k = {0};
    bool failed = false, was = cg_grad_set_enabled(false);
    cg_scalar zero = cg_scalar_int(0);
    cg_tensor *one = K(cg_scalar_tensor(cg_scalar_int(1)));
    cg_tensor *nx = K(cg_neg(x)), *m = K(cg_clamp(nx, &zero, NULL));
    cg_tensor *e1 = K(cg_exp(K(cg_neg(m)))), *e2 = K(cg_exp(K(cg_sub(nx, m, cg_scalar_int(1)))));
    cg_tensor *s = K(cg_log(K(cg_add(e1, e2, cg_scalar_int(1)))));
    cg_tensor *lin = K(cg_mul(K(cg_sub(one, t, cg_scalar_int(1))), x)), *r;
    if (!pw) {
        r = K(cg_add(K(cg_add(lin, m, cg_scalar_int(1))), s, cg_scalar_int(1)));
    } else {
        cg_tensor *lw = K(cg_add(K(cg_mul(K(cg_sub(pw, one, cg_scalar_int(1))), t)), one, cg_scalar_int(1)));
        r = K(cg_add(lin, K(cg_mul(lw, K(cg_add(s, m, cg_scalar_int(1))))), cg_scalar_int(1)));
    }
    cg_grad_set_enabled(was);
    return bce_tmps_done(&k, r);
}

/* d loss / dx as PyTorch's backward composes it (before grad): sigmoid(x) -
 * t, or with pos_weight ((pw t + 1) - t) sigmoid(x) - pw t. Not recorded. */
static cg_tensor *bce_logits_dx(cg_tensor *x, cg_tensor *t, cg_tensor *pw) {
    bce_tmps k = {0};
    bool failed = false, was = cg_grad_set_enabled(false);
    cg_tensor *sig = K(cg_sigmoid(x)), *r;
    if (!pw) {
        r = K(cg_sub(sig, t, cg_scalar_int(1)));
    } else {
        cg_tensor *one = K(cg_scalar_tensor(cg_scalar_int(1))), *pt = K(cg_mul(pw, t));
        cg_tensor *a = K(cg_sub(K(cg_add(pt, one, cg_scalar_int(1))), t, cg_scalar_int(1)));
        r = K(cg_sub(K(cg_mul(a, sig)), pt, cg_scalar_int(1)));
    }
    cg_grad_set_enabled(was);
    return bce_tmps_done(&k, r);
}
#undef K

/* pos_weight, or a 0-d one of x's dtype standing for "not given" */
static cg_tensor *pos_weight_or_one(cg_tensor *x, cg_tensor *pw) {
    return pw ? cg_tensor_retain(pw) : cg_full(0, NULL, cg_scalar_float(1), x->dtype, cg_tensor_device(x));
}

cg_tensor *cg_binary_cross_entropy_with_logits(cg_tensor *input, cg_tensor *target, cg_tensor *weight,
                                               cg_tensor *pos_weight, cg_reduction reduction) {
    if (bce_logits_check(input, target, weight, pos_weight) < 0)
        return NULL;
    cg_tensor *out = NULL, *elem = bce_logits_elem(input, target, pos_weight);
    if (elem) {
        bool was = cg_grad_set_enabled(false);
        cg_tensor *ew = weight ? cg_mul(elem, weight) : cg_tensor_retain(elem);
        out = ew ? loss_reduce(ew, reduction) : NULL; /* takes ew */
        cg_grad_set_enabled(was);
        cg_tensor_release(elem);
    }
    cg_op_args args = {.i = {reduction}};
    cg_save_spec save[] = {{input, "self"}, {target, "target"}, {weight, "weight"}, {pos_weight, "pos_weight"}};
    return cg_ew_record(out, CG_OP_BCE_LOGITS, 4, (cg_tensor *[]){input, target, weight, pos_weight}, 4, save, &args);
}

cg_tensor *cg_binary_cross_entropy_with_logits_grad(cg_tensor *input, cg_tensor *target, cg_tensor *pos_weight,
                                                    int order) {
    cg_op_args args = {.i = {0, order}};
    cg_tensor *out = NULL;
    if (order == CG_BCE_DX) {
        out = bce_logits_dx(input, target, pos_weight);
    } else {
        cg_tensor *pw = pos_weight_or_one(input, pos_weight);
        cg_dtype dt = input->dtype, compute[3] = {dt, dt, dt};
        out = pw ? cg_ew_ternary(CG_OP_BCE_LOGITS_GRAD, input, target, pw, compute, dt, &args) : NULL;
        cg_tensor_release(pw);
    }
    cg_save_spec save[] = {{input, "self"}, {target, "target"}, {pos_weight, "pos_weight"}};
    return cg_ew_record(out, CG_OP_BCE_LOGITS_GRAD, 2, (cg_tensor *[]){input, target}, 3, save, &args);
}

/* BinaryCrossEntropyWithLogitsBackward0: self and target, through BCE_LOGITS_GRAD */
int cg_bw_bce_logits(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return bce_backward(n, go, gi, cg_binary_cross_entropy_with_logits_grad);
}
/* BCE_LOGITS_GRAD's own derivative, for double backward */
int cg_bw_bce_logits_grad(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return bce_partial_backward(n, go, gi, cg_binary_cross_entropy_with_logits_grad);
}

/* ---- kl_div ------------------------------------------------------------------------------------ */

/* xlogy(t, t) as PyTorch's scalar xlogy kernel: NaN for NaN, 0 for 0,
 * else t * log(t) in the dtype. A constant: the target may not require
 * grad here (see cg_kl_div). t float, any strides; the result contiguous. */
static cg_tensor *xlogx_constant(cg_tensor *t) {
    cg_tensor *r = cg_contiguous(t);
    if (r == t) {
        cg_tensor_release(r);
        r = cg_clone(t);
    }
    if (!r)
        return NULL;
    int64_t n = cg_tensor_numel(r);
    if (r->dtype == CG_F32) {
        float *v = cg_tensor_data(r);
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] != v[i] ? NAN : v[i] == 0 ? 0 : v[i] * logf(v[i]);
    } else {
        double *v = cg_tensor_data(r);
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] != v[i] ? NAN : v[i] == 0 ? 0 : v[i] * log(v[i]);
    }
    return r;
}

/* kl_div as PyTorch 1.13's composite: exp(t) * (t - x) with log_target,
 * else xlogy(t, t) - t * x, then mean or sum (MeanBackward0, SumBackward0:
 * its apply_loss_reduction). */
cg_tensor *cg_kl_div(cg_tensor *input, cg_tensor *target, cg_reduction reduction, bool log_target) {
    CG_CHECK(cg_dtype_is_float(input->dtype) && cg_dtype_is_float(target->dtype), CG_NOT_IMPLEMENTED_ERROR,
             "kl_div: expected floating point input and target");
    CG_CHECK(log_target || !cg_tensor_requires_grad(target), CG_NOT_IMPLEMENTED_ERROR,
             "kl_div: a target that requires grad needs log_target=True here (xlogy's derivative is missing)");
    cg_tensor *out = NULL;
    if (log_target) {
        cg_tensor *e = cg_exp(target), *d = e ? cg_sub(target, input, cg_scalar_int(1)) : NULL;
        out = d ? cg_mul(e, d) : NULL;
        cg_tensor_release(e), cg_tensor_release(d);
    } else {
        cg_tensor *xl = xlogx_constant(target), *p = xl ? cg_mul(target, input) : NULL;
        out = p ? cg_sub(xl, p, cg_scalar_int(1)) : NULL;
        cg_tensor_release(xl), cg_tensor_release(p);
    }
    if (!out || reduction == CG_REDUCTION_NONE)
        return out;
    cg_tensor *r = reduction == CG_REDUCTION_MEAN ? cg_mean(out, 0, NULL, false) : cg_sum(out, 0, NULL, false);
    cg_tensor_release(out);
    return r;
}
