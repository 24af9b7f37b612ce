/* torch_autograd.c: autograd as the cell reaches it: x.backward(),
 * torch.autograd.backward and grad, the grad-mode switches (no_grad,
 * enable_grad, set_grad_enabled, inference_mode) as context managers and
 * decorators, is_grad_enabled, and the torch.autograd module.
 *
 * A grad-mode object saves the mode on __enter__ and restores it on
 * __exit__; called with a function (`@torch.no_grad()`), it returns a
 * callable that runs the function under its mode. torch.autograd.Function
 * is in torch_function.c. */
#include <stdlib.h>
#include <string.h>

#include "runtime/module.h"
#include "torch/torch_function.h"
#include "torch/torch_module.h"

/* ---- backward and grad -------------------------------------------------------------- */

/* A tensor or a sequence of tensors (None entries allowed where
 * allow_none) as an array of n borrowed tensors; *n set. */
static cg_tensor **tensors_of(const char *fn, const char *arg, cg_value v, bool allow_none, int *n) {
    if (cg_is_tensor(v)) {
        cg_tensor **ts = malloc(sizeof *ts);
        if (!ts) {
            cg_raise_nomemory();
            return NULL;
        }
        ts[0] = cg_tensor_of_borrowed(v);
        *n = 1;
        return ts;
    }
    if (!torch_is_seq(v)) {
        cg_raise(&cg_exc_TypeError, "%s(): argument '%s' must be a Tensor or a sequence of Tensors, not %s", fn, arg,
                 cg_type_name(v));
        return NULL;
    }
    int64_t len = torch_seq_len(v);
    cg_tensor **ts = calloc((size_t)(len ? len : 1), sizeof *ts);
    if (!ts) {
        cg_raise_nomemory();
        return NULL;
    }
    for (int64_t i = 0; i < len; i++) {
        cg_value e = torch_seq_item_borrowed(v, i);
        if (cg_is_tensor(e)) {
            ts[i] = cg_tensor_of_borrowed(e);
        } else if (!(allow_none && cg_is_none(e))) {
            free(ts);
            cg_raise(&cg_exc_TypeError, "%s(): expected a Tensor in '%s', got %s", fn, arg, cg_type_name(e));
            return NULL;
        }
    }
    *n = (int)len;
    return ts;
}

/* grad_tensors for n roots: NULL entries where None (implicit ones). */
static cg_tensor **grads_for(const char *fn, const char *arg, cg_value v, int nroots) {
    cg_tensor **gs = calloc((size_t)nroots, sizeof *gs);
    if (!gs) {
        cg_raise_nomemory();
        return NULL;
    }
    if (cg_is_none(v))
        return gs;
    int n;
    cg_tensor **given = tensors_of(fn, arg, v, true, &n);
    if (!given) {
        free(gs);
        return NULL;
    }
    if (n != nroots) {
        free(given), free(gs);
        cg_raise(&cg_exc_RuntimeError, "Mismatch in number of grad_tensors: got %d but expected %d", n, nroots);
        return NULL;
    }
    memcpy(gs, given, (size_t)n * sizeof *gs);
    free(given);
    return gs;
}

static int retain_arg(const char *fn, cg_value v, bool create_graph, bool *out) {
    if (cg_is_none(v)) {
        *out = create_graph;
        return 0;
    }
    return torch_bool_arg(fn, "retain_graph", 0, v, out);
}

/* backward(inputs=...): only the given leaves accumulate, as
 * torch.autograd.grad into their .grad. */
