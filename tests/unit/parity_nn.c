/* parity_nn.c: fixture adapters for the neural-network functions
 * (tests/fixtures/cases/nn.py). Tensor arguments are positional there;
 * weight and pos_weight are None when absent. */
#include "parity.h"

/* the tensor at position i, or NULL when absent or None */
static cg_tensor *opt_tensor(parity_call *c, int i) {
    return i < p_nargs(c) && !p_is_none(c, i) ? p_tensor(c, i) : NULL;
}

static int kw_dtype(const parity_call *c) {
    const char *name = p_kw_str(c, "dtype", NULL);
    return name ? p_dtype(name) : -1;
}

static cg_reduction kw_reduction(const parity_call *c) {
    return (cg_reduction)cg_reduction_from_str(p_kw_str(c, "reduction", "mean"));
}

PARITY(softmax) { return cg_softmax(p_tensor(c, 0), p_int(c, 1), kw_dtype(c)); }
PARITY(log_softmax) { return cg_log_softmax(p_tensor(c, 0), p_int(c, 1), kw_dtype(c)); }

PARITY(mse_loss) { return cg_mse_loss(p_tensor(c, 0), p_tensor(c, 1), kw_reduction(c)); }
PARITY(l1_loss) { return cg_l1_loss(p_tensor(c, 0), p_tensor(c, 1), kw_reduction(c)); }

PARITY(nll_loss) {
    return cg_nll_loss(p_tensor(c, 0), p_tensor(c, 1), opt_tensor(c, 2), p_kw_int(c, "ignore_index", -100),
                       kw_reduction(c));
}

PARITY(cross_entropy) {
    return cg_cross_entropy(p_tensor(c, 0), p_tensor(c, 1), opt_tensor(c, 2), p_kw_int(c, "ignore_index", -100),
                            kw_reduction(c), p_kw_double(c, "label_smoothing", 0.0));
}

PARITY(binary_cross_entropy) {
    return cg_binary_cross_entropy(p_tensor(c, 0), p_tensor(c, 1), opt_tensor(c, 2), kw_reduction(c));
}

PARITY(binary_cross_entropy_with_logits) {
    return cg_binary_cross_entropy_with_logits(p_tensor(c, 0), p_tensor(c, 1), opt_tensor(c, 2), opt_tensor(c, 3),
                                               kw_reduction(c));
}

PARITY(smooth_l1_loss) {
    return cg_smooth_l1_loss(p_tensor(c, 0), p_tensor(c, 1), kw_reduction(c), p_kw_double(c, "beta", 1.0));
}

PARITY(huber_loss) {
    return cg_huber_loss(p_tensor(c, 0), p_tensor(c, 1), kw_reduction(c), p_kw_double(c, "delta", 1.0));
}

PARITY(softmin) { return cg_softmin(p_tensor(c, 0), p_int(c, 1), kw_dtype(c)); }

/* seeds the default generator with the case's `seed` first, as the case does */
PARITY(dropout) {
    cg_manual_seed((uint64_t)p_kw_int(c, "seed", 0));
    return cg_dropout(p_tensor(c, 0), p_kw_double(c, "p", 0.5), p_kw_bool(c, "training", true), NULL);
}
