/* samples_nn.c: op-table samples (helpers.h) of the neural-network rows:
 * softmax, log_softmax, native_dropout and the losses with their backward
 * kernels. Only
 * the float inputs require grad; class targets are int64 constants drawn
 * below the class count. Shapes are in drawn sizes A .. F (Note [Drawn
 * shapes] in helpers.h): a batch of A, B classes, spatial dims C and D. */
#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* A float64 constant with values in [lo, hi). */
#define CONST(seed, lo, hi, ...) s_const_range(S_SIZES(__VA_ARGS__), seed, lo, hi)
/* int64 class targets below `classes`, the first one not `avoid` (-1: none) */
#define TARGETS(seed, classes, avoid, ...) s_classes(S_SIZES(__VA_ARGS__), classes, avoid, seed)

/* ---- softmax / log_softmax --------------------------------------------------------- */

static cg_tensor *f_softmax(cg_tensor *const *in, const cg_sample *s) { return cg_softmax(in[0], s->i[0], -1); }
static cg_tensor *f_log_softmax(cg_tensor *const *in, const cg_sample *s) { return cg_log_softmax(in[0], s->i[0], -1); }

static bool softmax_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *)) {
    switch (v) {
    case 0: return SAMPLE("[A,B] dim 1", 1, {IN(101, false, S_A, S_B)}, fn, .i = {1});
    case 1: return SAMPLE("[A,B] dim 0 non-contiguous", 1, {IN(102, true, S_A, S_B)}, fn, .i = {0});
    case 2: return SAMPLE("[A,B,C] dim -2 (inner stride)", 1, {IN(103, false, S_A, S_B, S_C)}, fn, .i = {-2});
    case 3: return SAMPLE("[A] dim 0", 1, {IN(104, false, S_A)}, fn, .i = {0});
    default: return false;
    }
}
bool sample_softmax(int v, cg_sample *s) { return softmax_sample(v, s, f_softmax); }
bool sample_log_softmax(int v, cg_sample *s) { return softmax_sample(v, s, f_log_softmax); }

/* _softmax_backward_data(grad, output, dim) and its log twin, the output a
 * softmax (log_softmax) of the second input, so that both are gradchecked
 * where they are met */
static cg_tensor *softmax_bwd(cg_tensor *const *in, const cg_sample *s, bool log_) {
    cg_tensor *y = (log_ ? cg_log_softmax : cg_softmax)(in[1], s->i[0], -1);
    cg_tensor *out = y ? cg_softmax_backward_data(in[0], y, s->i[0], log_) : NULL;
    cg_tensor_release(y);
    return out;
}
static cg_tensor *f_softmax_bwd(cg_tensor *const *in, const cg_sample *s) { return softmax_bwd(in, s, false); }
static cg_tensor *f_log_softmax_bwd(cg_tensor *const *in, const cg_sample *s) { return softmax_bwd(in, s, true); }

static bool softmax_bwd_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *)) {
    switch (v) {
    case 0: return SAMPLE("[A,B] dim 1", 2, {IN(105, false, S_A, S_B), IN(106, false, S_A, S_B)}, fn, .i = {1});
    case 1:
        return SAMPLE("[A,B,C] dim 1, grad non-contiguous", 2,
                      {IN(107, true, S_A, S_B, S_C), IN(108, false, S_A, S_B, S_C)}, fn, .i = {1});
    default: return false;
    }
}
bool sample_softmax_backward_data(int v, cg_sample *s) { return softmax_bwd_sample(v, s, f_softmax_bwd); }
bool sample_log_softmax_backward_data(int v, cg_sample *s) { return softmax_bwd_sample(v, s, f_log_softmax_bwd); }

/* ---- native_dropout: input * mask * scale, the mask given (the draw is
 * random.c's, tested on its own) ------------------------------------------------- */

static cg_tensor *f_native_dropout(cg_tensor *const *in, const cg_sample *s) {
    return cg_native_dropout_apply(in[0], in[1], s->d[0], s->d[1]);
}
bool sample_native_dropout(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("p 0.2 [A,B]", 2, {IN(131, false, S_A, S_B), s_mask(S_SIZES(S_A, S_B), 132)}, f_native_dropout,
                      .d = {1.25, 1.25});
    case 1:
        return SAMPLE("p 0.5 [A,B,C] non-contiguous", 2,
                      {IN(133, true, S_A, S_B, S_C), s_mask(S_SIZES(S_A, S_B, S_C), 134)}, f_native_dropout,
                      .d = {2.0, 2.0});
    default: return false;
    }
}

