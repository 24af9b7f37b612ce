/* samples_conv.c: op-table samples (helpers.h) of convolution, pooling and
 * batch_norm: unfold/fold (im2col/col2im), conv1d/conv2d with strides,
 * padding, dilation and groups, the three poolings, and
 * batch_norm in training and evaluation, layer_norm and group_norm, and F.pad's constant, reflect and
 * replicate modes. Spatial sizes are drawn with a
 * margin (S_C + 2) where a window must fit. */
#include <string.h>

#include "helpers.h"

#define IN(seed, nc, ...) s_input(S_SIZES(__VA_ARGS__), seed, nc)
#define SAMPLE(...) (*s = (cg_sample){__VA_ARGS__}, true)

/* the window of s->i: kernel (i0, i1), stride i2, padding i3, dilation i4 */
static cg_window2d window_of(const cg_sample *s) {
    return (cg_window2d){{s->i[0], s->i[1]}, {s->i[2], s->i[2]}, {s->i[3], s->i[3]}, {s->i[4], s->i[4]}};
}

/* ---- unfold / fold ----------------------------------------------------------------- */

static cg_tensor *f_unfold(cg_tensor *const *in, const cg_sample *s) {
    cg_window2d w = window_of(s);
    return cg_unfold(in[0], &w);
}
bool sample_im2col(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("2x2 [A,B,C+1,D+1]", 1, {IN(401, false, S_A, S_B, S_C + 1, S_D + 1)}, f_unfold,
                      .i = {2, 2, 1, 0, 1});
    case 1:
        return SAMPLE("2x3 stride 2 padding 1 dilation 2, non-contiguous", 1,
                      {IN(402, true, S_A, S_B, S_C + 2, S_D + 3)}, f_unfold, .i = {2, 3, 2, 1, 2});
    case 2:
        return SAMPLE("unbatched [B,C+2,D+2] 3x3 padding 1", 1, {IN(403, false, S_B, S_C + 2, S_D + 2)}, f_unfold,
                      .i = {3, 3, 1, 1, 1});
    default: return false;
    }
}

/* fold to [i5, i5] */
static cg_tensor *f_fold(cg_tensor *const *in, const cg_sample *s) {
    cg_window2d w = window_of(s);
    return cg_fold(in[0], (int64_t[]){s->i[5], s->i[5]}, &w);
}
bool sample_col2im(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("2x2 into [C+1,C+1]", 1, {IN(411, false, S_A, S_B * 4, S_C * S_C)}, f_fold,
                      .i = {2, 2, 1, 0, 1, S_C + 1});
    case 1:
        return SAMPLE("3x3 stride 2 padding 1 into [2C+1,2C+1], unbatched", 1,
                      {IN(412, false, S_B * 9, (S_C + 1) * (S_C + 1))}, f_fold, .i = {3, 3, 2, 1, 1, 2 * S_C + 1});
    default: return false;
    }
}

/* ---- convolution ---------------------------------------------------------------------- */

/* conv of s->i: nspatial i0, stride i1, padding i2, dilation i3, groups i4;
 * a bias when the sample has three inputs */
