/* torch_tensor_methods.c: the engine's ops as Tensor methods and, where
 * PyTorch has them, as torch functions of the same signature (x.sum(1) and
 * torch.sum(x, 1)), with PyTorch 1.13's parameter names and defaults.
 *
 * One table (OPS below) lists every op once; torch_args.h's machinery binds
 * each row as a method, a function, or both. A row names its engine
 * function and the adapter that calls it (Note [Op rows] in torch_args.h):
 * the generic ones (UNARY, BINARY, ...), a family's own here (REDUCE,
 * SHAPE_ARGS, ...), or IMPL for a binding written by hand, which reads its
 * arguments from a[] (the tensor in a[0]) and returns a value or CG_ERR. Creation
 * functions (zeros, rand, ...) and function-only ops (cat, stack, where)
 * are in torch_creation.c and torch_ops.c; the operators (x + y) in
 * tensor_obj.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/module.h"
#include "torch/torch_args.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* ---- shared helpers ------------------------------------------------------------- */

/* The result of an in-place op: self, or the error. */
static cg_value inplace(cg_value self, int rc) { return rc < 0 ? torch_raise() : cg_incref(self); }

/* A tensor-or-number argument as a tensor (a new reference), or NULL with
 * PyTorch's TypeError. */
static cg_tensor *operand_arg(const char *fn, const char *name, int k, cg_value v) {
    cg_tensor *t = torch_operand(v);
    if (!t && !cg_exc_pending())
        torch_arg_error(fn, name, torch_pos(k), "Tensor", v);
    return t;
}

static cg_tensor *tensor_arg(const char *fn, const char *name, int k, cg_value v) {
    return torch_tensor_arg_borrowed(fn, name, torch_pos(k), v);
}

static int int_arg(const char *fn, const char *name, int k, cg_value v, int64_t *out) {
    return torch_int_arg(fn, name, torch_pos(k), v, out);
}

static int bool_arg(const char *fn, const char *name, int k, cg_value v, bool *out) {
    return torch_bool_arg(fn, name, torch_pos(k), v, out);
}

static int dims_arg(const char *fn, const char *name, int k, cg_value v, int *n, int64_t *dims) {
    return torch_dims_arg(fn, name, torch_pos(k), v, n, dims);
}

/* A Python number argument (a Scalar in PyTorch's signatures). */
static int scalar_arg(const char *fn, const char *name, int k, cg_value v, cg_scalar *out) {
    if (torch_scalar_of(v, out))
        return 0;
    if (cg_is_tensor(v) && cg_tensor_numel(cg_tensor_of_borrowed(v)) == 1 && cg_tensor_of_borrowed(v)->ndim == 0)
        return cg_tensor_item(cg_tensor_of_borrowed(v), out) < 0 ? torch_raise_int() : 0;
    torch_arg_error(fn, name, torch_pos(k), "Number", v);
    return -1;
}

/* The optional dtype= of reductions: the input cast first (new reference). */
static cg_tensor *cast_for(const char *fn, cg_tensor *t, cg_value dtype, int k) {
    int dt;
    if (torch_dtype_arg(fn, "dtype", 0, dtype, &dt) < 0)
        return NULL;
    (void)k;
    if (dt < 0 || (cg_dtype)dt == t->dtype)
        return cg_tensor_retain(t);
    cg_tensor *r = cg_to_dtype(t, (cg_dtype)dt);
    if (!r)
        torch_raise();
    return r;
}

/* ---- arithmetic ------------------------------------------------------------------ */

static int alpha_arg(const char *fn, cg_value v, cg_scalar *alpha) {
    if (torch_scalar_of(v, alpha))
        return 0;
    torch_arg_error(fn, "alpha", 0, "Number", v);
    return -1;
}

typedef cg_tensor *(*addsub_fn)(cg_tensor *, cg_tensor *, cg_scalar);
typedef int (*addsub_fn_)(cg_tensor *, cg_tensor *, cg_scalar);
#define ADDSUB(f) addsub, TORCH_FN(addsub_fn, f), 0
#define ADDSUB_(f) addsub_, TORCH_FN(addsub_fn_, f), 0

/* add/sub(other, *, alpha=1): f(self, other, alpha) */
static cg_value addsub(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    cg_scalar alpha;
    if (alpha_arg(fn, a[2], &alpha) < 0)
        return CG_ERR;
    cg_tensor *o = operand_arg(fn, "other", 1, a[1]);
    if (!o)
        return CG_ERR;
    cg_tensor *r = ((addsub_fn)op->fn)(T0, o, alpha);
    cg_tensor_release(o);
    return cg_tensor_steal(r);
}

static cg_value addsub_(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    cg_scalar alpha;
    if (alpha_arg(fn, a[2], &alpha) < 0)
        return CG_ERR;
    cg_tensor *o = operand_arg(fn, "other", 1, a[1]);
    if (!o)
        return CG_ERR;
    int rc = ((addsub_fn_)op->fn)(T0, o, alpha);
    cg_tensor_release(o);
    return inplace(a[0], rc);
}

/* torch.remainder(input, other): input may be a Python number (PyTorch's
 * Scalar overload, recorded as NotImplemented). */
static cg_value remainder_op(const torch_op *op, cg_value *a) {
    if (cg_is_tensor(a[0]))
        return torch_adapt_binary(op, a);
    cg_tensor *self = torch_operand(a[0]);
    if (!self)
        return cg_exc_pending() ? CG_ERR : torch_arg_error("remainder", "self", 1, "Tensor", a[0]);
    cg_tensor *o = tensor_arg("remainder", "other", 1, a[1]);
    cg_tensor *r = o ? cg_remainder(self, o) : NULL;
    cg_tensor_release(self);
    return o ? cg_tensor_steal(r) : CG_ERR;
}

static cg_value div_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool in_place = torch_op_in_place(op);
    const char *mode;
    if (torch_str_arg(fn, "rounding_mode", 0, a[2], true, &mode) < 0)
        return CG_ERR;
    cg_tensor *o = operand_arg(fn, "other", 1, a[1]);
    if (!o)
        return CG_ERR;
    cg_value r;
    if (in_place)
        r = inplace(a[0], mode ? cg_div_rounding_(T0, o, mode) : cg_div_(T0, o));
    else
        r = cg_tensor_steal(mode ? cg_div_rounding(T0, o, mode) : cg_div(T0, o));
    cg_tensor_release(o);
    return r;
}

/* torch.pow(input, exponent): input may be a Python number (PowBackward2
 * when the exponent needs grad, as torch.pow(2, x)). */
static cg_value pow_op(const torch_op *op, cg_value *a) {
    cg_scalar base;
    if (!cg_is_tensor(a[0])) {
        if (!torch_scalar_of(a[0], &base))
            return torch_arg_error("pow", "self", 1, "Tensor", a[0]);
        cg_tensor *e = tensor_arg("pow", "exponent", 1, a[1]);
        return e ? cg_tensor_steal(cg_pow_scalar_base(base, e)) : CG_ERR;
    }
    return torch_adapt_binary(op, a);
}

/* ---- addcmul, addcdiv, lerp ---------------------------------------------------- */

typedef cg_tensor *(*addc_fn)(cg_tensor *, cg_tensor *, cg_tensor *, cg_scalar);
typedef int (*addc_fn_)(cg_tensor *, cg_tensor *, cg_tensor *, cg_scalar);

/* addcmul/addcdiv(tensor1, tensor2, *, value=1): op->fn is the engine's
 * out-of-place or in-place form, as the name says */
static cg_value addc_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    cg_scalar value;
    cg_tensor *t1 = tensor_arg(fn, "tensor1", 1, a[1]);
    cg_tensor *t2 = t1 ? tensor_arg(fn, "tensor2", 2, a[2]) : NULL;
    if (!t2 || scalar_arg(fn, "value", 0, a[3], &value) < 0)
        return CG_ERR;
    if (torch_op_in_place(op))
        return inplace(a[0], ((addc_fn_)op->fn)(T0, t1, t2, value));
    return cg_tensor_steal(((addc_fn)op->fn)(T0, t1, t2, value));
}

/* lerp(end, weight): weight a tensor (LerpBackward1) or a number */
static cg_value lerp_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool in_place = torch_op_in_place(op);
    cg_tensor *end = tensor_arg(fn, "end", 1, a[1]);
    if (!end)
        return CG_ERR;
    if (cg_is_tensor(a[2])) {
        cg_tensor *w = cg_tensor_of_borrowed(a[2]);
        if (in_place)
            return inplace(a[0], cg_lerp_tensor_(T0, end, w));
        return cg_tensor_steal(cg_lerp_tensor(T0, end, w));
    }
    cg_scalar w;
    if (!torch_scalar_of(a[2], &w))
        return torch_arg_error(fn, "weight", torch_pos(2), "Tensor", a[2]);
    if (in_place)
        return inplace(a[0], cg_lerp_(T0, end, w));
    return cg_tensor_steal(cg_lerp(T0, end, w));
}

/* ---- unary ops ------------------------------------------------------------------ */

/* clamp_(min, max) with tensor bounds: the clamped values written back
 * into self (its node is the copy's, not PyTorch's ClampBackward1) */
static cg_value clamp_tensor_into(cg_value self, cg_tensor *lo, cg_tensor *hi) {
    cg_tensor *t = cg_tensor_of_borrowed(self), *r = cg_clamp_tensor(t, lo, hi);
    if (!r)
        return torch_raise();
    int rc = cg_copy_(t, r);
    cg_tensor_release(r);
    return inplace(self, rc);
}

/* clamp(min=None, max=None): Python numbers or tensors as bounds. */
static cg_value clamp_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool in_place = torch_op_in_place(op);
    cg_scalar lo, hi;
    bool has_lo = torch_scalar_of(a[1], &lo), has_hi = torch_scalar_of(a[2], &hi);
    bool t_lo = cg_is_tensor(a[1]), t_hi = cg_is_tensor(a[2]);
    if (!has_lo && !t_lo && !cg_is_none(a[1]))
        return torch_arg_error(fn, "min", torch_pos(1), "Number", a[1]);
    if (!has_hi && !t_hi && !cg_is_none(a[2]))
        return torch_arg_error(fn, "max", torch_pos(2), "Number", a[2]);
    if (t_lo || t_hi) {
        if (has_lo || has_hi)
            return cg_raise(&cg_exc_TypeError, "%s(): expected both bounds as tensors or both as numbers", fn);
        cg_tensor *l = t_lo ? cg_tensor_of_borrowed(a[1]) : NULL, *h = t_hi ? cg_tensor_of_borrowed(a[2]) : NULL;
        return in_place ? clamp_tensor_into(a[0], l, h) : cg_tensor_steal(cg_clamp_tensor(T0, l, h));
    }
    if (in_place)
        return inplace(a[0], cg_clamp_(T0, has_lo ? &lo : NULL, has_hi ? &hi : NULL));
    return cg_tensor_steal(cg_clamp(T0, has_lo ? &lo : NULL, has_hi ? &hi : NULL));
}

/* clamp_min(min) / clamp_max(max): a number bound (a tensor one goes
 * through clamp's tensor form); the row's flag says which */
static cg_value clamp_one_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool is_max = op->flag;
    cg_scalar bound;
    if (cg_is_tensor(a[1])) {
        cg_tensor *b = cg_tensor_of_borrowed(a[1]);
        if (torch_op_in_place(op))
            return clamp_tensor_into(a[0], is_max ? NULL : b, is_max ? b : NULL);
        return cg_tensor_steal(cg_clamp_tensor(T0, is_max ? NULL : b, is_max ? b : NULL));
    }
    if (!torch_scalar_of(a[1], &bound))
        return torch_arg_error(fn, is_max ? "max" : "min", torch_pos(1), "Number", a[1]);
    if (torch_op_in_place(op))
        return inplace(a[0], is_max ? cg_clamp_max_(T0, bound) : cg_clamp_min_(T0, bound));
    return cg_tensor_steal(is_max ? cg_clamp_max(T0, bound) : cg_clamp_min(T0, bound));
}

/* ---- comparisons and logic -------------------------------------------------------------- */

/* x.equal(other): same shape and values. */
static cg_value op_equal(cg_value *a) {
    cg_tensor *o = tensor_arg("equal", "other", 1, a[1]);
    if (!o)
        return CG_ERR;
    cg_tensor *x = T0;
    if (!cg_sizes_equal(x->ndim, x->sizes, o->ndim, o->sizes))
        return CG_FALSE;
    cg_tensor *eq = cg_eq(x, o);
    cg_tensor *all = eq ? cg_all(eq, 0, NULL, false) : NULL;
    cg_tensor_release(eq);
    cg_scalar s;
    int rc = all ? cg_tensor_item(all, &s) : -1;
    cg_tensor_release(all);
    return rc < 0 ? torch_raise() : cg_bool(s.v.b);
}

