/* oom_message.h: the caching allocator's out-of-memory error, in PyTorch's
 * words, and the size format it uses (c10's format_size). Internal to
 * cuda/; memory_summary()'s table has its own format (display/). */
#ifndef CG_OOM_MESSAGE_H
#define CG_OOM_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* "512 bytes", "1.50 KiB", "20.00 MiB", "1.00 GiB": up to 1024 bytes as a
 * count, then the largest unit not exceeded, two decimals. */
void cg_alloc_format_size(uint64_t size, char out[32]);

typedef struct {
    int device;
    size_t alloc_size; /* the segment it tried to get */
    int64_t device_total, device_free;
    bool has_allowed; /* a per-process memory fraction is set */
    size_t allowed;
    int64_t allocated, reserved; /* allocated_bytes and reserved_bytes, "all" */
} cg_alloc_oom;

/* Sets CG_OUT_OF_MEMORY_ERROR with "CUDA out of memory. Tried to allocate
 * ...". PyTorch's sentence about each process's memory (from NVML) is left
 * out: there is no NVML here. */
void cg_alloc_oom_error(const cg_alloc_oom *o);

#endif
