/* cuda_loss.cu: the CUDA kernels of the losses of engine/ops_loss.c: the
 * elementwise ones (mse, smooth_l1, huber and their gradient, BCE, BCE with
 * logits and their partials) over the elementwise plan, with the CPU's
 * formulas and clamps (scalar_math.h), and nll_loss and its backward over
 * [N, C, S] contiguous inputs. */
#include "cuda_ew.cuh"
#include "scalar_math.h"

extern "C" {
#include "ops_nn.h"
}

/* ---- mse_loss, smooth_l1_loss, huber_loss ------------------------------------------ */

/* out, input a, target b of one shape and float dtype; args->s[0] beta/delta */
extern "C" void cg_cuda_mse_loss(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return cg_mse_at(a, b); }))
}

extern "C" void cg_cuda_smooth_l1_loss(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T k = (T)cg_scalar_to_double(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return cg_smooth_l1_at(a, b, k); });
    })
}

extern "C" void cg_cuda_huber_loss(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T k = (T)cg_scalar_to_double(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return cg_huber_at(a, b, k); });
    })
}

/* derivative in d = a - b of order args->i[1] (1 or 2); args->flag: huber */
extern "C" void cg_cuda_robust_loss_grad(const cg_kernel_call *c) {
    bool huber = c->args->flag;
    int order = (int)c->args->i[1];
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T k = (T)cg_scalar_to_double(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return cg_robust_grad_at(a - b, k, huber, order); });
    })
}

/* ---- binary_cross_entropy ----------------------------------------------------------- */

/* input a, target b; the partials of order args->i[1] (cg_bce_order) */
extern "C" void cg_cuda_bce(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return cg_bce_at(a, b); }))
}

extern "C" void cg_cuda_bce_grad(const cg_kernel_call *c) {
    int order = (int)c->args->i[1];
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return cg_bce_grad_at(a, b, order); }))
}

/* x logits, t target, pw pos_weight */
extern "C" void cg_cuda_bce_logits(const cg_kernel_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<3, T>(c, [] __device__(T x, T t, T pw) -> T { return cg_bce_logits_at(x, t, pw); }))
}

extern "C" void cg_cuda_bce_logits_grad(const cg_kernel_call *c) {
    int order = (int)c->args->i[1];
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<3, T>(c, [=] __device__(T x, T t, T pw) -> T {
                          return cg_bce_logits_grad_at(x, t, pw, order);
                      }))
}

/* ---- nll_loss -------------------------------------------------------------------------- */

/* [C] is one row, [N, C] has S = 1, [N, C, H, W] has S = H * W */
struct nll_geom {
    int64_t N, C, S;
};
static nll_geom nll_geom_of(int ndim, const int64_t *sizes) {
    if (ndim == 4)
        return {sizes[0], sizes[1], sizes[2] * sizes[3]};
    return {ndim == 2 ? sizes[0] : 1, sizes[ndim - 1], 1};
}

/* 'none': out[k] per target; reduced: one block sums loss and weight in
 * double, out = sum (/ total for 'mean'), tw = total */
template <typename T>
__global__ void nll_kernel(const T *x, const int64_t *t, const T *w, T *out, T *tw, nll_geom g, int red,
                           int64_t ignore) {
    double sum = 0, total = 0;
    for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < g.N * g.S;
         k += (int64_t)blockDim.x * gridDim.x) {
        int64_t i = k / g.S, s = k % g.S, tk = t[k];
        T wk = tk == ignore ? (T)0 : w ? w[tk] : (T)1;
        T lk = tk == ignore ? (T)0 : -x[(i * g.C + tk) * g.S + s] * wk;
        if (red == CG_REDUCTION_NONE)
            out[k] = lk;
        sum += lk, total += wk;
    }
    if (red == CG_REDUCTION_NONE)
        return;
    sum = cg_block_merge(sum, cg_sum_merge{});
    total = cg_block_merge(total, cg_sum_merge{});
    if (threadIdx.x == 0) {
        *out = (T)(red == CG_REDUCTION_MEAN ? sum / total : sum);
        *tw = (T)total;
    }
}

