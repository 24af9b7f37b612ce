/* torch_ops.c: the torch functions that are not a method of one tensor:
 * cat/concat, stack, where (three forms), nonzero (also a method),
 * allclose/isclose, is_tensor, set_printoptions, get_default_dtype.
 *
 * Ops with a tensor first argument that are also methods are in
 * torch_tensor_methods.c; creation functions in torch_creation.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/module.h"
#include "print_options.h"
#include "torch/torch_args.h"

/* ---- joining --------------------------------------------------------------------- */

typedef cg_tensor *(*join_fn)(int, cg_tensor *const *, int64_t);
#define JOIN(f) join, TORCH_FN(join_fn, f), 0

/* cat/concat/stack(tensors, dim=0) */
static cg_value join(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    int n;
    int64_t dim;
    if (torch_int_arg(fn, "dim", 2, a[1], &dim) < 0)
        return CG_ERR;
    cg_tensor **ts = torch_tensor_list(fn, "tensors", 1, a[0], &n);
    if (!ts)
        return CG_ERR;
    cg_tensor *r = ((join_fn)op->fn)(n, ts, dim);
    free(ts);
    return cg_tensor_steal(r);
}

/* ---- nonzero and where ------------------------------------------------------------- */

/* The coordinates along each dim of x's nonzero elements, in row-major
 * order: idx[d] holds n int64 values. A 0-d x counts as 1-d. */
static int nonzero_coords(cg_tensor *x, int *nd, cg_tensor **idx) {
    cg_tensor *zero = cg_scalar_tensor(cg_scalar_int(0));
    cg_tensor *mask = zero ? cg_ne(x, zero) : NULL;
    cg_tensor_release(zero);
    if (mask && mask->ndim == 0) {
        cg_tensor *m1 = cg_reshape(mask, 1, (int64_t[]){1});
        cg_tensor_release(mask);
        mask = m1;
    }
    if (!mask)
        return -1;
    *nd = mask->ndim;
    int rc = 0;
    for (int d = 0; d < mask->ndim; d++) {
        int64_t shape[CG_MAX_DIMS];
        for (int k = 0; k < mask->ndim; k++)
            shape[k] = k == d ? mask->sizes[d] : 1;
        cg_tensor *ar = cg_arange(cg_scalar_int(0), cg_scalar_int(mask->sizes[d]), cg_scalar_int(1), CG_INT64,
                                  cg_tensor_device(mask));
        cg_tensor *v = ar ? cg_view(ar, mask->ndim, shape) : NULL;
        cg_tensor *e = v ? cg_expand(v, mask->ndim, mask->sizes) : NULL;
        cg_index_item it = {.kind = CG_INDEX_TENSOR, .tensor = mask};
        idx[d] = e ? cg_index_get(e, 1, &it) : NULL;
        cg_tensor_release(ar), cg_tensor_release(v), cg_tensor_release(e);
        if (!idx[d]) {
            for (int k = 0; k < d; k++)
                cg_tensor_release(idx[k]);
            rc = -1;
            break;
        }
    }
    cg_tensor_release(mask);
    return rc;
}

static cg_value nonzero_tuple(cg_tensor *x) {
    int nd;
    cg_tensor *idx[CG_MAX_DIMS];
    if (nonzero_coords(x, &nd, idx) < 0)
        return torch_raise();
    cg_value r = cg_tuple_new(nd);
    for (int d = 0; d < nd; d++) {
        if (!cg_is_err(r))
            ((cg_tuple *)r.u.o)->items[d] = cg_tensor_value(idx[d]);
        cg_tensor_release(idx[d]);
    }
    return r;
}

static cg_value fn_nonzero(cg_value *a) {
    bool as_tuple;
    if (torch_bool_arg("nonzero", "as_tuple", 0, a[1], &as_tuple) < 0)
        return CG_ERR;
    cg_tensor *x = cg_tensor_of_borrowed(a[0]);
    if (as_tuple)
        return nonzero_tuple(x);
    if (x->ndim == 0) {
        cg_tensor *zero = cg_scalar_tensor(cg_scalar_int(0));
        cg_tensor *ne = zero ? cg_ne(x, zero) : NULL;
        cg_scalar s;
        int rc = ne ? cg_tensor_item(ne, &s) : -1;
        cg_tensor_release(zero), cg_tensor_release(ne);
        if (rc < 0)
            return torch_raise();
        return cg_tensor_steal(cg_zeros(2, (int64_t[]){s.v.b ? 1 : 0, 0}, CG_INT64, cg_tensor_device(x)));
    }
    int nd;
    cg_tensor *idx[CG_MAX_DIMS];
    if (nonzero_coords(x, &nd, idx) < 0)
        return torch_raise();
    cg_tensor *r = cg_stack(nd, idx, 1);
    for (int d = 0; d < nd; d++)
        cg_tensor_release(idx[d]);
    return cg_tensor_steal(r);
}

