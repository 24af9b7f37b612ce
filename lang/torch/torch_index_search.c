/* torch_index_search.c: the bindings of engine/index_search.c and the
 * small compositions beside them: masked_select, masked_scatter(_), take,
 * put(_), block_diag, fill_diagonal_, aminmax, var_mean/std_mean, histc,
 * histogram, searchsorted and bucketize, with PyTorch's argument names and forms. */
#include <stdlib.h>
#include <string.h>

#include "index_walk.h"
#include "ops.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

static cg_tensor *tensor_arg(const torch_op *op, const char *name, int k, cg_value v) {
    return torch_tensor_arg_borrowed(op->name, name, torch_pos(k), v);
}

/* masked_select(mask) */
static cg_value op_masked_select(const torch_op *op, cg_value *a) {
    cg_tensor *mask = tensor_arg(op, "mask", 1, a[1]);
    if (!mask)
        return CG_ERR;
    if (mask->dtype == CG_UINT8
        && torch_warn("UserWarning",
                      "masked_select received a mask with dtype torch.uint8, this behavior is now deprecated,please "
                      "use a mask with dtype torch.bool instead. (Triggered internally at  "
                      "./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1729.)")
               < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_masked_select(T0, mask));
}

/* masked_scatter(mask, source) (flag 0), masked_scatter_ (flag 1) */
static cg_value op_masked_scatter(const torch_op *op, cg_value *a) {
    cg_tensor *mask = tensor_arg(op, "mask", 1, a[1]);
    cg_tensor *src = mask ? tensor_arg(op, "source", 2, a[2]) : NULL;
    if (!src)
        return CG_ERR;
    if (op->flag)
        return torch_inplace_result(a[0], cg_masked_scatter_(T0, mask, src));
    return cg_tensor_steal(cg_masked_scatter(T0, mask, src));
}

/* take(index) */
static cg_value op_take(const torch_op *op, cg_value *a) {
    cg_tensor *index = tensor_arg(op, "index", 1, a[1]);
    return index ? cg_tensor_steal(cg_take(T0, index)) : CG_ERR;
}

/* put(index, source, accumulate=False), put_ alike (flag 1) */
static cg_value op_put(const torch_op *op, cg_value *a) {
    cg_tensor *index = tensor_arg(op, "index", 1, a[1]);
    cg_tensor *src = index ? tensor_arg(op, "source", 2, a[2]) : NULL;
    bool acc;
    if (!src || torch_bool_arg(op->name, "accumulate", torch_pos(3), a[3], &acc) < 0)
        return CG_ERR;
    if (op->flag)
        return torch_inplace_result(a[0], cg_put_(T0, index, src, acc));
    return cg_tensor_steal(cg_put(T0, index, src, acc));
}

/* fill_diagonal_(fill_value, wrap=False): fill_ on the diagonal views,
 * so that self's history is CopySlices, as PyTorch's */
static int fill_diag(cg_tensor *x, int64_t r0, int64_t rows, cg_scalar v) {
    cg_tensor *sub = r0 ? cg_narrow(x, 0, r0, rows - r0) : cg_tensor_retain(x);
    cg_tensor *d = sub ? cg_diagonal(sub, 0, 0, 1) : NULL;
    for (int k = 2; d && k < x->ndim; k++) {
        cg_tensor *dd = cg_diagonal(d, 0, 0, -1);
        cg_tensor_release(d);
        d = dd;
    }
    int rc = d ? cg_fill_(d, v) : -1;
    cg_tensor_release(sub), cg_tensor_release(d);
    return rc;
}