/* x.masked_fill(mask, value): value a number or a 0-d tensor. */
static cg_value masked_fill_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool in_place = torch_op_in_place(op);
    cg_tensor *mask = tensor_arg(fn, "mask", 1, a[1]);
    cg_scalar v;
    if (!mask || scalar_arg(fn, "value", 2, a[2], &v) < 0)
        return CG_ERR;
    if (in_place)
        return inplace(a[0], cg_masked_fill_(T0, mask, v));
    return cg_tensor_steal(cg_masked_fill(T0, mask, v));
}

/* x.where(condition, y) is torch.where(condition, x, y). */
static cg_value op_where_method(cg_value *a) {
    cg_tensor *cond = tensor_arg("where", "condition", 1, a[1]);
    if (!cond)
        return CG_ERR;
    cg_tensor *o = operand_arg("where", "other", 2, a[2]);
    if (!o)
        return CG_ERR;
    cg_tensor *r = cg_where(cond, T0, o);
    cg_tensor_release(o);
    return cg_tensor_steal(r);
}

/* ---- fills and random fills ----------------------------------------------------------------- */

static cg_value op_fill_(cg_value *a) {
    cg_scalar v;
    if (scalar_arg("fill_", "value", 1, a[1], &v) < 0)
        return CG_ERR;
    return inplace(a[0], cg_fill_(T0, v));
}

static cg_value op_copy_(cg_value *a) {
    cg_tensor *src = tensor_arg("copy_", "src", 1, a[1]);
    if (src && torch_warn_complex_to_real(src->dtype, T0->dtype) < 0)
        src = NULL;
    return src ? inplace(a[0], cg_copy_(T0, src)) : CG_ERR;
}

static cg_value op_normal_(cg_value *a) {
    double mean, std;
    bool err = false;
    if (torch_double_arg("normal_", "mean", torch_pos(1), a[1], &mean) < 0
        || torch_double_arg("normal_", "std", torch_pos(2), a[2], &std) < 0)
        return CG_ERR;
    cg_rng *g = torch_generator_arg("normal_", a[3], &err);
    return err ? CG_ERR : inplace(a[0], cg_normal_(T0, mean, std, g));
}

static cg_value op_uniform_(cg_value *a) {
    double from, to;
    bool err = false;
    if (torch_double_arg("uniform_", "from", torch_pos(1), a[1], &from) < 0
        || torch_double_arg("uniform_", "to", torch_pos(2), a[2], &to) < 0)
        return CG_ERR;
    cg_rng *g = torch_generator_arg("uniform_", a[3], &err);
    return err ? CG_ERR : inplace(a[0], cg_uniform_(T0, from, to, g));
}

/* random_(from=0, to=None): random_() alone draws over the dtype's whole
 * range (cg_random_unbounded_); random_(to) is random_(0, to). */
static cg_value op_random_(cg_value *a) {
    int64_t from = 0, to;
    bool err = false;
    cg_rng *g = torch_generator_arg("random_", a[3], &err);
    if (err)
        return CG_ERR;
    if (cg_is_none(a[1]) && cg_is_none(a[2]))
        return inplace(a[0], cg_random_unbounded_(T0, g));
    if (cg_is_none(a[2])) { /* random_(to) */
        if (int_arg("random_", "to", 1, a[1], &to) < 0)
            return CG_ERR;
    } else if (int_arg("random_", "from", 1, a[1], &from) < 0 || int_arg("random_", "to", 2, a[2], &to) < 0) {
        return CG_ERR;
    }
    return inplace(a[0], cg_random_(T0, from, to, g));
}

static cg_value op_exponential_(cg_value *a) {
    double lambd;
    bool err = false;
    if (torch_double_arg("exponential_", "lambd", torch_pos(1), a[1], &lambd) < 0)
        return CG_ERR;
    cg_rng *g = torch_generator_arg("exponential_", a[2], &err);
    return err ? CG_ERR : inplace(a[0], cg_exponential_(T0, lambd, g));
}

static cg_value op_bernoulli_(cg_value *a) {
    double p;
    bool err = false;
    if (torch_double_arg("bernoulli_", "p", torch_pos(1), a[1], &p) < 0)
        return CG_ERR;
    cg_rng *g = torch_generator_arg("bernoulli_", a[2], &err);
    return err ? CG_ERR : inplace(a[0], cg_bernoulli_(T0, p, g));
}

static cg_value op_bernoulli(cg_value *a) {
    bool err = false;
    cg_rng *g = torch_generator_arg("bernoulli", a[1], &err);
    return err ? CG_ERR : cg_tensor_steal(cg_bernoulli(T0, g));
}

static cg_value op_multinomial(cg_value *a) {
    int64_t n;
    bool repl, err = false;
    if (int_arg("multinomial", "num_samples", 1, a[1], &n) < 0
        || bool_arg("multinomial", "replacement", 2, a[2], &repl) < 0)
        return CG_ERR;
    cg_rng *g = torch_generator_arg("multinomial", a[3], &err);
    return err ? CG_ERR : cg_tensor_steal(cg_multinomial(T0, n, repl, g));
}

/* ---- reductions ------------------------------------------------------------------------- */

typedef cg_tensor *(*reduce_fn)(cg_tensor *, int, const int64_t *, bool);

/* sum/mean/prod(dim=None, keepdim=False, *, dtype=None); any, all and
 * logsumexp have no dtype. */
static cg_value reduce_as(const char *fn, cg_value *a, cg_value dtype, reduce_fn f) {
    int nd;
    int64_t dims[CG_MAX_DIMS];
    bool keepdim;
    if (dims_arg(fn, "dim", 1, a[1], &nd, dims) < 0 || bool_arg(fn, "keepdim", 2, a[2], &keepdim) < 0)
        return CG_ERR;
    cg_tensor *x = cast_for(fn, T0, dtype, 3);
    if (!x)
        return CG_ERR;
    cg_tensor *r = f(x, nd, nd ? dims : NULL, keepdim);
    cg_tensor_release(x);
    return cg_tensor_steal(r);
}

#define REDUCE(f) reduce, TORCH_FN(reduce_fn, f), 0
static cg_value reduce(const torch_op *op, cg_value *a) {
    return reduce_as(op->name, a, op->nparams > 3 ? a[3] : CG_NONE, (reduce_fn)op->fn);
}

static cg_value op_prod(cg_value *a) {
    if (!cg_is_none(a[1]) && a[1].tag != CG_V_INT && !cg_is_tensor(a[1]))
        return torch_arg_error("prod", "dim", torch_pos(1), "int", a[1]);
    return reduce_as("prod", a, a[3], cg_prod);
}

/* max() / max(dim, keepdim=False) / max(other); min alike. */
static cg_value extreme(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool is_max = op->flag;
    cg_tensor *x = T0;
    if (cg_is_tensor(a[1])) /* the binary overload: maximum */
        return cg_tensor_steal(is_max ? cg_maximum(x, cg_tensor_of_borrowed(a[1]))
                                      : cg_minimum(x, cg_tensor_of_borrowed(a[1])));
    if (cg_is_none(a[1]))
        return cg_tensor_steal(is_max ? cg_max(x) : cg_min(x));
    int64_t dim;
    bool keepdim;
    if (int_arg(fn, "dim", 1, a[1], &dim) < 0 || bool_arg(fn, "keepdim", 2, a[2], &keepdim) < 0)
        return CG_ERR;
    cg_tensor *v, *i;
    int rc = is_max ? cg_max_dim(x, dim, keepdim, &v, &i) : cg_min_dim(x, dim, keepdim, &v, &i);
    if (rc < 0)
        return torch_raise();
    return torch_return_pair(fn, cg_tensor_steal(v), cg_tensor_steal(i));
}

static cg_value arg_extreme(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool is_max = op->flag;
    int64_t dim;
    bool keepdim;
    bool has_dim = !cg_is_none(a[1]);
    if ((has_dim && int_arg(fn, "dim", 1, a[1], &dim) < 0) || bool_arg(fn, "keepdim", 2, a[2], &keepdim) < 0)
        return CG_ERR;
    return cg_tensor_steal(is_max ? cg_argmax(T0, has_dim ? &dim : NULL, keepdim)
                                  : cg_argmin(T0, has_dim ? &dim : NULL, keepdim));
}

/* var/std(dim=None, unbiased=True, keepdim=False, *, correction=None); a
 * bool first argument is `unbiased`, as PyTorch's var(unbiased) overload. */
static cg_value var_std(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool is_std = op->flag;
    cg_value dim = a[1], unbiased = a[2];
    if (dim.tag == CG_V_BOOL) {
        unbiased = dim;
        dim = CG_NONE;
    }
    int nd;
    int64_t dims[CG_MAX_DIMS], correction = 1;
    bool keepdim, ub;
    if (dims_arg(fn, "dim", 1, dim, &nd, dims) < 0 || bool_arg(fn, "unbiased", 2, unbiased, &ub) < 0
        || bool_arg(fn, "keepdim", 3, a[3], &keepdim) < 0)
        return CG_ERR;
    correction = ub ? 1 : 0;
    if (!cg_is_none(a[4]) && torch_int_arg(fn, "correction", 0, a[4], &correction) < 0)
        return CG_ERR;
    cg_tensor *x = T0;
    return cg_tensor_steal(is_std ? cg_std(x, nd, nd ? dims : NULL, correction, keepdim)
                                  : cg_var(x, nd, nd ? dims : NULL, correction, keepdim));
}

/* norm(p='fro', dim=None, keepdim=False, dtype=None) */
static cg_value op_norm(cg_value *a) {
    int nd;
    int64_t dims[CG_MAX_DIMS];
    bool keepdim;
    if (dims_arg("norm", "dim", 2, a[2], &nd, dims) < 0 || bool_arg("norm", "keepdim", 3, a[3], &keepdim) < 0)
        return CG_ERR;
    cg_tensor *x = cast_for("norm", T0, a[4], 4);
    if (!x)
        return CG_ERR;
    cg_tensor *r = NULL;
    double p;
    if (cg_is_str(a[1]) && strcmp(cg_str_cstr(a[1]), "fro") == 0) {
        r = cg_norm_fro(x, nd, nd ? dims : NULL, keepdim);
    } else if (cg_is_str(a[1])) {
        cg_tensor_release(x);
        return cg_raise(&cg_exc_RuntimeError, "norm(): unsupported norm type '%s'", cg_str_cstr(a[1]));
    } else if (cg_is_none(a[1])) {
        r = cg_norm(x, 2, nd, nd ? dims : NULL, keepdim);
    } else if (torch_double_arg("norm", "p", torch_pos(1), a[1], &p) == 0) {
        r = cg_norm(x, p, nd, nd ? dims : NULL, keepdim);
    } else {
        cg_tensor_release(x);
        return CG_ERR;
    }
    cg_tensor_release(x);
    return cg_tensor_steal(r);
}

static cg_value op_cumsum(cg_value *a) {
    int64_t dim;
    if (int_arg("cumsum", "dim", 1, a[1], &dim) < 0)
        return CG_ERR;
    cg_tensor *x = cast_for("cumsum", T0, a[2], 2);
    if (!x)
        return CG_ERR;
    cg_tensor *r = cg_cumsum(x, dim);
    cg_tensor_release(x);
    return cg_tensor_steal(r);
}

/* ---- linear algebra ----------------------------------------------------------------------- */

/* The two tensors and beta=, alpha= of addmm, baddbmm, addmv and addr:
 * 0, or -1 with the error raised. */
static int product_args(const char *fn, const char *n1, const char *n2, cg_value *a, cg_tensor **t1, cg_tensor **t2,
                        cg_scalar *beta, cg_scalar *alpha) {
    *t1 = tensor_arg(fn, n1, 1, a[1]);
    *t2 = *t1 ? tensor_arg(fn, n2, 2, a[2]) : NULL;
    if (!*t2)
        return -1;
    if (!torch_scalar_of(a[3], beta))
        return torch_arg_error(fn, "beta", 0, "Number", a[3]), -1;
    if (!torch_scalar_of(a[4], alpha))
        return torch_arg_error(fn, "alpha", 0, "Number", a[4]), -1;
    return 0;
}

static cg_value op_addmm(cg_value *a) {
    cg_tensor *m1, *m2;
    cg_scalar beta, alpha;
    if (product_args("addmm", "mat1", "mat2", a, &m1, &m2, &beta, &alpha) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_addmm(T0, m1, m2, beta, alpha));
}

/* addmv(mat, vec, *, beta=1, alpha=1) and addmv_ */
static cg_value op_addmv(const torch_op *op, cg_value *a) {
    cg_tensor *m, *v;
    cg_scalar beta, alpha;
    if (product_args(op->name, "mat", "vec", a, &m, &v, &beta, &alpha) < 0)
        return CG_ERR;
    if (torch_op_in_place(op))
        return inplace(a[0], cg_addmv_(T0, m, v, beta, alpha));
    return cg_tensor_steal(cg_addmv(T0, m, v, beta, alpha));
}

/* addr(vec1, vec2, *, beta=1, alpha=1) and addr_ */
static cg_value op_addr(const torch_op *op, cg_value *a) {
    cg_tensor *v1, *v2;
    cg_scalar beta, alpha;
    if (product_args(op->name, "vec1", "vec2", a, &v1, &v2, &beta, &alpha) < 0)
        return CG_ERR;
    if (torch_op_in_place(op))
        return inplace(a[0], cg_addr_(T0, v1, v2, beta, alpha));
    return cg_tensor_steal(cg_addr(T0, v1, v2, beta, alpha));
}

