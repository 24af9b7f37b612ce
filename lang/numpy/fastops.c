/* fastops.c: numpy._fast, the operators of small arrays in C.
 *
 * Note [ndarray fast paths]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * An operator on arrays goes through numpy's rules in the cell language
 * (lang/prelude/numpy/_ufunc.py: operands, value-based casting, the loop
 * dtype, floating-point warnings), which costs some microseconds an op:
 * ten times the engine's own cost on a 3-element array. Here the common
 * case is answered in C: a binary operator between two arrays of one
 * dtype, or an array and a Python int or float that numpy 1.24's
 * value-based casting leaves in the array's dtype, when the op keeps that
 * dtype (+ - * of non-bool numbers, / of floats, comparisons giving bool)
 * and the result holds no infinity or NaN (which numpy may warn about).
 * Then torch's promotion of the same operands gives numpy's dtype, and
 * the engine's kernel numpy's values. Anything else answers None, and the
 * caller takes the general path, so the rules stay written once. */
#include "numpy/numpy_module.h"

#include "numpy/fastops.h"
#include "numpy/small_ops.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "ops.h"
#include "runtime/containers.h"
#include "runtime/exc.h"
#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

/* The ndarray class and numpy's dtype object of each engine dtype, handed
 * over once by numpy's prelude (register). */
static cg_value nd_class;
static cg_value nd_dtypes[CG_DTYPE_COUNT];
static cg_value nd_scalar; /* numpy's _scalar(value, dtype): a numpy scalar */
static bool registered;


static cg_value f_register(cg_value self, const cg_args *a) {
    if (a->npos != 3 || !cg_isinstance(a->pos[0], &cg_type_type))
        return cg_raise(&cg_exc_TypeError, "register(ndarray, dtypes, scalar)");
    cg_value items = a->pos[1]; /* a list of (torch dtype, numpy dtype) pairs */
    int64_t n = torch_seq_len(items);
    for (int64_t i = 0; i < n; i++) {
        cg_value pair = torch_seq_item_borrowed(items, i);
        cg_value td = torch_seq_item_borrowed(pair, 0), nd = torch_seq_item_borrowed(pair, 1);
        if (!torch_is_dtype(td))
            return cg_raise(&cg_exc_TypeError, "register: not a torch dtype");
        cg_dtype dt = torch_dtype_of(td);
        cg_decref(nd_dtypes[dt]);
        nd_dtypes[dt] = cg_incref(nd);
    }
    cg_decref(nd_class);
    nd_class = cg_incref(a->pos[0]);
    cg_decref(nd_scalar);
    nd_scalar = cg_incref(a->pos[2]);
    registered = true;
    return CG_NONE;
}

int np_fast_engine_dtype(cg_value npdtype) {
    for (int k = 0; registered && npdtype.tag == CG_V_OBJ && k < CG_DTYPE_COUNT; k++)
        if (nd_dtypes[k].tag == CG_V_OBJ && nd_dtypes[k].u.o == npdtype.u.o)
            return k;
    return -1;
}

static cg_str *name_t, *name_dt, *name_base;

static cg_value wrap_base(cg_tensor *t, cg_value base);
static cg_value view_of(cg_value arr, cg_tensor *t);

/* A new array over t (stolen): numpy's _wrap, in C. */
static cg_value wrap(cg_tensor *t) { return wrap_base(t, CG_NONE); }

/* The same with a base array (a view's owner; borrowed). The fields go
 * straight into the instance dict, where ndarray's __slots__ live (see
 * array_field): a general setattr checked the slots and looked for a
 * __setattr__ on each of the three. */
