/* module.h: module objects and the table of built-in modules.
 *
 * A module is a namespace (its dict). The built-in modules (torch,
 * torch.nn, torch.nn.functional, torch.optim, math, time, random, sys, ...)
 * are made on first import by an init function listed in lang/config.c
 * and cached for the session; `import x` of anything else raises
 * ModuleNotFoundError: No module named 'x'. */
#ifndef CG_MODULE_H
#define CG_MODULE_H

#include "runtime/value.h"

typedef struct {
    cg_obj head;
    cg_str *name;
    cg_dict *dict;
    cg_gc_link gc;
} cg_module;

cg_value cg_module_new(const char *name);
/* module.name = value (value borrowed); -1 with an exception. */
int cg_module_add(cg_value module, const char *name, cg_value value);
/* Adds builtin functions bound to the module. */
int cg_module_add_methods(cg_value module, const cg_method_def *defs);
/* A new module holding just these builtin functions; CG_ERR on failure. */
cg_value cg_module_of(const char *name, const cg_method_def *defs);
static inline cg_dict *cg_module_dict_borrowed(cg_value module) { return ((cg_module *)module.u.o)->dict; }

/* A built-in module's maker: returns a new module, or CG_ERR. It may import
 * other modules through cg_import (torch imports torch.nn). */
typedef cg_value (*cg_module_init)(void);

/* The registry (Note [The module registry] in modules.c): lang/config.c,
 * the one file that names every built-in module, defines these two tables;
 * the runtime reads them and never names a module of a room above it. */
typedef struct {
    const char *name; /* "torch.nn.functional" */
    cg_module_init init;
} cg_module_entry;
/* Adds a module's functions to the builtins module (display, plot, ...);
 * 0, or -1 with the exception pending. */
typedef int (*cg_builtins_adder)(cg_value builtins_module);
/* Each ends with an entry whose name (or function) is NULL. */
extern const cg_module_entry cg_config_modules[];
extern const cg_builtins_adder cg_config_builtins[];

/* The module named `name` ("torch.nn"), made on first use; new reference.
 * ModuleNotFoundError for an unknown name. */
cg_value cg_import(const char *name);
/* module.name, importing module first (a builtin written in C that
 * forwards to Python code, found on first use); new reference. */
cg_value cg_import_attr(const char *module, const char *name);
/* module.name(*a), the same way. */
cg_value cg_import_call(const char *module, const char *name, const cg_args *a);

/* sys.modules, made on first use; borrowed. NULL when out of memory. */
cg_dict *cg_sys_modules(void);

/* Runs Python source in module's namespace (the module's code); 0, or -1
 * with the exception pending (interp.c). */
int cg_module_exec(cg_value module, const char *src, size_t len, const char *filename);

/* Disk imports (import_path.c): the module or package `name` (dotted)
 * looked for in search_dirs (a list of directories), made, registered in
 * modules and run; CG_STOP when none is there (*namespace_only says that
 * a directory without __init__.py was); CG_ERR when running it failed. */
cg_value cg_import_from_path(const char *name, cg_value search_dirs, cg_dict *modules, bool *namespace_only);
/* The namespace package `name` over every directory of that name. */
cg_value cg_import_namespace(const char *name, cg_value search_dirs, cg_dict *modules);

/* The name of built-in module i ("torch.nn"), or NULL past the last: what
 * `import` can find, for completion. */
const char *cg_module_known(int i);

#endif