static cg_value op_baddbmm(cg_value *a) {
    cg_tensor *b1, *b2;
    cg_scalar beta, alpha;
    if (product_args("baddbmm", "batch1", "batch2", a, &b1, &b2, &beta, &alpha) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_baddbmm(T0, b1, b2, beta, alpha));
}

/* ---- views and shapes ---------------------------------------------------------------------- */

typedef cg_tensor *(*shape_fn)(cg_tensor *, int, const int64_t *);

/* view(*shape) / reshape(*shape) / expand(*sizes) / permute(*dims) as
 * methods: ints or one sequence. */
static cg_value shape_args(const char *fn, const char *name, cg_value *a, shape_fn f) {
    int n;
    int64_t sizes[CG_MAX_DIMS];
    if (torch_shape_varargs(fn, name, a[1], &n, sizes) < 0)
        return CG_ERR;
    return cg_tensor_steal(f(T0, n, sizes));
}

/* torch.reshape(input, shape) / torch.permute(input, dims): one sequence. */
static cg_value shape_seq_of(const char *fn, const char *name, cg_value *a, shape_fn f) {
    int n;
    int64_t sizes[CG_MAX_DIMS];
    if (torch_shape_of(fn, name, torch_pos(1), a[1], &n, sizes) < 0)
        return CG_ERR;
    return cg_tensor_steal(f(T0, n, sizes));
}

static cg_value op_view(cg_value *a) {
    cg_tuple *tu = (cg_tuple *)a[1].u.o;
    if (tu->len == 1 && torch_is_dtype(tu->items[0]))
        return cg_tensor_steal(cg_view_dtype(T0, torch_dtype_of(tu->items[0])));
    return shape_args("view", "size", a, cg_view);
}

#define SHAPE_ARGS(f) shape_varargs, TORCH_FN(shape_fn, f), 0
#define SHAPE_SEQ(f) shape_seq, TORCH_FN(shape_fn, f), 0
#define SHAPE_OF(f) as_shape_of, TORCH_FN(shape_fn, f), 0
static cg_value shape_varargs(const torch_op *op, cg_value *a) {
    char name[64];
    return shape_args(op->name, torch_param_name(op, name), a, (shape_fn)op->fn);
}

static cg_value shape_seq(const torch_op *op, cg_value *a) {
    char name[64];
    return shape_seq_of(op->name, torch_param_name(op, name), a, (shape_fn)op->fn);
}

/* torch.square(x): pow(x, 2), PowBackward0 as in PyTorch. */
static cg_value op_square(cg_value *a) { return cg_tensor_steal(cg_pow_scalar(T0, cg_scalar_int(2))); }
static cg_value op_square_(cg_value *a) { return inplace(a[0], cg_pow_scalar_(T0, cg_scalar_int(2))); }

/* view_as/reshape_as/expand_as(other): f(self, other's sizes) */
static cg_value as_shape_of(const torch_op *op, cg_value *a) {
    cg_tensor *o = tensor_arg(op->name, "other", 1, a[1]);
    return o ? cg_tensor_steal(((shape_fn)op->fn)(T0, o->ndim, o->sizes)) : CG_ERR;
}

static cg_value op_flatten(cg_value *a) {
    int64_t s, e;
    if (int_arg("flatten", "start_dim", 1, a[1], &s) < 0 || int_arg("flatten", "end_dim", 2, a[2], &e) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_flatten(T0, s, e));
}

static cg_value op_transpose(cg_value *a) {
    int64_t d0, d1;
    if (int_arg("transpose", "dim0", 1, a[1], &d0) < 0 || int_arg("transpose", "dim1", 2, a[2], &d1) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_transpose(T0, d0, d1));
}

static cg_value op_transpose_(cg_value *a) {
    int64_t d0, d1;
    if (int_arg("transpose_", "dim0", 1, a[1], &d0) < 0 || int_arg("transpose_", "dim1", 2, a[2], &d1) < 0)
        return CG_ERR;
    return inplace(a[0], cg_transpose_(T0, d0, d1));
}

