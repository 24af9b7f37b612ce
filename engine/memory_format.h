/* memory_format.h: PyTorch's memory formats (torch.contiguous_format,
 * channels_last, channels_last_3d, preserve_format): which one a tensor's
 * strides are, and the strides of each.
 *
 * Note [Memory formats]
 * ~~~~~~~~~~~~~~~~~~~~~
 * A memory format is only an order of a tensor's dims in memory: channels
 * last stores an [N, C, H, W] tensor as [N, H, W, C] (strides
 * (HWC, 1, WC, C)), channels_last_3d an [N, C, D, H, W] one as
 * [N, D, H, W, C]. Tensors carry no format of their own; it is read off
 * their strides, as c10 does, in two ways:
 * - is_contiguous(format): the strides are exactly the format's, dims of
 *   size 1 aside;
 * - suggest_memory_format(): the strides are ordered as the format's
 *   (a sliced channels-last tensor still suggests channels_last); the
 *   ambiguous layouts (a size-1 or stride-0 channel dim, an [N, 1, 1, 1]
 *   tensor) count as contiguous.
 * Kernels that have a channels-last form (batch_norm) choose by them, and
 * the results of clone(), to() and the *_like factories under
 * preserve_format take the input's strides when it is dense, else its
 * suggested format. */
#ifndef CG_MEMORY_FORMAT_H
#define CG_MEMORY_FORMAT_H

#include <stdbool.h>

#include "tensor.h"

typedef enum {
    CG_PRESERVE_FORMAT,
    CG_CONTIGUOUS_FORMAT,
    CG_CHANNELS_LAST,
    CG_CHANNELS_LAST_3D,
} cg_memory_format;

/* t.is_contiguous(memory_format=f); preserve_format counts as contiguous */
bool cg_is_contiguous_as(const cg_tensor *t, cg_memory_format f);
/* t.suggest_memory_format() */
cg_memory_format cg_suggest_memory_format(const cg_tensor *t);
/* 0 when a tensor of ndim dims can be laid out as f (channels_last needs 4
 * dims, channels_last_3d 5); -1 with PyTorch's error otherwise */
int cg_memory_format_check(int ndim, cg_memory_format f);
/* The strides of a dense tensor of sizes in format f (not preserve). */
void cg_format_strides(int ndim, const int64_t *sizes, cg_memory_format f, int64_t *strides);
/* An uninitialised tensor of x's sizes laid out as f, where preserve takes
 * x's strides when x is dense and x's suggested format otherwise. */
cg_tensor *cg_empty_format(const cg_tensor *x, cg_dtype dtype, cg_device device, cg_memory_format f);

#endif
