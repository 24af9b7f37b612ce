/* stack_slots.h: the small C stacks generators run on.
 *
 * A slot is a small stack carved from a large reservation, with no guard
 * page and no mapping of its own, so that a million of them fit in the
 * process's address space and mapping count. Calls that would go deep
 * move to a segment (stack_grow.h). See Note [Generator stacks] in
 * genobject.c. This file knows nothing of generators: genobject.c takes a
 * slot per started generator. */
#ifndef CG_STACK_SLOTS_H
#define CG_STACK_SLOTS_H

#include <stddef.h>

#if defined(__SANITIZE_ADDRESS__)
/* AddressSanitizer's frames are several times bigger (redzones) */
#define CG_SLOT_SIZE ((size_t)1 << 20)
#else
#define CG_SLOT_SIZE ((size_t)256 << 10)
#endif

/* Below a slot's base + CG_SLOT_GROW a call moves to a segment, so a
 * function called from a generator always has that much stack; below
 * base + CG_SLOT_LIMIT the evaluator raises RecursionError (what is left
 * is for C code that runs without a call: operators, conversions). */
#define CG_SLOT_GROW (CG_SLOT_SIZE / 2)
#define CG_SLOT_LIMIT (CG_SLOT_SIZE / 8)

/* A slot's lowest address (it spans CG_SLOT_SIZE bytes up from there), or
 * NULL when none can be had (address space, memory, or the cap on live
 * slots); raises nothing. */
char *cg_stack_slot_alloc(void);
/* Gives a slot back. `abandoned`: frames were left on it without
 * returning (AddressSanitizer's marks must go). */
void cg_stack_slot_free(char *base, int abandoned);
/* A thread's end: the slots waiting in front of the list for it go back on the list. */
void cg_stack_slots_thread_exit(void);

#endif
