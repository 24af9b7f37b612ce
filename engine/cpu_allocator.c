/* cpu_allocator.c: host memory for CPU storages, with statistics.
 *
 * A small tensor gets its header, its storage's header and its bytes from
 * one block (Note [Tensor blocks]), so that a 4x4 op costs one allocation,
 * often none; larger storages are 64-byte aligned for vector loads. The
 * counters feed memory inspection on machines without a GPU. */
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "block_cache.h"
#include "error.h"
#include "tensor.h"

#define CG_ALIGN 64

/* Note [Large CPU blocks]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * Fresh memory from the kernel is mapped and zeroed on first touch, one
 * 4 KiB page fault at a time: for a 64 MiB result (add of two 16M float32
 * tensors) the faults cost about as much as the arithmetic. So blocks of
 * 2 MiB and more are aligned to 2 MiB and advised onto transparent huge
 * pages (one fault per 2 MiB), and the last few freed ones are kept for
 * reuse by an allocation of the same size, as a loop allocating the same
 * shapes does. The cache is small and bounded; its bytes count as reserved,
 * not allocated, as PyTorch's caching allocators count theirs. Its 16 slots
 * cover a training step of a small MLP over a large batch (the seed
 * workload of bench/lang/ frees about 8 activation-sized blocks per step);
 * with 4, relu's backward page-faulted on a fresh block every step. */
#define HUGE_PAGE ((size_t)2 << 20)
#define CACHE_SLOTS 16
#define CACHE_MAX_BYTES ((size_t)512 << 20)

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

static struct {
    void *p;
    size_t nbytes;
} cache[CACHE_SLOTS];
static size_t cached_bytes;

static void *cache_take(size_t nbytes) {
    for (int i = 0; i < CACHE_SLOTS; i++)
        if (cache[i].p && cache[i].nbytes == nbytes) {
            void *p = cache[i].p;
            cache[i].p = NULL;
            cached_bytes -= nbytes;
            return p;
        }
    return NULL;
}

static void cache_drop(int i) {
    free(cache[i].p);
    cached_bytes -= cache[i].nbytes;
    stats.reserved_bytes -= (int64_t)cache[i].nbytes;
    cache[i].p = NULL;
}

/* Keeps p for reuse, evicting other blocks to stay within the bounds;
 * false when p is too large to keep. */
static bool cache_put(void *p, size_t nbytes) {
    if (nbytes > CACHE_MAX_BYTES)
        return false;
    int slot = -1;
    for (int i = 0; i < CACHE_SLOTS; i++) {
        if (cache[i].p && cached_bytes + nbytes > CACHE_MAX_BYTES)
            cache_drop(i);
        if (!cache[i].p && slot < 0)
            slot = i;
    }
    if (slot < 0) /* all slots full: the oldest goes */
        cache_drop(slot = 0);
    cache[slot].p = p;
    cache[slot].nbytes = nbytes;
    cached_bytes += nbytes;
    return true;
}

static void *cpu_alloc(int index, size_t nbytes) {
    (void)index;
    bool large = nbytes >= HUGE_PAGE;
    void *p = large ? cache_take(nbytes) : NULL;
    if (p) { /* reserved already counts it */
        stats.allocated_bytes += (int64_t)nbytes;
        stats.allocations++;
        stats.active_count++;
        if (stats.allocated_bytes > stats.peak_allocated_bytes)
            stats.peak_allocated_bytes = stats.allocated_bytes;
        return p;
    }
    size_t align = large ? HUGE_PAGE : CG_ALIGN;
    size_t rounded = (nbytes + align - 1) / align * align;
    p = rounded ? aligned_alloc(align, rounded) : NULL;
    if (rounded && !p) {
        cg_error_set(CG_OUT_OF_MEMORY_ERROR,
                     "[enforce fail at alloc_cpu.cpp] . DefaultCPUAllocator: can't allocate memory: "
                     "you tried to allocate %zu bytes. Error code 12 (Cannot allocate memory)",
                     nbytes);
        return NULL;
    }
    if (large)
        madvise(p, rounded, MADV_HUGEPAGE); /* advice only: failure is harmless */
    count_alloc(nbytes);
    return p;
}

