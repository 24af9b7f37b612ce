/* modules.c: module objects and the table of built-in modules.
 *
 * `import name` finds `name` in MODULES, runs its init function once, and
 * keeps the module for the rest of the process (as sys.modules does).
 * Nothing is read from disk: every module cgrad has is compiled in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp.h"
#include "lang_internal.h"
#include "prelude.h"
#include "torch_module.h"

static void module_dealloc(cg_obj *o) {
    cg_module *m = (cg_module *)o;
    cg_obj_decref(m->dict);
    cg_obj_decref(m->name);
    free(m);
}

static cg_value module_repr(cg_value v) {
    return cg_str_fmt("<module '%s' (built-in)>", ((cg_module *)v.u.o)->name->s);
}

static bool module_exists(const char *name);

/* A submodule not imported yet (torch.nn after `import torch`): Python's
 * `import torch` imports torch.nn and torch.optim with it; cgrad imports
 * them on first use instead, so that `import torch` stays fast. */
static cg_value submodule_import(cg_module *m, cg_str *name) {
    char full[256];
    if (name->s[0] == '_' || snprintf(full, sizeof full, "%s.%s", m->name->s, name->s) >= (int)sizeof full ||
        !module_exists(full))
        return CG_STOP;
    cg_value sub = cg_import(full);
    if (!cg_is_err(sub) && cg_dict_set(m->dict, cg_obj_value(name), sub) < 0) cg_value_set(&sub, CG_ERR);
    return sub;
}

static cg_value module_getattr(cg_value v, cg_str *name) {
    cg_module *m = (cg_module *)v.u.o;
    cg_value r = cg_dict_get_str_borrowed(m->dict, name);
    if (r.tag != CG_V_STOP) return cg_incref(r);
    if (!strcmp(name->s, "__dict__")) return cg_incref(cg_obj_value(m->dict));
    return submodule_import(m, name);
}

static int module_setattr(cg_value v, cg_str *name, cg_value value) {
    cg_module *m = (cg_module *)v.u.o;
    if (value.tag == CG_V_ERR) {
        int r = cg_dict_del(m->dict, cg_obj_value(name));
        if (r == 0) cg_raise_no_attribute(v, name);
        return r > 0 ? 0 : -1;
    }
    return cg_dict_set(m->dict, cg_obj_value(name), value);
}

cg_type cg_type_module = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "module",
    .module = "builtins",
    .basicsize = sizeof(cg_module),
    .dealloc = module_dealloc,
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
    if (cg_dict_set_str(m->dict, "__name__", n) < 0) {
        cg_obj_decref(m);
        return CG_ERR;
    }
    return cg_obj_value(m);
}

const char *cg_module_name(cg_value module) { return ((cg_module *)module.u.o)->name->s; }

int cg_module_add(cg_value module, const char *name, cg_value value) {
    return cg_dict_set_str(cg_module_dict(module), name, value);
}

int cg_module_add_methods(cg_value module, const cg_method_def *defs) {
    for (; defs->name; defs++) {
        cg_value f = cg_builtin_new(defs, module);
        if (cg_is_err(f)) return -1;
        int rc = cg_module_add(module, defs->name, f);
        cg_decref(f);
        if (rc < 0) return -1;
    }
    return 0;
}

cg_value cg_module_of(const char *name, const cg_method_def *defs) {
    cg_value m = cg_module_new(name);
    if (cg_is_err(m)) return m;
    if (cg_module_add_methods(m, defs) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}

/* ---- the table ------------------------------------------------------------- */


typedef struct {
    const char *name;
    cg_module_init init;
    cg_value module;       /* made on first import */
} builtin_module;

static builtin_module MODULES[] = {
    {"sys", cg_sys_module_init, {0}},
    {"math", cg_math_module_init, {0}},
    {"time", cg_time_module_init, {0}},
    {"random", cg_random_module_init, {0}},
    {"_cgrad", cg_cgrad_module_init, {0}},
    {"_warnings", cg_warnings_native_module_init, {0}},
    {"_graph", cg_graph_module_init, {0}},
    {"_plot", cg_plot_module_init, {0}},
    {"_memory", cg_memory_module_init, {0}},
    {"torch", cg_torch_module_init, {0}},
    {"torch.autograd", cg_torch_autograd_module_init, {0}},
    {"torch.autograd.function", cg_torch_autograd_function_module_init, {0}},
    {"torch.cuda", cg_torch_cuda_module_init, {0}},
    {"torch.cuda.memory", cg_torch_cuda_memory_module_init, {0}},
    {"torch.nn.functional", cg_torch_functional_module_init, {0}},
};
#define NMODULES (sizeof MODULES / sizeof MODULES[0])

/* Modules written in Python (prelude/), once imported. */
static cg_value prelude_loaded[64];

static cg_value import_prelude(const char *name) {
    for (int i = 0; cg_prelude_sources[i].module; i++) {
        const cg_prelude_source *p = &cg_prelude_sources[i];
        if (strcmp(p->module, name) != 0) continue;
        if (prelude_loaded[i].tag == CG_V_OBJ) return cg_incref(prelude_loaded[i]);
        cg_value mod = cg_module_from_source(p->module, p->text, p->len, p->filename);
        if (cg_is_err(mod)) return mod;
        if (i < 64) prelude_loaded[i] = cg_incref(mod);
        return mod;
    }
    return CG_STOP;
}

static bool module_exists(const char *name) {
    for (size_t i = 0; i < NMODULES; i++)
        if (strcmp(MODULES[i].name, name) == 0) return true;
    for (int i = 0; cg_prelude_sources[i].module; i++)
        if (strcmp(cg_prelude_sources[i].module, name) == 0) return true;
    return false;
}

const char *cg_module_known(int i) {
    if (i < 0) return NULL;
    if ((size_t)i < NMODULES) return MODULES[i].name;
    for (int k = 0; cg_prelude_sources[k].module; k++)
        if (k == i - (int)NMODULES) return cg_prelude_sources[k].module;
    return NULL;
}

cg_value cg_import(const char *name) {
    for (size_t i = 0; i < NMODULES; i++) {
        builtin_module *m = &MODULES[i];
        if (strcmp(m->name, name) != 0) continue;
        if (m->module.tag == CG_V_OBJ) return cg_incref(m->module);
        cg_value mod = m->init();
        if (cg_is_err(mod)) return mod;
        m->module = cg_incref(mod);
        return mod;
    }
    cg_value mod = import_prelude(name);
    if (mod.tag != CG_V_STOP) return mod;
    return cg_raise(&cg_exc_ModuleNotFoundError, "No module named '%s'", name);
}

void cg_modules_shutdown(void) {
    /* Modules refer to each other (torch.nn in torch): clear every dict
     * first, then let them go. */
    for (size_t i = 0; i < NMODULES; i++)
        if (MODULES[i].module.tag == CG_V_OBJ) cg_dict_clear(cg_module_dict(MODULES[i].module));
    for (size_t i = 0; i < NMODULES; i++) {
        cg_decref(MODULES[i].module);
        MODULES[i].module = (cg_value){0};
    }
    for (int i = 0; i < 64; i++)
        if (prelude_loaded[i].tag == CG_V_OBJ) cg_dict_clear(cg_module_dict(prelude_loaded[i]));
    for (int i = 0; i < 64; i++) {
        cg_decref(prelude_loaded[i]);
        prelude_loaded[i] = (cg_value){0};
    }
}
