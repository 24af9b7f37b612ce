/* coroutine.c: coroutines, await, async for / async with's protocols,
 * async generators, and the builtins aiter() and anext().
 *
 * A coroutine is a generator (genobject.c) of another type: the same
 * struct, the same stack of its own, the same resume. `await x` is
 * `yield from` over x's awaitable iterator: the coroutine itself, or what
 * x.__await__() returns. What the innermost awaitable yields (an asyncio
 * Future) passes up through every awaiting coroutine to whoever drives
 * the outermost one with send() and throw(): the event loop.
 *
 * Note [Async generators]
 * An async generator's body both yields its own values and passes its
 * awaits' values through to the event loop, on the one channel a
 * generator has. The switch that leaves the body says which it was
 * (own_yield, set by cg_gen_yield_out). The awaitables of asend(),
 * athrow() and aclose() drive the body: a pass-through value they yield
 * on to their own awaiter; an own value ends them, as StopIteration(v),
 * so `await ag.asend(x)` is v; the body's end is StopAsyncIteration.
 *
 * Those awaitables, anext()'s with a default, and coroutine.__await__()'s
 * wrapper are one small object (awaitable_op) stepped by
 * cg_awaitable_op_step, which `await` calls directly and their
 * send()/throw()/__next__ methods call for Python code. */
#include <string.h>

#include "runtime/containers.h"
#include "runtime/gen_internal.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "runtime/scope.h"

/* ---- awaitable iterators ------------------------------------------------------------------- */

typedef enum { OP_ASEND, OP_ATHROW, OP_ACLOSE, OP_WRAPPER, OP_ANEXT } op_kind;
enum { OP_INIT, OP_ITER, OP_CLOSED };

typedef struct {
    cg_obj head;
    cg_gc_link gc;
    op_kind kind;
    int state;
    cg_value target; /* the async generator, the coroutine, or anext's inner awaitable */
    cg_value arg;    /* asend's value, athrow's exception, anext's default */
} awaitable_op;

static cg_type cg_type_asend, cg_type_athrow, cg_type_coro_wrapper, cg_type_anext;

bool cg_is_awaitable_op(cg_value v) {
    if (!cg_is_obj(v))
        return false;
    cg_type *t = v.u.o->type;
    return t == &cg_type_asend || t == &cg_type_athrow || t == &cg_type_coro_wrapper || t == &cg_type_anext;
}

static cg_value op_new(cg_type *type, op_kind kind, cg_value target, cg_value arg) {
    awaitable_op *op = cg_obj_alloc(type);
    if (!op) {
        cg_decref(arg);
        return cg_raise_nomemory();
    }
    op->kind = kind;
    op->state = OP_INIT;
    op->target = cg_incref(target);
    op->arg = arg;
    cg_gc_track(op);
    return cg_obj_value(op);
}

static bool has_method(cg_value v, const char *name) {
    return cg_type_lookup_borrowed(cg_typeof(v), cg_str_intern(name)).tag != CG_V_STOP;
}

static bool is_iterator(cg_value v) { return cg_typeof(v)->next || has_method(v, "__next__"); }

/* What `await v` delegates to: a coroutine itself, else v.__await__(). */
static cg_value await_iter(cg_value v) {
    cg_type *t = cg_typeof(v);
    if (t == &cg_type_coroutine || cg_is_awaitable_op(v))
        return cg_incref(v);
    if (!has_method(v, "__await__"))
        return cg_raise(&cg_exc_TypeError, "object %s can't be used in 'await' expression", t->name);
    cg_value it = cg_call_method(v, "__await__", 0, NULL);
    if (cg_is_err(it))
        return it;
    if (cg_typeof(it) == &cg_type_coroutine) {
        cg_decref(it);
        return cg_raise(&cg_exc_TypeError, "__await__() returned a coroutine");
    }
    if (!is_iterator(it)) {
        cg_raise(&cg_exc_TypeError, "__await__() returned non-iterator of type '%s'", cg_type_name(it));
        cg_decref(it);
        return CG_ERR;
    }
    return it;
}

