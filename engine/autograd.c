/* autograd.c: grad mode, nodes and their saved tensors, and recording an
 * op's node on its outputs (autograd.h).
 *
 * Not the backward engine, which runs the recorded graph (backward.c), nor
 * the rebase of a view's base after an in-place op (view_rebase.c). */
#include "autograd.h"

#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "block_cache.h"
#include "ops.h"
#include "view_rebase.h"

static _Thread_local bool grad_enabled = true;
static _Thread_local bool building_graph; /* see Note [Saved outputs] */
static uint64_t next_seq = 1;

bool cg_grad_enabled(void) { return grad_enabled; }

bool cg_grad_set_enabled(bool enabled) {
    bool was = grad_enabled;
    grad_enabled = enabled;
    return was;
}

static bool anomaly_enabled, anomaly_check_nan = true;

void cg_anomaly_set(bool enabled, bool check_nan) {
    anomaly_enabled = enabled;
    anomaly_check_nan = check_nan;
}
bool cg_anomaly_enabled(void) { return anomaly_enabled; }
bool cg_anomaly_check_nan(void) { return anomaly_check_nan; }

bool cg_tensor_requires_grad(const cg_tensor *t) { return t->requires_grad || t->grad_fn != NULL; }

bool cg_autograd_needed(int nin, cg_tensor *const *in) {
    if (!grad_enabled)
        return false;
    for (int i = 0; i < nin; i++)
        if (in[i] && cg_tensor_requires_grad(in[i]))
            return true;
    return false;
}

/* ---- nodes ----------------------------------------------------------------- */

/* Only the first ndim sizes: a meta's sizes are read up to its ndim. */
static void meta_of(cg_meta *m, const cg_tensor *t) {
    m->ndim = t->ndim;
    m->dtype = t->dtype;
    m->device = cg_tensor_device(t);
    for (int d = 0; d < t->ndim; d++)
        m->sizes[d] = t->sizes[d];
}

/* Note [Node allocation]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * A tiny op with autograd makes one node (a leaf keeps its AccumulateGrad,
 * Note [AccumulateGrad lifetime]), and making it weighs on a 4x4 add. A
 * node, its edges and its metas come from one block, from the block cache
 * when the node is small (Note [Block caches]); never from calloc, which
 * bypasses glibc's per-thread cache. Only the node's header is zeroed: the
 * recorder writes every edge and meta, the args are copied (zeroed when
 * there are none), and a saved slot is written whole when it is filled, so
 * the ~450 bytes of args and saved slots are not cleared for nothing.
 * Measured on a 4x4 float32 add with autograd: see bench/README.md. */

/* Blocks of nodes with at most two inputs and one output are all of one
 * size and come from a per-thread cache (Note [Block caches]): the nodes
 * of tiny ops then skip malloc and free. */
#define SMALL_NODE_BYTES (sizeof(cg_node) + 2 * sizeof(cg_edge) + 3 * sizeof(cg_meta))

static void *node_block(size_t bytes) {
    return bytes <= SMALL_NODE_BYTES ? cg_block_get(CG_BLOCK_NODE, SMALL_NODE_BYTES) : malloc(bytes);
}

static void node_block_free(cg_node *n) {
    if (n->nin <= 2 && n->nout <= 1)
        cg_block_put(CG_BLOCK_NODE, n);
    else
        free(n);
}

/* A node with refcount 1 and its edges and metas unwritten: the caller
 * writes next[0..nin), in_meta[0..nin) and out_meta[0..nout). */
static cg_node *node_new(cg_op op, int nin, int nout, const cg_op_args *args) {
    size_t ne = (size_t)(nin ? nin : 1), no = (size_t)(nout ? nout : 1);
    size_t bytes = sizeof(cg_node) + ne * sizeof(cg_edge) + (ne + no) * sizeof(cg_meta);
    cg_node *n = node_block(bytes);
    if (!n) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory recording an autograd node");
        return NULL;
    }
    memset(n, 0, offsetof(cg_node, args));
    if (args)
        n->args = *args;
    else
        n->args = (cg_op_args){0};
    cg_edge *next = (cg_edge *)(n + 1);
    cg_meta *in_meta = (cg_meta *)(next + ne);
    cg_meta *out_meta = in_meta + ne;
    n->refcount = 1;
    n->op = op;
    n->name = op < CG_OP_COUNT ? cg_op_table[op].node_name : op == CG_OP_ACCUMULATE_GRAD ? "AccumulateGrad" : "";
    n->seq = next_seq++;
    n->nin = nin;
    n->nout = nout;
    n->next = next;
    n->in_meta = in_meta;
    n->out_meta = out_meta;
    return n;
}

