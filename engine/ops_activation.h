/* ops_activation.h: the activations of torch.nn with kernels of their own
 * (PyTorch's derivatives.yaml entries: elu, silu, mish, hardtanh,
 * hardsigmoid, hardswish, softplus, softshrink, hardshrink, log_sigmoid,
 * threshold, glu, prelu, rrelu_with_noise) and the backward kernels that
 * their derivatives call. The composites (selu, relu6, softsign, ...) are
 * the language's, made of these. */
#ifndef CG_OPS_ACTIVATION_H
#define CG_OPS_ACTIVATION_H

#include "random.h"
#include "tensor.h"

/* elu(x, alpha, scale, input_scale): EluBackward0; elu_ in place (EluBackward1) */
cg_tensor *cg_elu(cg_tensor *x, double alpha, double scale, double input_scale);
int cg_elu_(cg_tensor *self, double alpha, double scale, double input_scale);
/* celu(x, alpha) = elu(x, alpha, 1, 1 / alpha), its own nodes (CeluBackward0/1) */
cg_tensor *cg_celu(cg_tensor *x, double alpha);
int cg_celu_(cg_tensor *self, double alpha);
cg_tensor *cg_elu_backward(cg_tensor *grad, double alpha, double scale, double input_scale, bool is_result,
                           cg_tensor *self_or_result);

cg_tensor *cg_silu(cg_tensor *x);
int cg_silu_(cg_tensor *self);
cg_tensor *cg_silu_backward(cg_tensor *grad, cg_tensor *self);
cg_tensor *cg_mish(cg_tensor *x);
int cg_mish_(cg_tensor *self);
cg_tensor *cg_mish_backward(cg_tensor *grad, cg_tensor *self);

/* hardtanh(x, min_val, max_val): clamp's values, HardtanhBackward0 */
cg_tensor *cg_hardtanh(cg_tensor *x, cg_scalar min_val, cg_scalar max_val);
int cg_hardtanh_(cg_tensor *self, cg_scalar min_val, cg_scalar max_val);
cg_tensor *cg_hardtanh_backward(cg_tensor *grad, cg_tensor *self, cg_scalar min_val, cg_scalar max_val);

cg_tensor *cg_hardsigmoid(cg_tensor *x);
int cg_hardsigmoid_(cg_tensor *self);
cg_tensor *cg_hardsigmoid_backward(cg_tensor *grad, cg_tensor *self);
cg_tensor *cg_hardswish(cg_tensor *x);
int cg_hardswish_(cg_tensor *self);
cg_tensor *cg_hardswish_backward(cg_tensor *grad, cg_tensor *self);

cg_tensor *cg_softplus(cg_tensor *x, cg_scalar beta, cg_scalar threshold);
cg_tensor *cg_softplus_backward(cg_tensor *grad, cg_tensor *self, cg_scalar beta, cg_scalar threshold);

/* softshrink and hardshrink: lambd >= 0 (softshrink checks it) */
cg_tensor *cg_softshrink(cg_tensor *x, cg_scalar lambd);
cg_tensor *cg_hardshrink(cg_tensor *x, cg_scalar lambd);
cg_tensor *cg_softshrink_backward(cg_tensor *grad, cg_tensor *self, cg_scalar lambd);
cg_tensor *cg_hardshrink_backward(cg_tensor *grad, cg_tensor *self, cg_scalar lambd);

/* log_sigmoid(x) = min(x, 0) - log1p(exp(-|x|)); its buffer exp(-|x|) is
 * kept by the node for the backward */
cg_tensor *cg_log_sigmoid(cg_tensor *x);
cg_tensor *cg_log_sigmoid_backward(cg_tensor *grad, cg_tensor *self, cg_tensor *buffer);

/* threshold(x, threshold, value): value where x <= threshold, else x */
cg_tensor *cg_threshold(cg_tensor *x, cg_scalar threshold, cg_scalar value);
int cg_threshold_(cg_tensor *self, cg_scalar threshold, cg_scalar value);

/* glu(x, dim): first half * sigmoid(second half) along dim */
cg_tensor *cg_glu(cg_tensor *x, int64_t dim);
/* glu's derivative (GluBackwardBackward0 for double backward); dim wrapped */
cg_tensor *cg_glu_backward(cg_tensor *grad, cg_tensor *self, int64_t dim);
/* prelu(x, weight): x where x > 0, else weight * x, weight of one element
 * or one per channel (dim 1) */
cg_tensor *cg_prelu(cg_tensor *x, cg_tensor *weight);
/* rrelu(x, lower, upper, training): in training each non-positive element
 * times a slope drawn uniformly from [lower, upper) (PyTorch's draws); in
 * evaluation leaky_relu with the slope (lower + upper) / 2 */
cg_tensor *cg_rrelu(cg_tensor *x, double lower, double upper, bool training, cg_rng *gen);
int cg_rrelu_(cg_tensor *self, double lower, double upper, bool training, cg_rng *gen);

/* leaky_relu_ in place (LeakyReluBackward1); leaky_relu is ops_unary.h's */
int cg_leaky_relu_(cg_tensor *self, double negative_slope);

#endif
