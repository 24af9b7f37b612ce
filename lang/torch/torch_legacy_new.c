/* torch_legacy_new.c: the legacy constructor behind torch.Tensor(...),
 * torch.FloatTensor(...) and the other typed classes of old code
 * (lang/prelude/torch/_tensortype.py), and x.new(...): sizes give a new
 * tensor (uninitialised in PyTorch; zeros here), a sequence gives its
 * data, a tensor is aliased (torch.Tensor's of any dtype, the others'
 * of their own); device= is the only keyword. The dtype and device come
 * from the caller: the default dtype for torch.Tensor, the class's, or
 * x's. */
#include <stdio.h>
#include <string.h>

#include "ops.h"
#include "runtime/complex.h"
#include "runtime/module.h"
#include "torch/tensor_obj.h"
#include "torch/torch_args.h"

static void format_options(char *buf, size_t n, cg_dtype dt, cg_device d) {
    char dev[16];
    snprintf(dev, sizeof dev, d.type == CG_CUDA ? "cuda:%d" : "cpu", d.index < 0 ? 0 : d.index);
    snprintf(buf, n,
             "TensorOptions(dtype=%s, device=%s, layout=Strided, requires_grad=false (default), pinned_memory=false "
             "(default), memory_format=(nullopt))",
             cg_dtype_cpp_name(dt), dev);
}

/* how PyTorch's overload messages name a value's type: torch.dtype,
 * Tensor, int */
static void put_type(cg_strbuf *b, cg_value v) {
    const cg_type *t = cg_typeof(v);
    if (cg_is_tensor(v))
        cg_strbuf_puts(b, "Tensor");
    else if (t->module && strcmp(t->module, "builtins") != 0 && !(t->flags & CG_TYPE_HEAP))
        cg_strbuf_printf(b, "%s.%s", t->module, t->name);
    else
        cg_strbuf_puts(b, t->name);
}

/* PyTorch's overload message, naming what was given */
static cg_tensor *bad_combination(const cg_args *args) {
    cg_strbuf b = CG_STRBUF_INIT;
    for (int i = 0; i < args->npos; i++) {
        cg_strbuf_puts(&b, i ? ", " : "");
        put_type(&b, args->pos[i]);
    }
    for (int i = 0; i < args->nkw; i++) {
        cg_strbuf_printf(&b, "%s%s=", i || args->npos ? ", " : "", args->kwn[i]->s);
        put_type(&b, args->kwv[i]);
    }
    /* why the first overload, (*, torch.device device), did not match */
    cg_strbuf why = CG_STRBUF_INIT;
    for (int i = 0; i < args->nkw; i++)
        if (strcmp(args->kwn[i]->s, "device") != 0)
            cg_strbuf_printf(&why, "%s%s", why.len ? ", " : "some of the keywords were incorrect: ", args->kwn[i]->s);
    bool keywords = why.len > 0;
    for (int i = 0; !keywords && i < args->npos; i++) {
        cg_strbuf_puts(&why, i ? ", !" : "some of the arguments have invalid types: (!");
        put_type(&why, args->pos[i]);
        cg_strbuf_puts(&why, i + 1 < args->npos ? "!" : "!)");
    }
    cg_raise(&cg_exc_TypeError,
             "new() received an invalid combination of arguments - got (%s), but expected one of:\n"
             " * (*, torch.device device)\n%s%s%s * (torch.Storage storage)\n * (Tensor other)\n"
             " * (tuple of ints size, *, torch.device device)\n * (object data, *, torch.device device)\n",
             b.data ? b.data : "", why.len ? "      didn't match because " : "", why.data ? why.data : "",
             why.len ? "\n" : "");
    cg_strbuf_free(&b);
    cg_strbuf_free(&why);
    return NULL;
}

/* the device= keyword, which must be of the constructor's device type */
static int device_kw(const cg_args *args, cg_device *device) {
    for (int i = 0; i < args->nkw; i++) {
        if (strcmp(args->kwn[i]->s, "device") != 0) {
            bad_combination(args);
            return -1;
        }
        cg_device d;
        if (torch_device_arg("new", "device", 0, args->kwv[i], &d, NULL) < 0)
            return -1;
        if (d.type != device->type)
            return cg_raise_int(&cg_exc_RuntimeError,
                                "legacy constructor expects device type: %s but device type: %s was passed",
                                device->type == CG_CUDA ? "cuda" : "cpu", d.type == CG_CUDA ? "cuda" : "cpu");
        *device = d;
    }
    return 0;
}

static cg_tensor *alias_of(cg_tensor *src, cg_dtype dt, cg_device device) {
    if (src->dtype != dt || cg_tensor_device(src).type != device.type) {
        char want[256], got[256];
        format_options(want, sizeof want, dt, device);
        format_options(got, sizeof got, src->dtype, cg_tensor_device(src));
        cg_raise(&cg_exc_TypeError, "expected %s (got %s)", want, got);
        return NULL;
    }
    cg_tensor *t = cg_detach(src);
    if (!t)
        torch_raise();
    return t;
}

