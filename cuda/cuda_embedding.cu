/* cuda_embedding.cu: embedding_dense_backward on the GPU (Note [Embedding
 * gradients in order] in engine/embedding.c): one thread per element of
 * the looked-up gradient rows, added atomically into the weight's gradient
 * (scaled by 1 / count with scale_grad_by_freq), rows at padding_idx left
 * out. The order of the adds is not the CPU's. */
#include "cuda_common.cuh"

template <typename T>
__global__ void embedding_backward_kernel(const T *g, const int64_t *idx, const int64_t *counts, T *w, int64_t n,
                                          int64_t d, int64_t pad) {
    CG_CUDA_FOR(e, n * d) {
        int64_t i = e / d, j = e % d, k = idx[i];
        if (k == pad)
            continue;
        T v = g[e];
        if (counts)
            v = v * (T)(1.0 / (double)counts[k]);
        atomicAdd(w + k * d + j, v);
    }
}

/* in[0] grad [n, D], in[1] indices [n] int64, in[2] counts or absent; out[0]
 * zeros [num_weights, D]; args->i[0] padding_idx */
extern "C" void cg_cuda_embedding_dense_backward(const cg_kernel_call *c) {
    int64_t n = c->in[1]->sizes[0], d = c->out[0]->sizes[1];
    if (n == 0 || d == 0)
        return;
    const int64_t *counts = c->nin > 2 ? (const int64_t *)cg_cuda_data(c->in[2]) : NULL;
    CG_DISPATCH_FLOAT(c->out[0]->dtype,
                      embedding_backward_kernel<T><<<cg_cuda_blocks(n * d), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                          (const T *)cg_cuda_data(c->in[0]), (const int64_t *)cg_cuda_data(c->in[1]), counts,
                          (T *)cg_cuda_data(c->out[0]), n, d, c->args->i[0]))
    cg_cuda_check_launch();
}
