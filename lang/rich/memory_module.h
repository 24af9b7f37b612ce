/* memory_module.h: _memory, builtins.memory_report and
 * record_memory_history, and %memory [DEVICE], which displays
 * memory_report(DEVICE) (memory_module.c). */
#ifndef CG_MEMORY_MODULE_H
#define CG_MEMORY_MODULE_H

#include "runtime/value.h"

cg_value cg_memory_module_init(void);
int cg_memory_builtins_init(cg_value builtins_module);
cg_value cg_memory_magic(const char *args);

#endif
