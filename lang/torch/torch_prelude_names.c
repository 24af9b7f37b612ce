/* torch_prelude_names.c: the names of torch's C modules (torch,
 * torch.nn.functional) that are written in the cell language, in
 * lang/prelude: each module's __getattr__ (PEP 562) imports the prelude
 * module on first use and keeps the name in the module, and its __dir__
 * lists them, so that `torch.save`, `F.one_hot` and dir() read as in
 * PyTorch while `import torch` stays fast. */
#include <string.h>

#include "runtime/lang_internal.h"
#include "runtime/module.h"
#include "torch/torch_args.h"

/* (C module, name, the prelude module defining it) */
static const struct {
    const char *module, *name, *defined_in;
} names[] = {
    {"torch", "save", "torch.serialization"},
    {"torch", "empty_strided", "torch._empty_strided"},
    {"torch", "chain_matmul", "torch._multi_dot"},
    {"torch.linalg", "multi_dot", "torch._multi_dot"},
    {"torch", "lu", "torch._lu"},
    {"torch", "lu_solve", "torch._lu"},
    {"torch.linalg", "tensorinv", "torch._linalg_more"},
    {"torch.linalg", "tensorsolve", "torch._linalg_more"},
    {"torch.linalg", "vander", "torch._linalg_more"},
    {"torch.linalg", "common_notes", "torch._linalg_more"},
    {"torch.linalg", "Tensor", "torch._linalg_more"},
    {"torch.linalg", "torch", "torch._linalg_more"},
    {"torch.linalg", "sys", "torch._linalg_more"},
    {"torch.linalg", "matrix_norm", "torch._linalg_norms"},
    {"torch.linalg", "norm", "torch._linalg_norms"},
    {"torch.linalg", "cond", "torch._linalg_norms"},
    {"torch.linalg", "matrix_rank", "torch._linalg_norms"},
    {"torch", "vander", "torch._vander"},
    {"torch", "combinations", "torch._combinations"},
    {"torch", "gradient", "torch._gradient"},
    {"torch", "narrow_copy", "torch._tensor_misc"},
    {"torch", "is_inference", "torch._tensor_misc"},
    {"torch", "alias_copy", "torch._view_copies"},
    {"torch", "as_strided_copy", "torch._view_copies"},
    {"torch", "detach_copy", "torch._view_copies"},
    {"torch", "diagonal_copy", "torch._view_copies"},
    {"torch", "expand_copy", "torch._view_copies"},
    {"torch", "permute_copy", "torch._view_copies"},
    {"torch", "select_copy", "torch._view_copies"},
    {"torch", "slice_copy", "torch._view_copies"},
    {"torch", "split_copy", "torch._view_copies"},
    {"torch", "split_with_sizes_copy", "torch._view_copies"},
    {"torch", "squeeze_copy", "torch._view_copies"},
    {"torch", "t_copy", "torch._view_copies"},
    {"torch", "transpose_copy", "torch._view_copies"},
    {"torch", "unbind_copy", "torch._view_copies"},
    {"torch", "unfold_copy", "torch._view_copies"},
    {"torch", "unsqueeze_copy", "torch._view_copies"},
    {"torch", "view_as_complex_copy", "torch._view_copies"},
    {"torch", "view_as_real_copy", "torch._view_copies"},
    {"torch", "view_copy", "torch._view_copies"},
    {"torch", "unique", "torch._set_ops"},
    {"torch", "unique_consecutive", "torch._set_ops"},
    {"torch", "bincount", "torch._set_ops"},
    {"torch", "isin", "torch._set_ops"},
    {"torch", "argwhere", "torch._set_ops"},
    {"torch", "quantile", "torch._quantile"},
    {"torch", "nanquantile", "torch._quantile"},
    {"torch", "cov", "torch._correlation"},
    {"torch", "corrcoef", "torch._correlation"},
    {"torch", "tril_indices", "torch._triangle_indices"},
    {"torch", "triu_indices", "torch._triangle_indices"},
    {"torch", "trapezoid", "torch._integration"},
    {"torch", "trapz", "torch._integration"},
    {"torch", "cumulative_trapezoid", "torch._integration"},
    {"torch", "batch_norm", "torch._aten_nn"},
    {"torch", "layer_norm", "torch._aten_nn"},
    {"torch", "group_norm", "torch._aten_nn"},
    {"torch", "dropout", "torch._aten_nn"},
    {"torch", "dropout_", "torch._aten_nn"},
    {"torch", "max_pool1d", "torch._aten_nn"},
    {"torch", "max_pool1d_with_indices", "torch._aten_nn"},
    {"torch", "max_pool2d", "torch._aten_nn"},
    {"torch", "max_pool3d", "torch._aten_nn"},
    {"torch", "avg_pool1d", "torch._aten_nn"},
    {"torch", "adaptive_avg_pool1d", "torch._aten_nn"},
    {"torch", "adaptive_max_pool1d", "torch._aten_nn"},
    {"torch", "binary_cross_entropy_with_logits", "torch._aten_nn"},
    {"torch", "kl_div", "torch._aten_nn"},
    {"torch", "constant_pad_nd", "torch._aten_nn"},
    {"torch", "convolution", "torch._aten_nn"},
    {"torch", "grid_sampler_2d", "torch._aten_nn"},
    {"torch", "grid_sampler_3d", "torch._aten_nn"},
    {"torch", "embedding_renorm_", "torch._aten_nn"},
    {"torch", "hamming_window", "torch._windows"},
    {"torch", "hann_window", "torch._windows"},
    {"torch", "kaiser_window", "torch._windows"},
    {"torch", "blackman_window", "torch._windows"},
    {"torch", "bartlett_window", "torch._windows"},
    {"torch", "einsum", "torch.functional"},
    {"torch", "has_cuda", "torch._settings"},
    {"torch", "has_cudnn", "torch._settings"},
    {"torch", "has_lapack", "torch._settings"},
    {"torch", "has_mkl", "torch._settings"},
    {"torch", "has_mkldnn", "torch._settings"},
    {"torch", "has_mps", "torch._settings"},
    {"torch", "has_openmp", "torch._settings"},
    {"torch", "has_spectral", "torch._settings"},
    {"torch", "use_deterministic_algorithms", "torch._settings"},
    {"torch", "are_deterministic_algorithms_enabled", "torch._settings"},
    {"torch", "is_deterministic_algorithms_warn_only_enabled", "torch._settings"},
    {"torch", "set_deterministic_debug_mode", "torch._settings"},
    {"torch", "get_deterministic_debug_mode", "torch._settings"},
    {"torch", "set_warn_always", "torch._settings"},
    {"torch", "is_warn_always_enabled", "torch._settings"},
    {"torch", "compiled_with_cxx11_abi", "torch._settings"},
    {"torch", "is_storage", "torch._settings"},
    {"torch", "init_num_threads", "torch._settings"},
    {"torch", "is_vulkan_available", "torch._settings"},
    {"torch", "vitals_enabled", "torch._settings"},
    {"torch", "set_vital", "torch._settings"},
    {"torch", "read_vitals", "torch._settings"},
    {"torch", "range", "torch._settings"},
    {"torch", "scalar_tensor", "torch._settings"},
    {"torch", "fill", "torch._settings"},
    {"torch", "fill_", "torch._settings"},
    {"torch", "zero_", "torch._settings"},
    {"torch", "Storage", "torch.storage"},
    {"torch.autograd", "Variable", "torch.autograd.variable"},
    {"torch.autograd", "Any", "typing"},
    {"torch.autograd", "Callable", "typing"},
    {"torch.autograd", "List", "typing"},
    {"torch.autograd", "Optional", "typing"},
    {"torch.autograd", "Sequence", "typing"},
    {"torch.autograd", "Tuple", "typing"},
    {"torch.autograd", "Union", "typing"},
    {"torch.autograd", "cast", "typing"},
    {"torch.autograd", "handle_torch_function", "torch.overrides"},
    {"torch.autograd", "has_torch_function", "torch.overrides"},
    {"torch.autograd", "is_tensor_like", "torch.overrides"},
    {"torch.autograd", "detect_anomaly", "torch.autograd.anomaly_mode"},
    {"torch.autograd", "set_detect_anomaly", "torch.autograd.anomaly_mode"},
    {"torch.autograd", "gradcheck", "torch.autograd.gradcheck"},
    {"torch.autograd", "gradgradcheck", "torch.autograd.gradcheck"},
    {"torch", "FloatTensor", "torch._tensortype"},
    {"torch", "DoubleTensor", "torch._tensortype"},
    {"torch", "HalfTensor", "torch._tensortype"},
    {"torch", "BFloat16Tensor", "torch._tensortype"},
    {"torch", "LongTensor", "torch._tensortype"},
    {"torch", "IntTensor", "torch._tensortype"},
    {"torch", "ShortTensor", "torch._tensortype"},
    {"torch", "CharTensor", "torch._tensortype"},
    {"torch", "ByteTensor", "torch._tensortype"},
    {"torch", "BoolTensor", "torch._tensortype"},
    {"torch.cuda", "FloatTensor", "torch._cuda_tensortype"},
    {"torch.cuda", "DoubleTensor", "torch._cuda_tensortype"},
    {"torch.cuda", "HalfTensor", "torch._cuda_tensortype"},
    {"torch.cuda", "BFloat16Tensor", "torch._cuda_tensortype"},
    {"torch.cuda", "LongTensor", "torch._cuda_tensortype"},
    {"torch.cuda", "IntTensor", "torch._cuda_tensortype"},
    {"torch.cuda", "ShortTensor", "torch._cuda_tensortype"},
    {"torch.cuda", "CharTensor", "torch._cuda_tensortype"},
    {"torch.cuda", "ByteTensor", "torch._cuda_tensortype"},
    {"torch.cuda", "BoolTensor", "torch._cuda_tensortype"},
    {"torch", "load", "torch.serialization"},
    {"torch", "FloatStorage", "torch.storage"},
    {"torch", "DoubleStorage", "torch.storage"},
    {"torch", "HalfStorage", "torch.storage"},
    {"torch", "BFloat16Storage", "torch.storage"},
    {"torch", "LongStorage", "torch.storage"},
    {"torch", "IntStorage", "torch.storage"},
    {"torch", "ShortStorage", "torch.storage"},
    {"torch", "CharStorage", "torch.storage"},
    {"torch", "ByteStorage", "torch.storage"},
    {"torch", "BoolStorage", "torch.storage"},
    {"torch", "ComplexFloatStorage", "torch.storage"},
    {"torch", "ComplexDoubleStorage", "torch.storage"},
    {"torch", "TypedStorage", "torch.storage"},
    {"torch", "typename", "torch._utils"},
    {"torch", "get_rng_state", "torch.random"},
    {"torch", "set_rng_state", "torch.random"},
    {"torch", "UntypedStorage", "torch.storage"},
    {"torch", "lstm", "torch._rnn"},
    {"torch", "gru", "torch._rnn"},
    {"torch", "rnn_tanh", "torch._rnn"},
    {"torch", "rnn_relu", "torch._rnn"},
    {"torch", "lstm_cell", "torch._rnn"},
    {"torch", "gru_cell", "torch._rnn"},
    {"torch", "rnn_tanh_cell", "torch._rnn"},
    {"torch", "rnn_relu_cell", "torch._rnn"},
    {"torch.nn.functional", "one_hot", "torch.nn._functional"},
    {"torch.nn.functional", "Callable", "torch.nn._functional"},
    {"torch.nn.functional", "List", "torch.nn._functional"},
    {"torch.nn.functional", "Optional", "torch.nn._functional"},
    {"torch.nn.functional", "Tuple", "torch.nn._functional"},
    {"torch.nn.functional", "Union", "torch.nn._functional"},
    {"torch.nn.functional", "TYPE_CHECKING", "torch.nn._functional"},
    {"torch.nn.functional", "Tensor", "torch.nn._functional"},
    {"torch.nn.functional", "DType", "torch.nn._functional"},
    {"torch.nn.functional", "BroadcastingList1", "torch.nn._functional"},
    {"torch.nn.functional", "BroadcastingList2", "torch.nn._functional"},
    {"torch.nn.functional", "BroadcastingList3", "torch.nn._functional"},
    {"torch.nn.functional", "math", "torch.nn._functional"},
    {"torch.nn.functional", "warnings", "torch.nn._functional"},
    {"torch.nn.functional", "torch", "torch.nn._functional"},
    {"torch.nn.functional", "utils", "torch.nn.modules"},
    {"torch.nn.functional", "handle_torch_function", "torch.nn._functional"},
    {"torch.nn.functional", "has_torch_function", "torch.nn._functional"},
    {"torch.nn.functional", "has_torch_function_unary", "torch.nn._functional"},
    {"torch.nn.functional", "has_torch_function_variadic", "torch.nn._functional"},
    {"torch.nn.functional", "boolean_dispatch", "torch.nn._functional"},
    {"torch.nn.functional", "assert_int_or_pair", "torch.nn._functional"},
    {"torch.nn.functional", "reproducibility_notes", "torch.nn._functional"},
    {"torch.nn.functional", "sparse_support_notes", "torch.nn._functional"},
    {"torch.nn.functional", "tf32_notes", "torch.nn._functional"},
    {"torch.nn.functional", "_single", "torch.nn.modules.utils"},
    {"torch.nn.functional", "_pair", "torch.nn.modules.utils"},
    {"torch.nn.functional", "_triple", "torch.nn.modules.utils"},
    {"torch.nn.functional", "_list_with_default", "torch.nn.modules.utils"},
    {"torch.nn.functional", "normalize", "torch.nn._functional"},
    {"torch.nn.functional", "softsign", "torch.nn._functional"},
    {"torch.nn.functional", "tanhshrink", "torch.nn._functional"},
    {"torch.nn.functional", "multi_head_attention_forward", "torch.nn._functional"},
    {"torch.nn.functional", "gaussian_nll_loss", "torch.nn._functional"},
    {"torch.nn.functional", "margin_ranking_loss", "torch.nn._functional"},
    {"torch.nn.functional", "hinge_embedding_loss", "torch.nn._functional"},
    {"torch.nn.functional", "cosine_embedding_loss", "torch.nn._functional"},
    {"torch.nn.functional", "triplet_margin_loss", "torch.nn._functional"},
    {"torch.nn.functional", "triplet_margin_with_distance_loss", "torch.nn._functional"},
    {"torch.nn.functional", "poisson_nll_loss", "torch.nn._functional"},
    {"torch.nn.functional", "pairwise_distance", "torch.nn._functional"},
    {"torch.nn.functional", "pdist", "torch.nn._functional"},
    {"torch.nn.functional", "ctc_loss", "torch.nn._functional"},
    {"torch.nn.functional", "cosine_similarity", "torch.nn._functional"},
    {"torch.nn.functional", "dropout1d", "torch.nn._functional"},
    {"torch.nn.functional", "dropout2d", "torch.nn._functional"},
    {"torch.nn.functional", "dropout3d", "torch.nn._functional"},
    {"torch.nn.functional", "alpha_dropout", "torch.nn._functional"},
    {"torch.nn.functional", "feature_alpha_dropout", "torch.nn._functional"},
    {"torch.nn.functional", "instance_norm", "torch.nn._functional"},
    {"torch.nn.functional", "local_response_norm", "torch.nn._functional"},
    {"torch.nn.functional", "pixel_shuffle", "torch.nn._functional"},
    {"torch.nn.functional", "pixel_unshuffle", "torch.nn._functional"},
    {"torch.nn.functional", "channel_shuffle", "torch.nn._functional"},
    {"torch.nn.functional", "native_channel_shuffle", "torch.nn._functional"},
    {"torch.nn.functional", "embedding", "torch.nn._functional"},
    {"torch.nn.functional", "embedding_bag", "torch.nn._functional"},
    {"torch.nn.functional", "bilinear", "torch.nn._functional"},
    {"torch", "bilinear", "torch.nn._functional"},
    {"torch.nn.functional", "gumbel_softmax", "torch.nn._functional"},
    {"torch.nn.functional", "multilabel_soft_margin_loss", "torch.nn._functional"},
    {"torch.nn.functional", "soft_margin_loss", "torch.nn._functional"},
    {"torch.nn.functional", "multi_margin_loss", "torch.nn._functional"},
    {"torch.nn.functional", "multilabel_margin_loss", "torch.nn._functional"},
    {"torch", "instance_norm", "torch._instance_norm"},
    {"torch", "ctc_loss", "torch._ctc_loss"},
    {"torch", "feature_dropout", "torch._dropout"},
    {"torch", "feature_dropout_", "torch._dropout"},
    {"torch", "alpha_dropout", "torch._dropout"},
    {"torch", "alpha_dropout_", "torch._dropout"},
    {"torch", "feature_alpha_dropout", "torch._dropout"},
    {"torch", "feature_alpha_dropout_", "torch._dropout"},
    {"torch.nn.functional", "interpolate", "torch.nn._functional"},
    {"torch.nn.functional", "upsample", "torch.nn._functional"},
    {"torch.nn.functional", "upsample_nearest", "torch.nn._functional"},
    {"torch.nn.functional", "upsample_bilinear", "torch.nn._functional"},
    {"torch.nn.functional", "lp_pool1d", "torch.nn._functional"},
    {"torch.nn.functional", "lp_pool2d", "torch.nn._functional"},
    {"torch.nn.functional", "adaptive_max_pool1d_with_indices", "torch.nn._functional"},
    {"torch.nn.functional", "adaptive_max_pool2d_with_indices", "torch.nn._functional"},
    {"torch.nn.functional", "max_unpool1d", "torch.nn._functional"},
    {"torch.nn.functional", "max_unpool2d", "torch.nn._functional"},
    {"torch.nn.functional", "max_unpool3d", "torch.nn._functional"},
    {"torch.nn.functional", "adaptive_max_pool3d_with_indices", "torch.nn._functional"},
    {"torch.nn.functional", "max_pool1d_with_indices", "torch.nn._functional"},
    {"torch.nn.functional", "max_pool2d_with_indices", "torch.nn._functional"},
    {"torch.nn.functional", "max_pool3d_with_indices", "torch.nn._functional"},
    {"torch.nn.functional", "grad", "torch.nn._functional"},
    {"torch.nn.functional", "GRID_SAMPLE_INTERPOLATION_MODES", "torch.nn._functional"},
    {"torch.nn.functional", "GRID_SAMPLE_PADDING_MODES", "torch.nn._functional"},
    {"torch.nn.functional", "grid_sample", "torch.nn._functional"},
    {"torch.nn.functional", "affine_grid", "torch.nn._functional"},
    {"torch.nn.functional", "fractional_max_pool2d", "torch.nn._functional"},
    {"torch.nn.functional", "fractional_max_pool2d_with_indices", "torch.nn._functional"},
    {"torch.nn.functional", "fractional_max_pool3d", "torch.nn._functional"},
    {"torch.nn.functional", "fractional_max_pool3d_with_indices", "torch.nn._functional"},
};
#define NNAMES (sizeof names / sizeof names[0])

