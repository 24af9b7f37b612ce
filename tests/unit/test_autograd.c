/* test_autograd.c: the backward engine as a user meets it: gradients that
 * meet and accumulate, retain_graph, in-place and version errors, no_grad,
 * hooks, retain_grad, autograd.grad and a very deep graph. */
#include <criterion/criterion.h>
#include <math.h>

#include "helpers.h"

static cg_tensor *leaf(int n, const double *v) {
    cg_tensor *t = t_from(CG_F32, 1, (int64_t[]){n}, v);
    t->requires_grad = true;
    return t;
}

static cg_tensor *sum_all(cg_tensor *t) { return T_OK(cg_sum(t, 0, NULL, false)); }

Test(autograd, diamond_gradients_sum_and_accumulate) {
    /* y = sum(x * x + x): dy/dx = 2x + 1, twice after two backwards */
    cg_tensor *x = leaf(3, (double[]){1, 2, 3});
    for (int round = 1; round <= 2; round++) {
        cg_tensor *sq = T_OK(cg_mul(x, x));
        cg_tensor *y = T_OK(cg_add(sq, x, cg_scalar_int(1)));
        cg_tensor *l = sum_all(y);
        cr_assert_str_eq(l->grad_fn->name, "SumBackward0");
        cr_assert_str_eq(y->grad_fn->name, "AddBackward0");
        T_RC(cg_autograd_backward(1, &l, NULL, false, false));
        t_assert_values(x->grad, 3, (double[]){3 * round, 5 * round, 7 * round}, 1e-6);
        cg_tensor_release(sq), cg_tensor_release(y), cg_tensor_release(l);
    }
    cr_assert(x->grad->grad_fn == NULL && !x->grad->requires_grad);
    cg_tensor_release(x);
}

Test(autograd, backward_twice_needs_retain_graph) {
    cg_tensor *x = leaf(2, (double[]){1, 2});
    cg_tensor *y = T_OK(cg_exp(x));
    cg_tensor *l = sum_all(y);
    T_RC(cg_autograd_backward(1, &l, NULL, true, false));
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    T_ERR(cg_autograd_backward(1, &l, NULL, false, false), CG_RUNTIME_ERROR,
          "Trying to backward through the graph a second time (or directly access saved tensors after they have "
          "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
          "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
          "if you need to access saved tensors after calling backward.");
    cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(l);
}

Test(autograd, inplace_on_leaf_and_modified_saved_tensor) {
    cg_tensor *x = leaf(2, (double[]){1, 2});
    cg_tensor *one = cg_scalar_tensor(cg_scalar_int(1));
    T_ERR(cg_add_(x, one, cg_scalar_int(1)), CG_RUNTIME_ERROR,
          "a leaf Variable that requires grad is being used in an in-place operation.");
    cg_tensor *y = T_OK(cg_exp(x));
    cg_tensor *l = sum_all(y);
    T_RC(cg_add_(y, one, cg_scalar_int(1))); /* y is saved by ExpBackward0 */
    cr_assert_str_eq(y->grad_fn->name, "AddBackward0");
    cg_tensor *l2 = sum_all(y);
    T_ERR(cg_autograd_backward(1, &l2, NULL, false, false), CG_RUNTIME_ERROR,
          "one of the variables needed for gradient computation has been modified by an inplace operation: "
          "[torch.FloatTensor [2]], which is output 0 of ExpBackward0, is at version 1; expected version 0 "
          "instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
          "with torch.autograd.set_detect_anomaly(True).");
    cg_tensor_release(x), cg_tensor_release(one), cg_tensor_release(y), cg_tensor_release(l), cg_tensor_release(l2);
}

Test(autograd, no_grad_records_nothing) {
    cg_tensor *x = leaf(2, (double[]){1, 2});
    bool was = cg_grad_set_enabled(false);
    cg_tensor *y = T_OK(cg_mul(x, x));
    cg_grad_set_enabled(was);
    cr_assert(!y->grad_fn && !cg_tensor_requires_grad(y));
    T_ERR(cg_autograd_backward(1, &y, NULL, false, false), CG_RUNTIME_ERROR,
          "element 0 of tensors does not require grad and does not have a grad_fn");
    cg_tensor_release(x), cg_tensor_release(y);
}

Test(autograd, non_scalar_root_needs_a_gradient) {
    cg_tensor *x = leaf(2, (double[]){1, 2});
    cg_tensor *y = T_OK(cg_mul(x, x));
    T_ERR(cg_autograd_backward(1, &y, NULL, false, false), CG_RUNTIME_ERROR,
          "grad can be implicitly created only for scalar outputs");
    cg_tensor *g = t_from(CG_F32, 1, (int64_t[]){2}, (double[]){1, 0.5});
    T_RC(cg_autograd_backward(1, &y, &g, false, false));
    t_assert_values(x->grad, 2, (double[]){2, 2}, 1e-6);
    cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(g);
}

