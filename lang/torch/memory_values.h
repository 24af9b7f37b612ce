/* memory_values.h: a device's memory statistics, snapshot and history as
 * the Python values PyTorch returns, and where a device's memory ops are,
 * for torch.cuda's memory functions (torch_cuda_memory.c) and cgrad's
 * memory report (memory_module.c). Not the rendering (display/) nor the
 * statistics (the allocators). */
#ifndef CG_MEMORY_VALUES_H
#define CG_MEMORY_VALUES_H

#include <stdbool.h>

#include "device.h"
#include "runtime/value.h"

/* The backend's memory ops for a device type; NULL with the engine's
 * error set when the device type is not available (CUDA without a GPU). */
const cg_memory_ops *cg_memory_ops_of(cg_device_type type);

/* memory_stats(): 122 keys "allocated_bytes.all.current", ... sorted, as
 * PyTorch flattens them; nested: memory_stats_as_nested_dict()'s shape in
 * PyTorch's order. */
cg_value cg_memory_stats_value(const cg_device_stats *s, bool nested);
/* memory_snapshot(): a list of segment dicts, each with its blocks. */
cg_value cg_memory_segments_value(const cg_memory_snapshot *s);
/* _snapshot()["device_traces"][i]: a list of trace entry dicts, oldest
 * first, each with frames [{"filename": "<cell N>", "line", "name"}]. */
cg_value cg_memory_trace_value(const cg_trace *t);

/* Starts keeping a device's history of at most max_entries events (the
 * language then tells the allocator the cell and line of each event), or
 * stops it (max_entries 0); -1 with an exception. */
int cg_memory_record(cg_device_type type, int index, bool enabled, int64_t max_entries);

/* Most events a history keeps, whatever max_entries asks for. */
#define CG_MEMORY_HISTORY_MAX 1000000

#endif
