/* memory_module.c: `_memory`, what cgrad's memory report (prelude
 * _memory_report.py) stands on, and the builtins memory_report() and
 * record_memory_history() and the %memory magic.
 *
 * PyTorch has no memory statistics for CPU tensors; cgrad keeps them in
 * the same terms (engine/cpu_allocator.c), so the report works for either
 * device: device=None means CUDA when it is available, else the CPU.
 *
 *   _memory.resolve(device)            the torch.device a report is about
 *   _memory.stats(device)              memory_stats()'s dict, for any device
 *   _memory.summary(device, abbreviated=False, html=False)
 *                                      memory_summary()'s table, text or HTML
 *   _memory.segments_svg(device)       the snapshot's segments and blocks
 *   _memory.timeline_svg(device)       allocated/reserved over the recorded
 *                                      history, or None when none is kept
 *   _memory.record(device, enabled=True, max_entries=100000)
 *   _memory.recording(device)          whether history is being kept
 *
 * Not torch.cuda's functions (torch_cuda_memory.c) nor the drawing
 * (display/memory_*.h). */
#include <stdlib.h>
#include <string.h>

/* torch_args.h first: it brings in the engine's headers (see there) */
#include "torch/torch_args.h"

#include "runtime/host.h"
#include "runtime/lang_internal.h"
#include "memory_segments.h"
#include "memory_summary.h"
#include "memory_timeline.h"
#include "torch/memory_values.h"
#include "runtime/module.h"
#include "rich/memory_module.h"

/* None: CUDA when available, else the CPU; a CUDA device needs CUDA. */
static int report_device(cg_value v, cg_device *d) {
    if (cg_is_none(v)) {
        bool cuda = cg_backend_get(CG_CUDA) != NULL;
        cg_error_clear();
        *d = cuda ? (cg_device){CG_CUDA, 0} : (cg_device){CG_CPU, 0};
        return 0;
    }
    if (torch_device_arg("memory_report", "device", 1, v, d, NULL) < 0 || torch_device_check(*d) < 0)
        return -1;
    d->index = d->type == CG_CPU || d->index < 0 ? 0 : d->index;
    return 0;
}

static cg_value text_value(char *s) {
    if (!s)
        return cg_raise_engine();
    cg_value v = cg_str_from_c(s);
    free(s);
    return v;
}

enum { F_RESOLVE, F_STATS, F_SUMMARY, F_SEGMENTS, F_TIMELINE, F_RECORD, F_RECORDING, F_COUNT };
static const cg_method_def memory_defs[];

/* Binds function k's arguments, the first a device; -1 with an exception. */
static int bind(int k, const cg_args *a, cg_value *v, int n, cg_device *d, const cg_memory_ops **ops) {
    if (cg_args_bind(&memory_defs[k], a, v, n) < 0)
        return -1;
    if (report_device(v[0], d) < 0 || !(*ops = cg_memory_ops_of(d->type))) {
        cg_args_release(&memory_defs[k], v, n);
        return -1;
    }
    return 0;
}

/* bind for the functions whose one argument is the device. */
static int bind_device(int k, const cg_args *a, cg_device *d, const cg_memory_ops **ops) {
    cg_value v;
    if (bind(k, a, &v, 1, d, ops) < 0)
        return -1;
    cg_args_release(&memory_defs[k], &v, 1);
    return 0;
}

static cg_value f_resolve(cg_value self, const cg_args *a) {
    cg_device d;
    const cg_memory_ops *ops;
    if (bind_device(F_RESOLVE, a, &d, &ops) < 0)
        return CG_ERR;
    return torch_device_value(d.type == CG_CPU ? cg_device_cpu() : d);
}

static cg_value f_stats(cg_value self, const cg_args *a) {
    cg_device d;
    const cg_memory_ops *ops;
    if (bind_device(F_STATS, a, &d, &ops) < 0)
        return CG_ERR;
    cg_device_stats s = {.max_split_size = -1};
    if (ops->stats)
        ops->stats(d.index, &s);
    return cg_memory_stats_value(&s, false);
}

static cg_value f_summary(cg_value self, const cg_args *a) {
    cg_value v[3];
    cg_device d;
    const cg_memory_ops *ops;
    if (bind(F_SUMMARY, a, v, 3, &d, &ops) < 0)
        return CG_ERR;
    int abbreviated = cg_truth(v[1]), html = cg_truth(v[2]);
    cg_args_release(&memory_defs[F_SUMMARY], v, 3);
    if (abbreviated < 0 || html < 0)
        return CG_ERR;
    cg_device_stats s = {.max_split_size = -1};
    if (ops->stats)
        ops->stats(d.index, &s);
    cg_device shown = d.type == CG_CPU ? cg_device_cpu() : d;
    return text_value(html ? cg_memory_summary_html(&s, shown, abbreviated)
                           : cg_memory_summary_text(&s, shown, abbreviated));
}

static cg_value f_segments(cg_value self, const cg_args *a) {
    cg_device d;
    const cg_memory_ops *ops;
    if (bind_device(F_SEGMENTS, a, &d, &ops) < 0)
        return CG_ERR;
    cg_memory_snapshot s = {0, NULL};
    if (ops->snapshot && ops->snapshot(d.index, &s) < 0)
        return cg_raise_engine();
    cg_value r = text_value(cg_memory_segments_svg(&s, NULL));
    cg_memory_snapshot_free(&s);
    return r;
}