/* ---- soft_margin_loss ------------------------------------------------------------------ */

static cg_tensor *f_soft_margin(cg_tensor *const *in, const cg_sample *s) {
    return cg_soft_margin_loss(in[0], in[1], (cg_reduction)s->i[0]);
}
bool sample_soft_margin_loss(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("mean [A,B]", 2, {IN(1530, false, S_A, S_B), CONST(1531, -1, 1, S_A, S_B)}, f_soft_margin,
                      .i = {CG_REDUCTION_MEAN});
    case 1:
        return SAMPLE("none [A,B] non-contiguous, target [B]", 2, {IN(1532, true, S_A, S_B), CONST(1533, -2, 2, S_B)},
                      f_soft_margin, .i = {CG_REDUCTION_NONE});
    default: return false;
    }
}

static cg_tensor *f_soft_margin_backward(cg_tensor *const *in, const cg_sample *s) {
    return cg_soft_margin_loss_backward(in[0], in[1], in[2], (cg_reduction)s->i[0]);
}
bool sample_soft_margin_loss_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("sum: grad [], input [A,B]", 3, {IN(1534, false), IN(1535, false, S_A, S_B), CONST(1536, -1, 1, S_A, S_B)},
                      f_soft_margin_backward, .i = {CG_REDUCTION_SUM});
    case 1:
        return SAMPLE("none: grad [A,B], input [A,B]", 3,
                      {IN(1537, false, S_A, S_B), IN(1538, true, S_A, S_B), CONST(1539, -1, 1, S_A, S_B)},
                      f_soft_margin_backward, .i = {CG_REDUCTION_NONE});
    case 2:
        return SAMPLE("mean: grad [], input [A]", 3, {IN(1540, false), IN(1541, false, S_A), CONST(1542, -1, 1, S_A)},
                      f_soft_margin_backward, .i = {CG_REDUCTION_MEAN});
    default: return false;
    }
}

/* ---- mse_loss ------------------------------------------------------------------------- */

static cg_tensor *f_mse(cg_tensor *const *in, const cg_sample *s) {
    return cg_mse_loss(in[0], in[1], (cg_reduction)s->i[0]);
}
bool sample_mse_loss(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("mean [A,B]", 2, {IN(111, false, S_A, S_B), CONST(112, -2, 2, S_A, S_B)}, f_mse,
                      .i = {CG_REDUCTION_MEAN});
    case 1:
        return SAMPLE("sum [A,B], target requires grad", 2, {IN(113, false, S_A, S_B), IN(114, true, S_A, S_B)}, f_mse,
                      .i = {CG_REDUCTION_SUM});
    case 2:
        return SAMPLE("none [A,B] non-contiguous", 2, {IN(115, true, S_A, S_B), IN(116, false, S_A, S_B)}, f_mse,
                      .i = {CG_REDUCTION_NONE});
    case 3:
        return SAMPLE("mean [A,B], target [B] broadcast", 2, {IN(117, false, S_A, S_B), IN(118, false, S_B)}, f_mse,
                      .i = {CG_REDUCTION_MEAN});
    default: return false;
    }
}

