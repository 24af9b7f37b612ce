/* frame_obj.c: frames, tracebacks and functions' code as Python objects.
 *
 * Note [Frame objects on demand]
 * The evaluator's frames (cg_frame, eval.h) live on the C stack and cost
 * nothing beyond what running needs. A `frame` object is made only when a
 * program asks (sys._getframe, a traceback's tb_frame, inspect): it is a
 * snapshot of the C frame and of every frame behind it (f_back), with
 * f_locals copied then. A frame that is still running shows the line it
 * was at when the snapshot was taken, which is where the caller looks.
 *
 * An exception keeps its traceback as the list of entries traceback.c
 * appends (the printed tracebacks read it); `e.__traceback__` turns that
 * list into a chain of `traceback` objects each time it is read, and
 * assigning one (or with_traceback) turns the chain back into entries.
 * Each entry carries its frame's globals, qualified name and first line,
 * so a traceback's frame can answer f_globals and f_code. */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/frame_obj.h"
#include "runtime/gc.h"

/* ---- code ------------------------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value name, qualname, filename, varnames, freevars, cellvars;
    int64_t firstlineno, argcount, posonly, kwonly, flags;
} pycode;

static void code_dealloc(cg_obj *o) {
    pycode *c = (pycode *)o;
    cg_value *fields[] = {&c->name, &c->qualname, &c->filename, &c->varnames, &c->freevars, &c->cellvars};
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
        cg_decref(*fields[i]);
    free(c);
}

static cg_value code_repr(cg_value v) {
    pycode *c = (pycode *)v.u.o;
    return cg_str_fmt("<code object %s at %p, file \"%s\", line %lld>", cg_str_cstr(c->name), (void *)c,
                      cg_str_cstr(c->filename), (long long)c->firstlineno);
}

static cg_value code_getattr(cg_value v, cg_str *name) {
    pycode *c = (pycode *)v.u.o;
    const char *n = name->s;
    if (strncmp(n, "co_", 3))
        return CG_STOP;
    n += 3;
    if (!strcmp(n, "name"))
        return cg_incref(c->name);
    if (!strcmp(n, "qualname"))
        return cg_incref(c->qualname);
    if (!strcmp(n, "filename"))
        return cg_incref(c->filename);
    if (!strcmp(n, "varnames"))
        return cg_incref(c->varnames);
    if (!strcmp(n, "freevars"))
        return cg_incref(c->freevars);
    if (!strcmp(n, "cellvars"))
        return cg_incref(c->cellvars);
    if (!strcmp(n, "firstlineno"))
        return cg_int(c->firstlineno);
    if (!strcmp(n, "argcount"))
        return cg_int(c->argcount);
    if (!strcmp(n, "posonlyargcount"))
        return cg_int(c->posonly);
    if (!strcmp(n, "kwonlyargcount"))
        return cg_int(c->kwonly);
    if (!strcmp(n, "flags"))
        return cg_int(c->flags);
    if (!strcmp(n, "nlocals"))
        return cg_int(((cg_tuple *)c->varnames.u.o)->len);
    return CG_STOP;
}

cg_type cg_type_pycode = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "code",
    .module = "builtins",
    .basicsize = sizeof(pycode),
    .dealloc = code_dealloc,
    .repr = code_repr,
    .getattr = code_getattr,
    .hash = cg_object_hash,
};

static cg_value empty_tuple(void) { return cg_tuple_new(0); }

static pycode *code_alloc(cg_value name, cg_value qualname, cg_value filename, int64_t firstlineno) {
    pycode *c = calloc(1, sizeof *c);
    if (!c) {
        cg_decref(name);
        cg_decref(qualname);
        cg_decref(filename);
        return NULL;
    }
    c->head = (cg_obj){1, &cg_type_pycode};
    c->name = name;
    c->qualname = qualname;
    c->filename = filename;
    c->firstlineno = firstlineno;
    c->varnames = empty_tuple();
    c->freevars = empty_tuple();
    c->cellvars = empty_tuple();
    return c;
}

static bool code_failed(pycode *c) {
    cg_value f[] = {c->name, c->qualname, c->filename, c->varnames, c->freevars, c->cellvars};
    for (size_t i = 0; i < sizeof f / sizeof *f; i++)
        if (cg_is_err(f[i])) {
            cg_value *fields[] = {&c->name, &c->qualname, &c->filename, &c->varnames, &c->freevars, &c->cellvars};
            for (size_t j = 0; j < sizeof fields / sizeof *fields; j++)
                if (cg_is_err(*fields[j]))
                    *fields[j] = CG_NONE;
            return true;
        }
    return false;
}

/* A code object that knows its names and place only (a module body, a
 * traceback's frame). */
