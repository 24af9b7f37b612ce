/* cuda_conv.cu: the CUDA kernels of im2col, col2im and the poolings, twins
 * of engine/ops_conv.c's and engine/ops_pool.c's: one thread per output
 * element, the same window bounds, the same order of sums. col2im and the
 * adaptive pooling's backward gather per input element instead of
 * scattering with atomics, so their sums are the CPU's, bit for bit, and
 * the same on every run. The convolution itself is cuBLAS's bmm over
 * im2col's columns (Note [Convolution as im2col]). */
#include "cuda_common.cuh"
#include "scalar_math.h"

/* The window and positions of a call (ops_conv.c's layout of args). */
struct win_geom {
    int64_t planes, chans, h, w, oh, ow;
    int64_t kh, kw, sh, sw, ph, pw, dh, dw;
    bool flag; /* im2col/col2im: columns [C kh kw, N, L]; avg_pool2d: count_include_pad */
    int64_t divisor;
};

/* image: the [.., H, W] tensor whose planes the kernel walks */
static win_geom geom_of(const cg_kernel_call *c, const cg_tensor *image) {
    const cg_op_args *a = c->args;
    int nd = image->ndim;
    win_geom g = {1,
                  nd >= 3 ? image->sizes[nd - 3] : 1,
                  image->sizes[nd - 2],
                  image->sizes[nd - 1],
                  a->i[0],
                  a->i[1],
                  a->dims[0],
                  a->dims[1],
                  a->dims[2],
                  a->dims[3],
                  a->dims[4],
                  a->dims[5],
                  a->dims[6],
                  a->dims[7],
                  a->flag,
                  a->i[2]};
    for (int d = 0; d < nd - 2; d++)
        g.planes *= image->sizes[d];
    return g;
}

/* ---- im2col / col2im ---------------------------------------------------------------- */

/* The first element of the column row of plane p (n C + c) at window offset k. */
__device__ static int64_t col_row(const win_geom &g, int64_t p, int64_t k) {
    int64_t kk = g.kh * g.kw, L = g.oh * g.ow;
    if (!g.flag)
        return (p * kk + k) * L;
    int64_t n = p / g.chans, c = p % g.chans;
    return ((c * kk + k) * (g.planes / g.chans) + n) * L;
}

template <typename T> __global__ void im2col_kernel(const T *im, T *col, win_geom g) {
    int64_t L = g.oh * g.ow, n = g.planes * g.kh * g.kw * L;
    CG_CUDA_FOR(e, n) {
        int64_t l = e % L, row = e / L, k = row % (g.kh * g.kw), p = row / (g.kh * g.kw);
        int64_t i = k / g.kw, j = k % g.kw, y = l / g.ow, x = l % g.ow;
        int64_t r = y * g.sh - g.ph + i * g.dh, s = x * g.sw - g.pw + j * g.dw;
        col[col_row(g, p, k) + l] = r >= 0 && r < g.h && s >= 0 && s < g.w ? im[(p * g.h + r) * g.w + s] : T(0);
    }
}

template <typename T> __global__ void col2im_kernel(const T *col, T *im, win_geom g) {
    int64_t n = g.planes * g.h * g.w;
    CG_CUDA_FOR(e, n) {
        int64_t s = e % g.w, r = (e / g.w) % g.h, p = e / (g.w * g.h);
        T sum = 0;
        for (int64_t i = 0; i < g.kh; i++) {
            int64_t ry = r + g.ph - i * g.dh;
            if (ry < 0 || ry % g.sh || ry / g.sh >= g.oh)
                continue;
            for (int64_t j = 0; j < g.kw; j++) {
                int64_t sx = s + g.pw - j * g.dw;
                if (sx < 0 || sx % g.sw || sx / g.sw >= g.ow)
                    continue;
                sum += col[col_row(g, p, i * g.kw + j) + ry / g.sh * g.ow + sx / g.sw];
            }
        }
        im[e] = sum;
    }
}

