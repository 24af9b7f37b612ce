/* tensor_repr.h: a tensor's text/plain, exactly as PyTorch 1.13 prints it.
 *
 * repr(x), str(x) and print(x) are the same text in PyTorch:
 *     tensor([[ 0.1000,  1.5000],
 *             [-2.2500,  3.0000]], dtype=torch.float64, requires_grad=True)
 * with torch/_tensor_str.py's rules: summarising with `...` past the
 * threshold, 1-d rows wrapped at the line width, the suffixes in PyTorch's
 * order (device, size, dtype, grad_fn or requires_grad), all under the
 * print options of print_options.h. How each element is written is
 * element_format.h. The HTML rendering of a tensor is not here. */
#ifndef CG_TENSOR_REPR_H
#define CG_TENSOR_REPR_H

#include "tensor.h"

/* repr(t): a malloc'd NUL-terminated string the caller frees, or NULL with
 * the engine's error set (a ValueError for a negative precision, the
 * RuntimeError PyTorch raises for edgeitems <= 0 on a summarised tensor of
 * 2 or more dims, a MemoryError). t is not modified and no autograd history
 * is recorded; a tensor on another device is read through a copy. */
char *cg_tensor_repr(cg_tensor *t);

#endif
