/* torch_loss_composites.c: torch.margin_ranking_loss, hinge_embedding_loss,
 * cosine_embedding_loss, triplet_margin_loss, poisson_nll_loss,
 * pairwise_distance and cosine_similarity, the ATen composites that torch.nn.functional's Python
 * calls with a reduction already turned into an int (0 none, 1 mean, 2
 * sum), as PyTorch's do (engine/loss_composites.c computes them). */
#include "runtime/module.h"
#include "torch/torch_args.h"
#include "torch/torch_module.h"

#define T0 cg_tensor_of_borrowed(a[0])

/* The int reduction: "0" none, "1" mean, "2" sum; -1 with the error */
static int reduction_of(const char *fn, int pos, cg_value v, cg_reduction *out) {
    int64_t r;
    if (torch_int_arg(fn, "reduction", pos, v, &r) < 0)
        return -1;
    if (r < 0 || r > 2) {
        cg_raise(&cg_exc_ValueError, "%lld is not a valid value for reduction", (long long)r);
        return -1;
    }
    *out = r == 0 ? CG_REDUCTION_NONE : r == 1 ? CG_REDUCTION_MEAN : CG_REDUCTION_SUM;
    return 0;
}

/* (input1, input2, target, margin, reduction) */
static cg_value fn_margin_ranking_loss(cg_value *a) {
    const char *fn = "margin_ranking_loss";
    cg_tensor *x2 = torch_tensor_arg_borrowed(fn, "input2", 2, a[1]);
    cg_tensor *t = x2 ? torch_tensor_arg_borrowed(fn, "target", 3, a[2]) : NULL;
    double margin;
    cg_reduction red;
    if (!t || torch_double_arg(fn, "margin", 4, a[3], &margin) < 0 || reduction_of(fn, 5, a[4], &red) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_margin_ranking_loss(T0, x2, t, margin, red));
}

/* (input, target, margin, reduction) */
static cg_value fn_hinge_embedding_loss(cg_value *a) {
    const char *fn = "hinge_embedding_loss";
    cg_tensor *t = torch_tensor_arg_borrowed(fn, "target", 2, a[1]);
    double margin;
    cg_reduction red;
    if (!t || torch_double_arg(fn, "margin", 3, a[2], &margin) < 0 || reduction_of(fn, 4, a[3], &red) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_hinge_embedding_loss(T0, t, margin, red));
}

/* (input1, input2, target, margin, reduction) */
static cg_value fn_cosine_embedding_loss(cg_value *a) {
    const char *fn = "cosine_embedding_loss";
    cg_tensor *x2 = torch_tensor_arg_borrowed(fn, "input2", 2, a[1]);
    cg_tensor *t = x2 ? torch_tensor_arg_borrowed(fn, "target", 3, a[2]) : NULL;
    double margin;
    cg_reduction red;
    if (!t || torch_double_arg(fn, "margin", 4, a[3], &margin) < 0 || reduction_of(fn, 5, a[4], &red) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_cosine_embedding_loss(T0, x2, t, margin, red));
}

/* (anchor, positive, negative, margin, p, eps, swap, reduction) */
static cg_value fn_triplet_margin_loss(cg_value *a) {
    const char *fn = "triplet_margin_loss";
    cg_tensor *pos = torch_tensor_arg_borrowed(fn, "positive", 2, a[1]);
    cg_tensor *neg = pos ? torch_tensor_arg_borrowed(fn, "negative", 3, a[2]) : NULL;
    double margin, p, eps;
    bool swap;
    cg_reduction red;
    if (!neg || torch_double_arg(fn, "margin", 4, a[3], &margin) < 0 || torch_double_arg(fn, "p", 5, a[4], &p) < 0
        || torch_double_arg(fn, "eps", 6, a[5], &eps) < 0 || torch_bool_arg(fn, "swap", 7, a[6], &swap) < 0
        || reduction_of(fn, 8, a[7], &red) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_triplet_margin_loss(T0, pos, neg, margin, p, eps, swap, red));
}

/* (input, target, log_input, full, eps, reduction) */
static cg_value fn_poisson_nll_loss(cg_value *a) {
    const char *fn = "poisson_nll_loss";
    cg_tensor *t = torch_tensor_arg_borrowed(fn, "target", 2, a[1]);
    bool log_input, full;
    double eps;
    cg_reduction red;
    if (!t || torch_bool_arg(fn, "log_input", 3, a[2], &log_input) < 0 || torch_bool_arg(fn, "full", 4, a[3], &full) < 0
        || torch_double_arg(fn, "eps", 5, a[4], &eps) < 0 || reduction_of(fn, 6, a[5], &red) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_poisson_nll_loss(T0, t, log_input, full, eps, red));
}