extern "C" void cg_cuda_im2col(const cg_kernel_call *c) {
    win_geom g = geom_of(c, c->in[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_NUMERIC(c->in[0]->dtype, im2col_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                             (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]), g))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_col2im(const cg_kernel_call *c) {
    win_geom g = geom_of(c, c->out[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, col2im_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]), g))
    cg_cuda_check_launch();
}

/* ---- max_pool2d / avg_pool2d --------------------------------------------------------- */

template <typename T> __global__ void max_pool_kernel(const T *in, T *out, int64_t *idx, win_geom g) {
    CG_CUDA_FOR(e, g.planes * g.oh * g.ow) {
        int64_t x = e % g.ow, y = (e / g.ow) % g.oh, p = e / (g.ow * g.oh);
        const T *src = in + p * g.h * g.w;
        int64_t h0 = y * g.sh - g.ph, w0 = x * g.sw - g.pw;
        int64_t h1 = min(h0 + (g.kh - 1) * g.dh + 1, g.h), w1 = min(w0 + (g.kw - 1) * g.dw + 1, g.w);
        while (h0 < 0)
            h0 += g.dh;
        while (w0 < 0)
            w0 += g.dw;
        int64_t best = h0 * g.w + w0;
        T m = -INFINITY;
        for (int64_t r = h0; r < h1; r += g.dh)
            for (int64_t s = w0; s < w1; s += g.dw) {
                T v = src[r * g.w + s];
                if (v > m || v != v)
                    m = v, best = r * g.w + s;
            }
        out[e] = m, idx[e] = best;
    }
}

/* Window (y, x)'s bounds clipped to the input and its divisor, as the
 * CPU's avg_window_at (ops_pool.c) */
struct avg_window {
    int64_t h0, h1, w0, w1, divisor;
};

__device__ static avg_window avg_window_at(const win_geom &g, int64_t y, int64_t x) {
    avg_window a;
    a.h0 = y * g.sh - g.ph, a.w0 = x * g.sw - g.pw;
    a.h1 = min(a.h0 + g.kh, g.h + g.ph), a.w1 = min(a.w0 + g.kw, g.w + g.pw);
    int64_t padded = (a.h1 - a.h0) * (a.w1 - a.w0);
    a.h0 = max(a.h0, (int64_t)0), a.w0 = max(a.w0, (int64_t)0), a.h1 = min(a.h1, g.h), a.w1 = min(a.w1, g.w);
    a.divisor = g.divisor ? g.divisor : g.flag ? padded : (a.h1 - a.h0) * (a.w1 - a.w0);
    return a;
}

template <typename T> __global__ void avg_pool_kernel(const T *in, T *out, win_geom g) {
    CG_CUDA_FOR(e, g.planes * g.oh * g.ow) {
        int64_t x = e % g.ow, y = (e / g.ow) % g.oh, p = e / (g.ow * g.oh);
        const T *src = in + p * g.h * g.w;
        avg_window a = avg_window_at(g, y, x);
        T sum = 0;
        for (int64_t r = a.h0; r < a.h1; r++)
            for (int64_t s = a.w0; s < a.w1; s++)
                sum += src[r * g.w + s];
        out[e] = a.h0 < a.h1 && a.w0 < a.w1 ? sum / (T)a.divisor : T(0);
    }
}

extern "C" void cg_cuda_max_pool2d(const cg_kernel_call *c) {
    win_geom g = geom_of(c, c->in[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, max_pool_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]),
                                           (int64_t *)cg_cuda_data(c->out[1]), g))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_avg_pool2d(const cg_kernel_call *c) {
    win_geom g = geom_of(c, c->in[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, avg_pool_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]), g))
    cg_cuda_check_launch();
}

/* avg_pool2d's backward: each input element gathers the windows that hold
 * it, outputs row by row, the order in which the CPU's kernel scatters */
