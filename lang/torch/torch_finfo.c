/* torch_finfo.c: what the dtypes are: torch.finfo and torch.iinfo (the
 * limits of a floating or integral dtype, one immortal object per dtype, so
 * that `finfo(t) == finfo(t)`), and the promotion questions
 * torch.promote_types, torch.can_cast and torch.result_type. */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "ops.h"
#include "runtime/exc.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

typedef struct {
    cg_obj head;
    cg_dtype dtype;
} dtype_info_obj;

static cg_dtype info_dtype(cg_value self) { return ((dtype_info_obj *)self.u.o)->dtype; }

/* A float's limits: bits, eps, max, tiny (smallest normal), resolution
 * (10^-digits, the decimal digits the mantissa holds) */
typedef struct {
    int bits;
    double eps, max, tiny, resolution;
} float_limits;

static float_limits limits_of(cg_dtype dt) {
    switch (dt) {
    case CG_F16: return (float_limits){16, 0x1p-10, 65504.0, 0x1p-14, 1e-3};
    case CG_BF16: return (float_limits){16, 0x1p-7, 0x1.fep127, 0x1p-126, 1e-2};
    case CG_F32: return (float_limits){32, FLT_EPSILON, FLT_MAX, FLT_MIN, 1e-6};
    default: return (float_limits){64, DBL_EPSILON, DBL_MAX, DBL_MIN, 1e-15};
    }
}

static cg_value finfo_getattr(cg_value self, cg_str *name) {
    float_limits l = limits_of(info_dtype(self));
    const char *n = name->s;
    if (!strcmp(n, "bits"))
        return cg_int(l.bits);
    if (!strcmp(n, "eps"))
        return cg_float(l.eps);
    if (!strcmp(n, "max"))
        return cg_float(l.max);
    if (!strcmp(n, "min"))
        return cg_float(-l.max);
    if (!strcmp(n, "tiny") || !strcmp(n, "smallest_normal"))
        return cg_float(l.tiny);
    if (!strcmp(n, "resolution"))
        return cg_float(l.resolution);
    if (!strcmp(n, "dtype"))
        return cg_str_from_c(cg_dtype_name(info_dtype(self)));
    return CG_STOP;
}

/* PyTorch prints the limits as C++ streams do: six significant digits */
static cg_value finfo_repr(cg_value self) {
    float_limits l = limits_of(info_dtype(self));
    return cg_str_fmt("finfo(resolution=%g, min=%g, max=%g, eps=%g, smallest_normal=%g, tiny=%g, dtype=%s)",
                      l.resolution, -l.max, l.max, l.eps, l.tiny, l.tiny, cg_dtype_name(info_dtype(self)));
}

static void int_limits(cg_dtype dt, int *bits, int64_t *min, int64_t *max) {
    switch (dt) {
    case CG_UINT8: *bits = 8, *min = 0, *max = UINT8_MAX; break;
    case CG_INT8: *bits = 8, *min = INT8_MIN, *max = INT8_MAX; break;
    case CG_INT16: *bits = 16, *min = INT16_MIN, *max = INT16_MAX; break;
    case CG_INT32: *bits = 32, *min = INT32_MIN, *max = INT32_MAX; break;
    default: *bits = 64, *min = INT64_MIN, *max = INT64_MAX; break;
    }
}

static cg_value iinfo_getattr(cg_value self, cg_str *name) {
    int bits;
    int64_t min, max;
    int_limits(info_dtype(self), &bits, &min, &max);
    if (!strcmp(name->s, "bits"))
        return cg_int(bits);
    if (!strcmp(name->s, "min"))
        return cg_int(min);
    if (!strcmp(name->s, "max"))
        return cg_int(max);
    if (!strcmp(name->s, "dtype"))
        return cg_str_from_c(cg_dtype_name(info_dtype(self)));
    return CG_STOP;
}

static cg_value iinfo_repr(cg_value self) {
    int bits;
    int64_t min, max;
    int_limits(info_dtype(self), &bits, &min, &max);
    return cg_str_fmt("iinfo(min=%g, max=%g, dtype=%s)", (double)min, (double)max, cg_dtype_name(info_dtype(self)));
}

static cg_value finfo_new(cg_type *type, const cg_args *args);
static cg_value iinfo_new(cg_type *type, const cg_args *args);

static cg_type finfo_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "finfo",
    .module = "torch",
    .base = &cg_type_object,
    .basicsize = sizeof(dtype_info_obj),
    .repr = finfo_repr,
    .getattr = finfo_getattr,
    .new_ = finfo_new,
};

static cg_type iinfo_type = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "iinfo",
    .module = "torch",
    .base = &cg_type_object,
    .basicsize = sizeof(dtype_info_obj),
    .repr = iinfo_repr,
    .getattr = iinfo_getattr,
    .new_ = iinfo_new,
};

#define FINFO(dt) [dt] = {{CG_IMMORTAL, &finfo_type}, dt}
#define IINFO(dt) [dt] = {{CG_IMMORTAL, &iinfo_type}, dt}
static dtype_info_obj finfos[CG_DTYPE_COUNT] = {FINFO(CG_F16), FINFO(CG_BF16), FINFO(CG_F32), FINFO(CG_F64)};
static dtype_info_obj iinfos[CG_DTYPE_COUNT] = {IINFO(CG_UINT8), IINFO(CG_INT8), IINFO(CG_INT16), IINFO(CG_INT32),
                                                IINFO(CG_INT64)};

