/* call.c: functions written in the language, and calls.
 *
 * A call expression evaluates its callee and arguments (expanding *args
 * and **kwargs) and goes through cg_call; calling a function object makes
 * a frame, binds the parameters (argparse.c), makes its cells, and runs
 * the body. The depth guards that turn runaway recursion into
 * RecursionError are here too. */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/frame_obj.h"
#include "runtime/gc.h"
#include "runtime/genobject.h"
#include "runtime/host.h"
#include "runtime/stack_grow.h"

/* ---- cells ------------------------------------------------------------------- */

static void cell_dealloc(cg_obj *o) {
    cg_decref(((cg_cell *)o)->v);
    free(o);
}

static void cell_traverse(cg_obj *o, cg_visitfn visit, void *arg) { cg_visit_value(((cg_cell *)o)->v, visit, arg); }

/* An emptied cell reads as unbound (NameError), never as freed memory. */
static void cell_clear(cg_obj *o) { cg_value_set(&((cg_cell *)o)->v, CG_STOP); }

cg_type cg_type_cell = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "cell",
    .module = "builtins",
    .basicsize = sizeof(cg_cell),
    .flags = CG_TYPE_TRASHCAN,
    .dealloc = cell_dealloc,
    .gc_offset = offsetof(cg_cell, gc),
    .traverse = cell_traverse,
    .clear = cell_clear,
    .hash = cg_object_hash,
};

cg_value cg_cell_new(cg_value v) {
    cg_cell *c = malloc(sizeof *c);
    if (!c) {
        cg_decref(v);
        return cg_raise_nomemory();
    }
    c->head = (cg_obj){1, &cg_type_cell};
    c->v = v;
    c->gc = (cg_gc_link){0};
    cg_gc_track(c);
    return cg_obj_value(c);
}

/* ---- depth ------------------------------------------------------------------- */

/* Note [One recursion counter]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * CPython 3.11 counts Python frames and C-level nesting in one counter
 * against one limit: each frame takes a level (the module's too), and so
 * does each of its C guards: calling what has no fast call path (an
 * instance's __call__, a class, builtins such as repr and hash: " while
 * calling a Python object"), getting a repr or a str (" while getting the
 * repr/str of an object") and comparing (" in comparison"). Which message
 * a runaway recursion ends with is the message of the guard that takes
 * the level past the limit, so a cycle __repr__ -> repr() -> __repr__
 * ends at whichever of its three levels comes last. cg_ev.depth is that
 * counter: a function call enters through call_function, the guards
 * through cg_recursion_enter, at the places CPython's code (as it runs
 * once specialised: len(), str(x) and isinstance() take no call level
 * there) has them. Other calls of builtins take none, nor do comparisons
 * that reach no user __eq__/__lt__ (CPython specialises those of ints,
 * floats and strs in an if's or while's test; a level it counts for them
 * elsewhere, as in `x = n == 0`, is not modelled). */

int cg_check_depth(void) {
    char probe;
    if ((uintptr_t)&probe >= cg_ev.stack_limit)
        return 0;
    return cg_raise_int(&cg_exc_RecursionError, "maximum recursion depth exceeded");
}

int cg_recursion_enter(const char *where) {
    if (cg_check_depth() < 0)
        return -1;
    if (++cg_ev.depth > cg_ev.limit) { /* see Note [One recursion counter] */
        cg_ev.depth--;
        return cg_raise_int(&cg_exc_RecursionError, "maximum recursion depth exceeded%s", where);
    }
    return 0;
}

void cg_recursion_leave(void) { cg_ev.depth--; }

typedef struct {
    cg_value (*fn)(cg_value);
    cg_value v, result;
    const char *where;
} guarded_job;

static void run_guarded(void *p) {
    guarded_job *j = p;
    j->result = cg_guard_recursion(j->fn, j->v, j->where);
}

cg_value cg_guard_recursion(cg_value (*fn)(cg_value), cg_value v, const char *where) {
    if (cg_stack_should_grow()) { /* deep in a generator's small stack */
        guarded_job j = {.fn = fn, .v = v, .where = where};
        return cg_stack_run_grown(run_guarded, &j) < 0 ? CG_ERR : j.result;
    }
    if (cg_recursion_enter(where) < 0)
        return CG_ERR;
    cg_value r = fn(v);
    cg_recursion_leave();
    return r;
}