/* where(condition) is nonzero(condition, as_tuple=True); where(condition,
 * input, other) takes tensors or Python numbers. */
static cg_value fn_where(cg_value *a) {
    cg_tensor *cond = cg_tensor_of_borrowed(a[0]);
    if (cg_is_none(a[1]) && cg_is_none(a[2]))
        return nonzero_tuple(cond);
    cg_tensor *x = torch_operand(a[1]);
    cg_tensor *y = x ? torch_operand(a[2]) : NULL;
    if (!y) {
        cg_tensor_release(x);
        if (cg_exc_pending())
            return CG_ERR;
        return x ? torch_arg_error("where", "other", 3, "Tensor", a[2])
                 : torch_arg_error("where", "input", 2, "Tensor", a[1]);
    }
    cg_tensor *r = cg_where(cond, x, y);
    cg_tensor_release(x), cg_tensor_release(y);
    return cg_tensor_steal(r);
}

/* ---- closeness ------------------------------------------------------------------- */

/* |input - other| <= atol + rtol * |other|, with inf == inf and, when
 * equal_nan, nan == nan; PyTorch's isclose. */
static cg_tensor *isclose(cg_tensor *x, cg_tensor *y, double rtol, double atol, bool equal_nan) {
    if (x->dtype != y->dtype) {
        cg_error_set(CG_RUNTIME_ERROR, "%s did not match %s", cg_dtype_legacy_name(x->dtype),
                     cg_dtype_legacy_name(y->dtype));
        return NULL;
    }
    cg_tensor *eq = cg_eq(x, y), *diff = NULL, *ad = NULL, *ay = NULL, *tol = NULL, *le = NULL, *r = NULL;
    cg_tensor *rt = cg_scalar_tensor(cg_scalar_float(rtol)), *at = cg_scalar_tensor(cg_scalar_float(atol));
    if (!eq || !rt || !at)
        goto done;
    if (!cg_dtype_is_float(x->dtype)) { /* integers: exact, or within the tolerance */
        r = cg_tensor_retain(eq);
        if (rtol == 0 && atol == 0)
            goto done;
        cg_tensor_release(r);
        r = NULL;
    }
    if (!(diff = cg_sub(x, y, cg_scalar_int(1))) || !(ad = cg_abs(diff)) || !(ay = cg_abs(y)))
        goto done;
    cg_tensor *scaled = cg_mul(ay, rt);
    tol = scaled ? cg_add(scaled, at, cg_scalar_int(1)) : NULL;
    cg_tensor_release(scaled);
    if (!tol || !(le = cg_le(ad, tol)))
        goto done;
    r = cg_logical_or(eq, le);
    if (r && equal_nan) {
        cg_tensor *nx = cg_ne(x, x), *ny = cg_ne(y, y);
        cg_tensor *both = nx && ny ? cg_logical_and(nx, ny) : NULL;
        cg_tensor *with = both ? cg_logical_or(r, both) : NULL;
        cg_tensor_release(nx), cg_tensor_release(ny), cg_tensor_release(both), cg_tensor_release(r);
        r = with;
    }
done:
    cg_tensor_release(eq), cg_tensor_release(diff), cg_tensor_release(ad), cg_tensor_release(ay);
    cg_tensor_release(tol), cg_tensor_release(le), cg_tensor_release(rt), cg_tensor_release(at);
    return r;
}

static int close_args(const char *fn, cg_value *a, cg_tensor **y, double *rtol, double *atol, bool *nan) {
    *y = torch_tensor_arg_borrowed(fn, "other", 2, a[1]);
    if (!*y || torch_double_arg(fn, "rtol", 3, a[2], rtol) < 0 || torch_double_arg(fn, "atol", 4, a[3], atol) < 0
        || torch_bool_arg(fn, "equal_nan", 5, a[4], nan) < 0)
        return -1;
    return 0;
}

static cg_value fn_isclose(cg_value *a) {
    cg_tensor *y;
    double rtol, atol;
    bool nan;
    if (close_args("isclose", a, &y, &rtol, &atol, &nan) < 0)
        return CG_ERR;
    return cg_tensor_steal(isclose(cg_tensor_of_borrowed(a[0]), y, rtol, atol, nan));
}

