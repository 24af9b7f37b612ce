/* torch_creation.c: the torch functions that make tensors: tensor(),
 * as_tensor(), Tensor(...), zeros/ones/empty/full and their _like forms,
 * arange, linspace, eye, the random ones (rand, randn, randint, randperm,
 * normal), and the generators (manual_seed, seed, Generator).
 *
 * torch.tensor follows PyTorch's internal_new_from_data: the shape comes
 * from the first element at each depth of the nested lists, the dtype is
 * the promotion of every element's (bool < int < float), tensors inside
 * lists are one-element scalars, and the errors are PyTorch's. */
#include <stdlib.h>
#include <string.h>

#include "runtime/bigint.h"
#include "runtime/complex.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

/* ---- torch.tensor(data) ------------------------------------------------------------ */

typedef struct {
    const char *fn;
    int ndim;
    int64_t sizes[CG_MAX_DIMS];
    cg_scalar *values;
    int64_t n, cap;
} data_walk;

static int data_sizes(data_walk *w, cg_value data) {
    w->ndim = 0;
    while (torch_is_seq(data)) {
        if (w->ndim == CG_MAX_DIMS)
            return cg_raise_int(&cg_exc_ValueError, "too many dimensions '%s'", cg_type_name(data));
        int64_t len = torch_seq_len(data);
        w->sizes[w->ndim++] = len;
        if (len == 0)
            break;
        data = torch_seq_item_borrowed(data, 0);
    }
    return 0;
}

/* The dtype of one leaf, as PyTorch's infer_scalar_type; -1 with the error. */
static int leaf_dtype(cg_value v) {
    switch (v.tag) {
    case CG_V_BOOL: return CG_BOOL;
    case CG_V_INT: return CG_INT64;
    case CG_V_FLOAT: return CG_DEFAULT_DTYPE;
    default: break;
    }
    if (cg_is_tensor(v))
        return (int)cg_tensor_of_borrowed(v)->dtype;
    if (cg_is_complex(v) && (CG_DEFAULT_DTYPE == CG_F16 || CG_DEFAULT_DTYPE == CG_BF16))
        return cg_raise_int(&cg_exc_RuntimeError, "invalid default scalar type for complex");
    if (cg_is_complex(v))
        return CG_DEFAULT_COMPLEX_DTYPE;
    int np_dt = torch_numpy_scalar_dtype(v); /* a numpy scalar keeps its dtype */
    if (np_dt != -1)
        return np_dt;
    if (cg_is_str(v))
        return cg_raise_int(&cg_exc_TypeError, "new(): invalid data type 'str'");
    if (cg_is_bigint(v)) /* PyTorch reads a Python int as a C long long */
        return cg_raise_int(&cg_exc_RuntimeError, "Overflow when unpacking long");
    return cg_raise_int(&cg_exc_RuntimeError, "Could not infer dtype of %s", cg_type_name(v));
}

/* The promotion of every leaf's dtype; an empty sequence adds nothing. */
static int infer_dtype(cg_value data, int *dt) {
    if (!torch_is_seq(data)) {
        int d = leaf_dtype(data);
        if (d < 0)
            return -1;
        if (*dt < 0 || d > *dt)
            *dt = d;
        return 0;
    }
    int64_t n = torch_seq_len(data);
    for (int64_t i = 0; i < n; i++)
        if (infer_dtype(torch_seq_item_borrowed(data, i), dt) < 0)
            return -1;
    return 0;
}

/* c10's checked conversion of a Python number into an integral dtype: out
 * of the dtype's range (NaN and infinities included) is an error, except
 * that unsigned types take negatives down to -max, wrapping. */
static int check_int_range(cg_scalar s, cg_dtype dt) {
    if (!cg_dtype_is_int(dt) || s.kind == CG_SCALAR_BOOL)
        return 0;
    int64_t lo, hi;
    cg_dtype_int_range(dt, &lo, &hi);
    if (dt == CG_UINT8)
        lo = -hi;
    bool ok = s.kind == CG_SCALAR_INT ? s.v.i >= lo && s.v.i <= hi : s.v.f >= (double)lo && s.v.f <= (double)hi;
    if (!ok)
        return cg_raise_int(&cg_exc_RuntimeError, "value cannot be converted to type %s without overflow",
                            cg_dtype_name(dt));
    return 0;
}

static int store_scalar(data_walk *w, cg_value v, cg_dtype dt) {
    cg_scalar s;
    if (!torch_scalar_of(v, &s)) {
        if (cg_is_tensor(v)) {
            cg_tensor *t = cg_tensor_of_borrowed(v);
            if (cg_tensor_numel(t) != 1)
                return cg_raise_int(&cg_exc_ValueError, "only one element tensors can be converted to Python scalars");
            if (cg_tensor_item(t, &s) < 0)
                return torch_raise_int();
        } else if (cg_dtype_is_float(dt)) {
            return cg_raise_int(&cg_exc_TypeError, "must be real number, not %s", cg_type_name(v));
        } else {
            return cg_raise_int(&cg_exc_TypeError, "'%s' object cannot be interpreted as an integer", cg_type_name(v));
        }
    }
    if (check_int_range(s, dt) < 0)
        return -1;
    if (w->n == w->cap) {
        int64_t cap = w->cap ? 2 * w->cap : 64;
        cg_scalar *grown = realloc(w->values, (size_t)cap * sizeof *grown);
        if (!grown) {
            cg_raise_nomemory();
            return -1;
        }
        w->values = grown;
        w->cap = cap;
    }
    w->values[w->n++] = s;
    return 0;
}