static void cpu_free(int index, void *p, size_t nbytes) {
    (void)index;
    if (nbytes >= HUGE_PAGE && cache_put(p, nbytes)) {
        stats.allocated_bytes -= (int64_t)nbytes;
        stats.frees++;
        stats.active_count--;
        return;
    }
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

/* Note [Tensor blocks]
 * ~~~~~~~~~~~~~~~~~~~~
 * A small CPU tensor, its storage and the storage's bytes come from one
 * block (cg_tensor_empty asks for it): one allocation per small result
 * instead of three, and blocks with up to BLOCK_CACHED_BYTES of data are
 * all of one size and kept in a per-thread cache (Note [Block caches]).
 *
 * The tensor and the storage keep their own counts: a view or a saved
 * alias can hold the storage after its first tensor is gone. The tensor,
 * when released, leaves its memory in place and drops its reference to the
 * storage; the block is freed when the storage dies, which is never before
 * its first tensor dies, since that tensor holds a reference to it until
 * then. Until the storage dies a dead tensor's memory is poisoned in
 * AddressSanitizer builds, so that a use after free is caught there too.
 * The bytes follow the headers aligned as malloc aligns (16 bytes). */
#define BLOCK_CACHED_BYTES 256

typedef struct {
    cg_tensor tensor;
    cg_storage storage;
    _Alignas(max_align_t) unsigned char bytes[];
} tensor_block;

cg_storage *cg_storage_new_in_block(size_t nbytes, void **tensor_mem) {
    tensor_block *b = nbytes <= BLOCK_CACHED_BYTES ? cg_block_get(CG_BLOCK_TENSOR, sizeof *b + BLOCK_CACHED_BYTES)
                                                   : malloc(sizeof *b + nbytes);
    if (!b) {
        cg_error_set(CG_OUT_OF_MEMORY_ERROR, "DefaultCPUAllocator: can't allocate memory");
        return NULL;
    }
    count_alloc(nbytes);
    cg_storage *s = &b->storage;
    *s = (cg_storage){.refcount = 1, .data = b->bytes, .nbytes = nbytes, .device = cg_device_cpu(), .block = b};
    *tensor_mem = &b->tensor;
    return s;
}

static void block_free(cg_storage *s) {
    tensor_block *b = s->block;
    CG_UNPOISON(&b->tensor, sizeof b->tensor);
    if (s->nbytes <= BLOCK_CACHED_BYTES)
        cg_block_put(CG_BLOCK_TENSOR, b);
    else
        free(b);
}

cg_storage *cg_storage_new(size_t nbytes, cg_device device) {
    const cg_backend *be = cg_backend_get(device.type);
    if (!be)
        return NULL;
    cg_storage *s = malloc(sizeof *s);
    if (!s) {
        cg_error_set(CG_OUT_OF_MEMORY_ERROR, "DefaultCPUAllocator: can't allocate memory");
        return NULL;
    }
    s->data = be->alloc(device.index, nbytes);
    if (nbytes && !s->data) {
        free(s);
        return NULL;
    }
    s->refcount = 1;
    s->nbytes = nbytes;
    s->device = device;
    s->version = 0;
    s->block = NULL;
    return s;
}

void cg_storage_retain(cg_storage *s) { s->refcount++; }

void cg_storage_release(cg_storage *s) {
    if (!s || --s->refcount > 0)
        return;
    if (s->block) {
        count_free(s->nbytes);
        block_free(s);
        return;
    }
    const cg_backend *be = cg_backend_get(s->device.type);
    if (be && s->data)
        be->free(s->device.index, s->data, s->nbytes);
    free(s);
}
