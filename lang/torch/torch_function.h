/* torch_function.h: the ctx of a torch.autograd.Function call, shared by
 * torch_function.c (Function, apply) and torch_function_ctx.c (the ctx
 * types, their methods, and the backward that calls the user's).
 *
 * Note [Function ctx]
 * ~~~~~~~~~~~~~~~~~~~
 * As in PyTorch, the ctx handed to forward is the node object: after
 * `y = MyReLU.apply(x)`, `y.grad_fn is ctx`, of type MyReLUBackward
 * (module torch.autograd.function), and attributes set on ctx in forward
 * read back from y.grad_fn. The engine node (cg_custom_node_new) owns the
 * ctx through custom_ctx and names it as its owner, so torch_node_value
 * hands out the ctx; the ctx points back at the node weakly, cleared when
 * the node dies. Under no_grad, or when no input requires grad, there is
 * no node and the ctx's node stays NULL. The user's attributes live in
 * the ctx's dict; a saved output is kept by the engine as a grad_fn-less
 * alias (Note [Saved outputs]), so saving an output makes no cycle. */
#ifndef CG_TORCH_FUNCTION_H
#define CG_TORCH_FUNCTION_H

#include "torch/torch_args.h"

typedef struct {
    torch_node_obj base;         /* dict: the user's attributes; node: weak */
    cg_value cls;                /* the Function subclass */
    cg_value needs_input_grad;   /* a tuple of bools, one per forward argument */
    cg_value to_save;            /* save_for_backward's tuple until apply saves it; None */
    cg_value dirty;              /* mark_dirty's tuple, or None */
    cg_value non_differentiable; /* mark_non_differentiable's tuple, or None */
    bool materialize_grads;      /* None gradients reach backward as zeros */
    int nargs;
    bool *arg_is_tensor; /* [nargs] */
    int nout;
    bool *out_is_tensor; /* [nout], set by apply */
    cg_gc_link gc;
} fn_ctx;

/* torch.autograd.function.FunctionCtx, the base of every ctx type. */
extern cg_type torch_type_function_ctx;
/* A new ctx for cls called with args (its type ClsBackward made on first
 * use and kept as cls._backward_cls, as PyTorch's metaclass does). */
fn_ctx *torch_fn_ctx_new(cg_value cls, int nargs, const cg_value *args);
/* The engine's custom backward and custom_free for a ctx's node. */
int torch_fn_ctx_backward(void *ctx, cg_node *n, cg_tensor *const *grads_out, cg_tensor **grads_in);
void torch_fn_ctx_release(void *ctx);
/* Whether t is one of the tensors in a ctx tuple (dirty, non_differentiable). */
bool torch_fn_ctx_marks(cg_value marked, const cg_tensor *t);
int torch_function_ctx_init(void);
/* Adds torch.autograd.Function to a module (torch.autograd). */
int torch_function_add(cg_value module);

#endif