static int backward_into(cg_tensor *const *roots, cg_tensor *const *grads, int n, cg_value inputs, bool retain,
                         bool create) {
    int nin;
    cg_tensor **in = tensors_of("backward", "inputs", inputs, false, &nin);
    if (!in)
        return -1;
    if (nin == 0) {
        free(in);
        return cg_raise_int(&cg_exc_RuntimeError, "'inputs' argument to backward() cannot be empty.");
    }
    cg_tensor **res = calloc((size_t)nin, sizeof *res);
    int rc = res ? cg_autograd_grad(n, roots, grads, nin, in, retain, create, true, res) : -1;
    for (int i = 0; i < nin && rc == 0; i++) {
        cg_tensor *g = res[i];
        if (!g)
            continue;
        if (!in[i]->grad) {
            in[i]->grad = create ? cg_tensor_retain(g) : cg_clone(g);
            rc = in[i]->grad ? 0 : -1;
        } else {
            cg_tensor *sum = cg_add(in[i]->grad, g, cg_scalar_int(1));
            rc = sum ? 0 : -1;
            if (sum) {
                cg_tensor_release(in[i]->grad);
                in[i]->grad = sum;
            }
        }
    }
    for (int i = 0; res && i < nin; i++)
        cg_tensor_release(res[i]);
    free(res), free(in);
    return rc < 0 ? torch_raise_int() : 0;
}

int torch_backward(cg_tensor *const *roots, int n, cg_value gradient, cg_value retain_graph, bool create_graph,
                   cg_value inputs) {
    bool retain;
    if (retain_arg("backward", retain_graph, create_graph, &retain) < 0)
        return -1;
    cg_tensor **grads = grads_for("backward", "gradient", gradient, n);
    if (!grads)
        return -1;
    int rc;
    if (!cg_is_none(inputs))
        rc = backward_into(roots, grads, n, inputs, retain, create_graph);
    else
        rc = cg_autograd_backward(n, roots, grads, retain, create_graph) < 0 ? torch_raise_int() : 0;
    free(grads);
    return rc;
}

/* torch.autograd.backward(tensors, grad_tensors=None, retain_graph=None,
 * create_graph=False, grad_variables=None, inputs=None) */
static cg_value backward_impl(cg_value *a) {
    int n;
    bool create;
    if (torch_bool_arg("backward", "create_graph", 0, a[3], &create) < 0)
        return CG_ERR;
    cg_tensor **roots = tensors_of("backward", "tensors", a[0], false, &n);
    if (!roots)
        return CG_ERR;
    cg_value grads = cg_is_none(a[1]) ? a[4] : a[1];
    int rc = torch_backward(roots, n, grads, a[2], create, a[5]);
    free(roots);
    return rc < 0 ? CG_ERR : CG_NONE;
}

static cg_value fn_backward(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"backward", NULL,
                                      "backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, "
                                      "grad_variables=None, inputs=None)",
                                      NULL};
    return torch_bind_call(&def, args, 6, backward_impl);
}

/* torch.autograd.grad(outputs, inputs, grad_outputs=None, retain_graph=None,
 * create_graph=False, only_inputs=True, allow_unused=False): a tuple of
 * gradients, None where allow_unused and unreachable. */
static cg_value grad_impl(cg_value *a) {
    bool create, allow_unused, retain;
    if (torch_bool_arg("grad", "create_graph", 0, a[4], &create) < 0
        || torch_bool_arg("grad", "allow_unused", 0, a[6], &allow_unused) < 0
        || retain_arg("grad", a[3], create, &retain) < 0)
        return CG_ERR;
    int nout, nin;
    cg_tensor **outs = tensors_of("grad", "outputs", a[0], false, &nout);
    cg_tensor **ins = outs ? tensors_of("grad", "inputs", a[1], false, &nin) : NULL;
    cg_tensor **grads = ins ? grads_for("grad", "grad_outputs", a[2], nout) : NULL;
    cg_tensor **res = grads ? calloc((size_t)(nin ? nin : 1), sizeof *res) : NULL;
    cg_value r = CG_ERR;
    if (grads && !res)
        cg_raise_nomemory();
    if (res) {
        if (cg_autograd_grad(nout, outs, grads, nin, ins, retain, create, allow_unused, res) < 0) {
            torch_raise();
        } else {
            r = cg_tuple_new(nin);
            for (int i = 0; i < nin && !cg_is_err(r); i++)
                ((cg_tuple *)r.u.o)->items[i] = res[i] ? cg_tensor_value(res[i]) : CG_NONE;
        }
        for (int i = 0; i < nin; i++)
            cg_tensor_release(res[i]);
    }
    free(outs), free(ins), free(grads), free(res);
    return r;
}

