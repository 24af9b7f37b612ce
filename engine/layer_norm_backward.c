/* layer_norm_backward.c: native_layer_norm_backward as a node of its own,
 * NativeLayerNormBackwardBackward0, for a create_graph backward of
 * layer_norm: the first-order gradients are the fused kernel's (the same
 * bits as without create_graph, as in PyTorch), and this node's derivative
 * is FunctionsManual's layer_norm_double_backward, op for op, so that the
 * second-order gradients round as PyTorch's. Not here: the kernels
 * (layer_norm_kernel.c) and the engine-op path where they do not apply
 * (norm_rows.c). */
#include "formula.h"
#include "nn_internal.h"

/* the node's inputs, native_layer_norm_backward's arguments; mean and rstd
 * are not differentiable (no edge), bias gets no gradient */
enum { IN_GRAD_OUT, IN_INPUT, IN_MEAN, IN_RSTD, IN_WEIGHT, IN_BIAS, NIN };

int cg_layer_norm_record_backward(cg_node *n, cg_tensor *go, cg_tensor *x, cg_tensor *mean, cg_tensor *rstd,
                                  cg_tensor *w, cg_tensor *const *gi) {
    cg_tensor *in[NIN] = {go, x, NULL, NULL, w, NULL};
    if (!cg_autograd_needed(NIN, in))
        return 0;
    cg_save_spec save[5] = {{go, "grad_out"}, {x, "input"}, {mean, "mean"}, {rstd, "rstd"}, {w, "weight"}};
    return cg_autograd_record(CG_OP_LAYER_NORM_BACKWARD, 3, gi, NIN, in, 5, save, &n->args, NULL);
}

/* t seen as [rows, cols] */
static cg_tensor *s_view(scratch *s, cg_tensor *t, int64_t rows, int64_t cols) {
    return s_reshape(s, t, 2, (int64_t[]){rows, cols});
}
static cg_tensor *s_ones(scratch *s, int ndim, const cg_tensor *like) {
    return keep(s, cg_ones(ndim, (int64_t[]){1}, like->dtype, cg_tensor_device(like)));
}

/* What the terms share: x - mean and rstd^k as [M, 1], N the row length */
typedef struct {
    scratch *s;
    cg_tensor *sub_mu, *rstd, *rstd2;
    int64_t N;
} terms;

/* the first backward's grad_input for a gradient g [M, N] and a weight:
 * (weight rstd / N) (N g - sum(g) - (x - mu) rstd^2 sum(g (x - mu))) */
static cg_tensor *first_grad_input(const terms *t, cg_tensor *g, cg_tensor *weight) {
    scratch *s = t->s;
    cg_tensor *h0 = s_int(s, s_mul(s, weight, t->rstd), t->N, true);
    cg_tensor *centred = s_mul(s, s_mul(s, t->sub_mu, t->rstd2), s_sum_dim(s, s_mul(s, g, t->sub_mu), 1, true));
    cg_tensor *h1 = s_sub(s, s_sub(s, s_int(s, g, t->N, false), s_sum_dim(s, g, 1, true)), centred);
    return s_mul(s, h0, h1);
}

/* gI, the input's second-order gradient, from ggI (the gradient of the
 * first backward's grad_input) and ggG (of its weight gradient) */
static cg_tensor *input_grad(const terms *t, cg_tensor *gO, cg_tensor *gamma, cg_tensor *ggI, cg_tensor *ggG,
                             cg_tensor *rstd3) {
    scratch *s = t->s;
    int64_t N = t->N;
    cg_tensor *in_mu_rstd3 = s_mul(s, t->sub_mu, rstd3), *gI = NULL;
    if (ggI) {
        cg_tensor *gxhat = s_mul(s, gO, gamma);
        cg_tensor *gxhat_mu_sum = s_sum_dim(s, s_mul(s, gxhat, t->sub_mu), 1, true);
        cg_tensor *gxhat_sum = s_sum_dim(s, gxhat, 1, true);
        cg_tensor *ggI_sum = s_sum_dim(s, ggI, 1, true);
        cg_tensor *ggI_mu_sum = s_sum_dim(s, s_mul(s, ggI, t->sub_mu), 1, true);
        cg_tensor *three = s_scale(s, s_mul(s, s_mul(s, t->rstd2, gxhat_mu_sum), ggI_mu_sum), 3. / (double)N);
        cg_tensor *all_sub = s_add(
            s, s_sub(s, s_int(s, s_mul(s, ggI_sum, gxhat_sum), N, true), s_sum_dim(s, s_mul(s, ggI, gxhat), 1, true)),
            three);
        cg_tensor *t0 = s_int(s, s_mul(s, in_mu_rstd3, all_sub), N, true);
        cg_tensor *t1 =
            s_mul(s, s_int(s, s_mul(s, ggI_mu_sum, rstd3), N, true), s_sub(s, s_int(s, gxhat_sum, N, true), gxhat));
        cg_tensor *t2 =
            s_mul(s, s_int(s, s_mul(s, gxhat_mu_sum, rstd3), N, true), s_sub(s, s_int(s, ggI_sum, N, true), ggI));
        gI = s_add(s, s_add(s, t0, t1), t2);
    }
    if (ggG) {
        cg_tensor *gO_ggG = s_mul(s, gO, ggG);
        cg_tensor *t0 = s_mul(s, gO_ggG, t->rstd);
        cg_tensor *t1 = s_int(s, s_mul(s, t->rstd, s_sum_dim(s, gO_ggG, 1, true)), -N, true);
        cg_tensor *t2 = s_int(s, s_mul(s, in_mu_rstd3, s_sum_dim(s, s_mul(s, gO_ggG, t->sub_mu), 1, true)), -N, true);
        cg_tensor *term = s_add(s, s_add(s, t0, t1), t2);
        gI = gI ? s_add(s, gI, term) : term;
    }
    return gI;
}

