/* ops_conv.h: convolution and the sliding windows under it
 * (torch.nn.functional's conv1d, conv2d, unfold, fold), and pooling
 * (max_pool2d, avg_pool2d, adaptive_avg_pool2d; ops_pool.c).
 *
 * Every function here sees a 2-d window: 1-d forms are the 2-d ones with a
 * height of one, as PyTorch computes them. Each records PyTorch's node
 * (ConvolutionBackward0, Im2ColBackward0, Col2ImBackward0,
 * MaxPool2DWithIndicesBackward0, AvgPool2DBackward0,
 * AdaptiveAvgPool2DBackward0), and each derivative is written with engine
 * ops, so double backward works. */
#ifndef CG_OPS_CONV_H
#define CG_OPS_CONV_H

#include "tensor.h"

/* A sliding window over the last two dims: [0] height, [1] width. */
typedef struct {
    int64_t kernel[2], stride[2], padding[2], dilation[2];
} cg_window2d;

/* A sliding window over the last three dims: [0] depth, [1] height, [2] width. */
typedef struct {
    int64_t kernel[3], stride[3], padding[3], dilation[3];
} cg_window3d;

/* ---- convolution (ops_conv.c) --------------------------------------------------- */

/* conv1d (nspatial 1) and conv2d (nspatial 2): input [N, C, *spatial] or
 * unbatched [C, *spatial], weight [O, C / groups, *kernel], bias [O] or
 * NULL; stride, padding and dilation have nspatial entries. PyTorch's
 * checks and messages; an unbatched input is unsqueezed and the result
 * squeezed, as PyTorch does. */
cg_tensor *cg_convolution(cg_tensor *input, cg_tensor *weight, cg_tensor *bias, int nspatial, const int64_t *stride,
                          const int64_t *padding, const int64_t *dilation, int64_t groups);

/* conv3d (output_padding NULL) and conv_transpose3d (output_padding
 * given): input [N, C, D, H, W] or unbatched [C, D, H, W], weight as the
 * 1-d and 2-d forms', three entries in each window argument; node
 * ConvolutionBackward0 (ops_conv3d.c). cg_convolution and
 * cg_conv_transpose send nspatial 3 here. */
cg_tensor *cg_conv3d(cg_tensor *input, cg_tensor *weight, cg_tensor *bias, const int64_t *stride,
                     const int64_t *padding, const int64_t *output_padding, const int64_t *dilation, int64_t groups);

/* conv_tbc(input [T, B, Cin], weight [K, Cin, Cout], bias [Cout], pad):
 * [T - K + 1 + 2 pad, B, Cout]; PyTorch's checks and messages; node
 * ConvTbcBackward0 (conv_tbc.c). */
cg_tensor *cg_conv_tbc(cg_tensor *input, cg_tensor *weight, cg_tensor *bias, int64_t pad);

/* conv_transpose1d (nspatial 1) and conv_transpose2d (nspatial 2): input
 * [N, Cin, *spatial] or unbatched, weight [Cin, Cout / groups, *kernel],
 * bias [Cout] or NULL; each spatial dim of the output is
 * (in - 1) stride - 2 padding + dilation (k - 1) + output_padding + 1.
 * PyTorch's checks and messages; node ConvolutionBackward0
 * (ops_conv_transpose.c). */
cg_tensor *cg_conv_transpose(cg_tensor *input, cg_tensor *weight, cg_tensor *bias, int nspatial, const int64_t *stride,
                             const int64_t *padding, const int64_t *output_padding, const int64_t *dilation,
                             int64_t groups);

/* F.unfold (im2col): input [N, C, H, W] or [C, H, W] -> [N, C * kh * kw, L],
 * L the number of window positions. */
cg_tensor *cg_unfold(cg_tensor *input, const cg_window2d *w);
/* F.fold (col2im): input [N, C * kh * kw, L] or [C * kh * kw, L] ->
 * [N, C, out_h, out_w], overlapping values summed. */
cg_tensor *cg_fold(cg_tensor *input, const int64_t output_size[2], const cg_window2d *w);

/* The unchecked forms the derivatives use: x [N, C, H, W] (or [C, H, W])
 * float, the window's positions oh x ow given (pooling's ceil_mode has
 * more of them than unfold's rule); positions past the padded input read
 * zeros and receive nothing. With kn the columns are laid out
 * [C kh kw, N, L], one matrix for the whole batch (convolution's layout),
 * else [N, C kh kw, L] as F.unfold's. */
cg_tensor *cg_im2col(cg_tensor *x, const cg_window2d *w, int64_t oh, int64_t ow, bool kn);
cg_tensor *cg_col2im(cg_tensor *cols, int64_t h, int64_t w, const cg_window2d *win, int64_t oh, int64_t ow, bool kn);

/* ---- pooling (ops_pool.c) ---------------------------------------------------------- */

/* max_pool2d(input [N, C, H, W] or [C, H, W], ...): the maxima and, in
 * *indices when not NULL, their flat positions h * W + w in each plane
 * (int64), as PyTorch returns them. A NaN in a window wins. */