template <typename T> __global__ void avg_pool_backward_kernel(const T *grad, T *gin, win_geom g) {
    CG_CUDA_FOR(e, g.planes * g.h * g.w) {
        int64_t s = e % g.w, r = (e / g.w) % g.h, p = e / (g.w * g.h);
        /* windows y with y*sh - ph <= r < y*sh - ph + kh, and likewise x */
        int64_t y0 = max((r + g.ph - g.kh + g.sh) / g.sh, (int64_t)0), y1 = min((r + g.ph) / g.sh + 1, g.oh);
        int64_t x0 = max((s + g.pw - g.kw + g.sw) / g.sw, (int64_t)0), x1 = min((s + g.pw) / g.sw + 1, g.ow);
        T sum = 0;
        for (int64_t y = y0; y < y1; y++)
            for (int64_t x = x0; x < x1; x++)
                sum += grad[(p * g.oh + y) * g.ow + x] / (T)avg_window_at(g, y, x).divisor;
        gin[e] = sum;
    }
}

extern "C" void cg_cuda_avg_pool2d_backward(const cg_kernel_call *c) {
    win_geom g = geom_of(c, c->out[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype,
                      avg_pool_backward_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                          (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]), g))
    cg_cuda_check_launch();
}

/* ---- adaptive_avg_pool2d ------------------------------------------------------------- */

template <typename T> __global__ void adaptive_kernel(const T *in, T *out, win_geom g) {
    CG_CUDA_FOR(e, g.planes * g.oh * g.ow) {
        int64_t x = e % g.ow, y = (e / g.ow) % g.oh, p = e / (g.ow * g.oh);
        int64_t h0 = cg_adaptive_start(y, g.h, g.oh), h1 = cg_adaptive_end(y, g.h, g.oh);
        int64_t w0 = cg_adaptive_start(x, g.w, g.ow), w1 = cg_adaptive_end(x, g.w, g.ow);
        T sum = 0;
        for (int64_t r = h0; r < h1; r++)
            for (int64_t s = w0; s < w1; s++)
                sum += in[(p * g.h + r) * g.w + s];
        out[e] = sum / (T)(h1 - h0) / (T)(w1 - w0); /* two roundings, as PyTorch */
    }
}

/* each input element gathers the windows that hold it, in the order the
 * CPU's scatter visits them (outputs row by row) */
template <typename T> __global__ void adaptive_backward_kernel(const T *grad, T *gin, win_geom g) {
    CG_CUDA_FOR(e, g.planes * g.h * g.w) {
        int64_t s = e % g.w, r = (e / g.w) % g.h, p = e / (g.w * g.h);
        T sum = 0;
        for (int64_t y = 0; y < g.oh; y++) {
            int64_t h0 = cg_adaptive_start(y, g.h, g.oh), h1 = cg_adaptive_end(y, g.h, g.oh);
            if (r < h0 || r >= h1)
                continue;
            for (int64_t x = 0; x < g.ow; x++) {
                int64_t w0 = cg_adaptive_start(x, g.w, g.ow), w1 = cg_adaptive_end(x, g.w, g.ow);
                if (s >= w0 && s < w1)
                    sum += grad[(p * g.oh + y) * g.ow + x] / (T)(h1 - h0) / (T)(w1 - w0);
            }
        }
        gin[e] = sum;
    }
}

