/* torch_stacking.c: the bindings of engine/stacking.c and value_tests.c:
 * torch.hstack/vstack/row_stack/dstack/column_stack, atleast_1d/2d/3d,
 * tensor_split/hsplit/vsplit/dsplit, movedim/moveaxis, swapdims, tile,
 * broadcast_to/broadcast_tensors/broadcast_shapes, isnan and its
 * siblings, count_nonzero; with PyTorch's argument forms and messages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/containers.h"
#include "runtime/module.h"
#include "stacking.h"
#include "torch/torch_args.h"
#include "view.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* ---- joining ------------------------------------------------------------------------ */

typedef cg_tensor *(*stack_fn)(int, cg_tensor *const *);

static cg_value stack_family(const torch_op *op, cg_value *a) {
    int n;
    cg_tensor **ts = torch_tensor_list(op->name, "tensors", 1, a[0], &n);
    if (!ts)
        return CG_ERR;
    cg_tensor *r = ((stack_fn)op->fn)(n, ts);
    free(ts);
    return cg_tensor_steal(r);
}
#define STACK(f) stack_family, TORCH_FN(stack_fn, f), 0

/* ---- splitting ---------------------------------------------------------------------- */

/* A tuple of the n tensors of out (their references taken). */
static cg_value tensors_tuple(cg_tensor **out, int64_t n) {
    cg_value r = cg_tuple_new(n);
    for (int64_t i = 0; i < n; i++) {
        if (cg_is_err(r))
            cg_tensor_release(out[i]);
        else
            ((cg_tuple *)r.u.o)->items[i] = cg_tensor_steal(out[i]);
    }
    return r;
}

static cg_value split_sections(cg_tensor *x, int64_t sections, int64_t dim) {
    if (sections > 0 && (uint64_t)sections > SIZE_MAX / sizeof(cg_tensor *))
        return cg_raise_nomemory();
    cg_tensor **out = sections > 0 ? malloc((size_t)sections * sizeof *out) : NULL;
    if (sections > 0 && !out)
        return cg_raise_nomemory();
    cg_value r = cg_tensor_split_sections(x, sections, dim, out) < 0 ? torch_raise() : tensors_tuple(out, sections);
    free(out);
    return r;
}

static cg_value split_indices(cg_tensor *x, int n, const int64_t *idx, int64_t dim) {
    cg_tensor **out = malloc((size_t)(n + 1) * sizeof *out);
    if (!out)
        return cg_raise_nomemory();
    cg_value r = cg_tensor_split_indices(x, n, idx, dim, out) < 0 ? torch_raise() : tensors_tuple(out, n + 1);
    free(out);
    return r;
}

/* A sequence of ints of any length (split points), malloc'd into *out. */
static int int_list(const char *fn, const char *arg, int pos, cg_value v, int *n, int64_t **out) {
    int64_t len = torch_seq_len(v);
    if (len >= INT32_MAX)
        return cg_raise_int(&cg_exc_RuntimeError, "%s: too many indices", fn);
    *out = malloc((size_t)(len ? len : 1) * sizeof **out);
    if (!*out)
        return cg_raise_nomemory(), -1;
    for (int64_t i = 0; i < len; i++)
        if (torch_int_arg(fn, arg, pos, torch_seq_item_borrowed(v, i), &(*out)[i]) < 0) {
            free(*out);
            return -1;
        }
    *n = (int)len;
    return 0;
}

