/* memory_values.c: memory statistics, snapshots and traces as Python
 * values, see memory_values.h. Key names and orders are PyTorch's
 * (torch/csrc/cuda/Module.cpp, memory_snapshot.cpp): what scripts that
 * read memory_stats() index by. */
#include "torch/memory_values.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"

const cg_memory_ops *cg_memory_ops_of(cg_device_type type) {
    const cg_backend *be = cg_backend_get(type);
    return be ? be->memory : NULL;
}

/* ---- memory_stats() ------------------------------------------------------------------- */

static const char *const FIELDS[4] = {"current", "peak", "allocated", "freed"};

static int64_t field(const cg_stat *s, int i) {
    return i == 0 ? s->current : i == 1 ? s->peak : i == 2 ? s->allocated : s->freed;
}

typedef struct {
    char key[64];
    int64_t value;
} flat_item;

static int by_key(const void *a, const void *b) {
    return strcmp(((const flat_item *)a)->key, ((const flat_item *)b)->key);
}

static int put_int(cg_dict *d, const char *key, int64_t v) { return cg_dict_set_str(d, key, cg_int(v)); }

/* {"current": .., "peak": .., "allocated": .., "freed": ..} */
static cg_value stat_dict(const cg_stat *s) {
    cg_value d = cg_dict_new();
    for (int i = 0; i < 4 && !cg_is_err(d); i++)
        if (put_int(cg_as_dict(d), FIELDS[i], field(s, i)) < 0) {
            cg_decref(d);
            d = CG_ERR;
        }
    return d;
}

static int put_steal(cg_dict *d, const char *key, cg_value v) {
    if (cg_is_err(v))
        return -1;
    int rc = cg_dict_set_str(d, key, v);
    cg_decref(v);
    return rc;
}

/* The pools in Module.cpp's order: all, small_pool, large_pool. */
static cg_value family_dict(const cg_device_stats *s, cg_stat_family f) {
    static const cg_pool_kind order[3] = {CG_POOL_ALL, CG_POOL_SMALL, CG_POOL_LARGE};
    cg_value d = cg_dict_new();
    for (int i = 0; i < 3 && !cg_is_err(d); i++)
        if (put_steal(cg_as_dict(d), cg_pool_kind_name(order[i]), stat_dict(&s->stat[f][order[i]])) < 0) {
            cg_decref(d);
            d = CG_ERR;
        }
    return d;
}

static cg_value nested_stats(const cg_device_stats *s) {
    static const cg_stat_family order[] = {
        CG_STAT_ALLOCATION,      CG_STAT_SEGMENT,        CG_STAT_ACTIVE,       CG_STAT_INACTIVE_SPLIT,
        CG_STAT_ALLOCATED_BYTES, CG_STAT_RESERVED_BYTES, CG_STAT_ACTIVE_BYTES, CG_STAT_INACTIVE_SPLIT_BYTES,
        CG_STAT_REQUESTED_BYTES};
    cg_value v = cg_dict_new();
    if (cg_is_err(v))
        return v;
    cg_dict *d = cg_as_dict(v);
    int rc = put_int(d, "num_alloc_retries", s->num_alloc_retries) | put_int(d, "num_ooms", s->num_ooms)
             | put_int(d, "max_split_size", s->max_split_size)
             | put_int(d, "num_sync_all_streams", s->num_sync_all_streams)
             | put_int(d, "num_device_alloc", s->num_device_alloc) | put_int(d, "num_device_free", s->num_device_free);
    for (size_t i = 0; rc == 0 && i < sizeof order / sizeof *order; i++)
        rc = put_steal(d, cg_stat_family_name(order[i]), family_dict(s, order[i]));
    if (rc == 0)
        rc = put_steal(d, "oversize_allocations", stat_dict(&s->oversize_allocations));
    if (rc == 0)
        rc = put_steal(d, "oversize_segments", stat_dict(&s->oversize_segments));
    if (rc < 0) {
        cg_decref(v);
        return CG_ERR;
    }
    return v;
}