extern "C" void cg_cuda_adaptive_avg_pool2d(const cg_kernel_call *c) {
    win_geom g = geom_of(c, c->in[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, adaptive_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]), g))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_adaptive_avg_pool2d_backward(const cg_kernel_call *c) {
    win_geom g = geom_of(c, c->out[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, adaptive_backward_kernel<T>
                      <<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>((const T *)cg_cuda_data(c->in[0]),
                                                                                  (T *)cg_cuda_data(c->out[0]), g))
    cg_cuda_check_launch();
}

/* ---- adaptive_avg_pool3d --------------------------------------------------------------- */

/* planes and the last three sizes of input and output (ops_adaptive_pool3d.c's args) */
struct pool3_geom {
    int64_t planes, in[3], out[3];
};

static pool3_geom geom3_of(const cg_kernel_call *c, const cg_tensor *big) {
    pool3_geom g = {1, {0, 0, 0}, {c->args->i[0], c->args->i[1], c->args->i[2]}};
    for (int d = 0; d < big->ndim - 3; d++)
        g.planes *= big->sizes[d];
    for (int d = 0; d < 3; d++)
        g.in[d] = big->sizes[big->ndim - 3 + d];
    return g;
}

template <typename T> __global__ void adaptive3_kernel(const T *in, T *out, pool3_geom g) {
    int64_t op = g.out[0] * g.out[1] * g.out[2], ip = g.in[0] * g.in[1] * g.in[2];
    CG_CUDA_FOR(e, g.planes * op) {
        int64_t x = e % g.out[2], y = (e / g.out[2]) % g.out[1], z = (e / (g.out[2] * g.out[1])) % g.out[0];
        const T *src = in + (e / op) * ip;
        int64_t d0 = cg_adaptive_start(z, g.in[0], g.out[0]), d1 = cg_adaptive_end(z, g.in[0], g.out[0]);
        int64_t h0 = cg_adaptive_start(y, g.in[1], g.out[1]), h1 = cg_adaptive_end(y, g.in[1], g.out[1]);
        int64_t w0 = cg_adaptive_start(x, g.in[2], g.out[2]), w1 = cg_adaptive_end(x, g.in[2], g.out[2]);
        T sum = 0;
        for (int64_t a = d0; a < d1; a++)
            for (int64_t b = h0; b < h1; b++)
                for (int64_t c = w0; c < w1; c++)
                    sum += src[(a * g.in[1] + b) * g.in[2] + c];
        out[e] = sum / (T)(d1 - d0) / (T)(h1 - h0) / (T)(w1 - w0);
    }
}

/* each input element gathers the windows that hold it, outputs in order */
template <typename T> __global__ void adaptive3_backward_kernel(const T *grad, T *gin, pool3_geom g) {
    int64_t op = g.out[0] * g.out[1] * g.out[2], ip = g.in[0] * g.in[1] * g.in[2];
    CG_CUDA_FOR(e, g.planes * ip) {
        int64_t c = e % g.in[2], b = (e / g.in[2]) % g.in[1], a = (e / (g.in[2] * g.in[1])) % g.in[0];
        const T *src = grad + (e / ip) * op;
        T sum = 0;
        for (int64_t z = 0; z < g.out[0]; z++) {
            int64_t d0 = cg_adaptive_start(z, g.in[0], g.out[0]), d1 = cg_adaptive_end(z, g.in[0], g.out[0]);
            if (a < d0 || a >= d1)
                continue;
            for (int64_t y = 0; y < g.out[1]; y++) {
                int64_t h0 = cg_adaptive_start(y, g.in[1], g.out[1]), h1 = cg_adaptive_end(y, g.in[1], g.out[1]);
                if (b < h0 || b >= h1)
                    continue;
                for (int64_t x = 0; x < g.out[2]; x++) {
                    int64_t w0 = cg_adaptive_start(x, g.in[2], g.out[2]), w1 = cg_adaptive_end(x, g.in[2], g.out[2]);
                    if (c >= w0 && c < w1)
                        sum += src[(z * g.out[1] + y) * g.out[2] + x] / (T)(d1 - d0) / (T)(h1 - h0) / (T)(w1 - w0);
                }
            }
        }
        gin[e] = sum;
    }
}

extern "C" void cg_cuda_adaptive_avg_pool3d(const cg_kernel_call *c) {
    pool3_geom g = geom3_of(c, c->in[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, adaptive3_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]), g))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_adaptive_avg_pool3d_backward(const cg_kernel_call *c) {
    pool3_geom g = geom3_of(c, c->out[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, adaptive3_backward_kernel<T>
                      <<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>((const T *)cg_cuda_data(c->in[0]),
                                                                                  (T *)cg_cuda_data(c->out[0]), g))
    cg_cuda_check_launch();
}

/* ---- adaptive_max_pool2d --------------------------------------------------------------- */

/* the first maximum of each adaptive window, NaN winning, as the CPU's */
template <typename T> __global__ void adaptive_max_kernel(const T *in, T *out, int64_t *idx, win_geom g) {
    CG_CUDA_FOR(e, g.planes * g.oh * g.ow) {
        int64_t x = e % g.ow, y = (e / g.ow) % g.oh, p = e / (g.ow * g.oh);
        int64_t h0 = cg_adaptive_start(y, g.h, g.oh), h1 = cg_adaptive_end(y, g.h, g.oh);
        int64_t w0 = cg_adaptive_start(x, g.w, g.ow), w1 = cg_adaptive_end(x, g.w, g.ow);
        const T *src = in + p * g.h * g.w;
        int64_t best = h0 * g.w + w0;
        T m = -INFINITY;
        for (int64_t r = h0; r < h1; r++)
            for (int64_t s = w0; s < w1; s++) {
                T v = src[r * g.w + s];
                if (v > m || isnan(v))
                    m = v, best = r * g.w + s;
            }
        out[e] = m, idx[e] = best;
    }
}

extern "C" void cg_cuda_adaptive_max_pool2d(const cg_kernel_call *c) {
    win_geom g = geom_of(c, c->in[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, adaptive_max_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]),
                                           (int64_t *)cg_cuda_data(c->out[1]), g))
    cg_cuda_check_launch();
}