static cg_value wrap_base(cg_tensor *t, cg_value base) {
    cg_value dt = nd_dtypes[t->dtype];
    cg_value tv = cg_tensor_steal(t);
    if (cg_is_err(tv))
        return CG_ERR;
    if (dt.tag != CG_V_OBJ) {
        cg_decref(tv);
        return CG_NONE; /* a dtype numpy has no name for here: the general path says so */
    }
    cg_args none = {0};
    cg_value inst = cg_type_object.new_((cg_type *)nd_class.u.o, &none);
    cg_dict *d = cg_is_err(inst) ? NULL : cg_instance_dict_borrowed(inst);
    if (!d || cg_dict_set(d, cg_obj_value(name_t), tv) < 0 || cg_dict_set(d, cg_obj_value(name_base), base) < 0
        || cg_dict_set(d, cg_obj_value(name_dt), dt) < 0) {
        cg_decref(inst);
        inst = CG_ERR;
    }
    cg_decref(tv);
    return inst;
}

/* numpy 1.24's value-based casting, in the cases it keeps the array's
 * dtype (the prelude's _keeps) */
static bool keeps(cg_dtype dt, cg_value v) {
    bool is_float = cg_dtype_is_float(dt);
    if (v.tag == CG_V_INT) { /* the int's smallest type, (u)int8 or (u)int16, promoted with dt */
        if (is_float)
            return dt == CG_F64
                   || (cg_dtype_size(dt) == 4 ? v.u.i >= -32768 && v.u.i <= 65535 : v.u.i >= -128 && v.u.i <= 255);
        if (!cg_dtype_is_int(dt))
            return false;
        int64_t lo, hi;
        cg_dtype_int_range(dt, &lo, &hi);
        return v.u.i >= lo && v.u.i <= hi;
    }
    double f = v.u.f; /* numpy's min_scalar_type: half within 65000, float within 3.4e38 */
    if (!is_float)
        return false;
    if (dt == CG_F64 || !isfinite(f))
        return true;
    return cg_dtype_size(dt) == 2 ? f > -65000.0 && f < 65000.0 : f > -3.4e38 && f < 3.4e38;
}

static bool op_keeps_dtype(int op, cg_dtype dt) {
    if (op >= FOP_EQ)
        return true;
    if (op == FOP_TRUEDIV)
        return cg_dtype_is_float(dt);
    return dt != CG_BOOL;
}

static cg_tensor *run_op(int op, cg_tensor *x, cg_tensor *y) {
    switch (op) {
    case FOP_ADD: return cg_add(x, y, cg_scalar_int(1));
    case FOP_SUB: return cg_sub(x, y, cg_scalar_int(1));
    case FOP_MUL: return cg_mul(x, y);
    case FOP_TRUEDIV: return cg_div(x, y);
    case FOP_EQ: return cg_eq(x, y);
    case FOP_NE: return cg_ne(x, y);
    case FOP_LT: return cg_lt(x, y);
    case FOP_LE: return cg_le(x, y);
    case FOP_GT: return cg_gt(x, y);
    default: return cg_ge(x, y);
    }
}

/* A field of an ndarray (borrowed; CG_STOP when unset). ndarray's
 * __slots__ live in its instance dict, and no descriptor of the class
 * shadows them, so the dict answers what getattr would. */
static cg_value array_field(cg_value arr, cg_str *name) {
    cg_dict *d = cg_instance_dict_borrowed(arr);
    if (!d) {
        cg_exc_clear();
        return CG_STOP;
    }
    return cg_dict_get_str_borrowed(d, name);
}

/* The array's tensor (borrowed) when v is exactly an ndarray of at least
 * one dimension; NULL otherwise. *dt_obj gets its numpy dtype (borrowed). */
static cg_tensor *array_tensor(cg_value v, cg_value *dt_obj) {
    if (v.tag != CG_V_OBJ || (void *)v.u.o->type != (void *)nd_class.u.o)
        return NULL;
    cg_value t = array_field(v, name_t);
    cg_tensor *r = cg_is_tensor(t) && cg_tensor_of_borrowed(t)->ndim > 0 ? cg_tensor_of_borrowed(t) : NULL;
    if (r)
        *dt_obj = nd_dtypes[r->dtype];
    return r;
}