static int store(data_walk *w, cg_value data, int d, cg_dtype dt) {
    if (d == w->ndim)
        return store_scalar(w, data, dt);
    if (!torch_is_seq(data))
        return cg_raise_int(&cg_exc_TypeError, "not a sequence");
    int64_t n = torch_seq_len(data);
    if (n != w->sizes[d])
        return cg_raise_int(&cg_exc_ValueError, "expected sequence of length %lld at dim %d (got %lld)",
                            (long long)w->sizes[d], d, (long long)n);
    for (int64_t i = 0; i < n; i++)
        if (store(w, torch_seq_item_borrowed(data, i), d + 1, dt) < 0)
            return -1;
    return 0;
}

/* A detached copy of src in dtype (or src's) on device. */
static cg_tensor *tensor_copy(cg_tensor *src, int dtype, cg_device device) {
    cg_tensor *c = cg_to_dtype(src, dtype < 0 ? src->dtype : (cg_dtype)dtype);
    cg_tensor *r = c ? (cg_device_equal(device, cg_tensor_device(c)) ? cg_clone(c) : cg_to_device(c, device)) : NULL;
    cg_tensor_release(c);
    if (!r) {
        torch_raise();
        return NULL;
    }
    cg_tensor *d = cg_detach(r); /* a copy without history */
    cg_tensor_release(r);
    if (!d)
        torch_raise();
    return d;
}

cg_tensor *torch_tensor_from_data(const char *fn, cg_value data, int dtype, cg_device device) {
    if (cg_is_tensor(data))
        return tensor_copy(cg_tensor_of_borrowed(data), dtype, device);
    bool is_array;
    cg_tensor *array = torch_numpy_array_tensor(data, &is_array);
    if (is_array) {
        cg_tensor *r = tensor_copy(array, dtype, device);
        cg_tensor_release(array);
        return r;
    }
    if (cg_exc_pending())
        return NULL;
    data_walk w = {.fn = fn};
    int dt = dtype;
    if (data_sizes(&w, data) < 0)
        return NULL;
    if (dt < 0) {
        if (infer_dtype(data, &dt) < 0)
            return NULL;
        if (dt < 0)
            dt = CG_DEFAULT_DTYPE; /* torch.tensor([]) */
    }
    cg_tensor *t = NULL;
    if (store(&w, data, 0, (cg_dtype)dt) == 0) {
        t = cg_tensor_from_scalars(w.ndim, w.sizes, w.values, dt, device);
        if (!t)
            torch_raise();
    }
    free(w.values);
    return t;
}

/* The keywords every creation function shares. */
typedef struct {
    int dtype;
    cg_device device;
    bool requires_grad;
} create_opts;

static int opts_read(const char *fn, cg_value dtype, cg_value device, cg_value rg, create_opts *o) {
    if (torch_dtype_arg(fn, "dtype", 0, dtype, &o->dtype) < 0
        || torch_device_arg(fn, "device", 0, device, &o->device, NULL) < 0
        || torch_bool_arg(fn, "requires_grad", 0, rg, &o->requires_grad) < 0)
        return -1;
    return torch_device_check(o->device);
}

/* The new tensor with requires_grad applied (PyTorch's capitalised
 * message: the factory's check, not the setter's). */
static cg_value created(cg_tensor *t, const create_opts *o) {
    if (!t)
        return torch_raise();
    if (o->requires_grad) {
        if (!cg_dtype_is_inexact(t->dtype)) {
            cg_tensor_release(t);
            return cg_raise(&cg_exc_RuntimeError, "Only Tensors of floating point and complex dtype can require "
                                                  "gradients");
        }
        t->requires_grad = true;
    }
    return cg_tensor_steal(t);
}

static cg_value fn_tensor(cg_value *a) {
    create_opts o;
    if (opts_read("tensor", a[1], a[2], a[3], &o) < 0)
        return CG_ERR;
    if (cg_is_tensor(a[0])
        && torch_warn("UserWarning",
                      "To copy construct from a tensor, it is recommended to use "
                      "sourceTensor.clone().detach() or sourceTensor.clone().detach().requires_grad_(True), "
                      "rather than torch.tensor(sourceTensor).")
               < 0)
        return CG_ERR;
    cg_tensor *t = torch_tensor_from_data("new", a[0], o.dtype, o.device);
    return t ? created(t, &o) : CG_ERR;
}

/* as_tensor(data, dtype=None, device=None): a tensor of the right dtype and
 * device is returned as is. */
