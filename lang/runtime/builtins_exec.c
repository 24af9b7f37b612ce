/* builtins_exec.c: the builtins that run source text or read the running
 * frame's namespaces: exec, eval, compile and the code objects it makes,
 * globals, locals, and vars() and dir() without an argument.
 *
 * Note [exec with separate locals]
 * cgrad's module-level code reads and stores its names in one dict, the
 * globals. exec(src, g, l) with l a different mapping is run in a scratch
 * dict holding g's names overlaid with l's; afterwards every name the code
 * bound or rebound goes into l, as Python stores a module body's names in
 * its locals. Reads see l before g, as in Python. What differs: a name the
 * code deletes stays in l, and functions defined by the code see the
 * scratch dict as their globals. eval and exec inside a function use the
 * same path with the function's locals() as l, so they read its
 * variables; Python does not let them rebind those either. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/builtins.h"
#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/host.h"
#include "runtime/exc.h"
#include "runtime/interp.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "runtime/scope.h"

/* ---- locals() and globals() ------------------------------------------------------------ */

static int put_slot(void *arg, cg_str *name, int slot, bool cell) {
    const cg_frame *f = ((void **)arg)[0];
    cg_dict *d = ((void **)arg)[1];
    cg_value v = f->slots[slot];
    if (cell && v.tag == CG_V_OBJ)
        v = ((cg_cell *)v.u.o)->v;
    if (v.tag == CG_V_STOP) /* not bound yet: absent, as in Python */
        return 0;
    return cg_dict_set(d, cg_obj_value(name), v);
}

/* The namespace of frame f as locals() gives it: the class body's dict,
 * the module's globals, or a new dict of a function's bound variables. */
cg_value cg_frame_locals(cg_frame *f) {
    if (!f)
        return cg_dict_new();
    if (f->locals)
        return cg_incref(cg_obj_value(f->locals));
    if (!f->func)
        return cg_incref(cg_obj_value(f->globals));
    cg_value d = cg_dict_new();
    if (cg_is_err(d))
        return d;
    void *arg[2] = {f, d.u.o};
    if (cg_scope_each_slot(f->scope, put_slot, arg) < 0) {
        cg_decref(d);
        return CG_ERR;
    }
    return d;
}

static int no_arguments(const cg_args *a, const char *name) {
    if (a->nkw)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no keyword arguments", name);
    if (a->npos)
        return cg_raise_int(&cg_exc_TypeError, "%s() takes no arguments (%d given)", name, a->npos);
    return 0;
}

static cg_value b_globals(cg_value self, const cg_args *a) {
    if (no_arguments(a, "globals") < 0)
        return CG_ERR;
    return cg_ev.frame ? cg_incref(cg_obj_value(cg_ev.frame->globals)) : cg_dict_new();
}

static cg_value b_locals(cg_value self, const cg_args *a) {
    if (no_arguments(a, "locals") < 0)
        return CG_ERR;
    return cg_frame_locals(cg_ev.frame);
}

cg_value cg_locals_of_caller(void) { return cg_frame_locals(cg_ev.frame); }

/* ---- code objects ---------------------------------------------------------------------- */

enum { MODE_EXEC, MODE_EVAL, MODE_SINGLE };

typedef struct {
    cg_obj head;
    cg_code *code;
    cg_value filename; /* a str */
    int mode;
} code_obj;

static void code_dealloc(cg_obj *o) {
    code_obj *c = (code_obj *)o;
    cg_code_free(c->code);
    cg_decref(c->filename);
    free(c);
}

static cg_value code_repr(cg_value v) {
    code_obj *c = (code_obj *)v.u.o;
    return cg_str_fmt("<code object <module> at %p, file \"%s\", line 1>", (void *)c, cg_str_cstr(c->filename));
}

static cg_value code_getattr(cg_value v, cg_str *name) {
    code_obj *c = (code_obj *)v.u.o;
    if (!strcmp(name->s, "co_filename"))
        return cg_incref(c->filename);
    if (!strcmp(name->s, "co_name"))
        return cg_str_from_c("<module>");
    if (!strcmp(name->s, "co_firstlineno"))
        return cg_int(1);
    return CG_STOP;
}