static bool nonfinite(const cg_tensor *t) {
    if (!cg_dtype_is_float(t->dtype))
        return false;
    if (cg_dtype_is_reduced(t->dtype) || !cg_tensor_is_contiguous(t))
        return true; /* not worth a scan here: the general path decides */
    int64_t n = cg_tensor_numel(t);
    if (t->dtype == CG_F64) {
        const uint64_t *u = cg_tensor_data(t);
        uint64_t bad = 0;
        for (int64_t k = 0; k < n; k++)
            bad |= (u[k] & 0x7ff0000000000000ULL) == 0x7ff0000000000000ULL;
        return bad;
    }
    const uint32_t *u = cg_tensor_data(t);
    uint32_t bad = 0;
    for (int64_t k = 0; k < n; k++)
        bad |= (u[k] & 0x7f800000U) == 0x7f800000U;
    return bad;
}

cg_value np_fast_binop(int op, cg_value av, cg_value b) {
    cg_value da = CG_NONE, db = CG_NONE;
    cg_tensor *x = registered && op >= 0 && op < FOP_COUNT ? array_tensor(av, &da) : NULL;
    if (!x || !op_keeps_dtype(op, x->dtype) || cg_tensor_device(x).type != CG_CPU)
        return CG_NONE;
    cg_tensor *y = NULL, *wrapped = NULL;
    bool number = b.tag == CG_V_INT || b.tag == CG_V_FLOAT;
    if (number) {
        if (!keeps(x->dtype, b))
            return CG_NONE;
    } else if (!(y = array_tensor(b, &db)) || db.u.o != da.u.o || y->dtype != x->dtype) {
        return CG_NONE;
    }
    cg_tensor *r = np_small_binop(op, x, y, b); /* Note [Small array kernels] */
    if (!r) {
        cg_error_clear();
        if (number && !(y = wrapped = cg_scalar_tensor(b.tag == CG_V_INT ? cg_scalar_int(b.u.i)
                                                                         : cg_scalar_float(b.u.f))))
            return torch_raise();
        bool was = cg_grad_set_enabled(false);
        r = run_op(op, x, y);
        cg_grad_set_enabled(was);
        cg_tensor_release(wrapped);
    }
    if (!r) { /* a shape error and the like: numpy's words come from the general path */
        cg_error_clear();
        return CG_NONE;
    }
    if (r->dtype != (op >= FOP_EQ ? CG_BOOL : x->dtype) || nonfinite(r)) {
        cg_tensor_release(r);
        return CG_NONE;
    }
    return wrap(r);
}

static cg_tensor *run_unop(int op, cg_tensor *x) {
    static cg_tensor *(*const fns[UOP_COUNT])(cg_tensor *) = {cg_sqrt, cg_exp,  cg_log, cg_log1p, cg_sin,
                                                              cg_cos,  cg_tanh, cg_neg, cg_abs};
    return fns[op](x);
}

cg_value np_fast_unop(int op, cg_value av) {
    cg_value d = CG_NONE;
    cg_tensor *x = registered && op >= 0 && op < UOP_COUNT ? array_tensor(av, &d) : NULL;
    bool plain_float = x && (x->dtype == CG_F32 || x->dtype == CG_F64);
    bool ok = plain_float || (x && op == UOP_NEGATIVE && cg_dtype_is_int(x->dtype));
    if (!ok || cg_tensor_device(x).type != CG_CPU)
        return CG_NONE;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *r = run_unop(op, x);
    cg_grad_set_enabled(was);
    if (!r) {
        cg_error_clear();
        return CG_NONE;
    }
    if (r->dtype != x->dtype || nonfinite(r)) {
        cg_tensor_release(r);
        return CG_NONE;
    }
    return wrap(r);
}

/* unop(op, a): a float function of a float32/float64 array (negative of
 * any number too), or None (Note [ndarray fast paths]). */
static cg_value f_unop(cg_value self, const cg_args *a) {
    if (a->npos != 2 || a->pos[0].tag != CG_V_INT)
        return CG_NONE;
    return np_fast_unop((int)a->pos[0].u.i, a->pos[1]);
}

/* The numpy dtype of nested lists and tuples of Python bools, ints and
 * floats: 0 bool, 1 int64, 2 float64; -1 for anything else (another
 * leaf type, an int past int64, too deep). */
