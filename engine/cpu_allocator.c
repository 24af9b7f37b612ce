/* cpu_allocator.c: host memory for CPU storages, with statistics.
 *
 * A small tensor gets its header, its storage's header and its bytes from
 * one block (Note [Tensor blocks]), so that a 4x4 op costs one allocation,
 * often none; larger storages are 64-byte aligned for vector loads. The
 * counters, a registry of the live large blocks (Note [CPU snapshot]) and
 * the host's free memory feed memory inspection on machines without a GPU. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <unistd.h>

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
 * with 4, relu's backward page-faulted on a fresh block every step.
 * The advice is given only where the kernel's THP defrag policy lets a
 * fault fall back to small pages at once ("defer" or "never"): under
 * "madvise" or "always" an advised fault compacts memory first, and on a
 * busy machine that stall made the first touch of 32 MiB take 110 ms
 * against 13 ms on small pages. */
#define HUGE_PAGE ((size_t)2 << 20)
#define CACHE_SLOTS 16
#define CACHE_MAX_BYTES ((size_t)512 << 20)

/* Note [CPU memory statistics]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * The counters are PyTorch's CUDA allocator's (memory_stats.h), so that one
 * report serves both devices. Each fresh allocation is its own "segment";
 * a cached large block stays reserved (a segment with no allocation in it)
 * until reused or dropped. Pools split as the CUDA allocator's do: up to
 * 1 MiB is small. Nothing is split, so inactive_split stays zero; allocated
 * and requested bytes are both what the caller asked for. */
#define SMALL_SIZE ((size_t)1 << 20)

static cg_device_stats stats = {.max_split_size = -1};
static cg_trace trace;

static cg_pool_kind pool_of(size_t nbytes) { return nbytes <= SMALL_SIZE ? CG_POOL_SMALL : CG_POOL_LARGE; }

/* A block handed to a tensor. */
static void count_use(const void *p, size_t nbytes) {
    cg_pool_kind k = pool_of(nbytes);
    int64_t n = (int64_t)nbytes;
    cg_device_stats_increase(&stats, CG_STAT_ALLOCATION, k, 1);
    cg_device_stats_increase(&stats, CG_STAT_ALLOCATED_BYTES, k, n);
    cg_device_stats_increase(&stats, CG_STAT_ACTIVE, k, 1);
    cg_device_stats_increase(&stats, CG_STAT_ACTIVE_BYTES, k, n);
    cg_device_stats_increase(&stats, CG_STAT_REQUESTED_BYTES, k, n);
    if (trace.enabled)
        cg_trace_record(&trace, CG_TRACE_ALLOC, (uintptr_t)p, n, 0);
}

/* A block given back by its tensor. */
static void count_unuse(const void *p, size_t nbytes) {
    cg_pool_kind k = pool_of(nbytes);
    int64_t n = (int64_t)nbytes;
    cg_device_stats_decrease(&stats, CG_STAT_ALLOCATION, k, 1);
    cg_device_stats_decrease(&stats, CG_STAT_ALLOCATED_BYTES, k, n);
    cg_device_stats_decrease(&stats, CG_STAT_ACTIVE, k, 1);
    cg_device_stats_decrease(&stats, CG_STAT_ACTIVE_BYTES, k, n);
    cg_device_stats_decrease(&stats, CG_STAT_REQUESTED_BYTES, k, n);
    if (trace.enabled) {
        cg_trace_record(&trace, CG_TRACE_FREE_REQUESTED, (uintptr_t)p, n, 0);
        cg_trace_record(&trace, CG_TRACE_FREE_COMPLETED, (uintptr_t)p, n, 0);
    }
}

/* Memory taken from (add) or given back to (!add) the C library. */
static void count_segment(const void *p, size_t nbytes, bool add) {
    cg_pool_kind k = pool_of(nbytes);
    if (add) {
        cg_device_stats_increase(&stats, CG_STAT_SEGMENT, k, 1);
        cg_device_stats_increase(&stats, CG_STAT_RESERVED_BYTES, k, (int64_t)nbytes);
        stats.num_device_alloc++;
    } else {
        cg_device_stats_decrease(&stats, CG_STAT_SEGMENT, k, 1);
        cg_device_stats_decrease(&stats, CG_STAT_RESERVED_BYTES, k, (int64_t)nbytes);
        stats.num_device_free++;
    }
    if (trace.enabled)
        cg_trace_record(&trace, add ? CG_TRACE_SEGMENT_ALLOC : CG_TRACE_SEGMENT_FREE, (uintptr_t)p, (int64_t)nbytes, 0);
}

