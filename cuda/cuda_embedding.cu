/* cuda_embedding.cu: embedding_dense_backward and embedding_bag on the GPU (Note [Embedding
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

/* ---- embedding_bag (Note [Embedding bags in PyTorch's order] in engine/embedding_bag.c) ---- */

/* one thread per (bag, column): the bag's rows in order, as the CPU; out
 * [B, D] zeros, argmax [B, D] int64 ('max') */
template <typename T>
__global__ void embedding_bag_kernel(const T *w, int64_t s0, int64_t s1, const int64_t *idx, const int64_t *starts,
                                     const T *psw, T *out, int64_t *argmax, int64_t B, int64_t d, int64_t mode,
                                     int64_t pad, bool fast) {
    CG_CUDA_FOR(e, B * d) {
        int64_t b = e / d, j = e % d, size = 0;
        T acc = 0;
        for (int64_t i = starts[b]; i < starts[b + 1]; i++) {
            if (idx[i] == pad)
                continue;
            T v = w[idx[i] * s0 + j * s1];
            if (mode == 2) {
                if (size == 0 || v > acc) {
                    acc = v;
                    argmax[e] = idx[i];
                }
            } else if (psw) {
                acc = fast ? fma(psw[i], v, acc) : acc + v * psw[i];
            } else {
                acc = acc + v;
            }
            size++;
        }
        if (mode == 1)
            acc = acc / (T)(size > 1 ? size : 1);
        out[e] = acc;
    }
}

extern "C" void cg_cuda_embedding_bag(const cg_kernel_call *c) {
    int64_t B = c->out[0]->sizes[0], d = c->out[0]->sizes[1];
    if (B == 0 || d == 0)
        return;
    const cg_tensor *w = c->in[0];
    int64_t *argmax = c->nout > 1 ? (int64_t *)cg_cuda_data(c->out[1]) : NULL;
    CG_DISPATCH_FLOAT(c->out[0]->dtype,
                      embedding_bag_kernel<T><<<cg_cuda_blocks(B * d), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                          (const T *)cg_cuda_data(w), w->strides[0], w->strides[1],
                          (const int64_t *)cg_cuda_data(c->in[1]), (const int64_t *)cg_cuda_data(c->in[2]),
                          c->nin > 3 ? (const T *)cg_cuda_data(c->in[3]) : NULL, (T *)cg_cuda_data(c->out[0]), argmax,
                          B, d, c->args->i[0], c->args->i[1], c->args->i[2] != 0))
    cg_cuda_check_launch();
}

/* sum/mean: one thread per (index, column), added atomically; the count
 * for scale_grad_by_freq is the index's own */
template <typename T>
__global__ void embedding_bag_backward_kernel(const T *g, const int64_t *idx, const int64_t *bag, const T *psw,
                                              const int64_t *size, T *gw, int64_t n, int64_t d, int64_t pad,
                                              bool by_freq) {
    CG_CUDA_FOR(e, n * d) {
        int64_t i = e / d, j = e % d, k = idx[i];
        if (k == pad)
            continue;
        double scale = psw ? (double)psw[i] : 1.0;
        if (by_freq) {
            int64_t count = 0;
            for (int64_t q = 0; q < n; q++)
                count += idx[q] == k;
            scale /= (double)count;
        }
        if (size && size[bag[i]] != 0)
            scale /= (double)size[bag[i]];
        atomicAdd(gw + k * d + j, g[bag[i] * d + j] * (T)scale);
    }
}

/* max: one thread per (bag, column) of a bag that is not empty */
template <typename T>
__global__ void embedding_bag_backward_max_kernel(const T *g, const int64_t *size, const int64_t *argmax, T *gw,
                                                  int64_t B, int64_t d) {
    CG_CUDA_FOR(e, B * d) {
        if (size[e / d] != 0)
            atomicAdd(gw + argmax[e] * d + e % d, g[e]);
    }
}

extern "C" void cg_cuda_embedding_bag_backward(const cg_kernel_call *c) {
    int64_t B = c->in[0]->sizes[0], d = c->in[0]->sizes[1], mode = c->args->i[0];
    if (mode == 2) {
        if (B * d == 0)
            return;
        CG_DISPATCH_FLOAT(c->out[0]->dtype,
                          embedding_bag_backward_max_kernel<T><<<cg_cuda_blocks(B * d), CG_CUDA_THREADS, 0,
                                                                 CG_CUDA_STREAM>>>(
                              (const T *)cg_cuda_data(c->in[0]), (const int64_t *)cg_cuda_data(c->in[1]),
                              (const int64_t *)cg_cuda_data(c->in[2]), (T *)cg_cuda_data(c->out[0]), B, d))
        cg_cuda_check_launch();
        return;
    }
    int64_t n = c->in[1]->sizes[0];
    if (n * d == 0)
        return;
    const void *aux = c->nin > 3 ? cg_cuda_data(c->in[3]) : NULL;
    CG_DISPATCH_FLOAT(c->out[0]->dtype,
                      embedding_bag_backward_kernel<T><<<cg_cuda_blocks(n * d), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                          (const T *)cg_cuda_data(c->in[0]), (const int64_t *)cg_cuda_data(c->in[1]),
                          (const int64_t *)cg_cuda_data(c->in[2]), mode == 0 ? (const T *)aux : NULL,
                          mode == 1 ? (const int64_t *)aux : NULL, (T *)cg_cuda_data(c->out[0]), n, d,
                          c->args->i[1], c->args->i[2] != 0))
    cg_cuda_check_launch();
}

/* one thread per index: the dot of its bag's gradient with its row */
template <typename T>
__global__ void embedding_bag_psw_backward_kernel(const T *g, int64_t g0, int64_t g1, const T *w, int64_t w0,
                                                  int64_t w1, const int64_t *idx, const int64_t *bag, T *out,
                                                  int64_t n, int64_t d, int64_t pad) {
    CG_CUDA_FOR(i, n) {
        if (idx[i] == pad)
            continue;
        T acc = 0;
        for (int64_t j = 0; j < d; j++)
            acc += g[bag[i] * g0 + j * g1] * w[idx[i] * w0 + j * w1];
        out[i] = acc;
    }
}

extern "C" void cg_cuda_embedding_bag_psw_backward(const cg_kernel_call *c) {
    const cg_tensor *g = c->in[0], *w = c->in[1];
    int64_t n = c->in[2]->sizes[0];
    if (n == 0)
        return;
    CG_DISPATCH_FLOAT(c->out[0]->dtype,
                      embedding_bag_psw_backward_kernel<T><<<cg_cuda_blocks(n), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                          (const T *)cg_cuda_data(g), g->strides[0], g->strides[1], (const T *)cg_cuda_data(w),
                          w->strides[0], w->strides[1], (const int64_t *)cg_cuda_data(c->in[2]),
                          (const int64_t *)cg_cuda_data(c->in[3]), (T *)cg_cuda_data(c->out[0]), n, g->sizes[1],
                          c->args->i[1]))
    cg_cuda_check_launch();
}
