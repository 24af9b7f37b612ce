/* margin_loss.c: F.multi_margin_loss (node MultiMarginLossBackward0) and
 * F.multilabel_margin_loss (MultilabelMarginLossBackward0), with the
 * kernels of their derivatives as rows of their own (not differentiable
 * again here). What it is not: the composite margin losses
 * (loss_composites.c).
 *
 * Note [Margin losses in ATen's order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * ATen's CPU loops run over frames (rows of [nframe, dim]) in order. A
 * frame's loss is summed in the dtype over the classes in order (for
 * multilabel_margin_loss in double, then rounded to the dtype), each term
 * (margin - x[target]) + x[d], squared for p = 2, times weight[target],
 * and divided by dim in the dtype; with a reduction the frames' losses are
 * summed in double (multilabel divides that sum by dim there), divided by
 * nframe for 'mean', and rounded once. The gradient starts from
 * g = 1 / (nframe * dim) ('mean') or 1 / dim, formed in double and rounded;
 * each term's gradient is g or (2 * g) * z, times the weight, subtracted
 * from the target's entry in order; the result is then multiplied by
 * grad_output. This file is built without FMA contraction, as ATen's
 * generic loops are. */
#include <math.h>
#include <string.h>

#include "ew.h"
#include "ops.h"
#include "ops_nn.h"

/* ---- the kernels ------------------------------------------------------------------------------ */

/* in[0] input [nframe, dim] contiguous, in[1] target [nframe] int64, in[2]
 * weight [>= dim] or absent; out[0] [nframe] (args->flag) or []; args->i:
 * p, reduction, nframe, dim; s[0] margin */
#define MULTI_MARGIN(name, T)                                                                \
    static T name##_frame(const T *x, int64_t t, const T *w, int p, T margin, int64_t dim) { \
        T xt = x[t], sum = 0;                                                                \
        for (int64_t d = 0; d < dim; d++) {                                                  \
            if (d == t)                                                                      \
                continue;                                                                    \
            T z = margin - xt + x[d];                                                        \
            if (z > 0) {                                                                     \
                T h = p == 1 ? z : z * z;                                                    \
                if (w)                                                                       \
                    h *= w[t];                                                               \
                sum += h;                                                                    \
            }                                                                                \
        }                                                                                    \
        return sum / (T)dim;                                                                 \
    }                                                                                        \
    static void name(const cg_kernel_call *c) {                                              \
        const T *x = (const T *)cg_tensor_data(c->in[0]);                                    \
        const int64_t *tg = (const int64_t *)cg_tensor_data(c->in[1]);                       \
        const T *w = c->nin > 2 ? (const T *)cg_tensor_data(c->in[2]) : NULL;                \
        T *out = (T *)cg_tensor_data(c->out[0]);                                             \
        int p = (int)c->args->i[0];                                                          \
        int64_t red = c->args->i[1], nframe = c->args->i[2], dim = c->args->i[3];            \
        T margin = (T)cg_scalar_to_double(c->args->s[0]);                                    \
        double acc = 0;                                                                      \
        for (int64_t f = 0; f < nframe; f++) {                                               \
            T l = name##_frame(x + f * dim, tg[f], w, p, margin, dim);                       \
            if (c->args->flag)                                                               \
                out[f] = l;                                                                  \
            else                                                                             \
                acc += l;                                                                    \
        }                                                                                    \
        if (!c->args->flag)                                                                  \
            out[0] = (T)(red == CG_REDUCTION_MEAN ? acc / (double)nframe : acc);             \
    }
MULTI_MARGIN(multi_margin_f32, float)
MULTI_MARGIN(multi_margin_f64, double)

void cg_cpu_multi_margin_loss(const cg_kernel_call *c) {
    (c->out[0]->dtype == CG_F32 ? multi_margin_f32 : multi_margin_f64)(c);
}

/* in[0] grad_output ([] or [nframe]), in[1] input, in[2] target, in[3]
 * weight or absent; out[0] [nframe, dim]; args as the forward's */
