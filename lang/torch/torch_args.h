/* torch_args.h: what the torch bindings share: reading PyTorch's argument
 * kinds out of cell values (tensors, Python numbers, shapes, dims, dtypes,
 * devices), PyTorch's argument errors, the small types of the torch module
 * (dtype, device, Size, return types, grad_fn nodes), and the table
 * machinery that makes one op both a Tensor method and a torch function.
 *
 * This is the bindings' internal header; other parts of lang/ use
 * tensor_obj.h and the module init functions of torch_module.h. */
#ifndef CG_TORCH_ARGS_H
#define CG_TORCH_ARGS_H

#include "runtime/exc.h"
#include "torch/tensor_obj.h"
#include "runtime/value.h"

#include "ops.h"

/* ---- errors ---------------------------------------------------------------- */

/* Raises the engine's pending error as an exception, unless a callback into
 * the cell (a hook, a custom backward) already left one pending: that one
 * is the user's and wins. Returns CG_ERR / -1. */
cg_value torch_raise(void);
int torch_raise_int(void);
/* PyTorch's argument TypeError:
 * "maximum(): argument 'other' (position 2) must be Tensor, not int".
 * pos is 1-based; 0 leaves the position out (keyword-only arguments). */
cg_value torch_arg_error(const char *fn, const char *arg, int pos, const char *expected, cg_value got);

/* ---- objects ----------------------------------------------------------------- */

/* A new zeroed object of type (basicsize bytes) with one reference; a heap
 * type (a subclass made by a class statement) is kept alive by its
 * instances. torch_obj_free undoes it, for dealloc slots. */
void *torch_obj_new(cg_type *type);
void torch_obj_free(cg_obj *o);

/* ---- numbers and tensors --------------------------------------------------- */

static inline bool torch_is_number(cg_value v) {
    return v.tag == CG_V_INT || v.tag == CG_V_BOOL || v.tag == CG_V_FLOAT;
}
/* A Python number as an engine scalar; false when v is not a number. */
bool torch_scalar_of(cg_value v, cg_scalar *out);
/* A Python number back as a value: a scalar of kind bool, int or float. */
cg_value torch_scalar_value(cg_scalar s);
/* The element at p, of dtype dt, as a Python number (a uint64 past 2^63
 * included). */
cg_value torch_element_value(const void *p, cg_dtype dt);
/* A tensor (retained) or a Python number wrapped for type promotion, or
 * NULL (no exception set) when v is neither. */
cg_tensor *torch_operand(cg_value v);
/* The argument as a tensor (borrowed), or NULL with torch_arg_error's
 * TypeError. */
cg_tensor *torch_tensor_arg_borrowed(const char *fn, const char *arg, int pos, cg_value v);
/* An optional tensor: NULL for None (no error), else as torch_tensor_arg_borrowed;
 * *err is set on failure. */
cg_tensor *torch_tensor_opt_borrowed(const char *fn, const char *arg, int pos, cg_value v, bool *err);

/* ---- ints, shapes and dims ------------------------------------------------- */

/* An int argument (ints, bools and 0-d integer tensors, as PyTorch). */
int torch_int_arg(const char *fn, const char *arg, int pos, cg_value v, int64_t *out);
int torch_double_arg(const char *fn, const char *arg, int pos, cg_value v, double *out);
int torch_bool_arg(const char *fn, const char *arg, int pos, cg_value v, bool *out);
/* A str argument (borrowed C string), NULL for None when allow_none. */
int torch_str_arg(const char *fn, const char *arg, int pos, cg_value v, bool allow_none, const char **out);
/* A shape from a sequence of ints (tuple, list, torch.Size). */
int torch_shape_of(const char *fn, const char *arg, int pos, cg_value v, int *ndim, int64_t *sizes);
/* A shape from `*size` varargs: either ints, or one sequence of ints, as
 * torch.zeros(2, 3) and torch.zeros((2, 3)) both are. */
int torch_shape_varargs(const char *fn, const char *arg, cg_value tuple, int *ndim, int64_t *sizes);
/* A dim list: None gives 0 dims (all), an int one, a sequence several. */
int torch_dims_arg(const char *fn, const char *arg, int pos, cg_value v, int *ndims, int64_t *dims);
/* A list or tuple of tensors (torch.cat's `tensors`): a malloc'd array of
 * borrowed tensors, *n of them; NULL with the TypeError otherwise. */
cg_tensor **torch_tensor_list(const char *fn, const char *arg, int pos, cg_value v, int *n);

