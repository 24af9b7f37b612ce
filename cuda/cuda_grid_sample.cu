/* cuda_grid_sample.cu: the CUDA kernels of grid_sampler (2-d and 3-d, and
 * their backward op) and of fractional max pooling, twins of
 * engine/grid_sampler_kernel.c and engine/fractional_max_pool.c: one thread
 * per grid point (or output) with the CPU's formulas (grid_sample_math.h,
 * the same explicit fused multiply-adds); nvcc may fuse other products
 * (--fmad), so last bits can differ from the CPU's. The backward adds into
 * the input's gradient with atomicAdd, as PyTorch's CUDA kernels do: the
 * order of those sums, and so their last bits, vary from run to run. */
#include <math.h>

#include "cuda_common.cuh"
extern "C" {
#include "grid_sample_math.h"
}

struct gs_geom {
    int64_t N, C, in[3], out[3];
    int interp, pad;
    bool align;
};

static gs_geom geom_of(const cg_kernel_call *c, const cg_tensor *input, const cg_tensor *grid) {
    gs_geom g = {input->sizes[0], input->sizes[1], {1, 1, 1}, {1, 1, 1}, (int)c->args->i[0], (int)c->args->i[1],
                 c->args->flag};
    int nd = input->ndim - 2;
    for (int d = 0; d < nd; d++)
        g.in[3 - nd + d] = input->sizes[2 + d], g.out[3 - nd + d] = grid->sizes[1 + d];
    return g;
}

/* the math header's functions by type */
__device__ static inline float gs2_unnormalize(float x, int64_t n, bool al) { return cg_gs2_unnormalize_f32(x, n, al); }
__device__ static inline double gs2_unnormalize(double x, int64_t n, bool al) { return cg_gs2_unnormalize_f64(x, n, al); }
__device__ static inline float gs2_pad(float x, int64_t n, int pad, bool al) { return cg_gs2_pad_f32(x, n, pad, al); }
__device__ static inline double gs2_pad(double x, int64_t n, int pad, bool al) { return cg_gs2_pad_f64(x, n, pad, al); }
__device__ static inline float gs2_locate(float x, int64_t n, int pad, bool al, float *m) { return cg_gs2_locate_f32(x, n, pad, al, m); }
__device__ static inline double gs2_locate(double x, int64_t n, int pad, bool al, double *m) { return cg_gs2_locate_f64(x, n, pad, al, m); }
__device__ static inline float gs3_locate(float x, int64_t n, int pad, bool al, float *m) { return cg_gs3_locate_f32(x, n, pad, al, m); }
__device__ static inline double gs3_locate(double x, int64_t n, int pad, bool al, double *m) { return cg_gs3_locate_f64(x, n, pad, al, m); }
__device__ static inline void gs2_cubic(float *c, float t, bool slope) { slope ? cg_gs2_cubic_slope_f32(c, t) : cg_gs2_cubic_f32(c, t); }
__device__ static inline void gs2_cubic(double *c, double t, bool slope) { slope ? cg_gs2_cubic_slope_f64(c, t) : cg_gs2_cubic_f64(c, t); }

__device__ static inline float fused(float a, float b, float c) { return fmaf(a, b, c); }
__device__ static inline double fused(double a, double b, double c) { return fma(a, b, c); }

/* the CPU's sums of four products (grid_sample_loop.h's sum4 and bilinear) */
template <typename T> __device__ static inline T sum4(const T *c, const T *v, bool row) {
    if (row)
        return fused(c[0], v[0], c[1] * v[1]) + c[2] * v[2] + c[3] * v[3];
    return fused(c[3], v[3], fused(c[2], v[2], fused(c[1], v[1], c[0] * v[0])));
}

template <typename T> __device__ static inline T value_at(const T *plane, int64_t off) { return off >= 0 ? plane[off] : (T)0; }

template <typename T> __device__ static inline void add_at(T *plane, int64_t off, T v) {
    if (plane && off >= 0)
        atomicAdd(plane + off, v);
}

/* bicubic's tap (xx, yy) in a [H, W] plane, or -1 */
template <typename T> __device__ static int64_t tap(const gs_geom &g, T xx, T yy) {
    int64_t ix = cg_gs_lane_int((double)gs2_pad(xx, g.in[2], g.pad, g.align));
    int64_t iy = cg_gs_lane_int((double)gs2_pad(yy, g.in[1], g.pad, g.align));
    bool ok = g.pad != CG_GS_ZEROS || (cg_gs_in(ix, g.in[2]) && cg_gs_in(iy, g.in[1]));
    return ok ? iy * g.in[2] + ix : -1;
}

