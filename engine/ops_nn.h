/* ops_nn.h: neural-network functions (torch.nn.functional): softmax and
 * log_softmax (ops_nn.c), dropout (ops_dropout.c), and the losses
 * (ops_loss.c).
 *
 * Each is a fused primitive with its own kernel and its own autograd node,
 * named as PyTorch names it; the composites (cross_entropy, dropout) build
 * the same graph as PyTorch does. */
#ifndef CG_OPS_NN_H
#define CG_OPS_NN_H

#include <stdbool.h>

#include "tensor.h"

/* PyTorch's reduction enum (at::Reduction), in its order. */
typedef enum { CG_REDUCTION_NONE = 0, CG_REDUCTION_MEAN = 1, CG_REDUCTION_SUM = 2 } cg_reduction;

/* "none" / "mean" / "sum" -> the enum, or -1 with PyTorch's ValueError
 * "<s> is not a valid value for reduction". */
int cg_reduction_from_str(const char *s);

/* ---- packed sequences (packed_sequence.c) ------------------------------------------ */

/* _pack_padded_sequence(input, lengths, batch_first): input [T, B, *] (or
 * [B, T, *]) and B lengths in decreasing order -> *data [sum(lengths), *]
 * (PackPaddedSequenceBackward0) and *batch_sizes (int64 [lengths[0]]),
 * new references; 0, or -1 with PyTorch's errors. */
int cg_pack_padded_sequence(cg_tensor *input, int nlen, const int64_t *lengths, bool batch_first, cg_tensor **data,
                            cg_tensor **batch_sizes);

/* ---- softmax (ops_nn.c) -------------------------------------------------------- */

/* softmax(input, dim, dtype=None): dtype < 0 for None; with a dtype the input
 * is cast first (ToCopyBackward0 under SoftmaxBackward0, as in PyTorch).
 * Integer and bool inputs without a dtype fail as in PyTorch. */
cg_tensor *cg_softmax(cg_tensor *x, int64_t dim, int dtype);
cg_tensor *cg_log_softmax(cg_tensor *x, int64_t dim, int dtype);
/* softmin(input, dim, dtype=None): softmax(-input), NegBackward0 under
 * SoftmaxBackward0 as in PyTorch. */
cg_tensor *cg_softmin(cg_tensor *x, int64_t dim, int dtype);
/* The derivative of softmax (log_ false) or log_softmax at dim given the
 * gradient of its output and the output, by PyTorch's backward kernels
 * (_softmax_backward_data, _log_softmax_backward_data), recorded as
 * SoftmaxBackwardDataBackward0 / LogSoftmaxBackwardDataBackward0. */
cg_tensor *cg_softmax_backward_data(cg_tensor *grad, cg_tensor *output, int64_t dim, bool log_);
/* The dim F.softmax, F.softmin and F.log_softmax pick when given none (0
 * for 0-, 1- and 3-d inputs, else 1); the caller warns, as PyTorch does:
 * "Implicit dimension choice for softmax has been deprecated. Change the
 * call to include dim=X as an argument." (log_softmax, softmin alike). */
int cg_softmax_default_dim(int ndim);

/* ---- batch_norm (ops_norm.c) ------------------------------------------------------- */

/* batch_norm(input [N, C, ...], running_mean, running_var, weight, bias,
 * training, momentum, eps): every tensor but the input may be NULL.
 * Training normalises with the batch's statistics and moves the running
 * ones (when given) by momentum; evaluation uses the running ones. Its node
 * is NativeBatchNormBackward0 (Note [Batch norm] in ops_norm.c). */
cg_tensor *cg_batch_norm(cg_tensor *input, cg_tensor *running_mean, cg_tensor *running_var, cg_tensor *weight,
                         cg_tensor *bias, bool training, double momentum, double eps);

/* ---- layer_norm (ops_layer_norm.c) and group_norm (ops_group_norm.c) ------------- */