static cg_value op_fill_diagonal_(const torch_op *op, cg_value *a) {
    cg_scalar v;
    bool wrap;
    cg_tensor *x = T0;
    if (!torch_scalar_of(a[1], &v)) {
        if (!cg_is_tensor(a[1]) || cg_tensor_of_borrowed(a[1])->ndim != 0)
            return torch_arg_error(op->name, "fill_value", 1, "Number", a[1]);
        if (cg_tensor_item(cg_tensor_of_borrowed(a[1]), &v) < 0)
            return torch_raise();
    }
    if (torch_bool_arg(op->name, "wrap", torch_pos(2), a[2], &wrap) < 0)
        return CG_ERR;
    if (x->ndim < 2)
        return cg_raise(&cg_exc_RuntimeError, "dimensions must larger than 1");
    for (int d = 1; x->ndim > 2 && d < x->ndim; d++)
        if (x->sizes[d] != x->sizes[0])
            return cg_raise(&cg_exc_RuntimeError, "all dimensions of input must be of equal length");
    int64_t rows = x->sizes[0], cols = x->sizes[1];
    int rc = fill_diag(x, 0, rows, v);
    if (wrap && x->ndim == 2 && rows > cols + 1)
        for (int64_t r0 = cols + 1; rc == 0 && r0 < rows; r0 += cols + 1)
            rc = fill_diag(x, r0, rows, v);
    return torch_inplace_result(a[0], rc);
}

/* aminmax(*, dim=None, keepdim=False): torch.return_types.aminmax */
static cg_value op_aminmax(const torch_op *op, cg_value *a) {
    int64_t dim;
    bool keepdim, has = !cg_is_none(a[1]);
    if ((has && torch_int_arg(op->name, "dim", 0, a[1], &dim) < 0)
        || torch_bool_arg(op->name, "keepdim", 0, a[2], &keepdim) < 0)
        return CG_ERR;
    cg_tensor *lo, *hi;
    if (cg_aminmax(T0, has ? &dim : NULL, keepdim, &lo, &hi) < 0)
        return torch_raise();
    return torch_return_pair("aminmax", cg_tensor_steal(lo), cg_tensor_steal(hi));
}

/* var_mean/std_mean(input, dim=None, unbiased=True, keepdim=False, *,
 * correction=None); a bool second argument is `unbiased` */
static cg_value op_var_mean(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    cg_value dim = a[1], unbiased = a[2];
    if (dim.tag == CG_V_BOOL) {
        unbiased = dim;
        dim = CG_NONE;
    }
    int nd;
    int64_t dims[CG_MAX_DIMS], correction;
    bool keepdim, ub;
    if (torch_dims_arg(fn, "dim", 2, dim, &nd, dims) < 0 || torch_bool_arg(fn, "unbiased", 3, unbiased, &ub) < 0
        || torch_bool_arg(fn, "keepdim", 4, a[3], &keepdim) < 0)
        return CG_ERR;
    correction = ub ? 1 : 0;
    if (!cg_is_none(a[4]) && torch_int_arg(fn, "correction", 0, a[4], &correction) < 0)
        return CG_ERR;
    cg_tensor *v, *m;
    if (cg_var_mean(T0, nd, nd ? dims : NULL, correction, keepdim, op->flag, &v, &m) < 0)
        return torch_raise();
    cg_value r = cg_tuple_new(2);
    if (cg_is_err(r)) {
        cg_tensor_release(v), cg_tensor_release(m);
        return r;
    }
    ((cg_tuple *)r.u.o)->items[0] = cg_tensor_steal(v);
    ((cg_tuple *)r.u.o)->items[1] = cg_tensor_steal(m);
    return r;
}

/* ---- binning (engine/bins.c) ---------------------------------------------- */

/* histc(bins=100, min=0, max=0) */
static cg_value op_histc(const torch_op *op, cg_value *a) {
    int64_t bins;
    double lo, hi;
    if (torch_int_arg(op->name, "bins", torch_pos(1), a[1], &bins) < 0
        || torch_double_arg(op->name, "min", torch_pos(2), a[2], &lo) < 0
        || torch_double_arg(op->name, "max", torch_pos(3), a[3], &hi) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_histc(T0, bins, lo, hi));
}

/* histogram(bins=100, *, range=None, weight=None, density=False):
 * torch.return_types.histogram */