/* one 2-d point of every channel: the output (gout NULL) or the gradients */
template <typename T>
__device__ static void point2(const gs_geom &g, const T *in, const T *gp, T *out, const T *gout, T *gin, T *gg, int64_t P) {
    int64_t H = g.in[1], Wd = g.in[2], pin = H * Wd;
    bool grad = gout != NULL, bound = g.pad != CG_GS_ZEROS;
    T mx = 0, my = 0, ax = 0, ay = 0;
    if (g.interp == CG_GS_BICUBIC) {
        T x = gs2_unnormalize(gp[0], Wd, g.align), y = gs2_unnormalize(gp[1], H, g.align);
        mx = g.align ? (T)(Wd - 1) / 2 : (T)Wd / 2, my = g.align ? (T)(H - 1) / 2 : (T)H / 2;
        T fx = floor(x), fy = floor(y), cx[4], cy[4], sx[4], sy[4];
        gs2_cubic(cx, x - fx, false), gs2_cubic(cy, y - fy, false);
        gs2_cubic(sx, x - fx, true), gs2_cubic(sy, y - fy, true);
        for (int64_t c = 0; c < g.C; c++) {
            const T *src = in + c * pin;
            if (!grad) {
                T row[4];
                for (int i = 0; i < 4; i++) {
                    T yy = fy + (T)(-1 + i), at[4];
                    for (int k = 0; k < 4; k++)
                        at[k] = value_at(src, tap(g, fx + (T)(k - 1), yy));
                    row[i] = sum4(cx, at, true);
                }
                out[c * P] = sum4(cy, row, false);
                continue;
            }
            T go = gout[c * P];
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++) {
                    int64_t off = tap(g, fx + (T)(-1 + i), fy + (T)(-1 + j));
                    add_at(gin ? gin + c * pin : (T *)NULL, off, go * cx[i] * cy[j]);
                    T v = value_at(src, off);
                    ax = fused(-(v * go * sx[i]), cy[j], ax);
                    ay = fused(-(v * go * sy[j]), cx[i], ay);
                }
        }
    } else {
        T x = gs2_locate(gp[0], Wd, g.pad, g.align, grad ? &mx : (T *)NULL);
        T y = gs2_locate(gp[1], H, g.pad, g.align, grad ? &my : (T *)NULL);
        int64_t at[4];
        T wt[4], n = 0, s = 0, w = 0, e = 0;
        if (g.interp == CG_GS_NEAREST) {
            int64_t ix = cg_gs_lane_int(rint((double)x)), iy = cg_gs_lane_int(rint((double)y));
            at[0] = bound || (cg_gs_in(ix, Wd) && cg_gs_in(iy, H)) ? iy * Wd + ix : -1;
        } else {
            T xw = floor(x), yn = floor(y);
            w = x - xw, e = 1 - w, n = y - yn, s = 1 - n;
            wt[0] = s * e, wt[1] = s * w, wt[2] = n * e, wt[3] = n * w;
            int64_t ixw = cg_gs_lane_int((double)xw), iyn = cg_gs_lane_int((double)yn), ixe = ixw + 1, iys = iyn + 1;
            bool wm = bound || cg_gs_in(ixw, Wd), nm = bound || cg_gs_in(iyn, H);
            bool em = bound ? ixe < Wd : cg_gs_in(ixe, Wd), sm = bound ? iys < H : cg_gs_in(iys, H);
            at[0] = wm && nm ? iyn * Wd + ixw : -1, at[1] = em && nm ? iyn * Wd + ixe : -1;
            at[2] = wm && sm ? iys * Wd + ixw : -1, at[3] = em && sm ? iys * Wd + ixe : -1;
        }
        for (int64_t c = 0; c < g.C; c++) {
            const T *src = in + c * pin;
            T *dst = gin ? gin + c * pin : (T *)NULL;
            if (g.interp == CG_GS_NEAREST) {
                if (grad)
                    add_at(dst, at[0], gout[c * P]);
                else
                    out[c * P] = value_at(src, at[0]);
                continue;
            }
            T nw = value_at(src, at[0]), ne = value_at(src, at[1]), sw = value_at(src, at[2]), se = value_at(src, at[3]);
            if (!grad) {
                T val[4] = {nw, ne, sw, se};
                out[c * P] = sum4(wt, val, false);
                continue;
            }
            T go = gout[c * P];
            for (int k = 0; k < 4; k++)
                add_at(dst, at[k], wt[k] * go);
            ax = fused(fused(se - sw, n, (ne - nw) * s), go, ax);
            ay = fused(fused(se - ne, w, (sw - nw) * e), go, ay);
        }
    }
    if (grad) {
        bool nearest = g.interp == CG_GS_NEAREST;
        gg[0] = nearest ? (T)0 : ax * mx, gg[1] = nearest ? (T)0 : ay * my;
    }
}