void cg_node_retain(cg_node *n) { n->refcount++; }

void cg_node_release_saved(cg_node *n) {
    for (int i = 0; i < n->nsaved; i++) {
        cg_saved *s = cg_node_slot(n, i);
        cg_tensor_release(s->tensor);
        s->tensor = NULL;
    }
    if (n->wrapped) { /* a CopySlices' op runs only inside it, and is freed with it */
        cg_node_release_saved(n->wrapped);
        n->wrapped->released = true;
    }
}

/* Note [Releasing a graph]
 * Releasing a node can release a long chain of nodes behind it: through its
 * edges, and through its saved tensors, whose grad_fn dies with them (a
 * loss accumulated over a million steps, each node saving the running
 * total). The outermost cg_node_release keeps a worklist; a release that
 * happens while it runs (a saved tensor's, a hook's closure's) only adds
 * its node to that list, so the C stack stays flat for any graph. */
typedef struct {
    cg_node **work;
    size_t n, cap;
    cg_node *stack[16]; /* most releases never need the heap */
} node_worklist;

static _Thread_local node_worklist *releasing;

static void worklist_grow(node_worklist *w) {
    w->cap *= 2;
    cg_node **grown = w->work == w->stack ? malloc(w->cap * sizeof *grown) : realloc(w->work, w->cap * sizeof *grown);
    if (!grown)
        abort(); /* cannot free without memory: an internal failure */
    if (w->work == w->stack)
        memcpy(grown, w->stack, sizeof w->stack);
    w->work = grown;
}

static inline void worklist_push(node_worklist *w, cg_node *n) {
    if (w->n == w->cap)
        worklist_grow(w);
    w->work[w->n++] = n;
}

/* Frees n alone; the nodes it held that die go on w. */
static void node_free(cg_node *n, node_worklist *w) {
    for (int i = 0; i <= n->nin; i++) { /* the edges, then a CopySlices' wrapped node */
        cg_node *next = i < n->nin ? n->next[i].node : n->wrapped;
        if (next && --next->refcount == 0)
            worklist_push(w, next);
    }
    cg_node_release_saved(n); /* nodes that die here come back through releasing */
    if (n->variable)          /* the leaf outlives its node, but be safe */
        n->variable->grad_accumulator = NULL;
    for (int i = 0; n->out_hooks && i < n->nout; i++)
        cg_hooks_free(n->out_hooks[i]);
    if (n->custom_free)
        n->custom_free(n->custom_ctx);
    if (n->saved_more || n->pre_hooks || n->post_hooks) { /* a Function's, or hooked */
        free(n->saved_more);
        cg_node_hooks_free(n->pre_hooks);
        cg_node_hooks_free(n->post_hooks);
    }
    if (n->out_hooks || n->retain_out || n->inbuf) { /* rarely set: skip three calls of free(NULL) */
        free(n->out_hooks);
        free(n->retain_out);
        free(n->inbuf); /* next, in_meta and out_meta live in n's block */
    }
    node_block_free(n);
}

/* Frees first, a node whose count reached zero, and every node that dies
 * with it. Out of line, so that the common release (a count that stays
 * above zero) is a few instructions. */
static __attribute__((noinline)) void node_release_dead(cg_node *first) {
    if (releasing) { /* see Note [Releasing a graph] */
        worklist_push(releasing, first);
        return;
    }
    node_worklist w;
    w.work = w.stack;
    w.n = 0;
    w.cap = sizeof w.stack / sizeof *w.stack;
    releasing = &w;
    for (cg_node *n = first; n; n = w.n ? w.work[--w.n] : NULL)
        node_free(n, &w);
    releasing = NULL;
    if (w.work != w.stack)
        free(w.work);
}

void cg_node_release(cg_node *n) {
    if (n && --n->refcount == 0)
        node_release_dead(n);
}