static cg_tensor *f_conv(cg_tensor *const *in, const cg_sample *s) {
    int64_t st[3] = {s->i[1], s->i[1], s->i[1]}, pad[3] = {s->i[2], s->i[2], s->i[2]};
    int64_t dil[3] = {s->i[3], s->i[3], s->i[3]};
    return cg_convolution(in[0], in[1], s->nin > 2 ? in[2] : NULL, (int)s->i[0], st, pad, dil, s->i[4]);
}
/* conv_transpose3d: stride 2, padding 1, output_padding 1, groups 2 */
static cg_tensor *f_conv_transpose3d(cg_tensor *const *in, const cg_sample *s) {
    int64_t st[3] = {2, 2, 2}, pad[3] = {1, 1, 1}, op[3] = {1, 1, 1}, dil[3] = {1, 1, 1};
    return cg_conv_transpose(in[0], in[1], s->nin > 2 ? in[2] : NULL, 3, st, pad, op, dil, 2);
}
bool sample_convolution(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("conv2d 3x3 padding 1, bias", 3,
                      {IN(421, false, S_A, S_B, S_C + 2, S_D + 2), IN(422, false, S_E, S_B, 3, 3), IN(423, false, S_E)},
                      f_conv, .i = {2, 1, 1, 1, 1});
    case 1:
        return SAMPLE("conv2d stride 2 dilation 2, non-contiguous input", 2,
                      {IN(424, true, S_A, S_B, S_C + 4, S_D + 4), IN(425, false, S_E, S_B, 2, 3)}, f_conv,
                      .i = {2, 2, 0, 2, 1});
    case 2:
        return SAMPLE("conv2d groups 2, bias", 3,
                      {IN(426, false, S_A, 2 * S_B, S_C + 1, S_D + 1), IN(427, false, 2 * S_E, S_B, 2, 2),
                       IN(428, false, 2 * S_E)},
                      f_conv, .i = {2, 1, 0, 1, 2});
    case 3:
        return SAMPLE("conv1d stride 2 padding 1, bias", 3,
                      {IN(429, false, S_A, S_B, S_C + 2), IN(430, false, S_E, S_B, 3), IN(431, false, S_E)}, f_conv,
                      .i = {1, 2, 1, 1, 1});
    case 4:
        return SAMPLE("conv2d depthwise (groups B, two filters each)", 2,
                      {IN(432, false, S_A, S_B, S_C + 1, S_D + 1), IN(433, false, 2 * S_B, 1, 2, 2)}, f_conv,
                      .i = {2, 1, 0, 1, S_B});
    case 5:
        return SAMPLE("conv3d 2x2x2 padding 1, bias", 3,
                      {IN(1610, false, S_A, S_B, S_C + 1, S_D + 1, 3), IN(1611, false, S_E, S_B, 2, 2, 2),
                       IN(1612, false, S_E)},
                      f_conv, .i = {3, 1, 1, 1, 1});
    case 6:
        return SAMPLE("conv3d stride 2 dilation 2 groups 2, non-contiguous input", 2,
                      {IN(1613, true, S_A, 2 * S_B, S_C + 3, S_D + 3, 4), IN(1614, false, 2 * S_E, S_B, 2, 2, 1)},
                      f_conv, .i = {3, 2, 0, 2, 2});
    case 7:
        return SAMPLE("conv_transpose3d stride 2 padding 1 output_padding 1 groups 2, bias", 3,
                      {IN(1615, false, S_A, 2 * S_B, S_C, S_D, 2), IN(1616, false, 2 * S_B, S_E, 2, 3, 2),
                       IN(1617, false, 2 * S_E)},
                      f_conv_transpose3d);
    default: return false;
    }
}

/* ---- pooling ---------------------------------------------------------------------- */

/* max_pool2d of s->i's window, ceil_mode i5 */
static cg_tensor *f_max_pool(cg_tensor *const *in, const cg_sample *s) {
    cg_window2d w = window_of(s);
    return cg_max_pool2d(in[0], &w, s->i[5], NULL);
}
bool sample_max_pool2d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("2x2 [A,B,2C,2D]", 1, {IN(441, false, S_A, S_B, 2 * S_C, 2 * S_D)}, f_max_pool,
                      .i = {2, 2, 2, 0, 1, 0});
    case 1:
        return SAMPLE("3x3 stride 2 padding 1 ceil_mode, non-contiguous", 1,
                      {IN(442, true, S_A, S_B, S_C + 2, S_D + 2)}, f_max_pool, .i = {3, 3, 2, 1, 1, 1});
    case 2:
        return SAMPLE("2x2 dilation 2, unbatched [B,C+2,D+2]", 1, {IN(443, false, S_B, S_C + 2, S_D + 2)}, f_max_pool,
                      .i = {2, 2, 1, 0, 2, 0});
    default: return false;
    }
}

/* avg_pool2d of s->i's window, ceil_mode i5; padding left out of the
 * divisor when d0 is 1, divisor_override d1 (0: none) */