/* layer_norm(input, normalized_shape (nd sizes), weight, bias, eps): the
 * trailing nd dims normalised; weight and bias (of normalized_shape) may
 * be NULL. Node NativeLayerNormBackward0 (Note [Layer norm]). */
cg_tensor *cg_layer_norm(cg_tensor *input, int nd, const int64_t *normalized_shape, cg_tensor *weight, cg_tensor *bias,
                         double eps);
/* group_norm(input [N, C, *], num_groups, weight, bias, eps): C split into
 * num_groups groups normalised apart; weight and bias [C] may be NULL.
 * Node NativeGroupNormBackward0 (Note [Group norm]). */
cg_tensor *cg_group_norm(cg_tensor *input, int64_t num_groups, cg_tensor *weight, cg_tensor *bias, double eps);

/* ---- dropout (ops_dropout.c) -------------------------------------------------------- */

struct cg_rng;

/* dropout(input, p=0.5, training=True): x * (bernoulli(1 - p) / (1 - p)),
 * the mask drawn from gen (NULL: the default generator) as PyTorch's CPU
 * dropout draws it, recorded as MulBackward0. p == 0, !training or an
 * empty input return x itself; p == 1 gives x * 0. p outside [0, 1] is
 * F.dropout's ValueError. A CUDA tensor with 0 < p < 1 gets
 * native_dropout's output instead, as in PyTorch. See Note [Dropout's
 * generator] in ops_dropout.c. */
cg_tensor *cg_dropout(cg_tensor *x, double p, bool training, struct cg_rng *gen);
/* dropout(..., inplace=True): x.mul_(noise), MulBackward0 on x, on every
 * device (PyTorch's in-place dropout never fuses); 0 or -1. */
int cg_dropout_(cg_tensor *x, double p, bool training, struct cg_rng *gen);

/* A source of uniform doubles in [0, 1), one per element in row-major order. */
typedef double (*cg_uniform_fn)(void *ctx);
/* The same with the mask drawn from `uniform` (element kept where the draw
 * is below 1 - p): for callers with their own source, and tests. */
cg_tensor *cg_dropout_with(cg_tensor *x, double p, bool training, cg_uniform_fn uniform, void *ctx);
int cg_dropout_with_(cg_tensor *x, double p, bool training, cg_uniform_fn uniform, void *ctx);

/* torch.native_dropout(input, p, train): the output, with the bool keep
 * mask in *mask (new reference); train is 1, 0, or -1 for None. The CPU
 * draws mask.bernoulli_(1 - p); a CUDA tensor draws PyTorch's fused
 * kernel's mask. Records NativeDropoutBackward0. NULL with the error set.
 * See Note [native_dropout] in ops_dropout.c. */
cg_tensor *cg_native_dropout(cg_tensor *x, double p, int train, struct cg_rng *gen, cg_tensor **mask);
/* input * mask * scale, recorded as NativeDropoutBackward0 whose gradient
 * is grad * mask * grad_scale: native_dropout once its mask is drawn. */
cg_tensor *cg_native_dropout_apply(cg_tensor *x, cg_tensor *mask, double scale, double grad_scale);

/* ---- losses (ops_loss.c) -------------------------------------------------------- */

/* mse_loss(input, target, reduction='mean'); shapes broadcast (PyTorch
 * warns). smooth_l1_loss(..., beta=1.0) and huber_loss(..., delta=1.0) the
 * same way. */
cg_tensor *cg_mse_loss(cg_tensor *input, cg_tensor *target, cg_reduction reduction);
/* l1_loss(input, target, reduction='mean'): abs(input - target) reduced,
 * composed of other ops as in PyTorch 1.13. */
cg_tensor *cg_l1_loss(cg_tensor *input, cg_tensor *target, cg_reduction reduction);
cg_tensor *cg_smooth_l1_loss(cg_tensor *input, cg_tensor *target, cg_reduction reduction, double beta);

/* ATen's composite losses and distance (loss_composites.c), op for op:
 * their nodes are those of what they are made of (Note [Scalar overloads
 * in composites]) */