/* ---- function objects ------------------------------------------------------------ */

static void function_dealloc(cg_obj *o) {
    cg_function *fn = (cg_function *)o;
    for (int i = 0; i < fn->params.n; i++)
        cg_decref(fn->params.defaults[i]);
    free(fn->params.defaults);
    cg_decref(fn->closure);
    cg_decref(fn->name);
    cg_decref(fn->qualname);
    cg_decref(fn->module);
    cg_decref(fn->doc);
    if (fn->dict)
        cg_obj_decref(fn->dict);
    cg_obj_decref(fn->globals);
    cg_ast_arena_release(fn->arena);
    free(fn);
}

static void function_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_function *fn = (cg_function *)o;
    for (int i = 0; i < fn->params.n; i++)
        cg_visit_value(fn->params.defaults[i], visit, arg);
    cg_visit_value(fn->closure, visit, arg);
    cg_visit_value(fn->module, visit, arg);
    cg_visit_value(fn->doc, visit, arg);
    cg_visit_obj(fn->dict, visit, arg);
    visit((cg_obj *)fn->globals, arg);
}

/* Drops what may have been set after the function was made (its
 * attributes, its doc): the rest it references is older than it, so a
 * cycle through it passes through something cleared elsewhere. */
static void function_clear(cg_obj *o) {
    cg_function *fn = (cg_function *)o;
    CG_CLEAR_OBJ(fn->dict);
    cg_value_set(&fn->doc, CG_NONE);
    cg_value_set(&fn->module, CG_NONE);
}

static cg_value function_repr(cg_value v) {
    cg_function *fn = (cg_function *)v.u.o;
    return cg_str_fmt("<function %s at %p>", cg_str_cstr(fn->qualname), (void *)fn);
}

static cg_value function_descr_get(cg_value d, cg_value obj, cg_type *owner) {
    (void)owner;
    if (obj.tag == CG_V_NONE)
        return cg_incref(d);
    return cg_method_new(d, obj);
}

/* f.__get__(obj, type=None): the descriptor call, a method bound to obj
 * (f itself for None). */
static cg_value function_get_m(cg_value self, const cg_args *a);
static const cg_method_def function_get_def = {"__get__", function_get_m, "__get__(instance, owner=None, /)",
                                               "Return an attribute of instance, which is of type owner."};

static cg_value function_get_m(cg_value self, const cg_args *a) {
    cg_value v[2];
    if (cg_args_bind(&function_get_def, a, v, 2) < 0)
        return CG_ERR;
    cg_value r = v[0].tag == CG_V_NONE ? cg_incref(self) : cg_method_new(self, v[0]);
    cg_args_release(&function_get_def, v, 2);
    return r;
}

static int function_setattr(cg_value v, cg_str *name, cg_value value);

/* __defaults__: a tuple of the positional parameters' defaults, or None;
 * __kwdefaults__: a dict of the keyword-only ones, or None. */
static cg_value function_defaults(cg_function *fn, bool kw) {
    const cg_params *p = &fn->params;
    int n = 0, first = -1;
    for (int i = 0; i < p->n; i++)
        if (p->defaults[i].tag != CG_V_STOP && (p->kinds[i] == PARAM_KW_ONLY) == kw) {
            n++;
            if (first < 0)
                first = i;
        }
    if (n == 0)
        return CG_NONE;
    cg_value r = kw ? cg_dict_new() : cg_tuple_new(n);
    for (int i = 0, k = 0; !cg_is_err(r) && i < p->n; i++) {
        if (p->defaults[i].tag == CG_V_STOP || (p->kinds[i] == PARAM_KW_ONLY) != kw)
            continue;
        if (!kw) {
            ((cg_tuple *)r.u.o)->items[k++] = cg_incref(p->defaults[i]);
        } else if (cg_dict_set(cg_as_dict(r), cg_obj_value(p->names[i]), p->defaults[i]) < 0) {
            cg_decref(r);
            return CG_ERR;
        }
    }
    return r;
}

