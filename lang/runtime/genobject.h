/* genobject.h: generator functions and the yield expressions in them.
 *
 * Calling a function whose body holds `yield` makes a generator: its frame
 * is set up (arguments bound, cells made) and kept; the body runs on a C
 * stack of its own, switched to when the generator is resumed (next(),
 * send(), throw(), close()) and switched away from at each yield, so the
 * tree-walking evaluator needs no change to suspend in the middle of any
 * statement. See Note [Generator stacks] in genobject.c. A generator
 * expression is a generator too, whose body is its comprehension loop
 * (eval.c), yielding each element. */
#ifndef CG_GENOBJECT_H
#define CG_GENOBJECT_H

#include "runtime/eval.h"

extern cg_type cg_type_generator;
int cg_generator_type_init(void);

/* Makes the generator of a call to fn; takes over `slots` (nslots values,
 * malloc'd, parameters bound and cells made). */
cg_value cg_gen_new(cg_function *fn, cg_value *slots);

/* A generator expression's generator: takes over slots (its frame's, as
 * eval.c set them up) and `first`, the iterator of its first `for`. */
cg_value cg_gen_new_genexpr(cg_frame *outer, const cg_ast *e, cg_value *slots, cg_value first);
/* Runs a generator expression's loops in its frame f (eval.c). */
int cg_genexpr_run(cg_frame *f, const cg_ast *e, cg_value first);
/* Yields v (owned) from the generator running in frame f. */
cg_value cg_gen_yield(cg_frame *f, cg_value v);

/* After next() found gen exhausted: its return value (new reference;
 * None when it had none or it was taken), for StopIteration(value). */
cg_value cg_gen_take_result(cg_value gen);

/* `yield value` (value may be NULL) and `yield from iterable` in frame f,
 * which is a generator's: the value sent in, or CG_ERR. */
cg_value cg_eval_yield(cg_frame *f, const cg_ast *e);
cg_value cg_eval_yield_from(cg_frame *f, const cg_ast *e);

/* ---- coroutines (coroutine.c) ---- */

extern cg_type cg_type_coroutine, cg_type_async_generator;

/* `await v` in frame f, which is a coroutine's (or a comprehension's in
 * one): the result, or CG_ERR. Takes v. */
cg_value cg_await(cg_frame *f, cg_value v);
cg_value cg_eval_await(cg_frame *f, const cg_ast *e);
/* The iterator of `async for`: type(v).__aiter__(v), checked to have
 * __anext__ (new reference, or CG_ERR). */
cg_value cg_async_iter(cg_value v);
/* The next value of `async for`'s iterator, awaited in f: CG_STOP at
 * StopAsyncIteration. */
cg_value cg_async_next(cg_frame *f, cg_value it);
/* A notebook cell with top-level await, as a coroutine: its statements
 * run in a frame over globals, then `last` (may be NULL), whose value
 * it returns. Keeps the arena and globals alive. */
cg_value cg_coro_new_cell(cg_scope *module, cg_dict *globals, cg_ast_arena *arena, const cg_ast_list *body,
                          const cg_ast *last);
/* builtins aiter() and anext() */
extern const cg_method_def cg_async_builtins[];

#endif