/* one 3-d point of every channel, GridSampler.cpp's scalar order */
template <typename T>
__device__ static void point3(const gs_geom &g, const T *in, const T *gp, T *out, const T *gout, T *gin, T *gg, int64_t P) {
    int64_t D = g.in[0], H = g.in[1], Wd = g.in[2], pin = D * H * Wd;
    T mx, my, mz;
    T x = gs3_locate(gp[0], Wd, g.pad, g.align, &mx), y = gs3_locate(gp[1], H, g.pad, g.align, &my);
    T z = gs3_locate(gp[2], D, g.pad, g.align, &mz);
    bool grad = gout != NULL;
    if (g.interp == CG_GS_NEAREST) {
        int64_t ix = cg_gs_lane_int(rint((double)x)), iy = cg_gs_lane_int(rint((double)y));
        int64_t iz = cg_gs_lane_int(rint((double)z));
        int64_t at = cg_gs_in(ix, Wd) && cg_gs_in(iy, H) && cg_gs_in(iz, D) ? (iz * H + iy) * Wd + ix : -1;
        for (int64_t c = 0; c < g.C; c++) {
            if (grad)
                add_at(gin ? gin + c * pin : (T *)NULL, at, gout[c * P]);
            else
                out[c * P] = value_at(in + c * pin, at);
        }
        if (grad)
            gg[0] = 0, gg[1] = 0, gg[2] = 0;
        return;
    }
    int64_t ix = cg_gs_lane_int(floor((double)x)), iy = cg_gs_lane_int(floor((double)y));
    int64_t iz = cg_gs_lane_int(floor((double)z));
    T dx[2] = {x - (T)ix, (T)(ix + 1) - x}, dy[2] = {y - (T)iy, (T)(iy + 1) - y}, dz[2] = {z - (T)iz, (T)(iz + 1) - z};
    int64_t at[8];
    T wt[8], ax = 0, ay = 0, az = 0;
    for (int k = 0; k < 8; k++) {
        int bx = k & 1, by = (k >> 1) & 1, bz = (k >> 2) & 1;
        int64_t cx = ix + bx, cy = iy + by, cz = iz + bz;
        wt[k] = dx[!bx] * dy[!by] * dz[!bz];
        at[k] = cg_gs_in(cx, Wd) && cg_gs_in(cy, H) && cg_gs_in(cz, D) ? (cz * H + cy) * Wd + cx : -1;
    }
    for (int64_t c = 0; c < g.C; c++) {
        const T *src = in + c * pin;
        if (!grad) {
            T v = 0;
            for (int k = 0; k < 8; k++)
                if (at[k] >= 0)
                    v += src[at[k]] * wt[k];
            out[c * P] = v;
            continue;
        }
        T go = gout[c * P];
        for (int k = 0; k < 8; k++)
            add_at(gin ? gin + c * pin : (T *)NULL, at[k], wt[k] * go);
        for (int k = 0; k < 8; k++) {
            if (at[k] < 0)
                continue;
            int bx = k & 1, by = (k >> 1) & 1, bz = (k >> 2) & 1;
            T v = src[at[k]];
            T tx = v * dy[!by] * dz[!bz] * go, ty = v * dx[!bx] * dz[!bz] * go, tz = v * dx[!bx] * dy[!by] * go;
            ax = bx ? ax + tx : ax - tx, ay = by ? ay + ty : ay - ty, az = bz ? az + tz : az - tz;
        }
    }
    if (grad)
        gg[0] = mx * ax, gg[1] = my * ay, gg[2] = mz * az;
}

/* one thread per (n, point); gout NULL: the forward */
template <typename T>
__global__ void grid_kernel(gs_geom g, int nd, const T *in, const T *grid, T *out, const T *gout, T *gin, T *ggrid) {
    int64_t P = g.out[0] * g.out[1] * g.out[2], pin = g.C * g.in[0] * g.in[1] * g.in[2];
    CG_CUDA_FOR(e, g.N * P) {
        int64_t n = e / P, q = e % P;
        const T *gp = grid + e * nd;
        T *o = out ? out + n * g.C * P + q : (T *)NULL;
        const T *go = gout ? gout + n * g.C * P + q : (const T *)NULL;
        T *gi = gin ? gin + n * pin : (T *)NULL, *gg = ggrid ? ggrid + e * nd : (T *)NULL;
        if (nd == 2)
            point2<T>(g, in + n * pin, gp, o, go, gi, gg, P);
        else
            point3<T>(g, in + n * pin, gp, o, go, gi, gg, P);
    }
}