static cg_value function_getattr(cg_value v, cg_str *name) {
    cg_function *fn = (cg_function *)v.u.o;
    const char *n = name->s;
    if (!strcmp(n, "__get__"))
        return cg_builtin_new(&function_get_def, v);
    if (!strcmp(n, "__name__"))
        return cg_incref(fn->name);
    if (!strcmp(n, "__qualname__"))
        return cg_incref(fn->qualname);
    if (!strcmp(n, "__module__"))
        return cg_incref(fn->module);
    if (!strcmp(n, "__doc__"))
        return cg_incref(fn->doc);
    if (!strcmp(n, "__code__"))
        return cg_function_code(v);
    if (!strcmp(n, "__globals__"))
        return cg_incref(cg_obj_value(fn->globals));
    if (!strcmp(n, "__closure__"))
        return cg_incref(fn->closure);
    if (!strcmp(n, "__defaults__") || !strcmp(n, "__kwdefaults__"))
        return function_defaults(fn, n[2] == 'k');
    if (!strcmp(n, "__annotations__") && !(fn->dict && cg_dict_get_str_borrowed(fn->dict, name).tag != CG_V_STOP)) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d) || function_setattr(v, name, d) < 0) {
            cg_decref(d);
            return CG_ERR;
        }
        return d;
    }
    if (!strcmp(n, "__dict__")) {
        if (!fn->dict) {
            cg_value d = cg_dict_new();
            if (cg_is_err(d))
                return d;
            fn->dict = cg_as_dict(d);
        }
        return cg_incref(cg_obj_value(fn->dict));
    }
    if (fn->dict) {
        cg_value r = cg_dict_get_str_borrowed(fn->dict, name);
        if (r.tag != CG_V_STOP)
            return cg_incref(r);
    }
    return CG_STOP;
}

static int function_setattr(cg_value v, cg_str *name, cg_value value) {
    cg_function *fn = (cg_function *)v.u.o;
    cg_value *field = !strcmp(name->s, "__name__")       ? &fn->name
                      : !strcmp(name->s, "__qualname__") ? &fn->qualname
                      : !strcmp(name->s, "__doc__")      ? &fn->doc
                      : !strcmp(name->s, "__module__")   ? &fn->module
                                                         : NULL;
    if (field) {
        if (value.tag == CG_V_ERR)
            return cg_raise_int(&cg_exc_TypeError, "can't delete %s", name->s);
        cg_value_set(field, cg_incref(value));
        return 0;
    }
    if (!fn->dict) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return -1;
        fn->dict = cg_as_dict(d);
    }
    if (value.tag == CG_V_ERR) {
        int r = cg_dict_del(fn->dict, cg_obj_value(name));
        if (r == 0)
            cg_raise_no_attribute(v, name);
        return r > 0 ? 0 : -1;
    }
    return cg_dict_set(fn->dict, cg_obj_value(name), value);
}

static cg_value function_call(cg_value f, const cg_args *a);

cg_type cg_type_function = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "function",
    .module = "builtins",
    .basicsize = sizeof(cg_function),
    .flags = CG_TYPE_TRASHCAN | CG_TYPE_WEAKREF,
    .dealloc = function_dealloc,
    .gc_offset = offsetof(cg_function, gc),
    .traverse = function_traverse,
    .clear = function_clear,
    .repr = function_repr,
    .hash = cg_object_hash,
    .call = function_call,
    .getattr = function_getattr,
    .setattr = function_setattr,
    .descr_get = function_descr_get,
};

static cg_value body_docstring(const cg_ast *def) {
    if (def->kind != AST_FUNCTION_DEF || def->u.func.body.n == 0)
        return CG_NONE;
    const cg_ast *s = def->u.func.body.items[0];
    if (s->kind != AST_EXPR_STMT || s->u.expr.value->kind != AST_CONSTANT
        || s->u.expr.value->u.constant.kind != CONST_STR)
        return CG_NONE;
    return cg_incref(*(cg_value *)s->u.expr.value->u.constant.value);
}