static cg_value fn_as_tensor(cg_value *a) {
    create_opts o = {0};
    bool given;
    if (torch_dtype_arg("as_tensor", "dtype", 0, a[1], &o.dtype) < 0
        || torch_device_arg("as_tensor", "device", 0, a[2], &o.device, &given) < 0)
        return CG_ERR;
    if (cg_is_tensor(a[0])) {
        cg_tensor *t = cg_tensor_of_borrowed(a[0]);
        bool same_dt = o.dtype < 0 || (cg_dtype)o.dtype == t->dtype;
        bool same_dev = !given || cg_device_equal(o.device, cg_tensor_device(t));
        if (same_dt && same_dev)
            return cg_incref(a[0]);
        cg_tensor *c = cg_to_dtype_preserve(t, o.dtype < 0 ? t->dtype : (cg_dtype)o.dtype);
        cg_tensor *r = c && given ? cg_to_device(c, o.device) : (c ? cg_tensor_retain(c) : NULL);
        cg_tensor_release(c);
        return cg_tensor_steal(r);
    }
    bool is_array;
    cg_tensor *array = torch_numpy_array_tensor(a[0], &is_array);
    if (is_array) {
        /* a numpy array of the asked dtype and device is shared, not copied */
        bool same = (o.dtype < 0 || (cg_dtype)o.dtype == array->dtype)
                    && (!given || cg_device_equal(o.device, cg_tensor_device(array)));
        cg_tensor *r = same ? cg_detach(array) : torch_tensor_from_data("new", a[0], o.dtype, o.device);
        cg_tensor_release(array);
        return r ? cg_tensor_steal(r) : (same ? torch_raise() : CG_ERR);
    }
    cg_tensor *t = torch_tensor_from_data("new", a[0], o.dtype, o.device);
    return t ? cg_tensor_steal(t) : CG_ERR;
}

/* A subclass made by a class statement (class Parameter(torch.Tensor)) is
 * instantiated as MyTensor(data, ...): its instance aliases the data (a
 * tensor, or anything torch.tensor takes) and leaves the other arguments to
 * the class's __init__. */
static cg_tensor *subclass_new(const cg_args *args) {
    cg_value data = args->npos ? args->pos[0] : CG_NONE;
    for (int i = 0; i < args->nkw && !args->npos; i++)
        if (strcmp(args->kwn[i]->s, "data") == 0)
            data = args->kwv[i];
    if (cg_is_none(data))
        return cg_zeros(1, (int64_t[]){0}, CG_DEFAULT_DTYPE, cg_device_cpu());
    if (!cg_is_tensor(data))
        return torch_tensor_from_data("new", data, -1, cg_device_cpu());
    cg_tensor *t = cg_detach(cg_tensor_of_borrowed(data));
    if (!t)
        torch_raise();
    return t;
}

cg_value torch_tensor_new(cg_type *type, const cg_args *args) {
    cg_tensor *t = type == &cg_type_tensor ? torch_legacy_new(args, CG_DEFAULT_DTYPE, cg_device_cpu(), true) : subclass_new(args);
    if (!t)
        return CG_ERR;
    cg_value r = type == &cg_type_tensor ? cg_tensor_value(t) : cg_tensor_value_typed(type, t);
    cg_tensor_release(t);
    return r;
}

/* Tensor._make_subclass(cls, data, require_grad=False): what
 * nn.Parameter.__new__ calls in PyTorch: an instance of cls aliasing data,
 * with its own requires_grad. */
static cg_value make_subclass_impl(cg_value *a) {
    if (!cg_isinstance(a[0], &cg_type_type) || !cg_type_is_subtype((cg_type *)a[0].u.o, &cg_type_tensor))
        return cg_raise(&cg_exc_TypeError, "cls must be a type (got %s)", cg_type_name(a[0]));
    cg_tensor *src = torch_tensor_arg_borrowed("_make_subclass", "data", 2, a[1]);
    bool rg;
    if (!src || torch_bool_arg("_make_subclass", "require_grad", 3, a[2], &rg) < 0)
        return CG_ERR;
    cg_tensor *t = cg_detach(src);
    if (!t)
        return torch_raise();
    cg_value r = cg_tensor_value_typed((cg_type *)a[0].u.o, t);
    if (!cg_is_err(r) && rg && torch_set_requires_grad(t, true, false) < 0)
        cg_value_set(&r, CG_ERR);
    cg_tensor_release(t);
    return r;
}

static cg_value fn_make_subclass(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"_make_subclass", NULL, "_make_subclass(cls, data, require_grad=False)", NULL};
    return torch_bind_call(&def, args, 3, make_subclass_impl);
}

int torch_tensor_statics_add(cg_type *type) {
    static const cg_method_def def = {"_make_subclass", fn_make_subclass, NULL, NULL};
    cg_value f = cg_builtin_new(&def, CG_NONE);
    if (cg_is_err(f))
        return -1;
    int rc = cg_dict_set_str(type->dict, "_make_subclass", f);
    cg_decref(f);
    return rc;
}

/* ---- filled tensors --------------------------------------------------------------------- */

/* zeros/ones/empty(*size, dtype=None, layout=None, device=None,
 * requires_grad=False, pin_memory=False); size= also as a keyword. */
/* empty's tensor, laid out as its memory_format= says */
static cg_tensor *empty_as(int n, const int64_t *sizes, cg_dtype dt, cg_device device, cg_memory_format fmt) {
    if (fmt == CG_PRESERVE_FORMAT) {
        cg_error_set(CG_RUNTIME_ERROR, "unsupported memory format Preserve");
        return NULL;
    }
    if (cg_memory_format_check(n, fmt) < 0)
        return NULL;
    cg_tensor *t = cg_tensor_empty(n, sizes, dt, device);
    if (t && fmt != CG_CONTIGUOUS_FORMAT) {
        int64_t strides[CG_MAX_DIMS];
        cg_format_strides(n, sizes, fmt, strides);
        cg_tensor_set_strides(t, strides);
    }
    return t;
}