static int nested_kind(cg_value v, int depth) {
    if (v.tag == CG_V_BOOL)
        return 0;
    if (v.tag == CG_V_INT)
        return 1;
    if (v.tag == CG_V_FLOAT)
        return 2;
    if (depth >= CG_MAX_DIMS || !(cg_is_type(v, &cg_type_list) || cg_is_type(v, &cg_type_tuple)))
        return -1;
    int kind = 0;
    int64_t n = torch_seq_len(v);
    for (int64_t i = 0; i < n && kind >= 0; i++) {
        int k = nested_kind(torch_seq_item_borrowed(v, i), depth + 1);
        kind = k < 0 ? -1 : k > kind ? k : kind;
    }
    return n ? kind : 2; /* [] is float64 */
}

/* from_nested(obj): np.array(obj) of nested lists of Python numbers, with
 * numpy's dtype (bool, int64 or float64); None for anything else or a
 * ragged nesting, whose error the general path words. */
static cg_value f_from_nested(cg_value self, const cg_args *a) {
    return a->npos == 1 ? np_fast_from_nested(a->pos[0]) : CG_NONE;
}

cg_value np_fast_from_nested(cg_value obj) {
    if (!registered)
        return CG_NONE;
    static const cg_dtype dts[3] = {CG_BOOL, CG_INT64, CG_F64};
    int kind = cg_is_type(obj, &cg_type_list) || cg_is_type(obj, &cg_type_tuple) ? nested_kind(obj, 0) : -1;
    if (kind < 0)
        return CG_NONE;
    cg_tensor *t = torch_tensor_from_data("array", obj, dts[kind], cg_device_cpu());
    if (!t) {
        cg_exc_clear();
        return CG_NONE;
    }
    return wrap(t);
}

/* reshape(a, shape): a view of a contiguous-enough array in a new shape
 * (an int or a tuple of ints, one of them may be -1), its base a's owner;
 * None where the general path has to copy or to word an error. */
static cg_value f_reshape(cg_value self, const cg_args *a) {
    return a->npos == 2 ? np_fast_reshape(a->pos[0], a->pos[1]) : CG_NONE;
}

cg_value np_fast_reshape(cg_value av, cg_value shape) {
    if (!registered)
        return CG_NONE;
    cg_value d = CG_NONE;
    cg_tensor *x = array_tensor(av, &d);
    if (!x && !(av.tag == CG_V_OBJ && (void *)av.u.o->type == (void *)nd_class.u.o))
        return CG_NONE;
    if (!x) { /* a 0-d array */
        cg_value tv = array_field(av, name_t);
        x = cg_is_tensor(tv) ? cg_tensor_of_borrowed(tv) : NULL;
        if (!x)
            return CG_NONE;
    }
    int64_t sizes[CG_MAX_DIMS], known = 1, n = cg_tensor_numel(x);
    int ndim = 0, unknown = -1;
    int64_t count = shape.tag == CG_V_INT ? 1 : cg_is_type(shape, &cg_type_tuple) ? torch_seq_len(shape) : -1;
    if (count < 0 || count > CG_MAX_DIMS)
        return CG_NONE;
    for (int64_t i = 0; i < count; i++) {
        cg_value v = shape.tag == CG_V_INT ? shape : torch_seq_item_borrowed(shape, i);
        if (v.tag != CG_V_INT || (v.u.i < 0 && unknown >= 0))
            return CG_NONE;
        if (v.u.i < 0) /* numpy 1.24 takes any negative size as the unknown one */
            unknown = ndim;
        else if (__builtin_mul_overflow(known, v.u.i, &known))
            return CG_NONE;
        sizes[ndim++] = v.u.i;
    }
    if (unknown >= 0) {
        if (known == 0 || n % known)
            return CG_NONE;
        sizes[unknown] = n / known;
    } else if (known != n) {
        return CG_NONE;
    }
    bool was = cg_grad_set_enabled(false);
    cg_tensor *r = cg_view(x, ndim, sizes);
    cg_grad_set_enabled(was);
    if (!r) { /* not viewable: the general path copies */
        cg_error_clear();
        return CG_NONE;
    }
    return view_of(av, r);
}

