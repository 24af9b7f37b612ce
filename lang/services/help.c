/* help.c: the builtin help(). help(obj) prints what IPython's `obj?`
 * shows for it (its signature, docstring and type: inspect.c); a string
 * names a module or a builtin, as pydoc looks it up. Without an argument
 * Python starts an interactive help reader on stdin; a notebook has no
 * prompt for it, so cgrad says how to ask instead. */
#include <stdlib.h>
#include <string.h>

#include "runtime/eval.h"
#include "runtime/exc.h"
#include "runtime/host.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "services/services.h"

static void say(const char *s) {
    cg_host_write(CG_STDOUT, s, strlen(s));
    cg_host_write(CG_STDOUT, "\n", 1);
}

/* What a string argument names: a module, then a builtin. */
static cg_value named(const char *name) {
    cg_value m = cg_import(name);
    if (!cg_is_err(m))
        return m;
    cg_exc_clear();
    cg_value b = cg_dict_get_str_borrowed(cg_ev.builtins, cg_str_intern(name));
    return b.tag == CG_V_STOP ? CG_STOP : cg_incref(b);
}

static cg_value b_help(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "help() takes no keyword arguments");
    if (a->npos > 1)
        return cg_raise(&cg_exc_TypeError, "help() takes from 0 to 1 positional arguments but %d were given", a->npos);
    if (a->npos == 0) {
        say("Type help(object) for help about object, or object? in a notebook cell.");
        return CG_NONE;
    }
    cg_value v = a->pos[0];
    const char *name = "";
    cg_value owned = CG_NONE;
    if (cg_is_str(v)) {
        name = cg_str_cstr(v);
        owned = named(name);
        if (owned.tag == CG_V_STOP) {
            cg_value r = cg_repr(v);
            cg_value msg = cg_is_err(r) ? r
                                        : cg_str_fmt("No Python documentation found for %s.\nUse help() to get the "
                                                     "interactive help utility.\nUse help(str) for help on the str "
                                                     "class.",
                                                     cg_str_cstr(r));
            cg_decref(r);
            if (cg_is_err(msg))
                return msg;
            say(cg_str_cstr(msg));
            cg_decref(msg);
            return CG_NONE;
        }
        v = owned;
    }
    cg_value n = cg_is_str(a->pos[0]) ? CG_STOP : cg_getattr_opt(v, cg_str_intern("__name__"));
    if (cg_is_err(n))
        cg_exc_clear();
    else if (cg_is_str(n))
        name = cg_str_cstr(n);
    char *text = cg_describe(name, v);
    if (n.tag == CG_V_OBJ)
        cg_decref(n);
    cg_decref(owned);
    if (!text)
        return cg_raise_nomemory();
    say(text);
    free(text);
    return CG_NONE;
}

static const cg_method_def help_functions[] = {
    {"help", b_help, NULL, "help([object]): Show the documentation of object."},
    {NULL},
};

int cg_help_builtins_init(cg_value builtins_module) { return cg_module_add_methods(builtins_module, help_functions); }