template <typename T> __global__ void zero_scalar(T *p) { *p = 0; }

/* in: input, target, weight (may be NULL), contiguous; out: loss,
 * total_weight (0-d). args: i[0] reduction, i[1] ignore_index. */
extern "C" void cg_cuda_nll_loss(const cg_kernel_call *c) {
    nll_geom g = nll_geom_of(c->in[0]->ndim, c->in[0]->sizes);
    int red = (int)c->args->i[0];
    bool none = red == CG_REDUCTION_NONE;
    /* a reduction runs in one block, so that it needs no second pass */
    unsigned blocks = none ? cg_cuda_blocks(g.N * g.S) : 1, threads = none ? CG_CUDA_THREADS : CG_BLOCK_MAX;
    CG_DISPATCH_FLOAT(c->in[0]->dtype, {
        const T *w = c->in[2] ? (const T *)cg_cuda_data(c->in[2]) : nullptr;
        T *tw = (T *)cg_cuda_data(c->out[1]);
        if (none)
            zero_scalar<T><<<1, 1, 0, CG_CUDA_STREAM>>>(tw);
        if (g.N * g.S > 0 || !none)
            nll_kernel<T><<<blocks, threads, 0, CG_CUDA_STREAM>>>(
                (const T *)cg_cuda_data(c->in[0]), (const int64_t *)cg_cuda_data(c->in[1]), w,
                (T *)cg_cuda_data(c->out[0]), tw, g, red, c->args->i[1]);
    })
    cg_cuda_check_launch();
}

/* gi[i, t[i, s], s] = -w[t] * g (/ tw for 'mean'); gi zeroed first */
template <typename T>
__global__ void nll_backward_kernel(T *gi, const T *g, const int64_t *t, const T *w, const T *tw, nll_geom geo, int red,
                                    int64_t ignore) {
    CG_CUDA_FOR(k, geo.N * geo.S) {
        int64_t i = k / geo.S, s = k % geo.S, tk = t[k];
        if (tk == ignore)
            continue;
        T gv = red == CG_REDUCTION_NONE ? g[k] : red == CG_REDUCTION_MEAN ? *g / *tw : *g;
        gi[(i * geo.C + tk) * geo.S + s] = -(w ? w[tk] : (T)1) * gv;
    }
}

/* out: grad_input of the input's sizes; in: grad, target, weight (may be
 * NULL), total_weight, all contiguous. args as nll_loss's. */
extern "C" void cg_cuda_nll_loss_backward(const cg_kernel_call *c) {
    const cg_tensor *out = c->out[0];
    nll_geom g = nll_geom_of(out->ndim, out->sizes);
    size_t bytes = (size_t)cg_tensor_numel(out) * cg_tensor_itemsize(out);
    if (bytes && cg_cuda_check(cudaMemsetAsync(cg_cuda_data(out), 0, bytes, CG_CUDA_STREAM)) < 0)
        return;
    if (g.N * g.S == 0)
        return;
    CG_DISPATCH_FLOAT(out->dtype, {
        const T *w = c->in[2] ? (const T *)cg_cuda_data(c->in[2]) : nullptr;
        nll_backward_kernel<T><<<cg_cuda_blocks(g.N * g.S), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
            (T *)cg_cuda_data(out), (const T *)cg_cuda_data(c->in[0]), (const int64_t *)cg_cuda_data(c->in[1]), w,
            (const T *)cg_cuda_data(c->in[3]), g, (int)c->args->i[0], c->args->i[1]);
    })
    cg_cuda_check_launch();
}

/* ---- multi_margin_loss, multilabel_margin_loss (Note [Margin losses in ATen's order]) ---- */

/* one thread per frame, each frame's loop as the CPU's; with a reduction
 * one thread then sums the frames in order */
