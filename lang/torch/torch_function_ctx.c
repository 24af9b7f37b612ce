/* torch_function_ctx.c: the ctx of a torch.autograd.Function call, which
 * is also its grad_fn (Note [Function ctx] in torch_function.h): the types
 * FunctionCtx and BackwardCFunction and, per Function subclass, its
 * ClsBackward type; the ctx methods (save_for_backward, mark_dirty,
 * mark_non_differentiable, set_materialize_grads) and attributes
 * (saved_tensors, needs_input_grad, _forward_cls); and the engine's custom
 * backward, which calls the user's backward and checks what it returns
 * with PyTorch's messages.
 *
 * Not here: apply and the Function class (torch_function.c). */
#include <stdlib.h>
#include <string.h>

#include "runtime/lang_internal.h"
#include "runtime/gc.h"
#include "torch/torch_function.h"

static fn_ctx *ctx_of(cg_value v) { return (fn_ctx *)v.u.o; }

/* ---- methods ---------------------------------------------------------------------- */

/* The arguments as a tuple, kept on the ctx until apply reads them. */
static cg_value keep_args(cg_value self, const cg_args *args, cg_value *slot) {
    if (args->nkw)
        return cg_raise(&cg_exc_TypeError, "this function takes no keyword arguments");
    cg_value t = cg_tuple_new(args->npos);
    if (cg_is_err(t))
        return t;
    for (int i = 0; i < args->npos; i++)
        ((cg_tuple *)t.u.o)->items[i] = cg_incref(args->pos[i]);
    cg_value_set(slot, t);
    return CG_NONE;
}

static cg_value ctx_save_for_backward(cg_value self, const cg_args *args) {
    return keep_args(self, args, &ctx_of(self)->to_save);
}

static cg_value ctx_mark_dirty(cg_value self, const cg_args *args) {
    return keep_args(self, args, &ctx_of(self)->dirty);
}

static cg_value ctx_mark_non_differentiable(cg_value self, const cg_args *args) {
    return keep_args(self, args, &ctx_of(self)->non_differentiable);
}

static cg_value ctx_set_materialize_grads(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"set_materialize_grads", NULL, "set_materialize_grads(value)", NULL};
    cg_value v;
    if (cg_args_bind(&def, args, &v, 1) < 0)
        return CG_ERR;
    int on = cg_truth(v);
    cg_decref(v);
    if (on < 0)
        return CG_ERR;
    ctx_of(self)->materialize_grads = on;
    return CG_NONE;
}

static const cg_method_def ctx_methods[] = {
    {"save_for_backward", ctx_save_for_backward, NULL, "Saves given tensors for a future call to backward()."},
    {"mark_dirty", ctx_mark_dirty, NULL, "Marks given tensors as modified in an in-place operation."},
    {"mark_non_differentiable", ctx_mark_non_differentiable, NULL, "Marks outputs as non-differentiable."},
    {"set_materialize_grads", ctx_set_materialize_grads, NULL, "Sets whether to materialize grad tensors."},
    {NULL, NULL, NULL, NULL},
};

/* ---- attributes ------------------------------------------------------------------- */

/* ctx.saved_tensors: () until apply has saved them in the node (in
 * forward, and under no_grad), PyTorch's error once a backward without
 * retain_graph has run the node. */
static cg_value saved_tensors(fn_ctx *c) {
    cg_node *n = c->base.node;
    cg_tensor *unused;
    if (n && n->released && cg_node_saved(n, 0, &unused) < 0) /* even with nothing saved, as PyTorch */
        return torch_raise();
    int count = n ? n->nsaved : 0;
    cg_value r = cg_tuple_new(count);
    for (int i = 0; i < count && !cg_is_err(r); i++) {
        cg_value t = torch_node_saved(n, i);
        if (cg_is_err(t))
            cg_value_set(&r, CG_ERR);
        else
            ((cg_tuple *)r.u.o)->items[i] = t;
    }
    return r;
}

static cg_value ctx_getattr(cg_value self, cg_str *name) {
    fn_ctx *c = ctx_of(self);
    const char *s = name->s;
    if (strcmp(s, "saved_tensors") == 0 || strcmp(s, "saved_variables") == 0)
        return saved_tensors(c);
    if (strcmp(s, "needs_input_grad") == 0)
        return cg_incref(c->needs_input_grad);
    if (strcmp(s, "_forward_cls") == 0)
        return cg_incref(c->cls);
    return torch_node_getattr(self, name);
}

/* ---- the types ------------------------------------------------------------------------ */

static void ctx_dealloc(cg_obj *self) {
    fn_ctx *c = (fn_ctx *)self;
    if (c->base.dict)
        cg_obj_decref(c->base.dict);
    cg_decref(c->base.metadata);
    cg_decref(c->cls);
    cg_decref(c->needs_input_grad);
    cg_decref(c->to_save);
    cg_decref(c->dirty);
    cg_decref(c->non_differentiable);
    free(c->arg_is_tensor);
    free(c->out_is_tensor);
    torch_obj_free(self);
}