static cg_tensor *f_avg_pool(cg_tensor *const *in, const cg_sample *s) {
    cg_window2d w = window_of(s);
    return cg_avg_pool2d(in[0], &w, s->i[5], s->d[0] == 0, (int64_t)s->d[1]);
}
bool sample_avg_pool2d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("2x2 [A,B,2C,2D]", 1, {IN(451, false, S_A, S_B, 2 * S_C, 2 * S_D)}, f_avg_pool,
                      .i = {2, 2, 2, 0, 1, 0});
    case 1:
        return SAMPLE("3x3 stride 2 padding 1 ceil_mode, padding not counted, non-contiguous", 1,
                      {IN(452, true, S_A, S_B, S_C + 2, S_D + 2)}, f_avg_pool, .i = {3, 3, 2, 1, 1, 1}, .d = {1, 0});
    case 2:
        return SAMPLE("2x2 stride 1 divisor 3, unbatched", 1, {IN(453, false, S_B, S_C + 1, S_D + 1)}, f_avg_pool,
                      .i = {2, 2, 1, 0, 1, 0}, .d = {0, 3});
    default: return false;
    }
}

/* avg_pool2d's backward into an input of [i6, i7], window as above */
static cg_tensor *f_avg_pool_backward(cg_tensor *const *in, const cg_sample *s) {
    cg_window2d w = window_of(s);
    return cg_avg_pool2d_backward(in[0], s->i[6], s->i[7], &w, s->d[0] == 0, (int64_t)s->d[1]);
}
bool sample_avg_pool2d_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("3x3 stride 2 padding 1, [A,B,4,4] to 7x7 (windows overlap)", 1,
                      {IN(456, false, S_A, S_B, 4, 4)}, f_avg_pool_backward, .i = {3, 3, 2, 1, 1, 0, 7, 7});
    case 1:
        return SAMPLE("3x3 stride 1 padding not counted, unbatched [B,3,4] to 5x6", 1, {IN(457, true, S_B, 3, 4)},
                      f_avg_pool_backward, .i = {3, 3, 1, 1, 1, 0, 3, 4}, .d = {1, 0});
    default: return false;
    }
}

static cg_tensor *f_adaptive(cg_tensor *const *in, const cg_sample *s) {
    return cg_adaptive_avg_pool2d(in[0], (int64_t[]){s->i[0], s->i[1]});
}
bool sample_adaptive_avg_pool2d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B,C+3,D+2] to 3x2", 1, {IN(461, false, S_A, S_B, S_C + 3, S_D + 2)}, f_adaptive, .i = {3, 2});
    case 1:
        return SAMPLE("unbatched [B,C,D] to 2x3 (windows overlap), non-contiguous", 1, {IN(462, true, S_B, S_C, S_D)},
                      f_adaptive, .i = {2, 3});
    default: return false;
    }
}

static cg_tensor *f_adaptive_backward(cg_tensor *const *in, const cg_sample *s) {
    return cg_adaptive_avg_pool2d_backward(in[0], s->i[0], s->i[1]);
}
bool sample_adaptive_avg_pool2d_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B,3,2] to [C+3,D+2]", 1, {IN(471, false, S_A, S_B, 3, 2)}, f_adaptive_backward,
                      .i = {S_C + 3, S_D + 2});
    case 1: return SAMPLE("[B,2,3] to [C,D]", 1, {IN(472, false, S_B, 2, 3)}, f_adaptive_backward, .i = {S_C, S_D});
    default: return false;
    }
}

/* ---- batch_norm ---------------------------------------------------------------------- */

/* in: input, then weight and bias when i2; training i0, running stats
 * (drawn afresh each call: training moves them) when i1, momentum d0, eps d1 */
