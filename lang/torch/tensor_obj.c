/* tensor_obj.c: the Tensor type of the cell language (tensor_obj.h): the
 * wrapper cache, the slots (repr, operators, comparisons, subscripts, len,
 * iteration, truth, hash, `in`) and the attributes (shape, grad, grad_fn,
 * requires_grad, data, ...), each as PyTorch 1.13 behaves.
 *
 * The ops as methods (x.sum(), x.view(2, 3)) are torch_tensor_methods.c;
 * the text of a tensor is display/'s (tensor_repr.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/gc.h"
#include "tensor_repr.h"
#include "torch/torch_args.h"

/* ---- the wrapper cache, see Note [One wrapper per tensor] --------------------- */

static cg_value wrap_new(cg_type *type, cg_tensor *t) {
    cg_tensor_obj *o = torch_obj_new(type);
    if (!o)
        return CG_ERR;
    o->t = cg_tensor_retain(t);
    t->owner = o;
    cg_gc_track(o);
    return cg_obj_value(o);
}

cg_value cg_tensor_value(cg_tensor *t) {
    if (t->owner) {
        cg_obj_incref(t->owner);
        return cg_obj_value(t->owner);
    }
    return wrap_new(&cg_type_tensor, t);
}

cg_value cg_tensor_steal(cg_tensor *t) {
    if (!t)
        return torch_raise();
    cg_value v = cg_tensor_value(t);
    cg_tensor_release(t);
    return v;
}

cg_value cg_tensor_value_typed(cg_type *type, cg_tensor *t) { return wrap_new(type, t); }

bool cg_is_tensor(cg_value v) {
    return v.tag == CG_V_OBJ && (v.u.o->type == &cg_type_tensor || cg_isinstance(v, &cg_type_tensor));
}

static void tensor_dealloc(cg_obj *self) {
    cg_tensor_obj *o = (cg_tensor_obj *)self;
    if (o->t->owner == o)
        o->t->owner = NULL;
    cg_tensor_release(o->t);
    if (o->dict)
        cg_obj_decref(o->dict);
    torch_obj_free(self);
}

/* Note [Tensors and the collector]
 * A Tensor is collected like an instance: its subclass attributes, its
 * class, and the functions registered with register_hook, which often
 * capture the tensor itself (x.register_hook(lambda g: g * x)). The hooks
 * belong to the engine tensor, which other tensors or nodes may hold too;
 * the wrapper counts them as its own only while it holds the engine
 * tensor's one reference, so that no reference is counted twice. */
static void tensor_traverse(cg_obj *self, cg_visitfn visit, void *arg) {
    cg_tensor_obj *o = (cg_tensor_obj *)self;
    cg_visit_obj(o->dict, visit, arg);
    if (self->type->flags & CG_TYPE_HEAP)
        visit(&self->type->head, arg);
    if (o->t->refcount == 1)
        torch_tensor_hooks_traverse(o->t, visit, arg);
}

static void tensor_clear(cg_obj *self) {
    cg_tensor_obj *o = (cg_tensor_obj *)self;
    CG_CLEAR_OBJ(o->dict);
    if (o->t->refcount == 1)
        torch_tensor_hooks_clear(o->t);
}

/* ---- repr, hash, truth, len ---------------------------------------------------- */

static cg_value tensor_repr(cg_value self) {
    char *s = cg_tensor_repr(cg_tensor_of_borrowed(self));
    if (!s)
        return torch_raise();
    cg_value r = cg_str_from_c(s);
    free(s);
    return r;
}

/* PyTorch's Tensor.__hash__ is id(self). */
static int64_t tensor_hash(cg_value self) { return (int64_t)(intptr_t)self.u.o; }

static int tensor_truth(cg_value self) {
    cg_tensor *t = cg_tensor_of_borrowed(self);
    int64_t n = cg_tensor_numel(t);
    if (n != 1)
        return cg_raise_int(&cg_exc_RuntimeError, "Boolean value of Tensor with %s is ambiguous",
                            n == 0 ? "no values" : "more than one value");
    cg_scalar s;
    if (cg_tensor_item(t, &s) < 0)
        return torch_raise_int();
    return cg_scalar_to_double(s) != 0.0;
}

static int64_t tensor_len(cg_value self) {
    cg_tensor *t = cg_tensor_of_borrowed(self);
    if (t->ndim == 0)
        return cg_raise_int(&cg_exc_TypeError, "len() of a 0-d tensor");
    return t->sizes[0];
}

/* ---- operators ----------------------------------------------------------------- */

