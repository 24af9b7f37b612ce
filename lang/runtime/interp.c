/* interp.c: starting the language, sessions, and running source text.
 *
 * A session is one namespace: `__main__` of a script, or a notebook's,
 * where each cell runs after the ones before. Running text parses it,
 * resolves its names (scope.c) and executes it in a module frame; the
 * value of a final expression statement is the cell's result. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "parse/parser.h"
#include "runtime/containers.h"
#include "runtime/eval.h"
#include "runtime/host.h"
#include "runtime/gc.h"
#include "runtime/gil.h"
#include "runtime/genobject.h"
#include "runtime/interp.h"
#include "runtime/module.h"
#include "runtime/stack_grow.h"
#include "runtime/stack_slots.h"
#include "runtime/weakref.h"

struct cg_session {
    cg_value globals; /* dict */
    cg_value main;    /* the __main__ module over globals, in sys.modules */
};

static bool started;

static int add_builtin(const char *name, cg_type *t) { return cg_dict_set_str(cg_ev.builtins, name, cg_obj_value(t)); }

int cg_lang_init(void) {
    if (started)
        return 0;
    cg_value b = cg_dict_new();
    if (cg_is_err(b))
        return -1;
    cg_ev.builtins = cg_as_dict(b);
    cg_parse_budget_limits.interrupt = &cg_interrupt_requested;
    started = true; /* from here a failure has something to undo */
    if (cg_exc_types_init() < 0 || cg_object_type_init() < 0 || cg_descriptor_types_init() < 0
        || cg_builtins_init(cg_ev.builtins) < 0 || add_builtin("super", &cg_type_super) < 0
        || add_builtin("staticmethod", &cg_type_staticmethod) < 0
        || add_builtin("classmethod", &cg_type_classmethod) < 0 || add_builtin("property", &cg_type_property) < 0
        || add_builtin("object", &cg_type_object) < 0 || add_builtin("type", &cg_type_type) < 0
        || cg_boxed_types_init() < 0) {
        cg_lang_shutdown();
        return -1;
    }
    return 0;
}

/* The source of every cell run, by its name ("<cell 3>"): linecache (and
 * so traceback, inspect.getsource) reads a cell's lines there, as
 * IPython puts them in Python's linecache. Files are read from disk. */
static cg_dict *cell_sources;

void cg_lang_shutdown(void) {
    if (!started)
        return;
    cg_gil_finalize();     /* threads still running stop where they are */
    cg_gc.enabled = false; /* no collection while the namespaces come apart */
    cg_modules_shutdown();
    cg_dict_clear(cg_ev.builtins);
    cg_obj_decref(cg_ev.builtins);
    cg_ev.builtins = NULL;
    cg_argparse_shutdown();
    if (cell_sources) {
        cg_dict_clear(cell_sources);
        CG_CLEAR_OBJ(cell_sources);
    }
    cg_weakref_shutdown();
    cg_repr_stack_free(); /* this thread's; a started thread frees its own at its end */
    cg_gc.enabled = true;
    started = false;
}

cg_session *cg_session_new(void) {
    cg_session *s = malloc(sizeof *s);
    if (!s) {
        cg_raise_nomemory();
        return NULL;
    }
    s->main = CG_NONE;
    s->globals = cg_dict_new();
    cg_value name = cg_str_from_c("__main__");
    if (cg_is_err(s->globals) || cg_is_err(name) || cg_dict_set_str(cg_as_dict(s->globals), "__name__", name) < 0
        || cg_dict_set_str(cg_as_dict(s->globals), "__doc__", CG_NONE) < 0) {
        cg_decref(name);
        cg_decref(s->globals);
        free(s);
        return NULL;
    }
    cg_decref(name);
    cg_gc_track(s->globals.u.o); /* as a module's namespace (modules.c) */
    /* sys.modules['__main__'] is the session's namespace (pickle and
     * dataclasses look classes up there) */
    s->main = cg_module_new("__main__");
    cg_dict *modules = cg_sys_modules();
    if (cg_is_err(s->main) || !modules) {
        cg_session_free(s);
        return NULL;
    }
    cg_module *m = (cg_module *)s->main.u.o;
    cg_obj_incref(s->globals.u.o);
    CG_CLEAR_OBJ(m->dict);
    m->dict = cg_as_dict(s->globals);
    if (cg_dict_set_str(modules, "__main__", s->main) < 0) {
        cg_session_free(s);
        return NULL;
    }
    return s;
}