static cg_value fn_allclose(cg_value *a) {
    cg_tensor *y;
    double rtol, atol;
    bool nan;
    if (close_args("allclose", a, &y, &rtol, &atol, &nan) < 0)
        return CG_ERR;
    cg_tensor *c = isclose(cg_tensor_of_borrowed(a[0]), y, rtol, atol, nan);
    cg_tensor *all = c ? cg_all(c, 0, NULL, false) : NULL;
    cg_tensor_release(c);
    cg_scalar s;
    int rc = all ? cg_tensor_item(all, &s) : -1;
    cg_tensor_release(all);
    return rc < 0 ? torch_raise() : cg_bool(s.v.b);
}

/* torch.native_dropout(input, p, train): (output, mask); train may be None */
static cg_value fn_native_dropout(cg_value *a) {
    double p;
    bool train = true;
    if (torch_double_arg("native_dropout", "p", 2, a[1], &p) < 0
        || (!cg_is_none(a[2]) && torch_bool_arg("native_dropout", "train", 3, a[2], &train) < 0))
        return CG_ERR;
    cg_tensor *mask;
    cg_tensor *out = cg_native_dropout(cg_tensor_of_borrowed(a[0]), p, cg_is_none(a[2]) ? -1 : train, NULL, &mask);
    if (!out)
        return torch_raise();
    cg_value pair = cg_tuple_new(2);
    if (cg_is_err(pair)) {
        cg_tensor_release(out), cg_tensor_release(mask);
        return pair;
    }
    ((cg_tuple *)pair.u.o)->items[0] = cg_tensor_steal(out);
    ((cg_tuple *)pair.u.o)->items[1] = cg_tensor_steal(mask);
    return pair;
}

/* ---- the table ------------------------------------------------------------------- */

#define F TORCH_FUNCTION
#define FA (TORCH_FUNCTION | TORCH_ANY_INPUT)
#define OPS(X)                                                                                                  \
    X(cat, "cat", "dim=0", JOIN(cg_cat), FA, "tensors")                                                         \
    X(concat, "concat", "dim=0", JOIN(cg_cat), FA, "tensors")                                                   \
    X(concatenate, "concatenate", "dim=0", JOIN(cg_cat), FA, "tensors")                                         \
    X(stack, "stack", "dim=0", JOIN(cg_stack), FA, "tensors")                                                   \
    X(where, "where", "input=None, other=None", IMPL(fn_where), F, "condition")                                 \
    X(nonzero, "nonzero", "*, as_tuple=False", IMPL(fn_nonzero), TORCH_BOTH, NULL)                              \
    X(native_dropout, "native_dropout", "p, train", IMPL(fn_native_dropout), F, NULL)                           \
    X(isclose, "isclose", "other, rtol=1e-05, atol=1e-08, equal_nan=False", IMPL(fn_isclose), TORCH_BOTH, NULL) \
    X(allclose, "allclose", "other, rtol=1e-05, atol=1e-08, equal_nan=False", IMPL(fn_allclose), TORCH_BOTH, NULL)

#define TORCH_TAB function_ops
TORCH_OP_TABLE(OPS)

/* ---- plain functions --------------------------------------------------------------- */

static cg_value is_tensor_impl(cg_value *a) { return cg_bool(cg_is_tensor(a[0])); }

static cg_value fn_is_tensor(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"is_tensor", NULL, "is_tensor(obj)", NULL};
    return torch_bind_call(&def, args, 1, is_tensor_impl);
}

static cg_value fn_get_default_dtype(cg_value self, const cg_args *args) { return torch_dtype_value(CG_DEFAULT_DTYPE); }

static int opt_int(const char *name, cg_value v, bool *has, int *out) {
    int64_t i;
    *has = !cg_is_none(v);
    if (!*has)
        return 0;
    if (torch_int_arg("set_printoptions", name, 0, v, &i) < 0)
        return -1;
    *out = (int)i;
    return 0;
}

/* set_printoptions(precision=None, threshold=None, edgeitems=None,
 * linewidth=None, profile=None, sci_mode=None) */
static cg_value set_printoptions_impl(cg_value *a) {
    cg_printoptions_args o = {0};
    if (opt_int("precision", a[0], &o.has_precision, &o.precision) < 0
        || opt_int("edgeitems", a[2], &o.has_edgeitems, &o.edgeitems) < 0
        || opt_int("linewidth", a[3], &o.has_linewidth, &o.linewidth) < 0)
        return CG_ERR;
    o.has_threshold = !cg_is_none(a[1]);
    if (o.has_threshold && torch_double_arg("set_printoptions", "threshold", 0, a[1], &o.threshold) < 0)
        return CG_ERR;
    if (!cg_is_none(a[4]) && torch_str_arg("set_printoptions", "profile", 0, a[4], true, &o.profile) < 0)
        return CG_ERR;
    o.sci_mode = cg_is_none(a[5]) ? CG_SCI_AUTO : cg_truth(a[5]) ? CG_SCI_ON : CG_SCI_OFF;
    cg_set_printoptions(&o);
    return CG_NONE;
}

