/* oom_message.c: PyTorch's out-of-memory text (oom_message.h), as
 * DeviceCachingAllocator::malloc builds it in PyTorch 2.x
 * (c10/cuda/CUDACachingAllocator.cpp), pieces joined with no separators of
 * their own, double spaces included. The wording is kept, "PyTorch" too:
 * users search for it. */
#include "oom_message.h"

#include <inttypes.h>
#include <stdio.h>

#include "error.h"

void cg_alloc_format_size(uint64_t size, char out[32]) {
    if (size <= 1024)
        snprintf(out, 32, "%" PRIu64 " bytes", size);
    else if (size <= 1048576)
        snprintf(out, 32, "%.2f KiB", (double)size / 1024.0);
    else if (size <= 1073741824ull)
        snprintf(out, 32, "%.2f MiB", (double)size / 1048576.0);
    else
        snprintf(out, 32, "%.2f GiB", (double)size / 1073741824.0);
}

void cg_alloc_oom_error(const cg_alloc_oom *o) {
    char tried[32], total[32], free_[32], allowed[48] = "", allocated[32], unallocated[32];
    cg_alloc_format_size(o->alloc_size, tried);
    cg_alloc_format_size((uint64_t)o->device_total, total);
    cg_alloc_format_size((uint64_t)o->device_free, free_);
    if (o->has_allowed) {
        char a[32];
        cg_alloc_format_size(o->allowed, a);
        snprintf(allowed, sizeof allowed, "%s allowed; ", a);
    }
    cg_alloc_format_size((uint64_t)o->allocated, allocated);
    cg_alloc_format_size((uint64_t)(o->reserved - o->allocated), unallocated);
    cg_error_set(CG_OUT_OF_MEMORY_ERROR,
                 "CUDA out of memory. Tried to allocate %s. GPU %d has a total capacity of %s of which %s is free. "
                 "%sOf the allocated memory %s is allocated by PyTorch, and %s is reserved by PyTorch but "
                 "unallocated. If reserved but unallocated memory is large try setting "
                 "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for "
                 "Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
                 tried, o->device, total, free_, allowed, allocated, unallocated);
}