#define MULTI_MARGIN_BACKWARD(name, T)                                                        \
    static void name(const cg_kernel_call *c) {                                               \
        const T *go = (const T *)cg_tensor_data(c->in[0]);                                    \
        const T *x = (const T *)cg_tensor_data(c->in[1]);                                     \
        const int64_t *tg = (const int64_t *)cg_tensor_data(c->in[2]);                        \
        const T *w = c->nin > 3 ? (const T *)cg_tensor_data(c->in[3]) : NULL;                 \
        T *gi = (T *)cg_tensor_data(c->out[0]);                                               \
        int p = (int)c->args->i[0];                                                           \
        int64_t red = c->args->i[1], nframe = c->args->i[2], dim = c->args->i[3];             \
        T margin = (T)cg_scalar_to_double(c->args->s[0]);                                     \
        T g = (T)(red == CG_REDUCTION_MEAN ? 1. / (double)(nframe * dim) : 1. / (double)dim); \
        for (int64_t f = 0; f < nframe; f++) {                                                \
            const T *xf = x + f * dim;                                                        \
            T *gf = gi + f * dim, xt = xf[tg[f]], gt = 0;                                     \
            for (int64_t d = 0; d < dim; d++) {                                               \
                T z = margin - xt + xf[d];                                                    \
                if (d == tg[f])                                                               \
                    continue;                                                                 \
                T h = 0;                                                                      \
                if (z > 0) {                                                                  \
                    h = p == 1 ? g : 2 * g * z;                                               \
                    if (w)                                                                    \
                        h *= w[tg[f]];                                                        \
                    gt -= h;                                                                  \
                }                                                                             \
                gf[d] = h;                                                                    \
            }                                                                                 \
            gf[tg[f]] = gt;                                                                   \
        }                                                                                     \
        bool each = red == CG_REDUCTION_NONE && c->in[0]->ndim > 0;                           \
        for (int64_t e = 0; e < nframe * dim; e++)                                            \
            gi[e] *= go[each ? e / dim : 0];                                                  \
    }
MULTI_MARGIN_BACKWARD(multi_margin_backward_f32, float)
MULTI_MARGIN_BACKWARD(multi_margin_backward_f64, double)

void cg_cpu_multi_margin_loss_backward(const cg_kernel_call *c) {
    (c->out[0]->dtype == CG_F32 ? multi_margin_backward_f32 : multi_margin_backward_f64)(c);
}

/* in[0] input [nframe, dim], in[1] target [nframe, dim] int64; out[0] the
 * loss, out[1] is_target [nframe, dim] zeros (input's dtype); args->i[1]
 * reduction, [2] nframe, [3] dim, flag: one loss per frame */
#define MULTILABEL(name, T)                                                            \
    static T name##_frame(const T *x, const int64_t *tg, T *is, int64_t dim) {         \
        double sum = 0;                                                                \
        for (int64_t k = 0; k < dim && tg[k] >= 0; k++)                                \
            is[tg[k]] = 1;                                                             \
        for (int64_t k = 0; k < dim && tg[k] >= 0; k++) {                              \
            T xt = x[tg[k]];                                                           \
            for (int64_t d = 0; d < dim; d++) {                                        \
                T z = 1 - xt + x[d];                                                   \
                if (!is[d] && z > 0)                                                   \
                    sum += z;                                                          \
            }                                                                          \
        }                                                                              \
        return (T)sum;                                                                 \
    }                                                                                  \
    static void name(const cg_kernel_call *c) {                                        \
        const T *x = (const T *)cg_tensor_data(c->in[0]);                              \
        const int64_t *tg = (const int64_t *)cg_tensor_data(c->in[1]);                 \
        T *out = (T *)cg_tensor_data(c->out[0]), *is = (T *)cg_tensor_data(c->out[1]); \
        int64_t red = c->args->i[1], nframe = c->args->i[2], dim = c->args->i[3];      \
        double acc = 0;                                                                \
        for (int64_t f = 0; f < nframe; f++) {                                         \
            T l = name##_frame(x + f * dim, tg + f * dim, is + f * dim, dim);          \
            if (c->args->flag)                                                         \
                out[f] = l / (T)dim;                                                   \
            else                                                                       \
                acc += l;                                                              \
        }                                                                              \
        if (!c->args->flag) {                                                          \
            acc /= (double)dim;                                                        \
            out[0] = (T)(red == CG_REDUCTION_MEAN ? acc / (double)nframe : acc);       \
        }                                                                              \
    }
MULTILABEL(multilabel_f32, float)
MULTILABEL(multilabel_f64, double)

void cg_cpu_multilabel_margin_loss(const cg_kernel_call *c) {
    (c->out[0]->dtype == CG_F32 ? multilabel_f32 : multilabel_f64)(c);
}

/* in[0] grad_output, in[1] input, in[2] target, in[3] is_target; out[0]
 * zeros [nframe, dim]; args as the forward's */