/* Sequences: a list, a tuple or a subclass (torch.Size). */
bool torch_is_seq(cg_value v);
int64_t torch_seq_len(cg_value v);
/* Borrowed item i of a list or tuple. */
cg_value torch_seq_item_borrowed(cg_value v, int64_t i);

/* ---- data to tensors (torch_creation.c) ----------------------------------- */

/* torch.tensor(data, dtype): nested lists/tuples of numbers and tensors,
 * a number, or a tensor (copied); dtype < 0 infers it as PyTorch does.
 * NULL with the exception set. fn names the caller in messages ("tensor"). */
cg_tensor *torch_tensor_from_data(const char *fn, cg_value data, int dtype, cg_device device);

/* ---- dtypes (torch_dtype.c) ------------------------------------------------ */

extern cg_type cg_type_torch_dtype;
typedef struct {
    cg_obj head;
    cg_dtype dtype;
} torch_dtype_obj;
bool torch_is_dtype(cg_value v);
static inline cg_dtype torch_dtype_of(cg_value v) { return ((torch_dtype_obj *)v.u.o)->dtype; }
/* The immortal torch.<dtype> object. */
cg_value torch_dtype_value(cg_dtype dt);
/* An optional dtype: None gives -1. */
int torch_dtype_arg(const char *fn, const char *arg, int pos, cg_value v, int *out);
/* Adds torch.float32, torch.float, ... to the module. */
int torch_dtype_add_all(cg_value module);

/* torch.memory_format (torch_memory_format.c): an optional format
 * argument, None giving dflt; and torch.channels_last, ... in the module */
extern cg_type cg_type_torch_memory_format;
int torch_memory_format_arg(const char *fn, const char *arg, int pos, cg_value v, cg_memory_format dflt,
                            cg_memory_format *out);
int torch_memory_format_add_all(cg_value module);

/* torch.layout (torch_layout.c): torch.strided, the layout of every
 * tensor here, and the sparse ones by name */
extern cg_type cg_type_torch_layout;
cg_value torch_layout_strided(void);
int torch_layout_add_all(cg_value module);
/* the legacy constructor of torch.Tensor(...), the typed classes and
 * x.new(...) (torch_legacy_new.c), and the module's part of it */
cg_tensor *torch_legacy_new(const cg_args *args, cg_dtype dt, cg_device device, bool any_tensor);
int torch_legacy_new_add(cg_value module);
/* sort, argsort, msort, topk (torch_sort.c) */
int torch_sort_add(cg_value module, cg_type *tensor_type);
/* Tensor methods done by prelude functions (torch_prelude_methods.c) */
int torch_prelude_methods_add(cg_type *tensor_type);
/* torch._scalar_op (torch_scalar_overloads.c) */
int torch_scalar_overloads_add(cg_value module);
/* Tensor.apply_/map_/map2_ (torch_apply.c) */
int torch_apply_add(cg_type *tensor_type);
/* torch.e, pi, inf, nan (torch_constants.c) */
int torch_constants_add(cg_value module);

/* torch's private storage helpers for torch.save/load (torch_storage.c) */
int torch_storage_add(cg_value module);
/* torch.margin_ranking_loss, ..., pairwise_distance (torch_loss_composites.c) */
int torch_loss_composites_add(cg_value module);
/* Tensor.unflatten and torch.unflatten (torch_unflatten.c) */
int torch_unflatten_add(cg_value module, cg_type *tensor_type);
/* as_strided and _view_copy (torch_as_strided.c) */
int torch_as_strided_add(cg_value module, cg_type *tensor_type);
/* select_scatter, slice_scatter, diagonal_scatter (torch_view_scatter.c) */
int torch_view_scatter_add(cg_value module, cg_type *tensor_type);
/* hstack, tensor_split, movedim, tile, isnan, count_nonzero, ...
 * (torch_stacking.c) */
int torch_stacking_add(cg_value module, cg_type *tensor_type);
/* floor, ceil, round, trunc/fix, frac, sgn, signbit, positive
 * (torch_rounding.c) */
int torch_rounding_add(cg_value module, cg_type *tensor_type);
/* copysign, fmod, fmax, fmin, xlogy, deg2rad, rad2deg, nan_to_num
 * (torch_float_math.c) */
int torch_float_math_add(cg_value module, cg_type *tensor_type);
/* tan, asin, ..., logaddexp2 (torch_special_math.c) */
int torch_special_math_add(cg_value module, cg_type *tensor_type);
/* i0 and torch.special's Bessel, error-function and gamma kin
 * (torch_special_fns.c) */
