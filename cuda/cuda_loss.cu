/* cuda_loss.cu: the CUDA kernels of the losses of engine/ops_loss.c: the
 * elementwise ones (mse, smooth_l1, huber and their gradient, BCE, BCE with
 * logits and their partials) over the elementwise plan, and nll_loss and
 * its backward over [N, C, S] contiguous inputs. Same formulas, same
 * clamps, as the CPU's. */
#include "cuda_ew.cuh"

extern "C" {
#include "ops_nn.h"
}

/* ---- mse_loss, smooth_l1_loss, huber_loss ------------------------------------------ */

/* out, input a, target b of one shape and float dtype; args->s[0] beta/delta */
extern "C" void cuda_mse_loss(const cg_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T { return (a - b) * (a - b); }))
}

extern "C" void cuda_smooth_l1_loss(const cg_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T k = (T)cg_scalar_to_double(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T {
            return fabs(a - b) < k ? (T)0.5 * (a - b) * (a - b) / k : fabs(a - b) - (T)0.5 * k;
        });
    })
}

extern "C" void cuda_huber_loss(const cg_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T k = (T)cg_scalar_to_double(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T {
            return fabs(a - b) < k ? (T)0.5 * (a - b) * (a - b) : k * (fabs(a - b) - (T)0.5 * k);
        });
    })
}

/* derivative in d = a - b of order args->i[1] (1 or 2); args->flag: huber */
template <typename T> __device__ __forceinline__ T robust_at(T d, T k, bool huber, int order) {
    T lin = huber ? (T)1 : 1 / k;
    if (d <= -k)
        return order == 2 ? 0 : huber ? -k : -1;
    if (d >= k)
        return order == 2 ? 0 : huber ? k : 1;
    return order == 2 ? lin : d * lin;
}
extern "C" void cuda_robust_loss_grad(const cg_call *c) {
    bool huber = c->args->flag;
    int order = (int)c->args->i[1];
    CG_DISPATCH_FLOAT(c->it->dtypes[0], {
        T k = (T)cg_scalar_to_double(c->args->s[0]);
        cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return robust_at(a - b, k, huber, order); });
    })
}

/* ---- binary_cross_entropy ----------------------------------------------------------- */

/* PyTorch's clamp: logs below -100 count as -100 */
extern "C" void cuda_bce(const cg_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<2, T>(c, [] __device__(T a, T b) -> T {
        return (b - (T)1) * fmax((T)log1p(-a), (T)-100) - b * fmax((T)log(a), (T)-100);
    }))
}

enum bce_order { BCE_DX, BCE_DT, BCE_DXX, BCE_DXT };
#define BCE_EPS 1e-12
template <typename T> __device__ __forceinline__ T bce_grad_at(T x, T t, int order) {
    switch (order) {
    case BCE_DX: return (T)((x - t) / fmax((double)((1 - x) * x), BCE_EPS));
    case BCE_DT: return (T)log((1 - x) / x);
    case BCE_DXX: return (T)((x * x - 2 * x * t + t) / pow(((double)x + BCE_EPS) * (1 - (double)x + BCE_EPS), 2.0));
    default: return -1 / ((x + (T)BCE_EPS) * (1 - x + (T)BCE_EPS));
    }
}
extern "C" void cuda_bce_grad(const cg_call *c) {
    int order = (int)c->args->i[1];
    CG_DISPATCH_FLOAT(c->it->dtypes[0],
                      cg_ew_launch<2, T>(c, [=] __device__(T a, T b) -> T { return bce_grad_at(a, b, order); }))
}

/* x logits, t target, pw pos_weight: PyTorch's stable form */
extern "C" void cuda_bce_logits(const cg_call *c) {
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<3, T>(c, [] __device__(T x, T t, T pw) -> T {
        T m = x < 0 ? -x : 0;
        T lw = (pw - 1) * t + 1;
        return (1 - t) * x + lw * ((T)log(exp(-m) + exp(-x - m)) + m);
    }))
}

template <typename T> __device__ __forceinline__ T bce_logits_grad_at(T x, T t, T pw, int order) {
    T sig = (T)(1 / (1 + exp(-(double)x))), lw = (pw - 1) * t + 1;
    switch (order) {
    case BCE_DX: return lw * sig - pw * t;
    case BCE_DT: return (pw - 1) * ((x < 0 ? -x : 0) + (T)log1p(exp(-fabs((double)x)))) - x;
    case BCE_DXX: return lw * sig * (1 - sig);
    default: return (pw - 1) * sig - pw;
    }
}
extern "C" void cuda_bce_logits_grad(const cg_call *c) {
    int order = (int)c->args->i[1];
    CG_DISPATCH_FLOAT(c->it->dtypes[0], cg_ew_launch<3, T>(c, [=] __device__(T x, T t, T pw) -> T {
        return bce_logits_grad_at(x, t, pw, order);
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
extern "C" void cuda_nll_loss(const cg_call *c) {
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
            nll_kernel<T><<<blocks, threads, 0, CG_CUDA_STREAM>>>((const T *)cg_cuda_data(c->in[0]),
                                                                  (const int64_t *)cg_cuda_data(c->in[1]), w,
                                                                  (T *)cg_cuda_data(c->out[0]), tw, g, red,
                                                                  c->args->i[1]);
    })
    cg_cuda_check_launch();
}

/* gi[i, t[i, s], s] = -w[t] * g (/ tw for 'mean'); gi zeroed first */
template <typename T>
__global__ void nll_backward_kernel(T *gi, const T *g, const int64_t *t, const T *w, const T *tw, nll_geom geo,
                                    int red, int64_t ignore) {
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
extern "C" void cuda_nll_loss_backward(const cg_call *c) {
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
