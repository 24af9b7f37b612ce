/* genobject.c: generator objects, yield, yield from.
 *
 * Note [Generator stacks]
 * The evaluator walks the tree with C recursion: a yield can sit deep in
 * an expression inside a loop inside a try, with C locals (iterators,
 * partial results) that must survive until the generator is resumed. So
 * a generator's body runs on its own C stack, and yielding is
 * a switch back to the stack that resumed it (stack_switch.h). Everything else stays as
 * for a call: the same thread (so the thread-local evaluator state, grad
 * mode and pending exception carry over), the generator's frame pushed on
 * the frame chain while it runs (tracebacks go through it), the call depth
 * counted, and the C-stack guard moved to the generator's stack.
 *
 * A million suspended generators must fit (CPython holds them in ~200
 * bytes each), so a generator's stack is a slot of 256 KiB (1 MiB under
 * AddressSanitizer) carved from big reservations made with no memory
 * reserved (stack_slots.c): no mapping and no guard page of its own, so
 * neither the kernel's mapping limit nor the address space runs out, and
 * a suspended small generator costs the one page its body touched plus
 * its share of a page table, about 4.5 KiB. An unstarted generator has no
 * slot; one that ends or is closed gives it back at once.
 *
 * A slot has no guard page, so nothing may run off its end. Two guards
 * see to that while a generator runs: below CG_SLOT_LIMIT the evaluator
 * raises RecursionError (cg_check_depth), and below CG_SLOT_GROW the
 * doors that recursion passes through (cg_call, cg_compare, the repr
 * guard) move the call onto a segment, a big stack with a guard page lent
 * for that call (stack_grow.c). So a function a generator calls may
 * recurse as deep as the recursion limit allows, as on the main stack.
 * This is sound because a generator yields only from its own frame, on
 * its own slot, never from inside a call it made: a segment is always
 * given back before the generator that took it is suspended.
 *
 * Frames on a slot stay where they are (nothing is copied), so pointers
 * into them (the frame chain, argument arrays) stay valid while the
 * generator is suspended or resumed from any other stack. Under
 * AddressSanitizer every switch is announced to it (the fiber interface),
 * as its documentation asks.
 *
 * What a suspended generator holds, for a collector: the values in its
 * frame's slots (g->slots, scope->nslots of them), g->first, g->transfer,
 * g->result, g->handled, its function or globals, and the values held by
 * the C frames on its slot (iterators of its `for` loops, partial results
 * of the expression it is suspended in), which only unwinding the body
 * (close) can reach.
 *
 * A suspended generator that is dropped is closed as Python closes it:
 * GeneratorExit is raised at its yield, so its finally blocks run and the
 * C frames on its stack unwind and release what they hold. */
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/frame_obj.h"
#include "runtime/gc.h"
#include "runtime/gen_internal.h"
#include "runtime/genobject.h"
#include "runtime/host.h"
#include "runtime/interp.h"
#include "runtime/stack_slots.h"
#include "runtime/stack_switch.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define GEN_ASAN 1
#else
#define GEN_ASAN 0
#endif

/* ---- switching ----------------------------------------------------------------------------- */

/* From the resumer's stack into the generator's, and back when it yields
 * or ends. */
static void switch_in(cg_generator *g) {
#if GEN_ASAN
    void *fake = NULL;
    __sanitizer_start_switch_fiber(&fake, g->stack, CG_SLOT_SIZE);
    cg_stack_switch(&g->caller, &g->self);
    __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#else
    cg_stack_switch(&g->caller, &g->self);
#endif
}

/* Where the generator's stack gains control. */
static void entered(cg_generator *g) {
#if GEN_ASAN
    __sanitizer_finish_switch_fiber(g->asan_fake, &g->caller_bottom, &g->caller_size);
#else
    (void)g;
#endif
}

/* From the generator's stack back to its resumer; returns when resumed. */
static void switch_out(cg_generator *g) {
#if GEN_ASAN
    __sanitizer_start_switch_fiber(&g->asan_fake, g->caller_bottom, g->caller_size);
#endif
    cg_stack_switch(&g->self, &g->caller);
    entered(g);
}

