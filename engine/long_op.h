/* long_op.h: a kernel that runs long lets its host's lock go meanwhile,
 * as PyTorch drops Python's GIL inside its ops: the language registers
 * its interpreter lock here (lang/torch/torch_module.c), so that other
 * threads run Python while one thread's matmul runs. Not a lock of the
 * engine's own: kernels that hold no object references and touch only
 * tensor memory call it, nothing else. */
#ifndef CG_LONG_OP_H
#define CG_LONG_OP_H

typedef struct {
    void *(*release)(void); /* what reacquire needs back */
    void (*reacquire)(void *token);
} cg_long_op_hooks;

/* The host's hooks; none before (begin and end do nothing). */
void cg_long_op_set_hooks(cg_long_op_hooks hooks);
void *cg_long_op_begin(void);
void cg_long_op_end(void *token);

#endif
