/* long_op.c: the host's hooks around long kernels (long_op.h). */
#include <stddef.h>

#include "long_op.h"

static cg_long_op_hooks hooks;

void cg_long_op_set_hooks(cg_long_op_hooks h) { hooks = h; }

void *cg_long_op_begin(void) { return hooks.release ? hooks.release() : NULL; }

void cg_long_op_end(void *token) {
    if (hooks.reacquire)
        hooks.reacquire(token);
}
