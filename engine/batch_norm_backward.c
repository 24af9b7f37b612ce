/* batch_norm_backward.c: native_batch_norm_backward as a node of its own,
 * NativeBatchNormBackwardBackward0, for a create_graph backward of
 * batch_norm: the first-order gradients are the fused kernel's (the same
 * bits as without create_graph, as in PyTorch), and this node's derivative
 * is FunctionsManual's batchnorm_double_backward, op for op. Not here: the
 * kernels (batch_norm_kernel.c) and the engine-op path where they do not
 * apply (ops_norm.c). */
#include "formula.h"
#include "nn_internal.h"

/* the node's inputs, native_batch_norm_backward's differentiable arguments;
 * save_mean and save_invstd get no edge (PyTorch's never get a gradient) */
enum { IN_GRAD_OUT, IN_INPUT, IN_WEIGHT, IN_SAVE_MEAN, IN_SAVE_INVSTD, NIN };

int cg_batch_norm_record_backward(cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *w, cg_tensor *stat1,
                                  cg_tensor *stat2, cg_tensor *const *gi) {
    cg_tensor *in[NIN] = {go, x, w, NULL, NULL};
    if (!cg_autograd_needed(NIN, in))
        return 0;
    bool training = n->args.flag;
    cg_save_spec save[5] = {{go, "grad_out"},
                            {x, "input"},
                            {w, "weight"},
                            {stat1, training ? "save_mean" : "running_mean"},
                            {stat2, training ? "save_invstd" : "running_var"}};
    return cg_autograd_record(CG_OP_BATCH_NORM_BACKWARD, 3, gi, NIN, in, 5, save, &n->args, NULL);
}

/* What the terms share: x [N, C, ...] and its per-channel statistics */
typedef struct {
    scratch *s;
    cg_tensor *x, *sub_mu, *invstd, *invstd2;
    int64_t M; /* the values per channel */
} terms;

/* sum_exclude_dim1: t summed over dim 0, then over the last dims down to
 * dim 2 (or 1 without keepdim), one dim at a time as PyTorch's helper */
static cg_tensor *sum_but_1(scratch *s, cg_tensor *t, bool keepdim) {
    cg_tensor *r = s_sum_dim(s, t, 0, keepdim);
    for (int64_t d = r ? r->ndim - 1 : 0; r && d > (keepdim ? 1 : 0); d--)
        r = s_sum_dim(s, r, d, keepdim);
    return r;
}

/* a [C] tensor as [1, C, 1, ...] (unsqueeze_dim1) or expanded to x's shape
 * (expand_as_dim1) */
static cg_tensor *channel(scratch *s, cg_tensor *t, const cg_tensor *x, bool expand) {
    int64_t sizes[CG_MAX_DIMS];
    for (int d = 0; d < x->ndim; d++)
        sizes[d] = d == 1 ? t->sizes[0] : 1;
    cg_tensor *v = s_reshape(s, t, x->ndim, sizes);
    return expand && v ? keep(s, cg_expand(v, x->ndim, x->sizes)) : v;
}

/* at::ones({}) of x's dtype and device */
static cg_tensor *s_one(scratch *s, const cg_tensor *x) {
    return keep(s, cg_ones(0, NULL, x->dtype, cg_tensor_device(x)));
}

/* the first backward's grad_input (training) for a gradient g and a weight */
static cg_tensor *first_grad_input(const terms *t, cg_tensor *g, cg_tensor *weight) {
    scratch *s = t->s;
    cg_tensor *h0 = s_int(s, s_mul(s, weight, t->invstd), t->M, true);
    cg_tensor *centred = s_mul(s, s_mul(s, t->sub_mu, t->invstd2), sum_but_1(s, s_mul(s, g, t->sub_mu), true));
    cg_tensor *h1 = s_sub(s, s_sub(s, s_int(s, g, t->M, false), sum_but_1(s, g, true)), centred);
    return s_mul(s, h0, h1);
}