cg_value cg_await(cg_frame *f, cg_value v) {
    cg_value it = await_iter(v);
    cg_decref(v);
    if (cg_is_err(it))
        return it;
    if (!f->gen) { /* the resolver allows await only where there is one */
        cg_decref(it);
        return cg_raise(&cg_exc_RuntimeError, "'await' outside a coroutine");
    }
    return cg_gen_delegate(f, it);
}

cg_value cg_eval_await(cg_frame *f, const cg_ast *e) {
    cg_value v = cg_eval_expr(f, e->u.expr.value);
    if (cg_is_err(v))
        return v;
    return cg_await(f, v);
}

/* ---- stepping an async generator ------------------------------------------------------------- */

static cg_value stop_async(void) { return cg_raise_object(cg_obj_value(&cg_exc_StopAsyncIteration)); }

/* The first step of an asend/athrow/aclose: what goes in. Returns the
 * resume mode, with the exception to throw pending for RESUME_THROW. */
static int agen_first(awaitable_op *op, cg_value *sent, bool throwing) {
    if (throwing)
        return RESUME_THROW;
    if (op->kind == OP_ASEND) {
        if (cg_is_none(*sent))
            *sent = op->arg;
        return RESUME_SEND;
    }
    if (op->kind == OP_ACLOSE)
        cg_raise_object(cg_obj_value(&cg_exc_GeneratorExit));
    else
        cg_exc_restore(cg_incref(op->arg));
    return RESUME_THROW;
}

static cg_value agen_step(awaitable_op *op, cg_value sent, bool throwing, cg_value *ret) {
    cg_generator *g = (cg_generator *)op->target.u.o;
    resume_mode mode = throwing ? RESUME_THROW : RESUME_SEND;
    if (op->state == OP_INIT) {
        op->state = OP_ITER;
        if (op->kind == OP_ASEND && !throwing && g->state == GEN_CLOSED) {
            op->state = OP_CLOSED;
            return stop_async();
        }
        mode = (resume_mode)agen_first(op, &sent, throwing);
    }
    cg_value body_ret = CG_NONE;
    cg_value r = cg_gen_resume(g, sent, mode, &body_ret);
    cg_decref(body_ret);
    if (!cg_is_err(r) && r.tag != CG_V_STOP) {
        if (!g->own_yield)
            return r; /* an await inside passes a value to the event loop */
        op->state = OP_CLOSED;
        if (op->kind == OP_ACLOSE) {
            cg_decref(r);
            return cg_raise(&cg_exc_RuntimeError, "async generator ignored GeneratorExit");
        }
        *ret = r;
        return CG_STOP;
    }
    op->state = OP_CLOSED;
    if (op->kind == OP_ACLOSE) {
        if (r.tag == CG_V_STOP)
            return CG_STOP;
        if (cg_exc_matches(&cg_exc_GeneratorExit) || cg_exc_matches(&cg_exc_StopAsyncIteration)) {
            cg_exc_clear();
            return CG_STOP;
        }
        return r;
    }
    return r.tag == CG_V_STOP ? stop_async() : r;
}

/* anext(it, default): the inner awaitable, with StopAsyncIteration turned
 * into the default as its result. */
static cg_value anext_step(awaitable_op *op, cg_value sent, bool throwing, cg_value *ret) {
    cg_value r = cg_gen_delegate_step(op->target, sent, throwing, ret);
    if (cg_is_err(r) && cg_exc_matches(&cg_exc_StopAsyncIteration)) {
        cg_exc_clear();
        op->state = OP_CLOSED;
        *ret = cg_incref(op->arg);
        return CG_STOP;
    }
    if (cg_is_err(r) || r.tag == CG_V_STOP)
        op->state = OP_CLOSED;
    return r;
}

