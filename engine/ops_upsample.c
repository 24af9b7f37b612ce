/* ops_upsample.c: the resampling ops of F.interpolate (ops_upsample.h):
 * nearest, nearest-exact, linear (1-d, bilinear, trilinear) and bicubic,
 * forward and backward kernels on the CPU, and their derivatives. Not
 * 'area' (adaptive_avg_pool) and not the antialiased modes.
 *
 * Note [Resampling arithmetic]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch 1.13 resamples a channels-first tensor one output element at a
 * time from per-dim tables of source indices and weights
 * (upsample_generic_Nd_kernel_impl), and its kernels are built with FMA
 * (the AVX2 build of UpSampleKernel.cpp), where GCC fuses a * b + c. The
 * steps that set the bits, as measured against it:
 *   - scale, per dim, in the tensor's type T: align_corners ? (in - 1) /
 *     (out - 1) : a given scale factor s as T(1 / s), else in / out;
 *   - linear: the source position r = scale (o + 0.5) - 0.5 in double
 *     (the 0.5 is a double literal), clamped at 0 (align_corners: scale o);
 *     i0 = trunc(r), i1 = i0 + 1 inside the input; l1 = T(clamp(r - i0,
 *     0, 1)) and l0 = 1 - l1 in T. A dim whose size does not change is
 *     copied (l0 = 1, l1 = 0);
 *   - a value is fma(t0, l0, t1 * l1), dim by dim from the first
 *     resampled dim outwards (the last dim innermost);
 *   - nearest: floor(o * scale) in float, nearest-exact floor((o + 0.5)
 *     scale), both capped at in - 1, with a float scale for every dtype;
 *   - cubic: r and t = r - floorf(r) in double, t then rounded to T
 *     (the backward: both in T, unfused), Keys' coefficients
 *     (A = -0.75) with their first steps fused and the last not
 *     (measured: ((A + 2) x - (A + 3)) fused, then * x * x + 1;
 *     fma(fma(A, x, -5 A), x, 8 A) * x - 4 A); the value
 *     fma(t3, w3, fma(t2, w2, fma(t0, w0, t1 w1))), as measured too.
 * A 4-d or 5-d input that is channels-last contiguous as well (one
 * channel, or one pixel per plane) takes PyTorch's channels-last loop
 * for linear: the corner weights multiplied in T (h w, or d h w), and
 * the value fma(t_0, w_0, t_1 w_1), then fma(t_c, w_c, .) corner by
 * corner, in double, rounded once to T; but the channels its AVX2
 * vectors hold (all but the last C mod 8 floats or C mod 4 doubles)
 * get fma(t_0, w_0, fma(t_1, w_1, ...)) in T (measured: right for all
 * but one of 192 values tried).
 * The backward kernels add each output's share into the input in output
 * order, a plane at a time (so threads change nothing): linear with
 * fma(l_h l_w, g, acc), nearest with a plain add; bicubic's (a file built
 * without FMA in PyTorch) adds (g y_j) x_i with its coefficients unfused,
 * x taps outside y taps. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ew.h"
#include "nn_internal.h"
#include "ops.h"
#include "ops_upsample.h"

/* ---- the op's arguments -------------------------------------------------------------- */

/* args: i[0] mode, i[1] nspatial, flag align_corners, dims[0..2] the
 * input's sizes, dims[3..5] the output's, the scales' bits in dims[6],
 * dims[7] and i[2]. */
static int64_t *scale_slot(cg_op_args *a, int d) { return d < 2 ? &a->dims[6 + d] : &a->i[2]; }

static cg_op_args args_of(const cg_upsample_spec *s, const int64_t *in) {
    cg_op_args a = {.i = {s->mode, s->nspatial}, .ndims = 8, .flag = s->align_corners};
    for (int d = 0; d < s->nspatial; d++) {
        a.dims[d] = in[d], a.dims[3 + d] = s->out[d];
        memcpy(scale_slot(&a, d), &s->scales[d], sizeof(double));
    }
    return a;
}

static cg_upsample_spec spec_of(const cg_op_args *a, int64_t *in) {
    cg_upsample_spec s = {(cg_upsample_mode)a->i[0], (int)a->i[1], {0}, {0}, a->flag};
    cg_op_args c = *a;
    for (int d = 0; d < s.nspatial; d++) {
        in[d] = a->dims[d], s.out[d] = a->dims[3 + d];
        memcpy(&s.scales[d], scale_slot(&c, d), sizeof(double));
    }
    return s;
}