/* One key of a basic index applied at dim *d of *t (replaced): an int
 * selects (dim stays), a slice of positive step views (next dim). False
 * for anything else, a negative step (numpy's view, the engine's copy) and
 * an index out of range, which the general path words. */
static bool index_one(cg_tensor **t, int *d, cg_value k) {
    if (*d >= (*t)->ndim)
        return false;
    int64_t size = (*t)->sizes[*d];
    cg_tensor *r = NULL;
    if (k.tag == CG_V_INT) {
        int64_t i = k.u.i < 0 ? k.u.i + size : k.u.i;
        if (i < 0 || i >= size)
            return false;
        r = cg_select(*t, *d, i);
    } else if (cg_is_type(k, &cg_type_slice)) {
        int64_t start, stop, step;
        int64_t n = cg_slice_indices(k, size, &start, &stop, &step);
        if (n < 0) {
            cg_exc_clear();
            return false;
        }
        if (step <= 0)
            return false;
        r = cg_slice_dim(*t, *d, start, n ? start + (n - 1) * step + 1 : start, step);
        (*d)++;
    } else {
        return false;
    }
    if (!r) {
        cg_error_clear();
        return false;
    }
    cg_tensor_release(*t);
    *t = r;
    return true;
}

/* numpy's scalar of an engine element v of dtype dt (the prelude's
 * _scalar, in C where it is plain: a float64 is a float subclass holding
 * the value, most others an object holding it as _v). */
static cg_value scalar_of(cg_value v, cg_dtype dt) {
    static cg_value types[CG_DTYPE_COUNT];
    static cg_str *name_v;
    bool plain = (dt == CG_F64 || dt == CG_F32 || dt == CG_BOOL || cg_dtype_is_int(dt)) && nd_dtypes[dt].tag == CG_V_OBJ;
    if (plain && types[dt].tag != CG_V_OBJ) {
        cg_value ty = cg_getattr(nd_dtypes[dt], cg_str_intern("type"));
        if (cg_is_err(ty))
            return CG_ERR;
        types[dt] = ty;
        name_v = cg_str_intern("_v");
    }
    if (!plain || !cg_isinstance(types[dt], &cg_type_type)) {
        cg_value pos[2] = {v, nd_dtypes[dt]};
        cg_args sa = {.pos = pos, .npos = 2};
        return cg_call(nd_scalar, &sa);
    }
    cg_type *cls = (cg_type *)types[dt].u.o;
    if (dt == CG_F64) {
        cg_args fa = {.pos = &v, .npos = 1};
        return cg_boxed_new(cls, &cg_type_float, &fa);
    }
    cg_args none = {0};
    cg_value s = cg_type_object.new_(cls, &none);
    cg_dict *d = cg_is_err(s) ? NULL : cg_instance_dict_borrowed(s);
    if (!d || cg_dict_set(d, cg_obj_value(name_v), v) < 0) {
        cg_decref(s);
        return CG_ERR;
    }
    return s;
}

cg_value np_fast_getitem(cg_value av, cg_value key) {
    if (!registered)
        return CG_NONE;
    cg_value dt = CG_NONE;
    cg_tensor *x = array_tensor(av, &dt);
    if (!x || dt.tag != CG_V_OBJ)
        return CG_NONE;
    bool tuple = cg_is_type(key, &cg_type_tuple);
    int64_t n = tuple ? torch_seq_len(key) : 1;
    if (n > x->ndim || n < 1)
        return CG_NONE;
    bool all_int = true;
    cg_tensor *t = cg_tensor_retain(x);
    int d = 0;
    bool was = cg_grad_set_enabled(false), ok = true;
    for (int64_t i = 0; i < n && ok; i++) {
        cg_value k = tuple ? torch_seq_item_borrowed(key, i) : key;
        all_int &= k.tag == CG_V_INT;
        ok = index_one(&t, &d, k);
    }
    cg_grad_set_enabled(was);
    if (!ok) {
        cg_tensor_release(t);
        return CG_NONE;
    }
    if (all_int && n == x->ndim) { /* numpy's scalar of the element */
        cg_value v = torch_element_value(cg_tensor_data(t), t->dtype);
        cg_dtype edt = t->dtype;
        cg_tensor_release(t);
        if (cg_is_err(v))
            return v;
        cg_value sc = scalar_of(v, edt);
        cg_decref(v);
        return sc;
    }
    return view_of(av, t);
}