cg_value cg_awaitable_op_step(cg_value self, cg_value sent, bool throwing, cg_value *ret) {
    awaitable_op *op = (awaitable_op *)self.u.o;
    *ret = CG_NONE;
    if (op->kind == OP_WRAPPER)
        return cg_gen_resume((cg_generator *)op->target.u.o, sent, throwing ? RESUME_THROW : RESUME_SEND, ret);
    if (op->state == OP_CLOSED) {
        if (throwing)
            cg_exc_clear();
        const char *what = op->kind == OP_ANEXT ? "anext_awaitable"
                           : op->kind == OP_ASEND ? "__anext__()/asend()"
                                                  : "aclose()/athrow()";
        return cg_raise(&cg_exc_RuntimeError, "cannot reuse already awaited %s", what);
    }
    return op->kind == OP_ANEXT ? anext_step(op, sent, throwing, ret) : agen_step(op, sent, throwing, ret);
}

/* ---- the awaitables' methods ------------------------------------------------------------------- */

static cg_value op_finish(cg_value r, cg_value ret) { return r.tag == CG_V_STOP ? cg_gen_raise_stop(ret) : r; }

static cg_value op_send_m(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "send() takes exactly one argument (%d given)", a->npos);
    cg_value ret;
    cg_value r = cg_awaitable_op_step(self, a->pos[0], false, &ret);
    return op_finish(r, ret);
}

static cg_value op_throw_m(cg_value self, const cg_args *a) {
    if (cg_gen_set_thrown(a) < 0)
        return CG_ERR;
    cg_value ret;
    cg_value r = cg_awaitable_op_step(self, CG_NONE, true, &ret);
    return op_finish(r, ret);
}

static cg_value op_close_m(cg_value self, const cg_args *a) {
    (void)a;
    awaitable_op *op = (awaitable_op *)self.u.o;
    op->state = OP_CLOSED;
    if (op->kind == OP_WRAPPER)
        return cg_gen_close((cg_generator *)op->target.u.o);
    return CG_NONE;
}

static cg_value op_self_m(cg_value self, const cg_args *a) {
    (void)a;
    return cg_incref(self);
}

static cg_value op_next_m(cg_value self, const cg_args *a) {
    (void)a;
    cg_value ret;
    cg_value r = cg_awaitable_op_step(self, CG_NONE, false, &ret);
    return op_finish(r, ret);
}

/* The iterator slot (a for loop over it, list(it)): the end is CG_STOP. */
static cg_value op_next(cg_value self) {
    cg_value ret;
    cg_value r = cg_awaitable_op_step(self, CG_NONE, false, &ret);
    if (r.tag == CG_V_STOP && !cg_is_none(ret))
        return cg_gen_raise_stop(ret);
    return r;
}

static cg_value op_iter(cg_value self) { return cg_incref(self); }

static void op_traverse(cg_obj *o, cg_visitfn visit, void *arg) {
    awaitable_op *op = (awaitable_op *)o;
    cg_visit_value(op->target, visit, arg);
    cg_visit_value(op->arg, visit, arg);
}

static void op_clear(cg_obj *o) {
    awaitable_op *op = (awaitable_op *)o;
    cg_value_set(&op->target, CG_NONE);
    cg_value_set(&op->arg, CG_NONE);
}

static void op_dealloc(cg_obj *o) {
    awaitable_op *op = (awaitable_op *)o;
    cg_decref(op->target);
    cg_decref(op->arg);
    cg_obj_free(o);
}

static const cg_method_def op_methods[] = {
    {"send", op_send_m, NULL, "send(arg) -> send 'arg' into the awaitable."},
    {"throw", op_throw_m, NULL, "throw(value)\nthrow(type[,value[,tb]])\n\nRaise exception in the awaitable."},
    {"close", op_close_m, NULL, "close() -> close the awaitable."},
    {"__await__", op_self_m, NULL, "Return an iterator to be used in await expression."},
    {"__iter__", op_self_m, NULL, "Implement iter(self)."},
    {"__next__", op_next_m, NULL, "Implement next(self)."},
    {NULL, NULL, NULL, NULL},
};

