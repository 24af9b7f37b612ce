/* torch_cuda_memory.c: torch.cuda's memory functions, also in
 * torch.cuda.memory as in PyTorch: memory_stats(), memory_allocated() and
 * friends, the resets, mem_get_info(), memory_summary(), memory_snapshot(),
 * empty_cache(), and torch.cuda.memory's _record_memory_history() and
 * _snapshot().
 *
 * Without CUDA they behave as PyTorch built with CUDA does on a machine
 * with no GPU, where CUDA is never initialised and there is no current
 * device: memory_stats() is {} and memory_allocated() 0, memory_snapshot()
 * [], empty_cache() and _record_memory_history() do nothing,
 * memory_summary() fails indexing the empty stats (KeyError), the resets
 * get None for the device ("invalid argument to ..."), and mem_get_info()
 * asks for the current device ("Found no NVIDIA driver"). CPU memory is
 * cgrad's memory_report() (memory_module.c), not these. */
#include <stdlib.h>
#include <string.h>

/* torch_args.h first: it brings in the engine's headers (see there) */
#include "torch/torch_args.h"

#include "memory_summary.h"
#include "torch/memory_values.h"
#include "runtime/module.h"
#include "torch/torch_module.h"

static bool cuda_ready(void) {
    bool ok = cg_backend_get(CG_CUDA) != NULL;
    cg_error_clear();
    return ok;
}

/* _get_device_index(device, optional=True): None is the current device,
 * which needs CUDA; a CPU device is PyTorch's ValueError. */
static int cg_cuda_index(cg_value device, int *index) {
    if (cg_is_none(device)) {
        if (!cg_backend_get(CG_CUDA))
            return torch_raise_int();
        *index = 0;
        return 0;
    }
    cg_device d;
    if (torch_device_arg("_get_device_index", "device", 1, device, &d, NULL) < 0)
        return -1;
    if (d.type != CG_CUDA) {
        cg_value s = cg_to_str(device);
        if (cg_is_err(s))
            return -1;
        int rc = cg_raise_int(&cg_exc_ValueError, "Expected a cuda device, but got: %s", cg_str_cstr(s));
        cg_decref(s);
        return rc;
    }
    if (!cg_backend_get(CG_CUDA))
        return torch_raise_int();
    *index = d.index < 0 ? 0 : d.index;
    return 0;
}

/* The device's statistics; 0 (none kept) when CUDA is not initialised. */
static int cuda_stats(cg_value device, cg_device_stats *out, bool *have) {
    *have = false;
    if (!cuda_ready())
        return 0;
    int index;
    if (cg_cuda_index(device, &index) < 0)
        return -1;
    const cg_memory_ops *ops = cg_memory_ops_of(CG_CUDA);
    if (!ops || !ops->stats)
        return 0;
    memset(out, 0, sizeof *out);
    ops->stats(index, out);
    *have = true;
    return 0;
}

enum {
    M_STATS,
    M_NESTED,
    M_ALLOCATED,
    M_MAX_ALLOCATED,
    M_RESERVED,
    M_MAX_RESERVED,
    M_RESET_PEAK,
    M_RESET_MAX,
    M_RESET_ACC,
    M_MEM_GET_INFO,
    M_SUMMARY,
    M_SNAPSHOT,
    M_EMPTY_CACHE,
    M_COUNT
};
static const cg_method_def memory_defs[];

/* Binds the one `device` argument of function k. */
static int bind_device(int k, const cg_args *a, cg_value *device) {
    return cg_args_bind(&memory_defs[k], a, device, 1);
}

/* collections.OrderedDict(d), as memory_stats() returns; d is stolen. */
static cg_value ordered(cg_value d) {
    if (cg_is_err(d))
        return d;
    cg_value cls = cg_import_attr("collections", "OrderedDict");
    cg_value r = cg_is_err(cls) ? CG_ERR : cg_call(cls, &(cg_args){.pos = &d, .npos = 1});
    if (!cg_is_err(cls))
        cg_decref(cls);
    cg_decref(d);
    return r;
}

static cg_value stats_fn(int k, const cg_args *a, bool nested) {
    cg_value device;
    if (bind_device(k, a, &device) < 0)
        return CG_ERR;
    cg_device_stats s;
    bool have;
    int rc = cuda_stats(device, &s, &have);
    cg_args_release(&memory_defs[k], &device, 1);
    if (rc < 0)
        return CG_ERR;
    if (nested)
        return have ? cg_memory_stats_value(&s, true) : cg_dict_new();
    return ordered(have ? cg_memory_stats_value(&s, false) : cg_dict_new());
}

static cg_value m_stats(cg_value self, const cg_args *a) { return stats_fn(M_STATS, a, false); }
static cg_value m_nested(cg_value self, const cg_args *a) { return stats_fn(M_NESTED, a, true); }

