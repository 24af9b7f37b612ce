/* torch_storage.c: what torch.save and torch.load (lang/prelude/torch/
 * serialization.py) need of a tensor's storage, as private torch
 * functions: its identity and bytes, a flat tensor made from bytes, and
 * views of one at any offset, sizes and strides (as PyTorch's set_).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "runtime/bytes.h"
#include "runtime/containers.h"
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

/* _storage_flat(t, untyped=False): the flat tensor over t's whole storage,
 * of t's dtype or of bytes */
static cg_value fn_storage_flat(cg_value self, const cg_args *a) {
    (void)self;
    cg_tensor *t = a->npos >= 1 ? torch_tensor_arg_borrowed("_storage_flat", "t", 1, a->pos[0]) : NULL;
    if (!t)
        return CG_ERR;
    if (a->npos > 1 && cg_truth(a->pos[1]) == 1) {
        int64_t n = (int64_t)t->storage->nbytes, stride = 1;
        return cg_tensor_steal(cg_tensor_from_storage(t->storage, 0, 1, &n, &stride, CG_UINT8));
    }
    return cg_tensor_steal(flat_of(t));
}

/* Tensor.storage(): torch.storage's object over the tensor's memory */
static cg_value method_storage(cg_value self, const cg_args *a) {
    (void)a;
    cg_args one = {.pos = &self, .npos = 1};
    return cg_import_call("torch.storage", "_of_tensor", &one);
}

/* _storage_numel(t): how many elements of t's dtype its storage holds */
static cg_value fn_storage_numel(cg_value self, const cg_args *a) {
    (void)self;
    cg_tensor *t = a->npos == 1 ? torch_tensor_arg_borrowed("_storage_numel", "t", 1, a->pos[0]) : NULL;
    return t ? cg_int((int64_t)(t->storage->nbytes / cg_tensor_itemsize(t))) : CG_ERR;
}

/* A read-only buffer over a CPU storage's bytes, holding its tensor: what
 * torch.save hands a file's write() and zlib.crc32, so that a checkpoint's
 * records go out without a copy. */
typedef struct {
    cg_obj head;
    cg_tensor *flat;
} storage_view;

static void view_dealloc(cg_obj *o) {
    cg_tensor_release(((storage_view *)o)->flat);
    cg_obj_free(o);
}

static cg_type storage_view_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "_StorageBytes",
    .module = "torch",
    .base = &cg_type_object,
    .basicsize = sizeof(storage_view),
    .dealloc = view_dealloc,
};

static int view_buffer(cg_value self, cg_buffer *out) {
    cg_tensor *t = ((storage_view *)self.u.o)->flat;
    out->buf = cg_tensor_data(t); /* cg_buffer_get holds self as the owner */
    out->len = cg_tensor_numel(t) * (int64_t)cg_tensor_itemsize(t);
    out->readonly = true;
    return 0;
}

static const cg_buffer_procs view_procs = {view_buffer, NULL};

/* _storage_buffer(t): the bytes of t's whole storage as a buffer (a host
 * copy first when it lives on a GPU) */