extern "C" void cg_cuda_grid_sampler(const cg_kernel_call *c) {
    gs_geom g = geom_of(c, c->in[0], c->in[1]);
    int nd = c->in[0]->ndim - 2;
    int64_t n = g.N * g.out[0] * g.out[1] * g.out[2];
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, grid_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           g, nd, (const T *)cg_cuda_data(c->in[0]), (const T *)cg_cuda_data(c->in[1]),
                                           (T *)cg_cuda_data(c->out[0]), (const T *)NULL, (T *)NULL, (T *)NULL))
    cg_cuda_check_launch();
}

/* in[0] grad_out, in[1] input, in[2] grid; out[0] the input's gradient
 * (zeros; args i[3] says whether wanted), out[1] the grid's */
extern "C" void cg_cuda_grid_sampler_backward(const cg_kernel_call *c) {
    gs_geom g = geom_of(c, c->in[1], c->in[2]);
    int nd = c->in[1]->ndim - 2;
    int64_t n = g.N * g.out[0] * g.out[1] * g.out[2];
    if (n == 0)
        return;
    bool want = c->args->i[3] != 0;
    CG_DISPATCH_FLOAT(c->in[1]->dtype,
                      grid_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                          g, nd, (const T *)cg_cuda_data(c->in[1]), (const T *)cg_cuda_data(c->in[2]), (T *)NULL,
                          (const T *)cg_cuda_data(c->in[0]), want ? (T *)cg_cuda_data(c->out[0]) : (T *)NULL,
                          (T *)cg_cuda_data(c->out[1])))
    cg_cuda_check_launch();
}

/* ---- fractional max pooling ---------------------------------------------------------- */

struct frac_geom {
    int64_t planes, in[3], out[3], pool[3];
    int nd;
};

/* generate_intervals' start of window i of n along a side, sample u */
template <typename T> __device__ static int64_t window_start(T u, int64_t i, int64_t in, int64_t n, int64_t pool) {
    if (i == n - 1)
        return in - pool;
    T alpha = (T)(in - pool) / (T)(n - 1);
    return (int64_t)(int)((T)((T)i + u) * alpha) - (int64_t)(int)(u * alpha);
}

template <typename T> __global__ void frac_kernel(frac_geom g, const T *x, const T *samples, T *out, int64_t *idx) {
    int64_t op = g.out[0] * g.out[1] * g.out[2], ip = g.in[0] * g.in[1] * g.in[2];
    CG_CUDA_FOR(e, g.planes * op) {
        int64_t p = e / op, o = e % op;
        int64_t pos[3] = {o / (g.out[1] * g.out[2]), (o / g.out[2]) % g.out[1], o % g.out[2]}, start[3] = {0, 0, 0};
        int which[3] = {0, 1, g.nd == 3 ? 2 : 0};
        for (int d = 3 - g.nd; d < 3; d++)
            start[d] = window_start<T>(samples[p * g.nd + which[d]], pos[d], g.in[d], g.out[d], g.pool[d]);
        int64_t H = g.in[1], Wd = g.in[2], best = (start[0] * H + start[1]) * Wd + start[2];
        const T *src = x + p * ip;
        T max = -(T)INFINITY;
        for (int64_t a = start[0]; a < start[0] + g.pool[0]; a++)
            for (int64_t b = start[1]; b < start[1] + g.pool[1]; b++)
                for (int64_t c = start[2]; c < start[2] + g.pool[2]; c++) {
                    if (a < 0 || a >= g.in[0] || b < 0 || b >= H || c < 0 || c >= Wd)
                        continue;
                    T v = src[(a * H + b) * Wd + c];
                    if (v > max || v != v)
                        max = v, best = (a * H + b) * Wd + c;
                }
        out[e] = max, idx[e] = best;
    }
}

extern "C" void cg_cuda_fractional_max_pool(const cg_kernel_call *c) {
    const cg_op_args *a = c->args;
    frac_geom g = {1, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, (int)a->i[0]};
    const cg_tensor *x = c->in[0];
    for (int d = 0; d < x->ndim - g.nd; d++)
        g.planes *= x->sizes[d];
    for (int d = 0; d < g.nd; d++) {
        g.in[3 - g.nd + d] = x->sizes[x->ndim - g.nd + d];
        g.pool[3 - g.nd + d] = a->dims[d], g.out[3 - g.nd + d] = a->dims[3 + d];
    }
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(x->dtype, frac_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                    g, (const T *)cg_cuda_data(x), (const T *)cg_cuda_data(c->in[1]),
                                    (T *)cg_cuda_data(c->out[0]), (int64_t *)cg_cuda_data(c->out[1])))
    cg_cuda_check_launch();
}
