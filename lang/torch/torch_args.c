/* torch_args.c: reading PyTorch's argument kinds out of cell values, and
 * PyTorch's argument errors (torch_args.h).
 *
 * PyTorch's Python argument parser decides what each kind accepts: an int
 * parameter takes ints (not bools) and integer 0-d tensors, a float one
 * takes any number, a shape takes a sequence of ints. The messages are the
 * parser's: "sum(): argument 'dim' (position 1) must be int, not float".
 * This file is not the binding of any op. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "torch/torch_args.h"
#include "runtime/exc.h"
#include "runtime/bigint.h"
#include "runtime/complex.h"
#include "runtime/containers.h"

/* ---- errors ------------------------------------------------------------------ */

cg_value torch_raise(void) {
    if (cg_exc_pending()) {
        cg_error_clear();
        return CG_ERR;
    }
    return cg_raise_engine();
}

int torch_raise_int(void) {
    torch_raise();
    return -1;
}

cg_value torch_arg_error(const char *fn, const char *arg, int pos, const char *expected, cg_value got) {
    if (pos > 0)
        return cg_raise(&cg_exc_TypeError, "%s(): argument '%s' (position %d) must be %s, not %s", fn, arg, pos,
                        expected, cg_type_name(got));
    return cg_raise(&cg_exc_TypeError, "%s(): argument '%s' must be %s, not %s", fn, arg, expected, cg_type_name(got));
}

/* ---- objects ------------------------------------------------------------------- */

void *torch_obj_new(cg_type *type) {
    void *o = cg_obj_alloc(type);
    if (!o)
        cg_raise_nomemory();
    return o;
}

void torch_obj_free(cg_obj *o) { cg_obj_free(o); }

/* ---- numbers and tensors ----------------------------------------------------- */

bool torch_scalar_of(cg_value v, cg_scalar *out) {
    switch (v.tag) {
    case CG_V_BOOL: *out = cg_scalar_bool(v.u.i != 0); return true;
    case CG_V_INT: *out = cg_scalar_int(v.u.i); return true;
    case CG_V_FLOAT: *out = cg_scalar_float(v.u.f); return true;
    default: break;
    }
    if (cg_is_complex(v)) {
        const cg_cpx *z = &((const cg_complex *)v.u.o)->z;
        *out = cg_scalar_complex(z->re, z->im);
        return true;
    }
    /* numpy's scalars are numbers to PyTorch */
    return torch_numpy_scalar_of(v, out);
}

cg_value torch_scalar_value(cg_scalar s) {
    switch (s.kind) {
    case CG_SCALAR_BOOL: return cg_bool(s.v.b);
    case CG_SCALAR_INT: return cg_int(s.v.i);
    case CG_SCALAR_COMPLEX: return cg_complex_new(s.v.c[0], s.v.c[1]);
    default: return cg_float(s.v.f);
    }
}

cg_value torch_element_value(const void *p, cg_dtype dt) {
    if (dt == CG_UINT64) { /* past 2^63 a scalar would wrap: an int of the bytes */
        uint64_t u;
        memcpy(&u, p, sizeof u);
        if (u > (uint64_t)INT64_MAX)
            return cg_int_from_bytes((const unsigned char *)&u, sizeof u, true, false);
    }
    return torch_scalar_value(cg_scalar_load(p, dt));
}

cg_tensor *torch_operand(cg_value v) {
    if (cg_is_tensor(v))
        return cg_tensor_retain(cg_tensor_of_borrowed(v));
    bool is_array;
    cg_tensor *array = torch_numpy_array_tensor(v, &is_array);
    if (is_array || cg_exc_pending())
        return array; /* a numpy array takes part as the tensor over its memory */
    cg_scalar s;
    if (cg_is_bigint(v)) { /* PyTorch reads a Python int as a C long long */
        cg_raise(&cg_exc_RuntimeError, "Overflow when unpacking long");
        return NULL;
    }
    if (!torch_scalar_of(v, &s))
        return NULL;
    cg_tensor *t = cg_scalar_tensor(s);
    if (!t)
        torch_raise();
    return t;
}