static cg_value filled(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    int kind = op->flag;
    int n;
    int64_t sizes[CG_MAX_DIMS];
    create_opts o;
    cg_tuple *varargs = (cg_tuple *)a[0].u.o;
    if (!cg_is_none(a[1])) {
        if (varargs->len)
            return cg_raise(&cg_exc_TypeError, "%s() got multiple values for argument 'size'", fn);
        if (torch_shape_of(fn, "size", 0, a[1], &n, sizes) < 0)
            return CG_ERR;
    } else if (varargs->len == 0) {
        return cg_raise(&cg_exc_TypeError, "%s() missing 1 required positional arguments: \"size\"", fn);
    } else if (torch_shape_varargs(fn, "size", a[0], &n, sizes) < 0) {
        return CG_ERR;
    }
    if (opts_read(fn, a[2], a[4], a[5], &o) < 0)
        return CG_ERR;
    cg_dtype dt = o.dtype < 0 ? CG_DEFAULT_DTYPE : (cg_dtype)o.dtype;
    cg_memory_format fmt;
    if (kind == 2 && torch_memory_format_arg(fn, "memory_format", 0, a[7], CG_CONTIGUOUS_FORMAT, &fmt) < 0)
        return CG_ERR;
    if (kind == 2)
        return created(empty_as(n, sizes, dt, o.device, fmt), &o);
    cg_tensor *t = kind == 0 ? cg_zeros(n, sizes, dt, o.device) : cg_ones(n, sizes, dt, o.device);
    return created(t, &o);
}

/* full(size, fill_value): the dtype follows the value (bool, int64 or the
 * default float) unless given. */
static cg_value fn_full(cg_value *a) {
    int n;
    int64_t sizes[CG_MAX_DIMS];
    cg_scalar v;
    create_opts o;
    if (torch_shape_of("full", "size", 1, a[0], &n, sizes) < 0)
        return CG_ERR;
    if (!torch_scalar_of(a[1], &v))
        return torch_arg_error("full", "fill_value", 2, "Number", a[1]);
    if (opts_read("full", a[2], a[4], a[5], &o) < 0)
        return CG_ERR;
    cg_dtype dt = o.dtype < 0 ? cg_scalar_dtype(v) : (cg_dtype)o.dtype;
    return created(cg_full(n, sizes, v, dt, o.device), &o);
}

/* *_like(input, *, dtype=None, device=None, requires_grad=False). */
static cg_value like_as(const char *fn, cg_value *a, int kind, cg_scalar fill) {
    create_opts o;
    bool given;
    cg_tensor *x = cg_tensor_of_borrowed(a[0]);
    cg_memory_format fmt;
    if (torch_dtype_arg(fn, "dtype", 0, a[1], &o.dtype) < 0
        || torch_device_arg(fn, "device", 0, a[3], &o.device, &given) < 0
        || torch_bool_arg(fn, "requires_grad", 0, a[4], &o.requires_grad) < 0
        || torch_memory_format_arg(fn, "memory_format", 0, a[5], CG_PRESERVE_FORMAT, &fmt) < 0)
        return CG_ERR;
    if (!given)
        o.device = cg_tensor_device(x);
    if (torch_device_check(o.device) < 0)
        return CG_ERR;
    cg_dtype dt = o.dtype < 0 ? x->dtype : (cg_dtype)o.dtype;
    cg_tensor *t;
    switch (kind) {
    case 0: t = cg_full_format(x, cg_scalar_int(0), dt, o.device, fmt); break;
    case 1: t = cg_full_format(x, cg_scalar_int(1), dt, o.device, fmt); break;
    case 2: t = cg_empty_format(x, dt, o.device, fmt); break;
    case 3: t = cg_full_format(x, fill, dt, o.device, fmt); break;
    case 4: t = cg_rand_like(x, dt); break;
    default: t = cg_randn_like(x, dt); break;
    }
    return created(t, &o);
}

/* zeros_like, ones_like, ...: the row's flag says which */
static cg_value like(const torch_op *op, cg_value *a) { return like_as(op->name, a, op->flag, cg_scalar_int(0)); }

static cg_value fn_full_like(cg_value *a) {
    cg_scalar v;
    if (!torch_scalar_of(a[1], &v))
        return torch_arg_error("full_like", "fill_value", 2, "Number", a[1]);
    return like_as("full_like", (cg_value[]){a[0], a[2], a[3], a[4], a[5], a[6]}, 3, v);
}

/* randint_like(input, low=0, high): randint_like(x, high) or (x, low, high). */
static cg_value fn_randint_like(cg_value *a) {
    int64_t low = 0, high;
    cg_value hv = cg_is_none(a[2]) ? a[1] : a[2];
    if (!cg_is_none(a[2]) && torch_int_arg("randint_like", "low", 2, a[1], &low) < 0)
        return CG_ERR;
    if (torch_int_arg("randint_like", "high", cg_is_none(a[2]) ? 2 : 3, hv, &high) < 0)
        return CG_ERR;
    create_opts o = {0};
    cg_tensor *x = cg_tensor_of_borrowed(a[0]);
    if (torch_dtype_arg("randint_like", "dtype", 0, a[3], &o.dtype) < 0
        || torch_bool_arg("randint_like", "requires_grad", 0, a[6], &o.requires_grad) < 0)
        return CG_ERR;
    return created(cg_randint_like(x, low, high, o.dtype < 0 ? x->dtype : (cg_dtype)o.dtype), &o);
}