static _Thread_local cg_generator *starting;

/* A cell with top-level await: its statements, then its last expression,
 * whose value the coroutine returns (the cell's Out). */
static cg_exec_status run_cell(cg_generator *g) {
    cg_exec_status r = cg_exec_block(&g->frame, g->cell_body);
    if (r != EXEC_OK || !g->cell_last)
        return r;
    g->frame.line = g->cell_last->line;
    cg_value v = cg_eval_expr(&g->frame, g->cell_last->u.expr.value);
    if (cg_is_err(v))
        return EXEC_ERR;
    cg_value_set(&g->frame.retval, v);
    return EXEC_OK;
}

/* The body, on the generator's stack. It never returns: when the body
 * ends, control goes back to the resumer for the last time. */
static void gen_main(void) {
    cg_generator *g = starting;
    entered(g);
    cg_exec_status r = g->comp        ? (cg_genexpr_run(&g->frame, g->comp, g->first) < 0 ? EXEC_ERR : EXEC_OK)
                       : g->cell_body ? run_cell(g)
                                      : cg_exec_block(&g->frame, &g->scope->node->u.func.body);
    if (r == EXEC_ERR) {
        cg_frame_add_traceback(&g->frame);
        g->failed = true;
        g->transfer = CG_NONE;
    } else {
        g->transfer = g->frame.retval;
        g->frame.retval = CG_NONE;
    }
    g->state = GEN_CLOSED;
#if GEN_ASAN
    __sanitizer_start_switch_fiber(NULL, g->caller_bottom, g->caller_size);
#endif
    cg_stack_switch(&g->self, &g->caller);
}

static int start_body(cg_generator *g) {
    g->stack = cg_stack_slot_alloc();
    if (!g->stack) {
        cg_raise_nomemory();
        return -1;
    }
    cg_stack_ctx_init(&g->self, g->stack, CG_SLOT_SIZE, gen_main);
    starting = g;
    return 0;
}

/* ---- the frame while suspended ------------------------------------------------------------- */

/* The slots leave g before their values go: a value's __del__ may run a
 * collection, which must not see them. */
static void release_frame(cg_generator *g) {
    cg_value *slots = g->slots;
    if (!slots)
        return;
    g->slots = NULL;
    g->frame.slots = NULL;
    for (int i = 0; i < g->scope->nslots; i++)
        cg_decref(slots[i]);
    free(slots);
    cg_value_set(&g->frame.retval, CG_NONE);
}

/* Moves the handled exceptions the body left open, above `base`, into g.
 * Their count is kept even when memory for them is not: the body's except
 * blocks pop as many when it goes on, so as many come back (as None). */
static void save_handled(cg_generator *g, int base) {
    int n = cg_ev.nhandled - base;
    g->nhandled = 0;
    if (n <= 0)
        return;
    g->handled = malloc(sizeof *g->handled * (size_t)n);
    for (int i = 0; i < n; i++) {
        int at = base + i;
        cg_value v = at < 64 ? cg_ev.handled[at] : CG_NONE;
        if (g->handled)
            g->handled[i] = v;
        else
            cg_decref(v);
    }
    g->nhandled = n;
    cg_ev.nhandled = base;
}

static void restore_handled(cg_generator *g) {
    for (int i = 0; i < g->nhandled; i++) {
        cg_value v = g->handled ? g->handled[i] : CG_NONE;
        if (cg_ev.nhandled < 64)
            cg_ev.handled[cg_ev.nhandled] = v;
        else
            cg_decref(v);
        cg_ev.nhandled++;
    }
    free(g->handled);
    g->handled = NULL;
    g->nhandled = 0;
}

/* ---- resuming ------------------------------------------------------------------------------ */

/* PEP 479: a StopIteration leaving the body is a RuntimeError (and so is
 * a StopAsyncIteration leaving an async generator's, PEP 525). */
