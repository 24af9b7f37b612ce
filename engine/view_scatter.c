/* view_scatter.c: select_scatter, slice_scatter and diagonal_scatter: a
 * copy of self with src written into one of its views, each a row of
 * ops.def (SelectScatterBackward0, ...) as in PyTorch.
 *
 * The derivative for self is the gradient with the view's region zeroed
 * (the same scatter of zeros into it); for src, the gradient's view. Both
 * are these ops and the views themselves, so double backward works. */
#include "ops.h"

/* The view an op scatters into. args: select i[0] dim, i[1] index; slice
 * i[0] dim, i[1] start, i[2] end, i[3] step; diagonal i[0] offset, i[1]
 * dim1, i[2] dim2. */
static cg_tensor *view_of(cg_op op, cg_tensor *t, const cg_op_args *a) {
    switch (op) {
    case CG_OP_SELECT_SCATTER: return cg_select(t, a->i[0], a->i[1]);
    case CG_OP_SLICE_SCATTER: return cg_slice_dim(t, a->i[0], a->i[1], a->i[2], a->i[3]);
    default: return cg_diagonal(t, a->i[0], a->i[1], a->i[2]);
    }
}

static int check_src(const cg_tensor *view, const cg_tensor *src) {
    bool same = view->ndim == src->ndim;
    for (int d = 0; same && d < view->ndim; d++)
        same = view->sizes[d] == src->sizes[d];
    char a[CG_SIZES_STR_MAX], b[CG_SIZES_STR_MAX];
    CG_CHECK_INT(same, CG_RUNTIME_ERROR,
                 "expected src to have a size equal to the slice of self. src size = %s, slice size = %s",
                 cg_sizes_str(src->ndim, src->sizes, a, sizeof a), cg_sizes_str(view->ndim, view->sizes, b, sizeof b));
    return 0;
}

/* self's copy (laid out as self) with src copied into its view */
static cg_tensor *scatter_values(cg_op op, cg_tensor *self, cg_tensor *src, const cg_op_args *args) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = cg_clone_preserve(self);
    cg_tensor *view = out ? view_of(op, out, args) : NULL;
    int rc = view && check_src(view, src) == 0 ? cg_copy_raw(view, src) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(view);
    if (rc < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

static cg_tensor *view_scatter(cg_op op, cg_tensor *self, cg_tensor *src, const cg_op_args *args) {
    cg_tensor *out = scatter_values(op, self, src, args);
    if (!out)
        return NULL;
    cg_tensor *in[] = {self, src};
    if (cg_autograd_needed(2, in) && cg_autograd_record(op, 1, &out, 2, in, 0, NULL, args, NULL) < 0) {
        cg_tensor_release(out);
        return NULL;
    }
    return out;
}

cg_tensor *cg_select_scatter(cg_tensor *self, cg_tensor *src, int64_t dim, int64_t index) {
    cg_op_args args = {.i = {dim, index}};
    return view_scatter(CG_OP_SELECT_SCATTER, self, src, &args);
}

cg_tensor *cg_slice_scatter(cg_tensor *self, cg_tensor *src, int64_t dim, int64_t start, int64_t end, int64_t step) {
    CG_CHECK(step > 0, CG_RUNTIME_ERROR, "slice step must be positive");
    cg_op_args args = {.i = {dim, start, end, step}};
    return view_scatter(CG_OP_SLICE_SCATTER, self, src, &args);
}

cg_tensor *cg_diagonal_scatter(cg_tensor *self, cg_tensor *src, int64_t offset, int64_t dim1, int64_t dim2) {
    cg_op_args args = {.i = {offset, dim1, dim2}};
    return view_scatter(CG_OP_DIAGONAL_SCATTER, self, src, &args);
}

/* SelectScatterBackward0 and its kin: see the head of this file */
int cg_bw_view_scatter(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *region = view_of(n->op, go[0], &n->args);
    if (!region)
        return -1;
    if (n->next[0].node) {
        cg_tensor *zeros = cg_zeros(region->ndim, region->sizes, go[0]->dtype, cg_tensor_device(go[0]));
        gi[0] = zeros ? view_scatter(n->op, go[0], zeros, &n->args) : NULL;
        cg_tensor_release(zeros);
        if (!gi[0]) {
            cg_tensor_release(region);
            return -1;
        }
    }
    gi[1] = cg_clone(region); /* its own storage: gradients may be accumulated into in place */
    cg_tensor_release(region);
    return gi[1] ? 0 : -1;
}