cg_tensor *torch_tensor_arg_borrowed(const char *fn, const char *arg, int pos, cg_value v) {
    if (cg_is_tensor(v))
        return cg_tensor_of_borrowed(v);
    torch_arg_error(fn, arg, pos, "Tensor", v);
    return NULL;
}

cg_tensor *torch_tensor_opt_borrowed(const char *fn, const char *arg, int pos, cg_value v, bool *err) {
    if (cg_is_none(v))
        return NULL;
    cg_tensor *t = torch_tensor_arg_borrowed(fn, arg, pos, v);
    if (!t)
        *err = true;
    return t;
}

/* ---- ints, shapes and dims --------------------------------------------------- */

/* An integer 0-d (or one-element) tensor as an int, as __index__ reads it. */
static bool tensor_index(cg_value v, int64_t *out) {
    cg_scalar ns;
    if (!cg_is_tensor(v)) {
        /* numpy's integer scalars are ints to PyTorch */
        if (v.tag != CG_V_OBJ || !torch_numpy_scalar_of(v, &ns) || ns.kind != CG_SCALAR_INT)
            return false;
        *out = ns.v.i;
        return true;
    }
    cg_tensor *t = cg_tensor_of_borrowed(v);
    cg_scalar s;
    if (!cg_dtype_is_int(t->dtype) || t->ndim != 0 || cg_tensor_item(t, &s) < 0) {
        cg_error_clear();
        return false;
    }
    *out = cg_scalar_to_int(s);
    return true;
}

int torch_int_arg(const char *fn, const char *arg, int pos, cg_value v, int64_t *out) {
    if (v.tag == CG_V_INT) {
        *out = v.u.i;
        return 0;
    }
    if (tensor_index(v, out))
        return 0;
    torch_arg_error(fn, arg, pos, "int", v);
    return -1;
}

int torch_double_arg(const char *fn, const char *arg, int pos, cg_value v, double *out) {
    cg_scalar s;
    if (torch_scalar_of(v, &s)) {
        *out = cg_scalar_to_double(s);
        return 0;
    }
    torch_arg_error(fn, arg, pos, "float", v);
    return -1;
}

int torch_bool_arg(const char *fn, const char *arg, int pos, cg_value v, bool *out) {
    if (v.tag == CG_V_BOOL) {
        *out = v.u.i != 0;
        return 0;
    }
    torch_arg_error(fn, arg, pos, "bool", v);
    return -1;
}

int torch_str_arg(const char *fn, const char *arg, int pos, cg_value v, bool allow_none, const char **out) {
    if (allow_none && cg_is_none(v)) {
        *out = NULL;
        return 0;
    }
    if (cg_is_str(v)) {
        *out = cg_str_cstr(v);
        return 0;
    }
    torch_arg_error(fn, arg, pos, "str", v);
    return -1;
}

bool torch_is_seq(cg_value v) {
    return cg_type_is_layout_subtype(cg_typeof(v), &cg_type_list)
           || cg_type_is_layout_subtype(cg_typeof(v), &cg_type_tuple);
}

int64_t torch_seq_len(cg_value v) {
    if (cg_type_is_layout_subtype(cg_typeof(v), &cg_type_list))
        return ((cg_list *)v.u.o)->len;
    return ((cg_tuple *)v.u.o)->len;
}

cg_value torch_seq_item_borrowed(cg_value v, int64_t i) {
    if (cg_type_is_layout_subtype(cg_typeof(v), &cg_type_list))
        return ((cg_list *)v.u.o)->items[i];
    return ((cg_tuple *)v.u.o)->items[i];
}

/* A bad element is named as PyTorch 1.13 names it: "zeros(): argument
 * 'size' must be tuple of SymInts, but found element of type float at pos 2". */