/* memory_stats(device).get("<family>.all.<field>", 0) */
static cg_value one_stat(int k, const cg_args *a, cg_stat_family f, bool peak) {
    cg_value device;
    if (bind_device(k, a, &device) < 0)
        return CG_ERR;
    cg_device_stats s;
    bool have;
    int rc = cuda_stats(device, &s, &have);
    cg_args_release(&memory_defs[k], &device, 1);
    if (rc < 0)
        return CG_ERR;
    const cg_stat *st = &s.stat[f][CG_POOL_ALL];
    return cg_int(!have ? 0 : peak ? st->peak : st->current);
}

static cg_value m_allocated(cg_value self, const cg_args *a) {
    return one_stat(M_ALLOCATED, a, CG_STAT_ALLOCATED_BYTES, false);
}
static cg_value m_max_allocated(cg_value self, const cg_args *a) {
    return one_stat(M_MAX_ALLOCATED, a, CG_STAT_ALLOCATED_BYTES, true);
}
static cg_value m_reserved(cg_value self, const cg_args *a) {
    return one_stat(M_RESERVED, a, CG_STAT_RESERVED_BYTES, false);
}
static cg_value m_max_reserved(cg_value self, const cg_args *a) {
    return one_stat(M_MAX_RESERVED, a, CG_STAT_RESERVED_BYTES, true);
}

/* The memory ops of the CUDA device `device` names; -1 with an exception. */
static int device_ops(int k, const cg_args *a, const cg_memory_ops **ops, int *index) {
    cg_value device;
    if (bind_device(k, a, &device) < 0)
        return -1;
    int rc = cg_cuda_index(device, index);
    cg_args_release(&memory_defs[k], &device, 1);
    if (rc < 0)
        return -1;
    *ops = cg_memory_ops_of(CG_CUDA);
    return *ops ? 0 : torch_raise_int();
}

static cg_value reset(int k, const cg_args *a, bool peak) {
    cg_value device;
    if (bind_device(k, a, &device) < 0)
        return CG_ERR;
    bool none = cg_is_none(device);
    cg_args_release(&memory_defs[k], &device, 1);
    if (none && !cuda_ready()) /* no current device: its index is None */
        return cg_raise(&cg_exc_RuntimeError, "invalid argument to %s",
                        peak ? "reset_peak_memory_stats" : "reset_accumulated_memory_stats");
    const cg_memory_ops *ops;
    int index;
    if (device_ops(k, a, &ops, &index) < 0)
        return CG_ERR;
    void (*fn)(int) = peak ? ops->reset_peak : ops->reset_accumulated;
    if (fn)
        fn(index);
    return CG_NONE;
}

static cg_value m_reset_peak(cg_value self, const cg_args *a) { return reset(M_RESET_PEAK, a, true); }
static cg_value m_reset_acc(cg_value self, const cg_args *a) { return reset(M_RESET_ACC, a, false); }

static cg_value m_reset_max(cg_value self, const cg_args *a) {
    if (torch_warn("FutureWarning", "torch.cuda.reset_max_memory_allocated now calls "
                                    "torch.cuda.reset_peak_memory_stats, which resets /all/ peak memory stats.")
        < 0)
        return CG_ERR;
    return reset(M_RESET_MAX, a, true);
}

static cg_value m_mem_get_info(cg_value self, const cg_args *a) {
    const cg_memory_ops *ops;
    int index;
    if (device_ops(M_MEM_GET_INFO, a, &ops, &index) < 0)
        return CG_ERR;
    int64_t free_b, total;
    if (!ops->mem_get_info)
        return cg_raise(&cg_exc_RuntimeError, "mem_get_info is not supported on this device");
    if (ops->mem_get_info(index, &free_b, &total) < 0)
        return cg_raise_engine();
    return cg_tuple_pack(2, cg_int(free_b), cg_int(total));
}

/* _get_device_index(device, optional=True) without CUDA: None and
 * indices pass (there is no current device to look up), a CPU device is
 * the ValueError. */
static bool summary_device_ok(cg_value device) {
    if (cg_is_none(device) || device.tag == CG_V_INT)
        return true;
    cg_device d;
    if (torch_device_arg("_get_device_index", "device", 1, device, &d, NULL) < 0)
        return false;
    if (d.type == CG_CUDA)
        return true;
    cg_value s = cg_to_str(device);
    if (!cg_is_err(s)) {
        cg_raise(&cg_exc_ValueError, "Expected a cuda device, but got: %s", cg_str_cstr(s));
        cg_decref(s);
    }
    return false;
}

