/* torch_embedding.c: torch.embedding(weight, indices, padding_idx=-1,
 * scale_grad_by_freq=False, sparse=False), the lookup F.embedding calls
 * (engine/embedding.c), and torch.embedding_bag(weight, indices, offsets,
 * scale_grad_by_freq, mode, sparse, per_sample_weights,
 * include_last_offset, padding_idx), the one F.embedding_bag calls
 * (engine/embedding_bag.c). Sparse gradients are not supported. */
#include "runtime/module.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

#define T0 cg_tensor_of_borrowed(a[0])

static cg_value fn_embedding(cg_value *a) {
    const char *fn = "embedding";
    cg_tensor *indices = torch_tensor_arg_borrowed(fn, "indices", 2, a[1]);
    int64_t padding_idx;
    bool scale, sparse;
    if (!indices || torch_int_arg(fn, "padding_idx", 3, a[2], &padding_idx) < 0
        || torch_bool_arg(fn, "scale_grad_by_freq", 4, a[3], &scale) < 0 || torch_bool_arg(fn, "sparse", 5, a[4], &sparse) < 0)
        return CG_ERR;
    if (sparse)
        return cg_raise(&cg_exc_NotImplementedError, "cgrad has no sparse tensors: embedding(sparse=True) is not supported");
    return cg_tensor_steal(cg_embedding(T0, indices, padding_idx, scale));
}

static cg_value fn_embedding_bag(cg_value *a) {
    const char *fn = "embedding_bag";
    cg_tensor *indices = torch_tensor_arg_borrowed(fn, "indices", 2, a[1]);
    cg_tensor *offsets = indices ? torch_tensor_arg_borrowed(fn, "offsets", 3, a[2]) : NULL;
    bool scale, sparse, last, err = false;
    int64_t mode, pad = -1;
    if (!offsets || torch_bool_arg(fn, "scale_grad_by_freq", 4, a[3], &scale) < 0
        || torch_int_arg(fn, "mode", 5, a[4], &mode) < 0 || torch_bool_arg(fn, "sparse", 6, a[5], &sparse) < 0)
        return CG_ERR;
    cg_tensor *psw = torch_tensor_opt_borrowed(fn, "per_sample_weights", 7, a[6], &err);
    if (err || torch_bool_arg(fn, "include_last_offset", 8, a[7], &last) < 0
        || (!cg_is_none(a[8]) && torch_int_arg(fn, "padding_idx", 9, a[8], &pad) < 0))
        return CG_ERR;
    if (sparse)
        return cg_raise(&cg_exc_NotImplementedError,
                        "cgrad has no sparse tensors: embedding_bag(sparse=True) is not supported");
    cg_tensor *extras[3] = {NULL, NULL, NULL};
    cg_tensor *out = cg_embedding_bag(T0, indices, offsets, scale, mode, psw, last, !cg_is_none(a[8]), pad, extras);
    if (!out)
        return cg_tensor_steal(NULL);
    cg_value items[4] = {cg_tensor_steal(out), cg_tensor_steal(extras[0]), cg_tensor_steal(extras[1]),
                         cg_tensor_steal(extras[2])};
    return cg_tuple_steal(4, items);
}

#define OPS(X)                                                                                                     \
    X(embedding, "embedding", "indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False", IMPL(fn_embedding), \
      TORCH_FUNCTION, NULL)                                                                                        \
    X(embedding_bag, "embedding_bag",                                                                             \
      "indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False, per_sample_weights=None, "              \
      "include_last_offset=False, padding_idx=None",                                                              \
      IMPL(fn_embedding_bag), TORCH_FUNCTION, NULL)

#define TORCH_TAB embedding_ops
TORCH_OP_TABLE(OPS)

int torch_embedding_add(cg_value module) {
    if (torch_ops_prepare(embedding_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *defs = torch_ops_defs(embedding_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    return defs ? cg_module_add_methods(module, defs) : -1;
}
