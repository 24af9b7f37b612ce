/* torch_storage.c: what torch.save and torch.load (lang/prelude/torch/
 * serialization.py) need of a tensor's storage, as private torch
 * functions: its identity and bytes, a flat tensor made from bytes, and
 * views of one at any offset, sizes and strides (as PyTorch's set_).
 * Also the names of torch that live in the prelude (torch.save, ...),
 * found on first use by the module's __getattr__. */
#include <string.h>

#include "runtime/bytes.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

/* _storage_key(t): an int naming t's storage, equal for all its views */
static cg_value fn_storage_key(cg_value self, const cg_args *a) {
    (void)self;
    cg_tensor *t = a->npos == 1 ? torch_tensor_arg_borrowed("_storage_key", "t", 1, a->pos[0]) : NULL;
    return t ? cg_int((int64_t)(intptr_t)t->storage) : CG_ERR;
}

/* the whole storage as a flat tensor of t's dtype (a new reference) */
static cg_tensor *flat_of(const cg_tensor *t) {
    int64_t n = (int64_t)(t->storage->nbytes / cg_tensor_itemsize(t)), stride = 1;
    return cg_tensor_from_storage(t->storage, 0, 1, &n, &stride, t->dtype);
}

/* _storage_numel(t): how many elements of t's dtype its storage holds */
static cg_value fn_storage_numel(cg_value self, const cg_args *a) {
    (void)self;
    cg_tensor *t = a->npos == 1 ? torch_tensor_arg_borrowed("_storage_numel", "t", 1, a->pos[0]) : NULL;
    return t ? cg_int((int64_t)(t->storage->nbytes / cg_tensor_itemsize(t))) : CG_ERR;
}

/* _storage_bytes(t): the bytes of t's whole storage, in memory order
 * (copied to the host first when it lives on a GPU) */
static cg_value fn_storage_bytes(cg_value self, const cg_args *a) {
    (void)self;
    cg_tensor *t = a->npos == 1 ? torch_tensor_arg_borrowed("_storage_bytes", "t", 1, a->pos[0]) : NULL;
    if (!t)
        return CG_ERR;
    cg_tensor *flat = flat_of(t);
    cg_tensor *host = flat ? cg_to_device(flat, cg_device_cpu()) : NULL;
    cg_tensor_release(flat);
    if (!host)
        return torch_raise();
    cg_value r = cg_bytes_new(cg_tensor_data(host), (size_t)cg_tensor_numel(host) * cg_tensor_itemsize(host));
    cg_tensor_release(host);
    return r;
}

/* _tensor_from_bytes(data, dtype): a flat tensor over a copy of data */
static cg_value fn_tensor_from_bytes(cg_value self, const cg_args *a) {
    (void)self;
    int dt;
    if (a->npos != 2)
        return cg_raise(&cg_exc_TypeError, "_tensor_from_bytes() takes 2 arguments (%d given)", a->npos);
    if (torch_dtype_arg("_tensor_from_bytes", "dtype", 2, a->pos[1], &dt) < 0)
        return CG_ERR;
    if (dt < 0)
        return cg_raise(&cg_exc_TypeError, "_tensor_from_bytes() needs a dtype");
    cg_buffer b;
    if (cg_buffer_get(a->pos[0], &b) < 0)
        return CG_ERR;
    size_t item = cg_dtype_size((cg_dtype)dt);
    int64_t n = b.len / (int64_t)item;
    cg_value r = (size_t)b.len % item ? cg_raise(&cg_exc_RuntimeError,
                                                 "storage of %lld bytes is not a whole number of %zu-byte elements",
                                                 (long long)b.len, item)
                                      : cg_tensor_steal(cg_tensor_from_buffer(1, &n, (cg_dtype)dt, b.buf));
    cg_buffer_release(&b);
    return r;
}

/* _tensor_view(flat, offset, size, stride): a view of flat's storage, with
 * set_'s check that it stays inside */
