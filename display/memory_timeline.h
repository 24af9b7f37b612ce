/* memory_timeline.h: allocated and reserved bytes over a history trace
 * (memory_stats.h's cg_trace) as one SVG document.
 *
 * The trace's events are replayed to running totals: alloc adds to
 * allocated and free_requested takes away (memory_allocated() changes when
 * a tensor frees, as PyTorch counts it), segment_alloc and segment_free
 * move reserved. A ring buffer may have lost its oldest events, so the
 * totals start from what they must have been: the current values minus
 * the kept events' net change. The x axis counts events (as PyTorch's
 * MemoryViz does), the y axis is bytes with ticks in B, KiB, MiB or GiB,
 * and a dashed line marks where each cell's events begin, labelled with
 * the cell's number ([3]). Text and axes are drawn in currentColor for
 * light and dark themes. Not the trace itself (the allocators keep it). */
#ifndef CG_MEMORY_TIMELINE_H
#define CG_MEMORY_TIMELINE_H

#include <stdint.h>

#include "memory_stats.h"

/* The timeline as a malloc'd SVG document, or NULL with a MemoryError
 * set; allocated_now and reserved_now are the device's current totals.
 * A trace with no events draws a note saying so. */
char *cg_memory_timeline_svg(const cg_trace *t, int64_t allocated_now, int64_t reserved_now);

#endif
