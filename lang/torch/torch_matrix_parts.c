/* torch_matrix_parts.c: the bindings of engine/matrix_parts.c and
 * flip_roll.c: tril/triu (and in place), diagonal, diag_embed, diag,
 * diagflat, trace, flip, fliplr, flipud, roll, rot90, as functions and
 * methods with PyTorch's argument forms and messages. */
#include "flip_roll.h"
#include "matrix_parts.h"
#include "runtime/module.h"
#include "torch/torch_args.h"
#include "view.h"

#define T0 cg_tensor_of_borrowed(a[0])

static cg_value op_triangle(const torch_op *op, cg_value *a) {
    int64_t k;
    if (torch_int_arg(op->name, "diagonal", torch_pos(1), a[1], &k) < 0)
        return CG_ERR;
    if (op->flag >= 2) { /* tril_ / triu_ */
        int rc = op->flag == 2 ? cg_tril_(T0, k) : cg_triu_(T0, k);
        return torch_inplace_result(a[0], rc);
    }
    return cg_tensor_steal(op->flag == 0 ? cg_tril(T0, k) : cg_triu(T0, k));
}
#define TRIANGLE(k) op_triangle, NULL, k

/* diagonal(offset=0, dim1=0, dim2=1) and diag_embed(offset=0, dim1=-2,
 * dim2=-1) */
static cg_value op_diagonal_like(const torch_op *op, cg_value *a) {
    int64_t offset, d1, d2;
    if (torch_int_arg(op->name, "offset", torch_pos(1), a[1], &offset) < 0
        || torch_int_arg(op->name, "dim1", torch_pos(2), a[2], &d1) < 0
        || torch_int_arg(op->name, "dim2", torch_pos(3), a[3], &d2) < 0)
        return CG_ERR;
    return cg_tensor_steal(op->flag == 0 ? cg_diagonal(T0, offset, d1, d2) : cg_diag_embed(T0, offset, d1, d2));
}
#define DIAGONAL_LIKE(k) op_diagonal_like, NULL, k

/* diag(diagonal=0); diagflat(offset=0): the flattened input's diag */
static cg_value op_diag(const torch_op *op, cg_value *a) {
    int64_t k;
    if (torch_int_arg(op->name, op->flag ? "offset" : "diagonal", torch_pos(1), a[1], &k) < 0)
        return CG_ERR;
    if (!op->flag)
        return cg_tensor_steal(cg_diag(T0, k));
    cg_tensor *c = cg_contiguous(T0);
    cg_tensor *f = c ? cg_view(c, 1, (const int64_t[]){-1}) : NULL;
    cg_tensor *r = f ? cg_diag(f, k) : NULL;
    cg_tensor_release(c), cg_tensor_release(f);
    return cg_tensor_steal(r);
}
#define DIAG(k) op_diag, NULL, k

static cg_value op_trace(cg_value *a) { return cg_tensor_steal(cg_matrix_trace(T0)); }

/* x.flip(*dims) / torch.flip(input, dims) */
static cg_value op_flip(const torch_op *op, cg_value *a) {
    int n;
    int64_t dims[CG_MAX_DIMS];
    if (op->flag) {
        if (((cg_tuple *)a[1].u.o)->len == 0)
            return cg_raise(&cg_exc_TypeError, "flip() missing 1 required positional arguments: \"dims\"");
        if (torch_shape_varargs("flip", "dims", a[1], &n, dims) < 0)
            return CG_ERR;
    } else if (cg_is_none(a[1])) {
        return torch_arg_error("flip", "dims", torch_pos(1), "tuple of ints", a[1]);
    } else if (torch_dims_arg("flip", "dims", torch_pos(1), a[1], &n, dims) < 0) {
        return CG_ERR;
    }
    return cg_tensor_steal(cg_flip(T0, n, dims));
}
#define FLIP(k) op_flip, NULL, k