Test(autograd, retain_grad_and_autograd_grad) {
    cg_tensor *x = leaf(2, (double[]){1, 2});
    cg_tensor *y = T_OK(cg_mul(x, x));
    T_RC(cg_tensor_retain_grad(y));
    cg_tensor *l = sum_all(y);
    cg_tensor *gx = NULL;
    T_RC(cg_autograd_grad(1, &l, NULL, 1, &x, true, false, false, &gx));
    t_assert_values(gx, 2, (double[]){2, 4}, 1e-6);
    cr_assert(x->grad == NULL, "autograd.grad must not accumulate into .grad");
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    t_assert_values(y->grad, 2, (double[]){1, 1}, 1e-6);
    cg_tensor_release(gx), cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(l);
}

static int double_it(void *ctx, cg_tensor *grad, cg_tensor **out) {
    (*(int *)ctx)++;
    *out = cg_mul_scalar(grad, 2.0);
    return *out ? 0 : -1;
}

Test(autograd, hooks_can_replace_the_gradient) {
    int calls = 0;
    cg_tensor *x = leaf(2, (double[]){1, 2});
    cg_tensor *y = T_OK(cg_mul_scalar(x, 3.0));
    cr_assert(cg_tensor_register_hook(x, double_it, &calls, NULL) > 0);
    cr_assert(cg_tensor_register_hook(y, double_it, &calls, NULL) > 0);
    cg_tensor *l = sum_all(y);
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    cr_assert_eq(calls, 2);
    t_assert_values(x->grad, 2, (double[]){12, 12}, 1e-6);
    cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(l);
}

Test(autograd, a_graph_of_200k_nodes_neither_recurses_nor_leaks) {
    cg_tensor *x = leaf(1, (double[]){1});
    cg_tensor *y = cg_tensor_retain(x);
    for (int i = 0; i < 200000; i++) {
        cg_tensor *next = T_OK(cg_mul_scalar(y, 1.0));
        cg_tensor_release(y);
        y = next;
    }
    cg_tensor *l = sum_all(y);
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    t_assert_values(x->grad, 1, (double[]){1}, 1e-6);
    cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(l);
}

Test(autograd, integer_and_float_promotion_of_results) {
    cg_tensor *i = t_from(CG_INT64, 1, (int64_t[]){2}, (double[]){3, 4});
    cg_tensor *half = cg_scalar_tensor(cg_scalar_float(0.5));
    cg_tensor *r = T_OK(cg_mul(i, half));
    cr_assert_eq(r->dtype, CG_F32, "int64 tensor * 0.5 is float32");
    cg_tensor *q = T_OK(cg_div(i, i));
    cr_assert_eq(q->dtype, CG_F32, "int / int is float32");
    cg_tensor_release(i), cg_tensor_release(half), cg_tensor_release(r), cg_tensor_release(q);
}

/* d2/dx2 exp(x) = exp(x): the second backward goes through ExpBackward0's
 * saved result, which must get its history back (Note [Saved outputs]). */
Test(autograd, double_backward_through_a_saved_output) {
    cg_tensor *x = leaf(2, (double[]){0.5, -1});
    cg_tensor *y = T_OK(cg_exp(x));
    cg_tensor *l = sum_all(y);
    cg_tensor *g = NULL;
    T_RC(cg_autograd_grad(1, &l, NULL, 1, &x, false, true, false, &g));
    cr_assert(g->grad_fn, "create_graph gives the gradient a history");
    cg_tensor *gs = sum_all(g);
    T_RC(cg_autograd_backward(1, &gs, NULL, false, false));
    t_assert_values(x->grad, 2, (double[]){exp(0.5), exp(-1.0)}, 1e-6);
    cg_tensor_release(x), cg_tensor_release(y), cg_tensor_release(l), cg_tensor_release(g), cg_tensor_release(gs);
}

/* A leaf keeps its AccumulateGrad across graphs, and a graph may outlive the
 * leaf (Note [AccumulateGrad lifetime]): backward then drops that gradient
 * and still reaches the other leaves. */
Test(autograd, accumulate_grad_lives_with_its_leaf) {
    cg_tensor *x = leaf(2, (double[]){1, 2});
    cg_tensor *w = leaf(2, (double[]){3, 4});
    cg_tensor *a = T_OK(cg_mul(x, w));
    cg_node *acc = x->grad_accumulator;
    cr_assert(acc && acc->variable == x);
    cg_tensor_release(a);
    cr_assert(x->grad_accumulator == acc, "freeing a graph keeps the leaf's AccumulateGrad");
    cg_tensor *b = T_OK(cg_mul(x, w));
    cg_tensor *l = sum_all(b);
    cg_tensor_release(x); /* the graph of l still reaches x's AccumulateGrad */
    T_RC(cg_autograd_backward(1, &l, NULL, false, false));
    t_assert_values(w->grad, 2, (double[]){1, 2}, 1e-6);
    cg_tensor_release(w), cg_tensor_release(b), cg_tensor_release(l);
}
