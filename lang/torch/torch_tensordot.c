/* torch_tensordot.c: the bindings of engine/tensordot.c (tensordot,
 * inner, kron, diff), of amax/amin (engine/amax.c), and of ravel, adjoint
 * and is_nonzero, small composites of views and truth. */
#include "runtime/module.h"
#include "amax.h"
#include "tensordot.h"
#include "torch/torch_args.h"
#include "view.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* tensordot(a, b, dims=2): dims an int (the last dims of a with the first
 * of b), a pair of int lists, or a tensor holding either */
static cg_value op_tensordot(cg_value *a) {
    cg_tensor *b = torch_tensor_arg_borrowed("tensordot", "b", 2, a[1]);
    if (!b)
        return CG_ERR;
    cg_value dims = a[2];
    int64_t d1[CG_MAX_DIMS], d2[CG_MAX_DIMS], k;
    int n1, n2;
    if (cg_is_tensor(dims) && cg_tensor_of_borrowed(dims)->ndim == 0) {
        cg_scalar s;
        if (cg_tensor_item(cg_tensor_of_borrowed(dims), &s) < 0)
            return torch_raise();
        dims = cg_int((int64_t)cg_scalar_to_double(s));
    }
    if (torch_is_seq(dims) && torch_seq_len(dims) == 2) {
        if (torch_shape_of("tensordot", "dims_self", 3, torch_seq_item_borrowed(dims, 0), &n1, d1) < 0
            || torch_shape_of("tensordot", "dims_other", 4, torch_seq_item_borrowed(dims, 1), &n2, d2) < 0)
            return CG_ERR;
        if (n1 != n2)
            return cg_raise(&cg_exc_RuntimeError, "both dimension lists should have same length");
        return cg_tensor_steal(cg_tensordot(T0, b, n1, d1, d2));
    }
    if (torch_int_arg("tensordot", "dims", 3, dims, &k) < 0)
        return CG_ERR;
    if (k < 0)
        return cg_raise(&cg_exc_RuntimeError, "tensordot expects dims >= 0, but got dims=%lld", (long long)k);
    if (k > CG_MAX_DIMS)
        return cg_raise(&cg_exc_RuntimeError, "cgrad supports tensors of at most %d dimensions", CG_MAX_DIMS);
    for (int i = 0; i < k; i++)
        d1[i] = i - k, d2[i] = i;
    return cg_tensor_steal(cg_tensordot(T0, b, (int)k, d1, d2));
}

static cg_value op_inner(cg_value *a) {
    cg_tensor *b = torch_tensor_arg_borrowed("inner", "other", torch_pos(1), a[1]);
    return b ? cg_tensor_steal(cg_inner(T0, b)) : CG_ERR;
}

static cg_value op_kron(cg_value *a) {
    cg_tensor *b = torch_tensor_arg_borrowed("kron", "other", torch_pos(1), a[1]);
    return b ? cg_tensor_steal(cg_kron(T0, b)) : CG_ERR;
}

/* diff(n=1, dim=-1, prepend=None, append=None) */
static cg_value op_diff(cg_value *a) {
    int64_t n, dim;
    bool err = false;
    if (torch_int_arg("diff", "n", torch_pos(1), a[1], &n) < 0 || torch_int_arg("diff", "dim", torch_pos(2), a[2], &dim) < 0)
        return CG_ERR;
    cg_tensor *pre = torch_tensor_opt_borrowed("diff", "prepend", torch_pos(3), a[3], &err);
    cg_tensor *app = err ? NULL : torch_tensor_opt_borrowed("diff", "append", torch_pos(4), a[4], &err);
    return err ? CG_ERR : cg_tensor_steal(cg_diff(T0, n, dim, pre, app));
}

/* ravel: contiguous, then viewed flat */
static cg_value op_ravel(cg_value *a) {
    cg_tensor *c = cg_contiguous(T0);
    cg_tensor *r = c ? cg_view(c, 1, (const int64_t[]){-1}) : NULL;
    cg_tensor_release(c);
    return cg_tensor_steal(r);
}

/* adjoint: the last two dims swapped (and conjugated: a no-op for real
 * tensors) */
static cg_value op_adjoint(cg_value *a) {
    cg_tensor *x = T0;
    if (x->ndim < 2)
        return cg_raise(&cg_exc_RuntimeError,
                        "tensor.adjoint() is only supported on matrices or batches of matrices. Got %d-D tensor.",
                        x->ndim);
    if (cg_dtype_is_complex(x->dtype))
        return cg_raise(&cg_exc_NotImplementedError, "cgrad's adjoint of a complex tensor is not written yet");
    return cg_tensor_steal(cg_transpose(x, -2, -1));
}

/* amax/amin(dim=(), keepdim=False) */
static cg_value op_amax(const torch_op *op, cg_value *a) {
    int n;
    int64_t dims[CG_MAX_DIMS];
    bool keepdim;
    if (torch_dims_arg(op->name, "dim", torch_pos(1), a[1], &n, dims) < 0
        || torch_bool_arg(op->name, "keepdim", torch_pos(2), a[2], &keepdim) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_amax(T0, n, dims, keepdim, op->flag));
}
#define AMAX(k) op_amax, NULL, k

/* is_nonzero: the truth of a one-element tensor, with PyTorch's errors */
static cg_value op_is_nonzero(cg_value *a) {
    int t = cg_truth(a[0]);
    return t < 0 ? CG_ERR : cg_bool(t);
}

#define B TORCH_BOTH
#define OPS(X)                                                                                   \
    X(tensordot, "tensordot", "b, dims=2", IMPL(op_tensordot), TORCH_FUNCTION, "a")              \
    X(inner, "inner", "other", IMPL(op_inner), B, NULL)                                          \
    X(kron, "kron", "other", IMPL(op_kron), B, NULL)                                             \
    X(diff, "diff", "n=1, dim=-1, prepend=None, append=None", IMPL(op_diff), B, NULL)            \
    X(ravel, "ravel", "", IMPL(op_ravel), B, NULL)                                               \
    X(adjoint, "adjoint", "", IMPL(op_adjoint), B, NULL)                                         \
    X(is_nonzero, "is_nonzero", "", IMPL(op_is_nonzero), B, NULL)                                \
    X(amax, "amax", "dim=(), keepdim=False", AMAX(1), B, NULL)                                    \
    X(amin, "amin", "dim=(), keepdim=False", AMAX(0), B, NULL)

#define TORCH_TAB tensordot_ops
TORCH_OP_TABLE(OPS)

int torch_tensordot_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(tensordot_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(tensordot_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(tensordot_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