/* indices_or_sections as a 0-d (sections) or 1-d (indices) int64 tensor */
static cg_value split_by_tensor(cg_tensor *x, cg_tensor *t, int64_t dim) {
    if (cg_tensor_device(t).type != CG_CPU) {
        char dev[32];
        return cg_raise(&cg_exc_RuntimeError,
                        "tensor_split expected tensor_indices_or_sections to be on cpu, but it's on %s",
                        cg_device_str(cg_tensor_device(t), dev, sizeof dev));
    }
    if (t->dtype != CG_INT64)
        return cg_raise(&cg_exc_RuntimeError,
                        "tensor_split expected tensor_indices_or_sections to have dtype of long, but got %s",
                        cg_dtype_legacy_name(t->dtype));
    if (t->ndim > 1)
        return cg_raise(&cg_exc_RuntimeError,
                        "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional "
                        "tensor, but got a tensor with %d dims",
                        t->ndim);
    cg_tensor *c = cg_contiguous(t);
    if (!c)
        return torch_raise();
    const int64_t *p = cg_tensor_data(c);
    int64_t n = cg_tensor_numel(c);
    cg_value r = t->ndim == 0 ? split_sections(x, p[0], dim)
                 : n >= INT32_MAX ? cg_raise(&cg_exc_RuntimeError, "tensor_split: too many indices")
                                  : split_indices(x, (int)n, p, dim);
    cg_tensor_release(c);
    return r;
}

/* sections or indices, as an int, a sequence of ints or a tensor */
static cg_value split_by(const char *fn, cg_tensor *x, cg_value how, int64_t dim) {
    if (cg_is_tensor(how))
        return split_by_tensor(x, cg_tensor_of_borrowed(how), dim);
    if (torch_is_seq(how)) {
        int n = 0;
        int64_t *idx = NULL;
        if (int_list(fn, "indices", torch_pos(1), how, &n, &idx) < 0)
            return CG_ERR;
        cg_value r = split_indices(x, n, idx, dim);
        free(idx);
        return r;
    }
    int64_t sections;
    if (torch_int_arg(fn, "sections", torch_pos(1), how, &sections) < 0)
        return CG_ERR;
    return split_sections(x, sections, dim);
}

/* tensor_split(input, indices_or_sections=None, dim=0, *, sections=None,
 * indices=None, tensor_indices_or_sections=None): PyTorch's overloads
 * each name their argument; one of them must be given. */
static cg_value op_tensor_split(cg_value *a) {
    int64_t dim;
    if (torch_int_arg("tensor_split", "dim", torch_pos(2), a[2], &dim) < 0)
        return CG_ERR;
    cg_value how = CG_NONE;
    int given = 0;
    for (int i = 1; i <= 5; i++)
        if (i != 2 && !cg_is_none(a[i]))
            how = a[i], given++;
    if (given != 1)
        return cg_raise(&cg_exc_TypeError, "tensor_split() missing 1 required positional argument: "
                                           "\"indices_or_sections\"");
    if (!cg_is_none(a[3]) && torch_is_seq(a[3]))
        return torch_arg_error("tensor_split", "sections", 0, "int", a[3]);
    return split_by("tensor_split", T0, how, dim);
}

/* hsplit/vsplit/dsplit: tensor_split along dim 1 (0 for a 1-d hsplit), 0,
 * 2; an int splits into equal parts and must divide the dim. */
static cg_value directional_split(const torch_op *op, cg_value *a) {
    cg_tensor *x = T0;
    int need = op->flag == 0 ? 1 : op->flag == 1 ? 2 : 3;
    if (x->ndim < need)
        return cg_raise(&cg_exc_RuntimeError,
                        "torch.%s requires a tensor with at least %d dimension, but got a tensor with %d dimensions!",
                        op->name, need, x->ndim);
    int dim = op->flag == 0 ? (x->ndim == 1 ? 0 : 1) : op->flag == 1 ? 0 : 2;
    if (torch_is_seq(a[1]) || cg_is_tensor(a[1]))
        return split_by(op->name, x, a[1], dim);
    int64_t parts;
    if (torch_int_arg(op->name, "sections", torch_pos(1), a[1], &parts) < 0)
        return CG_ERR;
    if (parts == 0 || x->sizes[dim] % parts != 0)
        return cg_raise(&cg_exc_RuntimeError,
                        "torch.%s attempted to split along dimension %d, but the size of the dimension %lld is not "
                        "divisible by the split_size %lld!",
                        op->name, dim, (long long)x->sizes[dim], (long long)parts);
    return split_sections(x, parts, dim);
}
#define DIRECTIONAL(k) directional_split, NULL, k

