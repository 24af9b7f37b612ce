/* autograd.h: the graph that records how tensors were made, and backward.
 *
 * The graph is PyTorch's: a non-leaf tensor that requires grad has a grad_fn
 * node; a node holds an edge per input to the node that produced it (a leaf
 * that requires grad gets an AccumulateGrad node), the tensors its
 * derivative needs (each with the version it had when saved), and the
 * scalar arguments of its op.
 *
 * Note [Saved outputs]
 * ~~~~~~~~~~~~~~~~~~~~
 * A node that saves its own output (exp saves result) would form a cycle
 * output -> grad_fn -> output. Like PyTorch's SavedVariable, it keeps a
 * grad_fn-less alias of the output instead: same storage and geometry, no
 * grad_fn, so nothing points back at the node. A backward that builds a
 * graph (create_graph) needs the output's history back, to differentiate
 * through it again: there cg_node_saved() hands out an alias whose grad_fn
 * is the node, kept in the slot only while that node's derivative runs.
 *
 * Note [AccumulateGrad lifetime]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch's AccumulateGrad owns its leaf and the leaf points at it weakly,
 * so a leaf used by a tiny op gets a new AccumulateGrad each time the op's
 * graph is freed. Here the leaf owns its AccumulateGrad and the node points
 * back weakly: the node lives as long as the leaf, and a leaf freed while a
 * graph still reaches it clears the pointer; its gradient is then dropped,
 * as nothing can read it any more. Either way there is no cycle. */
#ifndef CG_AUTOGRAD_H
#define CG_AUTOGRAD_H

#include "op.h"

typedef struct cg_edge {
    struct cg_node *node; /* NULL: this input needs no gradient */
    int input_nr;         /* which input slot of `node` the gradient feeds */
} cg_edge;

/* What a gradient flowing along an edge must look like: a gradient of
 * another shape is reduced with sum_to (broadcasting), of another dtype cast. */
typedef struct cg_meta {
    int ndim;
    cg_dtype dtype;
    cg_device device;
    int64_t sizes[CG_MAX_DIMS];
} cg_meta;

typedef struct cg_saved {
    cg_tensor *tensor; /* owned; an alias without grad_fn for outputs */
    int64_t version;   /* storage version when saved, see Note [Version counter] */
    const char *name;  /* "self", "other", "result": for grad_fn._saved_<name> */
    /* for PyTorch's in-place message: the node whose output it is, if any */
    const char *producer;
    int output_nr;
    bool is_output;      /* an output of the node that saved it */
    cg_tensor *unpacked; /* see Note [Saved outputs], during create_graph */
} cg_saved;

#define CG_NODE_MAX_SAVED 4

/* Hooks: register_hook callbacks on a tensor's gradient. fn may replace the
 * gradient by storing a new reference in *out (NULL keeps it). */
typedef int (*cg_hook_fn)(void *ctx, cg_tensor *grad, cg_tensor **out);
typedef struct cg_hook {
    cg_hook_fn fn;
    void *ctx;
    void (*free_ctx)(void *ctx);
    int64_t id;
    struct cg_hook *next;
} cg_hook;

/* torch.autograd.Function: the host runs the user's backward. grads_out
 * has an entry per output (NULL: no gradient reached it); grads_in gets a
 * new reference (or NULL) per input edge. */
typedef int (*cg_custom_backward_fn)(void *ctx, struct cg_node *node, cg_tensor *const *grads_out,
                                     cg_tensor **grads_in);

/* Node hooks (grad_fn.register_prehook / register_hook). A pre hook runs
 * before the node with the gradients of its outputs (grads_in NULL); a
 * post hook after it, with the gradients it computed for its inputs too.
 * Either may replace an entry of grads_in or grads_out: release the old
 * one, store a new reference (or NULL). */
typedef int (*cg_node_hook_fn)(void *ctx, struct cg_node *node, cg_tensor **grads_in, cg_tensor **grads_out);
typedef struct cg_node_hook {
    cg_node_hook_fn fn;
    void *ctx;
    void (*free_ctx)(void *ctx);
    int64_t id;
    struct cg_node_hook *next;
} cg_node_hook;