/* Whether numpy stores the Python number v into an array of dt as C's
 * conversion does, without a warning or an error: a bool anywhere, an
 * int into an int dtype that holds it or into float64/float32, a float
 * into float64 or (within its range, or not finite) float32. */
static bool stores_plainly(cg_dtype dt, cg_value v) {
    if (v.tag == CG_V_BOOL)
        return dt == CG_BOOL || dt == CG_F64 || dt == CG_F32 || cg_dtype_is_int(dt);
    if (v.tag == CG_V_INT) {
        if (dt == CG_F64 || dt == CG_F32)
            return true;
        int64_t lo, hi;
        return cg_dtype_is_int(dt) && (cg_dtype_int_range(dt, &lo, &hi), v.u.i >= lo && v.u.i <= hi);
    }
    if (v.tag == CG_V_FLOAT)
        return dt == CG_F64 || (dt == CG_F32 && (!isfinite(v.u.f) || fabs(v.u.f) <= FLT_MAX));
    return false;
}

int np_fast_setitem(cg_value av, cg_value key, cg_value v) {
    cg_value dt = CG_NONE;
    cg_tensor *x = registered ? array_tensor(av, &dt) : NULL;
    if (!x || cg_tensor_device(x).type != CG_CPU || !stores_plainly(x->dtype, v))
        return 0;
    bool tuple = cg_is_type(key, &cg_type_tuple);
    int64_t n = tuple ? torch_seq_len(key) : 1, at = 0;
    if (n != x->ndim)
        return 0;
    for (int64_t d = 0; d < n; d++) {
        cg_value k = tuple ? torch_seq_item_borrowed(key, d) : key;
        if (k.tag != CG_V_INT)
            return 0;
        int64_t i = k.u.i < 0 ? k.u.i + x->sizes[d] : k.u.i;
        if (i < 0 || i >= x->sizes[d])
            return 0; /* numpy's IndexError from the general path */
        at += i * x->strides[d];
    }
    cg_scalar s = v.tag == CG_V_BOOL ? cg_scalar_bool(v.u.i != 0)
                  : v.tag == CG_V_INT ? cg_scalar_int(v.u.i)
                                      : cg_scalar_float(v.u.f);
    /* a numpy write is not a torch in-place op: a tensor over the same
     * memory (torch.from_numpy) keeps its version, as in PyTorch */
    cg_scalar_store((char *)cg_tensor_data(x) + at * (int64_t)cg_dtype_size(x->dtype), x->dtype, s);
    return 1;
}

cg_value np_fast_sum(cg_value av) {
    cg_value dt = CG_NONE;
    cg_tensor *x = registered ? array_tensor(av, &dt) : NULL;
    if (!x || (x->dtype != CG_F64 && x->dtype != CG_F32) || cg_tensor_device(x).type != CG_CPU)
        return CG_NONE;
    bool red[CG_MAX_DIMS];
    for (int d = 0; d < x->ndim; d++)
        red[d] = true;
    cg_tensor *r = np_add_reduce(x, red);
    if (!r)
        return torch_raise();
    double v = x->dtype == CG_F64 ? *(const double *)cg_tensor_data(r) : *(const float *)cg_tensor_data(r);
    cg_tensor_release(r);
    return scalar_of(cg_float(v), x->dtype);
}

