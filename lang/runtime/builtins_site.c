/* builtins_site.c: the builtins Python's site module adds for people at
 * a prompt: exit and quit, copyright, credits and license, and
 * breakpoint, which cgrad cannot honour yet and says so.
 *
 * exit and quit are objects, as Python's: their repr tells how to leave,
 * calling one raises SystemExit(code). */
#include <string.h>

#include "runtime/builtins.h"
#include "runtime/eval.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"

typedef struct {
    cg_obj head;
    const char *name; /* "exit", "copyright" */
    const char *text; /* the repr */
} site_obj;

static cg_value site_repr(cg_value v) { return cg_str_from_c(((site_obj *)v.u.o)->text); }

/* exit(code=None) / quit(code=None) */
static cg_value quitter_call(cg_value self, const cg_args *a) {
    if (a->nkw)
        return cg_raise(&cg_exc_TypeError, "Quitter.__call__() got an unexpected keyword argument '%s'", a->kwn[0]->s);
    if (a->npos > 1)
        return cg_raise(&cg_exc_TypeError,
                        "Quitter.__call__() takes from 1 to 2 positional arguments but %d were given", a->npos + 1);
    cg_value code[1] = {a->npos ? a->pos[0] : CG_NONE}; /* SystemExit(None) when none is given, as Python's */
    cg_value e = cg_call(cg_obj_value(&cg_exc_SystemExit), &(cg_args){.pos = code, .npos = 1});
    if (cg_is_err(e))
        return e;
    cg_raise_object(e);
    cg_decref(e);
    return CG_ERR;
}

/* copyright(), credits(), license(): print the text */
static cg_value printer_call(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "_Printer.__call__() takes 1 positional argument but %d were given",
                        a->npos + a->nkw + 1);
    cg_value out[1] = {cg_str_from_c(((site_obj *)self.u.o)->text)};
    if (cg_is_err(out[0]))
        return CG_ERR;
    cg_value print = cg_dict_get_str_borrowed(cg_ev.builtins, cg_str_intern("print"));
    cg_value r = print.tag == CG_V_STOP ? CG_NONE : cg_call(print, &(cg_args){.pos = out, .npos = 1});
    cg_decref(out[0]);
    if (cg_is_err(r))
        return r;
    cg_decref(r);
    return CG_NONE;
}

static cg_type quitter_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "Quitter",
    .module = "_sitebuiltins",
    .basicsize = sizeof(site_obj),
    .repr = site_repr,
    .call = quitter_call,
    .hash = cg_object_hash,
};

static cg_type printer_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "_Printer",
    .module = "_sitebuiltins",
    .basicsize = sizeof(site_obj),
    .repr = site_repr,
    .call = printer_call,
    .hash = cg_object_hash,
};

static site_obj site_objects[] = {
    {{CG_IMMORTAL, &quitter_type}, "exit", "Use exit() or Ctrl-D (i.e. EOF) to exit"},
    {{CG_IMMORTAL, &quitter_type}, "quit", "Use quit() or Ctrl-D (i.e. EOF) to exit"},
    {{CG_IMMORTAL, &printer_type},
     "copyright",
     "cgrad: a Jupyter kernel for PyTorch-style Python, in C.\n"
     "Its language follows Python 3.11 (Copyright (c) 2001 Python Software Foundation)\n"
     "and its tensors follow PyTorch 1.13 (Copyright (c) 2016 Facebook, Inc.)."},
    {{CG_IMMORTAL, &printer_type},
     "credits",
     "cgrad stands on the work of the Python and PyTorch communities, and on\n"
     "ZeroMQ, Jansson, OpenBLAS, Graphviz, GMP, PCRE2 and zlib."},
    {{CG_IMMORTAL, &printer_type}, "license", "See the LICENSE file of cgrad's source distribution."},
};

/* breakpoint(*args, **kws): Python starts pdb; cgrad has no debugger, and
 * a silent no-op would leave the user wondering. */
static cg_value b_breakpoint(cg_value self, const cg_args *a) {
    return cg_raise(&cg_exc_RuntimeError,
                    "breakpoint(): cgrad has no debugger yet; print the values you need, or run the script "
                    "under python3 -m pdb");
}

static const cg_method_def site_functions[] = {
    {"breakpoint", b_breakpoint, NULL, "breakpoint(*args, **kws): Call sys.breakpointhook(*args, **kws)."},
    {NULL},
};

int cg_site_builtins_add(cg_value builtins_module) {
    for (size_t i = 0; i < sizeof site_objects / sizeof site_objects[0]; i++)
        if (cg_module_add(builtins_module, site_objects[i].name, cg_obj_value(&site_objects[i])) < 0)
            return -1;
    return cg_module_add_methods(builtins_module, site_functions);
}
