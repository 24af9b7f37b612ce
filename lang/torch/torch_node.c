/* torch_node.c: autograd nodes as the cell sees them (x.grad_fn), tensor
 * hooks, and their handles.
 *
 * A node object wraps an engine cg_node (one wrapper per node, cached
 * through node->owner as tensors are) and answers what PyTorch's do:
 * name(), next_functions as ((node, input_nr), ...), metadata, variable
 * (AccumulateGrad), the saved tensors as _saved_<name>, and a repr
 * `<MulBackward0 object at 0x...>`. Each node name gets its own type, so
 * that type(y.grad_fn).__name__ is 'MulBackward0' as in PyTorch.
 *
 * x.register_hook(fn) registers an engine hook that calls fn with the
 * gradient; grad_fn.register_hook(fn) and register_prehook(fn) hook the
 * node itself (fn(grad_inputs, grad_outputs), fn(grad_outputs)). Their
 * handle's remove() takes a hook off again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/gc.h"
#include "torch/torch_args.h"
#include "torch/torch_function.h"

static cg_node *node_of(cg_value v) { return ((torch_node_obj *)v.u.o)->node; }

/* A node's name; a Function's ctx whose node is gone (or was never made,
 * under no_grad) answers with its type's, which is the same. */
static const char *name_of(cg_value self) {
    cg_node *n = node_of(self);
    return n && n->name ? n->name : cg_type_name(self);
}

/* ---- per-name types ------------------------------------------------------------ */

static void node_dealloc(cg_obj *self);
static cg_value node_repr(cg_value self);

cg_type cg_type_torch_node = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "Node",
    .module = "torch.autograd.graph",
    .base = &cg_type_object,
    .basicsize = sizeof(torch_node_obj),
    .dealloc = node_dealloc,
    .repr = node_repr,
    .getattr = torch_node_getattr,
};

/* Node names are the engine's static strings (ops.def and its renames), so
 * a table keyed by the pointer finds each name's type. */
#define MAX_NODE_TYPES 512
static struct {
    const char *name;
    cg_type *type;
} node_types[MAX_NODE_TYPES];
static int n_node_types;

static cg_type *type_for(const cg_node *n) {
    if (n->op == CG_OP_CUSTOM || !n->name)
        return &cg_type_torch_node; /* a custom Function's name is not ours to keep */
    for (int i = 0; i < n_node_types; i++)
        if (node_types[i].name == n->name)
            return node_types[i].type;
    if (n_node_types == MAX_NODE_TYPES)
        return &cg_type_torch_node;
    cg_type *t = malloc(sizeof *t);
    if (!t)
        return &cg_type_torch_node;
    *t = cg_type_torch_node;
    t->name = n->name;
    t->module = NULL;
    t->base = &cg_type_torch_node;
    node_types[n_node_types].name = n->name;
    node_types[n_node_types++].type = t;
    return t;
}

cg_value torch_node_value(cg_node *n) {
    if (!n)
        return CG_NONE;
    if (n->owner) {
        cg_obj_incref(n->owner);
        return cg_obj_value(n->owner);
    }
    torch_node_obj *o = torch_obj_new(type_for(n));
    if (!o)
        return CG_ERR;
    cg_node_retain(n);
    o->node = n;
    o->metadata = CG_NONE;
    n->owner = o;
    return cg_obj_value(o);
}

static void node_dealloc(cg_obj *self) {
    torch_node_obj *o = (torch_node_obj *)self;
    if (o->node->owner == o)
        o->node->owner = NULL;
    cg_node_release(o->node);
    cg_decref(o->metadata);
    torch_obj_free(self);
}

static cg_value node_repr(cg_value self) { return cg_str_fmt("<%s object at %p>", name_of(self), (void *)self.u.o); }

/* ---- attributes ------------------------------------------------------------------ */

