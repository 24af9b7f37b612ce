/* unfold_view.c: Tensor.unfold(dimension, size, step), the sliding
 * windows of a dim as a view (UnfoldBackward0): that dim counts the
 * windows, a last dim of `size` walks inside one. Not F.unfold (im2col). */
#include "autograd.h"
#include "error.h"
#include "ops.h"
#include "tensor.h"
#include "view.h"

/* The windows' geometry; a 0-d x unfolds as a 1-element dim. */
static int unfold_geometry(const cg_tensor *x, int d, int64_t size, int64_t step, int64_t *sizes, int64_t *strides) {
    int64_t n = x->ndim ? x->sizes[d] : 1, st = x->ndim ? x->strides[d] : 1;
    CG_CHECK_INT(size <= n, CG_RUNTIME_ERROR, "maximum size for tensor at dimension %d is %lld but size is %lld", d,
                 (long long)n, (long long)size);
    CG_CHECK_INT(step > 0, CG_RUNTIME_ERROR, "step is %lld but must be > 0", (long long)step);
    CG_CHECK_INT(x->ndim < CG_MAX_DIMS, CG_RUNTIME_ERROR, "cgrad supports tensors of at most %d dimensions",
                 CG_MAX_DIMS);
    for (int i = 0; i < x->ndim; i++)
        sizes[i] = x->sizes[i], strides[i] = x->strides[i];
    if (x->ndim) {
        sizes[d] = (n - size) / step + 1;
        strides[d] = st * step;
    }
    sizes[x->ndim ? x->ndim : 0] = size;
    strides[x->ndim ? x->ndim : 0] = st;
    return 0;
}

cg_tensor *cg_unfold_dim(cg_tensor *x, int64_t dimension, int64_t size, int64_t step) {
    int d = x->ndim ? cg_wrap_dim(dimension, x->ndim) : cg_wrap_dim(dimension, 1);
    if (d < 0)
        return NULL;
    int64_t sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    if (unfold_geometry(x, d, size, step, sizes, strides) < 0)
        return NULL;
    cg_op_args args = {.i = {d, size, step}};
    int nd = x->ndim ? x->ndim + 1 : 1;
    return cg_view_make(x, nd, sizes, strides, x->offset, x->dtype, CG_OP_UNFOLD, &args, NULL);
}

/* unfold_backward: each window's gradient added back where the window
 * came from. For one offset j inside the windows the positions i*step + j
 * (a strided slice) never repeat, so the sum runs as `size` adds, offsets
 * from the last to the first: window by window in increasing order, as
 * PyTorch's kernel adds them. Views and add_ keep a graph for
 * create_graph. */
static cg_tensor *unfold_backward(cg_tensor *g, const cg_meta *in, int d, int64_t size, int64_t step) {
    cg_tensor *z = cg_zeros(in->ndim, in->sizes, g->dtype, cg_tensor_device(g));
    cg_tensor *flat = !z ? NULL : in->ndim ? cg_tensor_retain(z) : cg_view(z, 1, (int64_t[]){1});
    int64_t n = in->ndim ? in->sizes[d] : 1, nwin = (n - size) / step + 1;
    int rc = flat ? 0 : -1;
    for (int64_t j = size - 1; rc == 0 && nwin > 0 && j >= 0; j--) {
        cg_tensor *spots = cg_slice_dim(flat, d, j, j + (nwin - 1) * step + 1, step);
        cg_tensor *gj = spots ? cg_select(g, -1, j) : NULL;
        rc = gj ? cg_add_(spots, gj, cg_scalar_int(1)) : -1;
        cg_tensor_release(gj), cg_tensor_release(spots);
    }
    cg_tensor_release(flat);
    if (rc < 0) {
        cg_tensor_release(z);
        return NULL;
    }
    return z;
}

/* UnfoldBackward0 */
int cg_bw_unfold(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    gi[0] = unfold_backward(go[0], &n->in_meta[0], (int)n->args.i[0], n->args.i[1], n->args.i[2]);
    return gi[0] ? 0 : -1;
}