static void stop_iteration_escaped(cg_generator *g) {
    bool agen = g->head.type == &cg_type_async_generator;
    const char *what = cg_exc_matches(&cg_exc_StopIteration)                 ? "StopIteration"
                       : agen && cg_exc_matches(&cg_exc_StopAsyncIteration) ? "StopAsyncIteration"
                                                                             : NULL;
    if (!what)
        return;
    cg_value inner = cg_exc_fetch();
    cg_raise(&cg_exc_RuntimeError, "%s raised %s", cg_gen_kind_name(g), what);
    cg_value outer = cg_exc_peek_borrowed();
    cg_exc *e = (cg_exc *)outer.u.o;
    cg_value_set(&e->cause, cg_incref(inner));
    cg_value_set(&e->context, inner);
}

static void finished(cg_generator *g) {
    /* a body still suspended when the object goes leaves its frames there */
    cg_stack_slot_free(g->stack, g->state != GEN_CLOSED);
    g->stack = NULL;
    release_frame(g);
}

/* Runs g until it yields or ends (gen_internal.h). */
cg_value cg_gen_resume(cg_generator *g, cg_value send, resume_mode mode, cg_value *retval) {
    if (retval)
        *retval = CG_NONE;
    if (g->state == GEN_RUNNING) {
        if (mode == RESUME_THROW)
            cg_exc_clear();
        return cg_raise(&cg_exc_ValueError, "%s already executing", cg_gen_kind_name(g));
    }
    if (g->state == GEN_CLOSED && g->head.type == &cg_type_coroutine) {
        if (mode == RESUME_THROW)
            cg_exc_clear();
        return cg_raise(&cg_exc_RuntimeError, "cannot reuse already awaited coroutine");
    }
    if (g->state == GEN_CLOSED)
        return mode == RESUME_THROW ? CG_ERR : CG_STOP;
    if (g->state == GEN_CREATED) {
        if (mode == RESUME_THROW) { /* thrown before it started: it never will */
            g->state = GEN_CLOSED;
            finished(g);
            return CG_ERR;
        }
        if (!cg_is_none(send))
            return cg_raise(&cg_exc_TypeError, "can't send non-None value to a just-started %s", cg_gen_kind_name(g));
        if (start_body(g) < 0)
            return CG_ERR;
    }
    if (++cg_ev.depth > cg_ev.limit) {
        cg_ev.depth--;
        if (mode == RESUME_THROW)
            cg_exc_clear();
        return cg_raise(&cg_exc_RecursionError, "maximum recursion depth exceeded");
    }
    g->frame.back = cg_ev.frame;
    cg_ev.frame = &g->frame;
    uintptr_t limit = cg_ev.stack_limit, grow = cg_ev.stack_grow;
    cg_ev.stack_limit = (uintptr_t)g->stack + CG_SLOT_LIMIT;
    cg_ev.stack_grow = (uintptr_t)g->stack + CG_SLOT_GROW;
    int base = cg_ev.nhandled;
    restore_handled(g);
    g->transfer = cg_incref(send);
    g->mode = mode;
    g->state = GEN_RUNNING;
    switch_in(g);
    save_handled(g, base);
    cg_ev.stack_limit = limit;
    cg_ev.stack_grow = grow;
    cg_ev.frame = g->frame.back;
    g->frame.back = NULL;
    cg_ev.depth--;
    cg_value out = g->transfer;
    g->transfer = CG_NONE;
    if (g->state == GEN_SUSPENDED)
        return out;
    finished(g);
    if (g->failed) {
        stop_iteration_escaped(g);
        return CG_ERR;
    }
    if (retval)
        *retval = out;
    else
        cg_decref(out);
    return CG_STOP;
}

/* ---- yield ----------------------------------------------------------------------------------- */

/* Hands v (owned) to the resumer; returns what it sends back, or CG_ERR
 * with what it throws in. An async generator's own yields are told from
 * the values its awaits pass through (Note [Async generators] in
 * coroutine.c). */
cg_value cg_gen_yield_out(cg_generator *g, cg_value v, bool own) {
    g->own_yield = own;
    g->transfer = v;
    g->state = GEN_SUSPENDED;
    switch_out(g);
    cg_value sent = g->transfer;
    g->transfer = CG_NONE;
    if (g->mode == RESUME_THROW) {
        cg_decref(sent);
        return CG_ERR;
    }
    return sent;
}

