/* view_rebase.c: in-place ops on views rewrite the history of their base.
 *
 * Note [In-place ops on views]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * v = base[0]; v.mul_(2) changes base too, so base's gradient must flow
 * through the multiplication. PyTorch rewrites base's history: base gets a
 * CopySlices node that keeps the in-place op's node fn inside it, and v's
 * history becomes a view of base's new one (AsStridedBackward0). We do the
 * same, whatever the in-place op: cg_autograd_record calls cg_view_rebase
 * when an op recorded on a view is in place (its first input is its output).
 *
 * CopySlices(fn) has an edge to base's previous history and the edges of
 * fn's other inputs, as PyTorch's does, so the graph drawn is PyTorch's. Its
 * derivative takes the gradient's region at the view, runs fn's derivative
 * on it, and puts fn's gradient for the view's old value back in the
 * region; fn's other gradients pass on. All of it is engine ops, so double
 * backward works.
 *
 * The region is named by the positions of v's elements in base, row-major
 * over base's dims: an advanced index over all of them. A view that is the
 * whole base in order (a reshape, x[...]) needs no index, only reshapes.
 * Other views of the same base keep their old history; PyTorch regenerates
 * those lazily, which this engine does not. */
#include <stdlib.h>
#include <string.h>

#include "index_walk.h"
#include "ops.h"
#include "view_rebase.h"

/* The storage offsets of t's elements, row-major, into o[0..numel). */
static void offsets(const cg_tensor *t, int64_t *o) {
    int64_t n = cg_tensor_numel(t), idx[CG_MAX_DIMS] = {0}, off = t->offset;
    for (int64_t i = 0; i < n; i++) {
        o[i] = off;
        for (int d = t->ndim - 1; d >= 0; d--) {
            off += t->strides[d];
            if (++idx[d] < t->sizes[d])
                break;
            off -= idx[d] * t->strides[d];
            idx[d] = 0;
        }
    }
}

/* The row-major positions in base of v's elements, an int64 CPU tensor of
 * v's shape; *whole tells that they are 0, 1, ... over all of base. */
static cg_tensor *positions(const cg_tensor *v, const cg_tensor *base, bool *whole) {
    int64_t nb = cg_tensor_numel(base), nv = cg_tensor_numel(v);
    cg_tensor *pos = cg_tensor_empty(v->ndim, v->sizes, CG_INT64, cg_device_cpu());
    int64_t *at = malloc((size_t)(nb && !cg_tensor_is_contiguous(base) ? nb : 1) * sizeof *at);
    if (!pos || !at) {
        free(at);
        cg_tensor_release(pos);
        cg_error_set(CG_MEMORY_ERROR, "out of memory recording an in-place op on a view");
        return NULL;
    }
    int64_t *p = cg_tensor_data(pos);
    *whole = nb == 0;
    if (nb == 0) { /* an empty view of an empty base: nothing to place */
        free(at);
        return pos;
    }
    offsets(v, p);
    if (cg_tensor_is_contiguous(base)) { /* the usual base: positions are offsets, no map of all of base */
        free(at);
        *whole = nv == nb;
        for (int64_t i = 0; i < nv; i++) {
            p[i] -= base->offset;
            *whole &= p[i] == i;
        }
        return pos;
    }
    offsets(base, at);
    int64_t lo = at[0], hi = at[0];
    for (int64_t i = 1; i < nb; i++)
        lo = at[i] < lo ? at[i] : lo, hi = at[i] > hi ? at[i] : hi;
    /* storage offset -> base position; the spans of dense bases are their size */
    int64_t *inv = malloc((size_t)(hi - lo + 1) * sizeof *inv);
    if (inv) {
        for (int64_t i = 0; i < nb; i++)
            inv[at[i] - lo] = i;
        *whole = nv == nb;
        for (int64_t i = 0; i < nv; i++) {
            p[i] = inv[p[i] - lo];
            *whole &= p[i] == i;
        }
    }
    free(inv);
    free(at);
    if (!inv) {
        cg_tensor_release(pos);
        cg_error_set(CG_MEMORY_ERROR, "out of memory recording an in-place op on a view");
        return NULL;
    }
    return pos;
}

int cg_view_rebase(cg_tensor *v, cg_node *fn) {
    cg_tensor *base = v->base;
    bool whole = false;
    cg_tensor *pos = positions(v, base, &whole);
    /* The positions stay on the host, whatever base's device: the walk of
     * an advanced index reads them there (adv_walk), as for getitem. */
    cg_tensor *lin = pos && !whole ? pos : NULL;
    if (!lin)
        cg_tensor_release(pos);
    if (!whole && !lin)
        return -1;
    cg_op_args args = {0};
    if (whole) {
        args.i[0] = 1;
    } else {
        cg_adv_index a = {.k = base->ndim, .lin = lin};
        for (int d = 0; d < base->ndim; d++)
            a.dims[d] = d;
        cg_adv_to_args(&a, &args);
    }
    cg_save_spec save[] = {{lin, "indices"}};
    cg_node *n = NULL;
    int rc = cg_autograd_wrap(CG_OP_COPY_SLICES, base, fn, whole ? 0 : 1, save, &args) ? 0 : -1;
    if (rc == 0)
        rc = whole ? cg_autograd_record(CG_OP_VIEW, 1, &v, 1, &base, 0, NULL, NULL, &n)
                   : cg_autograd_record(CG_OP_INDEX, 1, &v, 1, &base, 1, save, &args, &n);
    if (n)
        n->name = "AsStridedBackward0";
    cg_tensor_release(lin);
    return rc;
}

/* The gradient of base's old value: g with the region replaced by the
 * gradient of the view's old value gv_old (zero when there is none). */
static cg_tensor *region_replaced(cg_tensor *g, bool whole, const cg_adv_index *a, cg_tensor *gv_old,
                                  const cg_meta *base) {
    if (whole)
        return gv_old ? cg_reshape(gv_old, base->ndim, base->sizes) : cg_zeros_like(g);
    cg_tensor *out = cg_clone(g);
    cg_tensor *value = gv_old ? cg_tensor_retain(gv_old) : cg_zeros(0, NULL, g->dtype, cg_tensor_device(g));
    if (!out || !value || cg_adv_put_(out, a, value, false, true) < 0) {
        cg_tensor_release(out);
        out = NULL;
    }
    cg_tensor_release(value);
    return out;
}

int cg_copy_slices_wrapped(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_node *fn = n->wrapped;
    bool whole = n->args.i[0];
    cg_adv_index a = {0};
    if (!whole && cg_adv_from_node(n, 0, &a) < 0)
        return -1;
    const cg_meta *vm = &fn->out_meta[0];
    cg_tensor *gv = whole ? cg_reshape(go[0], vm->ndim, vm->sizes) : cg_adv_take(go[0], &a);
    cg_tensor **res = gv ? calloc((size_t)fn->nin, sizeof *res) : NULL;
    if (gv && !res)
        cg_error_set(CG_MEMORY_ERROR, "out of memory in backward");
    int rc = res ? cg_node_apply(fn, &gv, res) : -1;
    cg_node_release_unpacked(fn);
    if (rc == 0 && n->next[0].node) {
        gi[0] = region_replaced(go[0], whole, &a, res[0], &n->in_meta[0]);
        rc = gi[0] ? 0 : -1;
    }
    for (int i = 0; res && i < fn->nin; i++) {
        if (i > 0 && rc == 0)
            gi[i] = res[i];
        else
            cg_tensor_release(res[i]);
    }
    free(res);
    cg_tensor_release(gv);
    return rc;
}