static cg_tensor *f_smooth_l1(cg_tensor *const *in, const cg_sample *s) {
    return cg_smooth_l1_loss(in[0], in[1], (cg_reduction)s->i[0], s->d[0]);
}
static cg_tensor *f_huber(cg_tensor *const *in, const cg_sample *s) {
    return cg_huber_loss(in[0], in[1], (cg_reduction)s->i[0], s->d[0]);
}
/* beta/delta 0.7 puts elements of both sides of the threshold (|d| < 4) */
static bool robust_sample(int v, cg_sample *s, cg_tensor *(*fn)(cg_tensor *const *, const cg_sample *)) {
    switch (v) {
    case 0:
        return SAMPLE("mean [A,B]", 2, {IN(171, false, S_A, S_B), CONST(172, -2, 2, S_A, S_B)}, fn,
                      .i = {CG_REDUCTION_MEAN}, .d = {0.7});
    case 1:
        return SAMPLE("sum [A,B], target requires grad, non-contiguous", 2,
                      {IN(173, true, S_A, S_B), IN(174, false, S_A, S_B)}, fn, .i = {CG_REDUCTION_SUM}, .d = {0.7});
    case 2:
        return SAMPLE("none [A,B], target [B] broadcast", 2, {IN(175, false, S_A, S_B), IN(176, false, S_B)}, fn,
                      .i = {CG_REDUCTION_NONE}, .d = {1.5});
    default: return false;
    }
}
bool sample_smooth_l1_loss(int v, cg_sample *s) { return robust_sample(v, s, f_smooth_l1); }
bool sample_huber_loss(int v, cg_sample *s) { return robust_sample(v, s, f_huber); }

/* i: huber, order; d: the threshold */
static cg_tensor *f_robust_grad(cg_tensor *const *in, const cg_sample *s) {
    return cg_robust_loss_grad(in[0], in[1], s->d[0], s->i[0], (int)s->i[1]);
}
bool sample_robust_loss_grad(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("smooth_l1, order 1, [A,B]", 2, {IN(177, false, S_A, S_B), IN(178, false, S_A, S_B)},
                      f_robust_grad, .i = {0, 1}, .d = {0.7});
    case 1:
        return SAMPLE("huber, order 1, [A,B] non-contiguous", 2, {IN(179, true, S_A, S_B), CONST(180, -2, 2, S_A, S_B)},
                      f_robust_grad, .i = {1, 1}, .d = {0.7});
    case 2:
        return SAMPLE("huber, order 2, [A,B]", 2, {CONST(181, -2, 2, S_A, S_B), CONST(182, -2, 2, S_A, S_B)},
                      f_robust_grad, .i = {1, 2}, .d = {0.7});
    default: return false;
    }
}

/* ---- nll_loss ---------------------------------------------------------------------------- */

/* in: log-probs, target, weight (optional); i: reduction, ignore_index */
static cg_tensor *f_nll(cg_tensor *const *in, const cg_sample *s) {
    return cg_nll_loss(in[0], in[1], s->nin > 2 ? in[2] : NULL, s->i[1], (cg_reduction)s->i[0]);
}
bool sample_nll_loss(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("mean, [A,B] input", 2, {IN(121, false, S_A, S_B), TARGETS(221, S_B, -1, S_A)}, f_nll,
                      .i = {CG_REDUCTION_MEAN, -100});
    case 1:
        return SAMPLE("sum, weight, [A,B] input", 3,
                      {IN(122, false, S_A, S_B), TARGETS(222, S_B, -1, S_A), CONST(123, 0.5, 2, S_B)}, f_nll,
                      .i = {CG_REDUCTION_SUM, -100});
    case 2:
        return SAMPLE("none, ignore_index 1, [A,B+1] non-contiguous", 2,
                      {IN(124, true, S_A, S_B + 1), TARGETS(224, S_B + 1, 1, S_A)}, f_nll, .i = {CG_REDUCTION_NONE, 1});
    case 3:
        return SAMPLE("mean, weight, ignore_index 2, [A,B+2] input", 3,
                      {IN(125, false, S_A, S_B + 2), TARGETS(225, S_B + 2, 2, S_A), CONST(126, 0.5, 2, S_B + 2)}, f_nll,
                      .i = {CG_REDUCTION_MEAN, 2});
    case 4:
        return SAMPLE("[B] input, 0-d target", 2, {IN(127, false, S_B), TARGETS(227, S_B, -1)}, f_nll,
                      .i = {CG_REDUCTION_MEAN, -100});
    default: return false;
    }
}

/* in: grad, target, self, weight (optional); i: reduction, ignore_index.
 * total_weight is what nll_loss would have found: the counted weights. */