static void count_alloc(const void *p, size_t nbytes) {
    count_segment(p, nbytes, true);
    count_use(p, nbytes);
}

static void count_free(const void *p, size_t nbytes) {
    count_unuse(p, nbytes);
    count_segment(p, nbytes, false);
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
    count_segment(cache[i].p, cache[i].nbytes, false);
    free(cache[i].p);
    cached_bytes -= cache[i].nbytes;
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

/* Note [CPU snapshot]
 * ~~~~~~~~~~~~~~~~~~~~
 * memory_snapshot() lists segments and blocks; for the CPU, every large
 * block (the large pool, over 1 MiB: the ones that decide how much memory
 * a program needs) is registered while it lives, and the cache's blocks
 * are its cached-free segments. Small blocks are not tracked one by one:
 * a tensor loop makes and frees millions of them and pays only the
 * counters; the snapshot shows them as one segment at address 0 whose one
 * block holds the small pool's allocated bytes. The registry is an
 * open-addressing table of address -> size (linear probing, backward-shift
 * deletion); when it cannot grow, a block goes unlisted, never unallocated. */
static struct {
    uintptr_t *addr; /* 0: empty slot */
    size_t *size;
    size_t cap, n; /* cap a power of two, n <= cap / 2 */
} live;

static size_t live_slot(uintptr_t p) { return (size_t)((p >> 6) * 0x9E3779B97F4A7C15ull) & (live.cap - 1); }

static void live_put(uintptr_t p, size_t nbytes) {
    size_t i = live_slot(p);
    while (live.addr[i])
        i = (i + 1) & (live.cap - 1);
    live.addr[i] = p;
    live.size[i] = nbytes;
    live.n++;
}

static bool live_grow(void) {
    size_t cap = live.cap ? live.cap * 2 : 64;
    uintptr_t *addr = calloc(cap, sizeof *addr), *old_addr = live.addr;
    size_t *size = malloc(cap * sizeof *size), *old_size = live.size, old_cap = live.cap;
    if (!addr || !size) {
        free(addr);
        free(size);
        return false;
    }
    live.addr = addr, live.size = size, live.cap = cap, live.n = 0;
    for (size_t i = 0; i < old_cap; i++)
        if (old_addr[i])
            live_put(old_addr[i], old_size[i]);
    free(old_addr);
    free(old_size);
    return true;
}

static void live_add(const void *p, size_t nbytes) {
    if ((live.n + 1) * 2 > live.cap && !live_grow())
        return;
    live_put((uintptr_t)p, nbytes);
}

static void live_remove(const void *p) {
    if (!live.n)
        return;
    size_t i = live_slot((uintptr_t)p);
    while (live.addr[i] && live.addr[i] != (uintptr_t)p)
        i = (i + 1) & (live.cap - 1);
    if (!live.addr[i])
        return; /* unlisted (the table could not grow) */
    live.addr[i] = 0;
    live.n--;
    /* move back the entries that probed past the hole */
    for (size_t j = (i + 1) & (live.cap - 1); live.addr[j]; j = (j + 1) & (live.cap - 1)) {
        size_t home = live_slot(live.addr[j]);
        bool movable = i <= j ? (home <= i || home > j) : (home <= i && home > j);
        if (movable) {
            live.addr[i] = live.addr[j], live.size[i] = live.size[j];
            live.addr[j] = 0;
            i = j;
        }
    }
}

/* Note [Absurd allocations]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A request larger than the machine's memory and swap together can never
 * be met; with overcommit it could still be "granted" and kill the process
 * on first touch. So it fails at once, with the error PyTorch's CPU
 * allocator gives when malloc refuses (torch.empty(2**40) on a small
 * machine), before malloc is asked (and before a sanitizer's allocator
 * warns about it). */
static size_t memory_and_swap(void) {
    static size_t total;
    struct sysinfo si;
    if (!total && sysinfo(&si) == 0) {
        uint64_t t = ((uint64_t)si.totalram + si.totalswap) * si.mem_unit;
        total = t > SIZE_MAX ? SIZE_MAX : (size_t)t;
    }
    return total ? total : SIZE_MAX;
}

/* Whether advising huge pages is free of compaction stalls (Note [Large
 * CPU blocks]): the defrag policy, read once. */
static bool advise_huge_pages(void) {
    static int known = -1;
    if (known < 0) {
        char buf[128] = "";
        FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/defrag", "r");
        if (f) {
            if (!fgets(buf, sizeof buf, f))
                buf[0] = 0;
            fclose(f);
        }
        known = strstr(buf, "[defer]") != NULL || strstr(buf, "[never]") != NULL;
    }
    return known;
}

static void *cpu_alloc(int index, size_t nbytes) {
    (void)index;
    bool large = nbytes >= HUGE_PAGE;
    void *p = large ? cache_take(nbytes) : NULL;
    if (p) { /* its segment is still reserved */
        count_use(p, nbytes);
        live_add(p, nbytes);
        return p;
    }
    size_t align = large ? HUGE_PAGE : CG_ALIGN;
    size_t rounded = 0; /* a size so large that rounding overflows is refused as too large */
    bool too_large = __builtin_add_overflow(nbytes, align - 1, &rounded);
    rounded = rounded / align * align;
    too_large |= rounded > memory_and_swap(); /* see Note [Absurd allocations] */
    p = rounded && !too_large ? aligned_alloc(align, rounded) : NULL;
    if ((rounded || too_large) && !p) { /* PyTorch's text and type (a RuntimeError on the CPU) */
        cg_error_set(CG_RUNTIME_ERROR,
                     "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: "
                     "you tried to allocate %zu bytes. Error code 12 (Cannot allocate memory)",
                     nbytes);
        return NULL;
    }
    if (large && advise_huge_pages())
        madvise(p, rounded, MADV_HUGEPAGE); /* advice only: failure is harmless */
    count_alloc(p, nbytes);
    if (pool_of(nbytes) == CG_POOL_LARGE)
        live_add(p, nbytes);
    return p;
}

static void cpu_free(int index, void *p, size_t nbytes) {
    (void)index;
    if (pool_of(nbytes) == CG_POOL_LARGE)
        live_remove(p);
    if (nbytes >= HUGE_PAGE && cache_put(p, nbytes)) {
        count_unuse(p, nbytes);
        return;
    }
    count_free(p, nbytes);
    free(p);
}

void cg_cpu_memory_stats(cg_device_stats *out) { *out = stats; }
void cg_cpu_memory_reset_peak(void) { cg_device_stats_reset_peak(&stats); }

static void cpu_stats(int index, cg_device_stats *out) { *out = stats; }
static void cpu_reset_peak(int index) { cg_device_stats_reset_peak(&stats); }
static void cpu_reset_accumulated(int index) { cg_device_stats_reset_accumulated(&stats); }
static cg_trace *cpu_trace(int index) { return &trace; }

static void cpu_empty_cache(int index) {
    for (int i = 0; i < CACHE_SLOTS; i++)
        if (cache[i].p)
            cache_drop(i);
}

/* Appends a segment holding one block (every CPU segment is one
 * allocation): allocated, or cached and free; false when out of memory. */
static bool add_segment(cg_memory_snapshot *out, uintptr_t addr, int64_t total, int64_t used, bool allocated) {
    cg_snapshot_block *blk = malloc(sizeof *blk);
    if (!blk)
        return false;
    *blk = (cg_snapshot_block){.address = addr,
                               .size = allocated ? used : total,
                               .requested_size = allocated ? used : 0,
                               .state = allocated ? CG_BLOCK_ACTIVE_ALLOCATED : CG_BLOCK_INACTIVE};
    out->segments[out->nsegments++] = (cg_snapshot_segment){.device = 0,
                                                            .address = addr,
                                                            .total_size = total,
                                                            .allocated_size = allocated ? used : 0,
                                                            .active_size = allocated ? used : 0,
                                                            .requested_size = allocated ? used : 0,
                                                            .nblocks = 1,
                                                            .blocks = blk};
    return true;
}

static int by_address(const void *a, const void *b) {
    uint64_t x = ((const cg_snapshot_segment *)a)->address, y = ((const cg_snapshot_segment *)b)->address;
    return x < y ? -1 : x > y;
}

/* See Note [CPU snapshot]. */
static int cpu_snapshot(int index, cg_memory_snapshot *out) {
    int64_t small_reserved = stats.stat[CG_STAT_RESERVED_BYTES][CG_POOL_SMALL].current;
    int64_t small_allocated = stats.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_SMALL].current;
    out->nsegments = 0;
    out->segments = calloc(live.n + CACHE_SLOTS + 1, sizeof *out->segments);
    bool ok = out->segments != NULL;
    if (ok && small_reserved > 0) {
        ok = add_segment(out, 0, small_reserved, small_allocated, true);
        if (ok)
            out->segments[0].is_small = true;
    }
    for (size_t i = 0; ok && i < live.cap; i++)
        if (live.addr[i])
            ok = add_segment(out, live.addr[i], (int64_t)live.size[i], (int64_t)live.size[i], true);
    for (int i = 0; ok && i < CACHE_SLOTS; i++)
        if (cache[i].p)
            ok = add_segment(out, (uintptr_t)cache[i].p, (int64_t)cache[i].nbytes, 0, false);
    if (!ok) {
        cg_memory_snapshot_free(out);
        cg_error_set(CG_OUT_OF_MEMORY_ERROR, "DefaultCPUAllocator: can't allocate memory");
        return -1;
    }
    qsort(out->segments, (size_t)out->nsegments, sizeof *out->segments, by_address);
    return 0;
}