int torch_special_fns_add(cg_value module, cg_type *tensor_type);
/* tril, triu, diagonal, diag, trace, flip, roll, rot90, ...
 * (torch_matrix_parts.c) */
int torch_matrix_parts_add(cg_value module, cg_type *tensor_type);
/* cumprod, cummax, cummin, logcumsumexp, cumsum_, cumprod_ (torch_cumulative.c) */
int torch_cumulative_add(cg_value module, cg_type *tensor_type);
/* masked_select, masked_scatter, take, put, argwhere, isin, block_diag,
 * fill_diagonal_, aminmax, var_mean, std_mean, ... (torch_index_search.c) */
int torch_index_search_add(cg_value module, cg_type *tensor_type);
/* tensordot, inner, kron, diff, ravel, adjoint, is_nonzero
 * (torch_tensordot.c) */
int torch_tensordot_add(cg_value module, cg_type *tensor_type);
/* torch.pixel_shuffle, pixel_unshuffle, channel_shuffle (torch_shuffle.c) */
int torch_shuffle_add(cg_value module);
/* torch.conv1d/2d/3d, conv_transpose1d/2d/3d and conv_tbc, the functions
 * torch.nn.functional's of those names are (torch_functional_conv.c) */
int torch_conv_add(cg_value module);
/* torch.qr and Tensor.qr (torch_qr.c) */
int torch_qr_add(cg_value module, cg_type *tensor_type);
/* torch.inverse, det, logdet, slogdet and their Tensor methods (torch_linalg.c) */
int torch_linalg_old_add(cg_value module, cg_type *tensor_type);
/* linalg.matrix_power(A, n), PyTorch's composite (torch_linalg.c) */
cg_tensor *torch_matrix_power(cg_tensor *A, int64_t n);
/* linalg.qr's mode argument as cg_qr_mode, and the named pair (Q, R) of
 * A's QR in that mode, of torch.return_types.<type> (torch_linalg.c) */
int torch_qr_mode(cg_value v, cg_qr_mode *mode);
cg_value torch_qr_pair(const char *type, cg_tensor *A, cg_qr_mode mode);
/* torch.embedding (torch_embedding.c) */
int torch_embedding_add(cg_value module);
/* torch.grid_sampler, torch.affine_grid_generator (torch_grid.c) */
int torch_grid_add(cg_value module);
/* A C module's names written in the cell language: its __getattr__ and
 * __dir__ (torch_prelude_names.c) */
int torch_prelude_names_add(cg_value module);

/* ---- devices (torch_device.c) ---------------------------------------------- */

extern cg_type cg_type_torch_device;
typedef struct {
    cg_obj head;
    cg_device device;
} torch_device_obj;
bool torch_is_device(cg_value v);
cg_value torch_device_value(cg_device d);
/* A device from a str ("cuda:0"), a torch.device or an int (a CUDA index);
 * None gives the CPU and *given false when given is not NULL. */
int torch_device_arg(const char *fn, const char *arg, int pos, cg_value v, cg_device *out, bool *given);
/* The device type's availability check: a CUDA device without the backend
 * fails with the engine's error. */
int torch_device_check(cg_device d);

/* ---- torch.Size (torch_size.c) --------------------------------------------- */

extern cg_type cg_type_torch_size;
cg_value torch_size_new(int ndim, const int64_t *sizes);
int torch_size_init(void);

/* ---- torch.return_types (torch_return_types.c) ----------------------------- */

/* A named pair of type torch.return_types.<name>: (values, indices) for
 * max and min, (Q, R) for linalg_qr and qr; takes the references of both
 * values. */
cg_value torch_return_pair(const char *name, cg_value values, cg_value indices);
/* The same for a named triple (linalg_svd: U, S, Vh). */
cg_value torch_return_triple(const char *name, cg_value a, cg_value b, cg_value c);
int torch_return_types_init(void);

/* ---- autograd nodes (torch_node.c) ----------------------------------------- */

extern cg_type cg_type_torch_node;
/* A node object. Its layout starts as cg_instance's, so that a custom
 * Function's ctx (torch_function.c), which is the node object of its node,
 * can carry attributes; a built-in node's dict stays NULL. */