static cg_value fn_tensor_view(cg_value self, const cg_args *a) {
    (void)self;
    const char *fn = "_tensor_view";
    int64_t offset, sizes[CG_MAX_DIMS], strides[CG_MAX_DIMS];
    int nd, ns;
    if (a->npos != 4)
        return cg_raise(&cg_exc_TypeError, "%s() takes 4 arguments (%d given)", fn, a->npos);
    cg_tensor *flat = torch_tensor_arg_borrowed(fn, "flat", 1, a->pos[0]);
    if (!flat || torch_int_arg(fn, "offset", 2, a->pos[1], &offset) < 0
        || torch_shape_of(fn, "size", 3, a->pos[2], &nd, sizes) < 0
        || torch_shape_of(fn, "stride", 4, a->pos[3], &ns, strides) < 0)
        return CG_ERR;
    if (nd != ns)
        return cg_raise(&cg_exc_RuntimeError, "mismatch in length of strides and shape");
    int64_t last = offset, numel = 1, have = (int64_t)(flat->storage->nbytes / cg_tensor_itemsize(flat));
    for (int d = 0; d < nd; d++) {
        if (strides[d] < 0)
            return cg_raise(&cg_exc_RuntimeError,
                            "as_strided: Negative strides are not supported at the moment, "
                            "got strides: [%lld]",
                            (long long)strides[d]);
        last += (sizes[d] - 1) * strides[d], numel *= sizes[d];
    }
    if (offset < 0 || (numel > 0 && last >= have))
        return cg_raise(&cg_exc_RuntimeError,
                        "setStorage: storage offset %lld and sizes/strides reaching element %lld are out of bounds "
                        "for storage of %lld elements",
                        (long long)offset, (long long)last, (long long)have);
    return cg_tensor_steal(cg_tensor_from_storage(flat->storage, offset, nd, sizes, strides, flat->dtype));
}

/* Names of torch defined in the prelude, and the modules they live in. */
static const struct {
    const char *name, *module;
} prelude_names[] = {
    {"save", "torch.serialization"},    {"load", "torch.serialization"},     {"FloatStorage", "torch.storage"},
    {"DoubleStorage", "torch.storage"}, {"HalfStorage", "torch.storage"},    {"BFloat16Storage", "torch.storage"},
    {"LongStorage", "torch.storage"},   {"IntStorage", "torch.storage"},     {"ShortStorage", "torch.storage"},
    {"CharStorage", "torch.storage"},   {"ByteStorage", "torch.storage"},    {"BoolStorage", "torch.storage"},
    {"TypedStorage", "torch.storage"},  {"UntypedStorage", "torch.storage"},
};

/* torch's module __getattr__ (PEP 562): a prelude name, imported on first
 * use and kept in the module */
static cg_value fn_module_getattr(cg_value self, const cg_args *a) {
    (void)self;
    if (a->npos != 1 || !cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "__getattr__ expects a name");
    const char *name = cg_str_cstr(a->pos[0]);
    for (size_t i = 0; i < sizeof prelude_names / sizeof prelude_names[0]; i++)
        if (!strcmp(name, prelude_names[i].name)) {
            cg_value v = cg_import_attr(prelude_names[i].module, name);
            cg_value torch = cg_is_err(v) ? CG_ERR : cg_import("torch");
            if (!cg_is_err(torch)) {
                int rc = cg_module_add(torch, name, v);
                cg_decref(torch);
                if (rc < 0)
                    cg_value_set(&v, CG_ERR);
            }
            return v;
        }
    return cg_raise(&cg_exc_AttributeError, "module 'torch' has no attribute '%s'", name);
}

/* torch's module __dir__: its names and the prelude's */
static cg_value fn_module_dir(cg_value self, const cg_args *a) {
    (void)self, (void)a;
    cg_value torch = cg_import("torch");
    if (cg_is_err(torch))
        return torch;
    cg_dict *dict = cg_module_dict_borrowed(torch);
    cg_value names = cg_list_from_iterable(cg_obj_value(dict));
    for (size_t i = 0; !cg_is_err(names) && i < sizeof prelude_names / sizeof prelude_names[0]; i++) {
        if (cg_dict_get_str_borrowed(dict, cg_str_intern(prelude_names[i].name)).tag != CG_V_STOP)
            continue; /* imported already */
        cg_value s = cg_str_from_c(prelude_names[i].name);
        if (cg_is_err(s) || cg_list_append(names, s) < 0)
            cg_value_set(&names, CG_ERR);
        cg_decref(s);
    }
    cg_decref(torch);
    return names;
}

static const cg_method_def functions[] = {
    {"_storage_key", fn_storage_key, "_storage_key(t)", "An int naming t's storage, the same for all its views."},
    {"_storage_numel", fn_storage_numel, "_storage_numel(t)", "How many elements of t's dtype its storage holds."},
    {"_storage_bytes", fn_storage_bytes, "_storage_bytes(t)", "The bytes of t's whole storage."},
    {"_tensor_from_bytes", fn_tensor_from_bytes, "_tensor_from_bytes(data, dtype)",
     "A flat tensor over a copy of data's bytes."},
    {"_tensor_view", fn_tensor_view, "_tensor_view(flat, offset, size, stride)",
     "A view of flat's storage at offset with these sizes and strides."},
    {"__getattr__", fn_module_getattr, "__getattr__(name)", "The names of torch defined in its Python modules."},
    {"__dir__", fn_module_dir, "__dir__()", "torch's names, those defined in its Python modules too."},
    {NULL, NULL, NULL, NULL},
};

int torch_storage_add(cg_value module) { return cg_module_add_methods(module, functions); }