/* ggO, grad_out's second-order gradient */
static cg_tensor *grad_out_grad(const terms *t, cg_tensor *gamma, cg_tensor *ggI, cg_tensor *ggG, cg_tensor *ggB) {
    scratch *s = t->s;
    cg_tensor *ggO = ggI ? first_grad_input(t, ggI, gamma) : NULL;
    if (ggG) {
        cg_tensor *term = s_mul(s, s_mul(s, ggG, t->sub_mu), t->rstd);
        ggO = ggO ? s_add(s, ggO, term) : term;
    }
    if (ggB)
        ggO = ggO ? s_add(s, ggO, ggB) : ggB;
    return ggO;
}

/* t reshaped as `like` into gi[i] where the node has that edge and t was
 * computed (`expected`: NULL then is a failure) */
static int give(cg_node *n, int i, cg_tensor *t, bool expected, const cg_tensor *like, cg_tensor **gi) {
    if (!n->next[i].node || !expected)
        return 0;
    return t && (gi[i] = cg_reshape(t, like->ndim, like->sizes)) ? 0 : -1;
}

/* NativeLayerNormBackwardBackward0: go[0..3) the gradients of the first
 * backward's outputs (dx, dweight, dbias; NULL where none came) */
int cg_bw_layer_norm_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *gO_t, *x, *mean, *rstd, *w;
    if (cg_node_saved_all(n, 5, &gO_t, &x, &mean, &rstd, &w) < 0)
        return -1;
    int64_t M = 1, N = 1;
    for (int d = 0; d < x->ndim; d++)
        *(d < x->ndim - n->args.i[0] ? &M : &N) *= x->sizes[d];
    scratch s = {0};
    cg_tensor *input = s_view(&s, x, M, N), *gO = s_view(&s, gO_t, M, N);
    cg_tensor *gamma = w ? s_view(&s, w, 1, N) : s_ones(&s, 1, x);
    cg_tensor *ggI = go[0] ? s_view(&s, go[0], M, N) : NULL;
    cg_tensor *ggG = w && go[1] ? s_view(&s, go[1], 1, N) : NULL, *ggB = w && go[2] ? s_view(&s, go[2], 1, N) : NULL;
    cg_tensor *r = s_view(&s, rstd, M, 1);
    terms t = {&s, s_sub(&s, input, s_view(&s, mean, M, 1)), r, s_pow(&s, r, 2), N};
    cg_tensor *gI = input_grad(&t, gO, gamma, ggI, ggG, s_pow(&s, r, 3));
    cg_tensor *gG =
        w && ggI ? s_sum_dim(&s, s_mul(&s, gO, first_grad_input(&t, ggI, s_ones(&s, 0, x))), 0, false) : NULL;
    cg_tensor *ggO = grad_out_grad(&t, gamma, ggI, ggG, ggB);
    if (ggO)
        ggO = keep(&s, cg_expand(ggO, 2, (int64_t[]){M, N}));
    int rc = give(n, IN_INPUT, gI, ggI || ggG, x, gi) == 0 && give(n, IN_GRAD_OUT, ggO, ggI || ggG || ggB, x, gi) == 0
                     && (!w || give(n, IN_WEIGHT, gG, ggI != NULL, w, gi) == 0)
                 ? 0
                 : -1;
    scratch_free(&s);
    return rc;
}
