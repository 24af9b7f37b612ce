/* torch_sort.c: sort, argsort, msort and topk as torch functions and Tensor
 * methods (engine/sort.c), with torch.return_types.sort/topk. */
#include "ops.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* stable= (keyword only). Given, even as False, it selects PyTorch's
 * sort.stable overload, whose node is SortBackward1; left out (the
 * signature's Ellipsis) it is SortBackward0. None is PyTorch's internal
 * assert, a RuntimeError here. */
static int stable_arg(const char *fn, cg_value v, bool *out, bool *given) {
    *given = !(v.tag == CG_V_OBJ && v.u.o == cg_Ellipsis.u.o);
    if (cg_is_none(v))
        return cg_raise_int(&cg_exc_RuntimeError,
                            "stable.has_value() INTERNAL ASSERT FAILED at \"./aten/src/ATen/native/Sorting.cpp\":42, "
                            "please report a bug to PyTorch. %s(): c10::optional<bool> for stable has to have value.",
                            fn);
    return *given ? torch_bool_arg(fn, "stable", 0, v, out) : 0;
}

static const char SORT_STABLE_NODE[] = "SortBackward1";

/* sort(dim=-1, descending=False, *, stable=False) and argsort (indices
 * only), msort (dim 0, values only): flag 0, 1, 2 */
static cg_value op_sort(const torch_op *op, cg_value *a) {
    int64_t dim = 0;
    bool desc = false, stable = false, given = false;
    if (op->flag != 2
        && (torch_int_arg(op->name, "dim", torch_pos(1), a[1], &dim) < 0
            || torch_bool_arg(op->name, "descending", torch_pos(2), a[2], &desc) < 0
            || stable_arg(op->name, a[3], &stable, &given) < 0))
        return CG_ERR;
    cg_tensor *v, *i;
    if (cg_sort(T0, dim, desc, stable, &v, &i) < 0)
        return torch_raise();
    if (given && v->grad_fn)
        v->grad_fn->name = SORT_STABLE_NODE;
    if (op->flag == 1) {
        cg_tensor_release(v);
        return cg_tensor_steal(i);
    }
    if (op->flag == 2) {
        cg_tensor_release(i);
        return cg_tensor_steal(v);
    }
    return torch_return_pair("sort", cg_tensor_steal(v), cg_tensor_steal(i));
}

/* topk(k, dim=-1, largest=True, sorted=True) */
static cg_value op_topk(cg_value *a) {
    int64_t k, dim;
    bool largest, sorted;
    if (torch_int_arg("topk", "k", torch_pos(1), a[1], &k) < 0 || torch_int_arg("topk", "dim", torch_pos(2), a[2], &dim) < 0
        || torch_bool_arg("topk", "largest", torch_pos(3), a[3], &largest) < 0
        || torch_bool_arg("topk", "sorted", torch_pos(4), a[4], &sorted) < 0)
        return CG_ERR;
    cg_tensor *v, *i;
    if (cg_topk(T0, k, dim, largest, sorted, &v, &i) < 0)
        return torch_raise();
    return torch_return_pair("topk", cg_tensor_steal(v), cg_tensor_steal(i));
}

/* kthvalue(k, dim=-1, keepdim=False) */
static cg_value op_kthvalue(cg_value *a) {
    int64_t k, dim;
    bool keepdim;
    if (torch_int_arg("kthvalue", "k", torch_pos(1), a[1], &k) < 0
        || torch_int_arg("kthvalue", "dim", torch_pos(2), a[2], &dim) < 0
        || torch_bool_arg("kthvalue", "keepdim", torch_pos(3), a[3], &keepdim) < 0)
        return CG_ERR;
    cg_tensor *v, *i;
    if (cg_kthvalue(T0, k, dim, keepdim, &v, &i) < 0)
        return torch_raise();
    return torch_return_pair("kthvalue", cg_tensor_steal(v), cg_tensor_steal(i));
}

/* median(dim=None, keepdim=False) / nanmedian: one value without dim,
 * return_types.median/nanmedian with it (flag: ignore NaN) */
static cg_value op_median(const torch_op *op, cg_value *a) {
    bool ignore_nan = op->flag;
    if (cg_is_none(a[1]))
        return cg_tensor_steal(cg_median_all(T0, ignore_nan));
    int64_t dim;
    bool keepdim;
    if (torch_int_arg(op->name, "dim", torch_pos(1), a[1], &dim) < 0
        || torch_bool_arg(op->name, "keepdim", torch_pos(2), a[2], &keepdim) < 0)
        return CG_ERR;
    cg_tensor *v, *i;
    if (cg_median_dim(T0, dim, keepdim, ignore_nan, &v, &i) < 0)
        return torch_raise();
    return torch_return_pair(op->name, cg_tensor_steal(v), cg_tensor_steal(i));
}

/* mode(dim=-1, keepdim=False) */
static cg_value op_mode(cg_value *a) {
    int64_t dim;
    bool keepdim;
    if (torch_int_arg("mode", "dim", torch_pos(1), a[1], &dim) < 0
        || torch_bool_arg("mode", "keepdim", torch_pos(2), a[2], &keepdim) < 0)
        return CG_ERR;
    cg_tensor *v, *i;
    if (cg_mode(T0, dim, keepdim, &v, &i) < 0)
        return torch_raise();
    return torch_return_pair("mode", cg_tensor_steal(v), cg_tensor_steal(i));
}

#define B TORCH_BOTH
#define OPS(X)                                                                                                   \
    X(sort, "sort", "dim=-1, descending=False, *, stable=...", FAMILY(op_sort, NULL, 0), B, NULL)              \
    X(argsort, "argsort", "dim=-1, descending=False, *, stable=...", FAMILY(op_sort, NULL, 1), B, NULL)        \
    X(msort, "msort", "", FAMILY(op_sort, NULL, 2), B, NULL)                                                    \
    X(topk, "topk", "k, dim=-1, largest=True, sorted=True", IMPL(op_topk), B, NULL)                              \
    X(kthvalue, "kthvalue", "k, dim=-1, keepdim=False", IMPL(op_kthvalue), B, NULL)                              \
    X(median, "median", "dim=None, keepdim=False", FAMILY(op_median, NULL, 0), B, NULL)                          \
    X(nanmedian, "nanmedian", "dim=None, keepdim=False", FAMILY(op_median, NULL, 1), B, NULL)                    \
    X(mode, "mode", "dim=-1, keepdim=False", IMPL(op_mode), B, NULL)

#define TORCH_TAB sort_ops
TORCH_OP_TABLE(OPS)

int torch_sort_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(sort_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(sort_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(sort_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
