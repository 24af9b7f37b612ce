/* torch_dtype.c: torch.dtype and its objects (torch.float32, torch.float,
 * torch.int64, ...): one immortal object per engine dtype, printed as
 * PyTorch prints them ("torch.float32"), with is_floating_point,
 * is_signed and is_complex. The engine's dtype set is the limit: dtypes it
 * does not have (complex32, quantized) are not in the module. */
#include <string.h>

#include "runtime/module.h"
#include "torch/torch_args.h"

static cg_value dtype_repr(cg_value self) { return cg_str_fmt("torch.%s", cg_dtype_name(torch_dtype_of(self))); }

static int64_t dtype_hash(cg_value self) { return (int64_t)(intptr_t)self.u.o >> 4; }

static cg_value dtype_compare(cg_value a, cg_value b, cg_cmpop op) {
    if ((op != OP_EQ && op != OP_NOT_EQ) || !torch_is_dtype(a) || !torch_is_dtype(b))
        return cg_incref(cg_NotImplemented);
    return cg_bool((a.u.o == b.u.o) == (op == OP_EQ));
}

static cg_value dtype_getattr(cg_value self, cg_str *name) {
    cg_dtype dt = torch_dtype_of(self);
    if (strcmp(name->s, "is_floating_point") == 0)
        return cg_bool(cg_dtype_is_float(dt));
    if (strcmp(name->s, "is_signed") == 0)
        return cg_bool(dt != CG_BOOL && dt != CG_UINT8 && !cg_dtype_is_wide_unsigned(dt));
    if (strcmp(name->s, "is_complex") == 0)
        return cg_bool(cg_dtype_is_complex(dt));
    return CG_STOP;
}

cg_type cg_type_torch_dtype = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "dtype",
    .module = "torch",
    .base = &cg_type_object,
    .basicsize = sizeof(torch_dtype_obj),
    .repr = dtype_repr,
    .hash = dtype_hash,
    .compare = dtype_compare,
    .getattr = dtype_getattr,
};

#define DTYPE_OBJ(id, ctype) {{CG_IMMORTAL, &cg_type_torch_dtype}, id},
static torch_dtype_obj dtypes[CG_DTYPE_COUNT] = {CG_FOREACH_DTYPE(DTYPE_OBJ)};
#undef DTYPE_OBJ

bool torch_is_dtype(cg_value v) { return v.tag == CG_V_OBJ && v.u.o->type == &cg_type_torch_dtype; }

cg_value torch_dtype_value(cg_dtype dt) { return cg_obj_value(&dtypes[dt]); /* immortal: no count */ }

int torch_dtype_arg(const char *fn, const char *arg, int pos, cg_value v, int *out) {
    if (cg_is_none(v)) {
        *out = -1;
        return 0;
    }
    if (torch_is_dtype(v)) {
        *out = (int)torch_dtype_of(v);
        return 0;
    }
    torch_arg_error(fn, arg, pos, "torch.dtype", v);
    return -1;
}

/* The names PyTorch gives each dtype, aliases included. */
static const struct {
    const char *name;
    cg_dtype dtype;
} names[] = {
    {"float32", CG_F32}, {"float", CG_F32},   {"float64", CG_F64}, {"double", CG_F64}, {"int64", CG_INT64},
    {"long", CG_INT64},  {"int32", CG_INT32}, {"int", CG_INT32},   {"bool", CG_BOOL},   {"uint8", CG_UINT8},
    {"int8", CG_INT8},   {"int16", CG_INT16}, {"short", CG_INT16}, {"float16", CG_F16}, {"half", CG_F16},
    {"bfloat16", CG_BF16}, {"complex64", CG_C64}, {"cfloat", CG_C64}, {"complex128", CG_C128}, {"cdouble", CG_C128},
    /* numpy's wider unsigned types, which later PyTorch names too (1.13
     * does not): numpy arrays of them live on them */
    {"uint16", CG_UINT16}, {"uint32", CG_UINT32}, {"uint64", CG_UINT64},
};

int torch_dtype_add_all(cg_value module) {
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (cg_module_add(module, names[i].name, torch_dtype_value(names[i].dtype)) < 0)
            return -1;
    return cg_module_add(module, "dtype", cg_obj_value(&cg_type_torch_dtype));
}
