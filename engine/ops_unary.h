/* ops_unary.h: unary elementwise ops (ops_unary.c) and the ternary-ish
 * elementwise ops clamp with tensor bounds, where and masked_fill
 * (ops_where.c). In-place forms (name_) return 0 or -1, bump self's version
 * and fail as PyTorch on a leaf that requires grad.
 *
 * Float ops (log, sqrt, sin, ...) on integral or bool inputs compute in and
 * return float32, as PyTorch does; abs, sign, relu and clamp keep the dtype. */
#ifndef CG_OPS_UNARY_H
#define CG_OPS_UNARY_H

#include "tensor.h"

cg_tensor *cg_neg(cg_tensor *x);
cg_tensor *cg_exp(cg_tensor *x);
cg_tensor *cg_abs(cg_tensor *x);  /* not for bool */
cg_tensor *cg_sign(cg_tensor *x); /* sign(nan) is 0, as PyTorch's */
cg_tensor *cg_log(cg_tensor *x);
cg_tensor *cg_log1p(cg_tensor *x);
cg_tensor *cg_sqrt(cg_tensor *x);
cg_tensor *cg_rsqrt(cg_tensor *x);
cg_tensor *cg_reciprocal(cg_tensor *x);
/* The complex conjugate: a copy (PyTorch's conj() is a lazy view with a
 * conjugate bit, which cgrad does not have: its conj() copies, recorded
 * as ConjBackward0, and is_conj() is always False). Of a real tensor, the
 * tensor itself. */
cg_tensor *cg_conj(cg_tensor *x);
cg_tensor *cg_conj_physical(cg_tensor *x);
cg_tensor *cg_sin(cg_tensor *x);
cg_tensor *cg_cos(cg_tensor *x);
cg_tensor *cg_tanh(cg_tensor *x);
cg_tensor *cg_sigmoid(cg_tensor *x);
cg_tensor *cg_erf(cg_tensor *x);
cg_tensor *cg_erfinv(cg_tensor *x);
cg_tensor *cg_cosh(cg_tensor *x);
cg_tensor *cg_sinh(cg_tensor *x);
/* tan ... atanh: float math as PyTorch's CPU kernels compute it (ops_unary.c) */
cg_tensor *cg_tan(cg_tensor *x);
int cg_tan_(cg_tensor *self);
cg_tensor *cg_asin(cg_tensor *x);
int cg_asin_(cg_tensor *self);
cg_tensor *cg_acos(cg_tensor *x);
int cg_acos_(cg_tensor *self);
cg_tensor *cg_atan(cg_tensor *x);
int cg_atan_(cg_tensor *self);
cg_tensor *cg_expm1(cg_tensor *x);
int cg_expm1_(cg_tensor *self);
cg_tensor *cg_log2(cg_tensor *x);
int cg_log2_(cg_tensor *self);
cg_tensor *cg_log10(cg_tensor *x);
int cg_log10_(cg_tensor *self);
cg_tensor *cg_erfc(cg_tensor *x);
int cg_erfc_(cg_tensor *self);
cg_tensor *cg_exp2(cg_tensor *x);
int cg_exp2_(cg_tensor *self);
cg_tensor *cg_asinh(cg_tensor *x);
int cg_asinh_(cg_tensor *self);
cg_tensor *cg_acosh(cg_tensor *x);
int cg_acosh_(cg_tensor *self);
cg_tensor *cg_atanh(cg_tensor *x);
int cg_atanh_(cg_tensor *self);
cg_tensor *cg_relu(cg_tensor *x); /* not for bool */
/* F.gelu(x, approximate='none'): approximate is "none" or "tanh". Float only. */
cg_tensor *cg_gelu(cg_tensor *x, const char *approximate);
/* gelu's derivative, grad * gelu'(self) (tanh_form: approximate='tanh'),
 * rounded as PyTorch's gelu_backward kernel rounds it. Recorded as
 * GeluBackwardBackward0. */
