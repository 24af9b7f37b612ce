/* memory_stats.c: the counters, snapshots and traces of memory_stats.h. */
#include "memory_stats.h"

#include <stdlib.h>
#include <time.h>

#include "error.h"

static const char *const family_names[CG_STAT_FAMILY_COUNT] = {
    [CG_STAT_ACTIVE] = "active",
    [CG_STAT_ACTIVE_BYTES] = "active_bytes",
    [CG_STAT_ALLOCATED_BYTES] = "allocated_bytes",
    [CG_STAT_ALLOCATION] = "allocation",
    [CG_STAT_INACTIVE_SPLIT] = "inactive_split",
    [CG_STAT_INACTIVE_SPLIT_BYTES] = "inactive_split_bytes",
    [CG_STAT_REQUESTED_BYTES] = "requested_bytes",
    [CG_STAT_RESERVED_BYTES] = "reserved_bytes",
    [CG_STAT_SEGMENT] = "segment",
};

const char *cg_stat_family_name(cg_stat_family f) { return family_names[f]; }

const char *cg_pool_kind_name(cg_pool_kind p) {
    static const char *const names[CG_POOL_COUNT] = {"all", "large_pool", "small_pool"};
    return names[p];
}

static void each_stat(cg_device_stats *s, void (*fn)(cg_stat *)) {
    for (int f = 0; f < CG_STAT_FAMILY_COUNT; f++)
        for (int p = 0; p < CG_POOL_COUNT; p++)
            fn(&s->stat[f][p]);
    fn(&s->oversize_allocations);
    fn(&s->oversize_segments);
}

static void reset_peak(cg_stat *s) { s->peak = s->current; }
static void reset_accumulated(cg_stat *s) { s->allocated = s->freed = 0; }

void cg_device_stats_reset_peak(cg_device_stats *s) { each_stat(s, reset_peak); }

void cg_device_stats_reset_accumulated(cg_device_stats *s) {
    each_stat(s, reset_accumulated);
    s->num_alloc_retries = s->num_ooms = s->num_sync_all_streams = 0;
    s->num_device_alloc = s->num_device_free = 0;
}

/* ---- snapshots ------------------------------------------------------------ */

const char *cg_block_state_name(cg_block_state s) {
    static const char *const names[] = {"active_allocated", "active_pending_free", "inactive"};
    return names[s];
}

void cg_memory_snapshot_free(cg_memory_snapshot *s) {
    for (int i = 0; i < s->nsegments; i++)
        free(s->segments[i].blocks);
    free(s->segments);
    s->segments = NULL;
    s->nsegments = 0;
}

/* ---- traces --------------------------------------------------------------- */

const char *cg_trace_action_name(cg_trace_action a) {
    static const char *const names[] = {
        "alloc", "free_requested", "free_completed", "segment_alloc", "segment_free", "snapshot", "oom"};
    return names[a];
}

int cg_trace_enable(cg_trace *t, size_t max_entries) {
    cg_trace_entry *e = max_entries ? calloc(max_entries, sizeof *e) : NULL;
    if (max_entries && !e) {
        cg_error_set(CG_OUT_OF_MEMORY_ERROR, "cannot keep a history of %zu memory events", max_entries);
        return -1;
    }
    free(t->entries);
    *t = (cg_trace){.entries = e, .capacity = max_entries, .enabled = true};
    return 0;
}

void cg_trace_disable(cg_trace *t) {
    free(t->entries);
    *t = (cg_trace){0};
}

static int64_t now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void cg_trace_record(cg_trace *t, cg_trace_action a, uint64_t addr, int64_t size, int64_t stream) {
    if (!t->enabled || !t->capacity)
        return;
    size_t slot = (t->start + t->count) % t->capacity;
    if (t->count == t->capacity)
        t->start = (t->start + 1) % t->capacity; /* the oldest goes */
    else
        t->count++;
    t->entries[slot] = (cg_trace_entry){a, addr, size, stream, now_us(), cg_trace_where_now()};
}

const cg_trace_entry *cg_trace_at(const cg_trace *t, size_t i) { return &t->entries[(t->start + i) % t->capacity]; }

static cg_trace_where_fn where_fn;

void cg_trace_set_where(cg_trace_where_fn fn) { where_fn = fn; }

cg_trace_where cg_trace_where_now(void) {
    cg_trace_where w = {0, 0};
    if (where_fn)
        where_fn(&w);
    return w;
}