/* ---- moving and repeating ------------------------------------------------------------ */

/* movedim(input, source, destination): ints or sequences of ints */
static cg_value op_movedim(cg_value *a) {
    int ns, nd;
    int64_t src[CG_MAX_DIMS], dst[CG_MAX_DIMS];
    const char *fn = "movedim";
    for (int i = 1; i <= 2; i++)
        if (cg_is_none(a[i]))
            return torch_arg_error(fn, i == 1 ? "source" : "destination", torch_pos(i), "tuple of ints", a[i]);
    if (torch_dims_arg(fn, "source", torch_pos(1), a[1], &ns, src) < 0
        || torch_dims_arg(fn, "destination", torch_pos(2), a[2], &nd, dst) < 0)
        return CG_ERR;
    if (ns != nd) {
        char s[512], d[512];
        size_t k = 0, j = 0;
        k += (size_t)snprintf(s, sizeof s, "[");
        j += (size_t)snprintf(d, sizeof d, "[");
        for (int i = 0; i < ns && k < sizeof s; i++)
            k += (size_t)snprintf(s + k, sizeof s - k, "%s%lld", i ? ", " : "", (long long)src[i]);
        for (int i = 0; i < nd && j < sizeof d; i++)
            j += (size_t)snprintf(d + j, sizeof d - j, "%s%lld", i ? ", " : "", (long long)dst[i]);
        return cg_raise(&cg_exc_RuntimeError,
                        "movedim: Invalid source or destination dims: source (%s] dims) should contain the same "
                        "number of dims as destination (%s] dims)",
                        s, d);
    }
    return cg_tensor_steal(cg_movedim(T0, ns, src, dst));
}

/* swapdims(input, dim0, dim1): transpose under numpy's name */
static cg_value op_swapdims(cg_value *a) {
    int64_t d0, d1;
    if (torch_int_arg("swapdims", "dim0", torch_pos(1), a[1], &d0) < 0
        || torch_int_arg("swapdims", "dim1", torch_pos(2), a[2], &d1) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_transpose(T0, d0, d1));
}

/* x.tile(*dims) takes ints or one sequence (flag 1); torch.tile(input,
 * dims) one sequence */
static cg_value op_tile(const torch_op *op, cg_value *a) {
    int n;
    int64_t reps[CG_MAX_DIMS];
    if (op->flag && ((cg_tuple *)a[1].u.o)->len == 0)
        return cg_raise(&cg_exc_TypeError, "tile() missing 1 required positional arguments: \"dims\"");
    int rc = op->flag ? torch_shape_varargs("tile", "dims", a[1], &n, reps)
                      : torch_shape_of("tile", "dims", torch_pos(1), a[1], &n, reps);
    return rc < 0 ? CG_ERR : cg_tensor_steal(cg_tile(T0, n, reps));
}
#define TILE(k) op_tile, NULL, k

static cg_value op_broadcast_to(cg_value *a) {
    int n;
    int64_t sizes[CG_MAX_DIMS];
    if (torch_shape_of("broadcast_to", "size", torch_pos(1), a[1], &n, sizes) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_expand(T0, n, sizes));
}

/* ---- tests on values ----------------------------------------------------------------- */

static cg_value op_is_signed_inf(const torch_op *op, cg_value *a) {
    return cg_tensor_steal(cg_is_signed_inf(T0, op->flag));
}
#define SIGNED_INF(k) op_is_signed_inf, NULL, k

static cg_value op_count_nonzero(cg_value *a) {
    int n;
    int64_t dims[CG_MAX_DIMS];
    if (torch_dims_arg("count_nonzero", "dim", torch_pos(1), a[1], &n, dims) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_count_nonzero(T0, n, dims));
}

static cg_value op_take_along_dim(cg_value *a) {
    cg_tensor *idx = torch_tensor_arg_borrowed("take_along_dim", "indices", torch_pos(1), a[1]);
    int64_t dim;
    if (!idx || (!cg_is_none(a[2]) && torch_int_arg("take_along_dim", "dim", torch_pos(2), a[2], &dim) < 0))
        return CG_ERR;
    return cg_tensor_steal(cg_take_along_dim(T0, idx, cg_is_none(a[2]) ? NULL : &dim));
}

