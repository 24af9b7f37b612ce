/* loss_composites.c: the losses and distances PyTorch 1.13 writes as ATen
 * composites (margin ranking, hinge embedding, cosine embedding, triplet
 * margin, Poisson NLL, pairwise distance, cosine similarity), op for op,
 * so that their values
 * and the nodes of their graphs are PyTorch's.
 *
 * Note [Scalar overloads in composites]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A C++ composite that writes `t + margin` or `1 - t` calls ATen's Scalar
 * overloads (add.Scalar, sub.Scalar, mul.Scalar), whose nodes PyTorch
 * names AddBackward1, SubBackward1, MulBackward1 (`1 - t` turns the number
 * into a tensor: SubBackward0); Python code writing `t + margin` gets the
 * Tensor overloads (AddBackward0, ...). Both
 * compute the same; only the node's name differs, and a graph drawn from
 * these losses shows PyTorch's names. */
#include "formula.h"
#include "ops_nn.h"

/* t's op with a C++ number, its node renamed as the Scalar overload's */
static cg_tensor *renamed(scratch *s, cg_tensor *r, const char *node) {
    if (r && r->grad_fn)
        r->grad_fn->name = node;
    return r ? keep(s, r) : NULL;
}
static cg_tensor *add_number(scratch *s, cg_tensor *t, double v) {
    return t ? renamed(s, cg_add_scalar(t, v), "AddBackward1") : NULL;
}
static cg_tensor *mul_number(scratch *s, cg_tensor *t, double v) {
    return t ? renamed(s, cg_mul_scalar(t, v), "MulBackward1") : NULL;
}
static cg_tensor *sub_number(scratch *s, cg_tensor *t, double v) {
    return t ? renamed(s, cg_add_scalar(t, -v), "SubBackward1") : NULL;
}
/* v - t: C++'s `number - tensor` makes the number a tensor first (SubBackward0) */
static cg_tensor *number_minus(scratch *s, double v, cg_tensor *t) {
    cg_tensor *c = t ? keep(s, cg_scalar_tensor(cg_scalar_float(v))) : NULL;
    return c ? keep(s, cg_sub(c, t, cg_scalar_int(1))) : NULL;
}
static cg_tensor *clamp_min0(scratch *s, cg_tensor *t) {
    return t ? keep(s, cg_clamp_min(t, cg_scalar_int(0))) : NULL;
}
/* where(t <op> k, a, b) for the comparisons the losses make with a number */
static cg_tensor *where_cmp(scratch *s, cg_tensor *t, bool equal, double k, cg_tensor *a, cg_tensor *b) {
    cg_tensor *c = t && a && b ? keep(s, cg_scalar_tensor(cg_scalar_float(k))) : NULL;
    cg_tensor *m = c ? keep(s, equal ? cg_eq(t, c) : cg_ne(t, c)) : NULL;
    return m ? keep(s, cg_where(m, a, b)) : NULL;
}

/* ATen's apply_loss_reduction */
static cg_tensor *reduced(scratch *s, cg_tensor *loss, cg_reduction red) {
    if (!loss || red == CG_REDUCTION_NONE)
        return loss;
    return keep(s, red == CG_REDUCTION_SUM ? cg_sum(loss, 0, NULL, false) : cg_mean(loss, 0, NULL, false));
}

/* the result, retained, and the scratch freed */
static cg_tensor *result_of(scratch *s, cg_tensor *r) {
    if (r)
        cg_tensor_retain(r);
    scratch_free(s);
    return r;
}

cg_tensor *cg_margin_ranking_loss(cg_tensor *input1, cg_tensor *input2, cg_tensor *target, double margin,
                                  cg_reduction red) {
    scratch s = {0};
    cg_tensor *neg = s_fn(&s, cg_neg, target);
    cg_tensor *out = clamp_min0(&s, add_number(&s, s_mul(&s, neg, s_sub(&s, input1, input2)), margin));
    return result_of(&s, reduced(&s, out, red));
}

cg_tensor *cg_hinge_embedding_loss(cg_tensor *self, cg_tensor *target, double margin, cg_reduction red) {
    scratch s = {0};
    cg_tensor *zeros = keep(&s, cg_zeros_like(self));
    cg_tensor *margin_clamp = clamp_min0(&s, number_minus(&s, margin, self));
    cg_tensor *out_margin = where_cmp(&s, target, false, 1, margin_clamp, zeros);
    cg_tensor *out_self = where_cmp(&s, target, false, -1, self, zeros);
    return result_of(&s, reduced(&s, s_add(&s, out_margin, out_self), red));
}

cg_tensor *cg_cosine_embedding_loss(cg_tensor *input1, cg_tensor *input2, cg_tensor *target, double margin,
                                    cg_reduction red) {
    char a[128], b[128];
    int td = target->ndim;
    CG_CHECK(td == 1 || td == 0, CG_RUNTIME_ERROR, "0D or 1D target tensor expected, multi-target not supported");
    CG_CHECK(input1->ndim == td + 1 && input2->ndim == td + 1, CG_RUNTIME_ERROR,
             "%dD target tensor expects %dD input tensors, but found inputs with sizes %s and %s.", td, td + 1,
             cg_sizes_str(input1->ndim, input1->sizes, a, sizeof a),
             cg_sizes_str(input2->ndim, input2->sizes, b, sizeof b));
    scratch s = {0};
    cg_tensor *prod_sum = s_sum_dim(&s, s_mul(&s, input1, input2), td, false);
    cg_tensor *mag1 = add_number(&s, s_sum_dim(&s, s_mul(&s, input1, input1), td, false), 1e-12);
    cg_tensor *mag2 = add_number(&s, s_sum_dim(&s, s_mul(&s, input2, input2), td, false), 1e-12);
    cg_tensor *denom = s_fn(&s, cg_sqrt, s_mul(&s, mag1, mag2));
    cg_tensor *cos = s_div(&s, prod_sum, denom);
    cg_tensor *zeros = cos ? keep(&s, cg_zeros_like(cos)) : NULL;
    cg_tensor *pos = number_minus(&s, 1, cos);
    cg_tensor *neg = clamp_min0(&s, sub_number(&s, cos, margin));
    cg_tensor *out_pos = where_cmp(&s, target, true, 1, pos, zeros);
    cg_tensor *out_neg = where_cmp(&s, target, true, -1, neg, zeros);
    return result_of(&s, reduced(&s, s_add(&s, out_pos, out_neg), red));
}

