/* caching_allocator.c: PyTorch's CUDA caching allocator
 * (DeviceCachingAllocator in c10/cuda/CUDACachingAllocator.cpp, PyTorch
 * 2.x), in plain C over a memory provider (caching_allocator.h). The rules,
 * and when each statistic moves, follow that source line for line; the
 * comments give PyTorch's names so the two can be read side by side.
 *
 * Not here, and why:
 * - Streams are keys only. cgrad has no record_stream() and never uses a
 *   block on a stream other than the one it was allocated on, so there are
 *   no end-of-life events: a freed block is free at once, the
 *   "active_pending_free" state never occurs, and release_cached_blocks'
 *   event synchronisation has nothing to wait for (it is still counted in
 *   num_sync_all_streams, as PyTorch counts it).
 * - No CUDA graphs (private pools), no expandable segments (the option is
 *   parsed; blocks are split as on a platform without them), no free-memory
 *   callbacks, no lock (one thread allocates).
 * - The option that changes in newer PyTorch: an oversize cached block is
 *   reused for a request within max_non_split_rounding_mb of it (20 MiB,
 *   kLargeBuffer, by default, as in older versions).
 *
 * Sizes (rounding, segment sizes) are alloc_size.c, the ordered
 * free-block set block_pool.c, the live-block map
 * block_map.c, the configuration alloc_conf.c, the error text
 * oom_message.c. */
#include "caching_allocator.h"

#include <stdlib.h>

#include "alloc_block.h"
#include "alloc_size.h"
#include "block_pool.h"
#include "error.h"
#include "oom_message.h"
#include "block_map.h"

enum { SPARE_BLOCKS_MAX = 256 }; /* block structs kept for reuse */
#define ONE_EXABYTE ((size_t)1 << 60)

struct cg_caching_allocator {
    int device;
    cg_memory_provider provider;
    cg_alloc_conf conf;
    cg_device_stats stats;
    cg_block_pool large_blocks, small_blocks;
    cg_block_map live;             /* allocated blocks by address */
    cg_alloc_segment *segments;    /* every segment, newest first */
    size_t total_allocated_memory; /* bytes of all segments */
    bool set_fraction;             /* set_per_process_memory_fraction was called */
    size_t allowed_memory_maximum;
    cg_trace trace;
    cg_alloc_block *spare; /* unused block structs, linked by next */
    int nspare;
};

/* What one malloc is looking for (PyTorch's AllocParams). */
typedef struct {
    size_t size; /* rounded */
    int64_t stream;
    cg_block_pool *pool;
    size_t alloc_size; /* of a new segment */
    cg_alloc_block *block;
} alloc_params;

/* ---- block structs --------------------------------------------------------- */

static int reserve_spares(cg_caching_allocator *a, int n) {
    while (a->nspare < n) {
        cg_alloc_block *b = malloc(sizeof *b);
        if (!b) {
            cg_error_set(CG_OUT_OF_MEMORY_ERROR, "cannot keep the caching allocator's blocks: out of host memory");
            return -1;
        }
        b->next = a->spare;
        a->spare = b;
        a->nspare++;
    }
    return 0;
}

static cg_alloc_block *new_block(cg_caching_allocator *a, uintptr_t ptr, size_t size, int64_t stream,
                                 cg_alloc_segment *segment) {
    cg_alloc_block *b = a->spare; /* reserve_spares made sure there is one */
    a->spare = b->next;
    a->nspare--;
    *b = (cg_alloc_block){.ptr = ptr, .size = size, .stream = stream, .segment = segment};
    return b;
}

static void recycle_block(cg_caching_allocator *a, cg_alloc_block *b) {
    if (a->nspare >= SPARE_BLOCKS_MAX) {
        free(b);
        return;
    }
    b->next = a->spare;
    a->spare = b;
    a->nspare++;
}

/* ---- sizes and pools ------------------------------------------------------- */

static cg_block_pool *get_pool(cg_caching_allocator *a, size_t size) {
    return size <= CG_ALLOC_SMALL_SIZE ? &a->small_blocks : &a->large_blocks;
}

