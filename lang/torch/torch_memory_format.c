/* torch_memory_format.c: torch.memory_format and its four objects
 * (torch.contiguous_format, channels_last, channels_last_3d,
 * preserve_format), which name the engine's layouts (Note [Memory
 * formats] in engine/memory_format.h), and their reading as arguments. */
#include "runtime/module.h"
#include "torch/torch_args.h"

typedef struct {
    cg_obj head;
    cg_memory_format format;
} torch_format_obj;

static const char *const format_names[] = {
    [CG_PRESERVE_FORMAT] = "preserve_format",
    [CG_CONTIGUOUS_FORMAT] = "contiguous_format",
    [CG_CHANNELS_LAST] = "channels_last",
    [CG_CHANNELS_LAST_3D] = "channels_last_3d",
};

static cg_memory_format format_of(cg_value v) { return ((torch_format_obj *)v.u.o)->format; }

static cg_value format_repr(cg_value self) { return cg_str_fmt("torch.%s", format_names[format_of(self)]); }

static int64_t format_hash(cg_value self) { return (int64_t)(intptr_t)self.u.o >> 4; }

cg_type cg_type_torch_memory_format = {
    .head = {CG_IMMORTAL, &cg_type_type},
    .name = "memory_format",
    .module = "torch",
    .base = &cg_type_object,
    .basicsize = sizeof(torch_format_obj),
    .repr = format_repr,
    .hash = format_hash,
};

#define FORMAT_OBJ(f) [f] = {{CG_IMMORTAL, &cg_type_torch_memory_format}, f}
static torch_format_obj formats[] = {
    FORMAT_OBJ(CG_PRESERVE_FORMAT),
    FORMAT_OBJ(CG_CONTIGUOUS_FORMAT),
    FORMAT_OBJ(CG_CHANNELS_LAST),
    FORMAT_OBJ(CG_CHANNELS_LAST_3D),
};
#undef FORMAT_OBJ

int torch_memory_format_arg(const char *fn, const char *arg, int pos, cg_value v, cg_memory_format dflt,
                            cg_memory_format *out) {
    if (cg_is_none(v)) {
        *out = dflt;
        return 0;
    }
    if (v.tag == CG_V_OBJ && v.u.o->type == &cg_type_torch_memory_format) {
        *out = format_of(v);
        return 0;
    }
    torch_arg_error(fn, arg, pos, "torch.memory_format", v);
    return -1;
}

int torch_memory_format_add_all(cg_value module) {
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (cg_module_add(module, format_names[i], cg_obj_value(&formats[i])) < 0)
            return -1;
    /* the format PyTorch's own code asks for by this name is contiguous */
    if (cg_module_add(module, "legacy_contiguous_format", cg_obj_value(&formats[CG_CONTIGUOUS_FORMAT])) < 0)
        return -1;
    return cg_module_add(module, "memory_format", cg_obj_value(&cg_type_torch_memory_format));
}
