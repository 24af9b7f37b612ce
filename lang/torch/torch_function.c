/* torch_function.c: torch.autograd.Function, the base of user-written
 * autograd functions, and its classmethod apply:
 *
 *     class MyReLU(torch.autograd.Function):
 *         @staticmethod
 *         def forward(ctx, x): ...
 *         @staticmethod
 *         def backward(ctx, grad): ...
 *     y = MyReLU.apply(x)
 *
 * apply runs forward under no_grad with a new ctx (torch_function_ctx.c),
 * then, when grad mode is on and a tensor argument requires grad, makes
 * one engine node (cg_custom_node_new) with an edge per tensor argument,
 * the tensors given to save_for_backward, and the differentiable outputs
 * as its outputs. Outputs that are inputs come back as new aliases (views)
 * unless marked dirty, as PyTorch's _wrap_outputs makes them. Also the
 * module torch.autograd.function (Function, FunctionCtx).
 *
 * Not here: the ctx and the backward that calls the user's. Not supported:
 * forward-mode AD (jvp), save_for_forward, once_differentiable. */
#include <stdlib.h>
#include <string.h>

#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "torch/torch_function.h"
#include "torch/torch_module.h"

/* ---- outputs ------------------------------------------------------------------------ */

/* Is t one of the tensor arguments? */
static bool is_input(const cg_args *args, const cg_tensor *t) {
    for (int i = 0; i < args->npos; i++)
        if (cg_is_tensor(args->pos[i]) && cg_tensor_of_borrowed(args->pos[i]) == t)
            return true;
    return false;
}

/* Every entry of a ctx tuple must be a tensor: PyTorch's TypeError or
 * RuntimeError otherwise. */
static int check_marked(cg_value marked, cg_type *kind, const char *fmt) {
    if (!cg_is_type(marked, &cg_type_tuple))
        return 0;
    cg_tuple *m = (cg_tuple *)marked.u.o;
    for (int64_t i = 0; i < m->len; i++) {
        bool ok = cg_is_tensor(m->items[i]) || (kind == &cg_exc_TypeError && cg_is_none(m->items[i]));
        if (!ok)
            return cg_raise_int(kind, fmt, (int)i, cg_type_name(m->items[i]));
    }
    return 0;
}

static int check_marks(fn_ctx *c) {
    if (check_marked(c->to_save, &cg_exc_TypeError,
                     "save_for_backward can only save variables, but argument %d is of type %s")
            < 0
        || check_marked(c->dirty, &cg_exc_TypeError,
                        "mark_dirty can only accept variables, but argument %d is of "
                        "type %s")
               < 0)
        return -1;
    if (!cg_is_type(c->non_differentiable, &cg_type_tuple))
        return 0;
    cg_tuple *m = (cg_tuple *)c->non_differentiable.u.o;
    for (int64_t i = 0; i < m->len; i++)
        if (!cg_is_tensor(m->items[i]))
            return cg_raise_int(&cg_exc_RuntimeError,
                                "mark_non_differentiable only accepts variable arguments, but got %s",
                                cg_type_name(m->items[i]));
    return 0;
}

/* Will output t take the node as its grad_fn? */
static bool differentiable(fn_ctx *c, const cg_tensor *t, bool executable) {
    return executable && cg_dtype_is_inexact(t->dtype) && !torch_fn_ctx_marks(c->non_differentiable, t);
}

/* A new alias of t (a view of all of it), made without history. */
static cg_value alias_of(cg_tensor *t, bool detached) {
    bool was = cg_grad_set_enabled(false);
    cg_tensor *alias = detached ? cg_detach(t) : cg_view(t, t->ndim, t->sizes);
    cg_grad_set_enabled(was);
    return cg_tensor_steal(alias);
}

/* An output as apply returns it, following PyTorch's _wrap_outputs: an
 * input returned unchanged becomes a new alias (the node cannot be the
 * grad_fn of the input itself), detached where the output is not
 * differentiable; a dirty input stays itself and takes the node as its
 * new history. */
static cg_value wrap_output(fn_ctx *c, const cg_args *args, cg_value out, bool executable) {
    if (!cg_is_tensor(out))
        return cg_incref(out);
    cg_tensor *t = cg_tensor_of_borrowed(out);
    bool dirty = torch_fn_ctx_marks(c->dirty, t), input = is_input(args, t);
    if (!differentiable(c, t, executable)) {
        if (!cg_tensor_requires_grad(t))
            return input && !dirty ? alias_of(t, false) : cg_incref(out);
        if (input)
            return alias_of(t, true);
        if (!t->base) /* made with history in forward: it leaves without it */
            t->requires_grad = false;
        return cg_incref(out);
    }
    if (dirty && cg_tensor_is_leaf(t) && t->requires_grad)
        return cg_raise(&cg_exc_RuntimeError, "a leaf Variable that requires grad has been used in an in-place "
                                              "operation.");
    return input && !dirty ? alias_of(t, false) : cg_incref(out);
}