int torch_shape_of(const char *fn, const char *arg, int pos, cg_value v, int *ndim, int64_t *sizes) {
    if (!torch_is_seq(v)) {
        torch_arg_error(fn, arg, pos, "tuple of ints", v);
        return -1;
    }
    int64_t n = torch_seq_len(v);
    if (n > CG_MAX_DIMS)
        return cg_raise_int(&cg_exc_RuntimeError, "cgrad supports tensors of at most %d dimensions, got %lld",
                            CG_MAX_DIMS, (long long)n);
    for (int64_t i = 0; i < n; i++) {
        cg_value e = torch_seq_item_borrowed(v, i);
        if (e.tag == CG_V_INT)
            sizes[i] = e.u.i;
        else if (!tensor_index(e, &sizes[i]))
            return cg_raise_int(&cg_exc_TypeError,
                                "%s(): argument '%s' must be tuple of SymInts, but found element of type %s at pos "
                                "%lld",
                                fn, arg, cg_type_name(e), (long long)i + 1);
    }
    *ndim = (int)n;
    return 0;
}

int torch_shape_varargs(const char *fn, const char *arg, cg_value tuple, int *ndim, int64_t *sizes) {
    cg_tuple *tu = (cg_tuple *)tuple.u.o;
    if (tu->len == 1 && torch_is_seq(tu->items[0]))
        return torch_shape_of(fn, arg, 1, tu->items[0], ndim, sizes);
    return torch_shape_of(fn, arg, 1, tuple, ndim, sizes);
}

int torch_dims_arg(const char *fn, const char *arg, int pos, cg_value v, int *ndims, int64_t *dims) {
    if (cg_is_none(v)) {
        *ndims = 0;
        return 0;
    }
    if (torch_is_seq(v))
        return torch_shape_of(fn, arg, pos, v, ndims, dims);
    *ndims = 1;
    return torch_int_arg(fn, arg, pos, v, &dims[0]);
}

cg_tensor **torch_tensor_list(const char *fn, const char *arg, int pos, cg_value v, int *n) {
    if (!torch_is_seq(v)) {
        torch_arg_error(fn, arg, pos, "tuple of Tensors", v);
        return NULL;
    }
    int64_t len = torch_seq_len(v);
    cg_tensor **ts = malloc((size_t)(len ? len : 1) * sizeof *ts);
    if (!ts) {
        cg_raise_nomemory();
        return NULL;
    }
    for (int64_t i = 0; i < len; i++) {
        cg_value e = torch_seq_item_borrowed(v, i);
        if (!cg_is_tensor(e)) {
            free(ts);
            cg_raise(&cg_exc_TypeError, "expected Tensor as element %lld in argument %d, but got %s", (long long)i,
                     pos > 0 ? pos - 1 : 0, cg_type_name(e));
            return NULL;
        }
        ts[i] = cg_tensor_of_borrowed(e);
    }
    *n = (int)len;
    return ts;
}

/* ---- ops as methods and functions -------------------------------------------- */

/* The parameter count of a parameter list: entries between top-level commas,
 * without the bare `*` and `/` markers. */
static int count_params(const char *params) {
    int n = 0, depth = 0;
    bool any = false, marker = false;
    const char *entry = params;
    for (const char *p = params;; p++) {
        if (*p == '(' || *p == '[')
            depth++;
        else if (*p == ')' || *p == ']')
            depth--;
        if ((*p == ',' && depth == 0) || *p == '\0') {
            while (*entry == ' ')
                entry++;
            marker = (entry[0] == '*' || entry[0] == '/') && (entry[1] == ',' || entry[1] == '\0' || entry[1] == ' ');
            if (any && !marker)
                n++;
            any = false;
            entry = p + 1;
            if (*p == '\0')
                break;
        } else if (*p != ' ') {
            any = true;
        }
    }
    return n;
}

