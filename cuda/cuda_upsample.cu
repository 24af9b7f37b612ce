/* cuda_upsample.cu: the CUDA kernels of the resampling ops, twins of
 * engine/ops_upsample.c's: one thread per output element computes its
 * taps with the CPU's arithmetic (Note [Resampling arithmetic]), so the
 * forward values are the CPU's. The backward kernels scatter each output's
 * share with atomicAdd, as PyTorch's CUDA kernels do: the sums' order, and
 * so their last bits, vary from run to run. */
#include <string.h>

#include "cuda_common.cuh"

/* The call's geometry (ops_upsample.c's layout of args). */
struct up_geom {
    int mode, nd;
    bool align;
    int64_t planes, in[3], out[3];
    double scales[3];
};

static up_geom geom_of(const cg_kernel_call *c, const cg_tensor *big) {
    const cg_op_args *a = c->args;
    up_geom g = {(int)a->i[0], (int)a->i[1], a->flag, 1, {1, 1, 1}, {1, 1, 1}, {0, 0, 0}};
    for (int d = 0; d < g.nd; d++) {
        g.in[d] = a->dims[d], g.out[d] = a->dims[3 + d];
        memcpy(&g.scales[d], d < 2 ? &a->dims[6 + d] : &a->i[2], sizeof(double));
    }
    for (int d = 0; d < big->ndim - g.nd; d++)
        g.planes *= big->sizes[d];
    return g;
}

enum { NEAREST, NEAREST_EXACT, LINEAR, CUBIC };

__device__ static int64_t nearest_tap(int mode, int64_t o, int64_t in, int64_t out, double given) {
    if (out == in)
        return o;
    float scale = given > 0 ? (float)(1.0 / given) : (float)in / (float)out;
    int64_t i = mode == NEAREST ? (int64_t)floorf((float)o * scale) : (int64_t)floorf((float)((o + 0.5) * (double)scale));
    return i < in - 1 ? i : in - 1;
}

template <typename T> __device__ static T area_scale(int64_t in, int64_t out, bool align, double given) {
    if (align)
        return out > 1 ? (T)(in - 1) / (T)(out - 1) : (T)0;
    return given > 0 ? (T)(1.0 / given) : (T)in / (T)out;
}

template <typename T> __device__ static T fused(T a, T b, T c) { return fma(a, b, c); }

template <typename T> __device__ static void cubic_coeffs(T *c, T t, bool fuse) {
    T A = (T)-0.75;
    T x[4] = {(T)(t + 1.0), t, (T)(1.0 - t), (T)((T)(1.0 - t) + 1.0)};
    for (int j = 0; j < 4; j++) {
        bool inner = j == 1 || j == 2;
        if (inner)
            c[j] = fuse ? fused<T>(A + 2, x[j], -(A + 3)) * x[j] * x[j] + 1
                        : ((A + 2) * x[j] - (A + 3)) * x[j] * x[j] + 1;
        else
            c[j] = fuse ? fused<T>(fused<T>(A, x[j], -5 * A), x[j], 8 * A) * x[j] - 4 * A
                        : ((A * x[j] - 5 * A) * x[j] + 8 * A) * x[j] - 4 * A;
    }
}

/* the taps of output o along dim d: indices and weights, K of them */
template <typename T> __device__ static int taps(const up_geom &g, int d, int64_t o, int64_t *ix, T *w, bool fuse) {
    int64_t in = g.in[d], out = g.out[d];
    if (g.mode == NEAREST || g.mode == NEAREST_EXACT) {
        ix[0] = nearest_tap(g.mode, o, in, out, g.scales[d]), w[0] = 1;
        return 1;
    }
    T scale = area_scale<T>(in, out, g.align, g.scales[d]);
    if (g.mode == LINEAR) {
        int64_t i0 = o, i1 = o;
        T l1 = 0;
        if (in != out) {
            double r = g.align ? (double)scale * o : fma((double)scale, o + 0.5, -0.5);
            r = r < 0 ? 0 : r;
            i0 = (int64_t)r, i1 = i0 + (i0 < in - 1);
            double f = r - i0;
            l1 = (T)(f < 0 ? 0 : f > 1 ? 1 : f);
        }
        ix[0] = i0, ix[1] = i1, w[0] = (T)1 - l1, w[1] = l1;
        return 2;
    }
    int64_t i0;
    T t;
    if (fuse) {
        double r = g.align ? (double)scale * o : fma((double)scale, o + 0.5, -0.5);
        i0 = (int64_t)floorf((float)r), t = (T)(r - i0);
    } else {
        T r = g.align ? scale * (T)o : scale * ((T)o + (T)0.5) - (T)0.5;
        i0 = (int64_t)floorf((float)r), t = r - (T)i0;
    }
    cubic_coeffs<T>(w, t, fuse);
    for (int j = 0; j < 4; j++) {
        int64_t k = i0 - 1 + j;
        ix[j] = k < 0 ? 0 : k > in - 1 ? in - 1 : k;
    }
    return 4;
}