cg_type cg_type_code = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "code",
    .module = "builtins",
    .basicsize = sizeof(code_obj),
    .dealloc = code_dealloc,
    .repr = code_repr,
    .getattr = code_getattr,
    .hash = cg_object_hash,
};

/* eval's source may start with spaces and tabs (Python strips them);
 * exec's may not. */
static const char *skip_blanks(const char *s, size_t *len, int mode) {
    while (mode == MODE_EVAL && *len && (*s == ' ' || *s == '\t'))
        s++, (*len)--;
    return s;
}

/* The source text of a str argument, refusing NUL as Python does. */
static const char *source_text(cg_value src, const char *fname, size_t *len) {
    if (!cg_is_str(src)) {
        cg_raise(&cg_exc_TypeError, "%s() arg 1 must be a string, bytes or code object", fname);
        return NULL;
    }
    const cg_str *s = cg_as_str(src);
    if (memchr(s->s, '\0', (size_t)s->len)) {
        cg_raise(&cg_exc_SyntaxError, "source code string cannot contain null bytes");
        return NULL;
    }
    *len = (size_t)s->len;
    return s->s;
}

/* Parses src for mode; eval's must be one expression ("invalid syntax"
 * otherwise, at the first statement that is not). */
static cg_code *compile_source(const char *text, size_t len, const char *filename, int mode) {
    text = skip_blanks(text, &len, mode);
    cg_code *c = cg_code_compile(text, len, filename);
    int line;
    if (c && mode == MODE_EVAL && !cg_code_is_expression(c, &line)) {
        cg_code_free(c);
        cg_raise(&cg_exc_SyntaxError, "invalid syntax");
        return NULL;
    }
    return c;
}

static int mode_of(cg_value m, int *mode) {
    const char *s = cg_is_str(m) ? cg_str_cstr(m) : "";
    if (!cg_is_str(m))
        return cg_raise_int(&cg_exc_TypeError, "compile() argument 'mode' must be str, not %s", cg_type_name(m));
    *mode = !strcmp(s, "exec") ? MODE_EXEC : !strcmp(s, "eval") ? MODE_EVAL : !strcmp(s, "single") ? MODE_SINGLE : -1;
    if (*mode < 0)
        return cg_raise_int(&cg_exc_ValueError, "compile() mode must be 'exec', 'eval' or 'single'");
    return 0;
}

/* ---- running ------------------------------------------------------------------------- */

/* What the interactive prompt echoes for a statement's value: its repr. */
static int print_repr(cg_value v) {
    cg_value r = cg_repr(v);
    if (cg_is_err(r))
        return -1;
    cg_host_write(CG_STDOUT, cg_str_cstr(r), (size_t)cg_as_str(r)->len);
    cg_host_write(CG_STDOUT, "\n", 1);
    cg_decref(r);
    return 0;
}

/* Runs c in globals g with locals l (Note [exec with separate locals]);
 * result as cg_code_run's. */
static int run_with(cg_code *c, cg_dict *g, cg_value l, cg_value *result) {
    if (cg_is_none(l) || (l.tag == CG_V_OBJ && l.u.o == (cg_obj *)g))
        return cg_code_run(c, g, result);
    cg_value scratch = cg_dict_copy(g);
    if (cg_is_err(scratch))
        return -1;
    cg_dict *sd = cg_as_dict(scratch);
    int rc = cg_dict_update(sd, l);
    if (rc == 0)
        rc = cg_code_run(c, sd, result);
    int64_t pos = 0;
    cg_value k, v;
    while (rc == 0 && cg_dict_next(sd, &pos, &k, &v)) {
        cg_value old = cg_dict_get_borrowed(g, k);
        if (old.tag == CG_V_STOP || old.tag != v.tag || (old.tag == CG_V_OBJ && old.u.o != v.u.o)
            || (old.tag != CG_V_OBJ && old.u.i != v.u.i))
            rc = cg_setitem(l, k, v);
    }
    cg_dict_clear(sd); /* the scratch dict may be in cycles with the functions it made */
    cg_decref(scratch);
    return rc;
}

/* The globals and locals exec and eval run in: the caller's when not
 * given, Python's TypeErrors for the wrong kinds. */
