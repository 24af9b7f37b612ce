/* iter.c: planning and running the elementwise iterator of iter.h. */
#include "iter.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>

#ifdef _OPENMP
#include <omp.h>
#endif

void cg_iter_operand_strides(const cg_tensor *t, int ndim, const int64_t *shape, int64_t *strides) {
    int lead = ndim - t->ndim;
    for (int d = 0; d < ndim; d++) {
        int td = d - lead;
        bool broadcast = td < 0 || (t->sizes[td] == 1 && shape[d] != 1);
        strides[d] = broadcast ? 0 : t->strides[td];
    }
}

/* The same in bytes, at out's shape */
static void broadcast_strides(const cg_tensor *t, const cg_tensor *out, int64_t *strides) {
    int64_t item = (int64_t)cg_dtype_size(t->dtype);
    cg_iter_operand_strides(t, out->ndim, out->sizes, strides);
    for (int d = 0; d < out->ndim; d++)
        strides[d] *= item;
}

/* ATen's comparison of dims a and b while ordering them: 1 if a goes after
 * b (is slower), -1 if before, 0 if no operand tells. The first operand
 * with two nonzero strides that differ decides; equal strides put the
 * smaller size first. */
static int should_swap(const int64_t *shape, int nops, const int64_t (*strides)[CG_MAX_DIMS], int a, int b) {
    for (int k = 0; k < nops; k++) {
        int64_t s0 = strides[k][a], s1 = strides[k][b];
        if (s0 == 0 || s1 == 0)
            continue;
        if (s0 != s1)
            return s0 < s1 ? -1 : 1;
        if (shape[a] > shape[b])
            return 1;
    }
    return 0;
}

void cg_iter_dim_order(int ndim, const int64_t *shape, int nops, const int64_t (*strides)[CG_MAX_DIMS], int *perm) {
    for (int i = 0; i < ndim; i++)
        perm[i] = ndim - 1 - i;
    for (int i = 1; i < ndim; i++) { /* insertion sort; ambiguous pairs stay */
        int d1 = i;
        for (int d0 = i - 1; d0 >= 0; d0--) {
            int c = should_swap(shape, nops, strides, perm[d0], perm[d1]);
            if (c < 0)
                break;
            if (c > 0) {
                int t = perm[d0];
                perm[d0] = perm[d1], perm[d1] = t;
                d1 = d0;
            }
        }
    }
}

/* Every operand contiguous and of out's shape: one row of numel elements.
 * The common case of small ops, planned without the general loop. */
static bool init_flat(cg_ew_iter *it, cg_tensor *out, int nin, cg_tensor *const *in) {
    if (!cg_tensor_is_contiguous(out))
        return false;
    for (int k = 0; k < nin; k++) {
        const cg_tensor *t = in[k];
        if (!cg_sizes_equal(t->ndim, t->sizes, out->ndim, out->sizes) || !cg_tensor_is_contiguous(t))
            return false;
    }
    it->noperands = nin + 1;
    it->numel = cg_tensor_numel(out);
    it->ndim = 1;
    it->sizes[0] = it->numel;
    for (int k = 0; k <= nin; k++) {
        const cg_tensor *t = k == 0 ? out : in[k - 1];
        it->data[k] = cg_tensor_data(t);
        it->dtypes[k] = t->dtype;
        it->strides[k][0] = (int64_t)cg_dtype_size(t->dtype);
    }
    return true;
}

