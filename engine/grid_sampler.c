/* grid_sampler.c: grid_sampler_2d and grid_sampler_3d (ops_grid.h), their
 * checks, records and derivative: PyTorch 1.13's GridSampler.cpp. The
 * kernels are grid_sampler_kernel.c's; the backward op is not itself
 * differentiable, as in PyTorch. */
#include <string.h>

#include "ew.h"
#include "grid_sample_math.h"
#include "nn_internal.h"
#include "ops.h"

/* at::geometry_is_contiguous: strides of a contiguous block, size-1 dims aside */
static bool block(int n, const int64_t *sizes, const int64_t *strides) {
    int64_t want = 1;
    for (int d = n - 1; d >= 0; d--) {
        if (sizes[d] != 1 && strides[d] != want)
            return false;
        want *= sizes[d];
    }
    return true;
}

/* Note [Grid sampler chunks]: whether PyTorch's 2-d kernel walks the grid
 * of one sample row by row (its rows not one block) */
static bool rowwise(const cg_tensor *grid) {
    if (grid->ndim != 4 || block(3, grid->sizes + 1, grid->strides + 1))
        return false;
    const int64_t *s = grid->sizes + 1, *st = grid->strides + 1;
    return !((st[1] == 1 || s[1] == 1) && block(2, s, st));
}

/* check_grid_sampler_common and the 2-d/3-d checks of PyTorch 1.13 */
static int check(const cg_tensor *input, const cg_tensor *grid, int64_t interp) {
    char a[128], b[128];
    CG_CHECK_INT(cg_device_equal(cg_tensor_device(input), cg_tensor_device(grid)), CG_RUNTIME_ERROR,
                 "grid_sampler(): expected input and grid to be on same device, but input is on %s and grid is on %s",
                 cg_device_str(cg_tensor_device(input), a, sizeof a), cg_device_str(cg_tensor_device(grid), b, sizeof b));
    CG_CHECK_INT(input->ndim > 0 && grid->ndim > 0 && input->sizes[0] == grid->sizes[0], CG_RUNTIME_ERROR,
                 "grid_sampler(): expected grid and input to have same batch size, but got input with sizes %s and "
                 "grid with sizes %s",
                 cg_sizes_str(input->ndim, input->sizes, a, sizeof a), cg_sizes_str(grid->ndim, grid->sizes, b, sizeof b));
    CG_CHECK_INT(grid->sizes[grid->ndim - 1] == input->ndim - 2, CG_RUNTIME_ERROR,
                 "grid_sampler(): expected grid to have size %d in last dimension, but got grid with sizes %s",
                 input->ndim - 2, cg_sizes_str(grid->ndim, grid->sizes, b, sizeof b));
    for (int d = 2; d < input->ndim; d++)
        CG_CHECK_INT(input->sizes[d] > 0, CG_RUNTIME_ERROR,
                     "grid_sampler(): expected input to have non-empty spatial dimensions, but input has sizes %s with "
                     "dimension %d being empty",
                     cg_sizes_str(input->ndim, input->sizes, a, sizeof a), d);
    int nd = input->ndim == 4 ? 4 : 5;
    CG_CHECK_INT(input->ndim == nd && grid->ndim == nd, CG_RUNTIME_ERROR,
                 "grid_sampler(): expected %dD input and grid with same number of dimensions, but got input with "
                 "sizes %s and grid with sizes %s",
                 nd, cg_sizes_str(input->ndim, input->sizes, a, sizeof a),
                 cg_sizes_str(grid->ndim, grid->sizes, b, sizeof b));
    CG_CHECK_INT(nd == 4 || interp != CG_GS_BICUBIC, CG_RUNTIME_ERROR,
                 "grid_sampler(): bicubic interpolation only supports 4D input");
    if (!cg_dtype_is_float(input->dtype) || input->dtype == CG_F16 || input->dtype == CG_BF16) {
        if (nd == 4)
            cg_error_set(CG_RUNTIME_ERROR, "grid_sampler_2d_cpu not implemented for %s",
                         cg_dtype_legacy_name(input->dtype));
        else
            cg_error_set(CG_RUNTIME_ERROR, "\"grid_sampler3d_cpu\" not implemented for '%s'",
                         cg_dtype_legacy_name(input->dtype));
        return -1;
    }
    CG_CHECK_INT(grid->dtype == input->dtype, CG_RUNTIME_ERROR, "expected scalar type %s but found %s",
                 cg_dtype_legacy_name(input->dtype), cg_dtype_legacy_name(grid->dtype));
    return 0;
}

/* contiguous copies of n tensors, out of autograd's sight */
static int contiguous_all(int n, cg_tensor *const *t, cg_tensor **out) {
    bool was = cg_grad_set_enabled(false);
    int rc = 0;
    for (int i = 0; i < n; i++)
        if (!(out[i] = rc == 0 ? cg_contiguous(t[i]) : NULL))
            rc = -1;
    cg_grad_set_enabled(was);
    return rc;
}

static void release_all(int n, cg_tensor **t) {
    for (int i = 0; i < n; i++)
        cg_tensor_release(t[i]);
}

/* Note [Grid sampler's second derivative]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13 has none: under create_graph the gradients get a node named
 * NotImplemented whose backward raises. Ours is such a node, made as a
 * custom one (the backward op's row stays nodiff, so the op table does
 * not gradcheck it). ctx is the op's name for the message. */
