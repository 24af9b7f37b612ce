/* plot_module.h: what the host calls about plots.
 *
 * In a notebook, pyplot's figures show when the cell ends, as with
 * IPython's inline backend: the kernel calls cg_plot_flush() after each
 * cell (after the execute_result, before the reply), which shows every
 * figure drawn on and not yet shown through the host's display. It does
 * nothing, and imports nothing, unless matplotlib.pyplot was imported.
 * This is not the plotting itself (plot_module.c, prelude matplotlib/). */
#ifndef CG_PLOT_MODULE_H
#define CG_PLOT_MODULE_H

#include "runtime/value.h"

/* _plot, under the prelude's matplotlib, and builtins.plot. */
cg_value cg_plot_module_init(void);
int cg_plot_builtins_init(cg_value builtins_module);

/* 0, or -1 with the exception pending (a figure that failed to render):
 * the host reports it as a cell error. */
int cg_plot_flush(void);

#endif
