/* ops_mvlgamma.c: torch.mvlgamma (torch.special.multigammaln), the log of
 * the multivariate gamma function.
 *
 * mvlgamma computes what PyTorch 1.13's function does, op by op (so the
 * bits agree): args = arange(-p/2 + 1/2, 1/2, 1/2) + x.unsqueeze(-1),
 * lgamma in place, the sum over the last dimension, plus p (p - 1) / 4
 * log(pi); it records one MvlgammaBackward0 node, PyTorch's. */
#include <math.h>

#include "ew.h"
#include "formula.h"
#include "ops.h"

/* sum_j f(x + a_j) over the last dimension, a_j = -p/2 + 1/2 ... 0 in the
 * result dtype; f: lgamma (the value) or digamma (its derivative) */
static cg_tensor *mvlgamma_terms(cg_tensor *x, int64_t p, cg_dtype dt, int (*f)(cg_tensor *)) {
    cg_tensor *a = cg_arange(cg_scalar_float(-(double)p * 0.5 + 0.5), cg_scalar_float(0.5), cg_scalar_float(0.5), dt,
                             cg_tensor_device(x));
    cg_tensor *u = a ? cg_unsqueeze(x, -1) : NULL;
    cg_tensor *args = u ? cg_add(a, u, cg_scalar_int(1)) : NULL;
    cg_tensor *s = NULL;
    if (args && f(args) == 0)
        s = cg_sum(args, 1, (int64_t[]){-1}, false);
    cg_tensor_release(a), cg_tensor_release(u), cg_tensor_release(args);
    return s;
}

cg_tensor *cg_mvlgamma(cg_tensor *x, int64_t p) {
    /* (PyTorch 1.13 checks p only, not that x > (p - 1) / 2) */
    CG_CHECK(p >= 1, CG_RUNTIME_ERROR, "p has to be greater than or equal to 1");
    CG_CHECK(!cg_dtype_is_complex(x->dtype), CG_NOT_IMPLEMENTED_ERROR, "mvlgamma of complex tensors is not supported by cgrad yet");
    const cg_dtype dt = cg_dtype_to_float(x->dtype);
    bool was = cg_grad_set_enabled(false);
    cg_tensor *s = mvlgamma_terms(x, p, dt, cg_lgamma_);
    cg_tensor *out = s ? cg_add_scalar(s, (double)(p * (p - 1)) * log(M_PI) * 0.25) : NULL;
    cg_grad_set_enabled(was);
    cg_tensor_release(s);
    if (!out)
        return NULL;
    const cg_op_args args = {.i = {p}};
    cg_save_spec save = {x, "self"};
    return cg_ew_record(out, CG_OP_MVLGAMMA, 1, &x, 1, &save, &args);
}
int cg_mvlgamma_(cg_tensor *self, int64_t p) {
    cg_tensor *r = cg_mvlgamma(self, p);
    if (!r)
        return -1;
    int rc = cg_copy_(self, r);
    cg_tensor_release(r);
    return rc;
}

/* MvlgammaBackward0: grad * sum_j digamma(self + a_j) */
int cg_bw_mvlgamma(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    cg_tensor *x;
    if (cg_node_saved(n, 0, &x) < 0)
        return -1;
    scratch s = {0};
    cg_tensor *d = keep(&s, mvlgamma_terms(x, n->args.i[0], x->dtype, cg_digamma_));
    return finish(gi, &s, s_mul(&s, go[0], d));
}

