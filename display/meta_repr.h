/* meta_repr.h: Python's repr of what describes a tensor, as PyTorch
 * prints them: torch.Size([2, 3]), torch.float32, device(type='cuda', index=0).
 *
 * For the cell language (shape, dtype and device are values there) and for
 * the suffixes of tensor_repr.c. The tensor itself is tensor_repr.h. */
#ifndef CG_META_REPR_H
#define CG_META_REPR_H

#include <stddef.h>
#include <stdint.h>

#include "device.h"
#include "dtype.h"

/* Enough for the repr of a torch.Size of CG_MAX_DIMS 64-bit sizes. */
#define CG_SIZE_REPR_MAX 256

/* "torch.Size([2, 3])", "torch.Size([])" into buf; returns buf. */
const char *cg_size_repr(int ndim, const int64_t *sizes, char *buf, size_t n);
/* "torch.float32": str() and repr() of a dtype. */
const char *cg_dtype_repr(cg_dtype dt);
/* "device(type='cuda', index=0)", "device(type='cpu')" into buf; returns
 * buf. A negative index (torch.device('cuda')) prints none; a tensor's
 * device should have its current index resolved first, as PyTorch's has. */
const char *cg_device_repr(cg_device d, char *buf, size_t n);

#endif
