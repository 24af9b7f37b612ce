/* memory_summary.h: torch.cuda.memory_summary()'s table, as text and as
 * HTML, from a device's statistics (engine/memory_stats.h).
 *
 * The text is PyTorch 2.x's byte for byte for a CUDA device (75 columns,
 * binary units, the nine metric groups and the oversize rows;
 * tests/fixtures/memory_summary/ holds what PyTorch's own function prints).
 * The same table serves CPU memory, titled and worded for the CPU. The
 * HTML is the same rows for a notebook, script-free and style-sheet-free
 * (inline styles only), in JupyterLab's theme colours. This is not the
 * statistics themselves (the allocators keep them) nor memory_report(). */
#ifndef CG_MEMORY_SUMMARY_H
#define CG_MEMORY_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>

#include "device.h"

/* The table for device (its type picks the wording, its index the "device
 * ID"; -1 reads as 0); abbreviated leaves out the per-pool rows. A
 * malloc'd string, or NULL with a MemoryError set. */
char *cg_memory_summary_text(const cg_device_stats *s, cg_device device, bool abbreviated);
char *cg_memory_summary_html(const cg_device_stats *s, cg_device device, bool abbreviated);

/* ---- the formatters, exposed for the other memory pictures and tests ---- */

/* memory_summary's size column: "{sz:6d} {unit}" where the unit (B, KiB,
 * MiB, ...) is the largest one that ref reaches 768 of; the rows of a
 * group share the group's first row as ref. out holds at least 32. */
void cg_memory_format_size(int64_t sz, int64_t ref, char *out);
/* The count column: "{cnt:7d} {K|M| } " with the unit promoted while ref
 * is at least 750,000 of it. */
void cg_memory_format_count(int64_t cnt, int64_t ref, char *out);
/* A size for a label: "512 B", "1.5 KiB", "30.0 MiB", "2.00 GiB" (three
 * significant digits, the largest binary unit that is at least 1). */
void cg_memory_format_bytes(int64_t bytes, char *out, int size);

#endif