static cg_value fn_storage_buffer(cg_value self, const cg_args *a) {
    (void)self;
    cg_tensor *t = a->npos == 1 ? torch_tensor_arg_borrowed("_storage_buffer", "t", 1, a->pos[0]) : NULL;
    if (!t)
        return CG_ERR;
    cg_tensor *flat = flat_of(t);
    cg_tensor *host = flat ? cg_to_device(flat, cg_device_cpu()) : NULL;
    cg_tensor_release(flat);
    storage_view *v = host ? cg_obj_alloc(&storage_view_type) : NULL;
    if (!v) {
        cg_tensor_release(host);
        return host ? CG_ERR : torch_raise();
    }
    v->flat = host;
    return cg_obj_value(v);
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

/* _tensor_from_fd(fd, offset, nbytes, dtype, crc): a flat tensor of a
 * checkpoint record read straight into its memory (one copy for a big
 * state_dict, as PyTorch's reader), its CRC-32 checked; None when the
 * record does not fill whole elements or the CRC differs (the caller
 * raises PyTorch's error) */
static cg_value fn_tensor_from_fd(cg_value self, const cg_args *a) {
    (void)self;
    const char *fn = "_tensor_from_fd";
    int64_t fd, offset, nbytes, crc;
    int dt;
    if (a->npos != 5)
        return cg_raise(&cg_exc_TypeError, "%s() takes 5 arguments (%d given)", fn, a->npos);
    if (torch_int_arg(fn, "fd", 1, a->pos[0], &fd) < 0 || torch_int_arg(fn, "offset", 2, a->pos[1], &offset) < 0
        || torch_int_arg(fn, "nbytes", 3, a->pos[2], &nbytes) < 0 || torch_dtype_arg(fn, "dtype", 4, a->pos[3], &dt) < 0
        || torch_int_arg(fn, "crc", 5, a->pos[4], &crc) < 0)
        return CG_ERR;
    size_t item = dt < 0 ? 1 : cg_dtype_size((cg_dtype)dt);
    if (dt < 0 || nbytes < 0 || offset < 0 || (size_t)nbytes % item)
        return CG_NONE;
    int64_t n = nbytes / (int64_t)item;
    cg_tensor *t = cg_tensor_empty(1, &n, (cg_dtype)dt, cg_device_cpu());
    if (!t)
        return torch_raise();
    char *p = cg_tensor_data(t);
    for (int64_t got = 0; got < nbytes;) {
        ssize_t r = pread((int)fd, p + got, (size_t)(nbytes - got > (1 << 30) ? (1 << 30) : nbytes - got),
                          (off_t)(offset + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            cg_tensor_release(t);
            return r < 0 ? cg_raise_os_error(errno, NULL, NULL) : CG_NONE;
        }
        got += r;
    }
    uLong sum = crc32(0L, Z_NULL, 0);
    for (int64_t done = 0; done < nbytes; done += 1 << 30)
        sum = crc32(sum, (const Bytef *)p + done, (uInt)(nbytes - done > (1 << 30) ? (1 << 30) : nbytes - done));
    if ((int64_t)sum != crc) {
        cg_tensor_release(t);
        return CG_NONE;
    }
    return cg_tensor_steal(t);
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

static const cg_method_def functions[] = {
    {"_storage_key", fn_storage_key, "_storage_key(t)", "An int naming t's storage, the same for all its views."},
    {"_storage_flat", fn_storage_flat, "_storage_flat(t, untyped=False)",
     "The flat tensor over t's whole storage, of t's dtype or of bytes."},
    {"_storage_numel", fn_storage_numel, "_storage_numel(t)", "How many elements of t's dtype its storage holds."},
    {"_storage_buffer", fn_storage_buffer, "_storage_buffer(t)", "t's whole storage as a read-only buffer."},
    {"_tensor_from_bytes", fn_tensor_from_bytes, "_tensor_from_bytes(data, dtype)",
     "A flat tensor over a copy of data's bytes."},
    {"_tensor_from_fd", fn_tensor_from_fd, "_tensor_from_fd(fd, offset, nbytes, dtype, crc)",
     "A flat tensor of nbytes read from a file at offset, its CRC-32 checked; None when it does not check."},
    {"_tensor_view", fn_tensor_view, "_tensor_view(flat, offset, size, stride)",
     "A view of flat's storage at offset with these sizes and strides."},
    {NULL, NULL, NULL, NULL},
};

static const cg_method_def tensor_methods[] = {
    {"storage", method_storage, "storage()", "The tensor's storage: the flat memory under it, of its dtype."},
    {NULL, NULL, NULL, NULL},
};

int torch_storage_add(cg_value module) {
    if (cg_buffer_register(&storage_view_type, &view_procs) < 0
        || cg_type_add_methods(&cg_type_tensor, tensor_methods) < 0)
        return -1;
    return cg_module_add_methods(module, functions);
}