static cg_pool_kind pool_kind(const cg_block_pool *p) { return p->is_small ? CG_POOL_SMALL : CG_POOL_LARGE; }

static bool gc_enabled(const cg_caching_allocator *a) {
    return a->set_fraction && a->conf.garbage_collection_threshold > 0.0;
}

/* ---- taking a cached block ------------------------------------------------- */

/* Best fit on the same stream: the smallest cached block that is big
 * enough, unless it is oversize for a normal request, or too much bigger
 * than an oversize request. */
static bool get_free_block(cg_caching_allocator *a, alloc_params *p) {
    size_t max_split = a->conf.max_split_size;
    if (gc_enabled(a))
        p->pool->get_free_blocks_call_count++; /* the clock of block ages */
    cg_alloc_block *b = cg_block_pool_lower_bound(p->pool, p->stream, p->size);
    if (!b || b->stream != p->stream)
        return false;
    if (p->size < max_split && b->size >= max_split)
        return false;
    if (p->size >= max_split && b->size - p->size >= a->conf.max_non_split_rounding_size)
        return false;
    cg_block_pool_remove(p->pool, b);
    p->block = b;
    return true;
}

static bool should_split(const cg_caching_allocator *a, const cg_alloc_block *b, size_t size) {
    size_t remaining = b->size - size;
    if (b->segment->pool->is_small)
        return remaining >= CG_ALLOC_MIN_BLOCK_SIZE;
    return size < a->conf.max_split_size && remaining > CG_ALLOC_SMALL_SIZE;
}

/* ---- segments -------------------------------------------------------------- */

static void link_segment(cg_caching_allocator *a, cg_alloc_segment *s) {
    s->prev_segment = NULL;
    s->next_segment = a->segments;
    if (a->segments)
        a->segments->prev_segment = s;
    a->segments = s;
}

static void unlink_segment(cg_caching_allocator *a, cg_alloc_segment *s) {
    if (s->prev_segment)
        s->prev_segment->next_segment = s->next_segment;
    else
        a->segments = s->next_segment;
    if (s->next_segment)
        s->next_segment->prev_segment = s->prev_segment;
}

/* A new segment from the provider (PyTorch's alloc_block): 1 with
 * p->block set, 0 when the device is out of memory, -1 on another error. */
static int alloc_block(cg_caching_allocator *a, alloc_params *p, bool is_retry) {
    size_t size = p->alloc_size;
    if (is_retry)
        a->stats.num_alloc_retries++;
    if (a->set_fraction && a->total_allocated_memory + size > a->allowed_memory_maximum)
        return 0; /* over the fraction: refused without asking the device */
    cg_alloc_segment *s = malloc(sizeof *s);
    if (!s) {
        cg_error_set(CG_OUT_OF_MEMORY_ERROR, "cannot keep the caching allocator's segments: out of host memory");
        return -1;
    }
    void *ptr = NULL;
    int rc = a->provider.malloc(a->provider.ctx, size, &ptr);
    if (rc != 0) {
        free(s);
        return rc > 0 ? 0 : -1;
    }
    a->total_allocated_memory += size;
    *s = (cg_alloc_segment){.ptr = (uintptr_t)ptr, .size = size, .stream = p->stream, .pool = p->pool};
    s->head = new_block(a, s->ptr, size, p->stream, s);
    link_segment(a, s);
    cg_device_stats_increase(&a->stats, CG_STAT_SEGMENT, pool_kind(p->pool), 1);
    cg_device_stats_increase(&a->stats, CG_STAT_RESERVED_BYTES, pool_kind(p->pool), (int64_t)size);
    if (size >= a->conf.max_split_size)
        cg_stat_increase(&a->stats.oversize_segments, 1);
    a->stats.num_device_alloc++;
    cg_trace_record(&a->trace, CG_TRACE_SEGMENT_ALLOC, s->ptr, (int64_t)size, p->stream);
    p->block = s->head;
    return 1;
}

