/* gen_internal.h: what genobject.c (generators, yield, yield from) shares
 * with coroutine.c (coroutines, await, async generators), which run on
 * the same machinery: one struct, one resume, one yield. Not for the
 * rest of the runtime, which uses genobject.h. */
#ifndef CG_GEN_INTERNAL_H
#define CG_GEN_INTERNAL_H

#include "runtime/gc.h"
#include "runtime/genobject.h"
#include "runtime/stack_switch.h"

enum { GEN_CREATED, GEN_SUSPENDED, GEN_RUNNING, GEN_CLOSED };
typedef enum { RESUME_SEND, RESUME_THROW } resume_mode;

typedef struct cg_generator {
    cg_obj head;
    cg_gc_link gc;
    cg_scope *scope;
    cg_value name, qualname;
    cg_function *fn;    /* a generator function's; NULL for an expression */
    const cg_ast *comp; /* a generator expression's node */
    cg_value first;     /* and the iterator of its first `for` */
    /* a notebook cell run as a coroutine (top-level await): its module
     * body, and the last expression whose value the body returns */
    const cg_ast_list *cell_body;
    const cg_ast *cell_last;
    cg_value *slots;    /* the frame's, owned until the body ends */
    cg_frame frame;
    int state;
    cg_stack_ctx self, caller;
    char *stack;       /* its slot (stack_slots.h), from start to end */
    cg_value transfer; /* what crosses a switch: sent in, yielded out */
    cg_value result;   /* the body's return value, until next() takes it */
    resume_mode mode;
    bool failed; /* the body ended with an exception */
    bool own_yield; /* an async generator's last switch out was its own yield */
    cg_value awaiting; /* what a `yield from`/`await` delegates to (borrowed) */
    /* except blocks open at the yield: handled exceptions the body will
     * pop when it goes on (exec.c keeps them on one per-thread stack) */
    cg_value *handled;
    int nhandled;
    /* the stack that resumed it, for AddressSanitizer */
    void *asan_fake;
    const void *caller_bottom;
    size_t caller_size;
} cg_generator;

/* Runs g until it yields or ends: the yielded value, CG_STOP when the
 * body returned (its value in *retval when retval is not NULL), or CG_ERR.
 * With RESUME_THROW the exception to throw in is pending on entry. */
cg_value cg_gen_resume(cg_generator *g, cg_value send, resume_mode mode, cg_value *retval);
/* close(): GeneratorExit at the suspension point. */
cg_value cg_gen_close(cg_generator *g);
/* Hands v (owned) out of g's body; `own` says it is an async generator's
 * own `yield` (not an await passing a value through to the event loop). */
cg_value cg_gen_yield_out(cg_generator *g, cg_value v, bool own);
/* The loop of `yield from` / `await` over the iterator `it` (owned), in
 * frame f: the value it returns, or CG_ERR. */
cg_value cg_gen_delegate(cg_frame *f, cg_value it);
/* One step of the iterator a `yield from` / `await` delegates to: its next
 * value, CG_STOP with its return value in *ret, or CG_ERR; a throw (the
 * exception pending) goes into it. */
cg_value cg_gen_delegate_step(cg_value it, cg_value sent, bool throwing, cg_value *ret);
/* One step of an awaitable that coroutine.c made (asend(), athrow(),
 * anext()'s, __await__'s): as cg_gen_resume, throwing when `throwing`. */
bool cg_is_awaitable_op(cg_value v);
cg_value cg_awaitable_op_step(cg_value op, cg_value sent, bool throwing, cg_value *ret);
/* generator, coroutine or async generator: the types of this struct */
bool cg_is_gen_struct(cg_value v);
/* "generator", "coroutine", "async generator", for messages */
const char *cg_gen_kind_name(const cg_generator *g);
/* The generator methods' bodies, shared by the three types. */
cg_value cg_gen_send_method(cg_value self, const cg_args *a);
cg_value cg_gen_throw_method(cg_value self, const cg_args *a);
/* Makes the exception throw()'s arguments name pending; -1 on a bad call. */
int cg_gen_set_thrown(const cg_args *a);
/* StopIteration(value) pending, value owned (None: no argument). */
cg_value cg_gen_raise_stop(cg_value value);
/* The methods of coroutines and async generators, added at start-up;
 * gen_methods are the generator's send/throw/close rows. */
int cg_coroutine_types_init(const cg_method_def *gen_methods);
/* The RuntimeWarning of a coroutine dropped before it ran. */
void cg_coro_warn_unawaited(cg_generator *g);

#endif
