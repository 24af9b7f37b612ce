/* host_tensor.h: the tensor a renderer reads, on the CPU.
 *
 * Renderers read elements in place through the strides; a tensor on a
 * device is first copied to the host. The copy is detached and made with
 * grad mode off: rendering never joins the autograd graph. */
#ifndef CG_HOST_TENSOR_H
#define CG_HOST_TENSOR_H

#include "tensor.h"

/* t itself (a new reference) when it is on the CPU, else a detached copy
 * there; NULL with the engine's error set. */
cg_tensor *cg_display_host_tensor(cg_tensor *t);

#endif