template <typename T>
__global__ void multi_margin_kernel(const T *x, const int64_t *tg, const T *w, T *frame, int p, T margin,
                                    int64_t nframe, int64_t dim) {
    CG_CUDA_FOR(f, nframe) {
        const T *xf = x + f * dim;
        int64_t t = tg[f];
        T xt = xf[t], sum = 0;
        for (int64_t d = 0; d < dim; d++) {
            T z = margin - xt + xf[d];
            if (d != t && z > 0) {
                T h = p == 1 ? z : z * z;
                if (w)
                    h *= w[t];
                sum += h;
            }
        }
        frame[f] = sum / (T)dim;
    }
}

template <typename T>
__global__ void frames_reduce_kernel(const T *frame, T *out, int64_t nframe, T scale_dim, bool mean) {
    double acc = 0;
    for (int64_t f = 0; f < nframe; f++)
        acc += frame[f];
    if (scale_dim != 0)
        acc /= (double)scale_dim;
    out[0] = (T)(mean ? acc / (double)nframe : acc);
}

/* the frames' losses into out[0] (per frame) or through a scratch of
 * nframe values reduced by one thread */
template <typename T, typename Launch>
static void frames_then_reduce(const cg_kernel_call *c, int64_t nframe, T scale_dim, Launch launch) {
    if (c->args->flag) {
        launch((T *)cg_cuda_data(c->out[0]));
        return;
    }
    T *scratch = (T *)cg_cuda_scratch_alloc((size_t)(nframe ? nframe : 1) * sizeof(T));
    if (!scratch)
        return;
    launch(scratch);
    frames_reduce_kernel<T><<<1, 1, 0, CG_CUDA_STREAM>>>(scratch, (T *)cg_cuda_data(c->out[0]), nframe, scale_dim,
                                                         c->args->i[1] == CG_REDUCTION_MEAN);
    cg_cuda_check_launch();
    cg_cuda_scratch_free(scratch);
}

extern "C" void cg_cuda_multi_margin_loss(const cg_kernel_call *c) {
    int64_t nframe = c->args->i[2], dim = c->args->i[3];
    int p = (int)c->args->i[0];
    CG_DISPATCH_FLOAT(c->out[0]->dtype, {
        T margin = (T)cg_scalar_to_double(c->args->s[0]);
        const T *w = c->nin > 2 ? (const T *)cg_cuda_data(c->in[2]) : NULL;
        frames_then_reduce<T>(c, nframe, (T)0, [&](T *frame) {
            multi_margin_kernel<T><<<cg_cuda_blocks(nframe), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                (const T *)cg_cuda_data(c->in[0]), (const int64_t *)cg_cuda_data(c->in[1]), w, frame, p, margin,
                nframe, dim);
            cg_cuda_check_launch();
        });
    })
}

template <typename T>
__global__ void multi_margin_backward_kernel(const T *go, const T *x, const int64_t *tg, const T *w, T *gi, int p,
                                             T margin, T g, int64_t nframe, int64_t dim, bool each) {
    CG_CUDA_FOR(f, nframe) {
        const T *xf = x + f * dim;
        T *gf = gi + f * dim;
        int64_t t = tg[f];
        T xt = xf[t], gt = 0, s = go[each ? f : 0];
        for (int64_t d = 0; d < dim; d++) {
            T z = margin - xt + xf[d];
            if (d == t)
                continue;
            T h = 0;
            if (z > 0) {
                h = p == 1 ? g : 2 * g * z;
                if (w)
                    h *= w[t];
                gt -= h;
            }
            gf[d] = h * s;
        }
        gf[t] = gt * s;
    }
}