/* Gives a whole cached segment back to the provider. */
static void release_block(cg_caching_allocator *a, cg_alloc_block *b) {
    cg_alloc_segment *s = b->segment;
    cg_block_pool *pool = s->pool;
    a->stats.num_device_free++;
    cg_trace_record(&a->trace, CG_TRACE_SEGMENT_FREE, b->ptr, (int64_t)b->size, b->stream);
    a->provider.free(a->provider.ctx, (void *)b->ptr, b->size);
    a->total_allocated_memory -= b->size;
    cg_device_stats_decrease(&a->stats, CG_STAT_SEGMENT, pool_kind(pool), 1);
    cg_device_stats_decrease(&a->stats, CG_STAT_RESERVED_BYTES, pool_kind(pool), (int64_t)b->size);
    if (b->size >= a->conf.max_split_size)
        cg_stat_decrease(&a->stats.oversize_segments, 1);
    cg_block_pool_remove(pool, b);
    unlink_segment(a, s);
    free(s);
    recycle_block(a, b);
}

/* The next block of the pool's order after b, found before b goes. */
static cg_alloc_block *pool_next(const cg_block_pool *p, const cg_alloc_block *b) {
    return cg_block_pool_after(p, b->stream, b->size, b->ptr);
}

/* Frees the cached oversize blocks of the request's stream that make room
 * for it: one big enough if there is one, else the largest ones down
 * until they add up (only with max_split_size set). Oversize free blocks
 * are always whole segments: they are never split. */
static bool release_available_cached_blocks(cg_caching_allocator *a, const alloc_params *p) {
    size_t max_split = a->conf.max_split_size;
    if (max_split == SIZE_MAX)
        return false;
    size_t key = p->size < max_split ? max_split : p->size;
    cg_alloc_block *b = cg_block_pool_lower_bound(p->pool, p->stream, key);
    if (b && b->stream == p->stream) {
        release_block(a, b);
        return true;
    }
    /* the largest block ordered before (stream, key) */
    cg_alloc_block *cur = cg_block_pool_before(p->pool, p->stream, key, 0);
    size_t released = 0;
    while (cur && released < key && cur->size >= max_split && cur->stream == p->stream) {
        cg_alloc_block *prev = cg_block_pool_before(p->pool, cur->stream, cur->size, cur->ptr);
        released += cur->size;
        release_block(a, cur);
        cur = prev;
    }
    return released >= key;
}

/* Every cached block that is a whole segment goes back, in the pool's order. */
static void release_blocks(cg_caching_allocator *a, cg_block_pool *pool) {
    for (cg_alloc_block *b = cg_block_pool_first(pool), *next; b; b = next) {
        next = pool_next(pool, b);
        if (!cg_alloc_block_is_split(b))
            release_block(a, b);
    }
}

/* empty_cache(), and the last resort before an out-of-memory error. */
static void release_cached_blocks(cg_caching_allocator *a) {
    a->stats.num_sync_all_streams++; /* synchronize_and_free_events: no events here */
    if (a->provider.synchronize)
        a->provider.synchronize(a->provider.ctx);
    release_blocks(a, &a->large_blocks);
    release_blocks(a, &a->small_blocks);
}

static int64_t block_age(const cg_alloc_block *b) {
    return (int)(b->segment->pool->get_free_blocks_call_count - b->gc_count_base);
}

/* garbage_collection_threshold: once the segments pass threshold x the
 * allowed maximum, free the whole cached large segments at least as old
 * as the average, round after round, until the excess is reclaimed. Only
 * with a memory fraction set, as in PyTorch. */
