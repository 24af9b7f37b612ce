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

/* exec, eval, compile, globals and locals (builtins_exec.c), and the type
 * of compile's code objects. */
extern const cg_method_def cg_exec_builtins[];
extern cg_type cg_type_code;
/* exit, quit, copyright, credits, license, breakpoint (builtins_site.c). */
int cg_site_builtins_add(cg_value builtins_module);
/* `import builtins`: a module whose namespace is the builtins themselves,
 * so that assigning builtins.print changes what every module finds. */
cg_value cg_builtins_module_init(void);

/* locals() of the running frame: vars() and dir() without an argument. */
cg_value cg_locals_of_caller(void);

/* Python's round(x, ndigits) for a float: correctly rounded, ties to even. */
cg_value cg_float_round(double x, int64_t ndigits);

#endif