#define OP_TYPE(VAR, NAME)                    \
    static cg_type VAR = {                    \
        .head = {CG_IMMORTAL, &cg_type_type}, \
        .name = NAME,                         \
        .module = "builtins",                 \
        .base = &cg_type_object,              \
        .basicsize = sizeof(awaitable_op),    \
        .dealloc = op_dealloc,                \
        .gc_offset = offsetof(awaitable_op, gc), \
        .traverse = op_traverse,              \
        .clear = op_clear,                    \
        .iter = op_iter,                      \
        .next = op_next,                      \
    }

OP_TYPE(cg_type_asend, "async_generator_asend");
OP_TYPE(cg_type_athrow, "async_generator_athrow");
OP_TYPE(cg_type_coro_wrapper, "coroutine_wrapper");
OP_TYPE(cg_type_anext, "anext_awaitable");

/* ---- coroutine and async generator methods --------------------------------------------------- */

static cg_value coro_await_m(cg_value self, const cg_args *a) {
    (void)a;
    return op_new(&cg_type_coro_wrapper, OP_WRAPPER, self, CG_NONE);
}

static cg_value agen_asend_m(cg_value self, const cg_args *a) {
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "asend() takes exactly one argument (%d given)", a->npos);
    return op_new(&cg_type_asend, OP_ASEND, self, cg_incref(a->pos[0]));
}

static cg_value agen_anext_m(cg_value self, const cg_args *a) {
    (void)a;
    return op_new(&cg_type_asend, OP_ASEND, self, CG_NONE);
}

static cg_value agen_athrow_m(cg_value self, const cg_args *a) {
    if (cg_gen_set_thrown(a) < 0)
        return CG_ERR;
    return op_new(&cg_type_athrow, OP_ATHROW, self, cg_exc_fetch());
}

static cg_value agen_aclose_m(cg_value self, const cg_args *a) {
    (void)a;
    return op_new(&cg_type_athrow, OP_ACLOSE, self, CG_NONE);
}

static const cg_method_def coro_methods[] = {
    {"__await__", coro_await_m, NULL, "Return an iterator to be used in await expression."},
    {NULL, NULL, NULL, NULL},
};

static const cg_method_def agen_methods[] = {
    {"asend", agen_asend_m, NULL, "asend(v) -> send 'v' in generator."},
    {"athrow", agen_athrow_m, NULL, "athrow(typ[,val[,tb]]) -> raise exception in generator."},
    {"aclose", agen_aclose_m, NULL, "aclose() -> raise GeneratorExit inside generator."},
    {"__aiter__", op_self_m, NULL, "Return an awaitable, that resolves in asynchronous iterator."},
    {"__anext__", agen_anext_m, NULL, "Return a value or raise StopAsyncIteration."},
    {NULL, NULL, NULL, NULL},
};

int cg_coroutine_types_init(const cg_method_def *gen_methods) {
    cg_type *ops[] = {&cg_type_asend, &cg_type_athrow, &cg_type_coro_wrapper, &cg_type_anext};
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (cg_type_add_methods(ops[i], op_methods) < 0)
            return -1;
    if (cg_type_add_methods(&cg_type_coroutine, gen_methods) < 0 || cg_type_add_methods(&cg_type_coroutine, coro_methods) < 0)
        return -1;
    return cg_type_add_methods(&cg_type_async_generator, agen_methods);
}

/* CPython's warning for a coroutine that was made and dropped unawaited:
 * through the warnings module, so filters and -W apply. */
void cg_coro_warn_unawaited(cg_generator *g) {
    cg_value warnings = cg_import("warnings");
    cg_value warn = cg_is_err(warnings) ? CG_ERR : cg_getattr(warnings, cg_str_intern("warn"));
    cg_value msg = cg_is_err(warn) ? CG_ERR : cg_str_fmt("coroutine '%s' was never awaited", cg_str_cstr(g->qualname));
    if (!cg_is_err(msg)) {
        /* source= (which adds the tracemalloc hint) names the coroutine
         * by its message, not itself: it is being freed */
        cg_value args[2] = {msg, cg_obj_value(&cg_exc_RuntimeWarning)};
        cg_str *kw[1] = {cg_str_intern("source")};
        cg_args a = {.pos = args, .npos = 2, .kwn = kw, .kwv = &msg, .nkw = 1};
        cg_value r = cg_call(warn, &a);
        if (cg_is_err(r))
            cg_report_unraisable(cg_obj_value(g));
        else
            cg_decref(r);
        cg_decref(msg);
    }
    if (!cg_is_err(warn))
        cg_decref(warn);
    if (!cg_is_err(warnings))
        cg_decref(warnings);
    cg_exc_clear();
}