void cg_session_free(cg_session *s) {
    if (!s)
        return;
    /* Functions and classes refer back to the namespace: empty it so the
     * cycles through it come apart. */
    cg_dict *modules = cg_sys_modules();
    cg_value registered = modules ? cg_dict_get_str_borrowed(modules, cg_str_intern("__main__")) : CG_STOP;
    if (registered.tag == CG_V_OBJ && registered.u.o == s->main.u.o)
        cg_dict_del(modules, cg_obj_value(cg_str_intern("__main__")));
    cg_dict_clear(cg_as_dict(s->globals));
    if (s->main.tag == CG_V_OBJ)
        cg_decref(s->main);
    cg_decref(s->globals);
    free(s);
}

cg_dict *cg_session_globals_borrowed(cg_session *s) { return cg_as_dict(s->globals); }

/* The lowest C stack address the evaluator may use on this thread, with
 * room left for the C code below it (printing, the engine, sanitizers). */
static void set_stack_limit(void) {
    pthread_attr_t attr;
    void *addr;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) != 0)
        return;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
        size_t margin = size / 8 > (1u << 20) ? (1u << 20) : size / 8;
#if defined(__SANITIZE_ADDRESS__)
        margin = size / 4;
#endif
        cg_ev.stack_limit = (uintptr_t)addr + margin;
        cg_ev.stack_grow = 0;
    }
    pthread_attr_destroy(&attr);
}

void cg_thread_state_init(const cg_thread_start *from) {
    cg_ev.builtins = from->builtins;
    cg_ev.limit = from->limit;
    cg_ev.frame = NULL;
    cg_ev.depth = 0;
    set_stack_limit();
}

void cg_thread_state_clear(void) {
    while (cg_ev.nhandled > 0)
        cg_decref(cg_ev.handled[--cg_ev.nhandled]);
    cg_exc_clear();
    cg_repr_stack_free();
    cg_stack_slots_thread_exit();
    cg_stack_segments_thread_exit();
    cg_ev.builtins = NULL;
}

cg_thread_start cg_thread_state_here(void) { return (cg_thread_start){cg_ev.builtins, cg_ev.limit}; }

static cg_value syntax_error(const cg_syntax_error *err, const char *filename, const char *src, size_t len) {
    if (!strcmp(err->kind, "KeyboardInterrupt")) { /* Ctrl-C stopped the parse */
        if (cg_check_interrupt() == 0)
            cg_raise_object(cg_obj_value(&cg_exc_KeyboardInterrupt));
        return CG_ERR;
    }
    cg_type *t = cg_exc_by_name(err->kind);
    if (!t)
        t = &cg_exc_SyntaxError;
    cg_raise(t, "%s", err->msg);
    cg_value e = cg_exc_peek_borrowed();
    cg_dict *d = cg_instance_dict_borrowed(e);
    if (!d)
        return CG_ERR;
    /* the line's text, for the caret */
    const char *p = src, *end = src + len;
    for (int l = 1; l < err->line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    cg_value text = cg_str_new(p, (size_t)((nl ? nl : end) - p));
    cg_value file = cg_str_from_c(filename);
    cg_value msg = cg_str_from_c(err->msg);
    if (!cg_is_err(text) && !cg_is_err(file) && !cg_is_err(msg)) {
        cg_dict_set_str(d, "filename", file);
        cg_dict_set_str(d, "lineno", cg_int(err->line));
        cg_dict_set_str(d, "offset", cg_int(err->col));
        cg_dict_set_str(d, "end_offset", cg_int(err->end_col));
        cg_dict_set_str(d, "text", text);
        cg_dict_set_str(d, "msg", msg);
    }
    cg_decref(text);
    cg_decref(file);
    cg_decref(msg);
    if (!cg_exc_pending())
        cg_exc_restore(cg_incref(e));
    return CG_ERR;
}

static int run_in(cg_dict *globals, const char *src, size_t len, const char *filename, cg_value *result,
                  bool top_level_await);

cg_dict *cg_cell_sources_borrowed(void) {
    if (!cell_sources) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return NULL;
        cell_sources = cg_as_dict(d);
    }
    return cell_sources;
}

static int remember_cell(const char *src, size_t len, const char *filename) {
    if (!filename || filename[0] != '<')
        return 0;
    cg_dict *d = cg_cell_sources_borrowed();
    cg_value key = cg_str_from_c(filename);
    cg_value text = cg_is_err(key) ? CG_ERR : cg_str_new(src, len);
    int rc = !d || cg_is_err(text) ? -1 : cg_dict_set(d, key, text);
    if (!cg_is_err(key))
        cg_decref(key);
    if (!cg_is_err(text))
        cg_decref(text);
    if (rc < 0)
        cg_exc_clear(); /* only linecache loses the lines */
    return 0;
}

