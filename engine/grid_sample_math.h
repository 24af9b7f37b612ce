/* grid_sample_math.h: where grid_sampler's grid points land in the input,
 * written once for the CPU's kernels (grid_sampler.c) and the CUDA ones
 * (cuda/cuda_grid_sample.cu). Not the loops over points and channels.
 *
 * Note [Two grid sampler arithmetics]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch computes a 2-d grid point's source position with its AVX2 kernel
 * (lanes of Vectorized<T>) and a 3-d one with scalar code, and the two round
 * differently: the lanes unnormalize as (g + 1) * s (- 0.5), with s = (n - 1)
 * / 2 or n / 2, and reflect with trunc; the scalar code as ((g + 1) / 2) *
 * (n - 1) or ((g + 1) * n - 1) / 2, and reflects with fmod. Both are here,
 * gs2_* and gs3_*, each followed as written so the bits are PyTorch's. The
 * lanes' min and max are MINPS/MAXPS (the second operand when either is
 * NaN), their float-to-int conversion CVTT (out of range: INT32_MIN), and
 * their rounding to nearest is half to even. */
#ifndef CG_GRID_SAMPLE_MATH_H
#define CG_GRID_SAMPLE_MATH_H

#include "scalar_math.h"

enum { CG_GS_BILINEAR = 0, CG_GS_NEAREST = 1, CG_GS_BICUBIC = 2 };
enum { CG_GS_ZEROS = 0, CG_GS_BORDER = 1, CG_GS_REFLECTION = 2 };

/* a lane's CVTT conversion: out of int32's range or NaN gives INT32_MIN,
 * an index every bounds check refuses */
CG_HOST_DEVICE int64_t cg_gs_lane_int(double v) {
    return v >= -2147483648.0 && v < 2147483648.0 ? (int64_t)v : (int64_t)INT32_MIN;
}

CG_HOST_DEVICE bool cg_gs_in(int64_t i, int64_t n) { return i > -1 && i < n; }