#define MULTILABEL_BACKWARD(name, T)                                                          \
    static void name(const cg_kernel_call *c) {                                               \
        const T *go = (const T *)cg_tensor_data(c->in[0]);                                    \
        const T *x = (const T *)cg_tensor_data(c->in[1]);                                     \
        const int64_t *tg = (const int64_t *)cg_tensor_data(c->in[2]);                        \
        const T *is = (const T *)cg_tensor_data(c->in[3]);                                    \
        T *gi = (T *)cg_tensor_data(c->out[0]);                                               \
        int64_t red = c->args->i[1], nframe = c->args->i[2], dim = c->args->i[3];             \
        T g = (T)(red == CG_REDUCTION_MEAN ? 1. / (double)(nframe * dim) : 1. / (double)dim); \
        for (int64_t f = 0; f < nframe; f++) {                                                \
            const T *xf = x + f * dim, *isf = is + f * dim;                                   \
            const int64_t *tf = tg + f * dim;                                                 \
            T *gf = gi + f * dim;                                                             \
            for (int64_t k = 0; k < dim && tf[k] >= 0; k++) {                                 \
                T xt = xf[tf[k]];                                                             \
                for (int64_t d = 0; d < dim; d++) {                                           \
                    T z = 1 - xt + xf[d];                                                     \
                    if (!isf[d] && z > 0) {                                                   \
                        gf[tf[k]] -= g;                                                       \
                        gf[d] += g;                                                           \
                    }                                                                         \
                }                                                                             \
            }                                                                                 \
        }                                                                                     \
        bool each = red == CG_REDUCTION_NONE && c->in[0]->ndim > 0;                           \
        for (int64_t e = 0; e < nframe * dim; e++)                                            \
            gi[e] *= go[each ? e / dim : 0];                                                  \
    }
MULTILABEL_BACKWARD(multilabel_backward_f32, float)
MULTILABEL_BACKWARD(multilabel_backward_f64, double)

void cg_cpu_multilabel_margin_loss_backward(const cg_kernel_call *c) {
    (c->out[0]->dtype == CG_F32 ? multilabel_backward_f32 : multilabel_backward_f64)(c);
}

/* ---- frontends -------------------------------------------------------------------------------- */

/* nframe and dim of input, with ATen's shape check */
static int frames_of(const cg_tensor *input, int64_t *nframe, int64_t *dim) {
    int nd = input->ndim;
    bool valid = (nd == 2 && input->sizes[1] != 0) || (nd == 1 && input->sizes[0] != 0) || nd == 0;
    char s[256];
    CG_CHECK_INT(valid, CG_RUNTIME_ERROR,
                 "Expected non-empty vector or matrix with optional 0-dim batch size, but got: %s",
                 cg_sizes_str(input->ndim, input->sizes, s, sizeof s));
    *nframe = nd <= 1 ? 1 : input->sizes[0];
    *dim = nd == 0 ? 1 : input->sizes[nd - 1];
    return 0;
}

/* the dtype dispatch of ATen's kernel `kernel` */
static int check_float(const cg_tensor *t, const char *kernel) {
    CG_CHECK_INT(t->dtype == CG_F32 || t->dtype == CG_F64, CG_RUNTIME_ERROR, "\"%s\" not implemented for '%s'", kernel,
                 cg_dtype_legacy_name(t->dtype));
    return 0;
}

static int check_long(const cg_tensor *t, cg_dtype want) {
    CG_CHECK_INT(t->dtype == want, CG_RUNTIME_ERROR, "expected scalar type %s but found %s", cg_dtype_legacy_name(want),
                 cg_dtype_legacy_name(t->dtype));
    return 0;
}

/* contiguous copies on the same device; unrecorded */
static cg_tensor *flat(cg_tensor *t) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *c = cg_contiguous(t);
    cg_grad_set_enabled(was);
    return c;
}

static int run2(cg_op op, cg_tensor *out0, cg_tensor *out1, int nin, cg_tensor *const *in, const cg_op_args *a) {
    cg_tensor *c[4] = {NULL, NULL, NULL, NULL};
    int rc = 0;
    for (int k = 0; k < nin && rc == 0; k++)
        rc = (c[k] = flat(in[k])) ? 0 : -1;
    if (rc == 0) {
        cg_kernel_call call = {
            .op = op, .nout = out1 ? 2 : 1, .nin = nin, .out = {out0, out1}, .in = {c[0], c[1], c[2], c[3]}, .args = a};
        rc = cg_op_run(&call);
    }
    for (int k = 0; k < 4; k++)
        cg_tensor_release(c[k]);
    return rc;
}