cg_tensor *cg_margin_ranking_loss(cg_tensor *input1, cg_tensor *input2, cg_tensor *target, double margin,
                                  cg_reduction red);
cg_tensor *cg_hinge_embedding_loss(cg_tensor *self, cg_tensor *target, double margin, cg_reduction red);
cg_tensor *cg_cosine_embedding_loss(cg_tensor *input1, cg_tensor *input2, cg_tensor *target, double margin,
                                    cg_reduction red);
cg_tensor *cg_triplet_margin_loss(cg_tensor *anchor, cg_tensor *positive, cg_tensor *negative, double margin,
                                  double p, double eps, bool swap, cg_reduction red);
cg_tensor *cg_poisson_nll_loss(cg_tensor *input, cg_tensor *target, bool log_input, bool full, double eps,
                               cg_reduction red);
/* torch._ctc_loss: log_probs [T, N, C], targets [N, S] or concatenated,
 * one length of each per batch item; *nll [N] (node CtcLossBackward0) and
 * *alpha [N, T, 2 * max target + 1] (ctc_loss.c, Note [CTC in log space,
 * in ATen's order]); and its derivative */
int cg_ctc_loss(cg_tensor *log_probs, cg_tensor *targets, int n_il, const int64_t *il, int n_tl, const int64_t *tl,
                int64_t blank, bool zero_infinity, cg_tensor **nll, cg_tensor **alpha);
cg_tensor *cg_ctc_loss_backward(cg_tensor *grad, cg_tensor *log_probs, cg_tensor *targets, int n, const int64_t *il,
                                const int64_t *tl, cg_tensor *nll, cg_tensor *alpha, int64_t blank, bool zero_infinity);
/* torch.pdist: the p-norm distance of each pair of input's rows, i < j,
 * and its derivative (pdist.c, Note [Pairwise distances in ATen's lanes]) */
cg_tensor *cg_pdist(cg_tensor *input, double p);
cg_tensor *cg_pdist_backward(cg_tensor *grad, cg_tensor *input, double p, cg_tensor *dist);
/* torch._trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim,
 * unroll_dim): the three inputs unsqueezed at their expand dims, multiplied
 * and summed over sumdim (trilinear.c, Note [Trilinear as PyTorch sums it]) */
cg_tensor *cg_trilinear(cg_tensor *i1, cg_tensor *i2, cg_tensor *i3, int n1, const int64_t *expand1, int n2,
                        const int64_t *expand2, int n3, const int64_t *expand3, int nsum, const int64_t *sumdim,
                        int64_t unroll_dim);
/* F.multi_margin_loss (p 1 or 2, weight [dim] or NULL) and
 * F.multilabel_margin_loss, and their derivatives (margin_loss.c, Note
 * [Margin losses in ATen's order]) */
cg_tensor *cg_multi_margin_loss(cg_tensor *input, cg_tensor *target, int p, double margin, cg_tensor *weight,
                                cg_reduction red);
cg_tensor *cg_multi_margin_loss_backward(cg_tensor *grad, cg_tensor *input, cg_tensor *target, int p, double margin,
                                         cg_tensor *weight, cg_reduction red);
cg_tensor *cg_multilabel_margin_loss(cg_tensor *input, cg_tensor *target, cg_reduction red);
cg_tensor *cg_multilabel_margin_loss_backward(cg_tensor *grad, cg_tensor *input, cg_tensor *target,
                                              cg_reduction red, cg_tensor *is_target);
/* log(1 + exp(-target * input)), reduced, and its derivative (soft_margin_loss.c) */
cg_tensor *cg_soft_margin_loss(cg_tensor *input, cg_tensor *target, cg_reduction red);
cg_tensor *cg_soft_margin_loss_backward(cg_tensor *grad_output, cg_tensor *input, cg_tensor *target,
                                        cg_reduction red);