static cg_value code_plain(const char *name, cg_value qualname, cg_value filename, int64_t firstlineno) {
    pycode *c = code_alloc(cg_str_from_c(name), cg_incref(qualname), cg_incref(filename), firstlineno);
    if (!c)
        return cg_raise_nomemory();
    if (code_failed(c)) {
        cg_obj_decref(c);
        return CG_ERR;
    }
    return cg_obj_value(c);
}

typedef struct {
    cg_value *names; /* by slot */
    bool *cell;
    int n;
} slot_names;

static int note_slot(void *arg, cg_str *name, int slot, bool cell) {
    slot_names *s = arg;
    if (slot >= 0 && slot < s->n) {
        s->names[slot] = cg_obj_value(name);
        s->cell[slot] = cell;
    }
    return 0;
}

/* CPython's CO_* bits that describe a function's shape. */
enum {
    CO_OPTIMIZED = 1,
    CO_NEWLOCALS = 2,
    CO_VARARGS = 4,
    CO_VARKEYWORDS = 8,
    CO_NESTED = 16,
    CO_GENERATOR = 32,
    CO_COROUTINE = 128,
    CO_ASYNC_GENERATOR = 512
};

/* varnames: the parameters, then the other locals that are not captured
 * from outside; cellvars: the locals inner functions capture; freevars:
 * what this function captures. */
static int fill_names(pycode *c, const cg_scope *sc) {
    int n = sc->nslots;
    slot_names s = {calloc((size_t)n + 1, sizeof(cg_value)), calloc((size_t)n + 1, sizeof(bool)), n};
    if (!s.names || !s.cell) {
        free(s.names);
        free(s.cell);
        cg_raise_nomemory();
        return -1;
    }
    cg_scope_each_slot(sc, note_slot, &s);
    bool *is_free = calloc((size_t)n + 1, sizeof(bool));
    for (int i = 0; is_free && i < sc->nfree; i++)
        if (sc->free_slots[i] >= 0 && sc->free_slots[i] < n)
            is_free[sc->free_slots[i]] = true;
    /* CPython's order: positional parameters, keyword-only ones, *args,
     * **kwargs, then the other locals */
    int *order = calloc((size_t)n + 1, sizeof(int));
    int norder = 0;
    static const cg_param_kind kinds[] = {PARAM_POS_ONLY, PARAM_POS, PARAM_KW_ONLY, PARAM_VAR_POS, PARAM_VAR_KW};
    for (int k = 0; order && k < 5; k++)
        for (int i = 0; i < sc->nparams && i < sc->params.n; i++)
            if (sc->params.kinds[i] == kinds[k])
                order[norder++] = i;
    for (int i = sc->nparams; order && i < n; i++)
        order[norder++] = i;
    int nvar = 0, ncell = 0;
    for (int j = 0; is_free && order && j < norder; j++) {
        int i = order[j];
        if (s.names[i].tag != CG_V_OBJ || is_free[i])
            continue;
        if (!s.cell[i] || i < sc->nparams)
            nvar++;
        if (s.cell[i])
            ncell++;
    }
    cg_value var = is_free && order ? cg_tuple_new(nvar) : CG_ERR, cells = cg_tuple_new(ncell),
             fre = cg_tuple_new(sc->nfree);
    int rc = cg_is_err(var) || cg_is_err(cells) || cg_is_err(fre) ? -1 : 0;
    for (int j = 0, iv = 0, ic = 0; rc == 0 && j < norder; j++) {
        int i = order[j];
        if (s.names[i].tag != CG_V_OBJ || is_free[i])
            continue;
        if (!s.cell[i] || i < sc->nparams)
            ((cg_tuple *)var.u.o)->items[iv++] = cg_incref(s.names[i]);
        if (s.cell[i])
            ((cg_tuple *)cells.u.o)->items[ic++] = cg_incref(s.names[i]);
    }
    for (int i = 0, ifr = 0; rc == 0 && i < n; i++)
        if (s.names[i].tag == CG_V_OBJ && is_free[i] && ifr < sc->nfree)
            ((cg_tuple *)fre.u.o)->items[ifr++] = cg_incref(s.names[i]);
    free(order);
    free(s.names);
    free(s.cell);
    free(is_free);
    cg_value_set(&c->varnames, var);
    cg_value_set(&c->cellvars, cells);
    cg_value_set(&c->freevars, fre);
    return rc;
}

