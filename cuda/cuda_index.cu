/* cg_cuda_index.cu: the two index kernels of Note [Index walks]
 * (engine/index_walk.h) on the GPU: INDEX takes out[p] = in[p + off[p]],
 * INDEX_PUT puts out[p + off[p]] = in[p] (or adds, with args->flag). out,
 * in and off (int64 element offsets, checked by the frontend) share out's
 * sizes, each with its own strides. One thread per element. Puts to one
 * place from several elements race as PyTorch's CUDA index_put_ does (one
 * of them wins); accumulating puts are atomic. */
#include "cuda_common.cuh"

struct walk_geom {
    int ndim;
    int64_t numel;
    int64_t sizes[CG_MAX_DIMS];
    int64_t strides[3][CG_MAX_DIMS]; /* out, in, off; elements */
};

static walk_geom walk_of(const cg_kernel_call *c) {
    walk_geom g = {};
    const cg_tensor *t[3] = {c->out[0], c->in[0], c->in[1]};
    g.ndim = t[0]->ndim;
    g.numel = cg_tensor_numel(t[0]);
    for (int d = 0; d < g.ndim; d++) {
        g.sizes[d] = t[0]->sizes[d];
        for (int k = 0; k < 3; k++)
            g.strides[k][d] = t[k]->strides[d];
    }
    return g;
}

/* element e's offsets in out, in, off (row-major over sizes) */
__device__ __forceinline__ void walk_offsets(const walk_geom &g, int64_t e, int64_t *off) {
    off[0] = off[1] = off[2] = 0;
    for (int d = g.ndim - 1; d >= 0; d--) {
        int64_t i = e % g.sizes[d];
        e /= g.sizes[d];
        for (int k = 0; k < 3; k++)
            off[k] += i * g.strides[k][d];
    }
}

template <typename T> __global__ void take_kernel(walk_geom g, T *o, const T *in, const int64_t *f) {
    CG_CUDA_FOR(e, g.numel) {
        int64_t p[3];
        walk_offsets(g, e, p);
        o[p[0]] = in[p[1] + f[p[2]]];
    }
}

/* An add into a 1- or 2-byte integer: CUDA's atomics work on words, so
 * swap the element's bits inside its aligned 32-bit word until no other
 * thread got there first. */
template <typename T> __device__ void atomic_add_narrow(T *p, T v) {
    unsigned *word = (unsigned *)((uintptr_t)p & ~(uintptr_t)3);
    unsigned shift = (unsigned)((uintptr_t)p & 3) * 8;
    unsigned mask = ((1u << (8 * sizeof(T))) - 1) << shift;
    unsigned old = *word, assumed;
    do {
        assumed = old;
        T cur = (T)((assumed & mask) >> shift);
        unsigned bits = (unsigned)(std::make_unsigned_t<T>)(T)(cur + v);
        old = atomicCAS(word, assumed, (assumed & ~mask) | ((bits << shift) & mask));
    } while (assumed != old);
}

template <typename T> __device__ __forceinline__ void atomic_add(T *p, T v) {
    if constexpr (std::is_same_v<T, cg_half>)
        atomicAdd((__half *)p, __ushort_as_half(v.bits));
    else if constexpr (std::is_same_v<T, cg_bf16>)
        atomicAdd((__nv_bfloat16 *)p, __ushort_as_bfloat16(v.bits));
    else if constexpr (std::is_same_v<T, bool>) {
        if (v) /* bool accumulates as logical or */
            *p = true;
    } else if constexpr (sizeof(T) == 8 && (T)0.5 == 0)
        atomicAdd((unsigned long long *)p, (unsigned long long)v); /* two's complement: the same bits */
    else if constexpr (sizeof(T) < 4)
        atomic_add_narrow(p, v);
    else
        atomicAdd(p, v);
}

template <typename T> __global__ void put_kernel(walk_geom g, T *o, const T *in, const int64_t *f, bool add) {
    CG_CUDA_FOR(e, g.numel) {
        int64_t p[3];
        walk_offsets(g, e, p);
        T *dst = o + p[0] + f[p[2]];
        if (add)
            atomic_add(dst, in[p[1]]);
        else
            *dst = in[p[1]];
    }
}

/* out[p] = in[p + off[p]] */
extern "C" void cg_cuda_index(const cg_kernel_call *c) {
    walk_geom g = walk_of(c);
    if (g.numel == 0)
        return;
    CG_DISPATCH_STORAGE(c->out[0]->dtype, take_kernel<T><<<cg_cuda_blocks(g.numel), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                          g, (T *)cg_cuda_data(c->out[0]), (const T *)cg_cuda_data(c->in[0]),
                                          (const int64_t *)cg_cuda_data(c->in[1])))
    cg_cuda_check_launch();
}

/* out[p + off[p]] = in[p], or += when args->flag */
extern "C" void cg_cuda_index_put(const cg_kernel_call *c) {
    walk_geom g = walk_of(c);
    bool add = c->args && c->args->flag;
    if (g.numel == 0)
        return;
    CG_DISPATCH_STORAGE(c->out[0]->dtype, put_kernel<T><<<cg_cuda_blocks(g.numel), CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
                                          g, (T *)cg_cuda_data(c->out[0]), (const T *)cg_cuda_data(c->in[0]),
                                          (const int64_t *)cg_cuda_data(c->in[1]), add))
    cg_cuda_check_launch();
}