static char *sig_text(const char *name, const char *first, const char *params) {
    size_t n = strlen(name) + (first ? strlen(first) : 0) + strlen(params) + 8;
    char *s = malloc(n);
    if (!s)
        return NULL;
    if (first)
        snprintf(s, n, "%s(%s%s%s)", name, first, *params ? ", " : "", params);
    else
        snprintf(s, n, "%s(%s)", name, params);
    return s;
}

/* The tables prepared so far (one per file that binds ops). */
#define TORCH_MAX_TABLES 32
static struct {
    const torch_op *ops;
    int n;
} tables[TORCH_MAX_TABLES];
static int ntables;

static void table_register(const torch_op *ops, int n) {
    for (int i = 0; i < ntables; i++)
        if (tables[i].ops == ops)
            return;
    assert(ntables < TORCH_MAX_TABLES && "raise TORCH_MAX_TABLES");
    tables[ntables].ops = ops;
    tables[ntables++].n = n;
}

const torch_op *torch_op_table_at(int i, int *n) {
    if (i < 0 || i >= ntables)
        return NULL;
    *n = tables[i].n;
    return tables[i].ops;
}

int torch_ops_prepare(torch_op *ops, int n) {
    table_register(ops, n);
    for (int i = 0; i < n; i++) {
        torch_op *op = &ops[i];
        if (op->method.name)
            continue; /* prepared already */
        char *msig = sig_text(op->name, NULL, op->params);
        char *fsig = sig_text(op->name, op->input ? op->input : "input", op->params);
        if (!msig || !fsig) {
            free(msig), free(fsig);
            cg_raise_nomemory();
            return -1;
        }
        op->nparams = count_params(op->params) + 1;
        op->method = (cg_method_def){op->name, op->mfn, msig, NULL};
        op->function = (cg_method_def){op->name, op->ffn, fsig, NULL};
    }
    return 0;
}

static _Thread_local bool as_function;

int torch_pos(int k) { return k + as_function; }
bool torch_called_as_function(void) { return as_function; }

cg_value torch_op_call_method(torch_op *op, cg_value self, const cg_args *args) {
    cg_value a[TORCH_MAX_PARAMS];
    int n = op->nparams - 1;
    if (cg_args_bind(&op->method, args, a + 1, n) < 0)
        return CG_ERR;
    a[0] = self;
    bool saved = as_function;
    as_function = false;
    cg_value r = op->adapt(op, a);
    as_function = saved;
    cg_args_release(&op->method, a + 1, n);
    return r;
}

cg_value torch_op_call_function(torch_op *op, const cg_args *args) {
    cg_value a[TORCH_MAX_PARAMS];
    if (cg_args_bind(&op->function, args, a, op->nparams) < 0)
        return CG_ERR;
    cg_value r;
    if (!(op->where & TORCH_ANY_INPUT) && !cg_is_tensor(a[0])) {
        r = torch_arg_error(op->name, op->input ? op->input : "input", 1, "Tensor", a[0]);
    } else {
        bool saved = as_function;
        as_function = true;
        r = op->adapt(op, a);
        as_function = saved;
    }
    cg_args_release(&op->function, a, op->nparams);
    return r;
}

/* ---- the generic adapters (Note [Op rows] in torch_args.h) ------------------- */

bool torch_op_in_place(const torch_op *op) {
    size_t n = strlen(op->name);
    return n >= 2 && op->name[n - 1] == '_' && op->name[n - 2] != '_';
}

cg_value torch_inplace_result(cg_value self, int rc) { return rc < 0 ? torch_raise() : cg_incref(self); }

cg_value torch_adapt_impl(const torch_op *op, cg_value *a) { return ((torch_impl)op->fn)(a); }

cg_value torch_adapt_unary(const torch_op *op, cg_value *a) {
    return cg_tensor_steal(((torch_unary_fn)op->fn)(cg_tensor_of_borrowed(a[0])));
}