static cg_value arena_filename(const cg_ast_arena *arena) {
    const char *f = arena ? cg_ast_arena_filename(arena) : NULL;
    return cg_str_from_c(f ? f : "<unknown>");
}

/* The code of a function scope: names, counts and flags. */
static cg_value code_of_scope(const cg_scope *sc, const cg_ast_arena *arena, cg_value qualname) {
    /* a decorated def's code starts at its first decorator, as CPython's */
    const cg_ast *def = sc->node;
    int64_t first = def->kind == AST_FUNCTION_DEF && def->u.func.decorators.n ? def->u.func.decorators.items[0]->line
                                                                               : def->line;
    pycode *c = code_alloc(cg_str_from_c(sc->name), cg_incref(qualname), arena_filename(arena), first);
    if (!c)
        return cg_raise_nomemory();
    if (code_failed(c) || fill_names(c, sc) < 0) {
        cg_obj_decref(c);
        return CG_ERR;
    }
    const cg_params *p = &sc->params;
    for (int i = 0; i < p->n; i++) {
        switch (p->kinds[i]) {
        case PARAM_POS_ONLY: c->posonly++, c->argcount++; break;
        case PARAM_POS: c->argcount++; break;
        case PARAM_KW_ONLY: c->kwonly++; break;
        case PARAM_VAR_POS: c->flags |= CO_VARARGS; break;
        case PARAM_VAR_KW: c->flags |= CO_VARKEYWORDS; break;
        }
    }
    c->flags |= CO_OPTIMIZED | CO_NEWLOCALS;
    if (sc->parent && sc->parent->kind == SCOPE_FUNCTION)
        c->flags |= CO_NESTED;
    if (sc->is_async && sc->kind == SCOPE_FUNCTION)
        c->flags |= sc->has_yield || sc->node->kind == AST_GENERATOR_EXP ? CO_ASYNC_GENERATOR : CO_COROUTINE;
    else if (sc->has_yield)
        c->flags |= CO_GENERATOR;
    return cg_obj_value(c);
}

cg_value cg_function_code(cg_value fn) {
    cg_function *f = (cg_function *)fn.u.o;
    return code_of_scope(f->scope, f->arena, f->qualname);
}