static cg_tensor *f_nll_backward(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *w = s->nin > 3 ? in[3] : NULL;
    cg_tensor *target = s_on_device_of(NULL, cg_tensor_retain(in[1]));
    cg_tensor *weight = w ? s_on_device_of(NULL, cg_tensor_retain(w)) : NULL;
    double total = 0;
    for (int64_t i = 0; i < cg_tensor_numel(target); i++) {
        int64_t t = (int64_t)t_at(target, i);
        total += t == s->i[1] ? 0 : weight ? t_at(weight, t) : 1;
    }
    cg_tensor_release(target), cg_tensor_release(weight);
    cg_tensor *tw = s_on_device_of(in[0], t_from(CG_F64, 0, NULL, &total));
    cg_tensor *out = cg_nll_loss_backward(in[0], in[2], in[1], w, (cg_reduction)s->i[0], s->i[1], tw);
    cg_tensor_release(tw);
    return out;
}
bool sample_nll_loss_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("mean, self [A,B]", 3, {IN(131, false), TARGETS(231, S_B, -1, S_A), CONST(130, -2, 0, S_A, S_B)},
                      f_nll_backward, .i = {CG_REDUCTION_MEAN, -100});
    case 1:
        return SAMPLE("none, weight, ignore_index 0, self [A,B+1]", 4,
                      {IN(132, false, S_A), TARGETS(232, S_B + 1, 0, S_A), CONST(129, -2, 0, S_A, S_B + 1),
                       CONST(133, 0.5, 2, S_B + 1)},
                      f_nll_backward, .i = {CG_REDUCTION_NONE, 0});
    default: return false;
    }
}

/* [N, C, H, W] log-probs against [N, H, W] targets: [A, B, C, D] and [A, C, D] */
bool sample_nll_loss2d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("mean", 2, {IN(134, false, S_A, S_B, S_C, S_D), TARGETS(234, S_B, -1, S_A, S_C, S_D)}, f_nll,
                      .i = {CG_REDUCTION_MEAN, -100});
    case 1:
        return SAMPLE("none, weight, ignore_index 1, [A,B+1,C,D] non-contiguous", 3,
                      {IN(135, true, S_A, S_B + 1, S_C, S_D), TARGETS(235, S_B + 1, 1, S_A, S_C, S_D),
                       CONST(136, 0.5, 2, S_B + 1)},
                      f_nll, .i = {CG_REDUCTION_NONE, 1});
    case 2:
        return SAMPLE("sum, weight, [A,B,1,D]", 3,
                      {IN(137, false, S_A, S_B, 1, S_D), TARGETS(237, S_B, -1, S_A, 1, S_D), CONST(138, 0.5, 2, S_B)},
                      f_nll, .i = {CG_REDUCTION_SUM, -100});
    default: return false;
    }
}
bool sample_nll_loss2d_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("mean, weight, self [A,B,C,D]", 4,
                      {IN(139, false), TARGETS(239, S_B, -1, S_A, S_C, S_D), CONST(128, -2, 0, S_A, S_B, S_C, S_D),
                       CONST(140, 0.5, 2, S_B)},
                      f_nll_backward, .i = {CG_REDUCTION_MEAN, -100});
    case 1:
        return SAMPLE("none, ignore_index 2, self [A,B+2,C,D]", 3,
                      {IN(141, false, S_A, S_C, S_D), TARGETS(241, S_B + 2, 2, S_A, S_C, S_D),
                       CONST(127, -2, 0, S_A, S_B + 2, S_C, S_D)},
                      f_nll_backward, .i = {CG_REDUCTION_NONE, 2});
    default: return false;
    }
}

/* ---- binary_cross_entropy ------------------------------------------------------------------ */

/* in: input, target, weight (optional); i: reduction */
static cg_tensor *f_bce(cg_tensor *const *in, const cg_sample *s) {
    return cg_binary_cross_entropy(in[0], in[1], s->nin > 2 ? in[2] : NULL, (cg_reduction)s->i[0]);
}
#define PROBS(seed, nc, ...) s_input_range(S_SIZES(__VA_ARGS__), seed, nc, 0.1, 0.9)
bool sample_bce(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("mean [A,B]", 2, {PROBS(141, false, S_A, S_B), CONST(142, 0, 1, S_A, S_B)}, f_bce,
                      .i = {CG_REDUCTION_MEAN});
    case 1:
        return SAMPLE("sum [A,B], weight [B], target requires grad", 3,
                      {PROBS(143, false, S_A, S_B), PROBS(144, false, S_A, S_B), CONST(145, 0.5, 2, S_B)}, f_bce,
                      .i = {CG_REDUCTION_SUM});
    case 2:
        return SAMPLE("none [A,B] non-contiguous", 2, {PROBS(146, true, S_A, S_B), PROBS(147, true, S_A, S_B)}, f_bce,
                      .i = {CG_REDUCTION_NONE});
    default: return false;
    }
}

