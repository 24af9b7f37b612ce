/* ops_reduce.h: reductions and the cumulative sum (ops_reduce.c).
 *
 * Reductions take a dim list: dims == NULL / ndims == 0 means every dim
 * (PyTorch's all-dims form, e.g. x.sum()), otherwise the dims, which may be
 * negative and must not repeat. keepdim keeps reduced dims as size 1.
 * Result dtypes are PyTorch's: sum/prod/cumsum of integral or bool inputs
 * are int64; mean/var/std/norm need a float input; any/all give bool. */
#ifndef CG_OPS_REDUCE_H
#define CG_OPS_REDUCE_H

#include "tensor.h"

/* torch.sum(input, dim=None, keepdim=False) */
cg_tensor *cg_sum(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim);
/* torch.mean(input, dim=None, keepdim=False); an empty reduction is nan */
cg_tensor *cg_mean(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim);
/* torch.prod(input) / torch.prod(input, dim, keepdim=False): PyTorch takes
 * at most one dim; an empty reduction is 1 */
cg_tensor *cg_prod(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim);

/* torch.max(input) / torch.min(input): a 0-d tensor; NaN wins. Errors on an
 * empty input, as PyTorch. */
cg_tensor *cg_max(cg_tensor *x);
cg_tensor *cg_min(cg_tensor *x);
/* torch.max(input, dim, keepdim=False) -> (values, indices): new references
 * into *values and *indices (either may be NULL when unwanted); indices are
 * int64 and point at the first extreme. Returns 0 or -1. */
int cg_max_dim(cg_tensor *x, int64_t dim, bool keepdim, cg_tensor **values, cg_tensor **indices);
int cg_min_dim(cg_tensor *x, int64_t dim, bool keepdim, cg_tensor **values, cg_tensor **indices);
/* torch.argmax(input, dim=None, keepdim=False): dim NULL for the index into
 * the flattened input. int64, not differentiable. */
cg_tensor *cg_argmax(cg_tensor *x, const int64_t *dim, bool keepdim);
cg_tensor *cg_argmin(cg_tensor *x, const int64_t *dim, bool keepdim);

/* torch.var(input, dim=None, *, correction=1, keepdim=False): the divisor is
 * N - correction (unbiased=True is correction 1, False is 0). */
cg_tensor *cg_var(cg_tensor *x, int ndims, const int64_t *dims, int64_t correction, bool keepdim);
cg_tensor *cg_std(cg_tensor *x, int ndims, const int64_t *dims, int64_t correction, bool keepdim);
/* torch.norm(input, p=2, dim=None, keepdim=False): p is 1, 2 or ±INFINITY
 * ('fro' is 2). */
cg_tensor *cg_norm(cg_tensor *x, double p, int ndims, const int64_t *dims, bool keepdim);
/* torch.linalg.vector_norm(x, ord, dim=None, keepdim=False): norm's
 * reduction, with PyTorch's checks of the dtype and of empty reductions
 * for orders without an identity (ord < 0 or inf). */
cg_tensor *cg_linalg_vector_norm(cg_tensor *x, double ord, int ndims, const int64_t *dims, bool keepdim);
/* torch.dist(x, y, p=2): norm(x - y, p) as DistBackward0 (norm_composites.c) */
cg_tensor *cg_dist(cg_tensor *x, cg_tensor *y, double p);
/* torch.renorm(x, p, dim, maxnorm): each slice along dim whose p-norm
 * passes maxnorm scaled to maxnorm / (norm + 1e-7) (RenormBackward0);
 * renorm_ in place. */
cg_tensor *cg_renorm(cg_tensor *x, double p, int64_t dim, double maxnorm);
int cg_renorm_(cg_tensor *x, double p, int64_t dim, double maxnorm);
/* The norm's derivative: g and r (the norm) with the reduced dims kept
 * (ndims of dims; all when 0), x the input; p not 0. */
cg_tensor *cg_norm_backward(cg_tensor *g, cg_tensor *x, cg_tensor *r, double p, int ndims, const int64_t *dims);
/* torch.norm(input, p='fro', dim, keepdim=False): over two dims PyTorch
 * computes sqrt(sum(x * x, dim)) (its graph ends in SqrtBackward0); over
 * more than two it fails; otherwise it is the 2-norm. */
cg_tensor *cg_norm_fro(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim);
/* torch.logsumexp(input, dim, keepdim=False): max + log(sum(exp(x - max)));
 * integral inputs give the default float dtype. */
cg_tensor *cg_logsumexp(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim);
/* torch.any / torch.all(input, dim=None, keepdim=False): bool results */
cg_tensor *cg_any(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim);
cg_tensor *cg_all(cg_tensor *x, int ndims, const int64_t *dims, bool keepdim);

/* torch.cumsum(input, dim): x's shape; int64 for integral or bool x */
cg_tensor *cg_cumsum(cg_tensor *x, int64_t dim);

/* Sums x down to sizes (the gradient of broadcasting). */
cg_tensor *cg_sum_to(cg_tensor *x, int ndim, const int64_t *sizes);

struct cg_node;
/* The gradient of a reduction recorded with args dims/keepdim, brought back
 * to the input's shape (unsqueezed at reduced dims, expanded). */
cg_tensor *cg_reduce_grad_expand(struct cg_node *n, cg_tensor *g);

#endif