/* (C module, name, the module it names): submodules and the modules
 * PyTorch's package imports and so shows (torch.os), imported on first use */
static const struct {
    const char *module, *name, *imports;
} modules[] = {
    {"torch", "nn", "torch.nn"},
    {"torch", "optim", "torch.optim"},
    {"torch", "distributions", "torch.distributions"},
    {"torch", "utils", "torch.utils"},
    {"torch", "random", "torch.random"},
    {"torch", "serialization", "torch.serialization"},
    {"torch", "storage", "torch.storage"},
    {"torch", "overrides", "torch.overrides"},
    {"torch", "backends", "torch.backends"},
    {"torch", "version", "torch.version"},
    {"torch", "functional", "torch.functional"},
    {"torch", "special", "torch.special"},
    {"torch", "os", "os"},
    {"torch", "sys", "sys"},
    {"torch", "platform", "platform"},
    {"torch", "textwrap", "textwrap"},
    {"torch", "inspect", "inspect"},
    {"torch", "builtins", "builtins"},
    {"torch.autograd", "variable", "torch.autograd.variable"},
    {"torch.autograd", "anomaly_mode", "torch.autograd.anomaly_mode"},
    {"torch.autograd", "functional", "torch.autograd.functional"},
    {"torch.autograd", "torch", "torch"},
    {"torch.autograd", "warnings", "warnings"},
    {"torch.autograd", "function", "torch.autograd.function"},
    {"torch.autograd", "grad_mode", "torch.autograd.grad_mode"},
};
#define NMODULES (sizeof modules / sizeof modules[0])

