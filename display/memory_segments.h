/* memory_segments.h: a picture of a memory snapshot (memory_stats.h) as
 * one SVG document: every segment a bar as long as its size (relative to
 * the largest), one row each, its blocks inside coloured by state
 * (allocated, freed but pending, cached and free), each allocated block's
 * rounding waste (size - requested_size) a red sliver at its end, a label
 * with the segment's sizes, a legend and a header with the totals. Hovering
 * a segment or block shows its address and sizes (<title>).
 *
 * Text, frames and the legend's words are drawn in currentColor and the
 * fills are mid-tone, so the picture reads in JupyterLab's light and dark
 * themes. A segment at address 0 stands for memory not listed block by
 * block (the CPU's small allocations, Note [CPU snapshot] in
 * engine/cpu_allocator.c) and says so. Not the snapshot itself (the
 * allocators take it) nor PyTorch's interactive MemoryViz. */
#ifndef CG_MEMORY_SEGMENTS_H
#define CG_MEMORY_SEGMENTS_H

#include <stdbool.h>

#include "memory_stats.h"

typedef struct {
    bool by_address; /* rows in address order; otherwise largest first */
    int max_rows;    /* segments drawn; the rest are counted in a last line (<= 0: 40) */
} cg_memory_segments_options;

/* The picture as a malloc'd SVG document (o may be NULL), or NULL with a
 * MemoryError set. An empty snapshot draws a note saying so. */
char *cg_memory_segments_svg(const cg_memory_snapshot *s, const cg_memory_segments_options *o);

#endif