cg_value cg_function_new(cg_frame *f, const cg_ast *def, cg_value *defaults, int ndefaults, cg_value *kwdefaults) {
    cg_scope *sc = cg_scope_of(def);
    cg_function *fn = calloc(1, sizeof *fn);
    cg_value *dflt = calloc((size_t)sc->params.n + 1, sizeof *dflt);
    cg_value closure = CG_NONE;
    if (sc->nfree)
        closure = cg_tuple_new(sc->nfree);
    if (!fn || !dflt || cg_is_err(closure)) {
        free(fn);
        free(dflt);
        if (!cg_is_err(closure))
            cg_decref(closure);
        return cg_raise_nomemory();
    }
    fn->head = (cg_obj){1, &cg_type_function};
    fn->scope = sc;
    fn->arena = f->arena;
    cg_ast_arena_retain(f->arena);
    fn->globals = f->globals;
    cg_obj_incref(f->globals);
    fn->params = sc->params;
    fn->params.defaults = dflt;
    /* defaults align with the last positional parameters */
    int npos = sc->params.npos;
    for (int i = 0; i < sc->params.n; i++)
        dflt[i] = CG_STOP;
    for (int i = 0; i < ndefaults; i++)
        dflt[npos - ndefaults + i] = cg_incref(defaults[i]);
    if (kwdefaults) {
        int k = 0;
        for (int i = 0; i < sc->params.n; i++)
            if (sc->params.kinds[i] == PARAM_KW_ONLY) {
                dflt[i] = cg_incref(kwdefaults[k]);
                k++;
            }
    }
    for (int i = 0; i < sc->nfree; i++)
        ((cg_tuple *)closure.u.o)->items[i] = cg_incref(f->slots[sc->free_from[i]]);
    fn->closure = closure;
    fn->name = cg_incref(cg_obj_value(cg_str_intern(sc->name)));
    fn->qualname = cg_str_from_c(sc->qualname);
    cg_value modname = cg_dict_get_str_borrowed(f->globals, cg_str_intern("__name__"));
    fn->module = modname.tag == CG_V_STOP ? CG_NONE : cg_incref(modname);
    fn->doc = body_docstring(def);
    if (cg_is_err(fn->qualname)) {
        fn->qualname = CG_NONE;
        cg_obj_decref(fn);
        return CG_ERR;
    }
    cg_gc_track(fn);
    return cg_obj_value(fn);
}

/* Binds the arguments into the frame's first slots: the common case of
 * exactly the positional parameters, without copying through the binder. */
static int bind(cg_function *fn, const cg_args *a, cg_value *slots) {
    const cg_params *p = &fn->params;
    if (a->nkw == 0 && a->npos == p->n && p->npos == p->n) {
        for (int i = 0; i < a->npos; i++)
            slots[i] = cg_incref(a->pos[i]);
        return 0;
    }
    return cg_params_bind(p, a, slots);
}

/* A generator function's call: the bound frame goes to the generator. */
static cg_value generator_of(cg_function *fn, cg_value *slots, cg_value *small) {
    size_t n = (size_t)fn->scope->nslots;
    cg_value *own = slots;
    if (slots == small) {
        own = malloc(sizeof *own * (n ? n : 1));
        if (!own) {
            for (size_t i = 0; i < n; i++)
                cg_decref(slots[i]);
            return cg_raise_nomemory();
        }
        memcpy(own, slots, sizeof *own * n);
    }
    return cg_gen_new(fn, own);
}

static cg_value function_call(cg_value f, const cg_args *a) {
    cg_function *fn = (cg_function *)f.u.o;
    cg_scope *sc = fn->scope;
    cg_value small[16];
    cg_value *slots = sc->nslots <= 16 ? small : malloc(sizeof *slots * (size_t)sc->nslots);
    if (!slots)
        return cg_raise_nomemory();
    for (int i = sc->nparams; i < sc->nslots; i++)
        slots[i] = CG_STOP;
    if (bind(fn, a, slots) < 0) {
        if (slots != small)
            free(slots);
        return CG_ERR;
    }
    for (int i = 0; i < sc->ncells; i++) {
        int s = sc->cell_slots[i];
        slots[s] = cg_cell_new(slots[s]);
    }
    for (int i = 0; i < sc->nfree; i++)
        slots[sc->free_slots[i]] = cg_incref(((cg_tuple *)fn->closure.u.o)->items[i]);
    if (sc->has_yield || sc->is_async)
        return generator_of(fn, slots, small);
    cg_frame frame = {.back = cg_ev.frame,
                      .func = fn,
                      .scope = sc,
                      .slots = slots,
                      .globals = fn->globals,
                      .arena = fn->arena,
                      .name = sc->name,
                      .line = sc->node->line,
                      .retval = CG_NONE};
    cg_value result;
    if (cg_eval_poll() < 0) {
        cg_ev.depth++;
        result = CG_ERR;
    } else if (++cg_ev.depth > cg_ev.limit) {
        cg_raise(&cg_exc_RecursionError, "maximum recursion depth exceeded");
        result = CG_ERR;
    } else {
        cg_ev.frame = &frame;
        cg_exec_status r = cg_exec_block(&frame, &sc->node->u.func.body);
        cg_ev.frame = frame.back;
        if (r == EXEC_ERR) {
            cg_frame_add_traceback(&frame);
            result = CG_ERR;
            cg_decref(frame.retval);
        } else {
            result = frame.retval;
        }
    }
    cg_ev.depth--;
    for (int i = 0; i < sc->nslots; i++)
        cg_decref(slots[i]);
    if (slots != small)
        free(slots);
    return result;
}