static cg_value m_summary(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&memory_defs[M_SUMMARY], a, v, 2) < 0)
        return CG_ERR;
    int index = 0, abbreviated = cg_truth(v[1]);
    cg_value r = CG_ERR;
    if (abbreviated < 0) {
        /* cg_truth raised */
    } else if (!cuda_ready()) {
        /* memory_stats() is {} and PyTorch's summary indexes it */
        cg_value key = summary_device_ok(v[0]) ? cg_str_from_c("allocated_bytes.all.current") : CG_ERR;
        if (!cg_is_err(key)) {
            cg_raise_value(&cg_exc_KeyError, key);
            cg_decref(key);
        }
    } else if (cg_cuda_index(v[0], &index) == 0) {
        const cg_memory_ops *ops = cg_memory_ops_of(CG_CUDA);
        cg_device_stats s = {.max_split_size = -1};
        if (ops && ops->stats)
            ops->stats(index, &s);
        char *text = cg_memory_summary_text(&s, (cg_device){CG_CUDA, index}, abbreviated == 1);
        r = text ? cg_str_from_c(text) : cg_raise_engine();
        free(text);
    }
    cg_args_release(&memory_defs[M_SUMMARY], v, 2);
    return r;
}

/* The CUDA allocator's segments, or [] when CUDA is not initialised. */
static cg_value cuda_segments(void) {
    if (!cuda_ready())
        return cg_list_new(0);
    const cg_memory_ops *ops = cg_memory_ops_of(CG_CUDA);
    cg_memory_snapshot s = {0, NULL};
    if (ops && ops->snapshot && ops->snapshot(0, &s) < 0)
        return cg_raise_engine();
    cg_value l = cg_memory_segments_value(&s);
    cg_memory_snapshot_free(&s);
    return l;
}

static cg_value m_snapshot(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&memory_defs[M_SNAPSHOT], a, v, 2) < 0)
        return CG_ERR;
    cg_args_release(&memory_defs[M_SNAPSHOT], v, 2);
    return cuda_segments();
}

static cg_value m_empty_cache(cg_value self, const cg_args *a) {
    if (!cuda_ready())
        return CG_NONE;
    const cg_memory_ops *ops = cg_memory_ops_of(CG_CUDA);
    if (ops && ops->empty_cache)
        ops->empty_cache(0);
    return CG_NONE;
}

static const cg_method_def memory_defs[] = {
    [M_STATS] = {"memory_stats", m_stats, "memory_stats(device=None)",
                 "Return a dictionary of CUDA memory allocator statistics for a given device."},
    [M_NESTED] = {"memory_stats_as_nested_dict", m_nested, "memory_stats_as_nested_dict(device=None)",
                  "Return the result of memory_stats as a nested dictionary."},
    [M_ALLOCATED] = {"memory_allocated", m_allocated, "memory_allocated(device=None)",
                     "Return the current GPU memory occupied by tensors in bytes for a given device."},
    [M_MAX_ALLOCATED] = {"max_memory_allocated", m_max_allocated, "max_memory_allocated(device=None)",
                         "Return the maximum GPU memory occupied by tensors in bytes for a given device."},
    [M_RESERVED] = {"memory_reserved", m_reserved, "memory_reserved(device=None)",
                    "Return the current GPU memory managed by the caching allocator in bytes for a given device."},
    [M_MAX_RESERVED] = {"max_memory_reserved", m_max_reserved, "max_memory_reserved(device=None)",
                        "Return the maximum GPU memory managed by the caching allocator in bytes for a given device."},
    [M_RESET_PEAK] = {"reset_peak_memory_stats", m_reset_peak, "reset_peak_memory_stats(device=None)",
                      "Reset the \"peak\" stats tracked by the CUDA memory allocator."},
    [M_RESET_MAX] = {"reset_max_memory_allocated", m_reset_max, "reset_max_memory_allocated(device=None)",
                     "Reset the starting point in tracking maximum GPU memory occupied by tensors for a given "
                     "device."},
    [M_RESET_ACC] = {"reset_accumulated_memory_stats", m_reset_acc, "reset_accumulated_memory_stats(device=None)",
                     "Reset the \"accumulated\" (historical) stats tracked by the CUDA memory allocator."},
    [M_MEM_GET_INFO] = {"mem_get_info", m_mem_get_info, "mem_get_info(device=None)",
                        "Return the global free and total GPU memory for a given device using cudaMemGetInfo."},
    [M_SUMMARY] = {"memory_summary", m_summary, "memory_summary(device=None, abbreviated=False)",
                   "Return a human-readable printout of the current memory allocator statistics for a given "
                   "device."},
    [M_SNAPSHOT] = {"memory_snapshot", m_snapshot, "memory_snapshot(mempool_id=None, include_traces=True)",
                    "Return a snapshot of the CUDA memory allocator state across all devices."},
    [M_EMPTY_CACHE] = {"empty_cache", m_empty_cache, "empty_cache()",
                       "Release all unoccupied cached memory currently held by the caching allocator so that those "
                       "can be used in other GPU application and visible in nvidia-smi."},
    [M_COUNT] = {NULL, NULL, NULL, NULL},
};

