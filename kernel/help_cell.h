/* help_cell.h: a cell that is only `name?`, `name??` or `?name`, as
 * IPython pages help for it. */
#ifndef CG_HELP_CELL_H
#define CG_HELP_CELL_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "kernel.h"

/* When code is a help request, answers it and returns true: the
 * inspection of the name goes into payload (a JSON array) as a "page",
 * or "Object `name` not found." to stdout. false: code is a cell to run. */
bool cg_help_cell(cg_kernel *k, const char *code, size_t len, json_t *payload);

#endif
