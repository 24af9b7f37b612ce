/* affine_grid.c: affine_grid_generator (ops_grid.h), PyTorch 1.13's
 * AffineGridGenerator.cpp: a base grid of homogeneous coordinates
 * [N, (D,) H, W, k + 1] times theta transposed, one bmm; its derivative the
 * base grid transposed times the gradient. An op of its own in autograd
 * (AffineGridGeneratorBackward0) whose work is other engine ops. */
#include <string.h>

#include "ops.h"

/* the n coordinates of a side: linspace(-1, 1, n), times (n - 1) / n
 * without align_corners; a 0-d zero for n <= 1 */
static cg_tensor *side(cg_dtype dt, cg_device dev, int64_t n, bool align) {
    if (n <= 1)
        return cg_zeros(0, NULL, dt, dev);
    cg_tensor *r = cg_linspace(-1, 1, n, dt, dev);
    if (!r || align)
        return r;
    cg_tensor *m = cg_mul_scalar(r, (double)(n - 1)), *k = m ? cg_scalar_tensor(cg_scalar_int(n)) : NULL;
    cg_tensor *q = k ? cg_div(m, k) : NULL;
    cg_tensor_release(r), cg_tensor_release(m), cg_tensor_release(k);
    return q;
}

/* copies side(n) into coordinate `coord` of base [N, sp..., k + 1], laid
 * along spatial dim `dim` (of nsp) */
static int fill_side(cg_tensor *base, int nsp, int coord, int dim, int64_t n, bool align) {
    cg_tensor *s = side(base->dtype, cg_tensor_device(base), n, align), *v = s;
    for (int d = dim + 1; v && s->ndim == 1 && d < nsp; d++) {
        cg_tensor *u = cg_unsqueeze(v, -1);
        if (v != s)
            cg_tensor_release(v);
        v = u;
    }
    cg_tensor *dst = v ? cg_select(base, -1, coord) : NULL;
    int rc = dst ? cg_copy_(dst, v) : -1;
    if (v != s)
        cg_tensor_release(v);
    cg_tensor_release(s), cg_tensor_release(dst);
    return rc;
}

/* make_base_grid_4D/5D: x along W, y along H (, z along D), then ones */
static cg_tensor *base_grid(cg_dtype dt, cg_device dev, int nsize, const int64_t *size, bool align) {
    int nsp = nsize - 2;
    int64_t shape[5] = {size[0]};
    memcpy(shape + 1, size + 2, (size_t)nsp * sizeof(int64_t));
    shape[nsp + 1] = nsp + 1;
    cg_tensor *base = cg_tensor_empty(nsp + 2, shape, dt, dev);
    int rc = base ? 0 : -1;
    for (int c = 0; c < nsp && rc == 0; c++)
        rc = fill_side(base, nsp, c, nsp - 1 - c, size[nsize - 1 - c], align);
    cg_tensor *ones = rc == 0 ? cg_select(base, -1, nsp) : NULL;
    rc = ones ? cg_fill_(ones, cg_scalar_int(1)) : -1;
    cg_tensor_release(ones);
    if (rc < 0)
        cg_tensor_release(base), base = NULL;
    return base;
}

/* the product of the spatial sizes, or -1 past int64 */
static int64_t points(int nsize, const int64_t *size) {
    int64_t p = 1;
    for (int d = 2; d < nsize; d++)
        if (__builtin_mul_overflow(p, size[d], &p))
            return -1;
    return p;
}

/* base [N, P, k + 1] (op) theta-shaped b: the grid or theta's gradient */
static cg_tensor *run(cg_tensor *theta, int nsize, const int64_t *size, bool align) {
    int nsp = nsize - 2;
    int64_t P = points(nsize, size);
    CG_CHECK(P >= 0, CG_RUNTIME_ERROR, "affine_grid_generator(): size is too large");
    bool was = cg_grad_set_enabled(false);
    cg_tensor *base = base_grid(theta->dtype, cg_tensor_device(theta), nsize, size, align);
    int64_t flat[3] = {size[0], P, nsp + 1};
    cg_tensor *b = base ? cg_view(base, 3, flat) : NULL;
    cg_tensor *tt = b ? cg_transpose(theta, 1, 2) : NULL;
    cg_tensor *g = tt ? cg_bmm(b, tt) : NULL;
    int64_t shape[5] = {size[0]};
    memcpy(shape + 1, size + 2, (size_t)nsp * sizeof(int64_t));
    shape[nsp + 1] = nsp;
    cg_tensor *y = g ? cg_view(g, nsp + 2, shape) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(base), cg_tensor_release(b), cg_tensor_release(tt), cg_tensor_release(g);
    return y;
}

/* AffineGridGeneratorBackward0: base^T grad, transposed back to theta's shape */
int cg_bw_affine_grid_generator(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    int nsize = (int)n->args.ndims, nsp = nsize - 2;
    const int64_t *size = n->args.dims;
    cg_tensor *base = base_grid(go[0]->dtype, cg_tensor_device(go[0]), nsize, size, n->args.flag);
    int64_t P = points(nsize, size), flat[3] = {size[0], P, nsp + 1}, gflat[3] = {size[0], P, nsp};
    cg_tensor *b = base ? cg_view(base, 3, flat) : NULL;
    cg_tensor *bt = b ? cg_transpose(b, 1, 2) : NULL;
    cg_tensor *g = bt ? cg_reshape(go[0], 3, gflat) : NULL;
    cg_tensor *prod = g ? cg_bmm(bt, g) : NULL;
    gi[0] = prod ? cg_transpose(prod, 1, 2) : NULL;
    cg_tensor_release(base), cg_tensor_release(b), cg_tensor_release(bt), cg_tensor_release(g);
    cg_tensor_release(prod);
    return gi[0] ? 0 : -1;
}

cg_tensor *cg_affine_grid_generator(cg_tensor *theta, int nsize, const int64_t *size, bool align_corners) {
    CG_CHECK(nsize == 4 || nsize == 5, CG_RUNTIME_ERROR,
             "AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.");
    CG_CHECK(theta->dtype != CG_F16 || cg_tensor_device(theta).type != CG_CPU, CG_RUNTIME_ERROR, "\"bmm\" not implemented for 'Half'");
    for (int d = 0; d < nsize; d++)
        CG_CHECK(size[d] >= 0, CG_RUNTIME_ERROR, "affine_grid_generator(): negative size %lld",
                 (long long)size[d]);
    cg_tensor *y = run(theta, nsize, size, align_corners);
    cg_op_args args = {.ndims = nsize, .flag = align_corners};
    memcpy(args.dims, size, (size_t)nsize * sizeof(int64_t));
    if (y && cg_autograd_needed(1, &theta)) {
        /* the output is bmm's result seen as a grid: a tensor of its own */
        cg_tensor *own = cg_tensor_empty(y->ndim, y->sizes, y->dtype, cg_tensor_device(y));
        bool was = cg_grad_set_enabled(false);
        int rc = own ? cg_copy_(own, y) : -1;
        cg_grad_set_enabled(was);
        cg_tensor_release(y);
        y = rc == 0 ? own : NULL;
        if (rc < 0)
            cg_tensor_release(own);
        if (y && cg_autograd_record(CG_OP_AFFINE_GRID_GENERATOR, 1, &y, 1, &theta, 0, NULL, &args, NULL) < 0)
            cg_tensor_release(y), y = NULL;
    }
    return y;
}
