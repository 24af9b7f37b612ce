/* cuda_cumulative.cu: the CUDA kernels of engine/cumulative.c (cumprod,
 * cummax, cummin, logcumsumexp) over the reduction plan (reduce_iter.h)
 * passed by value: one thread per scanned line, serial along it as on the
 * CPU, with the CPU's accumulators (double for floats, int64 for integers)
 * and its tie and NaN rule for cummax (Note [Ties and NaN in cummax]). */
#include "cuda_common.cuh"

/* byte offsets of kept element o in x, out and out2 */
struct scan_offsets {
    int64_t x, out, out2;
};
__device__ __forceinline__ scan_offsets line_offsets(const cg_reduce_iter &it, int64_t o) {
    scan_offsets r = {0, 0, 0};
    for (int d = 0; d < it.nkept; d++) {
        int64_t i = o % it.kept_sizes[d];
        o /= it.kept_sizes[d];
        r.x += i * it.kept_x[d];
        r.out += i * it.kept_out[d];
        r.out2 += i * it.kept_out2[d];
    }
    return r;
}

template <typename T, typename ACC>
__global__ void cumprod_kernel(cg_reduce_iter it, int64_t so) {
    CG_CUDA_FOR(o, it.nout) {
        scan_offsets r = line_offsets(it, o);
        ACC acc = 1;
        for (int64_t i = 0; i < it.nred; i++) {
            acc *= (ACC) * (const T *)(it.x + r.x + i * it.red_x[0]);
            *(T *)(it.out + r.out + i * so) = (T)acc;
        }
    }
}

template <typename T, bool MAX>
__global__ void cumext_kernel(cg_reduce_iter it, int64_t so, int64_t si) {
    CG_CUDA_FOR(o, it.nout) {
        scan_offsets r = line_offsets(it, o);
        T best = *(const T *)(it.x + r.x);
        int64_t at = 0;
        for (int64_t i = 0; i < it.nred; i++) {
            T v = *(const T *)(it.x + r.x + i * it.red_x[0]);
            if (v != v || (best == best && (MAX ? v >= best : v <= best)))
                best = v, at = i;
            *(T *)(it.out + r.out + i * so) = best;
            *(int64_t *)(it.out2 + r.out2 + i * si) = at;
        }
    }
}

__device__ double log_add_exp(double x, double run) {
    double lo = isnan(run) ? run : run < x ? run : x, hi = isnan(run) ? run : x < run ? run : x;
    if (lo != hi || isfinite(lo))
        return log1p(exp(lo - hi)) + hi;
    return x;
}

template <typename T>
__global__ void lcse_kernel(cg_reduce_iter it, int64_t so) {
    CG_CUDA_FOR(o, it.nout) {
        scan_offsets r = line_offsets(it, o);
        double run = -INFINITY;
        for (int64_t i = 0; i < it.nred; i++) {
            run = log_add_exp((double)*(const T *)(it.x + r.x + i * it.red_x[0]), run);
            *(T *)(it.out + r.out + i * so) = (T)run;
        }
    }
}

static int64_t step_of(const cg_tensor *t, const cg_kernel_call *c) {
    int d = (int)c->args->dims[0];
    return t->ndim ? t->strides[d] * (int64_t)cg_tensor_itemsize(t) : 0;
}

/* x any shape; out of x's shape (int64 for integral x); dim args->dims[0] */
extern "C" void cg_cuda_cumprod(const cg_kernel_call *c) {
    const cg_reduce_iter *it = c->rit;
    if (it->nout == 0 || it->nred == 0)
        return;
    unsigned b = cg_cuda_blocks(it->nout);
    int64_t so = step_of(c->out[0], c);
    CG_DISPATCH_FLOAT(it->xdtype, cumprod_kernel<T, double><<<b, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, so))
    if (it->xdtype == CG_INT64)
        cumprod_kernel<int64_t, int64_t><<<b, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, so);
    if (it->xdtype == CG_UINT64)
        cumprod_kernel<uint64_t, uint64_t><<<b, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, so);
    cg_cuda_check_launch();
}

/* x any shape; out[0] of x's shape and dtype, out[1] int64 indices */
template <bool MAX>
static void run_cumext(const cg_kernel_call *c) {
    const cg_reduce_iter *it = c->rit;
    if (it->nout == 0 || it->nred == 0)
        return;
    unsigned b = cg_cuda_blocks(it->nout);
    int64_t so = step_of(c->out[0], c), si = step_of(c->out[1], c);
    CG_DISPATCH_ALL(it->xdtype, cumext_kernel<T, MAX><<<b, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, so, si))
    cg_cuda_check_launch();
}
extern "C" void cg_cuda_cummax(const cg_kernel_call *c) { run_cumext<true>(c); }
extern "C" void cg_cuda_cummin(const cg_kernel_call *c) { run_cumext<false>(c); }

/* x float32/float64; out of x's shape and dtype */
extern "C" void cg_cuda_logcumsumexp(const cg_kernel_call *c) {
    const cg_reduce_iter *it = c->rit;
    if (it->nout == 0 || it->nred == 0)
        return;
    unsigned b = cg_cuda_blocks(it->nout);
    int64_t so = step_of(c->out[0], c);
    CG_DISPATCH_FLOAT(it->xdtype, lcse_kernel<T><<<b, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, so))
    cg_cuda_check_launch();
}