/* Every tensor marked dirty must come back as an output. */
static int check_dirty_returned(fn_ctx *c, int nout, const cg_value *outs) {
    if (!cg_is_type(c->dirty, &cg_type_tuple))
        return 0;
    cg_tuple *d = (cg_tuple *)c->dirty.u.o;
    for (int64_t i = 0; i < d->len; i++) {
        bool found = false;
        for (int k = 0; k < nout && !found; k++)
            found = cg_is_tensor(outs[k]) && cg_tensor_of_borrowed(outs[k]) == cg_tensor_of_borrowed(d->items[i]);
        if (!found)
            return cg_raise_int(&cg_exc_RuntimeError,
                                "Some elements marked as dirty during the forward method were not returned as "
                                "output. The inputs that are modified inplace must all be outputs of the Function.");
    }
    return 0;
}

/* ---- the node ----------------------------------------------------------------------- */

/* The engine node over the tensor arguments, saving what the ctx was
 * given, with the differentiable outputs as its outputs. */
static int make_node(fn_ctx *c, const cg_args *args, int nout, const cg_value *outs) {
    int nin = 0, nsave = 0;
    cg_tuple *save = cg_is_type(c->to_save, &cg_type_tuple) ? (cg_tuple *)c->to_save.u.o : NULL;
    nsave = save ? (int)save->len : 0;
    cg_tensor **in = calloc((size_t)args->npos + 1, sizeof *in);
    cg_tensor **out = calloc((size_t)nout + 1, sizeof *out);
    cg_tensor **saved = calloc((size_t)nsave + 1, sizeof *saved);
    bool *attach = calloc((size_t)nout + 1, sizeof *attach);
    int rc = -1;
    if (!in || !out || !saved || !attach) {
        cg_raise_nomemory();
        goto done;
    }
    for (int i = 0; i < args->npos; i++)
        if (cg_is_tensor(args->pos[i]))
            in[nin++] = cg_tensor_of_borrowed(args->pos[i]);
    for (int i = 0; i < nsave; i++)
        saved[i] = cg_is_tensor(save->items[i]) ? cg_tensor_of_borrowed(save->items[i]) : NULL;
    for (int i = 0; i < nout; i++) {
        if (!cg_is_tensor(outs[i]))
            continue;
        out[i] = cg_tensor_of_borrowed(outs[i]);
        attach[i] = differentiable(c, out[i], true);
    }
    cg_node *n;
    cg_obj_incref(c); /* the node's reference: Note [Function ctx] */
    const char *name = c->base.head.type->name;
    if (cg_custom_node_new(name, nin, in, nout, out, attach, nsave, saved, torch_fn_ctx_backward, c,
                           torch_fn_ctx_release, &n)
        < 0) {
        torch_raise();
        goto done;
    }
    c->base.node = n;
    n->owner = c;
    cg_node_release(n); /* the outputs own it, or it goes now with nothing to own it */
    cg_value_set(&c->to_save, CG_NONE);
    rc = 0;
done:
    free(in), free(out), free(saved), free(attach);
    return rc;
}

/* ---- apply ------------------------------------------------------------------------- */

static bool any_requires_grad(const cg_args *args) {
    for (int i = 0; i < args->npos; i++)
        if (cg_is_tensor(args->pos[i]) && cg_tensor_requires_grad(cg_tensor_of_borrowed(args->pos[i])))
            return true;
    return false;
}

/* forward(ctx, *args) under no_grad. */
static cg_value run_forward(cg_value cls, fn_ctx *c, const cg_args *args) {
    cg_value fn = cg_getattr(cls, cg_str_intern("forward"));
    if (cg_is_err(fn))
        return fn;
    cg_value *pos = malloc(((size_t)args->npos + 1) * sizeof *pos);
    if (!pos) {
        cg_decref(fn);
        return cg_raise_nomemory();
    }
    pos[0] = cg_obj_value(c);
    memcpy(pos + 1, args->pos, (size_t)args->npos * sizeof *pos);
    cg_args a = {.pos = pos, .npos = args->npos + 1};
    bool was = cg_grad_set_enabled(false);
    cg_value r = cg_call(fn, &a);
    cg_grad_set_enabled(was);
    free(pos);
    cg_decref(fn);
    return r;
}

