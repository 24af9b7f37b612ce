/* stack_grow.h: moving a call onto a fresh C stack when the running one is
 * nearly full.
 *
 * Generators run on small slots (stack_slots.h); a function they call
 * that recurses deep goes on in a segment, a big stack with a guard page
 * lent to that one call, as Rust's stacker or Go's old split stacks do.
 * The doors that recursion passes through (cg_call, cg_compare, the
 * repr guard) ask for one when the stack pointer is below cg_ev.stack_grow.
 * See Note [Generator stacks] in genobject.c. */
#ifndef CG_STACK_GROW_H
#define CG_STACK_GROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/eval.h"

#if defined(__SANITIZE_ADDRESS__)
#define CG_SEGMENT_SIZE ((size_t)16 << 20)
#else
#define CG_SEGMENT_SIZE ((size_t)4 << 20)
#endif

/* Whether the caller should go on in a segment. */
static inline bool cg_stack_should_grow(void) { return (uintptr_t)__builtin_frame_address(0) < cg_ev.stack_grow; }

/* Runs fn(arg) on a segment, with the C-stack guards set for it. Returns
 * -1 with MemoryError raised when no segment can be mapped (fn did not
 * run). */
int cg_stack_run_grown(void (*fn)(void *), void *arg);

/* A thread's end: the segments cached for it are unmapped. */
void cg_stack_segments_thread_exit(void);

#endif