cg_value cg_eval_yield(cg_frame *f, const cg_ast *e) {
    cg_value v = e->u.expr.value ? cg_eval_expr(f, e->u.expr.value) : CG_NONE;
    if (cg_is_err(v))
        return v;
    return cg_gen_yield_out(f->gen, v, true);
}

cg_value cg_gen_yield(cg_frame *f, cg_value v) { return cg_gen_yield_out(f->gen, v, true); }

bool cg_is_gen_struct(cg_value v) {
    if (!cg_is_obj(v))
        return false;
    cg_type *t = v.u.o->type;
    return t == &cg_type_generator || t == &cg_type_coroutine || t == &cg_type_async_generator;
}

const char *cg_gen_kind_name(const cg_generator *g) {
    cg_type *t = g->head.type;
    return t == &cg_type_coroutine ? "coroutine" : t == &cg_type_async_generator ? "async generator" : "generator";
}

/* A call's StopIteration as the end of a delegate: CG_STOP, its value in
 * *ret. */
static cg_value stop_to_return(cg_value r, cg_value *ret) {
    if (!cg_is_err(r) || !cg_exc_matches(&cg_exc_StopIteration))
        return r;
    cg_value stop = cg_exc_fetch();
    cg_tuple *args = (cg_tuple *)((cg_exc *)stop.u.o)->args.u.o;
    if (args->len > 0)
        *ret = cg_incref(args->items[0]);
    cg_decref(stop);
    return CG_STOP;
}

/* A throw into an iterator written in Python: its throw(exc) if it has
 * one, else the exception goes on in the delegator. */
static cg_value throw_into(cg_value it, cg_value *ret) {
    cg_value m = cg_getattr(it, cg_str_intern("throw"));
    if (cg_is_err(m)) {
        cg_exc_clear();
        return CG_ERR;
    }
    cg_value exc = cg_exc_fetch();
    cg_value r = cg_call1(m, exc);
    cg_decref(m);
    cg_decref(exc);
    return stop_to_return(r, ret);
}

/* One step of the iterator `yield from` / `await` delegates to: its next
 * value, or CG_STOP with its return value in *ret, or CG_ERR. A throw
 * (pending exception) goes into it. */
cg_value cg_gen_delegate_step(cg_value it, cg_value sent, bool throwing, cg_value *ret) {
    *ret = CG_NONE;
    if (cg_is_gen_struct(it))
        return cg_gen_resume((cg_generator *)it.u.o, sent, throwing ? RESUME_THROW : RESUME_SEND, ret);
    if (cg_is_awaitable_op(it))
        return cg_awaitable_op_step(it, sent, throwing, ret);
    if (throwing)
        return throw_into(it, ret);
    if (!cg_is_none(sent)) {
        cg_value m = cg_getattr(it, cg_str_intern("send"));
        if (cg_is_err(m))
            return m;
        cg_value r = cg_call1(m, sent);
        cg_decref(m);
        return stop_to_return(r, ret);
    }
    cg_value r = cg_next(it);
    if (r.tag == CG_V_STOP && cg_is_gen_struct(it))
        *ret = cg_gen_take_result(it);
    return r;
}

/* Closing the delegator closes the delegate first (its close(), if it
 * has one); an error there replaces the GeneratorExit. */
static void close_delegate(cg_value it) {
    cg_value exit = cg_exc_fetch(), r;
    if (cg_is_gen_struct(it)) {
        r = cg_gen_close((cg_generator *)it.u.o);
    } else {
        cg_value m = cg_getattr(it, cg_str_intern("close"));
        if (cg_is_err(m)) {
            cg_exc_clear();
            r = CG_NONE;
        } else {
            r = cg_call0(m);
            cg_decref(m);
        }
    }
    if (cg_is_err(r)) {
        cg_decref(exit);
        return;
    }
    cg_decref(r);
    cg_exc_restore(exit);
}