int cg_node_saved(cg_node *n, int i, cg_tensor **out) {
    *out = NULL;
    if (n->released) {
        cg_error_set(CG_RUNTIME_ERROR,
                     "Trying to backward through the graph a second time (or directly access saved tensors "
                     "after they have already been freed). Saved intermediate values of the graph are freed "
                     "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
                     "backward through the graph a second time or if you need to access saved tensors after "
                     "calling backward.");
        return -1;
    }
    if (i >= n->nsaved) /* slots past nsaved are not written: Note [Node allocation] */
        return 0;
    cg_saved *s = cg_node_slot(n, i);
    if (s->tensor && s->tensor->storage->version != s->version) {
        char shape[128], producer[160] = "";
        if (s->producer)
            snprintf(producer, sizeof producer, ", which is output %d of %s,", s->output_nr, s->producer);
        const cg_tensor *t = s->tensor;
        cg_error_set(CG_RUNTIME_ERROR,
                     "one of the variables needed for gradient computation has been modified by an inplace "
                     "operation: [torch.%sTensor %s]%s is at version %lld; expected version %lld instead. Hint: "
                     "enable anomaly detection to find the operation that failed to compute its gradient, with "
                     "torch.autograd.set_detect_anomaly(True).",
                     cg_dtype_legacy_name(t->dtype), cg_sizes_str(t->ndim, t->sizes, shape, sizeof shape), producer,
                     (long long)t->storage->version, (long long)s->version);
        return -1;
    }
    if (s->is_output && s->tensor && building_graph && grad_enabled) {
        if (!s->unpacked) {
            const cg_tensor *t = s->tensor;
            s->unpacked = cg_tensor_from_storage(t->storage, t->offset, t->ndim, t->sizes, t->strides, t->dtype);
            if (!s->unpacked)
                return -1;
            cg_node_retain(n);
            s->unpacked->grad_fn = n;
            s->unpacked->output_nr = s->output_nr;
        }
        *out = s->unpacked;
        return 0;
    }
    *out = s->tensor;
    return 0;
}

cg_tensor *cg_node_input_zeros(const cg_node *n, int i, cg_dtype dt) {
    const cg_meta *m = &n->in_meta[i];
    return cg_zeros(m->ndim, m->sizes, dt, m->device);
}

void cg_node_release_unpacked(cg_node *n) {
    for (int i = 0; i < n->nsaved; i++) {
        cg_tensor *u = cg_node_slot(n, i)->unpacked;
        cg_node_slot(n, i)->unpacked = NULL;
        cg_tensor_release(u);
    }
}

void cg_autograd_set_building_graph(bool on) { building_graph = on; }

int cg_node_saved_all(cg_node *n, int count, ...) {
    va_list ap;
    va_start(ap, count);
    int rc = 0;
    for (int i = 0; i < count && rc == 0; i++)
        rc = cg_node_saved(n, i, va_arg(ap, cg_tensor **));
    va_end(ap);
    return rc;
}

cg_node *cg_tensor_gradient_edge(cg_tensor *t, int *input_nr) {
    *input_nr = 0;
    if (t->grad_fn) {
        *input_nr = t->output_nr;
        cg_node_retain(t->grad_fn);
        return t->grad_fn;
    }
    if (!t->requires_grad)
        return NULL;
    if (t->grad_accumulator) {
        cg_node_retain(t->grad_accumulator);
        return t->grad_accumulator;
    }
    cg_node *acc = node_new(CG_OP_ACCUMULATE_GRAD, 0, 1, NULL);
    if (!acc)
        return NULL;
    acc->variable = t;
    meta_of(&acc->out_meta[0], t);
    t->grad_accumulator = acc; /* t owns it, see Note [AccumulateGrad lifetime] */
    cg_node_retain(acc);       /* and the caller gets a reference */
    return acc;
}

/* ---- recording ------------------------------------------------------------- */

/* cg_tensor_gradient_edge with its two common cases inline: an input with
 * history, and a leaf whose AccumulateGrad exists already. */
static inline cg_edge edge_to(cg_tensor *t) {
    cg_node *to = t->grad_fn ? t->grad_fn : t->requires_grad ? t->grad_accumulator : NULL;
    if (to) {
        cg_node_retain(to);
        return (cg_edge){to, t->grad_fn ? t->output_nr : 0};
    }
    cg_edge e;
    e.node = cg_tensor_gradient_edge(t, &e.input_nr);
    return e;
}