cg_tensor *cg_max_pool2d(cg_tensor *input, const cg_window2d *w, bool ceil_mode, cg_tensor **indices);
/* avg_pool2d(input, ...): dilation must be 1; divisor_override 0 for none
 * (the caller rejects PyTorch's divisor_override=0). */
cg_tensor *cg_avg_pool2d(cg_tensor *input, const cg_window2d *w, bool ceil_mode, bool count_include_pad,
                         int64_t divisor_override);
/* adaptive_avg_pool2d(input, (oh, ow)): window i of n over a size s covers
 * [floor(i s / n), ceil((i + 1) s / n)); an output of 1 x 1 is the mean
 * over the last two dims (MeanBackward1), as in PyTorch. */
cg_tensor *cg_adaptive_avg_pool2d(cg_tensor *input, const int64_t output_size[2]);
/* Its derivative: grad [.., oh, ow] spread over the windows of an input of
 * [.., h, w] (AdaptiveAvgPool2DBackwardBackward0). Unchecked. */
cg_tensor *cg_adaptive_avg_pool2d_backward(cg_tensor *grad, int64_t h, int64_t w);
/* adaptive_max_pool2d(input [N, C, H, W] or [C, H, W], (oh, ow)): the
 * maxima over adaptive_avg_pool2d's windows and, in *indices when not NULL,
 * their flat positions h * W + w (int64); node AdaptiveMaxPool2DBackward0. */
cg_tensor *cg_adaptive_max_pool2d(cg_tensor *input, const int64_t output_size[2], cg_tensor **indices);
/* max_unpool2d(input [N, C, h, w] or [C, h, w], indices of its shape
 * (int64, flat positions in each output plane), (oh, ow)): zeros with each
 * value at its index; node MaxUnpool2DBackward0. */
cg_tensor *cg_max_unpool2d(cg_tensor *input, cg_tensor *indices, const int64_t output_size[2]);
/* adaptive_max_pool3d(input [N, C, D, H, W] or [C, D, H, W], (od, oh, ow)):
 * the maxima over adaptive_avg_pool3d's windows and, in *indices when not
 * NULL, their flat positions d H W + h W + w (int64); node
 * AdaptiveMaxPool3DBackward0 (ops_adaptive_max_pool3d.c). */
cg_tensor *cg_adaptive_max_pool3d(cg_tensor *input, const int64_t output_size[3], cg_tensor **indices);
/* max_unpool3d(input [N, C, d, h, w] or [C, d, h, w], indices of its
 * shape, (od, oh, ow), stride (checked only, as PyTorch)): max_unpool2d
 * over volumes; node MaxUnpool3DBackward0 (ops_pool.c). */
cg_tensor *cg_max_unpool3d(cg_tensor *input, cg_tensor *indices, const int64_t output_size[3], const int64_t stride[3]);
/* max_pool3d(input [N, C, T, H, W] or [C, T, H, W], ...) and
 * avg_pool3d(...) (ops_pool3d.c): the 3-d forms of max_pool2d and
 * avg_pool2d, PyTorch's checks and messages; nodes
 * MaxPool3DWithIndicesBackward0 (indices: flat positions t H W + h W + w)
 * and AvgPool3DBackward0. */
cg_tensor *cg_max_pool3d(cg_tensor *input, const cg_window3d *w, bool ceil_mode, cg_tensor **indices);
cg_tensor *cg_avg_pool3d(cg_tensor *input, const cg_window3d *w, bool ceil_mode, bool count_include_pad,
                         int64_t divisor_override);
/* avg_pool3d's gradient with respect to an input of [.., *in] (AvgPool3DBackwardBackward0). Unchecked. */
cg_tensor *cg_avg_pool3d_backward(cg_tensor *grad, const int64_t in[3], const cg_window3d *w, bool count_include_pad,
                                  int64_t divisor_override);
/* adaptive_avg_pool3d(input [N, C, D, H, W] or [C, D, H, W], (od, oh, ow)):
 * adaptive_avg_pool2d's windows over three dims (ops_adaptive_pool3d.c);
 * 1 x 1 x 1 is the mean (MeanBackward1), as in PyTorch. */
cg_tensor *cg_adaptive_avg_pool3d(cg_tensor *input, const int64_t output_size[3]);
/* Its derivative: grad [.., od, oh, ow] spread over an input of [.., *in]
 * (AdaptiveAvgPool3DBackwardBackward0). Unchecked. */
cg_tensor *cg_adaptive_avg_pool3d_backward(cg_tensor *grad, const int64_t in[3]);
/* avg_pool2d's gradient with respect to an input of [.., h, w], from the
 * gradient of its output (the pooling's window and options). */
cg_tensor *cg_avg_pool2d_backward(cg_tensor *grad, int64_t h, int64_t w, const cg_window2d *win,
                                  bool count_include_pad, int64_t divisor_override);

/* The length of a pooling window's output: PyTorch's pooling_output_shape. */
int64_t cg_pool_output_size(int64_t in, int64_t kernel, int64_t pad, int64_t stride, int64_t dilation, bool ceil_mode);

#endif