cg_value cg_gen_delegate(cg_frame *f, cg_value it) {
    cg_generator *g = f->gen;
    cg_value sent = CG_NONE, result = CG_NONE;
    bool throwing = false;
    for (;;) {
        cg_value y = cg_gen_delegate_step(it, sent, throwing, &result);
        cg_decref(sent);
        sent = CG_NONE;
        if (y.tag == CG_V_STOP || cg_is_err(y)) {
            g->awaiting = CG_NONE;
            cg_decref(it);
            return cg_is_err(y) ? y : result;
        }
        g->awaiting = it;
        cg_value r = cg_gen_yield_out(g, y, false);
        throwing = cg_is_err(r);
        if (throwing && cg_exc_matches(&cg_exc_GeneratorExit)) {
            g->awaiting = CG_NONE;
            close_delegate(it);
            cg_decref(it);
            return CG_ERR;
        }
        if (!throwing)
            sent = r;
    }
}

cg_value cg_eval_yield_from(cg_frame *f, const cg_ast *e) {
    cg_value src = cg_eval_expr(f, e->u.expr.value);
    if (cg_is_err(src))
        return src;
    cg_value it = cg_iter(src);
    cg_decref(src);
    if (cg_is_err(it))
        return it;
    return cg_gen_delegate(f, it);
}

/* ---- the generator object ---------------------------------------------------------------------- */

/* What the collector sees of a generator: its frame's slots and what it
 * keeps between switches. Values held by the C frames on a suspended
 * body's stack (a loop's iterator, a partial result) are not visible: they
 * count as references from outside, so such a generator in a cycle is
 * kept, never freed early. */
static void gen_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    cg_generator *g = (cg_generator *)o;
    for (int i = 0; g->slots && i < g->scope->nslots; i++)
        cg_visit_value(g->slots[i], visit, arg);
    cg_visit_value(g->first, visit, arg);
    cg_visit_value(g->transfer, visit, arg);
    cg_visit_value(g->result, visit, arg);
    for (int i = 0; g->handled && i < g->nhandled; i++)
        cg_visit_value(g->handled[i], visit, arg);
    if (g->fn)
        visit(&g->fn->head, arg);
    else if (g->frame.globals)
        visit((cg_obj *)g->frame.globals, arg);
}

/* An unreachable generator that never started lets go of its arguments;
 * a suspended one was closed by its finalizer already. */
static void gen_clear(cg_obj *o) {
    cg_generator *g = (cg_generator *)o;
    if (g->state != GEN_CREATED)
        return;
    g->state = GEN_CLOSED;
    finished(g);
    cg_value_set(&g->first, CG_NONE);
}

/* Python closes a suspended generator that is dropped or found in a
 * garbage cycle: its finally blocks run, once. */
static void gen_finalize(cg_obj *o) {
    cg_generator *g = (cg_generator *)o;
    if (g->state == GEN_SUSPENDED && cg_is_err(cg_gen_close(g)))
        cg_report_unraisable(cg_obj_value(g));
}

static cg_generator *gen_alloc(cg_type *type, cg_scope *sc, cg_value *slots) {
    cg_generator *g = cg_obj_alloc(type);
    if (!g) {
        for (int i = 0; i < sc->nslots; i++)
            cg_decref(slots[i]);
        free(slots);
        cg_raise_nomemory();
        return NULL;
    }
    g->scope = sc;
    g->slots = slots;
    g->name = g->qualname = g->first = g->transfer = g->result = g->awaiting = CG_NONE;
    g->state = GEN_CREATED;
    cg_gc_track(g);
    return g;
}

/* What calling a function of scope sc, or running a generator
 * expression, makes. */
static cg_type *kind_of(const cg_scope *sc) {
    if (!sc->is_async)
        return &cg_type_generator;
    return sc->has_yield || sc->node->kind == AST_GENERATOR_EXP ? &cg_type_async_generator : &cg_type_coroutine;
}