extern "C" void cg_cuda_multi_margin_loss_backward(const cg_kernel_call *c) {
    int64_t red = c->args->i[1], nframe = c->args->i[2], dim = c->args->i[3];
    bool each = red == CG_REDUCTION_NONE && c->in[0]->ndim > 0;
    CG_DISPATCH_FLOAT(c->out[0]->dtype, {
        T g = (T)(red == CG_REDUCTION_MEAN ? 1. / (double)(nframe * dim) : 1. / (double)dim);
        multi_margin_backward_kernel<T><<<cg_cuda_blocks(nframe), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
            (const T *)cg_cuda_data(c->in[0]), (const T *)cg_cuda_data(c->in[1]),
            (const int64_t *)cg_cuda_data(c->in[2]), c->nin > 3 ? (const T *)cg_cuda_data(c->in[3]) : NULL,
            (T *)cg_cuda_data(c->out[0]), (int)c->args->i[0], (T)cg_scalar_to_double(c->args->s[0]), g, nframe, dim,
            each);
    })
    cg_cuda_check_launch();
}

template <typename T>
__global__ void multilabel_kernel(const T *x, const int64_t *tg, T *is, T *frame, int64_t nframe, int64_t dim,
                                  bool per_frame) {
    CG_CUDA_FOR(f, nframe) {
        const T *xf = x + f * dim;
        const int64_t *tf = tg + f * dim;
        T *isf = is + f * dim;
        double sum = 0;
        for (int64_t k = 0; k < dim && tf[k] >= 0; k++)
            isf[tf[k]] = 1;
        for (int64_t k = 0; k < dim && tf[k] >= 0; k++) {
            T xt = xf[tf[k]];
            for (int64_t d = 0; d < dim; d++) {
                T z = 1 - xt + xf[d];
                if (!isf[d] && z > 0)
                    sum += z;
            }
        }
        frame[f] = per_frame ? (T)sum / (T)dim : (T)sum;
    }
}

extern "C" void cg_cuda_multilabel_margin_loss(const cg_kernel_call *c) {
    int64_t nframe = c->args->i[2], dim = c->args->i[3];
    bool per_frame = c->args->flag;
    CG_DISPATCH_FLOAT(c->out[0]->dtype, {
        frames_then_reduce<T>(c, nframe, (T)dim, [&](T *frame) {
            multilabel_kernel<T><<<cg_cuda_blocks(nframe), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                (const T *)cg_cuda_data(c->in[0]), (const int64_t *)cg_cuda_data(c->in[1]),
                (T *)cg_cuda_data(c->out[1]), frame, nframe, dim, per_frame);
            cg_cuda_check_launch();
        });
    })
}

template <typename T>
__global__ void multilabel_backward_kernel(const T *go, const T *x, const int64_t *tg, const T *is, T *gi, T g,
                                           int64_t nframe, int64_t dim, bool each) {
    CG_CUDA_FOR(f, nframe) {
        const T *xf = x + f * dim, *isf = is + f * dim;
        const int64_t *tf = tg + f * dim;
        T *gf = gi + f * dim;
        for (int64_t k = 0; k < dim && tf[k] >= 0; k++) {
            T xt = xf[tf[k]];
            for (int64_t d = 0; d < dim; d++) {
                T z = 1 - xt + xf[d];
                if (!isf[d] && z > 0) {
                    gf[tf[k]] -= g;
                    gf[d] += g;
                }
            }
        }
        T s = go[each ? f : 0];
        for (int64_t d = 0; d < dim; d++)
            gf[d] *= s;
    }
}

extern "C" void cg_cuda_multilabel_margin_loss_backward(const cg_kernel_call *c) {
    int64_t red = c->args->i[1], nframe = c->args->i[2], dim = c->args->i[3];
    bool each = red == CG_REDUCTION_NONE && c->in[0]->ndim > 0;
    CG_DISPATCH_FLOAT(c->out[0]->dtype, {
        T g = (T)(red == CG_REDUCTION_MEAN ? 1. / (double)(nframe * dim) : 1. / (double)dim);
        multilabel_backward_kernel<T><<<cg_cuda_blocks(nframe), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
            (const T *)cg_cuda_data(c->in[0]), (const T *)cg_cuda_data(c->in[1]),
            (const int64_t *)cg_cuda_data(c->in[2]), (const T *)cg_cuda_data(c->in[3]),
            (T *)cg_cuda_data(c->out[0]), g, nframe, dim, each);
    })
    cg_cuda_check_launch();
}