static int namespaces(const char *fname, cg_value *g, cg_value *l, cg_value *owned_l) {
    *owned_l = CG_NONE;
    if (!cg_is_none(*g) && !cg_is_type(*g, &cg_type_dict))
        return cg_raise_int(&cg_exc_TypeError, "%s() globals must be a dict, not %s", fname, cg_type_name(*g));
    if (!cg_is_none(*l) && !cg_typeof(*l)->getitem)
        return cg_raise_int(&cg_exc_TypeError, "locals must be a mapping");
    if (cg_is_none(*g)) {
        if (!cg_ev.frame)
            return cg_raise_int(&cg_exc_SystemError, "%s(): no current frame", fname);
        *g = cg_obj_value(cg_ev.frame->globals);
        if (cg_is_none(*l)) {
            *owned_l = cg_frame_locals(cg_ev.frame);
            if (cg_is_err(*owned_l))
                return -1;
            *l = *owned_l;
        }
    }
    return 0;
}

/* argparse.c keeps what it parsed of a signature by its def's address:
 * each function has its own, for the life of the process. */
static const cg_method_def EXEC_DEF = {"exec", NULL, "exec(source, globals=None, locals=None, /, *, closure=None)",
                                       NULL};
static const cg_method_def EVAL_DEF = {"eval", NULL, "eval(source, globals=None, locals=None, /)", NULL};

static cg_value run_source(int mode, const cg_args *a) {
    const cg_method_def *def = mode == MODE_EXEC ? &EXEC_DEF : &EVAL_DEF;
    const char *fname = def->name;
    bool want_value = mode == MODE_EVAL;
    cg_value arg[4]; /* source, globals, locals[, closure: only None, no code object has free variables] */
    int nparams = mode == MODE_EXEC ? 4 : 3;
    if (cg_args_bind(def, a, arg, nparams) < 0)
        return CG_ERR;
    cg_value g = arg[1], l = arg[2], owned_l, r = CG_ERR;
    cg_code *c = NULL;
    bool borrowed_code = cg_is_type(arg[0], &cg_type_code);
    if (namespaces(fname, &g, &l, &owned_l) < 0)
        goto out;
    if (borrowed_code) { /* a code object runs as compiled: eval of exec code gives None */
        c = ((code_obj *)arg[0].u.o)->code;
        mode = ((code_obj *)arg[0].u.o)->mode;
    } else {
        size_t len;
        const char *text = source_text(arg[0], fname, &len);
        c = text ? compile_source(text, len, "<string>", mode) : NULL;
        if (!c)
            goto out;
    }
    cg_value result = CG_NONE;
    if (run_with(c, cg_as_dict(g), l, mode == MODE_EXEC ? NULL : &result) == 0) {
        r = CG_NONE;
        if (mode == MODE_SINGLE && !cg_is_none(result)) /* the interactive prompt's echo */
            r = print_repr(result) < 0 ? CG_ERR : CG_NONE;
        if (mode == MODE_EVAL && want_value)
            r = cg_incref(result);
        cg_decref(result);
    }
out:
    if (!borrowed_code)
        cg_code_free(c);
    cg_decref(owned_l);
    cg_args_release(def, arg, nparams);
    return r;
}

static cg_value b_exec(cg_value self, const cg_args *a) { return run_source(MODE_EXEC, a); }

static cg_value b_eval(cg_value self, const cg_args *a) { return run_source(MODE_EVAL, a); }

/* Note [compile() of an AST]: a source that is not a str (an ast node,
 * bytes) or the flag PyCF_ONLY_AST (0x400) goes to the prelude's ast
 * module, whose _compile_source gives back either the tree to return or
 * the text to compile (ast.unparse of a node: the same program, since
 * the evaluator runs its own tree and not ast's objects). */
static bool wants_ast_module(const cg_value *arg) {
    int64_t flags = 0;
    if (cg_is_int(arg[3]) && cg_index_value(arg[3], &flags) < 0)
        cg_exc_clear();
    return !cg_is_str(arg[0]) || (flags & 0x400);
}

static cg_value ast_compile_hook(const cg_value *arg) {
    cg_value ast = cg_import("ast");
    if (cg_is_err(ast))
        return CG_ERR;
    cg_value r = cg_call_method(ast, "_compile_source", 4, arg);
    cg_decref(ast);
    return r;
}