typedef struct {
    cg_obj head;
    cg_dict *dict;
    cg_node *node; /* owned; weak for a ctx: see Note [Function ctx] */
    cg_value metadata;
} torch_node_obj;
/* The wrapper of a node (cached through node->owner), or None for NULL. */
cg_value torch_node_value(cg_node *n);
/* A node object's attributes (next_functions, metadata, _saved_*), or
 * CG_STOP: for types built on cg_type_torch_node. */
cg_value torch_node_getattr(cg_value self, cg_str *name);
/* Saved slot i of n as the cell sees it (None, or a tensor; a saved output
 * comes back with its history), or CG_ERR with PyTorch's error once freed. */
cg_value torch_node_saved(cg_node *n, int i);
int torch_node_init(void);
/* The hook handle (torch.utils.hooks.RemovableHandle) of tensor hook id. */
cg_value torch_hook_handle_new(cg_tensor *t, int64_t id);
/* The engine hook that calls a cell function with the gradient. */
int64_t torch_register_tensor_hook(cg_tensor *t, cg_value fn);
/* The functions registered on t with register_hook, for the collector
 * (tensor_obj.c), and dropping them all. */
void torch_tensor_hooks_traverse(const cg_tensor *t, cg_visitfn visit, void *arg);
void torch_tensor_hooks_clear(cg_tensor *t);

/* ---- warnings (torch_warn.c) ----------------------------------------------- */

/* Raises a warning through the warnings module, as PyTorch's C++ does
 * through Python's: where the cell called, shown once per call site by the
 * default filter. -1 with the exception pending when a filter made it an
 * error. */
int torch_warn(const char *category, const char *message);
/* PyTorch's copy warns (once) when it drops imaginary parts: from a
 * complex dtype to a real one. 0, or -1 when a filter made the warning an
 * error. */
int torch_warn_complex_to_real(cg_dtype from, cg_dtype to);
/* A warning PyTorch's C++ raises with TORCH_WARN_ONCE: once per process. */
int torch_warn_once(const char *category, const char *message);
/* The same at a given place: for the warnings PyTorch raises from its own
 * Python files (nn/functional.py), whose location its users see. */
int torch_warn_at(const char *category, const char *message, const char *file, int line, const char *source);

/* ---- ops as methods and functions ----------------------------------------- */

/* One op of the torch bindings, written once and bound twice: as a Tensor
 * method (x.sum(dim=1)) and as a torch function (torch.sum(x, dim=1)).
 * Its adapter receives the bound arguments with the tensor (self, or the
 * function's first parameter) in a[0], the rest in signature order, and
 * calls the row's function with them (Note [Op rows]). */
typedef cg_value (*torch_impl)(cg_value *a);

enum {
    TORCH_METHOD = 1,
    TORCH_FUNCTION = 2,
    TORCH_BOTH = 3,
    TORCH_ANY_INPUT = 4, /* the function form's first argument need not be a tensor */
};

typedef struct torch_op torch_op;
typedef cg_value (*torch_adapter)(const torch_op *op, cg_value *a);
/* The row's function, of the type its adapter casts it back to. */
typedef void (*torch_fn)(void);

struct torch_op {
    const char *name;    /* the Python name */
    const char *params;  /* the parameters after the tensor: "dim=None, keepdim=False" */
    torch_adapter adapt; /* how fn is called: see the binders below */
    torch_fn fn;
    int flag;          /* told to the adapter: picks one op of a family */
    unsigned where;    /* TORCH_METHOD, TORCH_FUNCTION or both, | TORCH_ANY_INPUT */
    const char *input; /* the function form's first parameter; NULL: "input" */
    cg_cfunc mfn, ffn; /* the trampolines (TORCH_OP_FNS) */
    /* built by torch_ops_prepare: */
    cg_method_def method, function;
    int nparams; /* of the function form */
};

/* Note [Op rows]
 * ~~~~~~~~~~~~~~
 * A row of an op table names an engine function and how it is adapted to
 * Python, so that an op that takes what an engine function takes is one
 * row and no C of its own. The binder column is one of:
 *   UNARY(f)        x.f() is f(x); UNARY_(f): x.f_() is f_(x) in place, giving x
 *   BINARY(f)       x.f(other) is f(x, other), other a tensor or a Python number
 *   BINARY_(f)      the same in place
 *   TBINARY(f)      x.f(other), other a tensor (maximum, logical_and, ...)
 *   TBINARY_(f)     the same in place
 *   IMPL(f)         f(a): a binding written by hand, for what the engine's
 *                   signature does not say (overloads, optional arguments)
 *   FAMILY(g, f, k) g(op, a): an adapter of the file's own, for ops that
 *                   share their argument handling (reductions, views, ...),
 *                   with the engine function f and a flag k, either 0/NULL
 *                   where g needs none. A file gives its family a binder of
 *                   its own that checks f's type (REDUCE(f)).
 * The adapter reads the op's Python name from op->name for PyTorch's
 * messages; an op whose name ends in one underscore works in place
 * (torch_op_in_place). */