/* ||x1 - x2 + eps||_p over the last dim */
cg_tensor *cg_pairwise_distance(cg_tensor *x1, cg_tensor *x2, double p, double eps, bool keepdim);
/* sum over dim of x1 / ||x1|| * x2 / ||x2||, the inputs broadcast, the norms at least eps */
cg_tensor *cg_cosine_similarity(cg_tensor *x1, cg_tensor *x2, int64_t dim, double eps);
cg_tensor *cg_huber_loss(cg_tensor *input, cg_tensor *target, cg_reduction reduction, double delta);
/* kl_div(input, target, reduction, log_target) as PyTorch's composite (the
 * nodes of its exp/mul/sub and mean/sum); F.kl_div's 'batchmean' is 'sum'
 * divided by the batch size, done by the caller. With log_target false the
 * target may not require grad. */
cg_tensor *cg_kl_div(cg_tensor *input, cg_tensor *target, cg_reduction reduction, bool log_target);
/* The elementwise derivative of order 1 or 2 of smooth_l1_loss (huber
 * false, param beta) or huber_loss (param delta) in input - target: their
 * backward kernel, differentiable for double backward. */
cg_tensor *cg_robust_loss_grad(cg_tensor *input, cg_tensor *target, double param, bool huber, int order);

/* nll_loss(input [N, C] or [C] or [N, C, d1...], target int64 [N] or [] or
 * [N, d1...], weight=None [C], ignore_index=-100, reduction='mean'). A 4-d
 * input records NllLoss2DBackward0; other >2-d inputs are viewed as
 * [N, C, 1, -1] first, as F.nll_loss does. */
cg_tensor *cg_nll_loss(cg_tensor *input, cg_tensor *target, cg_tensor *weight, int64_t ignore_index,
                       cg_reduction reduction);
/* nll_loss_backward(grad_output, self, target, weight, reduction,
 * ignore_index, total_weight): the gradient of nll_loss with respect to its
 * input self (whose shape it takes); differentiable in grad. total_weight
 * is the 0-d sum of the weights of the counted targets. */
cg_tensor *cg_nll_loss_backward(cg_tensor *grad, cg_tensor *self, cg_tensor *target, cg_tensor *weight,
                                cg_reduction reduction, int64_t ignore_index, cg_tensor *total_weight);

/* cross_entropy(input [N, C, d1...] or [C], target, weight=None,
 * ignore_index=-100, reduction='mean', label_smoothing=0.0), built as
 * PyTorch builds it: for class indices (int64 [N, d1...] or []),
 * nll_loss(log_softmax(input, class dim)), plus the smoothing term when
 * label_smoothing > 0; a float target of the input's shape holds class
 * probabilities. */
cg_tensor *cg_cross_entropy(cg_tensor *input, cg_tensor *target, cg_tensor *weight, int64_t ignore_index,
                            cg_reduction reduction, double label_smoothing);

/* binary_cross_entropy(input, target, weight=None, reduction='mean'): input
 * in [0, 1], logs clamped to >= -100 as in PyTorch. */
cg_tensor *cg_binary_cross_entropy(cg_tensor *input, cg_tensor *target, cg_tensor *weight, cg_reduction reduction);
/* binary_cross_entropy_with_logits(input, target, weight=None,
 * reduction='mean', pos_weight=None), in its numerically stable form. */
cg_tensor *cg_binary_cross_entropy_with_logits(cg_tensor *input, cg_tensor *target, cg_tensor *weight,
                                               cg_tensor *pos_weight, cg_reduction reduction);

/* The elementwise partial derivatives of the two BCE losses (their backward
 * kernels, differentiable for double backward): order 0 d/dinput, 1
 * d/dtarget, 2 d2/dinput2, 3 d2/dinput dtarget. pos_weight may be NULL. */
cg_tensor *cg_binary_cross_entropy_grad(cg_tensor *input, cg_tensor *target, int order);
cg_tensor *cg_binary_cross_entropy_with_logits_grad(cg_tensor *input, cg_tensor *target, cg_tensor *pos_weight,
                                                    int order);

#endif