/* ---- torch.cuda.memory's history ------------------------------------------------------------ */

enum { H_RECORD, H_SNAPSHOT, H_COUNT };
static const cg_method_def history_defs[];

/* v is None or one of the options (NULL-ended); else memory_snapshot.cpp's
 * checkOptionIn error. */
static int option_in(cg_value v, bool none_ok, const char *const *valid, const char *error) {
    if (none_ok && cg_is_none(v))
        return 0;
    for (int i = 0; cg_is_str(v) && valid[i]; i++)
        if (!strcmp(cg_str_cstr(v), valid[i]))
            return 0;
    return cg_raise_int(&cg_exc_RuntimeError, "%s", error);
}

/* enabled: None (stop), "state" or "all" (keep), or the legacy bool;
 * context and stacks are checked as PyTorch checks them. */
static int history_args(const cg_value *v, bool *on) {
    static const char *const states[] = {"state", "all", NULL}, *const contexts[] = {"state", "alloc", "all", NULL},
                             *const stacks[] = {"python", "all", NULL};
    if (v[0].tag == CG_V_BOOL) { /* _record_memory_history_legacy */
        *on = v[0].u.i;
        return 0;
    }
    *on = !cg_is_none(v[0]);
    if (option_in(v[0], true, states, "expected state to be 'state', 'all', or None") < 0
        || option_in(v[1], true, contexts, "expected context to be 'state', 'alloc', 'all', or None") < 0
        || option_in(v[2], false, stacks, "expected stacks to be 'python', or 'all'") < 0)
        return -1;
    return 0;
}

static cg_value h_record(cg_value self, const cg_args *a) {
    enum { N = 6 };
    cg_value v[N];
    if (cg_args_bind(&history_defs[H_RECORD], a, v, N) < 0)
        return CG_ERR;
    bool on = false;
    int rc = history_args(v, &on);
    if (rc == 0 && v[3].tag != CG_V_INT) {
        torch_arg_error("_record_memory_history", "max_entries", 4, "int", v[3]);
        rc = -1;
    }
    int index = 0;
    if (rc == 0 && cuda_ready() && (rc = cg_cuda_index(v[4], &index)) == 0)
        rc = cg_memory_record(CG_CUDA, index, on, v[3].u.i);
    cg_args_release(&history_defs[H_RECORD], v, N);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value h_snapshot(cg_value self, const cg_args *a) {
    cg_value device;
    if (cg_args_bind(&history_defs[H_SNAPSHOT], a, &device, 1) < 0)
        return CG_ERR;
    cg_args_release(&history_defs[H_SNAPSHOT], &device, 1);
    cg_value segments = cuda_segments(), traces = cg_list_new(0), d = cg_dict_new();
    int rc = cg_is_err(segments) || cg_is_err(traces) || cg_is_err(d) ? -1 : 0;
    const cg_memory_ops *ops = rc == 0 && cuda_ready() ? cg_memory_ops_of(CG_CUDA) : NULL;
    cg_trace *t = ops && ops->trace ? ops->trace(0) : NULL;
    if (rc == 0 && t) {
        cg_value one = cg_memory_trace_value(t);
        rc = cg_is_err(one) ? -1 : cg_list_append(traces, one);
        if (!cg_is_err(one))
            cg_decref(one);
    }
    if (rc == 0)
        rc = cg_dict_set_str(cg_as_dict(d), "segments", segments)
             | cg_dict_set_str(cg_as_dict(d), "device_traces", traces);
    if (!cg_is_err(segments))
        cg_decref(segments);
    if (!cg_is_err(traces))
        cg_decref(traces);
    if (rc < 0 && !cg_is_err(d)) {
        cg_decref(d);
        d = CG_ERR;
    }
    return d;
}

static const cg_method_def history_defs[] = {
    [H_RECORD] = {"_record_memory_history", h_record,
                  "_record_memory_history(enabled='all', context='all', stacks='all', max_entries=9223372036854775807, "
                  "device=None, clear_history=False)",
                  "Enable recording of the history of CUDA allocations and frees (None stops it); "
                  "torch.cuda.memory._snapshot() returns it."},
    [H_SNAPSHOT] = {"_snapshot", h_snapshot, "_snapshot(device=None)",
                    "Save a snapshot of CUDA memory state at the time it was called: its segments and the recorded "
                    "history (device_traces)."},
    [H_COUNT] = {NULL, NULL, NULL, NULL},
};

int cg_torch_cuda_memory_add(cg_value module) { return cg_module_add_methods(module, memory_defs); }

cg_value cg_torch_cuda_memory_module_init(void) {
    cg_value m = cg_module_of("torch.cuda.memory", memory_defs);
    if (cg_is_err(m))
        return m;
    if (cg_module_add_methods(m, history_defs) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