/* MemAvailable and MemTotal of /proc/meminfo, else sysconf's pages. */
static int cpu_mem_get_info(int index, int64_t *free_bytes, int64_t *total_bytes) {
    long long avail = -1, total = -1;
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof line, f)) {
            sscanf(line, "MemTotal: %lld kB", &total);
            sscanf(line, "MemAvailable: %lld kB", &avail);
        }
        fclose(f);
    }
    if (avail >= 0 && total >= 0) {
        *free_bytes = (int64_t)avail * 1024;
        *total_bytes = (int64_t)total * 1024;
        return 0;
    }
    long page = sysconf(_SC_PAGESIZE), av = sysconf(_SC_AVPHYS_PAGES), ph = sysconf(_SC_PHYS_PAGES);
    if (page <= 0 || av < 0 || ph <= 0) {
        cg_error_set(CG_RUNTIME_ERROR, "cannot read the host's memory size");
        return -1;
    }
    *free_bytes = (int64_t)av * page;
    *total_bytes = (int64_t)ph * page;
    return 0;
}

static const cg_memory_ops cpu_memory = {
    .stats = cpu_stats,
    .reset_peak = cpu_reset_peak,
    .reset_accumulated = cpu_reset_accumulated,
    .snapshot = cpu_snapshot,
    .empty_cache = cpu_empty_cache,
    .trace = cpu_trace,
    .mem_get_info = cpu_mem_get_info,
};

