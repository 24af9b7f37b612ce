/* backward.c: the backward engine (autograd.h), PyTorch's scheduler on one
 * thread.
 *
 * 1. Walk the graph from the roots with an explicit stack, counting for each
 *    reachable node the edges that lead into it (deps), and marking the
 *    nodes that lead to a wanted gradient (needed).
 * 2. Run nodes from a max-heap on sequence number. A node runs when all its
 *    deps have delivered; the gradients that met in its input buffer are
 *    summed. A gradient whose shape differs from the input's (broadcasting)
 *    is reduced with sum_to at the edge, so no derivative has to.
 * 3. Saved tensors are released after use unless retain_graph. */
#include <stdlib.h>
#include <string.h>

#include "autograd.h"
#include "ops.h"
#include "stacking.h"

static uint64_t next_task = 1;

typedef struct {
    cg_node **items;
    size_t n, cap;
} node_vec;

static int vec_push(node_vec *v, cg_node *n) {
    if (v->n == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 64;
        cg_node **grown = realloc(v->items, cap * sizeof *grown);
        if (!grown) {
            cg_error_set(CG_MEMORY_ERROR, "out of memory in backward");
            return -1;
        }
        v->items = grown;
        v->cap = cap;
    }
    v->items[v->n++] = n;
    return 0;
}

/* ---- the ready queue: a max-heap on seq ------------------------------------ */

static int heap_push(node_vec *h, cg_node *n) {
    if (vec_push(h, n) < 0)
        return -1;
    size_t i = h->n - 1;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (h->items[p]->seq >= h->items[i]->seq)
            break;
        cg_node *t = h->items[p];
        h->items[p] = h->items[i];
        h->items[i] = t;
        i = p;
    }
    return 0;
}

static cg_node *heap_pop(node_vec *h) {
    cg_node *top = h->items[0];
    h->items[0] = h->items[--h->n];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->n && h->items[l]->seq > h->items[m]->seq)
            m = l;
        if (r < h->n && h->items[r]->seq > h->items[m]->seq)
            m = r;
        if (m == i)
            break;
        cg_node *t = h->items[m];
        h->items[m] = h->items[i];
        h->items[i] = t;
        i = m;
    }
    return top;
}

/* ---- a backward task --------------------------------------------------------- */

typedef struct {
    uint64_t id;
    node_vec nodes; /* every reachable node, for cleanup */
    bool retain_graph, create_graph, accumulate;
    /* autograd.grad: where each wanted gradient is captured */
    int nwant;
    cg_node **want_node;
    int *want_nr;
    cg_tensor **captured;
} task;

static int alloc_inbuf(cg_node *n) {
    n->inbuf = calloc((size_t)n->nout, sizeof *n->inbuf);
    if (!n->inbuf) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory in backward");
        return -1;
    }
    return 0;
}

static bool is_wanted(const task *tk, const cg_node *n) {
    for (int i = 0; i < tk->nwant; i++)
        if (tk->want_node[i] == n)
            return true;
    return false;
}

/* Step 1: deps and needed over the reachable graph, iteratively. */
static int discover(task *tk, int nroots, cg_node **roots) {
    node_vec stack = {0};
    int rc = 0;
    for (int r = 0; r < nroots && rc == 0; r++) {
        cg_node *root = roots[r];
        if (!root || root->task == tk->id)
            continue;
        root->task = tk->id;
        root->deps = 0;
        root->needed = false;
        if (alloc_inbuf(root) < 0 || vec_push(&tk->nodes, root) < 0 || vec_push(&stack, root) < 0)
            rc = -1;
        while (rc == 0 && stack.n) {
            cg_node *n = stack.items[--stack.n];
            for (int i = 0; i < n->nin; i++) {
                cg_node *next = n->next[i].node;
                if (!next)
                    continue;
                if (next->task != tk->id) {
                    next->task = tk->id;
                    next->deps = 0;
                    next->needed = false;
                    if (alloc_inbuf(next) < 0 || vec_push(&tk->nodes, next) < 0 || vec_push(&stack, next) < 0) {
                        rc = -1;
                        break;
                    }
                }
                next->deps++;
            }
        }
    }
    free(stack.items);
    if (rc < 0)
        return rc;
    /* needed: nodes are discovered parents-first, so a reverse sweep repeated
     * to a fixed point settles it; one sweep suffices for most graphs. */
    bool changed = true;
    while (changed) {
        changed = false;
        for (size_t k = tk->nodes.n; k-- > 0;) {
            cg_node *n = tk->nodes.items[k];
            if (n->needed)
                continue;
            bool need =
                tk->nwant ? is_wanted(tk, n) : (n->op == CG_OP_ACCUMULATE_GRAD || n->retain_out || n->out_hooks);
            for (int i = 0; !need && i < n->nin; i++)
                need = n->next[i].node && n->next[i].node->needed;
            if (need) {
                n->needed = true;
                changed = true;
            }
        }
    }
    return 0;
}

