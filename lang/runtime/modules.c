/* modules.c: module objects and the registry of built-in modules.
 *
 * `import name` finds `name` in the registry (lang/config.c's table and
 * the embedded prelude), runs its maker once, and keeps the module for the
 * rest of the process (as sys.modules does).
 * Nothing is read from disk: every module cgrad has is compiled in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/gc.h"
#include "runtime/interp.h"
#include "runtime/lang_internal.h"
#include "runtime/prelude.h"

static void module_dealloc(cg_obj *o) {
    cg_module *m = (cg_module *)o;
    cg_obj_decref(m->dict);
    cg_obj_decref(m->name);
    free(m);
}

static void module_traverse(cg_obj *o, cg_visitfn visit, void *arg) { visit((cg_obj *)((cg_module *)o)->dict, arg); }

static cg_value module_repr(cg_value v) {
    return cg_str_fmt("<module '%s' (built-in)>", ((cg_module *)v.u.o)->name->s);
}

static bool module_exists(const char *name);

/* A submodule not imported yet (torch.nn after `import torch`): Python's
 * `import torch` imports torch.nn and torch.optim with it; cgrad imports
 * them on first use instead, so that `import torch` stays fast. */
static cg_value submodule_import(cg_module *m, cg_str *name) {
    char full[256];
    if (name->s[0] == '_' || snprintf(full, sizeof full, "%s.%s", m->name->s, name->s) >= (int)sizeof full
        || !module_exists(full))
        return CG_STOP;
    cg_value sub = cg_import(full);
    if (!cg_is_err(sub) && cg_dict_set(m->dict, cg_obj_value(name), sub) < 0)
        cg_value_set(&sub, CG_ERR);
    return sub;
}

static cg_value module_getattr(cg_value v, cg_str *name) {
    cg_module *m = (cg_module *)v.u.o;
    cg_value r = cg_dict_get_str_borrowed(m->dict, name);
    if (r.tag != CG_V_STOP)
        return cg_incref(r);
    if (!strcmp(name->s, "__dict__"))
        return cg_incref(cg_obj_value(m->dict));
    return submodule_import(m, name);
}

static int module_setattr(cg_value v, cg_str *name, cg_value value) {
    cg_module *m = (cg_module *)v.u.o;
    if (value.tag == CG_V_ERR) {
        int r = cg_dict_del(m->dict, cg_obj_value(name));
        if (r == 0)
            cg_raise_no_attribute(v, name);
        return r > 0 ? 0 : -1;
    }
    return cg_dict_set(m->dict, cg_obj_value(name), value);
}

cg_type cg_type_module = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "module",
    .module = "builtins",
    .basicsize = sizeof(cg_module),
    .flags = CG_TYPE_WEAKREF,
    .dealloc = module_dealloc,
    .gc_offset = offsetof(cg_module, gc),
    .traverse = module_traverse, /* its dict's clear breaks its cycles */
    .repr = module_repr,
    .hash = cg_object_hash,
    .getattr = module_getattr,
    .setattr = module_setattr,
};

cg_value cg_module_new(const char *name) {
    cg_module *m = malloc(sizeof *m);
    cg_value d = cg_dict_new();
    cg_value n = cg_str_from_c(name);
    if (!m || cg_is_err(d) || cg_is_err(n)) {
        free(m);
        cg_decref(d);
        cg_decref(n);
        return cg_raise_nomemory();
    }
    m->head = (cg_obj){1, &cg_type_module};
    m->dict = cg_as_dict(d);
    m->name = (cg_str *)n.u.o;
    m->gc = (cg_gc_link){0};
    cg_gc_track(m);
    /* a namespace nearly always holds functions: tracked at once, so that
     * the evaluator's fast store into globals need not ask (eval.c) */
    cg_gc_track(m->dict);
    if (cg_dict_set_str(m->dict, "__name__", n) < 0) {
        cg_obj_decref(m);
        return CG_ERR;
    }
    return cg_obj_value(m);
}

