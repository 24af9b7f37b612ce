/* op.h: the op enum and descriptors generated from ops.def, and the call
 * record that every kernel receives.
 *
 * An op's public function (ops.h) checks its arguments, works out the result
 * geometry and dtype, finds the kernel for the device in the backend table,
 * runs it, and records an autograd node when grad mode is on and an input
 * requires grad. Kernels never check user errors: they are given valid calls. */
#ifndef CG_OP_H
#define CG_OP_H

#include "iter.h"
#include "tensor.h"

typedef enum {
#define X(id, node, cpu, cuda, bw, sample) CG_OP_##id,
#include "ops.def"
#undef X
    CG_OP_COUNT,
    /* autograd-only nodes that are not ops of the table */
    CG_OP_ACCUMULATE_GRAD = CG_OP_COUNT,
    CG_OP_CUSTOM, /* torch.autograd.Function subclasses */
    CG_OP_GRAPH_ROOT,
} cg_op;

/* The scalar and dim arguments of an op, kept by its autograd node. Each op
 * documents which fields it uses next to its kernel. */
typedef struct cg_op_args {
    cg_scalar s[3]; /* alpha, exponent, min/max, fill value, elu's three, ... */
    int64_t i[4];   /* dim, start, end, step, correction, ... */
    int ndims;      /* dims: reduction dims or a permutation */
    int64_t dims[CG_MAX_DIMS];
    bool keepdim;
    bool flag; /* an op's boolean option */
} cg_op_args;

/* What a kernel gets: outputs allocated, inputs checked, geometry planned. */
typedef struct cg_kernel_call {
    cg_op op;
    int nout, nin;
    cg_tensor *out[2];
    cg_tensor *in[4];
    cg_tensor *const *list; /* ops over a tensor list (cat, stack) */
    int nlist;
    const cg_ew_iter *it;             /* elementwise plan, where used */
    const struct cg_reduce_iter *rit; /* reduction plan, where used */
    const cg_op_args *args;
} cg_kernel_call;

struct cg_node;
/* A derivative: given the gradients of the node's outputs (grads_out, NULL
 * where an output got none), writes the gradient of each input into
 * grads_in[i] (NULL where none or not needed). Runs with grad mode off, so
 * it may use any engine op. Returns 0, or -1 with the error set. */
typedef int (*cg_backward_fn)(struct cg_node *node, cg_tensor *const *grads_out, cg_tensor **grads_in);

typedef struct {
    const char *name;      /* "ADD" */
    const char *node_name; /* "AddBackward0" */
    cg_backward_fn backward;
} cg_op_info;

extern const cg_op_info cg_op_table[CG_OP_COUNT];

/* Every kernel and derivative named in ops.def, declared from it. The
 * placeholders `nokernel` and `nodiff` are declared too, harmlessly: op.c
 * turns them into NULL before it builds the tables. */
#define X(id, node, cpu, cuda, bw, sample) \
    void cpu(const cg_kernel_call *call);  \
    int bw(struct cg_node *n, cg_tensor *const *grads_out, cg_tensor **grads_in);
#include "ops.def"
#undef X

/* The CPU row of elementwise op `op` on complex dtype dt (ops_complex.c),
 * or NULL when op has none (Note [Kernels of complex types] in op.c). */
cg_row_fn cg_complex_row(cg_op op, cg_dtype dt);

/* Runs the kernel of call->op on the device of call->out[0] (or in[0]).
 * Returns 0, or -1 with "... not implemented for 'cuda'" style errors. */
int cg_op_run(const cg_kernel_call *call);
/* Marks the running CPU kernel failed; its error is already set. */
void cg_cpu_kernel_fail(void);
int cg_cpu_kernel_status(void);

#endif