static cg_value op_histogram(const torch_op *op, cg_value *a) {
    int64_t bins = 0;
    cg_tensor *edges = NULL;
    if (cg_is_tensor(a[1]))
        edges = cg_tensor_of_borrowed(a[1]);
    else if (torch_int_arg(op->name, "bins", torch_pos(1), a[1], &bins) < 0)
        return CG_ERR;
    double range[2];
    bool has_range = !cg_is_none(a[2]);
    if (has_range) {
        if (!torch_is_seq(a[2]) || torch_seq_len(a[2]) != 2)
            return torch_arg_error(op->name, "range", 0, "tuple of floats", a[2]);
        for (int i = 0; i < 2; i++)
            if (torch_double_arg(op->name, "range", 0, torch_seq_item_borrowed(a[2], i), &range[i]) < 0)
                return CG_ERR;
    }
    bool err = false, density;
    cg_tensor *w = torch_tensor_opt_borrowed(op->name, "weight", 0, a[3], &err);
    if (err || torch_bool_arg(op->name, "density", 0, a[4], &density) < 0)
        return CG_ERR;
    cg_tensor *h, *e;
    if (cg_histogram(T0, bins, edges, has_range ? range : NULL, w, density, &h, &e) < 0)
        return torch_raise();
    return torch_return_pair("histogram", cg_tensor_steal(h), cg_tensor_steal(e));
}

/* a tensor, or a Python number as a 0-d tensor (a new reference) */
static cg_tensor *value_arg(const torch_op *op, const char *name, int pos, cg_value v) {
    cg_tensor *t = torch_operand(v);
    if (!t && !cg_exc_pending())
        torch_arg_error(op->name, name, pos, "Tensor", v);
    return t;
}

/* searchsorted(sorted_sequence, input, *, out_int32=False, right=False,
 * side=None, sorter=None) (flag 0); bucketize(input, boundaries, *,
 * out_int32=False, right=False) (flag 1) */
static cg_value op_searchsorted(const torch_op *op, cg_value *a) {
    bool out_int32, right;
    const char *side = NULL;
    bool err = false;
    cg_tensor *sorter = NULL;
    if (torch_bool_arg(op->name, "out_int32", 0, a[2], &out_int32) < 0
        || torch_bool_arg(op->name, "right", 0, a[3], &right) < 0)
        return CG_ERR;
    if (!op->flag) {
        if (torch_str_arg(op->name, "side", 0, a[4], true, &side) < 0)
            return CG_ERR;
        sorter = torch_tensor_opt_borrowed(op->name, "sorter", 0, a[5], &err);
        if (err)
            return CG_ERR;
        if (side && strcmp(side, "left") != 0 && strcmp(side, "right") != 0)
            return cg_raise(&cg_exc_RuntimeError, "torch.searchsorted(): side can only be 'left' or 'right' but got %s",
                            side);
        if (side && right && strcmp(side, "left") == 0)
            return cg_raise(&cg_exc_RuntimeError,
                            "torch.searchsorted(): side and right can't be set to opposites, got side of left while "
                            "right was True");
        if (side)
            right = strcmp(side, "right") == 0;
    }
    cg_tensor *seq, *vals;
    if (op->flag) {
        vals = value_arg(op, "input", 1, a[0]);
        seq = vals ? value_arg(op, "boundaries", 2, a[1]) : NULL;
        if (seq && seq->ndim != 1) {
            int nd = seq->ndim;
            cg_tensor_release(seq), cg_tensor_release(vals);
            return cg_raise(&cg_exc_RuntimeError, "boundaries tensor must be 1 dimension, but got dim(%d)", nd);
        }
    } else {
        seq = value_arg(op, "sorted_sequence", 1, a[0]);
        vals = seq ? value_arg(op, "input", 2, a[1]) : NULL;
        if (vals && vals->ndim == 0 && seq->ndim != 1) {
            int nd = seq->ndim;
            cg_tensor_release(seq), cg_tensor_release(vals);
            return cg_raise(&cg_exc_RuntimeError,
                            "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension "
                            "is 1, but we got boundaries tensor dim(%d) and input value's dim(0) numel(1)",
                            nd);
        }
    }
    cg_tensor *r = vals && seq ? cg_searchsorted(seq, vals, right, sorter, out_int32) : NULL;
    bool ok = vals && seq;
    cg_tensor_release(seq), cg_tensor_release(vals);
    if (!ok)
        return CG_ERR;
    return r ? cg_tensor_steal(r) : torch_raise();
}

