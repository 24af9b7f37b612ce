/* cg_cuda_softmax.cu: the CUDA kernels of softmax and log_softmax and of
 * their derivatives, twins of engine/ops_nn.c's: tensors contiguous, seen
 * as [outer, C, inner] around the softmax dim. One block per (outer,
 * inner) slice folds its C values: the max (NaN wins, so a NaN makes the
 * slice NaN, as in PyTorch), then the sum of exponentials in double; the
 * derivatives fold their sums in double too. */
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

/* softmax's (log_ false) or log_softmax's derivative, g the gradient of
 * its output y: s = the slice's sum of g * y (or of g), then (g - s) * y
 * (or g - exp(y) * s) */
template <typename T>
__global__ void softmax_backward_kernel(const T *g, const T *y, T *out, int64_t outer, int64_t C, int64_t inner,
                                        bool log_) {
    for (int64_t r = blockIdx.x; r < outer * inner; r += gridDim.x) {
        int64_t at = r / inner * C * inner + r % inner;
        double s = 0;
        for (int64_t c = threadIdx.x; c < C; c += blockDim.x)
            s += log_ ? (double)g[at + c * inner] : (double)g[at + c * inner] * y[at + c * inner];
        T st = (T)cg_block_merge(s, cg_sum_merge{});
        for (int64_t c = threadIdx.x; c < C; c += blockDim.x) {
            int64_t k = at + c * inner;
            out[k] = log_ ? g[k] - exp(y[k]) * st : (g[k] - st) * y[k];
        }
    }
}

/* t's [outer, C, inner] around dim (wrapped); false when empty */
static bool slices_of(const cg_tensor *t, int dim, int64_t *outer, int64_t *C, int64_t *inner) {
    *outer = 1, *C = t->ndim ? t->sizes[dim] : 1, *inner = 1;
    for (int d = 0; d < t->ndim; d++) {
        if (d < dim)
            *outer *= t->sizes[d];
        else if (d > dim)
            *inner *= t->sizes[d];
    }
    return *outer * *inner > 0 && *C > 0;
}

/* blocks for rows slices: one each, up to a grid's worth */
static unsigned grid_of(int64_t rows) { return (unsigned)(rows < 65535 * 16 ? rows : 65535 * 16); }

/* in[0] x and out[0] y contiguous of one float dtype and shape; dim in
 * args->i[0] (wrapped) */
static void softmax_run(const cg_kernel_call *c, bool log_) {
    const cg_tensor *x = c->in[0];
    int64_t outer, C, inner;
    if (!slices_of(x, (int)c->args->i[0], &outer, &C, &inner))
        return;
    CG_DISPATCH_FLOAT(x->dtype, softmax_kernel<T><<<grid_of(outer * inner), cg_block_threads(C), 0, CG_CUDA_STREAM>>>(
                                    (const T *)cg_cuda_data(x), (T *)cg_cuda_data(c->out[0]), outer, C, inner, log_))
    cg_cuda_check_launch();
}

/* in[0] grad and in[1] output, out[0] its gradient, contiguous of one float
 * dtype and shape; dim in args->i[0] (wrapped) */
static void softmax_backward_run(const cg_kernel_call *c, bool log_) {
    const cg_tensor *g = c->in[0], *y = c->in[1];
    int64_t outer, C, inner;
    if (!slices_of(y, (int)c->args->i[0], &outer, &C, &inner))
        return;
    CG_DISPATCH_FLOAT(y->dtype,
                      softmax_backward_kernel<T><<<grid_of(outer * inner), cg_block_threads(C), 0, CG_CUDA_STREAM>>>(
                          (const T *)cg_cuda_data(g), (const T *)cg_cuda_data(y), (T *)cg_cuda_data(c->out[0]), outer,
                          C, inner, log_))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_softmax(const cg_kernel_call *c) { softmax_run(c, false); }
extern "C" void cg_cuda_log_softmax(const cg_kernel_call *c) { softmax_run(c, true); }
extern "C" void cg_cuda_softmax_backward_data(const cg_kernel_call *c) { softmax_backward_run(c, false); }
extern "C" void cg_cuda_log_softmax_backward_data(const cg_kernel_call *c) { softmax_backward_run(c, true); }