/* ---- frames ---------------------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_value code, globals, locals, back, trace;
    int64_t lineno;
    cg_gc_link gc;
} pyframe;

static void frame_dealloc(cg_obj *o) {
    pyframe *f = (pyframe *)o;
    cg_gc_untrack(f);
    cg_decref(f->code);
    cg_decref(f->globals);
    cg_decref(f->locals);
    cg_decref(f->back);
    cg_decref(f->trace);
    free(f);
}

static void frame_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    pyframe *f = (pyframe *)o;
    cg_visit_value(f->globals, visit, arg);
    cg_visit_value(f->locals, visit, arg);
    cg_visit_value(f->back, visit, arg);
    cg_visit_value(f->trace, visit, arg);
}

static void frame_clear_refs(cg_obj *o) {
    pyframe *f = (pyframe *)o;
    cg_value_set(&f->locals, CG_NONE);
    cg_value_set(&f->back, CG_NONE);
    cg_value_set(&f->trace, CG_NONE);
}

static cg_value frame_repr(cg_value v) {
    pyframe *f = (pyframe *)v.u.o;
    pycode *c = (pycode *)f->code.u.o;
    return cg_str_fmt("<frame at %p, file '%s', line %lld, code %s>", (void *)f, cg_str_cstr(c->filename),
                      (long long)f->lineno, cg_str_cstr(c->name));
}

static cg_value frame_getattr(cg_value v, cg_str *name) {
    pyframe *f = (pyframe *)v.u.o;
    const char *n = name->s;
    if (!strcmp(n, "f_code"))
        return cg_incref(f->code);
    if (!strcmp(n, "f_globals"))
        return cg_incref(f->globals);
    if (!strcmp(n, "f_locals"))
        return cg_incref(f->locals.tag == CG_V_NONE ? f->globals : f->locals);
    if (!strcmp(n, "f_back"))
        return cg_incref(f->back);
    if (!strcmp(n, "f_lineno"))
        return cg_int(f->lineno);
    if (!strcmp(n, "f_lasti"))
        return cg_int(0);
    if (!strcmp(n, "f_trace"))
        return cg_incref(f->trace);
    if (!strcmp(n, "f_trace_lines"))
        return CG_TRUE;
    if (!strcmp(n, "f_trace_opcodes"))
        return CG_FALSE;
    if (!strcmp(n, "f_builtins"))
        return cg_ev.builtins ? cg_incref(cg_obj_value(cg_ev.builtins)) : cg_dict_new();
    return CG_STOP;
}

static int frame_setattr(cg_value v, cg_str *name, cg_value value) {
    pyframe *f = (pyframe *)v.u.o;
    if (!strcmp(name->s, "f_trace")) {
        cg_value_set(&f->trace, value.tag == CG_V_ERR ? CG_NONE : cg_incref(value));
        return 0;
    }
    if (!strcmp(name->s, "f_trace_lines") || !strcmp(name->s, "f_trace_opcodes"))
        return 0;
    return cg_raise_int(&cg_exc_AttributeError, "attribute '%s' of 'frame' objects is not writable", name->s);
}

/* frame.clear(): drops the snapshot's locals, as CPython's does for a
 * frame that has finished. */
static cg_value frame_clear_m(cg_value self, const cg_args *a) {
    (void)a;
    pyframe *f = (pyframe *)self.u.o;
    if (f->locals.tag != CG_V_NONE) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return d;
        cg_value_set(&f->locals, d);
    }
    return CG_NONE;
}

static const cg_method_def frame_methods[] = {
    {"clear", frame_clear_m, NULL, "Clear all references held by the frame."},
    {NULL},
};

cg_type cg_type_pyframe = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "frame",
    .module = "builtins",
    .basicsize = sizeof(pyframe),
    .flags = CG_TYPE_TRASHCAN,
    .dealloc = frame_dealloc,
    .gc_offset = offsetof(pyframe, gc),
    .traverse = frame_traverse,
    .clear = frame_clear_refs,
    .repr = frame_repr,
    .getattr = frame_getattr,
    .setattr = frame_setattr,
    .hash = cg_object_hash,
};

static int ready_types(void) {
    if (!cg_type_pyframe.dict && cg_type_add_methods(&cg_type_pyframe, frame_methods) < 0)
        return -1;
    return 0;
}

/* code, globals and locals (None: the globals) taken; back taken. */
static cg_value frame_new(cg_value code, cg_value globals, cg_value locals, cg_value back, int64_t lineno) {
    pyframe *f = ready_types() < 0 ? NULL : calloc(1, sizeof *f);
    if (!f) {
        cg_decref(code);
        cg_decref(globals);
        cg_decref(locals);
        cg_decref(back);
        return cg_exc_pending() ? CG_ERR : cg_raise_nomemory();
    }
    f->head = (cg_obj){1, &cg_type_pyframe};
    f->code = code;
    f->globals = globals;
    f->locals = locals;
    f->back = back;
    f->trace = CG_NONE;
    f->lineno = lineno;
    cg_gc_track(f);
    return cg_obj_value(f);
}