/* i[0]: the order; the first partials are gradchecked (double backward),
 * the second ones only run */
static const char *const orders[] = {"d/dinput", "d/dtarget", "d2/dinput2", "d2/dinput dtarget"};
static cg_tensor *f_bce_grad(cg_tensor *const *in, const cg_sample *s) {
    return cg_binary_cross_entropy_grad(in[0], in[1], (int)s->i[0]);
}
bool sample_bce_grad(int v, cg_sample *s) {
    if (v > 3)
        return false;
    if (v < 2)
        return SAMPLE(orders[v], 2, {PROBS(148, v == 1, S_A, S_B), PROBS(149, false, S_A, S_B)}, f_bce_grad, .i = {v});
    return SAMPLE(orders[v], 2, {CONST(148, 0.1, 0.9, S_A, S_B), CONST(149, 0, 1, S_A, S_B)}, f_bce_grad, .i = {v});
}

/* ---- binary_cross_entropy_with_logits --------------------------------------------------------- */

/* in: input, target, weight, pos_weight (a weight of size 0 stands for None);
 * i: reduction */
static cg_tensor *opt(cg_tensor *t) { return t && cg_tensor_numel(t) ? t : NULL; }
static cg_tensor *f_bce_logits(cg_tensor *const *in, const cg_sample *s) {
    return cg_binary_cross_entropy_with_logits(in[0], in[1], s->nin > 2 ? opt(in[2]) : NULL,
                                               s->nin > 3 ? opt(in[3]) : NULL, (cg_reduction)s->i[0]);
}
bool sample_bce_logits(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("mean [A,B]", 2, {IN(151, false, S_A, S_B), CONST(152, 0, 1, S_A, S_B)}, f_bce_logits,
                      .i = {CG_REDUCTION_MEAN});
    case 1:
        return SAMPLE(
            "sum [A,B], weight and pos_weight [B], target requires grad", 4,
            {IN(153, false, S_A, S_B), PROBS(154, false, S_A, S_B), CONST(155, 0.5, 2, S_B), CONST(156, 0.5, 3, S_B)},
            f_bce_logits, .i = {CG_REDUCTION_SUM});
    case 2:
        return SAMPLE(
            "none [A,B] non-contiguous, pos_weight [B]", 4,
            {IN(157, true, S_A, S_B), PROBS(158, true, S_A, S_B), CONST(159, 0, 1, 0), CONST(160, 0.5, 3, S_B)},
            f_bce_logits, .i = {CG_REDUCTION_NONE});
    default: return false;
    }
}

static cg_tensor *f_bce_logits_grad(cg_tensor *const *in, const cg_sample *s) {
    return cg_binary_cross_entropy_with_logits_grad(in[0], in[1], in[2], (int)s->i[0]);
}
bool sample_bce_logits_grad(int v, cg_sample *s) {
    if (v > 3)
        return false;
    if (v < 2)
        return SAMPLE(orders[v], 3,
                      {IN(161, v == 1, S_A, S_B), PROBS(162, false, S_A, S_B), CONST(163, 0.5, 2, S_A, S_B)},
                      f_bce_logits_grad, .i = {v});
    return SAMPLE(orders[v], 3, {CONST(161, -2, 2, S_A, S_B), CONST(162, 0, 1, S_A, S_B), CONST(163, 0.5, 2, S_A, S_B)},
                  f_bce_logits_grad, .i = {v});
}

/* ---- multi_margin_loss, multilabel_margin_loss ------------------------------------------ */