int cg_session_run(cg_session *s, const char *src, size_t len, const char *filename, cg_value *result) {
    if (result)
        *result = CG_NONE;
    if (cg_lang_init() < 0)
        return -1;
    set_stack_limit();
    remember_cell(src, len, filename);
    return run_in(cg_as_dict(s->globals), src, len, filename, result, false);
}

int cg_session_run_cell_async(cg_session *s, const char *src, size_t len, const char *filename, cg_value *result) {
    if (result)
        *result = CG_NONE;
    if (cg_lang_init() < 0)
        return -1;
    set_stack_limit();
    remember_cell(src, len, filename);
    return run_in(cg_as_dict(s->globals), src, len, filename, result, true);
}

cg_value cg_module_from_source(const char *name, const char *src, size_t len, const char *filename) {
    cg_value m = cg_module_new(name);
    if (cg_is_err(m))
        return m;
    if (run_in(cg_module_dict_borrowed(m), src, len, filename, NULL, false) < 0) {
        cg_dict_clear(cg_module_dict_borrowed(m));
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}

int cg_module_exec(cg_value module, const char *src, size_t len, const char *filename) {
    return run_in(cg_module_dict_borrowed(module), src, len, filename, NULL, false);
}

struct cg_code {
    cg_ast_arena *arena;
    cg_scope *module;
};

cg_code *cg_code_compile(const char *src, size_t len, const char *filename) {
    return cg_code_compile_cell(src, len, filename, false);
}

cg_code *cg_code_compile_cell(const char *src, size_t len, const char *filename, bool top_level_await) {
    if (cg_lang_init() < 0)
        return NULL;
    cg_syntax_error err;
    memset(&err, 0, sizeof err);
    cg_ast_arena *arena = cg_parse(src, len, filename, &err);
    if (!arena) {
        syntax_error(&err, filename, src, len);
        return NULL;
    }
    cg_ast_arena_root(arena)->u.module.top_level_await = top_level_await;
    cg_scope *module = cg_scope_resolve(arena, &err);
    cg_code *c = module ? malloc(sizeof *c) : NULL;
    if (!c) {
        if (module)
            cg_raise_nomemory();
        else if (err.msg[0])
            syntax_error(&err, filename, src, len);
        cg_ast_arena_release(arena);
        return NULL;
    }
    *c = (cg_code){arena, module};
    return c;
}

/* Note [ast.parse over the dump]: the ast module builds its node objects
 * by evaluating the parser's dump with positions (ast_dump.c), which is
 * a Python expression of the node classes' constructors: one walker of the
 * tree for both the parser's tests and the ast module. */
cg_value cg_parse_dump(const char *src, size_t len, const char *filename) {
    if (cg_lang_init() < 0)
        return CG_ERR;
    cg_syntax_error err;
    memset(&err, 0, sizeof err);
    cg_ast_arena *arena = cg_parse(src, len, filename, &err);
    if (!arena)
        return syntax_error(&err, filename, src, len);
    char *text = cg_ast_dump_ex(cg_ast_arena_root(arena), true);
    cg_ast_arena_release(arena);
    if (!text)
        return cg_raise_nomemory();
    cg_value r = cg_str_from_c(text);
    free(text);
    return r;
}

bool cg_code_is_expression(const cg_code *c, int *line) {
    const cg_ast_list *body = &cg_ast_arena_root(c->arena)->u.module.body;
    *line = body->n > 0 ? body->items[0]->line : 1;
    for (int i = 0; i < body->n; i++)
        if (body->items[i]->kind != AST_EXPR_STMT || i > 0) {
            *line = body->items[i]->line;
            return false;
        }
    return body->n == 1;
}

void cg_code_free(cg_code *c) {
    if (!c)
        return;
    cg_ast_arena_release(c->arena);
    free(c);
}

/* Note [Top-level await]: a notebook cell with `await` at its top level
 * is, as IPython's autoawait makes it, a coroutine over the module's
 * namespace, run to completion on an asyncio event loop kept for the
 * session (asyncio.runners._autoawait): tasks one cell creates go on
 * running in the next cell that awaits. */
/* A failing cell's traceback ends at the cell, as IPython shows it: the
 * event loop's frames that passed the exception on are dropped (the
 * entries added after the cell's own, Note [Top-level await]). */
static void traceback_from_cell(const char *filename) {
    cg_value pending = cg_exc_peek_borrowed();
    if (!cg_isinstance(pending, &cg_exc_BaseException))
        return;
    cg_exc *e = (cg_exc *)pending.u.o;
    if (!cg_is_type(e->traceback, &cg_type_list))
        return;
    cg_list *l = cg_as_list(e->traceback);
    for (int64_t i = l->len - 1; i >= 0; i--) {
        cg_tuple *t = (cg_tuple *)l->items[i].u.o;
        if (!cg_is_str(t->items[0]) || !cg_is_str(t->items[3]) || strcmp(cg_str_cstr(t->items[3]), "<module>")
            || strcmp(cg_str_cstr(t->items[0]), filename))
            continue;
        while (l->len > i + 1)
            cg_decref(l->items[--l->len]);
        return;
    }
}

static int run_cell_coroutine(cg_code *c, cg_dict *globals, cg_value *result) {
    const cg_ast_list *body = &cg_ast_arena_root(c->arena)->u.module.body;
    int n = body->n;
    const cg_ast *last = n > 0 ? body->items[n - 1] : NULL;
    bool want = result && last && last->kind == AST_EXPR_STMT;
    cg_ast_list *head = cg_ast_arena_alloc(c->arena, sizeof *head);
    if (!head)
        return cg_raise_int(&cg_exc_MemoryError, "out of memory");
    *head = (cg_ast_list){want ? n - 1 : n, body->items};
    cg_value coro = cg_coro_new_cell(c->module, globals, c->arena, head, want ? last : NULL);
    if (cg_is_err(coro))
        return -1;
    cg_value asyncio = cg_import("asyncio");
    cg_value r = cg_is_err(asyncio) ? CG_ERR : cg_call_method(asyncio, "_autoawait", 1, &coro);
    if (!cg_is_err(asyncio))
        cg_decref(asyncio);
    cg_decref(coro);
    if (cg_is_err(r)) {
        traceback_from_cell(cg_ast_arena_filename(c->arena));
        return -1;
    }
    if (result)
        *result = r;
    else
        cg_decref(r);
    return 0;
}

int cg_code_run(cg_code *c, cg_dict *globals, cg_value *result) {
    if (result)
        *result = CG_NONE;
    if (c->module->is_async)
        return run_cell_coroutine(c, globals, result);
    if (++cg_ev.depth > cg_ev.limit) { /* the module's frame is a level: Note [One recursion counter] */
        cg_ev.depth--;
        return cg_raise_int(&cg_exc_RecursionError, "maximum recursion depth exceeded");
    }
    const cg_ast_list *body = &cg_ast_arena_root(c->arena)->u.module.body;
    cg_frame frame = {.back = cg_ev.frame,
                      .scope = c->module,
                      .globals = globals,
                      .arena = c->arena,
                      .name = "<module>",
                      .line = 1,
                      .retval = CG_NONE};
    cg_ev.frame = &frame;
    int n = body->n;
    const cg_ast *last = n > 0 ? body->items[n - 1] : NULL;
    bool want = result && last && last->kind == AST_EXPR_STMT;
    cg_ast_list head = {want ? n - 1 : n, body->items};
    cg_exec_status r = cg_exec_block(&frame, &head);
    if (r == EXEC_OK && want) {
        frame.line = last->line;
        frame.errnode = NULL;
        cg_value v = cg_eval_poll() < 0 ? CG_ERR : cg_eval_expr(&frame, last->u.expr.value);
        if (cg_is_err(v)) {
            r = EXEC_ERR;
            if (frame.errnode)
                frame.line = frame.errnode->line;
        } else {
            *result = v;
        }
    }
    /* Note [Where interrupts land]: the evaluator checks the flag before
     * each statement, at loop heads, calls and in C loops over iterators
     * (cg_next). A Ctrl-C that comes during the last statement, or during
     * one long engine op in it, finds no later check: it is taken here, so
     * the cell ends with KeyboardInterrupt instead of success, as CPython
     * stops at the bytecode after the op. */
    if (r == EXEC_OK && cg_eval_poll() < 0) {
        if (result)
            cg_value_set(result, CG_NONE);
        r = EXEC_ERR;
    }
    if (r == EXEC_ERR)
        cg_frame_add_traceback(&frame);
    cg_ev.frame = frame.back;
    cg_ev.depth--;
    cg_decref(frame.retval);
    if (r == EXEC_ERR)
        return -1;
    if (r != EXEC_OK) { /* return/break outside: the parser should have said */
        cg_raise(&cg_exc_SyntaxError, "'return' outside function");
        return -1;
    }
    return 0;
}

static int run_in(cg_dict *globals, const char *src, size_t len, const char *filename, cg_value *result,
                  bool top_level_await) {
    cg_code *c = cg_code_compile_cell(src, len, filename, top_level_await);
    if (!c)
        return -1;
    int rc = cg_code_run(c, globals, result);
    cg_code_free(c);
    return rc;
}