static cg_tensor *f_batch_norm(cg_tensor *const *in, const cg_sample *s) {
    bool affine = s->i[2];
    int64_t c = in[0]->sizes[1];
    cg_tensor *rm = s->i[1] ? s_on_device_of(in[0], s_const_range(&c, 1, 484, -1, 1)) : NULL;
    cg_tensor *rv = s->i[1] ? s_on_device_of(in[0], s_const_range(&c, 1, 485, 0.5, 2)) : NULL;
    cg_tensor *out =
        cg_batch_norm(in[0], rm, rv, affine ? in[1] : NULL, affine ? in[2] : NULL, s->i[0], s->d[0], s->d[1]);
    cg_tensor_release(rm), cg_tensor_release(rv);
    return out;
}
bool sample_batch_norm(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("training [A+1,B,C], affine, running stats", 3,
                      {IN(481, false, S_A + 1, S_B, S_C), IN(482, false, S_B), IN(483, false, S_B)}, f_batch_norm,
                      .i = {1, 1, 1}, .d = {0.1, 1e-5});
    case 1:
        return SAMPLE("evaluation [A,B,C,D], affine, non-contiguous", 3,
                      {IN(486, true, S_A, S_B, S_C, S_D), IN(487, false, S_B), IN(488, false, S_B)}, f_batch_norm,
                      .i = {0, 1, 1}, .d = {0.1, 1e-3});
    case 2:
        return SAMPLE("training [A+1,B], no weight, no running stats", 1, {IN(491, false, S_A + 1, S_B)}, f_batch_norm,
                      .i = {1, 0, 0}, .d = {0.1, 1e-5});
    default: return false;
    }
}

/* native_batch_norm_backward under create_graph: the gradient (i[1]: 0 of
 * in[1], 1 of the weight in[2]) of batch_norm(in[1], weight in[2], bias
 * in[3]) for the grad in[0], training (i[0]) or evaluating with running
 * statistics; a node of its own whose derivative is checked here */
static cg_tensor *f_batch_norm_backward(cg_tensor *const *in, const cg_sample *s) {
    cg_tensor *x = in[1], *g[2] = {NULL, NULL};
    int64_t c = x->sizes[1];
    cg_tensor *rm = s_on_device_of(x, s_const_range(&c, 1, 484, -1, 1));
    cg_tensor *rv = s_on_device_of(x, s_const_range(&c, 1, 485, 0.5, 2));
    bool was = cg_grad_set_enabled(true); /* the gradcheck's numeric side runs under no_grad */
    cg_tensor *y = cg_batch_norm(x, rm, rv, in[2], in[3], s->i[0], 0.1, 1e-5);
    int rc = y ? cg_autograd_grad(1, &y, &in[0], 2, (cg_tensor *[]){x, in[2]}, true, true, true, g) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(y), cg_tensor_release(rm), cg_tensor_release(rv), cg_tensor_release(g[1 - s->i[1]]);
    return rc < 0 ? NULL : g[s->i[1]];
}
bool sample_batch_norm_backward(int v, cg_sample *s) {
    static const char *desc[] = {"training [A+1,B,C], the input's gradient", "training [A+1,B,C], the weight's gradient",
                                 "evaluation [A+1,B,C], the input's gradient",
                                 "evaluation [A+1,B,C], the weight's gradient"};
    if (v > 3)
        return false;
    return SAMPLE(desc[v], 4,
                  {IN(492, false, S_A + 1, S_B, S_C), IN(493, false, S_A + 1, S_B, S_C), IN(494, false, S_B),
                   IN(495, false, S_B)},
                  f_batch_norm_backward, .i = {v < 2, v % 2});
}

/* layer_norm over the trailing s->i[0] dims of in[0]; weight and bias when
 * given */
static cg_tensor *f_layer_norm(cg_tensor *const *in, const cg_sample *s) {
    int nd = (int)s->i[0];
    return cg_layer_norm(in[0], nd, in[0]->sizes + in[0]->ndim - nd, s->nin > 1 ? in[1] : NULL, s->nin > 2 ? in[2] : NULL,
                         s->d[0]);
}
bool sample_layer_norm(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B,C] over [C], affine", 3,
                      {IN(501, false, S_A, S_B, S_C + 1), IN(502, false, S_C + 1), IN(503, false, S_C + 1)},
                      f_layer_norm, .i = {1}, .d = {1e-5});
    case 1:
        return SAMPLE("[A,B,C] over [B,C], non-contiguous, no affine", 1, {IN(504, true, S_A, S_B + 1, S_C + 1)},
                      f_layer_norm, .i = {2}, .d = {1e-3});
    default: return false;
    }
}