/* ---- source indices and weights -------------------------------------------------------- */

/* nearest's float scale (PyTorch's compute_scales_value<float>) */
static float nearest_scale(double given, int64_t in, int64_t out) {
    return given > 0 ? (float)(1.0 / given) : (float)in / (float)out;
}

static int64_t nearest_index(cg_upsample_mode mode, int64_t o, int64_t in, int64_t out, double given) {
    if (out == in)
        return o;
    float scale = nearest_scale(given, in, out);
    int64_t i = mode == CG_UPSAMPLE_NEAREST ? (int64_t)floorf((float)o * scale)
                                            : (int64_t)floorf((float)((o + 0.5) * (double)scale));
    return i < in - 1 ? i : in - 1;
}

/* Keys' cubic convolution with A = -0.75, |x| <= 1 and 1 < |x| < 2, fused
 * or not (Note [Resampling arithmetic]) */
#define CUBIC_FNS(T, FMA, sfx)                                                                      \
    static T cubic1_##sfx(T x, T A, bool fused) {                                                   \
        if (fused)                                                                                  \
            return FMA(A + 2, x, -(A + 3)) * x * x + 1;                                             \
        return ((A + 2) * x - (A + 3)) * x * x + 1;                                                 \
    }                                                                                               \
    static T cubic2_##sfx(T x, T A, bool fused) {                                                   \
        if (fused)                                                                                  \
            return FMA(FMA(A, x, -5 * A), x, 8 * A) * x - 4 * A;                                    \
        return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A;                                           \
    }                                                                                               \
    static void cubic_coeffs_##sfx(T *c, T t, bool fused) {                                         \
        T A = (T)-0.75;                                                                             \
        c[0] = cubic2_##sfx((T)(t + 1.0), A, fused);                                                \
        c[1] = cubic1_##sfx(t, A, fused);                                                           \
        T t2 = (T)(1.0 - t);                                                                        \
        c[2] = cubic1_##sfx(t2, A, fused);                                                          \
        c[3] = cubic2_##sfx((T)(t2 + 1.0), A, fused);                                               \
    }                                                                                               \
    /* the linear and cubic scale of one dim, in T */                                               \
    static T area_scale_##sfx(int64_t in, int64_t out, bool align, double given) {                  \
        if (align)                                                                                  \
            return out > 1 ? (T)(in - 1) / (T)(out - 1) : (T)0;                                     \
        return given > 0 ? (T)(1.0 / given) : (T)in / (T)out;                                       \
    }                                                                                               \
    /* the taps of dim d: idx[o K + j] (times the dim's stride) and w[o K + j] */                   \
    static void taps_##sfx(const cg_upsample_spec *s, int d, int64_t in, int64_t stride, int64_t *idx, T *w, \
                           bool fused) {                                                            \
        int64_t out = s->out[d];                                                                    \
        T scale = area_scale_##sfx(in, out, s->align_corners, s->scales[d]);                        \
        for (int64_t o = 0; o < out; o++) {                                                         \
            if (s->mode == CG_UPSAMPLE_NEAREST || s->mode == CG_UPSAMPLE_NEAREST_EXACT) {           \
                idx[o] = nearest_index(s->mode, o, in, out, s->scales[d]) * stride, w[o] = 1;       \
            } else if (s->mode == CG_UPSAMPLE_LINEAR) {                                             \
                int64_t i0 = o, i1 = o;                                                             \
                T l1 = 0;                                                                           \
                if (in != out) {                                                                    \
                    double r = s->align_corners ? (double)scale * o : fma((double)scale, o + 0.5, -0.5); \
                    r = r < 0 ? 0 : r;                                                              \
                    i0 = (int64_t)r, i1 = i0 + (i0 < in - 1);                                       \
                    double f = r - i0;                                                              \
                    l1 = (T)(f < 0 ? 0 : f > 1 ? 1 : f);                                            \
                }                                                                                   \
                idx[2 * o] = i0 * stride, idx[2 * o + 1] = i1 * stride;                             \
                w[2 * o] = (T)1 - l1, w[2 * o + 1] = l1;                                            \
            } else {                                                                                \
                int64_t i0;                                                                         \
                T t;                                                                                \
                if (fused) { /* the forward: the position in double */                              \
                    double r = s->align_corners ? (double)scale * o : fma((double)scale, o + 0.5, -0.5); \
                    i0 = (int64_t)floorf((float)r), t = (T)(r - i0);                                \
                } else { /* the backward: in T */                                                   \
                    T r = s->align_corners ? scale * (T)o : scale * ((T)o + (T)0.5) - (T)0.5;       \
                    i0 = (int64_t)floorf((float)r), t = r - (T)i0;                                  \
                }                                                                                   \
                cubic_coeffs_##sfx(w + 4 * o, t, fused);                                            \
                for (int j = 0; j < 4; j++) {                                                       \
                    int64_t k = i0 - 1 + j;                                                         \
                    idx[4 * o + j] = (k < 0 ? 0 : k > in - 1 ? in - 1 : k) * stride;                \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
    }
CUBIC_FNS(float, fmaf, f32)
CUBIC_FNS(double, fma, f64)

/* ---- kernels ----------------------------------------------------------------------------- */

/* The geometry of a call: planes N C, and per resampled dim the input's
 * and output's sizes, the taps per output (K) and their tables. */
typedef struct {
    int nd, K;
    bool cl; /* linear over 2 or 3 dims of a channels-last-contiguous input (Note [Resampling arithmetic]) */
    int64_t planes, chans, in[3], out[3], in_plane, out_plane;
    int64_t *idx[3];
    void *w[3];
} up_geom;

static int taps_of(cg_upsample_mode m) { return m == CG_UPSAMPLE_LINEAR ? 2 : m == CG_UPSAMPLE_CUBIC ? 4 : 1; }

/* The tables of every dim for dtype dt; fused as the forward's (or the
 * backward's, for cubic). Returns -1 when out of memory. */
static int geom_init(up_geom *g, const cg_op_args *a, const cg_tensor *big, cg_dtype dt, bool fused) {
    int64_t in[3];
    cg_upsample_spec s = spec_of(a, in);
    *g = (up_geom){.nd = s.nspatial, .K = taps_of(s.mode), .planes = 1, .in_plane = 1, .out_plane = 1};
    memcpy(g->in, in, sizeof in);
    for (int d = 0; d < big->ndim - s.nspatial; d++)
        g->planes *= big->sizes[d];
    int64_t stride = 1;
    for (int d = s.nspatial - 1; d >= 0; d--) {
        g->out[d] = s.out[d];
        g->in_plane *= g->in[d], g->out_plane *= g->out[d];
        g->idx[d] = malloc((size_t)(g->out[d] * g->K) * sizeof(int64_t));
        g->w[d] = malloc((size_t)(g->out[d] * g->K) * cg_dtype_size(dt));
        if (!g->idx[d] || !g->w[d])
            return -1;
        if (dt == CG_F32)
            taps_f32(&s, d, g->in[d], stride, g->idx[d], g->w[d], fused);
        else
            taps_f64(&s, d, g->in[d], stride, g->idx[d], g->w[d], fused);
        stride *= g->in[d];
    }
    return 0;
}

static void geom_free(up_geom *g) {
    for (int d = 0; d < 3; d++)
        free(g->idx[d]), free(g->w[d]);
}

/* The value at output position o[] of one plane src: the taps of dim d
 * combined (Note [Resampling arithmetic]). */
/* The next output position after o[] (last dim fastest). */
static inline void step(const up_geom *g, int64_t *o) {
    for (int d = g->nd - 1; d >= 0 && ++o[d] == g->out[d]; d--)
        if (d > 0)
            o[d] = 0;
}

/* The value at output position o[] of one plane src: the taps of each dim
 * combined, the last dim innermost (Note [Resampling arithmetic]). */
#define INTERP_FN(T, FMA, sfx)                                                                      \
    static inline __attribute__((always_inline)) T comb_##sfx(int K, const T *t, const T *w) {                                     \
        if (K == 1)                                                                                 \
            return t[0];                                                                            \
        T acc = FMA(t[0], w[0], t[1] * w[1]);                                                       \
        return K == 2 ? acc : FMA(t[3], w[3], FMA(t[2], w[2], acc));                                \
    }                                                                                               \
    /* dims d .. nd - 1 at src */                                                                   \
    static inline __attribute__((always_inline)) T level_##sfx(const up_geom *g, const T *src, int d, const int64_t *o) {          \
        const int64_t *ix = g->idx[d] + o[d] * g->K;                                                \
        const T *w = (const T *)g->w[d] + o[d] * g->K;                                              \
        T t[4] = {0, 0, 0, 0};                                                                      \
        for (int j = 0; j < g->K; j++)                                                              \
            t[j] = src[ix[j]];                                                                      \
        (void)d;                                                                                    \
        return comb_##sfx(g->K, t, w);                                                              \
    }                                                                                               \
    static inline __attribute__((always_inline)) T interp_##sfx(const up_geom *g, const T *src, const int64_t *o) {                \
        int last = g->nd - 1, K = g->K;                                                             \
        if (g->nd == 1)                                                                             \
            return level_##sfx(g, src, 0, o);                                                       \
        const int64_t *i0 = g->idx[0] + o[0] * K;                                                   \
        const T *w0 = (const T *)g->w[0] + o[0] * K;                                                \
        T t[4] = {0, 0, 0, 0};                                                                      \
        for (int a = 0; a < K; a++) {                                                               \
            if (g->nd == 2) {                                                                       \
                t[a] = level_##sfx(g, src + i0[a], last, o);                                        \
                continue;                                                                           \
            }                                                                                       \
            const int64_t *i1 = g->idx[1] + o[1] * K;                                               \
            const T *w1 = (const T *)g->w[1] + o[1] * K;                                            \
            T u[4] = {0, 0, 0, 0};                                                                  \
            for (int b = 0; b < K; b++)                                                             \
                u[b] = level_##sfx(g, src + i0[a] + i1[b], last, o);                                \
            t[a] = comb_##sfx(K, u, w1);                                                            \
        }                                                                                           \
        return comb_##sfx(K, t, w0);                                                                \
    }                                                                                               \
    /* PyTorch's channels-last loop (taken where the input is channels-last contiguous too: \
     * one channel, or one pixel): corner weights multiplied in T */                                \
    static inline __attribute__((always_inline)) T interp_cl_##sfx(const up_geom *g, const T *src, const int64_t *o, bool lanes) { \
        double acc = 0, first = 0;                                                                  \
        T vacc = 0;                                                                                 \
        int n = 1 << g->nd;                                                                         \
        for (int k = 0; k < n; k++) {                                                               \
            int c = lanes ? n - 1 - k : k; /* the vector lanes fold from the last corner */         \
            int64_t i = 0;                                                                          \
            T wt = 1;                                                                               \
            for (int d = 0; d < g->nd; d++) {                                                       \
                int j = (c >> (g->nd - 1 - d)) & 1;                                                 \
                i += g->idx[d][o[d] * 2 + j];                                                       \
                wt = d == 0 ? ((const T *)g->w[d])[o[d] * 2 + j] : wt * ((const T *)g->w[d])[o[d] * 2 + j]; \
            }                                                                                       \
            if (lanes)                                                                              \
                vacc = k == 0 ? src[i] * wt : FMA(src[i], wt, vacc);                                \
            else if (k == 0)                                                                        \
                first = (double)src[i], acc = (double)wt;                                           \
            else if (k == 1)                                                                        \
                acc = fma(first, acc, (double)src[i] * (double)wt);                                 \
            else                                                                                    \
                acc = fma((double)src[i], (double)wt, acc);                                         \
        }                                                                                           \
        return lanes ? vacc : (T)acc;                                                               \
    }                                                                                               \
    /* bilinear's plane: interp's arithmetic with the row taps hoisted */                        \
    static inline __attribute__((always_inline)) void bilinear_plane_##sfx(const up_geom *g, const T *src, T *dst) { \
        const int64_t *hi = g->idx[0], *wi = g->idx[1];                                             \
        const T *hw = (const T *)g->w[0], *ww = (const T *)g->w[1];                                 \
        for (int64_t y = 0; y < g->out[0]; y++, dst += g->out[1]) {                                 \
            const T *r0 = src + hi[2 * y], *r1 = src + hi[2 * y + 1];                               \
            T h0 = hw[2 * y], h1 = hw[2 * y + 1];                                                   \
            for (int64_t x = 0; x < g->out[1]; x++) {                                               \
                int64_t a = wi[2 * x], b = wi[2 * x + 1];                                           \
                T w0 = ww[2 * x], w1 = ww[2 * x + 1];                                               \
                T t0 = FMA(r0[a], w0, r0[b] * w1), t1 = FMA(r1[a], w0, r1[b] * w1);                 \
                dst[x] = FMA(t0, h0, t1 * h1);                                                      \
            }                                                                                       \
        }                                                                                           \
    }                                                                                               \
    /* plane p of x into y */                                                                    \
    static inline __attribute__((always_inline)) void forward_plane_##sfx(const up_geom *g, const T *x, T *y, \
                                                                          int64_t p) {              \
        if (g->nd == 2 && g->K == 2 && !g->cl) {                                                    \
            bilinear_plane_##sfx(g, x + p * g->in_plane, y + p * g->out_plane);                     \
            return;                                                                                 \
        }                                                                                           \
        int64_t o[3] = {0, 0, 0}, V = 32 / (int64_t)sizeof(T);                                      \
        bool lanes = p % g->chans < g->chans - g->chans % V; /* PyTorch's vector lanes */           \
        const T *src = x + p * g->in_plane;                                                         \
        T *dst = y + p * g->out_plane;                                                              \
        for (int64_t e = 0; e < g->out_plane; e++, step(g, o))                                      \
            dst[e] = g->cl ? interp_cl_##sfx(g, src, o, lanes) : interp_##sfx(g, src, o);           \
    }                                                                                               \
    __attribute__((target("fma"))) static void forward_fma_##sfx(const up_geom *g, const T *x, T *y, int64_t p) { \
        forward_plane_##sfx(g, x, y, p);                                                            \
    }                                                                                               \
    static void forward_libm_##sfx(const up_geom *g, const T *x, T *y, int64_t p) { forward_plane_##sfx(g, x, y, p); }