void cg_ew_iter_init(cg_ew_iter *it, cg_tensor *out, int nin, cg_tensor *const *in) {
    if (init_flat(it, out, nin, in))
        return;
    int nops = nin + 1;
    int64_t outer[CG_ITER_MAX_OPERANDS][CG_MAX_DIMS];
    it->noperands = nops;
    it->numel = cg_tensor_numel(out);
    for (int k = 0; k < nops; k++) {
        const cg_tensor *t = k == 0 ? out : in[k - 1];
        broadcast_strides(t, out, outer[k]);
        it->data[k] = cg_tensor_data(t);
        it->dtypes[k] = t->dtype;
    }
    /* Innermost first in ATen's order (memory order when the operands
     * agree), dropping size-1 dims, merging dims that are contiguous for
     * every operand. */
    int perm[CG_MAX_DIMS];
    cg_iter_dim_order(out->ndim, out->sizes, nops, (const int64_t(*)[CG_MAX_DIMS])outer, perm);
    int n = 0;
    for (int i = 0; i < out->ndim; i++) {
        int d = perm[i];
        int64_t size = out->sizes[d];
        if (size == 1)
            continue;
        bool merge = n > 0;
        for (int k = 0; merge && k < nops; k++)
            merge = outer[k][d] == it->strides[k][n - 1] * it->sizes[n - 1];
        if (merge) {
            it->sizes[n - 1] *= size;
            continue;
        }
        it->sizes[n] = size;
        for (int k = 0; k < nops; k++)
            it->strides[k][n] = outer[k][d];
        n++;
    }
    if (n == 0) { /* a 0-d tensor or all sizes 1: one element */
        it->sizes[0] = it->numel == 0 ? 0 : 1;
        for (int k = 0; k < nops; k++)
            it->strides[k][0] = 0;
        n = 1;
    }
    it->ndim = n;
}

/* Whole rows [begin, end) of a 2-d iteration (a bias broadcast over a
 * batch): each row one step of the outer strides, without the general
 * loop's index bookkeeping. */
static void run_rows(const cg_ew_iter *it, int64_t begin, int64_t end, cg_row_fn fn, const void *ctx) {
    char *ptrs[CG_ITER_MAX_OPERANDS];
    int64_t inner[CG_ITER_MAX_OPERANDS];
    int nops = it->noperands;
    for (int k = 0; k < nops; k++) {
        inner[k] = it->strides[k][0];
        ptrs[k] = it->data[k] + begin * it->strides[k][1];
    }
    for (int64_t r = begin; r < end; r++) {
        fn(ptrs, inner, it->sizes[0], ctx);
        for (int k = 0; k < nops; k++)
            ptrs[k] += it->strides[k][1];
    }
}

/* Runs fn over the flat element range [begin, end). */
static void run_range(const cg_ew_iter *it, int64_t begin, int64_t end, cg_row_fn fn, const void *ctx) {
    if (it->ndim == 2 && begin % it->sizes[0] == 0 && end % it->sizes[0] == 0) {
        run_rows(it, begin / it->sizes[0], end / it->sizes[0], fn, ctx);
        return;
    }
    int64_t idx[CG_MAX_DIMS];
    char *ptrs[CG_ITER_MAX_OPERANDS];
    int64_t inner[CG_ITER_MAX_OPERANDS];
    int nops = it->noperands;
    int64_t rest = begin;
    for (int d = 0; d < it->ndim; d++) {
        idx[d] = rest % it->sizes[d];
        rest /= it->sizes[d];
    }
    for (int k = 0; k < nops; k++) {
        inner[k] = it->strides[k][0];
        ptrs[k] = it->data[k];
        for (int d = 0; d < it->ndim; d++)
            ptrs[k] += idx[d] * it->strides[k][d];
    }
    int64_t pos = begin;
    while (pos < end) {
        int64_t n = it->sizes[0] - idx[0];
        if (n > end - pos)
            n = end - pos;
        fn(ptrs, inner, n, ctx);
        pos += n;
        if (pos >= end)
            break;
        /* advance the multi-index by n: the inner dim wraps to 0 */
        for (int k = 0; k < nops; k++)
            ptrs[k] += (n - 1) * inner[k];
        idx[0] += n - 1;
        for (int d = 0; d < it->ndim; d++) {
            if (++idx[d] < it->sizes[d]) {
                for (int k = 0; k < nops; k++)
                    ptrs[k] += it->strides[k][d];
                break;
            }
            for (int k = 0; k < nops; k++)
                ptrs[k] -= (it->sizes[d] - 1) * it->strides[k][d];
            idx[d] = 0;
        }
    }
}

/* PyTorch's parallel_for over n iterations with this grain: one range
 * below the grain, else one per grain's worth, at most one per thread. */
static int64_t parallel_parts(int64_t n, int64_t grain) {
#ifdef _OPENMP
    int64_t threads = omp_in_parallel() ? 1 : cg_get_num_threads();
#else
    int64_t threads = 1;
#endif
    if (n < grain || threads <= 1)
        return 1;
    int64_t parts = (n + grain - 1) / grain;
    return parts < threads ? parts : threads;
}