/* ---- ranges ---------------------------------------------------------------------------- */

/* arange(end) / arange(start, end, step=1) */
static cg_value fn_arange(cg_value *a) {
    cg_scalar start = cg_scalar_int(0), end, step;
    create_opts o;
    cg_value sv = a[0], ev = a[1];
    if (cg_is_none(ev))
        ev = sv, sv = cg_int(0);
    if (!torch_scalar_of(sv, &start))
        return torch_arg_error("arange", "start", 1, "Number", sv);
    if (!torch_scalar_of(ev, &end))
        return torch_arg_error("arange", "end", cg_is_none(a[1]) ? 1 : 2, "Number", ev);
    if (!torch_scalar_of(a[2], &step))
        return torch_arg_error("arange", "step", 3, "Number", a[2]);
    if (opts_read("arange", a[3], a[5], a[6], &o) < 0)
        return CG_ERR;
    return created(cg_arange(start, end, step, o.dtype, o.device), &o);
}

static cg_value fn_linspace(cg_value *a) {
    double start, end;
    int64_t steps;
    create_opts o;
    if (torch_double_arg("linspace", "start", 1, a[0], &start) < 0
        || torch_double_arg("linspace", "end", 2, a[1], &end) < 0
        || torch_int_arg("linspace", "steps", 3, a[2], &steps) < 0 || opts_read("linspace", a[3], a[5], a[6], &o) < 0)
        return CG_ERR;
    return created(cg_linspace(start, end, steps, o.dtype < 0 ? CG_DEFAULT_DTYPE : (cg_dtype)o.dtype, o.device), &o);
}

static cg_value fn_logspace(cg_value *a) {
    double start, end, base;
    int64_t steps;
    create_opts o;
    if (torch_double_arg("logspace", "start", 1, a[0], &start) < 0
        || torch_double_arg("logspace", "end", 2, a[1], &end) < 0
        || torch_int_arg("logspace", "steps", 3, a[2], &steps) < 0
        || torch_double_arg("logspace", "base", 4, a[3], &base) < 0 || opts_read("logspace", a[4], a[6], a[7], &o) < 0)
        return CG_ERR;
    return created(cg_logspace(start, end, steps, base, o.dtype < 0 ? CG_DEFAULT_DTYPE : (cg_dtype)o.dtype, o.device),
                   &o);
}

static cg_value fn_eye(cg_value *a) {
    int64_t n, m;
    create_opts o;
    if (torch_int_arg("eye", "n", 1, a[0], &n) < 0)
        return CG_ERR;
    m = n;
    if (!cg_is_none(a[1]) && torch_int_arg("eye", "m", 2, a[1], &m) < 0)
        return CG_ERR;
    if (opts_read("eye", a[2], a[4], a[5], &o) < 0)
        return CG_ERR;
    return created(cg_eye(n, m, o.dtype < 0 ? CG_DEFAULT_DTYPE : (cg_dtype)o.dtype, o.device), &o);
}

/* ---- generators ---------------------------------------------------------------------- */

typedef struct {
    cg_obj head;
    cg_rng *g;
    bool owned; /* false for torch.default_generator */
} generator_obj;

static void generator_dealloc(cg_obj *self) {
    generator_obj *o = (generator_obj *)self;
    if (o->owned)
        cg_rng_free(o->g);
    torch_obj_free(self);
}

static cg_value generator_repr(cg_value self) {
    return cg_str_fmt("<torch._C.Generator object at %p>", (void *)self.u.o);
}

static cg_value generator_getattr(cg_value self, cg_str *name) {
    if (strcmp(name->s, "device") == 0)
        return torch_device_value(((generator_obj *)self.u.o)->g->device);
    return CG_STOP;
}

static cg_value generator_new(cg_type *type, const cg_args *args);

static cg_type generator_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "Generator",
    .module = "torch._C",
    .base = &cg_type_object,
    .basicsize = sizeof(generator_obj),
    .dealloc = generator_dealloc,
    .repr = generator_repr,
    .getattr = generator_getattr,
    .new_ = generator_new,
};

static generator_obj default_generator = {{CG_IMMORTAL, &generator_type}, NULL, false};

static cg_value default_generator_value(void) {
    default_generator.g = cg_rng_default();
    return cg_obj_value(&default_generator);
}

static const cg_method_def generator_new_def = {"Generator", NULL, "Generator(device='cpu')", NULL};

static cg_value generator_new_impl(cg_value *a) {
    cg_device d;
    if (torch_device_arg("Generator", "device", 1, a[0], &d, NULL) < 0)
        return CG_ERR;
    /* a CUDA generator: for the device named, else the current one */
    const cg_backend *be = d.type == CG_CPU ? NULL : cg_backend_get(d.type);
    if (d.type != CG_CPU && (!be || (d.index < 0 && (d.index = be->devices->current()) < 0)))
        return torch_raise();
    generator_obj *o = torch_obj_new(&generator_type);
    if (!o)
        return CG_ERR;
    o->g = d.type == CG_CPU ? cg_rng_new() : cg_rng_new_cuda(d.index);
    o->owned = true;
    if (!o->g) {
        cg_obj_decref(o);
        return torch_raise();
    }
    return cg_obj_value(o);
}