/* Python adds a frame's entry once, where the exception first passes
 * through it: where it is raised, caught, or leaves the frame. */
void cg_frame_add_traceback(cg_frame *f) {
    cg_value pending = cg_exc_peek_borrowed();
    if (!cg_isinstance(pending, &cg_exc_BaseException))
        return;
    cg_exc *e = (cg_exc *)pending.u.o;
    if (e->tb_frame == f)
        return;
    e->tb_frame = f;
    const cg_ast *node = f->errnode ? f->errnode : f->stmt;
    int line = f->errnode ? f->errnode->line : f->line;
    cg_exc_add_traceback(f, node, line);
}

/* ---- call expressions ---------------------------------------------------------------- */

typedef struct {
    cg_value *pos;
    int npos, cappos;
    cg_str **kwn;
    cg_value *kwv;
    int nkw, capkw;
    cg_value small_pos[8];
} call_args;

static int push_pos(call_args *c, cg_value v) {
    if (c->npos == c->cappos) {
        int cap = c->cappos * 2;
        cg_value *n =
            c->pos == c->small_pos ? malloc(sizeof *n * (size_t)cap) : realloc(c->pos, sizeof *n * (size_t)cap);
        if (!n) {
            cg_decref(v);
            cg_raise_nomemory();
            return -1;
        }
        if (c->pos == c->small_pos)
            memcpy(n, c->small_pos, sizeof c->small_pos);
        c->pos = n;
        c->cappos = cap;
    }
    c->pos[c->npos++] = v;
    return 0;
}

static int push_kw(call_args *c, cg_str *name, cg_value v) {
    for (int i = 0; i < c->nkw; i++)
        if (c->kwn[i] == name) {
            cg_decref(v);
            return cg_raise_int(&cg_exc_TypeError, "got multiple values for keyword argument '%s'", name->s);
        }
    if (c->nkw == c->capkw) {
        int cap = c->capkw ? c->capkw * 2 : 8;
        cg_str **nn = realloc(c->kwn, sizeof *nn * (size_t)cap);
        if (nn)
            c->kwn = nn;
        cg_value *nv = nn ? realloc(c->kwv, sizeof *nv * (size_t)cap) : NULL;
        if (!nn || !nv) {
            cg_decref(v);
            cg_raise_nomemory();
            return -1;
        }
        c->kwv = nv;
        c->capkw = cap;
    }
    cg_obj_incref(name);
    c->kwn[c->nkw] = name;
    c->kwv[c->nkw++] = v;
    return 0;
}

static void free_args(call_args *c) {
    for (int i = 0; i < c->npos; i++)
        cg_decref(c->pos[i]);
    for (int i = 0; i < c->nkw; i++) {
        cg_obj_decref(c->kwn[i]);
        cg_decref(c->kwv[i]);
    }
    if (c->pos != c->small_pos)
        free(c->pos);
    free(c->kwn);
    free(c->kwv);
}