void cg_ew_iter_for_each_grain(const cg_ew_iter *it, cg_row_fn fn, const void *ctx, int64_t grain) {
    int64_t numel = it->numel;
    if (numel == 0)
        return;
    if (it->ndim == 1 && numel < grain) { /* one row: no index bookkeeping */
        /* every slot, used or not: a copy of fixed length is a few moves,
         * where a loop to noperands becomes a call of memcpy */
        char *ptrs[CG_ITER_MAX_OPERANDS];
        int64_t inner[CG_ITER_MAX_OPERANDS];
        memcpy(ptrs, it->data, sizeof ptrs);
        for (int k = 0; k < CG_ITER_MAX_OPERANDS; k++)
            inner[k] = it->strides[k][0];
        fn(ptrs, inner, numel, ctx);
        return;
    }
    /* ranges of ceil(numel / parts) elements, where parallel_for puts them:
     * a kernel whose vector loop restarts at a range's start (Note
     * [PyTorch's vector and scalar paths] in ops_unary.c) then gives
     * PyTorch's values on any thread count */
    int64_t parts = parallel_parts(numel, grain);
    if (parts > 1) {
        int64_t chunk = (numel + parts - 1) / parts;
#pragma omp parallel num_threads((int)parts)
        {
#ifdef _OPENMP
            for (int64_t t = omp_get_thread_num(); t < parts; t += omp_get_num_threads()) {
#else
            for (int64_t t = 0; t < parts; t++) {
#endif
                int64_t b = t * chunk, e = b + chunk < numel ? b + chunk : numel;
                if (b < e)
                    run_range(it, b, e, fn, ctx);
            }
        }
        return;
    }
    run_range(it, 0, numel, fn, ctx);
}

void cg_ew_iter_for_each(const cg_ew_iter *it, cg_row_fn fn, const void *ctx) {
    cg_ew_iter_for_each_grain(it, fn, ctx, CG_PARALLEL_GRAIN);
}

int64_t cg_parallel_parts(int64_t n) { return parallel_parts(n, CG_PARALLEL_GRAIN); }
int64_t cg_parallel_parts_grain(int64_t n, int64_t grain) { return parallel_parts(n, grain); }

/* Note [Default thread count]
 * PyTorch 1.13 (Debian's build, OpenMP) starts each thread that computes at
 * a count of its own choosing, not OpenMP's: OMP_NUM_THREADS, overridden by
 * MKL_NUM_THREADS, where set to a positive number (read as C's stoi reads,
 * so "3x" is 3), else half the online processors (hyperthreads counted as
 * one core), at least 1. On this project's 2-vCPU machines that is 1 where
 * OpenMP alone would say 2, and reductions split by thread count (Note
 * [Reductions in PyTorch's order] in sum_order.h), so cgrad starts each
 * thread the same way. torch.set_num_threads sets the calling thread's count
 * and the one later threads start at, as at::set_num_threads does. */
static atomic_int chosen_threads;        /* 0 until set_num_threads */
static _Thread_local bool thread_ready; /* this thread's count is set */

static int env_threads(const char *name, int fallback) {
    const char *v = getenv(name);
    if (!v)
        return fallback;
    char *end;
    long n = strtol(v, &end, 10);
    return end != v && n > 0 && n <= 1 << 20 ? (int)n : fallback;
}

int cg_core_count(void) {
    int half = get_nprocs() / 2;
    return half > 0 ? half : 1;
}

int cg_default_num_threads(void) {
    int n = env_threads("MKL_NUM_THREADS", env_threads("OMP_NUM_THREADS", 0));
    return n ? n : cg_core_count();
}

void cg_set_num_threads(int n) {
    atomic_store(&chosen_threads, n);
    thread_ready = true;
#ifdef _OPENMP
    omp_set_num_threads(n);
#endif
}

int cg_get_num_threads(void) {
#ifdef _OPENMP
    if (!thread_ready) {
        int n = atomic_load(&chosen_threads);
        omp_set_num_threads(n > 0 ? n : cg_default_num_threads());
        thread_ready = true;
    }
    return omp_get_max_threads();
#else
    return 1;
#endif
}
