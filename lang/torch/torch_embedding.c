/* torch_embedding.c: torch.embedding(weight, indices, padding_idx=-1,
 * scale_grad_by_freq=False, sparse=False), the lookup F.embedding calls
 * (engine/embedding.c). Sparse gradients are not supported. */
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

#define OPS(X)                                                                                                     \
    X(embedding, "embedding", "indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False", IMPL(fn_embedding), \
      TORCH_FUNCTION, NULL)

#define TORCH_TAB embedding_ops
TORCH_OP_TABLE(OPS)

int torch_embedding_add(cg_value module) {
    if (torch_ops_prepare(embedding_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *defs = torch_ops_defs(embedding_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    return defs ? cg_module_add_methods(module, defs) : -1;
}
