/* hooks.c: register_hook and retain_grad (autograd.h).
 *
 * A leaf keeps its hooks itself; they run in AccumulateGrad before the
 * gradient is accumulated. A non-leaf's hooks and retain_grad live on its
 * grad_fn, per output, because that is where its gradient is complete.
 * Node hooks (grad_fn.register_hook / register_prehook) are a node's own
 * lists; backward.c runs them around the node. */
#include <stdlib.h>

#include "autograd.h"

static int64_t next_hook_id = 1;

void cg_hooks_free(cg_hook *h) {
    while (h) {
        cg_hook *next = h->next;
        if (h->free_ctx)
            h->free_ctx(h->ctx);
        free(h);
        h = next;
    }
}

/* The list a hook on t goes into, allocating the node's tables if needed. */
static cg_hook **hook_list(cg_tensor *t) {
    cg_node *fn = t->grad_fn;
    if (!fn)
        return &t->hooks;
    if (!fn->out_hooks) {
        fn->out_hooks = calloc((size_t)fn->nout, sizeof *fn->out_hooks);
        if (!fn->out_hooks) {
            cg_error_set(CG_MEMORY_ERROR, "out of memory registering a hook");
            return NULL;
        }
    }
    return &fn->out_hooks[t->output_nr];
}

int64_t cg_tensor_register_hook(cg_tensor *t, cg_hook_fn fn, void *ctx, void (*free_ctx)(void *)) {
    if (!cg_tensor_requires_grad(t)) {
        cg_error_set(CG_RUNTIME_ERROR, "cannot register a hook on a tensor that doesn't require gradient");
        return -1;
    }
    cg_hook **list = hook_list(t);
    cg_hook *h = list ? calloc(1, sizeof *h) : NULL;
    if (!h) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory registering a hook");
        return -1;
    }
    h->fn = fn;
    h->ctx = ctx;
    h->free_ctx = free_ctx;
    h->id = next_hook_id++;
    while (*list)
        list = &(*list)->next;
    *list = h;
    return h->id;
}

void cg_tensor_remove_hook(cg_tensor *t, int64_t id) {
    cg_hook **list = hook_list(t);
    for (; list && *list; list = &(*list)->next) {
        if ((*list)->id == id) {
            cg_hook *h = *list;
            *list = h->next;
            h->next = NULL;
            cg_hooks_free(h);
            return;
        }
    }
}

int cg_tensor_retain_grad(cg_tensor *t) {
    if (!cg_tensor_requires_grad(t)) {
        cg_error_set(CG_RUNTIME_ERROR, "can't retain_grad on Tensor that has requires_grad=False");
        return -1;
    }
    if (!t->grad_fn)
        return 0; /* leaves keep their grad anyway */
    cg_node *fn = t->grad_fn;
    if (!fn->retain_out) {
        fn->retain_out = calloc((size_t)fn->nout, sizeof *fn->retain_out);
        if (!fn->retain_out) {
            cg_error_set(CG_MEMORY_ERROR, "out of memory in retain_grad");
            return -1;
        }
    }
    fn->retain_out[t->output_nr] = t;
    t->retains_grad = true;
    return 0;
}

/* ---- node hooks --------------------------------------------------------------- */

void cg_node_hooks_free(cg_node_hook *h) {
    while (h) {
        cg_node_hook *next = h->next;
        if (h->free_ctx)
            h->free_ctx(h->ctx);
        free(h);
        h = next;
    }
}

int64_t cg_node_register_hook(cg_node *n, bool pre, cg_node_hook_fn fn, void *ctx, void (*free_ctx)(void *)) {
    cg_node_hook *h = calloc(1, sizeof *h);
    if (!h) {
        cg_error_set(CG_MEMORY_ERROR, "out of memory registering a hook");
        return -1;
    }
    h->fn = fn;
    h->ctx = ctx;
    h->free_ctx = free_ctx;
    h->id = next_hook_id++;
    cg_node_hook **list = pre ? &n->pre_hooks : &n->post_hooks;
    while (*list)
        list = &(*list)->next;
    *list = h;
    return h->id;
}

void cg_node_remove_hook(cg_node *n, int64_t id) {
    cg_node_hook **lists[2] = {&n->pre_hooks, &n->post_hooks};
    for (int k = 0; k < 2; k++)
        for (cg_node_hook **list = lists[k]; *list; list = &(*list)->next)
            if ((*list)->id == id) {
                cg_node_hook *h = *list;
                *list = h->next;
                h->next = NULL;
                cg_node_hooks_free(h);
                return;
            }
}