static void garbage_collect_cached_blocks(cg_caching_allocator *a) {
    size_t threshold = (size_t)(a->conf.garbage_collection_threshold * (double)a->allowed_memory_maximum);
    if (a->total_allocated_memory <= threshold)
        return;
    size_t target = a->total_allocated_memory - threshold, reclaimed = 0;
    cg_block_pool *pool = &a->large_blocks;
    int64_t total_age = 0, freeable = 0;
    for (cg_alloc_block *b = cg_block_pool_first(pool); b; b = pool_next(pool, b))
        if (!cg_alloc_block_is_split(b))
            total_age += block_age(b), freeable++;
    bool freed = true;
    while (reclaimed < target && freed && freeable > 0) {
        double age_threshold = (double)total_age / (double)freeable;
        freed = false;
        for (cg_alloc_block *b = cg_block_pool_first(pool), *next; b; b = next) {
            next = pool_next(pool, b);
            if (!cg_alloc_block_is_split(b) && (double)block_age(b) >= age_threshold) {
                freed = true;
                reclaimed += b->size;
                total_age -= block_age(b);
                freeable--;
                release_block(a, b);
            }
        }
    }
}

/* ---- handing out and taking back ------------------------------------------- */

static void stats_split(cg_caching_allocator *a, cg_pool_kind k, bool already_split, size_t size, size_t remaining) {
    if (already_split) { /* an inactive split block shrinks by size */
        cg_device_stats_decrease(&a->stats, CG_STAT_INACTIVE_SPLIT_BYTES, k, (int64_t)size);
    } else { /* a whole block becomes split: its remainder is a new inactive split block */
        cg_device_stats_increase(&a->stats, CG_STAT_INACTIVE_SPLIT_BYTES, k, (int64_t)remaining);
        cg_device_stats_increase(&a->stats, CG_STAT_INACTIVE_SPLIT, k, 1);
    }
}

/* Takes p->block for the caller, carving `size` bytes off its front when
 * split_remainder (the rest goes back to the pool). */
static cg_alloc_block *alloc_found_block(cg_caching_allocator *a, alloc_params *p, size_t orig_size,
                                         bool split_remainder) {
    cg_alloc_block *block = p->block;
    cg_pool_kind k = pool_kind(p->pool);
    bool already_split = cg_alloc_block_is_split(block);
    if (split_remainder) {
        cg_alloc_block *remaining = block;
        block = new_block(a, remaining->ptr, p->size, p->stream, remaining->segment);
        block->prev = remaining->prev;
        if (block->prev)
            block->prev->next = block;
        else
            block->segment->head = block;
        block->next = remaining;
        remaining->prev = block;
        remaining->ptr += p->size;
        remaining->size -= p->size;
        cg_block_pool_insert(p->pool, remaining);
        stats_split(a, k, already_split, block->size, remaining->size);
    } else if (already_split) { /* an inactive split block becomes active */
        cg_device_stats_decrease(&a->stats, CG_STAT_INACTIVE_SPLIT_BYTES, k, (int64_t)block->size);
        cg_device_stats_decrease(&a->stats, CG_STAT_INACTIVE_SPLIT, k, 1);
    }
    block->allocated = true;
    block->requested_size = orig_size;
    cg_trace_record(&a->trace, CG_TRACE_ALLOC, block->ptr, (int64_t)orig_size, block->stream);
    cg_block_map_put(&a->live, block->ptr, block); /* room reserved by malloc */
    cg_device_stats_increase(&a->stats, CG_STAT_ALLOCATION, k, 1);
    cg_device_stats_increase(&a->stats, CG_STAT_ALLOCATED_BYTES, k, (int64_t)block->size);
    cg_device_stats_increase(&a->stats, CG_STAT_ACTIVE, k, 1);
    cg_device_stats_increase(&a->stats, CG_STAT_ACTIVE_BYTES, k, (int64_t)block->size);
    cg_device_stats_increase(&a->stats, CG_STAT_REQUESTED_BYTES, k, (int64_t)orig_size);
    if (block->size >= a->conf.max_split_size)
        cg_stat_increase(&a->stats.oversize_allocations, 1);
    return block;
}