cg_value np_fast_copy(cg_value av) {
    cg_value dt = CG_NONE;
    cg_tensor *x = registered ? array_tensor(av, &dt) : NULL;
    if (!x || !cg_tensor_is_contiguous(x) || cg_tensor_device(x).type != CG_CPU)
        return CG_NONE;
    cg_tensor *r = cg_tensor_empty(x->ndim, x->sizes, x->dtype, cg_device_cpu());
    if (!r)
        return torch_raise();
    size_t nbytes = (size_t)cg_tensor_numel(x) * cg_dtype_size(x->dtype);
    if (nbytes)
        memcpy(cg_tensor_data(r), cg_tensor_data(x), nbytes);
    return wrap(r);
}

/* The tensor of any array (0-d, a subclass's too), borrowed; NULL with
 * the error of getattr where it has none. */
static cg_tensor *any_array_tensor(cg_value v) {
    cg_value t = v.tag == CG_V_OBJ && (void *)v.u.o->type == (void *)nd_class.u.o ? array_field(v, name_t) : CG_STOP;
    if (t.tag == CG_V_STOP) {
        t = cg_getattr(v, name_t);
        if (cg_is_err(t))
            return NULL;
        cg_decref(t); /* the array holds its own */
    }
    if (!cg_is_tensor(t))
        return cg_raise(&cg_exc_TypeError, "not an array"), NULL;
    return cg_tensor_of_borrowed(t);
}

cg_value np_fast_shape(cg_value av) {
    cg_tensor *x = any_array_tensor(av);
    if (!x)
        return CG_ERR;
    cg_value items[CG_MAX_DIMS];
    for (int d = 0; d < x->ndim; d++)
        items[d] = cg_int(x->sizes[d]);
    return cg_tuple_steal(x->ndim, items);
}

cg_value np_fast_len(cg_value av) {
    cg_tensor *x = any_array_tensor(av);
    if (!x)
        return CG_ERR;
    if (x->ndim == 0)
        return cg_raise(&cg_exc_TypeError, "len() of unsized object");
    return cg_int(x->sizes[0]);
}

/* shape(a): a.shape, the getter of ndarray's shape property. */
static cg_value f_shape(cg_value self, const cg_args *a) {
    if (a->npos != 1)
        return cg_raise(&cg_exc_TypeError, "shape(a)");
    return np_fast_shape(a->pos[0]);
}

/* getitem(a, key): a[key] for keys of ints and positive-step slices, a
 * view with a's owner as base, or numpy's scalar where every dim was
 * taken by an int; None for any other key (Note [ndarray fast paths]). */
static cg_value f_getitem(cg_value self, const cg_args *a) {
    return a->npos == 2 ? np_fast_getitem(a->pos[0], a->pos[1]) : CG_NONE;
}

/* A view of a (an array of at least one dim) over tensor t (stolen), with
 * a's owner as base. */
static cg_value view_of(cg_value arr, cg_tensor *t) {
    cg_value base = array_field(arr, name_base);
    return wrap_base(t, base.tag == CG_V_STOP || cg_is_none(base) ? arr : base);
}

/* transpose(a): a.T, the dims reversed, as a view; None for a 0-d array. */
static cg_value f_transpose(cg_value self, const cg_args *a) {
    cg_value dt = CG_NONE;
    cg_tensor *x = registered && a->npos == 1 ? array_tensor(a->pos[0], &dt) : NULL;
    if (!x)
        return CG_NONE;
    int64_t perm[CG_MAX_DIMS];
    for (int i = 0; i < x->ndim; i++)
        perm[i] = x->ndim - 1 - i;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *r = cg_permute(x, x->ndim, perm);
    cg_grad_set_enabled(was);
    if (!r) {
        cg_error_clear();
        return CG_NONE;
    }
    return view_of(a->pos[0], r);
}

/* wrap(tensor): a new array over the tensor, or None before register. */
static cg_value f_wrap(cg_value self, const cg_args *a) {
    if (!registered || a->npos != 1 || !cg_is_tensor(a->pos[0]))
        return CG_NONE;
    return wrap(cg_tensor_retain(cg_tensor_of_borrowed(a->pos[0])));
}