const char *cg_module_name(cg_value module) { return ((cg_module *)module.u.o)->name->s; }

int cg_module_add(cg_value module, const char *name, cg_value value) {
    return cg_dict_set_str(cg_module_dict_borrowed(module), name, value);
}

int cg_module_add_methods(cg_value module, const cg_method_def *defs) {
    for (; defs->name; defs++) {
        cg_value f = cg_builtin_new(defs, module);
        if (cg_is_err(f))
            return -1;
        int rc = cg_module_add(module, defs->name, f);
        cg_decref(f);
        if (rc < 0)
            return -1;
    }
    return 0;
}

cg_value cg_module_of(const char *name, const cg_method_def *defs) {
    cg_value m = cg_module_new(name);
    if (cg_is_err(m))
        return m;
    if (cg_module_add_methods(m, defs) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}

/* ---- the registry ---------------------------------------------------------- */

/* Note [The module registry]
 * lang/config.c names the modules written in C (cg_config_modules) and the
 * build names those written in Python (cg_prelude_sources). This file
 * keeps what each import made, one slot per module of either table, so
 * that `import x` runs x's maker once per process, as sys.modules does.
 * The slots are sized from the tables when the first module is imported. */
static cg_value *loaded; /* native modules first, then the prelude's */
static size_t nnative, nloaded;

static int registry_init(void) {
    if (loaded)
        return 0;
    size_t nprelude = 0;
    for (nnative = 0; cg_config_modules[nnative].name; nnative++) {
    }
    while (cg_prelude_sources[nprelude].module)
        nprelude++;
    loaded = calloc(nnative + nprelude, sizeof *loaded);
    if (!loaded)
        return -1;
    nloaded = nnative + nprelude;
    return 0;
}

/* The name of registry slot i, or NULL past the last. */
static const char *slot_name(size_t i) {
    if (i < nnative)
        return cg_config_modules[i].name;
    return i < nloaded ? cg_prelude_sources[i - nnative].module : NULL;
}

static cg_value slot_make(size_t i) {
    if (i < nnative)
        return cg_config_modules[i].init();
    const cg_prelude_source *p = &cg_prelude_sources[i - nnative];
    return cg_module_from_source(p->module, p->text, p->len, p->filename);
}

/* The registry slot of `name`, or -1. */
static ptrdiff_t slot_of(const char *name) {
    for (size_t i = 0; i < nloaded; i++)
        if (strcmp(slot_name(i), name) == 0)
            return (ptrdiff_t)i;
    return -1;
}

static bool module_exists(const char *name) { return registry_init() == 0 && slot_of(name) >= 0; }

const char *cg_module_known(int i) {
    if (i < 0 || registry_init() < 0)
        return NULL;
    return slot_name((size_t)i);
}

cg_value cg_import(const char *name) {
    if (registry_init() < 0)
        return cg_raise_nomemory();
    ptrdiff_t i = slot_of(name);
    if (i < 0)
        return cg_raise(&cg_exc_ModuleNotFoundError, "No module named '%s'", name);
    if (loaded[i].tag == CG_V_OBJ)
        return cg_incref(loaded[i]);
    cg_value mod = slot_make((size_t)i);
    if (!cg_is_err(mod))
        loaded[i] = cg_incref(mod);
    return mod;
}

void cg_modules_shutdown(void) {
    /* Modules refer to each other (torch.nn in torch): clear every dict
     * first, then let them go. */
    for (size_t i = 0; i < nloaded; i++)
        if (loaded[i].tag == CG_V_OBJ)
            cg_dict_clear(cg_module_dict_borrowed(loaded[i]));
    for (size_t i = 0; i < nloaded; i++)
        cg_decref(loaded[i]);
    free(loaded);
    loaded = NULL;
    nnative = nloaded = 0;
}
