/* ops_copy.h: creating tensors, copies, casts and fills (ops_copy.c). */
#ifndef CG_OPS_COPY_H
#define CG_OPS_COPY_H

#include "memory_format.h"
#include "tensor.h"

cg_tensor *cg_full(int ndim, const int64_t *sizes, cg_scalar value, cg_dtype dtype, cg_device device);
cg_tensor *cg_zeros(int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device);
cg_tensor *cg_ones(int ndim, const int64_t *sizes, cg_dtype dtype, cg_device device);
cg_tensor *cg_empty_like(const cg_tensor *t);
cg_tensor *cg_zeros_like(const cg_tensor *t);
cg_tensor *cg_ones_like(const cg_tensor *t);
cg_tensor *cg_full_like(const cg_tensor *t, cg_scalar value);
/* A tensor of the given sizes from row-major values; dtype as torch.tensor
 * infers it when dtype < 0 (bool, int64 or the default float). */
cg_tensor *cg_tensor_from_scalars(int ndim, const int64_t *sizes, const cg_scalar *values, int dtype, cg_device device);
/* A tensor over a copy of raw values of type src_dtype. */
cg_tensor *cg_tensor_from_buffer(int ndim, const int64_t *sizes, cg_dtype dtype, const void *values);
cg_tensor *cg_arange(cg_scalar start, cg_scalar end, cg_scalar step, int dtype, cg_device device);
cg_tensor *cg_linspace(double start, double end, int64_t steps, cg_dtype dtype, cg_device device);
/* torch.logspace: base ** (steps exponents from start to end) */
cg_tensor *cg_logspace(double start, double end, int64_t steps, double base, cg_dtype dtype, cg_device device);
cg_tensor *cg_eye(int64_t n, int64_t m, cg_dtype dtype, cg_device device);

/* dst.copy_(src): broadcasts src to dst and casts; bumps dst's version. */
int cg_copy_(cg_tensor *dst, cg_tensor *src);
/* Copies src into dst (same device), broadcasting and casting: no checks,
 * no autograd, no version bump; for the engine's own scratch tensors. */
int cg_copy_raw(cg_tensor *dst, cg_tensor *src);
/* t.to(dtype): t itself (retained) when the dtype is already right. */
cg_tensor *cg_to_dtype(cg_tensor *t, cg_dtype dtype);
/* The forms of to(dtype) and clone() users call, laid out as t (Note
 * [Preserved layout] in ops_copy.c). */
cg_tensor *cg_to_dtype_preserve(cg_tensor *t, cg_dtype dtype);
cg_tensor *cg_clone_preserve(cg_tensor *t);
/* clone(memory_format=f) and to(dtype, memory_format=f) (Note [Memory
 * formats]); contiguous(memory_format=f): t itself when already laid out
 * so. */
cg_tensor *cg_clone_format(cg_tensor *t, cg_memory_format f);
cg_tensor *cg_to_dtype_format(cg_tensor *t, cg_dtype dtype, cg_memory_format f);
cg_tensor *cg_contiguous_format(cg_tensor *t, cg_memory_format f);
/* A copy of t in dtype laid out as f, recorded as ToCopyBackward0: the
 * copy Tensor.to makes. */
cg_tensor *cg_to_copy(cg_tensor *t, cg_dtype dtype, cg_memory_format f);
/* empty_like / full_like with preserve_format, on any device. */
cg_tensor *cg_empty_preserve(const cg_tensor *x, cg_dtype dtype, cg_device device);
cg_tensor *cg_full_preserve(const cg_tensor *x, cg_scalar value, cg_dtype dtype, cg_device device);
/* full_like with memory_format=f (Note [Memory formats]) */
cg_tensor *cg_full_format(const cg_tensor *x, cg_scalar value, cg_dtype dtype, cg_device device, cg_memory_format f);
cg_tensor *cg_to_device(cg_tensor *t, cg_device device);
/* t as a contiguous int64 tensor on the host (a new reference), unrecorded:
 * for bookkeeping over index tensors in plain C */
cg_tensor *cg_host_int64(cg_tensor *t);
cg_tensor *cg_clone(cg_tensor *t);
/* t itself (retained) when already contiguous. */
cg_tensor *cg_contiguous(cg_tensor *t);
/* F.pixel_shuffle / pixel_unshuffle / channel_shuffle (pixel_shuffle.c):
 * [*, C r^2, H, W] <-> [*, C, H r, W r], and channels regrouped */
cg_tensor *cg_pixel_shuffle(cg_tensor *x, int64_t upscale_factor);
cg_tensor *cg_pixel_unshuffle(cg_tensor *x, int64_t downscale_factor);
cg_tensor *cg_channel_shuffle(cg_tensor *x, int64_t groups);
/* x.repeat(*repeats), n >= x->ndim repeats */
cg_tensor *cg_repeat(cg_tensor *x, int n, const int64_t *repeats);
int cg_fill_(cg_tensor *t, cg_scalar value);
int cg_zero_(cg_tensor *t);
/* After an in-place op that overwrote t without reading it (fill_, zero_,
 * normal_, ...): PyTorch's node node_name on t, whose gradient is zero,
 * when autograd needs one. */
int cg_record_overwrite(cg_tensor *t, const char *node_name);
/* Shares storage and version counter, no history (x.detach()). */
cg_tensor *cg_detach(cg_tensor *t);

#endif