/* ---- pdist (Note [Pairwise distances in ATen's lanes]): one thread per
 * pair, the terms summed in order; one thread per element of the gradient,
 * the pairs it meets in the CPU's order ---- */

template <typename T>
__device__ T pdist_sign(T v) {
    return (T)fmin(fmax(0.0, ceil((double)v)), 1.0) + (T)fmin(fmax(-1.0, floor((double)v)), 0.0);
}

template <typename T>
__global__ void pdist_kernel(const T *x, T *out, int64_t n, int64_t m, double p) {
    CG_CUDA_FOR(k, n * (n - 1) / 2) {
        int64_t i = 0, left = k;
        while (left >= n - 1 - i)
            left -= n - 1 - i, i++;
        int64_t j = i + 1 + left;
        double agg = 0;
        for (int64_t c = 0; c < m; c++) {
            T d = (T)fabs((double)(x[i * m + c] - x[j * m + c]));
            T t = p == 0.0 ? (T)fmin(ceil((double)d), 1.0) : p == 1.0 || isinf(p) ? d : p == 2.0 ? d * d : (T)pow((double)d, p);
            agg = isinf(p) ? (t > agg || isnan(t) ? t : agg) : agg + t;
        }
        out[k] = p == 2.0 ? (T)sqrt(agg) : (p == 0.0 || p == 1.0 || isinf(p)) ? (T)agg : (T)pow(agg, 1.0 / p);
    }
}

extern "C" void cg_cuda_pdist(const cg_kernel_call *c) {
    int64_t n = c->in[0]->sizes[0], m = c->in[0]->sizes[1];
    double p = cg_scalar_to_double(c->args->s[0]);
    CG_DISPATCH_FLOAT(c->out[0]->dtype,
                      pdist_kernel<T><<<cg_cuda_blocks(n * (n - 1) / 2), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                          (const T *)cg_cuda_data(c->in[0]), (T *)cg_cuda_data(c->out[0]), n, m, p))
    cg_cuda_check_launch();
}

template <typename T>
__device__ T pdist_term(T diff, T grad, T dist, double p) {
    T ad = (T)fabs((double)diff), sg = pdist_sign(diff);
    if (p == 1.0)
        return grad * sg;
    if (p < 2.0) {
        T r = dist == 0 ? (T)0 : sg * (T)pow((double)ad, p - 1) * grad / (T)pow((double)dist, p - 1);
        return diff == 0 && p < 1 ? (T)0 : r;
    }
    if (p == 2.0)
        return dist == 0 ? (T)0 : grad * diff / dist;
    if (isinf(p))
        return grad * sg * (1 - (T)fmin(1.0, ceil(fabs((double)(ad - dist)))));
    return dist == 0 ? (T)0 : diff * (T)pow((double)ad, p - 2) * grad / (T)pow((double)dist, p - 1);
}

template <typename T>
__global__ void pdist_backward_kernel(const T *g, const T *x, const T *dist, T *gi, int64_t n, int64_t m, double p) {
    CG_CUDA_FOR(e, n * m) {
        int64_t r = e / m, col = e % m;
        T acc = 0;
        for (int64_t i = 0; i < r; i++) {
            int64_t k = i * n - i * (i + 1) / 2 + (r - i - 1);
            acc = acc - pdist_term(x[i * m + col] - x[r * m + col], g[k], dist[k], p);
        }
        int64_t base = r * n - r * (r + 1) / 2;
        for (int64_t j = r + 1; j < n; j++) {
            int64_t k = base + (j - r - 1);
            acc = acc + pdist_term(x[r * m + col] - x[j * m + col], g[k], dist[k], p);
        }
        gi[e] = acc;
    }
}