cg_value np_fast_filled(cg_value shape, cg_dtype dtype, cg_value f) {
    if (!registered)
        return CG_NONE;
    int64_t sizes[CG_MAX_DIMS];
    int ndim = 0;
    if (shape.tag == CG_V_INT) {
        sizes[ndim++] = shape.u.i;
    } else if (cg_is_type(shape, &cg_type_tuple)) {
        int64_t n = torch_seq_len(shape);
        if (n > CG_MAX_DIMS)
            return CG_NONE;
        for (int64_t i = 0; i < n; i++) {
            cg_value v = torch_seq_item_borrowed(shape, i);
            if (v.tag != CG_V_INT)
                return CG_NONE;
            sizes[ndim++] = v.u.i;
        }
    } else {
        return CG_NONE;
    }
    int64_t numel = 1;
    for (int i = 0; i < ndim; i++)
        if (sizes[i] < 0 || sizes[i] > ((int64_t)1 << 40) || __builtin_mul_overflow(numel, sizes[i], &numel))
            return CG_NONE;
    cg_scalar fill;
    if (f.tag == CG_V_INT)
        fill = cg_scalar_int(f.u.i);
    else if (f.tag == CG_V_FLOAT)
        fill = cg_scalar_float(f.u.f);
    else if (cg_is_none(f))
        fill = cg_scalar_int(0); /* empty: zeros are as good as any bytes */
    else
        return CG_NONE;
    /* a small array of zeros is zero bytes in every dtype: a memset, not
     * the engine's fill kernel (its iterator costs more than the bytes) */
    bool zero = fill.kind == CG_SCALAR_INT ? fill.v.i == 0 : fill.v.f == 0.0 && !signbit(fill.v.f);
    size_t nbytes = (size_t)numel * cg_dtype_size(dtype);
    cg_tensor *t = zero && nbytes <= 65536 ? cg_tensor_empty(ndim, sizes, dtype, cg_device_cpu())
                                           : cg_full(ndim, sizes, fill, dtype, cg_device_cpu());
    if (!t) {
        cg_error_clear();
        return CG_NONE;
    }
    if (zero && nbytes <= 65536 && nbytes)
        memset(cg_tensor_data(t), 0, nbytes);
    return wrap(t);
}

/* filled(shape, torch dtype, fill): np.zeros / ones / full / empty (fill
 * None) of a shape given as an int or a tuple of ints, all >= 0; None for
 * anything else, which the general path checks and words. */
static cg_value f_filled(cg_value self, const cg_args *a) {
    if (a->npos != 3 || !torch_is_dtype(a->pos[1]))
        return CG_NONE;
    return np_fast_filled(a->pos[0], torch_dtype_of(a->pos[1]), a->pos[2]);
}

static const cg_method_def fast_defs[] = {
    {"unop", f_unop, NULL, "unop(op, a): a float function of an array in C, or None for the general path."},
    {"from_nested", f_from_nested, NULL, "from_nested(obj): np.array of nested lists of numbers, or None."},
    {"reshape", f_reshape, NULL, "reshape(a, shape): a view of a in a new shape, or None for the general path."},
    {"shape", f_shape, NULL, "shape(a): the shape of the array a, as a tuple."},
    {"getitem", f_getitem, NULL, "getitem(a, key): a[key] for basic keys in C, or None for the general path."},
    {"transpose", f_transpose, NULL, "transpose(a): a.T as a view, or None for the general path."},
    {"wrap", f_wrap, NULL, "wrap(tensor): a numpy array over the tensor, or None before register."},
    {"filled", f_filled, NULL, "filled(shape, dtype, fill): a new filled array, or None for the general path."},
    {"register", f_register, NULL,
     "register(ndarray, pairs): the array class and the numpy dtype of each engine dtype."},
    {"methods", np_fast_methods, NULL,
     "methods(ndarray, ufunc): ndarray's operators and indexing and ufunc calls in C, the methods there kept as "
     "their general paths."},
    {"creator", np_fast_creator, NULL, "creator(name, general): np.zeros, np.ones, np.empty or np.array in C."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_numpy_fast_module_init(void) {
    name_t = cg_str_intern("_t");
    name_dt = cg_str_intern("_dt");
    name_base = cg_str_intern("_base");
    return cg_module_of("numpy._fast", fast_defs);
}