/* Joins a free neighbour src into dst; the bytes it added, or 0. */
static size_t try_merge_blocks(cg_caching_allocator *a, cg_alloc_block *dst, cg_alloc_block *src) {
    if (!src || src->allocated)
        return 0;
    if (dst->prev == src) { /* [src dst] */
        dst->ptr = src->ptr;
        dst->prev = src->prev;
        if (dst->prev)
            dst->prev->next = dst;
        else
            dst->segment->head = dst;
    } else { /* [dst src] */
        dst->next = src->next;
        if (dst->next)
            dst->next->prev = dst;
    }
    size_t subsumed = src->size;
    dst->size += subsumed;
    cg_block_pool_remove(src->segment->pool, src);
    recycle_block(a, src);
    return subsumed;
}

/* The block becomes reusable: merged with free neighbours, cached. */
static void free_block(cg_caching_allocator *a, cg_alloc_block *b) {
    cg_trace_record(&a->trace, CG_TRACE_FREE_COMPLETED, b->ptr, (int64_t)b->requested_size, b->stream);
    size_t original_size = b->size, requested = b->requested_size;
    cg_block_pool *pool = b->segment->pool;
    cg_pool_kind k = pool_kind(pool);
    int64_t net_blocks = 0, net_bytes = 0;
    cg_alloc_block *candidates[2] = {b->prev, b->next};
    for (int i = 0; i < 2; i++) {
        size_t subsumed = try_merge_blocks(a, b, candidates[i]);
        if (subsumed > 0)
            net_blocks -= 1, net_bytes -= (int64_t)subsumed;
    }
    cg_block_pool_insert(pool, b);
    if (cg_alloc_block_is_split(b))
        net_blocks += 1, net_bytes += (int64_t)b->size;
    if (net_blocks > 0)
        cg_device_stats_increase(&a->stats, CG_STAT_INACTIVE_SPLIT, k, net_blocks);
    else if (net_blocks < 0)
        cg_device_stats_decrease(&a->stats, CG_STAT_INACTIVE_SPLIT, k, -net_blocks);
    if (net_bytes > 0)
        cg_device_stats_increase(&a->stats, CG_STAT_INACTIVE_SPLIT_BYTES, k, net_bytes);
    else if (net_bytes < 0)
        cg_device_stats_decrease(&a->stats, CG_STAT_INACTIVE_SPLIT_BYTES, k, -net_bytes);
    cg_device_stats_decrease(&a->stats, CG_STAT_ACTIVE, k, 1);
    cg_device_stats_decrease(&a->stats, CG_STAT_ACTIVE_BYTES, k, (int64_t)original_size);
    cg_device_stats_decrease(&a->stats, CG_STAT_REQUESTED_BYTES, k, (int64_t)requested);
}

/* No block anywhere: the out-of-memory error, counted and traced. */
static void *out_of_memory(cg_caching_allocator *a, const alloc_params *p) {
    int64_t device_free = 0, device_total = 0;
    if (a->provider.mem_info(a->provider.ctx, &device_free, &device_total) < 0)
        return NULL;
    cg_trace_record(&a->trace, CG_TRACE_OOM, (uint64_t)device_free, (int64_t)p->size, p->stream);
    a->stats.num_ooms++;
    cg_alloc_oom_error(&(cg_alloc_oom){
        .device = a->device,
        .alloc_size = p->alloc_size,
        .device_total = device_total,
        .device_free = device_free,
        .has_allowed = a->set_fraction,
        .allowed = a->allowed_memory_maximum,
        .allocated = a->stats.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current,
        .reserved = a->stats.stat[CG_STAT_RESERVED_BYTES][CG_POOL_ALL].current,
    });
    return NULL;
}

/* A new segment, trying harder each time: as it is; after freeing cached
 * oversize blocks; after freeing every whole cached segment (a retry). */
static int get_new_block(cg_caching_allocator *a, alloc_params *p) {
    if (gc_enabled(a))
        garbage_collect_cached_blocks(a);
    int found = alloc_block(a, p, false);
    if (found == 0 && release_available_cached_blocks(a, p))
        found = alloc_block(a, p, false);
    if (found == 0) {
        release_cached_blocks(a);
        found = alloc_block(a, p, true);
    }
    return found;
}