static cg_value next_functions(cg_node *n) {
    cg_value r = cg_tuple_new(n->nin);
    if (cg_is_err(r))
        return r;
    for (int i = 0; i < n->nin; i++) {
        cg_value fn = torch_node_value(n->next[i].node);
        cg_value pair = cg_is_err(fn) ? CG_ERR : cg_tuple_pack(2, fn, cg_int(n->next[i].input_nr));
        cg_decref(fn);
        if (cg_is_err(pair)) {
            cg_decref(r);
            return CG_ERR;
        }
        ((cg_tuple *)r.u.o)->items[i] = pair;
    }
    return r;
}

/* A saved output comes back with its history, as PyTorch unpacks it: an
 * alias of the saved data whose grad_fn is this node. */
cg_value torch_node_saved(cg_node *n, int i) {
    cg_tensor *t;
    if (cg_node_saved(n, i, &t) < 0)
        return torch_raise();
    if (!t)
        return CG_NONE;
    if (!cg_node_slot(n, i)->is_output || t->grad_fn)
        return cg_tensor_value(t);
    cg_tensor *alias = cg_tensor_from_storage(t->storage, t->offset, t->ndim, t->sizes, t->strides, t->dtype);
    if (!alias)
        return torch_raise();
    cg_node_retain(n);
    alias->grad_fn = n;
    alias->output_nr = cg_node_slot(n, i)->output_nr;
    return cg_tensor_steal(alias);
}

cg_value torch_node_getattr(cg_value self, cg_str *name) {
    cg_node *n = node_of(self);
    const char *s = name->s;
    if (strcmp(s, "next_functions") == 0)
        return n ? next_functions(n) : cg_tuple_new(0);
    if (strcmp(s, "metadata") == 0) {
        torch_node_obj *o = (torch_node_obj *)self.u.o;
        if (cg_is_none(o->metadata))
            o->metadata = cg_dict_new();
        return cg_incref(o->metadata);
    }
    if (!n)
        return CG_STOP;
    if (strcmp(s, "variable") == 0 && n->op == CG_OP_ACCUMULATE_GRAD)
        return n->variable ? cg_tensor_value(n->variable) : CG_NONE;
    if (strncmp(s, "_saved_", 7) == 0)
        for (int i = 0; i < n->nsaved; i++)
            if (cg_node_slot(n, i)->name && strcmp(cg_node_slot(n, i)->name, s + 7) == 0)
                return torch_node_saved(n, i);
    return CG_STOP;
}

/* ---- methods ----------------------------------------------------------------------- */

static cg_value node_name(cg_value self, const cg_args *args) {
    cg_node *n = node_of(self);
    /* PyTorch's C++-only nodes answer name() with their namespace */
    if (n && (n->op == CG_OP_ACCUMULATE_GRAD || strcmp(name_of(self), "CopySlices") == 0
              || strcmp(name_of(self), "NotImplemented") == 0))
        return cg_str_fmt("torch::autograd::%s", name_of(self));
    return cg_str_from_c(name_of(self));
}

/* ---- node hooks --------------------------------------------------------------------- */

/* The gradients as a tuple, None where NULL. */
static cg_value grads_tuple(int n, cg_tensor *const *grads) {
    cg_value r = cg_tuple_new(n);
    for (int i = 0; i < n && !cg_is_err(r); i++) {
        cg_value g = grads[i] ? cg_tensor_value(grads[i]) : CG_NONE;
        if (cg_is_err(g))
            cg_value_set(&r, CG_ERR);
        else
            ((cg_tuple *)r.u.o)->items[i] = g;
    }
    return r;
}

/* What a node hook returned: None keeps the gradients, a tuple of as many
 * tensors or Nones replaces them; anything else is PyTorch's error. */