static int star_args(call_args *c, cg_value iterable, cg_value func) {
    cg_value it = cg_iter(iterable);
    if (cg_is_err(it)) {
        if (cg_exc_matches(&cg_exc_TypeError)) {
            cg_exc_clear();
            cg_value r = cg_repr(func);
            cg_raise(&cg_exc_TypeError, "%s argument after * must be an iterable, not %s",
                     cg_is_err(r) ? "function" : cg_str_cstr(r), cg_type_name(iterable));
            cg_decref(r);
        }
        return -1;
    }
    for (;;) {
        cg_value x = cg_next(it);
        if (x.tag == CG_V_STOP)
            break;
        if (cg_is_err(x) || push_pos(c, x) < 0) {
            cg_decref(it);
            return -1;
        }
    }
    cg_decref(it);
    return 0;
}

static int star_kwargs(call_args *c, cg_value mapping) {
    if (!cg_is_type(mapping, &cg_type_dict))
        return cg_raise_int(&cg_exc_TypeError, "argument after ** must be a mapping, not %s", cg_type_name(mapping));
    int64_t pos = 0;
    cg_value k, v;
    while (cg_dict_next(cg_as_dict(mapping), &pos, &k, &v)) {
        if (!cg_is_str(k))
            return cg_raise_int(&cg_exc_TypeError, "keywords must be strings");
        if (push_kw(c, cg_str_intern(cg_str_cstr(k)), cg_incref(v)) < 0)
            return -1;
    }
    return 0;
}

/* Evaluates a call's arguments (args may hold *x, keywords **m) and hands
 * them to fn; a class statement's bases and keywords take this path too. */
cg_value cg_eval_args_then(cg_frame *f, cg_value func, const cg_ast_list *args, const cg_ast_list *kws,
                           cg_value (*fn)(void *ctx, const cg_args *a), void *ctx) {
    call_args c = {.cappos = 8};
    c.pos = c.small_pos;
    for (int i = 0; i < args->n; i++) {
        const cg_ast *x = args->items[i];
        bool star = x->kind == AST_STARRED;
        cg_value v = cg_eval_expr(f, star ? x->u.starred.value : x);
        if (cg_is_err(v))
            goto fail;
        if (star) {
            int rc = star_args(&c, v, func);
            cg_decref(v);
            if (rc < 0)
                goto fail;
        } else if (push_pos(&c, v) < 0) {
            goto fail;
        }
    }
    for (int i = 0; i < kws->n; i++) {
        const cg_ast *k = kws->items[i];
        cg_value v = cg_eval_expr(f, k->u.keyword.value);
        if (cg_is_err(v))
            goto fail;
        int rc;
        if (k->u.keyword.arg) {
            rc = push_kw(&c, cg_str_of(k->u.keyword.arg), v);
        } else {
            rc = star_kwargs(&c, v);
            cg_decref(v);
        }
        if (rc < 0)
            goto fail;
    }
    cg_args a = {.pos = c.pos, .npos = c.npos, .kwn = c.kwn, .kwv = c.kwv, .nkw = c.nkw};
    cg_value r = fn(ctx, &a);
    free_args(&c);
    return r;
fail:
    free_args(&c);
    return CG_ERR;
}

static cg_value call_func(void *ctx, const cg_args *a) { return cg_call(*(cg_value *)ctx, a); }

/* Note [Builtin method calls]
 * obj.name(...) where obj's type is written in C, keeps no instance dict
 * and has no getattr slot (list, dict, str, set, collections.deque, ...),
 * and name is an unbound builtin method of that type: the method's C
 * function is called with obj as self, and no bound method object is
 * made (CPython's LOAD_METHOD does the same). The generic path would find
 * the same function, since nothing on the instance can shadow it. Calls
 * with *args keep the generic path (its messages name the bound method). */
typedef struct {
    const cg_method_def *def;
    cg_value self;
} method_call;

static cg_value call_method_def(void *ctx, const cg_args *a) {
    method_call *m = ctx;
    return m->def->fn(m->self, a);
}

/* Note [Method lookup cache]
 * The lookup of obj.name(...)'s method in its C type's dict is the same
 * at every run of a loop: a small direct-mapped table, keyed by the type
 * and the name, remembers where in the type's own dict the name was
 * found. A (dict, version) pair names one set of keys (dict.c), so while
 * the version holds the entry is still that name's and no entry of the
 * type's dict (first in the lookup order) has come to shadow it; its
 * value is read afresh each time. Names found in a base's dict are not
 * kept. The table is only read and written by the thread that holds the
 * interpreter lock. */