#define TORCH_FN(type, f) ((torch_fn)(1 ? (f) : (type)0))
typedef cg_tensor *(*torch_unary_fn)(cg_tensor *);
typedef int (*torch_unary_fn_)(cg_tensor *);
typedef cg_tensor *(*torch_binary_fn)(cg_tensor *, cg_tensor *);
typedef int (*torch_binary_fn_)(cg_tensor *, cg_tensor *);
cg_value torch_adapt_impl(const torch_op *op, cg_value *a);
cg_value torch_adapt_unary(const torch_op *op, cg_value *a);
cg_value torch_adapt_unary_(const torch_op *op, cg_value *a);
cg_value torch_adapt_binary(const torch_op *op, cg_value *a);
cg_value torch_adapt_binary_(const torch_op *op, cg_value *a);
cg_value torch_adapt_tbinary(const torch_op *op, cg_value *a);
cg_value torch_adapt_tbinary_(const torch_op *op, cg_value *a);
#define IMPL(f) torch_adapt_impl, TORCH_FN(torch_impl, f), 0
#define UNARY(f) torch_adapt_unary, TORCH_FN(torch_unary_fn, f), 0
#define UNARY_(f) torch_adapt_unary_, TORCH_FN(torch_unary_fn_, f), 0
#define BINARY(f) torch_adapt_binary, TORCH_FN(torch_binary_fn, f), 0
#define BINARY_(f) torch_adapt_binary_, TORCH_FN(torch_binary_fn_, f), 0
#define TBINARY(f) torch_adapt_tbinary, TORCH_FN(torch_binary_fn, f), 0
#define TBINARY_(f) torch_adapt_tbinary_, TORCH_FN(torch_binary_fn_, f), 0
#define FAMILY(g, f, k) g, (torch_fn)(f), k

/* The name of op's parameter after the tensor ("other", "mat2", "shape"
 * for "*shape"), for messages; written to buf. */
const char *torch_param_name(const torch_op *op, char buf[64]);
/* op works in place: its name ends in one underscore (add_, not __abs__). */
bool torch_op_in_place(const torch_op *op);
/* The result of an in-place op on self: self again, or the error (rc < 0). */
cg_value torch_inplace_result(cg_value self, int rc);

#define TORCH_MAX_PARAMS 16

/* Builds the method and function defs of ops[0..n) (their signatures),
 * and registers the table for torch_op_table_at. */
int torch_ops_prepare(torch_op *ops, int n);
/* Table i of those torch_ops_prepare has registered, in the order their
 * module or type was built, with its row count in *n; NULL past the last.
 * For tests/unit/test_op_reach.c, which checks every row of every table:
 * import torch and torch.nn.functional first, so that all are built. */
const torch_op *torch_op_table_at(int i, int *n);
/* Binds and runs op as a method of self / as a function. */
cg_value torch_op_call_method(torch_op *op, cg_value self, const cg_args *args);
cg_value torch_op_call_function(torch_op *op, const cg_args *args);
/* The method defs (where & TORCH_METHOD) or the function defs (where &
 * TORCH_FUNCTION) of ops, in a new NULL-ended array that lives as long as
 * the process, for cg_type_add_methods / cg_module_add_methods. */
cg_method_def *torch_ops_defs(const torch_op *ops, int n, unsigned where);

/* The position PyTorch reports for parameter k of an op (a[k]; the tensor
 * is a[0]): k in a method call, k + 1 in a function call, where the tensor
 * is an argument too. Valid while an op's impl runs. */
int torch_pos(int k);
/* The op being run is a function call (torch.sum(x)), not a method. */
bool torch_called_as_function(void);

/* Binds args to def's signature (n parameters), runs impl on them and
 * releases them: the body of a C function with a signature. */
cg_value torch_bind_call(const cg_method_def *def, const cg_args *args, int n, torch_impl impl);

