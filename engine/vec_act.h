/* vec_act.h: the vector lambdas of PyTorch 1.13's AVX2 activation kernels
 * (Activation.cpp's cpu_kernel_vec kernels and log_sigmoid's own loop), for
 * ops_activation.c: what each computes for a whole Vectorized<float> (8
 * lanes) or Vectorized<double> (4 lanes), with SLEEF's functions where it
 * calls exp, log1p or tanh. Not here: which elements take these and which
 * the scalar lambdas (Note [PyTorch's vector and scalar paths] in
 * ops_unary.c). Every function may be called only when
 * cg_vec_math_available(); vec_act.c alone is compiled for AVX2. */
#ifndef CG_VEC_ACT_H
#define CG_VEC_ACT_H

#include <stdint.h>

/* The activations with a vector lambda of one input (forward) or of two
 * (backward: grad, then self or result). Their constants, in k, are
 * PyTorch's, rounded to the element type:
 *   ELU          negcoef = alpha * scale, negiptcoef = input_scale, poscoef = scale
 *   ELU_RESULT   the same; the backward of elu_ (its second input the result)
 *   SOFTPLUS     beta, threshold
 *   SILU, MISH   none */
typedef enum { CG_ACT_ELU, CG_ACT_ELU_RESULT, CG_ACT_SILU, CG_ACT_MISH, CG_ACT_SOFTPLUS, CG_ACT_GLU } cg_act;

/* out[i] = f(in[i]) for i < n, n a multiple of the lanes */
void cg_vec_act_f32(cg_act f, const float *k, float *out, const float *in, int64_t n);
void cg_vec_act_f64(cg_act f, const double *k, double *out, const double *in, int64_t n);

/* out[i] = f'(dy[i * dys], x[i * xs]) for i < n, n a multiple of the lanes,
 * dys and xs 1 (contiguous) or 0 (one value for all); for GLU the forward:
 * out = dy * sigmoid(x) (its first half and second half) */
void cg_vec_act_backward_f32(cg_act f, const float *k, float *out, const float *dy, int64_t dys, const float *x,
                             int64_t xs, int64_t n);
void cg_vec_act_backward_f64(cg_act f, const double *k, double *out, const double *dy, int64_t dys, const double *x,
                             int64_t xs, int64_t n);

/* log_sigmoid's loop over n contiguous elements, every one by the vector
 * lambda (the last group zero-padded): out = min(x, 0) - log1p(buffer),
 * buffer = exp(-|x|) */
void cg_vec_log_sigmoid_f32(float *out, float *buffer, const float *in, int64_t n);
void cg_vec_log_sigmoid_f64(double *out, double *buffer, const double *in, int64_t n);

/* log_sigmoid_backward's vector lambda over n contiguous elements, n a
 * multiple of the lanes: out = (max_deriv - sign * (b / (1 + b))) * c with
 * max_deriv, sign = 1, 1 where a < 0, else 0, -1 */
void cg_vec_log_sigmoid_backward_f32(float *out, const float *a, const float *b, const float *c, int64_t n);
void cg_vec_log_sigmoid_backward_f64(double *out, const double *a, const double *b, const double *c, int64_t n);

#endif