/* ---- adaptive_max_pool3d --------------------------------------------------------------- */

/* the first maximum of each adaptive window (depth, height, width in
 * turn), NaN winning, as the CPU's */
template <typename T> __global__ void adaptive_max3_kernel(const T *in, T *out, int64_t *idx, pool3_geom g) {
    int64_t op = g.out[0] * g.out[1] * g.out[2], ip = g.in[0] * g.in[1] * g.in[2];
    CG_CUDA_FOR(e, g.planes * op) {
        int64_t x = e % g.out[2], y = (e / g.out[2]) % g.out[1], z = (e / (g.out[2] * g.out[1])) % g.out[0];
        const T *src = in + (e / op) * ip;
        int64_t d0 = cg_adaptive_start(z, g.in[0], g.out[0]), d1 = cg_adaptive_end(z, g.in[0], g.out[0]);
        int64_t h0 = cg_adaptive_start(y, g.in[1], g.out[1]), h1 = cg_adaptive_end(y, g.in[1], g.out[1]);
        int64_t w0 = cg_adaptive_start(x, g.in[2], g.out[2]), w1 = cg_adaptive_end(x, g.in[2], g.out[2]);
        int64_t best = (d0 * g.in[1] + h0) * g.in[2] + w0;
        T m = -INFINITY;
        for (int64_t a = d0; a < d1; a++)
            for (int64_t b = h0; b < h1; b++)
                for (int64_t c = w0; c < w1; c++) {
                    int64_t k = (a * g.in[1] + b) * g.in[2] + c;
                    if (src[k] > m || isnan(src[k]))
                        m = src[k], best = k;
                }
        out[e] = m, idx[e] = best;
    }
}

extern "C" void cg_cuda_adaptive_max_pool3d(const cg_kernel_call *c) {
    pool3_geom g = geom3_of(c, c->in[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, adaptive_max3_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]),
                                           (int64_t *)cg_cuda_data(c->out[1]), g))
    cg_cuda_check_launch();
}

/* ---- max_unpool2d ---------------------------------------------------------------------- */

/* one thread per input value; invalid indices write nothing (the CPU
 * kernel reports them; here they are skipped) */
