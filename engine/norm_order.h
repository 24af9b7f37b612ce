/* norm_order.h: vector norms of float32/float64 in PyTorch 1.13's order, to
 * the last bit.
 *
 * Note [Norms in PyTorch's order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * ATen's norm kernel (ReduceOpsKernel.cpp, reached from norm and
 * linalg_vector_norm) does not use the cascade sum of Note [Reductions in
 * PyTorch's order]; it folds, for each output, the reduced elements one
 * after the other in the iteration plan's order (binary_kernel_reduce),
 * accumulating in the input's own type:
 *   p = 0: the count of nonzeros; p = 1: the sum of |x|;
 *   p = 2: acc + x * x, which the AVX2 build compiles to one fused
 *          multiply-add, then sqrt;
 *   p = inf, -inf: the max, min of |x| (a NaN wins);
 *   other p: acc + pow(|x|, p), then pow(acc, 1 / p), with p rounded to
 *          float first (the kernel holds it in a float).
 * One output over 32768 or more elements on T > 1 threads is split as
 * parallel_for splits it: each range folds from zero and the partials are
 * then combined in order. Several outputs are spread over threads whole,
 * so their values do not depend on T.
 *
 * float32 with p = 2 whose plan has one reduced dim of unit stride (the
 * last dim of a contiguous tensor, or all of it) takes a vector loop
 * instead: eight lanes of fused multiply-adds over the whole vectors of
 * the run, the lanes then added in order, and the tail as GCC compiled it
 * in PyTorch's library (disassembled): groups of four squares, each rounded
 * and added in order, then the last one to three elements as fused
 * multiply-adds.
 *
 * No element gives 0 (inf for p < 0). norm folds even a single element
 * (pow(pow(|x|, 3), 1 / 3) is not always |x|): torch.norm has none of
 * linalg_vector_norm's shortcuts. */
#ifndef CG_NORM_ORDER_H
#define CG_NORM_ORDER_H

#include "tensor.h"

/* out = the p-norm of x over the dims where out has size 1 and x does not;
 * out has x's dims (keepdim sizes), is contiguous, and has x's dtype,
 * float32 or float64. */
void cg_norm_torch_order(const cg_tensor *x, cg_tensor *out, double p);

#endif
