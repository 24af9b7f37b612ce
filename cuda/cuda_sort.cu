/* cuda_sort.cu: the CUDA kernels of engine/sort.c (sort, topk) over the
 * reduction plan (reduce_iter.h): one thread per element, which counts the
 * elements of its line that come before it (NaN the greatest; equal
 * values by index: a stable order) and writes itself at that rank. Work
 * grows as the square of the line's length: a correct kernel, not a fast
 * one for long lines. topk writes the ranks below k. */
#include "cuda_common.cuh"

__device__ __forceinline__ void line_of(const cg_reduce_iter &it, int64_t o, int64_t *x, int64_t *out, int64_t *out2) {
    *x = *out = *out2 = 0;
    for (int d = 0; d < it.nkept; d++) {
        int64_t i = o % it.kept_sizes[d];
        o /= it.kept_sizes[d];
        *x += i * it.kept_x[d];
        *out += i * it.kept_out[d];
        *out2 += i * it.kept_out2[d];
    }
}

/* a before b in the order asked for (desc: largest first), NaN greatest */
template <typename T>
__device__ __forceinline__ bool before(T a, T b, bool desc) {
    bool an = a != a, bn = b != b;
    return desc ? ((an && !bn) || a > b) : ((!an && bn) || a < b);
}

template <typename T>
__global__ void rank_kernel(cg_reduce_iter it, int64_t so, int64_t si, int64_t limit, bool desc) {
    CG_CUDA_FOR(e, it.nout * it.nred) {
        int64_t o = e / it.nred, j = e % it.nred, x, out, out2;
        line_of(it, o, &x, &out, &out2);
        const char *line = it.x + x;
        T v = *(const T *)(line + j * it.red_x[0]);
        int64_t rank = 0;
        for (int64_t m = 0; m < it.nred; m++) {
            T w = *(const T *)(line + m * it.red_x[0]);
            if (before(w, v, desc) || (m < j && !before(v, w, desc)))
                rank++;
        }
        if (rank < limit) {
            *(T *)(it.out + out + rank * so) = v;
            *(int64_t *)(it.out2 + out2 + rank * si) = j;
        }
    }
}

static int64_t step_of(const cg_tensor *t, const cg_kernel_call *c) {
    int d = (int)c->args->dims[0];
    return t->ndim ? t->strides[d] * (int64_t)cg_tensor_itemsize(t) : 0;
}

/* out[0] values, out[1] int64 indices; dim args->dims[0], descending (or
 * largest) args->flag, k args->i[1] for topk */
static void run_rank(const cg_kernel_call *c, int64_t limit) {
    const cg_reduce_iter *it = c->rit;
    if (it->nout == 0 || it->nred == 0 || limit == 0)
        return;
    unsigned b = cg_cuda_blocks(it->nout * it->nred);
    int64_t so = step_of(c->out[0], c), si = step_of(c->out[1], c);
    bool desc = c->args->flag;
    CG_DISPATCH_ALL(it->xdtype,
                    rank_kernel<T><<<b, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, so, si, limit, desc))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_sort(const cg_kernel_call *c) { run_rank(c, c->rit->nred); }
extern "C" void cg_cuda_topk(const cg_kernel_call *c) { run_rank(c, c->args->i[1]); }

/* kthvalue, median, nanmedian, mode (engine/select.c) on the device: one
 * thread per line. The element of rank r in the (value, index) order (NaN
 * greatest) is found by counting; mode counts each value's run. Indices
 * among equal values are the stable order's, not the CPU's quickselect. */
template <typename T>
__global__ void select_kernel(cg_reduce_iter it, int kind, int64_t k) {
    CG_CUDA_FOR(o, it.nout) {
        int64_t x, out, out2;
        line_of(it, o, &x, &out, &out2);
        const char *line = it.x + x;
        int64_t n = it.nred, nnan = 0, first_nan = -1;
        for (int64_t m = 0; m < n; m++) {
            T w = *(const T *)(line + m * it.red_x[0]);
            if (w != w) {
                nnan++;
                if (first_nan < 0)
                    first_nan = m;
            }
        }
        int64_t pick = 0;
        if (kind == 3) { /* mode: the smallest most frequent value, its last index */
            int64_t best = 0;
            for (int64_t j = 0; j < n; j++) {
                T v = *(const T *)(line + j * it.red_x[0]);
                int64_t count = 0, last = j;
                for (int64_t m = 0; m < n; m++) {
                    T w = *(const T *)(line + m * it.red_x[0]);
                    if (w == v) {
                        count++;
                        last = m;
                    }
                }
                T pv = *(const T *)(line + pick * it.red_x[0]);
                if (count > best || (count == best && v < pv))
                    best = count, pick = last;
            }
        } else if (kind == 1 && nnan) {
            pick = first_nan;
        } else {
            int64_t want = kind == 0 ? k - 1 : kind == 2 ? (n - nnan - 1) / 2 : (n - 1) / 2;
            if (want < 0)
                want = 0;
            for (int64_t j = 0; j < n; j++) {
                T v = *(const T *)(line + j * it.red_x[0]);
                int64_t rank = 0;
                for (int64_t m = 0; m < n; m++) {
                    T w = *(const T *)(line + m * it.red_x[0]);
                    if (before(w, v, false) || (m < j && !before(v, w, false)))
                        rank++;
                }
                if (rank == want)
                    pick = j;
            }
        }
        *(T *)(it.out + out) = *(const T *)(line + pick * it.red_x[0]);
        *(int64_t *)(it.out2 + out2) = pick;
    }
}

static void run_select(const cg_kernel_call *c) {
    const cg_reduce_iter *it = c->rit;
    if (it->nout == 0 || it->nred == 0)
        return;
    unsigned b = cg_cuda_blocks(it->nout);
    int kind = (int)c->args->i[0];
    int64_t k = c->args->i[1];
    CG_DISPATCH_ALL(it->xdtype, select_kernel<T><<<b, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, kind, k))
    cg_cuda_check_launch();
}

extern "C" void cg_cuda_kthvalue(const cg_kernel_call *c) { run_select(c); }
extern "C" void cg_cuda_median_dim(const cg_kernel_call *c) { run_select(c); }
extern "C" void cg_cuda_nanmedian_dim(const cg_kernel_call *c) { run_select(c); }
extern "C" void cg_cuda_mode(const cg_kernel_call *c) { run_select(c); }
extern "C" void cg_cuda_median_all(const cg_kernel_call *c) { run_select(c); }
extern "C" void cg_cuda_nanmedian_all(const cg_kernel_call *c) { run_select(c); }