/* repeat_interleave(repeats=None, dim=None, *, output_size=None): repeats
 * an int or a tensor; torch.repeat_interleave(repeats) alone gives the
 * indices each repeated */
static cg_value op_repeat_interleave(cg_value *a) {
    const char *fn = "repeat_interleave";
    int64_t dim, out_size = -1, k;
    if ((!cg_is_none(a[2]) && torch_int_arg(fn, "dim", torch_pos(2), a[2], &dim) < 0)
        || (!cg_is_none(a[3]) && torch_int_arg(fn, "output_size", 0, a[3], &out_size) < 0))
        return CG_ERR;
    if (cg_is_none(a[1]))
        return cg_tensor_steal(cg_repeat_index(T0, out_size));
    cg_tensor *reps;
    if (cg_is_tensor(a[1])) {
        reps = cg_tensor_retain(cg_tensor_of_borrowed(a[1]));
    } else {
        if (torch_int_arg(fn, "repeats", torch_pos(1), a[1], &k) < 0)
            return CG_ERR;
        reps = cg_full(1, (const int64_t[]){1}, cg_scalar_int(k), CG_INT64, cg_tensor_device(T0));
        if (!reps)
            return torch_raise();
    }
    cg_tensor *r = cg_repeat_interleave(T0, reps, cg_is_none(a[2]) ? NULL : &dim, out_size);
    cg_tensor_release(reps);
    return cg_tensor_steal(r);
}

/* ---- the table ----------------------------------------------------------------------- */

#define F TORCH_FUNCTION
#define FA (TORCH_FUNCTION | TORCH_ANY_INPUT)
#define B TORCH_BOTH
#define SPLIT_PARAMS "indices_or_sections=None, dim=0, *, sections=None, indices=None, tensor_indices_or_sections=None"
#define OPS(X)                                                                                    \
    X(hstack, "hstack", "", STACK(cg_hstack), FA, "tensors")                                      \
    X(vstack, "vstack", "", STACK(cg_vstack), FA, "tensors")                                      \
    X(row_stack, "row_stack", "", STACK(cg_vstack), FA, "tensors")                                \
    X(dstack, "dstack", "", STACK(cg_dstack), FA, "tensors")                                      \
    X(column_stack, "column_stack", "", STACK(cg_column_stack), FA, "tensors")                    \
    X(tensor_split, "tensor_split", SPLIT_PARAMS, IMPL(op_tensor_split), B, NULL)                 \
    X(hsplit, "hsplit", "indices_or_sections", DIRECTIONAL(0), B, NULL)                           \
    X(vsplit, "vsplit", "indices_or_sections", DIRECTIONAL(1), B, NULL)                           \
    X(dsplit, "dsplit", "indices_or_sections", DIRECTIONAL(2), B, NULL)                           \
    X(movedim, "movedim", "source, destination", IMPL(op_movedim), B, NULL)                       \
    X(moveaxis, "moveaxis", "source, destination", IMPL(op_movedim), B, NULL)                     \
    X(swapdims, "swapdims", "dim0, dim1", IMPL(op_swapdims), B, NULL)                             \
    X(tile_m, "tile", "*dims", TILE(1), TORCH_METHOD, NULL)                                       \
    X(tile_f, "tile", "dims", TILE(0), F, NULL)                                                   \
    X(broadcast_to, "broadcast_to", "size", IMPL(op_broadcast_to), B, NULL)                       \
    X(isnan, "isnan", "", UNARY(cg_isnan), B, NULL)                                               \
    X(isinf, "isinf", "", UNARY(cg_isinf), B, NULL)                                               \
    X(isfinite, "isfinite", "", UNARY(cg_isfinite), B, NULL)                                      \
    X(isposinf, "isposinf", "", SIGNED_INF(1), B, NULL)                                           \
    X(isneginf, "isneginf", "", SIGNED_INF(-1), B, NULL)                                          \
    X(isreal, "isreal", "", UNARY(cg_isreal), B, NULL)                                            \
    X(count_nonzero, "count_nonzero", "dim=None", IMPL(op_count_nonzero), B, NULL)                \
    X(take_along_dim, "take_along_dim", "indices, dim=None", IMPL(op_take_along_dim), B, NULL)    \
    X(repeat_interleave, "repeat_interleave", "repeats=None, dim=None, *, output_size=None",       \
      IMPL(op_repeat_interleave), B, NULL)