template <typename T> __global__ void max_unpool_kernel(const T *in, const int64_t *idx, T *out, int64_t n, int64_t size,
                                                        int64_t total) {
    CG_CUDA_FOR(e, total) {
        int64_t at = idx[e];
        if (at >= 0 && at < size)
            out[(e / n) * size + at] = in[e];
    }
}

/* nd: the pooled dims (2 or 3); args.i the output's sizes */
static void max_unpool_run(const cg_kernel_call *c, int nd) {
    const cg_tensor *x = c->in[0];
    int64_t n = 1, size = 1, total = cg_tensor_numel(x);
    for (int d = 0; d < nd; d++)
        n *= x->sizes[x->ndim - nd + d], size *= c->args->i[d];
    cudaMemsetAsync(cg_cuda_data(c->out[0]), 0, (size_t)cg_tensor_numel(c->out[0]) * cg_dtype_size(x->dtype),
                    CG_CUDA_STREAM);
    if (total == 0)
        return;
    CG_DISPATCH_FLOAT(x->dtype, max_unpool_kernel<T><<<cg_cuda_blocks(total), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                    (const T *)cg_cuda_data(x), (const int64_t *)cg_cuda_data(c->in[1]),
                                    (T *)cg_cuda_data(c->out[0]), n, size, total))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_max_unpool2d(const cg_kernel_call *c) { max_unpool_run(c, 2); }
extern "C" void cg_cuda_max_unpool3d(const cg_kernel_call *c) { max_unpool_run(c, 3); }

/* ---- max_pool3d, avg_pool3d ------------------------------------------------------------ */

/* ops_pool3d.c's layout of args: the window, count_include_pad, divisor_override */
struct pool3w_geom {
    int64_t planes, in[3], out[3], k[3], s[3], p[3], dl[3], divisor;
    bool count_include_pad;
};

static pool3w_geom geom3w_of(const cg_kernel_call *c, const cg_tensor *input, const cg_tensor *output) {
    const cg_op_args *a = c->args;
    pool3w_geom g;
    g.planes = 1;
    for (int d = 0; d < input->ndim - 3; d++)
        g.planes *= input->sizes[d];
    for (int d = 0; d < 3; d++) {
        g.in[d] = input->sizes[input->ndim - 3 + d], g.out[d] = output->sizes[output->ndim - 3 + d];
        g.k[d] = a->dims[d], g.s[d] = a->dims[3 + d];
    }
    g.p[0] = a->dims[6], g.p[1] = a->dims[7], g.p[2] = a->i[0];
    g.dl[0] = a->s[0].v.i, g.dl[1] = a->s[1].v.i, g.dl[2] = a->i[1];
    g.divisor = a->i[2], g.count_include_pad = a->flag;
    return g;
}

__device__ static void position3(const pool3w_geom &g, int64_t e, int64_t *o) {
    o[2] = e % g.out[2], o[1] = (e / g.out[2]) % g.out[1], o[0] = (e / (g.out[2] * g.out[1])) % g.out[0];
}

template <typename T> __global__ void max_pool3_kernel(const T *in, T *out, int64_t *idx, pool3w_geom g) {
    int64_t ip = g.in[0] * g.in[1] * g.in[2], op = g.out[0] * g.out[1] * g.out[2];
    CG_CUDA_FOR(e, g.planes * op) {
        int64_t o[3], lo[3], hi[3];
        position3(g, e, o);
        for (int d = 0; d < 3; d++) {
            int64_t s = o[d] * g.s[d] - g.p[d], t = s + (g.k[d] - 1) * g.dl[d] + 1;
            hi[d] = t < g.in[d] ? t : g.in[d];
            while (s < 0)
                s += g.dl[d];
            lo[d] = s;
        }
        const T *src = in + (e / op) * ip;
        int64_t best = (lo[0] * g.in[1] + lo[1]) * g.in[2] + lo[2];
        T m = -INFINITY;
        for (int64_t z = lo[0]; z < hi[0]; z += g.dl[0])
            for (int64_t y = lo[1]; y < hi[1]; y += g.dl[1])
                for (int64_t x = lo[2]; x < hi[2]; x += g.dl[2]) {
                    int64_t at = (z * g.in[1] + y) * g.in[2] + x;
                    T v = src[at];
                    if (v > m || isnan(v))
                        m = v, best = at;
                }
        out[e] = m, idx[e] = best;
    }
}

