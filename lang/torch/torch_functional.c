/* torch_functional.c: the torch.nn.functional module (`import
 * torch.nn.functional as F`): activations, softmax and friends, linear,
 * dropout and the losses, with PyTorch 1.13's signatures (the legacy
 * size_average/reduce arguments included) and the warnings its Python
 * code prints (implicit softmax dim, target sizes that broadcast,
 * deprecated functions and arguments).
 *
 * The modules of torch.nn (nn.ReLU, nn.MSELoss, ...) are not here. */
#include <stdio.h>
#include <string.h>

#include "meta_repr.h"
#include "runtime/module.h"
#include "torch/torch_activation.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

#define T0 cg_tensor_of_borrowed(a[0])
#define FUNCTIONAL_PY "/usr/lib/python3/dist-packages/torch/nn/functional.py"

static cg_tensor *tensor_at(const char *fn, const char *name, int pos, cg_value v) {
    return torch_tensor_arg_borrowed(fn, name, pos, v);
}

/* ---- activations ------------------------------------------------------------------- */

/* F.relu(input, inplace=False) */
static cg_value fn_relu(cg_value *a) {
    bool in_place;
    if (torch_bool_arg("relu", "inplace", 0, a[1], &in_place) < 0)
        return CG_ERR;
    if (in_place)
        return cg_relu_(T0) < 0 ? torch_raise() : cg_incref(a[0]);
    return cg_tensor_steal(cg_relu(T0));
}

static cg_value fn_leaky_relu(cg_value *a) {
    double slope;
    bool in_place;
    if (torch_double_arg("leaky_relu", "negative_slope", 2, a[1], &slope) < 0
        || torch_bool_arg("leaky_relu", "inplace", 3, a[2], &in_place) < 0)
        return CG_ERR;
    if (in_place)
        return torch_inplace_result(a[0], cg_leaky_relu_(T0, slope));
    return cg_tensor_steal(cg_leaky_relu(T0, slope));
}

static cg_value fn_gelu(cg_value *a) {
    const char *approx;
    if (torch_str_arg("gelu", "approximate", 0, a[1], false, &approx) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_gelu(T0, approx));
}

/* F.sigmoid and F.tanh: torch's, after the warning PyTorch gives from the
 * line of functional.py in the row's flag. */
#define DEPRECATED(f, line) deprecated, TORCH_FN(torch_unary_fn, f), line
static cg_value deprecated(const torch_op *op, cg_value *a) {
    const char *name = op->name;
    int line = op->flag;
    char msg[96], src[128];
    snprintf(msg, sizeof msg, "nn.functional.%s is deprecated. Use torch.%s instead.", name, name);
    snprintf(src, sizeof src, "warnings.warn(\"%s\")", msg);
    if (torch_warn_at("UserWarning", msg, FUNCTIONAL_PY, line, src) < 0)
        return CG_ERR;
    return cg_tensor_steal(((torch_unary_fn)op->fn)(T0));
}

/* softmax/log_softmax/softmin(input, dim=None, _stacklevel=3, dtype=None):
 * no dim is PyTorch's deprecated implicit choice, with its warning. */
typedef cg_tensor *(*softmax_fn)(cg_tensor *, int64_t, int);
#define SOFTMAX_LIKE(f) softmax_like, TORCH_FN(softmax_fn, f), 0
static cg_value softmax_like(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    int64_t dim;
    int dt;
    if (torch_dtype_arg(fn, "dtype", 0, a[3], &dt) < 0)
        return CG_ERR;
    if (cg_is_none(a[1])) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "Implicit dimension choice for %s has been deprecated. Change the call to include dim=X as an "
                 "argument.",
                 fn);
        if (torch_warn("UserWarning", msg) < 0)
            return CG_ERR;
        dim = cg_softmax_default_dim(T0->ndim);
    } else if (torch_int_arg(fn, "dim", 2, a[1], &dim) < 0) {
        return CG_ERR;
    }
    return cg_tensor_steal(((softmax_fn)op->fn)(T0, dim, dt));
}

