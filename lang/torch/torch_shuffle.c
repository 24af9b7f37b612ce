/* torch_shuffle.c: torch.pixel_shuffle, pixel_unshuffle, channel_shuffle
 * and native_channel_shuffle (engine/pixel_shuffle.c), the functions that
 * torch.nn.functional's of the same names are. */
#include "runtime/module.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

#define T0 cg_tensor_of_borrowed(a[0])

typedef cg_tensor *(*factor_fn)(cg_tensor *, int64_t);

/* (input, factor): fn(input, factor) */
#define BY_FACTOR(f) by_factor, TORCH_FN(factor_fn, f), 0
static cg_value by_factor(const torch_op *op, cg_value *a) {
    char name[64];
    int64_t r;
    if (torch_int_arg(op->name, torch_param_name(op, name), torch_pos(1), a[1], &r) < 0)
        return CG_ERR;
    return cg_tensor_steal(((factor_fn)op->fn)(T0, r));
}

#define F TORCH_FUNCTION
#define OPS(X)                                                                                               \
    X(pixel_shuffle, "pixel_shuffle", "upscale_factor", BY_FACTOR(cg_pixel_shuffle), F, NULL)                \
    X(pixel_unshuffle, "pixel_unshuffle", "downscale_factor", BY_FACTOR(cg_pixel_unshuffle), F, NULL)        \
    X(channel_shuffle, "channel_shuffle", "groups", BY_FACTOR(cg_channel_shuffle), F, NULL)                  \
    X(native_channel_shuffle, "native_channel_shuffle", "groups", BY_FACTOR(cg_channel_shuffle), F, NULL)

#define TORCH_TAB shuffle_ops
TORCH_OP_TABLE(OPS)

int torch_shuffle_add(cg_value module) {
    if (torch_ops_prepare(shuffle_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *defs = torch_ops_defs(shuffle_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    return defs ? cg_module_add_methods(module, defs) : -1;
}