static cg_value fn_grad(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"grad", NULL,
                                      "grad(outputs, inputs, grad_outputs=None, retain_graph=None, "
                                      "create_graph=False, only_inputs=True, allow_unused=False, "
                                      "is_grads_batched=False)",
                                      NULL};
    return torch_bind_call(&def, args, 8, grad_impl);
}

/* ---- grad mode ------------------------------------------------------------------------ */

typedef enum { MODE_NO_GRAD, MODE_ENABLE_GRAD, MODE_SET, MODE_INFERENCE } mode_kind;

typedef struct {
    cg_obj head;
    mode_kind kind;
    bool mode; /* the mode it switches to */
    bool prev; /* the mode it restores on exit */
} grad_mode_obj;

static cg_value mode_repr(cg_value self) {
    return cg_str_fmt("<torch.autograd.grad_mode.%s object at %p>", self.u.o->type->name, (void *)self.u.o);
}

static cg_value mode_enter(cg_value self, const cg_args *args) {
    grad_mode_obj *m = (grad_mode_obj *)self.u.o;
    if (m->kind != MODE_SET) /* set_grad_enabled switched when made */
        m->prev = cg_grad_set_enabled(m->mode);
    return CG_NONE;
}

static cg_value mode_exit(cg_value self, const cg_args *args) {
    grad_mode_obj *m = (grad_mode_obj *)self.u.o;
    cg_grad_set_enabled(m->prev);
    return CG_FALSE;
}

static cg_value mode_clone(cg_value self, const cg_args *args);

/* The function a grad-mode decorator returns. */
typedef struct {
    cg_obj head;
    cg_value fn;
    bool mode;
} mode_fn_obj;

static void mode_fn_dealloc(cg_obj *self) {
    cg_decref(((mode_fn_obj *)self)->fn);
    torch_obj_free(self);
}

static cg_value mode_fn_call(cg_value self, const cg_args *args) {
    mode_fn_obj *f = (mode_fn_obj *)self.u.o;
    bool prev = cg_grad_set_enabled(f->mode);
    cg_value r = cg_call(f->fn, args);
    cg_grad_set_enabled(prev);
    return r;
}

/* Attributes of the wrapped function (__name__, __doc__) show through, as
 * functools.wraps makes them. */
static cg_value mode_fn_getattr(cg_value self, cg_str *name) {
    if (strcmp(name->s, "__wrapped__") == 0)
        return cg_incref(((mode_fn_obj *)self.u.o)->fn);
    if (strncmp(name->s, "__", 2) == 0 && strcmp(name->s, "__call__") != 0 && strcmp(name->s, "__class__") != 0)
        return cg_getattr(((mode_fn_obj *)self.u.o)->fn, name);
    return CG_STOP;
}

static cg_value mode_fn_repr(cg_value self) { return cg_repr(((mode_fn_obj *)self.u.o)->fn); }

static cg_value mode_fn_descr_get(cg_value descr, cg_value obj, cg_type *owner);

static cg_type mode_fn_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "function",
    .module = "builtins",
    .base = &cg_type_object,
    .basicsize = sizeof(mode_fn_obj),
    .dealloc = mode_fn_dealloc,
    .repr = mode_fn_repr,
    .getattr = mode_fn_getattr,
    .call = mode_fn_call,
    .descr_get = mode_fn_descr_get,
};