/* (x1, x2, p=2, eps=1e-06, keepdim=False) */
static cg_value fn_pairwise_distance(cg_value *a) {
    const char *fn = "pairwise_distance";
    cg_tensor *x2 = torch_tensor_arg_borrowed(fn, "x2", 2, a[1]);
    double p, eps;
    bool keepdim;
    if (!x2 || torch_double_arg(fn, "p", 3, a[2], &p) < 0 || torch_double_arg(fn, "eps", 4, a[3], &eps) < 0
        || torch_bool_arg(fn, "keepdim", 5, a[4], &keepdim) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_pairwise_distance(T0, x2, p, eps, keepdim));
}

/* (input, target, reduction): torch._C._nn.soft_margin_loss */
static cg_value fn_soft_margin_loss(cg_value *a) {
    const char *fn = "soft_margin_loss";
    cg_tensor *t = torch_tensor_arg_borrowed(fn, "target", 2, a[1]);
    cg_reduction red;
    if (!t || reduction_of(fn, 3, a[2], &red) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_soft_margin_loss(T0, t, red));
}

/* (input, target, p, margin, weight, reduction): torch._C._nn.multi_margin_loss */
static cg_value fn_multi_margin_loss(cg_value *a) {
    const char *fn = "multi_margin_loss";
    cg_tensor *t = torch_tensor_arg_borrowed(fn, "target", 2, a[1]);
    int64_t p;
    double margin;
    bool err = false;
    cg_reduction red;
    if (!t || torch_int_arg(fn, "p", 3, a[2], &p) < 0 || torch_double_arg(fn, "margin", 4, a[3], &margin) < 0)
        return CG_ERR;
    cg_tensor *w = torch_tensor_opt_borrowed(fn, "weight", 5, a[4], &err);
    if (err || reduction_of(fn, 6, a[5], &red) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_multi_margin_loss(T0, t, (int)(p == 1 || p == 2 ? p : 0), margin, w, red));
}

/* (input, target, reduction): torch._C._nn.multilabel_margin_loss */
static cg_value fn_multilabel_margin_loss(cg_value *a) {
    const char *fn = "multilabel_margin_loss";
    cg_tensor *t = torch_tensor_arg_borrowed(fn, "target", 2, a[1]);
    cg_reduction red;
    if (!t || reduction_of(fn, 3, a[2], &red) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_multilabel_margin_loss(T0, t, red));
}

/* (i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1): torch._trilinear */
static cg_value fn_trilinear(cg_value *a) {
    const char *fn = "_trilinear";
    cg_tensor *i2 = torch_tensor_arg_borrowed(fn, "i2", 2, a[1]);
    cg_tensor *i3 = i2 ? torch_tensor_arg_borrowed(fn, "i3", 3, a[2]) : NULL;
    int n[4];
    int64_t d[4][CG_MAX_DIMS], unroll;
    static const char *const names[4] = {"expand1", "expand2", "expand3", "sumdim"};
    if (!i3)
        return CG_ERR;
    for (int k = 0; k < 4; k++)
        if (torch_dims_arg(fn, names[k], 4 + k, a[3 + k], &n[k], d[k]) < 0)
            return CG_ERR;
    if (torch_int_arg(fn, "unroll_dim", 8, a[7], &unroll) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_trilinear(T0, i2, i3, n[0], d[0], n[1], d[1], n[2], d[2], n[3], d[3], unroll));
}

/* (log_probs, targets, input_lengths, target_lengths, blank=0,
 * zero_infinity=False), the lengths as int64 tensors: the two results of
 * torch._ctc_loss (its lists of lengths are tensors here, made by
 * torch.ctc_loss in the prelude) */