/* Adds g (borrowed) into slot `nr` of n's input buffer. */
static int buffer_add(cg_node *n, int nr, cg_tensor *g) {
    if (!n->inbuf[nr]) {
        n->inbuf[nr] = cg_tensor_retain(g);
        return 0;
    }
    cg_tensor *sum = cg_add(n->inbuf[nr], g, cg_scalar_int(1));
    if (!sum)
        return -1;
    cg_tensor_release(n->inbuf[nr]);
    n->inbuf[nr] = sum;
    return 0;
}

/* Whether the input's shape broadcasts to the gradient's: then sum_to
 * brings the gradient back to it. */
static bool expandable_to(const cg_meta *m, const cg_tensor *g) {
    if (m->ndim > g->ndim)
        return false;
    for (int d = 1; d <= m->ndim; d++) {
        int64_t ms = m->sizes[m->ndim - d], gs = g->sizes[g->ndim - d];
        if (ms != gs && ms != 1)
            return false;
    }
    return true;
}

/* Makes gradient i of node n fit the input it flows to: sum_to its shape,
 * cast. A custom Function's backward may return anything: a shape the
 * input's does not broadcast to is PyTorch's error. (Our derivatives rely
 * on sum_to alone.) */
static cg_tensor *validate(const cg_node *n, int i, cg_tensor *g) {
    const cg_meta *m = &n->in_meta[i];
    bool same = g->ndim == m->ndim && !memcmp(g->sizes, m->sizes, (size_t)m->ndim * sizeof *m->sizes);
    if (!same && n->op == CG_OP_CUSTOM && !expandable_to(m, g)) {
        char got[128], want[128];
        cg_error_set(CG_RUNTIME_ERROR,
                     "Function %s returned an invalid gradient at index %d - got %s but expected shape "
                     "compatible with %s",
                     n->name, i, cg_sizes_str(g->ndim, g->sizes, got, sizeof got),
                     cg_sizes_str(m->ndim, m->sizes, want, sizeof want));
        return NULL;
    }
    cg_tensor *r = cg_tensor_retain(g);
    if (!same) {
        cg_tensor *s = cg_sum_to(r, m->ndim, m->sizes);
        cg_tensor_release(r);
        if (!s)
            return NULL;
        r = s;
    }
    if (r->dtype != m->dtype && cg_dtype_is_inexact(m->dtype)) {
        cg_tensor *c = cg_to_dtype(r, m->dtype);
        cg_tensor_release(r);
        r = c;
    }
    return r;
}

/* Runs a list of hooks over *g, replacing it as they ask. */
static int run_hooks(cg_hook *h, cg_tensor **g) {
    for (; h; h = h->next) {
        cg_tensor *out = NULL;
        if (h->fn(h->ctx, *g, &out) < 0)
            return -1;
        if (out) {
            cg_tensor_release(*g);
            *g = out;
        }
    }
    return 0;
}

/* Note [Gradient layout]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * A leaf's .grad is laid out as the leaf when the leaf is dense (a
 * transposed parameter gets a transposed gradient), else contiguously,
 * whatever layout the gradient arrived in: PyTorch's "layout contract" of
 * AccumulateGrad. A gradient that already obeys it is kept as it is. */
static bool obeys_layout(const cg_tensor *g, const cg_tensor *leaf) {
    if (!cg_tensor_is_dense(leaf))
        return cg_tensor_is_contiguous(g);
    for (int d = 0; d < g->ndim; d++)
        if (g->sizes[d] != 1 ? g->strides[d] != leaf->strides[d] : g->strides[d] == 0)
            return false;
    return true;
}

/* A detached copy of g laid out as Note [Gradient layout] says: a view of
 * the copy, so that `.grad.data = ...` may later give it any storage. */
static cg_tensor *copy_in_layout(cg_tensor *g, const cg_tensor *leaf) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *out = cg_empty_preserve(leaf, g->dtype, cg_tensor_device(g));
    cg_tensor *d = out && cg_copy_(out, g) == 0 ? cg_detach(out) : NULL;
    cg_tensor_release(out);
    cg_grad_set_enabled(was);
    return d;
}