static cg_value mode_fn_new(cg_value fn, bool mode) {
    mode_fn_obj *f = torch_obj_new(&mode_fn_type);
    if (!f)
        return CG_ERR;
    f->fn = cg_incref(fn);
    f->mode = mode;
    return cg_obj_value(f);
}

/* A decorated method binds as the function it wraps does: the bound
 * method runs under the mode too. */
static cg_value mode_fn_descr_get(cg_value descr, cg_value obj, cg_type *owner) {
    mode_fn_obj *f = (mode_fn_obj *)descr.u.o;
    cg_type *ft = cg_typeof(f->fn);
    if (cg_is_none(obj) || !ft->descr_get)
        return cg_incref(descr);
    cg_value bound = ft->descr_get(f->fn, obj, owner);
    if (cg_is_err(bound))
        return bound;
    cg_value r = mode_fn_new(bound, f->mode);
    cg_decref(bound);
    return r;
}

/* @torch.no_grad(): the object called with the function to wrap. */
static cg_value mode_call(cg_value self, const cg_args *args) {
    grad_mode_obj *m = (grad_mode_obj *)self.u.o;
    if (args->npos != 1 || args->nkw)
        return cg_raise(&cg_exc_TypeError, "%s object is not callable with these arguments", self.u.o->type->name);
    return mode_fn_new(args->pos[0], m->mode);
}

static const cg_method_def mode_methods[] = {
    {"__enter__", mode_enter, "__enter__()", NULL},
    {"__exit__", mode_exit, "__exit__(exc_type, exc_value, traceback)", NULL},
    {"clone", mode_clone, "clone()", NULL},
    {NULL, NULL, NULL, NULL},
};

static cg_value mode_new(cg_type *type, const cg_args *args);

#define MODE_TYPE(pyname)                                                                                          \
    {                                                                                                              \
        .head = {CG_IMMORTAL, &cg_type_type}, .name = pyname, .module = "torch.autograd.grad_mode",                \
        .base = &cg_type_object, .basicsize = sizeof(grad_mode_obj), .dealloc = torch_obj_free, .repr = mode_repr, \
        .call = mode_call, .new_ = mode_new,                                                                       \
    }
static cg_type mode_types[] = {MODE_TYPE("no_grad"), MODE_TYPE("enable_grad"), MODE_TYPE("set_grad_enabled"),
                               MODE_TYPE("inference_mode")};

static cg_value mode_make(mode_kind kind, bool mode) {
    grad_mode_obj *m = torch_obj_new(&mode_types[kind]);
    if (!m)
        return CG_ERR;
    m->kind = kind;
    m->mode = mode;
    m->prev = cg_grad_enabled();
    if (kind == MODE_SET)
        m->prev = cg_grad_set_enabled(mode);
    return cg_obj_value(m);
}

static cg_value mode_clone(cg_value self, const cg_args *args) {
    grad_mode_obj *m = (grad_mode_obj *)self.u.o;
    return mode_make(m->kind, m->mode);
}

static cg_value mode_new(cg_type *type, const cg_args *args) {
    mode_kind kind = (mode_kind)(type - mode_types);
    static const cg_method_def none_def = {"__init__", NULL, "__init__()", NULL};
    static const cg_method_def set_def = {"__init__", NULL, "__init__(mode)", NULL};
    static const cg_method_def inference_def = {"__init__", NULL, "__init__(mode=True)", NULL};
    if (kind != MODE_SET && kind != MODE_INFERENCE) {
        cg_value none[1];
        if (cg_args_bind(&none_def, args, none, 0) < 0)
            return CG_ERR;
        return mode_make(kind, kind == MODE_ENABLE_GRAD);
    }
    cg_value a[1];
    if (cg_args_bind(kind == MODE_SET ? &set_def : &inference_def, args, a, 1) < 0)
        return CG_ERR;
    bool on;
    int rc = torch_bool_arg(type->name, "mode", 1, a[0], &on);
    cg_decref(a[0]);
    if (rc < 0)
        return CG_ERR;
    return mode_make(kind, kind == MODE_INFERENCE ? !on : on); /* inference_mode(True) turns grad off */
}

