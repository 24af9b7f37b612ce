/* torch_unflatten.c: Tensor.unflatten(dim, sizes) and torch.unflatten, as
 * PyTorch 1.13's composite: dim split into sizes (one of them may be -1)
 * by a view (ViewBackward0), with its messages. */
#include <string.h>

#include "runtime/module.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* sizes with its -1 replaced so that they multiply up to n: 0, or -1 with
 * PyTorch's error (its infer_size's, wrapped as unflatten wraps it) */
static int infer_sizes(int64_t n, int dim, int k, int64_t *sizes) {
    int infer = -1;
    __int128 prod = 1;
    char shown[256];
    cg_sizes_str(k, sizes, shown, sizeof shown);
    for (int i = 0; i < k; i++) {
        if (sizes[i] == -1) {
            if (infer >= 0)
                return cg_raise_int(&cg_exc_RuntimeError,
                                    "unflatten got an unexpected error:\nonly one dimension can be inferred");
            infer = i;
        } else if (sizes[i] < 0) {
            return cg_raise_int(&cg_exc_RuntimeError, "unflatten got an unexpected error:\ninvalid shape dimension %lld",
                                (long long)sizes[i]);
        } else {
            prod *= sizes[i];
            if (prod > INT64_MAX)
                prod = (__int128)INT64_MAX + 1;
        }
    }
    bool fits = infer >= 0 ? prod != 0 && n % (int64_t)prod == 0 : prod == n;
    if (!fits)
        return cg_raise_int(&cg_exc_RuntimeError,
                            "unflatten: Provided sizes %s don't multiply up to the size of dim %d (%lld) in the "
                            "input tensor",
                            shown, dim, (long long)n);
    if (infer >= 0)
        sizes[infer] = n / (int64_t)prod;
    return 0;
}

static cg_value op_unflatten(cg_value *a) {
    cg_tensor *x = T0;
    int64_t dim, sizes[CG_MAX_DIMS];
    int k;
    if (torch_int_arg("unflatten", "dim", torch_pos(1), a[1], &dim) < 0
        || torch_shape_of("unflatten", "sizes", torch_pos(2), a[2], &k, sizes) < 0)
        return CG_ERR;
    if (k == 0)
        return cg_raise(&cg_exc_RuntimeError, "unflatten: sizes must be non-empty");
    int d = cg_wrap_dim(dim, x->ndim);
    if (d < 0)
        return torch_raise();
    if (x->ndim - 1 + k > CG_MAX_DIMS)
        return cg_raise(&cg_exc_RuntimeError, "cgrad supports tensors of at most %d dimensions, got %d", CG_MAX_DIMS,
                        x->ndim - 1 + k);
    if (infer_sizes(x->ndim ? x->sizes[d] : 1, d, k, sizes) < 0)
        return CG_ERR;
    int64_t shape[CG_MAX_DIMS];
    int n = 0;
    for (int i = 0; i < x->ndim; i++) {
        if (i != d) {
            shape[n++] = x->sizes[i];
            continue;
        }
        memcpy(shape + n, sizes, (size_t)k * sizeof *sizes);
        n += k;
    }
    return cg_tensor_steal(cg_view(x, n, shape));
}

#define OPS(X) X(unflatten, "unflatten", "dim, sizes", IMPL(op_unflatten), TORCH_BOTH, NULL)

#define TORCH_TAB unflatten_ops
TORCH_OP_TABLE(OPS)

int torch_unflatten_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(unflatten_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(unflatten_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(unflatten_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
