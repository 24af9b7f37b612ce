/* modules.c: module objects and the registry of built-in modules.
 *
 * `import name` looks in sys.modules, then in the registry of modules
 * written in C (lang/config.c), then on disk along sys.path or the
 * package's __path__ (import_path.c), then in the embedded prelude (the
 * standard library and torch.nn written in Python), as Python looks in
 * sys.modules, its builtin modules, then sys.path, whose first entry (the
 * script's directory) comes before the standard library's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
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
    cg_module *m = (cg_module *)v.u.o;
    cg_value file = cg_dict_get_str_borrowed(m->dict, cg_str_intern("__file__"));
    if (cg_is_str(file))
        return cg_str_fmt("<module '%s' from '%s'>", m->name->s, cg_str_cstr(file));
    cg_value path = cg_dict_get_str_borrowed(m->dict, cg_str_intern("__path__"));
    if (path.tag == CG_V_OBJ) { /* a namespace package */
        cg_value r = cg_repr(path);
        if (cg_is_err(r))
            return r;
        cg_value out = cg_str_fmt("<module '%s' (namespace) from %s>", m->name->s, cg_str_cstr(r));
        cg_decref(r);
        return out;
    }
    /* made by module(name) (types.ModuleType): it has a __loader__ key;
     * the registry's modules have none */
    if (cg_dict_get_str_borrowed(m->dict, cg_str_intern("__loader__")).tag != CG_V_STOP)
        return cg_str_fmt("<module '%s'>", m->name->s);
    return cg_str_fmt("<module '%s' (built-in)>", m->name->s);
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

/* a module's __getattr__ (PEP 562) called for name; CG_STOP for a C
 * module's hook (torch's) that does not know the name: its AttributeError
 * means "none", as a missing name reads to the engine's callers */
static cg_value hook_getattr(cg_value hook, cg_str *name) {
    cg_value r = cg_call1(hook, cg_obj_value(name));
    if (cg_is_err(r) && cg_is_type(hook, &cg_type_builtin) && cg_exc_matches(&cg_exc_AttributeError)) {
        cg_exc_clear();
        return CG_STOP;
    }
    return r;
}