static cg_value generator_new(cg_type *type, const cg_args *args) {
    return torch_bind_call(&generator_new_def, args, 1, generator_new_impl);
}

cg_rng *torch_generator_arg(const char *fn, cg_value v, bool *err) {
    if (cg_is_none(v))
        return NULL;
    if (cg_is_type(v, &generator_type))
        return cg_rng_or_default(((generator_obj *)v.u.o)->g);
    torch_arg_error(fn, "generator", 0, "torch.Generator", v);
    *err = true;
    return NULL;
}

static cg_value gen_manual_seed(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"manual_seed", NULL, "manual_seed(seed)", NULL};
    cg_value a[1];
    uint64_t s;
    if (cg_args_bind(&def, args, a, 1) < 0)
        return CG_ERR;
    int rc = torch_seed_arg("manual_seed", a[0], &s);
    cg_decref(a[0]);
    if (rc < 0)
        return CG_ERR;
    cg_rng_manual_seed(((generator_obj *)self.u.o)->g, s);
    return cg_incref(self);
}

static cg_value gen_seed(cg_value self, const cg_args *args) {
    return cg_int((int64_t)cg_rng_seed(((generator_obj *)self.u.o)->g));
}

static cg_value gen_initial_seed(cg_value self, const cg_args *args) {
    return cg_int((int64_t)cg_rng_initial_seed(((generator_obj *)self.u.o)->g));
}

/* get_state(): the generator's state as a uint8 tensor, PyTorch's layout
 * (CPU: CPUGeneratorImplState, 5056 bytes; CUDA: its seed and Philox
 * offset, 16 bytes) */
static cg_value gen_get_state(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"get_state", NULL, "get_state()", NULL};
    if (cg_args_bind(&def, args, NULL, 0) < 0)
        return CG_ERR;
    cg_rng *g = cg_rng_or_default(((generator_obj *)self.u.o)->g);
    bool cpu = g->device.type == CG_CPU;
    int64_t n = cpu ? CG_RNG_STATE_SIZE : 16;
    cg_tensor *t = cg_tensor_empty(1, &n, CG_UINT8, cg_device_cpu());
    if (!t)
        return torch_raise();
    uint8_t *p = cg_tensor_data(t);
    if (cpu) {
        cg_rng_get_state(g, p);
    } else {
        memcpy(p, &g->seed, 8);
        memcpy(p + 8, &g->philox_offset, 8);
    }
    return cg_tensor_steal(t);
}

/* set_state(new_state): PyTorch's checks, then the state; returns self */
static cg_value gen_set_state(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"set_state", NULL, "set_state(new_state)", NULL};
    cg_value a[1];
    if (cg_args_bind(&def, args, a, 1) < 0)
        return CG_ERR;
    cg_value v = a[0];
    cg_value r = CG_ERR;
    cg_rng *g = cg_rng_or_default(((generator_obj *)self.u.o)->g);
    if (!cg_is_tensor(v)) {
        cg_raise(&cg_exc_TypeError, "expected a torch.ByteTensor, but got %s", cg_type_name(v));
    } else {
        cg_tensor *t = cg_tensor_of_borrowed(v);
        bool bytes = t->dtype == CG_UINT8 && cg_tensor_device(t).type == CG_CPU;
        cg_tensor *c = bytes && cg_tensor_is_contiguous(t) ? cg_tensor_retain(t) : NULL;
        int64_t n = cg_tensor_numel(t);
        if (!bytes)
            cg_raise(&cg_exc_TypeError, "RNG state must be a torch.ByteTensor");
        else if (!c)
            cg_raise(&cg_exc_RuntimeError, "RNG state must be contiguous");
        else if (g->device.type != CG_CPU && n != 16)
            cg_raise(&cg_exc_RuntimeError, "RNG state is wrong size");
        else if (g->device.type != CG_CPU) {
            const uint8_t *p = cg_tensor_data(c);
            memcpy(&g->seed, p, 8);
            memcpy(&g->philox_offset, p + 8, 8);
            r = cg_incref(self);
        } else if (cg_rng_set_state(g, cg_tensor_data(c), n) < 0)
            torch_raise();
        else
            r = cg_incref(self);
        cg_tensor_release(c);
    }
    cg_decref(a[0]);
    return r;
}

static const cg_method_def generator_methods[] = {
    {"get_state", gen_get_state, "get_state()", "Returns the Generator state as a torch.ByteTensor."},
    {"set_state", gen_set_state, "set_state(new_state)", "Sets the Generator state."},
    {"manual_seed", gen_manual_seed, NULL, "Sets the seed for generating random numbers. Returns the generator."},
    {"seed", gen_seed, "seed()", NULL},
    {"initial_seed", gen_initial_seed, "initial_seed()", NULL},
    {NULL, NULL, NULL, NULL},
};