static cg_tensor *ix64(int ndim, const int64_t *sizes, const int64_t *v) {
    return cg_tensor_from_buffer(ndim, sizes, CG_INT64, v);
}
#define IX64(n0, n1, ...) ix64((n1) ? 2 : 1, (int64_t[]){n0, n1}, (int64_t[]){__VA_ARGS__})

/* in[0] input [3,4], in[1] target, in[2] weight or absent; i: p, reduction; d[0] margin */
static cg_tensor *f_multi_margin(cg_tensor *const *in, const cg_sample *s) {
    return cg_multi_margin_loss(in[0], in[1], (int)s->i[0], s->d[0], s->nin > 2 ? in[2] : NULL,
                                (cg_reduction)s->i[1]);
}
bool sample_multi_margin_loss(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("p 1, mean, [A,B]", 2, {IN(1710, false, S_A, S_B), TARGETS(1719, S_B, -1, S_A)}, f_multi_margin,
                      .i = {1, CG_REDUCTION_MEAN}, .d = {1.0});
    case 1:
        return SAMPLE("p 2, none, weight, margin 0.7, non-contiguous", 3,
                      {IN(1711, true, 3, 4), IX64(3, 0, 2, 2, 1), CONST(1712, 1, 3, 4)}, f_multi_margin,
                      .i = {2, CG_REDUCTION_NONE}, .d = {0.7});
    default: return false;
    }
}

static cg_tensor *f_multi_margin_backward(cg_tensor *const *in, const cg_sample *s) {
    return cg_multi_margin_loss_backward(in[0], in[1], in[2], (int)s->i[0], s->d[0], NULL, (cg_reduction)s->i[1]);
}
bool sample_multi_margin_loss_backward(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("p 2, none: grad [A], input [A,B]", 3,
                      {IN(1713, false, S_A), IN(1714, false, S_A, S_B), TARGETS(1720, S_B, -1, S_A)},
                      f_multi_margin_backward, .i = {2, CG_REDUCTION_NONE}, .d = {1.0});
    return false;
}

static cg_tensor *f_multilabel(cg_tensor *const *in, const cg_sample *s) {
    return cg_multilabel_margin_loss(in[0], in[1], (cg_reduction)s->i[0]);
}
bool sample_multilabel_margin_loss(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("mean, [A,B]", 2, {IN(1715, false, S_A, S_B), TARGETS(1721, S_B, -1, S_A, S_B)}, f_multilabel,
                      .i = {CG_REDUCTION_MEAN});
    case 1:
        return SAMPLE("none, [2,4] non-contiguous", 2, {IN(1716, true, 2, 4), IX64(2, 4, 1, -1, 2, 2, 0, 1, 2, 3)},
                      f_multilabel, .i = {CG_REDUCTION_NONE});
    default: return false;
    }
}

static cg_tensor *f_multilabel_backward(cg_tensor *const *in, const cg_sample *s) {
    /* is_target from the targets: 1 where a class is named before the first -1 */
    int64_t nf = in[2]->sizes[0], dim = in[2]->sizes[1], v[64] = {0};
    const int64_t *t = cg_tensor_data(in[2]);
    for (int64_t f = 0; f < nf; f++)
        for (int64_t k = 0; k < dim && t[f * dim + k] >= 0; k++)
            v[f * dim + t[f * dim + k]] = 1;
    cg_tensor *iv = ix64(2, in[2]->sizes, v);
    cg_tensor *is = iv ? cg_to_dtype(iv, in[1]->dtype) : NULL;
    cg_tensor *r = is ? cg_multilabel_margin_loss_backward(in[0], in[1], in[2], (cg_reduction)s->i[0], is) : NULL;
    cg_tensor_release(iv), cg_tensor_release(is);
    return r;
}
bool sample_multilabel_margin_loss_backward(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("sum: grad [], input [A,B]", 3,
                      {IN(1717, false), IN(1718, false, S_A, S_B), TARGETS(1722, S_B, -1, S_A, S_B)},
                      f_multilabel_backward, .i = {CG_REDUCTION_SUM});
    return false;
}

/* ---- _trilinear ---------------------------------------------------------------------------- */

