/* cpu_allocator.c: host memory for CPU storages, with statistics.
 *
 * Small storages get their header and bytes from one malloc, so that a 4x4
 * op costs one allocation; large ones are 64-byte aligned for vector loads.
 * The counters feed memory inspection on machines without a GPU. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "storage.h"

#define CG_ALIGN 64
#define INLINE_LIMIT 4096

static cg_memory_stats stats;

static void count_alloc(size_t nbytes) {
    stats.allocated_bytes += (int64_t)nbytes;
    stats.reserved_bytes += (int64_t)nbytes;
    stats.allocations++;
    stats.active_count++;
    if (stats.allocated_bytes > stats.peak_allocated_bytes)
        stats.peak_allocated_bytes = stats.allocated_bytes;
    if (stats.reserved_bytes > stats.peak_reserved_bytes)
        stats.peak_reserved_bytes = stats.reserved_bytes;
}

static void count_free(size_t nbytes) {
    stats.allocated_bytes -= (int64_t)nbytes;
    stats.reserved_bytes -= (int64_t)nbytes;
    stats.frees++;
    stats.active_count--;
}

static void *cpu_alloc(int index, size_t nbytes) {
    (void)index;
    size_t rounded = (nbytes + CG_ALIGN - 1) / CG_ALIGN * CG_ALIGN;
    void *p = rounded ? aligned_alloc(CG_ALIGN, rounded) : NULL;
    if (rounded && !p) {
        cg_error_set(CG_OUT_OF_MEMORY_ERROR,
                     "[enforce fail at alloc_cpu.cpp] . DefaultCPUAllocator: can't allocate memory: "
                     "you tried to allocate %zu bytes. Error code 12 (Cannot allocate memory)",
                     nbytes);
        return NULL;
    }
    count_alloc(nbytes);
    return p;
}

static void cpu_free(int index, void *p, size_t nbytes) {
    (void)index;
    free(p);
    count_free(nbytes);
}

void cg_cpu_memory_stats(cg_memory_stats *out) { *out = stats; }
void cg_cpu_memory_reset_peak(void) {
    stats.peak_allocated_bytes = stats.allocated_bytes;
    stats.peak_reserved_bytes = stats.reserved_bytes;
}

static void cpu_stats(int index, cg_memory_stats *out) {
    (void)index;
    cg_cpu_memory_stats(out);
}

static int cpu_copy(void *dst, cg_device dd, const void *src, cg_device sd, size_t n) {
    (void)dd;
    (void)sd;
    if (n)
        memcpy(dst, src, n);
    return 0;
}

extern const cg_kernel_fn cg_cpu_kernels[];

const cg_backend cg_cpu_backend = {
    .name = "cpu", .alloc = cpu_alloc, .free = cpu_free, .copy = cpu_copy,
    .stats = cpu_stats, .kernels = cg_cpu_kernels,
};

/* ---- storages ------------------------------------------------------------ */

/* A small CPU storage keeps its bytes right after its header, aligned as
 * malloc aligns (16 bytes), enough for every dtype. */
typedef struct {
    cg_storage s;
    _Alignas(max_align_t) unsigned char bytes[];
} inline_storage;

cg_storage *cg_storage_new(size_t nbytes, cg_device device) {
    cg_storage *s;
    if (device.type == CG_CPU && nbytes <= INLINE_LIMIT) {
        inline_storage *is = malloc(sizeof(inline_storage) + nbytes);
        if (!is) {
            cg_error_set(CG_OUT_OF_MEMORY_ERROR, "DefaultCPUAllocator: can't allocate memory");
            return NULL;
        }
        count_alloc(nbytes);
        s = &is->s;
        s->data = is->bytes;
    } else {
        const cg_backend *be = cg_backend_get(device.type);
        if (!be)
            return NULL;
        s = malloc(sizeof *s);
        if (!s) {
            cg_error_set(CG_OUT_OF_MEMORY_ERROR, "DefaultCPUAllocator: can't allocate memory");
            return NULL;
        }
        s->data = be->alloc(device.index, nbytes);
        if (nbytes && !s->data) {
            free(s);
            return NULL;
        }
    }
    s->refcount = 1;
    s->nbytes = nbytes;
    s->device = device;
    s->version = 0;
    return s;
}

void cg_storage_retain(cg_storage *s) { s->refcount++; }

void cg_storage_release(cg_storage *s) {
    if (!s || --s->refcount > 0)
        return;
    if (s->device.type == CG_CPU && s->nbytes <= INLINE_LIMIT) {
        count_free(s->nbytes);
        free(s); /* s is the first member of its inline_storage */
        return;
    }
    const cg_backend *be = cg_backend_get(s->device.type);
    if (be && s->data)
        be->free(s->device.index, s->data, s->nbytes);
    free(s);
}