/* the window of output o clipped to the input, and its divisor (as the CPU's) */
__device__ static int64_t avg3_window(const pool3w_geom &g, const int64_t *o, int64_t *lo, int64_t *hi) {
    int64_t padded = 1, inside = 1;
    for (int d = 0; d < 3; d++) {
        int64_t s = o[d] * g.s[d] - g.p[d], t = s + g.k[d], tp = g.in[d] + g.p[d];
        t = t < tp ? t : tp;
        padded *= t - s;
        lo[d] = s > 0 ? s : 0, hi[d] = t < g.in[d] ? t : g.in[d];
        inside *= hi[d] - lo[d];
    }
    return g.divisor ? g.divisor : g.count_include_pad ? padded : inside;
}

template <typename T> __global__ void avg_pool3_kernel(const T *in, T *out, pool3w_geom g) {
    int64_t ip = g.in[0] * g.in[1] * g.in[2], op = g.out[0] * g.out[1] * g.out[2];
    CG_CUDA_FOR(e, g.planes * op) {
        int64_t o[3], lo[3], hi[3];
        position3(g, e, o);
        int64_t div = avg3_window(g, o, lo, hi);
        const T *src = in + (e / op) * ip;
        T sum = 0;
        for (int64_t z = lo[0]; z < hi[0]; z++)
            for (int64_t y = lo[1]; y < hi[1]; y++)
                for (int64_t x = lo[2]; x < hi[2]; x++)
                    sum += src[(z * g.in[1] + y) * g.in[2] + x];
        out[e] = sum / (T)div;
    }
}

/* the adjoint scattered with atomics (the order of the sums varies) */
template <typename T> __global__ void avg_pool3_backward_kernel(const T *grad, T *gin, pool3w_geom g) {
    int64_t ip = g.in[0] * g.in[1] * g.in[2], op = g.out[0] * g.out[1] * g.out[2];
    CG_CUDA_FOR(e, g.planes * op) {
        int64_t o[3], lo[3], hi[3];
        position3(g, e, o);
        T v = grad[e] / (T)avg3_window(g, o, lo, hi), *dst = gin + (e / op) * ip;
        for (int64_t z = lo[0]; z < hi[0]; z++)
            for (int64_t y = lo[1]; y < hi[1]; y++)
                for (int64_t x = lo[2]; x < hi[2]; x++)
                    atomicAdd(dst + (z * g.in[1] + y) * g.in[2] + x, v);
    }
}

extern "C" void cg_cuda_max_pool3d(const cg_kernel_call *c) {
    pool3w_geom g = geom3w_of(c, c->in[0], c->out[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, max_pool3_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]),
                                           (int64_t *)cg_cuda_data(c->out[1]), g))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_avg_pool3d(const cg_kernel_call *c) {
    pool3w_geom g = geom3w_of(c, c->in[0], c->out[0]);
    int64_t n = cg_tensor_numel(c->out[0]);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, avg_pool3_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                           (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]), g))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_avg_pool3d_backward(const cg_kernel_call *c) {
    pool3w_geom g = geom3w_of(c, c->out[0], c->in[0]);
    int64_t n = cg_tensor_numel(c->in[0]);
    cudaMemsetAsync(cg_cuda_data(c->out[0]), 0, (size_t)cg_tensor_numel(c->out[0]) * cg_dtype_size(c->out[0]->dtype),
                    CG_CUDA_STREAM);
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, avg_pool3_backward_kernel<T>
                      <<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>((const T *)cg_cuda_data(c->in[0]),
                                                                                  (T *)cg_cuda_data(c->out[0]), g))
    cg_cuda_check_launch();
}