typedef struct cg_node {
    int64_t refcount;
    cg_op op;
    const char *name;  /* PyTorch's node name; usually the table's */
    uint64_t seq;      /* creation order: later nodes run first */
    bool released;     /* saved tensors freed by a backward */
    int nin;           /* inputs (edges) */
    int nout;          /* outputs of the op */
    cg_edge *next;     /* [nin] */
    cg_meta *in_meta;  /* [nin] */
    cg_meta *out_meta; /* [nout] */
    int nsaved;
    cg_tensor *variable; /* AccumulateGrad: the leaf, weak, see Note [AccumulateGrad lifetime] */
    /* retain_grad and register_hook of non-leaf outputs: weak tensor pointers
     * and hook lists per output, allocated on first use */
    cg_tensor **retain_out; /* [nout] weak */
    cg_hook **out_hooks;    /* [nout] */
    /* torch.autograd.Function */
    cg_custom_backward_fn custom_backward;
    void *custom_ctx;
    void (*custom_free)(void *ctx);
    struct cg_node *wrapped; /* CopySlices over a view: the in-place op's node (Note [In-place ops on views]) */
    cg_saved *saved_more;    /* [nsaved - CG_NODE_MAX_SAVED]: a Function's extra saved tensors */
    cg_node_hook *pre_hooks, *post_hooks;
    void *owner; /* weak back-pointer for a host's wrapper object */
    /* scratch of the backward pass running over this node */
    uint64_t task;
    int64_t deps;
    bool needed;
    cg_tensor **inbuf; /* [nout] gradients summed so far */
    /* The two largest members come last: a new node zeroes only what is
     * above them (Note [Node allocation]). Slot i (cg_node_slot) is valid
     * for i < nsaved. */
    cg_op_args args;
    cg_saved saved[CG_NODE_MAX_SAVED];
} cg_node;

/* ---- grad mode ------------------------------------------------------------- */

bool cg_grad_enabled(void);
/* Sets grad mode and returns the previous one, for no_grad/enable_grad. */
bool cg_grad_set_enabled(bool enabled);

/* Anomaly mode (torch.autograd.detect_anomaly): when on with check_nan, a
 * backward whose node gives a gradient holding NaN stops with PyTorch's
 * "Function 'DivBackward0' returned nan values in its 0th output." */
void cg_anomaly_set(bool enabled, bool check_nan);
bool cg_anomaly_enabled(void);
bool cg_anomaly_check_nan(void);

/* ---- nodes ----------------------------------------------------------------- */

/* Saved slot i: the first CG_NODE_MAX_SAVED live in the node, a custom
 * Function's further ones in saved_more. */
static inline cg_saved *cg_node_slot(cg_node *n, int i) {
    return i < CG_NODE_MAX_SAVED ? &n->saved[i] : &n->saved_more[i - CG_NODE_MAX_SAVED];
}

void cg_node_retain(cg_node *n);
void cg_node_release(cg_node *n);
/* Saved tensor i (in the order given to cg_autograd_record) into *out,
 * borrowed; *out is NULL when that slot was given no tensor. Fails with
 * PyTorch's backward-twice or in-place error when it can no longer be used. */
int cg_node_saved(cg_node *n, int i, cg_tensor **out);
/* Zeros of input i's shape and device, in dtype dt: the start of every
 * derivative that scatters the gradient back into its input's shape. */
cg_tensor *cg_node_input_zeros(const cg_node *n, int i, cg_dtype dt);
/* Frees the saved tensors (after a backward without retain_graph). */
void cg_node_release_saved(cg_node *n);
/* Drops the aliases cg_node_saved() made during a create_graph backward. */
void cg_node_release_unpacked(cg_node *n);
/* Set by the backward engine while it runs a create_graph backward. */
void cg_autograd_set_building_graph(bool on);
/* The same for several slots at once: cg_node_saved_all(n, 2, &self, &other). */
int cg_node_saved_all(cg_node *n, int count, ...);
/* The node a gradient for t flows into: its grad_fn, or its AccumulateGrad
 * (created on demand) for a leaf that requires grad, else NULL. New reference. */
cg_node *cg_tensor_gradient_edge(cg_tensor *t, int *input_nr);

bool cg_tensor_requires_grad(const cg_tensor *t);
static inline bool cg_tensor_is_leaf(const cg_tensor *t) { return t->grad_fn == NULL; }

/* ---- recording ------------------------------------------------------------- */