static cg_value fn_is_grad_enabled(cg_value self, const cg_args *args) { return cg_bool(cg_grad_enabled()); }

/* anomaly mode's switches, which torch.autograd.detect_anomaly turns */
static cg_value set_anomaly_impl(cg_value *a) {
    bool on, nan;
    if (torch_bool_arg("set_anomaly_enabled", "enabled", 1, a[0], &on) < 0
        || torch_bool_arg("set_anomaly_enabled", "check_nan", 2, a[1], &nan) < 0)
        return CG_ERR;
    cg_anomaly_set(on, nan);
    return CG_NONE;
}
static cg_value fn_set_anomaly_enabled(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"set_anomaly_enabled", NULL, "set_anomaly_enabled(enabled, check_nan=True)",
                                      NULL};
    return torch_bind_call(&def, args, 2, set_anomaly_impl);
}
static cg_value fn_is_anomaly_enabled(cg_value self, const cg_args *args) { return cg_bool(cg_anomaly_enabled()); }
static cg_value fn_is_anomaly_check_nan_enabled(cg_value self, const cg_args *args) {
    return cg_bool(cg_anomaly_check_nan());
}

static int grad_mode_init(void) {
    for (size_t i = 0; i < sizeof mode_types / sizeof mode_types[0]; i++) {
        if (mode_types[i].dict)
            continue;
        cg_value d = cg_dict_new();
        if (cg_is_err(d))
            return -1;
        mode_types[i].dict = cg_as_dict(d);
        if (cg_type_add_methods(&mode_types[i], mode_methods) < 0)
            return -1;
    }
    return 0;
}

/* no_grad, enable_grad, set_grad_enabled, inference_mode, is_grad_enabled
 * into a module (torch and torch.autograd both have them). */
static int add_grad_modes(cg_value module) {
    static const cg_method_def fns[] = {
        {"is_grad_enabled", fn_is_grad_enabled, "is_grad_enabled()", NULL},
        {"set_anomaly_enabled", fn_set_anomaly_enabled, NULL, "Turns anomaly detection of the autograd engine on or off."},
        {"is_anomaly_enabled", fn_is_anomaly_enabled, "is_anomaly_enabled()", "Whether anomaly detection is on."},
        {"is_anomaly_check_nan_enabled", fn_is_anomaly_check_nan_enabled, "is_anomaly_check_nan_enabled()",
         "Whether anomaly detection checks gradients for NaN."},
        {NULL, NULL, NULL, NULL},
    };
    if (grad_mode_init() < 0)
        return -1;
    for (size_t i = 0; i < sizeof mode_types / sizeof mode_types[0]; i++)
        if (cg_module_add(module, mode_types[i].name, cg_obj_value(&mode_types[i])) < 0)
            return -1;
    return cg_module_add_methods(module, fns);
}

int torch_autograd_add(cg_value torch) { return add_grad_modes(torch); }

/* ---- the torch.autograd module ---------------------------------------------------------- */

static const cg_method_def autograd_functions[] = {
    {"backward", fn_backward, NULL, "Computes the sum of gradients of given tensors with respect to graph leaves."},
    {"grad", fn_grad, NULL, "Computes and returns the sum of gradients of outputs with respect to the inputs."},
    {NULL, NULL, NULL, NULL},
};

cg_value cg_torch_autograd_module_init(void) {
    if (cg_tensor_type_init() < 0 || torch_node_init() < 0)
        return CG_ERR;
    cg_value m = cg_module_new("torch.autograd");
    if (cg_is_err(m))
        return m;
    if (cg_module_add_methods(m, autograd_functions) < 0 || add_grad_modes(m) < 0 || torch_function_add(m) < 0
        || torch_prelude_names_add(m) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