static cg_value finfo_new(cg_type *type, const cg_args *args) {
    static const cg_method_def def = {"finfo", NULL, "finfo(type=None)", NULL};
    cg_value a[1];
    int dt;
    if (cg_args_bind(&def, args, a, 1) < 0)
        return CG_ERR;
    int rc = torch_dtype_arg("finfo", "type", 1, a[0], &dt);
    cg_decref(a[0]);
    if (rc < 0)
        return CG_ERR;
    if (dt < 0)
        dt = CG_DEFAULT_DTYPE;
    if (!cg_dtype_is_inexact((cg_dtype)dt))
        return cg_raise(&cg_exc_TypeError,
                        "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'");
    /* a complex dtype's are its parts' (dtype=float32 for complex64) */
    return cg_obj_value(&finfos[cg_dtype_real_part((cg_dtype)dt)]); /* immortal */
}

static cg_value iinfo_new(cg_type *type, const cg_args *args) {
    static const cg_method_def def = {"iinfo", NULL, "iinfo(type)", NULL};
    cg_value a[1];
    int dt;
    if (args->npos + args->nkw == 0) /* PyTorch's argument parser's words */
        return cg_raise(&cg_exc_TypeError, "iinfo() missing 1 required positional arguments: \"type\"");
    if (cg_args_bind(&def, args, a, 1) < 0)
        return CG_ERR;
    int rc = cg_is_none(a[0]) ? (torch_arg_error("iinfo", "type", 1, "torch.dtype", a[0]), -1)
                              : torch_dtype_arg("iinfo", "type", 1, a[0], &dt);
    cg_decref(a[0]);
    if (rc < 0)
        return CG_ERR;
    if (dt == CG_BOOL)
        return cg_raise(&cg_exc_TypeError, "torch.bool is not supported by torch.iinfo");
    if (!cg_dtype_is_int((cg_dtype)dt))
        return cg_raise(&cg_exc_TypeError,
                        "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'");
    return cg_obj_value(&iinfos[dt]);
}

/* Two dtype arguments, neither None, for promote_types and can_cast. */
static int two_dtypes(const cg_method_def *def, const char *n1, const char *n2, const cg_args *args, cg_dtype *a,
                      cg_dtype *b) {
    cg_value v[2];
    if (cg_args_bind(def, args, v, 2) < 0)
        return -1;
    int rc = 0;
    const char *names[2] = {n1, n2};
    cg_dtype *outs[2] = {a, b};
    for (int i = 0; i < 2 && rc == 0; i++) {
        int dt;
        if (cg_is_none(v[i]) || torch_dtype_arg(def->name, names[i], i + 1, v[i], &dt) < 0) {
            if (cg_is_none(v[i]))
                torch_arg_error(def->name, names[i], i + 1, "torch.dtype", v[i]);
            rc = -1;
        } else {
            *outs[i] = (cg_dtype)dt;
        }
    }
    cg_decref(v[0]), cg_decref(v[1]);
    return rc;
}

static cg_value fn_promote_types(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"promote_types", NULL, "promote_types(type1, type2)", NULL};
    cg_dtype a, b;
    if (two_dtypes(&def, "type1", "type2", args, &a, &b) < 0)
        return CG_ERR;
    return torch_dtype_value(cg_dtype_promote(a, b));
}

static cg_value fn_can_cast(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"can_cast", NULL, "can_cast(from, to)", NULL};
    cg_dtype a, b;
    if (two_dtypes(&def, "from", "to", args, &a, &b) < 0)
        return CG_ERR;
    return cg_bool(cg_dtype_can_cast(a, b));
}

/* result_type(tensor, other): tensors or numbers, numbers wrapped as
 * PyTorch wraps them for promotion */
static cg_value fn_result_type(cg_value self, const cg_args *args) {
    static const cg_method_def def = {"result_type", NULL, "result_type(tensor, other)", NULL};
    cg_value v[2];
    if (cg_args_bind(&def, args, v, 2) < 0)
        return CG_ERR;
    cg_tensor *t[2] = {torch_operand(v[0]), torch_operand(v[1])};
    cg_value out = CG_ERR;
    if (!t[0] || !t[1])
        torch_arg_error("result_type", t[0] ? "other" : "tensor", t[0] ? 2 : 1, "Tensor", t[0] ? v[1] : v[0]);
    else
        out = torch_dtype_value(cg_result_type(2, t));
    cg_tensor_release(t[0]), cg_tensor_release(t[1]);
    cg_decref(v[0]), cg_decref(v[1]);
    return out;
}

static const cg_method_def functions[] = {
    {"promote_types", fn_promote_types, NULL,
     "Returns the dtype with the smallest size and scalar kind that is not smaller nor of lower kind than either "
     "type1 or type2."},
    {"can_cast", fn_can_cast, NULL, "Determines if a type conversion is allowed under PyTorch casting rules."},
    {"result_type", fn_result_type, NULL,
     "Returns the dtype that would result from performing an arithmetic operation on the provided input tensors."},
    {NULL, NULL, NULL, NULL},
};

int torch_finfo_add(cg_value torch) {
    if (cg_module_add_methods(torch, functions) < 0 || cg_module_add(torch, "finfo", cg_obj_value(&finfo_type)) < 0)
        return -1;
    return cg_module_add(torch, "iinfo", cg_obj_value(&iinfo_type));
}