/* native_layer_norm_backward under create_graph: the gradient (i[1]: 0 of
 * in[1], 1 of the weight in[2]) of layer_norm(in[1], in[2], in[3]) over its
 * last i[0] dims for the grad in[0], a node of its own whose derivative is
 * checked here */
static cg_tensor *f_layer_norm_backward(cg_tensor *const *in, const cg_sample *s) {
    int nd = (int)s->i[0];
    cg_tensor *x = in[1], *g[2] = {NULL, NULL};
    bool was = cg_grad_set_enabled(true); /* the gradcheck's numeric side runs under no_grad */
    cg_tensor *y = cg_layer_norm(x, nd, x->sizes + x->ndim - nd, in[2], in[3], 1e-5);
    int rc = y ? cg_autograd_grad(1, &y, &in[0], 2, (cg_tensor *[]){x, in[2]}, true, true, true, g) : -1;
    cg_grad_set_enabled(was);
    cg_tensor_release(y), cg_tensor_release(g[1 - s->i[1]]);
    return rc < 0 ? NULL : g[s->i[1]];
}
bool sample_layer_norm_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
    case 1:
        return SAMPLE(v ? "[A,B,C] over [C], the weight's gradient" : "[A,B,C] over [C], the input's gradient", 4,
                      {IN(505, false, S_A, S_B, S_C + 1), IN(506, false, S_A, S_B, S_C + 1), IN(507, false, S_C + 1),
                       IN(508, false, S_C + 1)},
                      f_layer_norm_backward, .i = {1, v});
    case 2:
        return SAMPLE("[A,B,C] over [B,C], grad non-contiguous", 4,
                      {IN(509, true, S_A, S_B + 1, S_C + 1), IN(510, false, S_A, S_B + 1, S_C + 1),
                       IN(515, false, S_B + 1, S_C + 1), IN(516, false, S_B + 1, S_C + 1)},
                      f_layer_norm_backward, .i = {2, 0});
    default: return false;
    }
}

/* group_norm of in[0] in s->i[0] groups; weight and bias when given */
static cg_tensor *f_group_norm(cg_tensor *const *in, const cg_sample *s) {
    return cg_group_norm(in[0], s->i[0], s->nin > 1 ? in[1] : NULL, s->nin > 2 ? in[2] : NULL, s->d[0]);
}
bool sample_group_norm(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,4,C] in 2 groups, affine", 3,
                      {IN(511, false, S_A, 4, S_C + 1), IN(512, false, 4), IN(513, false, 4)}, f_group_norm,
                      .i = {2}, .d = {1e-5});
    case 1:
        return SAMPLE("[A,6,C,D] in 3 groups, non-contiguous, no affine", 1, {IN(514, true, S_A, 6, S_C, S_D + 1)},
                      f_group_norm, .i = {3}, .d = {1e-3});
    default: return false;
    }
}

/* ---- padding ------------------------------------------------------------------------ */

/* F.pad of in[0] by the s->i[6] pads in s->i[0..6), in `mode` */
static cg_tensor *pad_of(cg_tensor *const *in, const cg_sample *s, const char *mode) {
    return cg_pad(in[0], (int)s->i[6], s->i, mode, strcmp(mode, "constant") == 0 ? &s->d[0] : NULL);
}
static cg_tensor *f_constant_pad(cg_tensor *const *in, const cg_sample *s) { return pad_of(in, s, "constant"); }
static cg_tensor *f_reflection_pad(cg_tensor *const *in, const cg_sample *s) { return pad_of(in, s, "reflect"); }
static cg_tensor *f_replication_pad(cg_tensor *const *in, const cg_sample *s) { return pad_of(in, s, "replicate"); }

bool sample_constant_pad_nd(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B] (1, 2) value 0.5", 1, {IN(501, false, S_A, S_B)}, f_constant_pad,
                      .i = {1, 2, 0, 0, 0, 0, 2}, .d = {0.5});
    case 1:
        return SAMPLE("[A,B+2,C+1] (1, 0, -1, 2), a crop, non-contiguous", 1, {IN(502, true, S_A, S_B + 2, S_C + 1)},
                      f_constant_pad, .i = {1, 0, -1, 2, 0, 0, 4});
    default: return false;
    }
}