static int take_hook_result(cg_value fn, cg_value r, int n, cg_tensor **grads) {
    if (cg_is_none(r))
        return 0;
    if (!cg_is_type(r, &cg_type_tuple))
        return cg_raise_int(&cg_exc_TypeError, "expected tuple, but hook returned '%s'", cg_type_name(r));
    cg_tuple *t = (cg_tuple *)r.u.o;
    if (t->len != n) {
        cg_value name = cg_getattr(fn, cg_str_intern("__name__"));
        cg_raise(&cg_exc_RuntimeError,
                 "hook '%s' has returned an incorrect number of values (got %lld, but expected %d)",
                 cg_is_err(name) || !cg_is_str(name) ? "?" : cg_str_cstr(name), (long long)t->len, n);
        cg_decref(name);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (!cg_is_none(t->items[i]) && !cg_is_tensor(t->items[i]))
            return cg_raise_int(&cg_exc_TypeError, "expected Variable, but hook returned '%s'",
                                cg_type_name(t->items[i]));
    for (int i = 0; i < n; i++) {
        cg_tensor_release(grads[i]);
        grads[i] = cg_is_none(t->items[i]) ? NULL : cg_tensor_retain(cg_tensor_of_borrowed(t->items[i]));
    }
    return 0;
}

/* The engine's node hook: fn(grad_inputs, grad_outputs) after the node, or
 * fn(grad_outputs) before it (grads_in NULL). grad_inputs has an entry per
 * edge that next_functions shows. */
static int call_node_hook(void *ctx, cg_node *n, cg_tensor **grads_in, cg_tensor **grads_out) {
    cg_value fn = *(cg_value *)ctx;
    cg_value go = grads_tuple(n->nout, grads_out);
    cg_value gi = grads_in && !cg_is_err(go) ? grads_tuple(n->nin, grads_in) : CG_NONE;
    cg_value r = CG_ERR;
    if (!cg_is_err(go) && !cg_is_err(gi))
        r = grads_in ? cg_call2(fn, gi, go) : cg_call1(fn, go);
    int rc = cg_is_err(r) ? -1
             : grads_in   ? take_hook_result(fn, r, n->nin, grads_in)
                          : take_hook_result(fn, r, n->nout, grads_out);
    cg_decref(r), cg_decref(gi), cg_decref(go);
    if (rc < 0)
        cg_error_set(CG_RUNTIME_ERROR, "a hook raised an exception"); /* the pending one wins: torch_raise */
    return rc;
}

static void free_hook(void *ctx);
static cg_value node_handle_new(cg_node *n, int64_t id);

static cg_value register_node_hook(cg_value self, const cg_args *args, bool pre) {
    static const cg_method_def post_def = {"register_hook", NULL, "register_hook(fn)", NULL};
    static const cg_method_def pre_def = {"register_prehook", NULL, "register_prehook(fn)", NULL};
    cg_value fn;
    if (cg_args_bind(pre ? &pre_def : &post_def, args, &fn, 1) < 0)
        return CG_ERR;
    cg_node *n = node_of(self);
    cg_value *ctx = n ? malloc(sizeof *ctx) : NULL;
    if (!ctx) {
        cg_decref(fn);
        return n ? cg_raise_nomemory() : CG_NONE; /* a ctx made under no_grad: no node to hook */
    }
    *ctx = fn;
    int64_t id = cg_node_register_hook(n, pre, call_node_hook, ctx, free_hook);
    if (id < 0) {
        free_hook(ctx);
        return torch_raise();
    }
    return node_handle_new(n, id);
}

static cg_value node_register_hook(cg_value self, const cg_args *args) { return register_node_hook(self, args, false); }

static cg_value node_register_prehook(cg_value self, const cg_args *args) {
    return register_node_hook(self, args, true);
}

static const cg_method_def node_methods[] = {
    {"name", node_name, "name()", "The name of the node's operation."},
    {"register_hook", node_register_hook, "register_hook(fn)", NULL},
    {"register_prehook", node_register_prehook, "register_prehook(fn)", NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- tensor hooks and their handles ---------------------------------------------------- */

/* "torch.FloatTensor", "torch.cuda.DoubleTensor": a tensor's type as
 * PyTorch's hook messages name it */
static const char *legacy_type(const cg_tensor *t, char *buf, size_t n) {
    snprintf(buf, n, "torch.%s%sTensor", cg_tensor_device(t).type == CG_CPU ? "" : "cuda.",
             cg_dtype_legacy_name(t->dtype));
    return buf;
}

/* PyTorch's check of what a tensor hook returned (check_single_result):
 * the same type, device and size as the gradient it was given; -1 with
 * the RuntimeError that names the hook. */
static int check_hook_result(cg_value fn, const cg_tensor *grad, const cg_tensor *r) {
    const char *what = NULL;
    char was[48], got[48];
    if (grad->dtype != r->dtype || !cg_device_equal(cg_tensor_device(grad), cg_tensor_device(r)))
        what = "type";
    else if (!cg_sizes_equal(grad->ndim, grad->sizes, r->ndim, r->sizes))
        what = "size";
    if (!what)
        return 0;
    cg_value name = cg_getattr_opt(fn, cg_str_intern("__name__"));
    if (cg_is_err(name) || !cg_is_str(name)) {
        cg_exc_clear();
        cg_decref(name);
        name = cg_repr(fn);
    }
    const char *label = cg_is_err(name) ? "?" : cg_str_cstr(name);
    if (what[0] == 't')
        cg_raise(&cg_exc_RuntimeError, "hook '%s' has changed the type of value (was %s got %s)", label,
                 legacy_type(grad, was, sizeof was), legacy_type(r, got, sizeof got));
    else
        cg_raise(&cg_exc_RuntimeError, "hook '%s' has changed the size of value", label);
    cg_decref(name);
    return -1;
}

static int call_hook(void *ctx, cg_tensor *grad, cg_tensor **out) {
    cg_value fn = *(cg_value *)ctx;
    cg_value g = cg_tensor_value(grad);
    cg_value r = cg_is_err(g) ? CG_ERR : cg_call1(fn, g);
    cg_decref(g);
    if (cg_is_err(r)) {
        cg_error_set(CG_RUNTIME_ERROR, "a hook raised an exception"); /* the pending one wins: torch_raise */
        return -1;
    }
    if (cg_is_none(r))
        return 0;
    if (!cg_is_tensor(r)) {
        cg_raise(&cg_exc_TypeError, "expected Variable, but hook returned '%s'", cg_type_name(r));
        cg_decref(r);
        cg_error_set(CG_RUNTIME_ERROR, "a hook raised an exception");
        return -1;
    }
    if (check_hook_result(fn, grad, cg_tensor_of_borrowed(r)) < 0) {
        cg_decref(r);
        cg_error_set(CG_RUNTIME_ERROR, "a hook raised an exception");
        return -1;
    }
    *out = cg_tensor_retain(cg_tensor_of_borrowed(r));
    cg_decref(r);
    return 0;
}

static void free_hook(void *ctx) {
    cg_decref(*(cg_value *)ctx);
    free(ctx);
}

static void visit_hooks(const cg_hook *h, cg_visitfn visit, void *arg) {
    for (; h; h = h->next)
        if (h->fn == call_hook)
            cg_visit_value(*(cg_value *)h->ctx, visit, arg);
}

static void visit_node_hooks(const cg_node_hook *h, cg_visitfn visit, void *arg) {
    for (; h; h = h->next)
        if (h->fn == call_node_hook)
            cg_visit_value(*(cg_value *)h->ctx, visit, arg);
}

/* A leaf keeps its hooks; a computed tensor's are its grad_fn's, with the
 * node's own hooks: those count as t's only while t holds the node's one
 * reference (Note [Tensors and the collector] in tensor_obj.c). */
void torch_tensor_hooks_traverse(const cg_tensor *t, cg_visitfn visit, void *arg) {
    visit_hooks(t->hooks, visit, arg);
    const cg_node *n = t->grad_fn;
    if (!n || n->refcount != 1)
        return;
    for (int i = 0; n->out_hooks && i < n->nout; i++)
        visit_hooks(n->out_hooks[i], visit, arg);
    visit_node_hooks(n->pre_hooks, visit, arg);
    visit_node_hooks(n->post_hooks, visit, arg);
    if (n->custom_free == torch_fn_ctx_release) /* a Function's ctx, which the node owns */
        visit((cg_obj *)n->custom_ctx, arg);
}

/* Each list leaves its owner before its functions are released. */
void torch_tensor_hooks_clear(cg_tensor *t) {
    cg_hook *h = t->hooks;
    t->hooks = NULL;
    cg_hooks_free(h);
    cg_node *n = t->grad_fn;
    if (!n || n->refcount != 1)
        return;
    for (int i = 0; n->out_hooks && i < n->nout; i++) {
        h = n->out_hooks[i];
        n->out_hooks[i] = NULL;
        cg_hooks_free(h);
    }
    cg_node_hook *pre = n->pre_hooks, *post = n->post_hooks;
    n->pre_hooks = n->post_hooks = NULL;
    cg_node_hooks_free(pre);
    cg_node_hooks_free(post);
}

int64_t torch_register_tensor_hook(cg_tensor *t, cg_value fn) {
    cg_value *ctx = malloc(sizeof *ctx);
    if (!ctx) {
        cg_raise_nomemory();
        return -1;
    }
    *ctx = cg_incref(fn);
    int64_t id = cg_tensor_register_hook(t, call_hook, ctx, free_hook);
    if (id < 0) {
        free_hook(ctx);
        torch_raise();
    }
    return id;
}

/* A tensor's hook or a node's: one of tensor and node is set, until
 * remove() clears both. */
typedef struct {
    cg_obj head;
    cg_tensor *tensor; /* owned */
    cg_node *node;     /* owned */
    int64_t id;
} hook_handle;

static void handle_dealloc(cg_obj *self) {
    cg_tensor_release(((hook_handle *)self)->tensor);
    cg_node_release(((hook_handle *)self)->node);
    torch_obj_free(self);
}

static cg_value handle_repr(cg_value self) {
    return cg_str_fmt("<torch.utils.hooks.RemovableHandle object at %p>", (void *)self.u.o);
}

static cg_value handle_getattr(cg_value self, cg_str *name) {
    if (strcmp(name->s, "id") == 0)
        return cg_int(((hook_handle *)self.u.o)->id);
    return CG_STOP;
}

static cg_value handle_remove(cg_value self, const cg_args *args) {
    hook_handle *h = (hook_handle *)self.u.o;
    if (h->tensor) {
        cg_tensor_remove_hook(h->tensor, h->id);
        cg_tensor_release(h->tensor);
        h->tensor = NULL;
    }
    if (h->node) {
        cg_node_remove_hook(h->node, h->id);
        cg_node_release(h->node);
        h->node = NULL;
    }
    return CG_NONE;
}

static cg_value handle_enter(cg_value self, const cg_args *args) { return cg_incref(self); }

static cg_value handle_exit(cg_value self, const cg_args *args) {
    cg_value r = handle_remove(self, args);
    cg_decref(r);
    return CG_FALSE;
}

static const cg_method_def handle_methods[] = {
    {"remove", handle_remove, "remove()", NULL},
    {"__enter__", handle_enter, "__enter__()", NULL},
    {"__exit__", handle_exit, "__exit__(type, value, tb)", NULL},
    {NULL, NULL, NULL, NULL},
};

static cg_type handle_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "RemovableHandle",
    .module = "torch.utils.hooks",
    .base = &cg_type_object,
    .basicsize = sizeof(hook_handle),
    .dealloc = handle_dealloc,
    .repr = handle_repr,
    .getattr = handle_getattr,
};

cg_value torch_hook_handle_new(cg_tensor *t, int64_t id) {
    hook_handle *h = torch_obj_new(&handle_type);
    if (!h)
        return CG_ERR;
    h->tensor = cg_tensor_retain(t);
    h->id = id;
    return cg_obj_value(h);
}

static cg_value node_handle_new(cg_node *n, int64_t id) {
    hook_handle *h = torch_obj_new(&handle_type);
    if (!h)
        return CG_ERR;
    cg_node_retain(n);
    h->node = n;
    h->id = id;
    return cg_obj_value(h);
}

int torch_node_init(void) {
    if (cg_type_torch_node.dict)
        return 0;
    cg_value d = cg_dict_new(), hd = cg_dict_new();
    if (cg_is_err(d) || cg_is_err(hd))
        return -1;
    cg_type_torch_node.dict = cg_as_dict(d);
    handle_type.dict = cg_as_dict(hd);
    if (cg_type_add_methods(&cg_type_torch_node, node_methods) < 0)
        return -1;
    return cg_type_add_methods(&handle_type, handle_methods);
}