static cg_value fn_linear(cg_value *a) {
    bool err = false;
    cg_tensor *w = tensor_at("linear", "weight", 2, a[1]);
    cg_tensor *b = w ? torch_tensor_opt_borrowed("linear", "bias", 3, a[2], &err) : NULL;
    if (!w || err)
        return CG_ERR;
    return cg_tensor_steal(cg_linear(T0, w, b));
}

static cg_value fn_dropout(cg_value *a) {
    double p;
    bool training, in_place;
    if (torch_double_arg("dropout", "p", 2, a[1], &p) < 0
        || torch_bool_arg("dropout", "training", 3, a[2], &training) < 0
        || torch_bool_arg("dropout", "inplace", 4, a[3], &in_place) < 0)
        return CG_ERR;
    if (p < 0 || p > 1) { /* the number as Python prints it */
        cg_value text = cg_repr(a[1]);
        if (cg_is_err(text))
            return text;
        cg_raise(&cg_exc_ValueError, "dropout probability has to be between 0 and 1, but got %s", cg_str_cstr(text));
        cg_decref(text);
        return CG_ERR;
    }
    if (in_place)
        return cg_dropout_(T0, p, training, NULL) < 0 ? torch_raise() : cg_incref(a[0]);
    return cg_tensor_steal(cg_dropout(T0, p, training, NULL));
}

/* ---- losses ----------------------------------------------------------------------- */

#define REDUCTION_PY "/usr/lib/python3/dist-packages/torch/nn/_reduction.py"

/* reduction='elementwise_mean', the old name of 'mean', with the warning
 * PyTorch gives for it. */
static int elementwise_mean(void) {
    if (torch_warn_at("UserWarning", "reduction='elementwise_mean' is deprecated, please use reduction='mean' instead.",
                      REDUCTION_PY, 13,
                      "warnings.warn(\"reduction='elementwise_mean' is deprecated, please use reduction='mean' "
                      "instead.\")")
        < 0)
        return -1;
    return cg_reduction_from_str("mean");
}

/* The reduction from reduction= or the legacy size_average/reduce pair,
 * which PyTorch turns into a string with a warning from its
 * nn/_reduction.py. */
static int reduction_arg(const char *fn, cg_value size_average, cg_value reduce, cg_value reduction) {
    if (cg_is_none(size_average) && cg_is_none(reduce)) {
        const char *s;
        if (torch_str_arg(fn, "reduction", 0, reduction, false, &s) < 0)
            return -1;
        if (!strcmp(s, "elementwise_mean"))
            return elementwise_mean();
        int r = cg_reduction_from_str(s);
        return r < 0 ? torch_raise_int() : r;
    }
    int sa = cg_is_none(size_average) ? 1 : cg_truth(size_average);
    int rd = cg_is_none(reduce) ? 1 : cg_truth(reduce);
    if (sa < 0 || rd < 0)
        return -1;
    const char *name = sa && rd ? "mean" : rd ? "sum" : "none";
    char msg[128];
    snprintf(msg, sizeof msg, "size_average and reduce args will be deprecated, please use reduction='%s' instead.",
             name);
    if (torch_warn_at("UserWarning", msg, REDUCTION_PY, 42,
                      "warnings.warn(warning.format(ret))")
        < 0)
        return -1;
    return cg_reduction_from_str(name);
}

static bool same_size(const cg_tensor *x, const cg_tensor *y) {
    return cg_sizes_equal(x->ndim, x->sizes, y->ndim, y->sizes);
}

/* "Using a target size (torch.Size([2])) that is different to the input
 * size (torch.Size([2, 2]))" followed by tail. */
static void size_message(char *msg, size_t n, const cg_tensor *input, const cg_tensor *target, const char *head,
                         const char *tail) {
    char ts[CG_SIZE_REPR_MAX], is[CG_SIZE_REPR_MAX];
    snprintf(msg, n, head, cg_size_repr(target->ndim, target->sizes, ts, sizeof ts),
             cg_size_repr(input->ndim, input->sizes, is, sizeof is));
    strncat(msg, tail, n - strlen(msg) - 1);
}