static cg_value op_t_(cg_value *a) { return inplace(a[0], cg_t_(T0)); }
static cg_value op_squeeze_(cg_value *a) {
    if (cg_is_none(a[1]))
        return inplace(a[0], cg_squeeze_(T0));
    int64_t d;
    if (int_arg("squeeze_", "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    return inplace(a[0], cg_squeeze_dim_(T0, d));
}
static cg_value op_unsqueeze_(cg_value *a) {
    int64_t d;
    if (int_arg("unsqueeze_", "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    return inplace(a[0], cg_unsqueeze_(T0, d));
}
/* swapaxes_/swapdims_: transpose_ under numpy's names */
static cg_value op_swap_(const torch_op *op, cg_value *a) {
    int64_t d0, d1;
    const char *n0 = op->flag ? "dim0" : "axis0", *n1 = op->flag ? "dim1" : "axis1";
    if (int_arg(op->name, n0, 1, a[1], &d0) < 0 || int_arg(op->name, n1, 2, a[2], &d1) < 0)
        return CG_ERR;
    return inplace(a[0], cg_transpose_(T0, d0, d1));
}

static cg_value op_unfold(cg_value *a) {
    int64_t d, size, step;
    if (int_arg("unfold", "dimension", 1, a[1], &d) < 0 || int_arg("unfold", "size", 2, a[2], &size) < 0
        || int_arg("unfold", "step", 3, a[3], &step) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_unfold_dim(T0, d, size, step));
}

static cg_value op_squeeze(cg_value *a) {
    if (cg_is_none(a[1]))
        return cg_tensor_steal(cg_squeeze(T0));
    int64_t d;
    if (int_arg("squeeze", "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_squeeze_dim(T0, d));
}

static cg_value op_unsqueeze(cg_value *a) {
    int64_t d;
    if (int_arg("unsqueeze", "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_unsqueeze(T0, d));
}

static cg_value op_narrow(cg_value *a) {
    int64_t d, s, n;
    if (int_arg("narrow", "dim", 1, a[1], &d) < 0 || int_arg("narrow", "start", 2, a[2], &s) < 0
        || int_arg("narrow", "length", 3, a[3], &n) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_narrow(T0, d, s, n));
}

static cg_value op_select(cg_value *a) {
    int64_t d, i;
    if (int_arg("select", "dim", 1, a[1], &d) < 0 || int_arg("select", "index", 2, a[2], &i) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_select(T0, d, i));
}

/* A malloc'd array of tensors as a tuple of Tensors. */
static cg_value tensor_tuple(cg_tensor **ts, int n) {
    if (!ts)
        return torch_raise();
    cg_value r = cg_tuple_new(n);
    for (int i = 0; i < n; i++) {
        if (!cg_is_err(r))
            ((cg_tuple *)r.u.o)->items[i] = cg_tensor_value(ts[i]);
        cg_tensor_release(ts[i]);
    }
    free(ts);
    if (cg_is_err(r))
        return r;
    for (int i = 0; i < n; i++)
        if (cg_is_err(((cg_tuple *)r.u.o)->items[i])) {
            ((cg_tuple *)r.u.o)->items[i] = CG_NONE;
            cg_decref(r);
            return CG_ERR;
        }
    return r;
}

static cg_value op_unbind(cg_value *a) {
    int64_t d;
    int n;
    if (int_arg("unbind", "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    cg_tensor **parts = cg_unbind(T0, d, &n);
    return tensor_tuple(parts, n);
}

/* split(split_size, dim=0): an int or a list of sizes. */
static cg_value op_split(cg_value *a) {
    const char *name = torch_called_as_function() ? "split_size_or_sections" : "split_size";
    int64_t d;
    int n;
    if (int_arg("split", "dim", 2, a[2], &d) < 0)
        return CG_ERR;
    if (torch_is_seq(a[1])) {
        int ns;
        int64_t sizes[64];
        if (torch_seq_len(a[1]) > 64)
            return cg_raise(&cg_exc_RuntimeError, "split(): at most 64 sections");
        int64_t len = torch_seq_len(a[1]);
        for (int64_t i = 0; i < len; i++)
            if (int_arg("split", name, 1, torch_seq_item_borrowed(a[1], i), &sizes[i]) < 0)
                return CG_ERR;
        ns = (int)len;
        cg_tensor **parts = cg_split_with_sizes(T0, ns, sizes, d, &n);
        return tensor_tuple(parts, n);
    }
    int64_t size;
    if (int_arg("split", name, 1, a[1], &size) < 0)
        return CG_ERR;
    cg_tensor **parts = cg_split(T0, size, d, &n);
    return tensor_tuple(parts, n);
}

/* split_with_sizes(split_sizes, dim=0) and unsafe_split_with_sizes, whose
 * node PyTorch names apart (its outputs may be written in place) */
static cg_value with_sizes(const torch_op *op, cg_value *a) {
    int64_t d, sizes[64];
    int n;
    if (!torch_is_seq(a[1]))
        return torch_arg_error(op->name, "split_sizes", 1, "tuple of ints", a[1]);
    int64_t len = torch_seq_len(a[1]);
    if (len > 64)
        return cg_raise(&cg_exc_RuntimeError, "%s(): at most 64 sections", op->name);
    if (int_arg(op->name, "dim", 2, a[2], &d) < 0)
        return CG_ERR;
    for (int64_t i = 0; i < len; i++)
        if (int_arg(op->name, "split_sizes", 1, torch_seq_item_borrowed(a[1], i), &sizes[i]) < 0)
            return CG_ERR;
    cg_tensor **parts = cg_split_with_sizes(T0, (int)len, sizes, d, &n);
    if (parts && op->flag && n > 0 && parts[0]->grad_fn)
        parts[0]->grad_fn->name = "UnsafeSplitWithSizesBackward0";
    return tensor_tuple(parts, n);
}

/* sum_to_size(*size): sums over the dims that size broadcasts; the same
 * tensor when nothing is summed, as PyTorch's */
static cg_value op_sum_to_size(cg_value *a) {
    int n;
    int64_t sizes[CG_MAX_DIMS];
    cg_tensor *x = T0;
    cg_tuple *va = (cg_tuple *)a[1].u.o;
    int rc = va->len == 1 && torch_is_seq(va->items[0]) ? torch_shape_of("sum_to_size", "size", 1, va->items[0], &n, sizes)
                                                        : torch_shape_varargs("sum_to_size", "size", a[1], &n, sizes);
    if (rc < 0)
        return CG_ERR;
    int lead = x->ndim - n;
    bool ok = lead >= 0;
    int64_t dims[CG_MAX_DIMS];
    int nd = 0;
    for (int d = 0; ok && d < x->ndim; d++) {
        if (d < lead || (sizes[d - lead] == 1 && x->sizes[d] != 1))
            dims[nd++] = d;
        else
            ok = sizes[d - lead] == x->sizes[d];
    }
    if (!ok) {
        char s1[128], s2[128];
        return cg_raise(&cg_exc_RuntimeError, "size {%s} is not expandable to size {%s}.",
                        cg_sizes_str(n, sizes, s1, sizeof s1), cg_sizes_str(x->ndim, x->sizes, s2, sizeof s2));
    }
    if (nd == 0)
        return cg_incref(a[0]);
    cg_tensor *sum = cg_sum(x, nd, dims, true);
    cg_tensor *r = sum && lead ? cg_view(sum, n, sizes) : cg_tensor_retain(sum);
    cg_tensor_release(sum);
    return cg_tensor_steal(r);
}

/* (chunks, dim) or (split_size, dim) into fn: chunk, unsafe_chunk, unsafe_split */
static cg_value pieces_by(const char *name, const char *count, cg_tensor **(*fn)(cg_tensor *, int64_t, int64_t, int *),
                          cg_value *a) {
    int64_t c, d;
    int n;
    if (int_arg(name, count, 1, a[1], &c) < 0 || int_arg(name, "dim", 2, a[2], &d) < 0)
        return CG_ERR;
    cg_tensor **parts = fn(T0, c, d, &n);
    return tensor_tuple(parts, n);
}

static cg_value op_chunk(cg_value *a) { return pieces_by("chunk", "chunks", cg_chunk, a); }

/* torch._pack_padded_sequence(input, lengths, batch_first): (data,
 * batch_sizes), as PyTorch's (the op under pack_padded_sequence) */
static cg_value op_pack_padded_sequence(cg_value *a) {
    bool batch_first;
    cg_tensor *lengths = tensor_arg("_pack_padded_sequence", "lengths", 1, a[1]);
    if (!lengths || bool_arg("_pack_padded_sequence", "batch_first", 2, a[2], &batch_first) < 0)
        return CG_ERR;
    if (lengths->dtype != CG_INT64 || lengths->ndim != 1 || cg_tensor_device(lengths).type != CG_CPU)
        return cg_raise(&cg_exc_RuntimeError,
                        "_pack_padded_sequence(): 'lengths' argument should be a 1D CPU int64 tensor");
    int64_t n = lengths->sizes[0];
    if (n > INT32_MAX)
        return cg_raise(&cg_exc_RuntimeError, "_pack_padded_sequence(): too many lengths");
    int64_t *vals = malloc((size_t)(n ? n : 1) * sizeof *vals);
    if (!vals)
        return cg_raise(&cg_exc_MemoryError, "out of memory");
    const int64_t *src = (const int64_t *)lengths->storage->data + lengths->offset;
    for (int64_t i = 0; i < n; i++)
        vals[i] = src[i * lengths->strides[0]];
    cg_tensor *out[2];
    int rc = cg_pack_padded_sequence(T0, (int)n, vals, batch_first, &out[0], &out[1]);
    free(vals);
    if (rc < 0)
        return torch_raise();
    cg_tensor **parts = malloc(2 * sizeof *parts);
    if (!parts) {
        cg_tensor_release(out[0]), cg_tensor_release(out[1]);
        return cg_raise(&cg_exc_MemoryError, "out of memory");
    }
    parts[0] = out[0], parts[1] = out[1];
    return tensor_tuple(parts, 2);
}

static cg_value op_unsafe_split(cg_value *a) { return pieces_by("unsafe_split", "split_size", cg_unsafe_split, a); }

static cg_value op_unsafe_chunk(cg_value *a) { return pieces_by("unsafe_chunk", "chunks", cg_unsafe_chunk, a); }

/* detach_(): self loses its history in place. */
static cg_value op_detach_(cg_value *a) {
    cg_tensor *t = T0;
    if (t->base)
        return cg_raise(&cg_exc_RuntimeError,
                        "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel "
                        "(DDP) for training, and gradient_as_bucket_view is set as True, gradients are views of DDP "
                        "buckets, and hence detach_() cannot be called on these gradients. To fix this error, please "
                        "refer to the Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.");
    if (t->grad_fn) {
        cg_node *fn = t->grad_fn;
        if (fn->retain_out && fn->retain_out[t->output_nr] == t)
            fn->retain_out[t->output_nr] = NULL;
        t->grad_fn = NULL;
        cg_node_release(fn);
    }
    t->requires_grad = false;
    t->output_nr = 0;
    return cg_incref(a[0]);
}

/* ---- indexing ops ---------------------------------------------------------------------- */

static cg_value op_index_select(cg_value *a) {
    int64_t d;
    if (int_arg("index_select", "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    cg_tensor *idx = tensor_arg("index_select", "index", 2, a[2]);
    return idx ? cg_tensor_steal(cg_index_select(T0, d, idx)) : CG_ERR;
}

static cg_value op_gather(cg_value *a) {
    int64_t d;
    if (int_arg("gather", "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    cg_tensor *idx = tensor_arg("gather", "index", 2, a[2]);
    return idx ? cg_tensor_steal(cg_gather(T0, d, idx)) : CG_ERR;
}

/* scatter(dim, index, src) / scatter(dim, index, value), and in place. */
static cg_value scatter_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool in_place = torch_op_in_place(op), add = op->flag;
    int64_t d;
    if (int_arg(fn, "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    cg_tensor *idx = tensor_arg(fn, "index", 2, a[2]);
    if (!idx)
        return CG_ERR;
    cg_scalar v;
    if (!add && torch_scalar_of(a[3], &v)) {
        if (in_place)
            return inplace(a[0], cg_scatter_value_(T0, d, idx, v));
        return cg_tensor_steal(cg_scatter_value(T0, d, idx, v));
    }
    cg_tensor *src = tensor_arg(fn, "src", 3, a[3]);
    if (!src)
        return CG_ERR;
    if (in_place)
        return inplace(a[0], add ? cg_scatter_add_(T0, d, idx, src) : cg_scatter_(T0, d, idx, src));
    return cg_tensor_steal(add ? cg_scatter_add(T0, d, idx, src) : cg_scatter(T0, d, idx, src));
}

static cg_value index_add_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool in_place = torch_op_in_place(op);
    int64_t d;
    if (int_arg(fn, "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    cg_tensor *idx = tensor_arg(fn, "index", 2, a[2]);
    cg_tensor *src = idx ? tensor_arg(fn, "source", 3, a[3]) : NULL;
    if (!src)
        return CG_ERR;
    cg_scalar alpha;
    if (alpha_arg(fn, a[4], &alpha) < 0)
        return CG_ERR;
    cg_tensor *scaled = cg_tensor_retain(src);
    if (cg_scalar_to_double(alpha) != 1.0) {
        cg_tensor *al = cg_scalar_tensor(alpha);
        cg_tensor_release(scaled);
        scaled = al ? cg_mul(src, al) : NULL;
        cg_tensor_release(al);
        if (!scaled)
            return torch_raise();
    }
    cg_value r =
        in_place ? inplace(a[0], cg_index_add_(T0, d, idx, scaled)) : cg_tensor_steal(cg_index_add(T0, d, idx, scaled));
    cg_tensor_release(scaled);
    return r;
}

static cg_value index_copy_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    int64_t d;
    if (int_arg(fn, "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    cg_tensor *idx = tensor_arg(fn, "index", 2, a[2]);
    cg_tensor *src = idx ? tensor_arg(fn, "source", 3, a[3]) : NULL;
    if (!src)
        return CG_ERR;
    if (torch_op_in_place(op))
        return inplace(a[0], cg_index_copy_(T0, d, idx, src));
    return cg_tensor_steal(cg_index_copy(T0, d, idx, src));
}

static cg_value index_fill_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool in_place = torch_op_in_place(op);
    int64_t d;
    if (int_arg(fn, "dim", 1, a[1], &d) < 0)
        return CG_ERR;
    cg_tensor *idx = tensor_arg(fn, "index", 2, a[2]);
    cg_scalar v;
    if (!idx || scalar_arg(fn, "value", 3, a[3], &v) < 0)
        return CG_ERR;
    if (in_place)
        return inplace(a[0], cg_index_fill_(T0, d, idx, v));
    return cg_tensor_steal(cg_index_fill(T0, d, idx, v));
}

/* index_put(indices, values, accumulate=False): indices a tuple of tensors
 * (or None for a whole dim). */
static cg_value index_put_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool in_place = torch_op_in_place(op);
    if (!torch_is_seq(a[1]))
        return torch_arg_error(fn, "indices", torch_pos(1), "tuple of Tensors", a[1]);
    int64_t n = torch_seq_len(a[1]);
    if (n > CG_MAX_DIMS)
        return cg_raise(&cg_exc_IndexError, "too many indices for tensor of dimension %d", T0->ndim);
    cg_tensor *idx[CG_MAX_DIMS];
    for (int64_t i = 0; i < n; i++) {
        cg_value e = torch_seq_item_borrowed(a[1], i);
        if (cg_is_none(e))
            idx[i] = NULL;
        else if (cg_is_tensor(e))
            idx[i] = cg_tensor_of_borrowed(e);
        else
            return cg_raise(&cg_exc_TypeError, "expected Tensor as element %lld in argument 0, but got %s",
                            (long long)i, cg_type_name(e));
    }
    cg_tensor *vals = operand_arg(fn, "values", 2, a[2]);
    bool acc;
    if (!vals)
        return CG_ERR;
    cg_value r;
    if (bool_arg(fn, "accumulate", 3, a[3], &acc) < 0)
        r = CG_ERR;
    else if (in_place)
        r = inplace(a[0], cg_index_put_(T0, (int)n, idx, vals, acc));
    else
        r = cg_tensor_steal(cg_index_put(T0, (int)n, idx, vals, acc));
    cg_tensor_release(vals);
    return r;
}

/* ---- softmax ---------------------------------------------------------------------------- */

typedef cg_tensor *(*softmax_fn)(cg_tensor *, int64_t, int);
#define SOFTMAX(f) softmax_impl, TORCH_FN(softmax_fn, f), 0

/* softmax/log_softmax(dim, dtype=None) */
static cg_value softmax_impl(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    int64_t dim;
    int dt;
    if (int_arg(fn, "dim", 1, a[1], &dim) < 0 || torch_dtype_arg(fn, "dtype", 0, a[2], &dt) < 0)
        return CG_ERR;
    return cg_tensor_steal(((softmax_fn)op->fn)(T0, dim, dt));
}

/* ---- conversions ------------------------------------------------------------------------- */

/* The tensor converted to dtype, device and memory format (itself when all
 * match and copy is false), as Tensor.to: a format other than preserve
 * lays the result out so (Note [Memory formats]). */
static cg_value convert_as(cg_value self, int dtype, const cg_device *device, bool copy, cg_memory_format fmt) {
    cg_tensor *t = cg_tensor_of_borrowed(self);
    cg_tensor *r = cg_tensor_retain(t);
    bool copied = false;
    if (device && !cg_device_equal(*device, cg_tensor_device(t))) {
        cg_tensor *moved = cg_to_device(r, *device);
        cg_tensor_release(r);
        if (!moved)
            return torch_raise();
        r = moved, copied = true;
    }
    cg_dtype dt = dtype >= 0 ? (cg_dtype)dtype : r->dtype;
    bool relayout = fmt != CG_PRESERVE_FORMAT
                    && (copied ? !cg_is_contiguous_as(r, fmt) : cg_suggest_memory_format(r) != fmt);
    if (dt == r->dtype && !relayout && (copied || !copy))
        return cg_tensor_steal(r);
    if (torch_warn_complex_to_real(r->dtype, dt) < 0) {
        cg_tensor_release(r);
        return CG_ERR;
    }
    cg_tensor *next = cg_to_copy(r, dt, fmt);
    cg_tensor_release(r);
    return next ? cg_tensor_steal(next) : torch_raise();
}

static cg_value convert(cg_value self, int dtype, const cg_device *device, bool copy) {
    return convert_as(self, dtype, device, copy, CG_PRESERVE_FORMAT);
}

/* to(dtype) / to(device, dtype=None) / to(other) with non_blocking and
 * copy, and dtype=/device= as keywords. */
static cg_value op_to(cg_value *a) {
    int dtype = -1;
    cg_device device;
    bool has_device = false, copy, nb;
    if (bool_arg("to", "non_blocking", 3, a[3], &nb) < 0 || bool_arg("to", "copy", 4, a[4], &copy) < 0)
        return CG_ERR;
    for (int i = 1; i <= 2; i++) {
        cg_value v = a[i];
        if (cg_is_none(v))
            continue;
        if (torch_is_dtype(v)) {
            dtype = (int)torch_dtype_of(v);
        } else if (cg_is_tensor(v) && i == 1) {
            dtype = (int)cg_tensor_of_borrowed(v)->dtype;
            device = cg_tensor_device(cg_tensor_of_borrowed(v));
            has_device = true;
        } else if ((cg_is_str(v) || torch_is_device(v) || v.tag == CG_V_INT) && i == 1) {
            if (torch_device_arg("to", "device", 1, v, &device, NULL) < 0)
                return CG_ERR;
            has_device = true;
        } else {
            return cg_raise(&cg_exc_TypeError, "to() received an invalid combination of arguments - got (%s, ...)",
                            cg_type_name(v));
        }
    }
    if (!cg_is_none(a[5]) && torch_dtype_arg("to", "dtype", 0, a[5], &dtype) < 0)
        return CG_ERR;
    if (!cg_is_none(a[6])) {
        if (torch_device_arg("to", "device", 0, a[6], &device, NULL) < 0)
            return CG_ERR;
        has_device = true;
    }
    if (has_device && torch_device_check(device) < 0)
        return CG_ERR;
    cg_memory_format fmt;
    if (torch_memory_format_arg("to", "memory_format", 0, a[7], CG_PRESERVE_FORMAT, &fmt) < 0)
        return CG_ERR;
    return convert_as(a[0], dtype, has_device ? &device : NULL, copy, fmt);
}

/* float()/double()/long()/int()/bool(): to the row's dtype */
static cg_value to_dtype(const torch_op *op, cg_value *a) {
    cg_memory_format fmt;
    if (torch_memory_format_arg(op->name, "memory_format", 0, a[1], CG_PRESERVE_FORMAT, &fmt) < 0)
        return CG_ERR;
    return convert_as(a[0], op->flag, NULL, false, fmt);
}

static cg_value op_type_as(cg_value *a) {
    cg_tensor *o = tensor_arg("type_as", "other", 1, a[1]);
    return o ? convert(a[0], (int)o->dtype, NULL, false) : CG_ERR;
}

/* x.type('torch.cuda.LongTensor') or x.type(torch.LongTensor): the typed
 * class's dtype, on its device */
static cg_value type_by_name(cg_value self, cg_value spec) {
    cg_value name = cg_is_str(spec) ? cg_incref(spec) : CG_STOP;
    if (!cg_is_str(spec) && cg_isinstance(spec, &cg_type_type)) { /* a class: its qualified name */
        cg_value mod = cg_getattr_opt(spec, cg_str_intern("__module__"));
        cg_value n = cg_is_err(mod) ? CG_ERR : cg_getattr_opt(spec, cg_str_intern("__name__"));
        if (cg_is_str(mod) && cg_is_str(n))
            name = cg_str_fmt("%s.%s", cg_str_cstr(mod), cg_str_cstr(n));
        cg_decref(mod), cg_decref(n);
        if (cg_is_err(name))
            return name;
    }
    if (!cg_is_str(name))
        return cg_raise(&cg_exc_TypeError, "dtype must be a type, str, or dtype object");
    const char *s = cg_str_cstr(name);
    bool cuda = !strncmp(s, "torch.cuda.", 11);
    const char *base = cuda ? s + 11 : !strncmp(s, "torch.", 6) ? s + 6 : NULL;
    for (int dt = 0; base && dt < CG_DTYPE_COUNT; dt++) {
        if (dt == CG_UINT16 || dt == CG_UINT32 || dt == CG_UINT64 || cg_dtype_is_complex((cg_dtype)dt))
            continue; /* numpy's dtypes and the complex ones have no typed class */
        const char *legacy = cg_dtype_legacy_name((cg_dtype)dt);
        size_t n = legacy ? strlen(legacy) : 0;
        if (n && !strncmp(base, legacy, n) && !strcmp(base + n, "Tensor")) {
            cg_decref(name);
            cg_device d = cuda ? (cg_device){CG_CUDA, 0} : cg_device_cpu();
            if (cuda && torch_device_check(d) < 0)
                return CG_ERR;
            return convert(self, dt, &d, false);
        }
    }
    cg_value r = cg_raise(&cg_exc_ValueError, "invalid type: '%s'", s);
    cg_decref(name);
    return r;
}

/* type(): 'torch.FloatTensor'; type(dtype): a cast. */
static cg_value op_type(cg_value *a) {
    if (cg_is_none(a[1])) {
        cg_tensor *t = T0;
        return cg_str_fmt("torch.%s%sTensor", cg_tensor_device(t).type == CG_CUDA ? "cuda." : "",
                          cg_dtype_legacy_name(t->dtype));
    }
    if (cg_is_type(a[1], &cg_type_torch_dtype)) {
        int dt;
        if (torch_dtype_arg("type", "dtype", torch_pos(1), a[1], &dt) < 0)
            return CG_ERR;
        return convert(a[0], dt, NULL, false);
    }
    return type_by_name(a[0], a[1]);
}

static cg_value op_cpu(cg_value *a) { return convert(a[0], -1, &(cg_device){CG_CPU, -1}, false); }

static cg_value op_cuda(cg_value *a) {
    cg_device d = {CG_CUDA, 0};
    if (!cg_is_none(a[1]) && torch_device_arg("cuda", "device", torch_pos(1), a[1], &d, NULL) < 0)
        return CG_ERR;
    if (d.type != CG_CUDA)
        return cg_raise(&cg_exc_RuntimeError, "Invalid device, must be cuda device");
    if (d.index < 0)
        d.index = 0;
    if (torch_device_check(d) < 0)
        return CG_ERR;
    return convert(a[0], -1, &d, false);
}

/* ---- reading values ------------------------------------------------------------------------ */

static cg_tensor *cpu_contiguous(cg_tensor *t);

static cg_value op_item(cg_value *a) {
    cg_tensor *t = T0;
    if (cg_tensor_numel(t) != 1)
        return cg_raise(&cg_exc_ValueError, "only one element tensors can be converted to Python scalars");
    if (t->dtype == CG_UINT64) { /* numpy's: its item may pass 2^63 */
        cg_tensor *c = cpu_contiguous(t);
        if (!c)
            return torch_raise();
        cg_value v = torch_element_value(cg_tensor_data(c), c->dtype);
        cg_tensor_release(c);
        return v;
    }
    cg_scalar s;
    if (cg_tensor_item(t, &s) < 0)
        return torch_raise();
    return torch_scalar_value(s);
}

/* A contiguous CPU copy of t, whose elements tolist() reads in order. */
static cg_tensor *cpu_contiguous(cg_tensor *t) {
    cg_tensor *c = cg_tensor_device(t).type == CG_CPU ? cg_tensor_retain(t) : cg_to_device(t, cg_device_cpu());
    if (!c)
        return NULL;
    cg_tensor *r = cg_contiguous(c);
    cg_tensor_release(c);
    return r;
}

static cg_value list_of(const cg_tensor *t, int d, const char **p) {
    if (d == t->ndim) {
        cg_value v = torch_element_value(*p, t->dtype);
        *p += cg_tensor_itemsize(t);
        return v;
    }
    cg_value l = cg_list_new(t->sizes[d]);
    if (cg_is_err(l))
        return l;
    for (int64_t i = 0; i < t->sizes[d]; i++) {
        cg_value e = list_of(t, d + 1, p);
        if (cg_is_err(e)) {
            cg_decref(l);
            return e;
        }
        ((cg_list *)l.u.o)->items[i] = e;
    }
    return l;
}

static cg_value op_tolist(cg_value *a) {
    cg_tensor *c = cpu_contiguous(T0);
    if (!c)
        return torch_raise();
    const char *p = cg_tensor_data(c);
    cg_value r = list_of(c, 0, &p);
    cg_tensor_release(c);
    return r;
}

static cg_value op_numel(cg_value *a) { return cg_int(cg_tensor_numel(T0)); }
static cg_value op_dim(cg_value *a) { return cg_int(T0->ndim); }
static cg_value op_element_size(cg_value *a) { return cg_int((int64_t)cg_tensor_itemsize(T0)); }
static cg_value op_is_contiguous(cg_value *a) {
    cg_memory_format fmt;
    if (torch_memory_format_arg("is_contiguous", "memory_format", 0, a[1], CG_CONTIGUOUS_FORMAT, &fmt) < 0)
        return CG_ERR;
    return cg_bool(cg_is_contiguous_as(T0, fmt));
}

/* contiguous(memory_format=torch.contiguous_format) */
static cg_value op_contiguous(cg_value *a) {
    cg_memory_format fmt;
    if (torch_memory_format_arg("contiguous", "memory_format", 0, a[1], CG_CONTIGUOUS_FORMAT, &fmt) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_contiguous_format(T0, fmt));
}

/* clone(*, memory_format=torch.preserve_format) */
static cg_value op_clone(cg_value *a) {
    cg_memory_format fmt;
    if (torch_memory_format_arg("clone", "memory_format", 0, a[1], CG_PRESERVE_FORMAT, &fmt) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_clone_format(T0, fmt));
}
static cg_value op_is_floating_point(cg_value *a) { return cg_bool(cg_dtype_is_float(T0->dtype)); }
static cg_value op_is_complex(cg_value *a) { return cg_bool(cg_dtype_is_complex(T0->dtype)); }
/* cgrad's conj() copies (no conjugate bit, ops_unary.h): nothing to resolve */
static cg_value op_is_conj(cg_value *a) { return (void)a, CG_FALSE; }
static cg_value op_resolve_conj(cg_value *a) { return cg_incref(a[0]); }
static cg_value op_storage_offset(cg_value *a) { return cg_int(T0->offset); }
static cg_value op_data_ptr(cg_value *a) { return cg_int((int64_t)(intptr_t)cg_tensor_data(T0)); }
/* bool and uint8 are the unsigned dtypes PyTorch has */
static cg_value op_is_signed(cg_value *a) { return cg_bool(T0->dtype != CG_BOOL && T0->dtype != CG_UINT8); }
/* cgrad's neg() computes (no negative bit): no tensor is a negated view */
static cg_value op_is_neg(cg_value *a) { return (void)a, CG_FALSE; }
/* no tensor here lives in page-locked memory */
static cg_value op_is_pinned(cg_value *a) { return (void)a, CG_FALSE; }
static cg_value op_is_same_size(cg_value *a) {
    cg_tensor *o = tensor_arg("is_same_size", "other", 1, a[1]);
    if (!o)
        return CG_ERR;
    cg_tensor *t = T0;
    bool same = t->ndim == o->ndim;
    for (int d = 0; same && d < t->ndim; d++)
        same = t->sizes[d] == o->sizes[d];
    return cg_bool(same);
}
/* x.is_set_to(y): the same storage, offset, sizes and strides */
static cg_value op_is_set_to(cg_value *a) {
    cg_tensor *o = tensor_arg("is_set_to", "tensor", 1, a[1]);
    if (!o)
        return CG_ERR;
    cg_tensor *t = T0;
    bool same = t->storage == o->storage && t->offset == o->offset && t->ndim == o->ndim;
    for (int d = 0; same && d < t->ndim; d++)
        same = t->sizes[d] == o->sizes[d] && t->strides[d] == o->strides[d];
    return cg_bool(same);
}
/* x.storage_type(): the legacy storage class of x's dtype (torch.FloatStorage) */
static cg_value op_storage_type(cg_value *a) {
    char name[48];
    snprintf(name, sizeof name, "%sStorage", cg_dtype_legacy_name(T0->dtype));
    return cg_import_attr("torch.storage", name);
}
static cg_value op_get_device(cg_value *a) {
    cg_device d = cg_tensor_device(T0);
    return cg_int(d.type == CG_CPU ? -1 : d.index < 0 ? 0 : d.index);
}

/* size(dim=None) / stride(dim=None): a torch.Size / tuple, or one int. */
static cg_value size_or_stride(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool stride = op->flag;
    cg_tensor *t = T0;
    if (cg_is_none(a[1])) {
        if (!stride)
            return torch_size_new(t->ndim, t->sizes);
        cg_value r = cg_tuple_new(t->ndim);
        for (int d = 0; !cg_is_err(r) && d < t->ndim; d++)
            ((cg_tuple *)r.u.o)->items[d] = cg_int(t->strides[d]);
        return r;
    }
    int64_t dim;
    if (int_arg(fn, "dim", 1, a[1], &dim) < 0)
        return CG_ERR;
    int d = cg_wrap_dim(dim, t->ndim);
    if (d < 0)
        return torch_raise();
    if (t->ndim == 0) /* a 0-d tensor's size(0) and size(-1) are 1, as PyTorch's */
        return cg_int(1);
    return cg_int(stride ? t->strides[d] : t->sizes[d]);
}

/* ---- new tensors like self --------------------------------------------------------------- */

/* new_*(size, *, dtype=None, device=None, requires_grad=False): self's
 * dtype and device unless given. a[k] is the first keyword. */
static int new_opts(const char *fn, cg_value *a, int k, int *dtype, cg_device *device, bool *rg) {
    bool given;
    if (torch_dtype_arg(fn, "dtype", 0, a[k], dtype) < 0
        || torch_device_arg(fn, "device", 0, a[k + 1], device, &given) < 0
        || torch_bool_arg(fn, "requires_grad", 0, a[k + 2], rg) < 0)
        return -1;
    if (*dtype < 0)
        *dtype = (int)T0->dtype;
    if (!given)
        *device = cg_tensor_device(T0);
    return torch_device_check(*device);
}

static cg_value finish_new(cg_tensor *t, bool rg) {
    if (!t)
        return torch_raise();
    if (rg && torch_set_requires_grad(t, true, false) < 0) {
        cg_tensor_release(t);
        return CG_ERR;
    }
    return cg_tensor_steal(t);
}

static cg_value new_filled(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    int kind = op->flag;
    int n, dtype;
    int64_t sizes[CG_MAX_DIMS];
    cg_device dev;
    bool rg;
    if (torch_shape_varargs(fn, "size", a[1], &n, sizes) < 0 || new_opts(fn, a, 2, &dtype, &dev, &rg) < 0)
        return CG_ERR;
    cg_tensor *t = kind == 1   ? cg_ones(n, sizes, (cg_dtype)dtype, dev)
                   : kind == 0 ? cg_zeros(n, sizes, (cg_dtype)dtype, dev)
                               : cg_tensor_empty(n, sizes, (cg_dtype)dtype, dev);
    return finish_new(t, rg);
}

static cg_value op_new_full(cg_value *a) {
    int n, dtype;
    int64_t sizes[CG_MAX_DIMS];
    cg_device dev;
    bool rg;
    cg_scalar v;
    if (torch_shape_of("new_full", "size", torch_pos(1), a[1], &n, sizes) < 0
        || scalar_arg("new_full", "fill_value", 2, a[2], &v) < 0 || new_opts("new_full", a, 3, &dtype, &dev, &rg) < 0)
        return CG_ERR;
    return finish_new(cg_full(n, sizes, v, (cg_dtype)dtype, dev), rg);
}

static cg_value op_new_tensor(cg_value *a) {
    int dtype;
    cg_device dev;
    bool rg;
    if (new_opts("new_tensor", a, 2, &dtype, &dev, &rg) < 0)
        return CG_ERR;
    cg_tensor *t = torch_tensor_from_data("new_tensor", a[1], dtype, dev);
    if (!t)
        return CG_ERR;
    return finish_new(t, rg);
}

/* ---- autograd ----------------------------------------------------------------------------- */

/* backward(gradient=None, retain_graph=None, create_graph=False, inputs=None) */
static cg_value op_backward(cg_value *a) {
    bool create;
    if (bool_arg("backward", "create_graph", 3, a[3], &create) < 0)
        return CG_ERR;
    cg_tensor *root = T0;
    if (torch_backward(&root, 1, a[1], a[2], create, a[4]) < 0)
        return CG_ERR;
    return CG_NONE;
}

static cg_value op_requires_grad_(cg_value *a) {
    bool on;
    if (bool_arg("requires_grad_", "requires_grad", 1, a[1], &on) < 0)
        return CG_ERR;
    if (torch_set_requires_grad(T0, on, true) < 0)
        return CG_ERR;
    return cg_incref(a[0]);
}

static cg_value op_retain_grad(cg_value *a) {
    if (cg_tensor_retain_grad(T0) < 0)
        return torch_raise();
    return CG_NONE;
}

static cg_value op_register_hook(cg_value *a) {
    cg_tensor *t = T0;
    if (!cg_tensor_requires_grad(t))
        return cg_raise(&cg_exc_RuntimeError, "cannot register a hook on a tensor that doesn't require gradient");
    int64_t id = torch_register_tensor_hook(t, a[1]);
    if (id < 0)
        return CG_ERR;
    return torch_hook_handle_new(t, id);
}

/* ---- Python protocol methods ------------------------------------------------------------------ */

/* float(x), int(x): one-element tensors; __index__ only integer ones. */
static cg_value number_of(const torch_op *op, cg_value *a) {
    int kind = op->flag;
    cg_tensor *t = T0;
    if (kind == 2 && (!cg_dtype_is_int(t->dtype) || cg_tensor_numel(t) != 1))
        return cg_raise(&cg_exc_TypeError, "only integer tensors of a single element can be converted to an index");
    if (cg_tensor_numel(t) != 1)
        return cg_raise(&cg_exc_ValueError, "only one element tensors can be converted to Python scalars");
    cg_scalar s;
    if (cg_tensor_item(t, &s) < 0)
        return torch_raise();
    if (kind == 0)
        return cg_float(cg_scalar_to_double(s));
    if (s.kind == CG_SCALAR_FLOAT && (s.v.f != s.v.f || s.v.f == INFINITY || s.v.f == -INFINITY))
        return cg_raise(s.v.f != s.v.f ? &cg_exc_ValueError : &cg_exc_OverflowError,
                        s.v.f != s.v.f ? "cannot convert float NaN to integer"
                                       : "cannot convert float infinity to integer");
    return cg_int(cg_scalar_to_int(s));
}

/* f"{x:.4f}": a 0-d tensor formats as its item; others only with an
 * empty spec, as their str (object.__format__). */
static cg_value op_dunder_format(cg_value *a) {
    cg_tensor *t = T0;
    if (t->ndim == 0) {
        cg_scalar s;
        if (cg_tensor_item(t, &s) < 0)
            return torch_raise();
        cg_value item = torch_scalar_value(s);
        cg_value r = cg_call_method(item, "__format__", 1, &a[1]);
        cg_decref(item);
        return r;
    }
    if (!cg_is_str(a[1]))
        return torch_arg_error("__format__", "format_spec", 1, "str", a[1]);
    if (cg_str_cstr(a[1])[0] != '\0') /* object.__format__ */
        return cg_raise(&cg_exc_TypeError, "unsupported format string passed to Tensor.__format__");
    return cg_to_str(a[0]);
}

/* The Tensor slot itself: a subclass's repr dispatches to __repr__, which
 * must not dispatch back. */
static cg_value op_dunder_repr(cg_value *a) { return cg_type_tensor.repr(a[0]); }

/* ---- the table ------------------------------------------------------------------------------ */

#define M TORCH_METHOD
#define F TORCH_FUNCTION
#define B TORCH_BOTH
#define OPS(X)                                                                                                         \
    X(add, "add", "other, *, alpha=1", ADDSUB(cg_add), B, NULL)                                                        \
    X(add_, "add_", "other, *, alpha=1", ADDSUB_(cg_add_), M, NULL)                                                    \
    X(sub, "sub", "other, *, alpha=1", ADDSUB(cg_sub), B, NULL)                                                        \
    X(subtract, "subtract", "other, *, alpha=1", ADDSUB(cg_sub), B, NULL)                                              \
    X(rsub, "rsub", "other, *, alpha=1", ADDSUB(cg_rsub), F, NULL)                                                     \
    X(sub_, "sub_", "other, *, alpha=1", ADDSUB_(cg_sub_), M, NULL)                                                    \
    X(mul, "mul", "other", BINARY(cg_mul), B, NULL)                                                                    \
    X(multiply, "multiply", "other", BINARY(cg_mul), B, NULL)                                                          \
    X(mul_, "mul_", "other", BINARY_(cg_mul_), M, NULL)                                                                \
    X(div, "div", "other, *, rounding_mode=None", FAMILY(div_impl, NULL, 0), B, NULL)                                  \
    X(divide, "divide", "other, *, rounding_mode=None", FAMILY(div_impl, NULL, 0), B, NULL)                            \
    X(div_, "div_", "other, *, rounding_mode=None", FAMILY(div_impl, NULL, 0), M, NULL)                                \
    X(true_divide, "true_divide", "other", BINARY(cg_div), B, NULL)                                                    \
    X(floor_divide, "floor_divide", "other", BINARY(cg_floor_divide), B, NULL)                                         \
    X(floor_divide_, "floor_divide_", "other", BINARY_(cg_floor_divide_), M, NULL)                                     \
    X(remainder, "remainder", "other", FAMILY(remainder_op, cg_remainder, 0), B | TORCH_ANY_INPUT, NULL)               \
    X(remainder_, "remainder_", "other", BINARY_(cg_remainder_), M, NULL)                                              \
    X(pow, "pow", "exponent", FAMILY(pow_op, cg_pow, 0), B | TORCH_ANY_INPUT, "self")                                  \
    X(pow_, "pow_", "exponent", BINARY_(cg_pow_), M, NULL)                                                             \
    X(neg, "neg", "", UNARY(cg_neg), B, NULL)                                                                          \
    X(negative, "negative", "", UNARY(cg_neg), B, NULL)                                                                \
    X(neg_, "neg_", "", UNARY_(cg_neg_), B, NULL)                                                                      \
    X(abs, "abs", "", UNARY(cg_abs), B, NULL)                                                                          \
    X(absolute, "absolute", "", UNARY(cg_abs), B, NULL)                                                                \
    X(abs_, "abs_", "", UNARY_(cg_abs_), B, NULL)                                                                      \
    X(sign, "sign", "", UNARY(cg_sign), B, NULL)                                                                       \
    X(exp, "exp", "", UNARY(cg_exp), B, NULL)                                                                          \
    X(exp_, "exp_", "", UNARY_(cg_exp_), B, NULL)                                                                      \
    X(log, "log", "", UNARY(cg_log), B, NULL)                                                                          \
    X(log_, "log_", "", UNARY_(cg_log_), B, NULL)                                                                      \
    X(log1p, "log1p", "", UNARY(cg_log1p), B, NULL)                                                                    \
    X(sqrt, "sqrt", "", UNARY(cg_sqrt), B, NULL)                                                                       \
    X(sqrt_, "sqrt_", "", UNARY_(cg_sqrt_), B, NULL)                                                                   \
    X(rsqrt, "rsqrt", "", UNARY(cg_rsqrt), B, NULL)                                                                    \
    X(sin, "sin", "", UNARY(cg_sin), B, NULL)                                                                          \
    X(cos, "cos", "", UNARY(cg_cos), B, NULL)                                                                          \
    X(tanh, "tanh", "", UNARY(cg_tanh), B, NULL)                                                                       \
    X(tanh_, "tanh_", "", UNARY_(cg_tanh_), B, NULL)                                                                   \
    X(sigmoid, "sigmoid", "", UNARY(cg_sigmoid), B, NULL)                                                              \
    X(sigmoid_, "sigmoid_", "", UNARY_(cg_sigmoid_), M, NULL)                                                          \
    X(erf, "erf", "", UNARY(cg_erf), B, NULL)                                                                          \
    X(erfinv, "erfinv", "", UNARY(cg_erfinv), B, NULL)                                                                 \
    X(erfinv_, "erfinv_", "", UNARY_(cg_erfinv_), M, NULL)                                                             \
    X(cosh, "cosh", "", UNARY(cg_cosh), B, NULL)                                                                       \
    X(tan, "tan", "", UNARY(cg_tan), B, NULL) \
    X(tan_, "tan_", "", UNARY_(cg_tan_), B, NULL) \
    X(asin, "asin", "", UNARY(cg_asin), B, NULL) \
    X(asin_, "asin_", "", UNARY_(cg_asin_), B, NULL) \
    X(arcsin, "arcsin", "", UNARY(cg_asin), B, NULL) \
    X(arcsin_, "arcsin_", "", UNARY_(cg_asin_), B, NULL) \
    X(acos, "acos", "", UNARY(cg_acos), B, NULL) \
    X(acos_, "acos_", "", UNARY_(cg_acos_), B, NULL) \
    X(arccos, "arccos", "", UNARY(cg_acos), B, NULL) \
    X(arccos_, "arccos_", "", UNARY_(cg_acos_), B, NULL) \
    X(atan, "atan", "", UNARY(cg_atan), B, NULL) \
    X(atan_, "atan_", "", UNARY_(cg_atan_), B, NULL) \
    X(arctan, "arctan", "", UNARY(cg_atan), B, NULL) \
    X(arctan_, "arctan_", "", UNARY_(cg_atan_), B, NULL) \
    X(expm1, "expm1", "", UNARY(cg_expm1), B, NULL) \
    X(expm1_, "expm1_", "", UNARY_(cg_expm1_), B, NULL) \
    X(log2, "log2", "", UNARY(cg_log2), B, NULL) \
    X(log2_, "log2_", "", UNARY_(cg_log2_), B, NULL) \
    X(log10, "log10", "", UNARY(cg_log10), B, NULL) \
    X(log10_, "log10_", "", UNARY_(cg_log10_), B, NULL) \
    X(erfc, "erfc", "", UNARY(cg_erfc), B, NULL) \
    X(erfc_, "erfc_", "", UNARY_(cg_erfc_), B, NULL) \
    X(exp2, "exp2", "", UNARY(cg_exp2), B, NULL) \
    X(exp2_, "exp2_", "", UNARY_(cg_exp2_), B, NULL) \
    X(asinh, "asinh", "", UNARY(cg_asinh), B, NULL) \
    X(asinh_, "asinh_", "", UNARY_(cg_asinh_), B, NULL) \
    X(arcsinh, "arcsinh", "", UNARY(cg_asinh), B, NULL) \
    X(arcsinh_, "arcsinh_", "", UNARY_(cg_asinh_), B, NULL) \
    X(acosh, "acosh", "", UNARY(cg_acosh), B, NULL) \
    X(acosh_, "acosh_", "", UNARY_(cg_acosh_), B, NULL) \
    X(arccosh, "arccosh", "", UNARY(cg_acosh), B, NULL) \
    X(arccosh_, "arccosh_", "", UNARY_(cg_acosh_), B, NULL) \
    X(atanh, "atanh", "", UNARY(cg_atanh), B, NULL) \
    X(atanh_, "atanh_", "", UNARY_(cg_atanh_), B, NULL) \
    X(arctanh, "arctanh", "", UNARY(cg_atanh), B, NULL) \
    X(arctanh_, "arctanh_", "", UNARY_(cg_atanh_), B, NULL) \
    X(sinh, "sinh", "", UNARY(cg_sinh), B, NULL)                                                                       \
    X(relu, "relu", "", UNARY(cg_relu), B, NULL)                                                                       \
    X(relu_, "relu_", "", UNARY_(cg_relu_), M, NULL)                                                                   \
    X(reciprocal, "reciprocal", "", UNARY(cg_reciprocal), B, NULL)                                                     \
    X(reciprocal_, "reciprocal_", "", UNARY_(cg_reciprocal_), B, NULL)                                                 \
    X(conj, "conj", "", UNARY(cg_conj), B, NULL)                                                                       \
    X(conj_physical, "conj_physical", "", UNARY(cg_conj_physical), B, NULL)                                            \
    X(resolve_conj, "resolve_conj", "", IMPL(op_resolve_conj), B, NULL)                                                \
    X(resolve_neg, "resolve_neg", "", IMPL(op_resolve_conj), B, NULL)                                                  \
    X(is_conj, "is_conj", "", IMPL(op_is_conj), B, NULL)                                                               \
    X(clamp, "clamp", "min=None, max=None", FAMILY(clamp_impl, NULL, 0), B, NULL)                                      \
    X(clamp_, "clamp_", "min=None, max=None", FAMILY(clamp_impl, NULL, 0), B, NULL)                                    \
    X(clamp_min, "clamp_min", "min", FAMILY(clamp_one_impl, NULL, 0), B, NULL)                                         \
    X(clamp_max, "clamp_max", "max", FAMILY(clamp_one_impl, NULL, 1), B, NULL)                                         \
    X(clamp_min_, "clamp_min_", "min", FAMILY(clamp_one_impl, NULL, 0), B, NULL)                                       \
    X(clamp_max_, "clamp_max_", "max", FAMILY(clamp_one_impl, NULL, 1), B, NULL)                                       \
    X(clip, "clip", "min=None, max=None", FAMILY(clamp_impl, NULL, 0), B, NULL)                                        \
    X(clip_, "clip_", "min=None, max=None", FAMILY(clamp_impl, NULL, 0), B, NULL)                                      \
    X(maximum, "maximum", "other", TBINARY(cg_maximum), B, NULL)                                                       \
    X(minimum, "minimum", "other", TBINARY(cg_minimum), B, NULL)                                                       \
    X(eq, "eq", "other", BINARY(cg_eq), B, NULL)                                                                       \
    X(ne, "ne", "other", BINARY(cg_ne), B, NULL)                                                                       \
    X(lt, "lt", "other", BINARY(cg_lt), B, NULL)                                                                       \
    X(le, "le", "other", BINARY(cg_le), B, NULL)                                                                       \
    X(gt, "gt", "other", BINARY(cg_gt), B, NULL)                                                                       \
    X(ge, "ge", "other", BINARY(cg_ge), B, NULL)                                                                       \
    X(greater, "greater", "other", BINARY(cg_gt), B, NULL)                                                             \
    X(less, "less", "other", BINARY(cg_lt), B, NULL)                                                                   \
    X(greater_equal, "greater_equal", "other", BINARY(cg_ge), B, NULL) \
    X(less_equal, "less_equal", "other", BINARY(cg_le), B, NULL) \
    X(not_equal, "not_equal", "other", BINARY(cg_ne), B, NULL) \
    X(eq_, "eq_", "other", BINARY_(cg_eq_), M, NULL) \
    X(ne_, "ne_", "other", BINARY_(cg_ne_), M, NULL) \
    X(lt_, "lt_", "other", BINARY_(cg_lt_), M, NULL) \
    X(le_, "le_", "other", BINARY_(cg_le_), M, NULL) \
    X(gt_, "gt_", "other", BINARY_(cg_gt_), M, NULL) \
    X(ge_, "ge_", "other", BINARY_(cg_ge_), M, NULL) \
    X(greater_, "greater_", "other", BINARY_(cg_gt_), M, NULL) \
    X(greater_equal_, "greater_equal_", "other", BINARY_(cg_ge_), M, NULL) \
    X(less_, "less_", "other", BINARY_(cg_lt_), M, NULL) \
    X(less_equal_, "less_equal_", "other", BINARY_(cg_le_), M, NULL) \
    X(not_equal_, "not_equal_", "other", BINARY_(cg_ne_), M, NULL) \
    X(equal, "equal", "other", IMPL(op_equal), B, NULL)                                                                \
    X(logical_and, "logical_and", "other", TBINARY(cg_logical_and), B, NULL)                                           \
    X(logical_or, "logical_or", "other", TBINARY(cg_logical_or), B, NULL)                                              \
    X(logical_xor, "logical_xor", "other", TBINARY(cg_logical_xor), B, NULL)                                           \
    X(logical_not, "logical_not", "", UNARY(cg_logical_not), B, NULL)                                                  \
    X(logical_and_, "logical_and_", "other", TBINARY_(cg_logical_and_), M, NULL)                                       \
    X(logical_or_, "logical_or_", "other", TBINARY_(cg_logical_or_), M, NULL)                                          \
    X(logical_xor_, "logical_xor_", "other", TBINARY_(cg_logical_xor_), M, NULL)                                       \
    X(logical_not_, "logical_not_", "", UNARY_(cg_logical_not_), M, NULL)                                              \
    X(bitwise_and, "bitwise_and", "other", BINARY(cg_bitwise_and), B, NULL)                                            \
    X(bitwise_or, "bitwise_or", "other", BINARY(cg_bitwise_or), B, NULL)                                               \
    X(bitwise_xor, "bitwise_xor", "other", BINARY(cg_bitwise_xor), B, NULL)                                            \
    X(bitwise_not, "bitwise_not", "", UNARY(cg_bitwise_not), B, NULL)                                                  \
    X(bitwise_and_, "bitwise_and_", "other", BINARY_(cg_bitwise_and_), M, NULL)                                        \
    X(bitwise_or_, "bitwise_or_", "other", BINARY_(cg_bitwise_or_), M, NULL)                                           \
    X(bitwise_xor_, "bitwise_xor_", "other", BINARY_(cg_bitwise_xor_), M, NULL)                                        \
    X(bitwise_not_, "bitwise_not_", "", UNARY_(cg_bitwise_not_), M, NULL)                                              \
    X(masked_fill, "masked_fill", "mask, value", FAMILY(masked_fill_impl, NULL, 0), B, NULL)                           \
    X(masked_fill_, "masked_fill_", "mask, value", FAMILY(masked_fill_impl, NULL, 0), M, NULL)                         \
    X(where, "where", "condition, other", IMPL(op_where_method), M, NULL)                                              \
    X(addcmul, "addcmul", "tensor1, tensor2, *, value=1", FAMILY(addc_impl, cg_addcmul, 0), B, NULL)                   \
    X(addcmul_, "addcmul_", "tensor1, tensor2, *, value=1", FAMILY(addc_impl, cg_addcmul_, 0), M, NULL)                \
    X(addcdiv, "addcdiv", "tensor1, tensor2, *, value=1", FAMILY(addc_impl, cg_addcdiv, 0), B, NULL)                   \
    X(addcdiv_, "addcdiv_", "tensor1, tensor2, *, value=1", FAMILY(addc_impl, cg_addcdiv_, 0), M, NULL)                \
    X(lerp, "lerp", "end, weight", FAMILY(lerp_impl, NULL, 0), B, NULL)                                                \
    X(lerp_, "lerp_", "end, weight", FAMILY(lerp_impl, NULL, 0), M, NULL)                                              \
    X(fill_, "fill_", "value", IMPL(op_fill_), M, NULL)                                                                \
    X(zero_, "zero_", "", UNARY_(cg_zero_), M, NULL)                                                                   \
    X(copy_, "copy_", "src, non_blocking=False", IMPL(op_copy_), M, NULL)                                              \
    X(normal_, "normal_", "mean=0, std=1, *, generator=None", IMPL(op_normal_), M, NULL)                               \
    X(uniform_, "uniform_", "from=0, to=1, *, generator=None", IMPL(op_uniform_), M, NULL)                             \
    X(random_, "random_", "from=None, to=None, *, generator=None", IMPL(op_random_), M, NULL)                          \
    X(exponential_, "exponential_", "lambd=1, *, generator=None", IMPL(op_exponential_), M, NULL)                      \
    X(bernoulli_, "bernoulli_", "p=0.5, *, generator=None", IMPL(op_bernoulli_), M, NULL)                              \
    X(bernoulli, "bernoulli", "*, generator=None", IMPL(op_bernoulli), B, NULL)                                        \
    X(multinomial, "multinomial", "num_samples, replacement=False, *, generator=None", IMPL(op_multinomial), B, NULL)  \
    X(sum, "sum", "dim=None, keepdim=False, *, dtype=None", REDUCE(cg_sum), B, NULL)                                   \
    X(mean, "mean", "dim=None, keepdim=False, *, dtype=None", REDUCE(cg_mean), B, NULL)                                \
    X(nansum, "nansum", "dim=None, keepdim=False, *, dtype=None", REDUCE(cg_nansum), B, NULL)                          \
    X(nanmean, "nanmean", "dim=None, keepdim=False, *, dtype=None", REDUCE(cg_nanmean), B, NULL)                       \
    X(prod, "prod", "dim=None, keepdim=False, *, dtype=None", IMPL(op_prod), B, NULL)                                  \
    X(max, "max", "dim=None, keepdim=False", FAMILY(extreme, NULL, 1), B, NULL)                                        \
    X(min, "min", "dim=None, keepdim=False", FAMILY(extreme, NULL, 0), B, NULL)                                        \
    X(argmax, "argmax", "dim=None, keepdim=False", FAMILY(arg_extreme, NULL, 1), B, NULL)                              \
    X(argmin, "argmin", "dim=None, keepdim=False", FAMILY(arg_extreme, NULL, 0), B, NULL)                              \
    X(var, "var", "dim=None, unbiased=True, keepdim=False, *, correction=None", FAMILY(var_std, NULL, 0), B, NULL)     \
    X(std, "std", "dim=None, unbiased=True, keepdim=False, *, correction=None", FAMILY(var_std, NULL, 1), B, NULL)     \
    X(norm, "norm", "p='fro', dim=None, keepdim=False, dtype=None", IMPL(op_norm), B, NULL)                            \
    X(logsumexp, "logsumexp", "dim, keepdim=False", REDUCE(cg_logsumexp), B, NULL)                                     \
    X(any, "any", "dim=None, keepdim=False", REDUCE(cg_any), B, NULL)                                                  \
    X(all, "all", "dim=None, keepdim=False", REDUCE(cg_all), B, NULL)                                                  \
    X(cumsum, "cumsum", "dim, *, dtype=None", IMPL(op_cumsum), B, NULL)                                                \
    X(mm, "mm", "mat2", TBINARY(cg_mm), B, NULL)                                                                       \
    X(bmm, "bmm", "mat2", TBINARY(cg_bmm), B, NULL)                                                                    \
    X(matmul, "matmul", "other", TBINARY(cg_matmul), B, NULL)                                                          \
    X(mv, "mv", "vec", TBINARY(cg_mv), B, NULL)                                                                        \
    X(dot, "dot", "tensor", TBINARY(cg_dot), B, NULL)                                                                  \
    X(outer, "outer", "vec2", TBINARY(cg_outer), B, NULL)                                                              \
    X(ger, "ger", "vec2", TBINARY(cg_outer), B, NULL)                                                                  \
    X(vdot, "vdot", "other", TBINARY(cg_vdot), B, NULL)                                                                \
    X(addmm, "addmm", "mat1, mat2, *, beta=1, alpha=1", IMPL(op_addmm), B, NULL)                                       \
    X(addr, "addr", "vec1, vec2, *, beta=1, alpha=1", FAMILY(op_addr, NULL, 0), B, NULL)                              \
    X(addmv, "addmv", "mat, vec, *, beta=1, alpha=1", FAMILY(op_addmv, NULL, 0), B, NULL)                             \
    X(addmv_, "addmv_", "mat, vec, *, beta=1, alpha=1", FAMILY(op_addmv, NULL, 0), B, NULL)                           \
    X(addr_, "addr_", "vec1, vec2, *, beta=1, alpha=1", FAMILY(op_addr, NULL, 0), M, NULL)                            \
    X(baddbmm, "baddbmm", "batch1, batch2, *, beta=1, alpha=1", IMPL(op_baddbmm), B, NULL)                             \
    X(view, "view", "*size", IMPL(op_view), M, NULL)                                                                   \
    X(view_as, "view_as", "other", SHAPE_OF(cg_view), M, NULL)                                                         \
    X(reshape_m, "reshape", "*shape", SHAPE_ARGS(cg_reshape), M, NULL)                                                 \
    X(reshape_f, "reshape", "shape", SHAPE_SEQ(cg_reshape), F, NULL)                                                   \
    X(reshape_as, "reshape_as", "other", SHAPE_OF(cg_reshape), M, NULL)                                                \
    X(expand, "expand", "*size", SHAPE_ARGS(cg_expand), M, NULL)                                                       \
    X(repeat, "repeat", "*repeats", SHAPE_ARGS(cg_repeat), M, NULL)                                                    \
    X(square, "square", "", IMPL(op_square), B, NULL)                                                                  \
    X(square_, "square_", "", IMPL(op_square_), B, NULL) \
    X(sin_, "sin_", "", UNARY_(cg_sin_), B, NULL) \
    X(cos_, "cos_", "", UNARY_(cg_cos_), B, NULL) \
    X(sinh_, "sinh_", "", UNARY_(cg_sinh_), B, NULL) \
    X(cosh_, "cosh_", "", UNARY_(cg_cosh_), B, NULL) \
    X(erf_, "erf_", "", UNARY_(cg_erf_), B, NULL) \
    X(log1p_, "log1p_", "", UNARY_(cg_log1p_), B, NULL) \
    X(rsqrt_, "rsqrt_", "", UNARY_(cg_rsqrt_), B, NULL) \
    X(sign_, "sign_", "", UNARY_(cg_sign_), M, NULL) \
    X(absolute_, "absolute_", "", UNARY_(cg_abs_), M, NULL) \
    X(negative_, "negative_", "", UNARY_(cg_neg_), B, NULL) \
    X(multiply_, "multiply_", "other", BINARY_(cg_mul_), M, NULL) \
    X(divide_, "divide_", "other, *, rounding_mode=None", FAMILY(div_impl, NULL, 0), M, NULL) \
    X(true_divide_, "true_divide_", "other", BINARY_(cg_div_), M, NULL) \
    X(subtract_, "subtract_", "other, *, alpha=1", ADDSUB_(cg_sub_), M, NULL) \
    X(expand_as, "expand_as", "other", SHAPE_OF(cg_expand), M, NULL)                                                   \
    X(permute_m, "permute", "*dims", SHAPE_ARGS(cg_permute), M, NULL)                                                  \
    X(permute_f, "permute", "dims", SHAPE_SEQ(cg_permute), F, NULL)                                                    \
    X(flatten, "flatten", "start_dim=0, end_dim=-1", IMPL(op_flatten), B, NULL)                                        \
    X(transpose, "transpose", "dim0, dim1", IMPL(op_transpose), B, NULL)                                               \
    X(transpose_, "transpose_", "dim0, dim1", IMPL(op_transpose_), M, NULL)                                            \
    X(unfold, "unfold", "dimension, size, step", IMPL(op_unfold), M, NULL) \
    X(t_, "t_", "", IMPL(op_t_), M, NULL) \
    X(squeeze_, "squeeze_", "dim=None", IMPL(op_squeeze_), M, NULL) \
    X(unsqueeze_, "unsqueeze_", "dim", IMPL(op_unsqueeze_), M, NULL) \
    X(swapaxes_, "swapaxes_", "axis0, axis1", FAMILY(op_swap_, NULL, 0), M, NULL) \
    X(swapdims_, "swapdims_", "dim0, dim1", FAMILY(op_swap_, NULL, 1), M, NULL) \
    X(swapaxes, "swapaxes", "dim0, dim1", IMPL(op_transpose), B, NULL)                                                 \
    X(t, "t", "", UNARY(cg_t), B, NULL)                                                                                \
    X(real, "real", "", UNARY(cg_real), F, NULL)                                                                       \
    X(imag, "imag", "", UNARY(cg_imag), F, NULL)                                                                       \
    X(view_as_real, "view_as_real", "", UNARY(cg_view_as_real), F, NULL)                                               \
    X(view_as_complex, "view_as_complex", "", UNARY(cg_view_as_complex), F, NULL)                                      \
    X(complex, "complex", "imag", TBINARY(cg_make_complex), F, NULL)                                                   \
    X(polar, "polar", "angle", TBINARY(cg_polar), F, NULL)                                                             \
    X(squeeze, "squeeze", "dim=None", IMPL(op_squeeze), B, NULL)                                                       \
    X(unsqueeze, "unsqueeze", "dim", IMPL(op_unsqueeze), B, NULL)                                                      \
    X(narrow, "narrow", "dim, start, length", IMPL(op_narrow), B, NULL)                                                \
    X(select, "select", "dim, index", IMPL(op_select), B, NULL)                                                        \
    X(unbind, "unbind", "dim=0", IMPL(op_unbind), B, NULL)                                                             \
    X(split, "split", "split_size, dim=0", IMPL(op_split), M, NULL)                                                    \
    X(split_f, "split", "split_size_or_sections, dim=0", IMPL(op_split), F, "tensor")                                  \
    X(chunk, "chunk", "chunks, dim=0", IMPL(op_chunk), B, NULL)                                                        \
    X(_pack_padded_sequence, "_pack_padded_sequence", "lengths, batch_first", IMPL(op_pack_padded_sequence), F,         \
      "input")                                                                                                       \
    X(unsafe_split, "unsafe_split", "split_size, dim=0", IMPL(op_unsafe_split), B, NULL)                               \
    X(split_with_sizes, "split_with_sizes", "split_sizes, dim=0", FAMILY(with_sizes, NULL, 0), B, NULL) \
    X(unsafe_split_with_sizes, "unsafe_split_with_sizes", "split_sizes, dim=0", FAMILY(with_sizes, NULL, 1), B, NULL) \
    X(sum_to_size, "sum_to_size", "*size", IMPL(op_sum_to_size), M, NULL) \
    X(unsafe_chunk, "unsafe_chunk", "chunks, dim=0", IMPL(op_unsafe_chunk), B, NULL)                                   \
    X(contiguous, "contiguous", "memory_format=None", IMPL(op_contiguous), M, NULL)                                       \
    X(clone, "clone", "*, memory_format=None", IMPL(op_clone), B, NULL)                                                           \
    X(detach, "detach", "", UNARY(cg_detach), B, NULL)                                                                 \
    X(detach_, "detach_", "", IMPL(op_detach_), B, NULL)                                                               \
    X(index_select, "index_select", "dim, index", IMPL(op_index_select), B, NULL)                                      \
    X(gather, "gather", "dim, index", IMPL(op_gather), B, NULL)                                                        \
    X(scatter, "scatter", "dim, index, src", FAMILY(scatter_impl, NULL, 0), B, NULL)                                   \
    X(scatter_, "scatter_", "dim, index, src", FAMILY(scatter_impl, NULL, 0), M, NULL)                                 \
    X(scatter_add, "scatter_add", "dim, index, src", FAMILY(scatter_impl, NULL, 1), B, NULL)                           \
    X(scatter_add_, "scatter_add_", "dim, index, src", FAMILY(scatter_impl, NULL, 1), M, NULL)                         \
    X(index_add, "index_add", "dim, index, source, *, alpha=1", FAMILY(index_add_impl, NULL, 0), B, NULL)              \
    X(index_add_, "index_add_", "dim, index, source, *, alpha=1", FAMILY(index_add_impl, NULL, 0), M, NULL)            \
    X(index_fill, "index_fill", "dim, index, value", FAMILY(index_fill_impl, NULL, 0), B, NULL)                        \
    X(index_copy, "index_copy", "dim, index, source", FAMILY(index_copy_impl, NULL, 0), B, NULL)                      \
    X(index_copy_, "index_copy_", "dim, index, source", FAMILY(index_copy_impl, NULL, 0), M, NULL)                    \
    X(index_fill_, "index_fill_", "dim, index, value", FAMILY(index_fill_impl, NULL, 0), M, NULL)                      \
    X(index_put, "index_put", "indices, values, accumulate=False", FAMILY(index_put_impl, NULL, 0), B, NULL)           \
    X(index_put_, "index_put_", "indices, values, accumulate=False", FAMILY(index_put_impl, NULL, 0), M, NULL)         \
    X(softmax, "softmax", "dim, dtype=None", SOFTMAX(cg_softmax), B, NULL)                                             \
    X(log_softmax, "log_softmax", "dim, dtype=None", SOFTMAX(cg_log_softmax), B, NULL)                                 \
    X(to, "to", "a=None, b=None, non_blocking=False, copy=False, *, dtype=None, device=None, memory_format=None", IMPL(op_to), M, NULL)    \
    X(float, "float", "memory_format=None", FAMILY(to_dtype, NULL, CG_F32), M, NULL)                                   \
    X(double, "double", "memory_format=None", FAMILY(to_dtype, NULL, CG_F64), M, NULL)                                 \
    X(long, "long", "memory_format=None", FAMILY(to_dtype, NULL, CG_INT64), M, NULL)                                   \
    X(int, "int", "memory_format=None", FAMILY(to_dtype, NULL, CG_INT32), M, NULL)                                     \
    X(bool, "bool", "memory_format=None", FAMILY(to_dtype, NULL, CG_BOOL), M, NULL)                                    \
    X(byte, "byte", "memory_format=None", FAMILY(to_dtype, NULL, CG_UINT8), M, NULL)                                   \
    X(char, "char", "memory_format=None", FAMILY(to_dtype, NULL, CG_INT8), M, NULL)                                    \
    X(short, "short", "memory_format=None", FAMILY(to_dtype, NULL, CG_INT16), M, NULL)                                 \
    X(half, "half", "memory_format=None", FAMILY(to_dtype, NULL, CG_F16), M, NULL)                                     \
    X(cfloat, "cfloat", "memory_format=None", FAMILY(to_dtype, NULL, CG_C64), M, NULL) \
    X(cdouble, "cdouble", "memory_format=None", FAMILY(to_dtype, NULL, CG_C128), M, NULL) \
    X(bfloat16, "bfloat16", "memory_format=None", FAMILY(to_dtype, NULL, CG_BF16), M, NULL)                            \
    X(type_as, "type_as", "other", IMPL(op_type_as), M, NULL)                                                          \
    X(type, "type", "dtype=None, non_blocking=False", IMPL(op_type), M, NULL)                                          \
    X(cpu, "cpu", "memory_format=None", IMPL(op_cpu), M, NULL)                                                         \
    X(cuda, "cuda", "device=None, non_blocking=False, memory_format=None", IMPL(op_cuda), M, NULL)                     \
    X(item, "item", "", IMPL(op_item), M, NULL)                                                                        \
    X(tolist, "tolist", "", IMPL(op_tolist), M, NULL)                                                                  \
    X(numel, "numel", "", IMPL(op_numel), B, NULL)                                                                     \
    X(nelement, "nelement", "", IMPL(op_numel), M, NULL)                                                               \
    X(dim, "dim", "", IMPL(op_dim), M, NULL)                                                                           \
    X(ndimension, "ndimension", "", IMPL(op_dim), M, NULL)                                                             \
    X(element_size, "element_size", "", IMPL(op_element_size), M, NULL)                                                \
    X(is_contiguous, "is_contiguous", "memory_format=None", IMPL(op_is_contiguous), M, NULL)                           \
    X(is_floating_point, "is_floating_point", "", IMPL(op_is_floating_point), B, NULL)                                 \
    X(is_complex, "is_complex", "", IMPL(op_is_complex), B, NULL)                                                      \
    X(storage_offset, "storage_offset", "", IMPL(op_storage_offset), M, NULL)                                          \
    X(data_ptr, "data_ptr", "", IMPL(op_data_ptr), M, NULL)                                                            \
    X(get_device, "get_device", "", IMPL(op_get_device), B, NULL)                                                      \
    X(is_signed, "is_signed", "", IMPL(op_is_signed), B, NULL) \
    X(is_neg, "is_neg", "", IMPL(op_is_neg), B, NULL) \
    X(is_pinned, "is_pinned", "device=None", IMPL(op_is_pinned), M, NULL) \
    X(is_same_size, "is_same_size", "other", IMPL(op_is_same_size), B, NULL) \
    X(is_set_to, "is_set_to", "tensor", IMPL(op_is_set_to), M, NULL) \
    X(storage_type, "storage_type", "", IMPL(op_storage_type), M, NULL) \
    X(size, "size", "dim=None", FAMILY(size_or_stride, NULL, 0), M, NULL)                                              \
    X(stride, "stride", "dim=None", FAMILY(size_or_stride, NULL, 1), M, NULL)                                          \
    X(new_zeros, "new_zeros", "*size, dtype=None, device=None, requires_grad=False", FAMILY(new_filled, NULL, 0), M,   \
      NULL)                                                                                                            \
    X(new_ones, "new_ones", "*size, dtype=None, device=None, requires_grad=False", FAMILY(new_filled, NULL, 1), M,     \
      NULL)                                                                                                            \
    X(new_empty, "new_empty", "*size, dtype=None, device=None, requires_grad=False", FAMILY(new_filled, NULL, 2), M,   \
      NULL)                                                                                                            \
    X(new_full, "new_full", "size, fill_value, *, dtype=None, device=None, requires_grad=False", IMPL(op_new_full), M, \
      NULL)                                                                                                            \
    X(new_tensor, "new_tensor", "data, *, dtype=None, device=None, requires_grad=False", IMPL(op_new_tensor), M, NULL) \
    X(backward, "backward", "gradient=None, retain_graph=None, create_graph=False, inputs=None", IMPL(op_backward), M, \
      NULL)                                                                                                            \
    X(requires_grad_, "requires_grad_", "requires_grad=True", IMPL(op_requires_grad_), M, NULL)                        \
    X(retain_grad, "retain_grad", "", IMPL(op_retain_grad), M, NULL)                                                   \
    X(register_hook, "register_hook", "hook", IMPL(op_register_hook), M, NULL)                                         \
    X(dunder_abs, "__abs__", "", UNARY(cg_abs), M, NULL)                                                               \
    X(dunder_neg, "__neg__", "", UNARY(cg_neg), M, NULL)                                                               \
    X(dunder_float, "__float__", "", FAMILY(number_of, NULL, 0), M, NULL)                                              \
    X(dunder_int, "__int__", "", FAMILY(number_of, NULL, 1), M, NULL)                                                  \
    X(dunder_index, "__index__", "", FAMILY(number_of, NULL, 2), M, NULL)                                              \
    X(dunder_format, "__format__", "format_spec", IMPL(op_dunder_format), M, NULL)                                     \
    X(dunder_repr, "__repr__", "", IMPL(op_dunder_repr), M, NULL)

#define TORCH_TAB tensor_ops
TORCH_OP_TABLE(OPS)

int torch_tensor_methods_add(cg_type *type) {
    if (torch_ops_prepare(tensor_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *defs = torch_ops_defs(tensor_ops, TORCH_OP_COUNT, TORCH_METHOD);
    return defs ? cg_type_add_methods(type, defs) : -1;
}

int torch_tensor_functions_add(cg_value module) {
    if (torch_ops_prepare(tensor_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *defs = torch_ops_defs(tensor_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    return defs ? cg_module_add_methods(module, defs) : -1;
}