/* True when an op over these inputs must record a node. */
bool cg_autograd_needed(int nin, cg_tensor *const *in);

/* Records op as the grad_fn of outs (all outputs of one call; NULL for one
 * not computed) with edges to inputs (NULL: no edge), saving the listed
 * tensors (pass an output to save it as an alias, see Note [Saved
 * outputs]). Call when cg_autograd_needed(). Returns 0 or -1;
 * *node (may be NULL) gets the node, borrowed from the outputs that own it,
 * or NULL when nothing was recorded (the op is not differentiable, or no
 * output is of a float dtype). */
typedef struct {
    cg_tensor *tensor;
    const char *name;
} cg_save_spec;

int cg_autograd_record(cg_op op, int nout, cg_tensor *const *outs, int nin, cg_tensor *const *in, int nsave,
                       const cg_save_spec *save, const cg_op_args *args, cg_node **node);

/* The node of a torch.autograd.Function call, `name` its node name (the
 * caller keeps the string alive as long as ctx): an edge per input (NULL
 * entries, and inputs that need no gradient, get an empty one), the
 * tensors of save[0..nsave) saved (NULL entries allowed; outputs among them
 * as in Note [Saved outputs]), and outs[i] given it as grad_fn when
 * attach[i] (a float tensor that is differentiable). NULL outs entries are
 * outputs that are not tensors; their out_meta is zero. An output that
 * already has a grad_fn (marked dirty) moves its history, as an in-place
 * op's. The node takes ctx (custom_free runs when it dies, and on
 * failure). Returns 0 with a new reference to the node in *node, or -1. */
int cg_custom_node_new(const char *name, int nin, cg_tensor *const *in, int nout, cg_tensor *const *outs,
                       const bool *attach, int nsave, cg_tensor *const *save, cg_custom_backward_fn backward, void *ctx,
                       void (*custom_free)(void *ctx), cg_node **node);

/* The new history of `base` after an in-place op recorded `fn` on a view of
 * it: a node `op` (CopySlices) with an edge to base's previous history and
 * the edges of fn's inputs other than the view, keeping fn to run inside its
 * backward (Note [In-place ops on views], view_rebase.c). Saves save[0..nsave).
 * Returns the node, borrowed from base, or NULL with the error set. */
cg_node *cg_autograd_wrap(cg_op op, cg_tensor *base, cg_node *fn, int nsave, const cg_save_spec *save,
                          const cg_op_args *args);
/* Runs n's derivative (a table op's or a Function's) for gradients go. */
int cg_node_apply(cg_node *n, cg_tensor *const *go, cg_tensor **gi);

/* In-place op on `self`: self becomes an output of the new node, whose first
 * edge points at self's previous history. Errors as PyTorch when self is a
 * leaf that requires grad. Check first with cg_autograd_check_inplace(). */
int cg_autograd_check_inplace(const cg_tensor *self);

/* ---- backward -------------------------------------------------------------- */

/* root.backward(gradient, retain_graph, create_graph). gradient may be NULL
 * for a one-element root. */
int cg_autograd_backward(int nroots, cg_tensor *const *roots, cg_tensor *const *grads, bool retain_graph,
                         bool create_graph);
/* torch.autograd.grad: writes new references to the gradients of inputs
 * into results (NULL where allow_unused and unreachable). */
int cg_autograd_grad(int nroots, cg_tensor *const *roots, cg_tensor *const *grads, int nin, cg_tensor *const *inputs,
                     bool retain_graph, bool create_graph, bool allow_unused, cg_tensor **results);

/* ---- hooks ----------------------------------------------------------------- */

/* Adds a hook to t's gradient; returns its id (> 0) or -1. */
int64_t cg_tensor_register_hook(cg_tensor *t, cg_hook_fn fn, void *ctx, void (*free_ctx)(void *));
void cg_tensor_remove_hook(cg_tensor *t, int64_t id);
int cg_tensor_retain_grad(cg_tensor *t);
void cg_hooks_free(cg_hook *h);
/* Adds a pre (pre true) or post hook to n; returns its id (> 0) or -1. */
int64_t cg_node_register_hook(cg_node *n, bool pre, cg_node_hook_fn fn, void *ctx, void (*free_ctx)(void *));
void cg_node_remove_hook(cg_node *n, int64_t id);
void cg_node_hooks_free(cg_node_hook *h);

#endif