/* new(*sizes): every argument an int */
static cg_tensor *of_sizes(const cg_args *args, cg_dtype dt, cg_device device) {
    int64_t sizes[CG_MAX_DIMS];
    int n = args->npos;
    if (n > CG_MAX_DIMS) {
        cg_raise(&cg_exc_RuntimeError, "too many dimensions: %d", n);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        cg_value v = args->pos[i];
        if (v.tag != CG_V_INT && i == 0) /* not a size at all */
            return bad_combination(args);
        if (v.tag != CG_V_INT) {
            cg_raise(&cg_exc_TypeError,
                     "new(): argument 'size' must be tuple of ints, but found element of type %s at pos %d",
                     cg_type_name(v), i + 1);
            return NULL;
        }
        sizes[i] = v.u.i;
    }
    cg_tensor *t = cg_zeros(n, sizes, dt, device);
    if (!t)
        torch_raise();
    return t;
}

cg_tensor *torch_legacy_new(const cg_args *args, cg_dtype dt, cg_device device, bool any_tensor) {
    if (device_kw(args, &device) < 0)
        return NULL;
    if (args->npos == 0) {
        cg_tensor *t = cg_zeros(1, (int64_t[]){0}, dt, device);
        return t ? t : (torch_raise(), NULL);
    }
    cg_value v = args->pos[0];
    if (args->npos > 1 || v.tag == CG_V_INT)
        return of_sizes(args, dt, device);
    if (cg_is_tensor(v) && any_tensor) { /* torch.Tensor(t) takes t of any dtype */
        cg_tensor *t = cg_detach(cg_tensor_of_borrowed(v));
        return t ? t : (torch_raise(), NULL);
    }
    if (cg_is_tensor(v))
        return alias_of(cg_tensor_of_borrowed(v), dt, device);
    if (cg_isinstance(v, &cg_type_torch_size)) {
        int n;
        int64_t sizes[CG_MAX_DIMS];
        if (torch_shape_of("new", "size", 1, v, &n, sizes) < 0)
            return NULL;
        cg_tensor *t = cg_zeros(n, sizes, dt, device);
        return t ? t : (torch_raise(), NULL);
    }
    if (v.tag == CG_V_FLOAT || v.tag == CG_V_BOOL || cg_is_complex(v)) {
        cg_raise(&cg_exc_TypeError, "new(): data must be a sequence (got %s)", cg_type_name(v));
        return NULL;
    }
    if (cg_is_str(v)) {
        cg_raise(&cg_exc_TypeError, "new(): invalid data type '%s'", cg_type_name(v));
        return NULL;
    }
    return torch_tensor_from_data("new", v, dt, device);
}

/* x.new(...): a tensor of x's dtype and device */
static cg_value tensor_new_method(cg_value self, const cg_args *args) {
    cg_tensor *x = cg_tensor_of_borrowed(self);
    cg_tensor *t = torch_legacy_new(args, x->dtype, cg_tensor_device(x), false);
    return t ? cg_tensor_steal(t) : CG_ERR;
}

/* torch._legacy_new(dtype, device, *args, device=None): the constructor
 * of a typed class such as torch.FloatTensor */
static cg_value fn_legacy_new(cg_value self, const cg_args *args) {
    (void)self;
    int dt;
    cg_device device;
    if (args->npos < 2)
        return cg_raise(&cg_exc_TypeError, "_legacy_new() takes a dtype and a device");
    if (torch_dtype_arg("_legacy_new", "dtype", 1, args->pos[0], &dt) < 0
        || torch_device_arg("_legacy_new", "device", 2, args->pos[1], &device, NULL) < 0)
        return CG_ERR;
    if (device.type == CG_CUDA && torch_device_check(device) < 0)
        return CG_ERR;
    cg_args rest = *args;
    rest.pos += 2;
    rest.npos -= 2;
    cg_tensor *t = torch_legacy_new(&rest, (cg_dtype)dt, device, false);
    return t ? cg_tensor_steal(t) : CG_ERR;
}

static const cg_method_def tensor_methods[] = {
    {"new", tensor_new_method, NULL, "Constructs a new tensor of the same data type and device as self."},
    {NULL, NULL, NULL, NULL},
};

static const cg_method_def functions[] = {
    {"_legacy_new", fn_legacy_new, NULL, "The constructor of the typed tensor classes (torch.FloatTensor, ...)."},
    {NULL, NULL, NULL, NULL},
};

int torch_legacy_new_add(cg_value module) {
    return cg_type_add_methods(&cg_type_tensor, tensor_methods) < 0 || cg_module_add_methods(module, functions) < 0
               ? -1
               : 0;
}