/* a op b with a and b as Python gives them; `num` is the operand that is a
 * wrapped Python number (a, b or NULL). Reflected forms follow
 * torch/_tensor.py: 2 - x is rsub, 2 / x is x.reciprocal() * 2, 2 + x and
 * 2 * x are x.add(2) and x.mul(2). NULL without an error: NotImplemented. */
static cg_tensor *binop(cg_tensor *a, cg_tensor *b, cg_binop op, const cg_tensor *num) {
    bool rnum = num == a; /* a number on the left: a reflected operator */
    cg_scalar one = cg_scalar_int(1);
    switch (op) {
    case OP_ADD: return rnum ? cg_add(b, a, one) : cg_add(a, b, one);
    case OP_MULT: return rnum ? cg_mul(b, a) : cg_mul(a, b);
    case OP_SUB: return rnum ? cg_rsub(b, a, one) : cg_sub(a, b, one);
    case OP_DIV: {
        if (!rnum)
            return cg_div(a, b);
        cg_tensor *rec = cg_reciprocal(b);
        if (!rec)
            return NULL;
        cg_tensor *r = cg_mul(rec, a);
        cg_tensor_release(rec);
        return r;
    }
    case OP_FLOORDIV: return cg_floor_divide(a, b);
    case OP_MOD: return cg_remainder(a, b);
    case OP_POW: return cg_pow(a, b);
    case OP_MATMULT: return num ? NULL : cg_matmul(a, b);
    case OP_BITAND: return cg_bitwise_and(a, b);
    case OP_BITOR: return cg_bitwise_or(a, b);
    case OP_BITXOR: return cg_bitwise_xor(a, b);
    case OP_LSHIFT: return cg_bitwise_left_shift(a, b);
    case OP_RSHIFT: return cg_bitwise_right_shift(a, b);
    default: return NULL;
    }
}

/* Both operands as tensors, or false: NotImplemented (the other operand is
 * neither a tensor nor a Python number). */
static bool operands(cg_value a, cg_value b, cg_tensor **ta, cg_tensor **tb, const cg_tensor **num) {
    *ta = torch_operand(a);
    if (!*ta)
        return false;
    *tb = torch_operand(b);
    if (!*tb) {
        cg_tensor_release(*ta);
        return false;
    }
    *num = !cg_is_tensor(a) ? *ta : !cg_is_tensor(b) ? *tb : NULL;
    return true;
}

static cg_value tensor_binary(cg_value a, cg_value b, cg_binop op) {
    cg_tensor *ta, *tb;
    const cg_tensor *num;
    if (!operands(a, b, &ta, &tb, &num))
        return cg_exc_pending() ? CG_ERR : cg_incref(cg_NotImplemented);
    cg_error_clear();
    cg_tensor *r = binop(ta, tb, op, num);
    cg_tensor_release(ta);
    cg_tensor_release(tb);
    if (!r)
        return cg_error_occurred() ? torch_raise() : cg_incref(cg_NotImplemented);
    return cg_tensor_steal(r);
}

static int inplace_op(cg_tensor *a, cg_tensor *b, cg_binop op) {
    cg_scalar one = cg_scalar_int(1);
    switch (op) {
    case OP_ADD: return cg_add_(a, b, one);
    case OP_SUB: return cg_sub_(a, b, one);
    case OP_MULT: return cg_mul_(a, b);
    case OP_DIV: return cg_div_(a, b);
    case OP_FLOORDIV: return cg_floor_divide_(a, b);
    case OP_MOD: return cg_remainder_(a, b);
    case OP_POW: return cg_pow_(a, b);
    case OP_BITAND: return cg_bitwise_and_(a, b);
    case OP_BITOR: return cg_bitwise_or_(a, b);
    case OP_BITXOR: return cg_bitwise_xor_(a, b);
    case OP_LSHIFT: return cg_bitwise_left_shift_(a, b);
    case OP_RSHIFT: return cg_bitwise_right_shift_(a, b);
    default: return 1; /* no in-place form: Python falls back to a = a op b */
    }
}

/* x += 1, w -= lr * w.grad: in place, as PyTorch's __iadd__ and friends. */
static cg_value tensor_inplace(cg_value a, cg_value b, cg_binop op) {
    if (!cg_is_tensor(a))
        return cg_incref(cg_NotImplemented);
    cg_tensor *tb = torch_operand(b);
    if (!tb)
        return cg_exc_pending() ? CG_ERR : cg_incref(cg_NotImplemented);
    int rc = inplace_op(cg_tensor_of_borrowed(a), tb, op);
    cg_tensor_release(tb);
    if (rc < 0)
        return torch_raise();
    if (rc > 0)
        return cg_incref(cg_NotImplemented);
    return cg_incref(a);
}

