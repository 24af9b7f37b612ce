/* builtins.h: the builtins namespace: Python's builtin functions (print,
 * len, sorted, min, round, ...) and the builtin types and exceptions by
 * name. The evaluator looks names up here after a module's globals. */
#ifndef CG_BUILTINS_H
#define CG_BUILTINS_H

#include "runtime/value.h"

/* Fills `builtins` with the functions, types, exceptions, Ellipsis and
 * NotImplemented; sets up the builtin types' methods first. */
int cg_builtins_init(cg_dict *builtins);
/* The method tables of the builtin value types (idempotent). */
int cg_types_init(void);

/* Python's round(x, ndigits) for a float: correctly rounded, ties to even. */
cg_value cg_float_round(double x, int64_t ndigits);

#endif