/* -1 when a filter made the warning an error. */
static int warn_broadcast(const cg_tensor *input, const cg_tensor *target) {
    if (same_size(input, target))
        return 0;
    char msg[1024];
    size_message(msg, sizeof msg, input, target, "Using a target size (%s) that is different to the input size (%s).",
                 " This will likely lead to incorrect results due to broadcasting. Please ensure they have the same "
                 "size.");
    return torch_warn("UserWarning", msg);
}

typedef cg_tensor *(*pair_loss)(cg_tensor *, cg_tensor *, cg_reduction);

/* (input, target, size_average=None, reduce=None, reduction='mean') */
#define PAIR_LOSS(f) simple_loss, TORCH_FN(pair_loss, f), 0
static cg_value simple_loss(const torch_op *op, cg_value *a) {
    const char *fn = op->name;
    cg_tensor *target = tensor_at(fn, "target", 2, a[1]);
    if (!target)
        return CG_ERR;
    int red = reduction_arg(fn, a[2], a[3], a[4]);
    if (red < 0 || warn_broadcast(T0, target) < 0)
        return CG_ERR;
    return cg_tensor_steal(((pair_loss)op->fn)(T0, target, (cg_reduction)red));
}

/* smooth_l1_loss(input, target, size_average, reduce, reduction, beta=1.0) */
static cg_value fn_smooth_l1_loss(cg_value *a) {
    double beta;
    cg_tensor *target = tensor_at("smooth_l1_loss", "target", 2, a[1]);
    if (!target || torch_double_arg("smooth_l1_loss", "beta", 0, a[5], &beta) < 0)
        return CG_ERR;
    int red = reduction_arg("smooth_l1_loss", a[2], a[3], a[4]);
    if (red < 0 || warn_broadcast(T0, target) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_smooth_l1_loss(T0, target, (cg_reduction)red, beta));
}

/* huber_loss(input, target, reduction='mean', delta=1.0) */
static cg_value fn_huber_loss(cg_value *a) {
    double delta;
    cg_tensor *target = tensor_at("huber_loss", "target", 2, a[1]);
    if (!target || torch_double_arg("huber_loss", "delta", 0, a[3], &delta) < 0)
        return CG_ERR;
    int red = reduction_arg("huber_loss", CG_NONE, CG_NONE, a[2]);
    if (red < 0 || warn_broadcast(T0, target) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_huber_loss(T0, target, (cg_reduction)red, delta));
}

/* kl_div(input, target, size_average=None, reduce=None, reduction='mean',
 * log_target=False): 'mean' warns as PyTorch's functional.py does;
 * 'batchmean' is the sum divided by the batch size (DivBackward0). */
static cg_value fn_kl_div(cg_value *a) {
    const char *fn = "kl_div", *s = NULL;
    cg_tensor *target = tensor_at(fn, "target", 2, a[1]);
    int log_target = target ? cg_truth(a[5]) : -1;
    if (log_target < 0)
        return CG_ERR;
    bool legacy = !cg_is_none(a[2]) || !cg_is_none(a[3]);
    if (!legacy && torch_str_arg(fn, "reduction", 0, a[4], false, &s) < 0)
        return CG_ERR;
    bool batchmean = s && strcmp(s, "batchmean") == 0;
    int red = batchmean ? CG_REDUCTION_SUM : reduction_arg(fn, a[2], a[3], a[4]);
    if (red < 0)
        return CG_ERR;
    if (s && strcmp(s, "mean") == 0
        && torch_warn_at("UserWarning",
                         "reduction: 'mean' divides the total loss by both the batch size and the support size."
                         "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
                         "'mean' will be changed to behave the same as 'batchmean' in the next major release.",
                         FUNCTIONAL_PY, 2916, "warnings.warn(")
               < 0)
        return CG_ERR;
    cg_tensor *r = cg_kl_div(T0, target, (cg_reduction)red, log_target);
    if (r && batchmean && T0->ndim != 0) {
        cg_tensor *n = cg_scalar_tensor(cg_scalar_int(T0->sizes[0]));
        cg_tensor *q = n ? cg_div(r, n) : NULL;
        cg_tensor_release(n), cg_tensor_release(r);
        r = q;
    }
    return cg_tensor_steal(r);
}