cg_tensor *cg_pairwise_distance(cg_tensor *x1, cg_tensor *x2, double p, double eps, bool keepdim) {
    int out_dim = x1->ndim > x2->ndim ? x1->ndim : x2->ndim;
    int64_t dim = out_dim - 1;
    scratch s = {0};
    cg_tensor *d = add_number(&s, s_sub(&s, x1, x2), eps);
    cg_tensor *r = d ? keep(&s, cg_norm(d, p, 1, &dim, keepdim)) : NULL;
    return result_of(&s, r);
}

cg_tensor *cg_triplet_margin_loss(cg_tensor *anchor, cg_tensor *positive, cg_tensor *negative, double margin,
                                  double p, double eps, bool swap, cg_reduction red) {
    CG_CHECK(anchor->ndim == positive->ndim && positive->ndim == negative->ndim, CG_RUNTIME_ERROR,
             "All inputs should have same dimension but got %dD, %dD and %dD inputs.",
             anchor->ndim, positive->ndim, negative->ndim);
    scratch s = {0};
    cg_tensor *dist_pos = keep(&s, cg_pairwise_distance(anchor, positive, p, eps, false));
    cg_tensor *dist_neg = dist_pos ? keep(&s, cg_pairwise_distance(anchor, negative, p, eps, false)) : NULL;
    if (swap && dist_neg) {
        cg_tensor *dist_swap = keep(&s, cg_pairwise_distance(positive, negative, p, eps, false));
        dist_neg = dist_swap ? keep(&s, cg_minimum(dist_neg, dist_swap)) : NULL;
    }
    cg_tensor *out = clamp_min0(&s, s_sub(&s, add_number(&s, dist_pos, margin), dist_neg));
    return result_of(&s, reduced(&s, out, red));
}

cg_tensor *cg_poisson_nll_loss(cg_tensor *input, cg_tensor *target, bool log_input, bool full, double eps,
                               cg_reduction red) {
    scratch s = {0};
    cg_tensor *loss = log_input ? s_sub(&s, s_fn(&s, cg_exp, input), s_mul(&s, target, input))
                                : s_sub(&s, input, s_mul(&s, target, s_fn(&s, cg_log, add_number(&s, input, eps))));
    if (full && loss) {
        cg_tensor *tlogt = s_sub(&s, s_mul(&s, target, s_fn(&s, cg_log, target)), target);
        cg_tensor *half_log = mul_number(&s, s_fn(&s, cg_log, mul_number(&s, target, 2 * 3.14159265358979323846)), 0.5);
        cg_tensor *stirling = s_add(&s, tlogt, half_log);
        cg_tensor *one = stirling ? keep(&s, cg_scalar_tensor(cg_scalar_int(1))) : NULL;
        cg_tensor *small = one ? keep(&s, cg_le(target, one)) : NULL;
        cg_tensor *term = small ? keep(&s, cg_masked_fill(stirling, small, cg_scalar_int(0))) : NULL;
        /* loss += term: in place on the composite's own tensor */
        if (!term || cg_add_(loss, term, cg_scalar_int(1)) < 0)
            loss = NULL;
    }
    return result_of(&s, reduced(&s, loss, red));
}

/* 1.13's form: each input over its norm, the squared norm clamped to eps^2
 * without grad, then the product summed. */
cg_tensor *cg_cosine_similarity(cg_tensor *x1, cg_tensor *x2, int64_t dim, double eps) {
    cg_tensor *both[] = {x1, x2};
    cg_dtype dt = cg_result_type(2, both);
    CG_CHECK(cg_dtype_is_float(dt), CG_RUNTIME_ERROR,
             "expected common dtype to be floating point, yet common dtype is %s", cg_dtype_legacy_name(dt));
    int ndim;
    int64_t shape[CG_MAX_DIMS];
    if (cg_broadcast_shapes(x1->ndim, x1->sizes, x2->ndim, x2->sizes, &ndim, shape) < 0)
        return NULL;
    scratch s = {0};
    cg_tensor *x[2], *normalized[2];
    for (int i = 0; i < 2; i++) {
        cg_tensor *t = keep(&s, cg_to_dtype(both[i], dt));
        x[i] = t ? keep(&s, cg_expand(t, ndim, shape)) : NULL;
        cg_tensor *sq = s_sum_dim(&s, s_pow(&s, x[i], 2), dim, true);
        if (sq) {
            bool was = cg_grad_set_enabled(false);
            cg_scalar lo = cg_scalar_float(eps * eps);
            int rc = cg_clamp_(sq, &lo, NULL);
            cg_grad_set_enabled(was);
            if (rc < 0 || cg_sqrt_(sq) < 0)
                sq = NULL;
        }
        normalized[i] = s_div(&s, x[i], sq);
    }
    cg_tensor *prod = s_mul(&s, normalized[0], normalized[1]);
    return result_of(&s, prod ? keep(&s, cg_sum(prod, 1, &dim, false)) : NULL);
}