cg_tensor *cg_gelu_backward(cg_tensor *grad, cg_tensor *self, bool tanh_form);
/* F.leaky_relu(x, negative_slope=0.01). Float only. */
cg_tensor *cg_leaky_relu(cg_tensor *x, double negative_slope);
/* torch.clamp(x, min=None, max=None) with Python numbers: min and max may be
 * NULL, not both. The result dtype is result_type(x, min, max). */
cg_tensor *cg_clamp(cg_tensor *x, const cg_scalar *min, const cg_scalar *max);
/* x.clamp_min(min) and x.clamp_max(max): their own nodes */
cg_tensor *cg_clamp_min(cg_tensor *x, cg_scalar min);
cg_tensor *cg_clamp_max(cg_tensor *x, cg_scalar max);
/* torch.clamp(x, min=None, max=None) with tensor bounds, broadcast. */
cg_tensor *cg_clamp_tensor(cg_tensor *x, cg_tensor *min, cg_tensor *max);
/* torch.where(cond, a, b): cond bool; a and b promoted (Python numbers enter
 * as cg_scalar_tensor()); all three broadcast. */
cg_tensor *cg_where(cg_tensor *cond, cg_tensor *a, cg_tensor *b);
/* x.masked_fill(mask, value): mask bool; the result has x's dtype and the
 * broadcast shape of x and mask. */
cg_tensor *cg_masked_fill(cg_tensor *x, cg_tensor *mask, cg_scalar value);

int cg_abs_(cg_tensor *self);
int cg_neg_(cg_tensor *self);
int cg_exp_(cg_tensor *self);
int cg_log_(cg_tensor *self);
int cg_sqrt_(cg_tensor *self);
int cg_sigmoid_(cg_tensor *self);
int cg_erfinv_(cg_tensor *self);
int cg_tanh_(cg_tensor *self);
int cg_reciprocal_(cg_tensor *self);
int cg_sin_(cg_tensor *self);
int cg_cos_(cg_tensor *self);
int cg_sinh_(cg_tensor *self);
int cg_cosh_(cg_tensor *self);
int cg_erf_(cg_tensor *self);
int cg_log1p_(cg_tensor *self);
int cg_rsqrt_(cg_tensor *self);
int cg_sign_(cg_tensor *self);
int cg_relu_(cg_tensor *self);
int cg_clamp_(cg_tensor *self, const cg_scalar *min, const cg_scalar *max);
int cg_clamp_min_(cg_tensor *self, cg_scalar min);
int cg_clamp_max_(cg_tensor *self, cg_scalar max);
/* mask must broadcast to self's shape */
int cg_masked_fill_(cg_tensor *self, cg_tensor *mask, cg_scalar value);

/* For relu's derivative: grad where self > threshold, else 0 (a nan self
 * passes grad, as PyTorch's threshold_backward). Recorded as
 * ThresholdBackwardBackward0. */
cg_tensor *cg_threshold_backward(cg_tensor *grad, cg_tensor *self, cg_scalar threshold);
/* For tanh's derivative: grad * (1 - y * y) of the result y, rounded as
 * PyTorch's tanh_backward kernel rounds it. Recorded as
 * TanhBackwardBackward0. */
cg_tensor *cg_tanh_backward(cg_tensor *grad, cg_tensor *y);

/* For derivatives (ops_where.c): a bool mask, true where x `c1` lo and
 * x `c2` hi (negated when `negate`), with CG_CMP_NONE for an absent bound.
 * lo and hi may be NULL when their comparison is CG_CMP_NONE. */
typedef enum { CG_CMP_NONE, CG_CMP_GT, CG_CMP_GE, CG_CMP_LT, CG_CMP_LE } cg_cmp;
cg_tensor *cg_range_mask(cg_tensor *x, cg_cmp c1, cg_tensor *lo, cg_cmp c2, cg_tensor *hi, bool negate);

#endif