cg_value cg_gen_new(cg_function *fn, cg_value *slots) {
    cg_generator *g = gen_alloc(kind_of(fn->scope), fn->scope, slots);
    if (!g)
        return CG_ERR;
    cg_obj_incref(fn);
    g->fn = fn;
    g->name = cg_incref(fn->name);
    g->qualname = cg_incref(fn->qualname);
    g->frame = (cg_frame){.func = fn,
                          .scope = fn->scope,
                          .slots = slots,
                          .globals = fn->globals,
                          .arena = fn->arena,
                          .name = fn->scope->name,
                          .line = fn->scope->node->line,
                          .retval = CG_NONE,
                          .gen = g};
    return cg_obj_value(g);
}

cg_value cg_gen_new_genexpr(cg_frame *outer, const cg_ast *e, cg_value *slots, cg_value first) {
    cg_scope *sc = cg_scope_of(e);
    cg_generator *g = gen_alloc(kind_of(sc), sc, slots);
    if (!g) {
        cg_decref(first);
        return CG_ERR;
    }
    g->comp = e;
    g->first = first;
    cg_ast_arena_retain(outer->arena);
    cg_obj_incref(outer->globals);
    g->frame = (cg_frame){.scope = sc,
                          .slots = slots,
                          .globals = outer->globals,
                          .arena = outer->arena,
                          .name = sc->name,
                          .line = e->line,
                          .retval = CG_NONE,
                          .gen = g};
    g->name = cg_str_from_c(sc->name);
    if (cg_is_err(g->name))
        g->name = CG_NONE;
    g->qualname = cg_str_from_c(sc->qualname);
    if (cg_is_err(g->qualname))
        g->qualname = CG_NONE;
    if (cg_is_none(g->name) || cg_is_none(g->qualname)) {
        cg_obj_decref(g);
        return CG_ERR;
    }
    return cg_obj_value(g);
}

cg_value cg_coro_new_cell(cg_scope *module, cg_dict *globals, cg_ast_arena *arena, const cg_ast_list *body,
                          const cg_ast *last) {
    cg_generator *g = gen_alloc(&cg_type_coroutine, module, NULL);
    if (!g)
        return CG_ERR;
    g->cell_body = body;
    g->cell_last = last;
    cg_ast_arena_retain(arena);
    cg_obj_incref(globals);
    g->frame = (cg_frame){.scope = module,
                          .globals = globals,
                          .arena = arena,
                          .name = "<module>",
                          .line = 1,
                          .retval = CG_NONE,
                          .gen = g};
    g->name = g->qualname = cg_obj_value(cg_str_intern("<module>"));
    cg_incref(g->name);
    cg_incref(g->qualname);
    return cg_obj_value(g);
}

/* close(): GeneratorExit at the yield; the body may not yield again. */
cg_value cg_gen_close(cg_generator *g) {
    if (g->state == GEN_CREATED) {
        g->state = GEN_CLOSED;
        finished(g);
    }
    if (g->state == GEN_CLOSED)
        return CG_NONE;
    cg_raise_object(cg_obj_value(&cg_exc_GeneratorExit));
    cg_value r = cg_gen_resume(g, CG_NONE, RESUME_THROW, NULL);
    if (r.tag == CG_V_STOP)
        return CG_NONE;
    if (cg_is_err(r)) {
        if (cg_exc_matches(&cg_exc_GeneratorExit) || cg_exc_matches(&cg_exc_StopIteration)) {
            cg_exc_clear();
            return CG_NONE;
        }
        return r;
    }
    cg_decref(r);
    return cg_raise(&cg_exc_RuntimeError, "%s ignored GeneratorExit", cg_gen_kind_name(g));
}

static void gen_dealloc(cg_obj *o) {
    cg_generator *g = (cg_generator *)o;
    if (g->state == GEN_SUSPENDED || (g->state == GEN_CREATED && o->type == &cg_type_coroutine)) {
        o->refcnt = 1; /* alive while its finally blocks run */
        cg_value pending = cg_exc_pending() ? cg_exc_fetch() : CG_NONE;
        if (g->state == GEN_CREATED)
            cg_coro_warn_unawaited(g);
        else if (cg_is_err(cg_gen_close(g)))
            cg_report_unraisable(cg_obj_value(g));
        if (!cg_is_none(pending))
            cg_exc_restore(pending);
        o->refcnt = 0;
    }
    finished(g);
    for (int i = 0; g->handled && i < g->nhandled; i++)
        cg_decref(g->handled[i]);
    free(g->handled);
    cg_decref(g->transfer);
    cg_decref(g->result);
    cg_decref(g->first);
    cg_decref(g->name);
    cg_decref(g->qualname);
    if (g->fn) {
        cg_obj_decref(g->fn);
    } else {
        cg_obj_decref(g->frame.globals);
        cg_ast_arena_release(g->frame.arena);
    }
    free(g);
}