static cg_cmpop mirror(cg_cmpop op) {
    switch (op) {
    case OP_LT: return OP_GT;
    case OP_LT_E: return OP_GT_E;
    case OP_GT: return OP_LT;
    case OP_GT_E: return OP_LT_E;
    default: return op;
    }
}

static cg_value tensor_compare(cg_value a, cg_value b, cg_cmpop op) {
    if (!cg_is_tensor(a)) { /* 2 < x is x > 2 */
        cg_value t = a;
        a = b, b = t;
        op = mirror(op);
    }
    cg_tensor *(*fn)(cg_tensor *, cg_tensor *);
    switch (op) {
    case OP_EQ: fn = cg_eq; break;
    case OP_NOT_EQ: fn = cg_ne; break;
    case OP_LT: fn = cg_lt; break;
    case OP_LT_E: fn = cg_le; break;
    case OP_GT: fn = cg_gt; break;
    case OP_GT_E: fn = cg_ge; break;
    default: return cg_incref(cg_NotImplemented);
    }
    cg_tensor *tb = torch_operand(b);
    if (!tb)
        return cg_exc_pending() ? CG_ERR : cg_incref(cg_NotImplemented);
    cg_tensor *r = fn(cg_tensor_of_borrowed(a), tb);
    cg_tensor_release(tb);
    return cg_tensor_steal(r);
}

