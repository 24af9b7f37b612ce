/* display_module.h: _cgrad (under IPython.display) and builtins.display,
 * the calls through which a cell shows values (display_module.c). */
#ifndef CG_DISPLAY_MODULE_H
#define CG_DISPLAY_MODULE_H

#include "runtime/value.h"

cg_value cg_cgrad_module_init(void);
/* Adds display() and clear_output() to the builtins module. */
int cg_display_builtins_init(cg_value builtins_module);

#endif