/* A table of ops is an X-list, one row per op:
 *     #define OPS(X) X(exp, "exp", "", UNARY(cg_exp), TORCH_BOTH, NULL) ...
 *     #define TORCH_TAB my_ops
 *     TORCH_OP_TABLE(OPS)
 * which defines `static torch_op my_ops[TORCH_OP_COUNT]`. The first column
 * is a C identifier, unique in the table; the second the Python name (a
 * method and a function of one name with other signatures are two rows).
 * A C function cannot know which def called it, so each row gets its own
 * two trampolines. One table per file. */
#define TORCH_OP_ENUM(id, name, params, bind, where, input) TORCH_OP_I_##id,
#define TORCH_OP_FNS(id, name, params, bind, where, input)                                     \
    __attribute__((unused)) static cg_value TORCH_M_##id(cg_value self, const cg_args *args) { \
        return torch_op_call_method(&TORCH_TAB[TORCH_OP_I_##id], self, args);                  \
    }                                                                                          \
    __attribute__((unused)) static cg_value TORCH_F_##id(cg_value self, const cg_args *args) { \
        (void)self;                                                                            \
        return torch_op_call_function(&TORCH_TAB[TORCH_OP_I_##id], args);                      \
    }
#define TORCH_OP_ROW(id, name, params, bind, where, input) \
    {name, params, bind, where, input, TORCH_M_##id, TORCH_F_##id, {0}, {0}, 0},
#define TORCH_OP_TABLE(OPS)                     \
    enum { OPS(TORCH_OP_ENUM) TORCH_OP_COUNT }; \
    static torch_op TORCH_TAB[TORCH_OP_COUNT];  \
    OPS(TORCH_OP_FNS)                           \
    static torch_op TORCH_TAB[TORCH_OP_COUNT] = {OPS(TORCH_OP_ROW)};

/* ---- between the bindings' files -------------------------------------------- */

/* x.requires_grad = on (from_method: x.requires_grad_(on)), PyTorch's
 * checks and messages; 0 or -1. (tensor_obj.c) */
int torch_set_requires_grad(cg_tensor *t, bool on, bool from_method);
/* torch.Tensor(...), the type's constructor. (torch_creation.c) */
cg_value torch_tensor_new(cg_type *type, const cg_args *args);
/* An optional torch.Generator argument: NULL for None (the default one);
 * *err set with the TypeError otherwise. (torch_creation.c) */
struct cg_rng *torch_generator_arg(const char *fn, cg_value v, bool *err);
/* A seed as PyTorch reads it: a negative int as its two's complement; 0
 * or -1 with the TypeError. (torch_args.c) */
int torch_seed_arg(const char *fn, cg_value v, uint64_t *out);
/* backward() of roots with gradient (None, a tensor or a sequence),
 * retain_graph (None: create_graph) and inputs (None or tensors); 0 or -1
 * with the exception. (torch_autograd.c) */
int torch_backward(cg_tensor *const *roots, int n, cg_value gradient, cg_value retain_graph, bool create_graph,
                   cg_value inputs);
/* Each file's part of the Tensor type and the torch module. */
int torch_tensor_methods_add(cg_type *type);
int torch_tensor_statics_add(cg_type *type);
int torch_tensor_functions_add(cg_value module);
int torch_creation_add(cg_value module);
/* torch.from_numpy and Tensor.numpy (torch_numpy.c). */
int torch_numpy_add(cg_value module);
/* The engine tensor of numpy array v (a new reference) with *is_array set;
 * NULL with *is_array false when v is not an ndarray (no exception), NULL
 * with an exception pending on failure. */
cg_tensor *torch_numpy_array_tensor(cg_value v, bool *is_array);
/* A numpy scalar (np.int64(3), np.float32(0.5), np.bool_(True)) as an
 * engine scalar; false (no exception) for anything else. */
bool torch_numpy_scalar_of(cg_value v, cg_scalar *out);
/* The engine dtype of numpy scalar v; -1 (no exception) when v is none,
 * -2 with an exception when its dtype has no engine dtype. */
int torch_numpy_scalar_dtype(cg_value v);
int torch_ops_add(cg_value module, cg_type *tensor_type);
int torch_autograd_add(cg_value torch);
/* torch.set_float32_matmul_precision, get_float32_matmul_precision
 * (torch_matmul_precision.c). */
int torch_matmul_precision_add(cg_value torch);
/* torch.set_num_threads, get_num_threads and the interop pair
 * (torch_threads.c). */
int torch_threads_add(cg_value torch);
/* torch.finfo, torch.iinfo, promote_types, can_cast, result_type (torch_finfo.c). */
int torch_finfo_add(cg_value torch);

#endif