static cg_value fn_ctc_loss(cg_value *a) {
    const char *fn = "_ctc_loss";
    cg_tensor *tg = torch_tensor_arg_borrowed(fn, "targets", 2, a[1]);
    cg_tensor *il = tg ? torch_tensor_arg_borrowed(fn, "input_lengths", 3, a[2]) : NULL;
    cg_tensor *tl = il ? torch_tensor_arg_borrowed(fn, "target_lengths", 4, a[3]) : NULL;
    int64_t blank;
    bool zinf;
    if (!tl || torch_int_arg(fn, "blank", 5, a[4], &blank) < 0 || torch_bool_arg(fn, "zero_infinity", 6, a[5], &zinf) < 0)
        return CG_ERR;
    cg_tensor *ilh = cg_host_int64(il), *tlh = ilh ? cg_host_int64(tl) : NULL, *nll = NULL, *alpha = NULL;
    int rc = tlh ? cg_ctc_loss(T0, tg, (int)cg_tensor_numel(ilh), cg_tensor_data(ilh), (int)cg_tensor_numel(tlh),
                               cg_tensor_data(tlh), blank, zinf, &nll, &alpha)
                 : -1;
    cg_tensor_release(ilh), cg_tensor_release(tlh);
    if (rc < 0)
        return cg_tensor_steal(NULL);
    cg_value items[2] = {cg_tensor_steal(nll), cg_tensor_steal(alpha)};
    return cg_tuple_steal(2, items);
}

/* (input, p=2) */
static cg_value fn_pdist(cg_value *a) {
    double p;
    if (torch_double_arg("pdist", "p", 2, a[1], &p) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_pdist(T0, p));
}

/* (x1, x2, dim=1, eps=1e-08) */
static cg_value fn_cosine_similarity(cg_value *a) {
    const char *fn = "cosine_similarity";
    cg_tensor *x2 = torch_tensor_arg_borrowed(fn, "x2", 2, a[1]);
    int64_t dim;
    double eps;
    if (!x2 || torch_int_arg(fn, "dim", 3, a[2], &dim) < 0 || torch_double_arg(fn, "eps", 4, a[3], &eps) < 0)
        return CG_ERR;
    return cg_tensor_steal(cg_cosine_similarity(T0, x2, dim, eps));
}

#define F TORCH_FUNCTION
#define OPS(X)                                                                                                    \
    X(margin_ranking_loss, "margin_ranking_loss", "input2, target, margin=0.0, reduction=1",                      \
      IMPL(fn_margin_ranking_loss), F, NULL)                                                                      \
    X(hinge_embedding_loss, "hinge_embedding_loss", "target, margin=1.0, reduction=1",                            \
      IMPL(fn_hinge_embedding_loss), F, NULL)                                                                     \
    X(cosine_embedding_loss, "cosine_embedding_loss", "input2, target, margin=0.0, reduction=1",                  \
      IMPL(fn_cosine_embedding_loss), F, NULL)                                                                    \
    X(triplet_margin_loss, "triplet_margin_loss",                                                                 \
      "positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction=1", IMPL(fn_triplet_margin_loss), F, \
      NULL)                                                                                                       \
    X(poisson_nll_loss, "poisson_nll_loss", "target, log_input, full, eps, reduction", IMPL(fn_poisson_nll_loss), \
      F, NULL)                                                                                                    \
    X(pairwise_distance, "pairwise_distance", "x2, p=2, eps=1e-06, keepdim=False", IMPL(fn_pairwise_distance), F, \
      NULL)                                                                                                       \
    X(cosine_similarity, "cosine_similarity", "x2, dim=1, eps=1e-08", IMPL(fn_cosine_similarity), F, NULL)     \
    X(_soft_margin_loss, "_soft_margin_loss", "target, reduction=1", IMPL(fn_soft_margin_loss), F, NULL)        \
    X(_multi_margin_loss, "_multi_margin_loss", "target, p=1, margin=1.0, weight=None, reduction=1",              \
      IMPL(fn_multi_margin_loss), F, NULL)                                                                        \
    X(_trilinear, "_trilinear", "i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1", IMPL(fn_trilinear), F,  \
      NULL)                                                                                                       \
    X(_ctc_loss, "_ctc_loss", "targets, input_lengths, target_lengths, blank=0, zero_infinity=False",            \
      IMPL(fn_ctc_loss), F, NULL)                                                                                 \
    X(pdist, "pdist", "p=2", IMPL(fn_pdist), F, NULL)                                                            \
    X(_multilabel_margin_loss, "_multilabel_margin_loss", "target, reduction=1", IMPL(fn_multilabel_margin_loss), F, \
      NULL)

#define TORCH_TAB loss_ops
TORCH_OP_TABLE(OPS)

int torch_loss_composites_add(cg_value module) {
    if (torch_ops_prepare(loss_ops, TORCH_OP_COUNT) < 0)
        return -1;
    cg_method_def *defs = torch_ops_defs(loss_ops, TORCH_OP_COUNT, TORCH_FUNCTION);
    return defs ? cg_module_add_methods(module, defs) : -1;
}