/* AccumulateGrad: leaf.grad += g (see PyTorch's accumulate_grad.h). */
static int accumulate(task *tk, cg_node *n, cg_tensor *g) {
    cg_tensor *leaf = n->variable;
    if (!leaf)
        return 0; /* the leaf is gone: see Note [AccumulateGrad lifetime] */
    cg_tensor *grad = cg_tensor_retain(g);
    if (run_hooks(leaf->hooks, &grad) < 0) {
        cg_tensor_release(grad);
        return -1;
    }
    int rc = 0;
    if (!tk->accumulate) {
        /* autograd.grad captures at the leaf's node instead */
    } else if (!leaf->grad) {
        /* steal the gradient when nothing else holds it */
        if (grad->refcount <= 2 && obeys_layout(grad, leaf) && !grad->grad_fn && !tk->create_graph
            && grad->storage->refcount == 1) {
            leaf->grad = cg_detach(grad);
        } else if (tk->create_graph) {
            leaf->grad = cg_clone(grad);
        } else {
            leaf->grad = copy_in_layout(grad, leaf);
        }
        rc = leaf->grad ? 0 : -1;
    } else if (tk->create_graph) {
        cg_tensor *sum = cg_add(leaf->grad, grad, cg_scalar_int(1));
        rc = sum ? 0 : -1;
        if (sum) {
            cg_tensor_release(leaf->grad);
            leaf->grad = sum;
        }
    } else {
        bool was = cg_grad_set_enabled(false);
        rc = cg_add_(leaf->grad, grad, cg_scalar_int(1));
        cg_grad_set_enabled(was);
    }
    cg_tensor_release(grad);
    return rc;
}

/* Gradients reaching a non-leaf: retain_grad and register_hook. */
static int output_hooks(task *tk, cg_node *n) {
    for (int i = 0; i < n->nout; i++) {
        if (!n->inbuf[i])
            continue;
        if (n->out_hooks && run_hooks(n->out_hooks[i], &n->inbuf[i]) < 0)
            return -1;
        cg_tensor *t = n->retain_out ? n->retain_out[i] : NULL;
        if (!t || !tk->accumulate)
            continue;
        cg_tensor *sum = t->grad ? cg_add(t->grad, n->inbuf[i], cg_scalar_int(1)) : cg_clone(n->inbuf[i]);
        if (!sum)
            return -1;
        cg_tensor_release(t->grad);
        t->grad = cg_detach(sum);
        cg_tensor_release(sum);
    }
    return 0;
}

static void capture(task *tk, cg_node *n) {
    for (int w = 0; w < tk->nwant; w++) {
        if (tk->want_node[w] != n || tk->captured[w])
            continue;
        cg_tensor *g = n->inbuf[tk->want_nr[w]];
        if (g)
            tk->captured[w] = cg_tensor_retain(g);
    }
}

/* Node hooks of one list, see cg_node_hook_fn. */
static int run_node_hooks(cg_node *n, cg_node_hook *h, cg_tensor **grads_in) {
    for (; h; h = h->next)
        if (h->fn(h->ctx, n, grads_in, n->inbuf) < 0)
            return -1;
    return 0;
}

/* 1 when t holds a NaN, 0 when not, -1 on error */
static int has_nan(cg_tensor *t) {
    if (!cg_dtype_is_inexact(t->dtype))
        return 0;
    bool was = cg_grad_set_enabled(false);
    cg_tensor *nan = cg_isnan(t);
    cg_tensor *any = nan ? cg_any(nan, 0, NULL, false) : NULL;
    cg_scalar s;
    int r = any && cg_tensor_item(any, &s) == 0 ? cg_scalar_to_double(s) != 0 : -1;
    cg_tensor_release(nan);
    cg_tensor_release(any);
    cg_grad_set_enabled(was);
    return r;
}

/* Anomaly mode's check of a node's gradients, as PyTorch's engine makes it
 * after the node and its hooks ran. */
static int check_nan(const cg_node *n, cg_tensor *const *grads) {
    for (int i = 0; i < n->nin; i++) {
        int r = grads[i] ? has_nan(grads[i]) : 0;
        if (r < 0)
            return -1;
        if (r) {
            cg_error_set(CG_RUNTIME_ERROR, "Function '%s' returned nan values in its %dth output.", n->name, i);
            return -1;
        }
    }
    return 0;
}

/* n's derivative between its pre and post hooks: grads gets one gradient
 * (or NULL) per input. */