static cg_value tensor_unary(cg_value self, cg_unaryop op) {
    cg_tensor *t = cg_tensor_of_borrowed(self);
    switch (op) {
    case OP_USUB: return cg_tensor_steal(cg_neg(t));
    case OP_UADD: return cg_incref(self); /* torch.positive returns self */
    case OP_INVERT:
        if (cg_dtype_is_float(t->dtype))
            return cg_raise(&cg_exc_TypeError,
                            "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
        return cg_tensor_steal(cg_bitwise_not(t));
    default: return cg_incref(cg_NotImplemented);
    }
}

/* `item in x`: (item == x).any(), for tensors and Python numbers only. */
static int tensor_contains(cg_value self, cg_value item) {
    cg_tensor *ti = torch_operand(item);
    if (!ti) {
        if (cg_exc_pending())
            return -1;
        return cg_raise_int(&cg_exc_RuntimeError,
                            "Tensor.__contains__ only supports Tensor or scalar, but you passed in a <class '%s'>.",
                            cg_type_name(item));
    }
    cg_tensor *eq = cg_eq(ti, cg_tensor_of_borrowed(self));
    cg_tensor_release(ti);
    cg_tensor *any = eq ? cg_any(eq, 0, NULL, false) : NULL;
    cg_tensor_release(eq);
    cg_scalar s;
    int rc = any ? cg_tensor_item(any, &s) : -1;
    cg_tensor_release(any);
    return rc < 0 ? torch_raise_int() : s.v.b;
}

/* for row in x: PyTorch iterates over x.unbind(0), one UnbindBackward0. */
static cg_value tensor_iter(cg_value self) {
    cg_tensor *t = cg_tensor_of_borrowed(self);
    if (t->ndim == 0)
        return cg_raise(&cg_exc_TypeError, "iteration over a 0-d tensor");
    int n;
    cg_tensor **rows = cg_unbind(t, 0, &n);
    if (!rows)
        return torch_raise();
    cg_value tuple = cg_tuple_new(n);
    for (int i = 0; i < n; i++) {
        if (!cg_is_err(tuple))
            ((cg_tuple *)tuple.u.o)->items[i] = cg_tensor_value(rows[i]);
        cg_tensor_release(rows[i]);
    }
    free(rows);
    if (cg_is_err(tuple))
        return CG_ERR;
    for (int i = 0; i < n; i++)
        if (cg_is_err(((cg_tuple *)tuple.u.o)->items[i])) {
            ((cg_tuple *)tuple.u.o)->items[i] = CG_NONE;
            cg_decref(tuple);
            return CG_ERR;
        }
    cg_value it = cg_iter(tuple);
    cg_decref(tuple);
    return it;
}

/* ---- subscripts ---------------------------------------------------------------- */

#define MAX_INDEX_ITEMS (3 * CG_MAX_DIMS)

typedef struct {
    int n;
    cg_index_item items[MAX_INDEX_ITEMS];
    cg_tensor *owned[MAX_INDEX_ITEMS]; /* tensors made from lists and bools */
    int nowned;
} index_key;

static void key_free(index_key *k) {
    for (int i = 0; i < k->nowned; i++)
        cg_tensor_release(k->owned[i]);
}

/* A slice bound: None, an int, or an integer 0-d tensor. */
static int slice_bound(cg_value v, bool *has, int64_t *out) {
    *has = !cg_is_none(v);
    if (!*has)
        return 0;
    if (v.tag == CG_V_INT || v.tag == CG_V_BOOL) {
        *out = v.u.i;
        return 0;
    }
    if (cg_is_tensor(v) && cg_dtype_is_int(cg_tensor_of_borrowed(v)->dtype)
        && cg_tensor_numel(cg_tensor_of_borrowed(v)) == 1) {
        cg_scalar s;
        if (cg_tensor_item(cg_tensor_of_borrowed(v), &s) < 0)
            return torch_raise_int();
        *out = cg_scalar_to_int(s);
        return 0;
    }
    return cg_index_value(v, out);
}

static int slice_item(cg_value v, cg_index_item *it) {
    static const char *const names[3] = {"start", "stop", "step"};
    bool *has[3] = {&it->has_start, &it->has_stop, &it->has_step};
    int64_t *val[3] = {&it->start, &it->stop, &it->step};
    it->kind = CG_INDEX_SLICE;
    for (int i = 0; i < 3; i++) {
        cg_value part = cg_getattr(v, cg_str_intern(names[i]));
        if (cg_is_err(part))
            return -1;
        int rc = slice_bound(part, has[i], val[i]);
        cg_decref(part);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static int own_tensor(index_key *k, cg_index_item *it, cg_tensor *t) {
    if (!t)
        return -1;
    k->owned[k->nowned++] = t;
    it->kind = CG_INDEX_TENSOR;
    it->tensor = t;
    return 0;
}

static int key_item(index_key *k, cg_value v, cg_index_item *it) {
    memset(it, 0, sizeof *it);
    if (v.tag == CG_V_INT) {
        it->kind = CG_INDEX_INT;
        it->i = v.u.i;
        return 0;
    }
    if (v.tag == CG_V_BOOL) /* as a 0-d bool mask */
        return own_tensor(k, it, cg_full(0, NULL, cg_scalar_bool(v.u.i), CG_BOOL, cg_device_cpu())) ? torch_raise_int()
                                                                                                    : 0;
    if (cg_is_none(v)) {
        it->kind = CG_INDEX_NONE;
        return 0;
    }
    if (v.tag == CG_V_OBJ && v.u.o == cg_Ellipsis.u.o) {
        it->kind = CG_INDEX_ELLIPSIS;
        return 0;
    }
    if (cg_is_type(v, &cg_type_slice))
        return slice_item(v, it);
    if (cg_is_tensor(v)) {
        it->kind = CG_INDEX_TENSOR;
        it->tensor = cg_tensor_of_borrowed(v);
        return 0;
    }
    if (v.tag == CG_V_FLOAT)
        return cg_raise_int(&cg_exc_IndexError,
                            "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
                            "valid indices (got float)");
    /* a list (or anything else) goes through torch.tensor, as PyTorch does */
    cg_tensor *t = torch_tensor_from_data("new", v, -1, cg_device_cpu());
    if (!t)
        return -1;
    return own_tensor(k, it, t);
}

static int key_parse(cg_value key, index_key *k) {
    k->n = 0;
    k->nowned = 0;
    if (!cg_type_is_layout_subtype(cg_typeof(key), &cg_type_tuple))
        return key_item(k, key, &k->items[k->n++]);
    cg_tuple *tu = (cg_tuple *)key.u.o;
    if (tu->len > MAX_INDEX_ITEMS)
        return cg_raise_int(&cg_exc_IndexError, "too many indices for tensor of dimension %d", CG_MAX_DIMS);
    for (int64_t i = 0; i < tu->len; i++)
        if (key_item(k, tu->items[i], &k->items[k->n++]) < 0)
            return -1;
    return 0;
}

/* PyTorch's message for x[i] on a 0-d x (a single int key only). */
static int check_0d_index(cg_value self, cg_value key) {
    if (cg_tensor_of_borrowed(self)->ndim != 0 || key.tag != CG_V_INT)
        return 0;
    return cg_raise_int(&cg_exc_IndexError, "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                                            "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
}

static cg_value tensor_getitem(cg_value self, cg_value key) {
    if (check_0d_index(self, key) < 0)
        return CG_ERR;
    index_key k;
    if (key_parse(key, &k) < 0) {
        key_free(&k);
        return CG_ERR;
    }
    cg_tensor *r = cg_index_get(cg_tensor_of_borrowed(self), k.n, k.items);
    key_free(&k);
    return cg_tensor_steal(r);
}

static const char *legacy_type(cg_dtype dt, char *buf, size_t n) {
    snprintf(buf, n, "torch.%sTensor", cg_dtype_legacy_name(dt));
    return buf;
}

static int tensor_setitem(cg_value self, cg_value key, cg_value value) {
    cg_tensor *t = cg_tensor_of_borrowed(self);
    cg_scalar s;
    bool is_num = torch_scalar_of(value, &s);
    if (!is_num && !cg_is_tensor(value)) {
        char buf[64];
        return cg_raise_int(&cg_exc_TypeError, "can't assign a %s to a %s", cg_type_name(value),
                            legacy_type(t->dtype, buf, sizeof buf));
    }
    index_key k;
    if (check_0d_index(self, key) < 0)
        return -1;
    if (key_parse(key, &k) < 0) {
        key_free(&k);
        return -1;
    }
    int rc =
        is_num ? cg_index_set_scalar(t, k.n, k.items, s) : cg_index_set(t, k.n, k.items, cg_tensor_of_borrowed(value));
    key_free(&k);
    return rc < 0 ? torch_raise_int() : 0;
}

/* ---- attributes ---------------------------------------------------------------- */

static cg_value get_shape(cg_tensor *t) { return torch_size_new(t->ndim, t->sizes); }
static cg_value get_dtype(cg_tensor *t) { return torch_dtype_value(t->dtype); }
static cg_value get_device(cg_tensor *t) { return torch_device_value(cg_tensor_device(t)); }
static cg_value get_grad_fn(cg_tensor *t) { return torch_node_value(t->grad_fn); }
static cg_value get_requires_grad(cg_tensor *t) { return cg_bool(cg_tensor_requires_grad(t)); }
static cg_value get_is_leaf(cg_tensor *t) { return cg_bool(cg_tensor_is_leaf(t)); }
static cg_value get_ndim(cg_tensor *t) { return cg_int(t->ndim); }
static cg_value get_is_cuda(cg_tensor *t) { return cg_bool(cg_tensor_device(t).type == CG_CUDA); }
/* every tensor here is strided (dense): there is no sparse layout */
static cg_value get_is_sparse(cg_tensor *t) {
    (void)t;
    return CG_FALSE;
}
static cg_value get_layout(cg_tensor *t) {
    (void)t;
    return torch_layout_strided();
}
/* every tensor lives in host memory or on a CUDA device, dense, unquantized */
static cg_value get_is_cpu(cg_tensor *t) { return cg_bool(cg_tensor_device(t).type == CG_CPU); }
static cg_value get_false(cg_tensor *t) {
    (void)t;
    return CG_FALSE;
}
/* x.names: one None per dim, as for every tensor that was never named */
static cg_value get_names(cg_tensor *t) { return cg_tuple_new(t->ndim); }
static cg_value get_volatile(cg_tensor *t) {
    (void)t;
    if (torch_warn("UserWarning", "volatile was removed (Variable.volatile is always False)") < 0)
        return CG_ERR;
    return CG_FALSE;
}
static cg_value get_data(cg_tensor *t) { return cg_tensor_steal(cg_detach(t)); }
static cg_value get_version(cg_tensor *t) { return cg_int(t->storage->version); }
static cg_value get_retains_grad(cg_tensor *t) { return cg_bool(t->retains_grad); }
static cg_value get_base(cg_tensor *t) { return t->base ? cg_tensor_value(t->base) : CG_NONE; }
static cg_value get_output_nr(cg_tensor *t) { return cg_int(t->output_nr); }

static cg_value get_grad(cg_tensor *t) {
    if (t->grad_fn && !t->retains_grad && !t->grad
        && torch_warn("UserWarning",
                      "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
                      "attribute won't be populated during autograd.backward(). If you indeed want the .grad field "
                      "to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you "
                      "access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
                      "github.com/pytorch/pytorch/pull/30531 for more informations. (Triggered internally at  "
                      "./build/aten/src/ATen/core/TensorBody.h:480.)")
               < 0)
        return CG_ERR;
    return t->grad ? cg_tensor_value(t->grad) : CG_NONE;
}

/* x.T: the dims reversed by a permute (PermuteBackward0, also for 2-d
 * tensors), with PyTorch 1.13's deprecation warning unless 0-d or 2-d. */
static cg_value get_T(cg_tensor *t) {
    if (t->ndim != 0 && t->ndim != 2
        && torch_warn_once("UserWarning",
                           "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated "
                           "and it will throw an error in a future release. Consider `x.mT` to transpose batches of "
                           "matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a "
                           "tensor. (Triggered internally at  ./aten/src/ATen/native/TensorShape.cpp:3277.)")
               < 0)
        return CG_ERR;
    int64_t dims[CG_MAX_DIMS];
    for (int d = 0; d < t->ndim; d++)
        dims[d] = t->ndim - 1 - d;
    return cg_tensor_steal(cg_permute(t, t->ndim, dims));
}

/* x.mT: the last two dims swapped. */
static cg_value get_mT(cg_tensor *t) {
    if (t->ndim < 2)
        return cg_raise(&cg_exc_RuntimeError,
                        "tensor.mT is only supported on matrices or batches of matrices. "
                        "Got %d-D tensor.",
                        t->ndim);
    return cg_tensor_steal(cg_transpose(t, -2, -1));
}

/* x.H and x.mH: the conjugate transpose, of a matrix or of a batch of them */
static cg_value adjoint(cg_tensor *t) {
    cg_tensor *tr = cg_transpose(t, -2, -1);
    if (!tr || !cg_dtype_is_complex(t->dtype))
        return cg_tensor_steal(tr);
    cg_tensor *c = cg_conj(tr);
    cg_tensor_release(tr);
    return cg_tensor_steal(c);
}
static cg_value get_H(cg_tensor *t) {
    if (t->ndim != 2)
        return cg_raise(&cg_exc_RuntimeError, "tensor.H is only supported on matrices (2-D tensors). Got %d-D tensor.%s",
                        t->ndim, t->ndim > 2 ? " For batches of matrices, consider using tensor.mH" : "");
    return adjoint(t);
}
static cg_value get_mH(cg_tensor *t) {
    if (t->ndim < 2)
        return cg_raise(&cg_exc_RuntimeError,
                        "tensor.mH is only supported on matrices or batches of matrices. Got %d-D tensor.", t->ndim);
    return adjoint(t);
}

/* Setting requires_grad: PyTorch's THPVariable_set_requires_grad. */
int torch_set_requires_grad(cg_tensor *t, bool on, bool from_method) {
    if (!cg_tensor_is_leaf(t)) {
        if (from_method && on)
            return 0;
        return cg_raise_int(&cg_exc_RuntimeError, "you can only change requires_grad flags of leaf variables.%s",
                            on ? ""
                               : " If you want to use a computed variable in a subgraph that doesn't require "
                                 "differentiation use var_no_grad = var.detach().");
    }
    if (on && !cg_dtype_is_inexact(t->dtype))
        return cg_raise_int(&cg_exc_RuntimeError, "only Tensors of floating point %sdtype can require gradients",
                            from_method ? "" : "and complex ");
    t->requires_grad = on;
    return 0;
}

static int set_requires_grad(cg_tensor *t, cg_value v) {
    if (v.tag != CG_V_BOOL)
        return cg_raise_int(&cg_exc_TypeError, "requires_grad must be a bool");
    return torch_set_requires_grad(t, v.u.i != 0, false);
}

static int set_grad(cg_tensor *t, cg_value v) {
    if (cg_is_none(v)) {
        cg_tensor_release(t->grad);
        t->grad = NULL;
        return 0;
    }
    if (!cg_is_tensor(v))
        return cg_raise_int(&cg_exc_TypeError, "assigned grad expected to be a Tensor or None but got grad of type%s",
                            cg_type_name(v));
    cg_tensor *g = cg_tensor_of_borrowed(v);
    if (g == t)
        return cg_raise_int(&cg_exc_RuntimeError, "can't assign Variable as its own grad");
    if (g->dtype != t->dtype)
        return cg_raise_int(&cg_exc_RuntimeError, "assigned grad has data of a different type");
    if (!cg_device_equal(cg_tensor_device(g), cg_tensor_device(t)))
        return cg_raise_int(&cg_exc_RuntimeError, "assigned grad has data located on a different device");
    if (!cg_sizes_equal(g->ndim, g->sizes, t->ndim, t->sizes))
        return cg_raise_int(&cg_exc_RuntimeError, "assigned grad has data of a different size");
    cg_tensor_retain(g);
    cg_tensor_release(t->grad);
    t->grad = g;
    return 0;
}

/* x.data = y (PyTorch's set_data): x keeps its identity and history
 * flags and takes y's data. x normally takes y's storage and geometry.
 * But a small tensor lives in the block of its first storage and must keep
 * that storage while it lives (Note [Tensor blocks] in the engine's
 * cpu_allocator.c): such an x gets y's values copied into its own storage
 * instead (y's later in-place changes do not show through x), when they
 * fit. */
static void set_geometry(cg_tensor *t, int64_t offset, int ndim, const int64_t *sizes, const int64_t *strides,
                         cg_dtype dtype) {
    t->offset = offset;
    t->ndim = ndim;
    t->dtype = dtype;
    memcpy(t->sizes, sizes, (size_t)ndim * sizeof *sizes);
    cg_tensor_set_strides(t, strides);
}

static int copy_data_into_block(cg_tensor *t, cg_tensor *src) {
    size_t need = (size_t)cg_tensor_numel(src) * cg_dtype_size(src->dtype);
    if (need > t->storage->nbytes || !cg_device_equal(cg_tensor_device(src), cg_tensor_device(t)))
        return cg_raise_int(&cg_exc_RuntimeError,
                            "cgrad cannot set the data of this small tensor to a larger one; assign a tensor of at "
                            "most its size or create a new tensor");
    int64_t strides[CG_MAX_DIMS];
    cg_contiguous_strides(src->ndim, src->sizes, strides);
    set_geometry(t, 0, src->ndim, src->sizes, strides, src->dtype);
    bool was = cg_grad_set_enabled(false); /* a data copy, not an op of the graph */
    int rc = cg_copy_(t, src);
    cg_grad_set_enabled(was);
    return rc < 0 ? torch_raise_int() : 0;
}

static int set_data(cg_tensor *t, cg_value v) {
    if (!cg_is_tensor(v))
        return cg_raise_int(&cg_exc_TypeError, "Variable data has to be a tensor, but got %s", cg_type_name(v));
    cg_tensor *src = cg_tensor_of_borrowed(v);
    if (src->dtype != t->dtype && t->requires_grad && !cg_dtype_is_inexact(src->dtype))
        return cg_raise_int(&cg_exc_RuntimeError, "data set to a tensor that requires gradients must be floating "
                                                  "point or complex dtype");
    if (src == t)
        return 0;
    if (t->storage->block == t)
        return copy_data_into_block(t, src);
    cg_storage_retain(src->storage);
    cg_storage_release(t->storage);
    t->storage = src->storage;
    set_geometry(t, src->offset, src->ndim, src->sizes, src->strides, src->dtype);
    return 0;
}

/* x.real / x.imag: views of the parts (x itself for the real of a real
 * x); assigning to them copies into those views, as PyTorch's setters. */
static cg_value get_real(cg_tensor *t) { return cg_tensor_steal(cg_real(t)); }
static cg_value get_imag(cg_tensor *t) { return cg_tensor_steal(cg_imag(t)); }

static int set_part(cg_tensor *t, cg_value v, cg_tensor *(*part)(cg_tensor *)) {
    cg_tensor *src = torch_operand(v);
    if (!src)
        return cg_exc_pending() ? -1 : cg_raise_int(&cg_exc_TypeError, "expected Tensor, got %s", cg_type_name(v));
    cg_tensor *p = part(t);
    int rc = p ? cg_copy_(p, src) : -1;
    cg_tensor_release(p);
    cg_tensor_release(src);
    return rc < 0 ? torch_raise_int() : 0;
}
static int set_real(cg_tensor *t, cg_value v) { return set_part(t, v, cg_real); }
static int set_imag(cg_tensor *t, cg_value v) { return set_part(t, v, cg_imag); }

typedef struct {
    const char *name;
    cg_value (*get)(cg_tensor *t);
    int (*set)(cg_tensor *t, cg_value v);
    cg_str *interned;
} tensor_attr;

static tensor_attr attrs[] = {
    {"shape", get_shape, NULL, NULL},
    {"dtype", get_dtype, NULL, NULL},
    {"device", get_device, NULL, NULL},
    {"grad", get_grad, set_grad, NULL},
    {"grad_fn", get_grad_fn, NULL, NULL},
    {"requires_grad", get_requires_grad, set_requires_grad, NULL},
    {"is_leaf", get_is_leaf, NULL, NULL},
    {"data", get_data, set_data, NULL},
    {"T", get_T, NULL, NULL},
    {"mT", get_mT, NULL, NULL},
    {"H", get_H, NULL, NULL},
    {"mH", get_mH, NULL, NULL},
    {"layout", get_layout, NULL, NULL},
    {"names", get_names, NULL, NULL},
    {"volatile", get_volatile, NULL, NULL},
    {"is_cpu", get_is_cpu, NULL, NULL},
    {"is_meta", get_false, NULL, NULL},
    {"is_quantized", get_false, NULL, NULL},
    {"is_mkldnn", get_false, NULL, NULL},
    {"is_sparse_csr", get_false, NULL, NULL},
    {"is_nested", get_false, NULL, NULL},
    {"is_ipu", get_false, NULL, NULL},
    {"is_xpu", get_false, NULL, NULL},
    {"is_vulkan", get_false, NULL, NULL},
    {"is_mps", get_false, NULL, NULL},
    {"is_ort", get_false, NULL, NULL},
    {"real", get_real, set_real, NULL},
    {"imag", get_imag, set_imag, NULL},
    {"ndim", get_ndim, NULL, NULL},
    {"is_cuda", get_is_cuda, NULL, NULL},
    {"is_sparse", get_is_sparse, NULL, NULL},
    {"_version", get_version, NULL, NULL},
    {"retains_grad", get_retains_grad, NULL, NULL},
    {"_base", get_base, NULL, NULL},
    {"output_nr", get_output_nr, NULL, NULL},
};
#define NATTRS ((int)(sizeof attrs / sizeof attrs[0]))

const char *cg_tensor_attr_name(int i) { return i >= 0 && i < NATTRS ? attrs[i].name : NULL; }

static tensor_attr *find_attr(cg_str *name) {
    for (int i = 0; i < NATTRS; i++)
        if (attrs[i].interned == name)
            return &attrs[i];
    if (name->interned)
        return NULL;
    for (int i = 0; i < NATTRS; i++)
        if (strcmp(attrs[i].name, name->s) == 0)
            return &attrs[i];
    return NULL;
}

static cg_value tensor_getattr(cg_value self, cg_str *name) {
    tensor_attr *a = find_attr(name);
    if (!a)
        return CG_STOP;
    return a->get(cg_tensor_of_borrowed(self));
}

static int tensor_setattr(cg_value self, cg_str *name, cg_value value) {
    tensor_attr *a = find_attr(name);
    if (!a)
        return 1;
    if (!a->set)
        return cg_raise_int(&cg_exc_AttributeError, "attribute '%s' of 'torch._C._TensorBase' objects is not writable",
                            a->name);
    if (cg_is_err(value)) { /* del x.attr: only `del x.grad` means something */
        if (a->set != set_grad)
            return cg_raise_int(&cg_exc_RuntimeError, "can't delete %s", a->name);
        value = CG_NONE;
    }
    return a->set(cg_tensor_of_borrowed(self), value);
}

/* ---- the type ------------------------------------------------------------------ */

cg_type cg_type_tensor = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "Tensor",
    .module = "torch",
    .attr_name = cg_tensor_attr_name,
    .base = &cg_type_object,
    .flags = CG_TYPE_BASETYPE | CG_TYPE_WEAKREF | CG_TYPE_CLASSLIKE,
    .basicsize = sizeof(cg_tensor_obj),
    .dealloc = tensor_dealloc,
    .gc_offset = offsetof(cg_tensor_obj, gc),
    .traverse = tensor_traverse,
    .clear = tensor_clear,
    .repr = tensor_repr,
    .hash = tensor_hash,
    .compare = tensor_compare,
    .binary = tensor_binary,
    .inplace = tensor_inplace,
    .unary = tensor_unary,
    .truth = tensor_truth,
    .len = tensor_len,
    .contains = tensor_contains,
    .getitem = tensor_getitem,
    .setitem = tensor_setitem,
    .iter = tensor_iter,
    .getattr = tensor_getattr,
    .setattr = tensor_setattr,
    .new_ = torch_tensor_new,
};

int cg_tensor_type_init(void) {
    if (cg_type_tensor.dict)
        return 0;
    for (int i = 0; i < NATTRS; i++)
        attrs[i].interned = cg_str_intern(attrs[i].name);
    cg_value d = cg_dict_new();
    if (cg_is_err(d))
        return -1;
    cg_type_tensor.dict = cg_as_dict(d);
    if (torch_tensor_methods_add(&cg_type_tensor) < 0 || torch_tensor_statics_add(&cg_type_tensor) < 0)
        return -1;
    return 0;
}
