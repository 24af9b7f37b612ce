/* cuda_ew.cuh: the one elementwise kernel of the CUDA backend, driven by
 * the engine's plan (iter.h) passed by value: the same coalesced sizes and
 * byte strides, innermost first, that the CPU's row functions walk.
 *
 * An op gives a device lambda over its inputs' values (`[=] __device__ (T a,
 * T b) { return a + alpha * b; }`) and its C types; cg_ew_launch<NIN> runs
 * it over every element: a flat loop when the plan is one contiguous row
 * (the common case), else one multi-index per element. Not for reductions
 * (cuda_reduce.cu) nor for ops with their own geometry (index, softmax). */
#ifndef CG_CUDA_EW_CUH
#define CG_CUDA_EW_CUH

#include "cuda_common.cuh"

/* out TO = f(a TA, b TB, c TC) for NIN = 0..3 inputs */
template <typename TO, typename TA, typename TB, typename TC, int NIN, typename F>
__device__ __forceinline__ TO cg_ew_apply(F &f, const char *pa, const char *pb, const char *pc) {
    if constexpr (NIN == 0)
        return f();
    else if constexpr (NIN == 1)
        return f(*(const TA *)pa);
    else if constexpr (NIN == 2)
        return f(*(const TA *)pa, *(const TB *)pb);
    else
        return f(*(const TA *)pa, *(const TB *)pb, *(const TC *)pc);
}

/* Every operand a contiguous row of numel elements. */
template <typename TO, typename TA, typename TB, typename TC, int NIN, typename F>
__global__ void cg_ew_contiguous(int64_t n, TO *o, const TA *a, const TB *b, const TC *c, F f) {
    CG_CUDA_FOR(i, n) {
        o[i] = cg_ew_apply<TO, TA, TB, TC, NIN>(f, (const char *)(a + i), (const char *)(b + i), (const char *)(c + i));
    }
}

/* Any plan: element i's multi-index over it.sizes (innermost first) gives
 * each operand's byte offset. */
template <typename TO, typename TA, typename TB, typename TC, int NIN, typename F>
__global__ void cg_ew_strided(cg_ew_iter it, F f) {
    CG_CUDA_FOR(i, it.numel) {
        int64_t off[NIN + 1];
        for (int k = 0; k <= NIN; k++)
            off[k] = 0;
        int64_t rest = i;
        for (int d = 0; d < it.ndim; d++) {
            int64_t idx = d == it.ndim - 1 ? rest : rest % it.sizes[d];
            rest = d == it.ndim - 1 ? 0 : rest / it.sizes[d];
            for (int k = 0; k <= NIN; k++)
                off[k] += idx * it.strides[k][d];
        }
        const char *pa = NIN >= 1 ? it.data[1] + off[NIN >= 1 ? 1 : 0] : nullptr;
        const char *pb = NIN >= 2 ? it.data[2] + off[NIN >= 2 ? 2 : 0] : nullptr;
        const char *pc = NIN >= 3 ? it.data[3] + off[NIN >= 3 ? 3 : 0] : nullptr;
        *(TO *)(it.data[0] + off[0]) = cg_ew_apply<TO, TA, TB, TC, NIN>(f, pa, pb, pc);
    }
}

template <typename TO, typename TA, typename TB, typename TC, int NIN>
static inline bool cg_ew_is_contiguous(const cg_ew_iter *it) {
    if (it->ndim != 1 || it->strides[0][0] != (int64_t)sizeof(TO))
        return false;
    const int64_t item[3] = {(int64_t)sizeof(TA), (int64_t)sizeof(TB), (int64_t)sizeof(TC)};
    for (int k = 1; k <= NIN; k++)
        if (it->strides[k][0] != item[k - 1])
            return false;
    return true;
}

/* Runs f over call->it: out TO, inputs TA, TB, TC (as many as NIN). */
template <int NIN, typename TO, typename TA = TO, typename TB = TA, typename TC = TB, typename F>
static void cg_ew_launch(const cg_kernel_call *call, F f) {
    const cg_ew_iter *it = call->it;
    if (it->numel == 0)
        return;
    unsigned blocks = cg_cuda_blocks(it->numel);
    if (cg_ew_is_contiguous<TO, TA, TB, TC, NIN>(it)) {
        cg_ew_contiguous<TO, TA, TB, TC, NIN><<<blocks, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(
            it->numel, (TO *)it->data[0], (const TA *)it->data[NIN >= 1 ? 1 : 0],
            (const TB *)it->data[NIN >= 2 ? 2 : 0], (const TC *)it->data[NIN >= 3 ? 3 : 0], f);
    } else {
        cg_ew_strided<TO, TA, TB, TC, NIN><<<blocks, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, f);
    }
    cg_cuda_check_launch();
}

/* The unsigned type integer T wraps through (integer add and multiply). */
template <typename T> struct wrap_of { typedef T type; };
template <> struct wrap_of<int32_t> { typedef uint32_t type; };
template <> struct wrap_of<int64_t> { typedef uint64_t type; };

#endif