cg_value torch_adapt_unary_(const torch_op *op, cg_value *a) {
    return torch_inplace_result(a[0], ((torch_unary_fn_)op->fn)(cg_tensor_of_borrowed(a[0])));
}

const char *torch_param_name(const torch_op *op, char buf[64]) {
    const char *p = op->params + strspn(op->params, "* ");
    size_t n = strcspn(p, ",=");
    while (n > 0 && p[n - 1] == ' ')
        n--;
    snprintf(buf, 64, "%.*s", (int)(n < 63 ? n : 63), p);
    return buf;
}

/* The second operand of a binary op as a tensor (a new reference): a
 * tensor, or a Python number when numbers is set; NULL with PyTorch's
 * TypeError. */
static cg_tensor *other_arg(const torch_op *op, cg_value v, bool numbers) {
    char name[64];
    cg_tensor *t = cg_is_tensor(v) ? cg_tensor_retain(cg_tensor_of_borrowed(v)) : numbers ? torch_operand(v) : NULL;
    if (!t && !cg_exc_pending())
        torch_arg_error(op->name, torch_param_name(op, name), torch_pos(1), "Tensor", v);
    return t;
}

static cg_value binary(const torch_op *op, cg_value *a, bool numbers) {
    cg_tensor *o = other_arg(op, a[1], numbers);
    if (!o)
        return CG_ERR;
    cg_tensor *r = ((torch_binary_fn)op->fn)(cg_tensor_of_borrowed(a[0]), o);
    cg_tensor_release(o);
    return cg_tensor_steal(r);
}

static cg_value binary_(const torch_op *op, cg_value *a, bool numbers) {
    cg_tensor *o = other_arg(op, a[1], numbers);
    if (!o)
        return CG_ERR;
    int rc = ((torch_binary_fn_)op->fn)(cg_tensor_of_borrowed(a[0]), o);
    cg_tensor_release(o);
    return torch_inplace_result(a[0], rc);
}

cg_value torch_adapt_binary(const torch_op *op, cg_value *a) { return binary(op, a, true); }
cg_value torch_adapt_binary_(const torch_op *op, cg_value *a) { return binary_(op, a, true); }
cg_value torch_adapt_tbinary(const torch_op *op, cg_value *a) { return binary(op, a, false); }
cg_value torch_adapt_tbinary_(const torch_op *op, cg_value *a) { return binary_(op, a, false); }

cg_value torch_bind_call(const cg_method_def *def, const cg_args *args, int n, torch_impl impl) {
    cg_value a[TORCH_MAX_PARAMS];
    if (cg_args_bind(def, args, a, n) < 0)
        return CG_ERR;
    cg_value r = impl(a);
    cg_args_release(def, a, n);
    return r;
}

/* The arrays made, kept for the process: builtin objects point into them,
 * and a module made again (after cg_lang_shutdown) reuses them. */
static struct defs_made {
    const torch_op *ops;
    unsigned where;
    cg_method_def *defs;
    struct defs_made *next;
} * made;

cg_method_def *torch_ops_defs(const torch_op *ops, int n, unsigned where) {
    for (struct defs_made *m = made; m; m = m->next)
        if (m->ops == ops && m->where == where)
            return m->defs;
    cg_method_def *defs = calloc((size_t)n + 1, sizeof *defs);
    struct defs_made *m = malloc(sizeof *m);
    if (!defs || !m) {
        free(defs), free(m);
        cg_raise_nomemory();
        return NULL;
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (ops[i].where & where)
            defs[k++] = where == TORCH_METHOD ? ops[i].method : ops[i].function;
    *m = (struct defs_made){ops, where, defs, made};
    made = m;
    return defs;
}

int torch_seed_arg(const char *fn, cg_value v, uint64_t *out) {
    int64_t s;
    if (torch_int_arg(fn, "seed", 1, v, &s) < 0)
        return -1;
    *out = (uint64_t)s;
    return 0;
}
