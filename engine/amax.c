/* amax.c: torch.amax and torch.amin, rows AmaxBackward0 / AminBackward0.
 * Their values are max/min over several dims at once: the reduced dims
 * are moved last and flattened, then the engine's max/min along one dim
 * runs (on either device; NaN wins as in PyTorch). Their gradient is
 * PyTorch's: shared evenly by the elements equal to the result. */
#include <string.h>

#include "amax.h"
#include "ops.h"

/* dims wrapped into sel (all when n is 0), none twice; 0 or -1 */
static int reduced_dims(const cg_tensor *x, int n, const int64_t *dims, bool *sel) {
    memset(sel, 0, sizeof(bool) * CG_MAX_DIMS);
    for (int i = 0; i < n; i++) {
        int d = cg_wrap_dim(dims[i], x->ndim);
        if (d < 0)
            return -1;
        CG_CHECK_INT(!sel[d], CG_RUNTIME_ERROR, "dim %d appears multiple times in the list of dims", d);
        sel[d] = true;
    }
    for (int d = 0; n == 0 && d < x->ndim; d++)
        sel[d] = true;
    return 0;
}

/* The value, outside any graph: kept dims then the reduced ones flattened */
static cg_tensor *extreme_over(cg_tensor *x, const bool *sel, bool keepdim, bool is_max) {
    if (x->ndim == 0)
        return cg_clone(x);
    int64_t perm[CG_MAX_DIMS], kept[CG_MAX_DIMS + 1], out[CG_MAX_DIMS], k = 0, nk = 0, red = 1;
    for (int d = 0; d < x->ndim; d++)
        if (!sel[d])
            perm[k++] = d, kept[nk++] = x->sizes[d];
    for (int d = 0; d < x->ndim; d++)
        if (sel[d])
            perm[k++] = d, red *= x->sizes[d];
    kept[nk] = red;
    cg_tensor *p = cg_permute(x, x->ndim, perm);
    cg_tensor *f = p ? cg_reshape(p, (int)nk + 1, kept) : NULL;
    cg_tensor *v = NULL;
    if (f && (is_max ? cg_max_dim(f, nk, false, &v, NULL) : cg_min_dim(f, nk, false, &v, NULL)) < 0)
        v = NULL;
    for (int d = 0, j = 0; d < x->ndim; d++)
        out[d] = sel[d] ? 1 : kept[j++];
    cg_tensor *r = v && keepdim ? cg_reshape(v, x->ndim, out) : v ? cg_tensor_retain(v) : NULL;
    cg_tensor_release(p), cg_tensor_release(f), cg_tensor_release(v);
    return r;
}

cg_tensor *cg_amax(cg_tensor *x, int n, const int64_t *dims, bool keepdim, bool is_max) {
    const char *fn = is_max ? "amax" : "amin";
    bool sel[CG_MAX_DIMS];
    CG_CHECK(n <= CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
    if (reduced_dims(x, n, dims, sel) < 0)
        return NULL;
    CG_CHECK(!(n == 0 && cg_tensor_numel(x) == 0), CG_RUNTIME_ERROR,
             "%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the "
             "'dim' argument.",
             fn);
    /* PyTorch names the dim as it was given */
    for (int i = 0; i < n && x->ndim > 0; i++)
        CG_CHECK(x->sizes[cg_wrap_dim(dims[i], x->ndim)] != 0, CG_INDEX_ERROR,
                 "%s(): Expected reduction dim %lld to have non-zero size.", fn, (long long)dims[i]);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *r = extreme_over(x, sel, keepdim, is_max);
    cg_grad_set_enabled(was);
    cg_op_args args = {.keepdim = keepdim, .flag = is_max};
    for (int d = 0; d < x->ndim; d++)
        if (sel[d])
            args.dims[args.ndims++] = d;
    cg_save_spec save[] = {{x, "self"}};
    if (r && cg_autograd_needed(1, &x)
        && cg_autograd_record(is_max ? CG_OP_AMAX : CG_OP_AMIN, 1, &r, 1, &x, 1, save, &args, NULL) < 0) {
        cg_tensor_release(r);
        return NULL;
    }
    return r;
}

/* AmaxBackward0 / AminBackward0: the gradient shared evenly by the
 * elements equal to the result, (grad / count) * mask as PyTorch's
 * scale_grad_by_count */
int cg_bw_amax(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x;
    if (cg_node_saved(n, 0, &x) < 0)
        return -1;
    const cg_op_args *a = &n->args;
    int64_t shape[CG_MAX_DIMS];
    for (int d = 0; d < x->ndim; d++)
        shape[d] = x->sizes[d];
    for (int i = 0; i < a->ndims; i++)
        shape[a->dims[i]] = 1;
    bool sel[CG_MAX_DIMS] = {false};
    for (int i = 0; i < a->ndims; i++)
        sel[a->dims[i]] = true;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *res = extreme_over(x, sel, true, a->flag);
    cg_tensor *mask = res ? cg_eq(x, res) : NULL;
    cg_tensor *count = mask ? cg_sum(mask, a->ndims, a->dims, true) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor *g = count ? cg_reshape(go[0], x->ndim, shape) : NULL;
    cg_tensor *scaled = g ? cg_div(g, count) : NULL;
    gi[0] = scaled ? cg_mul(scaled, mask) : NULL;
    cg_tensor_release(res), cg_tensor_release(mask), cg_tensor_release(count), cg_tensor_release(g);
    cg_tensor_release(scaled);
    return gi[0] ? 0 : -1;
}
