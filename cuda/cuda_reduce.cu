/* cuda_reduce.cu: the CUDA kernels of the reductions of engine/ops_reduce.c
 * (sum, mean, prod, max, min, argmax, argmin, var, std, norm, logsumexp,
 * any, all) and of cumsum, over the engine's reduction plan
 * (reduce_iter.h) passed by value.
 *
 * A fold is a small struct of device functions: init, step (folds element
 * k of the reduction, its flat index in the plan's order), merge (joins two
 * accumulators, in any order: max/min keep the smaller index among equals,
 * so the result is the CPU's first index) and write. A block folds one
 * output: its threads stride over the reduced elements, then merge in
 * shared memory. When there are few outputs and many elements each, the
 * elements are split over several blocks whose partial accumulators a
 * second kernel merges (Note [Splitting one large reduction], on the GPU).
 * Accumulators are the CPU's: double for floats, int64 for integers.
 * var/std and logsumexp take two passes, as on the CPU, in one block. */
#include "cuda_common.cuh"

#define RED_THREADS CG_BLOCK_MAX

/* ---- geometry ----------------------------------------------------------------- */

struct red_offsets {
    int64_t x, out, out2;
};

__device__ __forceinline__ red_offsets kept_offsets(const cg_reduce_iter &it, int64_t o) {
    red_offsets r = {0, 0, 0};
    for (int d = 0; d < it.nkept; d++) {
        int64_t i = o % it.kept_sizes[d];
        o /= it.kept_sizes[d];
        r.x += i * it.kept_x[d];
        r.out += i * it.kept_out[d];
        r.out2 += i * it.kept_out2[d];
    }
    return r;
}

/* byte offset of reduced element k (flat, innermost dim first) */
__device__ __forceinline__ int64_t red_offset(const cg_reduce_iter &it, int64_t k) {
    if (it.ndred == 1)
        return k * it.red_x[0];
    int64_t off = 0;
    for (int d = 0; d < it.ndred; d++) {
        off += (k % it.red_sizes[d]) * it.red_x[d];
        k /= it.red_sizes[d];
    }
    return off;
}

/* ---- one-pass folds ---------------------------------------------------------------- */

/* Output blockIdx.x (grid-stride), its elements [part * chunk, ...) where
 * part is blockIdx.y; writes the result, or the partial accumulator into
 * parts[o * gridDim.y + part] when the reduction is split. */
template <typename Fold>
__global__ void fold_kernel(cg_reduce_iter it, Fold f, int64_t chunk, typename Fold::acc *parts) {
    typedef typename Fold::acc ACC;
    int64_t begin = (int64_t)blockIdx.y * chunk, end = begin + chunk < it.nred ? begin + chunk : it.nred;
    for (int64_t o = blockIdx.x; o < it.nout; o += gridDim.x) {
        red_offsets r = kept_offsets(it, o);
        ACC acc = f.init();
        for (int64_t k = begin + threadIdx.x; k < end; k += blockDim.x)
            f.step(acc, it.x + r.x + red_offset(it, k), k);
        acc = cg_block_merge(acc, f);
        if (threadIdx.x == 0) {
            if (parts)
                parts[o * gridDim.y + blockIdx.y] = acc;
            else
                f.write(acc, it.out + r.out, it.out2 ? it.out2 + r.out2 : nullptr);
        }
    }
}

/* Merges the nparts partial accumulators of each output. */
template <typename Fold>
__global__ void merge_kernel(cg_reduce_iter it, Fold f, const typename Fold::acc *parts, int nparts) {
    typedef typename Fold::acc ACC;
    for (int64_t o = blockIdx.x; o < it.nout; o += gridDim.x) {
        ACC acc = f.init();
        for (int p = threadIdx.x; p < nparts; p += blockDim.x)
            acc = f.merge(acc, parts[o * nparts + p]);
        acc = cg_block_merge(acc, f);
        if (threadIdx.x == 0) {
            red_offsets r = kept_offsets(it, o);
            f.write(acc, it.out + r.out, it.out2 ? it.out2 + r.out2 : nullptr);
        }
    }
}

