/* sim_device.c: the simulated GPU of the allocator tests (sim_device.h). */
#include "sim_device.h"

#include "error.h"

#define SEGMENT_ALIGN ((uintptr_t)2 << 20)

void sim_device_init(sim_device *d, size_t capacity) {
    *d = (sim_device){.capacity = capacity, .next_address = SIM_DEVICE_BASE};
}

static int sim_malloc(void *ctx, size_t nbytes, void **ptr) {
    sim_device *d = ctx;
    if (d->fail_next) {
        int rc = d->fail_next;
        d->fail_next = 0;
        d->failed_mallocs++;
        if (rc < 0)
            cg_error_set(CG_RUNTIME_ERROR, "CUDA error: an illegal memory access was encountered");
        return rc;
    }
    if (nbytes > d->capacity - d->used) {
        d->failed_mallocs++;
        return 1;
    }
    d->used += nbytes;
    d->mallocs++;
    *ptr = (void *)d->next_address;
    d->next_address += (nbytes + SEGMENT_ALIGN - 1) & ~(SEGMENT_ALIGN - 1);
    return 0;
}

static void sim_free(void *ctx, void *ptr, size_t nbytes) {
    (void)ptr; /* fake addresses: nothing to give back but the count */
    sim_device *d = ctx;
    d->used -= nbytes;
    d->frees++;
}

static int sim_mem_info(void *ctx, int64_t *free_bytes, int64_t *total_bytes) {
    sim_device *d = ctx;
    *free_bytes = (int64_t)(d->capacity - d->used);
    *total_bytes = (int64_t)d->capacity;
    return 0;
}

static void sim_synchronize(void *ctx) { ((sim_device *)ctx)->syncs++; }

cg_memory_provider sim_device_provider(sim_device *d) {
    return (cg_memory_provider){d, sim_malloc, sim_free, sim_mem_info, sim_synchronize};
}