/* block_diag(*tensors) */
static cg_value fn_block_diag(cg_value self, const cg_args *args) {
    (void)self;
    if (args->nkw)
        return cg_raise(&cg_exc_TypeError, "block_diag() got an unexpected keyword argument '%s'", args->kwn[0]->s);
    cg_value tuple = cg_tuple_new(args->npos);
    for (int i = 0; !cg_is_err(tuple) && i < args->npos; i++)
        ((cg_tuple *)tuple.u.o)->items[i] = cg_incref(args->pos[i]);
    if (cg_is_err(tuple))
        return tuple;
    int n = 0;
    cg_tensor **ts = args->npos ? torch_tensor_list("block_diag", "tensors", 1, tuple, &n) : NULL;
    cg_decref(tuple);
    if (args->npos && !ts)
        return CG_ERR;
    cg_tensor *r = cg_block_diag(n, ts);
    free(ts);
    return cg_tensor_steal(r);
}

#define FN(f, k) f, NULL, k
#define B TORCH_BOTH
#define M TORCH_METHOD
#define F TORCH_FUNCTION
#define OPS(X)                                                                                                         \
    X(masked_select, "masked_select", "mask", FN(op_masked_select, 0), B, NULL)                                        \
    X(masked_scatter, "masked_scatter", "mask, source", FN(op_masked_scatter, 0), B, NULL)                             \
    X(masked_scatter_, "masked_scatter_", "mask, source", FN(op_masked_scatter, 1), M, NULL)                           \
    X(take, "take", "index", FN(op_take, 0), B, NULL)                                                                  \
    X(put, "put", "index, source, accumulate=False", FN(op_put, 0), B, NULL)                                           \
    X(put_, "put_", "index, source, accumulate=False", FN(op_put, 1), M, NULL)                                         \
    X(fill_diagonal_, "fill_diagonal_", "fill_value, wrap=False", FN(op_fill_diagonal_, 0), M, NULL)                   \
    X(aminmax, "aminmax", "*, dim=None, keepdim=False", FN(op_aminmax, 0), B, NULL)                                    \
    X(var_mean, "var_mean", "dim=None, unbiased=True, keepdim=False, *, correction=None", FN(op_var_mean, 0), F, NULL) \
    X(std_mean, "std_mean", "dim=None, unbiased=True, keepdim=False, *, correction=None", FN(op_var_mean, 1), F, NULL) \
    X(histc, "histc", "bins=100, min=0, max=0", FN(op_histc, 0), B, NULL)                                              \
    X(histogram, "histogram", "bins=100, *, range=None, weight=None, density=False", FN(op_histogram, 0), B, NULL)     \
    X(searchsorted, "searchsorted", "input, *, out_int32=False, right=False, side=None, sorter=None",                  \
      FN(op_searchsorted, 0), F | TORCH_ANY_INPUT, "sorted_sequence")                                                  \
    X(bucketize, "bucketize", "boundaries, *, out_int32=False, right=False", FN(op_searchsorted, 1),                   \
      F | TORCH_ANY_INPUT, NULL)                                                                                       \

#define TORCH_TAB index_search_ops
TORCH_OP_TABLE(OPS)

static const cg_method_def plain_functions[] = {
    {"block_diag", fn_block_diag, "block_diag(*tensors)", NULL},
    {NULL, NULL, NULL, NULL},
};

int torch_index_search_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(index_search_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(index_search_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(index_search_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0
        || cg_module_add_methods(module, plain_functions) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