/* A ctx is collected: ctx.out = out (an output kept as an attribute, not
 * saved) makes a cycle through the engine's node (tensor_obj.c). */
static void ctx_traverse(cg_obj *self, cg_visitfn visit, void *arg) {
    fn_ctx *c = (fn_ctx *)self;
    cg_visit_obj(c->base.dict, visit, arg);
    cg_visit_value(c->base.metadata, visit, arg);
    cg_visit_value(c->cls, visit, arg);
    cg_visit_value(c->needs_input_grad, visit, arg);
    cg_visit_value(c->to_save, visit, arg);
    cg_visit_value(c->dirty, visit, arg);
    cg_visit_value(c->non_differentiable, visit, arg);
    if (self->type->flags & CG_TYPE_HEAP)
        visit(&self->type->head, arg);
}

static void ctx_clear(cg_obj *self) {
    fn_ctx *c = (fn_ctx *)self;
    CG_CLEAR_OBJ(c->base.dict);
    cg_value_set(&c->base.metadata, CG_NONE);
    cg_value_set(&c->to_save, CG_NONE);
    cg_value_set(&c->dirty, CG_NONE);
    cg_value_set(&c->non_differentiable, CG_NONE);
}

#define CTX_TYPE(pyname, basetype)                                                                                   \
    {                                                                                                                \
        .head = {CG_IMMORTAL, &cg_type_type}, .name = pyname, .module = "torch.autograd.function", .base = basetype, \
        .flags = CG_TYPE_BASETYPE | CG_TYPE_HAS_DICT, .basicsize = sizeof(fn_ctx), .dealloc = ctx_dealloc,           \
        .repr = cg_object_repr, .hash = cg_object_hash, .getattr = ctx_getattr, .gc_offset = offsetof(fn_ctx, gc),   \
        .traverse = ctx_traverse, .clear = ctx_clear,                                                                \
    }
cg_type torch_type_function_ctx = CTX_TYPE("FunctionCtx", &cg_type_torch_node);
static cg_type backward_cfunction_type = CTX_TYPE("BackwardCFunction", &torch_type_function_ctx);

/* cls._backward_cls: the type of cls's ctx objects, ClsBackward, made on
 * first use. Only cls's own dict counts: a subclass of a Function gets its
 * own type and name. Borrowed. */
static cg_type *ctx_type_of(cg_type *cls) {
    cg_str *key = cg_str_intern("_backward_cls");
    cg_value t = cls->dict ? cg_dict_get_str_borrowed(cls->dict, key) : CG_STOP;
    if (t.tag == CG_V_OBJ && cg_isinstance(t, &cg_type_type) && ((cg_type *)t.u.o)->base == &backward_cfunction_type)
        return (cg_type *)t.u.o;
    size_t len = strlen(cls->name);
    char *name = malloc(len + sizeof "Backward");
    cg_value d = cg_dict_new();
    if (!name || cg_is_err(d)) {
        free(name);
        cg_decref(d);
        cg_raise_nomemory();
        return NULL;
    }
    memcpy(name, cls->name, len);
    memcpy(name + len, "Backward", sizeof "Backward");
    t = cg_class_new(name, "torch.autograd.function", &backward_cfunction_type, cg_as_dict(d));
    free(name);
    cg_decref(d);
    if (cg_is_err(t))
        return NULL;
    int rc = cls->dict ? cg_dict_set(cls->dict, cg_obj_value(key), t) : 0;
    cg_decref(t); /* cls keeps it */
    return rc < 0 || !cls->dict ? NULL : (cg_type *)t.u.o;
}

fn_ctx *torch_fn_ctx_new(cg_value cls, int nargs, const cg_value *args) {
    cg_type *type = ctx_type_of((cg_type *)cls.u.o);
    fn_ctx *c = type ? torch_obj_new(type) : NULL;
    if (!c)
        return NULL;
    c->base.metadata = CG_NONE;
    c->cls = cg_incref(cls);
    c->to_save = c->dirty = c->non_differentiable = CG_NONE;
    c->materialize_grads = true;
    c->nargs = nargs;
    c->needs_input_grad = cg_tuple_new(nargs);
    c->arg_is_tensor = calloc((size_t)(nargs ? nargs : 1), sizeof *c->arg_is_tensor);
    if (cg_is_err(c->needs_input_grad) || !c->arg_is_tensor) {
        if (!c->arg_is_tensor)
            cg_raise_nomemory();
        cg_obj_decref(c);
        return NULL;
    }
    for (int i = 0; i < nargs; i++) {
        c->arg_is_tensor[i] = cg_is_tensor(args[i]);
        bool needs = c->arg_is_tensor[i] && cg_tensor_requires_grad(cg_tensor_of_borrowed(args[i]));
        ((cg_tuple *)c->needs_input_grad.u.o)->items[i] = cg_bool(needs);
    }
    cg_gc_track(c);
    return c;
}

