/* parity_reduce.c: fixture adapters for the reductions beyond sum
 * (tests/fixtures/cases/reductions.py; sum's adapter is in parity_core.c). */
#include <math.h>
#include <string.h>

#include "parity.h"

/* The dims at argument i: absent or None is every dim. */
static int dims_at(const parity_call *c, int i, int64_t *dims) {
    return p_nargs(c) > i && !p_is_none(c, i) ? p_ints(c, i, dims, CG_MAX_DIMS) : 0;
}

#define PARITY_DIMS(name, fn)                                               \
    PARITY(name) {                                                          \
        int64_t dims[CG_MAX_DIMS];                                          \
        int n = dims_at(c, 1, dims);                                        \
        return fn(p_tensor(c, 0), n, dims, p_kw_bool(c, "keepdim", false)); \
    }
PARITY_DIMS(mean, cg_mean)
PARITY_DIMS(prod, cg_prod)
PARITY_DIMS(any, cg_any)
PARITY_DIMS(all, cg_all)
PARITY_DIMS(logsumexp, cg_logsumexp)

/* x.max() is one output; x.max(dim) two (values, indices) */
static int minmax(parity_call *c, cg_tensor *(*all)(cg_tensor *),
                  int (*dim)(cg_tensor *, int64_t, bool, cg_tensor **, cg_tensor **)) {
    if (p_nargs(c) == 1) {
        c->outs[0] = all(p_tensor(c, 0));
        c->nouts = 1;
        return c->outs[0] ? 0 : -1;
    }
    c->nouts = 2;
    return dim(p_tensor(c, 0), p_int(c, 1), p_kw_bool(c, "keepdim", false), &c->outs[0], &c->outs[1]);
}
PARITY_MULTI(max) { return minmax(c, cg_max, cg_max_dim); }
PARITY_MULTI(min) { return minmax(c, cg_min, cg_min_dim); }

PARITY(argmax) {
    int64_t d = p_nargs(c) > 1 ? p_int(c, 1) : 0;
    return cg_argmax(p_tensor(c, 0), p_nargs(c) > 1 ? &d : NULL, p_kw_bool(c, "keepdim", false));
}
PARITY(argmin) {
    int64_t d = p_nargs(c) > 1 ? p_int(c, 1) : 0;
    return cg_argmin(p_tensor(c, 0), p_nargs(c) > 1 ? &d : NULL, p_kw_bool(c, "keepdim", false));
}

PARITY(var) {
    int64_t dims[CG_MAX_DIMS];
    int n = dims_at(c, 1, dims);
    return cg_var(p_tensor(c, 0), n, dims, p_kw_int(c, "correction", 1), p_kw_bool(c, "keepdim", false));
}
PARITY(std) {
    int64_t dims[CG_MAX_DIMS];
    int n = dims_at(c, 1, dims);
    return cg_std(p_tensor(c, 0), n, dims, p_kw_int(c, "correction", 1), p_kw_bool(c, "keepdim", false));
}

/* p is a number, "inf"/"-inf", or "fro" */
PARITY(norm) {
    json_t *p = json_array_get(c->args, 1);
    int64_t dims[CG_MAX_DIMS];
    int n = dims_at(c, 2, dims);
    bool keepdim = p_kw_bool(c, "keepdim", false);
    if (json_is_string(p) && !strcmp(json_string_value(p), "fro"))
        return cg_norm_fro(p_tensor(c, 0), n, dims, keepdim);
    return cg_norm(p_tensor(c, 0), p_double(c, 1), n, dims, keepdim);
}

PARITY(cumsum) { return cg_cumsum(p_tensor(c, 0), p_int(c, 1)); }