extern "C" void cg_cuda_pdist_backward(const cg_kernel_call *c) {
    int64_t n = c->in[1]->sizes[0], m = c->in[1]->sizes[1];
    double p = cg_scalar_to_double(c->args->s[0]);
    if (p == 0.0)
        return;
    CG_DISPATCH_FLOAT(c->out[0]->dtype,
                      pdist_backward_kernel<T><<<cg_cuda_blocks(n * m), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                          (const T *)cg_cuda_data(c->in[0]), (const T *)cg_cuda_data(c->in[1]),
                          (const T *)cg_cuda_data(c->in[2]), (T *)cg_cuda_data(c->out[0]), n, m, p))
    cg_cuda_check_launch();
}

/* ---- ctc_loss (Note [CTC in log space, in ATen's order]): one thread per
 * batch item running the CPU's loops ---- */

template <typename T>
__device__ int64_t ctc_prime(const int64_t *tg, int64_t off, int64_t s, int64_t blank) {
    return s % 2 == 0 ? blank : tg[off + s / 2];
}

template <typename T>
__device__ T ctc_lse3(T a1, T a2, T a3) {
    T m = a1;
    if (a2 > m)
        m = a2;
    if (a3 > m)
        m = a3;
    if (m == -INFINITY)
        m = 0;
    return log(exp(a1 - m) + exp(a2 - m) + exp(a3 - m)) + m;
}

template <typename T>
__global__ void ctc_kernel(const T *lp, int64_t s0, int64_t s1, int64_t s2, const int64_t *tg, const int64_t *meta,
                           T *nll, T *la, int64_t N, int64_t Tn, int64_t S, int64_t blank) {
    CG_CUDA_FOR(b, N) {
        int64_t il = meta[b], tl = meta[N + b], off = meta[2 * N + b];
        T *a = la + b * Tn * S;
        const T *l = lp + b * s1;
        for (int64_t s = 0; s < S; s++)
            a[s] = -INFINITY;
        if (il == 0) {
            nll[b] = tl == 0 ? (T)0 : (T)INFINITY;
            continue;
        }
        a[0] = l[blank * s2];
        if (tl > 0)
            a[1] = l[ctc_prime<T>(tg, off, 1, blank) * s2];
        for (int64_t t = 1; t < il; t++)
            for (int64_t s = 0; s < 2 * tl + 1; s++) {
                int64_t cur = ctc_prime<T>(tg, off, s, blank);
                T a1 = a[(t - 1) * S + s];
                T a2 = s > 0 ? a[(t - 1) * S + s - 1] : (T)-INFINITY;
                T a3 = s > 1 && ctc_prime<T>(tg, off, s - 2, blank) != cur ? a[(t - 1) * S + s - 2] : (T)-INFINITY;
                a[t * S + s] = ctc_lse3(a1, a2, a3) + l[t * s0 + cur * s2];
            }
        if (tl == 0) {
            nll[b] = -a[(il - 1) * S];
        } else {
            T l1 = a[(il - 1) * S + 2 * tl], l2 = a[(il - 1) * S + 2 * tl - 1];
            T m = l1 > l2 ? l1 : l2;
            m = m == -INFINITY ? (T)0 : m;
            nll[b] = -(log(exp(l1 - m) + exp(l2 - m)) + m);
        }
    }
}

extern "C" void cg_cuda_ctc_loss(const cg_kernel_call *c) {
    const cg_tensor *lp = c->in[0];
    int64_t N = lp->sizes[1];
    CG_DISPATCH_FLOAT(c->out[0]->dtype,
                      ctc_kernel<T><<<cg_cuda_blocks(N), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                          (const T *)cg_cuda_data(lp), lp->strides[0], lp->strides[1], lp->strides[2],
                          (const int64_t *)cg_cuda_data(c->in[1]), (const int64_t *)cg_cuda_data(c->in[2]),
                          (T *)cg_cuda_data(c->out[0]), (T *)cg_cuda_data(c->out[1]), N, lp->sizes[0],
                          c->out[1]->sizes[2], c->args->i[0]))
    cg_cuda_check_launch();
}