bool sample_reflection_pad(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("1d [A,B,C+2] (2, 1)", 1, {IN(511, false, S_A, S_B, S_C + 2)}, f_reflection_pad,
                      .i = {2, 1, 0, 0, 0, 0, 2});
    case 1:
        return SAMPLE("2d [A,B,C+2,D+2] (1, 2, 2, 0), non-contiguous", 1, {IN(512, true, S_A, S_B, S_C + 2, S_D + 2)},
                      f_reflection_pad, .i = {1, 2, 2, 0, 0, 0, 4});
    case 2:
        return SAMPLE("3d unbatched [B,C+1,D+1,E+1] (1, 1, 0, 1, 1, 0)", 1,
                      {IN(513, false, S_B, S_C + 1, S_D + 1, S_E + 1)}, f_reflection_pad, .i = {1, 1, 0, 1, 1, 0, 6});
    case 3:
        return SAMPLE("1d unbatched [A,C+2] (-1, 1)", 1, {IN(514, false, S_A, S_C + 2)}, f_reflection_pad,
                      .i = {-1, 1, 0, 0, 0, 0, 2});
    default: return false;
    }
}

bool sample_replication_pad(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("1d [A,B,C] (3, 1)", 1, {IN(521, false, S_A, S_B, S_C)}, f_replication_pad,
                      .i = {3, 1, 0, 0, 0, 0, 2});
    case 1:
        return SAMPLE("2d [A,B,C+1,D] (2, 0, 1, 3), non-contiguous", 1, {IN(522, true, S_A, S_B, S_C + 1, S_D)},
                      f_replication_pad, .i = {2, 0, 1, 3, 0, 0, 4});
    case 2:
        return SAMPLE("3d [A,B,C,D,E] (1, 0, 0, 2, 1, 1)", 1, {IN(523, false, S_A, S_B, S_C, S_D, S_E)},
                      f_replication_pad, .i = {1, 0, 0, 2, 1, 1, 6});
    default: return false;
    }
}

/* ---- adaptive_avg_pool3d ----------------------------------------------------------------- */

static cg_tensor *f_adaptive3(cg_tensor *const *in, const cg_sample *s) {
    return cg_adaptive_avg_pool3d(in[0], (int64_t[]){s->i[0], s->i[1], s->i[2]});
}
bool sample_adaptive_avg_pool3d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B,C+2,D+1,3] to 2x3x2", 1, {IN(1330, false, S_A, S_B, S_C + 2, S_D + 1, 3)}, f_adaptive3,
                      .i = {2, 3, 2});
    case 1:
        return SAMPLE("unbatched [B,C,D,2] to 3x2x3 (windows overlap), non-contiguous", 1,
                      {IN(1331, true, S_B, S_C, S_D, 2)}, f_adaptive3, .i = {3, 2, 3});
    default: return false;
    }
}

static cg_tensor *f_adaptive3_backward(cg_tensor *const *in, const cg_sample *s) {
    return cg_adaptive_avg_pool3d_backward(in[0], (int64_t[]){s->i[0], s->i[1], s->i[2]});
}
bool sample_adaptive_avg_pool3d_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B,2,3,2] to [C+2,D+1,3]", 1, {IN(1332, false, S_A, S_B, 2, 3, 2)}, f_adaptive3_backward,
                      .i = {S_C + 2, S_D + 1, 3});
    default: return false;
    }
}

/* ---- adaptive_max_pool2d ----------------------------------------------------------------- */

static cg_tensor *f_adaptive_max(cg_tensor *const *in, const cg_sample *s) {
    return cg_adaptive_max_pool2d(in[0], (int64_t[]){s->i[0], s->i[1]}, NULL);
}
bool sample_adaptive_max_pool2d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B,C+3,D+2] to 3x2", 1, {IN(1333, false, S_A, S_B, S_C + 3, S_D + 2)}, f_adaptive_max,
                      .i = {3, 2});
    case 1:
        return SAMPLE("unbatched [B,C+1,D+1] to 2x3, non-contiguous", 1, {IN(1334, true, S_B, S_C + 1, S_D + 1)},
                      f_adaptive_max, .i = {2, 3});
    default: return false;
    }
}