template <typename Fold> static void run_fold(const cg_reduce_iter *it, const Fold &f) {
    typedef typename Fold::acc ACC;
    if (it->nout == 0)
        return;
    unsigned gx = (unsigned)(it->nout < 65535 * 16 ? it->nout : 65535 * 16);
    /* few outputs of many elements: split each over several blocks */
    int nparts = 1;
    if (it->nout < 256 && it->nred >= 4 * RED_THREADS * 8) {
        int64_t want = 512 / it->nout, by_size = it->nred / (RED_THREADS * 8);
        nparts = (int)(want < by_size ? want : by_size);
        nparts = nparts < 1 ? 1 : nparts > 1024 ? 1024 : nparts;
    }
    int64_t chunk = (it->nred + nparts - 1) / nparts;
    ACC *parts = nullptr;
    if (nparts > 1) {
        parts = (ACC *)cg_cuda_scratch_alloc((size_t)it->nout * nparts * sizeof(ACC));
        if (!parts)
            return; /* the error is recorded */
    }
    dim3 grid(gx, (unsigned)nparts);
    fold_kernel<Fold>
        <<<grid, cg_block_threads(nparts > 1 ? chunk : it->nred), 0, CG_CUDA_STREAM>>>(*it, f, chunk, parts);
    cg_cuda_check_launch();
    if (parts) {
        merge_kernel<Fold><<<gx, cg_block_threads(nparts), 0, CG_CUDA_STREAM>>>(*it, f, parts, nparts);
        cg_cuda_check_launch();
        cg_cuda_scratch_free(parts);
    }
}

/* sum and mean (scale 1/N), floats in double, the rest in int64 */
template <typename T, typename ACC, typename OUT> struct sum_fold {
    typedef ACC acc;
    double scale;
    __device__ ACC init() const { return 0; }
    __device__ void step(ACC &a, const char *p, int64_t) const { a += (ACC) * (const T *)p; }
    __device__ ACC merge(ACC a, ACC b) const { return a + b; }
    __device__ void write(ACC a, char *out, char *) const {
        if constexpr ((ACC)0.5 != 0)
            *(OUT *)out = (OUT)(a * scale);
        else
            *(OUT *)out = (OUT)a;
    }
};

template <typename T, typename ACC, typename OUT> struct prod_fold {
    typedef ACC acc;
    __device__ ACC init() const { return 1; }
    __device__ void step(ACC &a, const char *p, int64_t) const { a *= (ACC) * (const T *)p; }
    __device__ ACC merge(ACC a, ACC b) const { return a * b; }
    __device__ void write(ACC a, char *out, char *) const { *(OUT *)out = (OUT)a; }
};

template <typename T, bool ALL> struct logic_fold {
    typedef int acc; /* an int: shared memory of bools merges the same, but int is the natural word */
    __device__ int init() const { return ALL ? 1 : 0; }
    __device__ void step(int &a, const char *p, int64_t) const {
        bool v = *(const T *)p != 0;
        a = ALL ? (a && v) : (a || v);
    }
    __device__ int merge(int a, int b) const { return ALL ? (a && b) : (a || b); }
    __device__ void write(int a, char *out, char *) const { *(bool *)out = a != 0; }
};

/* max/min with the index of the first extreme; i < 0: nothing folded yet */
template <typename T> struct extreme_acc {
    T v;
    int64_t i;
};
template <typename T, bool MAX> struct extreme_fold {
    typedef extreme_acc<T> acc;
    __device__ static bool beats(T v, T best) {
        bool better = MAX ? v > best : v < best;
        return better || (v != v && best == best);
    }
    __device__ acc init() const { return {T(), -1}; }
    __device__ acc merge(acc a, acc b) const {
        if (a.i < 0)
            return b;
        if (b.i < 0)
            return a;
        if (beats(b.v, a.v))
            return b;
        if (beats(a.v, b.v))
            return a;
        return a.i <= b.i ? a : b;
    }
    __device__ void step(acc &a, const char *p, int64_t k) const { a = merge(a, acc{*(const T *)p, k}); }
    __device__ void write(acc a, char *out, char *out2) const {
        *(T *)out = a.v;
        if (out2)
            *(int64_t *)out2 = a.i;
    }
};

/* norm: p = 1: sum |x|; 2: sqrt(sum x^2); +-inf: max/min |x| (NaN wins) */
template <typename T> struct norm_fold {
    typedef double acc;
    double p;
    __device__ double init() const { return p == -INFINITY ? INFINITY : 0.0; }
    __device__ double fold(double a, double v) const {
        if (p == 1)
            return a + v;
        if (p == 2)
            return a + v * v;
        return (p > 0 ? v > a : v < a) || v != v ? v : a;
    }
    __device__ void step(double &a, const char *px, int64_t) const { a = fold(a, fabs((double)*(const T *)px)); }
    __device__ double merge(double a, double b) const {
        if (p == 1 || p == 2)
            return a + b;
        return fold(a, b);
    }
    __device__ void write(double a, char *out, char *) const { *(T *)out = (T)(p == 2 ? sqrt(a) : a); }
};