#define TORCH_TAB stacking_ops
TORCH_OP_TABLE(OPS)

/* ---- functions of several tensors ------------------------------------------------------ */

/* The positional arguments of fn(*args) as a tuple; PyTorch's TypeError
 * for a keyword. */
static cg_value args_tuple(const char *fn, const cg_args *args) {
    if (args->nkw)
        return cg_raise(&cg_exc_TypeError, "%s() got an unexpected keyword argument '%s'", fn, args->kwn[0]->s);
    return cg_tuple_from_array(args->npos, args->pos);
}

/* The tensors of atleast_Nd(*tensors): one tensor, or one sequence of
 * them, or several; *one set when a single tensor came alone. */
static cg_tensor **varargs_tensors(const char *fn, cg_value tuple, int *n, bool *one) {
    cg_tuple *tu = (cg_tuple *)tuple.u.o;
    *one = tu->len == 1 && cg_is_tensor(tu->items[0]);
    if (tu->len == 1 && torch_is_seq(tu->items[0]))
        return torch_tensor_list(fn, "tensors", 1, tu->items[0], n);
    for (int64_t i = 0; i < tu->len; i++)
        if (!cg_is_tensor(tu->items[i])) {
            cg_raise(&cg_exc_TypeError,
                     "%s() received an invalid combination of arguments - got (%s), but expected one of:\n"
                     " * (Tensor input)\n"
                     "      didn't match because some of the arguments have invalid types: (!%s!)\n"
                     " * (tuple of Tensors tensors)\n"
                     "      didn't match because some of the arguments have invalid types: (!%s!)\n",
                     fn, cg_type_name(tu->items[i]), cg_type_name(tu->items[i]), cg_type_name(tu->items[i]));
            return NULL;
        }
    return torch_tensor_list(fn, "tensors", 1, tuple, n);
}

static cg_value atleast(const char *fn, int rank, const cg_args *args) {
    cg_value tuple = args_tuple(fn, args);
    if (cg_is_err(tuple))
        return tuple;
    int n;
    bool one;
    cg_tensor **ts = varargs_tensors(fn, tuple, &n, &one);
    cg_decref(tuple);
    if (!ts)
        return CG_ERR;
    cg_tensor **out = malloc((size_t)(n ? n : 1) * sizeof *out);
    int i = 0;
    for (; out && i < n; i++)
        if (!(out[i] = cg_atleast(ts[i], rank)))
            break;
    free(ts);
    if (!out)
        return cg_raise_nomemory();
    cg_value r;
    if (i < n) {
        for (int k = 0; k < i; k++)
            cg_tensor_release(out[k]);
        r = torch_raise();
    } else {
        r = one ? cg_tensor_steal(out[0]) : tensors_tuple(out, n);
    }
    free(out);
    return r;
}

static cg_value fn_atleast_1d(cg_value self, const cg_args *args) { return atleast("atleast_1d", 1, args); }
static cg_value fn_atleast_2d(cg_value self, const cg_args *args) { return atleast("atleast_2d", 2, args); }
static cg_value fn_atleast_3d(cg_value self, const cg_args *args) { return atleast("atleast_3d", 3, args); }

/* broadcast_tensors(*tensors): each expanded to the common shape; one
 * already of that shape comes back itself, as PyTorch's expand_outplace. */