#define METHOD_CACHE_SIZE 256

typedef struct {
    const cg_type *type;
    const cg_str *name;
    uint64_t version;
    int64_t ix;
} method_cache_entry;

static method_cache_entry method_cache[METHOD_CACHE_SIZE];

static cg_value c_type_lookup_cached(const cg_type *t, cg_str *name) {
    if (!t->dict)
        return cg_type_lookup_borrowed(t, name);
    method_cache_entry *c = &method_cache[((uintptr_t)t >> 4 ^ (uintptr_t)name >> 4) % METHOD_CACHE_SIZE];
    if (c->type == t && c->name == name && c->version == t->dict->version)
        return t->dict->entries[c->ix].value;
    int64_t ix = cg_dict_index_str(t->dict, name);
    if (ix < 0)
        return cg_type_lookup_borrowed(t, name);
    *c = (method_cache_entry){t, name, t->dict->version, ix};
    return t->dict->entries[ix].value;
}

static const cg_method_def *c_method_of(cg_value obj, cg_str *name) {
    if (obj.tag != CG_V_OBJ)
        return NULL;
    cg_type *t = obj.u.o->type;
    if (t->getattr || (t->flags & (CG_TYPE_HEAP | CG_TYPE_HAS_DICT | CG_TYPE_GETATTRIBUTE)))
        return NULL;
    cg_value m = c_type_lookup_cached(t, name);
    if (m.tag != CG_V_OBJ || m.u.o->type != &cg_type_builtin || ((cg_builtin *)m.u.o)->self.tag != CG_V_STOP)
        return NULL;
    return ((cg_builtin *)m.u.o)->def;
}

static bool has_star_args(const cg_ast_list *args) {
    for (int i = 0; i < args->n; i++)
        if (args->items[i]->kind == AST_STARRED)
            return true;
    return false;
}

/* Note [Calls with few arguments]
 * Most calls pass a few positional arguments and nothing else: they are
 * evaluated into an array on the C stack and handed to fn, without the
 * growable argument lists cg_eval_args_then keeps for *x and keywords. */
enum { FEW_ARGS = 4 };

/* inlined at each call, where fn is known: its call is direct */
__attribute__((always_inline)) static inline cg_value call_few_args(cg_frame *f, const cg_ast_list *args,
                                                                   cg_value (*fn)(void *ctx, const cg_args *a),
                                                                   void *ctx) {
    cg_value pos[FEW_ARGS];
    int n = 0;
    cg_value r = CG_ERR;
    for (; n < args->n; n++) {
        pos[n] = cg_eval_expr(f, args->items[n]);
        if (cg_is_err(pos[n]))
            break;
    }
    if (n == args->n)
        r = fn(ctx, &(cg_args){.pos = pos, .npos = n});
    for (int i = 0; i < n; i++)
        cg_decref(pos[i]);
    return r;
}

cg_value cg_eval_call(cg_frame *f, const cg_ast *e) {
    const cg_ast *fe = e->u.call.func;
    bool star = has_star_args(&e->u.call.args);
    bool few = !star && e->u.call.keywords.n == 0 && e->u.call.args.n <= FEW_ARGS;
    cg_value func;
    if (fe->kind == AST_ATTRIBUTE && !star) {
        cg_value obj = cg_eval_expr(f, fe->u.attr.value);
        if (cg_is_err(obj))
            return obj;
        const cg_method_def *def = c_method_of(obj, (cg_str *)fe->u.attr.name);
        if (def) {
            method_call m = {def, obj};
            cg_value r = few ? call_few_args(f, &e->u.call.args, call_method_def, &m)
                             : cg_eval_args_then(f, CG_NONE, &e->u.call.args, &e->u.call.keywords, call_method_def, &m);
            cg_decref(obj);
            return r;
        }
        func = cg_getattr(obj, (cg_str *)fe->u.attr.name);
        cg_decref(obj);
    } else {
        func = cg_eval_expr(f, fe);
    }
    if (cg_is_err(func))
        return func;
    cg_value r = few ? call_few_args(f, &e->u.call.args, call_func, &func)
                     : cg_eval_args_then(f, func, &e->u.call.args, &e->u.call.keywords, call_func, &func);
    cg_decref(func);
    return r;
}