void *cg_caching_allocator_malloc(cg_caching_allocator *a, size_t nbytes, int64_t stream) {
    if (nbytes == 0)
        return NULL;
    CG_CHECK(nbytes < ONE_EXABYTE, CG_OUT_OF_MEMORY_ERROR,
             "CUDA out of memory. Tried to allocate more than 1EB memory.");
    /* Everything that can fail on the host is had first, so that a failure
     * leaves the allocator as it was: a segment's block and a split's. */
    if (reserve_spares(a, 2) < 0 || cg_block_map_reserve(&a->live, a->live.count + 1) < 0)
        return NULL;
    size_t size = cg_alloc_round_size(&a->conf, nbytes);
    alloc_params p = {
        .size = size, .stream = stream, .pool = get_pool(a, size), .alloc_size = cg_alloc_segment_size(size)};
    if (!get_free_block(a, &p)) {
        int found = get_new_block(a, &p);
        if (found < 0)
            return NULL;
        if (found == 0)
            return out_of_memory(a, &p);
    }
    bool split = should_split(a, p.block, p.size);
    return (void *)alloc_found_block(a, &p, nbytes, split)->ptr;
}

void cg_caching_allocator_free(cg_caching_allocator *a, void *ptr) {
    if (!ptr)
        return;
    cg_alloc_block *b = cg_block_map_take(&a->live, (uintptr_t)ptr);
    if (!b) {
        cg_error_set(CG_RUNTIME_ERROR, "invalid device pointer: %p", ptr);
        return;
    }
    cg_pool_kind k = pool_kind(b->segment->pool);
    b->allocated = false;
    cg_device_stats_decrease(&a->stats, CG_STAT_ALLOCATION, k, 1);
    cg_device_stats_decrease(&a->stats, CG_STAT_ALLOCATED_BYTES, k, (int64_t)b->size);
    cg_trace_record(&a->trace, CG_TRACE_FREE_REQUESTED, b->ptr, (int64_t)b->requested_size, b->stream);
    if (b->size >= a->conf.max_split_size)
        cg_stat_decrease(&a->stats.oversize_allocations, 1);
    free_block(a, b); /* no other stream used it: free now (see the file comment) */
}

void cg_caching_allocator_empty_cache(cg_caching_allocator *a) { release_cached_blocks(a); }

/* ---- life ------------------------------------------------------------------ */

cg_caching_allocator *cg_caching_allocator_new(int device, const cg_memory_provider *provider,
                                               const cg_alloc_conf *conf) {
    cg_caching_allocator *a = calloc(1, sizeof *a);
    CG_CHECK(a, CG_OUT_OF_MEMORY_ERROR, "cannot make a caching allocator: out of host memory");
    a->device = device;
    a->provider = *provider;
    if (conf)
        a->conf = *conf;
    else
        cg_alloc_conf_default(&a->conf);
    cg_block_pool_init(&a->large_blocks, false);
    cg_block_pool_init(&a->small_blocks, true);
    a->stats.max_split_size = (int64_t)a->conf.max_split_size; /* SIZE_MAX shows as -1, as in PyTorch */
    return a;
}

void cg_caching_allocator_delete(cg_caching_allocator *a) {
    if (!a)
        return;
    for (cg_alloc_segment *s = a->segments, *next; s; s = next) {
        next = s->next_segment;
        a->provider.free(a->provider.ctx, (void *)s->ptr, s->size);
        for (cg_alloc_block *b = s->head, *bn; b; b = bn) {
            bn = b->next;
            free(b);
        }
        free(s);
    }
    for (cg_alloc_block *b = a->spare, *bn; b; b = bn) {
        bn = b->next;
        free(b);
    }
    cg_block_map_free(&a->live);
    cg_trace_disable(&a->trace);
    free(a);
}