static cg_value fn_broadcast_tensors(cg_value self, const cg_args *args) {
    cg_value tuple = args_tuple("broadcast_tensors", args);
    if (cg_is_err(tuple))
        return tuple;
    int n;
    cg_tensor **ts = torch_tensor_list("broadcast_tensors", "tensors", 1, tuple, &n);
    cg_decref(tuple);
    if (!ts)
        return CG_ERR;
    int nd = 0;
    int64_t shape[CG_MAX_DIMS];
    cg_value r = CG_ERR;
    int i = 0;
    for (; i < n; i++)
        if (cg_broadcast_shapes(nd, shape, ts[i]->ndim, ts[i]->sizes, &nd, shape) < 0)
            break;
    if (i < n) {
        free(ts);
        return torch_raise();
    }
    r = cg_tuple_new(n);
    for (i = 0; i < n && !cg_is_err(r); i++) {
        cg_tensor *t = ts[i];
        cg_tensor *e = cg_sizes_equal(t->ndim, t->sizes, nd, shape) ? cg_tensor_retain(t) : cg_expand(t, nd, shape);
        if (!e) {
            cg_decref(r);
            r = torch_raise();
            break;
        }
        ((cg_tuple *)r.u.o)->items[i] = cg_tensor_steal(e);
    }
    free(ts);
    return r;
}

/* broadcast_shapes(*shapes): ints or sequences of ints, as torch.Size.
 * PyTorch 1.13 writes it in Python: each shape is read from its last dim,
 * a negative size or a mismatch failing where it is met. */
static int broadcast_into(cg_value v, int nd, int64_t *result) {
    int n;
    int64_t s[CG_MAX_DIMS];
    if (v.tag == CG_V_INT) {
        n = 1, s[0] = v.u.i;
    } else if (!torch_is_seq(v)) {
        cg_value r = cg_repr(v);
        if (!cg_is_err(r))
            cg_raise(&cg_exc_RuntimeError,
                     "('Input shapes should be of type ints, a tuple of ints, or a list of ints, got ', %s)",
                     cg_str_cstr(r));
        cg_decref(r);
        return -1;
    } else if (torch_shape_of("broadcast_shapes", "shapes", 0, v, &n, s) < 0) {
        return -1;
    }
    for (int i = 1; i <= n; i++) {
        int64_t k = s[n - i], *r = &result[nd - i];
        if (k < 0)
            return cg_raise_int(&cg_exc_RuntimeError, "Trying to create tensor with negative dimension (%lld): (%lld)",
                                (long long)k, (long long)k);
        if (k == 1 || k == *r)
            continue;
        if (*r != 1)
            return cg_raise_int(&cg_exc_RuntimeError, "Shape mismatch: objects cannot be broadcast to a single shape");
        *r = k;
    }
    return 0;
}

static cg_value fn_broadcast_shapes(cg_value self, const cg_args *args) {
    cg_value tuple = args_tuple("broadcast_shapes", args);
    if (cg_is_err(tuple))
        return tuple;
    cg_tuple *tu = (cg_tuple *)tuple.u.o;
    int64_t nd = 0, result[CG_MAX_DIMS];
    for (int64_t i = 0; i < tu->len; i++) {
        cg_value v = tu->items[i];
        int64_t n = v.tag == CG_V_INT ? 1 : torch_is_seq(v) ? torch_seq_len(v) : 0;
        nd = n > nd ? n : nd;
    }
    if (nd > CG_MAX_DIMS) {
        cg_decref(tuple);
        return cg_raise(&cg_exc_RuntimeError, "cgrad supports tensors of at most %d dimensions, got %lld",
                        CG_MAX_DIMS, (long long)nd);
    }
    for (int64_t i = 0; i < nd; i++)
        result[i] = 1;
    for (int64_t i = 0; i < tu->len; i++)
        if (broadcast_into(tu->items[i], (int)nd, result) < 0) {
            cg_decref(tuple);
            return CG_ERR;
        }
    cg_decref(tuple);
    return torch_size_new((int)nd, result);
}

/* meshgrid(*tensors, indexing=None): one list of tensors or several;
 * without indexing, 'ij' with PyTorch's warning (once per process, at
 * the line of its torch/functional.py that calls the C++) */