/* gI's term of ggI in training */
static cg_tensor *input_term(const terms *t, cg_tensor *gO, cg_tensor *ggI, cg_tensor *invstd3, cg_tensor *gamma) {
    scratch *s = t->s;
    int64_t M = t->M;
    cg_tensor *in_mu_invstd3 = s_mul(s, t->sub_mu, invstd3);
    cg_tensor *gOinmu_sum = sum_but_1(s, s_mul(s, gO, t->sub_mu), true), *gO_sum = sum_but_1(s, gO, true);
    cg_tensor *ggI_sum = sum_but_1(s, ggI, true), *ggIinmu_sum = sum_but_1(s, s_mul(s, ggI, t->sub_mu), true);
    cg_tensor *three = s_scale(s, s_mul(s, s_mul(s, t->invstd2, gOinmu_sum), ggIinmu_sum), 3. / (double)M);
    cg_tensor *all_sub =
        s_add(s, s_sub(s, s_int(s, s_mul(s, ggI_sum, gO_sum), M, true), sum_but_1(s, s_mul(s, gO, ggI), true)), three);
    cg_tensor *t0 = s_int(s, s_mul(s, in_mu_invstd3, all_sub), M, true);
    cg_tensor *t1 =
        s_mul(s, s_int(s, s_mul(s, ggIinmu_sum, invstd3), M, true), s_sub(s, s_int(s, gO_sum, M, true), gO));
    cg_tensor *t2 =
        s_mul(s, s_int(s, s_mul(s, gOinmu_sum, invstd3), M, true), s_sub(s, s_int(s, ggI_sum, M, true), ggI));
    return s_mul(s, gamma, s_add(s, s_add(s, t0, t1), t2));
}

/* gI's term of ggG */
static cg_tensor *weight_term(const terms *t, cg_tensor *gO, cg_tensor *ggG, cg_tensor *invstd3, bool training) {
    scratch *s = t->s;
    if (!training)
        return s_mul(s, s_mul(s, ggG, t->invstd), gO);
    cg_tensor *t0 = s_mul(s, gO, t->invstd);
    cg_tensor *t1 = s_int(s, s_mul(s, t->invstd, sum_but_1(s, gO, true)), -t->M, true);
    cg_tensor *t2 =
        s_int(s, s_mul(s, s_mul(s, t->sub_mu, invstd3), sum_but_1(s, s_mul(s, gO, t->sub_mu), true)), -t->M, true);
    return s_mul(s, ggG, s_add(s, s_add(s, t0, t1), t2));
}

/* NativeBatchNormBackwardBackward0: go[0..3) the gradients of the first
 * backward's outputs (dx, dweight, dbias; NULL where none came) */
int cg_bw_batch_norm_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *gO, *x, *w, *stat1, *stat2;
    if (cg_node_saved_all(n, 5, &gO, &x, &w, &stat1, &stat2) < 0)
        return -1;
    bool training = n->args.flag;
    int64_t M = x->sizes[0];
    for (int d = 2; d < x->ndim; d++)
        M *= x->sizes[d];
    scratch s = {0};
    cg_tensor *ggI = go[0], *ggG = w ? go[1] : NULL, *ggB = w ? go[2] : NULL;
    cg_tensor *gamma = w ? channel(&s, w, x, true) : s_one(&s, x);
    cg_tensor *ggG_e = ggG ? channel(&s, ggG, x, true) : NULL, *ggB_e = ggB ? channel(&s, ggB, x, true) : NULL;
    /* eval: running_var.add(eps).pow(-0.5) */
    cg_tensor *ve = training ? stat2 : keep(&s, cg_add_scalar(stat2, cg_scalar_to_double(n->args.s[0])));
    cg_tensor *r = channel(&s, training || !ve ? ve : keep(&s, cg_pow_scalar(ve, cg_scalar_float(-0.5))), x, false);
    terms t = {&s, x, s_sub(&s, x, channel(&s, stat1, x, false)), r, s_pow(&s, r, 2), M};
    cg_tensor *r3 = s_pow(&s, r, 3), *gI = NULL;
    if (ggI && training)
        gI = input_term(&t, gO, ggI, r3, gamma);
    if (ggG_e) {
        cg_tensor *term = weight_term(&t, gO, ggG_e, r3, training);
        gI = gI ? s_add(&s, gI, term) : term;
    }
    cg_tensor *gG = NULL;
    if (w && ggI)
        gG = training ? sum_but_1(&s, s_mul(&s, ggI, first_grad_input(&t, gO, s_one(&s, x))), false)
                      : sum_but_1(&s, s_mul(&s, s_mul(&s, ggI, gO), r), false);
    cg_tensor *ggO = NULL;
    if (ggI)
        ggO = training ? first_grad_input(&t, ggI, gamma) : s_mul(&s, s_mul(&s, ggI, r), gamma);
    if (ggG_e) {
        cg_tensor *term = s_mul(&s, s_mul(&s, ggG_e, t.sub_mu), r);
        ggO = ggO ? s_add(&s, ggO, term) : term;
    }
    if (ggB_e)
        ggO = ggO ? s_add(&s, ggO, ggB_e) : ggB_e;
    int rc = 0;
    cg_tensor *res[3] = {ggO, gI, gG};
    bool expected[3] = {ggI || ggG || ggB, (ggI && training) || ggG, w && ggI};
    for (int i = 0; i < 3 && rc == 0; i++)
        if (n->next[i].node && expected[i])
            rc = res[i] && (gi[i] = cg_tensor_retain(res[i])) ? 0 : -1;
    scratch_free(&s);
    return rc;
}
