/* exec_import.c: the import statements. `import a.b.c` imports each
 * package on the way and binds `a` (or the module itself under `as`);
 * `from m import x` binds m's attribute x, or the submodule m.x; `from m
 * import *` binds the names of m.__all__, else those not starting with
 * '_'; `from .m import x` and `from .. import y` are relative to the
 * running module's __package__, as Python resolves them. */
#include <stdio.h>
#include <string.h>

#include "runtime/eval.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"

cg_exec_status cg_exec_import(cg_frame *f, const cg_ast *s) {
    for (int i = 0; i < s->u.import.names.n; i++) {
        const cg_ast *a = s->u.import.names.items[i];
        const char *name = a->u.alias.name;
        cg_value m = cg_import(name);
        if (cg_is_err(m))
            return EXEC_ERR;
        const char *dot = strchr(name, '.');
        if (!a->u.alias.asname && dot) { /* `import torch.nn` binds the top package */
            cg_decref(m);
            char top[256];
            snprintf(top, sizeof top, "%.*s", (int)(dot - name), name);
            m = cg_import(top);
            if (cg_is_err(m))
                return EXEC_ERR;
        }
        int rc = cg_store_name(f, &a->u.alias.res, m);
        cg_decref(m);
        if (rc < 0)
            return EXEC_ERR;
    }
    return EXEC_OK;
}

/* The package a relative import starts from: __package__, else what
 * __name__ says (itself for a package, its parent for a module). */
static int package_of(cg_dict *globals, char *out, size_t cap) {
    cg_value p = cg_dict_get_str_borrowed(globals, cg_str_intern("__package__"));
    if (cg_is_str(p)) {
        snprintf(out, cap, "%s", cg_str_cstr(p));
        return 0;
    }
    cg_value n = cg_dict_get_str_borrowed(globals, cg_str_intern("__name__"));
    if (!cg_is_str(n))
        return cg_raise_int(&cg_exc_KeyError, "'__name__' not in globals");
    snprintf(out, cap, "%s", cg_str_cstr(n));
    if (cg_dict_get_str_borrowed(globals, cg_str_intern("__path__")).tag == CG_V_STOP) {
        char *dot = strrchr(out, '.');
        *(dot ? dot : out) = 0;
    }
    return 0;
}

/* The absolute name of `from <level dots><module> import ...`. */
static int absolute_name(cg_frame *f, int level, const char *module, char *out, size_t cap) {
    if (level == 0) {
        snprintf(out, cap, "%s", module);
        return 0;
    }
    char base[512];
    if (package_of(f->globals, base, sizeof base) < 0)
        return -1;
    if (!base[0] || !strcmp(base, "__main__"))
        return cg_raise_int(&cg_exc_ImportError, "attempted relative import with no known parent package");
    for (int up = 1; up < level; up++) {
        char *dot = strrchr(base, '.');
        if (!dot)
            return cg_raise_int(&cg_exc_ImportError, "attempted relative import beyond top-level package");
        *dot = 0;
    }
    int n = module ? snprintf(out, cap, "%s.%s", base, module) : snprintf(out, cap, "%s", base);
    return n < 0 || (size_t)n >= cap ? cg_raise_int(&cg_exc_ImportError, "module name too long") : 0;
}

/* The pending ImportError's name and path, as Python sets them. */
static void set_import_error_fields(const char *modname, cg_value path) {
    cg_value e = cg_exc_fetch();
    cg_value n = cg_str_from_c(modname);
    if (cg_is_err(n) || cg_setattr(e, cg_str_intern("name"), n) < 0 || cg_setattr(e, cg_str_intern("path"), path) < 0)
        cg_exc_clear();
    cg_decref(n);
    cg_exc_restore(e);
}

/* m.name, or the submodule m.name imported; Python's ImportError when
 * neither exists. */
static cg_value import_name(cg_value m, const char *modname, const char *name) {
    cg_value v = cg_getattr_opt(m, cg_str_of(name));
    if (v.tag != CG_V_STOP)
        return v;
    char full[512];
    snprintf(full, sizeof full, "%s.%s", modname, name);
    v = cg_import(full);
    if (cg_is_err(v) && cg_exc_matches(&cg_exc_ModuleNotFoundError)) {
        cg_exc_clear();
        cg_value file = cg_is_type(m, &cg_type_module)
                            ? cg_dict_get_str_borrowed(cg_module_dict_borrowed(m), cg_str_intern("__file__"))
                            : CG_STOP;
        if (cg_is_str(file))
            cg_raise(&cg_exc_ImportError, "cannot import name '%s' from '%s' (%s)", name, modname, cg_str_cstr(file));
        else
            cg_raise(&cg_exc_ImportError, "cannot import name '%s' from '%s' (unknown location)", name, modname);
        set_import_error_fields(modname, cg_is_str(file) ? file : CG_NONE);
    }
    return v;
}

/* `from m import *`: the names of m.__all__, else m's public names. */
static int import_star(cg_frame *f, cg_value m, const char *modname) {
    cg_dict *target = f->locals ? f->locals : f->globals;
    cg_value all = cg_getattr_opt(m, cg_str_intern("__all__"));
    if (cg_is_err(all))
        return -1;
    if (all.tag == CG_V_STOP) {
        int64_t pos = 0;
        cg_value k, v;
        cg_dict *d = cg_module_dict_borrowed(m);
        while (cg_dict_next(d, &pos, &k, &v))
            if (cg_is_str(k) && cg_str_cstr(k)[0] != '_' && cg_dict_set(target, k, v) < 0)
                return -1;
        return 0;
    }
    cg_value it = cg_iter(all);
    cg_decref(all);
    if (cg_is_err(it))
        return -1;
    int rc = 0;
    cg_value name;
    while (rc == 0 && (name = cg_next(it)).tag != CG_V_STOP) {
        if (cg_is_err(name)) {
            rc = -1;
            break;
        }
        if (!cg_is_str(name)) {
            rc = cg_raise_int(&cg_exc_TypeError, "Item in %s.__all__ must be str, not %s", modname, cg_type_name(name));
        } else {
            cg_value v = import_name(m, modname, cg_str_cstr(name));
            rc = cg_is_err(v) ? -1 : cg_dict_set(target, name, v);
            cg_decref(v);
        }
        cg_decref(name);
    }
    cg_decref(it);
    return rc;
}

cg_exec_status cg_exec_import_from(cg_frame *f, const cg_ast *s) {
    char modname[512];
    if (absolute_name(f, s->u.import.level, s->u.import.module, modname, sizeof modname) < 0)
        return EXEC_ERR;
    cg_value m = cg_import(modname);
    if (cg_is_err(m))
        return EXEC_ERR;
    cg_exec_status r = EXEC_OK;
    for (int i = 0; i < s->u.import.names.n && r == EXEC_OK; i++) {
        const cg_ast *a = s->u.import.names.items[i];
        if (!strcmp(a->u.alias.name, "*")) {
            r = import_star(f, m, modname) < 0 ? EXEC_ERR : EXEC_OK;
            continue;
        }
        cg_value v = import_name(m, modname, a->u.alias.name);
        if (cg_is_err(v) || cg_store_name(f, &a->u.alias.res, v) < 0)
            r = EXEC_ERR;
        cg_decref(v);
    }
    cg_decref(m);
    return r;
}