/* the host's view of an int64 tensor's range */
static int target_range(cg_tensor *target, int64_t *lo, int64_t *hi) {
    cg_tensor *h = cg_host_int64(target);
    if (!h)
        return -1;
    const int64_t *v = cg_tensor_data(h);
    int64_t n = cg_tensor_numel(h);
    *lo = INT64_MAX, *hi = INT64_MIN;
    for (int64_t k = 0; k < n; k++)
        *lo = v[k] < *lo ? v[k] : *lo, *hi = v[k] > *hi ? v[k] : *hi;
    cg_tensor_release(h);
    return 0;
}

static int multi_margin_args(cg_tensor *input, cg_tensor *target, cg_tensor *weight, int p, double margin,
                             cg_reduction red, cg_op_args *a) {
    int64_t nframe, dim, lo, hi;
    CG_CHECK_INT(p == 1 || p == 2, CG_RUNTIME_ERROR, "only p == 1 and p == 2 supported");
    if (frames_of(input, &nframe, &dim) < 0)
        return -1;
    char s[256];
    CG_CHECK_INT(target->ndim <= 1 && cg_tensor_numel(target) == nframe, CG_RUNTIME_ERROR,
                 "inconsistent target size, got: %s", cg_sizes_str(target->ndim, target->sizes, s, sizeof s));
    if (check_float(input, "multi_margin_loss_cpu_kernel") < 0 || check_long(target, CG_INT64) < 0
        || (weight && check_long(weight, input->dtype) < 0))
        return -1;
    if (target_range(target, &lo, &hi) < 0)
        return -1;
    CG_CHECK_INT(lo >= 0 && hi < dim, CG_RUNTIME_ERROR, "target out of range");
    CG_CHECK_INT(!weight || cg_tensor_numel(weight) >= dim, CG_RUNTIME_ERROR,
                 "weight has %lld elements, fewer than the %lld classes",
                 (long long)(weight ? cg_tensor_numel(weight) : 0), (long long)dim);
    *a = (cg_op_args){.i = {p, red, nframe, dim},
                      .s = {cg_scalar_float(margin)},
                      .flag = red == CG_REDUCTION_NONE && target->ndim > 0};
    return 0;
}