/* nll_loss(input, target, weight=None, size_average=None, ignore_index=-100,
 * reduce=None, reduction='mean') */
static cg_value fn_nll_loss(cg_value *a) {
    bool err = false;
    int64_t ignore;
    cg_tensor *target = tensor_at("nll_loss", "target", 2, a[1]);
    cg_tensor *weight = target ? torch_tensor_opt_borrowed("nll_loss", "weight", 3, a[2], &err) : NULL;
    if (!target || err || torch_int_arg("nll_loss", "ignore_index", 5, a[4], &ignore) < 0)
        return CG_ERR;
    int red = reduction_arg("nll_loss", a[3], a[5], a[6]);
    if (red < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_nll_loss(T0, target, weight, ignore, (cg_reduction)red));
}

/* cross_entropy(input, target, weight=None, size_average=None,
 * ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0) */
static cg_value fn_cross_entropy(cg_value *a) {
    bool err = false;
    int64_t ignore;
    double smoothing;
    cg_tensor *target = tensor_at("cross_entropy", "target", 2, a[1]);
    cg_tensor *weight = target ? torch_tensor_opt_borrowed("cross_entropy", "weight", 3, a[2], &err) : NULL;
    if (!target || err || torch_int_arg("cross_entropy", "ignore_index", 5, a[4], &ignore) < 0
        || torch_double_arg("cross_entropy", "label_smoothing", 8, a[7], &smoothing) < 0)
        return CG_ERR;
    int red = reduction_arg("cross_entropy", a[3], a[5], a[6]);
    if (red < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_cross_entropy(T0, target, weight, ignore, (cg_reduction)red, smoothing));
}

/* binary_cross_entropy(input, target, weight=None, size_average=None,
 * reduce=None, reduction='mean'): sizes must match (a ValueError). */
static cg_value fn_binary_cross_entropy(cg_value *a) {
    bool err = false;
    cg_tensor *target = tensor_at("binary_cross_entropy", "target", 2, a[1]);
    cg_tensor *weight = target ? torch_tensor_opt_borrowed("binary_cross_entropy", "weight", 3, a[2], &err) : NULL;
    if (!target || err)
        return CG_ERR;
    int red = reduction_arg("binary_cross_entropy", a[3], a[4], a[5]);
    if (red < 0)
        return CG_ERR;
    if (!same_size(T0, target)) {
        char msg[1024];
        size_message(msg, sizeof msg, T0, target, "Using a target size (%s) that is different to the input size (%s)",
                     " is deprecated. Please ensure they have the same size.");
        return cg_raise(&cg_exc_ValueError, "%s", msg);
    }
    return cg_tensor_steal(cg_binary_cross_entropy(T0, target, weight, (cg_reduction)red));
}

/* binary_cross_entropy_with_logits(input, target, weight=None,
 * size_average=None, reduce=None, reduction='mean', pos_weight=None) */
static cg_value fn_bce_with_logits(cg_value *a) {
    const char *fn = "binary_cross_entropy_with_logits";
    bool err = false;
    cg_tensor *target = tensor_at(fn, "target", 2, a[1]);
    cg_tensor *weight = target ? torch_tensor_opt_borrowed(fn, "weight", 3, a[2], &err) : NULL;
    cg_tensor *pos = target && !err ? torch_tensor_opt_borrowed(fn, "pos_weight", 7, a[6], &err) : NULL;
    if (!target || err)
        return CG_ERR;
    int red = reduction_arg(fn, a[3], a[4], a[5]);
    if (red < 0)
        return CG_ERR;
    if (!same_size(T0, target)) {
        char msg[1024];
        size_message(msg, sizeof msg, T0, target, "Target size (%s) must be the same as input size (%s)", "");
        return cg_raise(&cg_exc_ValueError, "%s", msg);
    }
    return cg_tensor_steal(cg_binary_cross_entropy_with_logits(T0, target, weight, pos, (cg_reduction)red));
}