static cg_value fn_manual_seed(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"manual_seed", NULL, "manual_seed(seed)", NULL};
    cg_value a[1];
    uint64_t s;
    if (cg_args_bind(&def, args, a, 1) < 0)
        return CG_ERR;
    int rc = torch_seed_arg("manual_seed", a[0], &s);
    cg_decref(a[0]);
    if (rc < 0)
        return CG_ERR;
    cg_manual_seed(s);
    return default_generator_value();
}

static cg_value fn_seed(cg_value self, const cg_args *args) { return cg_int((int64_t)cg_seed()); }
static cg_value fn_initial_seed(cg_value self, const cg_args *args) { return cg_int((int64_t)cg_initial_seed()); }

/* ---- random tensors ------------------------------------------------------------------- */

/* rand/randn(*size, generator=None, dtype=None, layout=None, device=None,
 * requires_grad=False, pin_memory=False) */
static cg_value random_filled(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    bool normal = op->flag;
    int n;
    int64_t sizes[CG_MAX_DIMS];
    create_opts o;
    bool err = false;
    if (torch_shape_varargs(fn, "size", a[0], &n, sizes) < 0)
        return CG_ERR;
    cg_rng *g = torch_generator_arg(fn, a[1], &err);
    if (err || opts_read(fn, a[2], a[4], a[5], &o) < 0)
        return CG_ERR;
    cg_dtype dt = o.dtype < 0 ? CG_DEFAULT_DTYPE : (cg_dtype)o.dtype;
    return created(normal ? cg_randn(n, sizes, dt, o.device, g) : cg_rand(n, sizes, dt, o.device, g), &o);
}

/* randint(high, size) / randint(low, high, size) */
static cg_value fn_randint(cg_value *a) {
    int64_t low = 0, high;
    cg_value hv = a[1], sv = a[2];
    int n;
    int64_t sizes[CG_MAX_DIMS];
    create_opts o;
    bool err = false;
    if (cg_is_none(sv)) { /* randint(high, size) */
        sv = a[1];
        hv = a[0];
    } else if (!cg_is_none(a[0]) && torch_int_arg("randint", "low", 1, a[0], &low) < 0) {
        return CG_ERR; /* randint(low, high, size); randint(high=, size=) leaves low at 0 */
    }
    if (cg_is_none(hv))
        return cg_raise(&cg_exc_TypeError, "randint() missing required argument 'high'");
    if (cg_is_none(sv))
        return cg_raise(&cg_exc_TypeError, "randint() missing required argument 'size'");
    if (torch_int_arg("randint", "high", 2, hv, &high) < 0 || torch_shape_of("randint", "size", 3, sv, &n, sizes) < 0)
        return CG_ERR;
    cg_rng *g = torch_generator_arg("randint", a[3], &err);
    if (err || opts_read("randint", a[4], a[6], a[7], &o) < 0)
        return CG_ERR;
    return created(cg_randint(low, high, n, sizes, o.dtype < 0 ? CG_INT64 : (cg_dtype)o.dtype, o.device, g), &o);
}

static cg_value fn_randperm(cg_value *a) {
    int64_t n;
    create_opts o;
    bool err = false;
    if (torch_int_arg("randperm", "n", 1, a[0], &n) < 0)
        return CG_ERR;
    cg_rng *g = torch_generator_arg("randperm", a[1], &err);
    if (err || opts_read("randperm", a[2], a[4], a[5], &o) < 0)
        return CG_ERR;
    return created(cg_randperm(n, o.dtype < 0 ? CG_INT64 : (cg_dtype)o.dtype, o.device, g), &o);
}

/* normal(mean, std, size=None, *, generator=None, ...): floats with a
 * size, or tensors (then PyTorch draws N(0, 1) into the broadcast shape
 * and computes out * std + mean, in that order). */
static cg_value fn_normal(cg_value *a) {
    bool err = false;
    cg_rng *g = torch_generator_arg("normal", a[3], &err);
    if (err)
        return CG_ERR;
    if (!cg_is_tensor(a[0]) && !cg_is_tensor(a[1])) {
        double mean, std;
        int n;
        int64_t sizes[CG_MAX_DIMS];
        create_opts o;
        if (torch_double_arg("normal", "mean", 1, a[0], &mean) < 0
            || torch_double_arg("normal", "std", 2, a[1], &std) < 0)
            return CG_ERR;
        if (cg_is_none(a[2]))
            return cg_raise(&cg_exc_TypeError, "normal() received an invalid combination of arguments - got "
                                               "(float, float), but expected a size");
        if (torch_shape_of("normal", "size", 3, a[2], &n, sizes) < 0 || opts_read("normal", a[4], a[6], a[7], &o) < 0)
            return CG_ERR;
        return created(cg_normal(mean, std, n, sizes, o.dtype < 0 ? CG_DEFAULT_DTYPE : (cg_dtype)o.dtype, o.device, g),
                       &o);
    }
    cg_tensor *mean = torch_operand(a[0]), *std = torch_operand(a[1]);
    cg_tensor *out = NULL, *scaled = NULL, *r = NULL;
    int nd;
    int64_t shape[CG_MAX_DIMS];
    if (!mean || !std) {
        if (!cg_exc_pending())
            torch_arg_error("normal", mean ? "std" : "mean", mean ? 2 : 1, "Tensor", mean ? a[1] : a[0]);
        goto done;
    }
    if (cg_broadcast_shapes(mean->ndim, mean->sizes, std->ndim, std->sizes, &nd, shape) < 0)
        goto engine_error;
    out = cg_tensor_empty(nd, shape, cg_result_type(2, (cg_tensor *[]){mean, std}), cg_tensor_device(mean));
    if (!out || cg_normal_(out, 0, 1, g) < 0 || !(scaled = cg_mul(out, std))
        || !(r = cg_add(scaled, mean, cg_scalar_int(1))))
        goto engine_error;
    goto done;
engine_error:
    torch_raise();
done:
    cg_tensor_release(mean), cg_tensor_release(std), cg_tensor_release(out), cg_tensor_release(scaled);
    return r ? cg_tensor_steal(r) : CG_ERR;
}