/* Every key of the nested dict joined with '.', sorted as memory_stats() sorts. */
static int flat_items(const cg_device_stats *s, flat_item *out) {
    int n = 0;
    for (int f = 0; f < CG_STAT_FAMILY_COUNT; f++)
        for (int p = 0; p < CG_POOL_COUNT; p++)
            for (int i = 0; i < 4; i++, n++) {
                snprintf(out[n].key, sizeof out[n].key, "%s.%s.%s", cg_stat_family_name(f), cg_pool_kind_name(p),
                         FIELDS[i]);
                out[n].value = field(&s->stat[f][p], i);
            }
    const struct {
        const char *name;
        const cg_stat *stat;
    } oversize[] = {{"oversize_allocations", &s->oversize_allocations}, {"oversize_segments", &s->oversize_segments}};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 4; i++, n++) {
            snprintf(out[n].key, sizeof out[n].key, "%s.%s", oversize[k].name, FIELDS[i]);
            out[n].value = field(oversize[k].stat, i);
        }
    const struct {
        const char *name;
        int64_t v;
    } counters[] = {{"max_split_size", s->max_split_size},
                    {"num_alloc_retries", s->num_alloc_retries},
                    {"num_device_alloc", s->num_device_alloc},
                    {"num_device_free", s->num_device_free},
                    {"num_ooms", s->num_ooms},
                    {"num_sync_all_streams", s->num_sync_all_streams}};
    for (int k = 0; k < 6; k++, n++) {
        snprintf(out[n].key, sizeof out[n].key, "%s", counters[k].name);
        out[n].value = counters[k].v;
    }
    qsort(out, (size_t)n, sizeof *out, by_key);
    return n;
}

cg_value cg_memory_stats_value(const cg_device_stats *s, bool nested) {
    if (nested)
        return nested_stats(s);
    flat_item items[CG_STAT_FAMILY_COUNT * CG_POOL_COUNT * 4 + 8 + 6];
    int n = flat_items(s, items);
    cg_value v = cg_dict_new();
    for (int i = 0; i < n && !cg_is_err(v); i++)
        if (put_int(cg_as_dict(v), items[i].key, items[i].value) < 0) {
            cg_decref(v);
            v = CG_ERR;
        }
    return v;
}

/* ---- memory_snapshot() ----------------------------------------------------------------- */

static cg_value empty_list(void) { return cg_list_new(0); }

static cg_value block_dict(const cg_snapshot_block *b) {
    cg_value v = cg_dict_new();
    if (cg_is_err(v))
        return v;
    cg_dict *d = cg_as_dict(v);
    cg_value state = cg_str_from_c(cg_block_state_name(b->state));
    int rc = put_int(d, "address", (int64_t)b->address) | put_int(d, "size", b->size)
             | put_int(d, "requested_size", b->requested_size);
    if (rc == 0)
        rc = put_steal(d, "state", state);
    else if (!cg_is_err(state))
        cg_decref(state);
    if (rc == 0)
        rc = put_steal(d, "frames", empty_list());
    if (rc < 0) {
        cg_decref(v);
        return CG_ERR;
    }
    return v;
}

static cg_value blocks_list(const cg_snapshot_segment *s) {
    cg_value l = cg_list_new(0);
    for (int i = 0; i < s->nblocks && !cg_is_err(l); i++) {
        cg_value b = block_dict(&s->blocks[i]);
        if (cg_is_err(b) || cg_list_append_steal(l, b) < 0) {
            cg_decref(l);
            l = CG_ERR;
        }
    }
    return l;
}

static cg_value segment_dict(const cg_snapshot_segment *s) {
    cg_value v = cg_dict_new();
    if (cg_is_err(v))
        return v;
    cg_dict *d = cg_as_dict(v);
    int rc = put_int(d, "device", s->device) | put_int(d, "address", (int64_t)s->address)
             | put_int(d, "total_size", s->total_size) | put_int(d, "allocated_size", s->allocated_size)
             | put_int(d, "active_size", s->active_size) | put_int(d, "requested_size", s->requested_size)
             | put_int(d, "stream", s->stream);
    if (rc == 0)
        rc = put_steal(d, "segment_type", cg_str_from_c(s->is_small ? "small" : "large"));
    if (rc == 0)
        rc = put_steal(d, "segment_pool_id", cg_tuple_pack(2, cg_int(0), cg_int(0)));
    if (rc == 0)
        rc = cg_dict_set_str(d, "is_expandable", cg_bool(false));
    if (rc == 0)
        rc = put_steal(d, "frames", empty_list());
    if (rc == 0)
        rc = put_steal(d, "blocks", blocks_list(s));
    if (rc < 0) {
        cg_decref(v);
        return CG_ERR;
    }
    return v;
}