static cg_generator *as_gen(cg_value v) { return (cg_generator *)v.u.o; }

static cg_value gen_repr(cg_value self) {
    cg_type *t = self.u.o->type;
    return cg_str_fmt("<%s object %s at %p>", t->name, cg_str_cstr(as_gen(self)->qualname), (void *)self.u.o);
}

static cg_value gen_iter(cg_value self) { return cg_incref(self); }

/* The iterator slot: the end is CG_STOP, cheap for loops; the return
 * value waits for builtin next() to put it in its StopIteration. */
static cg_value gen_next(cg_value self) {
    cg_generator *g = as_gen(self);
    cg_value ret;
    cg_value r = cg_gen_resume(g, CG_NONE, RESUME_SEND, &ret);
    if (r.tag == CG_V_STOP)
        cg_value_set(&g->result, ret);
    return r;
}

cg_value cg_gen_take_result(cg_value gen) {
    cg_generator *g = as_gen(gen);
    cg_value r = g->result;
    g->result = CG_NONE;
    return r;
}

/* A return value leaves send() and next() as StopIteration(value). */
cg_value cg_gen_raise_stop(cg_value value) {
    if (cg_is_none(value))
        return cg_raise_object(cg_obj_value(&cg_exc_StopIteration));
    cg_value r = cg_raise_value(&cg_exc_StopIteration, value);
    cg_decref(value);
    return r;
}

static const cg_method_def gen_methods[];

cg_value cg_gen_send_method(cg_value self, const cg_args *a) {
    cg_value v;
    if (cg_args_bind(&gen_methods[0], a, &v, 1) < 0)
        return CG_ERR;
    cg_value ret;
    cg_value r = cg_gen_resume(as_gen(self), v, RESUME_SEND, &ret);
    cg_args_release(&gen_methods[0], &v, 1);
    return r.tag == CG_V_STOP ? cg_gen_raise_stop(ret) : r;
}

/* throw(exc) / throw(type[, value]): the exception, pending. */
int cg_gen_set_thrown(const cg_args *a) {
    if (a->npos < 1 || a->npos > 3 || a->nkw) {
        cg_raise(&cg_exc_TypeError, "throw expected at least 1 argument, got %d", a->npos);
        return -1;
    }
    cg_value typ = a->pos[0];
    bool is_class = cg_is_obj(typ) && typ.u.o->type == &cg_type_type;
    if (is_class && a->npos >= 2 && !cg_is_none(a->pos[1])) {
        /* throw(type, instance of it) throws the instance */
        cg_value inst = cg_isinstance(a->pos[1], (cg_type *)typ.u.o) ? cg_incref(a->pos[1]) : cg_call1(typ, a->pos[1]);
        if (cg_is_err(inst))
            return -1;
        cg_raise_object(inst);
        cg_decref(inst);
        return 0;
    }
    if (!is_class && a->npos >= 2 && !cg_is_none(a->pos[1])) {
        cg_raise(&cg_exc_TypeError, "instance exception may not have a separate value");
        return -1;
    }
    if (!cg_is_err(cg_raise_object(typ)) || !cg_exc_pending())
        return -1;
    if (!cg_isinstance(cg_exc_peek_borrowed(), &cg_exc_BaseException))
        return -1;
    return 0;
}

/* throw(): raises it at the yield. */
cg_value cg_gen_throw_method(cg_value self, const cg_args *a) {
    if (cg_gen_set_thrown(a) < 0)
        return CG_ERR;
    cg_value ret;
    cg_value r = cg_gen_resume(as_gen(self), CG_NONE, RESUME_THROW, &ret);
    return r.tag == CG_V_STOP ? cg_gen_raise_stop(ret) : r;
}

