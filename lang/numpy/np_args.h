/* np_args.h: argument checks shared by numpy's C modules. */
#ifndef CG_NP_ARGS_H
#define CG_NP_ARGS_H

#include "runtime/exc.h"
#include "runtime/value.h"

/* Argument i as a count (a non-negative int), or false with ValueError. */
static inline bool np_count_arg(const cg_args *a, int i, int64_t *n) {
    if (i >= a->npos || a->pos[i].tag != CG_V_INT || a->pos[i].u.i < 0) {
        cg_raise(&cg_exc_ValueError, "a non-negative count is required");
        return false;
    }
    *n = a->pos[i].u.i;
    return true;
}

#endif