cg_value cg_memory_segments_value(const cg_memory_snapshot *s) {
    cg_value l = cg_list_new(0);
    for (int i = 0; i < s->nsegments && !cg_is_err(l); i++) {
        cg_value seg = segment_dict(&s->segments[i]);
        if (cg_is_err(seg) || cg_list_append_steal(l, seg) < 0) {
            cg_decref(l);
            l = CG_ERR;
        }
    }
    return l;
}

/* ---- the history ------------------------------------------------------------------------ */

/* [{"filename": "<cell 3>", "line": 2, "name": "<module>"}], or [] when
 * the event's place is unknown. */
static cg_value frames_list(cg_trace_where w) {
    cg_value l = cg_list_new(0);
    if (cg_is_err(l) || (w.cell <= 0 && w.line <= 0))
        return l;
    cg_value f = cg_dict_new();
    int rc = cg_is_err(f) ? -1 : 0;
    if (rc == 0) {
        char name[32];
        if (w.cell > 0)
            snprintf(name, sizeof name, "<cell %d>", (int)w.cell);
        else
            snprintf(name, sizeof name, "<main>");
        rc = put_steal(cg_as_dict(f), "filename", cg_str_from_c(name));
    }
    if (rc == 0)
        rc = put_int(cg_as_dict(f), "line", w.line);
    if (rc == 0)
        rc = put_steal(cg_as_dict(f), "name", cg_str_from_c("<module>"));
    if (rc == 0)
        rc = cg_list_append_steal(l, f);
    else if (!cg_is_err(f))
        cg_decref(f);
    if (rc < 0) {
        cg_decref(l);
        return CG_ERR;
    }
    return l;
}

static cg_value entry_dict(const cg_trace_entry *e) {
    cg_value v = cg_dict_new();
    if (cg_is_err(v))
        return v;
    cg_dict *d = cg_as_dict(v);
    int rc = put_steal(d, "action", cg_str_from_c(cg_trace_action_name(e->action)));
    if (rc == 0)
        rc = put_int(d, e->action == CG_TRACE_OOM ? "device_free" : "addr", (int64_t)e->addr)
             | put_int(d, "size", e->size) | put_int(d, "stream", e->stream) | put_int(d, "time_us", e->time_us);
    if (rc == 0)
        rc = put_steal(d, "frames", frames_list(e->where));
    if (rc < 0) {
        cg_decref(v);
        return CG_ERR;
    }
    return v;
}

cg_value cg_memory_trace_value(const cg_trace *t) {
    cg_value l = cg_list_new(0);
    for (size_t i = 0; i < t->count && !cg_is_err(l); i++) {
        cg_value e = entry_dict(cg_trace_at(t, i));
        if (cg_is_err(e) || cg_list_append_steal(l, e) < 0) {
            cg_decref(l);
            l = CG_ERR;
        }
    }
    return l;
}

/* ---- recording -------------------------------------------------------------------------- */

/* The cell and line the program is at: the innermost frame of a notebook
 * cell ("<cell N>", as the kernel names them); outside a kernel, the
 * innermost frame of the user's file (cell 0). */
static void lang_where(cg_trace_where *out) {
    const cg_frame *user = NULL;
    for (const cg_frame *f = cg_ev.frame; f; f = f->back) {
        if (!f->arena)
            continue;
        const char *file = cg_ast_arena_filename(f->arena);
        int cell;
        if (sscanf(file, "<cell %d>", &cell) == 1) {
            *out = (cg_trace_where){cell, f->line};
            return;
        }
        if (!user && strncmp(file, "lang/prelude/", 13) != 0)
            user = f;
    }
    if (user)
        *out = (cg_trace_where){0, user->line};
}

int cg_memory_record(cg_device_type type, int index, bool enabled, int64_t max_entries) {
    const cg_memory_ops *ops = cg_memory_ops_of(type);
    if (!ops)
        return cg_raise_engine_int();
    cg_trace *t = ops->trace ? ops->trace(index) : NULL;
    if (!t)
        return 0; /* this device keeps no history */
    if (!enabled) {
        cg_trace_disable(t);
        return 0;
    }
    if (max_entries < 1)
        max_entries = 1;
    if (max_entries > CG_MEMORY_HISTORY_MAX)
        max_entries = CG_MEMORY_HISTORY_MAX;
    cg_trace_set_where(lang_where);
    return cg_trace_enable(t, (size_t)max_entries) < 0 ? cg_raise_engine_int() : 0;
}