static cg_value module_getattr(cg_value v, cg_str *name) {
    cg_module *m = (cg_module *)v.u.o;
    cg_value r = cg_dict_get_str_borrowed(m->dict, name);
    if (r.tag != CG_V_STOP)
        return cg_incref(r);
    if (!strcmp(name->s, "__dict__"))
        return cg_incref(cg_obj_value(m->dict));
    /* a C module's own names come first: torch.autograd.gradcheck is the
     * function its package binds over the submodule of that name */
    cg_value hook = cg_dict_get_str_borrowed(m->dict, cg_str_intern("__getattr__"));
    bool c_hook = hook.tag != CG_V_STOP && cg_is_type(hook, &cg_type_builtin);
    if (c_hook && (r = hook_getattr(hook, name)).tag != CG_V_STOP)
        return r;
    r = submodule_import(m, name);
    if (r.tag != CG_V_STOP || hook.tag == CG_V_STOP || c_hook)
        return r;
    return hook_getattr(hook, name);
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

/* module(name, doc=None): types.ModuleType, what importlib's
 * module_from_spec makes */
static cg_value module_new_(cg_type *type, const cg_args *a) {
    if (a->nkw || a->npos < 1 || a->npos > 2)
        return cg_raise(&cg_exc_TypeError, "module() takes at most 2 arguments (%d given)", a->npos + a->nkw);
    if (!cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "module.__init__() argument 'name' must be str, not %s",
                        cg_type_name(a->pos[0]));
    cg_value m = cg_module_new(cg_str_cstr(a->pos[0]));
    if (cg_is_err(m))
        return m;
    cg_dict *d = cg_module_dict_borrowed(m);
    if (cg_dict_set_str(d, "__doc__", a->npos > 1 ? a->pos[1] : CG_NONE) < 0
        || cg_dict_set_str(d, "__package__", CG_NONE) < 0 || cg_dict_set_str(d, "__loader__", CG_NONE) < 0
        || cg_dict_set_str(d, "__spec__", CG_NONE) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
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
    .new_ = module_new_,
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
/* sys.modules: every module imported, by name (Note [The module registry]). */
static cg_dict *modules;

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

/* Runs prelude slot i's module into loaded[i]. The module is in the
 * registry and sys.modules while its body runs, as CPython puts a module
 * there before executing it: an import cycle (torch.nn's losses importing
 * torch.nn._reduction while torch.nn is still running) then finds the
 * partly made module instead of running it again. A failed body leaves
 * neither holding it. */
static int prelude_make(size_t i, const char *name) {
    const cg_prelude_source *p = &cg_prelude_sources[i - nnative];
    cg_value m = cg_module_new(p->module);
    if (cg_is_err(m))
        return -1;
    if (cg_dict_set_str(modules, name, m) < 0) {
        cg_decref(m);
        return -1;
    }
    loaded[i] = m;
    if (cg_module_exec(m, p->text, p->len, p->filename) == 0)
        return 0;
    cg_value key = cg_str_from_c(name);
    if (!cg_is_err(key)) {
        cg_value gone = cg_dict_pop(modules, key);
        if (!cg_is_err(gone))
            cg_decref(gone);
        cg_decref(key);
    }
    cg_dict_clear(cg_module_dict_borrowed(m));
    loaded[i] = CG_NONE;
    cg_decref(m);
    return -1;
}

/* Registry slot i's module, made on first use (new reference). */
static cg_value slot_make(size_t i, const char *name) {
    if (loaded[i].tag != CG_V_OBJ) {
        if (i >= nnative)
            return prelude_make(i, name) < 0 ? CG_ERR : cg_incref(loaded[i]);
        cg_value mod = cg_config_modules[i].init();
        if (cg_is_err(mod))
            return mod;
        loaded[i] = mod;
    }
    return cg_incref(loaded[i]);
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


cg_dict *cg_sys_modules(void) {
    if (!modules) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return NULL;
        modules = cg_as_dict(d);
    }
    return modules;
}

/* Registry slot i's module, made on first use and put into sys.modules. */
static cg_value registry_import(size_t i, const char *name) {
    cg_value mod = slot_make(i, name);
    if (cg_is_err(mod))
        return mod;
    if (cg_dict_set_str(modules, name, mod) < 0) {
        cg_decref(mod);
        return CG_ERR;
    }
    return mod;
}

/* A dotted module of the registry, made without importing its parent
 * first (the parent's maker may be what imports it); it becomes the
 * parent's attribute when the parent is already there. */
static cg_value registry_submodule(size_t slot, const char *name, const char *dot) {
    cg_value m = registry_import(slot, name);
    if (cg_is_err(m))
        return m;
    cg_value parent_name = cg_str_new(name, (size_t)(dot - name));
    if (cg_is_err(parent_name)) {
        cg_decref(m);
        return parent_name;
    }
    cg_value parent = cg_dict_get_borrowed(modules, parent_name);
    cg_decref(parent_name);
    if (parent.tag != CG_V_OBJ)
        return m;
    cg_dict *pd = cg_is_type(parent, &cg_type_module) ? cg_module_dict_borrowed(parent) : NULL;
    if (pd && cg_dict_get_str_borrowed(pd, cg_str_intern(dot + 1)).tag == CG_V_STOP
        && cg_dict_set_str(pd, dot + 1, m) < 0)
        cg_value_set(&m, CG_ERR);
    return m;
}

/* Where a module named `name` is looked for on disk: sys.path for a
 * top-level name, its package's __path__ for a submodule (none when the
 * package has no __path__: a module of the registry). New reference or
 * CG_STOP. */
static cg_value search_dirs(cg_value parent) {
    if (cg_is_none(parent)) {
        cg_value sys = cg_dict_get_str_borrowed(modules, cg_str_intern("sys"));
        if (sys.tag != CG_V_OBJ) {
            ptrdiff_t i = slot_of("sys");
            sys = i >= 0 ? registry_import((size_t)i, "sys") : CG_STOP;
            if (cg_is_err(sys))
                return sys;
            cg_decref(sys); /* sys.modules holds it */
        }
        return cg_getattr_opt(sys, cg_str_intern("path"));
    }
    return cg_getattr_opt(parent, cg_str_intern("__path__"));
}

/* Whether registry module `name` has submodules (torch has torch.nn). */
static bool registry_package(const char *name) {
    size_t n = strlen(name);
    for (size_t i = 0; i < nloaded; i++)
        if (!strncmp(slot_name(i), name, n) && slot_name(i)[n] == '.')
            return true;
    return false;
}

static bool has_path(cg_value module) {
    cg_value p = cg_getattr_opt(module, cg_str_intern("__path__"));
    if (cg_is_err(p))
        cg_exc_clear();
    cg_decref(p);
    return p.tag == CG_V_OBJ;
}

/* ModuleNotFoundError with its name attribute, as Python's. */
static cg_value not_found(const char *name, cg_value parent, const char *parent_name) {
    if (!cg_is_none(parent) && !has_path(parent) && !registry_package(parent_name))
        cg_raise(&cg_exc_ModuleNotFoundError, "No module named '%s'; '%s' is not a package", name, parent_name);
    else
        cg_raise(&cg_exc_ModuleNotFoundError, "No module named '%s'", name);
    cg_value n = cg_str_from_c(name);
    if (!cg_is_err(n)) {
        cg_value e = cg_exc_fetch();
        if (cg_setattr(e, cg_str_intern("name"), n) < 0)
            cg_exc_clear();
        cg_exc_restore(e);
        cg_decref(n);
    }
    return CG_ERR;
}

/* The first import of `name`, its parent package (or None) imported. */
static cg_value import_new(const char *name, cg_value parent, const char *parent_name) {
    ptrdiff_t i = slot_of(name);
    if (i >= 0 && (size_t)i < nnative)
        return registry_import((size_t)i, name);
    cg_value dirs = search_dirs(parent);
    if (cg_is_err(dirs))
        return dirs;
    bool namespace_only = false;
    cg_value r = dirs.tag == CG_V_STOP ? CG_STOP : cg_import_from_path(name, dirs, modules, &namespace_only);
    if (r.tag == CG_V_STOP && i >= 0)
        r = registry_import((size_t)i, name);
    if (r.tag == CG_V_STOP && namespace_only)
        r = cg_import_namespace(name, dirs, modules);
    cg_decref(dirs);
    return r.tag == CG_V_STOP ? not_found(name, parent, parent_name) : r;
}

cg_value cg_import(const char *name) {
    if (registry_init() < 0 || !cg_sys_modules())
        return cg_raise_nomemory();
    if (!name[0])
        return cg_raise(&cg_exc_ValueError, "Empty module name");
    cg_value have = cg_dict_get_str_borrowed(modules, cg_str_intern(name));
    if (have.tag == CG_V_OBJ)
        return cg_incref(have);
    if (cg_is_none(have))
        return cg_raise(&cg_exc_ModuleNotFoundError, "import of %s halted; None in sys.modules", name);
    cg_value parent = CG_NONE;
    const char *dot = strrchr(name, '.');
    char parent_name[512] = "";
    ptrdiff_t slot = slot_of(name);
    if (dot && slot >= 0) /* torch.nn while torch is being made: the registry needs no parent first */
        return registry_submodule((size_t)slot, name, dot);
    if (dot) {
        size_t n = (size_t)(dot - name);
        if (n >= sizeof parent_name)
            return cg_raise(&cg_exc_ModuleNotFoundError, "No module named '%s'", name);
        memcpy(parent_name, name, n);
        parent_name[n] = 0;
        parent = cg_import(parent_name);
        if (cg_is_err(parent))
            return parent;
        /* importing the parent may have imported this one */
        have = cg_dict_get_str_borrowed(modules, cg_str_intern(name));
        if (have.tag == CG_V_OBJ) {
            cg_decref(parent);
            return cg_incref(have);
        }
    }
    cg_value m = import_new(name, parent, parent_name);
    /* a package's submodule becomes its attribute, as Python binds it */
    if (!cg_is_err(m) && dot && cg_setattr(parent, cg_str_intern(dot + 1), m) < 0)
        cg_value_set(&m, CG_ERR);
    cg_decref(parent);
    return m;
}

cg_value cg_import_attr(const char *module, const char *name) {
    cg_value mod = cg_import(module);
    if (cg_is_err(mod))
        return mod;
    cg_value v = cg_getattr(mod, cg_str_intern(name));
    cg_decref(mod);
    return v;
}

cg_value cg_import_call(const char *module, const char *name, const cg_args *a) {
    cg_value fn = cg_import_attr(module, name);
    if (cg_is_err(fn))
        return fn;
    cg_value r = cg_call(fn, a);
    cg_decref(fn);
    return r;
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
    if (modules) { /* modules from disk: the same, through sys.modules */
        int64_t pos = 0;
        cg_value k, v;
        while (cg_dict_next(modules, &pos, &k, &v))
            if (cg_is_type(v, &cg_type_module))
                cg_dict_clear(cg_module_dict_borrowed(v));
        cg_dict_clear(modules);
        CG_CLEAR_OBJ(modules);
    }
}