int cg_caching_allocator_set_memory_fraction(cg_caching_allocator *a, double fraction) {
    CG_CHECK_INT(fraction >= 0 && fraction <= 1, CG_VALUE_ERROR, "Invalid fraction value: %g. Allowed range: 0~1",
                 fraction);
    int64_t device_free, device_total;
    if (a->provider.mem_info(a->provider.ctx, &device_free, &device_total) < 0)
        return -1;
    a->allowed_memory_maximum = (size_t)(fraction * (double)device_total);
    a->set_fraction = true;
    return 0;
}

/* ---- what it tells -------------------------------------------------------- */

void cg_caching_allocator_stats(const cg_caching_allocator *a, cg_device_stats *out) { *out = a->stats; }

void cg_caching_allocator_reset_peak(cg_caching_allocator *a) { cg_device_stats_reset_peak(&a->stats); }

void cg_caching_allocator_reset_accumulated(cg_caching_allocator *a) { cg_device_stats_reset_accumulated(&a->stats); }

cg_trace *cg_caching_allocator_trace(cg_caching_allocator *a) { return &a->trace; }

int cg_caching_allocator_mem_info(cg_caching_allocator *a, int64_t *free_bytes, int64_t *total_bytes) {
    return a->provider.mem_info(a->provider.ctx, free_bytes, total_bytes);
}

/* ---- memory_snapshot() ------------------------------------------------------ */

static int segment_by_address(const void *x, const void *y) {
    const cg_snapshot_segment *s = x, *t = y;
    return (s->address > t->address) - (s->address < t->address);
}

/* One segment's blocks in address order; -1 when the host is out of memory. */
static int snapshot_segment(const cg_caching_allocator *a, const cg_alloc_segment *s, cg_snapshot_segment *out) {
    int n = 0;
    for (const cg_alloc_block *b = s->head; b; b = b->next)
        n++;
    *out = (cg_snapshot_segment){
        .device = a->device, .address = s->ptr, .stream = s->stream, .is_small = s->pool->is_small, .nblocks = n};
    out->blocks = calloc((size_t)n, sizeof *out->blocks);
    if (!out->blocks)
        return -1;
    int i = 0;
    for (const cg_alloc_block *b = s->head; b; b = b->next, i++) {
        /* active == allocated: no block waits on other streams here */
        out->blocks[i] = (cg_snapshot_block){
            .address = b->ptr,
            .size = (int64_t)b->size,
            .requested_size = b->allocated ? (int64_t)b->requested_size : 0,
            .state = b->allocated ? CG_BLOCK_ACTIVE_ALLOCATED : CG_BLOCK_INACTIVE,
        };
        out->total_size += (int64_t)b->size;
        if (b->allocated) {
            out->allocated_size += (int64_t)b->size;
            out->active_size += (int64_t)b->size;
            out->requested_size += (int64_t)b->requested_size;
        }
    }
    return 0;
}

int cg_caching_allocator_snapshot(const cg_caching_allocator *a, cg_memory_snapshot *out) {
    *out = (cg_memory_snapshot){0};
    int n = 0;
    for (const cg_alloc_segment *s = a->segments; s; s = s->next_segment)
        n++;
    out->segments = calloc(n ? (size_t)n : 1, sizeof *out->segments);
    CG_CHECK_INT(out->segments, CG_OUT_OF_MEMORY_ERROR, "cannot take a memory snapshot: out of host memory");
    int64_t total_active = 0;
    for (const cg_alloc_segment *s = a->segments; s; s = s->next_segment) {
        if (snapshot_segment(a, s, &out->segments[out->nsegments]) < 0) {
            cg_memory_snapshot_free(out);
            cg_error_set(CG_OUT_OF_MEMORY_ERROR, "cannot take a memory snapshot: out of host memory");
            return -1;
        }
        total_active += out->segments[out->nsegments++].active_size;
    }
    qsort(out->segments, (size_t)n, sizeof *out->segments, segment_by_address);
    /* PyTorch notes every snapshot in the trace; the trace is the only
     * thing a snapshot changes, so the allocator is const to callers. */
    cg_trace_record((cg_trace *)&a->trace, CG_TRACE_SNAPSHOT, 0, total_active, 0);
    return 0;
}
