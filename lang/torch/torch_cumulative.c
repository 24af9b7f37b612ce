/* torch_cumulative.c: the bindings of engine/cumulative.c: cumprod,
 * cummax, cummin, logcumsumexp as functions and methods, and the in-place
 * cumsum_/cumprod_ methods, with PyTorch's argument forms (dtype= casts the
 * input first, as PyTorch's). */
#include "cumulative.h"
#include "ops_copy.h"
#include "ops_reduce.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* x cast to dtype= (a new reference; x itself when None or the same) */
static cg_tensor *cast_to(const char *fn, cg_tensor *x, cg_value dtype) {
    int dt;
    if (torch_dtype_arg(fn, "dtype", 0, dtype, &dt) < 0)
        return NULL;
    if (dt < 0 || (cg_dtype)dt == x->dtype)
        return cg_tensor_retain(x);
    cg_tensor *r = cg_to_dtype(x, (cg_dtype)dt);
    if (!r)
        torch_raise();
    return r;
}

/* cumprod(dim, *, dtype=None) (flag 0), logcumsumexp(dim) (flag 1) */
static cg_value op_scan(const torch_op *op, cg_value *a) {
    int64_t dim;
    if (torch_int_arg(op->name, "dim", torch_pos(1), a[1], &dim) < 0)
        return CG_ERR;
    if (op->flag)
        return cg_tensor_steal(cg_logcumsumexp(T0, dim));
    cg_tensor *x = cast_to(op->name, T0, a[2]);
    cg_tensor *r = x ? cg_cumprod(x, dim) : NULL;
    cg_tensor_release(x);
    return x ? cg_tensor_steal(r) : CG_ERR;
}
#define SCAN(k) op_scan, NULL, k

/* A dtype as PyTorch's type metadata names it ("float", "long int"). */
static const char *meta_name(cg_dtype dt) {
    switch (dt) {
    case CG_F32: return "float";
    case CG_F64: return "double";
    case CG_F16: return "c10::Half";
    case CG_BF16: return "c10::BFloat16";
    case CG_INT64: return "long int";
    case CG_INT32: return "int";
    case CG_INT16: return "short int";
    case CG_INT8: return "signed char";
    case CG_UINT8: return "unsigned char";
    case CG_BOOL: return "bool";
    case CG_C64: return "c10::complex<float>";
    case CG_C128: return "c10::complex<double>";
    default: return cg_dtype_name(dt);
    }
}

/* cumsum_(dim, *, dtype=None) (flag 0), cumprod_ (flag 1): the scan of
 * self (cast to dtype=) written back into self */
static cg_value op_scan_(const torch_op *op, cg_value *a) {
    int64_t dim;
    if (torch_int_arg(op->name, "dim", torch_pos(1), a[1], &dim) < 0)
        return CG_ERR;
    int dt;
    if (torch_dtype_arg(op->name, "dtype", 0, a[2], &dt) < 0)
        return CG_ERR;
    if (dt >= 0 && (cg_dtype)dt != T0->dtype)
        return cg_raise(&cg_exc_RuntimeError,
                        "Bad in-place call: input tensor dtype %s and output tensor dtype %s should match",
                        meta_name(T0->dtype), meta_name((cg_dtype)dt));
    return torch_inplace_result(a[0], op->flag ? cg_cumprod_(T0, dim) : cg_cumsum_(T0, dim));
}
#define SCAN_(k) op_scan_, NULL, k

/* cummax(dim) / cummin(dim): torch.return_types.cummax/cummin */
static cg_value op_cumext(const torch_op *op, cg_value *a) {
    int64_t dim;
    if (torch_int_arg(op->name, "dim", torch_pos(1), a[1], &dim) < 0)
        return CG_ERR;
    cg_tensor *v, *i;
    if ((op->flag ? cg_cummax : cg_cummin)(T0, dim, &v, &i) < 0)
        return torch_raise();
    return torch_return_pair(op->name, cg_tensor_steal(v), cg_tensor_steal(i));
}
#define CUMEXT(k) op_cumext, NULL, k

#define B TORCH_BOTH
#define M TORCH_METHOD
#define OPS(X)                                                                      \
    X(cumprod, "cumprod", "dim, *, dtype=None", SCAN(0), B, NULL)                   \
    X(logcumsumexp, "logcumsumexp", "dim", SCAN(1), B, NULL)                        \
    X(cumsum_, "cumsum_", "dim, *, dtype=None", SCAN_(0), M, NULL)                  \
    X(cumprod_, "cumprod_", "dim, *, dtype=None", SCAN_(1), M, NULL)                \
    X(cummax, "cummax", "dim", CUMEXT(1), B, NULL)                                  \
    X(cummin, "cummin", "dim", CUMEXT(0), B, NULL)

#define TORCH_TAB cumulative_ops
TORCH_OP_TABLE(OPS)

int torch_cumulative_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(cumulative_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(cumulative_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(cumulative_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