static int cg_cpu_copy(void *dst, cg_device dd, const void *src, cg_device sd, size_t n) {
    (void)dd;
    (void)sd;
    if (n)
        memcpy(dst, src, n);
    return 0;
}

extern const cg_kernel_fn cg_cpu_kernels[];
int cg_cpu_kernel_status(void);

const cg_backend cg_cpu_backend = {
    .name = "cpu",
    .alloc = cpu_alloc,
    .free = cpu_free,
    .copy = cg_cpu_copy,
    .memory = &cpu_memory,
    .kernels = cg_cpu_kernels,
    .kernel_status = cg_cpu_kernel_status,
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
    count_alloc(b->bytes, nbytes);
    cg_storage *s = &b->storage;
    *s = (cg_storage){.refcount = 1, .data = b->bytes, .nbytes = nbytes, .device = cg_device_cpu(), .block = b, .shares = NULL};
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
    /* "cuda" means the current device: the storage records which, so that
     * it compares equal to the tensors made on "cuda:0" */
    if (device.index < 0 && be->devices) {
        device.index = be->devices->current();
        if (device.index < 0)
            return NULL;
    }
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
    s->shares = NULL;
    return s;
}

void cg_storage_retain(cg_storage *s) { s->refcount++; }

cg_storage *cg_storage_alias(cg_storage *of) {
    cg_storage *s = malloc(sizeof *s);
    if (!s) {
        cg_error_set(CG_OUT_OF_MEMORY_ERROR, "DefaultCPUAllocator: can't allocate memory");
        return NULL;
    }
    cg_storage_retain(of);
    *s = (cg_storage){.refcount = 1, .data = of->data, .nbytes = of->nbytes, .device = of->device, .shares = of};
    return s;
}

void cg_storage_release(cg_storage *s) {
    if (!s || --s->refcount > 0)
        return;
    if (s->shares) { /* the bytes are the shared storage's */
        cg_storage_release(s->shares);
        free(s);
        return;
    }
    if (s->block) {
        count_free(s->data, s->nbytes);
        block_free(s);
        return;
    }
    const cg_backend *be = cg_backend_get(s->device.type);
    if (be && s->data)
        be->free(s->device.index, s->data, s->nbytes);
    free(s);
}
