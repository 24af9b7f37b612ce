/* cg_cuda_softmax.cu: the CUDA kernels of softmax and log_softmax, twins of
 * engine/ops_nn.c's: x and y contiguous, seen as [outer, C, inner] around
 * the softmax dim. One block per (outer, inner) slice folds its C values:
 * the max (NaN wins, so a NaN makes the slice NaN, as in PyTorch), then
 * the sum of exponentials in double. */
#include "cuda_common.cuh"

template <typename T>
__global__ void softmax_kernel(const T *x, T *y, int64_t outer, int64_t C, int64_t inner, bool log_) {
    for (int64_t r = blockIdx.x; r < outer * inner; r += gridDim.x) {
        int64_t o = r / inner, j = r % inner;
        const T *px = x + o * C * inner + j;
        T *py = y + o * C * inner + j;
        double m = -INFINITY;
        for (int64_t c = threadIdx.x; c < C; c += blockDim.x) {
            double v = px[c * inner];
            m = (v > m || v != v) ? v : m;
        }
        T mt = (T)cg_block_merge(m, cg_max_merge{});
        double sum = 0;
        for (int64_t c = threadIdx.x; c < C; c += blockDim.x) {
            T e = exp(px[c * inner] - mt);
            sum += e;
            if (!log_)
                py[c * inner] = e;
        }
        sum = cg_block_merge(sum, cg_sum_merge{});
        if (log_) { /* (x - m) - log(sum): exact where x - lse would round */
            T ls = (T)log(sum);
            for (int64_t c = threadIdx.x; c < C; c += blockDim.x)
                py[c * inner] = (px[c * inner] - mt) - ls;
        } else {
            for (int64_t c = threadIdx.x; c < C; c += blockDim.x)
                py[c * inner] = (T)(py[c * inner] / sum);
        }
    }
}

/* in[0] x and out[0] y contiguous of one float dtype and shape; dim in
 * args->i[0] (wrapped) */
static void softmax_run(const cg_kernel_call *c, bool log_) {
    const cg_tensor *x = c->in[0];
    int dim = (int)c->args->i[0];
    int64_t outer = 1, C = x->ndim ? x->sizes[dim] : 1, inner = 1;
    for (int d = 0; d < x->ndim; d++) {
        if (d < dim)
            outer *= x->sizes[d];
        else if (d > dim)
            inner *= x->sizes[d];
    }
    int64_t rows = outer * inner;
    if (rows == 0 || C == 0)
        return;
    unsigned grid = (unsigned)(rows < 65535 * 16 ? rows : 65535 * 16);
    CG_DISPATCH_FLOAT(x->dtype, softmax_kernel<T><<<grid, cg_block_threads(C), 0, CG_CUDA_STREAM>>>(
                                    (const T *)cg_cuda_data(x), (T *)cg_cuda_data(c->out[0]), outer, C, inner, log_))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_softmax(const cg_kernel_call *c) { softmax_run(c, false); }
extern "C" void cg_cuda_log_softmax(const cg_kernel_call *c) { softmax_run(c, true); }