cg_tensor *cg_multi_margin_loss(cg_tensor *input, cg_tensor *target, int p, double margin, cg_tensor *weight,
                                cg_reduction red) {
    cg_op_args a;
    cg_tensor *all[] = {input, target, weight};
    if (cg_check_same_device(weight ? 3 : 2, all) < 0
        || multi_margin_args(input, target, weight, p, margin, red, &a) < 0)
        return NULL;
    int64_t nframe = a.i[2];
    cg_tensor *out = cg_zeros(a.flag ? 1 : 0, &nframe, input->dtype, cg_tensor_device(input));
    if (!out || run2(CG_OP_MULTI_MARGIN_LOSS, out, NULL, weight ? 3 : 2, all, &a) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    cg_save_spec save[] = {{input, "self"}, {target, "target"}, {weight, "weight"}};
    return cg_ew_record(out, CG_OP_MULTI_MARGIN_LOSS, 1, &input, 3, save, &a);
}

cg_tensor *cg_multi_margin_loss_backward(cg_tensor *grad, cg_tensor *input, cg_tensor *target, int p, double margin,
                                         cg_tensor *weight, cg_reduction red) {
    cg_op_args a;
    if (multi_margin_args(input, target, weight, p, margin, red, &a) < 0)
        return NULL;
    CG_CHECK(cg_tensor_numel(grad) == (a.flag ? a.i[2] : 1), CG_RUNTIME_ERROR,
             "multi_margin_loss_backward: grad_output has %lld elements", (long long)cg_tensor_numel(grad));
    cg_tensor *out = cg_zeros(input->ndim, input->sizes, input->dtype, cg_tensor_device(input));
    cg_tensor *in[] = {grad, input, target, weight};
    if (!out || run2(CG_OP_MULTI_MARGIN_LOSS_BACKWARD, out, NULL, weight ? 4 : 3, in, &a) < 0)
        cg_tensor_release(out), out = NULL;
    return out;
}

/* MultiMarginLossBackward0: self: multi_margin_loss_backward(grad, self, target, p, margin, weight, reduction) */
int cg_bw_multi_margin_loss(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *input, *target, *weight;
    if (cg_node_saved_all(n, 3, &input, &target, &weight) < 0)
        return -1;
    gi[0] = cg_multi_margin_loss_backward(go[0], input, target, (int)n->args.i[0], cg_scalar_to_double(n->args.s[0]),
                                          weight, (cg_reduction)n->args.i[1]);
    return gi[0] ? 0 : -1;
}

static int multilabel_args(cg_tensor *input, cg_tensor *target, cg_reduction red, int arg, cg_op_args *a) {
    int64_t nframe, dim, lo, hi;
    if (frames_of(input, &nframe, &dim) < 0)
        return -1;
    bool ok = input->ndim <= 1 ? target->ndim <= 1 && cg_tensor_numel(target) == dim
                               : target->ndim == 2 && target->sizes[0] == nframe && target->sizes[1] == dim;
    char s[256];
    CG_CHECK_INT(ok, CG_RUNTIME_ERROR, "inconsistent size %s for argument #%d 'target'",
                 cg_sizes_str(target->ndim, target->sizes, s, sizeof s), arg);
    if (check_float(input, "multilabel_margin_loss_forward_out_frame") < 0 || target_range(target, &lo, &hi) < 0)
        return -1;
    CG_CHECK_INT(lo >= -1 && hi < dim, CG_RUNTIME_ERROR, "argument #%d 'target' is out of range", arg);
    if (check_long(target, CG_INT64) < 0)
        return -1;
    *a = (cg_op_args){.i = {0, red, nframe, dim}, .flag = red == CG_REDUCTION_NONE && target->ndim > 1};
    return 0;
}

cg_tensor *cg_multilabel_margin_loss(cg_tensor *input, cg_tensor *target, cg_reduction red) {
    cg_op_args a;
    cg_tensor *all[] = {input, target};
    if (cg_check_same_device(2, all) < 0 || multilabel_args(input, target, red, 2, &a) < 0)
        return NULL;
    int64_t nframe = a.i[2];
    cg_tensor *out = cg_zeros(a.flag ? 1 : 0, &nframe, input->dtype, cg_tensor_device(input));
    cg_tensor *is = out ? cg_zeros(target->ndim, target->sizes, input->dtype, cg_tensor_device(input)) : NULL;
    if (!is || run2(CG_OP_MULTILABEL_MARGIN_LOSS, out, is, 2, all, &a) < 0) {
        cg_tensor_release(out), cg_tensor_release(is);
        return NULL;
    }
    cg_save_spec save[] = {{input, "self"}, {target, "target"}, {is, "is_target"}};
    out = cg_ew_record(out, CG_OP_MULTILABEL_MARGIN_LOSS, 1, &input, 3, save, &a);
    cg_tensor_release(is);
    return out;
}

cg_tensor *cg_multilabel_margin_loss_backward(cg_tensor *grad, cg_tensor *input, cg_tensor *target, cg_reduction red,
                                              cg_tensor *is_target) {
    cg_op_args a;
    if (multilabel_args(input, target, red, 3, &a) < 0)
        return NULL;
    CG_CHECK(cg_tensor_numel(grad) == (a.flag ? a.i[2] : 1), CG_RUNTIME_ERROR,
             "multilabel_margin_loss_backward: grad_output has %lld elements", (long long)cg_tensor_numel(grad));
    CG_CHECK(cg_tensor_numel(is_target) == cg_tensor_numel(target), CG_RUNTIME_ERROR,
             "multilabel_margin_loss_backward: is_target and target differ in size");
    cg_tensor *out = cg_zeros(input->ndim, input->sizes, input->dtype, cg_tensor_device(input));
    cg_tensor *in[] = {grad, input, target, is_target};
    if (!out || run2(CG_OP_MULTILABEL_MARGIN_LOSS_BACKWARD, out, NULL, 4, in, &a) < 0)
        cg_tensor_release(out), out = NULL;
    return out;
}

/* MultilabelMarginLossBackward0: self: multilabel_margin_loss_backward(grad, self, target, reduction, is_target) */
int cg_bw_multilabel_margin_loss(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *input, *target, *is;
    if (cg_node_saved_all(n, 3, &input, &target, &is) < 0)
        return -1;
    gi[0] = cg_multilabel_margin_loss_backward(go[0], input, target, (cg_reduction)n->args.i[1], is);
    return gi[0] ? 0 : -1;
}
