/* cpu_allocator.c: host memory for CPU storages, with statistics.
 *
 * Small storages get their header and bytes from one malloc, so that a 4x4
 * op costs one allocation; large ones are 64-byte aligned for vector loads.
 * The counters feed memory inspection on machines without a GPU. */
#include <stdbool.h>
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

/* Note [Large block cache]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * A freed block of CACHE_MIN bytes or more is kept (a few, CACHE_MAX bytes
 * in all) and handed back to the next request of the same rounded size:
 * glibc returns such blocks to the kernel, so each new one page-faults on
 * first touch, which cost an add of two 16M-element tensors about 60% of
 * its time (bench/README.md). Loops that allocate the same shapes again
 * reuse warm pages. Cached bytes count as reserved, not allocated. */
#define CACHE_MIN (1u << 20)
#define CACHE_MAX ((size_t)1 << 30)
#define CACHE_SLOTS 4

static struct {
    void *p;
    size_t rounded, nbytes;
} cache[CACHE_SLOTS];
static size_t cached_total;

static void *cache_take(size_t rounded, size_t nbytes) {
    for (int i = 0; rounded >= CACHE_MIN && i < CACHE_SLOTS; i++)
        if (cache[i].p && cache[i].rounded == rounded) {
            void *p = cache[i].p;
            cache[i].p = NULL;
            cached_total -= rounded;
            /* count_alloc adds nbytes to reserved; the block was reserved already */
            stats.reserved_bytes -= (int64_t)cache[i].nbytes;
            count_alloc(nbytes);
            return p;
        }
    return NULL;
}

static bool cache_put(void *p, size_t nbytes) {
    size_t rounded = (nbytes + CG_ALIGN - 1) / CG_ALIGN * CG_ALIGN;
    if (rounded < CACHE_MIN || cached_total + rounded > CACHE_MAX)
        return false;
    for (int i = 0; i < CACHE_SLOTS; i++)
        if (!cache[i].p) {
            cache[i].p = p, cache[i].rounded = rounded, cache[i].nbytes = nbytes;
            cached_total += rounded;
            count_free(nbytes);
            stats.reserved_bytes += (int64_t)nbytes; /* still held */
            return true;
        }
    return false;
}

static void *cpu_alloc(int index, size_t nbytes) {
    (void)index;
    size_t rounded = (nbytes + CG_ALIGN - 1) / CG_ALIGN * CG_ALIGN;
    void *p = cache_take(rounded, nbytes);
    if (p)
        return p;
    p = rounded ? aligned_alloc(CG_ALIGN, rounded) : NULL;
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
    if (cache_put(p, nbytes))
        return;
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