#define CG_GS_MATH(T, S)                                                                                            \
    /* MAXPS(a, b), MINPS(a, b) */                                                                                  \
    CG_HOST_DEVICE T cg_gs_maxps_##S(T a, T b) { return a > b ? a : b; }                                            \
    CG_HOST_DEVICE T cg_gs_minps_##S(T a, T b) { return a < b ? a : b; }                                            \
    /* at::vec's maximum/minimum: NaN in, NaN out */                                                                \
    CG_HOST_DEVICE T cg_gs_vmax_##S(T a, T b) { return a != a || b != b ? (T)NAN : cg_gs_maxps_##S(a, b); }         \
    CG_HOST_DEVICE T cg_gs_vmin_##S(T a, T b) { return a != a || b != b ? (T)NAN : cg_gs_minps_##S(a, b); }         \
    /* the lanes' scale of a size n */                                                                              \
    CG_HOST_DEVICE T cg_gs2_scale_##S(int64_t n, bool align) { return align ? (T)(n - 1) / 2 : (T)n / 2; }          \
    CG_HOST_DEVICE T cg_gs2_fma_##S(T a, T b, T c) { return (T)fma(a, b, c); }                                      \
    CG_HOST_DEVICE T cg_gs2_unnormalize_##S(T g, int64_t n, bool align) {                                           \
        return align ? (g + 1) * cg_gs2_scale_##S(n, align) : cg_gs2_fma_##S(g + 1, cg_gs2_scale_##S(n, align), (T)-0.5); \
    }                                                                                                               \
    /* clamp into [0, n - 1], NaN to 0 */                                                                           \
    CG_HOST_DEVICE T cg_gs2_clip_##S(T x, int64_t n) { return cg_gs_minps_##S(cg_gs_maxps_##S(x, 0), (T)(n - 1)); } \
    /* reflection over [low, low + span], twice_span = 2 span */                                                    \
    CG_HOST_DEVICE T cg_gs2_reflect_##S(T x, int64_t n, bool align, T *grad) {                                      \
        if (align && n <= 1) {                                                                                      \
            if (grad)                                                                                               \
                *grad = 0;                                                                                          \
            return 0;                                                                                               \
        }                                                                                                           \
        T low = align ? (T)0 : (T)-0.5, twice = align ? (T)(n - 1) * 2 : (T)n * 2;                                  \
        T in = align ? x : x - low;                                                                                 \
        T a = in < 0 ? -in : in;                                                                                    \
        T flips = (T)trunc((double)(a / twice));                                                                    \
        T extra = a - flips * twice, other = twice - extra;                                                         \
        bool more = extra > other;                                                                                  \
        if (grad)                                                                                                   \
            *grad = more != (in < 0) ? (T)-1 : (T)1;                                                                \
        T r = grad ? (more ? other : extra) : cg_gs_vmin_##S(extra, other);                                         \
        return align ? r : r + low;                                                                                 \
    }                                                                                                               \
    /* ComputeLocation::compute_coordinates: padding of a position */                                              \
    CG_HOST_DEVICE T cg_gs2_pad_##S(T x, int64_t n, int pad, bool align) {                                          \
        if (pad == CG_GS_BORDER)                                                                                    \
            return cg_gs2_clip_##S(x, n);                                                                           \
        if (pad == CG_GS_REFLECTION)                                                                                \
            return cg_gs2_clip_##S(cg_gs2_reflect_##S(x, n, align, NULL), n);                                       \
        return x;                                                                                                   \
    }                                                                                                               \
    /* the clip with its gradient: the borders count as outside */                                                  \
    CG_HOST_DEVICE T cg_gs2_clip_grad_##S(T x, int64_t n, bool *inside) {                                           \
        T lo = cg_gs_vmax_##S(x, 0), r = cg_gs_vmin_##S(lo, (T)(n - 1));                                           \
        *inside = !(lo == 0 && !signbit(lo)) && !(r == (T)(n - 1));                                                 \
        return r;                                                                                                   \
    }                                                                                                               \
    /* ComputeLocation::apply / apply_get_grad (mult NULL: apply) */                                                \
    CG_HOST_DEVICE T cg_gs2_locate_##S(T g, int64_t n, int pad, bool align, T *mult) {                              \
        T x = cg_gs2_unnormalize_##S(g, n, align), s = cg_gs2_scale_##S(n, align);                                  \
        if (!mult)                                                                                                  \
            return cg_gs2_pad_##S(x, n, pad, align);                                                                \
        *mult = s;                                                                                                  \
        if (pad == CG_GS_ZEROS)                                                                                     \
            return x;                                                                                               \
        if (pad == CG_GS_REFLECTION) {                                                                              \
            T refl;                                                                                                 \
            x = cg_gs2_reflect_##S(x, n, align, &refl);                                                             \
            *mult = refl * s;                                                                                       \
        }                                                                                                           \
        bool inside;                                                                                                \
        x = cg_gs2_clip_grad_##S(x, n, &inside);                                                                    \
        if (!inside)                                                                                                \
            *mult = 0;                                                                                              \
        return x;                                                                                                   \
    }                                                                                                               \
    /* the cubic convolution's weights (A = -0.75) at offset t, and their \
     * slopes: where PyTorch's AVX2 build fused a product with a constant's \
     * (5 A, 8 A, ...: exact) the result is the unfused one's */                                                          \
    CG_HOST_DEVICE void cg_gs2_cubic_##S(T *c, T t) {                                                               \
        const T A = (T)-0.75;                                                                                       \
        T x = t + 1;                                                                                                \
        c[0] = ((A * x - 5 * A) * x + 8 * A) * x - 4 * A;                                                           \
        x = t;                                                                                                      \
        c[1] = cg_gs2_fma_##S(cg_gs2_fma_##S(A + 2, x, -(A + 3)) * x, x, 1);                                        \
        x = 1 - t;                                                                                                  \
        c[2] = cg_gs2_fma_##S(cg_gs2_fma_##S(A + 2, x, -(A + 3)) * x, x, 1);                                        \
        x = 2 - t;                                                                                                  \
        c[3] = ((A * x - 5 * A) * x + 8 * A) * x - 4 * A;                                                           \
    }                                                                                                               \
    CG_HOST_DEVICE void cg_gs2_cubic_slope_##S(T *c, T t) {                                                         \
        const T A = (T)-0.75;                                                                                       \
        T x = -1 - t;                                                                                               \
        c[0] = (-3 * A * x - 10 * A) * x - 8 * A;                                                                   \
        x = 0 - t;                                                                                                  \
        c[1] = (-3 * (A + 2) * x - 2 * (A + 3)) * x;                                                                \
        x = 1 - t;                                                                                                  \
        c[2] = (3 * (A + 2) * x - 2 * (A + 3)) * x;                                                                 \
        x = 2 - t;                                                                                                  \
        c[3] = (3 * A * x - 10 * A) * x + 8 * A;                                                                    \
    }                                                                                                               \
    /* ---- the scalar arithmetic of the 3-d kernels (GridSampler.h's) ---- */                                      \
    CG_HOST_DEVICE T cg_gs3_reflect_##S(T in, int64_t twice_low, int64_t twice_high, T *grad) {                     \
        if (twice_low == twice_high) {                                                                              \
            *grad = 0;                                                                                              \
            return 0;                                                                                               \
        }                                                                                                           \
        T min = (T)twice_low / 2, span = (T)(twice_high - twice_low) / 2;                                           \
        int sign = 1;                                                                                               \
        in = in - min;                                                                                              \
        if (in < 0)                                                                                                 \
            sign = -1, in = -in;                                                                                    \
        T extra = (T)fmod((double)in, (double)span);                                                                \
        int flips = (int)floor((double)(in / span));                                                                \
        *grad = flips % 2 == 0 ? (T)sign : (T)-sign;                                                                \
        return flips % 2 == 0 ? extra + min : span - extra + min;                                                   \
    }                                                                                                               \
    CG_HOST_DEVICE T cg_gs3_clip_##S(T in, int64_t n, T *grad) {                                                    \
        T max = (T)(n - 1);                                                                                         \
        if (in <= 0) {                                                                                              \
            *grad = 0;                                                                                              \
            return 0;                                                                                               \
        }                                                                                                           \
        *grad = in >= max ? (T)0 : (T)1;                                                                            \
        return in >= max ? max : in;                                                                                \
    }                                                                                                               \
    /* grid_sampler_compute_source_index_set_grad */                                                                \
    CG_HOST_DEVICE T cg_gs3_locate_##S(T g, int64_t n, int pad, bool align, T *mult) {                              \
        T x = align ? ((g + 1) / 2) * (T)(n - 1) : ((g + 1) * (T)n - 1) / 2, clip, refl;                            \
        *mult = align ? (T)(n - 1) / 2 : (T)n / 2;                                                                  \
        if (pad == CG_GS_BORDER) {                                                                                  \
            x = cg_gs3_clip_##S(x, n, &clip);                                                                       \
            *mult = *mult * clip;                                                                                   \
        } else if (pad == CG_GS_REFLECTION) {                                                                       \
            x = align ? cg_gs3_reflect_##S(x, 0, 2 * (n - 1), &refl) : cg_gs3_reflect_##S(x, -1, 2 * n - 1, &refl); \
            x = cg_gs3_clip_##S(x, n, &clip);                                                                       \
            *mult = *mult * refl * clip;                                                                            \
        }                                                                                                           \
        return x;                                                                                                   \
    }

CG_GS_MATH(float, f32)
CG_GS_MATH(double, f64)

#endif
