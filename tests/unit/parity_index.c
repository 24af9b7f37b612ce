/* parity_index.c: fixture adapters for indexing and joining
 * (tests/fixtures/cases/indexing.py). */
#include <stdlib.h>
#include <string.h>

#include "parity.h"

/* ---- t[...] and t[...] = v -------------------------------------------------------- */

/* Arguments from..: an int, None, "..." (Ellipsis), [start, stop, step]
 * (a slice, entries may be None) or a tensor. */
static int items_from(parity_call *c, int from, cg_index_item *items) {
    int n = 0;
    for (int i = from; i < p_nargs(c); i++, n++) {
        json_t *a = json_array_get(c->args, (size_t)i);
        cg_index_item *it = &items[n];
        memset(it, 0, sizeof *it);
        if (p_is_tensor(c, i)) {
            it->kind = CG_INDEX_TENSOR;
            it->tensor = p_tensor(c, i);
        } else if (json_is_null(a)) {
            it->kind = CG_INDEX_NONE;
        } else if (json_is_string(a)) {
            it->kind = CG_INDEX_ELLIPSIS;
        } else if (json_is_integer(a)) {
            it->kind = CG_INDEX_INT;
            it->i = (int64_t)json_integer_value(a);
        } else {
            it->kind = CG_INDEX_SLICE;
            json_t *s = json_array_get(a, 0), *e = json_array_get(a, 1), *st = json_array_get(a, 2);
            it->has_start = s && !json_is_null(s), it->start = it->has_start ? json_integer_value(s) : 0;
            it->has_stop = e && !json_is_null(e), it->stop = it->has_stop ? json_integer_value(e) : 0;
            it->has_step = st && !json_is_null(st), it->step = it->has_step ? json_integer_value(st) : 1;
        }
    }
    return n;
}

PARITY(getitem) {
    cg_index_item items[PARITY_MAX_ARGS];
    int n = items_from(c, 1, items);
    return cg_index_get(p_tensor(c, 0), n, items);
}

/* y = x * 1 (or x.clone() without grad); y[items] = value */
PARITY(setitem) {
    cg_tensor *x = p_tensor(c, 0);
    cg_tensor *y = x->requires_grad ? cg_mul_scalar(x, 1) : cg_clone(x);
    cg_index_item items[PARITY_MAX_ARGS];
    int n = items_from(c, 2, items);
    int rc = !y                  ? -1
             : p_is_tensor(c, 1) ? cg_index_set(y, n, items, p_tensor(c, 1))
                                 : cg_index_set_scalar(y, n, items, p_scalar(c, 1));
    if (rc < 0) {
        cg_tensor_release(y);
        return NULL;
    }
    return y;
}

/* ---- one indexed dim ---------------------------------------------------------------- */

PARITY(index_select) { return cg_index_select(p_tensor(c, 0), p_int(c, 1), p_tensor(c, 2)); }
PARITY(gather) { return cg_gather(p_tensor(c, 0), p_int(c, 1), p_tensor(c, 2)); }
PARITY(scatter) {
    if (p_is_tensor(c, 3))
        return cg_scatter(p_tensor(c, 0), p_int(c, 1), p_tensor(c, 2), p_tensor(c, 3));
    return cg_scatter_value(p_tensor(c, 0), p_int(c, 1), p_tensor(c, 2), p_scalar(c, 3));
}
PARITY(scatter_add) { return cg_scatter_add(p_tensor(c, 0), p_int(c, 1), p_tensor(c, 2), p_tensor(c, 3)); }
PARITY(index_fill) { return cg_index_fill(p_tensor(c, 0), p_int(c, 1), p_tensor(c, 2), p_scalar(c, 3)); }
PARITY(index_add) { return cg_index_add(p_tensor(c, 0), p_int(c, 1), p_tensor(c, 2), p_tensor(c, 3)); }
PARITY(index_put) {
    return cg_index_put(p_tensor(c, 0), c->nlist, c->list, p_tensor(c, 2), p_kw_bool(c, "accumulate", false));
}

/* ---- joining and splitting ---------------------------------------------------------------- */

static int64_t dim_arg(const parity_call *c, int i) {
    return p_kw_has(c, "dim") ? p_kw_int(c, "dim", 0) : i < p_nargs(c) ? p_int(c, i) : 0;
}

PARITY(cat) { return cg_cat(c->nlist, c->list, dim_arg(c, 1)); }
PARITY(stack) { return cg_stack(c->nlist, c->list, dim_arg(c, 1)); }

/* parts: a split's result array of n pieces, moved into c->outs */
static int take_parts(parity_call *c, cg_tensor **parts, const int *np) {
    int n = *np;
    if (!parts)
        return -1;
    for (int i = 0; i < n; i++) {
        if (i < PARITY_MAX_OUTS)
            c->outs[i] = parts[i];
        else
            cg_tensor_release(parts[i]);
    }
    c->nouts = n < PARITY_MAX_OUTS ? n : PARITY_MAX_OUTS;
    free(parts);
    return 0;
}

PARITY_MULTI(split) {
    int n = 0;
    json_t *size = json_array_get(c->args, 1);
    if (json_is_array(size)) {
        int64_t sizes[PARITY_MAX_OUTS];
        int ns = p_ints(c, 1, sizes, PARITY_MAX_OUTS);
        return take_parts(c, cg_split_with_sizes(p_tensor(c, 0), ns, sizes, dim_arg(c, 2), &n), &n);
    }
    return take_parts(c, cg_split(p_tensor(c, 0), p_int(c, 1), dim_arg(c, 2), &n), &n);
}
PARITY_MULTI(chunk) {
    int n = 0;
    return take_parts(c, cg_chunk(p_tensor(c, 0), p_int(c, 1), dim_arg(c, 2), &n), &n);
}
PARITY_MULTI(unbind) {
    int n = 0;
    return take_parts(c, cg_unbind(p_tensor(c, 0), dim_arg(c, 1), &n), &n);
}
