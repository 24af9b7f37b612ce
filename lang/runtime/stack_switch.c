/* stack_switch.c: the context switch of stack_switch.h.
 *
 * x86-64 (System V): the switch pushes the callee-saved registers (rbp,
 * rbx, r12-r15) and the SSE and x87 control words, stores the stack
 * pointer, loads the other one and pops the same in reverse. A new
 * context's stack is laid out as if it had switched away just before
 * entering entry(): restoring it "returns" into entry with the stack
 * aligned as after a call. */
#include <stdint.h>
#include <string.h>

#include "runtime/stack_switch.h"

#if defined(__x86_64__)

void cg_stack_switch_x86_64(void **save_sp, void *new_sp);

__asm__(".text\n"
        ".globl cg_stack_switch_x86_64\n"
        ".hidden cg_stack_switch_x86_64\n"
        ".type cg_stack_switch_x86_64, @function\n"
        "cg_stack_switch_x86_64:\n"
        "    pushq %rbp\n"
        "    pushq %rbx\n"
        "    pushq %r12\n"
        "    pushq %r13\n"
        "    pushq %r14\n"
        "    pushq %r15\n"
        "    subq $8, %rsp\n"
        "    stmxcsr (%rsp)\n"
        "    fnstcw 4(%rsp)\n"
        "    movq %rsp, (%rdi)\n"
        "    movq %rsi, %rsp\n"
        "    ldmxcsr (%rsp)\n"
        "    fldcw 4(%rsp)\n"
        "    addq $8, %rsp\n"
        "    popq %r15\n"
        "    popq %r14\n"
        "    popq %r13\n"
        "    popq %r12\n"
        "    popq %rbx\n"
        "    popq %rbp\n"
        "    ret\n"
        ".size cg_stack_switch_x86_64, .-cg_stack_switch_x86_64\n"
        ".section .note.GNU-stack,\"\",@progbits\n"
        ".text\n");

void cg_stack_ctx_init(cg_stack_ctx *ctx, char *base, size_t size, void (*entry)(void)) {
    uintptr_t top = ((uintptr_t)base + size) & ~(uintptr_t)15;
    uint64_t *sp = (uint64_t *)top;
    *--sp = 0; /* entry's return address: none */
    *--sp = (uint64_t)(uintptr_t)entry;
    for (int i = 0; i < 6; i++)
        *--sp = 0;                           /* rbp rbx r12 r13 r14 r15 */
    uint32_t controls[2] = {0x1F80, 0x037F}; /* MXCSR and x87 control word at reset */
    --sp;
    memcpy(sp, controls, sizeof controls);
    ctx->sp = sp;
}

void cg_stack_switch(cg_stack_ctx *from, cg_stack_ctx *to) { cg_stack_switch_x86_64(&from->sp, to->sp); }

#else

void cg_stack_ctx_init(cg_stack_ctx *ctx, char *base, size_t size, void (*entry)(void)) {
    getcontext(&ctx->uc);
    ctx->uc.uc_stack.ss_sp = base;
    ctx->uc.uc_stack.ss_size = size;
    ctx->uc.uc_link = NULL;
    makecontext(&ctx->uc, entry, 0);
}

void cg_stack_switch(cg_stack_ctx *from, cg_stack_ctx *to) { swapcontext(&from->uc, &to->uc); }

#endif