/* ---- max_unpool2d ------------------------------------------------------------------------- */

/* the indices of a 2x2 max pooling of a [B, C, 2h, 2w] input, distinct
 * within each plane, as constants */
static cg_tensor *f_max_unpool(cg_tensor *const *in, const cg_sample *s) {
    int64_t h = in[0]->sizes[in[0]->ndim - 2], w = in[0]->sizes[in[0]->ndim - 1];
    cg_tensor *idx = cg_tensor_empty(in[0]->ndim, in[0]->sizes, CG_INT64, cg_tensor_device(in[0]));
    if (!idx)
        return NULL;
    int64_t *d = cg_tensor_data(idx), n = cg_tensor_numel(idx);
    for (int64_t e = 0; e < n; e++) {
        int64_t y = (e / w) % h, x = e % w;
        d[e] = (2 * y + (e % 3 == 0)) * (2 * w) + 2 * x + (e % 2); /* a spot inside window (y, x) */
    }
    cg_tensor *r = cg_max_unpool2d(in[0], idx, (int64_t[]){2 * h, 2 * w});
    cg_tensor_release(idx);
    return r;
}
bool sample_max_unpool2d(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B,C,D] into 2C x 2D", 1, {IN(1335, false, S_A, S_B, S_C, S_D)}, f_max_unpool);
    case 1:
        return SAMPLE("unbatched [B,C,D], non-contiguous", 1, {IN(1336, true, S_B, S_C, S_D)}, f_max_unpool);
    default: return false;
    }
}

/* ---- max_pool3d, avg_pool3d ---------------------------------------------------------------- */

/* the window of s->i: kernel (i0, i1, i2), stride i3, padding i4, dilation i5 */
static cg_window3d window3_of(const cg_sample *s) {
    return (cg_window3d){{s->i[0], s->i[1], s->i[2]}, {s->i[3], s->i[3], s->i[3]}, {s->i[4], s->i[4], s->i[4]},
                         {s->i[5], s->i[5], s->i[5]}};
}
static cg_tensor *f_max_pool3d(cg_tensor *const *in, const cg_sample *s) {
    cg_window3d w = window3_of(s);
    return cg_max_pool3d(in[0], &w, s->i[6] != 0, NULL);
}
bool sample_max_pool3d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("2x2x2 [A,B,C+2,D+2,3]", 1, {IN(1337, false, S_A, S_B, S_C + 2, S_D + 2, 3)}, f_max_pool3d,
                      .i = {2, 2, 2, 2, 0, 1, 0});
    case 1:
        return SAMPLE("unbatched 3x2x2 stride 1 padding 1 dilation 2 ceil, non-contiguous", 1,
                      {IN(1338, true, S_B, S_C + 4, S_D + 3, 4)}, f_max_pool3d, .i = {3, 2, 2, 1, 1, 2, 1});
    default: return false;
    }
}
static cg_tensor *f_avg_pool3d(cg_tensor *const *in, const cg_sample *s) {
    cg_window3d w = window3_of(s);
    return cg_avg_pool3d(in[0], &w, s->i[6] != 0, s->i[7] != 0, 0);
}
bool sample_avg_pool3d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("2x2x2 [A,B,C+2,D+2,3]", 1, {IN(1339, false, S_A, S_B, S_C + 2, S_D + 2, 3)}, f_avg_pool3d,
                      .i = {2, 2, 2, 2, 0, 1, 0, 1});
    case 1:
        return SAMPLE("unbatched 3x2x2 stride 2 padding 1 ceil, count_include_pad=False, non-contiguous", 1,
                      {IN(1340, true, S_B, S_C + 4, S_D + 3, 4)}, f_avg_pool3d, .i = {3, 2, 2, 2, 1, 1, 1, 0});
    default: return false;
    }
}
static cg_tensor *f_avg_pool3d_backward(cg_tensor *const *in, const cg_sample *s) {
    cg_window3d w = window3_of(s);
    return cg_avg_pool3d_backward(in[0], (int64_t[]){5, 4, 4}, &w, true, 0);
}
bool sample_avg_pool3d_backward(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B,2,2,2] 2x2x2 stride 2 into [5,4,4]", 1, {IN(1341, false, S_A, S_B, 2, 2, 2)},
                      f_avg_pool3d_backward, .i = {2, 2, 2, 2, 0, 1, 0, 1});
    default: return false;
    }
}