static cg_value fn_set_printoptions(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"set_printoptions", NULL,
                                      "set_printoptions(precision=None, threshold=None, edgeitems=None, "
                                      "linewidth=None, profile=None, sci_mode=None)",
                                      NULL};
    return torch_bind_call(&def, args, 6, set_printoptions_impl);
}

/* set_default_dtype(d): a floating dtype only */
static cg_value set_default_dtype_impl(cg_value *a) {
    if (!torch_is_dtype(a[0]))
        return cg_raise(&cg_exc_TypeError,
                        "invalid dtype object: only floating-point types are supported as the default type");
    cg_dtype dt = torch_dtype_of(a[0]);
    if (!cg_dtype_is_float(dt))
        return cg_raise(&cg_exc_TypeError, "only floating-point types are supported as the default type");
    cg_default_float_dtype = dt;
    return CG_NONE;
}

static cg_value fn_set_default_dtype(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"set_default_dtype", NULL, "set_default_dtype(d)", NULL};
    return torch_bind_call(&def, args, 1, set_default_dtype_impl);
}

/* set_default_tensor_type(t): 'torch.FloatTensor', 'torch.DoubleTensor', ...
 * (a str; the legacy type objects name themselves so) */
static cg_value set_default_tensor_type_impl(cg_value *a) {
    static const struct {
        const char *name;
        cg_dtype dtype;
    } types[] = {{"torch.FloatTensor", CG_F32},  {"torch.DoubleTensor", CG_F64}, {"torch.HalfTensor", CG_F16},
                 {"torch.BFloat16Tensor", CG_BF16}, {"torch.LongTensor", CG_INT64}, {"torch.IntTensor", CG_INT32},
                 {"torch.ShortTensor", CG_INT16}, {"torch.CharTensor", CG_INT8}, {"torch.ByteTensor", CG_UINT8},
                 {"torch.BoolTensor", CG_BOOL}};
    cg_value v = a[0];
    cg_value name = cg_is_type(v, &cg_type_str) ? cg_incref(v) : cg_getattr_opt(v, cg_str_intern("__name__"));
    if (cg_is_err(name))
        return name;
    if (name.tag != CG_V_OBJ || !cg_is_type(name, &cg_type_str)) {
        cg_decref(name);
        return torch_arg_error("set_default_tensor_type", "t", 1, "str", v);
    }
    const char *s = cg_str_cstr(name);
    char full[64];
    snprintf(full, sizeof full, "%s%s", strncmp(s, "torch.", 6) && !cg_is_type(v, &cg_type_str) ? "torch." : "", s);
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(full, types[i].name)) {
            cg_decref(name);
            if (!cg_dtype_is_float(types[i].dtype))
                return cg_raise(&cg_exc_TypeError, "only floating-point types are supported as the default type");
            cg_default_float_dtype = types[i].dtype;
            return CG_NONE;
        }
    cg_value r = strncmp(s, "torch.", 6) ? cg_raise(&cg_exc_ModuleNotFoundError, "No module named '%s'", s)
                 : !strncmp(s, "torch.cuda.", 11)
                     ? cg_raise(&cg_exc_RuntimeError, "type %s not available. Torch not compiled with CUDA enabled.", s)
                     : cg_raise(&cg_exc_AttributeError, "module 'torch' has no attribute '%s'", s + 6);
    cg_decref(name);
    return r;
}

static cg_value fn_set_default_tensor_type(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"set_default_tensor_type", NULL, "set_default_tensor_type(t)", NULL};
    return torch_bind_call(&def, args, 1, set_default_tensor_type_impl);
}

static const cg_method_def plain_functions[] = {
    {"set_default_dtype", fn_set_default_dtype, NULL, "Sets the default floating point dtype to d."},
    {"set_default_tensor_type", fn_set_default_tensor_type, NULL,
     "Sets the default torch.Tensor type to floating point tensor type t."},
    {"is_tensor", fn_is_tensor, NULL, "Returns True if obj is a PyTorch tensor."},
    {"get_default_dtype", fn_get_default_dtype, "get_default_dtype()", NULL},
    {"set_printoptions", fn_set_printoptions, NULL, "Set options for printing."},
    {NULL, NULL, NULL, NULL},
};

int torch_ops_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(function_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(function_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(function_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0
        || cg_module_add_methods(module, plain_functions) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