static int run_backward(cg_node *n, cg_tensor **grads) {
    if (run_node_hooks(n, n->pre_hooks, NULL) < 0)
        return -1;
    bool any = false;
    for (int i = 0; i < n->nout; i++)
        any |= n->inbuf[i] != NULL;
    if (!any) /* a pre hook took every gradient away: nothing flows on */
        return 0;
    int rc = cg_node_apply(n, n->inbuf, grads);
    cg_node_release_unpacked(n);
    rc = rc < 0 ? rc : run_node_hooks(n, n->post_hooks, grads);
    return rc < 0 || !cg_anomaly_enabled() || !cg_anomaly_check_nan() ? rc : check_nan(n, grads);
}

/* An AccumulateGrad node between its hooks: pre hooks, the leaf's tensor
 * hooks and the accumulation, post hooks (with no input gradients), in
 * PyTorch's order. */
static int run_accumulate(task *tk, cg_node *n) {
    if (!n->inbuf[0] || run_node_hooks(n, n->pre_hooks, NULL) < 0)
        return n->inbuf[0] ? -1 : 0;
    if (!n->inbuf[0]) /* a pre hook took it away */
        return 0;
    cg_tensor *no_inputs[1] = {NULL};
    if (accumulate(tk, n, n->inbuf[0]) < 0)
        return -1;
    return run_node_hooks(n, n->post_hooks, no_inputs);
}

/* Runs node n, sends its input gradients along its edges. */
static int run_node(task *tk, cg_node *n, node_vec *ready) {
    if (output_hooks(tk, n) < 0)
        return -1;
    capture(tk, n);
    if (n->op == CG_OP_ACCUMULATE_GRAD)
        return run_accumulate(tk, n);
    bool feeds = false;
    for (int i = 0; i < n->nin; i++)
        feeds |= n->next[i].node && n->next[i].node->needed;
    if (!feeds)
        return 0; /* a wanted gradient of autograd.grad, captured above */
    cg_tensor *stack_grads[8] = {0};
    cg_tensor **grads = n->nin <= 8 ? stack_grads : calloc((size_t)n->nin, sizeof *grads);
    if (!grads) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory in backward");
        return -1;
    }
    bool any = false;
    for (int i = 0; i < n->nout; i++)
        any |= n->inbuf[i] != NULL;
    int rc = 0;
    if (any)
        rc = run_backward(n, grads);
    if (!tk->retain_graph) {
        cg_node_release_saved(n);
        n->released = true;
    }
    for (int i = 0; i < n->nin; i++) {
        cg_edge e = n->next[i];
        if (rc == 0 && e.node && e.node->needed && grads[i]) {
            cg_tensor *g = validate(n, i, grads[i]);
            rc = g ? buffer_add(e.node, e.input_nr, g) : -1;
            cg_tensor_release(g);
        }
        cg_tensor_release(grads[i]);
        if (rc == 0 && e.node && --e.node->deps == 0 && e.node->needed)
            rc = heap_push(ready, e.node);
    }
    if (grads != stack_grads)
        free(grads);
    return rc;
}

static void task_cleanup(task *tk) {
    for (size_t k = 0; k < tk->nodes.n; k++) {
        cg_node *n = tk->nodes.items[k];
        for (int i = 0; n->inbuf && i < n->nout; i++)
            cg_tensor_release(n->inbuf[i]);
        free(n->inbuf);
        n->inbuf = NULL;
        n->task = 0;
    }
    free(tk->nodes.items);
}

/* The gradient a root starts with: the given one, or ones for a scalar. */
static cg_tensor *root_grad(cg_tensor *root, cg_tensor *given) {
    if (given) {
        char a[128], b[128];
        bool same =
            given->ndim == root->ndim && !memcmp(given->sizes, root->sizes, (size_t)root->ndim * sizeof *root->sizes);
        CG_CHECK(same, CG_RUNTIME_ERROR,
                 "Mismatch in shape: grad_output[0] has a shape of torch.Size(%s) and output[0] has a shape "
                 "of torch.Size(%s).",
                 cg_sizes_str(given->ndim, given->sizes, a, sizeof a),
                 cg_sizes_str(root->ndim, root->sizes, b, sizeof b));
        return cg_tensor_retain(given);
    }
    CG_CHECK(cg_tensor_numel(root) == 1, CG_RUNTIME_ERROR, "grad can be implicitly created only for scalar outputs");
    return cg_ones_like(root);
}