static int raise_not_implemented(void *ctx, cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    (void)n, (void)go, (void)gi;
    cg_error_set(CG_RUNTIME_ERROR, "derivative for aten::%s is not implemented", (const char *)ctx);
    return -1;
}

static void keep_ctx(void *ctx) { (void)ctx; }

static int record_not_implemented(cg_tensor *const *in, cg_tensor *gin, cg_tensor *ggrid) {
    if (!cg_autograd_needed(3, in))
        return 0;
    cg_tensor *outs[2] = {gin, ggrid};
    bool attach[2] = {gin != NULL, true};
    const char *op = in[1]->ndim == 4 ? "grid_sampler_2d_backward" : "grid_sampler_3d_backward";
    cg_node *node;
    if (cg_custom_node_new("NotImplemented", 3, in, 2, outs, attach, 0, NULL, raise_not_implemented, (void *)op,
                           keep_ctx, &node) < 0)
        return -1;
    cg_node_release(node);
    return 0;
}

int cg_grid_sampler_backward(cg_tensor *grad_out, cg_tensor *input, cg_tensor *grid, int64_t interp, int64_t padding,
                             bool align_corners, bool input_grad, cg_tensor **grad_input, cg_tensor **grad_grid) {
    *grad_input = *grad_grid = NULL;
    if (check(input, grid, interp) < 0)
        return -1;
    cg_tensor *three[3] = {grad_out, input, grid}, *c[3] = {NULL, NULL, NULL};
    if (contiguous_all(3, three, c) < 0) {
        release_all(3, c);
        return -1;
    }
    cg_op_args args = {.i = {interp, padding, rowwise(grid), input_grad}, .flag = align_corners};
    int64_t none = 0;
    cg_device dev = cg_tensor_device(c[1]);
    cg_tensor *gin = input_grad ? cg_zeros(c[1]->ndim, c[1]->sizes, c[1]->dtype, dev)
                                : cg_tensor_empty(1, &none, c[1]->dtype, dev);
    cg_tensor *ggrid = gin ? cg_tensor_empty(c[2]->ndim, c[2]->sizes, c[2]->dtype, dev) : NULL;
    int rc = ggrid ? 0 : -1;
    bool was = cg_grad_set_enabled(false);
    if (rc == 0 && cg_tensor_numel(c[0]) == 0)
        rc = cg_fill_(ggrid, cg_scalar_float(0));
    else if (rc == 0) {
        cg_kernel_call call = {.op = CG_OP_GRID_SAMPLER_BACKWARD, .nout = 2, .nin = 3, .out = {gin, ggrid},
                               .in = {c[0], c[1], c[2]}, .args = &args};
        rc = cg_op_run(&call);
    }
    cg_grad_set_enabled(was);
    release_all(3, c);
    if (rc == 0)
        rc = record_not_implemented(three, input_grad ? gin : NULL, ggrid);
    if (rc < 0 || !input_grad)
        cg_tensor_release(gin), gin = NULL;
    if (rc < 0)
        cg_tensor_release(ggrid), ggrid = NULL;
    *grad_input = gin, *grad_grid = ggrid;
    return rc;
}

/* GridSampler2DBackward0, GridSampler3DBackward0: the input's gradient
 * (when its edge needs one) and the grid's, by the backward op */
int cg_bw_grid_sampler(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *input, *grid;
    if (cg_node_saved_all(n, 2, &input, &grid) < 0)
        return -1;
    return cg_grid_sampler_backward(go[0], input, grid, n->args.i[0], n->args.i[1], n->args.flag,
                                    n->next[0].node != NULL, &gi[0], &gi[1]);
}

cg_tensor *cg_grid_sampler(cg_tensor *input, cg_tensor *grid, int64_t interp, int64_t padding, bool align_corners) {
    if (check(input, grid, interp) < 0)
        return NULL;
    cg_op_args args = {.i = {interp, padding, rowwise(grid), 0}, .flag = align_corners};
    int nd = input->ndim - 2;
    int64_t shape[5] = {input->sizes[0], input->sizes[1]};
    memcpy(shape + 2, grid->sizes + 1, (size_t)nd * sizeof(int64_t));
    cg_tensor *y = cg_tensor_empty(input->ndim, shape, input->dtype, cg_tensor_device(input));
    if (y && cg_tensor_numel(y) > 0) {
        cg_tensor *in[2] = {input, grid}, *c[2] = {NULL, NULL};
        int rc = contiguous_all(2, in, c);
        cg_kernel_call call = {.op = nd == 2 ? CG_OP_GRID_SAMPLER_2D : CG_OP_GRID_SAMPLER_3D, .nout = 1, .nin = 2,
                               .out = {y}, .in = {c[0], c[1]}, .args = &args};
        if (rc < 0 || cg_op_run(&call) < 0)
            cg_tensor_release(y), y = NULL;
        release_all(2, c);
    }
    cg_tensor *in[2] = {input, grid};
    cg_save_spec save[2] = {{input, "input"}, {grid, "grid"}};
    return cg_ew_record(y, nd == 2 ? CG_OP_GRID_SAMPLER_2D : CG_OP_GRID_SAMPLER_3D, 2, in, 2, save, &args);
}