/* Note [Saved views]
 * ~~~~~~~~~~~~~~~~~~
 * A view keeps its base alive, and an in-place op on the base later gives
 * the base a history that may reach this node: vander's cumprod saves a
 * slice of `result`, then is copied back into `result`, and result ->
 * CopySlices -> CumprodBackward0 -> the slice -> result is a cycle that no
 * reference count frees. The derivative reads only the view's values and,
 * under create_graph, its history (views' grad_fn are not regenerated here,
 * see view_rebase.c), so the node keeps a base-less alias with both. */
static cg_tensor *saved_view(const cg_tensor *t) {
    cg_tensor *a = cg_tensor_from_storage(t->storage, t->offset, t->ndim, t->sizes, t->strides, t->dtype);
    if (!a)
        return NULL;
    a->output_nr = t->output_nr;
    if (t->grad_fn)
        cg_node_retain(t->grad_fn);
    a->grad_fn = t->grad_fn;
    return a;
}

static int save_tensor(cg_node *n, cg_tensor *t, const char *name, int nout, cg_tensor *const *outs) {
    cg_saved *s = cg_node_slot(n, n->nsaved++);
    *s = (cg_saved){.name = name}; /* see Note [Node allocation] */
    if (!t)
        return 0;
    s->version = t->storage->version;
    bool is_output = false;
    for (int i = 0; i < nout; i++)
        is_output |= outs[i] == t;
    if (!is_output) {
        /* a leaf view keeps itself: its gradient is its own */
        s->tensor = t->base && !t->requires_grad ? saved_view(t) : cg_tensor_retain(t);
        if (!s->tensor)
            return -1;
        if (t->grad_fn) {
            s->producer = t->grad_fn->name;
            s->output_nr = t->output_nr;
        }
        return 0;
    }
    s->producer = n->name;
    s->is_output = true;
    for (int i = 0; i < nout; i++)
        if (outs[i] == t)
            s->output_nr = i;
    /* see Note [Saved outputs] */
    s->tensor = cg_tensor_from_storage(t->storage, t->offset, t->ndim, t->sizes, t->strides, t->dtype);
    if (!s->tensor)
        return -1;
    s->tensor->output_nr = t->output_nr;
    return 0;
}

/* n becomes the grad_fn of output i, o. */
static void attach_output(cg_node *n, cg_tensor *o, int i) {
    if (o->grad_fn) {
        /* an in-place op: its history moves to the new node */
        cg_node *old = o->grad_fn;
        if (old->retain_out && old->retain_out[o->output_nr] == o)
            old->retain_out[o->output_nr] = NULL;
        cg_node_release(old);
    }
    cg_node_retain(n);
    o->grad_fn = n;
    o->output_nr = i;
    o->requires_grad = false;
    if (o->retains_grad)
        cg_tensor_retain_grad(o);
}

/* Edges to the inputs and their metas; NULL inputs get none. */
static void record_inputs(cg_node *n, int nin, cg_tensor *const *in) {
    for (int i = 0; i < nin; i++) {
        if (!in[i]) { /* an absent optional input: no edge */
            n->next[i] = (cg_edge){0};
            n->in_meta[i] = (cg_meta){0};
            continue;
        }
        meta_of(&n->in_meta[i], in[i]);
        n->next[i] = edge_to(in[i]);
    }
}

int cg_autograd_record(cg_op op, int nout, cg_tensor *const *outs, int nin, cg_tensor *const *in, int nsave,
                       const cg_save_spec *save, const cg_op_args *args, cg_node **node) {
    if (node)
        *node = NULL;
    if (op < CG_OP_COUNT && !cg_op_table[op].backward)
        return 0; /* not differentiable: outputs do not require grad */
    cg_node *n = node_new(op, nin, nout, args);
    if (!n)
        return -1;
    if (nsave > CG_NODE_MAX_SAVED && !(n->saved_more = malloc((size_t)(nsave - CG_NODE_MAX_SAVED) * sizeof *n->saved_more))) {
        cg_node_release(n);
        cg_error_set(CG_MEMORY_ERROR, "out of memory recording an autograd node");
        return -1;
    }
    record_inputs(n, nin, in);
    for (int i = 0; i < nsave; i++)
        if (save_tensor(n, save[i].tensor, save[i].name, nout, outs) < 0) {
            cg_node_release(n);
            return -1;
        }
    int owners = 0;
    for (int i = 0; i < nout; i++) {
        if (!outs[i]) { /* an output not computed (a backward op's output_mask) */
            n->out_meta[i] = (cg_meta){0};
            continue;
        }
        meta_of(&n->out_meta[i], outs[i]);
        if (cg_dtype_is_inexact(outs[i]->dtype)) { /* integer outputs (indices) never require grad */
            attach_output(n, outs[i], i);
            owners++;
        }
    }
    if (node && owners)
        *node = n;
    /* an in-place op on a view: see Note [In-place ops on views] */
    int rc = owners && nout == 1 && nin > 0 && in[0] == outs[0] && outs[0]->base ? cg_view_rebase(outs[0], n) : 0;
    cg_node_release(n); /* the outputs own it now */
    return rc;
}

