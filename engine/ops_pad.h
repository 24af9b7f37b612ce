/* ops_pad.h: F.pad and the ops behind it (ops_pad.c).
 *
 * pad[2i] and pad[2i + 1] pad dim ndim - 1 - i before and after, as in
 * PyTorch: the list starts from the last dim. Ownership as in tensor.h. */
#ifndef CG_OPS_PAD_H
#define CG_OPS_PAD_H

#include "tensor.h"

/* torch.constant_pad_nd(x, pad, value): any number of dims; negative pads
 * crop. */
cg_tensor *cg_constant_pad_nd(cg_tensor *x, int npad, const int64_t *pad, cg_scalar value);
/* F.pad(x, pad, mode, value): mode "constant", "reflect", "replicate" or
 * "circular"; value NULL when not given. PyTorch's checks and messages. */
cg_tensor *cg_pad(cg_tensor *x, int npad, const int64_t *pad, const char *mode, const double *value);

#endif