INTERP_FN(float, fmaf, f32)
INTERP_FN(double, fma, f64)

/* The adjoint, output by output in order, a plane per thread: nearest
 * adds, linear adds fma(weight product, g, acc), cubic (g y_j) x_i. */
#define SCATTER_FN(T, FMA, sfx)                                                                     \
    /* bilinear's adjoint over a plane, corners in PyTorch's order */                            \
    static inline __attribute__((always_inline)) void bilinear_adjoint_##sfx(const up_geom *g, const T *gy, T *dst) { \
        const int64_t *hi = g->idx[0], *wi = g->idx[1];                                             \
        const T *hw = (const T *)g->w[0], *ww = (const T *)g->w[1];                                 \
        for (int64_t y = 0; y < g->out[0]; y++, gy += g->out[1]) {                                  \
            T *r0 = dst + hi[2 * y], *r1 = dst + hi[2 * y + 1];                                     \
            T h0 = hw[2 * y], h1 = hw[2 * y + 1];                                                   \
            for (int64_t x = 0; x < g->out[1]; x++) {                                               \
                int64_t a = wi[2 * x], b = wi[2 * x + 1];                                           \
                T w0 = ww[2 * x], w1 = ww[2 * x + 1], v = gy[x];                                    \
                r0[a] = FMA(h0 * w0, v, r0[a]);                                                     \
                r0[b] = FMA(h0 * w1, v, r0[b]);                                                     \
                r1[a] = FMA(h1 * w0, v, r1[a]);                                                     \
                r1[b] = FMA(h1 * w1, v, r1[b]);                                                     \
            }                                                                                       \
        }                                                                                           \
    }                                                                                               \
    static inline __attribute__((always_inline)) void backward_plane_##sfx(const up_geom *g, const T *gy, T *gx, \
                                                                           int64_t p) {             \
        if (g->nd == 2 && g->K == 2) {                                                              \
            T *dst = gx + p * g->in_plane;                                                          \
            memset(dst, 0, (size_t)g->in_plane * sizeof(T));                                        \
            bilinear_adjoint_##sfx(g, gy + p * g->out_plane, dst);                                  \
            return;                                                                                 \
        }                                                                                           \
        {                                                                                           \
            T *dst = gx + p * g->in_plane;                                                          \
            memset(dst, 0, (size_t)g->in_plane * sizeof(T));                                        \
            int64_t o[3] = {0, 0, 0};                                                               \
            for (int64_t e = 0; e < g->out_plane; e++, step(g, o)) {                                \
                T v = gy[p * g->out_plane + e];                                                     \
                int64_t at[3];                                                                      \
                const T *w[3];                                                                      \
                for (int d = 0; d < g->nd; d++)                                                     \
                    at[d] = o[d] * g->K, w[d] = (const T *)g->w[d] + at[d];                         \
                if (g->K == 1) {                                                                    \
                    int64_t i = 0;                                                                  \
                    for (int d = 0; d < g->nd; d++)                                                 \
                        i += g->idx[d][at[d]];                                                      \
                    dst[i] += v;                                                                    \
                } else if (g->K == 2) {                                                             \
                    for (int c = 0; c < (1 << g->nd); c++) {                                        \
                        int64_t i = 0;                                                              \
                        T wt = 0;                                                                   \
                        for (int d = 0; d < g->nd; d++) {                                           \
                            int j = (c >> (g->nd - 1 - d)) & 1;                                     \
                            i += g->idx[d][at[d] + j];                                              \
                            wt = d == 0 ? w[d][j] : wt * w[d][j];                                   \
                        }                                                                           \
                        dst[i] = FMA(wt, v, dst[i]);                                                \
                    }                                                                               \
                } else {                                                                            \
                    for (int i = 0; i < 4; i++)                                                     \
                        for (int j = 0; j < 4; j++)                                                 \
                            dst[g->idx[0][at[0] + j] + g->idx[1][at[1] + i]] += v * w[0][j] * w[1][i]; \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
    }                                                                                               \
    __attribute__((target("fma"))) static void backward_fma_##sfx(const up_geom *g, const T *gy, T *gx, int64_t p) { \
        backward_plane_##sfx(g, gy, gx, p);                                                         \
    }                                                                                               \
    static void backward_libm_##sfx(const up_geom *g, const T *gy, T *gx, int64_t p) { backward_plane_##sfx(g, gy, gx, p); }
SCATTER_FN(float, fmaf, f32)
SCATTER_FN(double, fma, f64)

/* fma as one instruction where the CPU has it, else libm's (the same bits) */
static bool have_fma(void) {
    static int has = -1;
    if (has < 0)
        has = __builtin_cpu_supports("fma") ? 1 : 0;
    return has;
}

typedef void (*plane_fn)(const up_geom *g, const void *in, void *out, int64_t p);

/* fn over every plane, the planes split across threads (a plane's values
 * do not depend on the split) */
static void each_plane(const up_geom *g, plane_fn fn, const void *in, void *out) {
    _Pragma("omp parallel for if (g->planes * g->out_plane > CG_PARALLEL_GRAIN)") for (int64_t p = 0; p < g->planes;
                                                                                         p++) fn(g, in, out, p);
}

/* in[0] x [N, C, *in] contiguous, out[0] [N, C, *out] */
void cg_cpu_upsample(const cg_kernel_call *c) {
    const cg_tensor *x = c->in[0];
    up_geom g;
    if (geom_init(&g, c->args, x, x->dtype, true) < 0) {
        cg_error_set(CG_RUNTIME_ERROR, "upsample: out of memory");
        cg_cpu_kernel_fail();
        geom_free(&g);
        return;
    }
    g.chans = x->sizes[1];
    g.cl = c->args->i[0] == CG_UPSAMPLE_LINEAR && g.nd >= 2 && (x->sizes[1] == 1 || g.in_plane == 1);
    bool f = have_fma();
    plane_fn fn = x->dtype == CG_F32 ? (plane_fn)(f ? forward_fma_f32 : forward_libm_f32)
                                     : (plane_fn)(f ? forward_fma_f64 : forward_libm_f64);
    each_plane(&g, fn, cg_tensor_data(x), cg_tensor_data(c->out[0]));
    geom_free(&g);
}

/* in[0] the gradient [N, C, *out] contiguous, out[0] [N, C, *in] */
void cg_cpu_upsample_backward(const cg_kernel_call *c) {
    up_geom g;
    bool cubic = c->args->i[0] == CG_UPSAMPLE_CUBIC;
    if (geom_init(&g, c->args, c->out[0], c->in[0]->dtype, !cubic) < 0) {
        cg_error_set(CG_RUNTIME_ERROR, "upsample: out of memory");
        cg_cpu_kernel_fail();
    } else {
        bool f = have_fma();
        plane_fn fn = c->in[0]->dtype == CG_F32 ? (plane_fn)(f ? backward_fma_f32 : backward_libm_f32)
                                                : (plane_fn)(f ? backward_fma_f64 : backward_libm_f64);
        each_plane(&g, fn, cg_tensor_data(c->in[0]), cg_tensor_data(c->out[0]));
    }
    geom_free(&g);
}

/* ---- the ops ----------------------------------------------------------------------------- */

static const cg_op forward_ops[4][3] = {
    {CG_OP_UPSAMPLE_NEAREST1D, CG_OP_UPSAMPLE_NEAREST2D, CG_OP_UPSAMPLE_NEAREST3D},
    {CG_OP_UPSAMPLE_NEAREST_EXACT1D, CG_OP_UPSAMPLE_NEAREST_EXACT2D, CG_OP_UPSAMPLE_NEAREST_EXACT3D},
    {CG_OP_UPSAMPLE_LINEAR1D, CG_OP_UPSAMPLE_BILINEAR2D, CG_OP_UPSAMPLE_TRILINEAR3D},
    {CG_OP_UPSAMPLE_BICUBIC2D, CG_OP_UPSAMPLE_BICUBIC2D, CG_OP_UPSAMPLE_BICUBIC2D},
};
static const cg_op backward_ops[4][3] = {
    {CG_OP_UPSAMPLE_NEAREST1D_BACKWARD, CG_OP_UPSAMPLE_NEAREST2D_BACKWARD, CG_OP_UPSAMPLE_NEAREST3D_BACKWARD},
    {CG_OP_UPSAMPLE_NEAREST_EXACT1D_BACKWARD, CG_OP_UPSAMPLE_NEAREST_EXACT2D_BACKWARD,
     CG_OP_UPSAMPLE_NEAREST_EXACT3D_BACKWARD},
    {CG_OP_UPSAMPLE_LINEAR1D_BACKWARD, CG_OP_UPSAMPLE_BILINEAR2D_BACKWARD, CG_OP_UPSAMPLE_TRILINEAR3D_BACKWARD},
    {CG_OP_UPSAMPLE_BICUBIC2D_BACKWARD, CG_OP_UPSAMPLE_BICUBIC2D_BACKWARD, CG_OP_UPSAMPLE_BICUBIC2D_BACKWARD},
};

/* op over a contiguous copy of x into [.., *sizes], recorded on x */
static cg_tensor *run(cg_op op, cg_tensor *x, int nspatial, const int64_t *sizes, const cg_op_args *args) {
    int64_t shape[CG_MAX_DIMS];
    int lead = x->ndim - nspatial;
    memcpy(shape, x->sizes, (size_t)lead * sizeof(int64_t));
    memcpy(shape + lead, sizes, (size_t)nspatial * sizeof(int64_t));
    bool was = cg_grad_set_enabled(false);
    cg_tensor *xc = cg_contiguous(x);
    cg_grad_set_enabled(was);
    cg_tensor *out = xc ? cg_tensor_empty(x->ndim, shape, x->dtype, cg_tensor_device(x)) : NULL;
    if (out && cg_tensor_numel(out) > 0) {
        cg_kernel_call call = {.op = op, .nout = 1, .nin = 1, .out = {out}, .in = {xc}, .args = args};
        if (cg_op_run(&call) < 0)
            cg_tensor_release(out), out = NULL;
    }
    cg_tensor_release(xc);
    return cg_ew_record(out, op, 1, &x, 0, NULL, args);
}

cg_tensor *cg_upsample(cg_tensor *x, const cg_upsample_spec *s) {
    int64_t in[3];
    for (int d = 0; d < s->nspatial; d++)
        in[d] = x->sizes[x->ndim - s->nspatial + d];
    cg_op_args a = args_of(s, in);
    return run(forward_ops[s->mode][s->nspatial - 1], x, s->nspatial, s->out, &a);
}

cg_tensor *cg_upsample_backward(cg_tensor *grad, const cg_upsample_spec *s, const int64_t *in) {
    cg_op_args a = args_of(s, in);
    return run(backward_ops[s->mode][s->nspatial - 1], grad, s->nspatial, in, &a);
}

/* Upsample*Backward1: the backward op over the input's sizes */
int cg_bw_upsample(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    int64_t in[3];
    cg_upsample_spec s = spec_of(&n->args, in);
    gi[0] = cg_upsample_backward(go[0], &s, in);
    return gi[0] ? 0 : -1;
}

/* Upsample*BackwardBackward1: the resampling of the gradient's gradient */
int cg_bw_upsample_backward(cg_node *n, cg_tensor *const *go, cg_tensor **gi) {
    int64_t in[3];
    cg_upsample_spec s = spec_of(&n->args, in);
    gi[0] = cg_upsample(go[0], &s);
    return gi[0] ? 0 : -1;
}
