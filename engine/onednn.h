/* onednn.h: the float32 kernels cgrad runs through oneDNN, as PyTorch's
 * CPU build does (Note [oneDNN paths] in onednn.c). Plain contiguous
 * buffers in and out; the layouts oneDNN prefers stay inside. Not the
 * choice of path: the ops decide when PyTorch would take it
 * (cg_onednn_conv_applies, and gelu's rule in ops_unary.c). */
#ifndef CG_ONEDNN_H
#define CG_ONEDNN_H

#include <stdbool.h>
#include <stdint.h>

/* gelu (erf form) of n floats, or its derivative times dy when dy is
 * given; sizes [ndim] is the tensor's shape, as PyTorch describes it. */
int cg_onednn_gelu(int ndim, const int64_t *sizes, const float *x, const float *dy, float *out);

/* A 2-d convolution: input [n, c, h, w], weight [o, c / groups, kh, kw],
 * output [n, o, oh, ow]; stride, padding (both sides) and dilation per
 * spatial dim, dilation as PyTorch counts it (1: dense). With depth set
 * (nonzero), a 3-d one: input [n, c, d, h, w], weight
 * [o, c / groups, kd, kh, kw], output [n, o, od, oh, ow], the depth's
 * window in depth_stride, depth_padding and depth_dilation. */
typedef struct {
    int64_t n, c, h, w, o, kh, kw, oh, ow, groups;
    int64_t stride[2], padding[2], dilation[2];
    int64_t depth, kd, od, depth_stride, depth_padding, depth_dilation;
} cg_onednn_conv;

/* PyTorch's ConvParams::use_mkldnn for a float32 CPU convolution that is
 * not transposed (2-d or 3-d), at the given thread count. */
bool cg_onednn_conv_applies(const cg_onednn_conv *p, int threads);

/* y = conv(x, w) + b (b may be NULL) */
int cg_onednn_conv_forward(const cg_onednn_conv *p, const float *x, const float *w, const float *b, float *y);
/* dx from dy and w */
int cg_onednn_conv_backward_data(const cg_onednn_conv *p, const float *dy, const float *w, float *dx);
/* dw (and db unless NULL) from x and dy */
int cg_onednn_conv_backward_weights(const cg_onednn_conv *p, const float *x, const float *dy, float *dw, float *db);

#endif