/* ---- the table ----------------------------------------------------------------------- */

#define F TORCH_FUNCTION
#define FA (TORCH_FUNCTION | TORCH_ANY_INPUT)
#define OPTS "dtype=None, layout=None, device=None, requires_grad=False"
#define OPS(X)                                                                                                    \
    X(tensor, "tensor", "*, dtype=None, device=None, requires_grad=False, pin_memory=False", IMPL(fn_tensor), FA, \
      "data")                                                                                                     \
    X(as_tensor, "as_tensor", "dtype=None, device=None", IMPL(fn_as_tensor), FA, "data")                          \
    X(zeros, "zeros", "size=None, " OPTS ", pin_memory=False", FAMILY(filled, NULL, 0), FA, "*args")              \
    X(ones, "ones", "size=None, " OPTS ", pin_memory=False", FAMILY(filled, NULL, 1), FA, "*args")                \
    X(empty, "empty", "size=None, " OPTS ", pin_memory=False, memory_format=None", FAMILY(filled, NULL, 2), FA, "*args")            \
    X(full, "full", "fill_value, *, " OPTS ", pin_memory=False", IMPL(fn_full), FA, "size")                       \
    X(zeros_like, "zeros_like", "*, " OPTS ", memory_format=None", FAMILY(like, NULL, 0), F, NULL)                \
    X(ones_like, "ones_like", "*, " OPTS ", memory_format=None", FAMILY(like, NULL, 1), F, NULL)                  \
    X(empty_like, "empty_like", "*, " OPTS ", memory_format=None", FAMILY(like, NULL, 2), F, NULL)                \
    X(rand_like, "rand_like", "*, " OPTS ", memory_format=None", FAMILY(like, NULL, 4), F, NULL)                  \
    X(randn_like, "randn_like", "*, " OPTS ", memory_format=None", FAMILY(like, NULL, 5), F, NULL)                \
    X(full_like, "full_like", "fill_value, *, " OPTS ", memory_format=None", IMPL(fn_full_like), F, NULL)         \
    X(randint_like, "randint_like", "low=0, high=None, *, " OPTS, IMPL(fn_randint_like), F, NULL)                 \
    X(arange, "arange", "end=None, step=1, *, " OPTS, IMPL(fn_arange), FA, "start")                               \
    X(linspace, "linspace", "end, steps, *, " OPTS, IMPL(fn_linspace), FA, "start")                               \
    X(logspace, "logspace", "end, steps, base=10.0, *, " OPTS, IMPL(fn_logspace), FA, "start")                    \
    X(eye, "eye", "m=None, *, " OPTS, IMPL(fn_eye), FA, "n")                                                      \
    X(rand, "rand", "generator=None, " OPTS ", pin_memory=False", FAMILY(random_filled, NULL, 0), FA, "*size")    \
    X(randn, "randn", "generator=None, " OPTS ", pin_memory=False", FAMILY(random_filled, NULL, 1), FA, "*size")  \
    X(randint, "randint", "high=None, size=None, *, generator=None, " OPTS, IMPL(fn_randint), FA, "low=None")     \
    X(randperm, "randperm", "*, generator=None, " OPTS, IMPL(fn_randperm), FA, "n")                               \
    X(normal, "normal", "std=1.0, size=None, *, generator=None, " OPTS, IMPL(fn_normal), FA, "mean")

#define TORCH_TAB creation_ops
TORCH_OP_TABLE(OPS)

static const cg_method_def seed_functions[] = {
    {"manual_seed", fn_manual_seed, NULL, "Sets the seed for generating random numbers. Returns a torch.Generator."},
    {"seed", fn_seed, "seed()", NULL},
    {"initial_seed", fn_initial_seed, "initial_seed()", NULL},
    {NULL, NULL, NULL, NULL},
};

int torch_creation_add(cg_value module) {
    if (!generator_type.dict) {
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return -1;
        generator_type.dict = cg_as_dict(d);
        if (cg_type_add_methods(&generator_type, generator_methods) < 0)
            return -1;
    }
    if (torch_ops_prepare(creation_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *defs = torch_ops_defs(creation_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    if (!defs || cg_module_add_methods(module, defs) < 0 || cg_module_add_methods(module, seed_functions) < 0)
        return -1;
    if (cg_module_add(module, "Generator", cg_obj_value(&generator_type)) < 0
        || cg_module_add(module, "default_generator", default_generator_value()) < 0)
        return -1;
    return 0;
}
