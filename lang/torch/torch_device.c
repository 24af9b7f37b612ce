/* torch_device.c: torch.device: a device type and an optional index, made
 * from "cuda:0", ("cuda", 1) or an index, printed as PyTorch prints it
 * (repr `device(type='cuda', index=0)`, str `cuda:0`). Whether the device
 * can hold tensors is the engine's answer (torch_device_check). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "torch/torch_args.h"

static cg_device device_of(cg_value v) { return ((torch_device_obj *)v.u.o)->device; }

static const char *type_name(cg_device d) { return d.type == CG_CUDA ? "cuda" : "cpu"; }

static cg_value device_repr(cg_value self) {
    cg_device d = device_of(self);
    if (d.index < 0)
        return cg_str_fmt("device(type='%s')", type_name(d));
    return cg_str_fmt("device(type='%s', index=%d)", type_name(d), d.index);
}

static cg_value device_str(cg_value self) {
    cg_device d = device_of(self);
    if (d.index < 0)
        return cg_str_from_c(type_name(d));
    return cg_str_fmt("%s:%d", type_name(d), d.index);
}

static int64_t device_hash(cg_value self) {
    cg_device d = device_of(self);
    return (int64_t)d.type * 1000003 + d.index + 2;
}

static cg_value device_compare(cg_value a, cg_value b, cg_cmpop op) {
    if ((op != OP_EQ && op != OP_NOT_EQ) || !torch_is_device(a) || !torch_is_device(b))
        return cg_incref(cg_NotImplemented);
    cg_device x = device_of(a), y = device_of(b);
    bool eq = x.type == y.type && x.index == y.index;
    return cg_bool(eq == (op == OP_EQ));
}

static cg_value device_getattr(cg_value self, cg_str *name) {
    cg_device d = device_of(self);
    if (strcmp(name->s, "type") == 0)
        return cg_str_from_c(type_name(d));
    if (strcmp(name->s, "index") == 0)
        return d.index < 0 ? CG_NONE : cg_int(d.index);
    return CG_STOP;
}

cg_value torch_device_value(cg_device d) {
    torch_device_obj *o = torch_obj_new(&cg_type_torch_device);
    if (!o)
        return CG_ERR;
    o->device = d;
    return cg_obj_value(o);
}

/* "cpu", "cuda", "cuda:1": c10::Device's parser and its messages. */
static int parse_device(const char *s, cg_device *out) {
    const char *colon = strchr(s, ':');
    size_t n = colon ? (size_t)(colon - s) : strlen(s);
    if (n == 3 && strncmp(s, "cpu", 3) == 0)
        out->type = CG_CPU;
    else if (n == 4 && strncmp(s, "cuda", 4) == 0)
        out->type = CG_CUDA;
    else if (!colon || colon[1])
        return cg_raise_int(&cg_exc_RuntimeError,
                            "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, "
                            "xla, lazy, vulkan, mps, meta, hpu, privateuseone device type at start of device string: "
                            "%s",
                            s);
    else
        return cg_raise_int(&cg_exc_RuntimeError, "Invalid device string: '%s'", s);
    out->index = -1;
    if (!colon)
        return 0;
    const char *digits = colon + 1;
    bool ok = *digits != '\0' && strlen(digits) <= 9;
    for (const char *p = digits; ok && *p; p++)
        ok = *p >= '0' && *p <= '9' && !(p == digits && *p == '0' && p[1]);
    if (!ok)
        return cg_raise_int(&cg_exc_RuntimeError, "Invalid device string: '%s'", s);
    out->index = atoi(digits);
    return 0;
}

int torch_device_arg(const char *fn, const char *arg, int pos, cg_value v, cg_device *out, bool *given) {
    if (given)
        *given = !cg_is_none(v);
    if (cg_is_none(v)) {
        *out = cg_device_cpu();
        return 0;
    }
    if (torch_is_device(v)) {
        *out = device_of(v);
        return 0;
    }
    if (cg_is_str(v))
        return parse_device(cg_str_cstr(v), out);
    if (v.tag == CG_V_INT) {
        if (v.u.i < 0)
            return cg_raise_int(&cg_exc_RuntimeError, "Device index must not be negative");
        *out = (cg_device){CG_CUDA, (int)v.u.i};
        return 0;
    }
    torch_arg_error(fn, arg, pos, "torch.device", v);
    return -1;
}

int torch_device_check(cg_device d) {
    if (d.type == CG_CUDA && !cg_backend_get(CG_CUDA))
        return torch_raise_int();
    return 0;
}

static const cg_method_def device_new_def = {"Device", NULL, "Device(type, index=None)", NULL};

/* torch.device(type) / torch.device(type, index) / torch.device(index). */
static cg_value device_new_impl(cg_value *a) {
    cg_device d;
    if (torch_is_device(a[0]) && cg_is_none(a[1]))
        return cg_incref(a[0]);
    if (cg_is_str(a[0])) {
        if (parse_device(cg_str_cstr(a[0]), &d) < 0)
            return CG_ERR;
        if (!cg_is_none(a[1])) {
            if (a[1].tag != CG_V_INT)
                return torch_arg_error("Device", "index", 2, "int", a[1]);
            if (d.index >= 0)
                return cg_raise(&cg_exc_RuntimeError,
                                "type (string) must not include an index because index was passed explicitly: %s",
                                cg_str_cstr(a[0]));
            if (a[1].u.i < 0)
                return cg_raise(&cg_exc_RuntimeError, "Device index must not be negative");
            d.index = (int)a[1].u.i;
        }
    } else if (torch_device_arg("Device", "type", 1, a[0], &d, NULL) < 0) {
        return CG_ERR;
    }
    return torch_device_value(d);
}

static cg_value device_new(cg_type *type, const cg_args *args) {
    return torch_bind_call(&device_new_def, args, 2, device_new_impl);
}

cg_type cg_type_torch_device = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "device",
    .module = "torch",
    .base = &cg_type_object,
    .basicsize = sizeof(torch_device_obj),
    .dealloc = torch_obj_free,
    .repr = device_repr,
    .str = device_str,
    .hash = device_hash,
    .compare = device_compare,
    .getattr = device_getattr,
    .new_ = device_new,
};

bool torch_is_device(cg_value v) { return v.tag == CG_V_OBJ && v.u.o->type == &cg_type_torch_device; }