static cg_trace *trace_of(const cg_memory_ops *ops, int index) { return ops->trace ? ops->trace(index) : NULL; }

static cg_value f_timeline(cg_value self, const cg_args *a) {
    cg_device d;
    const cg_memory_ops *ops;
    if (bind_device(F_TIMELINE, a, &d, &ops) < 0)
        return CG_ERR;
    cg_trace *t = trace_of(ops, d.index);
    if (!t || !t->enabled)
        return CG_NONE;
    cg_device_stats s = {0};
    if (ops->stats)
        ops->stats(d.index, &s);
    return text_value(cg_memory_timeline_svg(t, s.stat[CG_STAT_ALLOCATED_BYTES][CG_POOL_ALL].current,
                                             s.stat[CG_STAT_RESERVED_BYTES][CG_POOL_ALL].current));
}

static cg_value f_record(cg_value self, const cg_args *a) {
    cg_value v[3];
    cg_device d;
    const cg_memory_ops *ops;
    if (bind(F_RECORD, a, v, 3, &d, &ops) < 0)
        return CG_ERR;
    int on = cg_truth(v[1]);
    int rc = on < 0 ? -1 : 0;
    if (rc == 0 && v[2].tag != CG_V_INT) {
        torch_arg_error("record_memory_history", "max_entries", 3, "int", v[2]);
        rc = -1;
    }
    if (rc == 0)
        rc = cg_memory_record(d.type, d.index, on == 1, v[2].u.i);
    cg_args_release(&memory_defs[F_RECORD], v, 3);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value f_recording(cg_value self, const cg_args *a) {
    cg_device d;
    const cg_memory_ops *ops;
    if (bind_device(F_RECORDING, a, &d, &ops) < 0)
        return CG_ERR;
    cg_trace *t = trace_of(ops, d.index);
    return cg_bool(t && t->enabled);
}

static const cg_method_def memory_defs[] = {
    [F_RESOLVE] = {"resolve", f_resolve, "resolve(device=None)",
                   "The device a memory report is about: CUDA when available, else the CPU."},
    [F_STATS] = {"stats", f_stats, "stats(device=None)",
                 "memory_stats() for the device, CPU included: a dict of PyTorch's 122 keys, sorted."},
    [F_SUMMARY] = {"summary", f_summary, "summary(device=None, abbreviated=False, html=False)",
                   "memory_summary()'s table for the device, as text or as an HTML table."},
    [F_SEGMENTS] = {"segments_svg", f_segments, "segments_svg(device=None)",
                    "The device's memory segments and their blocks as SVG."},
    [F_TIMELINE] = {"timeline_svg", f_timeline, "timeline_svg(device=None)",
                    "Allocated and reserved bytes over the recorded history as SVG, or None when none is kept."},
    [F_RECORD] = {"record", f_record, "record(device=None, enabled=True, max_entries=100000)",
                  "Start (or stop) keeping the device's history of memory events."},
    [F_RECORDING] = {"recording", f_recording, "recording(device=None)",
                     "Whether the device's history of memory events is being kept."},
    [F_COUNT] = {NULL, NULL, NULL, NULL},
};

cg_value cg_memory_module_init(void) { return cg_module_of("_memory", memory_defs); }

/* ---- the builtins and %memory ------------------------------------------------------------ */

/* _memory_report.<name>(*args, **kwargs), imported on first use. */
static cg_value forward(const char *name, const cg_args *a) { return cg_import_call("_memory_report", name, a); }

static cg_value b_report(cg_value self, const cg_args *a) { return forward("memory_report", a); }
static cg_value b_record(cg_value self, const cg_args *a) { return forward("record_memory_history", a); }

static const cg_method_def builtin_memory_defs[] = {
    {"memory_report", b_report, NULL,
     "memory_report(device=None, abbreviated=False): the memory of a device (CUDA when available, else the CPU): "
     "memory_summary()'s table, and in a notebook a picture of its segments and blocks and, while history is "
     "recorded, a timeline of allocated and reserved bytes."},
    {"record_memory_history", b_record, NULL,
     "record_memory_history(enabled=True, device=None, max_entries=100000): keep (or stop keeping) the history of "
     "a device's allocations and frees, for memory_report()'s timeline; CUDA when available, else the CPU."},
    {NULL, NULL, NULL, NULL},
};

int cg_memory_builtins_init(cg_value builtins_module) {
    return cg_module_add_methods(builtins_module, builtin_memory_defs);
}

cg_value cg_memory_magic(const char *args) {
    while (*args == ' ' || *args == '\t')
        args++;
    cg_value device = *args ? cg_str_from_c(args) : CG_NONE;
    if (cg_is_err(device))
        return device;
    cg_args a = {.pos = &device, .npos = 1};
    cg_value report = forward("memory_report", &a);
    cg_decref(device);
    if (cg_is_err(report))
        return report;
    const cg_host *h = cg_host_get();
    int rc = h->display(h->ctx, report, NULL, false);
    cg_decref(report);
    return rc < 0 ? CG_ERR : CG_NONE;
}
