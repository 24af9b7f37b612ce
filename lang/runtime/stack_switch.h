/* stack_switch.h: running code on a C stack of its own, and switching.
 *
 * Generators (genobject.c) run their bodies on stacks of their own. This
 * is the switch: save where the running code is, continue where another
 * context left off. On x86-64 it is a few instructions that save the
 * registers the C calling convention asks a callee to keep (no system
 * call, unlike swapcontext, which also saves the signal mask); elsewhere
 * it is ucontext's swapcontext. It knows nothing of sanitizers: the
 * caller announces its switches to AddressSanitizer. */
#ifndef CG_STACK_SWITCH_H
#define CG_STACK_SWITCH_H

#include <stddef.h>

#if defined(__x86_64__)
typedef struct {
    void *sp;
} cg_stack_ctx;
#else
#include <ucontext.h>
typedef struct {
    ucontext_t uc;
} cg_stack_ctx;
#endif

/* Makes ctx start entry() on the stack [base, base + size) when switched
 * to. entry must never return: it ends by switching away for good. */
void cg_stack_ctx_init(cg_stack_ctx *ctx, char *base, size_t size, void (*entry)(void));
/* Saves the running context in *from and continues *to; returns when
 * something switches back to *from. */
void cg_stack_switch(cg_stack_ctx *from, cg_stack_ctx *to);

#endif
