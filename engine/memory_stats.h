/* memory_stats.h: what a device's allocator tells about its memory, in
 * PyTorch's terms: the statistics of torch.cuda.memory_stats(), the
 * segments and blocks of torch.cuda.memory_snapshot(), and the trace of
 * events that torch.cuda.memory._record_memory_history() keeps.
 *
 * Both allocators fill these: the CUDA caching allocator (cuda/) exactly as
 * PyTorch's does, and the CPU allocator (cpu_allocator.c) with the subset it
 * can know, so that memory inspection works on machines without a GPU.
 * Rendering them (memory_summary()'s table, pictures) is display/'s job.
 * shared/reference/cuda_display.md, part A, has the meaning of every key. */
#ifndef CG_MEMORY_STATS_H
#define CG_MEMORY_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One counter: increase adds to current and allocated and lifts peak;
 * decrease takes from current and adds to freed (c10's Stat). */
typedef struct {
    int64_t current, peak, allocated, freed;
} cg_stat;

static inline void cg_stat_increase(cg_stat *s, int64_t n) {
    s->current += n;
    s->allocated += n;
    if (s->current > s->peak)
        s->peak = s->current;
}

static inline void cg_stat_decrease(cg_stat *s, int64_t n) {
    s->current -= n;
    s->freed += n;
}

/* The pools a family is split by, in memory_stats()'s key order:
 * "all", "large_pool", "small_pool". */
typedef enum { CG_POOL_ALL, CG_POOL_LARGE, CG_POOL_SMALL, CG_POOL_COUNT } cg_pool_kind;

/* The families kept per pool, in the sorted order of their key names. */
typedef enum {
    CG_STAT_ACTIVE,               /* "active": live blocks, pending frees included */
    CG_STAT_ACTIVE_BYTES,         /* "active_bytes" */
    CG_STAT_ALLOCATED_BYTES,      /* "allocated_bytes": rounded sizes handed out */
    CG_STAT_ALLOCATION,           /* "allocation": count of blocks handed out */
    CG_STAT_INACTIVE_SPLIT,       /* "inactive_split": free blocks of split segments */
    CG_STAT_INACTIVE_SPLIT_BYTES, /* "inactive_split_bytes" */
    CG_STAT_REQUESTED_BYTES,      /* "requested_bytes": what callers asked for */
    CG_STAT_RESERVED_BYTES,       /* "reserved_bytes": bytes of all segments */
    CG_STAT_SEGMENT,              /* "segment": count of segments */
    CG_STAT_FAMILY_COUNT
} cg_stat_family;

/* "active", "allocated_bytes", ...: the key's first part. */
const char *cg_stat_family_name(cg_stat_family f);
/* "all", "large_pool", "small_pool". */
const char *cg_pool_kind_name(cg_pool_kind p);

typedef struct {
    cg_stat stat[CG_STAT_FAMILY_COUNT][CG_POOL_COUNT];
    cg_stat oversize_allocations, oversize_segments;
    int64_t num_alloc_retries, num_ooms, num_sync_all_streams;
    int64_t num_device_alloc, num_device_free;
    int64_t max_split_size; /* bytes; -1 when unlimited, as PyTorch reports it */
} cg_device_stats;

/* Adds n to a family in pool p and in "all" (inline: allocators call these
 * for every block). */
static inline void cg_device_stats_increase(cg_device_stats *s, cg_stat_family f, cg_pool_kind p, int64_t n) {
    cg_stat_increase(&s->stat[f][CG_POOL_ALL], n);
    if (p != CG_POOL_ALL)
        cg_stat_increase(&s->stat[f][p], n);
}

static inline void cg_device_stats_decrease(cg_device_stats *s, cg_stat_family f, cg_pool_kind p, int64_t n) {
    cg_stat_decrease(&s->stat[f][CG_POOL_ALL], n);
    if (p != CG_POOL_ALL)
        cg_stat_decrease(&s->stat[f][p], n);
}
/* reset_peak_memory_stats(): every peak becomes its current value. */
void cg_device_stats_reset_peak(cg_device_stats *s);
/* reset_accumulated_memory_stats(): allocated/freed and the num_ counters
 * become zero. */
void cg_device_stats_reset_accumulated(cg_device_stats *s);

/* ---- memory_snapshot() ---------------------------------------------------- */

typedef enum {
    CG_BLOCK_ACTIVE_ALLOCATED,    /* "active_allocated": in use by a tensor */
    CG_BLOCK_ACTIVE_PENDING_FREE, /* "active_pending_free": freed, waiting on streams */
    CG_BLOCK_INACTIVE,            /* "inactive": cached and free */
} cg_block_state;

const char *cg_block_state_name(cg_block_state s);

typedef struct {
    uint64_t address;
    int64_t size, requested_size; /* requested_size is 0 for an inactive block */
    cg_block_state state;
} cg_snapshot_block;

typedef struct {
    int device;
    uint64_t address;
    int64_t total_size, allocated_size, active_size, requested_size;
    int64_t stream;
    bool is_small; /* "segment_type": "small" or "large" */
    int nblocks;
    cg_snapshot_block *blocks; /* by address */
} cg_snapshot_segment;

typedef struct {
    int nsegments;
    cg_snapshot_segment *segments; /* by address */
} cg_memory_snapshot;

void cg_memory_snapshot_free(cg_memory_snapshot *s);

/* ---- the history trace ---------------------------------------------------- */

typedef enum {
    CG_TRACE_ALLOC,          /* "alloc" */
    CG_TRACE_FREE_REQUESTED, /* "free_requested" */
    CG_TRACE_FREE_COMPLETED, /* "free_completed" */
    CG_TRACE_SEGMENT_ALLOC,  /* "segment_alloc" */
    CG_TRACE_SEGMENT_FREE,   /* "segment_free" */
    CG_TRACE_SNAPSHOT,       /* "snapshot" */
    CG_TRACE_OOM,            /* "oom": size is what was asked, addr the device's free bytes */
} cg_trace_action;

const char *cg_trace_action_name(cg_trace_action a);

/* Where the program was when an event happened: set by the language layer
 * (the cell's execution count and line), 0 where unknown. */
typedef struct {
    int32_t cell, line;
} cg_trace_where;

typedef struct {
    cg_trace_action action;
    uint64_t addr; /* for CG_TRACE_OOM: the device's free bytes ("device_free") */
    int64_t size;
    int64_t stream;
    int64_t time_us; /* microseconds since the epoch, as PyTorch's time_us */
    cg_trace_where where;
} cg_trace_entry;

/* A ring buffer of the last max_entries events (oldest overwritten). */
typedef struct {
    cg_trace_entry *entries;
    size_t capacity, start, count;
    bool enabled;
} cg_trace;

/* Starts keeping at most max_entries events (a previous trace is dropped);
 * -1 with an out-of-memory error when the buffer cannot be had. */
int cg_trace_enable(cg_trace *t, size_t max_entries);
void cg_trace_disable(cg_trace *t);
/* Appends an event stamped with the time and cg_trace_where_now(); does
 * nothing when the trace is off. */
void cg_trace_record(cg_trace *t, cg_trace_action a, uint64_t addr, int64_t size, int64_t stream);
/* The i-th oldest event kept, 0 <= i < t->count. */
const cg_trace_entry *cg_trace_at(const cg_trace *t, size_t i);

/* Who says where the program is: the language layer installs a function
 * that fills in the current cell and line; NULL (the default) means unknown. */
typedef void (*cg_trace_where_fn)(cg_trace_where *out);
void cg_trace_set_where(cg_trace_where_fn fn);
cg_trace_where cg_trace_where_now(void);

/* ---- the interface a backend offers -------------------------------------- */

/* What memory inspection needs from a device's allocator. Every function
 * takes the device index. A NULL entry means "not kept on this device". */
typedef struct cg_memory_ops {
    void (*stats)(int index, cg_device_stats *out);
    void (*reset_peak)(int index);
    void (*reset_accumulated)(int index);
    /* 0 and a snapshot the caller frees with cg_memory_snapshot_free; -1
     * with an out-of-memory error. */
    int (*snapshot)(int index, cg_memory_snapshot *out);
    /* Releases cached memory that no tensor uses (empty_cache()). */
    void (*empty_cache)(int index);
    /* The device's history trace, owned by the allocator; the caller
     * enables, disables and reads it. */
    cg_trace *(*trace)(int index);
    /* mem_get_info(): free and total bytes of the device; -1 with an error. */
    int (*mem_get_info)(int index, int64_t *free_bytes, int64_t *total_bytes);
} cg_memory_ops;

#endif