/* ---- adaptive_max_pool3d, max_unpool3d, conv_tbc --------------------------------------- */

static cg_tensor *f_adaptive_max3(cg_tensor *const *in, const cg_sample *s) {
    return cg_adaptive_max_pool3d(in[0], (int64_t[]){s->i[0], s->i[1], s->i[2]}, NULL);
}
bool sample_adaptive_max_pool3d(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[A,B,C+2,D+2,3] to 2x3x2", 1, {IN(1600, false, S_A, S_B, S_C + 2, S_D + 2, 3)},
                      f_adaptive_max3, .i = {2, 3, 2});
    case 1:
        return SAMPLE("unbatched [B,C+1,D+1,4] to 3x2x3, non-contiguous", 1, {IN(1601, true, S_B, S_C + 1, S_D + 1, 4)},
                      f_adaptive_max3, .i = {3, 2, 3});
    default: return false;
    }
}

/* the indices of a 2x2x2 max pooling of a [.., 2d, 2h, 2w] input, distinct
 * within each plane, as constants */
static cg_tensor *f_max_unpool3(cg_tensor *const *in, const cg_sample *s) {
    (void)s;
    int nd = in[0]->ndim;
    int64_t d = in[0]->sizes[nd - 3], h = in[0]->sizes[nd - 2], w = in[0]->sizes[nd - 1];
    cg_tensor *idx = cg_tensor_empty(nd, in[0]->sizes, CG_INT64, cg_tensor_device(in[0]));
    if (!idx)
        return NULL;
    int64_t *p = cg_tensor_data(idx), n = cg_tensor_numel(idx);
    for (int64_t e = 0; e < n; e++) {
        int64_t z = (e / (w * h)) % d, y = (e / w) % h, x = e % w;
        p[e] = ((2 * z + (e % 5 == 0)) * (2 * h) + 2 * y + (e % 3 == 0)) * (2 * w) + 2 * x + (e % 2);
    }
    cg_tensor *r = cg_max_unpool3d(in[0], idx, (int64_t[]){2 * d, 2 * h, 2 * w}, (int64_t[]){2, 2, 2});
    cg_tensor_release(idx);
    return r;
}
bool sample_max_unpool3d(int v, cg_sample *s) {
    switch (v) {
    case 0: return SAMPLE("[A,B,C,D,2] into 2C x 2D x 4", 1, {IN(1602, false, S_A, S_B, S_C, S_D, 2)}, f_max_unpool3);
    case 1:
        return SAMPLE("unbatched [B,C,D,2], non-contiguous", 1, {IN(1603, true, S_B, S_C, S_D, 2)}, f_max_unpool3);
    default: return false;
    }
}

static cg_tensor *f_conv_tbc(cg_tensor *const *in, const cg_sample *s) { return cg_conv_tbc(in[0], in[1], in[2], s->i[0]); }
bool sample_conv_tbc(int v, cg_sample *s) {
    switch (v) {
    case 0:
        return SAMPLE("[C+3,A,B] by 3 taps, pad 1", 3,
                      {IN(1604, false, S_C + 3, S_A, S_B), IN(1605, false, 3, S_B, S_E), IN(1606, false, S_E)},
                      f_conv_tbc, .i = {1});
    case 1:
        return SAMPLE("[C+1,A,B] by 2 taps, pad 0, non-contiguous input", 3,
                      {IN(1607, true, S_C + 1, S_A, S_B), IN(1608, false, 2, S_B, S_E), IN(1609, false, S_E)},
                      f_conv_tbc, .i = {0});
    default: return false;
    }
}