static cg_value gen_close_m(cg_value self, const cg_args *a) {
    if (a->npos || a->nkw)
        return cg_raise(&cg_exc_TypeError, "close() takes no arguments");
    return cg_gen_close(as_gen(self));
}

/* gi_running, cr_running, ag_running, ...: the prefix is the type's. */
static const char *attr_suffix(cg_value self, const char *name) {
    cg_type *t = self.u.o->type;
    const char *prefix = t == &cg_type_coroutine ? "cr_" : t == &cg_type_async_generator ? "ag_" : "gi_";
    return strncmp(name, prefix, 3) ? NULL : name + 3;
}

static cg_value gen_getattr(cg_value self, cg_str *name) {
    cg_generator *g = as_gen(self);
    if (!strcmp(name->s, "__name__"))
        return cg_incref(g->name);
    if (!strcmp(name->s, "__qualname__"))
        return cg_incref(g->qualname);
    const char *a = attr_suffix(self, name->s);
    if (!a)
        return CG_STOP;
    if (!strcmp(a, "running"))
        return cg_bool(g->state == GEN_RUNNING);
    if (!strcmp(a, "suspended"))
        return cg_bool(g->state == GEN_SUSPENDED);
    /* the body's frame (its locals now; no f_back while it is not
     * running), None once it has finished */
    if (!strcmp(a, "frame"))
        return g->state == GEN_CLOSED ? CG_NONE : cg_frame_object_of(&g->frame, g->state == GEN_RUNNING);
    if (!strcmp(a, "code") && g->fn)
        return cg_function_code(cg_obj_value(g->fn));
    /* what it is suspended in a `yield from` or `await` on */
    if (!strcmp(a, self.u.o->type == &cg_type_generator ? "yieldfrom" : "await"))
        return g->state == GEN_SUSPENDED ? cg_incref(g->awaiting) : CG_NONE;
    if (!strcmp(a, "origin") && self.u.o->type == &cg_type_coroutine)
        return CG_NONE;
    return CG_STOP;
}

static const cg_method_def gen_methods[] = {
    {"send", cg_gen_send_method, "send(value, /)",
     "send(arg) -> send 'arg' into generator,\nreturn next yielded value or raise StopIteration."},
    {"throw", cg_gen_throw_method, NULL,
     "throw(value)\nthrow(type[,value[,tb]])\n\nRaise exception in generator, return next yielded value or "
     "raise\nStopIteration."},
    {"close", gen_close_m, NULL, "close() -> raise GeneratorExit inside generator."},
    {NULL, NULL, NULL, NULL},
};

int cg_generator_type_init(void) {
    if (cg_type_add_methods(&cg_type_generator, gen_methods) < 0)
        return -1;
    return cg_coroutine_types_init(gen_methods);
}

/* The three types of this struct share their slots; a coroutine and an
 * async generator are not iterators (only await drives them). */
#define GEN_TYPE(VAR, NAME, ITER, NEXT)       \
    cg_type VAR = {                           \
        .head = {CG_IMMORTAL, &cg_type_type}, \
        .name = NAME,                         \
        .module = "builtins",                 \
        .base = &cg_type_object,              \
        .basicsize = sizeof(cg_generator),    \
        .flags = CG_TYPE_WEAKREF,             \
        .dealloc = gen_dealloc,               \
        .gc_offset = offsetof(cg_generator, gc), \
        .traverse = gen_traverse,             \
        .clear = gen_clear,                   \
        .finalize = gen_finalize,             \
        .repr = gen_repr,                     \
        .hash = cg_object_hash,               \
        .iter = ITER,                         \
        .next = NEXT,                         \
        .getattr = gen_getattr,               \
    }

GEN_TYPE(cg_type_generator, "generator", gen_iter, gen_next);
GEN_TYPE(cg_type_coroutine, "coroutine", NULL, NULL);
GEN_TYPE(cg_type_async_generator, "async_generator", NULL, NULL);
