/* sim_device.h: a simulated GPU for the caching allocator's host tests
 * and bench: a memory provider (caching_allocator.h) with a fixed
 * capacity that hands out fake, ever-increasing addresses (no host memory
 * stands behind them: nothing may read or write there), counts its calls,
 * and can be told to fail. Not a model of CUDA beyond that. */
#ifndef CG_SIM_DEVICE_H
#define CG_SIM_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include "caching_allocator.h"

#define SIM_DEVICE_BASE ((uintptr_t)0x7f0000000000)

typedef struct {
    size_t capacity, used;
    uintptr_t next_address; /* each segment starts at a 2 MiB boundary, as cudaMalloc's do */
    int mallocs, frees, syncs, failed_mallocs;
    /* The next malloc answers this (1: out of memory, -1: another error
     * with a RuntimeError set) once, then it is 0 again. */
    int fail_next;
} sim_device;

void sim_device_init(sim_device *d, size_t capacity);
/* The provider over d (which must outlive the allocator). */
cg_memory_provider sim_device_provider(sim_device *d);

#endif
