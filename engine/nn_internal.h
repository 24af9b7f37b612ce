/* nn_internal.h: helpers shared by ops_nn.c, ops_loss.c, ops_dropout.c, ops_conv.c,
 * ops_pool.c, ops_norm.c, ops_layer_norm.c, ops_group_norm.c and norm_rows.c,
 * private to them:
 * PyTorch's spellings in error messages and the checks that several
 * neural-network functions make alike. Not part of the engine's API. */
#ifndef CG_NN_INTERNAL_H
#define CG_NN_INTERNAL_H

#include "autograd.h"
#include "op.h"
#include "ops_conv.h"
#include "tensor.h"

/* "\"<kernel>\" not implemented for '<type>'" as a RuntimeError; returns -1. */
int cg_nn_not_implemented(const char *kernel, cg_dtype dt);
/* A double as Python's repr() writes a float: shortest round-trip, ".0"
 * on integral values. */
const char *cg_nn_float_repr(double v, char *buf, size_t n);
/* "torch.Size([2, 3])" */
const char *cg_nn_size_repr(const cg_tensor *t, char *buf, size_t n);
/* PyTorch's error for an argument its autograd formula does not cover
 * (weight, pos_weight): fails when t requires grad in grad mode. */
int cg_nn_check_nondiff(const char *fn, const char *arg, const cg_tensor *t);

/* A sliding window and its output positions (oh, ow) as the arguments of
 * the im2col, col2im and pooling kernels: the window in dims[0..7], the
 * positions in i[0..1]; cg_window_of reads the window back (ops_conv.c). */
cg_op_args cg_window_args(const cg_window2d *w, int64_t oh, int64_t ow);
cg_window2d cg_window_of(const cg_op_args *a);

/* ConvolutionBackward0 of a transposed convolution (ops_conv_transpose.c),
 * which cg_bw_convolution hands over when the node's args.flag is set. */
int cg_bw_conv_transpose(cg_node *n, cg_tensor *const *go, cg_tensor **gi);
/* ConvolutionBackward0 of a 3-d convolution, plain or transposed
 * (ops_conv3d.c), which cg_bw_convolution hands over when args.i[3] is 3. */
int cg_bw_conv3d(cg_node *n, cg_tensor *const *go, cg_tensor **gi);
/* Per group g, W(g) @ m(g) (W(g)^T @ m(g) when transpose), stacked by
 * rows: W(g) the rows of group g of the weight w [A, B, *kernel] as a
 * matrix [A/groups, B kernel], m(g) the rows of group g of m: the GEMMs of
 * the im2col convolutions (ops_conv3d.c). */
cg_tensor *cg_conv_group_products(cg_tensor *w, cg_tensor *m, int64_t groups, bool transpose);
/* A convolution's weight gradient as PyTorch's slow paths sum it: per
 * group g, the sum over samples s of a(g)[:, s] @ b(g)[:, s]^T, one gemm
 * per sample added to the running sum (beta 1), with a [A, N L] and
 * b [B, N L]: [A, B / groups] (ops_conv3d.c). */
cg_tensor *cg_conv_sample_sums(cg_tensor *a, cg_tensor *b, int64_t n, int64_t groups);

/* What layer_norm and group_norm differ in; norm_rows.c writes their
 * forward and derivative once for both. `param` is the op's own argument
 * (layer_norm's number of normalized dims, group_norm's groups), kept in
 * the node's args.i[0]. */
typedef struct cg_norm_rows_kind {
    cg_op op;
    /* x seen as rows [M, K], each normalised by its own statistics */
    void (*rows)(const cg_tensor *x, int64_t param, int64_t *M, int64_t *K);
    /* the fused CPU kernels (norm_kernel.h) over contiguous tensors */
    cg_tensor *(*kernel)(cg_tensor *x, int64_t param, cg_tensor *w, cg_tensor *b, double eps, cg_tensor **mean,
                         cg_tensor **rstd);
    int (*kernel_backward)(cg_tensor *go, cg_tensor *x, cg_tensor *mean, cg_tensor *rstd, cg_tensor *w,
                           int64_t param, const bool *need, cg_tensor **gi);
    /* weight or bias seen so that it broadcasts against x (new reference) */
    cg_tensor *(*param_view)(cg_tensor *t, const cg_tensor *x);
    /* t (x's shape) summed to the weight's shape */
    cg_tensor *(*param_sum)(cg_tensor *t, int64_t param);
    /* Under create_graph, records the kernel's gradients gi[0..3) (NULL
     * where not computed) as the op's backward node, which has its own
     * derivative; n the op's node, go its gradient. NULL where PyTorch
     * takes a composite instead (group_norm). */
    int (*record_backward)(cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *mean, cg_tensor *rstd, cg_tensor *w,
                           cg_tensor *const *gi);
    /* PyTorch's composite derivative over the saved statistics, which are
     * then outputs of the node too (y, mean, rstd): taken under
     * create_graph and where the statistics' gradients arrive (group_norm's);
     * NULL where PyTorch has none. */
    int (*graph_backward)(cg_node *n, cg_tensor *const *go, cg_tensor *x, cg_tensor *mean, cg_tensor *rstd,
                          cg_tensor *w, cg_tensor **gi);
} cg_norm_rows_kind;

/* layer_norm's record_backward (layer_norm_backward.c): the node
 * NativeLayerNormBackwardBackward0 of native_layer_norm_backward */
int cg_layer_norm_record_backward(cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *mean, cg_tensor *rstd,
                                  cg_tensor *w, cg_tensor *const *gi);
/* batch_norm's backward kernel under create_graph as its node
 * NativeBatchNormBackwardBackward0 (batch_norm_backward.c); stat1 and stat2
 * the forward's saved statistics (training: the batch's mean and invstd,
 * eval: the running mean and var) */
int cg_batch_norm_record_backward(cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *w, cg_tensor *stat1,
                                  cg_tensor *stat2, cg_tensor *const *gi);
/* group_norm's graph_backward (group_norm_backward.c):
 * infinitely_differentiable_native_group_norm_backward */
int cg_group_norm_graph_backward(cg_node *n, cg_tensor *const *go, cg_tensor *X, cg_tensor *mean, cg_tensor *rstd,
                                 cg_tensor *gamma, cg_tensor **gi);

/* The op's output for checked arguments, recording its node; and its
 * derivative (norm_rows.c). */
cg_tensor *cg_norm_rows_forward(const cg_norm_rows_kind *k, cg_tensor *x, int64_t param, cg_tensor *w, cg_tensor *b,
                                double eps);
int cg_norm_rows_backward(const cg_norm_rows_kind *k, cg_node *n, cg_tensor *const *go, cg_tensor **gi);

#endif