/* ---- the table ------------------------------------------------------------------- */

#define F TORCH_FUNCTION
#define LEGACY "size_average=None, reduce=None, reduction='mean'"
#define OPS(X)                                                                                                        \
    X(relu, "relu", "inplace=False", IMPL(fn_relu), F, NULL)                                                          \
    X(relu_, "relu_", "", UNARY_(cg_relu_), F, NULL)                                                                  \
    X(leaky_relu, "leaky_relu", "negative_slope=0.01, inplace=False", IMPL(fn_leaky_relu), F, NULL)                   \
    X(gelu, "gelu", "approximate='none'", IMPL(fn_gelu), F, NULL)                                                     \
    X(sigmoid, "sigmoid", "", DEPRECATED(cg_sigmoid, 1967), F, NULL)                                                  \
    X(tanh, "tanh", "", DEPRECATED(cg_tanh, 1956), F, NULL)                                                           \
    X(softmax, "softmax", "dim=None, _stacklevel=3, dtype=None", SOFTMAX_LIKE(cg_softmax), F, NULL)                   \
    X(log_softmax, "log_softmax", "dim=None, _stacklevel=3, dtype=None", SOFTMAX_LIKE(cg_log_softmax), F, NULL)       \
    X(softmin, "softmin", "dim=None, _stacklevel=3, dtype=None", SOFTMAX_LIKE(cg_softmin), F, NULL)                   \
    X(linear, "linear", "weight, bias=None", IMPL(fn_linear), F, NULL)                                                \
    X(dropout, "dropout", "p=0.5, training=True, inplace=False", IMPL(fn_dropout), F, NULL)                           \
    X(mse_loss, "mse_loss", "target, " LEGACY, PAIR_LOSS(cg_mse_loss), F, NULL)                                       \
    X(l1_loss, "l1_loss", "target, " LEGACY, PAIR_LOSS(cg_l1_loss), F, NULL)                                          \
    X(smooth_l1_loss, "smooth_l1_loss", "target, " LEGACY ", beta=1.0", IMPL(fn_smooth_l1_loss), F, NULL)             \
    X(kl_div, "kl_div", "target, size_average=None, reduce=None, reduction='mean', log_target=False",              \
      IMPL(fn_kl_div), F, NULL)                                                                                       \
    X(huber_loss, "huber_loss", "target, reduction='mean', delta=1.0", IMPL(fn_huber_loss), F, NULL)                  \
    X(nll_loss, "nll_loss",                                                                                           \
      "target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'", IMPL(fn_nll_loss),  \
      F, NULL)                                                                                                        \
    X(cross_entropy, "cross_entropy",                                                                                 \
      "target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', "                    \
      "label_smoothing=0.0",                                                                                          \
      IMPL(fn_cross_entropy), F, NULL)                                                                                \
    X(binary_cross_entropy, "binary_cross_entropy", "target, weight=None, " LEGACY, IMPL(fn_binary_cross_entropy), F, \
      NULL)                                                                                                           \
    X(binary_cross_entropy_with_logits, "binary_cross_entropy_with_logits",                                           \
      "target, weight=None, " LEGACY ", pos_weight=None", IMPL(fn_bce_with_logits), F, NULL)

#define TORCH_TAB functional_ops
TORCH_OP_TABLE(OPS)

cg_value cg_torch_functional_module_init(void) {
    if (cg_tensor_type_init() < 0 || torch_ops_prepare(functional_ops, TORCH_OP_COUNT) < 0)
        return CG_ERR;
    cg_method_def *defs = torch_ops_defs(functional_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    if (!defs)
        return CG_ERR;
    cg_value m = cg_module_new("torch.nn.functional");
    if (cg_is_err(m))
        return m;
    if (cg_module_add_methods(m, defs) < 0 || cg_torch_functional_conv_add(m) < 0 || cg_torch_functional_activation_add(m) < 0 || torch_prelude_names_add(m) < 0) {
        cg_decref(m);
        return CG_ERR;
    }
    return m;
}