extern "C" void cg_cuda_sum(const cg_kernel_call *c) {
    const cg_reduce_iter *it = c->rit;
    CG_DISPATCH_FLOAT(it->xdtype, run_fold(it, sum_fold<T, double, T>{1.0}))
    CG_DISPATCH_INT(it->xdtype, run_fold(it, sum_fold<T, int64_t, int64_t>{1.0}))
    if (it->xdtype == CG_BOOL)
        run_fold(it, sum_fold<bool, int64_t, int64_t>{1.0});
}

extern "C" void cg_cuda_mean(const cg_kernel_call *c) {
    const cg_reduce_iter *it = c->rit;
    CG_DISPATCH_FLOAT(it->xdtype, run_fold(it, sum_fold<T, double, T>{1.0 / (double)it->nred}))
}

extern "C" void cg_cuda_prod(const cg_kernel_call *c) {
    const cg_reduce_iter *it = c->rit;
    CG_DISPATCH_FLOAT(it->xdtype, run_fold(it, prod_fold<T, double, T>{}))
    CG_DISPATCH_INT(it->xdtype, run_fold(it, prod_fold<T, int64_t, int64_t>{}))
    if (it->xdtype == CG_BOOL)
        run_fold(it, prod_fold<bool, int64_t, int64_t>{});
}

extern "C" void cg_cuda_any(const cg_kernel_call *c) {
    CG_DISPATCH_ALL(c->rit->xdtype, run_fold(c->rit, logic_fold<T, false>{}))
}
extern "C" void cg_cuda_all(const cg_kernel_call *c) {
    CG_DISPATCH_ALL(c->rit->xdtype, run_fold(c->rit, logic_fold<T, true>{}))
}

/* out: values (x's dtype); out2 (may be absent): int64 indices */
extern "C" void cg_cuda_max(const cg_kernel_call *c) {
    CG_DISPATCH_ALL(c->rit->xdtype, run_fold(c->rit, extreme_fold<T, true>{}))
}
extern "C" void cg_cuda_min(const cg_kernel_call *c) {
    CG_DISPATCH_ALL(c->rit->xdtype, run_fold(c->rit, extreme_fold<T, false>{}))
}
extern "C" void cg_cuda_argmax(const cg_kernel_call *c) { cg_cuda_max(c); }
extern "C" void cg_cuda_argmin(const cg_kernel_call *c) { cg_cuda_min(c); }

extern "C" void cg_cuda_norm(const cg_kernel_call *c) {
    double p = cg_scalar_to_double(c->args->s[0]);
    CG_DISPATCH_FLOAT(c->rit->xdtype, run_fold(c->rit, norm_fold<T>{p}))
}

/* ---- two passes: var/std and logsumexp ------------------------------------------------ */

/* var/std: the mean, then the squared deviations; divisor max(N - correction, 0) */
template <typename T> __global__ void var_kernel(cg_reduce_iter it, int64_t correction, bool take_sqrt) {
    for (int64_t o = blockIdx.x; o < it.nout; o += gridDim.x) {
        red_offsets r = kept_offsets(it, o);
        const char *x = it.x + r.x;
        double s = 0;
        for (int64_t k = threadIdx.x; k < it.nred; k += blockDim.x)
            s += (double)*(const T *)(x + red_offset(it, k));
        double mean = cg_block_merge(s, cg_sum_merge{}) / (double)it.nred;
        double ss = 0;
        for (int64_t k = threadIdx.x; k < it.nred; k += blockDim.x) {
            double d = (double)*(const T *)(x + red_offset(it, k)) - mean;
            ss += d * d;
        }
        ss = cg_block_merge(ss, cg_sum_merge{});
        if (threadIdx.x == 0) {
            double div = (double)it.nred - (double)correction;
            double v = ss / (div > 0 ? div : 0.0);
            *(T *)(it.out + r.out) = (T)(take_sqrt ? sqrt(v) : v);
        }
    }
}