/* fliplr: flip(1) of a >= 2-d input; flipud: flip(0) of a >= 1-d one */
static cg_value op_flip_lr_ud(const torch_op *op, cg_value *a) {
    cg_tensor *x = T0;
    int need = op->flag ? 1 : 2;
    if (x->ndim < need)
        return cg_raise(&cg_exc_RuntimeError, "Input must be >= %d-d.", need);
    return cg_tensor_steal(cg_flip(x, 1, (const int64_t[]){op->flag ? 0 : 1}));
}
#define FLIP_LR_UD(k) op_flip_lr_ud, NULL, k

/* An int or a sequence of ints, any length; None gives none. */
static int int_seq(const char *fn, const char *arg, int pos, cg_value v, int *n, int64_t *out) {
    if (cg_is_none(v)) {
        *n = 0;
        return 0;
    }
    if (torch_is_seq(v) && torch_seq_len(v) > CG_MAX_DIMS)
        return cg_raise_int(&cg_exc_RuntimeError, "%s: cgrad takes at most %d %s", fn, CG_MAX_DIMS, arg);
    return torch_dims_arg(fn, arg, pos, v, n, out);
}

static cg_value op_roll(cg_value *a) {
    int ns, nd;
    int64_t shifts[CG_MAX_DIMS], dims[CG_MAX_DIMS];
    if (int_seq("roll", "shifts", torch_pos(1), a[1], &ns, shifts) < 0
        || int_seq("roll", "dims", torch_pos(2), a[2], &nd, dims) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_roll(T0, ns, shifts, nd, dims));
}

static cg_value op_rot90(cg_value *a) {
    int64_t k, dims[CG_MAX_DIMS];
    int nd;
    if (torch_int_arg("rot90", "k", torch_pos(1), a[1], &k) < 0
        || int_seq("rot90", "dims", torch_pos(2), a[2], &nd, dims) < 0)
        return CG_ERR;
    if (cg_is_none(a[2])) /* the default, [0, 1] */
        nd = 2, dims[0] = 0, dims[1] = 1;
    return cg_tensor_steal(cg_rot90(T0, k, nd, dims));
}

#define B TORCH_BOTH
#define M TORCH_METHOD
#define F TORCH_FUNCTION
#define OPS(X)                                                                                       \
    X(tril, "tril", "diagonal=0", TRIANGLE(0), B, NULL)                                              \
    X(triu, "triu", "diagonal=0", TRIANGLE(1), B, NULL)                                              \
    X(tril_, "tril_", "diagonal=0", TRIANGLE(2), M, NULL)                                            \
    X(triu_, "triu_", "diagonal=0", TRIANGLE(3), M, NULL)                                            \
    X(diagonal, "diagonal", "offset=0, dim1=0, dim2=1", DIAGONAL_LIKE(0), B, NULL)                   \
    X(diag_embed, "diag_embed", "offset=0, dim1=-2, dim2=-1", DIAGONAL_LIKE(1), B, NULL)             \
    X(diag, "diag", "diagonal=0", DIAG(0), B, NULL)                                                  \
    X(diagflat, "diagflat", "offset=0", DIAG(1), B, NULL)                                            \
    X(trace, "trace", "", IMPL(op_trace), B, NULL)                                                   \
    X(flip_m, "flip", "*dims", FLIP(1), M, NULL)                                                     \
    X(flip_f, "flip", "dims", FLIP(0), F, NULL)                                                      \
    X(fliplr, "fliplr", "", FLIP_LR_UD(0), B, NULL)                                                  \
    X(flipud, "flipud", "", FLIP_LR_UD(1), B, NULL)                                                  \
    X(roll, "roll", "shifts, dims=None", IMPL(op_roll), B, NULL)                                     \
    X(rot90, "rot90", "k=1, dims=None", IMPL(op_rot90), B, NULL)

#define TORCH_TAB matrix_part_ops
TORCH_OP_TABLE(OPS)

int torch_matrix_parts_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(matrix_part_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(matrix_part_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(matrix_part_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