/* The snapshot of one live frame, its back already made. */
static cg_value snapshot_one(cg_frame *f, cg_value back) {
    cg_value code;
    if (f->func) {
        code = code_of_scope(f->func->scope, f->arena, f->func->qualname);
    } else {
        bool module = !f->scope || f->scope->kind == SCOPE_MODULE;
        int64_t first = !module && f->scope->node ? f->scope->node->line : 1;
        cg_value q = cg_str_from_c(f->name);
        cg_value file = arena_filename(f->arena);
        code = cg_is_err(q) || cg_is_err(file) ? CG_ERR : code_plain(f->name, q, file, first);
        if (!cg_is_err(q))
            cg_decref(q);
        if (!cg_is_err(file))
            cg_decref(file);
    }
    cg_value locals = CG_NONE;
    if (!cg_is_err(code) && (f->func || f->locals))
        locals = cg_frame_locals(f);
    if (cg_is_err(code) || cg_is_err(locals)) {
        if (!cg_is_err(code))
            cg_decref(code);
        cg_decref(back);
        return CG_ERR;
    }
    return frame_new(code, cg_incref(cg_obj_value(f->globals)), locals, back, f->line);
}

static cg_value snapshot(cg_frame *f, int depth) {
    if (!f)
        return CG_NONE;
    if (depth > 4096) /* far past any recursion limit: stop copying */
        return CG_NONE;
    cg_value back = snapshot(f->back, depth + 1);
    if (cg_is_err(back))
        return back;
    return snapshot_one(f, back);
}

cg_value cg_frame_object_of(cg_frame *f, bool with_back) {
    if (with_back)
        return snapshot(f, 0);
    return snapshot_one(f, CG_NONE);
}

cg_value cg_frame_object(int depth) {
    cg_frame *f = cg_ev.frame;
    for (int i = 0; f && i < depth; i++)
        f = f->back;
    if (!f)
        return cg_raise(&cg_exc_ValueError, "call stack is not deep enough");
    return snapshot(f, 0);
}

/* ---- tracebacks ------------------------------------------------------------------------ */

typedef struct {
    cg_obj head;
    cg_value frame, next, entry; /* entry: the exception's tuple it came from */
    int64_t lineno;
    cg_gc_link gc;
} pytb;

static void tb_dealloc(cg_obj *o) {
    pytb *t = (pytb *)o;
    cg_gc_untrack(t);
    cg_decref(t->frame);
    cg_decref(t->next);
    cg_decref(t->entry);
    free(t);
}

static void tb_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    pytb *t = (pytb *)o;
    cg_visit_value(t->frame, visit, arg);
    cg_visit_value(t->next, visit, arg);
    cg_visit_value(t->entry, visit, arg);
}

static void tb_clear(cg_obj *o) {
    pytb *t = (pytb *)o;
    cg_value_set(&t->next, CG_NONE);
    cg_value_set(&t->frame, CG_NONE);
}

static cg_value tb_getattr(cg_value v, cg_str *name) {
    pytb *t = (pytb *)v.u.o;
    const char *n = name->s;
    if (!strcmp(n, "tb_frame"))
        return cg_incref(t->frame);
    if (!strcmp(n, "tb_next"))
        return cg_incref(t->next);
    if (!strcmp(n, "tb_lineno"))
        return cg_int(t->lineno);
    if (!strcmp(n, "tb_lasti"))
        return cg_int(0);
    /* the columns the runtime's printer puts its carets under: (col,
     * end_col, anchor_left, anchor_right), -1 where unknown */
    if (!strcmp(n, "_cg_position")) {
        cg_tuple *e = (cg_tuple *)t->entry.u.o;
        cg_value r = cg_tuple_new(5);
        if (cg_is_err(r))
            return r;
        for (int i = 0; i < 4; i++)
            ((cg_tuple *)r.u.o)->items[i] = e->items[4 + i];
        ((cg_tuple *)r.u.o)->items[4] = cg_incref(e->items[2]);
        return r;
    }
    return CG_STOP;
}

static int tb_setattr(cg_value v, cg_str *name, cg_value value) {
    pytb *t = (pytb *)v.u.o;
    if (!strcmp(name->s, "tb_next")) {
        if (value.tag != CG_V_NONE && !cg_is_type(value, &cg_type_pytb))
            return cg_raise_int(&cg_exc_TypeError, "expected traceback object or None, got '%s'",
                                cg_type_name(value));
        cg_value_set(&t->next, value.tag == CG_V_ERR ? CG_NONE : cg_incref(value));
        return 0;
    }
    return cg_raise_int(&cg_exc_AttributeError, "attribute '%s' of 'traceback' objects is not writable", name->s);
}