static int execute(task *tk, int nroots, cg_tensor *const *roots, cg_tensor *const *grads) {
    cg_node *stack_nodes[4];
    int stack_nrs[4];
    cg_node **nodes = nroots <= 4 ? stack_nodes : calloc((size_t)nroots, sizeof *nodes);
    int *nrs = nroots <= 4 ? stack_nrs : calloc((size_t)nroots, sizeof *nrs);
    node_vec ready = {0};
    int rc = 0, made = 0;
    if (!nodes || !nrs) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory in backward");
        rc = -1;
        goto done;
    }
    for (; made < nroots; made++) {
        if (!cg_tensor_requires_grad(roots[made])) {
            cg_error_set(CG_RUNTIME_ERROR, "element %d of tensors does not require grad and does not have a grad_fn",
                         made);
            rc = -1;
            goto done;
        }
        nodes[made] = cg_tensor_gradient_edge(roots[made], &nrs[made]);
        if (!nodes[made]) {
            rc = -1;
            goto done;
        }
    }
    if (discover(tk, nroots, nodes) < 0) {
        rc = -1;
        goto done;
    }
    for (int r = 0; r < nroots && rc == 0; r++) {
        cg_tensor *g = root_grad(roots[r], grads ? grads[r] : NULL);
        rc = g ? buffer_add(nodes[r], nrs[r], g) : -1;
        cg_tensor_release(g);
    }
    /* roots with no incoming edges are ready; push each once */
    for (size_t k = 0; k < tk->nodes.n && rc == 0; k++) {
        cg_node *n = tk->nodes.items[k];
        if (n->deps == 0 && n->needed)
            rc = heap_push(&ready, n);
    }
    bool was = cg_grad_set_enabled(tk->create_graph);
    cg_autograd_set_building_graph(tk->create_graph);
    while (rc == 0 && ready.n)
        rc = run_node(tk, heap_pop(&ready), &ready);
    cg_autograd_set_building_graph(false);
    cg_grad_set_enabled(was);
done:
    free(ready.items);
    task_cleanup(tk);
    for (int r = 0; r < made; r++)
        cg_node_release(nodes[r]);
    if (nodes != stack_nodes)
        free(nodes);
    if (nrs != stack_nrs)
        free(nrs);
    return rc;
}

int cg_autograd_backward(int nroots, cg_tensor *const *roots, cg_tensor *const *grads, bool retain_graph,
                         bool create_graph) {
    task tk = {.id = next_task++,
               .retain_graph = retain_graph || create_graph,
               .create_graph = create_graph,
               .accumulate = true};
    return execute(&tk, nroots, roots, grads);
}

int cg_autograd_grad(int nroots, cg_tensor *const *roots, cg_tensor *const *grads, int nin, cg_tensor *const *inputs,
                     bool retain_graph, bool create_graph, bool allow_unused, cg_tensor **results) {
    task tk = {.id = next_task++,
               .retain_graph = retain_graph || create_graph,
               .create_graph = create_graph,
               .accumulate = false,
               .nwant = nin};
    tk.want_node = calloc((size_t)nin + 1, sizeof *tk.want_node);
    tk.want_nr = calloc((size_t)nin + 1, sizeof *tk.want_nr);
    tk.captured = calloc((size_t)nin + 1, sizeof *tk.captured);
    int rc = 0;
    if (!tk.want_node || !tk.want_nr || !tk.captured) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory in autograd.grad");
        rc = -1;
    }
    for (int i = 0; i < nin && rc == 0; i++) {
        if (!cg_tensor_requires_grad(inputs[i])) {
            cg_error_set(CG_RUNTIME_ERROR, "One of the differentiated Tensors does not require grad");
            rc = -1;
        } else {
            tk.want_node[i] = cg_tensor_gradient_edge(inputs[i], &tk.want_nr[i]);
            rc = tk.want_node[i] ? 0 : -1;
        }
    }
    if (rc == 0)
        rc = execute(&tk, nroots, roots, grads);
    for (int i = 0; i < nin && rc == 0; i++)
        if (!tk.captured[i] && !allow_unused) {
            cg_error_set(CG_RUNTIME_ERROR, "One of the differentiated Tensors appears to not have been used in "
                                           "the graph. Set allow_unused=True if this is the desired behavior.");
            rc = -1;
        }
    for (int i = 0; i < nin; i++) {
        if (rc == 0)
            results[i] = tk.captured && tk.captured[i] && !create_graph ? cg_detach(tk.captured[i])
                         : tk.captured && tk.captured[i]                ? cg_tensor_retain(tk.captured[i])
                                                                        : NULL;
        if (tk.captured)
            cg_tensor_release(tk.captured[i]);
        if (tk.want_node)
            cg_node_release(tk.want_node[i]);
    }
    free(tk.want_node);
    free(tk.want_nr);
    free(tk.captured);
    return rc;
}
