/* test_custom_node.c: the engine's node for torch.autograd.Function
 * (cg_custom_node_new) as lang/ drives it: edges to the inputs that need a
 * gradient, outputs that take it as grad_fn, saved tensors past the inline
 * slots, the host's backward and its context, the shape check on what it
 * returns, and node pre and post hooks. */
#include <criterion/criterion.h>

#include "helpers.h"

/* a * k with k a Python number, as the bindings pass one */
static cg_tensor *times(cg_tensor *a, double k) {
    cg_tensor *s = cg_scalar_tensor(cg_scalar_float(k));
    cg_tensor *r = s ? cg_mul(a, s) : NULL;
    cg_tensor_release(s);
    return r;
}

typedef struct {
    double factor;    /* the gradient is grad_out * factor */
    int64_t grad_len; /* the length of the gradient it returns */
    int calls;
    bool freed;
} scale_ctx;

static int scale_backward(void *ctx, cg_node *n, cg_tensor *const *grads_out, cg_tensor **grads_in) {
    scale_ctx *c = ctx;
    c->calls++;
    for (int i = 0; i < n->nsaved; i++) {
        cg_tensor *t;
        if (cg_node_saved(n, i, &t) < 0)
            return -1;
    }
    if (c->grad_len != grads_out[0]->sizes[0]) {
        grads_in[0] = cg_ones(1, (int64_t[]){c->grad_len}, CG_F32, cg_tensor_device(grads_out[0]));
        return grads_in[0] ? 0 : -1;
    }
    grads_in[0] = times(grads_out[0], c->factor);
    return grads_in[0] ? 0 : -1;
}

static void scale_free(void *ctx) { ((scale_ctx *)ctx)->freed = true; }

/* y = x * factor as a custom node over x (and an input needing no grad). */
static cg_tensor *scaled(cg_tensor *x, cg_tensor *other, scale_ctx *c, int nsave) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *y = T_OK(times(x, c->factor));
    cg_grad_set_enabled(was);
    cg_tensor *in[2] = {x, other};
    cg_tensor *save[6] = {x, y, NULL, x, y, x};
    cg_node *n;
    T_RC(cg_custom_node_new("ScaleBackward", 2, in, 1, &y, (bool[]){true}, nsave, save, scale_backward, c, scale_free,
                            &n));
    cr_assert_eq(y->grad_fn, n);
    cr_assert_str_eq(n->name, "ScaleBackward");
    cr_assert_eq(n->nsaved, nsave);
    cr_assert(n->next[0].node != NULL && n->next[1].node == NULL);
    cg_node_release(n);
    return y;
}

Test(custom_node, runs_the_host_backward_and_frees_its_context) {
    cg_tensor *x = t_from(CG_F32, 1, (int64_t[]){3}, (double[]){1, 2, 3});
    x->requires_grad = true;
    cg_tensor *other = t_from(CG_F32, 1, (int64_t[]){3}, (double[]){0, 0, 0});
    scale_ctx c = {.factor = 3, .grad_len = 3};
    cg_tensor *y = scaled(x, other, &c, 6);
    cg_tensor *l = T_OK(cg_sum(y, 0, NULL, false));
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    cr_assert_eq(c.calls, 1);
    t_assert_values(x->grad, 3, (double[]){3, 3, 3}, 1e-6);
    cr_assert(other->grad == NULL);
    /* the saved tensors are gone: a second backward fails in the host's backward */
    T_ERR(cg_autograd_backward(1, &l, NULL, false, false), CG_RUNTIME_ERROR,
          "Trying to backward through the graph a second time (or directly access saved tensors after they have "
          "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
          "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
          "if you need to access saved tensors after calling backward.");
    cr_assert(!c.freed);
    cg_tensor_release(l), cg_tensor_release(y);
    cr_assert(c.freed);
    cg_tensor_release(x), cg_tensor_release(other);
}

Test(custom_node, a_gradient_of_the_wrong_shape_is_refused) {
    cg_tensor *x = t_from(CG_F32, 1, (int64_t[]){3}, (double[]){1, 2, 3});
    x->requires_grad = true;
    scale_ctx c = {.factor = 2, .grad_len = 2};
    cg_tensor *y = scaled(x, NULL, &c, 1);
    cg_tensor *l = T_OK(cg_sum(y, 0, NULL, false));
    T_ERR(cg_autograd_backward(1, &l, NULL, false, false), CG_RUNTIME_ERROR,
          "Function ScaleBackward returned an invalid gradient at index 0 - got [2] but expected shape "
          "compatible with [3]");
    cg_tensor_release(l), cg_tensor_release(y), cg_tensor_release(x);
}

/* A pre hook doubles the incoming gradient; a post hook records what the
 * node computed and replaces it by ones. */
static int pre_double(void *ctx, cg_node *n, cg_tensor **grads_in, cg_tensor **grads_out) {
    cr_assert(grads_in == NULL);
    cg_tensor *d = times(grads_out[0], 2);
    if (!d)
        return -1;
    cg_tensor_release(grads_out[0]);
    grads_out[0] = d;
    return 0;
}

static int post_ones(void *ctx, cg_node *n, cg_tensor **grads_in, cg_tensor **grads_out) {
    cg_scalar v;
    if (cg_tensor_item(grads_in[0], &v) < 0)
        return -1;
    *(double *)ctx = cg_scalar_to_double(v);
    cg_tensor *ones = cg_ones_like(grads_in[0]);
    if (!ones)
        return -1;
    cg_tensor_release(grads_in[0]);
    grads_in[0] = ones;
    return 0;
}

Test(custom_node, pre_and_post_hooks_see_and_replace_gradients) {
    cg_tensor *x = t_from(CG_F32, 1, (int64_t[]){1}, (double[]){5});
    x->requires_grad = true;
    scale_ctx c = {.factor = 3, .grad_len = 1};
    cg_tensor *y = scaled(x, NULL, &c, 0);
    double seen = 0;
    int64_t pre = cg_node_register_hook(y->grad_fn, true, pre_double, NULL, NULL);
    int64_t post = cg_node_register_hook(y->grad_fn, false, post_ones, &seen, NULL);
    cr_assert(pre > 0 && post > pre);
    T_RC(cg_autograd_backward(1, &y, NULL, true, false));
    cr_assert_float_eq(seen, 6.0, 1e-9); /* 1 doubled, times 3 */
    t_assert_values(x->grad, 1, (double[]){1}, 1e-6);
    cg_node_remove_hook(y->grad_fn, post);
    cg_node_remove_hook(y->grad_fn, pre);
    T_RC(cg_autograd_backward(1, &y, NULL, false, false));
    t_assert_values(x->grad, 1, (double[]){4}, 1e-6);
    cg_tensor_release(y), cg_tensor_release(x);
}