static cg_value b_compile(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"compile", NULL,
                                      "compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, *, "
                                      "_feature_version=-1)",
                                      NULL};
    cg_value arg[7];
    if (cg_args_bind(&def, a, arg, 7) < 0)
        return CG_ERR;
    int mode;
    cg_value r = CG_ERR, hooked = CG_NONE;
    size_t len;
    const char *text = NULL;
    bool mode_ok = mode_of(arg[2], &mode) == 0;
    if (mode_ok && wants_ast_module(arg)) {
        hooked = ast_compile_hook(arg);
        if (cg_is_err(hooked) || !cg_is_str(hooked)) { /* an error, or the tree PyCF_ONLY_AST asked for */
            cg_args_release(&def, arg, 7);
            return hooked;
        }
        cg_value old = arg[0];
        arg[0] = hooked;
        hooked = old;
    }
    if (mode_ok && (text = source_text(arg[0], "compile", &len))) {
        const char *fn = cg_is_str(arg[1]) ? cg_str_cstr(arg[1]) : "<string>";
        cg_code *c = compile_source(text, len, fn, mode);
        code_obj *o = c ? malloc(sizeof *o) : NULL;
        if (c && !o) {
            cg_code_free(c);
            cg_raise_nomemory();
        } else if (o) {
            *o = (code_obj){{1, &cg_type_code}, c, cg_str_from_c(fn), mode};
            r = cg_obj_value(o);
        }
    }
    if (!cg_is_none(hooked)) { /* arg[0] is the unparsed text: give back the caller's source */
        cg_value text_value = arg[0];
        arg[0] = hooked;
        cg_decref(text_value);
    }
    cg_args_release(&def, arg, 7);
    return r;
}

/* __import__(name, globals=None, locals=None, fromlist=(), level=0): the
 * module an import statement would bind: the top package for `import a.b`,
 * the module itself when fromlist names something. */
static cg_value b_import(cg_value self, const cg_args *a) {
    static const cg_method_def def = {"__import__", NULL,
                                      "__import__(name, globals=None, locals=None, fromlist=(), level=0)", NULL};
    cg_value arg[5];
    if (cg_args_bind(&def, a, arg, 5) < 0)
        return CG_ERR;
    cg_value r = CG_ERR;
    int64_t level = 0;
    int from = 0;
    if (!cg_is_str(arg[0]))
        cg_raise(&cg_exc_TypeError, "__import__() argument 1 must be str, not %s", cg_type_name(arg[0]));
    else if (cg_index_value(arg[4], &level) == 0 && level < 0)
        cg_raise(&cg_exc_ValueError, "level must be >= 0");
    else if (level > 0)
        cg_raise(&cg_exc_ImportError, "attempted relative import with no known parent package");
    else if (!cg_exc_pending() && (from = cg_is_none(arg[3]) ? 0 : cg_truth(arg[3])) >= 0) {
        const char *name = cg_str_cstr(arg[0]);
        const char *dot = strchr(name, '.');
        if (!name[0])
            cg_raise(&cg_exc_ValueError, "Empty module name");
        else if ((r = cg_import(name)).tag != CG_V_ERR && !from && dot) {
            cg_decref(r);
            cg_value top = cg_str_new(name, (size_t)(dot - name));
            r = cg_is_err(top) ? top : cg_import(cg_str_cstr(top));
            cg_decref(top);
        }
    }
    cg_args_release(&def, arg, 5);
    return r;
}

const cg_method_def cg_exec_builtins[] = {
    {"__import__", b_import, NULL,
     "__import__(name, globals=None, locals=None, fromlist=(), level=0): Import a module."},
    {"exec", b_exec, NULL, "exec(source, globals=None, locals=None, /, *, closure=None): Execute the given source."},
    {"eval", b_eval, NULL, "eval(source, globals=None, locals=None, /): Evaluate the given source."},
    {"compile", b_compile, NULL,
     "compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1): Compile source into a code object."},
    {"globals", b_globals, NULL, "globals(): Return the dictionary containing the current scope's global variables."},
    {"locals", b_locals, NULL, "locals(): Return a dictionary containing the current scope's local variables."},
    {NULL},
};