/* ---- async for ---------------------------------------------------------------------------------- */

cg_value cg_async_iter(cg_value v) {
    if (!has_method(v, "__aiter__"))
        return cg_raise(&cg_exc_TypeError, "'async for' requires an object with __aiter__ method, got %s",
                        cg_type_name(v));
    cg_value it = cg_call_method(v, "__aiter__", 0, NULL);
    if (cg_is_err(it) || has_method(it, "__anext__"))
        return it;
    cg_raise(&cg_exc_TypeError, "'async for' received an object from __aiter__ that does not implement __anext__: %s",
             cg_type_name(it));
    cg_decref(it);
    return CG_ERR;
}

cg_value cg_async_next(cg_frame *f, cg_value it) {
    cg_value aw = cg_typeof(it) == &cg_type_async_generator ? op_new(&cg_type_asend, OP_ASEND, it, CG_NONE)
                                                            : cg_call_method(it, "__anext__", 0, NULL);
    if (cg_is_err(aw))
        return aw;
    if (cg_typeof(aw) != &cg_type_coroutine && !cg_is_awaitable_op(aw) && !has_method(aw, "__await__")) {
        cg_raise(&cg_exc_TypeError, "'async for' received an invalid object from __anext__: %s", cg_type_name(aw));
        cg_decref(aw);
        return CG_ERR;
    }
    cg_value r = cg_await(f, aw);
    if (cg_is_err(r) && cg_exc_matches(&cg_exc_StopAsyncIteration)) {
        cg_exc_clear();
        return CG_STOP;
    }
    return r;
}

/* ---- aiter(), anext() ------------------------------------------------------------------------------ */

static cg_value b_aiter(cg_value self, const cg_args *a) {
    (void)self;
    if (a->npos != 1 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "aiter() takes exactly one argument (%d given)", a->npos);
    cg_value v = a->pos[0];
    if (!has_method(v, "__aiter__"))
        return cg_raise(&cg_exc_TypeError, "'%s' object is not an async iterable", cg_type_name(v));
    cg_value it = cg_call_method(v, "__aiter__", 0, NULL);
    if (cg_is_err(it) || has_method(it, "__anext__"))
        return it;
    cg_raise(&cg_exc_TypeError, "aiter() returned not an async iterator of type '%s'", cg_type_name(it));
    cg_decref(it);
    return CG_ERR;
}

static cg_value b_anext(cg_value self, const cg_args *a) {
    (void)self;
    if (a->npos < 1 || a->npos > 2 || a->nkw)
        return cg_raise(&cg_exc_TypeError, "anext expected at least 1 argument, got %d", a->npos);
    cg_value v = a->pos[0];
    if (!has_method(v, "__anext__"))
        return cg_raise(&cg_exc_TypeError, "'%s' object is not an async iterator", cg_type_name(v));
    cg_value aw = cg_call_method(v, "__anext__", 0, NULL);
    if (cg_is_err(aw) || a->npos == 1)
        return aw;
    cg_value inner = await_iter(aw);
    cg_decref(aw);
    if (cg_is_err(inner))
        return inner;
    cg_value op = op_new(&cg_type_anext, OP_ANEXT, inner, cg_incref(a->pos[1]));
    cg_decref(inner);
    return op;
}

const cg_method_def cg_async_builtins[] = {
    {"aiter", b_aiter, NULL, "aiter(async_iterable, /)\nReturn an AsyncIterator for an AsyncIterable object."},
    {"anext", b_anext, NULL,
     "anext(aiterator[, default])\n\nReturn the next item from the async iterator. If default is given and the "
     "async\niterator is exhausted, it is returned instead of raising StopAsyncIteration."},
    {NULL, NULL, NULL, NULL},
};