/* logsumexp: max + log(sum(exp(x - max))), an infinite max taken as 0. The
 * CPU's max starts at -inf and keeps it over a NaN (v > m is false), so a
 * NaN reaches the result through the sum: max_merge may pick the NaN as
 * the max instead (cg_max_merge), which gives NaN all the same. */
template <typename T> __global__ void logsumexp_kernel(cg_reduce_iter it) {
    for (int64_t o = blockIdx.x; o < it.nout; o += gridDim.x) {
        red_offsets r = kept_offsets(it, o);
        const char *x = it.x + r.x;
        double m = -INFINITY;
        for (int64_t k = threadIdx.x; k < it.nred; k += blockDim.x) {
            double v = (double)*(const T *)(x + red_offset(it, k));
            m = v > m ? v : m;
        }
        m = cg_block_merge(m, cg_max_merge{});
        if (isinf(m))
            m = 0;
        double s = 0;
        for (int64_t k = threadIdx.x; k < it.nred; k += blockDim.x)
            s += (double)exp((T)((double)*(const T *)(x + red_offset(it, k)) - m));
        s = cg_block_merge(s, cg_sum_merge{});
        if (threadIdx.x == 0)
            *(T *)(it.out + r.out) = (T)(log(s) + m);
    }
}

static unsigned grid_for(int64_t nout) { return (unsigned)(nout < 65535 * 16 ? nout : 65535 * 16); }

static void run_var(const cg_kernel_call *c, bool take_sqrt) {
    const cg_reduce_iter *it = c->rit;
    if (it->nout == 0)
        return;
    CG_DISPATCH_FLOAT(it->xdtype, var_kernel<T><<<grid_for(it->nout), cg_block_threads(it->nred), 0, CG_CUDA_STREAM>>>(
                                      *it, c->args->i[0], take_sqrt))
    cg_cuda_check_launch();
}
extern "C" void cg_cuda_var(const cg_kernel_call *c) { run_var(c, false); }
extern "C" void cg_cuda_std(const cg_kernel_call *c) { run_var(c, true); }

extern "C" void cg_cuda_logsumexp(const cg_kernel_call *c) {
    const cg_reduce_iter *it = c->rit;
    if (it->nout == 0)
        return;
    CG_DISPATCH_FLOAT(it->xdtype,
                      logsumexp_kernel<T><<<grid_for(it->nout), cg_block_threads(it->nred), 0, CG_CUDA_STREAM>>>(*it))
    cg_cuda_check_launch();
}

/* ---- cumsum ---------------------------------------------------------------------------- */

/* One thread per scan: out steps by out_step, x by red_x[0]; from the end
 * when reverse. ACC as the CPU's (double for floats, int64 otherwise). */
template <typename T, typename ACC, typename OUT>
__global__ void cumsum_kernel(cg_reduce_iter it, int64_t out_step, bool reverse) {
    CG_CUDA_FOR(o, it.nout) {
        red_offsets r = kept_offsets(it, o);
        ACC acc = 0;
        for (int64_t i = 0; i < it.nred; i++) {
            int64_t k = reverse ? it.nred - 1 - i : i;
            acc += (ACC) * (const T *)(it.x + r.x + k * it.red_x[0]);
            *(OUT *)(it.out + r.out + k * out_step) = (OUT)acc;
        }
    }
}

/* x any shape; out of x's shape (int64 for integral x); dim args->dims[0] */
extern "C" void cg_cuda_cumsum(const cg_kernel_call *c) {
    const cg_reduce_iter *it = c->rit;
    const cg_tensor *out = c->out[0];
    int d = out->ndim ? (int)c->args->dims[0] : 0;
    int64_t step = out->ndim ? out->strides[d] * (int64_t)cg_tensor_itemsize(out) : 0;
    bool rev = c->args->flag;
    if (it->nout == 0)
        return;
    unsigned b = cg_cuda_blocks(it->nout);
    CG_DISPATCH_FLOAT(it->xdtype,
                      cumsum_kernel<T, double, T><<<b, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, step, rev))
    CG_DISPATCH_INT(it->xdtype,
                    cumsum_kernel<T, int64_t, int64_t><<<b, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, step, rev))
    if (it->xdtype == CG_BOOL)
        cumsum_kernel<bool, int64_t, int64_t><<<b, CG_CUDA_THREADS, 0, CG_CUDA_STREAM>>>(*it, step, rev);
    cg_cuda_check_launch();
}