template <typename T>
__global__ void ctc_backward_kernel(const T *go, const T *lp, int64_t s0, int64_t s1, int64_t s2, const int64_t *tg,
                                    const int64_t *meta, const T *nllv, const T *la, T *g, T *lb, int64_t N,
                                    int64_t Tn, int64_t C, int64_t S, int64_t blank, bool zero_inf) {
    CG_CUDA_FOR(b, N) {
        T nll = nllv[b];
        int64_t il = meta[b], tl = meta[N + b], off = meta[2 * N + b];
        bool zero = zero_inf && nll == (T)INFINITY;
        for (int64_t t = 0; t < Tn; t++)
            for (int64_t k = 0; k < C; k++)
                g[(t * N + b) * C + k] = zero ? (T)0 : (T)-INFINITY;
        if (zero)
            continue;
        const T *l = lp + b * s1, *a = la + b * Tn * S;
        T *be = lb + b * Tn * S;
        if (il > 0) {
            for (int64_t s = 0; s < S; s++)
                be[(il - 1) * S + s] = -INFINITY;
            be[(il - 1) * S + 2 * tl] = l[(il - 1) * s0 + blank * s2];
            g[((il - 1) * N + b) * C + blank] = a[(il - 1) * S + 2 * tl] + be[(il - 1) * S + 2 * tl];
            if (tl > 0) {
                int64_t cur = ctc_prime<T>(tg, off, 2 * tl - 1, blank);
                be[(il - 1) * S + 2 * tl - 1] = l[(il - 1) * s0 + cur * s2];
                g[((il - 1) * N + b) * C + cur] = a[(il - 1) * S + 2 * tl - 1] + be[(il - 1) * S + 2 * tl - 1];
            }
        }
        for (int64_t t = il - 2; t >= 0; t--)
            for (int64_t s = 2 * tl; s >= 0; s--) {
                int64_t cur = ctc_prime<T>(tg, off, s, blank);
                T b1 = be[(t + 1) * S + s];
                T b2 = s < 2 * tl ? be[(t + 1) * S + s + 1] : (T)-INFINITY;
                T b3 = s < 2 * tl - 1 && ctc_prime<T>(tg, off, s + 2, blank) != cur ? be[(t + 1) * S + s + 2]
                                                                                    : (T)-INFINITY;
                be[t * S + s] = ctc_lse3(b1, b2, b3) + l[t * s0 + cur * s2];
                T ab = a[t * S + s] + be[t * S + s];
                T *lc = &g[(t * N + b) * C + cur];
                if (*lc == -INFINITY) {
                    *lc = ab;
                } else {
                    T m = *lc > ab ? *lc : ab;
                    *lc = log(exp(*lc - m) + exp(ab - m)) + m;
                }
            }
        T gr = go[b];
        for (int64_t t = 0; t < Tn; t++)
            for (int64_t k = 0; k < C; k++) {
                T *res = &g[(t * N + b) * C + k];
                T lpv = l[t * s0 + k * s2];
                *res = t < il ? (exp(lpv) - exp(*res + nll - lpv)) * gr : (T)0;
            }
    }
}

extern "C" void cg_cuda_ctc_loss_backward(const cg_kernel_call *c) {
    const cg_tensor *lp = c->list[1];
    int64_t N = lp->sizes[1];
    CG_DISPATCH_FLOAT(c->out[0]->dtype,
                      ctc_backward_kernel<T><<<cg_cuda_blocks(N), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                          (const T *)cg_cuda_data(c->list[0]), (const T *)cg_cuda_data(lp), lp->strides[0],
                          lp->strides[1], lp->strides[2], (const int64_t *)cg_cuda_data(c->list[2]),
                          (const int64_t *)cg_cuda_data(c->list[3]), (const T *)cg_cuda_data(c->list[4]),
                          (const T *)cg_cuda_data(c->list[5]), (T *)cg_cuda_data(c->out[0]),
                          (T *)cg_cuda_data(c->out[1]), N, lp->sizes[0], lp->sizes[2], c->out[1]->sizes[2],
                          c->args->i[0], c->args->flag))
    cg_cuda_check_launch();
}