/* bilinear's call: x1 [N,I], weight [O,I,J], x2 [N,J]; i[0] unroll_dim */
static cg_tensor *f_trilinear(cg_tensor *const *in, const cg_sample *s) {
    return cg_trilinear(in[0], in[1], in[2], 2, (int64_t[]){1, 3}, 1, (int64_t[]){0}, 2, (int64_t[]){1, 2}, 2,
                        (int64_t[]){2, 3}, s->i[0]);
}
bool sample_trilinear(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("bilinear's [A,B] [C,B,D] [A,D]", 3,
                      {IN(1730, false, S_A, S_B), IN(1731, false, S_C, S_B, S_D), IN(1732, true, S_A, S_D)},
                      f_trilinear, .i = {1});
    case 1:
        return SAMPLE("unrolled over a summed dim", 3,
                      {IN(1733, false, S_A, S_B), IN(1734, true, S_C, S_B, S_D), IN(1735, false, S_A, S_D)},
                      f_trilinear, .i = {2});
    default: return false;
    }
}

/* ---- pdist ------------------------------------------------------------------------------------ */

static cg_tensor *f_pdist(cg_tensor *const *in, const cg_sample *s) { return cg_pdist(in[0], s->d[0]); }
bool sample_pdist(int v, cg_sample *s) {
    static const double ps[] = {2.0, 1.0, 3.0, 1.5};
    if (v < 4)
        return SAMPLE("[A+1,B] rows", 1, {IN(1740 + v, v == 1, S_A + 1, S_B)}, f_pdist, .d = {ps[v]});
    return false;
}

static cg_tensor *f_pdist_backward(cg_tensor *const *in, const cg_sample *s) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *d = cg_pdist(in[1], s->d[0]);
    cg_grad_set_enabled(was);
    cg_tensor *r = d ? cg_pdist_backward(in[0], in[1], s->d[0], d) : NULL;
    cg_tensor_release(d);
    return r;
}
bool sample_pdist_backward(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("grad [3], input [3,B]", 2, {IN(1745, false, 3), IN(1746, false, 3, S_B)}, f_pdist_backward,
                      .d = {2.0});
    return false;
}

/* ---- _ctc_loss ---------------------------------------------------------------------------------- */

/* in[0] logits [6,2,C] (C = B+3), in[1] targets [2,2]; lengths (6,5), (2,
 * i[0]). The loss of log_softmax(logits), as PyTorch checks it: its
 * derivative is written for log-probabilities that sum to one. */
static cg_tensor *f_ctc(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *nll = NULL, *alpha = NULL, *lp = cg_log_softmax(in[0], 2, -1);
    int rc = lp ? cg_ctc_loss(lp, in[1], 2, (int64_t[]){6, 5}, 2, (int64_t[]){2, (int64_t)s->i[0]}, 0, false, &nll,
                              &alpha)
                : -1;
    cg_tensor_release(lp), cg_tensor_release(alpha);
    return rc < 0 ? NULL : nll;
}
bool sample_ctc_loss(int v, cg_sample *s) {
    if (v < 2)
        return SAMPLE("[6,2,B+3] padded targets", 2, {IN(1750 + v, v == 1, 6, 2, S_B + 3), IX64(2, 2, 1, 2, 3, 3)},
                      f_ctc, .i = {v == 0 ? 2 : 1});
    return false;
}

static cg_tensor *f_ctc_backward(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *nll, *alpha;
    bool was = cg_grad_set_enabled(false);
    int rc = cg_ctc_loss(in[1], in[2], 2, (int64_t[]){6, 5}, 2, (int64_t[]){2, 1}, 0, false, &nll, &alpha);
    cg_grad_set_enabled(was);
    if (rc < 0)
        return NULL;
    cg_tensor *r = cg_ctc_loss_backward(in[0], in[1], in[2], 2, (int64_t[]){6, 5}, (int64_t[]){2, 1}, nll, alpha, 0,
                                        false);
    cg_tensor_release(nll), cg_tensor_release(alpha);
    return r;
}
bool sample_ctc_loss_backward(int v, cg_sample *s) {
    if (v == 0)
        return SAMPLE("grad [2], log_probs [6,2,B+3]", 3, {IN(1752, false, 2), IN(1753, false, 6, 2, S_B + 3),
                      IX64(3, 0, 1, 2, 3)}, f_ctc_backward);
    return false;
}
