/* soft_margin_loss.c: F.soft_margin_loss, log(1 + exp(-target * input))
 * reduced, with PyTorch 1.13's derivative (soft_margin_loss_backward) and
 * double derivative as rows of their own (SoftMarginLossBackward0,
 * SoftMarginLossBackwardBackward0). ATen computes both with in-place ops
 * on one buffer; here the same ops in the same order run unrecorded (their
 * roundings are the same), and the rows record the result. */
#include "ew.h"
#include "formula.h"
#include "ops_nn.h"

/* unrecorded: log(exp(-input * target) + 1) (1.13's exp_().add_(1).log_(), not
 * log1p), in input's shape (target
 * broadcast into it, as an in-place mul_ does), then reduced */
static cg_tensor *forward_value(cg_tensor *input, cg_tensor *target, cg_reduction red) {
    bool was = cg_grad_set_enabled(false);
    scratch s = {0};
    cg_tensor *neg = s_fn(&s, cg_neg, input);
    cg_tensor *out = NULL, *l = NULL;
    if (neg && cg_mul_(neg, target) == 0 && cg_exp_(neg) == 0 && (l = s_fn(&s, cg_log, s_shift(&s, neg, 1.0))))
        out = red == CG_REDUCTION_NONE ? cg_tensor_retain(l)
              : red == CG_REDUCTION_SUM ? cg_sum(l, 0, NULL, false)
                                        : cg_mean(l, 0, NULL, false);
    scratch_free(&s);
    cg_grad_set_enabled(was);
    return out;
}

/* unrecorded: grad_output * (-norm * target * z / (1 + z)), z = exp(-target * input),
 * in ATen's order: (target * z) * -norm, / (z + 1), * grad_output */
static cg_tensor *backward_value(cg_tensor *grad_output, cg_tensor *input, cg_tensor *target, cg_reduction red) {
    double norm = red == CG_REDUCTION_MEAN ? 1.0 / (double)cg_tensor_numel(input) : 1.0;
    bool was = cg_grad_set_enabled(false);
    scratch s = {0};
    cg_tensor *z = s_fn(&s, cg_exp, s_mul(&s, s_fn(&s, cg_neg, target), input));
    cg_tensor *g = s_scale(&s, s_mul(&s, target, z), -norm);
    cg_tensor *out = s_mul(&s, s_div(&s, g, s_shift(&s, z, 1.0)), grad_output);
    if (out)
        cg_tensor_retain(out);
    scratch_free(&s);
    cg_grad_set_enabled(was);
    return out;
}

cg_tensor *cg_soft_margin_loss(cg_tensor *input, cg_tensor *target, cg_reduction red) {
    cg_tensor *out = forward_value(input, target, red);
    if (!out)
        return NULL;
    cg_op_args args = {.i = {red}};
    cg_save_spec save[] = {{input, "self"}, {target, "target"}};
    return cg_ew_record(out, CG_OP_SOFT_MARGIN_LOSS, 1, &input, 2, save, &args);
}

cg_tensor *cg_soft_margin_loss_backward(cg_tensor *grad_output, cg_tensor *input, cg_tensor *target,
                                        cg_reduction red) {
    cg_tensor *out = backward_value(grad_output, input, target, red);
    if (!out)
        return NULL;
    cg_op_args args = {.i = {red}};
    cg_save_spec save[] = {{grad_output, "grad_output"}, {input, "self"}, {target, "target"}};
    return cg_ew_record(out, CG_OP_SOFT_MARGIN_LOSS_BACKWARD, 2, (cg_tensor *[]){grad_output, input}, 3, save, &args);
}

/* SoftMarginLossBackward0: self: soft_margin_loss_backward(grad, self, target, reduction) */
int cg_bw_soft_margin_loss(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *input, *target; /* borrowed */
    if (cg_node_saved_all(n, 2, &input, &target) < 0)
        return -1;
    return (gi[0] = cg_soft_margin_loss_backward(go[0], input, target, (cg_reduction)n->args.i[0])) ? 0 : -1;
}

/* SoftMarginLossBackwardBackward0, as PyTorch's FunctionsManual:
 *   grad_output: soft_margin_loss_backward(grad, self, target) without a
 *                reduction, else (soft_margin_loss_backward(ones, ...) * grad).sum()
 *   self: grad * grad_output * target * target * z / (z + 1)^2, / numel for a mean */
int cg_bw_soft_margin_loss_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *grad_output, *input, *target;
    if (cg_node_saved_all(n, 3, &grad_output, &input, &target) < 0)
        return -1;
    cg_reduction red = (cg_reduction)n->args.i[0];
    scratch s = {0};
    int rc = 0;
    if (n->next[0].node) {
        cg_tensor *r;
        if (red == CG_REDUCTION_NONE) {
            r = keep(&s, cg_soft_margin_loss_backward(go[0], input, target, red));
        } else {
            cg_tensor *ones = keep(&s, cg_ones_like(grad_output));
            cg_tensor *b = ones ? keep(&s, cg_soft_margin_loss_backward(ones, input, target, red)) : NULL;
            cg_tensor *p = s_mul(&s, b, go[0]);
            r = p ? keep(&s, cg_sum(p, 0, NULL, false)) : NULL;
        }
        rc = r && (gi[0] = cg_tensor_retain(r)) ? 0 : -1;
    }
    if (rc == 0 && n->next[1].node) {
        cg_tensor *z = s_fn(&s, cg_exp, s_mul(&s, input, s_fn(&s, cg_neg, target)));
        cg_tensor *zp1 = s_shift(&s, z, 1.0);
        cg_tensor *num = s_mul(&s, s_mul(&s, s_mul(&s, s_mul(&s, go[0], grad_output), target), target), z);
        cg_tensor *gI = s_div(&s, num, s_mul(&s, zp1, zp1));
        if (gI && red == CG_REDUCTION_MEAN)
            gI = s_int(&s, gI, cg_tensor_numel(input), true);
        rc = gI && (gi[1] = cg_tensor_retain(gI)) ? 0 : -1;
    }
    scratch_free(&s);
    return rc;
}