static cg_value fn_meshgrid(cg_value self, const cg_args *args) {
    cg_value indexing = CG_NONE;
    for (int i = 0; i < args->nkw; i++) {
        if (strcmp(args->kwn[i]->s, "indexing"))
            return cg_raise(&cg_exc_TypeError, "meshgrid() got an unexpected keyword argument '%s'", args->kwn[i]->s);
        indexing = args->kwv[i];
    }
    bool xy = false;
    if (cg_is_none(indexing)) {
        static bool warned;
        if (!warned) {
            warned = true;
            if (torch_warn_at("UserWarning",
                              "torch.meshgrid: in an upcoming release, it will be required to pass the indexing "
                              "argument. (Triggered internally at  ./aten/src/ATen/native/TensorShape.cpp:3190.)",
                              "/usr/lib/python3/dist-packages/torch/functional.py", 504,
                              "return _VF.meshgrid(tensors, **kwargs)  # type: ignore[attr-defined]")
                < 0)
                return CG_ERR;
        }
    } else {
        const char *s;
        if (torch_str_arg("meshgrid", "indexing", 0, indexing, false, &s) < 0)
            return CG_ERR;
        if (strcmp(s, "xy") && strcmp(s, "ij"))
            return cg_raise(&cg_exc_RuntimeError,
                            "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: %s", s);
        xy = !strcmp(s, "xy");
    }
    cg_value tuple = cg_tuple_from_array(args->npos, args->pos);
    if (cg_is_err(tuple))
        return tuple;
    cg_tuple *tu = (cg_tuple *)tuple.u.o;
    cg_value list = tu->len == 1 && torch_is_seq(tu->items[0]) ? tu->items[0] : tuple;
    int n;
    cg_tensor **ts = torch_tensor_list("meshgrid", "tensors", 1, list, &n);
    cg_value r = CG_ERR;
    cg_tensor *out[CG_MAX_DIMS];
    if (ts && cg_meshgrid(n, ts, xy, out) == 0)
        r = tensors_tuple(out, n);
    else if (ts)
        r = torch_raise();
    free(ts);
    cg_decref(tuple);
    return r;
}

static cg_value fn_cartesian_prod(cg_value self, const cg_args *args) {
    cg_value tuple = args_tuple("cartesian_prod", args);
    if (cg_is_err(tuple))
        return tuple;
    int n;
    cg_tensor **ts = torch_tensor_list("cartesian_prod", "tensors", 1, tuple, &n);
    cg_decref(tuple);
    if (!ts)
        return CG_ERR;
    cg_tensor *r = cg_cartesian_prod(n, ts);
    free(ts);
    return cg_tensor_steal(r);
}

static const cg_method_def plain_functions[] = {
    {"meshgrid", fn_meshgrid, "meshgrid(*tensors, indexing=None)", NULL},
    {"cartesian_prod", fn_cartesian_prod, "cartesian_prod(*tensors)", NULL},
    {"atleast_1d", fn_atleast_1d, "atleast_1d(*tensors)", NULL},
    {"atleast_2d", fn_atleast_2d, "atleast_2d(*tensors)", NULL},
    {"atleast_3d", fn_atleast_3d, "atleast_3d(*tensors)", NULL},
    {"broadcast_tensors", fn_broadcast_tensors, "broadcast_tensors(*tensors)", NULL},
    {"broadcast_shapes", fn_broadcast_shapes, "broadcast_shapes(*shapes)", NULL},
    {NULL, NULL, NULL, NULL},
};

int torch_stacking_add(cg_value module, cg_type *tensor_type) {
    if (torch_ops_prepare(stacking_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *fdefs = torch_ops_defs(stacking_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    cg_method_def *mdefs = torch_ops_defs(stacking_ops, TORCH_OP_COUNT, TORCH_METHOD);
    if (!fdefs || !mdefs || cg_module_add_methods(module, fdefs) < 0
        || cg_module_add_methods(module, plain_functions) < 0)
        return -1;
    return cg_type_add_methods(tensor_type, mdefs);
}
