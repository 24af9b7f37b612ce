/* iter.h: the one strided iterator of elementwise ops (PyTorch's
 * TensorIterator, cut down).
 *
 * Operand 0 is the output; inputs are viewed at the output's shape with
 * stride 0 on broadcast dims. Dims are stored innermost first and coalesced
 * where every operand is contiguous across them, so a contiguous op is one
 * row of numel elements. A kernel supplies a row function; the iterator
 * calls it over rows, splitting large iterations across threads.
 *
 * Reductions use the same structure (reduce_iter.h): a row function there
 * folds one row of the input into one output element. */
#ifndef CG_ITER_H
#define CG_ITER_H

#include "tensor.h"

#define CG_ITER_MAX_OPERANDS 4

typedef struct cg_ew_iter {
    int ndim; /* >= 1 */
    int noperands;
    int64_t numel;
    int64_t sizes[CG_MAX_DIMS];                         /* innermost first */
    int64_t strides[CG_ITER_MAX_OPERANDS][CG_MAX_DIMS]; /* bytes */
    char *data[CG_ITER_MAX_OPERANDS];
    cg_dtype dtypes[CG_ITER_MAX_OPERANDS];
} cg_ew_iter;

/* Processes n elements of one row: ptrs[k] is operand k's first element and
 * strides[k] its step in bytes. ctx is the kernel's (e.g. its cg_op_args). */
typedef void (*cg_row_fn)(char **ptrs, const int64_t *strides, int64_t n, const void *ctx);

/* Plans an iteration over `out` and inputs broadcastable to out's shape.
 * All operands must be on the CPU-visible address space of one device. */
void cg_ew_iter_init(cg_ew_iter *it, cg_tensor *out, int nin, cg_tensor *const *in);
/* t's strides (in elements) at the shape (ndim, shape), outermost first,
 * as ATen's compute_strides: a broadcast dim (missing in t, or of size 1
 * where the shape's is not) gets stride 0. */
void cg_iter_operand_strides(const cg_tensor *t, int ndim, const int64_t *shape, int64_t *strides);
/* ATen's reorder_dimensions: the dims of `shape` ordered fastest first into
 * perm, by the operands' strides in order (strides[k][d], logical dims,
 * 0 where broadcast): the first operand whose two strides differ decides,
 * the rest keep their order. The iteration walks operands in this order,
 * and elementwise outputs are laid out by it (Note [Elementwise output
 * layout] in ew.c). */
void cg_iter_dim_order(int ndim, const int64_t *shape, int nops, const int64_t (*strides)[CG_MAX_DIMS], int *perm);
/* Calls fn over every row, in parallel when the iteration is large: over
 * the ranges PyTorch's parallel_for makes with CG_PARALLEL_GRAIN, or with
 * the given grain (a kernel of PyTorch's with its own, as gelu's). */
void cg_ew_iter_for_each(const cg_ew_iter *it, cg_row_fn fn, const void *ctx);
void cg_ew_iter_for_each_grain(const cg_ew_iter *it, cg_row_fn fn, const void *ctx, int64_t grain);

/* Below this many elements an iteration stays on one thread, so that tiny
 * ops stay cheap. */
#define CG_PARALLEL_GRAIN 32768

/* How many ranges of equal length (the last shorter) PyTorch's parallel_for
 * over n iterations with that grain makes on the engine's threads: 1 unless
 * n exceeds the grain, else one per grain's worth, at most one per thread.
 * Kernels whose values depend on where a range starts (a vectorised loop
 * restarts there) split as it does. */
int64_t cg_parallel_parts(int64_t n);
/* The same with a kernel's own grain (softmax over other dims). */
int64_t cg_parallel_parts_grain(int64_t n, int64_t grain);

/* The engine's thread count for the calling thread, PyTorch's default until
 * torch.set_num_threads sets it (Note [Default thread count] in iter.c).
 * Every parallel region asks cg_get_num_threads first. OpenBLAS keeps its
 * own count: its products give the same bits on any. */
void cg_set_num_threads(int n);
int cg_get_num_threads(void);
/* PyTorch's starting count: the environment's, else cg_core_count(). */
int cg_default_num_threads(void);
/* Cores as PyTorch counts them: half the online processors, at least 1. */
int cg_core_count(void);

#endif