/* __getattr__(name), bound to its module */
static cg_value fn_getattr(cg_value self, const cg_args *a) {
    if (a->npos != 1 || !cg_is_str(a->pos[0]))
        return cg_raise(&cg_exc_TypeError, "__getattr__ expects a name");
    const char *module = cg_module_name(self), *name = cg_str_cstr(a->pos[0]);
    for (size_t i = 0; i < NNAMES; i++)
        if (!strcmp(module, names[i].module) && !strcmp(name, names[i].name)) {
            cg_value v = cg_import_attr(names[i].defined_in, name);
            if (!cg_is_err(v) && cg_module_add(self, name, v) < 0)
                cg_value_set(&v, CG_ERR);
            return v;
        }
    for (size_t i = 0; i < NMODULES; i++)
        if (!strcmp(module, modules[i].module) && !strcmp(name, modules[i].name)) {
            cg_value v = cg_import(modules[i].imports);
            if (!cg_is_err(v) && cg_module_add(self, name, v) < 0)
                cg_value_set(&v, CG_ERR);
            return v;
        }
    return cg_raise(&cg_exc_AttributeError, "module '%s' has no attribute '%s'", module, name);
}

static int add_name(cg_value list, cg_dict *dict, const char *module, const char *owner, const char *name) {
    if (strcmp(module, owner) || cg_dict_get_str_borrowed(dict, cg_str_intern(name)).tag != CG_V_STOP)
        return 0;
    cg_value s = cg_str_from_c(name);
    int rc = cg_is_err(s) ? -1 : cg_list_append(list, s);
    cg_decref(s);
    return rc;
}

/* __dir__(), bound to its module: its names and the prelude's not yet
 * imported */
static cg_value fn_dir(cg_value self, const cg_args *a) {
    (void)a;
    cg_dict *dict = cg_module_dict_borrowed(self);
    const char *module = cg_module_name(self);
    cg_value out = cg_list_from_iterable(cg_obj_value(dict));
    for (size_t i = 0; !cg_is_err(out) && i < NNAMES; i++)
        if (add_name(out, dict, module, names[i].module, names[i].name) < 0)
            cg_value_set(&out, CG_ERR);
    for (size_t i = 0; !cg_is_err(out) && i < NMODULES; i++)
        if (add_name(out, dict, module, modules[i].module, modules[i].name) < 0)
            cg_value_set(&out, CG_ERR);
    return out;
}

static const cg_method_def hooks[] = {
    {"__getattr__", fn_getattr, "__getattr__(name)", "The module's names defined in the cell language."},
    {"__dir__", fn_dir, "__dir__()", "The module's names, those defined in the cell language too."},
    {NULL, NULL, NULL, NULL},
};

int torch_prelude_names_add(cg_value module) { return cg_module_add_methods(module, hooks); }