/* The outputs wrapped, the node made; the value apply returns. */
static cg_value wrap_outputs(fn_ctx *c, const cg_args *args, cg_value result) {
    bool is_tuple = cg_type_is_layout_subtype(cg_typeof(result), &cg_type_tuple);
    int nout = is_tuple ? (int)((cg_tuple *)result.u.o)->len : 1;
    const cg_value *items = is_tuple ? ((cg_tuple *)result.u.o)->items : &result;
    bool executable = cg_grad_enabled() && any_requires_grad(args);
    c->nout = nout;
    c->out_is_tensor = calloc((size_t)nout + 1, sizeof *c->out_is_tensor);
    cg_value wrapped = c->out_is_tensor ? cg_tuple_new(nout) : cg_raise_nomemory();
    if (cg_is_err(wrapped) || check_marks(c) < 0 || check_dirty_returned(c, nout, items) < 0) {
        cg_decref(wrapped);
        return CG_ERR;
    }
    cg_tuple *w = (cg_tuple *)wrapped.u.o;
    for (int i = 0; i < nout; i++) {
        c->out_is_tensor[i] = cg_is_tensor(items[i]);
        w->items[i] = wrap_output(c, args, items[i], executable);
        if (cg_is_err(w->items[i])) {
            w->items[i] = CG_NONE;
            cg_decref(wrapped);
            return CG_ERR;
        }
    }
    if (executable && make_node(c, args, nout, w->items) < 0) {
        cg_decref(wrapped);
        return CG_ERR;
    }
    if (is_tuple)
        return wrapped;
    cg_value single = cg_incref(w->items[0]);
    cg_decref(wrapped);
    return single;
}

/* Function.apply(*args), a classmethod: self is the class. */
static cg_value function_apply(cg_value cls, const cg_args *args) {
    if (args->nkw)
        return cg_raise(&cg_exc_TypeError, "apply() takes no keyword arguments");
    fn_ctx *c = torch_fn_ctx_new(cls, args->npos, args->pos);
    if (!c)
        return CG_ERR;
    cg_value result = run_forward(cls, c, args);
    cg_value r = cg_is_err(result) ? CG_ERR : wrap_outputs(c, args, result);
    cg_decref(result);
    /* done with the marks: a dirty output's grad_fn owns c (a cycle) */
    cg_value_set(&c->dirty, CG_NONE);
    cg_value_set(&c->non_differentiable, CG_NONE);
    cg_obj_decref(c);
    return r;
}

/* ---- the class ------------------------------------------------------------------------- */

static cg_value function_forward(cg_value self, const cg_args *args) {
    return cg_raise(&cg_exc_NotImplementedError, "You must implement the forward function for custom "
                                                 "autograd.Function.");
}

static cg_value function_backward(cg_value self, const cg_args *args) {
    return cg_raise(&cg_exc_NotImplementedError, "You must implement either the backward or vjp method for your "
                                                 "custom autograd.Function to use it with backward mode AD.");
}

/* MyReLU()(x): the style before static forward methods, refused as 1.13 does. */
static cg_value function_call(cg_value self, const cg_args *args) {
    return cg_raise(&cg_exc_RuntimeError,
                    "Legacy autograd function with non-static forward method is deprecated. Please use new-style "
                    "autograd function with static forward method. (Example: "
                    "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)");
}

static cg_value function_new(cg_type *type, const cg_args *args) { return cg_instance_alloc(type); }

static cg_type function_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "Function",
    .module = "torch.autograd.function",
    .base = &cg_type_object,
    .flags = CG_TYPE_BASETYPE | CG_TYPE_HAS_DICT,
    .basicsize = sizeof(cg_instance),
    .dealloc = cg_instance_dealloc,
    .repr = cg_object_repr,
    .hash = cg_object_hash,
    .call = function_call,
    .new_ = function_new,
};

/* As PyTorch's Function has them: apply a classmethod, forward and
 * backward staticmethods. */
static const cg_method_def class_defs[] = {
    {"apply", function_apply, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};
static const cg_method_def static_defs[] = {
    {"forward", function_forward, NULL, "Defines the formula of differentiation for a custom function."},
    {"backward", function_backward, NULL, "Defines the formula for differentiating the operation."},
    {NULL, NULL, NULL, NULL},
};

static int function_init(void) {
    if (function_type.dict)
        return 0;
    if (cg_type_add_classmethods(&function_type, class_defs) < 0
        || cg_type_add_wrapped(&function_type, static_defs, &cg_type_staticmethod) < 0)
        return -1;
    return torch_function_ctx_init();
}

int torch_function_add(cg_value module) {
    if (function_init() < 0)
        return -1;
    return cg_module_add(module, "Function", cg_obj_value(&function_type));
}

cg_value cg_torch_autograd_function_module_init(void) {
    if (torch_node_init() < 0 || function_init() < 0)
        return CG_ERR;
    cg_value m = cg_module_new("torch.autograd.function");
    if (cg_is_err(m))
        return m;
    if (cg_module_add(m, "Function", cg_obj_value(&function_type)) < 0
        || cg_module_add(m, "FunctionCtx", cg_obj_value(&torch_type_function_ctx)) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