cg_node *cg_autograd_wrap(cg_op op, cg_tensor *base, cg_node *fn, int nsave, const cg_save_spec *save,
                          const cg_op_args *args) {
    assert(nsave <= CG_NODE_MAX_SAVED && fn->nin > 0);
    cg_node *n = node_new(op, fn->nin, 1, args);
    if (!n)
        return NULL;
    meta_of(&n->in_meta[0], base);
    n->next[0] = edge_to(base);
    for (int i = 1; i < fn->nin; i++) {
        n->in_meta[i] = fn->in_meta[i];
        n->next[i] = fn->next[i];
        if (n->next[i].node)
            cg_node_retain(n->next[i].node);
    }
    cg_node_retain(fn);
    n->wrapped = fn;
    for (int i = 0; i < nsave; i++)
        if (save_tensor(n, save[i].tensor, save[i].name, 1, &base) < 0) {
            cg_node_release(n);
            return NULL;
        }
    meta_of(&n->out_meta[0], base);
    attach_output(n, base, 0);
    cg_node_release(n); /* base owns it now */
    return n;
}

int cg_node_apply(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    return n->op == CG_OP_CUSTOM ? n->custom_backward(n->custom_ctx, n, go, gi)
                                 : cg_op_table[n->op].backward(n, go, gi);
}

int cg_custom_node_new(const char *name, int nin, cg_tensor *const *in, int nout, cg_tensor *const *outs,
                       const bool *attach, int nsave, cg_tensor *const *save, cg_custom_backward_fn backward, void *ctx,
                       void (*custom_free)(void *ctx), cg_node **node) {
    *node = NULL;
    cg_node *n = node_new(CG_OP_CUSTOM, nin, nout, NULL);
    if (!n) {
        custom_free(ctx);
        return -1;
    }
    n->name = name;
    n->custom_backward = backward;
    n->custom_ctx = ctx;
    n->custom_free = custom_free;
    if (nsave > CG_NODE_MAX_SAVED) {
        n->saved_more = malloc((size_t)(nsave - CG_NODE_MAX_SAVED) * sizeof *n->saved_more);
        if (!n->saved_more) {
            cg_node_release(n);
            cg_error_set(CG_MEMORY_ERROR, "out of memory recording an autograd node");
            return -1;
        }
    }
    record_inputs(n, nin, in);
    for (int i = 0; i < nsave; i++)
        if (save_tensor(n, save[i], NULL, nout, outs) < 0) {
            cg_node_release(n);
            return -1;
        }
    for (int i = 0; i < nout; i++) {
        n->out_meta[i] = (cg_meta){0};
        if (!outs[i])
            continue;
        meta_of(&n->out_meta[i], outs[i]);
        if (attach[i])
            attach_output(n, outs[i], i);
    }
    *node = n;
    return 0;
}

int cg_autograd_check_inplace(const cg_tensor *self) {
    if (!grad_enabled)
        return 0;
    /* PyTorch's rule: a view that requires grad (a leaf view made by
     * requires_grad_() too) may not be written when its base is a leaf */
    const cg_tensor *b = self->base;
    bool requires = self->grad_fn || self->requires_grad;
    if (b && !b->grad_fn && (requires || b->requires_grad)) {
        cg_error_set(CG_RUNTIME_ERROR,
                     "a view of a leaf Variable that requires grad is being used in an in-place operation.");
        return -1;
    }
    if (self->grad_fn == NULL && self->requires_grad) {
        cg_error_set(CG_RUNTIME_ERROR, "a leaf Variable that requires grad is being used in an in-place operation.");
        return -1;
    }
    return 0;
}