/* position e of the output plane as o[0..nd) */
__device__ static void position(const up_geom &g, int64_t e, int64_t *o) {
    for (int d = g.nd - 1; d >= 0; d--)
        o[d] = e % g.out[d], e /= g.out[d];
}

/* the value of dim d onwards at offset base of the plane */
template <typename T>
__device__ static T interp(const up_geom &g, const T *src, int d, const int64_t *o, int64_t base, const int64_t *stride) {
    int64_t ix[4];
    T w[4];
    int K = taps<T>(g, d, o[d], ix, w, true);
    T t[4];
    for (int j = 0; j < K; j++) {
        int64_t at = base + ix[j] * stride[d];
        t[j] = d == g.nd - 1 ? src[at] : interp<T>(g, src, d + 1, o, at, stride);
    }
    if (K == 1)
        return t[0];
    if (K == 2)
        return fused<T>(t[0], w[0], t[1] * w[1]);
    return fused<T>(t[3], w[3], fused<T>(t[2], w[2], fused<T>(t[0], w[0], t[1] * w[1])));
}

template <typename T> __global__ void upsample_kernel(const T *x, T *y, up_geom g, int64_t in_plane, int64_t out_plane) {
    CG_CUDA_FOR(e, g.planes * out_plane) {
        int64_t o[3], stride[3], s = 1;
        for (int d = g.nd - 1; d >= 0; d--)
            stride[d] = s, s *= g.in[d];
        position(g, e % out_plane, o);
        y[e] = interp<T>(g, x + (e / out_plane) * in_plane, 0, o, 0, stride);
    }
}

template <typename T>
__global__ void upsample_backward_kernel(const T *gy, T *gx, up_geom g, int64_t in_plane, int64_t out_plane) {
    CG_CUDA_FOR(e, g.planes * out_plane) {
        int64_t o[3], stride[3], s = 1, ix[3][4];
        T w[3][4];
        for (int d = g.nd - 1; d >= 0; d--)
            stride[d] = s, s *= g.in[d];
        position(g, e % out_plane, o);
        int K = 1;
        for (int d = 0; d < g.nd; d++)
            K = taps<T>(g, d, o[d], ix[d], w[d], g.mode != CUBIC);
        T v = gy[e], *dst = gx + (e / out_plane) * in_plane;
        int64_t combos = 1;
        for (int d = 0; d < g.nd; d++)
            combos *= K;
        for (int64_t c = 0; c < combos; c++) {
            int64_t at = 0, r = c;
            T wt = 1;
            for (int d = g.nd - 1; d >= 0; d--) {
                int j = (int)(r % K);
                r /= K;
                at += ix[d][j] * stride[d];
                wt *= w[d][j];
            }
            atomicAdd(dst + at, K == 1 ? v : wt * v);
        }
    }
}

extern "C" void cg_cuda_upsample(const cg_kernel_call *c) {
    up_geom g = geom_of(c, c->in[0]);
    int64_t n = cg_tensor_numel(c->out[0]), in_plane = 1, out_plane = 1;
    for (int d = 0; d < g.nd; d++)
        in_plane *= g.in[d], out_plane *= g.out[d];
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, upsample_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]), g,
                                           in_plane, out_plane))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_upsample_backward(const cg_kernel_call *c) {
    up_geom g = geom_of(c, c->out[0]);
    int64_t n = cg_tensor_numel(c->in[0]), in_plane = 1, out_plane = 1;
    for (int d = 0; d < g.nd; d++)
        in_plane *= g.in[d], out_plane *= g.out[d];
    cudaMemsetAsync(cg_cuda_data(c->out[0]), 0, (size_t)cg_tensor_numel(c->out[0]) * cg_dtype_size(c->out[0]->dtype),
                    CG_CUDA_STREAM);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, upsample_backward_kernel<T>
                      <<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>((const T *)cg_cuda_data(c->in[0]),
                                                                                  (T *)cg_cuda_data(c->out[0]), g,
                                                                                  in_plane, out_plane))
    cg_cuda_check_launch();
}