bool torch_fn_ctx_marks(cg_value marked, const cg_tensor *t) {
    if (!cg_is_type(marked, &cg_type_tuple))
        return false;
    cg_tuple *m = (cg_tuple *)marked.u.o;
    for (int64_t i = 0; i < m->len; i++)
        if (cg_is_tensor(m->items[i]) && cg_tensor_of_borrowed(m->items[i]) == t)
            return true;
    return false;
}

void torch_fn_ctx_release(void *ctx) {
    fn_ctx *c = ctx;
    c->base.node = NULL;
    cg_obj_decref(c);
}

/* ---- backward --------------------------------------------------------------------------- */

/* The gradient backward receives for output i: None for an output that is
 * not a tensor, zeros for one no gradient reached (unless the ctx turned
 * materialize_grads off). */
static cg_value grad_arg(fn_ctx *c, cg_node *n, int i, cg_tensor *g) {
    if (!c->out_is_tensor[i])
        return CG_NONE;
    if (g)
        return cg_tensor_value(g);
    if (!c->materialize_grads)
        return CG_NONE;
    const cg_meta *m = &n->out_meta[i];
    cg_tensor *z = cg_zeros(m->ndim, m->sizes, m->dtype, m->device);
    return z ? cg_tensor_steal(z) : torch_raise();
}

/* backward(ctx, *grads) of the user's class; a new reference or CG_ERR. */
static cg_value call_backward(fn_ctx *c, cg_node *n, cg_tensor *const *grads_out) {
    cg_value *pos = calloc((size_t)n->nout + 1, sizeof *pos);
    if (!pos)
        return cg_raise_nomemory();
    pos[0] = cg_obj_value(c);
    cg_value r = CG_ERR;
    int made = 0;
    for (; made < n->nout; made++) {
        pos[made + 1] = grad_arg(c, n, made, grads_out[made]);
        if (cg_is_err(pos[made + 1]))
            break;
    }
    cg_value fn = made == n->nout ? cg_getattr(c->cls, cg_str_intern("backward")) : CG_ERR;
    if (!cg_is_err(fn)) {
        cg_args a = {.pos = pos, .npos = n->nout + 1};
        r = cg_call(fn, &a);
    }
    cg_decref(fn);
    for (int i = 0; i < made; i++)
        cg_decref(pos[i + 1]);
    free(pos);
    return r;
}

/* Backward's results, one per forward argument, into one gradient per
 * tensor argument (the node's edges), as PyTorch's PyNode::apply checks
 * them: trailing Nones past the arguments are dropped. */
static int take_grads(fn_ctx *c, cg_node *n, cg_value r, cg_tensor **grads_in) {
    bool is_tuple = cg_is_type(r, &cg_type_tuple);
    const cg_value *items = is_tuple ? ((cg_tuple *)r.u.o)->items : &r;
    int64_t count = is_tuple ? ((cg_tuple *)r.u.o)->len : 1;
    bool extra_none = true;
    for (int64_t i = c->nargs; i < count; i++)
        extra_none &= cg_is_none(items[i]);
    if (count > c->nargs && extra_none)
        count = c->nargs;
    if (count != c->nargs)
        return cg_raise_int(&cg_exc_RuntimeError,
                            "function %s returned an incorrect number of gradients (expected %d, got %lld)", n->name,
                            c->nargs, (long long)count);
    for (int i = 0, k = 0; i < c->nargs; i++) {
        cg_value g = items[i];
        if (!c->arg_is_tensor[i]) {
            if (!cg_is_none(g))
                return cg_raise_int(&cg_exc_RuntimeError,
                                    "function %s returned a gradient different than None at position %d, but the "
                                    "corresponding forward input was not a Variable",
                                    n->name, i + 1);
            continue;
        }
        if (!cg_is_none(g) && !cg_is_tensor(g))
            return cg_raise_int(&cg_exc_RuntimeError, "expected Variable or None (got %s)", cg_type_name(g));
        grads_in[k++] = cg_is_none(g) ? NULL : cg_tensor_retain(cg_tensor_of_borrowed(g));
    }
    return 0;
}

int torch_fn_ctx_backward(void *ctx, cg_node *n, cg_tensor *const *grads_out, cg_tensor **grads_in) {
    fn_ctx *c = ctx;
    cg_value r = call_backward(c, n, grads_out);
    int rc = cg_is_err(r) ? -1 : take_grads(c, n, r, grads_in);
    cg_decref(r);
    if (rc < 0) /* the user's exception (or ours) is pending and wins: torch_raise */
        cg_error_set(CG_RUNTIME_ERROR, "a custom Function's backward raised an exception");
    return rc;
}

int torch_function_ctx_init(void) {
    if (torch_type_function_ctx.dict)
        return 0;
    cg_value d = cg_dict_new(), bd = cg_dict_new();
    if (cg_is_err(d) || cg_is_err(bd)) {
        cg_decref(d);
        cg_decref(bd);
        return -1;
    }
    torch_type_function_ctx.dict = cg_as_dict(d);
    backward_cfunction_type.dict = cg_as_dict(bd);
    return cg_type_add_methods(&torch_type_function_ctx, ctx_methods);
}