cg_type cg_type_pytb = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "traceback",
    .module = "builtins",
    .basicsize = sizeof(pytb),
    .flags = CG_TYPE_TRASHCAN,
    .dealloc = tb_dealloc,
    .gc_offset = offsetof(pytb, gc),
    .traverse = tb_traverse,
    .clear = tb_clear,
    .getattr = tb_getattr,
    .setattr = tb_setattr,
    .hash = cg_object_hash,
};

/* The frame a traceback entry stands for: (filename, line, text, name,
 * col, end, left, right, globals, qualname, firstlineno). Its f_back is
 * the entry of the frame that called it, when the traceback has it. */
static cg_value entry_frame(cg_tuple *e, cg_value back) {
    bool full = e->len >= 11;
    const char *name = cg_is_str(e->items[3]) ? cg_str_cstr(e->items[3]) : "?";
    cg_value code = code_plain(name, full && cg_is_str(e->items[9]) ? e->items[9] : e->items[3], e->items[0],
                               full && e->items[10].tag == CG_V_INT ? e->items[10].u.i : 1);
    if (cg_is_err(code)) {
        cg_decref(back);
        return code;
    }
    cg_value globals = full && e->items[8].tag == CG_V_OBJ ? cg_incref(e->items[8]) : cg_dict_new();
    if (cg_is_err(globals)) {
        cg_decref(code);
        cg_decref(back);
        return globals;
    }
    bool module = !strcmp(name, "<module>");
    cg_value locals = module ? CG_NONE : cg_dict_new();
    if (cg_is_err(locals)) {
        cg_decref(code);
        cg_decref(globals);
        cg_decref(back);
        return locals;
    }
    return frame_new(code, globals, locals, back, e->items[1].u.i);
}

cg_value cg_traceback_objects(cg_value list) {
    if (list.tag != CG_V_OBJ || !cg_is_type(list, &cg_type_list))
        return CG_NONE;
    cg_list *l = (cg_list *)list.u.o;
    /* entries run innermost first; the chain starts at the outermost */
    cg_value next = CG_NONE;
    cg_value frames = cg_list_new(0);
    if (cg_is_err(frames))
        return frames;
    cg_value back = CG_NONE;
    for (int64_t i = l->len - 1; i >= 0; i--) {
        cg_value fr = entry_frame((cg_tuple *)l->items[i].u.o, cg_incref(back));
        if (cg_is_err(fr) || cg_list_append_steal(frames, fr) < 0) {
            cg_decref(frames);
            cg_decref(back);
            return CG_ERR;
        }
        cg_value_set(&back, cg_incref(fr));
    }
    cg_decref(back);
    for (int64_t i = 0; i < l->len; i++) {
        pytb *t = calloc(1, sizeof *t);
        if (!t) {
            cg_decref(next);
            cg_decref(frames);
            return cg_raise_nomemory();
        }
        cg_list *fl = (cg_list *)frames.u.o;
        t->head = (cg_obj){1, &cg_type_pytb};
        t->frame = cg_incref(fl->items[fl->len - 1 - i]);
        t->entry = cg_incref(l->items[i]);
        t->lineno = ((cg_tuple *)l->items[i].u.o)->items[1].u.i;
        t->next = next;
        cg_gc_track(t);
        next = cg_obj_value(t);
    }
    cg_decref(frames);
    return next;
}

cg_value cg_traceback_entries(cg_value tb) {
    if (tb.tag == CG_V_NONE)
        return CG_NONE;
    if (!cg_is_type(tb, &cg_type_pytb))
        return cg_raise(&cg_exc_TypeError, "__traceback__ must be a traceback or None");
    cg_value l = cg_list_new(0);
    if (cg_is_err(l))
        return l;
    for (cg_value t = tb; t.tag == CG_V_OBJ; t = ((pytb *)t.u.o)->next)
        if (cg_list_append(l, ((pytb *)t.u.o)->entry) < 0) {
            cg_decref(l);
            return CG_ERR;
        }
    cg_list *li = (cg_list *)l.u.o;
    for (int64_t i = 0, j = li->len - 1; i < j; i++, j--) {
        cg_value x = li->items[i];
        li->items[i] = li->items[j];
        li->items[j] = x;
    }
    return l;
}
